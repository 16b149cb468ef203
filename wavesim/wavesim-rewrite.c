/*===- wavesim-rewrite.c - Rewrite AMDGPU kernel IR for the host
 *------------===*
 *
 * wavesim runs a module's kernels as host code: it is checked
 * (wavesim-module.c: every callee modeled, immediates in range), its
 * cross-lane call sites are numbered and their reachability computed for
 * the scheduler, and it is rewritten and compiled with LLVM ORC.
 *
 * Rewriting for the host: host triple and datalayout (every pointer becomes
 * 64-bit; address spaces stay and are no-op casts on x86-64), allocas move
 * to address space 0 behind an addrspacecast, target-cpu/features are
 * dropped, kernels get the C calling convention and a wrapper
 * void(void **Args) that loads each parameter, per-lane amdgcn intrinsics
 * are renamed to host functions, each cross-lane or barrier call gets
 * its call-site number as an extra first argument, shared memory is reached
 * from the running block's base (wavesim-shared.c) and loops that spin on
 * memory other lanes write get poll points (wavesim-polls.c).
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "host-jit.h"
#include "wavesim-internal.h"
#include "wavesim-ir.h"
#include "wavesim-lockstep.h"
#include "wavesim-math.h"
#include "wavesim-printf.h"

#include <llvm-c/Comdat.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/*===-- Call sites and their reachability ---------------------------------===*/

typedef struct {
  LLVMValueRef *Items;
  unsigned Count, Capacity;
} ValueList;

static void appendValue(ValueList *List, LLVMValueRef V) {
  if (List->Count == List->Capacity) {
    List->Capacity = List->Capacity ? 2 * List->Capacity : 16;
    List->Items = realloc(List->Items, List->Capacity * sizeof(LLVMValueRef));
  }
  List->Items[List->Count++] = V;
}

static void describeSite(Site *Out, LLVMValueRef F, LLVMBasicBlockRef BB,
                         unsigned BlockIndex) {
  const char *BlockName = LLVMGetBasicBlockName(BB);
  if (BlockName && *BlockName)
    snprintf(Out->Where, sizeof(Out->Where), "%s in @%s, block %%%s",
             Out->Op->Intrinsic, nameOf(F), BlockName);
  else
    snprintf(Out->Where, sizeof(Out->Where), "%s in @%s, block #%u",
             Out->Op->Intrinsic, nameOf(F), BlockIndex);
}

/* Numbers the cross-lane and barrier calls in program order (functions,
 * then blocks in layout order, then instructions). */
static void collectSites(WaveSim *S, LLVMModuleRef M, ValueList *Calls) {
  unsigned FunctionIndex = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F), ++FunctionIndex) {
    unsigned BlockIndex = 0;
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB), ++BlockIndex)
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        LLVMValueRef Callee = calleeOf(I);
        const SiteIntrinsic *Op =
            Callee ? wavesimFindSiteIntrinsic(nameOf(Callee)) : NULL;
        if (!Op)
          continue;
        appendValue(Calls, I);
        S->Sites = realloc(S->Sites, Calls->Count * sizeof(Site));
        Site *New = &S->Sites[Calls->Count - 1];
        New->Op = Op;
        New->Function = FunctionIndex;
        New->InKernel = isKernel(F);
        describeSite(New, F, BB, BlockIndex);
      }
  }
  S->NumSites = Calls->Count;
}

static void setReach(WaveSim *S, unsigned From, unsigned To) {
  size_t Bit = (size_t)From * S->NumSites + To;
  S->Reach[Bit / 8] |= (uint8_t)(1u << (Bit % 8));
}

bool wavesimReaches(const WaveSim *S, unsigned From, unsigned To) {
  size_t Bit = (size_t)From * S->NumSites + To;
  return S->Reach[Bit / 8] >> (Bit % 8) & 1;
}

typedef struct {
  LLVMBasicBlockRef Block;
  unsigned Index;
} BlockEntry;

static int compareBlockEntries(const void *A, const void *B) {
  uintptr_t X = (uintptr_t)((const BlockEntry *)A)->Block;
  uintptr_t Y = (uintptr_t)((const BlockEntry *)B)->Block;
  return X < Y ? -1 : X > Y;
}

