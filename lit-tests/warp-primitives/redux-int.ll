; __reduce_*_sync(m, v): a waterfall loop keyed on the membermask and, on
; wave64, the CUDA warp (warp base in bit 37 of an i64 key), so lanes with
; other masks or in the other warp are reduced in other trips. Each trip's
; llvm.amdgcn.wave.reduce sees the lanes still in the loop, those outside
; the trip's group contributing the identity of the operation.
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
; W64-NEXT:   %trip.key = call i64 @llvm.amdgcn.readfirstlane.i64(i64 %redux.key)
; W64-NEXT:   %in.group = icmp eq i64 %redux.key, %trip.key
; W32-NEXT:   %trip.key = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %m)
; W32-NEXT:   %in.group = icmp eq i32 %m, %trip.key
; CHECK-NEXT: [[X:%.*]] = select i1 %in.group, i32 %v, i32 0
; CHECK-NEXT: %reduced = call i32 @llvm.amdgcn.wave.reduce.add.i32(i32 [[X]], i32 0)
; CHECK-NEXT: br i1 %in.group, label %waterfall.done, label %waterfall
; CHECK:      waterfall.done:
; CHECK-NEXT: ret i32 %reduced
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
