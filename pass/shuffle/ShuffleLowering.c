/*===- ShuffleLowering.c - Lower one llvm.nvvm.shfl* call ------------------===*
 *
 * Emits the PTX shfl.sync semantics (see ShflSemantics.h) as lane math:
 *
 *   bval = b & 31, cval = c & 31, seg = (c >> 8) & 31
 *   maxLane = (lane & seg) | (cval & ~seg)
 *   j = up: lane - bval | down: lane + bval | bfly: lane ^ bval
 *       | idx: (lane & seg) | (bval & ~seg)
 *   inRange = up: j >= maxLane (signed) | others: j <= maxLane
 *   result = ds_bpermute(warpBase | (inRange ? j : lane), a)
 *
 * For idx, j and maxLane share the bits in seg, so inRange reduces to
 * (bval & ~seg) <= (cval & ~seg), the same for every lane.
 *
 * When c is a constant (clang always emits one for the CUDA API), the model
 * is evaluated over every lane and every possible b to find out whether the
 * lane is always in range (no select), never in range (no data movement) or
 * always reads itself (no ds_bpermute). Operand fields are built only when
 * needed and folded as they are built, so full-warp shuffles carry no
 * segment math. When b and c are both constants, the range test is a
 * constant set of lanes; with strategy=best and a known target the data
 * moves with the cheapest exact form the target has (ShuffleStrategies.c),
 * and otherwise up, down and bfly compute the lane to read on the hardware
 * lane (hw - b, hw + b, hw ^ b), which needs no warp base.
 *
 *===----------------------------------------------------------------------===*/

#include "shuffle/ShuffleLowering.h"

#include "shuffle/ShuffleStrategies.h"
#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"

#include <llvm-c/DebugInfo.h>
#include <string.h>

/* What the constant operands let us know for every lane. */
typedef struct {
  bool AlwaysInRange;
  bool NeverInRange;
  bool AlwaysOwnLane; /* every lane receives its own value */
} ShuffleFacts;

/* The shuffle's operand fields, each built on first use. */
typedef struct {
  LLVMBuilderRef B;
  WarpLanes *Lanes;
  LLVMValueRef BOperand, COperand;
  LLVMValueRef BVal, CVal, SegMask, NotSegMask;
  LLVMValueRef BOffset; /* bval & ~seg: idx's offset within the segment */
} ShuffleFields;

/* The facts for constant c over every b value 0..31. */
static ShuffleFacts evaluateRuntimeBFacts(ShflMode Mode, uint32_t CValue) {
  ShuffleFacts Facts;
  unsigned NumInRange = 0, NumOwnLane = 0, NumCases = 0;
  for (uint32_t BVal = 0; BVal < 32; ++BVal)
    for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
      ShflOutcome Out = shflEvaluate(Mode, Lane, BVal, CValue);
      NumInRange += Out.InRange;
      NumOwnLane += Out.SrcLane == Lane;
      ++NumCases;
    }
  Facts.AlwaysInRange = NumInRange == NumCases;
  Facts.NeverInRange = NumInRange == 0;
  Facts.AlwaysOwnLane = NumOwnLane == NumCases;
  return Facts;
}

/* For a runtime b the facts take 1,024 evaluations of the model and depend
 * only on (mode, c), which repeat across a module: they are remembered, per
 * thread, in a small direct-mapped table. */
typedef struct {
  bool Valid;
  ShflMode Mode;
  uint32_t CValue;
  ShuffleFacts Facts;
} RuntimeBFacts;

static ShuffleFacts getRuntimeBFacts(ShflMode Mode, uint32_t CValue) {
  static _Thread_local RuntimeBFacts Memo[64];
  RuntimeBFacts *Entry = &Memo[(CValue ^ (CValue >> 8) ^ Mode * 17) % 64];
  if (!Entry->Valid || Entry->Mode != Mode || Entry->CValue != CValue) {
    Entry->Valid = true;
    Entry->Mode = Mode;
    Entry->CValue = CValue;
    Entry->Facts = evaluateRuntimeBFacts(Mode, CValue);
  }
  return Entry->Facts;
}

/* The facts of the constant source map of constant b and c, over the lanes
 * in Lanes (the others may receive anything). */
