; __shfl_sync(~0, v, src, 8): c = (24 << 8) | 31. The source lane keeps the
; lane's 8-lane segment (lane & 24) and takes src's offset (src & 7); the
; range test (src & 7) <= 7 always holds, so there is no select.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define i32 @broadcast8(i32 %a, i32 %src) {
; CHECK-LABEL: define i32 @broadcast8(
; CHECK:      [[BVAL:%.*]] = and i32 %src, 31
; CHECK-NEXT: [[START:%.*]] = and i32 %cuda.lane, 24
; CHECK-NEXT: [[OFFSET:%.*]] = and i32 [[BVAL]], 7
; CHECK-NEXT: %shfl.j = or i32 [[START]], [[OFFSET]]
; CHECK-NEXT: [[HW:%.*]] = or i32 %warp.base, %shfl.j
; CHECK-NEXT: %shfl.addr = shl i32 [[HW]], 2
; CHECK-NEXT: %shfl.bits = call i32 @llvm.amdgcn.ds.bpermute(i32 %shfl.addr, i32 %a)
; CHECK-NEXT: ret i32 %shfl.bits
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %a, i32 %src, i32 6175)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
