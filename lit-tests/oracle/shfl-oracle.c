/*===- shfl-oracle.c - Exhaustive semantic check of the shuffle lowering ---===*
 *
 * For every llvm.nvvm.shfl* variant (enumerated here from the intrinsic
 * names, independently of the pass's table) and both wave sizes, this tool
 * builds functions holding one shuffle, runs the lowering on them, verifies
 * the module, and JIT-compiles the result for the host with the amdgcn
 * intrinsics bound to host models of their documented semantics:
 *
 *   mbcnt.lo(m, a) = a + popcount(m & lanes below this one among 0..31)
 *   mbcnt.hi(m, a) = a + popcount(m & lanes below this one among 32..63)
 *   ds_bpermute, update.dpp, ds.swizzle, permlane16/x16 and readlane: the
 *   models of wavesim/amdgpu-lane-ops.c, which wavesim shares
 *
 * With --target=gfxNNN the functions get that "target-cpu" (and the
 * wavefrontsize feature of the wave being checked), so that with the
 * default strategy=best the pass takes that target's fast paths for
 * shuffles whose b and c are constants; the lowered code must then use only
 * controls the target has.
 *
 * A wave is run in lockstep by executing each lane several times: pass k
 * records every lane's operands of its k-th cross-lane operation (earlier
 * ones return the results computed after their passes), and the pass in
 * which no lane reaches a further one is the result. That is exact for
 * straight-line code, which is what a lowered shuffle is (the tool checks
 * that every lane issues the same operations with the same immediates).
 *
 * Every lane's value bits and predicate are compared with the PTX model
 * (pass/warp/ShflSemantics.c, itself checked on NVIDIA hardware by
 * lit-tests/oracle/nvidia). Operands are exercised four ways: b and c both
 * runtime values over b in 0..63, c in 0..8191; b constant (0..63) with c
 * over 0..8191; c constant (every value of its 10 meaningful bits, and some
 * with the ignored bits set) with b over 0..63; and both constant for the
 * c values clang emits for every CUDA width. A fifth way, selected on its
 * own (--operands=every-const), has both constant for every b in 0..31
 * (PTX ignores b's other bits) and every constant c above, the shuffles
 * fast paths can take;
 * --fast-paths-only leaves out the functions the pass lowered to
 * ds_bpermute. Lane values are NaNs with payloads, -0.0 and normals, all
 * distinct, with each CUDA warp of a wave64 holding different data. On a
 * mismatch the lowered function is printed with the first reports.
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"
#include "amdgpu-lane-ops.h"
#include "host-jit.h"
#include "warp/ShflSemantics.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MaxWave = 64, NumBValues = 64, NumCValues = 8192, MaxCrossLaneOps = 8 };

typedef struct {
  char Name[48]; /* the intrinsic, e.g. llvm.nvvm.shfl.sync.idx.f32p */
  ShflMode Mode;
  bool Sync, IsFloat, ReturnsPredicate;
} Variant;

typedef enum {
  DynamicBC,
  ConstB,
  ConstC,
  ConstBC,
  EveryConstBC,
  NumOperandKinds
} OperandKind;

static const char *const OperandKindNames[] = {"b, c runtime", "b constant",
                                               "c constant", "b, c constant",
                                               "every constant"};

/*===-- Host models of the AMDGPU intrinsics ------------------------------===*/

typedef enum {
  OpBPermute,
  OpUpdateDpp,
  OpDsSwizzle,
  OpPermlane16,
  OpPermlaneX16,
  OpReadLane,
} CrossLaneKind;

/* One cross-lane operation of the wave: its uniform operands (immediates,
 * scalar selects), each lane's two vector operands and, once every lane
 * has recorded them, each lane's result. */
typedef struct {
  CrossLaneKind Kind;
  uint32_t Uniform[4];
  uint32_t A[MaxWave], B[MaxWave];
  uint32_t Result[MaxWave];
} CrossLaneOp;

static LaneOpsTarget Target = LaneOpsTargetAny;
static unsigned ModelBugs;

static _Thread_local struct {
  unsigned WaveSize;
  unsigned Lane;
  unsigned Recording; /* the operation whose operands this pass records */
  unsigned NumIssued; /* operations the current lane has issued */
  CrossLaneOp Ops[MaxCrossLaneOps];
} Wave;

static void failWith(const char *What, char *Detail);

static uint32_t lanesBelow(unsigned Lane, unsigned FirstLane) {
  if (Lane <= FirstLane)
    return 0;
  unsigned Count = Lane - FirstLane;
  return Count >= 32 ? ~0u : (1u << Count) - 1;
}

static uint32_t hostMbcntLo(uint32_t Mask, uint32_t Accumulator) {
  return Accumulator +
         (uint32_t)__builtin_popcount(Mask & lanesBelow(Wave.Lane, 0));
}

static uint32_t hostMbcntHi(uint32_t Mask, uint32_t Accumulator) {
  return Accumulator +
         (uint32_t)__builtin_popcount(Mask & lanesBelow(Wave.Lane, 32));
}

