/*===- WarpChains.c - Whole warp scans rewritten per target ----------------===*
 *
 * A scan step is a constant shuffle up by d in segments of w lanes and the
 * operation applied in exactly the lanes that the shuffle brings a lower
 * lane's value to (offset in segment >= d), in one of these shapes:
 *
 *   v' = op(v, select(guard, t, identity))      (the identity where unguarded)
 *   v' = select(guard, op(v, t), v)
 *   v' = select(guard, op(t, v), t)             (CUB's `@p add r0, r0, v`)
 *   v' = op(t, select(guard, v, identity))      (the third after instcombine)
 *
 * where guard is a lane condition (DemandedLanes.h) or the shuffle's own
 * in-range predicate; in the last two, t is v outside the guard, since a
 * lane out of range receives its own value. A float moved as its bits (bitcast,
 * shuffled, cast back, as the headers' __shfl_up_sync(float) does) is a
 * moved float. The last step of an integer sum may also be
 *
 *   v' = (t - x) + select(guard, v, 0)          (or t + x)
 *
 * the last of the four shapes with a term x that reassociation moved in
 * (CUB's ExclusiveSum, inclusive - input, added to more terms); its result
 * is the scan minus (plus) x. A chain is the steps d = 1, 2, ..., w/2 in
 * order, each reading the previous one's result and nothing else reading
 * those results;
 * for w = 16 or 32 its result is the inclusive scan of each segment, which
 * is rebuilt as
 *
 *   x = op(x, dpp(row_shr:s, x, old = identity))   for s = 1, 2, 4, 8
 *   x = op(x, row 0's lane 15 in row 1)            when w = 32
 *
 * with the second row's term from DPP row_bcast:15 on gfx9 and from
 * v_permlanex16 (every lane reading lane 15 of the other row) masked to the
 * odd rows by a DPP move on gfx10+. Rows never straddle CUDA warps, so
 * wave64 needs nothing more. The DPP moves whose old value is the
 * operation's identity fold into the operation (v_add_u32_dpp).
 *
 *===----------------------------------------------------------------------===*/

#include "lanes/WarpChains.h"

#include "lanes/DemandedLanes.h"
#include "lanes/LinearLane.h"
#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"
#include "warp/WarpPatterns.h"

#include <llvm-c/DebugInfo.h>
#include <string.h>

typedef enum {
  ScanAdd,
  ScanAnd,
  ScanOr,
  ScanXor,
  ScanSMin,
  ScanSMax,
  ScanUMin,
  ScanUMax,
  ScanFAdd,
} ScanOp;

typedef struct {
  LLVMValueRef Shuffle;
  LLVMValueRef Field;     /* the call's field 0, or NULL */
  LLVMValueRef Moved;     /* t: the call, its field 0, or a bitcast of those */
  LLVMValueRef InCast;    /* the bitcast of v the shuffle moves, or NULL */
  LLVMValueRef Predicate; /* the call's field 1, or NULL */
  LLVMValueRef Inner;     /* the select of t (first shape), op (second) */
  LLVMValueRef Out;       /* v' */
  LLVMValueRef Offset;    /* t - x or t + x in the last step, or NULL */
  LLVMValueRef In;        /* v */
  ScanOp Op;
  unsigned Delta, Width;
  unsigned InputUses; /* the uses of v the step itself makes */
} ScanStep;

/* The scan operation I performs on two operands, if it is one. */
static bool scanOpOf(LLVMValueRef I, ScanOp *Op) {
  if (!LLVMIsAInstruction(I))
    return false;
  LLVMTypeRef Type = LLVMTypeOf(I);
  bool IsI32 = LLVMGetTypeKind(Type) == LLVMIntegerTypeKind &&
               LLVMGetIntTypeWidth(Type) == 32;
  switch (LLVMGetInstructionOpcode(I)) {
  case LLVMAdd:
    *Op = ScanAdd;
    return IsI32;
  case LLVMAnd:
    *Op = ScanAnd;
    return IsI32;
  case LLVMOr:
    *Op = ScanOr;
    return IsI32;
  case LLVMXor:
    *Op = ScanXor;
    return IsI32;
  case LLVMFAdd:
    *Op = ScanFAdd;
    return LLVMGetTypeKind(Type) == LLVMFloatTypeKind &&
           (LLVMGetFastMathFlags(I) & LLVMFastMathAllowReassoc);
  case LLVMCall: {
    static const struct {
      const char *Name;
      ScanOp Op;
    } MinMax[] = {{"llvm.smin.i32", ScanSMin},
                  {"llvm.smax.i32", ScanSMax},
                  {"llvm.umin.i32", ScanUMin},
                  {"llvm.umax.i32", ScanUMax}};
    const char *Name = warpCalleeName(I);
    for (unsigned K = 0; K < 4; ++K)
      if (!strcmp(Name, MinMax[K].Name) && LLVMGetNumArgOperands(I) == 2) {
        *Op = MinMax[K].Op;
        return true;
      }
    return false;
  }
  default:
    return false;
  }
}

