/*===- DemandedLanes.c - The CUDA lanes whose values a program observes ----===*
 *
 * Two dataflow problems over one function, on 32-bit sets of CUDA lanes:
 *
 *   Reach(block)  forwards: the lanes that can execute the block. The entry
 *                 is reached by every lane; an edge taken on a condition
 *                 passes the lanes in which the condition can take it.
 *   Demanded(I)   backwards: the lanes in which I's value can be observed.
 *                 An operand of a store, return, branch, memory address or
 *                 divisor is observed wherever its block is reached; an
 *                 operand of an opaque call (cross-lane intrinsics and
 *                 inline asm included) in every lane; of a select, in the
 *                 lanes the condition picks it; of a phi, in the lanes that
 *                 arrive by its edge; of a shuffle with constant operands,
 *                 in the source lanes of the lanes its result is observed
 *                 in; of anything else lane-local, where its result is.
 *
 * Both only grow and are bounded, so iterating to a fixed point ends; a
 * function that takes too many rounds is given every lane (sound).
 *
 * Conditions are evaluated over the 32 lanes when they compare lane
 * functions: expressions of constants and the CUDA lane built with integer
 * arithmetic. The block's linear thread index, threadIdx.x where the block
 * shape makes it the lane (tid-x-lanes, or the copy LaneVersioning.c runs
 * only then; LinearLane.h) and the wave64 hardware lane are the CUDA lane
 * plus an unknown multiple of 32, so only their low five bits are known
 * until a mask or remainder keeps just those; compared with a constant,
 * they still bound the lanes that can be equal to it or below it.
 *
 *===----------------------------------------------------------------------===*/

#include "lanes/DemandedLanes.h"

#include "lanes/LinearLane.h"
#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"
#include "warp/WarpPatterns.h"

#include <stdlib.h>
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

static const WarpShufflePattern *shufflePatternOf(LLVMValueRef Call) {
  if (!LLVMIsACallInst(Call))
    return NULL;
  const char *Name = warpCalleeName(Call);
  if (strncmp(Name, "llvm.nvvm.shfl.", 15))
    return NULL;
  return warpFindShufflePattern(Name);
}

