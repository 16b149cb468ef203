; The legacy vote.{ballot,all,any,uni} (no membermask) vote over the lanes
; that execute them: the warp's ballot with no mask applied.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s

define i32 @ballot(i1 %p) {
; CHECK-LABEL: define i32 @ballot(
; CHECK:      %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 %p)
; CHECK:      %warp.ballot = trunc i64 {{.*}} to i32
; CHECK-NEXT: ret i32 %warp.ballot
  %r = call i32 @llvm.nvvm.vote.ballot(i1 %p)
  ret i32 %r
}

define i1 @all(i1 %p) {
; CHECK-LABEL: define i1 @all(
; CHECK:      [[NOTP:%.*]] = xor i1 %p, true
; CHECK-NEXT: %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 [[NOTP]])
; CHECK:      %warp.ballot = trunc i64 {{.*}} to i32
; CHECK-NEXT: [[NONE:%.*]] = icmp eq i32 %warp.ballot, 0
; CHECK-NEXT: ret i1 [[NONE]]
  %r = call i1 @llvm.nvvm.vote.all(i1 %p)
  ret i1 %r
}

define i1 @any(i1 %p) {
; CHECK-LABEL: define i1 @any(
; CHECK:      %warp.ballot = trunc i64 {{.*}} to i32
; CHECK-NEXT: icmp eq i32 %warp.ballot, 0
; CHECK-NEXT: xor i1
  %r = call i1 @llvm.nvvm.vote.any(i1 %p)
  ret i1 %r
}

define i1 @uni(i1 %p) {
; CHECK-LABEL: define i1 @uni(
; CHECK-COUNT-2: call i64 @llvm.amdgcn.ballot.i64
; CHECK:         or i1
  %r = call i1 @llvm.nvvm.vote.uni(i1 %p)
  ret i1 %r
}

; CHECK-NOT: @llvm.nvvm
declare i32 @llvm.nvvm.vote.ballot(i1)
declare i1 @llvm.nvvm.vote.all(i1)
declare i1 @llvm.nvvm.vote.any(i1)
declare i1 @llvm.nvvm.vote.uni(i1)
