; __activemask() (llvm.nvvm.activemask): the ballot of true, i.e. the lanes
; of this CUDA warp that execute the call; on wave64 the warp's half.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s --check-prefix=W64
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s --check-prefix=W32

define i32 @active() {
; W64:      %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 true)
; W64-NEXT: [[SHIFT:%.*]] = zext i32 %warp.base to i64
; W64-NEXT: [[HALF:%.*]] = lshr i64 %ballot, [[SHIFT]]
; W64-NEXT: %warp.ballot = trunc i64 [[HALF]] to i32
; W64-NEXT: ret i32 %warp.ballot
; W32:      %ballot = call i32 @llvm.amdgcn.ballot.i32(i1 true)
; W32-NEXT: ret i32 %ballot
  %r = call i32 @llvm.nvvm.activemask()
  ret i32 %r
}

; W64-NOT: @llvm.nvvm
; W32-NOT: @llvm.nvvm
declare i32 @llvm.nvvm.activemask()