static unsigned blockIndex(const BlockEntry *Sorted, unsigned N,
                           LLVMBasicBlockRef BB) {
  BlockEntry Key = {BB, 0};
  const BlockEntry *Found =
      bsearch(&Key, Sorted, N, sizeof(BlockEntry), compareBlockEntries);
  return Found ? Found->Index : 0;
}

/* Marks in Reached every block reachable from Start by at least one edge. */
static void markReachable(LLVMBasicBlockRef *Blocks, const BlockEntry *Sorted,
                          unsigned N, unsigned Start, bool *Reached,
                          unsigned *Worklist) {
  unsigned Size = 0;
  memset(Reached, 0, N * sizeof(bool));
  Worklist[Size++] = Start;
  bool First = true;
  while (Size) {
    unsigned B = Worklist[--Size];
    if (!First && Reached[B])
      continue;
    if (!First)
      Reached[B] = true;
    First = false;
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(Blocks[B]);
    unsigned NumSucc = Term ? LLVMGetNumSuccessors(Term) : 0;
    for (unsigned I = 0; I < NumSucc; ++I) {
      unsigned Succ = blockIndex(Sorted, N, LLVMGetSuccessor(Term, I));
      if (!Reached[Succ])
        Worklist[Size++] = Succ;
    }
  }
}

/* Within a kernel, the CFG decides: a later call in the same block, or a
 * call in a block reachable by at least one edge. Across functions, or in a
 * function that is not a kernel (it may be called in a loop), every site is
 * assumed to reach every other. */
static void computeReach(WaveSim *S, LLVMModuleRef M, const ValueList *Calls) {
  size_t Bytes = ((size_t)S->NumSites * S->NumSites + 7) / 8;
  S->Reach = calloc(Bytes ? Bytes : 1, 1);
  for (unsigned I = 0; I < S->NumSites; ++I)
    for (unsigned J = 0; J < S->NumSites; ++J)
      if (I != J && (S->Sites[I].Function != S->Sites[J].Function ||
                     !S->Sites[I].InKernel))
        setReach(S, I, J);

  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!isKernel(F) || LLVMIsDeclaration(F))
      continue;
    unsigned N = LLVMCountBasicBlocks(F);
    LLVMBasicBlockRef *Blocks = malloc(N * sizeof(LLVMBasicBlockRef));
    BlockEntry *Sorted = malloc(N * sizeof(BlockEntry));
    bool *Reached = malloc(N * sizeof(bool));
    /* Each block enters the worklist at most once per predecessor edge. */
    unsigned NumEdges = 0;
    LLVMGetBasicBlocks(F, Blocks);
    for (unsigned B = 0; B < N; ++B) {
      Sorted[B] = (BlockEntry){Blocks[B], B};
      LLVMValueRef Term = LLVMGetBasicBlockTerminator(Blocks[B]);
      NumEdges += Term ? LLVMGetNumSuccessors(Term) : 0;
    }
    unsigned *Worklist = malloc((NumEdges + 1) * sizeof(unsigned));
    qsort(Sorted, N, sizeof(BlockEntry), compareBlockEntries);

    for (unsigned I = 0; I < S->NumSites; ++I) {
      LLVMBasicBlockRef From = LLVMGetInstructionParent(Calls->Items[I]);
      if (LLVMGetBasicBlockParent(From) != F)
        continue;
      markReachable(Blocks, Sorted, N, blockIndex(Sorted, N, From), Reached,
                    Worklist);
      for (unsigned J = 0; J < S->NumSites; ++J) {
        LLVMBasicBlockRef To = LLVMGetInstructionParent(Calls->Items[J]);
        if (J == I || LLVMGetBasicBlockParent(To) != F)
          continue;
        if ((To == From && J > I) || Reached[blockIndex(Sorted, N, To)])
          setReach(S, I, J);
      }
    }
    free(Worklist);
    free(Reached);
    free(Sorted);
    free(Blocks);
  }
}

/*===-- Each kernel's static shared memory --------------------------------===*/

static bool containsValue(const ValueList *List, LLVMValueRef V) {
  for (unsigned I = 0; I < List->Count; ++I)
    if (List->Items[I] == V)
      return true;
  return false;
}

static void appendUnique(ValueList *List, LLVMValueRef V) {
  if (!containsValue(List, V))
    appendValue(List, V);
}

/* The functions whose instructions use V, directly or through constant
 * expressions. */
