; Found by fuzz-warp-ir (make fuzz, two minutes in), fixed in 9cef6fe
; ("Lanes: build the lane after the phis an entry block may start with"): an
; entry block may start with a phi that has no incoming values (the entry
; block has no predecessors), and the lowerings put their per-function
; values (llvm.amdgcn.mbcnt.lo/hi, the CUDA lane) ahead of it, so the result
; did not verify: "PHI nodes not grouped at top of basic block!". Every pass
; that needs the lane: a shuffle (nvvm-shfl-to-amdgpu), a vote
; (nvvm-warp-to-amdgpu), %laneid (nvvm-to-amdgpu); every option.

define i32 @shuffle(i32 %a, i32 %d) {
  %p = phi i32
  %r = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %a, i32 %d, i32 8)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