/* The lanes in range of a shuffle with constant operands; false otherwise. */
static bool constantShuffleMap(LLVMValueRef Call, const WarpShufflePattern *P,
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
    const WarpShufflePattern *P = shufflePatternOf(Call);
    unsigned char Source[32];
    uint32_t InRange;
    if (P && P->ReturnsPredicate &&
        constantShuffleMap(Call, P, Source, &InRange)) {
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

/*===-- The function's instructions ---------------------------------------===*/

typedef enum {
  UseLaneLocal,     /* operands observed where the result is */
  UseObservesReach, /* operands observed wherever the block is reached */
  UseOpaque,        /* operands observed in every lane */
  UseConstShuffle,  /* a shuffle with constant lane and clamp operands */
  UseSelect,
  UsePhi,
  UseDivision,         /* the divisor is observed wherever reached */
  UseShufflePredicate, /* extractvalue 1 of a shuffle: reads no value */
} UseKind;

typedef struct {
  LLVMValueRef Value;
  unsigned Index;
} SlotEntry;

struct WarpDemandedLanes {
  unsigned NumInstructions, TableSize;
  SlotEntry *Table; /* instruction -> index, open addressing */
  LLVMValueRef *Instructions;
  unsigned *BlockOf;
  unsigned char *Kind;
  unsigned char (*Source)[32]; /* per constant shuffle */
  uint32_t *Demanded;
  LLVMBasicBlockRef *Blocks;
  unsigned NumBlocks, BlockTableSize;
  SlotEntry *BlockTable;
  uint32_t *Reach;
  WarpLaneCondition *BranchCondition; /* per block, its terminator's */
  WarpLaneCondition *SelectCondition; /* per instruction, for selects */
  char *Arena;                        /* every array above */
  bool PlantShort;
};

static unsigned hashPointer(const void *P, unsigned Size) {
  uintptr_t X = (uintptr_t)P;
  X ^= X >> 17;
  X *= 0x9E3779B97F4A7C15ull;
  return (unsigned)(X >> 32) & (Size - 1);
}

static void tableInsert(SlotEntry *Table, unsigned Size, LLVMValueRef V,
                        unsigned Index) {
  unsigned H = hashPointer(V, Size);
  while (Table[H].Value)
    H = (H + 1) & (Size - 1);
  Table[H].Value = V;
  Table[H].Index = Index;
}

static bool tableFind(const SlotEntry *Table, unsigned Size, LLVMValueRef V,
                      unsigned *Index) {
  if (!Size)
    return false;
  unsigned H = hashPointer(V, Size);
  while (Table[H].Value) {
    if (Table[H].Value == V) {
      *Index = Table[H].Index;
      return true;
    }
    H = (H + 1) & (Size - 1);
  }
  return false;
}

static unsigned tableSizeFor(unsigned Count) {
  unsigned Size = 16;
  while (Size < 2 * Count)
    Size *= 2;
  return Size;
}

/* Target-independent intrinsics that compute a lane's result from that
 * lane's operands alone and have no other effect. */
static bool isLaneLocalIntrinsic(const char *Name) {
  static const char *const Prefixes[] = {
      "llvm.smin.",
      "llvm.smax.",
      "llvm.umin.",
      "llvm.umax.",
      "llvm.minnum.",
      "llvm.maxnum.",
      "llvm.minimum.",
      "llvm.maximum.",
      "llvm.fabs.",
      "llvm.fma.",
      "llvm.fmuladd.",
      "llvm.copysign.",
      "llvm.abs.",
      "llvm.ctpop.",
      "llvm.ctlz.",
      "llvm.cttz.",
      "llvm.bswap.",
      "llvm.bitreverse.",
      "llvm.fshl.",
      "llvm.fshr.",
      "llvm.floor.",
      "llvm.ceil.",
      "llvm.trunc.",
      "llvm.rint.",
      "llvm.nearbyint.",
      "llvm.round.",
      "llvm.sqrt.",
      "llvm.canonicalize.",
      "llvm.sadd.sat.",
      "llvm.uadd.sat.",
      "llvm.ssub.sat.",
      "llvm.usub.sat.",
      "llvm.nvvm.fmin.",
      "llvm.nvvm.fmax.",
      "llvm.nvvm.read.ptx.sreg.",
      "llvm.amdgcn.workitem.id.",
      "llvm.amdgcn.mbcnt.",
  };
  for (size_t I = 0; I < sizeof(Prefixes) / sizeof(Prefixes[0]); ++I)
    if (!strncmp(Name, Prefixes[I], strlen(Prefixes[I])))
      return true;
  return false;
}

static UseKind classifyCall(LLVMValueRef Call, unsigned char *Source) {
  const WarpShufflePattern *P = shufflePatternOf(Call);
  uint32_t InRange;
  if (P)
    return constantShuffleMap(Call, P, Source, &InRange) ? UseConstShuffle
                                                         : UseOpaque;
  return isLaneLocalIntrinsic(warpCalleeName(Call)) ? UseLaneLocal : UseOpaque;
}

static UseKind classify(LLVMValueRef I, unsigned char *Source) {
  switch (LLVMGetInstructionOpcode(I)) {
  case LLVMCall:
    return classifyCall(I, Source);
  case LLVMStore:
  case LLVMLoad:
  case LLVMRet:
  case LLVMBr:
  case LLVMSwitch:
  case LLVMIndirectBr:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
  case LLVMVAArg:
    return UseObservesReach;
  case LLVMSelect:
    return UseSelect;
  case LLVMPHI:
    return UsePhi;
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
    return UseDivision;
  case LLVMExtractValue:
    if (LLVMGetNumIndices(I) == 1 && LLVMGetIndices(I)[0] == 1 &&
        shufflePatternOf(LLVMGetOperand(I, 0)))
      return UseShufflePredicate;
    return UseLaneLocal;
  case LLVMInvoke:
  case LLVMCallBr:
  case LLVMResume:
  case LLVMCleanupRet:
  case LLVMCatchRet:
  case LLVMCatchSwitch:
  case LLVMCatchPad:
  case LLVMCleanupPad:
  case LLVMLandingPad:
  case LLVMFence:
    return UseOpaque;
  default:
    return UseLaneLocal;
  }
}

/* The next Count * Size bytes of the block at Base (8-aligned), or where
 * they would be when Base is NULL; *Used grows past them. */
static void *carve(char *Base, size_t *Used, size_t Count, size_t Size) {
  size_t Offset = (*Used + 7) & ~(size_t)7;
  *Used = Offset + Count * Size;
  return Base ? Base + Offset : NULL;
}

/* The lanes where Cond, used by User, can be true and false: where User
 * runs only if the block shape makes threadIdx.x % 32 the lane
 * (LaneVersioning.c marks it), Cond is evaluated so. */
static WarpLaneCondition conditionAt(const LaneContext *C, LLVMValueRef User,
                                     LLVMValueRef Cond) {
  LaneContext AtUser = *C;
  AtUser.TidXIsLane |= warpIsUnderBlockShape(User);
  return conditionOf(&AtUser, Cond, 0);
}

static void numberFunction(WarpDemandedLanes *D, const LaneContext *C,
                           LLVMValueRef F) {
  unsigned NumInstructions = 0, NumBlocks = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB), ++NumBlocks)
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      ++NumInstructions;
  D->NumInstructions = NumInstructions;
  D->NumBlocks = NumBlocks;
  D->TableSize = tableSizeFor(NumInstructions);
  D->BlockTableSize = tableSizeFor(NumBlocks);
  /* One zeroed block holds every array: sized by a first pass over the
   * same carving. */
  for (int Pass = 0; Pass < 2; ++Pass) {
    char *Base = Pass ? D->Arena : NULL;
    size_t Used = 0;
    D->Table = carve(Base, &Used, D->TableSize, sizeof(SlotEntry));
    D->BlockTable = carve(Base, &Used, D->BlockTableSize, sizeof(SlotEntry));
    D->Instructions = carve(Base, &Used, NumInstructions, sizeof(LLVMValueRef));
    D->BlockOf = carve(Base, &Used, NumInstructions, sizeof(unsigned));
    D->Kind = carve(Base, &Used, NumInstructions, 1);
    D->Source = carve(Base, &Used, NumInstructions, sizeof(*D->Source));
    D->Demanded = carve(Base, &Used, NumInstructions, sizeof(uint32_t));
    D->Blocks = carve(Base, &Used, NumBlocks, sizeof(LLVMBasicBlockRef));
    D->Reach = carve(Base, &Used, NumBlocks, sizeof(uint32_t));
    D->BranchCondition =
        carve(Base, &Used, NumBlocks, sizeof(WarpLaneCondition));
    D->SelectCondition =
        carve(Base, &Used, NumInstructions, sizeof(WarpLaneCondition));
    if (!Pass)
      D->Arena = calloc(1, Used ? Used : 1);
  }
  unsigned Index = 0, Block = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB), ++Block) {
    D->Blocks[Block] = BB;
    tableInsert(D->BlockTable, D->BlockTableSize, LLVMBasicBlockAsValue(BB),
                Block);
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(BB);
    WarpLaneCondition Always = {WarpAllLanes, WarpAllLanes};
    D->BranchCondition[Block] =
        Term && LLVMIsABranchInst(Term) && LLVMIsConditional(Term)
            ? conditionAt(C, Term, LLVMGetCondition(Term))
            : Always;
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I), ++Index) {
      D->Instructions[Index] = I;
      D->BlockOf[Index] = Block;
      D->Kind[Index] = (unsigned char)classify(I, D->Source[Index]);
      if (D->Kind[Index] == UseSelect)
        D->SelectCondition[Index] = conditionAt(C, I, LLVMGetOperand(I, 0));
      tableInsert(D->Table, D->TableSize, I, Index);
    }
  }
}

