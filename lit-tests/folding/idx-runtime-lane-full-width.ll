; __shfl_sync(~0, v, src) with src in a register and width 32 (c = 31): the
; source lane is src & 31 for every lane and always in range, so no select
; and no predicate math are emitted.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define i32 @broadcast(i32 %a, i32 %src) {
; CHECK-LABEL: define i32 @broadcast(
; CHECK:      %warp.base = and i32 %hw.lane, 32
; CHECK-NEXT: %shfl.j = and i32 %src, 31
; CHECK-NEXT: [[HW:%.*]] = or i32 %warp.base, %shfl.j
; CHECK-NEXT: %shfl.addr = shl i32 [[HW]], 2
; CHECK-NEXT: %shfl.bits = call i32 @llvm.amdgcn.ds.bpermute(i32 %shfl.addr, i32 %a)
; CHECK-NEXT: ret i32 %shfl.bits
; CHECK-NOT: select
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %a, i32 %src, i32 31)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