static ShuffleFacts factsOfConstantMap(const unsigned *Source,
                                       uint32_t InRangeLanes, uint32_t Lanes) {
  ShuffleFacts Facts = {(InRangeLanes & Lanes) == Lanes,
                        (InRangeLanes & Lanes) == 0, true};
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane)
    if (Lanes >> Lane & 1)
      Facts.AlwaysOwnLane &= Source[Lane] == Lane;
  return Facts;
}

static LLVMValueRef getLane(ShuffleFields *F) {
  return warpGetCudaLane(F->Lanes);
}

static LLVMValueRef getBVal(ShuffleFields *F) {
  if (!F->BVal)
    F->BVal = laneField(F->B, F->BOperand, 0);
  return F->BVal;
}

static LLVMValueRef getCVal(ShuffleFields *F) {
  if (!F->CVal)
    F->CVal = laneField(F->B, F->COperand, 0);
  return F->CVal;
}

static LLVMValueRef getSegMask(ShuffleFields *F) {
  if (!F->SegMask)
    F->SegMask = laneField(F->B, F->COperand, 8);
  return F->SegMask;
}

static LLVMValueRef getNotSegMask(ShuffleFields *F) {
  if (!F->NotSegMask) {
    LLVMValueRef Seg = getSegMask(F);
    F->NotSegMask = laneXor(F->B, Seg, laneConstLike(Seg, 31));
  }
  return F->NotSegMask;
}

static LLVMValueRef getBOffset(ShuffleFields *F) {
  if (!F->BOffset) {
    LLVMValueRef BVal = getBVal(F);
    F->BOffset = laneAnd(F->B, BVal, getNotSegMask(F));
  }
  return F->BOffset;
}

/* lane & seg: the first lane of this lane's segment. */
static LLVMValueRef buildSegmentStart(ShuffleFields *F) {
  return laneAnd(F->B, getLane(F), getSegMask(F));
}

/* Names V when it is an instruction of ours; a folded V may be the lane. */
static LLVMValueRef nameIfUnnamed(LLVMValueRef V, const char *Name) {
  size_t Length = 0;
  if (!LLVMIsAInstruction(V))
    return V;
  LLVMGetValueName2(V, &Length);
  if (Length == 0)
    LLVMSetValueName2(V, Name, strlen(Name));
  return V;
}

/* j, the lane the mode asks for before the clamp. */
static LLVMValueRef buildRequestedLane(ShuffleFields *F, ShflMode Mode) {
  LLVMValueRef BVal = getBVal(F);
  switch (Mode) {
  case ShflUp:
    return LLVMBuildSub(F->B, getLane(F), BVal, "shfl.j");
  case ShflDown:
    return LLVMBuildAdd(F->B, getLane(F), BVal, "shfl.j");
  case ShflBfly:
    return nameIfUnnamed(laneXor(F->B, getLane(F), BVal), "shfl.j");
  case ShflIdx:
  default: {
    LLVMValueRef Start = buildSegmentStart(F);
    return nameIfUnnamed(laneOr(F->B, Start, getBOffset(F)), "shfl.j");
  }
  }
}

static LLVMValueRef buildInRange(ShuffleFields *F, ShflMode Mode,
                                 LLVMValueRef J) {
  if (Mode == ShflIdx) {
    LLVMValueRef Offset = getBOffset(F);
    LLVMValueRef MaxOffset = laneAnd(F->B, getCVal(F), getNotSegMask(F));
    return LLVMBuildICmp(F->B, LLVMIntULE, Offset, MaxOffset, "shfl.inrange");
  }
  LLVMValueRef CVal = getCVal(F);
  LLVMValueRef Start = buildSegmentStart(F);
  LLVMValueRef MaxLane =
      laneOr(F->B, Start, laneAnd(F->B, CVal, getNotSegMask(F)));
  LLVMIntPredicate Pred = Mode == ShflUp ? LLVMIntSGE : LLVMIntULE;
  return LLVMBuildICmp(F->B, Pred, J, MaxLane, "shfl.inrange");
}

/* When b and c are constants: the lane each CUDA lane reads (itself where
 * out of range) and the set of lanes in range, from the PTX model. */
static bool evaluateConstantMap(ShflMode Mode, LLVMValueRef BOperand,
                                LLVMValueRef COperand, unsigned *Source,
                                uint32_t *InRangeLanes) {
  uint32_t BValue, CValue;
  if (!laneIsConst(BOperand, &BValue) || !laneIsConst(COperand, &CValue))
    return false;
  *InRangeLanes = shflSourceMap(Mode, BValue, CValue, Source);
  return true;
}

