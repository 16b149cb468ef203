; The lane computation goes after the phis an entry block may start with
; (phis of no incoming values: the entry block has no predecessors) as well
; as after its allocas; before them the module would not verify (found by
; the fuzzer). Shuffles, votes and %laneid all build the lane there.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s --check-prefixes=CHECK,VOTE
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx90a>' -S %s | FileCheck %s --check-prefixes=CHECK,VOTE

; CHECK-LABEL: define {{(hidden )?}}i32 @shuffle(
; CHECK-NEXT:    %p = phi i32
; CHECK-NEXT:    %slot = alloca i32
; CHECK-NEXT:    %lane.lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
define i32 @shuffle(i32 %a, i32 %d) {
  %p = phi i32
  %slot = alloca i32
  %r = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %a, i32 %d, i32 8)
  ret i32 %r
}

; VOTE-LABEL: define {{(hidden )?}}i32 @ballot(
; VOTE-NEXT:    %p = phi i32
; VOTE-NEXT:    %lane.lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
define i32 @ballot(i1 %c) {
  %p = phi i32
  %r = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %c)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