/* The current lane's next cross-lane operation: recorded in the pass that
 * records it (its result there is a placeholder), replayed after. Every
 * lane must issue the same operations with the same uniform operands. */
static uint32_t crossLane(CrossLaneKind Kind, const uint32_t Uniform[4],
                          uint32_t A, uint32_t B) {
  unsigned Index = Wave.NumIssued++;
  if (Index >= MaxCrossLaneOps)
    failWith("a lowered shuffle issued too many cross-lane operations", NULL);
  CrossLaneOp *Op = &Wave.Ops[Index];
  if (Index > Wave.Recording)
    return 0;
  if (Index == Wave.Recording) {
    if (Wave.Lane == 0) {
      Op->Kind = Kind;
      memcpy(Op->Uniform, Uniform, sizeof(Op->Uniform));
    }
    Op->A[Wave.Lane] = A;
    Op->B[Wave.Lane] = B;
  }
  if (Op->Kind != Kind || memcmp(Op->Uniform, Uniform, sizeof(Op->Uniform)))
    failWith("lanes of a wave issued different cross-lane operations", NULL);
  return Index == Wave.Recording ? 0 : Op->Result[Wave.Lane];
}

static uint32_t hostDsBPermute(uint32_t Address, uint32_t Data) {
  static const uint32_t None[4];
  return crossLane(OpBPermute, None, Address, Data);
}

/* i1 arguments have undefined bits above bit 0 in the host ABI. */
static uint32_t hostUpdateDpp(uint32_t Old, uint32_t Src, uint32_t Ctrl,
                              uint32_t RowMask, uint32_t BankMask,
                              uint32_t BoundCtrl) {
  const uint32_t Uniform[4] = {Ctrl, RowMask, BankMask, BoundCtrl & 1};
  return crossLane(OpUpdateDpp, Uniform, Old, Src);
}

static uint32_t hostDsSwizzle(uint32_t Src, uint32_t Offset) {
  const uint32_t Uniform[4] = {Offset};
  return crossLane(OpDsSwizzle, Uniform, 0, Src);
}

static uint32_t hostPermlane(CrossLaneKind Kind, uint32_t Old, uint32_t Src,
                             uint32_t SelLo, uint32_t SelHi,
                             uint32_t FetchInactive, uint32_t BoundCtrl) {
  const uint32_t Uniform[4] = {SelLo, SelHi, FetchInactive & 1, BoundCtrl & 1};
  return crossLane(Kind, Uniform, Old, Src);
}

static uint32_t hostPermlane16(uint32_t Old, uint32_t Src, uint32_t SelLo,
                               uint32_t SelHi, uint32_t FetchInactive,
                               uint32_t BoundCtrl) {
  return hostPermlane(OpPermlane16, Old, Src, SelLo, SelHi, FetchInactive,
                      BoundCtrl);
}

static uint32_t hostPermlaneX16(uint32_t Old, uint32_t Src, uint32_t SelLo,
                                uint32_t SelHi, uint32_t FetchInactive,
                                uint32_t BoundCtrl) {
  return hostPermlane(OpPermlaneX16, Old, Src, SelLo, SelHi, FetchInactive,
                      BoundCtrl);
}

static uint32_t hostReadLane(uint32_t Src, uint32_t Lane) {
  const uint32_t Uniform[4] = {Lane};
  return crossLane(OpReadLane, Uniform, 0, Src);
}

/* Every lane of the wave runs, so exec is all of them. */
static void combine(CrossLaneOp *Op) {
  unsigned N = Wave.WaveSize;
  LaneOpsWave W = {N, N == 64 ? ~0ull : (1ull << N) - 1, ModelBugs};
  const uint32_t *U = Op->Uniform;
  switch (Op->Kind) {
  case OpBPermute:
    laneOpsBPermute(&W, Op->A, Op->B, Op->Result);
    break;
  case OpUpdateDpp:
    laneOpsUpdateDpp(&W, Op->A, Op->B, U[0], U[1], U[2], U[3], Op->Result);
    break;
  case OpDsSwizzle:
    laneOpsDsSwizzle(&W, Op->B, U[0], Op->Result);
    break;
  case OpPermlane16:
  case OpPermlaneX16:
    laneOpsPermlane16(&W, Op->Kind == OpPermlaneX16, Op->A, Op->B, U[0], U[1],
                      U[2], U[3], Op->Result);
    break;
  case OpReadLane: {
    uint64_t Values[MaxWave];
    for (unsigned I = 0; I < N; ++I)
      Values[I] = Op->B[I];
    for (unsigned I = 0; I < N; ++I)
      Op->Result[I] = (uint32_t)laneOpsReadLane(&W, Values, U[0], I);
    break;
  }
  }
}

