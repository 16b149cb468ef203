/*===- IRUtils.h - Helpers shared by the passes --------------*- C -*-===*/

#ifndef NVVMWARP_IRUTILS_H
#define NVVMWARP_IRUTILS_H

#include <llvm-c/Core.h>

/* Calls the non-overloaded intrinsic Name at B's position. */
LLVMValueRef warpBuildIntrinsicCall(LLVMModuleRef M, LLVMBuilderRef B,
                                    const char *Name, LLVMValueRef *Args,
                                    unsigned NumArgs, const char *ResultName);

/* Deletes the function declarations named Prefix* that have no uses left. */
void warpEraseUnusedDeclarations(LLVMModuleRef M, const char *Prefix);

#endif
