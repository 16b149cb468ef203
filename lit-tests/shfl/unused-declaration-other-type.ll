; A module may declare an intrinsic's name with other types than LLVM's
; as long as nothing uses the declaration. The passes find the
; declarations of the intrinsics they call by name, so unused intrinsic
; declarations go first; otherwise the lane computation and an inline PTX
; shuffle would call these with the wrong types, and the module would not
; verify (found by the fuzzer).
;
; RUN: warp-lower %s | FileCheck %s
; RUN: warp-lower --warp= %s | FileCheck %s --check-prefixes=CHECK,WARP

; CHECK:      call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; WARP:       call i32 @llvm.amdgcn.ds.bpermute(
; CHECK-NOT:  declare i64 @llvm.amdgcn.mbcnt.lo(i64, i64)
; CHECK:      declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
; CHECK-NOT:  declare i64 @llvm.amdgcn.mbcnt.lo(i64, i64)

define i32 @shuffle(i32 %v) {
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  ret i32 %r
}

define i32 @inline_ptx(i32 %v, i32 %d) {
  %r = call i32 asm sideeffect "shfl.sync.down.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 %v, i32 %d, i32 31, i32 -1)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i64 @llvm.amdgcn.mbcnt.lo(i64, i64)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i64)
