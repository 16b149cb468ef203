// Only one of LLVM's 32 shuffle intrinsics has a pattern.
include "llvm/IR/Intrinsics.td"
include "WarpPatternClasses.td"
def : WarpShuffle<int_nvvm_shfl_sync_idx_i32, ShflIdx, llvm_i32_ty, 1, 0>;
