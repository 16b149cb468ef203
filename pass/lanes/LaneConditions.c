/*===- LaneConditions.c - The lanes in which a condition holds -----------===*
 *
 * A condition that compares lane functions (expressions of constants and
 * the CUDA lane built with integer arithmetic) is evaluated in each of the
 * 32 lanes, giving the lanes in which it can be true and those in which it
 * can be false; DemandedLanes.c passes a branch's or select's operands on
 * to those lanes alone. The block's linear thread index, threadIdx.x where
 * the block shape makes it the lane (tid-x-lanes, or the copy
 * LaneVersioning.c runs only then; LinearLane.h) and the wave64 hardware
 * lane are the CUDA lane plus an unknown multiple of 32, so only their low
 * five bits are known until a mask or remainder keeps just those; compared
 * with a constant, they still bound the lanes that can be equal to it or
 * below it.
 *
 *===----------------------------------------------------------------------===*/

#include "lanes/DemandedLanes.h"

#include "lanes/LinearLane.h"
#include "support/IRUtils.h"
#include "warp/WarpPatterns.h"

#include <string.h>

/*===-- Lane functions ----------------------------------------------------===*/

typedef enum {
  NotLaneFunction,
  LaneExact, /* the value is known in each lane */
  LaneLow5,  /* only its low five bits are */
} LaneKind;

typedef struct {
  unsigned WaveSize;
  bool TidXIsLane;
} LaneContext;

enum { MaxLaneDepth = 12 };

static uint64_t widthMask(LLVMValueRef V) {
  unsigned Bits = LLVMGetIntTypeWidth(LLVMTypeOf(V));
  return Bits >= 64 ? ~0ull : (1ull << Bits) - 1;
}

static bool isAllOnes(LLVMValueRef V) {
  return LLVMIsAConstantInt(V) && LLVMConstIntGetSExtValue(V) == -1;
}

static LaneKind evalLane(const LaneContext *C, LLVMValueRef V, uint64_t *Out,
                         unsigned Depth);

static LaneKind evalLaneCall(const LaneContext *C, LLVMValueRef Call,
                             uint64_t *Out, unsigned Depth) {
  const char *Name = warpCalleeName(Call);
  bool TidX = !strcmp(Name, "llvm.nvvm.read.ptx.sreg.tid.x") ||
              !strcmp(Name, "llvm.amdgcn.workitem.id.x");
  if (!strcmp(Name, "llvm.nvvm.read.ptx.sreg.laneid") ||
      (TidX && (C->TidXIsLane || warpIsUnderBlockShape(Call)))) {
    for (unsigned L = 0; L < 32; ++L)
      Out[L] = L;
    return TidX ? LaneLow5 : LaneExact;
  }
  bool Lo = !strcmp(Name, "llvm.amdgcn.mbcnt.lo");
  bool Hi = !strcmp(Name, "llvm.amdgcn.mbcnt.hi");
  if ((!Lo && !Hi) || LLVMGetNumArgOperands(Call) != 2 ||
      !isAllOnes(LLVMGetOperand(Call, 0)))
    return NotLaneFunction;
  LLVMValueRef Addend = LLVMGetOperand(Call, 1);
  if (C->WaveSize == 32) {
    /* mbcnt.lo counts the lane; the high half of a wave32 is empty. */
    LaneKind Kind = evalLane(C, Addend, Out, Depth + 1);
    for (unsigned L = 0; Lo && Kind && L < 32; ++L)
      Out[L] = (Out[L] + L) & 0xffffffffu;
    return Kind;
  }
  /* wave64: mbcnt.hi(-1, mbcnt.lo(-1, x)) is x + the hardware lane. */
  if (!Hi || !LLVMIsACallInst(Addend) ||
      strcmp(warpCalleeName(Addend), "llvm.amdgcn.mbcnt.lo") ||
      !isAllOnes(LLVMGetOperand(Addend, 0)))
    return NotLaneFunction;
  LaneKind Kind = evalLane(C, LLVMGetOperand(Addend, 1), Out, Depth + 1);
  for (unsigned L = 0; Kind && L < 32; ++L)
    Out[L] = (Out[L] + L) & 0xffffffffu;
  return Kind ? LaneLow5 : NotLaneFunction;
}

