/*===- NVVMWarpToAMDGPU.c - Find and lower NVVM warp shuffles --------------===*
 *
 * The module-level part of the lowering: parse the pass options, check every
 * use of an llvm.nvvm.shfl* declaration, choose each function's wave size,
 * and hand each well-formed call to ShuffleLowering.c. A use that is not a
 * well-formed call (unknown intrinsic name, a signature other than LLVM's,
 * the intrinsic's address taken) is reported and left as it is.
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"

#include "Diagnostics.h"
#include "IRUtils.h"
#include "LaneMath.h"
#include "ShuffleLowering.h"
#include "WarpPatterns.h"

#include <llvm-c/Core.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char ShufflePrefix[] = "llvm.nvvm.shfl.";

WarpLoweringOptions warpDefaultOptions(void) {
  WarpLoweringOptions Options = {WarpWave64, WarpNoPlantedBug};
  return Options;
}

static bool parseOption(const char *Option, size_t Length,
                        WarpLoweringOptions *Options) {
  static const struct {
    const char *Text;
    bool SetsWave;
    int Value;
  } Known[] = {
      {"wave32", true, WarpWave32},
      {"wave64", true, WarpWave64},
      {"plant-bug=drop-warp-base", false, WarpBugDropWarpBase},
      {"plant-bug=drop-clamp", false, WarpBugDropClamp},
  };
  for (size_t I = 0; I < sizeof(Known) / sizeof(Known[0]); ++I) {
    if (strlen(Known[I].Text) != Length ||
        strncmp(Known[I].Text, Option, Length) != 0)
      continue;
    if (Known[I].SetsWave)
      Options->DefaultWave = (WarpWaveSize)Known[I].Value;
    else
      Options->PlantedBug = (WarpPlantedBug)Known[I].Value;
    return true;
  }
  return false;
}

bool warpParseOptions(const char *Params, WarpLoweringOptions *Options,
                      char **ErrorMessage) {
  *Options = warpDefaultOptions();
  *ErrorMessage = NULL;
  for (const char *Start = Params; *Start;) {
    size_t Length = strcspn(Start, ";");
    if (Length && !parseOption(Start, Length, Options)) {
      const char *Format =
          "nvvm-shfl-to-amdgpu: unknown option '%.*s' (expected "
          "wave32, wave64, plant-bug=drop-warp-base or "
          "plant-bug=drop-clamp)";
      size_t Size = strlen(Format) + Length + 1;
      *ErrorMessage = malloc(Size);
      snprintf(*ErrorMessage, Size, Format, (int)Length, Start);
      return false;
    }
    Start += Length + (Start[Length] == ';');
  }
  return true;
}

static bool isShuffleName(const char *Name) {
  return strncmp(Name, ShufflePrefix, sizeof(ShufflePrefix) - 1) == 0;
}

/* The function type LLVM gives the intrinsic P describes. */
static LLVMTypeRef getExpectedType(LLVMContextRef Ctx,
                                   const WarpShufflePattern *P) {
  LLVMTypeRef I32 = LLVMInt32TypeInContext(Ctx);
  LLVMTypeRef Value =
      P->ValueType == WarpValueF32 ? LLVMFloatTypeInContext(Ctx) : I32;
  LLVMTypeRef Params[] = {I32, Value, I32, I32};
  LLVMTypeRef *First = P->HasMemberMask ? Params : Params + 1;
  LLVMTypeRef Result = Value;
  if (P->ReturnsPredicate) {
    LLVMTypeRef Fields[] = {Value, LLVMInt1TypeInContext(Ctx)};
    Result = LLVMStructTypeInContext(Ctx, Fields, 2, false);
  }
  return LLVMFunctionType(Result, First, P->HasMemberMask ? 4 : 3, false);
}

static bool isCallSite(LLVMValueRef V) {
  if (!LLVMIsAInstruction(V))
    return false;
  LLVMOpcode Op = LLVMGetInstructionOpcode(V);
  return Op == LLVMCall || Op == LLVMInvoke || Op == LLVMCallBr;
}