/* The identity of Op as the bits of an i32. */
static uint32_t identityBits(ScanOp Op, LLVMValueRef FAdd) {
  switch (Op) {
  case ScanAnd:
  case ScanUMin:
    return 0xffffffffu;
  case ScanSMin:
    return 0x7fffffffu;
  case ScanSMax:
    return 0x80000000u;
  case ScanFAdd: /* -0.0, or +0.0 where the sign of zero does not matter */
    return LLVMGetFastMathFlags(FAdd) & LLVMFastMathNoSignedZeros ? 0
                                                                  : 0x80000000u;
  default:
    return 0;
  }
}

static bool isIdentity(ScanOp Op, LLVMValueRef FAdd, LLVMValueRef V) {
  uint32_t Bits = identityBits(Op, FAdd);
  if (Op == ScanFAdd) {
    if (!LLVMIsAConstantFP(V))
      return false;
    LLVMBool LosesInfo;
    double Value = LLVMConstRealGetDouble(V, &LosesInfo);
    return Value == 0.0 && (Bits == 0 || __builtin_signbit(Value));
  }
  return LLVMIsAConstantInt(V) && (uint32_t)LLVMConstIntGetZExtValue(V) == Bits;
}

static LLVMValueRef singleUser(LLVMValueRef V) {
  LLVMUseRef U = LLVMGetFirstUse(V);
  if (!U || LLVMGetNextUse(U))
    return NULL;
  return LLVMGetUser(U);
}

static unsigned countUses(LLVMValueRef V) {
  unsigned N = 0;
  for (LLVMUseRef U = LLVMGetFirstUse(V); U; U = LLVMGetNextUse(U))
    ++N;
  return N;
}

/* The other operand of a two-operand op whose operands are X and it. */
static LLVMValueRef otherOperand(LLVMValueRef Op, LLVMValueRef X) {
  LLVMValueRef A = LLVMGetOperand(Op, 0), B = LLVMGetOperand(Op, 1);
  return A == X ? B : B == X ? A : NULL;
}

/* The operand of Select other than X, when X is one of the two it picks. */
static LLVMValueRef otherChoice(LLVMValueRef Select, LLVMValueRef X) {
  LLVMValueRef A = LLVMGetOperand(Select, 1), B = LLVMGetOperand(Select, 2);
  return A == X ? B : B == X ? A : NULL;
}

/* Finds the shuffled value and the predicate of a constant up shuffle. */
static bool shuffleFields(LLVMValueRef Call, const WarpShufflePattern *P,
                          ScanStep *S) {
  S->Shuffle = Call;
  S->Field = S->Predicate = NULL;
  for (LLVMUseRef U = LLVMGetFirstUse(Call); P->ReturnsPredicate && U;
       U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (!LLVMIsAExtractValueInst(User) || LLVMGetNumIndices(User) != 1)
      return false;
    LLVMValueRef *Field = LLVMGetIndices(User)[0] ? &S->Predicate : &S->Field;
    if (*Field)
      return false;
    *Field = User;
  }
  S->Moved = P->ReturnsPredicate ? S->Field : Call;
  return S->Moved != NULL;
}

/* Floats move as their bits (the headers' __shfl_up_sync(float)): v is what
 * the shuffle's bitcast operand casts, and t the cast back of the shuffled
 * bits. */
static void lookThroughBitCasts(ScanStep *S) {
  S->InCast = NULL;
  if (!LLVMIsABitCastInst(S->In) || countUses(S->In) != 1)
    return;
  LLVMValueRef Back = singleUser(S->Moved);
  LLVMValueRef Value = LLVMGetOperand(S->In, 0);
  if (!Back || !LLVMIsABitCastInst(Back) ||
      LLVMTypeOf(Back) != LLVMTypeOf(Value))
    return;
  S->InCast = S->In;
  S->In = Value;
  S->Moved = Back;
}