static unsigned blockIndex(const WarpDemandedLanes *D, LLVMBasicBlockRef BB) {
  unsigned Index = 0;
  tableFind(D->BlockTable, D->BlockTableSize, LLVMBasicBlockAsValue(BB),
            &Index);
  return Index;
}

/* The lanes of From's reach that its terminator sends to To. */
static uint32_t edgeLanes(const WarpDemandedLanes *D, unsigned From,
                          LLVMBasicBlockRef To) {
  LLVMValueRef Term = LLVMGetBasicBlockTerminator(D->Blocks[From]);
  uint32_t Reach = D->Reach[From];
  if (!Term || !LLVMIsABranchInst(Term) || !LLVMIsConditional(Term))
    return Reach;
  WarpLaneCondition Cond = D->BranchCondition[From];
  uint32_t Lanes = 0;
  if (LLVMGetSuccessor(Term, 0) == To)
    Lanes |= Cond.MayBeTrue;
  if (LLVMGetSuccessor(Term, 1) == To)
    Lanes |= Cond.MayBeFalse;
  return Reach & Lanes;
}

enum { MaxRounds = 64 };

static bool computeReach(WarpDemandedLanes *D) {
  D->Reach[0] = WarpAllLanes;
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    bool Changed = false;
    for (unsigned B = 0; B < D->NumBlocks; ++B) {
      LLVMValueRef Term = LLVMGetBasicBlockTerminator(D->Blocks[B]);
      unsigned NumSuccessors = Term ? LLVMGetNumSuccessors(Term) : 0;
      for (unsigned S = 0; S < NumSuccessors; ++S) {
        LLVMBasicBlockRef To = LLVMGetSuccessor(Term, S);
        unsigned T = blockIndex(D, To);
        uint32_t New = D->Reach[T] | edgeLanes(D, B, To);
        Changed |= New != D->Reach[T];
        D->Reach[T] = New;
      }
    }
    if (!Changed)
      return true;
  }
  return false;
}

