/*===- NVVMWarpToAMDGPU.c - Find and lower NVVM warp intrinsics -----------===*
 *
 * The module-level part of the lowering: parse the pass options, rewrite
 * the inline PTX the pattern table knows into intrinsic calls, check every
 * use of a warp intrinsic declaration, choose each function's wave size,
 * and hand each well-formed call to ShuffleLowering.c or
 * PrimitiveLowering.c. A use that is not a well-formed call (unknown
 * intrinsic name, a signature other than LLVM's, the intrinsic's address
 * taken) is reported and left as it is.
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"

#include "lanes/DemandedLanes.h"
#include "lanes/LaneVersioning.h"
#include "lanes/LaunchVariants.h"
#include "lanes/LinearLane.h"
#include "lanes/WarpChains.h"
#include "primitives/PrimitiveLowering.h"
#include "ptx/AbsorbedNaNs.h"
#include "ptx/ArithmeticNaNs.h"
#include "ptx/PtxTranslate.h"
#include "shuffle/ShuffleLowering.h"
#include "support/Diagnostics.h"
#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"
#include "warp/LaneMath.h"
#include "warp/WarpPatterns.h"

#include <llvm-c/Core.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

WarpLoweringOptions warpDefaultOptions(void) {
  WarpLoweringOptions Options = {WarpWave64, WarpNoPlantedBug, WarpStrategyBest,
                                 false, false};
  return Options;
}

static bool parseOption(const char *Option, size_t Length,
                        WarpLoweringOptions *Options) {
  enum { SetsWave, SetsStrategy, SetsTidXIsLane, SetsLaunchVariants };
  static const struct {
    const char *Text;
    int Field;
    int Value;
  } Known[] = {
      {"wave32", SetsWave, WarpWave32},
      {"wave64", SetsWave, WarpWave64},
      {"strategy=best", SetsStrategy, WarpStrategyBest},
      {"strategy=exact", SetsStrategy, WarpStrategyExact},
      {"strategy=bpermute", SetsStrategy, WarpStrategyBPermute},
      {"tid-x-lanes", SetsTidXIsLane, 1},
      {"launch-variants", SetsLaunchVariants, 1},
  };
  for (size_t I = 0; I < sizeof(Known) / sizeof(Known[0]); ++I) {
    if (strlen(Known[I].Text) != Length ||
        strncmp(Known[I].Text, Option, Length) != 0)
      continue;
    if (Known[I].Field == SetsWave)
      Options->DefaultWave = (WarpWaveSize)Known[I].Value;
    else if (Known[I].Field == SetsTidXIsLane)
      Options->TidXIsLane = true;
    else if (Known[I].Field == SetsLaunchVariants)
      Options->LaunchVariants = true;
    else
      Options->Strategy = (WarpStrategy)Known[I].Value;
    return true;
  }
  return warpParsePlantedBug(Option, Length, &Options->PlantedBug);
}

bool warpParseOptions(const char *Params, WarpLoweringOptions *Options,
                      char **ErrorMessage) {
  *Options = warpDefaultOptions();
  *ErrorMessage = NULL;
  for (const char *Start = Params; *Start;) {
    size_t Length = strcspn(Start, ";");
    if (Length && !parseOption(Start, Length, Options)) {
      const char *Format =
          "unknown pass option '%.*s' (expected wave32, wave64, "
          "strategy=best, strategy=exact, strategy=bpermute, tid-x-lanes, "
          "launch-variants, "
          "plant-bug=drop-warp-base, plant-bug=drop-clamp, "
          "plant-bug=ballot-wrong-half, plant-bug=fast-path-no-select, "
          "plant-bug=demanded-lane-short, plant-bug=scan-chain-short, "
          "plant-bug=printf-last-arg-zero, plant-bug=shape-check-true, "
          "plant-bug=drop-kept-nans, plant-bug=drop-arithmetic-nans or "
          "plant-bug=drop-barrier; "
          "nvvm-to-amdgpu also takes a processor, gfxN)";
      size_t Size = strlen(Format) + Length + 1;
      *ErrorMessage = malloc(Size);
      snprintf(*ErrorMessage, Size, Format, (int)Length, Start);
      return false;
    }
    Start += Length + (Start[Length] == ';');
  }
  return true;
}

typedef enum { ShufflesOnly, AllWarpIntrinsics } IntrinsicSet;

/* What a function name is to the lowering: a shuffle or primitive with its
 * pattern, one the lowering covers but has no pattern for, or nothing. */
