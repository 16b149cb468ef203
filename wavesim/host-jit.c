/*===- host-jit.c - An ORC JIT for this machine ---------------------------===*
 *
 * wavesim and the shuffle oracle both run lowered AMDGPU code on the host;
 * this is the JIT they share.
 *
 *===----------------------------------------------------------------------===*/

#include "host-jit.h"

#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <stdio.h>

LLVMOrcLLJITRef hostJITCreate(LLVMCodeGenOptLevel OptLevel, char *Error,
                              size_t ErrorSize) {
  char *Triple = LLVMGetDefaultTargetTriple();
  LLVMTargetRef Target;
  char *Message = NULL;
  if (LLVMGetTargetFromTriple(Triple, &Target, &Message)) {
    snprintf(Error, ErrorSize, "no host target: %s", Message);
    LLVMDisposeMessage(Message);
    LLVMDisposeMessage(Triple);
    return NULL;
  }
  char *CPU = LLVMGetHostCPUName(), *Features = LLVMGetHostCPUFeatures();
  LLVMTargetMachineRef TM =
      LLVMCreateTargetMachine(Target, Triple, CPU, Features, OptLevel,
                              LLVMRelocPIC, LLVMCodeModelJITDefault);
  LLVMDisposeMessage(Triple);
  LLVMDisposeMessage(CPU);
  LLVMDisposeMessage(Features);

  LLVMOrcLLJITBuilderRef Builder = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
      Builder, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(TM));
  LLVMOrcLLJITRef J;
  LLVMErrorRef Err = LLVMOrcCreateLLJIT(&J, Builder);
  if (!Err)
    return J;
  Message = LLVMGetErrorMessage(Err);
  snprintf(Error, ErrorSize, "cannot create the JIT: %s", Message);
  LLVMDisposeErrorMessage(Message);
  return NULL;
}
