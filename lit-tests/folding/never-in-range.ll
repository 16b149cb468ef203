; shfl.sync.idx with b = 5 and clamp 3 (no segments): lane 5 is beyond the
; clamp for every lane, so every lane keeps its value and gets a false
; predicate. Nothing moves: no lane math, no ds_bpermute.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define { i32, i1 } @never(i32 %a) {
; CHECK-LABEL: define { i32, i1 } @never(
; CHECK-NEXT: [[PAIR:%.*]] = insertvalue { i32, i1 } poison, i32 %a, 0
; CHECK-NEXT: [[RESULT:%.*]] = insertvalue { i32, i1 } [[PAIR]], i1 false, 1
; CHECK-NEXT: ret { i32, i1 } [[RESULT]]
  %r = call { i32, i1 } @llvm.nvvm.shfl.sync.idx.i32p(i32 -1, i32 %a, i32 5, i32 3)
  ret { i32, i1 } %r
}

declare { i32, i1 } @llvm.nvvm.shfl.sync.idx.i32p(i32, i32, i32, i32)
