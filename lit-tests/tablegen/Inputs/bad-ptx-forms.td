// Inline PTX forms the generator must reject.
include "PtxInstructions.td"
// No recipe.
def NoRecipe : PtxForm<"nop", [], [], [], ?>;
// A warp form feeding 2 of the 4 parameters of shfl.sync.up.i32p.
def TooFewParams : PtxWarpForm<"shfl", [["b32"]], [Mods<["up"], 1>],
                               [DP, S, S, S, S], int_nvvm_shfl_sync_up_i32p,
                               [4, 1]>;
// vote.sync.all's predicate parameter fed from a plain source operand.
def WrongKind : PtxWarpForm<"vote", [["pred"]], [Mods<["all"], 1>], [D, S, S],
                            int_nvvm_vote_all_sync, [2, 1]>;
// elect.sync returns a predicate too, but operand 0 cannot take d|p.
def NoPair : PtxWarpForm<"elect", [], [Mods<["sync"], 1>], [D, S],
                         int_nvvm_elect_sync, [1]>;