static const struct {
  const char *Intrinsic;
  const char *HostName;
  void *Address;
} HostModels[] = {
    {"llvm.amdgcn.mbcnt.lo", "oracle_mbcnt_lo", (void *)hostMbcntLo},
    {"llvm.amdgcn.mbcnt.hi", "oracle_mbcnt_hi", (void *)hostMbcntHi},
    {"llvm.amdgcn.ds.bpermute", "oracle_ds_bpermute", (void *)hostDsBPermute},
    {"llvm.amdgcn.update.dpp.i32", "oracle_update_dpp", (void *)hostUpdateDpp},
    {"llvm.amdgcn.ds.swizzle", "oracle_ds_swizzle", (void *)hostDsSwizzle},
    {"llvm.amdgcn.permlane16.i32", "oracle_permlane16", (void *)hostPermlane16},
    {"llvm.amdgcn.permlanex16.i32", "oracle_permlanex16",
     (void *)hostPermlaneX16},
    {"llvm.amdgcn.readlane.i32", "oracle_readlane", (void *)hostReadLane},
};
enum { NumHostModels = sizeof(HostModels) / sizeof(HostModels[0]) };

/*===-- Test data ---------------------------------------------------------===*/

/* Distinct bits per hardware lane: NaNs with payloads of both signs, -0.0
 * and normals, so a value that went through a float register and got
 * canonicalised, or came from the wrong lane, shows. */
static uint32_t laneBits(unsigned HwLane) {
  switch (HwLane % 4) {
  case 0:
    return 0x7FC00000u | (HwLane << 12) | 0xA5u; /* quiet NaN */
  case 1:
    return 0x7F800000u | (HwLane << 8) | 1u; /* signalling NaN */
  case 2:
    return 0xFFC00000u | (HwLane << 4) | 3u; /* negative quiet NaN */
  default:
    return HwLane == 3 ? 0x80000000u : 0x3F800000u + HwLane; /* -0.0, 1.0+ */
  }
}

static uint32_t LaneData[MaxWave];

/* The c values clang emits for __shfl_*_sync with each power-of-two width:
 * ((32 - w) << 8) | 31 for idx, down and xor; (32 - w) << 8 for up. */
static unsigned clangCValues(uint32_t *Out) {
  unsigned N = 0;
  for (unsigned Width = 1; Width <= 32; Width *= 2) {
    Out[N++] = ((32 - Width) << 8) | 31;
    Out[N++] = (32 - Width) << 8;
  }
  return N;
}

/* Every c whose bits 0-4 and 8-12 differ, then a few with ignored bits set. */
static unsigned constantCValues(uint32_t *Out) {
  unsigned N = 0;
  for (uint32_t Seg = 0; Seg < 32; ++Seg)
    for (uint32_t Clamp = 0; Clamp < 32; ++Clamp)
      Out[N++] = (Seg << 8) | Clamp;
  static const uint32_t WithIgnoredBits[] = {0xFFFFE0FFu, 0x0000E0E0u,
                                             0x80001F1Fu, 0x12345678u};
  for (unsigned I = 0; I < 4; ++I)
    Out[N++] = WithIgnoredBits[I];
  return N;
}

/*===-- Building and lowering the functions under test --------------------===*/

static const char *TargetCPU;             /* --target, NULL for none */
static const char *StrategyName = "best"; /* --strategy */

static void addStringAttribute(LLVMValueRef Fn, const char *Kind,
                               const char *Value) {
  LLVMContextRef Ctx = LLVMGetTypeContext(LLVMTypeOf(Fn));
  LLVMAddAttributeAtIndex(
      Fn, LLVMAttributeFunctionIndex,
      LLVMCreateStringAttribute(Ctx, Kind, (unsigned)strlen(Kind), Value,
                                (unsigned)strlen(Value)));
}

/* void @name(i32 %data, i32 %b, i32 %c, ptr %out): stores the shuffled bits
 * to out[0] and the predicate (0 or 1) to out[1]. With a target, the
 * function runs on it in a wave of WaveSize. */
static void buildCaseFunction(LLVMModuleRef M, const Variant *V,
                              unsigned WaveSize, const char *Name,
                              const uint32_t *ConstB, const uint32_t *ConstC) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef I32 = LLVMInt32TypeInContext(Ctx);
  LLVMTypeRef Ptr = LLVMPointerTypeInContext(Ctx, 0);
  LLVMTypeRef Params[] = {I32, I32, I32, Ptr};
  LLVMTypeRef FnType =
      LLVMFunctionType(LLVMVoidTypeInContext(Ctx), Params, 4, 0);
  LLVMValueRef Fn = LLVMAddFunction(M, Name, FnType);
  if (TargetCPU) {
    addStringAttribute(Fn, "target-cpu", TargetCPU);
    addStringAttribute(Fn, "target-features",
                       WaveSize == 32 ? "+wavefrontsize32"
                                      : "+wavefrontsize64");
  }
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(Ctx, Fn, "entry"));

  LLVMTypeRef ValueType = V->IsFloat ? LLVMFloatTypeInContext(Ctx) : I32;
  LLVMValueRef Value = LLVMGetParam(Fn, 0);
  if (V->IsFloat)
    Value = LLVMBuildBitCast(B, Value, ValueType, "a");
  LLVMValueRef BArg =
      ConstB ? LLVMConstInt(I32, *ConstB, 0) : LLVMGetParam(Fn, 1);
  LLVMValueRef CArg =
      ConstC ? LLVMConstInt(I32, *ConstC, 0) : LLVMGetParam(Fn, 2);

  unsigned ID = LLVMLookupIntrinsicID(V->Name, strlen(V->Name));
  LLVMValueRef Shfl = LLVMGetIntrinsicDeclaration(M, ID, NULL, 0);
  LLVMTypeRef ShflType = LLVMIntrinsicGetType(Ctx, ID, NULL, 0);
  LLVMValueRef Args[] = {LLVMConstAllOnes(I32), Value, BArg, CArg};
  LLVMValueRef Call = LLVMBuildCall2(
      B, ShflType, Shfl, V->Sync ? Args : Args + 1, V->Sync ? 4 : 3, "r");

  LLVMValueRef Result = Call;
  LLVMValueRef Pred = LLVMConstInt(I32, 0, 0);
  if (V->ReturnsPredicate) {
    Result = LLVMBuildExtractValue(B, Call, 0, "v");
    Pred = LLVMBuildZExt(B, LLVMBuildExtractValue(B, Call, 1, "p"), I32, "");
  }
  LLVMValueRef Out = LLVMGetParam(Fn, 3);
  LLVMBuildStore(B, Result, Out);
  LLVMValueRef PredSlot = LLVMBuildGEP2(
      B, I32, Out, &(LLVMValueRef){LLVMConstInt(I32, 1, 0)}, 1, "");
  LLVMBuildStore(B, Pred, PredSlot);
  LLVMBuildRetVoid(B);
  LLVMDisposeBuilder(B);
}

