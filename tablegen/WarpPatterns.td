//===- WarpPatterns.td - NVVM warp intrinsics and their lowerings -*- tablegen -*-===//
//
// Every llvm.nvvm.shfl* intrinsic of the installed LLVM, with its shape and
// lowering. Records come from LLVM's own Intrinsics.td, so a renamed or
// removed intrinsic breaks the build here rather than at run time.
//
//===----------------------------------------------------------------------===//

include "llvm/IR/Intrinsics.td"
include "WarpPatternClasses.td"

// shfl.sync.* carries a member mask, the legacy shfl.* does not; the `p`
// forms also return the in-range predicate.
foreach sync = [0, 1] in
  foreach mode = [ShflUp, ShflDown, ShflBfly, ShflIdx] in
    foreach ty = [llvm_i32_ty, llvm_float_ty] in
      foreach pred = [0, 1] in
        def : WarpShuffle<
            !cast<Intrinsic>("int_nvvm_shfl_" # !if(sync, "sync_", "")
                             # !tolower(!substr(mode.Enumerator, 4)) # "_"
                             # !if(!eq(ty, llvm_i32_ty), "i32", "f32")
                             # !if(pred, "p", "")),
            mode, ty, sync, pred>;