static void addUsingFunctions(LLVMValueRef V, ValueList *Functions) {
  for (LLVMUseRef U = LLVMGetFirstUse(V); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (LLVMIsAInstruction(User))
      appendUnique(Functions,
                   LLVMGetBasicBlockParent(LLVMGetInstructionParent(User)));
    else if (LLVMIsAConstant(User) && !LLVMIsAGlobalValue(User))
      addUsingFunctions(User, Functions);
  }
}

/* K and the defined functions it calls, directly or through others; an
 * indirect call may reach any function. */
static void collectReachedFunctions(LLVMModuleRef M, LLVMValueRef K,
                                    ValueList *Reached) {
  appendValue(Reached, K);
  for (unsigned I = 0; I < Reached->Count; ++I)
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(Reached->Items[I]); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef Inst = LLVMGetFirstInstruction(BB); Inst;
           Inst = LLVMGetNextInstruction(Inst)) {
        if (!LLVMIsACallInst(Inst) && !LLVMIsAInvokeInst(Inst))
          continue;
        LLVMValueRef Callee = LLVMGetCalledValue(Inst);
        if (LLVMIsAInlineAsm(Callee))
          continue;
        if (LLVMIsAFunction(Callee)) {
          if (!LLVMIsDeclaration(Callee))
            appendUnique(Reached, Callee);
          continue;
        }
        for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
             F = LLVMGetNextFunction(F))
          if (!LLVMIsDeclaration(F))
            appendUnique(Reached, F);
      }
}

/* Whether the Reached functions call only each other and intrinsics that
 * act on one lane alone (no cross-lane site, barrier, s.sleep or trap). */
static bool lanesIndependent(const ValueList *Reached) {
  for (unsigned I = 0; I < Reached->Count; ++I)
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(Reached->Items[I]); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef Inst = LLVMGetFirstInstruction(BB); Inst;
           Inst = LLVMGetNextInstruction(Inst)) {
        if (!LLVMIsACallInst(Inst) && !LLVMIsAInvokeInst(Inst))
          continue;
        LLVMValueRef Callee = LLVMGetCalledValue(Inst);
        if (!LLVMIsAFunction(Callee))
          return false;
        if (!LLVMIsDeclaration(Callee))
          continue;
        const char *Name = nameOf(Callee);
        if (!startsWith(Name, "llvm.") || wavesimFindSiteIntrinsic(Name) ||
            !strcmp(Name, "llvm.trap") || !strcmp(Name, "llvm.debugtrap") ||
            !strcmp(Name, "llvm.amdgcn.s.sleep"))
          return false;
      }
  return true;
}

/* Each kernel's StaticShared: the bytes of the defined shared globals that
 * a function it reaches uses, as the AMDGPU backend allocates them; and
 * whether its lanes are independent. */
static void measureStaticShared(WaveSim *S, LLVMModuleRef M) {
  LLVMTargetDataRef TD = LLVMGetModuleDataLayout(M);
  for (unsigned K = 0; K < S->NumKernels; ++K) {
    ValueList Reached = {NULL, 0, 0};
    collectReachedFunctions(M, LLVMGetNamedFunction(M, S->Kernels[K].Name),
                            &Reached);
    S->Kernels[K].LanesIndependent = lanesIndependent(&Reached);
    for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G)) {
      if (LLVMGetPointerAddressSpace(LLVMTypeOf(G)) != 3 ||
          LLVMIsDeclaration(G))
        continue;
      ValueList Users = {NULL, 0, 0};
      addUsingFunctions(G, &Users);
      bool Used = false;
      for (unsigned I = 0; I < Users.Count && !Used; ++I)
        Used = containsValue(&Reached, Users.Items[I]);
      if (Used)
        S->Kernels[K].StaticShared +=
            (size_t)LLVMABISizeOfType(TD, LLVMGlobalGetValueType(G));
      free(Users.Items);
    }
    free(Reached.Items);
  }
}

/*===-- Rewriting the module for the host ---------------------------------===*/

/* Lifetime markers must name an alloca directly, which the moved allocas
 * are not; they only enable optimisations, so they go. */
static void eraseLifetimeMarkers(LLVMValueRef Alloca) {
  LLVMUseRef U = LLVMGetFirstUse(Alloca);
  while (U) {
    LLVMValueRef User = LLVMGetUser(U);
    U = LLVMGetNextUse(U);
    LLVMValueRef Callee = calleeOf(User);
    if (Callee && startsWith(nameOf(Callee), "llvm.lifetime."))
      LLVMInstructionEraseFromParent(User);
  }
}

