; Taking the intrinsic's address (as a call operand, in a global's
; initializer) or invoking it cannot be lowered; each use is reported with
; where it is.
;
; RUN: not warp-lower %s 2>&1 | FileCheck %s
; RUN: not %opt-warp -disable-verify -passes=nvvm-shfl-to-amdgpu -S %s 2>&1 | FileCheck %s --check-prefix=OPT

; CHECK-DAG: error: nvvm-shfl-to-amdgpu: in global 'table': '@table = global ptr @llvm.nvvm.shfl.sync.idx.i32': llvm.nvvm.shfl.sync.idx.i32: used as a value rather than called; only direct calls can be lowered
; CHECK-DAG: error: nvvm-shfl-to-amdgpu: in function 'passes': 'call void @sink(ptr @llvm.nvvm.shfl.sync.idx.i32)': llvm.nvvm.shfl.sync.idx.i32: used as a value rather than called; only direct calls can be lowered
; CHECK-DAG: error: nvvm-shfl-to-amdgpu: in function 'invokes': '%r = invoke i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 0, i32 31)': llvm.nvvm.shfl.sync.idx.i32: invoked rather than called; only plain calls can be lowered
; CHECK:     warp-lower: 0 lowered, 3 errors
; OPT:       error: nvvm-shfl-to-amdgpu: in {{function|global}}

@table = global ptr @llvm.nvvm.shfl.sync.idx.i32

define void @passes(i32 %x) {
  call void @sink(ptr @llvm.nvvm.shfl.sync.idx.i32)
  ret void
}

define i32 @invokes(i32 %x) personality ptr null {
  %r = invoke i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 0, i32 31) to label %ok unwind label %bad
ok:
  ret i32 %r
bad:
  %lp = landingpad { ptr, i32 } cleanup
  ret i32 0
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare void @sink(ptr)
