; redux.sync.f{min,max}[.abs][.NaN]: the float's bits become a key whose
; unsigned order is the float order with -0.0 < +0.0 (bits ^ 0x80000000 for
; positive, ~bits for negative); NaN lanes contribute the identity (all ones
; for min, 0 for max, keys only NaNs have), so an identity result means
; every member was NaN. .abs clears the sign first; .NaN also gives the
; canonical NaN 0x7fffffff when any member's value is NaN (a ballot).
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s

define float @fmin(float %v, i32 %m) {
; CHECK-LABEL: define float @fmin(
; CHECK:      [[BITS:%.*]] = bitcast float %v to i32
; CHECK-NEXT: [[MAG:%.*]] = and i32 [[BITS]], 2147483647
; CHECK-NEXT: %is.nan = icmp ugt i32 [[MAG]], 2139095040
; CHECK-NEXT: [[SIGN:%.*]] = ashr i32 [[BITS]], 31
; CHECK-NEXT: [[FLIP:%.*]] = or i32 [[SIGN]], -2147483648
; CHECK-NEXT: %key = xor i32 [[BITS]], [[FLIP]]
; CHECK-NEXT: [[K:%.*]] = select i1 %is.nan, i32 -1, i32 %key
; CHECK:      waterfall:
; CHECK:      [[X:%.*]] = select i1 %in.group, i32 [[K]], i32 -1
; CHECK-NEXT: %reduced = call i32 @llvm.amdgcn.wave.reduce.umin.i32(i32 [[X]], i32 0)
; CHECK-NEXT: %all.nan = icmp eq i32 %reduced, -1
; CHECK-NEXT: [[RS:%.*]] = ashr i32 %reduced, 31
; CHECK-NEXT: [[NRS:%.*]] = xor i32 [[RS]], -1
; CHECK-NEXT: [[RFLIP:%.*]] = or i32 [[NRS]], -2147483648
; CHECK-NEXT: [[RBITS:%.*]] = xor i32 %reduced, [[RFLIP]]
; CHECK-NEXT: [[R:%.*]] = select i1 %all.nan, i32 2147483647, i32 [[RBITS]]
; CHECK-NEXT: [[F:%.*]] = bitcast i32 [[R]] to float
; CHECK-NEXT: %result = select i1 %in.group, float [[F]], float %kept
; CHECK:      waterfall.done:
; CHECK-NEXT: ret float %result
  %r = call float @llvm.nvvm.redux.sync.fmin(float %v, i32 %m)
  ret float %r
}

define float @fmax_abs_nan(float %v, i32 %m) {
; CHECK-LABEL: define float @fmax_abs_nan(
; CHECK:      [[BITS:%.*]] = bitcast float %v to i32
; CHECK-NEXT: [[MAG:%.*]] = and i32 [[BITS]], 2147483647
; CHECK-NEXT: %is.nan = icmp ugt i32 [[MAG]], 2139095040
; CHECK-NEXT: [[SIGN:%.*]] = ashr i32 [[MAG]], 31
; CHECK:      [[K:%.*]] = select i1 %is.nan, i32 0, i32 %key
; CHECK:      waterfall:
; CHECK:      [[X:%.*]] = select i1 %in.group, i32 [[K]], i32 0
; CHECK-NEXT: %reduced = call i32 @llvm.amdgcn.wave.reduce.umax.i32(i32 [[X]], i32 0)
; CHECK-NEXT: [[NANHERE:%.*]] = and i1 %in.group, %is.nan
; CHECK-NEXT: [[NANS:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 [[NANHERE]])
; CHECK-NEXT: [[NONAN:%.*]] = icmp eq i32 [[NANS]], 0
; CHECK-NEXT: %any.nan = xor i1 [[NONAN]], true
; CHECK-NEXT: %all.nan = icmp eq i32 %reduced, 0
; CHECK-NEXT: [[GIVESNAN:%.*]] = or i1 %all.nan, %any.nan
; CHECK:      select i1 [[GIVESNAN]], i32 2147483647,
  %r = call float @llvm.nvvm.redux.sync.fmax.abs.NaN(float %v, i32 %m)
  ret float %r
}

; CHECK-NOT: @llvm.nvvm
declare float @llvm.nvvm.redux.sync.fmin(float, i32)
declare float @llvm.nvvm.redux.sync.fmax.abs.NaN(float, i32)