/* alloca ..., addrspace(5) becomes an alloca in address space 0 plus an
 * addrspacecast, so the IR verifies under the host datalayout. */
static void moveAllocasToHostStack(LLVMModuleRef M, LLVMBuilderRef B) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;) {
        LLVMTypeRef Type = LLVMTypeOf(I);
        if (!LLVMIsAAllocaInst(I) || LLVMGetPointerAddressSpace(Type) == 0) {
          I = LLVMGetNextInstruction(I);
          continue;
        }
        eraseLifetimeMarkers(I);
        LLVMPositionBuilderBefore(B, I);
        LLVMValueRef Count = LLVMGetOperand(I, 0);
        LLVMValueRef New =
            LLVMBuildArrayAlloca(B, LLVMGetAllocatedType(I), Count, "");
        LLVMSetAlignment(New, LLVMGetAlignment(I));
        LLVMValueRef Cast = LLVMBuildAddrSpaceCast(B, New, Type, "");
        size_t Length;
        char *Name = strndup(LLVMGetValueName2(I, &Length), Length);
        LLVMReplaceAllUsesWith(I, Cast);
        LLVMInstructionEraseFromParent(I);
        LLVMSetValueName2(New, Name, strlen(Name));
        free(Name);
        I = LLVMGetNextInstruction(Cast);
      }
}

static void dropTargetAttributes(LLVMValueRef F) {
  static const char *const Names[] = {"target-cpu", "target-features",
                                      "tune-cpu"};
  for (unsigned I = 0; I < 3; ++I)
    LLVMRemoveStringAttributeAtIndex(F, LLVMAttributeFunctionIndex, Names[I],
                                     (unsigned)strlen(Names[I]));
}

static bool isAMDGPUComputeCallConv(unsigned CC) {
  return CC == LLVMAMDGPUKERNELCallConv || CC == AMDGPUGfxCallConv;
}

/* Kernels and amdgpu_gfx functions take the C convention on the host. */
static bool convertCallingConventions(LLVMModuleRef M, char *Error,
                                      size_t ErrorSize) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    unsigned CC = LLVMGetFunctionCallConv(F);
    if (CC >= LLVMAMDGPUVSCallConv && CC <= LLVMAMDGPUESCallConv &&
        !isAMDGPUComputeCallConv(CC) && CC != LLVMX86RegCallCallConv &&
        CC != LLVMMSP430BUILTINCallConv) {
      wavesimFormatError(
          Error, ErrorSize,
          "@%s uses a graphics shader calling convention; wavesim "
          "runs compute kernels",
          nameOf(F));
      return false;
    }
    if (isAMDGPUComputeCallConv(CC))
      LLVMSetFunctionCallConv(F, LLVMCCallConv);
    dropTargetAttributes(F);
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I))
        if ((LLVMIsACallInst(I) || LLVMIsAInvokeInst(I)) &&
            isAMDGPUComputeCallConv(LLVMGetInstructionCallConv(I)))
          LLVMSetInstructionCallConv(I, LLVMCCallConv);
  }
  return true;
}

/* __device__ and __constant__ variables are externally initialized: the
 * host writes them (cudaMemcpyToSymbol), so none may land in read-only
 * host memory. */
static void makeVariablesWritable(LLVMModuleRef M) {
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G))
    if (LLVMIsExternallyInitialized(G))
      LLVMSetGlobalConstant(G, 0);
}

/* Each cross-lane or barrier call becomes a call of its host model with the
 * site number first. */
