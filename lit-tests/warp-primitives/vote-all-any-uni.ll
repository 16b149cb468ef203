; __all_sync / __any_sync / __uni_sync over the members (membermask lanes
; that execute the call): all = no member has !p, any = some member has p,
; uni = all or none; each from this warp's ballot masked by membermask.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s --check-prefixes=CHECK,W32

define i1 @all(i32 %m, i1 %p) {
; CHECK-LABEL: define i1 @all(
; CHECK:      [[NOTP:%.*]] = xor i1 %p, true
; W64-NEXT:   %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 [[NOTP]])
; W64:        [[BITS:%.*]] = trunc i64 {{.*}} to i32
; W32-NEXT:   [[BITS:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 [[NOTP]])
; CHECK-NEXT: [[MEMBERS:%.*]] = and i32 [[BITS]], %m
; CHECK-NEXT: [[NONE:%.*]] = icmp eq i32 [[MEMBERS]], 0
; CHECK-NEXT: ret i1 [[NONE]]
  %r = call i1 @llvm.nvvm.vote.all.sync(i32 %m, i1 %p)
  ret i1 %r
}

define i1 @any(i32 %m, i1 %p) {
; CHECK-LABEL: define i1 @any(
; W64:        %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 %p)
; W64:        [[BITS:%.*]] = trunc i64 {{.*}} to i32
; W32:        [[BITS:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 %p)
; CHECK-NEXT: [[MEMBERS:%.*]] = and i32 [[BITS]], %m
; CHECK-NEXT: [[NONE:%.*]] = icmp eq i32 [[MEMBERS]], 0
; CHECK-NEXT: [[SOME:%.*]] = xor i1 [[NONE]], true
; CHECK-NEXT: ret i1 [[SOME]]
  %r = call i1 @llvm.nvvm.vote.any.sync(i32 %m, i1 %p)
  ret i1 %r
}

define i1 @uni(i32 %m, i1 %p) {
; CHECK-LABEL: define i1 @uni(
; CHECK:      call i{{32|64}} @llvm.amdgcn.ballot.i{{32|64}}(i1 %p)
; CHECK:      [[NONETRUE:%.*]] = icmp eq i32 {{.*}}, 0
; CHECK-NEXT: [[NOTP:%.*]] = xor i1 %p, true
; CHECK-NEXT: call i{{32|64}} @llvm.amdgcn.ballot.i{{32|64}}(i1 [[NOTP]])
; CHECK:      [[NONEFALSE:%.*]] = icmp eq i32 {{.*}}, 0
; CHECK-NEXT: [[R:%.*]] = or i1 [[NONETRUE]], [[NONEFALSE]]
; CHECK-NEXT: ret i1 [[R]]
  %r = call i1 @llvm.nvvm.vote.uni.sync(i32 %m, i1 %p)
  ret i1 %r
}

; CHECK-NOT: @llvm.nvvm
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare i1 @llvm.nvvm.vote.uni.sync(i32, i1)