/* The lanes where Select yields its operand Operand: exactly known, or
 * false. */
static bool lanesChoosing(LLVMValueRef Select, LLVMValueRef Operand,
                          const WarpLanes *Lanes,
                          const WarpLoweringOptions *Options,
                          uint32_t *Chosen) {
  WarpLaneCondition C = warpLaneConditionOf(
      LLVMGetOperand(Select, 0), Lanes->WaveSize,
      Options->TidXIsLane || warpIsUnderBlockShape(Select));
  if (C.MayBeTrue != ~C.MayBeFalse)
    return false;
  *Chosen = LLVMGetOperand(Select, 1) == Operand ? C.MayBeTrue : C.MayBeFalse;
  return true;
}

/* Whether the shuffle is up by Delta in segments of Width (16 or 32) and
 * applies the operation in exactly the in-range lanes Guarded. */
static bool isScanShuffle(const WarpShufflePattern *P, LLVMValueRef Call,
                          uint32_t Guarded, ScanStep *S) {
  unsigned First = P->HasMemberMask ? 1 : 0;
  LLVMValueRef BOperand = LLVMGetOperand(Call, First + 1);
  LLVMValueRef COperand = LLVMGetOperand(Call, First + 2);
  if (P->Mode != ShflUp || !LLVMIsAConstantInt(BOperand) ||
      !LLVMIsAConstantInt(COperand))
    return false;
  uint32_t B = (uint32_t)LLVMConstIntGetZExtValue(BOperand);
  uint32_t C = (uint32_t)LLVMConstIntGetZExtValue(COperand);
  S->Delta = B & 31;
  unsigned Source[CudaWarpSize];
  uint32_t InRange = shflSourceMap(ShflUp, B, C, Source);
  for (unsigned Width = 16; Width <= 32; Width *= 2) {
    bool Matches = S->Delta && S->Delta < Width && Guarded == InRange;
    for (unsigned Lane = 0; Matches && Lane < CudaWarpSize; ++Lane) {
      bool Expected = (Lane & (Width - 1)) >= S->Delta;
      Matches = (bool)(InRange >> Lane & 1) == Expected &&
                (!Expected || Source[Lane] == Lane - S->Delta);
    }
    if (Matches) {
      S->Width = Width;
      return true;
    }
  }
  return false;
}

/* v' = select(guard, op(v, t), v) or select(guard, op(t, v), t): sets the
 * step's operation, Inner (op) and Out (the select, returned in Select).
 * Whether the guard picks op exactly where t comes from a lower lane is
 * isScanShuffle's to check. */
static bool matchGuardedOp(ScanStep *S, LLVMValueRef *Select) {
  LLVMValueRef Op = NULL;
  for (LLVMUseRef U = LLVMGetFirstUse(S->Moved); U && !Op;
       U = LLVMGetNextUse(U))
    if (scanOpOf(LLVMGetUser(U), &S->Op) &&
        otherOperand(LLVMGetUser(U), S->Moved) == S->In)
      Op = LLVMGetUser(U);
  LLVMValueRef Sel = Op ? singleUser(Op) : NULL;
  if (!Sel || !LLVMIsASelectInst(Sel) || LLVMGetOperand(Sel, 0) == Op)
    return false;
  LLVMValueRef Kept = otherChoice(Sel, Op);
  bool KeepsShuffled = Kept == S->Moved;
  if ((Kept != S->In && !KeepsShuffled) ||
      countUses(S->Moved) != (KeepsShuffled ? 2u : 1u))
    return false;
  S->Inner = Op;
  S->Out = Sel;
  S->InputUses = KeepsShuffled ? 2 : 3;
  *Select = Sel;
  return true;
}

/* v' = op(t, select(guard, v, identity)): sets the step's operation, Inner
 * (the select) and Out (op). */
static bool matchGuardedInput(ScanStep *S, LLVMValueRef Op) {
  if (!scanOpOf(Op, &S->Op))
    return false;
  LLVMValueRef Sel = otherOperand(Op, S->Offset ? S->Offset : S->Moved);
  if (!Sel || !LLVMIsASelectInst(Sel) || singleUser(Sel) != Op)
    return false;
  LLVMValueRef Other = otherChoice(Sel, S->In);
  if (!Other || LLVMGetOperand(Sel, 0) == S->In ||
      !isIdentity(S->Op, Op, Other))
    return false;
  S->Inner = Sel;
  S->Out = Op;
  S->InputUses = 2;
  return true;
}