static void rewriteSiteCalls(WaveSim *S, LLVMModuleRef M, LLVMBuilderRef B,
                             const ValueList *Calls) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef I32 = LLVMInt32TypeInContext(Ctx);
  for (unsigned I = 0; I < Calls->Count; ++I) {
    LLVMValueRef Call = Calls->Items[I];
    LLVMValueRef Intrinsic = calleeOf(Call);
    LLVMTypeRef IntrinsicType = LLVMGlobalGetValueType(Intrinsic);
    unsigned NumParams = LLVMCountParamTypes(IntrinsicType);
    LLVMTypeRef Params[8];
    Params[0] = I32;
    LLVMGetParamTypes(IntrinsicType, Params + 1);
    LLVMTypeRef HostType = LLVMFunctionType(LLVMGetReturnType(IntrinsicType),
                                            Params, NumParams + 1, 0);
    const char *HostName = S->Sites[I].Op->HostName;
    LLVMValueRef Host = LLVMGetNamedFunction(M, HostName);
    if (!Host)
      Host = LLVMAddFunction(M, HostName, HostType);

    LLVMValueRef Args[8];
    Args[0] = LLVMConstInt(I32, I, 0);
    for (unsigned A = 0; A < NumParams; ++A)
      Args[A + 1] = LLVMGetOperand(Call, A);
    LLVMPositionBuilderBefore(B, Call);
    LLVMValueRef New =
        LLVMBuildCall2(B, HostType, Host, Args, NumParams + 1, "");
    LLVMInstructionSetDebugLoc(New, LLVMInstructionGetDebugLoc(Call));
    if (LLVMGetTypeKind(LLVMTypeOf(Call)) != LLVMVoidTypeKind) {
      size_t Length;
      char *Saved = strndup(LLVMGetValueName2(Call, &Length), Length);
      LLVMReplaceAllUsesWith(Call, New);
      LLVMSetValueName2(New, Saved, strlen(Saved));
      free(Saved);
    }
    LLVMInstructionEraseFromParent(Call);
  }
  for (unsigned I = 0; I < WaveSimNumSiteIntrinsics; ++I) {
    LLVMValueRef F =
        LLVMGetNamedFunction(M, WaveSimSiteIntrinsics[I].Intrinsic);
    if (F && !LLVMGetFirstUse(F))
      LLVMDeleteFunction(F);
  }
}

/* llvm.canonicalize (OCML's fast-math paths call it) has no x86 lowering:
 * it becomes x * 1.0, which quiets a signaling NaN as the hardware does
 * (denormals are not flushed on the host). */
static void expandCanonicalize(LLVMModuleRef M, LLVMBuilderRef B) {
  LLVMValueRef Next;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = Next) {
    Next = LLVMGetNextFunction(F);
    if (!startsWith(nameOf(F), "llvm.canonicalize."))
      continue;
    LLVMUseRef U;
    while ((U = LLVMGetFirstUse(F))) {
      LLVMValueRef Call = LLVMGetUser(U);
      LLVMValueRef X = LLVMGetOperand(Call, 0);
      LLVMTypeRef Type = LLVMTypeOf(X);
      bool IsVector = LLVMGetTypeKind(Type) == LLVMVectorTypeKind;
      LLVMValueRef One =
          LLVMConstReal(IsVector ? LLVMGetElementType(Type) : Type, 1.0);
      if (IsVector) {
        LLVMValueRef Ones[64];
        unsigned N = LLVMGetVectorSize(Type);
        for (unsigned I = 0; I < N && I < 64; ++I)
          Ones[I] = One;
        One = LLVMConstVector(Ones, N);
      }
      LLVMPositionBuilderBefore(B, Call);
      LLVMValueRef Product = LLVMBuildFMul(B, X, One, "");
      LLVMReplaceAllUsesWith(Call, Product);
      LLVMInstructionEraseFromParent(Call);
    }
    LLVMDeleteFunction(F);
  }
}

/* When both operands of an x86 SSE arithmetic instruction are NaNs, the
 * result is the first source's, and the backend may commute an fadd or
 * fmul to suit its registers: which NaN comes out would depend on the code
 * around it (the memory check's, for one). The GPU gives the first
 * operand's NaN, quieted (the H100's answers to the inline-PTX forms,
 * lit-tests/oracle/nvidia/ptx-forms); so does every such operation here,
 * as a NaN ? a + 0.0 : a op b. */
static bool isFloatArithmetic(LLVMValueRef I) {
  switch (LLVMGetInstructionOpcode(I)) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
    break;
  default:
    return false;
  }
  LLVMTypeKind Kind = LLVMGetTypeKind(LLVMTypeOf(I));
  return Kind == LLVMFloatTypeKind || Kind == LLVMDoubleTypeKind;
}

