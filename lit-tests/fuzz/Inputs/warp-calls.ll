; A small valid module with a shuffle, a vote and a kernel, for the
; harness tests: every pass lowers something in it.
define i32 @reduce(i32 %v) {
entry:
  %s = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 16, i32 31)
  %sum = add i32 %v, %s
  %p = icmp sgt i32 %sum, 0
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  %r = add i32 %sum, %b
  ret i32 %r
}

define ptx_kernel void @kernel(ptr %out) {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %r = call i32 @reduce(i32 %lane)
  store i32 %r, ptr %out, align 4
  ret void
}

declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