/* Adds Lanes to the demanded set of V if it is one of F's instructions. */
static bool demand(WarpDemandedLanes *D, LLVMValueRef V, uint32_t Lanes) {
  unsigned Index;
  if (!Lanes || !LLVMIsAInstruction(V) ||
      !tableFind(D->Table, D->TableSize, V, &Index))
    return false;
  uint32_t New = D->Demanded[Index] | Lanes;
  bool Changed = New != D->Demanded[Index];
  D->Demanded[Index] = New;
  return Changed;
}

static bool demandOperands(WarpDemandedLanes *D, LLVMValueRef I,
                           uint32_t Lanes) {
  bool Changed = false;
  int NumOperands = LLVMGetNumOperands(I);
  for (int Op = 0; Op < NumOperands; ++Op)
    Changed |= demand(D, LLVMGetOperand(I, (unsigned)Op), Lanes);
  return Changed;
}

static uint32_t sourceLanes(const unsigned char *Source, uint32_t Lanes) {
  uint32_t Read = 0;
  for (unsigned L = 0; L < 32; ++L)
    if (Lanes >> L & 1)
      Read |= 1u << Source[L];
  return Read;
}

/* Propagates demand from instruction Index to its operands. */
static bool propagate(WarpDemandedLanes *D, unsigned Index) {
  LLVMValueRef I = D->Instructions[Index];
  uint32_t Result = D->Demanded[Index];
  uint32_t Reach = D->Reach[D->BlockOf[Index]];
  switch ((UseKind)D->Kind[Index]) {
  case UseLaneLocal:
    return demandOperands(D, I, Result);
  case UseObservesReach:
    return demandOperands(D, I, Reach | Result);
  case UseOpaque:
    return demandOperands(D, I, WarpAllLanes);
  case UseShufflePredicate:
    return false;
  case UseDivision: {
    bool Changed = demand(D, LLVMGetOperand(I, 0), Result);
    return demand(D, LLVMGetOperand(I, 1), Result | Reach) || Changed;
  }
  case UseConstShuffle: {
    unsigned Value = LLVMGetNumArgOperands(I) == 4 ? 1 : 0;
    return demand(D, LLVMGetOperand(I, Value),
                  sourceLanes(D->Source[Index], Result));
  }
  case UseSelect: {
    WarpLaneCondition Cond = D->SelectCondition[Index];
    bool Changed = demand(D, LLVMGetOperand(I, 0), Result);
    Changed =
        demand(D, LLVMGetOperand(I, 1), Result & Cond.MayBeTrue) || Changed;
    return demand(D, LLVMGetOperand(I, 2), Result & Cond.MayBeFalse) || Changed;
  }
  case UsePhi:
  default: {
    bool Changed = false;
    unsigned Count = LLVMCountIncoming(I);
    for (unsigned K = 0; K < Count; ++K) {
      LLVMBasicBlockRef From = LLVMGetIncomingBlock(I, K);
      uint32_t Edge =
          edgeLanes(D, blockIndex(D, From), LLVMGetInstructionParent(I));
      Changed |= demand(D, LLVMGetIncomingValue(I, K), Result & Edge);
    }
    return Changed;
  }
  }
}

