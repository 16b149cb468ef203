; What is not a complete scan of an associative operation is left to the
; per-shuffle lowering, whose output keeps CUDA's values in every lane:
;   - a float add without reassoc (rounding depends on the order);
;   - an unguarded step, whose lanes 0..d-1 double their value;
;   - a chain whose intermediate value is also stored;
;   - a chain missing its last step (only segments of 16 are summed, but
;     the shuffles are over the whole warp).
; Each keeps its llvm.amdgcn shuffle code: no row_bcast / odd-row DPP.
;
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s
; CHECK-NOT: i32 322, i32 10

define float @float_in_order(float %v) #0 {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %t1 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v, i32 1, i32 0)
  %s1 = fadd float %v, %t1
  %g1 = icmp uge i32 %lane, 1
  %v1 = select i1 %g1, float %s1, float %v
  %t2 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v1, i32 2, i32 0)
  %s2 = fadd float %v1, %t2
  %g2 = icmp uge i32 %lane, 2
  %v2 = select i1 %g2, float %s2, float %v1
  %t4 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v2, i32 4, i32 0)
  %s4 = fadd float %v2, %t4
  %g4 = icmp uge i32 %lane, 4
  %v4 = select i1 %g4, float %s4, float %v2
  %t8 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v4, i32 8, i32 0)
  %s8 = fadd float %v4, %t8
  %g8 = icmp uge i32 %lane, 8
  %v8 = select i1 %g8, float %s8, float %v4
  %t16 = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v8, i32 16, i32 0)
  %s16 = fadd float %v8, %t16
  %g16 = icmp uge i32 %lane, 16
  %v16 = select i1 %g16, float %s16, float %v8
  ret float %v16
}

define i32 @unguarded(i32 %v) #0 {
  %t1 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 1, i32 0)
  %v1 = add i32 %v, %t1
  %t2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v1, i32 2, i32 0)
  %v2 = add i32 %v1, %t2
  %t4 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v2, i32 4, i32 0)
  %v4 = add i32 %v2, %t4
  %t8 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v4, i32 8, i32 0)
  %v8 = add i32 %v4, %t8
  %t16 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v8, i32 16, i32 0)
  %v16 = add i32 %v8, %t16
  ret i32 %v16
}

define i32 @intermediate_stored(i32 %v, ptr %p) #0 {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %t1 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 1, i32 0)
  %g1 = icmp uge i32 %lane, 1
  %z1 = select i1 %g1, i32 %t1, i32 0
  %v1 = add i32 %v, %z1
  %t2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v1, i32 2, i32 0)
  %g2 = icmp uge i32 %lane, 2
  %z2 = select i1 %g2, i32 %t2, i32 0
  %v2 = add i32 %v1, %z2
  store i32 %v2, ptr %p
  %t4 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v2, i32 4, i32 0)
  %g4 = icmp uge i32 %lane, 4
  %z4 = select i1 %g4, i32 %t4, i32 0
  %v4 = add i32 %v2, %z4
  %t8 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v4, i32 8, i32 0)
  %g8 = icmp uge i32 %lane, 8
  %z8 = select i1 %g8, i32 %t8, i32 0
  %v8 = add i32 %v4, %z8
  %t16 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v8, i32 16, i32 0)
  %g16 = icmp uge i32 %lane, 16
  %z16 = select i1 %g16, i32 %t16, i32 0
  %v16 = add i32 %v8, %z16
  ret i32 %v16
}

define i32 @missing_last_step(i32 %v) #0 {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %t1 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 1, i32 0)
  %g1 = icmp uge i32 %lane, 1
  %z1 = select i1 %g1, i32 %t1, i32 0
  %v1 = add i32 %v, %z1
  %t2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v1, i32 2, i32 0)
  %g2 = icmp uge i32 %lane, 2
  %z2 = select i1 %g2, i32 %t2, i32 0
  %v2 = add i32 %v1, %z2
  %t4 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v2, i32 4, i32 0)
  %g4 = icmp uge i32 %lane, 4
  %z4 = select i1 %g4, i32 %t4, i32 0
  %v4 = add i32 %v2, %z4
  %t8 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v4, i32 8, i32 0)
  %g8 = icmp uge i32 %lane, 8
  %z8 = select i1 %g8, i32 %t8, i32 0
  %v8 = add i32 %v4, %z8
  ret i32 %v8
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.up.f32(i32, float, i32, i32)
attributes #0 = { "target-cpu"="gfx90a" }
