; An intrinsic's address inside a constant expression is reported where the
; expression is used: the function and the instruction that holds it (not
; "outside any function"), or the global whose initializer holds it.
;
; RUN: not warp-lower %s 2>&1 | FileCheck %s

; CHECK-DAG: error: nvvm-shfl-to-amdgpu: in function 'f': 'call void @sink(i64 add (i64 ptrtoint (ptr @llvm.nvvm.shfl.sync.idx.i32 to i64), i64 4))': llvm.nvvm.shfl.sync.idx.i32: used as a value rather than called; only direct calls can be lowered
; CHECK-DAG: error: nvvm-shfl-to-amdgpu: in global 'g': '@g = global i64 ptrtoint (ptr @llvm.nvvm.shfl.sync.bfly.i32 to i64)': llvm.nvvm.shfl.sync.bfly.i32: used as a value rather than called; only direct calls can be lowered
; CHECK:     warp-lower: 0 lowered, 2 errors

@g = global i64 ptrtoint (ptr @llvm.nvvm.shfl.sync.bfly.i32 to i64)

define void @f() {
  call void @sink(i64 add (i64 ptrtoint (ptr @llvm.nvvm.shfl.sync.idx.i32 to i64), i64 4))
  ret void
}

declare void @sink(i64)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