static bool computeDemanded(WarpDemandedLanes *D) {
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    bool Changed = false;
    for (unsigned Index = D->NumInstructions; Index-- > 0;)
      Changed |= propagate(D, Index);
    if (!Changed)
      return true;
  }
  return false;
}

WarpDemandedLanes *
warpAnalyzeDemandedLanes(LLVMValueRef F, unsigned WaveSize,
                         const WarpLoweringOptions *Options) {
  WarpDemandedLanes *D = calloc(1, sizeof(WarpDemandedLanes));
  D->PlantShort = Options->PlantedBug == WarpBugDemandedLaneShort;
  LaneContext C = {WaveSize, Options->TidXIsLane};
  numberFunction(D, &C, F);
  if (!D->NumBlocks || !computeReach(D) || !computeDemanded(D))
    memset(D->Demanded, 0xff, D->NumInstructions * sizeof(uint32_t));
  return D;
}

uint32_t warpDemandedLanes(const WarpDemandedLanes *D, LLVMValueRef V) {
  unsigned Index;
  if (!D || !tableFind(D->Table, D->TableSize, V, &Index))
    return WarpAllLanes;
  uint32_t Lanes = D->Demanded[Index];
  if (D->PlantShort && Lanes)
    Lanes &= Lanes - 1;
  return Lanes;
}

void warpFoldObservedSelects(WarpDemandedLanes *D) {
  for (unsigned Index = 0; D && Index < D->NumInstructions; ++Index) {
    if (D->Kind[Index] != UseSelect)
      continue;
    LLVMValueRef Select = D->Instructions[Index];
    uint32_t Lanes = warpDemandedLanes(D, Select);
    WarpLaneCondition Cond = D->SelectCondition[Index];
    unsigned Picked = !(Lanes & Cond.MayBeFalse)  ? 1
                      : !(Lanes & Cond.MayBeTrue) ? 2
                                                  : 0;
    if (!Lanes || !Picked)
      continue;
    LLVMReplaceAllUsesWith(Select, LLVMGetOperand(Select, Picked));
    LLVMInstructionEraseFromParent(Select);
    D->Kind[Index] = UseLaneLocal;
  }
}

void warpDisposeDemandedLanes(WarpDemandedLanes *D) {
  if (!D)
    return;
  free(D->Arena);
  free(D);
}
