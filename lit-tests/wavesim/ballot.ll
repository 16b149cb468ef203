; llvm.amdgcn.ballot: bit L of the result is set for each hardware lane L of
; the group (exec) whose argument is true; every other bit is 0, including
; the bits of lanes that took the other side of a branch, of lanes past the
; block's end and, on wave32, bits 32-63 of the i64 form. (ballot-i32.ll has
; the i32 form, valid on wave32 only.)
;
; Block of 48: one wave64 with lanes 48-63 never started, or a full wave32
; plus one with hardware lanes 0-15 (threads 32-47). By hand:
;   buf0/buf1 (low/high half of ballot(t % 3 == 0)), all lanes of a wave:
;     wave64: t = 0,3,..,30 -> 0x49249249 = 1227133513;
;             t = 33,36,..,45 -> bits 1,4,7,10,13 of the high half
;             -> 0x2492 = 9362
;     wave32: wave 0 as the low half above, high half 0; wave 1: threads
;             33,36,..,45 are hardware lanes 1,4,..,13 -> 0x2492 = 9362, 0
;   buf2/buf3 inside if (t odd) ballot(t % 3 == 0) else ballot(true):
;     odd lanes, exec = odd lanes: t = 3,9,15,21,27 -> 0x08208208 =
;       136348168; 33,39,45 -> high bits 1,7,13 -> 0x2082 = 8322
;     even lanes, exec = even lanes, ballot(true) = exec: 0x55555555 =
;       1431655765; high half: even lanes 32-46 -> 0x5555 = 21845
;     wave32, wave 1: odd 33,39,45 = hw 1,7,13 -> 8322; even: 0x5555 = 21845
;
; RUN: wavesim --wave=64 --kernel=ballot --block=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 %s | FileCheck %s --check-prefix=W64
; RUN: wavesim --wave=32 --kernel=ballot --block=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 %s | FileCheck %s --check-prefix=W32

; W64: buf0[0]: 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513
; W64-NEXT: buf0[16]: 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513
; W64-NEXT: buf0[32]: 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513
; W64-NEXT: buf1[0]: 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362
; W64-NEXT: buf1[16]: 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362
; W64-NEXT: buf1[32]: 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362
; W64-NEXT: buf2[0]: 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168
; W64-NEXT: buf2[16]: 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168
; W64-NEXT: buf2[32]: 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168
; W64-NEXT: buf3[0]: 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322
; W64-NEXT: buf3[16]: 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322
; W64-NEXT: buf3[32]: 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322

; W32: buf0[0]: 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513
; W32-NEXT: buf0[16]: 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513 1227133513
; W32-NEXT: buf0[32]: 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362
; W32-NEXT: buf1[0]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W32-NEXT: buf1[16]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W32-NEXT: buf1[32]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W32-NEXT: buf2[0]: 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168
; W32-NEXT: buf2[16]: 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168 1431655765 136348168
; W32-NEXT: buf2[32]: 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322 21845 8322
; W32-NEXT: buf3[0]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W32-NEXT: buf3[16]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W32-NEXT: buf3[32]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ballot(ptr addrspace(1) %lo, ptr addrspace(1) %hi, ptr addrspace(1) %dlo, ptr addrspace(1) %dhi) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %m3 = urem i32 %t, 3
  %three = icmp eq i32 %m3, 0
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 %three)
  call void @store64(ptr addrspace(1) %lo, ptr addrspace(1) %hi, i32 %t, i64 %b)
  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %then, label %else

then:
  %b.then = call i64 @llvm.amdgcn.ballot.i64(i1 %three)
  br label %join

else:
  %b.else = call i64 @llvm.amdgcn.ballot.i64(i1 true)
  br label %join

join:
  %d = phi i64 [ %b.then, %then ], [ %b.else, %else ]
  call void @store64(ptr addrspace(1) %dlo, ptr addrspace(1) %dhi, i32 %t, i64 %d)
  ret void
}

define internal void @store64(ptr addrspace(1) %lo, ptr addrspace(1) %hi, i32 %t, i64 %v) {
  %v.lo = trunc i64 %v to i32
  %v.shr = lshr i64 %v, 32
  %v.hi = trunc i64 %v.shr to i32
  %plo = getelementptr inbounds i32, ptr addrspace(1) %lo, i32 %t
  store i32 %v.lo, ptr addrspace(1) %plo, align 4
  %phi = getelementptr inbounds i32, ptr addrspace(1) %hi, i32 %t
  store i32 %v.hi, ptr addrspace(1) %phi, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.amdgcn.ballot.i64(i1)