/* v' = (t - x) + select(guard, v, 0) or (t + x) + select(...): Offset is
 * t - x (t + x), the step's operation a sum, Inner the select, Out v'. */
static bool matchOffsetSum(ScanStep *S, LLVMValueRef Offset) {
  LLVMOpcode Opcode = LLVMGetInstructionOpcode(Offset);
  if (LLVMTypeOf(Offset) != LLVMTypeOf(S->In) ||
      (Opcode != LLVMAdd && Opcode != LLVMSub) ||
      (Opcode == LLVMSub && LLVMGetOperand(Offset, 0) != S->Moved) ||
      otherOperand(Offset, S->Moved) == S->Moved)
    return false;
  LLVMValueRef Out = singleUser(Offset);
  ScanOp Op;
  if (!Out || !scanOpOf(Out, &Op) || Op != ScanAdd)
    return false;
  S->Offset = Offset;
  if (!matchGuardedInput(S, Out)) {
    S->Offset = NULL;
    return false;
  }
  return true;
}

/* Matches the step a constant shuffle up begins. */
static bool matchStep(LLVMValueRef Call, const WarpLanes *Lanes,
                      const WarpLoweringOptions *Options, ScanStep *S) {
  const WarpShufflePattern *P =
      LLVMIsACallInst(Call) ? warpFindShufflePattern(warpCalleeName(Call))
                            : NULL;
  if (!P || P->Mode != ShflUp || !shuffleFields(Call, P, S))
    return false;
  S->In = LLVMGetOperand(Call, P->HasMemberMask ? 1 : 0);
  S->Offset = NULL;
  lookThroughBitCasts(S);
  LLVMValueRef User = singleUser(S->Moved);
  uint32_t Guarded;
  LLVMValueRef Select;
  if (User && LLVMIsASelectInst(User)) {
    /* v' = op(v, select(guard, t, identity)) */
    LLVMValueRef Op = singleUser(User);
    LLVMValueRef Other = otherChoice(User, S->Moved);
    if (!Op || !Other || !scanOpOf(Op, &S->Op) ||
        otherOperand(Op, User) != S->In || !isIdentity(S->Op, Op, Other))
      return false;
    Select = User;
    S->Inner = User;
    S->Out = Op;
    if (!lanesChoosing(Select, S->Moved, Lanes, Options, &Guarded))
      return false;
    S->InputUses = 2;
  } else if (User && (matchGuardedInput(S, User) ||
                      (LLVMIsABinaryOperator(User) &&
                       matchOffsetSum(S, User)))) {
    /* v' = op(t, select(guard, v, identity)), or its sum with t - x */
    Select = S->Inner;
    if (!lanesChoosing(Select, S->In, Lanes, Options, &Guarded))
      return false;
  } else if (!matchGuardedOp(S, &Select) ||
             !lanesChoosing(Select, S->Inner, Lanes, Options, &Guarded)) {
    return false;
  }
  /* The step is one block's (a rewrite there must not read lanes that a
   * branch between its parts switched off). */
  LLVMBasicBlockRef Block = LLVMGetInstructionParent(Call);
  if (LLVMGetInstructionParent(S->Inner) != Block ||
      LLVMGetInstructionParent(S->Out) != Block ||
      (S->Offset && LLVMGetInstructionParent(S->Offset) != Block) ||
      LLVMGetInstructionParent(S->Moved) != Block)
    return false;
  /* The predicate may only guard this step. */
  if (S->Predicate &&
      (countUses(S->Predicate) > 1 ||
       (countUses(S->Predicate) == 1 && singleUser(S->Predicate) != Select)))
    return false;
  return isScanShuffle(P, Call, Guarded, S);
}

/* The step after S, reading S's result and nothing else reading it. */
static bool matchNextStep(const ScanStep *S, const WarpLanes *Lanes,
                          const WarpLoweringOptions *Options, ScanStep *Next) {
  for (LLVMUseRef U = LLVMGetFirstUse(S->Out); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (LLVMIsABitCastInst(User) && singleUser(User))
      User = singleUser(User);
    if (!LLVMIsACallInst(User) || !matchStep(User, Lanes, Options, Next))
      continue;
    return Next->In == S->Out && Next->Delta == 2 * S->Delta &&
           LLVMGetInstructionParent(Next->Shuffle) ==
               LLVMGetInstructionParent(S->Shuffle) &&
           Next->Width == S->Width && Next->Op == S->Op &&
           countUses(S->Out) == Next->InputUses;
  }
  return false;
}