typedef struct {
  bool Covered;
  const WarpShufflePattern *Shuffle;
  const WarpPrimitivePattern *Primitive;
} WarpCallee;

static WarpCallee classifyName(const char *Name, IntrinsicSet Set) {
  WarpCallee Callee = {false, NULL, NULL};
  if (warpIsShuffleName(Name)) {
    Callee.Covered = true;
    Callee.Shuffle = warpFindShufflePattern(Name);
  } else if (Set == AllWarpIntrinsics && warpIsPrimitiveName(Name)) {
    Callee.Covered = true;
    Callee.Primitive = warpFindPrimitivePattern(Name);
  }
  return Callee;
}

static bool isCallSite(LLVMValueRef V) {
  if (!LLVMIsAInstruction(V))
    return false;
  LLVMOpcode Op = LLVMGetInstructionOpcode(V);
  return Op == LLVMCall || Op == LLVMInvoke || Op == LLVMCallBr;
}

/* A declaration of a covered intrinsic, and what is wrong with it (NULL
 * when nothing is, so that its calls can be lowered). */
typedef struct {
  LLVMValueRef Function;
  const char *Name;
  WarpCallee Kind;
  const char *Problem;
  bool AllUsesLowerable; /* when checkUses ran, every use was a good call */
} WarpDeclaration;

/* Where a function's calls of covered declarations lie in a CallRecord. */
typedef struct {
  LLVMValueRef Function;
  unsigned Start, Count;
  bool Rescan;       /* changed since it was walked: walk it again */
  bool HasLowerable; /* it has a call that can be lowered */
} FunctionCalls;

/* One walk of the module's instructions: the calls of covered
 * declarations, with their callees, in module order, and per function
 * (open-addressed; Capacity is a power of two or 0) where they lie. */
typedef struct {
  LLVMValueRef *Calls, *Callees;
  unsigned NumCalls, CallCapacity;
  FunctionCalls *Slots;
  unsigned NumFunctions, Capacity;
} CallRecord;

/* The module's covered declarations, and what is known of their calls. */
typedef struct {
  WarpDeclaration *Entries;
  unsigned Count;
  CallRecord *Record;
} WarpDeclarations;

static const char *findDeclarationProblem(LLVMValueRef F, const char *Name,
                                          WarpCallee Kind) {
  if (!Kind.Shuffle && !Kind.Primitive)
    return warpIsShuffleName(Name)
               ? "unknown shuffle intrinsic (nvvm-shfl-to-amdgpu lowers the "
                 "32 llvm.nvvm.shfl intrinsics of LLVM 22)"
               : "unknown warp intrinsic (nvvm-warp-to-amdgpu lowers the "
                 "vote, match, redux, activemask, bar.warp.sync and elect "
                 "intrinsics of LLVM 22)";
  LLVMContextRef Ctx = LLVMGetModuleContext(LLVMGetGlobalParent(F));
  unsigned ID = LLVMLookupIntrinsicID(Name, strlen(Name));
  if (LLVMGlobalGetValueType(F) != LLVMIntrinsicGetType(Ctx, ID, NULL, 0))
    return "declared with a signature other than LLVM's";
  return NULL;
}

/* The module's declarations of intrinsics in Set, each checked once. A
 * function with a body is no intrinsic, so its name is not looked up. */
static WarpDeclarations collectDeclarations(LLVMModuleRef M, IntrinsicSet Set) {
  WarpDeclarations Decls = {NULL, 0, NULL};
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!LLVMIsDeclaration(F))
      continue;
    const char *Name = LLVMGetValueName2(F, &(size_t){0});
    WarpCallee Kind = classifyName(Name, Set);
    if (!Kind.Covered)
      continue;
    Decls.Entries =
        realloc(Decls.Entries, (Decls.Count + 1) * sizeof(WarpDeclaration));
    WarpDeclaration Decl = {F, Name, Kind,
                            findDeclarationProblem(F, Name, Kind), false};
    Decls.Entries[Decls.Count++] = Decl;
  }
  return Decls;
}

static const WarpDeclaration *findDeclaration(const WarpDeclarations *Decls,
                                              LLVMValueRef F) {
  for (unsigned I = 0; I < Decls->Count; ++I)
    if (Decls->Entries[I].Function == F)
      return &Decls->Entries[I];
  return NULL;
}

/* Why User's use of Decl cannot be lowered, or NULL when User is a
 * well-formed call of it. */
