; Found by fuzz-warp-ir (make fuzz, reduced with llvm-reduce), fixed in
; c836c3e ("Inline PTX types checked; unused intrinsic declarations go
; first"): a module may declare an intrinsic's name with another signature
; than LLVM's as long as nothing calls it (the verifier accepts it), and the
; lowerings called that declaration with the intrinsic's arguments
; (buildCall, pass/support/IRUtils.c, finds functions by name), so the
; result did not verify: "Call parameter type does not match function
; signature!". Here for the lane computation every shuffle needs
; (llvm.amdgcn.mbcnt.lo; all passes, every option) and for the intrinsic an
; inline PTX shuffle is rewritten into (nvvm-warp-to-amdgpu, nvvm-to-amdgpu).

define i32 @lane_intrinsic(i32 %v) {
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  ret i32 %r
}

define i32 @inline_ptx_target() {
  %r = call i32 asm sideeffect "shfl.sync.down.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 0, i32 0, i32 0, i32 0)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i64 @llvm.amdgcn.mbcnt.lo(i64, i64)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i64)
