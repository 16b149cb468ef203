; __match_any_sync(m, v): a waterfall loop. Each trip takes the value of the
; lowest lane still pending (readlane at the cttz of the ballot of pending
; lanes); the lanes holding it take this warp's ballot of "my value is the
; trip's" and keep it in a phi. The loop is uniform: it ends when the ballot
; of lanes still pending is empty, so no value is uniform in a divergent
; loop and used after it (LLVM 22.1's SIFoldOperands miscompiles that on
; wave64). The result is the kept ballot restricted to the membermask.
; i64 values compare whole.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s --check-prefixes=CHECK,W32

define i32 @match64(i32 %m, i64 %v) {
; CHECK-LABEL: define i32 @match64(
; CHECK:      br label %waterfall
; CHECK:      waterfall:
; CHECK-NEXT: %kept = phi i32 [ 0, %{{.*}} ], [ %result, %waterfall ]
; CHECK-NEXT: %pending = phi i1 [ true, %{{.*}} ], [ %still.pending, %waterfall ]
; W64-NEXT:   %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 %pending)
; W64-NEXT:   %trip.lane = call i64 @llvm.cttz.i64(i64 %ballot, i1 true)
; W64-NEXT:   [[LANE:%.*]] = trunc i64 %trip.lane to i32
; W32-NEXT:   %ballot = call i32 @llvm.amdgcn.ballot.i32(i1 %pending)
; W32-NEXT:   [[LANE:%trip.lane]] = call i32 @llvm.cttz.i32(i32 %ballot, i1 true)
; CHECK-NEXT: %trip.key = call i64 @llvm.amdgcn.readlane.i64(i64 %v, i32 [[LANE]])
; CHECK-NEXT: [[HAS:%.*]] = icmp eq i64 %v, %trip.key
; CHECK-NEXT: %in.group = and i1 %pending, [[HAS]]
; W64-NEXT:   %ballot1 = call i64 @llvm.amdgcn.ballot.i64(i1 %in.group)
; W64:        [[WB:%warp.ballot]] = trunc i64
; W32-NEXT:   [[WB:%ballot1]] = call i32 @llvm.amdgcn.ballot.i32(i1 %in.group)
; CHECK-NEXT: %result = select i1 %in.group, i32 [[WB]], i32 %kept
; CHECK-NEXT: [[NOT:%.*]] = xor i1 %in.group, true
; CHECK-NEXT: %still.pending = and i1 %pending, [[NOT]]
; W64-NEXT:   [[LEFT:%.*]] = call i64 @llvm.amdgcn.ballot.i64(i1 %still.pending)
; W64-NEXT:   %again = icmp ne i64 [[LEFT]], 0
; W32-NEXT:   [[LEFT:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 %still.pending)
; W32-NEXT:   %again = icmp ne i32 [[LEFT]], 0
; CHECK-NEXT: br i1 %again, label %waterfall, label %waterfall.done
; CHECK:      waterfall.done:
; CHECK-NEXT: %match = and i32 %result, %m
; CHECK-NEXT: ret i32 %match
  %r = call i32 @llvm.nvvm.match.any.sync.i64(i32 %m, i64 %v)
  ret i32 %r
}

define i32 @match32(i32 %m, i32 %v) {
; CHECK-LABEL: define i32 @match32(
; CHECK:      %trip.key = call i32 @llvm.amdgcn.readlane.i32(i32 %v, i32
; CHECK-NEXT: [[HAS:%.*]] = icmp eq i32 %v, %trip.key
; CHECK-NEXT: %in.group = and i1 %pending, [[HAS]]
  %r = call i32 @llvm.nvvm.match.any.sync.i32(i32 %m, i32 %v)
  ret i32 %r
}

; CHECK-NOT: @llvm.nvvm
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare i32 @llvm.nvvm.match.any.sync.i64(i32, i64)