static bool isConstantAcrossLanes(const uint64_t *Values) {
  for (unsigned L = 1; L < 32; ++L)
    if (Values[L] != Values[0])
      return false;
  return true;
}

static int64_t signExtend(uint64_t Value, uint64_t Mask) {
  uint64_t Sign = (Mask >> 1) + 1;
  return (int64_t)((Value ^ Sign) - Sign);
}

static bool compareLanes(LLVMIntPredicate Pred, uint64_t A, uint64_t B,
                         uint64_t Mask) {
  int64_t SA = signExtend(A, Mask), SB = signExtend(B, Mask);
  switch (Pred) {
  case LLVMIntEQ:
    return A == B;
  case LLVMIntNE:
    return A != B;
  case LLVMIntUGT:
    return A > B;
  case LLVMIntUGE:
    return A >= B;
  case LLVMIntULT:
    return A < B;
  case LLVMIntULE:
    return A <= B;
  case LLVMIntSGT:
    return SA > SB;
  case LLVMIntSGE:
    return SA >= SB;
  case LLVMIntSLT:
    return SA < SB;
  case LLVMIntSLE:
  default:
    return SA <= SB;
  }
}

/* Binary operators on lane functions. Low5 operands keep their low bits
 * through operations whose low bits depend only on the operands' low bits;
 * masking or a remainder with at most five bits makes them exact. */
static bool isLaneBinaryOpcode(LLVMOpcode Op) {
  switch (Op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMXor:
  case LLVMOr:
  case LLVMAnd:
  case LLVMURem:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMUDiv:
  case LLVMSRem:
  case LLVMSDiv:
    return true;
  default:
    return false;
  }
}

static LaneKind evalLaneBinary(const LaneContext *C, LLVMValueRef I,
                               LLVMOpcode Op, uint64_t *Out, unsigned Depth) {
  uint64_t A[32], B[32];
  LaneKind KA = evalLane(C, LLVMGetOperand(I, 0), A, Depth + 1);
  if (!KA)
    return NotLaneFunction;
  LaneKind KB = evalLane(C, LLVMGetOperand(I, 1), B, Depth + 1);
  if (!KB)
    return NotLaneFunction;
  uint64_t Mask = widthMask(I);
  unsigned Bits = LLVMGetIntTypeWidth(LLVMTypeOf(I));
  bool Exact = KA == LaneExact && KB == LaneExact;
  bool ConstB = KB == LaneExact && isConstantAcrossLanes(B);
  LaneKind Kind = Exact ? LaneExact : LaneLow5;
  switch (Op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMXor:
  case LLVMOr:
    break;
  case LLVMAnd:
    if (!Exact && ConstB && B[0] <= 31)
      Kind = LaneExact;
    else if (!Exact && KA == LaneExact && isConstantAcrossLanes(A) &&
             A[0] <= 31)
      Kind = LaneExact;
    break;
  case LLVMURem:
    if (!ConstB || B[0] == 0)
      return NotLaneFunction;
    if (!Exact && !((B[0] & (B[0] - 1)) == 0 && B[0] <= 32))
      return NotLaneFunction;
    Kind = LaneExact;
    break;
  case LLVMShl:
    if (!ConstB || B[0] >= Bits)
      return NotLaneFunction;
    break;
  case LLVMLShr:
  case LLVMAShr:
    if (!Exact || !ConstB || B[0] >= Bits)
      return NotLaneFunction;
    break;
  case LLVMUDiv:
  case LLVMSRem:
  case LLVMSDiv:
    /* Of a lane known exactly, by a constant other than 0 (or -1, signed):
     * srem comes from an int lane's lane % 32. */
    if (!Exact || !ConstB || B[0] == 0 || (Op != LLVMUDiv && B[0] == Mask))
      return NotLaneFunction;
    break;
  default:
    return NotLaneFunction;
  }
  for (unsigned L = 0; L < 32; ++L) {
    uint64_t X = A[L], Y = B[L], R;
    switch (Op) {
    case LLVMAdd:
      R = X + Y;
      break;
    case LLVMSub:
      R = X - Y;
      break;
    case LLVMMul:
      R = X * Y;
      break;
    case LLVMXor:
      R = X ^ Y;
      break;
    case LLVMOr:
      R = X | Y;
      break;
    case LLVMAnd:
      R = X & Y;
      break;
    case LLVMURem:
      R = X % Y;
      break;
    case LLVMShl:
      R = X << Y;
      break;
    case LLVMLShr:
      R = X >> Y;
      break;
    case LLVMAShr:
      R = (uint64_t)(signExtend(X, Mask) >> Y);
      break;
    case LLVMSRem:
      R = (uint64_t)(signExtend(X, Mask) % signExtend(Y, Mask));
      break;
    case LLVMSDiv:
      R = (uint64_t)(signExtend(X, Mask) / signExtend(Y, Mask));
      break;
    case LLVMUDiv:
    default:
      R = X / Y;
      break;
    }
    Out[L] = R & Mask;
  }
  return Kind;
}

