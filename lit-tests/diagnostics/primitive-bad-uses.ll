; Vote/match/redux/elect calls that cannot be lowered are reported by
; nvvm-warp-to-amdgpu, naming the function and the call, and left as they
; are, while the good call next to them is lowered: a name LLVM 22 does
; not define, a declaration with another signature, an address taken.
; (The verifier rejects the latter two in the input already.)
;
; RUN: not warp-lower --warp= %s 2>&1 | FileCheck %s

; CHECK-DAG: error: nvvm-warp-to-amdgpu: in function 'unknown': '%r = call i32 @llvm.nvvm.redux.sync.mul(i32 %v, i32 -1)': llvm.nvvm.redux.sync.mul: unknown warp intrinsic (nvvm-warp-to-amdgpu lowers the vote, match, redux, activemask, bar.warp.sync and elect intrinsics of LLVM 22)
; CHECK-DAG: error: nvvm-warp-to-amdgpu: in function 'wrong_type': '%r = call i64 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)': llvm.nvvm.vote.ballot.sync: declared with a signature other than LLVM's
; CHECK-DAG: error: nvvm-warp-to-amdgpu: in function 'address': 'call void @sink(ptr @llvm.nvvm.activemask)': llvm.nvvm.activemask: used as a value rather than called; only direct calls can be lowered
; CHECK:     warp-lower: 1 lowered, 3 errors

define i32 @unknown(i32 %v) {
  %r = call i32 @llvm.nvvm.redux.sync.mul(i32 %v, i32 -1)
  ret i32 %r
}

define i64 @wrong_type(i1 %p) {
  %r = call i64 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  ret i64 %r
}

define void @address() {
  call void @sink(ptr @llvm.nvvm.activemask)
  ret void
}

define i32 @good(i32 %m) {
  %r = call { i32, i1 } @llvm.nvvm.elect.sync(i32 %m)
  %l = extractvalue { i32, i1 } %r, 0
  ret i32 %l
}

declare i32 @llvm.nvvm.redux.sync.mul(i32, i32)
declare i64 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.activemask()
declare { i32, i1 } @llvm.nvvm.elect.sync(i32)
declare void @sink(ptr)