enum { MaxSteps = 5 };

typedef struct {
  LLVMModuleRef M;
  LLVMBuilderRef B;
  LLVMTypeRef I32;
  ScanOp Op;
  LLVMValueRef OpInstruction; /* for the fast-math flags of a float add */
  unsigned Target;
} ScanBuilder;

static LLVMValueRef constI32(const ScanBuilder *SB, uint32_t Value) {
  return warpConstInt(SB->I32, Value);
}

static LLVMValueRef buildDpp(const ScanBuilder *SB, LLVMValueRef Old,
                             LLVMValueRef Src, unsigned Control,
                             unsigned RowMask) {
  LLVMValueRef Args[] = {
      Old,
      Src,
      constI32(SB, Control),
      constI32(SB, RowMask),
      constI32(SB, 0xf),
      LLVMConstInt(LLVMInt1TypeInContext(LLVMGetTypeContext(SB->I32)), 0,
                   false)};
  return warpBuildOverloadedCall(SB->M, SB->B, "llvm.amdgcn.update.dpp",
                                 SB->I32, Args, 6, "scan.dpp");
}

/* op(X, Y) on the bits of i32s. */
static LLVMValueRef buildOp(const ScanBuilder *SB, LLVMValueRef X,
                            LLVMValueRef Y) {
  LLVMBuilderRef B = SB->B;
  static const char *const MinMax[] = {"llvm.smin", "llvm.smax", "llvm.umin",
                                       "llvm.umax"};
  switch (SB->Op) {
  case ScanAdd:
    return LLVMBuildAdd(B, X, Y, "scan");
  case ScanAnd:
    return LLVMBuildAnd(B, X, Y, "scan");
  case ScanOr:
    return LLVMBuildOr(B, X, Y, "scan");
  case ScanXor:
    return LLVMBuildXor(B, X, Y, "scan");
  case ScanFAdd: {
    LLVMTypeRef F32 = LLVMFloatTypeInContext(LLVMGetTypeContext(SB->I32));
    LLVMValueRef Sum = LLVMBuildFAdd(B, LLVMBuildBitCast(B, X, F32, ""),
                                     LLVMBuildBitCast(B, Y, F32, ""), "scan");
    LLVMSetFastMathFlags(Sum, LLVMGetFastMathFlags(SB->OpInstruction));
    return LLVMBuildBitCast(B, Sum, SB->I32, "");
  }
  default: {
    LLVMValueRef Args[] = {X, Y};
    return warpBuildOverloadedCall(SB->M, SB->B, MinMax[SB->Op - ScanSMin],
                                   SB->I32, Args, 2, "scan");
  }
  }
}

enum {
  DppRowShr = 0x110,
  DppRowBcast15 = 0x142,
  DppQuadPermIdentity = 0xe4,
  OddRows = 0xa,
};

/* The inclusive scan of each segment of Width lanes of X (i32 bits). */
static LLVMValueRef buildScan(const ScanBuilder *SB, LLVMValueRef X,
                              unsigned Width) {
  LLVMValueRef Identity = constI32(SB, identityBits(SB->Op, SB->OpInstruction));
  for (unsigned Shift = 1; Shift < 16 && Shift < Width; Shift *= 2)
    X = buildOp(SB, X, buildDpp(SB, Identity, X, DppRowShr + Shift, 0xf));
  if (Width < 32)
    return X;
  LLVMValueRef Carry;
  if (SB->Target & (WarpTargetGFX9 | WarpTargetGFX90A)) {
    Carry = buildDpp(SB, Identity, X, DppRowBcast15, OddRows);
  } else {
    LLVMValueRef False = LLVMConstInt(
        LLVMInt1TypeInContext(LLVMGetTypeContext(SB->I32)), 0, false);
    LLVMValueRef Args[] = {
        LLVMGetPoison(SB->I32),    X,     constI32(SB, 0xffffffffu),
        constI32(SB, 0xffffffffu), False, False};
    LLVMValueRef Lane15 = warpBuildOverloadedCall(
        SB->M, SB->B, "llvm.amdgcn.permlanex16", SB->I32, Args, 6, "scan.row");
    Carry = buildDpp(SB, Identity, Lane15, DppQuadPermIdentity, OddRows);
  }
  return buildOp(SB, X, Carry);
}

