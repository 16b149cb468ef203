; With reassoc (clang's -ffast-math, #pragma clang fp reassociate(on)) a float sum
; scan may be reassociated like an integer one; the identity the DPP moves
; read outside their row is -0.0 (0x80000000), so a lane holding -0.0 keeps
; it, unless nsz also allows +0.0. Segments of 16 (c = 0x1000) need no
; cross-row step. The headers' __shfl_up_sync(float) moves the float as its
; bits (bitcast, shfl.sync.up.i32, bitcast back): the same scan.
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

define float @scan32_as_bits(float %v) #0 {
; CHECK-LABEL: define float @scan32_as_bits(
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 -2147483648, i32 {{.*}}, i32 273, i32 15, i32 15, i1 false)
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 -2147483648, i32 {{.*}}, i32 322, i32 10, i32 15, i1 false)
; CHECK-NOT:   shfl
; CHECK-NOT:   bpermute
; CHECK:       ret float
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %b1 = bitcast float %v to i32
  %u1 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %b1, i32 1, i32 0)
  %t1 = bitcast i32 %u1 to float
  %g1 = icmp slt i32 %lane, 1
  %s1 = fadd reassoc float %v, %t1
  %v1 = select i1 %g1, float %v, float %s1
  %b2 = bitcast float %v1 to i32
  %u2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %b2, i32 2, i32 0)
  %t2 = bitcast i32 %u2 to float
  %g2 = icmp slt i32 %lane, 2
  %s2 = fadd reassoc float %v1, %t2
  %v2 = select i1 %g2, float %v1, float %s2
  %b4 = bitcast float %v2 to i32
  %u4 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %b4, i32 4, i32 0)
  %t4 = bitcast i32 %u4 to float
  %g4 = icmp slt i32 %lane, 4
  %s4 = fadd reassoc float %v2, %t4
  %v4 = select i1 %g4, float %v2, float %s4
  %b8 = bitcast float %v4 to i32
  %u8 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %b8, i32 8, i32 0)
  %t8 = bitcast i32 %u8 to float
  %g8 = icmp slt i32 %lane, 8
  %s8 = fadd reassoc float %v4, %t8
  %v8 = select i1 %g8, float %v4, float %s8
  %b16 = bitcast float %v8 to i32
  %u16 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %b16, i32 16, i32 0)
  %t16 = bitcast i32 %u16 to float
  %g16 = icmp slt i32 %lane, 16
  %s16 = fadd reassoc float %v8, %t16
  %v16 = select i1 %g16, float %v8, float %s16
  ret float %v16
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare float @llvm.nvvm.shfl.sync.up.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
attributes #0 = { "target-cpu"="gfx942" }
