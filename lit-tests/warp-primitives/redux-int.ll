; __reduce_*_sync(m, v): a waterfall loop keyed on the membermask and, on
; wave64, the CUDA warp (warp base in bit 37 of an i64 key), so lanes with
; other masks or in the other warp are reduced in other trips. The loop is
; uniform (match-any.ll shows its frame): every lane stays in it, so each
; trip's llvm.amdgcn.wave.reduce sees all of them, those outside the trip's
; group contributing the identity of the operation, and each lane keeps its
; group's result in a phi.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s --check-prefixes=CHECK,W32

define i32 @add(i32 %v, i32 %m) {
; CHECK-LABEL: define i32 @add(
; W64:        [[WARP:%.*]] = zext i32 %warp.base to i64
; W64-NEXT:   [[MASK:%.*]] = zext i32 %m to i64
; W64-NEXT:   [[HI:%.*]] = shl i64 [[WARP]], 32
; W64-NEXT:   %redux.key = or i64 [[MASK]], [[HI]]
; CHECK:      waterfall:
; W64:        %trip.key = call i64 @llvm.amdgcn.readlane.i64(i64 %redux.key, i32
; W64-NEXT:   [[HAS:%.*]] = icmp eq i64 %redux.key, %trip.key
; W32:        %trip.key = call i32 @llvm.amdgcn.readlane.i32(i32 %m, i32
; W32-NEXT:   [[HAS:%.*]] = icmp eq i32 %m, %trip.key
; CHECK-NEXT: %in.group = and i1 %pending, [[HAS]]
; CHECK-NEXT: [[X:%.*]] = select i1 %in.group, i32 %v, i32 0
; CHECK-NEXT: %reduced = call i32 @llvm.amdgcn.wave.reduce.add.i32(i32 [[X]], i32 0)
; CHECK-NEXT: %result = select i1 %in.group, i32 %reduced, i32 %kept
; CHECK:      br i1 %again, label %waterfall, label %waterfall.done
; CHECK:      waterfall.done:
; CHECK-NEXT: ret i32 %result
  %r = call i32 @llvm.nvvm.redux.sync.add(i32 %v, i32 %m)
  ret i32 %r
}

; The identities: min INT_MAX, max INT_MIN, umin/and all ones, umax/or/xor 0.
define void @identities(i32 %v, i32 %m, ptr %out) {
; CHECK-LABEL: define void @identities(
; CHECK: select i1 %in.group{{[0-9]*}}, i32 %v, i32 2147483647
; CHECK: call i32 @llvm.amdgcn.wave.reduce.min.i32(
; CHECK: select i1 %in.group{{[0-9]*}}, i32 %v, i32 -2147483648
; CHECK: call i32 @llvm.amdgcn.wave.reduce.max.i32(
; CHECK: select i1 %in.group{{[0-9]*}}, i32 %v, i32 -1
; CHECK: call i32 @llvm.amdgcn.wave.reduce.umin.i32(
; CHECK: select i1 %in.group{{[0-9]*}}, i32 %v, i32 0
; CHECK: call i32 @llvm.amdgcn.wave.reduce.umax.i32(
; CHECK: select i1 %in.group{{[0-9]*}}, i32 %v, i32 -1
; CHECK: call i32 @llvm.amdgcn.wave.reduce.and.i32(
; CHECK: select i1 %in.group{{[0-9]*}}, i32 %v, i32 0
; CHECK: call i32 @llvm.amdgcn.wave.reduce.or.i32(
; CHECK: select i1 %in.group{{[0-9]*}}, i32 %v, i32 0
; CHECK: call i32 @llvm.amdgcn.wave.reduce.xor.i32(
  %a = call i32 @llvm.nvvm.redux.sync.min(i32 %v, i32 %m)
  store volatile i32 %a, ptr %out
  %b = call i32 @llvm.nvvm.redux.sync.max(i32 %v, i32 %m)
  store volatile i32 %b, ptr %out
  %c = call i32 @llvm.nvvm.redux.sync.umin(i32 %v, i32 %m)
  store volatile i32 %c, ptr %out
  %d = call i32 @llvm.nvvm.redux.sync.umax(i32 %v, i32 %m)
  store volatile i32 %d, ptr %out
  %e = call i32 @llvm.nvvm.redux.sync.and(i32 %v, i32 %m)
  store volatile i32 %e, ptr %out
  %f = call i32 @llvm.nvvm.redux.sync.or(i32 %v, i32 %m)
  store volatile i32 %f, ptr %out
  %g = call i32 @llvm.nvvm.redux.sync.xor(i32 %v, i32 %m)
  store volatile i32 %g, ptr %out
  ret void
}

; CHECK-NOT: @llvm.nvvm
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.redux.sync.min(i32, i32)
declare i32 @llvm.nvvm.redux.sync.max(i32, i32)
declare i32 @llvm.nvvm.redux.sync.umin(i32, i32)
declare i32 @llvm.nvvm.redux.sync.umax(i32, i32)
declare i32 @llvm.nvvm.redux.sync.and(i32, i32)
declare i32 @llvm.nvvm.redux.sync.or(i32, i32)
declare i32 @llvm.nvvm.redux.sync.xor(i32, i32)