/* Whether a register-to-register move (DPP, ds_swizzle, permlane,
 * readlane) is exact for a shuffle with member mask MaskOperand (NULL for
 * the forms without one, which CUDA runs on the whole warp): lanes outside
 * the mask may be inactive, on the other side of a branch, and a lane that
 * reads one gets 0 on NVIDIA's GPUs (an H100: lit-tests/fast-paths/
 * partial-mask.test) as from ds_bpermute, but whatever its register holds,
 * or its own value, from those moves. So every in-range lane of a constant
 * mask must read a lane of the mask. */
static bool sourcesStayInMask(LLVMValueRef MaskOperand, const unsigned *Source,
                              uint32_t InRangeLanes) {
  uint32_t Mask;
  if (!MaskOperand)
    return true;
  if (!laneIsConst(MaskOperand, &Mask))
    return false;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane)
    if ((Mask >> Lane & 1) && (InRangeLanes >> Lane & 1) &&
        !(Mask >> Source[Lane] & 1))
      return false;
  return true;
}

/* Value (i32 or float) in hardware lane HwLane. */
static LLVMValueRef buildReadHwLane(LLVMModuleRef M, LLVMBuilderRef B,
                                    LLVMValueRef HwLane, LLVMValueRef Value) {
  LLVMTypeRef ValueType = LLVMTypeOf(Value);
  LLVMTypeRef I32 = LLVMTypeOf(HwLane);
  if (ValueType == I32)
    return warpBuildReadLane(M, B, HwLane, Value);
  LLVMValueRef Bits = LLVMBuildBitCast(B, Value, I32, "");
  Bits = warpBuildReadLane(M, B, HwLane, Bits);
  return LLVMBuildBitCast(B, Bits, ValueType, "shfl.value");
}

/* Moves Value (i32 or float) from CUDA lane SrcLane of this warp. */
static LLVMValueRef buildReadFromLane(LLVMModuleRef M, LLVMBuilderRef B,
                                      WarpLanes *Lanes,
                                      const WarpLoweringOptions *Options,
                                      LLVMValueRef SrcLane,
                                      LLVMValueRef Value) {
  LLVMValueRef HwLane = Options->PlantedBug == WarpBugDropWarpBase
                            ? SrcLane
                            : laneOr(B, warpGetWarpBase(Lanes), SrcLane);
  return buildReadHwLane(M, B, HwLane, Value);
}

/* up, down and bfly with constant b and c: the requested lane computed on
 * the hardware lane (hw - b, hw + b, hw ^ b stay in the CUDA warp wherever
 * the constant set of in-range lanes says they are read), so no warp base
 * is needed, as in HIP's __shfl_down. */
static LLVMValueRef buildConstantShuffle(LLVMModuleRef M, LLVMBuilderRef B,
                                         WarpLanes *Lanes,
                                         const WarpLoweringOptions *Options,
                                         ShflMode Mode, uint32_t BValue,
                                         LLVMValueRef InRange,
                                         LLVMValueRef Value) {
  LLVMValueRef Hw = warpGetHwLane(Lanes);
  LLVMValueRef Offset = laneConstLike(Hw, BValue & 31);
  LLVMValueRef J = Mode == ShflUp     ? LLVMBuildSub(B, Hw, Offset, "shfl.j")
                   : Mode == ShflDown ? LLVMBuildAdd(B, Hw, Offset, "shfl.j")
                                      : LLVMBuildXor(B, Hw, Offset, "shfl.j");
  LLVMValueRef Src = J;
  if (InRange && Options->PlantedBug != WarpBugDropClamp)
    Src = LLVMBuildSelect(B, InRange, J, Hw, "shfl.src");
  return buildReadHwLane(M, B, Src, Value);
}