static void failWith(const char *What, char *Detail) {
  fprintf(stderr, "shfl-oracle: %s%s%s\n", What, Detail ? ": " : "",
          Detail ? Detail : "");
  exit(2);
}

static void checkError(LLVMErrorRef Err, const char *What) {
  if (Err)
    failWith(What, LLVMGetErrorMessage(Err));
}

static uint32_t constantOperand(LLVMValueRef Call, unsigned Index) {
  return (uint32_t)LLVMConstIntGetZExtValue(LLVMGetOperand(Call, Index));
}

/* Why the target cannot run Call to the intrinsic Name, NULL if it can:
 * a DPP control or a permlane it lacks, or a swizzle mode not modelled. */
static const char *unsupportedOnTarget(LLVMValueRef Call, const char *Name) {
  if (!strcmp(Name, "llvm.amdgcn.update.dpp.i32") &&
      !laneOpsDppControlValid(constantOperand(Call, 2), Target))
    return "a dpp_ctrl the target does not have";
  if (!strcmp(Name, "llvm.amdgcn.ds.swizzle") &&
      !laneOpsSwizzleOffsetModelled(constantOperand(Call, 1)))
    return "a ds_swizzle mode the oracle does not model";
  if (!strncmp(Name, "llvm.amdgcn.permlane", 20) &&
      !laneOpsHasPermlane16(Target))
    return "a permlane the target does not have";
  return NULL;
}

static void checkCallsOnTarget(LLVMValueRef F, const char *Name) {
  for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef Call = LLVMGetUser(U);
    const char *Why = unsupportedOnTarget(Call, Name);
    if (!Why)
      continue;
    LLVMValueRef Caller =
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(Call));
    char *IR = LLVMPrintValueToString(Caller);
    fprintf(stderr, "shfl-oracle: the lowering calls %s with %s (%s):\n%s\n",
            Name, Why, TargetCPU ? TargetCPU : "no target", IR);
    LLVMDisposeMessage(IR);
    exit(2);
  }
}

/* The host compiles the functions for itself. */
static void dropTargetAttributes(LLVMValueRef F) {
  static const char *const Kinds[] = {"target-cpu", "target-features"};
  for (unsigned I = 0; I < 2; ++I)
    LLVMRemoveStringAttributeAtIndex(F, LLVMAttributeFunctionIndex, Kinds[I],
                                     (unsigned)strlen(Kinds[I]));
}

/* After lowering: the module verifies, no NVVM intrinsic is left, and every
 * declaration is an amdgcn intrinsic we model, called with immediates the
 * target has; those are renamed to the host functions. */
static void prepareForHost(LLVMModuleRef M, uint64_t Calls[NumHostModels]) {
  char *Message = NULL;
  if (LLVMVerifyModule(M, LLVMReturnStatusAction, &Message))
    failWith("lowered module does not verify", Message);
  LLVMDisposeMessage(Message);
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!LLVMIsDeclaration(F)) {
      dropTargetAttributes(F);
      continue;
    }
    const char *Name = LLVMGetValueName2(F, &(size_t){0});
    checkCallsOnTarget(F, Name);
    unsigned I = 0;
    while (I < NumHostModels && strcmp(Name, HostModels[I].Intrinsic) != 0)
      ++I;
    if (I == NumHostModels)
      failWith("lowered module calls a function the oracle does not model",
               (char *)Name);
    for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U))
      ++Calls[I];
    LLVMSetValueName2(F, HostModels[I].HostName,
                      strlen(HostModels[I].HostName));
  }
}

/*===-- Running and checking ----------------------------------------------===*/

