; __shfl_down_sync(~0, v, 4, 16): c = (16 << 8) | 31. j = lane + 4 stays in
; range while j <= (lane & 16) | 15, the last lane of the 16-lane segment:
; with constant operands that is the constant lane set "offset in the
; segment < 12", and the read lane is computed on the hardware lane.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define i32 @down4(i32 %a) {
; CHECK-LABEL: define i32 @down4(
; CHECK:      [[OFFSET:%.*]] = and i32 %cuda.lane, 15
; CHECK-NEXT: %in.set = icmp ult i32 [[OFFSET]], 12
; CHECK-NEXT: %shfl.j = add i32 %hw.lane, 4
; CHECK-NEXT: %shfl.src = select i1 %in.set, i32 %shfl.j, i32 %hw.lane
; CHECK-NEXT: %shfl.addr = shl i32 %shfl.src, 2
  %r = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %a, i32 4, i32 4127)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
