; A declaration whose type is not LLVM's (hand-written IR; the verifier would
; refuse it, so opt runs with -disable-verify) is reported, naming the
; function and call, and the call is left alone rather than misread.
;
; RUN: not %opt-warp -disable-verify -passes=nvvm-shfl-to-amdgpu -S %s 2>&1 | FileCheck %s

; CHECK: error: nvvm-shfl-to-amdgpu: in function 'f': '%r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x)': llvm.nvvm.shfl.sync.idx.i32: declared with a signature other than LLVM's
define i32 @f(i32 %x) {
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32)