static const char *findUseProblem(LLVMValueRef User,
                                  const WarpDeclaration *Decl) {
  if (Decl->Problem)
    return Decl->Problem;
  LLVMValueRef Callee = Decl->Function;
  bool IsCallee = isCallSite(User) && LLVMGetCalledValue(User) == Callee;
  if (IsCallee && !LLVMIsACallInst(User))
    return "invoked rather than called; only plain calls can be lowered";
  if (!IsCallee)
    return "used as a value rather than called; only direct calls can be "
           "lowered";
  if (LLVMGetCalledFunctionType(User) != LLVMGlobalGetValueType(Callee))
    return "called with a signature other than LLVM's";
  return NULL;
}

/*===-- The record of calls -----------------------------------------------===*/

static FunctionCalls *findSlot(const CallRecord *R, LLVMValueRef F) {
  uintptr_t Bits = (uintptr_t)F;
  unsigned Mask = R->Capacity - 1;
  unsigned I = (unsigned)((Bits >> 4) ^ (Bits >> 13) ^ (Bits >> 27)) & Mask;
  while (R->Slots[I].Function && R->Slots[I].Function != F)
    I = (I + 1) & Mask;
  return &R->Slots[I];
}

static FunctionCalls *lookupFunction(const CallRecord *R, LLVMValueRef F) {
  if (!R || !R->NumFunctions)
    return NULL;
  FunctionCalls *Slot = findSlot(R, F);
  return Slot->Function ? Slot : NULL;
}

/* F's entry, added (to be walked again, holding no calls) if missing. */
static FunctionCalls *addFunction(CallRecord *R, LLVMValueRef F) {
  if (4 * (R->NumFunctions + 1) > 3 * R->Capacity) {
    CallRecord Old = *R;
    R->Capacity = Old.Capacity ? 2 * Old.Capacity : 64;
    R->Slots = calloc(R->Capacity, sizeof(FunctionCalls));
    for (unsigned I = 0; I < Old.Capacity; ++I)
      if (Old.Slots[I].Function)
        *findSlot(R, Old.Slots[I].Function) = Old.Slots[I];
    free(Old.Slots);
  }
  FunctionCalls *Slot = findSlot(R, F);
  if (!Slot->Function) {
    FunctionCalls New = {F, 0, 0, true, false};
    *Slot = New;
    ++R->NumFunctions;
  }
  return Slot;
}

static void recordCall(CallRecord *R, LLVMValueRef Call, LLVMValueRef Callee) {
  if (R->NumCalls == R->CallCapacity) {
    R->CallCapacity = R->CallCapacity ? 2 * R->CallCapacity : 1024;
    R->Calls = realloc(R->Calls, R->CallCapacity * sizeof(LLVMValueRef));
    R->Callees = realloc(R->Callees, R->CallCapacity * sizeof(LLVMValueRef));
  }
  R->Calls[R->NumCalls] = Call;
  R->Callees[R->NumCalls++] = Callee;
}

/* Walks every instruction once: records the calls of Decls' declarations
 * and, into Asm when it is given, the inline asm calls; a function with
 * inline asm is to be walked again once that is rewritten. */
static CallRecord recordCalls(LLVMModuleRef M, const WarpDeclarations *Decls,
                              WarpValueList *Asm) {
  CallRecord R = {NULL, NULL, 0, 0, NULL, 0, 0};
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    unsigned Start = R.NumCalls, NumAsm = Asm ? Asm->Size : 0;
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        if (!LLVMIsACallInst(I))
          continue;
        LLVMValueRef Callee = LLVMGetCalledValue(I);
        if (Asm && LLVMIsAInlineAsm(Callee))
          warpAppendValue(Asm, I);
        else if (findDeclaration(Decls, Callee))
          recordCall(&R, I, Callee);
      }
    if (R.NumCalls == Start && (!Asm || Asm->Size == NumAsm))
      continue;
    FunctionCalls *Entry = addFunction(&R, F);
    Entry->Start = Start;
    Entry->Count = R.NumCalls - Start;
    Entry->Rescan = Asm && Asm->Size != NumAsm;
  }
  return R;
}

/* Reports every use of a covered declaration that cannot be lowered, and
 * notes the declarations without such uses and the functions with calls
 * to lower. */
