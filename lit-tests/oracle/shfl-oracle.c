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
 *   ds_bpermute(addr, v) = v of hardware lane (addr >> 2) mod wavesize
 *
 * A wave is run in lockstep by executing each lane twice: the first pass
 * records every lane's bpermute operand, the second hands each lane the
 * value of the lane it addresses. That is exact for straight-line code with
 * one cross-lane operation, which is what a lowered shuffle is (the tool
 * checks that no lane issues a second one).
 *
 * Every lane's value bits and predicate are compared with the PTX model
 * (pass/ShflSemantics.c, itself checked on NVIDIA hardware by
 * lit-tests/oracle/nvidia). Operands are exercised four ways: b and c both
 * runtime values over b in 0..63, c in 0..8191; b constant (0..63) with c
 * over 0..8191; c constant (every value of its 10 meaningful bits, and some
 * with the ignored bits set) with b over 0..63; and both constant for the
 * c values clang emits for every CUDA width. Lane values are NaNs with
 * payloads, -0.0 and normals, all distinct, with each CUDA warp of a wave64
 * holding different data.
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"
#include "ShflSemantics.h"
#include "host-jit.h"

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

enum { MaxWave = 64, NumBValues = 64, NumCValues = 8192 };

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
  NumOperandKinds
} OperandKind;

static const char *const OperandKindNames[] = {"b, c runtime", "b constant",
                                               "c constant", "b, c constant"};

/*===-- Host models of the AMDGPU intrinsics ------------------------------===*/

static _Thread_local struct {
  unsigned WaveSize;
  unsigned Lane;
  bool Recording;
  unsigned NumCrossLaneOps;
  uint32_t Sent[MaxWave]; /* each lane's bpermute data, from the first pass */
} Wave;

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

/* Every lane of the wave runs here, so no lane reads an inactive one. */
static uint32_t hostDsBPermute(uint32_t Address, uint32_t Data) {
  ++Wave.NumCrossLaneOps;
  if (Wave.Recording) {
    Wave.Sent[Wave.Lane] = Data;
    return 0;
  }
  return Wave.Sent[(Address >> 2) % Wave.WaveSize];
}

static const struct {
  const char *Intrinsic;
  const char *HostName;
  void *Address;
} HostModels[] = {
    {"llvm.amdgcn.mbcnt.lo", "oracle_mbcnt_lo", (void *)hostMbcntLo},
    {"llvm.amdgcn.mbcnt.hi", "oracle_mbcnt_hi", (void *)hostMbcntHi},
    {"llvm.amdgcn.ds.bpermute", "oracle_ds_bpermute", (void *)hostDsBPermute},
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

/* void @name(i32 %data, i32 %b, i32 %c, ptr %out): stores the shuffled bits
 * to out[0] and the predicate (0 or 1) to out[1]. */
static void buildCaseFunction(LLVMModuleRef M, const Variant *V,
                              const char *Name, const uint32_t *ConstB,
                              const uint32_t *ConstC) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef I32 = LLVMInt32TypeInContext(Ctx);
  LLVMTypeRef Ptr = LLVMPointerTypeInContext(Ctx, 0);
  LLVMTypeRef Params[] = {I32, I32, I32, Ptr};
  LLVMTypeRef FnType =
      LLVMFunctionType(LLVMVoidTypeInContext(Ctx), Params, 4, 0);
  LLVMValueRef Fn = LLVMAddFunction(M, Name, FnType);
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

/* After lowering: the module verifies, no NVVM intrinsic is left, and every
 * declaration is an amdgcn intrinsic we model; those are renamed to the
 * host functions. */
static void prepareForHost(LLVMModuleRef M) {
  char *Message = NULL;
  if (LLVMVerifyModule(M, LLVMReturnStatusAction, &Message))
    failWith("lowered module does not verify", Message);
  LLVMDisposeMessage(Message);
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!LLVMIsDeclaration(F))
      continue;
    const char *Name = LLVMGetValueName2(F, &(size_t){0});
    unsigned I = 0;
    while (I < NumHostModels && strcmp(Name, HostModels[I].Intrinsic) != 0)
      ++I;
    if (I == NumHostModels)
      failWith("lowered module calls a function the oracle does not model",
               (char *)Name);
    LLVMSetValueName2(F, HostModels[I].HostName,
                      strlen(HostModels[I].HostName));
  }
}

/*===-- Running and checking ----------------------------------------------===*/

typedef void (*CaseFn)(uint32_t Data, uint32_t B, uint32_t C, uint32_t *Out);

typedef struct {
  uint64_t Cases[NumOperandKinds];
  uint64_t Mismatches[NumOperandKinds];
} Tally;

static atomic_uint ReportsLeft = 10;

