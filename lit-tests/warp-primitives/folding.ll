; Constant operands that decide the result for every member fold away (the
; calling lane is a member, so there is at least one): votes of a constant
; predicate and idempotent reductions of a constant value. A constant value
; of add/xor, match.any and match.all (the members themselves, with match.all
; predicate true) and a true ballot still need the members.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s

define void @folds(i32 %m, ptr %out) {
; CHECK-LABEL: define void @folds(
; CHECK-NEXT: store volatile i1 true, ptr %out
; CHECK-NEXT: store volatile i1 false, ptr %out
; CHECK-NEXT: store volatile i1 true, ptr %out
; CHECK-NEXT: store volatile i32 0, ptr %out
; CHECK-NEXT: store volatile i32 7, ptr %out
; CHECK-NEXT: ret void
  %a = call i1 @llvm.nvvm.vote.all.sync(i32 %m, i1 true)
  store volatile i1 %a, ptr %out
  %b = call i1 @llvm.nvvm.vote.any.sync(i32 %m, i1 false)
  store volatile i1 %b, ptr %out
  %c = call i1 @llvm.nvvm.vote.uni.sync(i32 %m, i1 false)
  store volatile i1 %c, ptr %out
  %d = call i32 @llvm.nvvm.vote.ballot.sync(i32 %m, i1 false)
  store volatile i32 %d, ptr %out
  %e = call i32 @llvm.nvvm.redux.sync.umax(i32 7, i32 %m)
  store volatile i32 %e, ptr %out
  ret void
}

define void @still_dynamic(i32 %m, ptr %out) {
; CHECK-LABEL: define void @still_dynamic(
; CHECK: call i64 @llvm.amdgcn.ballot.i64(i1 true)
; CHECK: and i32 %warp.ballot, %m
; CHECK: call i32 @llvm.amdgcn.wave.reduce.add.i32(
; CHECK: [[ALL:%.*]] = call i64 @llvm.amdgcn.ballot.i64(i1 true)
; CHECK: %members = and i32 %warp.ballot{{[0-9]*}}, %m
; CHECK-NEXT: [[P0:%.*]] = insertvalue { i32, i1 } poison, i32 %members, 0
; CHECK-NEXT: [[P1:%.*]] = insertvalue { i32, i1 } [[P0]], i1 true, 1
; CHECK-NEXT: store volatile { i32, i1 } [[P1]], ptr %out
  %a = call i32 @llvm.nvvm.match.any.sync.i32(i32 %m, i32 3)
  store volatile i32 %a, ptr %out
  %b = call i32 @llvm.nvvm.redux.sync.add(i32 1, i32 %m)
  store volatile i32 %b, ptr %out
  %f = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 %m, i32 5)
  store volatile { i32, i1 } %f, ptr %out
  ret void
}

; CHECK-NOT: @llvm.nvvm
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.redux.sync.umax(i32, i32)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32, i32)