static void propagateFirstNaN(LLVMModuleRef M, LLVMBuilderRef B) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        if (!isFloatArithmetic(I))
          continue;
        LLVMValueRef First = LLVMGetOperand(I, 0);
        if (LLVMIsAConstant(First) || LLVMIsAConstant(LLVMGetOperand(I, 1)))
          continue; /* at most one NaN: x86 returns it */
        LLVMPositionBuilder(B, BB, LLVMGetNextInstruction(I));
        LLVMValueRef IsNaN =
            LLVMBuildFCmp(B, LLVMRealUNO, First, First, "first.nan");
        LLVMValueRef Quiet = LLVMBuildFAdd(
            B, First, LLVMConstReal(LLVMTypeOf(I), 0.0), "first.quiet");
        LLVMValueRef Result = LLVMBuildSelect(B, IsNaN, Quiet, I, "");
        LLVMReplaceAllUsesWith(I, Result);
        LLVMSetOperand(Result, 2, I); /* the RAUW replaced it there too */
        I = Result;
      }
}

/* Renames the intrinsic's declaration to its host function; immarg, which
 * only intrinsics may carry, comes off its parameters and calls. */
static void renameIntrinsic(LLVMModuleRef M, const char *Intrinsic,
                            const char *HostName) {
  LLVMValueRef F = LLVMGetNamedFunction(M, Intrinsic);
  if (!F)
    return;
  unsigned ImmArg = LLVMGetEnumAttributeKindForName("immarg", 6);
  unsigned NumParams = LLVMCountParams(F);
  for (unsigned I = 1; I <= NumParams; ++I)
    LLVMRemoveEnumAttributeAtIndex(F, I, ImmArg);
  for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef Call = LLVMGetUser(U);
    if (LLVMIsACallInst(Call))
      for (unsigned I = 1; I <= NumParams; ++I)
        LLVMRemoveCallSiteEnumAttribute(Call, I, ImmArg);
  }
  LLVMSetValueName2(F, HostName, strlen(HostName));
}

static void renameLaneIntrinsics(LLVMModuleRef M) {
  for (unsigned I = 0; I < WaveSimNumLaneIntrinsics; ++I)
    renameIntrinsic(M, WaveSimLaneIntrinsics[I].Intrinsic,
                    WaveSimLaneIntrinsics[I].HostName);
  for (unsigned I = 0; I < wavesimNumMathIntrinsics(); ++I)
    renameIntrinsic(M, wavesimMathIntrinsic(I)->Intrinsic,
                    wavesimMathIntrinsic(I)->HostName);
}

/* void __wavesim_kernel.NAME(ptr %Args): parameter i is loaded from the
 * value Args[i] points to (a byref parameter is that pointer itself). */
static void buildWrapper(LLVMModuleRef M, LLVMBuilderRef B, LLVMValueRef K,
                         const char *WrapperName) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef Ptr = LLVMPointerTypeInContext(Ctx, 0);
  LLVMTypeRef I64 = LLVMInt64TypeInContext(Ctx);
  LLVMTypeRef WrapperType =
      LLVMFunctionType(LLVMVoidTypeInContext(Ctx), &Ptr, 1, 0);
  LLVMValueRef W = LLVMAddFunction(M, WrapperName, WrapperType);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(Ctx, W, "entry"));
  unsigned ByRef = LLVMGetEnumAttributeKindForName("byref", 5);
  unsigned NumParams = LLVMCountParams(K);
  LLVMValueRef *Values = malloc((NumParams + 1) * sizeof(LLVMValueRef));
  for (unsigned I = 0; I < NumParams; ++I) {
    LLVMTypeRef Type = LLVMTypeOf(LLVMGetParam(K, I));
    LLVMValueRef Index = LLVMConstInt(I64, I, 0);
    LLVMValueRef Slot =
        LLVMBuildGEP2(B, Ptr, LLVMGetParam(W, 0), &Index, 1, "");
    LLVMValueRef Pointer = LLVMBuildLoad2(B, Ptr, Slot, "");
    if (LLVMGetEnumAttributeAtIndex(K, I + 1, ByRef)) {
      Values[I] = LLVMBuildAddrSpaceCast(B, Pointer, Type, "");
      continue;
    }
    Values[I] = LLVMBuildLoad2(B, Type, Pointer, "");
    LLVMSetAlignment(Values[I], 1);
  }
  LLVMValueRef Call =
      LLVMBuildCall2(B, LLVMGlobalGetValueType(K), K, Values, NumParams, "");
  LLVMSetInstructionCallConv(Call, LLVMGetFunctionCallConv(K));
  LLVMBuildRetVoid(B);
  free(Values);
}

