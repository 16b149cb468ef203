; Each function is lowered for the wave it runs in: its target-features
; decide (+wavefrontsize32/64, last one wins), then its AMDGPU target-cpu
; (wave32 from gfx10 on), then the pass parameter, then wave64. wave32 code
; has no mbcnt.hi and no warp base.
;
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<strategy=bpermute>' -S %s | FileCheck %s --check-prefixes=CHECK,DEFAULT64
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave32;strategy=bpermute>' -S %s | FileCheck %s --check-prefixes=CHECK,DEFAULT32

define i32 @features32(i32 %a) #0 {
; CHECK-LABEL: define i32 @features32(
; CHECK-NEXT:    %cuda.lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; CHECK-NEXT:    %shfl.j = xor i32 %cuda.lane, 1
; CHECK-NEXT:    %shfl.addr = shl i32 %shfl.j, 2
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %a, i32 1, i32 31)
  ret i32 %r
}

define i32 @features64_beat_gfx1100(i32 %a) #1 {
; CHECK-LABEL: define i32 @features64_beat_gfx1100(
; CHECK:         %hw.lane = call i32 @llvm.amdgcn.mbcnt.hi(
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %a, i32 1, i32 31)
  ret i32 %r
}

define i32 @last_feature_wins(i32 %a) #2 {
; CHECK-LABEL: define i32 @last_feature_wins(
; CHECK-NEXT:    %cuda.lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; CHECK-NOT:     mbcnt.hi
; CHECK:         ret
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %a, i32 1, i32 31)
  ret i32 %r
}

define i32 @gfx1100(i32 %a) #3 {
; CHECK-LABEL: define i32 @gfx1100(
; CHECK-NEXT:    %cuda.lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; CHECK-NOT:     mbcnt.hi
; CHECK:         ret
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %a, i32 1, i32 31)
  ret i32 %r
}

define i32 @gfx90a(i32 %a) #4 {
; CHECK-LABEL: define i32 @gfx90a(
; DEFAULT64:     %hw.lane = call i32 @llvm.amdgcn.mbcnt.hi(
; DEFAULT32-NEXT: %cuda.lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; DEFAULT32-NOT: mbcnt.hi
; CHECK:         ret
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %a, i32 1, i32 31)
  ret i32 %r
}

define i32 @unattributed(i32 %a) {
; CHECK-LABEL: define i32 @unattributed(
; DEFAULT64:     %hw.lane = call i32 @llvm.amdgcn.mbcnt.hi(
; DEFAULT32-NEXT: %cuda.lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; DEFAULT32-NOT: mbcnt.hi
; CHECK:         ret
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %a, i32 1, i32 31)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)

attributes #0 = { "target-features"="+wavefrontsize32" }
attributes #1 = { "target-cpu"="gfx1100" "target-features"="+wavefrontsize64" }
attributes #2 = { "target-features"="+wavefrontsize64,+wavefrontsize32" }
attributes #3 = { "target-cpu"="gfx1100" }
attributes #4 = { "target-cpu"="gfx90a" }