/* A thread index expression congruent to the lane plus a constant
 * (LinearLane.h): the block's linear index, or threadIdx.x and its 2-D form
 * where the block shape makes them the lane. */
static LaneKind evalLinearLane(const LaneContext *C, LLVMValueRef V,
                               uint64_t *Out) {
  uint32_t Offset;
  if (!warpLinearLaneOffset(V, C->TidXIsLane, &Offset))
    return NotLaneFunction;
  for (unsigned L = 0; L < 32; ++L)
    Out[L] = (L + Offset) & 0xffffffffu;
  return LaneLow5;
}

static LaneKind evalLane(const LaneContext *C, LLVMValueRef V, uint64_t *Out,
                         unsigned Depth) {
  if (Depth > MaxLaneDepth ||
      LLVMGetTypeKind(LLVMTypeOf(V)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(V)) > 64)
    return NotLaneFunction;
  if (LLVMIsAConstantInt(V)) {
    uint64_t Value = LLVMConstIntGetZExtValue(V);
    for (unsigned L = 0; L < 32; ++L)
      Out[L] = Value;
    return LaneExact;
  }
  if (!LLVMIsAInstruction(V))
    return NotLaneFunction;
  if (LLVMIsACallInst(V))
    return evalLaneCall(C, V, Out, Depth);
  LLVMOpcode Op = LLVMGetInstructionOpcode(V);
  uint64_t Mask = widthMask(V);
  switch (Op) {
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc: {
    LLVMValueRef Src = LLVMGetOperand(V, 0);
    LaneKind Kind = evalLane(C, Src, Out, Depth + 1);
    if (!Kind ||
        (Kind == LaneLow5 && (LLVMGetIntTypeWidth(LLVMTypeOf(V)) < 5 ||
                              LLVMGetIntTypeWidth(LLVMTypeOf(Src)) < 5)))
      return NotLaneFunction;
    uint64_t SrcMask = widthMask(Src);
    for (unsigned L = 0; L < 32; ++L)
      Out[L] =
          (Op == LLVMSExt ? (uint64_t)signExtend(Out[L], SrcMask) : Out[L]) &
          Mask;
    return Kind;
  }
  case LLVMICmp: {
    uint64_t A[32], B[32];
    if (evalLane(C, LLVMGetOperand(V, 0), A, Depth + 1) != LaneExact ||
        evalLane(C, LLVMGetOperand(V, 1), B, Depth + 1) != LaneExact)
      return NotLaneFunction;
    uint64_t OperandMask = widthMask(LLVMGetOperand(V, 0));
    for (unsigned L = 0; L < 32; ++L)
      Out[L] = compareLanes(LLVMGetICmpPredicate(V), A[L], B[L], OperandMask);
    return LaneExact;
  }
  case LLVMSelect: {
    uint64_t Cond[32], A[32], B[32];
    if (evalLane(C, LLVMGetOperand(V, 0), Cond, Depth + 1) != LaneExact ||
        evalLane(C, LLVMGetOperand(V, 1), A, Depth + 1) != LaneExact ||
        evalLane(C, LLVMGetOperand(V, 2), B, Depth + 1) != LaneExact)
      return NotLaneFunction;
    for (unsigned L = 0; L < 32; ++L)
      Out[L] = Cond[L] & 1 ? A[L] : B[L];
    return LaneExact;
  }
  default:
    if (!isLaneBinaryOpcode(Op))
      return NotLaneFunction;
    LaneKind Kind = evalLaneBinary(C, V, Op, Out, Depth);
    return Kind ? Kind : evalLinearLane(C, V, Out);
  }
}

