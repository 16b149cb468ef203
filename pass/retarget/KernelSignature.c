/*===- KernelSignature.c - NVVM kernels as AMDGPU kernels -----------------===*
 *
 * An NVVM kernel (ptx_kernel, or named by nvvm.annotations) becomes an
 * amdgpu_kernel. AMDGPU kernels read their parameters from the kernarg
 * segment: they may not take byval, sret, inalloca or preallocated
 * pointers, return a value or be variadic (the verifier rejects them).
 *
 * clang passes a struct argument of a CUDA kernel as a byval pointer. Such
 * a kernel's body becomes an internal function, and a new kernel of its
 * name takes each struct by reference in the kernarg segment (byref in
 * address space 4, as HIP's kernels do, with the same layout), copies it
 * to private memory and passes the copy, which is what byval promised the
 * body; the optimizer inlines the body and removes copies it does not
 * need. Any other signature no AMDGPU kernel can have is reported, and the
 * function stays an ordinary one. CUDA's __launch_bounds__ (clang's
 * "nvvm.maxntid") becomes the kernel's amdgpu-flat-work-group-size; every
 * kernel's grid is whole blocks ("uniform-work-group-size").
 *
 *===----------------------------------------------------------------------===*/

#include "retarget/KernelSignature.h"

#include "support/IRUtils.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ConstantAddressSpace = 4 };

static unsigned attributeKind(const char *Name) {
  return LLVMGetEnumAttributeKindForName(Name, strlen(Name));
}

/* The attribute Name of parameter Index (from 0) of F, or NULL. */
static LLVMAttributeRef getParamAttribute(LLVMValueRef F, unsigned Index,
                                          const char *Name) {
  return LLVMGetEnumAttributeAtIndex(F, Index + 1, attributeKind(Name));
}

/* Why no AMDGPU kernel can have F's signature, or NULL when one can (byval
 * parameters aside, which wrapByvalParameters takes care of). */
static const char *findUnsupportedSignature(LLVMValueRef F) {
  static const char *const Forbidden[] = {"sret", "inalloca", "preallocated"};
  LLVMTypeRef Type = LLVMGlobalGetValueType(F);
  if (LLVMGetTypeKind(LLVMGetReturnType(Type)) != LLVMVoidTypeKind)
    return "returns a value";
  if (LLVMIsFunctionVarArg(Type))
    return "is variadic";
  for (unsigned I = 0, N = LLVMCountParams(F); I < N; ++I)
    for (unsigned K = 0; K < 3; ++K)
      if (getParamAttribute(F, I, Forbidden[K]))
        return "takes an sret, inalloca or preallocated parameter";
  return NULL;
}

static bool hasByvalParameter(LLVMValueRef F) {
  for (unsigned I = 0, N = LLVMCountParams(F); I < N; ++I)
    if (getParamAttribute(F, I, "byval"))
      return true;
  return false;
}

enum { MaxThreadsPerBlock = 1024 };

/* The threads a block of Source may have: the product of clang's
 * "nvvm.maxntid" (CUDA's __launch_bounds__, "X" or "X,Y,Z"), else CUDA's
 * limit. */
static unsigned long getMaxThreads(LLVMValueRef Source) {
  static const char Kind[] = "nvvm.maxntid";
  LLVMAttributeRef A = LLVMGetStringAttributeAtIndex(
      Source, LLVMAttributeFunctionIndex, Kind, sizeof(Kind) - 1);
  if (!A)
    return MaxThreadsPerBlock;
  unsigned Length;
  const char *Value = LLVMGetStringAttributeValue(A, &Length);
  char Text[64];
  if (Length >= sizeof(Text))
    return MaxThreadsPerBlock;
  memcpy(Text, Value, Length);
  Text[Length] = '\0';
  unsigned long Product = 1;
  for (char *Field = Text; Field; Field = strchr(Field, ',')) {
    if (*Field == ',')
      ++Field;
    char *End;
    unsigned long N = strtoul(Field, &End, 10);
    if (End == Field || N == 0 || (Product *= N) > MaxThreadsPerBlock)
      return MaxThreadsPerBlock;
  }
  return Product;
}

/* F becomes an amdgpu_kernel whose blocks have at most the threads Source's
 * __launch_bounds__ allow, which the backend uses to budget registers.
 * Its grid is whole blocks, "uniform-work-group-size" (as clang marks
 * CUDA and HIP kernels, and the byval wrapper and other front ends' kernels
 * are not): a CUDA launch gives a block count, so every block has
 * blockDim threads and the HSA grid size is a multiple of the block's,
 * which lets the backend fold the partial-block arithmetic away. */
static void markAMDGPUKernel(LLVMValueRef F, LLVMValueRef Source) {
  LLVMSetFunctionCallConv(F, LLVMAMDGPUKERNELCallConv);
  char Range[32];
  snprintf(Range, sizeof(Range), "1,%lu", getMaxThreads(Source));
  warpAddFunctionAttribute(F, "amdgpu-flat-work-group-size", Range);
  warpAddFunctionAttribute(F, "uniform-work-group-size", "true");
}

/* The kernel's parameter for Body's parameter Index: a byref pointer into
 * the kernarg segment for a byval one, the same type otherwise. */