typedef void (*CaseFn)(uint32_t Data, uint32_t B, uint32_t C, uint32_t *Out);

typedef struct {
  uint64_t Cases[NumOperandKinds];
  uint64_t Mismatches[NumOperandKinds];
  uint64_t Skipped[NumOperandKinds]; /* functions without a fast path */
  uint64_t Calls[NumHostModels];     /* calls of each model in lowered code */
} Tally;

static atomic_uint ReportsLeft = 10, IRReportsLeft = 2;

/* Runs every lane once per cross-lane operation plus once: the pass that
 * records an operation's operands is followed by computing its results. */
static void runWave(CaseFn Fn, unsigned WaveSize, uint32_t B, uint32_t C,
                    uint32_t Out[MaxWave][2]) {
  Wave.WaveSize = WaveSize;
  for (unsigned Pass = 0;; ++Pass) {
    unsigned Recorders = 0, Finished = 0;
    Wave.Recording = Pass;
    for (unsigned Lane = 0; Lane < WaveSize; ++Lane) {
      Wave.Lane = Lane;
      Wave.NumIssued = 0;
      Fn(LaneData[Lane], B, C, Out[Lane]);
      Recorders += Wave.NumIssued > Pass;
      Finished += Wave.NumIssued == Pass;
    }
    if (Finished == WaveSize)
      return;
    if (Recorders != WaveSize)
      failWith("lanes of a wave issued different cross-lane operations", NULL);
    combine(&Wave.Ops[Pass]);
  }
}

static bool takeReport(atomic_uint *Left) {
  /* Read before decrementing: a shared counter written on every one of
   * millions of mismatches would serialise the threads. */
  return atomic_load_explicit(Left, memory_order_relaxed) > 0 &&
         atomic_fetch_sub(Left, 1) > 0;
}

static const WarpLoweringOptions *loweringOptions(unsigned WaveSize);

/* The lowered IR of the function checked for V with b and c (constant where
 * the operand kind makes them so), rebuilt the same way. */
static void printLoweredCase(const Variant *V, OperandKind Kind,
                             unsigned WaveSize, uint32_t B, uint32_t C) {
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("mismatch", Ctx);
  bool BIsConst = Kind == ConstB || Kind == ConstBC || Kind == EveryConstBC;
  bool CIsConst = Kind == ConstC || Kind == ConstBC || Kind == EveryConstBC;
  buildCaseFunction(M, V, WaveSize, "mismatch", BIsConst ? &B : NULL,
                    CIsConst ? &C : NULL);
  warpLowerShuffles(M, loweringOptions(WaveSize), NULL, NULL);
  char *IR = LLVMPrintValueToString(LLVMGetNamedFunction(M, "mismatch"));
  flockfile(stdout);
  printf("lowered %s wave%u (%s) b=%u c=%u (target %s, strategy %s):\n%s\n",
         V->Name, WaveSize, OperandKindNames[Kind], B, C,
         TargetCPU ? TargetCPU : "none", StrategyName, IR);
  funlockfile(stdout);
  LLVMDisposeMessage(IR);
  LLVMContextDispose(Ctx);
}

static uint64_t checkWave(const Variant *V, OperandKind Kind, unsigned WaveSize,
                          uint32_t B, uint32_t C, uint32_t Out[MaxWave][2]) {
  uint64_t Mismatches = 0;
  for (unsigned HwLane = 0; HwLane < WaveSize; ++HwLane) {
    unsigned WarpBase = HwLane & ~31u;
    ShflOutcome Expected = shflEvaluate(V->Mode, HwLane & 31, B, C);
    uint32_t ExpectedBits = LaneData[WarpBase + Expected.SrcLane];
    bool BitsOk = Out[HwLane][0] == ExpectedBits;
    bool PredOk = !V->ReturnsPredicate || Out[HwLane][1] == Expected.InRange;
    if (BitsOk && PredOk)
      continue;
    if (Mismatches++ == 0 && takeReport(&IRReportsLeft))
      printLoweredCase(V, Kind, WaveSize, B, C);
    if (takeReport(&ReportsLeft))
      printf("MISMATCH %s wave%u (%s) b=%u c=%u lane=%u: got 0x%08x p=%u, "
             "expected 0x%08x (lane %u) p=%u\n",
             V->Name, WaveSize, OperandKindNames[Kind], B, C, HwLane,
             Out[HwLane][0], Out[HwLane][1], ExpectedBits,
             WarpBase + Expected.SrcLane, Expected.InRange);
  }
  return Mismatches;
}

typedef struct {
  const Variant *V;
  unsigned WaveSize;
  OperandKind Kind;
} Job;

typedef struct {
  uint32_t B, C;
} ConstPair;

/* The constant (b, c) pairs baked into the job's functions; a missing one
 * is swept at run time. */
