; A float Hillis–Steele step without reassoc is kept shuffle by shuffle,
; but `lane >= 4 ? v + t : v` observes t only in lanes 4-31 (lane % 32 from
; the wave64 hardware lane, mbcnt as the retargeting pass writes it), so the
; shuffle up by 4 needs no select giving lanes 0-3 their own value: on
; gfx1100 the row shift and v_permlanex16 are chosen between by row alone.
; Values reaching an opaque call, a store address or a branch are observed
; wherever their block runs: there the shuffle keeps its select.
;
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s

define float @step(float %v) #0 {
; CHECK-LABEL: define float @step(
; CHECK:       %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 {{.*}}, i32 276, i32 15, i32 15, i1 true)
; CHECK-NEXT:  %permlane = call i32 @llvm.amdgcn.permlanex16.i32(
; CHECK-NEXT:  [[OFF:%.*]] = sub i32 %cuda.lane, 16
; CHECK-NEXT:  [[ROW:%.*]] = icmp ult i32 [[OFF]], 4
; CHECK-NEXT:  %shfl.shifted = select i1 [[ROW]], i32 %permlane, i32 %dpp
; CHECK-NOT:   %shfl.moved
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %hw = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  %lane = and i32 %hw, 31
  %t = call float @llvm.nvvm.shfl.sync.up.f32(i32 -1, float %v, i32 4, i32 0)
  %sum = fadd float %v, %t
  %in = icmp uge i32 %lane, 4
  %r = select i1 %in, float %sum, float %v
  ret float %r
}

define void @opaque(float %v) #0 {
; CHECK-LABEL: define void @opaque(
; CHECK:       select
  %t = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 1, i32 31)
  call void @use(float %t)
  ret void
}

declare void @use(float)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare float @llvm.nvvm.shfl.sync.up.f32(i32, float, i32, i32)
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
attributes #0 = { "target-cpu"="gfx1100" "target-features"="+wavefrontsize64" }
