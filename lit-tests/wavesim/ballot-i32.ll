; llvm.amdgcn.ballot.i32 on wave32: bit L for each lane L of the group
; whose argument is true. LLVM defines the i32 form for wave32 only; on
; wave64 wavesim refuses the module, naming the caller.
;
; Block of 48 = a full wave32 and one with hardware lanes 0-15 (threads
; 32-47). Lanes t >= 8 run ballot.i32(t % 3 == 0), the others store -1.
; By hand: wave 0: t = 9,12,..,30 -> 0x49249200 = 1227133440 (lanes 0-7 are
; not in the group, so bits 0 and 3 stay clear); wave 1: threads
; 33,36,..,45 are hardware lanes 1,4,..,13 -> 0x2492 = 9362.
;
; RUN: wavesim --wave=32 --kernel=ballot32 --block=48 --int-buffer=48 %s | FileCheck %s
; RUN: not wavesim --wave=64 --kernel=ballot32 --block=48 --int-buffer=48 %s 2>&1 | FileCheck %s --check-prefix=W64

; CHECK: buf0[0]: -1 -1 -1 -1 -1 -1 -1 -1 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440
; CHECK-NEXT: buf0[16]: 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440 1227133440
; CHECK-NEXT: buf0[32]: 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362 9362

; W64: wavesim: error: @ballot32 calls llvm.amdgcn.ballot.i32, which is invalid on wave64 (a ballot has a bit per lane: use llvm.amdgcn.ballot.i64)

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ballot32(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %m3 = urem i32 %t, 3
  %three = icmp eq i32 %m3, 0
  %late = icmp uge i32 %t, 8
  br i1 %late, label %then, label %join

then:
  %b = call i32 @llvm.amdgcn.ballot.i32(i1 %three)
  br label %join

join:
  %r = phi i32 [ %b, %then ], [ -1, %entry ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ballot.i32(i1)