static unsigned listConstants(OperandKind Kind, ConstPair *Pairs) {
  uint32_t Cs[1100];
  unsigned N = 0;
  switch (Kind) {
  case EveryConstBC: /* b's bits above 4 are ignored; const-bc has them */
    for (unsigned I = 0, NC = constantCValues(Cs); I < NC; ++I)
      for (uint32_t B = 0; B < 32; ++B)
        Pairs[N++] = (ConstPair){B, Cs[I]};
    break;
  case DynamicBC:
    Pairs[N++] = (ConstPair){0, 0};
    break;
  case ConstB:
    for (uint32_t B = 0; B < NumBValues; ++B)
      Pairs[N++] = (ConstPair){B, 0};
    break;
  case ConstC:
    for (unsigned I = 0, NC = constantCValues(Cs); I < NC; ++I)
      Pairs[N++] = (ConstPair){0, Cs[I]};
    break;
  case ConstBC:
  default:
    for (unsigned I = 0, NC = clangCValues(Cs); I < NC; ++I)
      for (uint32_t B = 0; B < NumBValues; ++B)
        Pairs[N++] = (ConstPair){B, Cs[I]};
    break;
  }
  return N;
}

static LLVMOrcLLJITRef createHostJIT(void) {
  char Error[512];
  LLVMOrcLLJITRef J = hostJITCreate(LLVMCodeGenLevelNone, Error, sizeof(Error));
  if (!J)
    failWith("cannot create the JIT", Error);

  LLVMOrcCSymbolMapPair Symbols[NumHostModels];
  for (unsigned I = 0; I < NumHostModels; ++I) {
    Symbols[I].Name = LLVMOrcLLJITMangleAndIntern(J, HostModels[I].HostName);
    Symbols[I].Sym.Address =
        (LLVMOrcExecutorAddress)(uintptr_t)HostModels[I].Address;
    Symbols[I].Sym.Flags.GenericFlags =
        LLVMJITSymbolGenericFlagsCallable | LLVMJITSymbolGenericFlagsExported;
    Symbols[I].Sym.Flags.TargetFlags = 0;
  }
  checkError(
      LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(J),
                            LLVMOrcAbsoluteSymbols(Symbols, NumHostModels)),
      "cannot define the host models");
  return J;
}

static WarpLoweringOptions LoweringOptions32, LoweringOptions64;
static bool FastPathsOnly; /* --fast-paths-only */

/* Whether F, lowered, moves data with something other than ds_bpermute. */
static bool takesFastPath(LLVMValueRef F) {
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I)) {
      LLVMValueRef Callee = LLVMIsACallInst(I) ? LLVMGetCalledValue(I) : NULL;
      const char *Name = Callee ? LLVMGetValueName2(Callee, &(size_t){0}) : "";
      if (!strncmp(Name, "llvm.amdgcn.", 12) &&
          strncmp(Name, "llvm.amdgcn.mbcnt.", 18) &&
          strcmp(Name, "llvm.amdgcn.ds.bpermute"))
        return true;
    }
  return false;
}

static const WarpLoweringOptions *loweringOptions(unsigned WaveSize) {
  return WaveSize == 32 ? &LoweringOptions32 : &LoweringOptions64;
}

enum { MaxPairs = NumBValues * 1100 };

static void runJob(const Job *Work, Tally *T) {
  static _Thread_local ConstPair Pairs[MaxPairs];
  unsigned NumPairs = listConstants(Work->Kind, Pairs);
  bool BIsConst = Work->Kind == ConstB || Work->Kind == ConstBC ||
                  Work->Kind == EveryConstBC;
  bool CIsConst = Work->Kind == ConstC || Work->Kind == ConstBC ||
                  Work->Kind == EveryConstBC;

  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("oracle", Ctx);
  char Name[32];
  for (unsigned I = 0; I < NumPairs; ++I) {
    snprintf(Name, sizeof(Name), "case%u", I);
    buildCaseFunction(M, Work->V, Work->WaveSize, Name,
                      BIsConst ? &Pairs[I].B : NULL,
                      CIsConst ? &Pairs[I].C : NULL);
  }
  WarpLoweringResult Lowered =
      warpLowerShuffles(M, loweringOptions(Work->WaveSize), NULL, NULL);
  if (Lowered.NumErrors || Lowered.NumLowered != NumPairs)
    failWith("the pass did not lower every shuffle", NULL);
  bool *Skipped = calloc(NumPairs, sizeof(bool));
  if (FastPathsOnly)
    for (unsigned I = 0; I < NumPairs; ++I) {
      snprintf(Name, sizeof(Name), "case%u", I);
      LLVMValueRef F = LLVMGetNamedFunction(M, Name);
      if ((Skipped[I] = !takesFastPath(F))) {
        LLVMDeleteFunction(F);
        ++T->Skipped[Work->Kind];
      }
    }
  prepareForHost(M, T->Calls);

  LLVMOrcLLJITRef J = createHostJIT();
  LLVMOrcThreadSafeContextRef TSCtx =
      LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx);
  checkError(
      LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J),
                                  LLVMOrcCreateNewThreadSafeModule(M, TSCtx)),
      "cannot add the module to the JIT");
  LLVMOrcDisposeThreadSafeContext(TSCtx);

  uint32_t Out[MaxWave][2];
  for (unsigned I = 0; I < NumPairs; ++I) {
    if (Skipped[I])
      continue;
    snprintf(Name, sizeof(Name), "case%u", I);
    LLVMOrcExecutorAddress Address;
    checkError(LLVMOrcLLJITLookup(J, &Address, Name), "cannot find a case");
    CaseFn Fn = (CaseFn)(uintptr_t)Address;
    uint32_t BEnd = BIsConst ? Pairs[I].B + 1 : NumBValues;
    uint32_t CEnd = CIsConst ? Pairs[I].C + 1 : NumCValues;
    for (uint32_t B = BIsConst ? Pairs[I].B : 0; B < BEnd; ++B)
      for (uint32_t C = CIsConst ? Pairs[I].C : 0; C < CEnd; ++C) {
        runWave(Fn, Work->WaveSize, B, C, Out);
        T->Mismatches[Work->Kind] +=
            checkWave(Work->V, Work->Kind, Work->WaveSize, B, C, Out);
        T->Cases[Work->Kind] += Work->WaveSize;
      }
  }
  checkError(LLVMOrcDisposeLLJIT(J), "cannot dispose of the JIT");
  free(Skipped);
}

