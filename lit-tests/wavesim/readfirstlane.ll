; llvm.amdgcn.readfirstlane (i32, i64, f32, f64): every lane of the group
; gets the value of the group's lowest-numbered hardware lane, which is not
; lane 0 when lane 0 is not in the group (a branch, or wave 1 of wave32).
;
; Block of 48: one wave64 (lanes 48-63 never start), or a full wave32 plus
; one with hardware lanes 0-15 (threads 32-47). By hand, lane t gets:
;   buf0: 10t + 7 of the first lane: 7; wave 1 of wave32: t = 32 -> 327
;   buf1: inside if (t >= 5), t + 0.25 (f32): 5.25; wave 1: 32.25; lanes
;         0-4 store -1
;   buf2: hi * 1000 + lo of the i64 (t << 32 | t + 3): lane 0 -> 3; wave 1:
;         t = 32 -> 32 * 1000 + 35 = 32035
;   buf3: if (t odd) 10t + 7 else t + 1000: the odd group starts at t = 1
;         -> 17, the even one at t = 0 -> 1000; wave 1: t = 33 -> 337 and
;         t = 32 -> 1032
;   buf4: inside if (t >= 3), t / 2 (f64): 1.5; wave 1: 16; lanes 0-2: -1
;
; RUN: wavesim --wave=64 --kernel=rfl --block=48 --int-buffer=48 --float-buffer=48 --int-buffer=48 --int-buffer=48 --float-buffer=48 %s | FileCheck %s --check-prefix=W64
; RUN: wavesim --wave=32 --kernel=rfl --block=48 --int-buffer=48 --float-buffer=48 --int-buffer=48 --int-buffer=48 --float-buffer=48 %s | FileCheck %s --check-prefix=W32

; W64: buf0[0]: 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
; W64-NEXT: buf0[16]: 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
; W64-NEXT: buf0[32]: 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
; W64-NEXT: buf1[0]: -1 -1 -1 -1 -1 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25
; W64-NEXT: buf1[16]: 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25
; W64-NEXT: buf1[32]: 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25
; W64-NEXT: buf2[0]: 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
; W64-NEXT: buf2[16]: 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
; W64-NEXT: buf2[32]: 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
; W64-NEXT: buf3[0]: 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17
; W64-NEXT: buf3[16]: 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17
; W64-NEXT: buf3[32]: 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17
; W64-NEXT: buf4[0]: -1 -1 -1 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5
; W64-NEXT: buf4[16]: 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5
; W64-NEXT: buf4[32]: 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5

; W32: buf0[0]: 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
; W32-NEXT: buf0[16]: 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7 7
; W32-NEXT: buf0[32]: 327 327 327 327 327 327 327 327 327 327 327 327 327 327 327 327
; W32-NEXT: buf1[0]: -1 -1 -1 -1 -1 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25
; W32-NEXT: buf1[16]: 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25 5.25
; W32-NEXT: buf1[32]: 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25 32.25
; W32-NEXT: buf2[0]: 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
; W32-NEXT: buf2[16]: 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
; W32-NEXT: buf2[32]: 32035 32035 32035 32035 32035 32035 32035 32035 32035 32035 32035 32035 32035 32035 32035 32035
; W32-NEXT: buf3[0]: 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17
; W32-NEXT: buf3[16]: 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17 1000 17
; W32-NEXT: buf3[32]: 1032 337 1032 337 1032 337 1032 337 1032 337 1032 337 1032 337 1032 337
; W32-NEXT: buf4[0]: -1 -1 -1 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5
; W32-NEXT: buf4[16]: 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5 1.5
; W32-NEXT: buf4[32]: 16 16 16 16 16 16 16 16 16 16 16 16 16 16 16 16

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @rfl(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, ptr addrspace(1) %d, ptr addrspace(1) %e) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t10 = mul i32 %t, 10
  %t10p7 = add i32 %t10, 7
  %r0 = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %t10p7)
  %pa = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %t
  store i32 %r0, ptr addrspace(1) %pa, align 4

  %from5 = icmp uge i32 %t, 5
  br i1 %from5, label %f32, label %after.f32

f32:
  %tf = uitofp i32 %t to float
  %tf25 = fadd float %tf, 2.500000e-01
  %r1.in = call float @llvm.amdgcn.readfirstlane.f32(float %tf25)
  br label %after.f32

after.f32:
  %r1 = phi float [ %r1.in, %f32 ], [ -1.000000e+00, %entry ]
  %pb = getelementptr inbounds float, ptr addrspace(1) %b, i32 %t
  store float %r1, ptr addrspace(1) %pb, align 4

  %t64 = zext i32 %t to i64
  %hi = shl i64 %t64, 32
  %t3 = add i32 %t, 3
  %t3w = zext i32 %t3 to i64
  %wide = or i64 %hi, %t3w
  %r2 = call i64 @llvm.amdgcn.readfirstlane.i64(i64 %wide)
  %r2hi.w = lshr i64 %r2, 32
  %r2hi = trunc i64 %r2hi.w to i32
  %r2lo = trunc i64 %r2 to i32
  %r2k = mul i32 %r2hi, 1000
  %r2s = add i32 %r2k, %r2lo
  %pc = getelementptr inbounds i32, ptr addrspace(1) %c, i32 %t
  store i32 %r2s, ptr addrspace(1) %pc, align 4

  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %then, label %else

then:
  %r3.then = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %t10p7)
  br label %join

else:
  %t1000 = add i32 %t, 1000
  %r3.else = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %t1000)
  br label %join

join:
  %r3 = phi i32 [ %r3.then, %then ], [ %r3.else, %else ]
  %pd = getelementptr inbounds i32, ptr addrspace(1) %d, i32 %t
  store i32 %r3, ptr addrspace(1) %pd, align 4
  %from3 = icmp uge i32 %t, 3
  br i1 %from3, label %f64, label %exit

f64:
  %td = uitofp i32 %t to double
  %half = fmul double %td, 5.000000e-01
  %r4.in = call double @llvm.amdgcn.readfirstlane.f64(double %half)
  br label %exit

exit:
  %r4.d = phi double [ %r4.in, %f64 ], [ -1.000000e+00, %join ]
  %r4 = fptrunc double %r4.d to float
  %pe = getelementptr inbounds float, ptr addrspace(1) %e, i32 %t
  store float %r4, ptr addrspace(1) %pe, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i64 @llvm.amdgcn.readfirstlane.i64(i64)
declare float @llvm.amdgcn.readfirstlane.f32(float)
declare double @llvm.amdgcn.readfirstlane.f64(double)
