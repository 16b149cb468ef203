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
 * segment math.
 *
 *===----------------------------------------------------------------------===*/

#include "ShuffleLowering.h"

#include <llvm-c/DebugInfo.h>

/* What the constant operands let us know for every lane. */
typedef struct {
  bool AlwaysInRange;
  bool NeverInRange;
  bool AlwaysOwnLane; /* every lane receives its own value */
} ShuffleFacts;

/* The shuffle's operand fields, each built on first use. */
typedef struct {
  LLVMBuilderRef B;
  LLVMValueRef Lane, BOperand, COperand;
  LLVMValueRef BVal, CVal, SegMask, NotSegMask;
} ShuffleFields;

static ShuffleFacts analyseConstantOperands(ShflMode Mode, LLVMValueRef B,
                                            LLVMValueRef C) {
  ShuffleFacts Facts = {false, false, false};
  uint32_t CValue, BValue;
  if (!laneIsConst(C, &CValue))
    return Facts;
  bool BKnown = laneIsConst(B, &BValue);
  unsigned NumInRange = 0, NumOwnLane = 0, NumCases = 0;
  for (uint32_t BVal = 0; BVal < 32; ++BVal) {
    if (BKnown && BVal != (BValue & 31))
      continue;
    for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
      ShflOutcome Out = shflEvaluate(Mode, Lane, BVal, CValue);
      NumInRange += Out.InRange;
      NumOwnLane += Out.SrcLane == Lane;
      ++NumCases;
    }
  }
  Facts.AlwaysInRange = NumInRange == NumCases;
  Facts.NeverInRange = NumInRange == 0;
  Facts.AlwaysOwnLane = NumOwnLane == NumCases;
  return Facts;
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

/* (lane & seg) | (x & ~seg): lane's segment, x's offset within it. */
static LLVMValueRef buildLaneInSegment(ShuffleFields *F, LLVMValueRef X) {
  LLVMValueRef Segment = laneAnd(F->B, F->Lane, getSegMask(F));
  return laneOr(F->B, Segment, laneAnd(F->B, X, getNotSegMask(F)));
}

/* j, the lane the mode asks for before the clamp. */
static LLVMValueRef buildRequestedLane(ShuffleFields *F, ShflMode Mode) {
  switch (Mode) {
  case ShflUp:
    return LLVMBuildSub(F->B, F->Lane, getBVal(F), "shfl.j");
  case ShflDown:
    return LLVMBuildAdd(F->B, F->Lane, getBVal(F), "shfl.j");
  case ShflBfly:
    return laneXor(F->B, F->Lane, getBVal(F));
  case ShflIdx:
  default:
    return buildLaneInSegment(F, getBVal(F));
  }
}

static LLVMValueRef buildInRange(ShuffleFields *F, ShflMode Mode,
                                 LLVMValueRef J) {
  if (Mode == ShflIdx)
    return LLVMBuildICmp(
        F->B, LLVMIntULE, laneAnd(F->B, getBVal(F), getNotSegMask(F)),
        laneAnd(F->B, getCVal(F), getNotSegMask(F)), "shfl.inrange");
  LLVMIntPredicate Pred = Mode == ShflUp ? LLVMIntSGE : LLVMIntULE;
  LLVMValueRef MaxLane = buildLaneInSegment(F, getCVal(F));
  return LLVMBuildICmp(F->B, Pred, J, MaxLane, "shfl.inrange");
}

/* Moves Value (i32 or float) from CUDA lane SrcLane of this warp. */
static LLVMValueRef buildReadFromLane(LLVMModuleRef M, LLVMBuilderRef B,
                                      const WarpLanes *Lanes,
                                      const WarpLoweringOptions *Options,
                                      LLVMValueRef SrcLane,
                                      LLVMValueRef Value) {
  LLVMValueRef HwLane = Options->PlantedBug == WarpBugDropWarpBase
                            ? SrcLane
                            : laneOr(B, Lanes->WarpBase, SrcLane);
  LLVMTypeRef ValueType = LLVMTypeOf(Value);
  LLVMTypeRef I32 = LLVMTypeOf(SrcLane);
  if (ValueType == I32)
    return warpBuildReadLane(M, B, HwLane, Value);
  LLVMValueRef Bits = LLVMBuildBitCast(B, Value, I32, "");
  Bits = warpBuildReadLane(M, B, HwLane, Bits);
  return LLVMBuildBitCast(B, Bits, ValueType, "shfl.value");
}

void warpLowerShuffleCall(LLVMModuleRef M, LLVMBuilderRef B,
                          const WarpLanes *Lanes,
                          const WarpLoweringOptions *Options, LLVMValueRef Call,
                          const WarpShufflePattern *P) {
  LLVMPositionBuilderBefore(B, Call);
  LLVMSetCurrentDebugLocation2(B, LLVMInstructionGetDebugLoc(Call));

  unsigned First = P->HasMemberMask ? 1 : 0;
  LLVMValueRef Value = LLVMGetOperand(Call, First);
  ShuffleFields Fields = {.B = B,
                          .Lane = Lanes->CudaLane,
                          .BOperand = LLVMGetOperand(Call, First + 1),
                          .COperand = LLVMGetOperand(Call, First + 2)};
  ShuffleFacts Facts =
      analyseConstantOperands(P->Mode, Fields.BOperand, Fields.COperand);

  LLVMTypeRef I1 = LLVMInt1TypeInContext(LLVMGetModuleContext(M));
  LLVMValueRef Result = Value;
  LLVMValueRef InRange = LLVMConstInt(I1, !Facts.NeverInRange, false);
  if (!Facts.NeverInRange) {
    bool NeedsInRange =
        !Facts.AlwaysInRange && (P->ReturnsPredicate || !Facts.AlwaysOwnLane);
    bool NeedsJ = !Facts.AlwaysOwnLane || (NeedsInRange && P->Mode != ShflIdx);
    LLVMValueRef J = NeedsJ ? buildRequestedLane(&Fields, P->Mode) : NULL;
    if (NeedsInRange)
      InRange = buildInRange(&Fields, P->Mode, J);

    if (!Facts.AlwaysOwnLane) {
      LLVMValueRef SrcLane = J;
      if (NeedsInRange && Options->PlantedBug != WarpBugDropClamp)
        SrcLane = LLVMBuildSelect(B, InRange, J, Fields.Lane, "shfl.src");
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