/*===-- Driver ------------------------------------------------------------===*/

static Job Jobs[32 * 2 * NumOperandKinds];
static unsigned NumJobs;
static atomic_uint NextJob;

static void *worker(void *Arg) {
  Tally *T = Arg;
  for (unsigned I; (I = atomic_fetch_add(&NextJob, 1)) < NumJobs;)
    runJob(&Jobs[I], T);
  return NULL;
}

static unsigned enumerateVariants(Variant *Out, const char *Only) {
  unsigned N = 0;
  for (int Sync = 0; Sync < 2; ++Sync)
    for (int Mode = 0; Mode < ShflNumModes; ++Mode)
      for (int IsFloat = 0; IsFloat < 2; ++IsFloat)
        for (int Pred = 0; Pred < 2; ++Pred) {
          Variant V = {"", (ShflMode)Mode, Sync, IsFloat, Pred};
          snprintf(V.Name, sizeof(V.Name), "llvm.nvvm.shfl.%s%s.%s%s",
                   Sync ? "sync." : "", shflModeName(V.Mode),
                   IsFloat ? "f32" : "i32", Pred ? "p" : "");
          if (!Only || strstr(V.Name, Only))
            Out[N++] = V;
        }
  return N;
}

static void usage(void) {
  fprintf(stderr,
          "usage: shfl-oracle [--only=SUBSTRING] [--wave=32|64|both]\n"
          "                   [--operands=KIND[,KIND...]|all] (KIND: dynamic, "
          "const-b,\n"
          "                   const-c, const-bc, every-const; all is the "
          "first four)\n"
          "                   [--target=gfxNNN] [--strategy=best|bpermute]\n"
          "                   [--fast-paths-only]\n"
          "                   [--plant-bug=BUG] [--threads=N]\n"
          "BUG: a bug of the lowering (drop-warp-base, drop-clamp, "
          "fast-path-no-select)\n"
          "     or of the oracle's models (%s)\n",
          laneOpsBugNames());
  exit(2);
}

static const char *const OperandArgs[] = {"dynamic", "const-b", "const-c",
                                          "const-bc", "every-const"};

/* Whether the comma-separated list Arg selects operand kind K. */
static bool selectsKind(const char *Arg, unsigned K) {
  if (!strcmp(Arg, "all"))
    return K != EveryConstBC;
  size_t Length = strlen(OperandArgs[K]);
  for (const char *P = Arg; P; P = strchr(P, ',')) {
    if (*P == ',')
      ++P;
    if (!strncmp(P, OperandArgs[K], Length) &&
        (P[Length] == ',' || P[Length] == '\0'))
      return true;
  }
  return false;
}

static bool knownKinds(const char *Arg) {
  if (!strcmp(Arg, "all"))
    return true;
  unsigned Selected = 0, Items = 1;
  for (const char *P = Arg; *P; ++P)
    Items += *P == ',';
  for (unsigned K = 0; K < NumOperandKinds; ++K)
    Selected += selectsKind(Arg, K);
  return Selected == Items;
}

static void parseLoweringOptions(unsigned WaveSize, const char *PassBug,
                                 WarpLoweringOptions *Options) {
  char Text[96], *Error;
  snprintf(Text, sizeof(Text), "wave%u;strategy=%s%s%s", WaveSize, StrategyName,
           PassBug ? ";plant-bug=" : "", PassBug ? PassBug : "");
  if (!warpParseOptions(Text, Options, &Error))
    failWith("bad option", Error);
}

