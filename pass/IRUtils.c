/*===- IRUtils.c - Helpers shared by the passes ---------------------------===*/

#include "IRUtils.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The mangled name of Name overloaded on Overload (integers and float
 * only, the types this project overloads on), or false. */
static bool mangleName(const char *Name, LLVMTypeRef Overload, char *Out,
                       size_t Size) {
  if (!Overload)
    return (size_t)snprintf(Out, Size, "%s", Name) < Size;
  LLVMTypeKind Kind = LLVMGetTypeKind(Overload);
  if (Kind == LLVMIntegerTypeKind)
    return (size_t)snprintf(Out, Size, "%s.i%u", Name,
                            LLVMGetIntTypeWidth(Overload)) < Size;
  if (Kind == LLVMFloatTypeKind)
    return (size_t)snprintf(Out, Size, "%s.f32", Name) < Size;
  return false;
}

/* Calls intrinsic Name. Its declaration is looked up by its mangled name
 * first, which is much cheaper than resolving the intrinsic. */
static LLVMValueRef buildCall(LLVMModuleRef M, LLVMBuilderRef B,
                              const char *Name, LLVMTypeRef *Overloads,
                              unsigned NumOverloads, LLVMValueRef *Args,
                              unsigned NumArgs, const char *ResultName) {
  char Mangled[128];
  LLVMValueRef Fn = NULL;
  if (mangleName(Name, NumOverloads ? Overloads[0] : NULL, Mangled,
                 sizeof(Mangled)))
    Fn = LLVMGetNamedFunction(M, Mangled);
  if (!Fn) {
    unsigned ID = LLVMLookupIntrinsicID(Name, strlen(Name));
    Fn = LLVMGetIntrinsicDeclaration(M, ID, Overloads, NumOverloads);
  }
  return LLVMBuildCall2(B, LLVMGlobalGetValueType(Fn), Fn, Args, NumArgs,
                        ResultName);
}

LLVMValueRef warpBuildIntrinsicCall(LLVMModuleRef M, LLVMBuilderRef B,
                                    const char *Name, LLVMValueRef *Args,
                                    unsigned NumArgs, const char *ResultName) {
  return buildCall(M, B, Name, NULL, 0, Args, NumArgs, ResultName);
}

LLVMValueRef warpBuildOverloadedCall(LLVMModuleRef M, LLVMBuilderRef B,
                                     const char *Name, LLVMTypeRef OverloadType,
                                     LLVMValueRef *Args, unsigned NumArgs,
                                     const char *ResultName) {
  return buildCall(M, B, Name, &OverloadType, 1, Args, NumArgs, ResultName);
}

void warpBuildFence(LLVMBuilderRef B, LLVMAtomicOrdering Ordering,
                    const char *Scope) {
  LLVMBasicBlockRef BB = LLVMGetInsertBlock(B);
  LLVMContextRef Ctx =
      LLVMGetTypeContext(LLVMTypeOf(LLVMBasicBlockAsValue(BB)));
  unsigned ScopeID = LLVMGetSyncScopeID(Ctx, Scope, strlen(Scope));
  LLVMBuildFenceSyncScope(B, Ordering, ScopeID, "");
}

void warpEraseGivingName(LLVMValueRef Old, LLVMValueRef New) {
  size_t Length;
  const char *Name = LLVMGetValueName2(Old, &Length);
  char *Saved = strndup(Name, Length);
  LLVMInstructionEraseFromParent(Old);
  LLVMSetValueName2(New, Saved, Length);
  free(Saved);
}

/* Phi, an incoming-block list naming From, rebuilt to name To instead (the
 * C API cannot set a phi's incoming block in place). */
static void retargetPhiIncoming(LLVMValueRef Phi, LLVMBasicBlockRef From,
                                LLVMBasicBlockRef To) {
  unsigned Count = LLVMCountIncoming(Phi);
  LLVMValueRef *Values = malloc(Count * sizeof(LLVMValueRef));
  LLVMBasicBlockRef *Blocks = malloc(Count * sizeof(LLVMBasicBlockRef));
  for (unsigned I = 0; I < Count; ++I) {
    Values[I] = LLVMGetIncomingValue(Phi, I);
    Blocks[I] = LLVMGetIncomingBlock(Phi, I);
    if (Blocks[I] == From)
      Blocks[I] = To;
  }
  LLVMBuilderRef B =
      LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(Phi)));
  LLVMPositionBuilderBefore(B, Phi);
  LLVMValueRef NewPhi = LLVMBuildPhi(B, LLVMTypeOf(Phi), "");
  LLVMAddIncoming(NewPhi, Values, Blocks, Count);
  LLVMReplaceAllUsesWith(Phi, NewPhi);
  warpEraseGivingName(Phi, NewPhi);
  LLVMDisposeBuilder(B);
  free(Values);
  free(Blocks);
}

LLVMBasicBlockRef warpSplitBlockBefore(LLVMValueRef I, const char *Name) {
  LLVMBasicBlockRef Old = LLVMGetInstructionParent(I);
  LLVMContextRef Ctx = LLVMGetTypeContext(LLVMTypeOf(I));
  LLVMBasicBlockRef After = LLVMGetNextBasicBlock(Old);
  LLVMBasicBlockRef New =
      After ? LLVMInsertBasicBlockInContext(Ctx, After, Name)
            : LLVMAppendBasicBlockInContext(Ctx, LLVMGetBasicBlockParent(Old),
                                            Name);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  LLVMPositionBuilderAtEnd(B, New);
  LLVMValueRef Next;
  for (LLVMValueRef Moved = I; Moved; Moved = Next) {
    Next = LLVMGetNextInstruction(Moved);
    LLVMInstructionRemoveFromParent(Moved);
    LLVMInsertIntoBuilder(B, Moved);
  }
  LLVMDisposeBuilder(B);

  LLVMValueRef Terminator = LLVMGetBasicBlockTerminator(New);
  for (unsigned S = 0, N = Terminator ? LLVMGetNumSuccessors(Terminator) : 0;
       S < N; ++S) {
    LLVMBasicBlockRef Succ = LLVMGetSuccessor(Terminator, S);
    LLVMValueRef NextPhi;
    for (LLVMValueRef Phi = LLVMGetFirstInstruction(Succ);
         Phi && LLVMIsAPHINode(Phi); Phi = NextPhi) {
      NextPhi = LLVMGetNextInstruction(Phi);
      for (unsigned In = 0, Count = LLVMCountIncoming(Phi); In < Count; ++In)
        if (LLVMGetIncomingBlock(Phi, In) == Old) {
          retargetPhiIncoming(Phi, Old, New);
          break;
        }
    }
  }
  return New;
}

void warpEraseUnusedDeclarations(LLVMModuleRef M, const char *Prefix) {
  size_t PrefixLength = strlen(Prefix);
  LLVMValueRef Next;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = Next) {
    Next = LLVMGetNextFunction(F);
    size_t Length;
    const char *Name = LLVMGetValueName2(F, &Length);
    if (LLVMIsDeclaration(F) && !LLVMGetFirstUse(F) && Length >= PrefixLength &&
        strncmp(Name, Prefix, PrefixLength) == 0)
      LLVMDeleteFunction(F);
  }
}