static void runWave(CaseFn Fn, unsigned WaveSize, uint32_t B, uint32_t C,
                    uint32_t Out[MaxWave][2]) {
  Wave.WaveSize = WaveSize;
  for (int Pass = 0; Pass < 2; ++Pass) {
    Wave.Recording = Pass == 0;
    for (unsigned Lane = 0; Lane < WaveSize; ++Lane) {
      Wave.Lane = Lane;
      Wave.NumCrossLaneOps = 0;
      Fn(LaneData[Lane], B, C, Out[Lane]);
      if (Wave.NumCrossLaneOps > 1)
        failWith("a lowered shuffle issued more than one ds_bpermute", NULL);
    }
  }
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
    ++Mismatches;
    /* Read before decrementing: a shared counter written on every one of
     * millions of mismatches would serialise the threads. */
    if (atomic_load_explicit(&ReportsLeft, memory_order_relaxed) > 0 &&
        atomic_fetch_sub(&ReportsLeft, 1) > 0)
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

static const WarpLoweringOptions *LoweringOptions32, *LoweringOptions64;

static void runJob(const Job *Work, Tally *T) {
  static _Thread_local ConstPair Pairs[NumBValues * 16 + 1100];
  unsigned NumPairs = listConstants(Work->Kind, Pairs);
  bool BIsConst = Work->Kind == ConstB || Work->Kind == ConstBC;
  bool CIsConst = Work->Kind == ConstC || Work->Kind == ConstBC;

  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = LLVMModuleCreateWithNameInContext("oracle", Ctx);
  char Name[32];
  for (unsigned I = 0; I < NumPairs; ++I) {
    snprintf(Name, sizeof(Name), "case%u", I);
    buildCaseFunction(M, Work->V, Name, BIsConst ? &Pairs[I].B : NULL,
                      CIsConst ? &Pairs[I].C : NULL);
  }
  const WarpLoweringOptions *Options =
      Work->WaveSize == 32 ? LoweringOptions32 : LoweringOptions64;
  WarpLoweringResult Lowered = warpLowerShuffles(M, Options, NULL, NULL);
  if (Lowered.NumErrors || Lowered.NumLowered != NumPairs)
    failWith("the pass did not lower every shuffle", NULL);
  prepareForHost(M);

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
  fprintf(
      stderr,
      "usage: shfl-oracle [--only=SUBSTRING] [--wave=32|64|both]\n"
      "                   [--operands=dynamic|const-b|const-c|const-bc|all]\n"
      "                   [--plant-bug=drop-warp-base|drop-clamp] "
      "[--threads=N]\n");
  exit(2);
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
    else if (!strncmp(argv[I], "--plant-bug=", 12))
      PlantedBug = argv[I] + 2;
    else if (!strncmp(argv[I], "--threads=", 10))
      NumThreads = (unsigned)atoi(argv[I] + 10);
    else
      usage();
  }
  static const char *const OperandArgs[] = {"dynamic", "const-b", "const-c",
                                            "const-bc"};
  bool WantWave32 = strcmp(WaveArg, "64") != 0;
  bool WantWave64 = strcmp(WaveArg, "32") != 0;
  if (NumThreads < 1 || NumThreads > 64)
    usage();

  char OptionText[64], *Error;
  static WarpLoweringOptions Options32, Options64;
  snprintf(OptionText, sizeof(OptionText), "wave32;%s",
           PlantedBug ? PlantedBug : "");
  if (!warpParseOptions(OptionText, &Options32, &Error))
    failWith("bad option", Error);
  snprintf(OptionText, sizeof(OptionText), "wave64;%s",
           PlantedBug ? PlantedBug : "");
  if (!warpParseOptions(OptionText, &Options64, &Error))
    failWith("bad option", Error);
  LoweringOptions32 = &Options32;
  LoweringOptions64 = &Options64;

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
    if (strcmp(OperandsArg, "all") != 0 &&
        strcmp(OperandsArg, OperandArgs[K]) != 0)
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
  Tally Total = {{0}, {0}};
  for (unsigned I = 0; I < NumThreads; ++I) {
    pthread_join(Threads[I], NULL);
    for (unsigned K = 0; K < NumOperandKinds; ++K) {
      Total.Cases[K] += Tallies[I].Cases[K];
      Total.Mismatches[K] += Tallies[I].Mismatches[K];
    }
  }

  uint64_t Cases = 0, Mismatches = 0;
  printf("variants: %u, wave sizes: %s%s%s%s\n", NumVariants,
         WantWave32 ? "32" : "", WantWave32 && WantWave64 ? " and " : "",
         WantWave64 ? "64 (both CUDA warps)" : "",
         PlantedBug ? " [planted bug]" : "");
  for (unsigned K = 0; K < NumOperandKinds; ++K) {
    if (!Total.Cases[K])
      continue;
    printf("  %-14s %12llu lane cases, %llu mismatches\n", OperandKindNames[K],
           (unsigned long long)Total.Cases[K],
           (unsigned long long)Total.Mismatches[K]);
    Cases += Total.Cases[K];
    Mismatches += Total.Mismatches[K];
  }
  printf("shfl-oracle: %llu lane cases, %llu mismatches\n",
         (unsigned long long)Cases, (unsigned long long)Mismatches);
  free(Tallies);
  return Mismatches ? 1 : 0;
}
