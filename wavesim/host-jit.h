/*===- host-jit.h - An ORC JIT for this machine ----------------*- C -*-===*/

#ifndef WARPTOOLS_HOSTJIT_H
#define WARPTOOLS_HOSTJIT_H

#include <llvm-c/LLJIT.h>
#include <llvm-c/TargetMachine.h>
#include <stddef.h>

/* An LLJIT compiling for the host CPU at OptLevel (the native target must be
 * initialised). NULL, with a message in Error, when none can be made. */
LLVMOrcLLJITRef hostJITCreate(LLVMCodeGenOptLevel OptLevel, char *Error,
                              size_t ErrorSize);

#endif
