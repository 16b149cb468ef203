/*===- IRUtils.c - Helpers shared by the passes ---------------------------===*/

#include "support/IRUtils.h"

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

/* While a module is being lowered: the declarations buildCall has found,
 * by name and overload type (a lookup by mangled name costs more than the
 * call it builds; no function is deleted while the cache is open), and the
 * small integer constants of the module's i1 and i32, which
 * LLVMConstInt would look up in the context each time. */
typedef struct {
  char Name[48];
  LLVMTypeRef Overload;
  LLVMValueRef Function;
} CachedDeclaration;

enum { NumCachedConstants = 64 };

static _Thread_local struct {
  LLVMModuleRef M;
  unsigned Count;
  CachedDeclaration Entries[32];
  LLVMTypeRef I1, I32;
  LLVMValueRef I1Constants[2], I32Constants[NumCachedConstants];
} LoweringCache;

void warpOpenLoweringCache(LLVMModuleRef M) {
  warpCloseLoweringCache();
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LoweringCache.M = M;
  LoweringCache.I1 = LLVMInt1TypeInContext(Ctx);
  LoweringCache.I32 = LLVMInt32TypeInContext(Ctx);
}

void warpCloseLoweringCache(void) {
  memset(&LoweringCache, 0, sizeof(LoweringCache));
}

LLVMValueRef warpConstInt(LLVMTypeRef Type, uint64_t Value) {
  LLVMValueRef *Slot = NULL;
  if (!LoweringCache.M)
    return LLVMConstInt(Type, Value, false);
  if (Type == LoweringCache.I32 && Value < NumCachedConstants)
    Slot = &LoweringCache.I32Constants[Value];
  else if (Type == LoweringCache.I1 && Value < 2)
    Slot = &LoweringCache.I1Constants[Value];
  if (!Slot)
    return LLVMConstInt(Type, Value, false);
  if (!*Slot)
    *Slot = LLVMConstInt(Type, Value, false);
  return *Slot;
}

static LLVMValueRef findCachedDeclaration(LLVMModuleRef M, const char *Name,
                                          LLVMTypeRef Overload) {
  if (LoweringCache.M != M)
    return NULL;
  for (unsigned I = 0; I < LoweringCache.Count; ++I) {
    CachedDeclaration *E = &LoweringCache.Entries[I];
    if (E->Overload == Overload && strcmp(E->Name, Name) == 0)
      return E->Function;
  }
  return NULL;
}

static void cacheDeclaration(LLVMModuleRef M, const char *Name,
                             LLVMTypeRef Overload, LLVMValueRef Function) {
  const unsigned Capacity =
      sizeof(LoweringCache.Entries) / sizeof(LoweringCache.Entries[0]);
  size_t Length = strlen(Name);
  if (LoweringCache.M != M || LoweringCache.Count == Capacity ||
      Length >= sizeof(LoweringCache.Entries[0].Name))
    return;
  CachedDeclaration *E = &LoweringCache.Entries[LoweringCache.Count++];
  memcpy(E->Name, Name, Length + 1);
  E->Overload = Overload;
  E->Function = Function;
}

/* Calls intrinsic Name. Its declaration is looked up by its mangled name
 * first, which is much cheaper than resolving the intrinsic. */
static LLVMValueRef buildCall(LLVMModuleRef M, LLVMBuilderRef B,
                              const char *Name, LLVMTypeRef *Overloads,
                              unsigned NumOverloads, LLVMValueRef *Args,
                              unsigned NumArgs, const char *ResultName) {
  LLVMTypeRef Overload = NumOverloads ? Overloads[0] : NULL;
  LLVMValueRef Fn = findCachedDeclaration(M, Name, Overload);
  if (!Fn) {
    char Mangled[128];
    if (mangleName(Name, Overload, Mangled, sizeof(Mangled)))
      Fn = LLVMGetNamedFunction(M, Mangled);
    if (!Fn) {
      unsigned ID = LLVMLookupIntrinsicID(Name, strlen(Name));
      Fn = LLVMGetIntrinsicDeclaration(M, ID, Overloads, NumOverloads);
    }
    cacheDeclaration(M, Name, Overload, Fn);
  }
  return LLVMBuildCall2(B, LLVMGlobalGetValueType(Fn), Fn, Args, NumArgs,
                        ResultName);
}

