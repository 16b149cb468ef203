//===- WarpPatternClasses.td - Classes for warp lowering patterns -*- tablegen -*-===//
//
// The vocabulary of our lowering table. A pattern names an intrinsic record
// from LLVM's own IntrinsicsNVVM.td, states the shape we expect it to have,
// and the lowering that handles it. gen-warp-table.py checks each declared
// shape against the record's real signature and that every shuffle record
// LLVM defines has a pattern, then emits the C table the pass reads.
//
//===----------------------------------------------------------------------===//

class ShflModeKind<string enumerator> {
  string Enumerator = enumerator;
}
def ShflUp   : ShflModeKind<"ShflUp">;
def ShflDown : ShflModeKind<"ShflDown">;
def ShflBfly : ShflModeKind<"ShflBfly">;
def ShflIdx  : ShflModeKind<"ShflIdx">;

class WarpLowering<string enumerator> {
  string Enumerator = enumerator;
}
// Lane-address math plus llvm.amdgcn.ds.bpermute.
def LowerToBPermute : WarpLowering<"WarpLowerBPermute">;

// One llvm.nvvm.shfl* intrinsic: with a member mask (shfl.sync) the operands
// are (mask, a, b, c), without it (a, b, c); with a predicate the result is
// {ValueType, i1}.
class WarpShuffle<Intrinsic intr, ShflModeKind mode, LLVMType valueType,
                  bit hasMemberMask, bit returnsPredicate,
                  WarpLowering lowering = LowerToBPermute> {
  Intrinsic Intr = intr;
  ShflModeKind Mode = mode;
  LLVMType ValueType = valueType;
  bit HasMemberMask = hasMemberMask;
  bit ReturnsPredicate = returnsPredicate;
  WarpLowering Lowering = lowering;
}

// What a warp primitive computes; the pass has one builder per kind.
class WarpPrimitiveKind<string enumerator> {
  string Enumerator = enumerator;
}
def VoteAll     : WarpPrimitiveKind<"WarpVoteAll">;
def VoteAny     : WarpPrimitiveKind<"WarpVoteAny">;
def VoteUni     : WarpPrimitiveKind<"WarpVoteUni">;
def VoteBallot  : WarpPrimitiveKind<"WarpVoteBallot">;
def ActiveMask  : WarpPrimitiveKind<"WarpActiveMask">;
def MatchAny    : WarpPrimitiveKind<"WarpMatchAny">;
def MatchAll    : WarpPrimitiveKind<"WarpMatchAll">;
def Redux       : WarpPrimitiveKind<"WarpRedux">;
def BarWarpSync : WarpPrimitiveKind<"WarpBarWarpSync">;
def ElectSync   : WarpPrimitiveKind<"WarpElectSync">;

// The operation of a redux.sync.
class ReduxOp<string enumerator> {
  string Enumerator = enumerator;
}
def ReduxOp_none : ReduxOp<"WarpReduxNone">;
def ReduxOp_add  : ReduxOp<"WarpReduxAdd">;
def ReduxOp_min  : ReduxOp<"WarpReduxMin">;
def ReduxOp_umin : ReduxOp<"WarpReduxUMin">;
def ReduxOp_max  : ReduxOp<"WarpReduxMax">;
def ReduxOp_umax : ReduxOp<"WarpReduxUMax">;
def ReduxOp_and  : ReduxOp<"WarpReduxAnd">;
def ReduxOp_or   : ReduxOp<"WarpReduxOr">;
def ReduxOp_xor  : ReduxOp<"WarpReduxXor">;
def ReduxOp_fmin : ReduxOp<"WarpReduxFMin">;
def ReduxOp_fmax : ReduxOp<"WarpReduxFMax">;

// One vote/match/redux/activemask/bar.warp.sync/elect intrinsic. Results
// and Params restate LLVM's signature, which the generator checks;
// MaskOperand and ValueOperand are operand indices, -1 when absent (the
// legacy votes take no member mask: the active lanes are the members).
class WarpPrimitive<Intrinsic intr, WarpPrimitiveKind kind,
                    list<LLVMType> results, list<LLVMType> params,
                    int maskOperand, int valueOperand,
                    ReduxOp op = ReduxOp_none, bit abs = 0,
                    bit propagateNaN = 0> {
  Intrinsic Intr = intr;
  WarpPrimitiveKind Kind = kind;
  list<LLVMType> Results = results;
  list<LLVMType> Params = params;
  int MaskOperand = maskOperand;
  int ValueOperand = valueOperand;
  ReduxOp Op = op;
  bit Abs = abs;
  bit PropagateNaN = propagateNaN;
}