static void declareKernelParameter(LLVMValueRef Kernel, LLVMValueRef Body,
                                   unsigned Index) {
  LLVMContextRef Ctx = LLVMGetModuleContext(LLVMGetGlobalParent(Body));
  LLVMValueRef Param = LLVMGetParam(Kernel, Index);
  size_t Length;
  const char *Name = LLVMGetValueName2(LLVMGetParam(Body, Index), &Length);
  LLVMSetValueName2(Param, Name, Length);
  LLVMAttributeRef Byval = getParamAttribute(Body, Index, "byval");
  if (!Byval)
    return;
  LLVMAddAttributeAtIndex(
      Kernel, Index + 1,
      LLVMCreateTypeAttribute(Ctx, attributeKind("byref"),
                              LLVMGetTypeAttributeValue(Byval)));
  LLVMAttributeRef Align = getParamAttribute(Body, Index, "align");
  if (Align)
    LLVMAddAttributeAtIndex(Kernel, Index + 1, Align);
}

/* The private copy of the struct that Kernel's parameter Index points to,
 * as the flat pointer Body's byval parameter expects. */
static LLVMValueRef buildPrivateCopy(LLVMBuilderRef B, LLVMValueRef Kernel,
                                     LLVMValueRef Body, unsigned Index) {
  LLVMAttributeRef Byval = getParamAttribute(Body, Index, "byval");
  LLVMAttributeRef AlignAttr = getParamAttribute(Body, Index, "align");
  LLVMTypeRef Type = LLVMGetTypeAttributeValue(Byval);
  unsigned Align =
      AlignAttr ? (unsigned)LLVMGetEnumAttributeValue(AlignAttr) : 1;
  LLVMValueRef Copy = LLVMBuildAlloca(B, Type, "");
  if (AlignAttr)
    LLVMSetAlignment(Copy, Align);
  LLVMBuildMemCpy(B, Copy, Align, LLVMGetParam(Kernel, Index), Align,
                  LLVMSizeOf(Type));
  LLVMTypeRef Flat =
      LLVMTypeOf(LLVMGetParam(Body, Index)); /* ptr, address space 0 */
  return LLVMBuildAddrSpaceCast(B, Copy, Flat, "");
}

/* Body, a kernel with byval parameters, becomes an internal function that
 * takes plain pointers to private copies; a new kernel of its name, linkage
 * and visibility makes the copies and calls it. */
static void wrapByvalParameters(LLVMModuleRef M, LLVMValueRef Body) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  unsigned N = LLVMCountParams(Body);
  LLVMTypeRef *Types = malloc((N ? N : 1) * sizeof(LLVMTypeRef));
  LLVMValueRef *Args = malloc((N ? N : 1) * sizeof(LLVMValueRef));
  for (unsigned I = 0; I < N; ++I)
    Types[I] = getParamAttribute(Body, I, "byval")
                   ? LLVMPointerTypeInContext(Ctx, ConstantAddressSpace)
                   : LLVMTypeOf(LLVMGetParam(Body, I));

  char *Name = strdup(LLVMGetValueName2(Body, &(size_t){0}));
  size_t BodyNameSize = strlen(Name) + sizeof(".body");
  char *BodyName = malloc(BodyNameSize);
  snprintf(BodyName, BodyNameSize, "%s.body", Name);
  LLVMSetValueName2(Body, BodyName, strlen(BodyName));
  LLVMValueRef Kernel = LLVMAddFunction(
      M, Name, LLVMFunctionType(LLVMVoidTypeInContext(Ctx), Types, N, 0));
  LLVMSetLinkage(Kernel, LLVMGetLinkage(Body));
  LLVMSetVisibility(Kernel, LLVMGetVisibility(Body));
  LLVMSetLinkage(Body, LLVMInternalLinkage);
  LLVMSetVisibility(Body, LLVMDefaultVisibility);
  LLVMSetFunctionCallConv(Body, LLVMCCallConv);
  /* clang makes kernels noinline; the body is now the kernel's to inline
   * (unless it is optnone, which needs noinline). */
  if (!LLVMGetEnumAttributeAtIndex(Body, LLVMAttributeFunctionIndex,
                                   attributeKind("optnone")))
    LLVMRemoveEnumAttributeAtIndex(Body, LLVMAttributeFunctionIndex,
                                   attributeKind("noinline"));
  markAMDGPUKernel(Kernel, Body);

  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(Ctx, Kernel, ""));
  for (unsigned I = 0; I < N; ++I) {
    declareKernelParameter(Kernel, Body, I);
    Args[I] = getParamAttribute(Body, I, "byval")
                  ? buildPrivateCopy(B, Kernel, Body, I)
                  : LLVMGetParam(Kernel, I);
  }
  /* The body's copies are the ones just made. */
  for (unsigned I = 0; I < N; ++I)
    LLVMRemoveEnumAttributeAtIndex(Body, I + 1, attributeKind("byval"));
  LLVMBuildCall2(B, LLVMGlobalGetValueType(Body), Body, Args, N, "");
  LLVMBuildRetVoid(B);
  LLVMDisposeBuilder(B);
  free(BodyName);
  free(Name);
  free(Args);
  free(Types);
}

void warpMakeAMDGPUKernel(LLVMModuleRef M, LLVMValueRef Kernel,
                          WarpDiagnostics *Diags) {
  const char *Unsupported = findUnsupportedSignature(Kernel);
  if (Unsupported) {
    warpReportUse(Diags, Kernel, LLVMGetValueName2(Kernel, &(size_t){0}),
                  "kernel that %s, which no AMDGPU kernel can (it is left "
                  "an ordinary function)",
                  Unsupported);
    LLVMSetFunctionCallConv(Kernel, LLVMCCallConv);
  } else if (hasByvalParameter(Kernel)) {
    wrapByvalParameters(M, Kernel);
  } else {
    markAMDGPUKernel(Kernel, Kernel);
  }
}