const char *warpCalleeName(LLVMValueRef Call) {
  LLVMValueRef Callee = LLVMGetCalledValue(Call);
  if (!Callee || !LLVMIsAFunction(Callee))
    return "";
  size_t Length;
  return LLVMGetValueName2(Callee, &Length);
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

bool warpIsKernel(LLVMValueRef F) {
  LLVMCallConv CC = LLVMGetFunctionCallConv(F);
  return CC == LLVMPTXKernelCallConv || CC == LLVMAMDGPUKERNELCallConv;
}

void warpAddFunctionAttribute(LLVMValueRef F, const char *Kind,
                              const char *Value) {
  LLVMContextRef Ctx = LLVMGetModuleContext(LLVMGetGlobalParent(F));
  LLVMAttributeRef Attr = LLVMCreateStringAttribute(
      Ctx, Kind, (unsigned)strlen(Kind), Value, (unsigned)strlen(Value));
  LLVMAddAttributeAtIndex(F, LLVMAttributeFunctionIndex, Attr);
}

void warpEraseGivingName(LLVMValueRef Old, LLVMValueRef New) {
  size_t Length;
  const char *Name = LLVMGetValueName2(Old, &Length);
  char *Saved = strndup(Name, Length);
  LLVMInstructionEraseFromParent(Old);
  LLVMSetValueName2(New, Saved, Length);
  free(Saved);
}

/* Makes every branch to From and every blockaddress of it name To. */
static void redirectBlockUses(LLVMBasicBlockRef From, LLVMBasicBlockRef To) {
  LLVMValueRef FromValue = LLVMBasicBlockAsValue(From);
  unsigned Count = 0;
  for (LLVMUseRef U = LLVMGetFirstUse(FromValue); U; U = LLVMGetNextUse(U))
    ++Count;
  /* Collected first: changing a user changes the use list. */
  LLVMValueRef *Users = malloc((Count ? Count : 1) * sizeof(LLVMValueRef));
  unsigned N = 0;
  for (LLVMUseRef U = LLVMGetFirstUse(FromValue); U; U = LLVMGetNextUse(U))
    Users[N++] = LLVMGetUser(U);
  for (unsigned I = 0; I < N; ++I) {
    if (LLVMIsATerminatorInst(Users[I])) {
      for (unsigned S = 0, E = LLVMGetNumSuccessors(Users[I]); S < E; ++S)
        if (LLVMGetSuccessor(Users[I], S) == From)
          LLVMSetSuccessor(Users[I], S, To);
    } else if (LLVMIsABlockAddress(Users[I]) && LLVMGetFirstUse(Users[I])) {
      LLVMValueRef F = LLVMGetBasicBlockParent(From);
      LLVMReplaceAllUsesWith(Users[I], LLVMBlockAddress(F, To));
    }
  }
  free(Users);
}

LLVMBasicBlockRef warpSplitBlockBefore(LLVMValueRef I, const char *Name) {
  LLVMBasicBlockRef Tail = LLVMGetInstructionParent(I);
  LLVMContextRef Ctx = LLVMGetTypeContext(LLVMTypeOf(I));
  LLVMBasicBlockRef Head = LLVMInsertBasicBlockInContext(Ctx, Tail, "");
  redirectBlockUses(Tail, Head);

  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  LLVMPositionBuilderAtEnd(B, Head);
  LLVMValueRef Next;
  for (LLVMValueRef Moved = LLVMGetFirstInstruction(Tail); Moved != I;
       Moved = Next) {
    Next = LLVMGetNextInstruction(Moved);
    /* Leaving the function's symbol table drops the name: keep it. */
    char *Saved = strdup(LLVMGetValueName2(Moved, &(size_t){0}));
    LLVMInstructionRemoveFromParent(Moved);
    LLVMInsertIntoBuilderWithName(B, Moved, Saved);
    free(Saved);
  }
  LLVMDisposeBuilder(B);

  char *TailName =
      strdup(LLVMGetValueName2(LLVMBasicBlockAsValue(Tail), &(size_t){0}));
  LLVMSetValueName2(LLVMBasicBlockAsValue(Tail), Name, strlen(Name));
  LLVMSetValueName2(LLVMBasicBlockAsValue(Head), TailName, strlen(TailName));
  free(TailName);
  return Head;
}

void warpEraseUnusedDeclarations(LLVMModuleRef M, const char *Prefix) {
  size_t PrefixLength = strlen(Prefix);
  LLVMValueRef Next;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = Next) {
    Next = LLVMGetNextFunction(F);
    if (!LLVMIsDeclaration(F) || LLVMGetFirstUse(F))
      continue;
    size_t Length;
    const char *Name = LLVMGetValueName2(F, &Length);
    if (Length >= PrefixLength && strncmp(Name, Prefix, PrefixLength) == 0)
      LLVMDeleteFunction(F);
  }
}

void warpEraseUnusedIntrinsicDeclarations(LLVMModuleRef M) {
  warpEraseUnusedDeclarations(M, "llvm.");
}

unsigned warpCodeObjectVersion(LLVMModuleRef M) {
  const char Key[] = "amdhsa_code_object_version";
  LLVMMetadataRef Flag = LLVMGetModuleFlag(M, Key, sizeof(Key) - 1);
  if (!Flag)
    return 0;
  /* An MDNode's operands come back as the constants they hold. */
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMValueRef Node =
      LLVMMetadataAsValue(Ctx, LLVMMDNodeInContext2(Ctx, &Flag, 1));
  LLVMValueRef Version;
  LLVMGetMDNodeOperands(Node, &Version);
  return Version && LLVMIsAConstantInt(Version)
             ? (unsigned)LLVMConstIntGetZExtValue(Version)
             : 0;
}

void warpAppendValue(WarpValueList *List, LLVMValueRef V) {
  if (List->Size == List->Capacity) {
    List->Capacity = List->Capacity ? 2 * List->Capacity : 16;
    List->Items = realloc(List->Items, List->Capacity * sizeof(LLVMValueRef));
  }
  List->Items[List->Size++] = V;
}
