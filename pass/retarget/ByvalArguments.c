/*===- ByvalArguments.c - NVPTX's byval arguments on AMDGPU ---------------===*
 *
 * clang's NVPTX ABI passes a struct argument of a device function as a
 * byval pointer in the generic address space (0). AMDGPU's byval pointers
 * live in the private one (5): LLVM's inliner refuses a byval argument in
 * another address space than allocas' ("byval arguments without alloca
 * address space"), and the backend, compiling such a call, copies from the
 * flat pointer as if it were a private address (a wrong address, in
 * scratch). Once NVPTX's optimizer inlined every such call before
 * retargeting; now AMDGPU's optimizer runs after it, and a __noinline__
 * function or -O0 kept them anyway.
 *
 * So each call site copies the struct into a private alloca of its caller
 * and passes that copy's flat address as an ordinary pointer, and each
 * device function's byval parameter becomes an ordinary noalias pointer:
 * the callee still owns a copy that nothing else sees, which is what
 * byval promised. The optimizer removes the copies it does not need once
 * it inlines the call. Kernels' byval parameters, which come from the
 * kernarg segment, are KernelSignature.c's.
 *
 *===----------------------------------------------------------------------===*/

#include "retarget/ByvalArguments.h"

#include "support/IRUtils.h"

#include <llvm-c/Target.h>
#include <stdbool.h>
#include <string.h>

static unsigned attributeKind(const char *Name) {
  return LLVMGetEnumAttributeKindForName(Name, strlen(Name));
}

/* A private alloca of Type at the start of F's entry block. */
static LLVMValueRef buildEntryAlloca(LLVMBuilderRef B, LLVMValueRef F,
                                     LLVMTypeRef Type, unsigned Align) {
  LLVMBasicBlockRef Entry = LLVMGetEntryBasicBlock(F);
  LLVMPositionBuilder(B, Entry, LLVMGetFirstInstruction(Entry));
  LLVMValueRef Copy = LLVMBuildAlloca(B, Type, "arg.copy");
  LLVMSetAlignment(Copy, Align);
  return Copy;
}

/* Argument Index of Call, byval, becomes a private copy passed as a plain
 * pointer. */
static void copyByvalArgument(LLVMBuilderRef B, LLVMTargetDataRef Layout,
                              LLVMValueRef Caller, LLVMValueRef Call,
                              unsigned Index, LLVMAttributeRef Byval) {
  LLVMTypeRef Type = LLVMGetTypeAttributeValue(Byval);
  LLVMAttributeRef AlignAttr = LLVMGetCallSiteEnumAttribute(
      Call, Index + 1, attributeKind("align"));
  unsigned Align = AlignAttr ? (unsigned)LLVMGetEnumAttributeValue(AlignAttr)
                             : LLVMABIAlignmentOfType(Layout, Type);
  LLVMValueRef Argument = LLVMGetOperand(Call, Index);
  LLVMValueRef Copy = buildEntryAlloca(B, Caller, Type, Align);
  LLVMPositionBuilderBefore(B, Call);
  LLVMBuildMemCpy(B, Copy, Align, Argument, Align, LLVMSizeOf(Type));
  LLVMSetOperand(Call, Index,
                 LLVMBuildAddrSpaceCast(B, Copy, LLVMTypeOf(Argument), ""));
  LLVMRemoveCallSiteEnumAttribute(Call, Index + 1, attributeKind("byval"));
}

static unsigned copyByvalArgumentsOfCalls(LLVMBuilderRef B,
                                          LLVMTargetDataRef Layout,
                                          LLVMValueRef F) {
  unsigned Changed = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I)) {
      if (!LLVMIsACallInst(I))
        continue;
      LLVMValueRef Callee = LLVMGetCalledValue(I);
      if (LLVMIsAFunction(Callee) && warpIsKernel(Callee))
        continue;
      bool Copied = false;
      for (unsigned A = 0; A < LLVMGetNumArgOperands(I); ++A) {
        LLVMAttributeRef Byval =
            LLVMGetCallSiteEnumAttribute(I, A + 1, attributeKind("byval"));
        if (Byval) {
          copyByvalArgument(B, Layout, F, I, A, Byval);
          Copied = true;
        }
      }
      Changed += Copied;
    }
  return Changed;
}

/* F's byval parameters are plain pointers to copies only F sees. */
static void dropByvalParameters(LLVMValueRef F) {
  LLVMContextRef Ctx = LLVMGetModuleContext(LLVMGetGlobalParent(F));
  for (unsigned P = 0; P < LLVMCountParams(F); ++P) {
    if (!LLVMGetEnumAttributeAtIndex(F, P + 1, attributeKind("byval")))
      continue;
    LLVMRemoveEnumAttributeAtIndex(F, P + 1, attributeKind("byval"));
    LLVMAddAttributeAtIndex(
        F, P + 1, LLVMCreateEnumAttribute(Ctx, attributeKind("noalias"), 0));
  }
}

unsigned warpLowerByvalArguments(LLVMModuleRef M) {
  LLVMTargetDataRef Layout = LLVMGetModuleDataLayout(M);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  unsigned Changed = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (LLVMGetIntrinsicID(F) || warpIsKernel(F))
      continue;
    dropByvalParameters(F);
  }
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F))
    if (!LLVMIsDeclaration(F))
      Changed += copyByvalArgumentsOfCalls(B, Layout, F);
  LLVMDisposeBuilder(B);
  return Changed;
}
