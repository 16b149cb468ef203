; A call whose own function type differs from the (correct) declaration is
; reported rather than lowered with missing operands.
;
; RUN: not %opt-warp -disable-verify -passes=nvvm-shfl-to-amdgpu -S %s 2>&1 | FileCheck %s

; CHECK: error: nvvm-shfl-to-amdgpu: in function 'f': '%r = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %x)': llvm.nvvm.shfl.sync.down.i32: called with a signature other than LLVM's
define i32 @f(i32 %x) {
  %r = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %x)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
