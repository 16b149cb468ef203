; Fast paths need a known target and strategy=best (the default):
; strategy=bpermute, a function without target-cpu, or one for a processor
; family the table does not know, keep ds_bpermute; a runtime lane operand
; has no source map and keeps it too.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<strategy=bpermute>' -S %s | FileCheck %s --check-prefix=BPERMUTE
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s --check-prefix=BEST

define i32 @known_target(i32 %v) "target-cpu"="gfx1100" {
; BPERMUTE-LABEL: define i32 @known_target(
; BPERMUTE:       call i32 @llvm.amdgcn.ds.bpermute(
; BEST-LABEL:     define i32 @known_target(
; BEST-NEXT:      call i32 @llvm.amdgcn.update.dpp.i32(
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  ret i32 %r
}

define i32 @no_target(i32 %v) {
; BEST-LABEL:     define i32 @no_target(
; BEST:           call i32 @llvm.amdgcn.ds.bpermute(
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  ret i32 %r
}

define i32 @other_family(i32 %v) "target-cpu"="gfx803" {
; BEST-LABEL:     define i32 @other_family(
; BEST:           call i32 @llvm.amdgcn.ds.bpermute(
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  ret i32 %r
}

define i32 @runtime_lane(i32 %v, i32 %k) "target-cpu"="gfx1100" {
; BEST-LABEL:     define i32 @runtime_lane(
; BEST:           call i32 @llvm.amdgcn.ds.bpermute(
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 %k, i32 31)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