void warpLowerShuffleCall(LLVMModuleRef M, LLVMBuilderRef B, WarpLanes *Lanes,
                          const WarpLoweringOptions *Options, LLVMValueRef Call,
                          const WarpShufflePattern *P, uint32_t Demanded) {
  LLVMPositionBuilderBefore(B, Call);
  LLVMSetCurrentDebugLocation2(B, LLVMInstructionGetDebugLoc(Call));

  unsigned First = P->HasMemberMask ? 1 : 0;
  LLVMValueRef Value = LLVMGetOperand(Call, First);
  ShuffleFields Fields = {.B = B,
                          .Lanes = Lanes,
                          .BOperand = LLVMGetOperand(Call, First + 1),
                          .COperand = LLVMGetOperand(Call, First + 2)};
  unsigned Source[CudaWarpSize];
  uint32_t InRangeLanes = 0, CValue;
  bool ConstantMap = evaluateConstantMap(
      P->Mode, Fields.BOperand, Fields.COperand, Source, &InRangeLanes);
  /* Facts is what the value needs (in the demanded lanes, when the map is
   * constant), PredicateFacts what the in-range predicate does. */
  ShuffleFacts Facts = {false, false, false};
  if (ConstantMap)
    Facts = factsOfConstantMap(Source, InRangeLanes, Demanded);
  else if (laneIsConst(Fields.COperand, &CValue))
    Facts = getRuntimeBFacts(P->Mode, CValue);
  ShuffleFacts PredicateFacts =
      ConstantMap ? factsOfConstantMap(Source, InRangeLanes, 0xffffffff)
                  : Facts;

  LLVMTypeRef I1 = LLVMInt1TypeInContext(LLVMGetModuleContext(M));
  LLVMValueRef Result = Value;
  LLVMValueRef InRange = warpConstInt(I1, !PredicateFacts.NeverInRange);
  bool Moves = !Facts.NeverInRange && !Facts.AlwaysOwnLane;
  bool NeedsClamp = Moves && !Facts.AlwaysInRange;
  bool NeedsPredicate = P->ReturnsPredicate && !PredicateFacts.AlwaysInRange &&
                        !PredicateFacts.NeverInRange;
  unsigned Target = warpLanesTarget(Lanes);
  LLVMValueRef MaskOperand = P->HasMemberMask ? LLVMGetOperand(Call, 0) : NULL;
  LLVMValueRef Fast = ConstantMap && Moves && Target &&
                              Options->Strategy != WarpStrategyBPermute &&
                              sourcesStayInMask(MaskOperand, Source,
                                                InRangeLanes)
                          ? warpBuildFastShuffle(M, B, Lanes, Options, Target,
                                                 Source, Demanded, Value)
                          : NULL;
  bool OnHwLane = ConstantMap && P->Mode != ShflIdx &&
                  Options->PlantedBug != WarpBugDropWarpBase;
  if (Fast || OnHwLane) {
    /* A fast path gives lanes out of range their own value itself. */
    LLVMValueRef InSet = NULL;
    if (NeedsPredicate || (!Fast && NeedsClamp))
      InSet = warpBuildLaneInSet(B, Lanes, InRangeLanes);
    if (NeedsPredicate)
      InRange = InSet;
    Result = Fast    ? Fast
             : Moves ? buildConstantShuffle(
                           M, B, Lanes, Options, P->Mode,
                           (uint32_t)LLVMConstIntGetZExtValue(Fields.BOperand),
                           NeedsClamp ? InSet : NULL, Value)
                     : Value;
  } else if (Moves || NeedsPredicate) {
    bool NeedsInRange = NeedsClamp || NeedsPredicate;
    bool NeedsJ = Moves || (NeedsInRange && P->Mode != ShflIdx);
    LLVMValueRef J = NeedsJ ? buildRequestedLane(&Fields, P->Mode) : NULL;
    LLVMValueRef InSet = NULL;
    if (NeedsInRange)
      InSet = buildInRange(&Fields, P->Mode, J);
    if (NeedsPredicate)
      InRange = InSet;
    if (Moves) {
      LLVMValueRef SrcLane = J;
      if (NeedsClamp && Options->PlantedBug != WarpBugDropClamp)
        SrcLane = LLVMBuildSelect(B, InSet, J, getLane(&Fields), "shfl.src");
      Result = buildReadFromLane(M, B, Lanes, Options, SrcLane, Value);
    }
  }

  if (P->ReturnsPredicate) {
    LLVMValueRef Pair = LLVMGetPoison(LLVMTypeOf(Call));
    Pair = LLVMBuildInsertValue(B, Pair, Result, 0, "");
    Result = LLVMBuildInsertValue(B, Pair, InRange, 1, "");
  }
  LLVMReplaceAllUsesWith(Call, Result);
  LLVMInstructionEraseFromParent(Call);
}
