; Parses but does not verify (a use ahead of its definition): the harness
; skips it before any pass runs.
define i32 @f(i32 %v) {
  %a = add i32 %b, 1
  %b = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 0, i32 31)
  ret i32 %a
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
