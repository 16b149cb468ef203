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

//===----------------------------------------------------------------------===//
// Votes, activemask, match, redux, bar.warp.sync, elect.
//===----------------------------------------------------------------------===//

// vote.sync.* take (membermask, predicate); the legacy vote.* only the
// predicate, over the active lanes.
foreach vote = ["all", "any", "uni"] in {
  def : WarpPrimitive<!cast<Intrinsic>("int_nvvm_vote_" # vote # "_sync"),
                      !cast<WarpPrimitiveKind>("Vote" # !toupper(!substr(vote, 0, 1))
                                               # !substr(vote, 1)),
                      [llvm_i1_ty], [llvm_i32_ty, llvm_i1_ty], 0, 1>;
  def : WarpPrimitive<!cast<Intrinsic>("int_nvvm_vote_" # vote),
                      !cast<WarpPrimitiveKind>("Vote" # !toupper(!substr(vote, 0, 1))
                                               # !substr(vote, 1)),
                      [llvm_i1_ty], [llvm_i1_ty], -1, 0>;
}
def : WarpPrimitive<int_nvvm_vote_ballot_sync, VoteBallot, [llvm_i32_ty],
                    [llvm_i32_ty, llvm_i1_ty], 0, 1>;
def : WarpPrimitive<int_nvvm_vote_ballot, VoteBallot, [llvm_i32_ty],
                    [llvm_i1_ty], -1, 0>;

def : WarpPrimitive<int_nvvm_activemask, ActiveMask, [llvm_i32_ty], [], -1, -1>;

foreach ty = [llvm_i32_ty, llvm_i64_ty] in {
  defvar suffix = !if(!eq(ty, llvm_i32_ty), "i32", "i64");
  def : WarpPrimitive<!cast<Intrinsic>("int_nvvm_match_any_sync_" # suffix),
                      MatchAny, [llvm_i32_ty], [llvm_i32_ty, ty], 0, 1>;
  def : WarpPrimitive<!cast<Intrinsic>("int_nvvm_match_all_sync_" # suffix # "p"),
                      MatchAll, [llvm_i32_ty, llvm_i1_ty], [llvm_i32_ty, ty],
                      0, 1>;
}

// redux.sync takes (value, membermask).
foreach op = ["add", "min", "umin", "max", "umax", "and", "or", "xor"] in
  def : WarpPrimitive<!cast<Intrinsic>("int_nvvm_redux_sync_" # op), Redux,
                      [llvm_i32_ty], [llvm_i32_ty, llvm_i32_ty], 1, 0,
                      !cast<ReduxOp>("ReduxOp_" # op)>;
foreach op = ["min", "max"] in
  foreach abs = [0, 1] in
    foreach nan = [0, 1] in
      def : WarpPrimitive<
          !cast<Intrinsic>("int_nvvm_redux_sync_f" # op # !if(abs, "_abs", "")
                           # !if(nan, "_NaN", "")),
          Redux, [llvm_float_ty], [llvm_float_ty, llvm_i32_ty], 1, 0,
          !cast<ReduxOp>("ReduxOp_f" # op), abs, nan>;

def : WarpPrimitive<int_nvvm_bar_warp_sync, BarWarpSync, [], [llvm_i32_ty],
                    0, -1>;
def : WarpPrimitive<int_nvvm_elect_sync, ElectSync, [llvm_i32_ty, llvm_i1_ty],
                    [llvm_i32_ty], 0, -1>;

//===----------------------------------------------------------------------===//
// Fast paths, cheapest first (strategy=best). Each is exact for the source
// maps it accepts; ShuffleStrategies.c says how.
//===----------------------------------------------------------------------===//

defvar AnyWidth = [1, 2, 4, 8, 16, 32];

// One DPP move, foldable into the consumer (v_add_f32_dpp). A row shift
// never fits a whole xor map, but it fits the lanes of one that a program
// observes (strategy=best), and is cheaper there than gfx9's two moves.
def : FastShuffle<QuadLocal, 0, 0, AnyWidth, AllTargets, DppQuadPerm>;
def : FastShuffle<XorLanes, 1, 15, AnyWidth, GFX10Plus, DppRowXmask>;
foreach map = [ShiftUp, ShiftDown] in
  def : FastShuffle<map, 1, 15, [8, 16], AllTargets, DppRowShift>;
def : FastShuffle<XorLanes, 8, 11, AnyWidth, GFX9Family, DppRowRorThenQuad>;
def : FastShuffle<XorLanes, 4, 7, AnyWidth, GFX9Family, DppMirrorThenQuad>;
def : FastShuffle<XorLanes, 12, 15, AnyWidth, GFX9Family, DppMirrorThenQuad>;
def : FastShuffle<XorLanes, 16, 31, [32], GFX10Plus, PermlaneX16>;
def : FastShuffle<XorLanes, 16, 31, [32], GFX9Family, DsSwizzle>;

def : FastShuffle<Broadcast, 0, 31, [32], AllTargets, ReadLane>;
def : FastShuffle<Broadcast, 0, 15, [16], [GFX90A, GFX10, GFX11, GFX12],
                  DppRowShare>;
def : FastShuffle<Broadcast, 0, 15, [8, 16], AllTargets, DsSwizzle>;

foreach map = [ShiftUp, ShiftDown] in {
  def : FastShuffle<map, 1, 15, [32], GFX10Plus, DppRowShiftPermlane>;
  def : FastShuffle<map, 16, 31, [32], GFX10Plus, PermlaneX16>;
  def : FastShuffle<map, 1, 1, [32], GFX9Family, DppWaveShift>;
  def : FastShuffle<map, 16, 16, [32], GFX9Family, SwizzleXor16Shift>;
}