/* Before the calling conventions change: that is how kernels are known. */
static void collectKernels(WaveSim *S, LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!isKernel(F) || LLVMIsDeclaration(F))
      continue;
    S->Kernels = realloc(S->Kernels, (S->NumKernels + 1) * sizeof(Kernel));
    S->Kernels[S->NumKernels].Name = strdup(nameOf(F));
    S->Kernels[S->NumKernels].Wrapper = NULL;
    S->Kernels[S->NumKernels].StaticShared = 0;
    ++S->NumKernels;
  }
}

static void buildWrappers(WaveSim *S, LLVMModuleRef M, LLVMBuilderRef B) {
  for (unsigned I = 0; I < S->NumKernels; ++I) {
    LLVMValueRef K = LLVMGetNamedFunction(M, S->Kernels[I].Name);
    size_t Size = strlen(S->Kernels[I].Name) + 32;
    char *Name = malloc(Size);
    snprintf(Name, Size, "__wavesim_kernel.%s", S->Kernels[I].Name);
    buildWrapper(M, B, K, Name);
    free(Name);
  }
}

/*===-- The JIT -----------------------------------------------------------===*/

static bool failedWith(LLVMErrorRef Err, const char *What, char *Error,
                       size_t ErrorSize) {
  if (!Err)
    return false;
  char *Message = LLVMGetErrorMessage(Err);
  wavesimFormatError(Error, ErrorSize, "%s: %s", What, Message);
  LLVMDisposeErrorMessage(Message);
  return true;
}

/* The host models, and the process's symbols for the library calls the
 * backend emits (memcpy, fmaf, ...). */
static bool defineHostSymbols(LLVMOrcLLJITRef J, char *Error,
                              size_t ErrorSize) {
  enum { MaxSymbols = 256 };
  unsigned NumModels = WaveSimNumSiteIntrinsics + WaveSimNumLaneIntrinsics;
  unsigned NumFunctions = NumModels + wavesimNumMathIntrinsics();
  unsigned NumSymbols = NumFunctions + 2;
  LLVMOrcCSymbolMapPair Symbols[MaxSymbols];
  if (NumSymbols > MaxSymbols) {
    wavesimFormatError(Error, ErrorSize, "too many host models");
    return false;
  }
  for (unsigned I = 0; I < NumSymbols; ++I) {
    const char *Name;
    void *Address;
    if (I < WaveSimNumSiteIntrinsics) {
      Name = WaveSimSiteIntrinsics[I].HostName;
      Address = WaveSimSiteIntrinsics[I].Address;
    } else if (I < NumModels) {
      Name = WaveSimLaneIntrinsics[I - WaveSimNumSiteIntrinsics].HostName;
      Address = WaveSimLaneIntrinsics[I - WaveSimNumSiteIntrinsics].Address;
    } else if (I < NumFunctions) {
      Name = wavesimMathIntrinsic(I - NumModels)->HostName;
      Address = wavesimMathIntrinsic(I - NumModels)->Address;
    } else if (I == NumFunctions) {
      Name = wavesimSharedBaseName();
      Address = (void *)wavesimSharedBase;
    } else {
      Name = wavesimPollName();
      Address = (void *)wavesimPoll;
    }
    Symbols[I].Name = LLVMOrcLLJITMangleAndIntern(J, Name);
    Symbols[I].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)Address;
    Symbols[I].Sym.Flags.GenericFlags =
        LLVMJITSymbolGenericFlagsCallable | LLVMJITSymbolGenericFlagsExported;
    Symbols[I].Sym.Flags.TargetFlags = 0;
  }
  LLVMOrcJITDylibRef Main = LLVMOrcLLJITGetMainJITDylib(J);
  if (failedWith(LLVMOrcJITDylibDefine(
                     Main, LLVMOrcAbsoluteSymbols(Symbols, NumSymbols)),
                 "cannot define the host models", Error, ErrorSize))
    return false;
  LLVMOrcDefinitionGeneratorRef Process;
  if (failedWith(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
                     &Process, LLVMOrcLLJITGetGlobalPrefix(J), NULL, NULL),
                 "cannot search the process", Error, ErrorSize))
    return false;
  LLVMOrcJITDylibAddGenerator(Main, Process);
  return true;
}

