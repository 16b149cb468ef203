; A name under llvm.nvvm.shfl. that LLVM 22 does not define (here a 64-bit
; shuffle a future LLVM might add) is reported with the function and the
; call. opt stops at the error; through the C entry point the rest of the
; module is still lowered, the unknown call is left as it was, and the
; module verifies.
;
; RUN: not %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s 2>&1 | FileCheck %s --check-prefix=OPT
; RUN: not warp-lower %s 2>%t.err | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s --check-prefix=OPT --input-file=%t.err

; OPT: error: nvvm-shfl-to-amdgpu: in function 'wide': '%r = call i64 @llvm.nvvm.shfl.sync.idx.i64(i32 -1, i64 %x, i32 0, i32 31)': llvm.nvvm.shfl.sync.idx.i64: unknown shuffle intrinsic (nvvm-shfl-to-amdgpu lowers the 32 llvm.nvvm.shfl intrinsics of LLVM 22)

; IR-LABEL: define i64 @wide(
; IR-NEXT:    %r = call i64 @llvm.nvvm.shfl.sync.idx.i64(i32 -1, i64 %x, i32 0, i32 31)
define i64 @wide(i64 %x) {
  %r = call i64 @llvm.nvvm.shfl.sync.idx.i64(i32 -1, i64 %x, i32 0, i32 31)
  ret i64 %r
}

; IR-LABEL: define i32 @narrow(
; IR:         call i32 @llvm.amdgcn.ds.bpermute(
; IR-NOT:     llvm.nvvm.shfl.sync.idx.i32
define i32 @narrow(i32 %x) {
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 0, i32 31)
  ret i32 %r
}

declare i64 @llvm.nvvm.shfl.sync.idx.i64(i32, i64, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
