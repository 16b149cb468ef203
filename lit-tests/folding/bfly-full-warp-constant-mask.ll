; __shfl_xor_sync(~0, v, 16) with the full-warp clamp (c = 31): every lane is
; in range, so there is no range test, no select and no segment math; the
; source is the hardware lane ^ 16, which stays within this CUDA warp, so
; no warp base is needed either.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define float @xor16(float %a) {
; CHECK-LABEL: define float @xor16(
; CHECK:      %warp.base = and i32 %hw.lane, 32
; CHECK-NEXT: %shfl.j = xor i32 %hw.lane, 16
; CHECK-NEXT: [[BITS:%.*]] = bitcast float %a to i32
; CHECK-NEXT: %shfl.addr = shl i32 %shfl.j, 2
; CHECK-NEXT: %shfl.bits = call i32 @llvm.amdgcn.ds.bpermute(i32 %shfl.addr, i32 [[BITS]])
; CHECK-NEXT: %shfl.value = bitcast i32 %shfl.bits to float
; CHECK-NEXT: ret float %shfl.value
  %r = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %a, i32 16, i32 31)
  ret float %r
}

declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
