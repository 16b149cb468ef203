; __match_any_sync(m, v): a waterfall loop. Each trip takes the value of the
; first lane still in the loop (readfirstlane); the lanes holding it take
; this warp's ballot of "my value is the trip's" and leave. The result is
; that ballot restricted to the membermask. i64 values compare whole.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s --check-prefixes=CHECK,W32

define i32 @match64(i32 %m, i64 %v) {
; CHECK-LABEL: define i32 @match64(
; CHECK:      br label %waterfall
; CHECK:      waterfall:
; CHECK-NEXT: %trip.key = call i64 @llvm.amdgcn.readfirstlane.i64(i64 %v)
; CHECK-NEXT: %in.group = icmp eq i64 %v, %trip.key
; W64-NEXT:   %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 %in.group)
; W64:        %warp.ballot = trunc i64
; W32-NEXT:   %ballot = call i32 @llvm.amdgcn.ballot.i32(i1 %in.group)
; CHECK-NEXT: br i1 %in.group, label %waterfall.done, label %waterfall
; CHECK:      waterfall.done:
; W64-NEXT:   %match = and i32 %warp.ballot, %m
; W32-NEXT:   %match = and i32 %ballot, %m
; CHECK-NEXT: ret i32 %match
  %r = call i32 @llvm.nvvm.match.any.sync.i64(i32 %m, i64 %v)
  ret i32 %r
}

define i32 @match32(i32 %m, i32 %v) {
; CHECK-LABEL: define i32 @match32(
; CHECK:      %trip.key = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %v)
; CHECK-NEXT: %in.group = icmp eq i32 %v, %trip.key
  %r = call i32 @llvm.nvvm.match.any.sync.i32(i32 %m, i32 %v)
  ret i32 %r
}

; CHECK-NOT: @llvm.nvvm
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare i32 @llvm.nvvm.match.any.sync.i64(i32, i64)
