; plant-bug=ballot-wrong-half (for harness tests only) makes wave64 votes
; read the other CUDA warp's half of the ballot: warp base xor 32.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64;plant-bug=ballot-wrong-half>' -S %s | FileCheck %s

define i32 @ballot(i32 %m, i1 %p) {
; CHECK:      %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 %p)
; CHECK-NEXT: [[OTHER:%.*]] = xor i32 %warp.base, 32
; CHECK-NEXT: [[SHIFT:%.*]] = zext i32 [[OTHER]] to i64
; CHECK-NEXT: lshr i64 %ballot, [[SHIFT]]
  %r = call i32 @llvm.nvvm.vote.ballot.sync(i32 %m, i1 %p)
  ret i32 %r
}

declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
