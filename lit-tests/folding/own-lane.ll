; A shuffle by 0 (down, full warp) hands every lane its own value and a true
; predicate; width 1 (segment mask 31) does the same for idx whatever the
; runtime source lane. No lane math, no ds_bpermute.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define { float, i1 } @down0(float %a) {
; CHECK-LABEL: define { float, i1 } @down0(
; CHECK-NEXT: [[PAIR:%.*]] = insertvalue { float, i1 } poison, float %a, 0
; CHECK-NEXT: [[RESULT:%.*]] = insertvalue { float, i1 } [[PAIR]], i1 true, 1
; CHECK-NEXT: ret { float, i1 } [[RESULT]]
  %r = call { float, i1 } @llvm.nvvm.shfl.sync.down.f32p(i32 -1, float %a, i32 0, i32 31)
  ret { float, i1 } %r
}

define i32 @width1(i32 %a, i32 %src) {
; CHECK-LABEL: define i32 @width1(
; CHECK-NEXT: ret i32 %a
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %a, i32 %src, i32 7967)
  ret i32 %r
}

declare { float, i1 } @llvm.nvvm.shfl.sync.down.f32p(i32, float, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
