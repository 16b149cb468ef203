; A scan whose guard takes the lane as an int, `int lane` from %laneid and
; `lane % 32 >= d`, reaches the pass as srem and signed compares. The
; lane is known in every lane (0..31), so the signed remainder is too, the
; guards are lane conditions, and the chain is rewritten (xor: identity 0).
;
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s

; CHECK-LABEL: define i32 @int_lane_mod_32(
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %v, i32 273, i32 15, i32 15, i1 false)
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 322, i32 10, i32 15, i1 false)
; CHECK-NOT:   ds.bpermute
; CHECK:       ret i32
define i32 @int_lane_mod_32(i32 %v) #0 {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %l = srem i32 %lane, 32
  %t1 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 1, i32 0)
  %g1 = icmp sgt i32 %l, 0
  %z1 = select i1 %g1, i32 %t1, i32 0
  %v1 = xor i32 %z1, %v
  %t2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v1, i32 2, i32 0)
  %g2 = icmp slt i32 %l, 2
  %z2 = select i1 %g2, i32 0, i32 %t2
  %v2 = xor i32 %z2, %v1
  %t4 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v2, i32 4, i32 0)
  %g4 = icmp slt i32 %l, 4
  %z4 = select i1 %g4, i32 0, i32 %t4
  %v4 = xor i32 %z4, %v2
  %t8 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v4, i32 8, i32 0)
  %g8 = icmp slt i32 %l, 8
  %z8 = select i1 %g8, i32 0, i32 %t8
  %v8 = xor i32 %z8, %v4
  %t16 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v8, i32 16, i32 0)
  %g16 = icmp slt i32 %l, 16
  %z16 = select i1 %g16, i32 0, i32 %t16
  %v16 = xor i32 %z16, %v8
  ret i32 %v16
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
attributes #0 = { "target-cpu"="gfx90a" }