/*===-- Lane conditions ---------------------------------------------------===*/

const WarpShufflePattern *warpShufflePatternOf(LLVMValueRef Call) {
  if (!LLVMIsACallInst(Call))
    return NULL;
  const char *Name = warpCalleeName(Call);
  if (strncmp(Name, "llvm.nvvm.shfl.", 15))
    return NULL;
  return warpFindShufflePattern(Name);
}

bool warpConstantShuffleMap(LLVMValueRef Call, const WarpShufflePattern *P,
                            unsigned char *Source, uint32_t *InRange) {
  unsigned First = P->HasMemberMask ? 1 : 0;
  LLVMValueRef B = LLVMGetOperand(Call, First + 1);
  LLVMValueRef C = LLVMGetOperand(Call, First + 2);
  if (!LLVMIsAConstantInt(B) || !LLVMIsAConstantInt(C))
    return false;
  unsigned Map[CudaWarpSize];
  *InRange = shflSourceMap(P->Mode, (uint32_t)LLVMConstIntGetZExtValue(B),
                           (uint32_t)LLVMConstIntGetZExtValue(C), Map);
  for (unsigned L = 0; L < CudaWarpSize; ++L)
    Source[L] = (unsigned char)Map[L];
  return true;
}

static LLVMIntPredicate swappedPredicate(LLVMIntPredicate Pred) {
  switch (Pred) {
  case LLVMIntULT:
    return LLVMIntUGT;
  case LLVMIntULE:
    return LLVMIntUGE;
  case LLVMIntUGT:
    return LLVMIntULT;
  case LLVMIntUGE:
    return LLVMIntULE;
  case LLVMIntSLT:
    return LLVMIntSGT;
  case LLVMIntSLE:
    return LLVMIntSGE;
  case LLVMIntSGT:
    return LLVMIntSLT;
  case LLVMIntSGE:
    return LLVMIntSLE;
  default:
    return Pred;
  }
}

/* `X Pred Constant` where only X's low five bits are known (Low): X can be
 * any value with those bits, so a lane can take the branch that needs X to
 * equal Constant only where the bits match, and the one that needs X below
 * Constant only where the smallest such value is (`threadIdx.x == 0` is
 * lane 0 where the block shape makes threadIdx.x % 32 the lane). */
static WarpLaneCondition low5Condition(LLVMIntPredicate Pred,
                                       const uint64_t *Low, uint64_t Constant) {
  uint32_t Matches = 0, Below = 0, AtMost = 0;
  for (unsigned L = 0; L < 32; ++L) {
    uint64_t Least = Low[L] & 31;
    Matches |= (uint32_t)(Least == (Constant & 31)) << L;
    Below |= (uint32_t)(Least < Constant) << L;
    AtMost |= (uint32_t)(Least <= Constant) << L;
  }
  WarpLaneCondition R = {WarpAllLanes, WarpAllLanes};
  if (Pred == LLVMIntEQ)
    R.MayBeTrue = Matches;
  else if (Pred == LLVMIntNE)
    R.MayBeFalse = Matches;
  else if (Pred == LLVMIntULT)
    R.MayBeTrue = Below;
  else if (Pred == LLVMIntULE)
    R.MayBeTrue = AtMost;
  else if (Pred == LLVMIntUGE)
    R.MayBeFalse = Below;
  else if (Pred == LLVMIntUGT)
    R.MayBeFalse = AtMost;
  return R;
}