static void eraseStep(const ScanStep *S) {
  LLVMInstructionEraseFromParent(S->Out);
  if (S->Offset)
    LLVMInstructionEraseFromParent(S->Offset);
  LLVMInstructionEraseFromParent(S->Inner);
  if (S->Moved != S->Shuffle)
    LLVMInstructionEraseFromParent(S->Moved);
  if (S->Field && S->Field != S->Moved)
    LLVMInstructionEraseFromParent(S->Field);
  if (S->Predicate)
    LLVMInstructionEraseFromParent(S->Predicate);
  LLVMInstructionEraseFromParent(S->Shuffle);
  if (S->InCast)
    LLVMInstructionEraseFromParent(S->InCast);
}

static void rewriteChain(LLVMModuleRef M, LLVMBuilderRef B, unsigned Target,
                         const WarpLoweringOptions *Options,
                         const ScanStep *Steps, unsigned NumSteps) {
  const ScanStep *Last = &Steps[NumSteps - 1];
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  ScanBuilder SB = {M,           B,         LLVMInt32TypeInContext(Ctx),
                    Steps[0].Op, Last->Out, Target};
  if (SB.Op == ScanFAdd)
    SB.OpInstruction = LLVMIsASelectInst(Last->Out) ? Last->Inner : Last->Out;
  LLVMPositionBuilderBefore(B, Last->Out);
  LLVMSetCurrentDebugLocation2(B, LLVMInstructionGetDebugLoc(Last->Shuffle));
  LLVMValueRef In = Steps[0].In;
  LLVMTypeRef Type = LLVMTypeOf(In);
  LLVMValueRef Bits = Type == SB.I32 ? In : LLVMBuildBitCast(B, In, SB.I32, "");
  unsigned Width = Steps[0].Width;
  if (Options->PlantedBug == WarpBugScanChainShort)
    Width /= 2;
  LLVMValueRef Scan = buildScan(&SB, Bits, Width);
  if (Type != SB.I32)
    Scan = LLVMBuildBitCast(B, Scan, Type, "scan.value");
  if (Last->Offset)
    Scan = LLVMBuildBinOp(B, LLVMGetInstructionOpcode(Last->Offset), Scan,
                          otherOperand(Last->Offset, Last->Moved), "scan.x");
  LLVMReplaceAllUsesWith(Last->Out, Scan);
  for (unsigned K = NumSteps; K-- > 0;)
    eraseStep(&Steps[K]);
}

/* The steps of the complete chain whose first shuffle is I; 0 if none. */
static unsigned matchChain(LLVMValueRef I, const WarpLanes *Lanes,
                           const WarpLoweringOptions *Options,
                           ScanStep *Steps) {
  if (!LLVMIsACallInst(I) || !matchStep(I, Lanes, Options, &Steps[0]) ||
      Steps[0].Delta != 1)
    return 0;
  /* A step with a term moved in (Offset) ends the chain: its result is not
   * the scan a next step would read. */
  unsigned N = 1;
  while (!Steps[N - 1].Offset && 2 * Steps[N - 1].Delta < Steps[0].Width &&
         N < MaxSteps &&
         matchNextStep(&Steps[N - 1], Lanes, Options, &Steps[N]))
    ++N;
  return 2 * Steps[N - 1].Delta == Steps[0].Width ? N : 0;
}

unsigned warpRewriteScanChains(LLVMModuleRef M, LLVMBuilderRef B,
                               WarpLanes *Lanes,
                               const WarpLoweringOptions *Options) {
  unsigned Target = warpLanesTarget(Lanes);
  if (Options->Strategy != WarpStrategyBest || !Target)
    return 0;
  unsigned Removed = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(Lanes->Function); BB;
       BB = LLVMGetNextBasicBlock(BB)) {
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;) {
      ScanStep Steps[MaxSteps];
      unsigned N = matchChain(I, Lanes, Options, Steps);
      if (!N) {
        I = LLVMGetNextInstruction(I);
        continue;
      }
      rewriteChain(M, B, Target, Options, Steps, N);
      Removed += N;
      /* The chain's instructions are gone; start the block again. */
      I = LLVMGetFirstInstruction(BB);
    }
  }
  return Removed;
}

bool warpIsScanChainStart(LLVMValueRef Shuffle, WarpLanes *Lanes,
                          const WarpLoweringOptions *Options) {
  ScanStep Steps[MaxSteps];
  return Options->Strategy == WarpStrategyBest && warpLanesTarget(Lanes) &&
         matchChain(Shuffle, Lanes, Options, Steps);
}