/* Why User's use of the shuffle declaration Callee cannot be lowered, or
 * NULL when User is a well-formed call of it. */
static const char *findUseProblem(LLVMValueRef User, LLVMValueRef Callee,
                                  const WarpShufflePattern *P) {
  if (!P)
    return "unknown shuffle intrinsic (nvvm-shfl-to-amdgpu lowers the 32 "
           "llvm.nvvm.shfl intrinsics of LLVM 22)";
  LLVMContextRef Ctx = LLVMGetModuleContext(LLVMGetGlobalParent(Callee));
  if (LLVMGlobalGetValueType(Callee) != getExpectedType(Ctx, P))
    return "declared with a signature other than LLVM's";
  bool IsCallee = isCallSite(User) && LLVMGetCalledValue(User) == Callee;
  if (IsCallee && !LLVMIsACallInst(User))
    return "invoked rather than called; only plain calls can be lowered";
  if (!IsCallee)
    return "used as a value rather than called; only direct calls can be "
           "lowered";
  if (LLVMGetCalledFunctionType(User) != LLVMGlobalGetValueType(Callee))
    return "called with a signature other than LLVM's";
  for (unsigned I = 0, N = LLVMGetNumArgOperands(User); I < N; ++I)
    if (LLVMGetOperand(User, I) == Callee)
      return "passed as an operand of its own call";
  return NULL;
}

/* Reports every use of every llvm.nvvm.shfl* declaration that cannot be
 * lowered. */
static void reportBadUses(LLVMModuleRef M, WarpDiagnostics *Diags) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    const char *Name = LLVMGetValueName2(F, &(size_t){0});
    if (!isShuffleName(Name))
      continue;
    const WarpShufflePattern *P = warpFindShufflePattern(Name);
    for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
      LLVMValueRef User = LLVMGetUser(U);
      const char *Problem = findUseProblem(User, F, P);
      if (Problem)
        warpReportUse(Diags, User, Name, "%s", Problem);
    }
  }
}

/* The pattern for Inst when it is a well-formed shuffle call, else NULL. */
static const WarpShufflePattern *matchShuffleCall(LLVMValueRef Inst) {
  if (!LLVMIsACallInst(Inst))
    return NULL;
  LLVMValueRef Callee = LLVMGetCalledValue(Inst);
  if (!LLVMIsAFunction(Callee))
    return NULL;
  const char *Name = LLVMGetValueName2(Callee, &(size_t){0});
  if (!isShuffleName(Name))
    return NULL;
  const WarpShufflePattern *P = warpFindShufflePattern(Name);
  return findUseProblem(Inst, Callee, P) ? NULL : P;
}

static unsigned lowerShufflesInFunction(LLVMModuleRef M, LLVMBuilderRef B,
                                        LLVMValueRef F,
                                        const WarpLoweringOptions *Options) {
  unsigned NumLowered = 0;
  WarpLanes Lanes =
      warpLanesOf(M, F, warpFunctionWaveSize(F, Options->DefaultWave));
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB)) {
    LLVMValueRef Next;
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I; I = Next) {
      Next = LLVMGetNextInstruction(I);
      const WarpShufflePattern *P = matchShuffleCall(I);
      if (!P)
        continue;
      warpLowerShuffleCall(M, B, &Lanes, Options, I, P);
      ++NumLowered;
    }
  }
  return NumLowered;
}

WarpLoweringResult warpLowerShuffles(LLVMModuleRef M,
                                     const WarpLoweringOptions *Options,
                                     WarpDiagnosticHandler Handler,
                                     void *HandlerContext) {
  WarpDiagnostics Diags = {"nvvm-shfl-to-amdgpu", Handler, HandlerContext, 0};
  reportBadUses(M, &Diags);

  WarpLoweringResult Result = {0, Diags.NumErrors};
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (!LLVMIsDeclaration(F))
      Result.NumLowered += lowerShufflesInFunction(M, B, F, Options);
  LLVMDisposeBuilder(B);
  if (Result.NumLowered)
    warpEraseUnusedDeclarations(M, ShufflePrefix);
  return Result;
}