static void checkUses(WarpDeclarations *Decls, WarpDiagnostics *Diags) {
  for (unsigned I = 0; I < Decls->Count; ++I) {
    WarpDeclaration *Decl = &Decls->Entries[I];
    Decl->AllUsesLowerable = !Decl->Problem;
    FunctionCalls *Last = NULL;
    for (LLVMUseRef U = LLVMGetFirstUse(Decl->Function); U;
         U = LLVMGetNextUse(U)) {
      LLVMValueRef User = LLVMGetUser(U);
      const char *Problem = findUseProblem(User, Decl);
      if (Problem) {
        Decl->AllUsesLowerable = false;
        warpReportUse(Diags, User, Decl->Name, "%s", Problem);
        continue;
      }
      LLVMValueRef Caller =
          LLVMGetBasicBlockParent(LLVMGetInstructionParent(User));
      if (!Last || Last->Function != Caller) {
        Last = addFunction(Decls->Record, Caller);
        Last->HasLowerable = true;
      }
    }
  }
}

/* The patterns of Inst when it is a well-formed call of a declaration in
 * Decls; neither is set otherwise. */
static WarpCallee matchWarpCall(LLVMValueRef Inst,
                                const WarpDeclarations *Decls) {
  WarpCallee None = {false, NULL, NULL};
  if (!LLVMIsACallInst(Inst))
    return None;
  const WarpDeclaration *Decl =
      findDeclaration(Decls, LLVMGetCalledValue(Inst));
  /* A call of a declaration whose every use was a good call is one, as are
   * those the lowering builds. */
  if (!Decl || (!Decl->AllUsesLowerable && findUseProblem(Inst, Decl)))
    return None;
  return Decl->Kind;
}

/* F's warp calls, in order: the first time, from the record (F has not
 * changed since it was made), after that by walking F. */
static WarpValueList collectWarpCalls(LLVMValueRef F,
                                      const WarpDeclarations *Decls) {
  WarpValueList List = {NULL, 0, 0};
  FunctionCalls *Entry = lookupFunction(Decls->Record, F);
  if (Entry && !Entry->Rescan) {
    const CallRecord *R = Decls->Record;
    for (unsigned I = Entry->Start; I < Entry->Start + Entry->Count; ++I) {
      const WarpDeclaration *Decl = findDeclaration(Decls, R->Callees[I]);
      if (Decl &&
          (Decl->AllUsesLowerable || matchWarpCall(R->Calls[I], Decls).Covered))
        warpAppendValue(&List, R->Calls[I]);
    }
    Entry->Rescan = true;
    return List;
  }
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      if (matchWarpCall(I, Decls).Covered)
        warpAppendValue(&List, I);
  return List;
}

/* Lowers F's warp calls; they are collected first because lowering a
 * primitive may split blocks. Scan chains go first, whole. F is versioned
 * on the block shape only where MayVersion (warpMayVersionInFunction). */
static unsigned lowerCallsInFunction(LLVMModuleRef M, LLVMBuilderRef B,
                                     LLVMValueRef F,
                                     const WarpDeclarations *Decls,
                                     const WarpLoweringOptions *Options,
                                     bool MayVersion) {
  WarpValueList List = collectWarpCalls(F, Decls);
  WarpLanes Lanes =
      warpLanesOf(M, F, warpFunctionWaveSize(F, Options->DefaultWave));
  bool Versioned = List.Size && MayVersion &&
                   warpVersionOnBlockShape(M, &Lanes, Options);
  if (Versioned) {
    free(List.Items);
    List = collectWarpCalls(F, Decls);
  }
  unsigned InChains =
      List.Size ? warpRewriteScanChains(M, B, &Lanes, Options) : 0;
  if (InChains) {
    free(List.Items);
    List = collectWarpCalls(F, Decls);
  }
  WarpDemandedLanes *Demanded =
      Options->Strategy == WarpStrategyBest && List.Size
          ? warpAnalyzeDemandedLanes(F, Lanes.WaveSize, Options)
          : NULL;
  warpFoldObservedSelects(Demanded);
  warpDropAbsorbedNaNCanonicalizations(
      F, Options->PlantedBug == WarpBugDropKeptNaNs);
  for (unsigned I = 0; I < List.Size; ++I) {
    WarpCallee Kind = matchWarpCall(List.Items[I], Decls);
    if (Kind.Shuffle)
      warpLowerShuffleCall(M, B, &Lanes, Options, List.Items[I], Kind.Shuffle,
                           warpDemandedLanes(Demanded, List.Items[I]));
    else
      warpLowerPrimitiveCall(M, B, &Lanes, Options, List.Items[I],
                             Kind.Primitive);
  }
  warpDisposeDemandedLanes(Demanded);
  free(List.Items);
  if (Versioned)
    warpForgetBlockShapeMarks(F);
  return List.Size + InChains;
}

