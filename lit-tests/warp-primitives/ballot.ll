; __ballot_sync(m, p): the wave-wide llvm.amdgcn.ballot of p, this CUDA
; warp's 32 bits of it (on wave64 shifted down by the warp's first hardware
; lane, 0 or 32), and only the lanes of the membermask.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s --check-prefixes=CHECK,W32

define i32 @ballot(i32 %m, i1 %p) {
; CHECK-LABEL: define i32 @ballot(
; W64:        %warp.base = and i32 %hw.lane, 32
; W64-NEXT:   %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 %p)
; W64-NEXT:   [[SHIFT:%.*]] = zext i32 %warp.base to i64
; W64-NEXT:   [[HALF:%.*]] = lshr i64 %ballot, [[SHIFT]]
; W64-NEXT:   [[BITS:%.*]] = trunc i64 [[HALF]] to i32
; W32:        [[BITS:%.*]] = call i32 @llvm.amdgcn.ballot.i32(i1 %p)
; CHECK-NEXT: [[R:%.*]] = and i32 [[BITS]], %m
; CHECK-NEXT: ret i32 [[R]]
  %r = call i32 @llvm.nvvm.vote.ballot.sync(i32 %m, i1 %p)
  ret i32 %r
}

; CHECK-NOT: @llvm.nvvm
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
