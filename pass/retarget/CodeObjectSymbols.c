/*===- CodeObjectSymbols.c - The symbols of a module bound for a code object
 * -===*
 *
 * An AMD code object is a shared ELF that the HSA loader searches by name
 * for kernels and variables only. The AMDGPU backend reaches functions and
 * variables PC-relatively (R_AMDGPU_REL32_*), which `ld.lld -shared`
 * accepts only for symbols that nothing can preempt; clang's CUDA device
 * compile leaves every __device__ function and variable with default
 * visibility, so any call that is not inlined and any __device__ variable
 * fails to link. HIP's clang makes device symbols non-preemptible, and so
 * does warpSetCodeObjectVisibility, the same way:
 *
 *   - kernels and the __device__ (address space 1) and __constant__ (4)
 *     variables a module defines get protected visibility: still exported,
 *     so that the runtime finds them by name (hipModuleGetFunction,
 *     hipModuleGetGlobal), but bound locally;
 *   - every other function, defined or declared, and the other variables
 *     get hidden visibility (clang's -fvisibility=hidden
 *     -fapply-global-visibility-to-externs for HIP), so that a declaration
 *     that another module defines still links in a multi-module build.
 *
 * Symbols with local linkage, LLVM's own (llvm.*) and __shared__ variables
 * (address space 3, which the backend lays out in LDS) are left alone, as
 * is a visibility the source chose.
 *
 * A code object is linked from one module, so a function or variable that
 * is only declared there can never be defined: warpReportUndefinedSymbols
 * names each use of one (an extern __device__ function, say), with its
 * source line when the module has debug locations, instead of letting
 * ld.lld fail later.
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"

#include "support/Diagnostics.h"

#include <llvm-c/Core.h>
#include <string.h>

enum {
  GlobalAddressSpace = 1,
  SharedAddressSpace = 3,
  ConstantAddressSpace = 4
};

static bool isLLVMName(LLVMValueRef GV) {
  size_t Length;
  const char *Name = LLVMGetValueName2(GV, &Length);
  return Length > 5 && strncmp(Name, "llvm.", 5) == 0;
}

/* Whether GV's visibility is ours to choose. */
static bool hasChoosableVisibility(LLVMValueRef GV) {
  LLVMLinkage Linkage = LLVMGetLinkage(GV);
  return Linkage != LLVMInternalLinkage && Linkage != LLVMPrivateLinkage &&
         LLVMGetVisibility(GV) == LLVMDefaultVisibility && !isLLVMName(GV);
}

/* Kernels and defined __device__/__constant__ variables: the loader's. */
static bool isLoaderVisible(LLVMValueRef GV) {
  if (LLVMIsAFunction(GV))
    return LLVMGetFunctionCallConv(GV) == LLVMAMDGPUKERNELCallConv;
  unsigned AddressSpace = LLVMGetPointerAddressSpace(LLVMTypeOf(GV));
  return !LLVMIsDeclaration(GV) && (AddressSpace == GlobalAddressSpace ||
                                    AddressSpace == ConstantAddressSpace);
}

static void setVisibility(LLVMValueRef GV) {
  if (hasChoosableVisibility(GV))
    LLVMSetVisibility(GV, isLoaderVisible(GV) ? LLVMProtectedVisibility
                                              : LLVMHiddenVisibility);
}

void warpSetCodeObjectVisibility(LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    setVisibility(F);
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G))
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(G)) != SharedAddressSpace)
      setVisibility(G);
}

/* What a use of the undefined Name means, and what to do about it. */
static const char *describeUndefined(LLVMValueRef GV, const char *Name) {
  if (!strncmp(Name, "__ocml_", 7))
    return "AMD's math library (OCML, rocm-device-libs) has no such function";
  if (LLVMIsAFunction(GV))
    return "function declared but not defined in this file; a code object is "
           "linked from its own file alone, so define it there";
  return "variable declared but not defined in this file; a code object is "
         "linked from its own file alone, so define it there";
}

static void reportUses(WarpDiagnostics *Diags, LLVMValueRef GV) {
  size_t Length;
  const char *Name = LLVMGetValueName2(GV, &Length);
  const char *Problem = describeUndefined(GV, Name);
  for (LLVMUseRef U = LLVMGetFirstUse(GV); U; U = LLVMGetNextUse(U))
    warpReportUse(Diags, LLVMGetUser(U), Name, "%s", Problem);
}

unsigned warpReportUndefinedSymbols(LLVMModuleRef M, const char *Reporter,
                                    WarpDiagnosticHandler Handler,
                                    void *HandlerContext) {
  WarpDiagnostics Diags = {Reporter, Handler, HandlerContext, 0};
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (LLVMIsDeclaration(F) && !LLVMGetIntrinsicID(F))
      reportUses(&Diags, F);
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G))
    if (LLVMIsDeclaration(G) && !isLLVMName(G) &&
        LLVMGetPointerAddressSpace(LLVMTypeOf(G)) != SharedAddressSpace)
      reportUses(&Diags, G);
  return Diags.NumErrors;
}
