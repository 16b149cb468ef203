// Patterns whose declared shape disagrees with LLVM's records.
include "llvm/IR/Intrinsics.td"
include "WarpPatternClasses.td"
def : WarpShuffle<int_nvvm_shfl_sync_idx_i32, ShflIdx, llvm_float_ty, 1, 0>;
def : WarpShuffle<int_nvvm_shfl_sync_up_i32, ShflDown, llvm_i32_ty, 1, 0>;
def : WarpShuffle<int_nvvm_shfl_bfly_i32p, ShflBfly, llvm_i32_ty, 1, 1>;
def : WarpShuffle<int_nvvm_shfl_down_f32, ShflDown, llvm_float_ty, 0, 1>;
def : WarpPrimitive<int_nvvm_vote_ballot_sync, VoteBallot, [llvm_i1_ty],
                    [llvm_i32_ty, llvm_i1_ty], 0, 1>;
def : WarpPrimitive<int_nvvm_redux_sync_add, Redux, [llvm_i32_ty],
                    [llvm_i32_ty, llvm_i32_ty], 2, 0, ReduxOp_add>;