static bool lookUp(LLVMOrcLLJITRef J, const char *Name, void **Address,
                   char *Error, size_t ErrorSize) {
  LLVMOrcExecutorAddress A;
  if (failedWith(LLVMOrcLLJITLookup(J, &A, Name), "cannot compile the module",
                 Error, ErrorSize))
    return false;
  *Address = (void *)(uintptr_t)A;
  return true;
}

/* Rewrites M (which the JIT then owns) and compiles it. */
bool wavesimPrepareAndCompile(WaveSim *S, LLVMContextRef Ctx, LLVMModuleRef M,
                              char *Error, size_t ErrorSize) {
  const char *Triple = LLVMGetTarget(M);
  if (!startsWith(Triple, "amdgcn")) {
    wavesimFormatError(Error, ErrorSize,
                       "not an AMDGPU module (target triple '%s', expected "
                       "amdgcn-amd-amdhsa)",
                       Triple);
    LLVMContextDispose(Ctx);
    return false;
  }
  wavesimPrintfPrepareModule(M);
  if (!wavesimVerifyModule(M, "the input module", Error, ErrorSize) ||
      !wavesimCheckCallees(M, S->WaveSize, Error, ErrorSize)) {
    LLVMContextDispose(Ctx);
    return false;
  }
  wavesimInsertLockstepPoints(M);
  wavesimInsertPollPoints(M);
  ValueList Calls = {NULL, 0, 0};
  collectKernels(S, M);
  measureStaticShared(S, M);
  collectSites(S, M, &Calls);
  computeReach(S, M, &Calls);

  LLVMOrcLLJITRef J = hostJITCreate(LLVMCodeGenLevelDefault, Error, ErrorSize);
  if (!J) {
    free(Calls.Items);
    LLVMContextDispose(Ctx);
    return false;
  }
  S->JIT = J;
  LLVMSetTarget(M, LLVMOrcLLJITGetTripleString(J));
  LLVMSetDataLayout(M, LLVMOrcLLJITGetDataLayoutStr(J));
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  bool Ok = convertCallingConventions(M, Error, ErrorSize);
  if (Ok) {
    moveAllocasToHostStack(M, B);
    makeVariablesWritable(M);
    rewriteSiteCalls(S, M, B, &Calls);
    expandCanonicalize(M, B);
    propagateFirstNaN(M, B);
    renameLaneIntrinsics(M);
    wavesimDivideAsAMD(M, B);
    /* The check sees the shared globals themselves (an access at a
     * constant offset into a static one needs none), then they are placed
     * behind the block's base, in the checks too. */
    wavesimMemcheckInstrument(S, M, B);
    Ok = wavesimPlaceSharedMemory(S, M, B, Error, ErrorSize);
  }
  if (Ok) {
    buildWrappers(S, M, B);
    Ok = wavesimVerifyModule(M, "the module rewritten for the host", Error,
                             ErrorSize);
  }
  LLVMDisposeBuilder(B);
  free(Calls.Items);
  if (!Ok || !defineHostSymbols(J, Error, ErrorSize) ||
      !wavesimPrintfDefineSymbols(J, Error, ErrorSize) ||
      !wavesimMemcheckDefineSymbols(J, Error, ErrorSize)) {
    LLVMContextDispose(Ctx);
    return false;
  }

  LLVMOrcThreadSafeContextRef TSCtx =
      LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx);
  LLVMErrorRef Err =
      LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J),
                                  LLVMOrcCreateNewThreadSafeModule(M, TSCtx));
  LLVMOrcDisposeThreadSafeContext(TSCtx);
  if (failedWith(Err, "cannot add the module to the JIT", Error, ErrorSize))
    return false;

  for (unsigned I = 0; I < S->NumKernels; ++I) {
    size_t Size = strlen(S->Kernels[I].Name) + 32;
    char *Name = malloc(Size);
    snprintf(Name, Size, "__wavesim_kernel.%s", S->Kernels[I].Name);
    void *Address;
    Ok = lookUp(J, Name, &Address, Error, ErrorSize);
    free(Name);
    if (!Ok)
      return false;
    S->Kernels[I].Wrapper = (void (*)(void **))Address;
  }
  return wavesimMemcheckRegisterGlobals(S, Error, ErrorSize);
}
