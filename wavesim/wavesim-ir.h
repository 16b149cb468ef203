/*===- wavesim-ir.h - IR helpers of the files that rewrite a module -------===*
 *
 * The small questions about a module's IR that reading, rewriting and
 * instrumenting it all ask (wavesim-module.c, -rewrite.c, -shared.c,
 * -lockstep.c, -memcheck-instrument.c).
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_IR_H
#define WAVESIM_IR_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <string.h>

static inline const char *nameOf(LLVMValueRef V) {
  size_t Length;
  return LLVMGetValueName2(V, &Length);
}

static inline bool startsWith(const char *S, const char *Prefix) {
  return !strncmp(S, Prefix, strlen(Prefix));
}

static inline bool isKernel(LLVMValueRef F) {
  return LLVMGetFunctionCallConv(F) == LLVMAMDGPUKERNELCallConv;
}

/* The function a call or invoke calls directly; NULL for an indirect one
 * or another instruction. */
static inline LLVMValueRef calleeOf(LLVMValueRef I) {
  if (!LLVMIsACallInst(I) && !LLVMIsAInvokeInst(I))
    return NULL;
  LLVMValueRef Callee = LLVMGetCalledValue(I);
  return LLVMIsAFunction(Callee) ? Callee : NULL;
}

#endif
