; With reassoc (clang's -ffast-math, #pragma clang fp reassociate(on)) a float sum
; scan may be reassociated like an integer one; the identity the DPP moves
; read outside their row is -0.0 (0x80000000), so a lane holding -0.0 keeps
; it, unless nsz also allows +0.0. Segments of 16 (c = 0x1000) need no
; cross-row step.
;
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s

define float @scan16(float %v) #0 {
; CHECK-LABEL: define float @scan16(
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 -2147483648, i32 {{.*}}, i32 273, i32 15, i32 15, i1 false)
; CHECK:       fadd reassoc float
; CHECK:       i32 280, i32 15, i32 15, i1 false)
; CHECK-NOT:   i32 10, i32 15
; CHECK-NOT:   shfl
; CHECK:       ret float
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %l16 = and i32 %lane, 15
  %t1 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v, i32 1, i32 4096)
  %s1 = fadd reassoc float %v, %t1
  %g1 = icmp uge i32 %l16, 1
  %v1 = select i1 %g1, float %s1, float %v
  %t2 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v1, i32 2, i32 4096)
  %s2 = fadd reassoc float %v1, %t2
  %g2 = icmp uge i32 %l16, 2
  %v2 = select i1 %g2, float %s2, float %v1
  %t4 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v2, i32 4, i32 4096)
  %s4 = fadd reassoc float %v2, %t4
  %g4 = icmp uge i32 %l16, 4
  %v4 = select i1 %g4, float %s4, float %v2
  %t8 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v4, i32 8, i32 4096)
  %s8 = fadd reassoc float %v4, %t8
  %g8 = icmp uge i32 %l16, 8
  %v8 = select i1 %g8, float %s8, float %v4
  ret float %v8
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare float @llvm.nvvm.shfl.sync.up.f32(i32, float, i32, i32)
attributes #0 = { "target-cpu"="gfx942" }
