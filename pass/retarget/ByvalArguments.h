/*===- ByvalArguments.h - NVPTX's byval arguments on AMDGPU ---*- C -*-===*/

#ifndef NVVMWARP_BYVALARGUMENTS_H
#define NVVMWARP_BYVALARGUMENTS_H

#include <llvm-c/Core.h>

/* Makes every byval argument of a device function of M (whose datalayout
 * is AMDGPU's already) an ordinary pointer to a private copy that each
 * call site makes; kernels' parameters are KernelSignature.c's. Returns
 * the number of call sites changed. */
unsigned warpLowerByvalArguments(LLVMModuleRef M);

#endif
