; Found by fuzz-warp-ir on gen-warp-ir.py output, fixed in 3300811
; ("Waterfall loops split the call's block without rebuilding any phi"):
; lowering a redux.sync or match.any.sync whose value or mask is a phi of
; its own block, in a block that branches to itself, used freed memory. The
; waterfall loop split the block before the call, and the split rebuilt the
; phis of the block's successors that named it, here the block itself, so
; the phi %p was erased while the lowering still held it as its operand (a
; crash in LLVMBuildSelect or setName; under ASan, in the verifier).
; nvvm-warp-to-amdgpu and nvvm-to-amdgpu, every option.

define i32 @f(i1 %c) {
entry:
  br label %loop

loop:
  %p = phi i32 [ 0, %entry ], [ %r, %loop ]
  %r = call i32 @llvm.nvvm.redux.sync.xor(i32 %p, i32 -1)
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %r
}

declare i32 @llvm.nvvm.redux.sync.xor(i32, i32)