int main(int argc, char **argv) {
  const char *Only = NULL, *WaveArg = "both", *OperandsArg = "all";
  const char *PlantedBug = NULL;
  unsigned NumThreads = 2;
  for (int I = 1; I < argc; ++I) {
    if (!strncmp(argv[I], "--only=", 7))
      Only = argv[I] + 7;
    else if (!strncmp(argv[I], "--wave=", 7))
      WaveArg = argv[I] + 7;
    else if (!strncmp(argv[I], "--operands=", 11))
      OperandsArg = argv[I] + 11;
    else if (!strncmp(argv[I], "--target=", 9))
      TargetCPU = argv[I] + 9;
    else if (!strncmp(argv[I], "--strategy=", 11))
      StrategyName = argv[I] + 11;
    else if (!strncmp(argv[I], "--plant-bug=", 12))
      PlantedBug = argv[I] + 12;
    else if (!strncmp(argv[I], "--threads=", 10))
      NumThreads = (unsigned)atoi(argv[I] + 10);
    else if (!strcmp(argv[I], "--fast-paths-only"))
      FastPathsOnly = true;
    else
      usage();
  }
  if (TargetCPU) {
    Target = laneOpsTargetOf(TargetCPU, (unsigned)strlen(TargetCPU));
    if (Target == LaneOpsTargetAny || Target == LaneOpsTargetNoDpp)
      failWith("--target must name a gfx8-gfx12 processor", (char *)TargetCPU);
  }
  /* The GFX9 family runs wave64 only. */
  bool HasWave32 = Target != LaneOpsTargetGFX9 && Target != LaneOpsTargetGFX90A;
  if (!strcmp(WaveArg, "32") && !HasWave32)
    failWith("the target has no wave32", (char *)TargetCPU);
  bool WantWave32 = strcmp(WaveArg, "64") != 0 && HasWave32;
  bool WantWave64 = strcmp(WaveArg, "32") != 0;
  if (NumThreads < 1 || NumThreads > 64 || !knownKinds(OperandsArg))
    usage();

  const char *PassBug = NULL;
  if (PlantedBug && !(ModelBugs = laneOpsBugNamed(PlantedBug)))
    PassBug = PlantedBug;
  parseLoweringOptions(32, PassBug, &LoweringOptions32);
  parseLoweringOptions(64, PassBug, &LoweringOptions64);

  for (unsigned A = 0; A < MaxWave; ++A) {
    LaneData[A] = laneBits(A);
    for (unsigned Z = 0; Z < A; ++Z)
      if (LaneData[Z] == LaneData[A])
        failWith("lane data is not distinct", NULL);
  }

  static Variant Variants[32];
  unsigned NumVariants = enumerateVariants(Variants, Only);
  if (!NumVariants)
    failWith("--only matches no variant", NULL);
  for (unsigned K = 0; K < NumOperandKinds; ++K) {
    if (!selectsKind(OperandsArg, K))
      continue;
    for (unsigned I = 0; I < NumVariants; ++I) {
      if (WantWave64)
        Jobs[NumJobs++] = (Job){&Variants[I], 64, (OperandKind)K};
      if (WantWave32)
        Jobs[NumJobs++] = (Job){&Variants[I], 32, (OperandKind)K};
    }
  }
  if (!NumJobs)
    usage();

  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();

  pthread_t Threads[64];
  Tally *Tallies = calloc(NumThreads, sizeof(Tally));
  for (unsigned I = 0; I < NumThreads; ++I)
    pthread_create(&Threads[I], NULL, worker, &Tallies[I]);
  Tally Total = {{0}, {0}, {0}, {0}};
  for (unsigned I = 0; I < NumThreads; ++I) {
    pthread_join(Threads[I], NULL);
    for (unsigned K = 0; K < NumOperandKinds; ++K) {
      Total.Cases[K] += Tallies[I].Cases[K];
      Total.Mismatches[K] += Tallies[I].Mismatches[K];
      Total.Skipped[K] += Tallies[I].Skipped[K];
    }
    for (unsigned K = 0; K < NumHostModels; ++K)
      Total.Calls[K] += Tallies[I].Calls[K];
  }

  uint64_t Cases = 0, Mismatches = 0;
  printf("variants: %u, wave sizes: %s%s%s%s\n", NumVariants,
         WantWave32 ? "32" : "", WantWave32 && WantWave64 ? " and " : "",
         WantWave64 ? "64 (both CUDA warps)" : "",
         PlantedBug ? " [planted bug]" : "");
  for (unsigned K = 0; K < NumOperandKinds; ++K) {
    if (!Total.Cases[K])
      continue;
    printf("  %-14s %12llu lane cases, %llu mismatches", OperandKindNames[K],
           (unsigned long long)Total.Cases[K],
           (unsigned long long)Total.Mismatches[K]);
    if (FastPathsOnly)
      printf(" (%llu functions without a fast path left out)",
             (unsigned long long)Total.Skipped[K]);
    printf("\n");
    Cases += Total.Cases[K];
    Mismatches += Total.Mismatches[K];
  }
  printf("shfl-oracle: %llu lane cases, %llu mismatches (target %s, strategy "
         "%s)\n",
         (unsigned long long)Cases, (unsigned long long)Mismatches,
         TargetCPU ? TargetCPU : "none", StrategyName);
  printf("cross-lane calls in the lowered code:");
  for (unsigned K = 2; K < NumHostModels; ++K)
    printf("%s %s %llu", K > 2 ? "," : "", HostModels[K].Intrinsic + 12,
           (unsigned long long)Total.Calls[K]);
  printf("\n");
  free(Tallies);
  return Mismatches ? 1 : 0;
}