/* The launch variants of the functions with calls to lower, recorded as
 * such themselves (to be walked: they hold copies of the calls). */
static WarpLaunchVariants
addLaunchVariants(LLVMModuleRef M, CallRecord *R,
                  const WarpLoweringOptions *Options) {
  LLVMValueRef *Lowerable =
      malloc((R->NumFunctions + 1) * sizeof(LLVMValueRef));
  unsigned Count = 0;
  for (unsigned I = 0; I < R->Capacity; ++I)
    if (R->Slots[I].Function && R->Slots[I].HasLowerable)
      Lowerable[Count++] = R->Slots[I].Function;
  WarpLaunchVariants V = warpAddLaunchVariants(M, Lowerable, Count, Options);
  free(Lowerable);
  for (unsigned I = 0; I < V.Count; ++I) {
    const FunctionCalls *Original = lookupFunction(R, V.Originals[I]);
    if (Original && Original->HasLowerable)
      addFunction(R, V.Copies[I])->HasLowerable = true;
  }
  return V;
}

/* Lowers the calls of intrinsics in Set; with RewritePtx, the inline PTX
 * the pattern table knows is first rewritten into such calls. The
 * module's instructions are walked once for both. */
static WarpLoweringResult lowerWarpCalls(LLVMModuleRef M, IntrinsicSet Set,
                                         bool RewritePtx, const char *PassName,
                                         const WarpLoweringOptions *Options,
                                         WarpDiagnosticHandler Handler,
                                         void *HandlerContext) {
  WarpDiagnostics Diags = {PassName, Handler, HandlerContext, 0};
  warpLowerDeferredExits(M, &Diags);
  WarpDeclarations Decls = collectDeclarations(M, Set);
  CallRecord Record = {NULL, NULL, 0, 0, NULL, 0, 0};
  if (Decls.Count || RewritePtx) {
    WarpValueList Asm = {NULL, 0, 0};
    Record = recordCalls(M, &Decls, RewritePtx ? &Asm : NULL);
    if (Asm.Size) {
      warpRewriteInlinePtxCalls(M, Asm.Items, Asm.Size);
      /* It may have declared more. */
      free(Decls.Entries);
      Decls = collectDeclarations(M, Set);
    }
    free(Asm.Items);
  }
  Decls.Record = &Record;
  checkUses(&Decls, &Diags);

  WarpLaunchVariants Variants = addLaunchVariants(M, &Record, Options);

  WarpLoweringResult Result = {0, Diags.NumErrors, 0};
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  warpOpenLoweringCache(M);
  for (LLVMValueRef F = LLVMGetFirstFunction(M); Record.NumFunctions && F;
       F = LLVMGetNextFunction(F)) {
    const FunctionCalls *Entry = lookupFunction(&Record, F);
    if (Entry && Entry->HasLowerable)
      Result.NumLowered += lowerCallsInFunction(
          M, B, F, &Decls, Options, warpMayVersionInFunction(&Variants, F));
  }
  warpCloseLoweringCache();
  warpFinishLaunchVariants(&Variants);
  LLVMDisposeBuilder(B);
  free(Record.Calls);
  free(Record.Callees);
  free(Record.Slots);
  free(Decls.Entries);
  if (Result.NumLowered)
    warpEraseUnusedDeclarations(M, "llvm.nvvm.");
  return Result;
}

WarpLoweringResult warpLowerShuffles(LLVMModuleRef M,
                                     const WarpLoweringOptions *Options,
                                     WarpDiagnosticHandler Handler,
                                     void *HandlerContext) {
  warpEraseUnusedIntrinsicDeclarations(M);
  return lowerWarpCalls(M, ShufflesOnly, false, "nvvm-shfl-to-amdgpu", Options,
                        Handler, HandlerContext);
}

WarpLoweringResult warpLowerWarpIntrinsics(LLVMModuleRef M,
                                           const WarpLoweringOptions *Options,
                                           WarpDiagnosticHandler Handler,
                                           void *HandlerContext) {
  warpEraseUnusedIntrinsicDeclarations(M);
  WarpLoweringResult Result =
      lowerWarpCalls(M, AllWarpIntrinsics, true, "nvvm-warp-to-amdgpu",
                     Options, Handler, HandlerContext);
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (LLVMGetFirstBasicBlock(F))
      Result.NumNaNCanonicalizationsMoved += warpCanonicalizeArithmeticNaNs(
          F, Options->PlantedBug == WarpBugDropArithmeticNaNs);
  return Result;
}