//===----------------------------------------------------------------------===//
// Fast paths: the data movement of a shuffle whose operands are constant.
//===----------------------------------------------------------------------===//

// AMDGPU processor families, from a function's "target-cpu".
class WarpTarget<string enumerator> {
  string Enumerator = enumerator;
}
// gfx900-gfx909: DPP16 with wave shifts and row broadcasts.
def GFX9   : WarpTarget<"WarpTargetGFX9">;
// gfx90a, gfx940-gfx942, gfx950: gfx9's DPP plus row_newbcast.
def GFX90A : WarpTarget<"WarpTargetGFX90A">;
// gfx10, gfx11, gfx12: DPP16 with row_share/row_xmask, v_permlanex16; no
// wave shifts or row broadcasts.
def GFX10  : WarpTarget<"WarpTargetGFX10">;
def GFX11  : WarpTarget<"WarpTargetGFX11">;
def GFX12  : WarpTarget<"WarpTargetGFX12">;

defvar AllTargets = [GFX9, GFX90A, GFX10, GFX11, GFX12];
defvar GFX9Family = [GFX9, GFX90A];
defvar GFX10Plus = [GFX10, GFX11, GFX12];

// The shape of a constant shuffle's source map, found by evaluating the PTX
// model over the 32 lanes (ShflSemantics.c); Param and Width below refer to
// it. A lane out of range reads itself.
class SourceMap<string enumerator> {
  string Enumerator = enumerator;
}
// Every lane reads a lane of its own quad, the same way in every quad.
def QuadLocal : SourceMap<"WarpMapQuadLocal">;
// Lane i reads lane i ^ Param.
def XorLanes  : SourceMap<"WarpMapXor">;
// Lane i reads lane Param of its segment of Width lanes.
def Broadcast : SourceMap<"WarpMapBroadcast">;
// Lane i reads lane i - Param of its segment of Width lanes, itself when
// that is before the segment's start.
def ShiftUp   : SourceMap<"WarpMapShiftUp">;
// Lane i reads lane i + Param of its segment, itself past the segment's end.
def ShiftDown : SourceMap<"WarpMapShiftDown">;

// How the data moves; ShuffleStrategies.c has one builder per kind.
class DataMovement<string enumerator> {
  string Enumerator = enumerator;
}
def DppQuadPerm          : DataMovement<"WarpMoveDppQuadPerm">;
def DppRowXmask          : DataMovement<"WarpMoveDppRowXmask">;
def DppRowRorThenQuad    : DataMovement<"WarpMoveDppRowRorThenQuad">;
def DppMirrorThenQuad    : DataMovement<"WarpMoveDppMirrorThenQuad">;
def PermlaneX16          : DataMovement<"WarpMovePermlaneX16">;
def DsSwizzle            : DataMovement<"WarpMoveDsSwizzle">;
def ReadLane             : DataMovement<"WarpMoveReadLane">;
def DppRowShare          : DataMovement<"WarpMoveDppRowShare">;
def DppRowShift          : DataMovement<"WarpMoveDppRowShift">;
def DppRowShiftPermlane  : DataMovement<"WarpMoveDppRowShiftPermlane">;
def DppWaveShift         : DataMovement<"WarpMoveDppWaveShift">;
def SwizzleXor16Shift    : DataMovement<"WarpMoveSwizzleXor16Shift">;

// A fast path: source maps of shape Map whose Param lies in
// [MinParam, MaxParam] and whose segment width is one of Widths move with
// Movement on Targets. The pass takes the first fast path, in the order
// they are defined, that fits the shuffle and the function's target, and
// ds_bpermute when none does.
class FastShuffle<SourceMap map, int minParam, int maxParam, list<int> widths,
                  list<WarpTarget> targets, DataMovement movement> {
  SourceMap Map = map;
  int MinParam = minParam;
  int MaxParam = maxParam;
  list<int> Widths = widths;
  list<WarpTarget> Targets = targets;
  DataMovement Movement = movement;
}
