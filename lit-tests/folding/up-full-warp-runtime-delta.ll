; __shfl_up_sync(~0, v, d) with width 32 (c = 0): maxLane folds to 0, so the
; range test is just j >= 0, with no segment math.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define { i32, i1 } @scan_step(i32 %a, i32 %d) {
; CHECK-LABEL: define { i32, i1 } @scan_step(
; CHECK:      [[BVAL:%.*]] = and i32 %d, 31
; CHECK-NEXT: %shfl.j = sub i32 %cuda.lane, [[BVAL]]
; CHECK-NEXT: %shfl.inrange = icmp sge i32 %shfl.j, 0
; CHECK-NEXT: %shfl.src = select i1 %shfl.inrange, i32 %shfl.j, i32 %cuda.lane
; CHECK-NOT:  lshr
  %r = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %a, i32 %d, i32 0)
  ret { i32, i1 } %r
}

declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
