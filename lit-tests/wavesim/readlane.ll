; llvm.amdgcn.readlane (i32, f32, i64): every lane of the group gets the
; value of hardware lane L mod wavesize, 0 if that lane is not in the group.
; (The AMDGPU optimiser turns a ds.bpermute with a uniform address into
; readlane, so cu2hsaco's wave32 output contains it.)
;
; Block of 40: one wave64 (lanes 40-63 never start), or a full wave32 plus
; one with lanes 0-7. Lane t (work-item id) reads, by hand:
;   buf0: 10t of lane 5      wave64: 50;  wave32: 50, wave 1: 10*37 = 370
;   buf1: t + 0.5 of lane 3  wave64: 3.5; wave32: 3.5, wave 1: 35.5
;   buf2: high half of (t << 32 | 7) of lane 1: 1, wave 1 of wave32: 33
;   buf3: t + 1 of lane 20: 21, but wave 1 of wave32 has no lane 20: 0
;   buf4: t of lane 3 inside if (t odd) / else: odd lanes get 3 (35 in
;         wave 1 of wave32); even lanes run the else side without lane 3: 0
;   buf5: 2t of lane 37: 74 on wave64; lane 37 mod 32 = 5 on wave32: 10,
;         and 74 in wave 1 (thread 37)
;
; RUN: wavesim --wave=64 --kernel=rl --block=40 --int-buffer=40 --float-buffer=40 --int-buffer=40 --int-buffer=40 --int-buffer=40 --int-buffer=40 %s | FileCheck %s --check-prefix=W64
; RUN: wavesim --wave=32 --kernel=rl --block=40 --int-buffer=40 --float-buffer=40 --int-buffer=40 --int-buffer=40 --int-buffer=40 --int-buffer=40 %s | FileCheck %s --check-prefix=W32

; W64: buf0[0]: 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50
; W64-NEXT: buf0[16]: 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50
; W64-NEXT: buf0[32]: 50 50 50 50 50 50 50 50
; W64-NEXT: buf1[0]: 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5
; W64-NEXT: buf1[16]: 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5
; W64-NEXT: buf1[32]: 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5
; W64-NEXT: buf2[0]: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
; W64-NEXT: buf2[16]: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
; W64-NEXT: buf2[32]: 1 1 1 1 1 1 1 1
; W64-NEXT: buf3[0]: 21 21 21 21 21 21 21 21 21 21 21 21 21 21 21 21
; W64-NEXT: buf3[16]: 21 21 21 21 21 21 21 21 21 21 21 21 21 21 21 21
; W64-NEXT: buf3[32]: 21 21 21 21 21 21 21 21
; W64-NEXT: buf4[0]: 0 3 0 3 0 3 0 3 0 3 0 3 0 3 0 3
; W64-NEXT: buf4[16]: 0 3 0 3 0 3 0 3 0 3 0 3 0 3 0 3
; W64-NEXT: buf4[32]: 0 3 0 3 0 3 0 3
; W64-NEXT: buf5[0]: 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74
; W64-NEXT: buf5[16]: 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74 74
; W64-NEXT: buf5[32]: 74 74 74 74 74 74 74 74

; W32: buf0[0]: 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50
; W32-NEXT: buf0[16]: 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50 50
; W32-NEXT: buf0[32]: 370 370 370 370 370 370 370 370
; W32-NEXT: buf1[0]: 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5
; W32-NEXT: buf1[16]: 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5 3.5
; W32-NEXT: buf1[32]: 35.5 35.5 35.5 35.5 35.5 35.5 35.5 35.5
; W32-NEXT: buf2[0]: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
; W32-NEXT: buf2[16]: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
; W32-NEXT: buf2[32]: 33 33 33 33 33 33 33 33
; W32-NEXT: buf3[0]: 21 21 21 21 21 21 21 21 21 21 21 21 21 21 21 21
; W32-NEXT: buf3[16]: 21 21 21 21 21 21 21 21 21 21 21 21 21 21 21 21
; W32-NEXT: buf3[32]: 0 0 0 0 0 0 0 0
; W32-NEXT: buf4[0]: 0 3 0 3 0 3 0 3 0 3 0 3 0 3 0 3
; W32-NEXT: buf4[16]: 0 3 0 3 0 3 0 3 0 3 0 3 0 3 0 3
; W32-NEXT: buf4[32]: 0 35 0 35 0 35 0 35
; W32-NEXT: buf5[0]: 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10
; W32-NEXT: buf5[16]: 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10 10
; W32-NEXT: buf5[32]: 74 74 74 74 74 74 74 74

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @rl(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, ptr addrspace(1) %d, ptr addrspace(1) %e, ptr addrspace(1) %f) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t10 = mul i32 %t, 10
  %r0 = call i32 @llvm.amdgcn.readlane.i32(i32 %t10, i32 5)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %t
  store i32 %r0, ptr addrspace(1) %pa, align 4

  %tf = uitofp i32 %t to float
  %tf5 = fadd float %tf, 5.000000e-01
  %r1 = call float @llvm.amdgcn.readlane.f32(float %tf5, i32 3)
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %t
  store float %r1, ptr addrspace(1) %pb, align 4

  %t64 = zext i32 %t to i64
  %hi = shl i64 %t64, 32
  %wide = or i64 %hi, 7
  %r2 = call i64 @llvm.amdgcn.readlane.i64(i64 %wide, i32 1)
  %r2hi = lshr i64 %r2, 32
  %r2hi32 = trunc i64 %r2hi to i32
  %pc = getelementptr inbounds i32, ptr addrspace(1) %c, i32 %t
  store i32 %r2hi32, ptr addrspace(1) %pc, align 4

  %t1 = add i32 %t, 1
  %r3 = call i32 @llvm.amdgcn.readlane.i32(i32 %t1, i32 20)
  %pd = getelementptr inbounds i32, ptr addrspace(1) %d, i32 %t
  store i32 %r3, ptr addrspace(1) %pd, align 4

  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %then, label %else

then:
  %r4.then = call i32 @llvm.amdgcn.readlane.i32(i32 %t, i32 3)
  br label %join

else:
  %r4.else = call i32 @llvm.amdgcn.readlane.i32(i32 %t, i32 3)
  br label %join

join:
  %r4 = phi i32 [ %r4.then, %then ], [ %r4.else, %else ]
  %pe = getelementptr inbounds i32, ptr addrspace(1) %e, i32 %t
  store i32 %r4, ptr addrspace(1) %pe, align 4

  %t2 = shl i32 %t, 1
  %r5 = call i32 @llvm.amdgcn.readlane.i32(i32 %t2, i32 37)
  %pf = getelementptr inbounds i32, ptr addrspace(1) %f, i32 %t
  store i32 %r5, ptr addrspace(1) %pf, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i64 @llvm.amdgcn.readlane.i64(i64, i32)
declare float @llvm.amdgcn.readlane.f32(float, i32)
