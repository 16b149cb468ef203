; __shfl_down_sync(~0, v, 4, 16): c = (16 << 8) | 31. j = lane + 4 stays in
; range while j <= (lane & 16) | 15, the last lane of the 16-lane segment.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define i32 @down4(i32 %a) {
; CHECK-LABEL: define i32 @down4(
; CHECK:      %shfl.j = add i32 %cuda.lane, 4
; CHECK-NEXT: [[START:%.*]] = and i32 %cuda.lane, 16
; CHECK-NEXT: [[MAX:%.*]] = or i32 [[START]], 15
; CHECK-NEXT: %shfl.inrange = icmp ule i32 %shfl.j, [[MAX]]
; CHECK-NEXT: %shfl.src = select i1 %shfl.inrange, i32 %shfl.j, i32 %cuda.lane
  %r = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %a, i32 4, i32 4127)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