static WarpLaneCondition conditionOf(const LaneContext *C, LLVMValueRef V,
                                     unsigned Depth) {
  WarpLaneCondition Unknown = {WarpAllLanes, WarpAllLanes};
  if (Depth > MaxLaneDepth)
    return Unknown;
  if (LLVMIsAConstantInt(V)) {
    bool True = LLVMConstIntGetZExtValue(V) & 1;
    WarpLaneCondition Const = {True ? WarpAllLanes : 0,
                               True ? 0 : WarpAllLanes};
    return Const;
  }
  if (!LLVMIsAInstruction(V))
    return Unknown;
  LLVMOpcode Op = LLVMGetInstructionOpcode(V);
  if (Op == LLVMExtractValue && LLVMGetNumIndices(V) == 1 &&
      LLVMGetIndices(V)[0] == 1) {
    LLVMValueRef Call = LLVMGetOperand(V, 0);
    const WarpShufflePattern *P = warpShufflePatternOf(Call);
    unsigned char Source[32];
    uint32_t InRange;
    if (P && P->ReturnsPredicate &&
        warpConstantShuffleMap(Call, P, Source, &InRange)) {
      WarpLaneCondition Pred = {InRange, ~InRange};
      return Pred;
    }
    return Unknown;
  }
  if (Op == LLVMICmp) {
    uint64_t A[32], B[32];
    LaneKind KA = evalLane(C, LLVMGetOperand(V, 0), A, Depth + 1);
    LaneKind KB = KA ? evalLane(C, LLVMGetOperand(V, 1), B, Depth + 1)
                     : NotLaneFunction;
    LLVMIntPredicate Pred = LLVMGetICmpPredicate(V);
    if (KA == LaneLow5 && KB == LaneExact && isConstantAcrossLanes(B))
      return low5Condition(Pred, A, B[0]);
    if (KA == LaneExact && KB == LaneLow5 && isConstantAcrossLanes(A))
      return low5Condition(swappedPredicate(Pred), B, A[0]);
    if (KA != LaneExact || KB != LaneExact)
      return Unknown;
    uint64_t Mask = widthMask(LLVMGetOperand(V, 0));
    uint32_t True = 0;
    for (unsigned L = 0; L < 32; ++L)
      True |= (uint32_t)compareLanes(LLVMGetICmpPredicate(V), A[L], B[L], Mask)
              << L;
    WarpLaneCondition Result = {True, ~True};
    return Result;
  }
  if (Op == LLVMFreeze)
    return conditionOf(C, LLVMGetOperand(V, 0), Depth + 1);
  if (Op == LLVMAnd || Op == LLVMOr || Op == LLVMXor) {
    WarpLaneCondition A = conditionOf(C, LLVMGetOperand(V, 0), Depth + 1);
    WarpLaneCondition B = conditionOf(C, LLVMGetOperand(V, 1), Depth + 1);
    WarpLaneCondition R;
    if (Op == LLVMAnd) {
      R.MayBeTrue = A.MayBeTrue & B.MayBeTrue;
      R.MayBeFalse = A.MayBeFalse | B.MayBeFalse;
    } else if (Op == LLVMOr) {
      R.MayBeTrue = A.MayBeTrue | B.MayBeTrue;
      R.MayBeFalse = A.MayBeFalse & B.MayBeFalse;
    } else {
      R.MayBeTrue = (A.MayBeTrue & B.MayBeFalse) | (A.MayBeFalse & B.MayBeTrue);
      R.MayBeFalse =
          (A.MayBeTrue & B.MayBeTrue) | (A.MayBeFalse & B.MayBeFalse);
    }
    return R;
  }
  if (Op == LLVMSelect) {
    WarpLaneCondition S = conditionOf(C, LLVMGetOperand(V, 0), Depth + 1);
    WarpLaneCondition A = conditionOf(C, LLVMGetOperand(V, 1), Depth + 1);
    WarpLaneCondition B = conditionOf(C, LLVMGetOperand(V, 2), Depth + 1);
    WarpLaneCondition R = {
        (S.MayBeTrue & A.MayBeTrue) | (S.MayBeFalse & B.MayBeTrue),
        (S.MayBeTrue & A.MayBeFalse) | (S.MayBeFalse & B.MayBeFalse)};
    return R;
  }
  return Unknown;
}

WarpLaneCondition warpLaneConditionOf(LLVMValueRef Cond, unsigned WaveSize,
                                      bool TidXIsLane) {
  LaneContext C = {WaveSize, TidXIsLane};
  return conditionOf(&C, Cond, 0);
}
