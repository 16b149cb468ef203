/*===- IRUtils.h - Small module-level helpers shared by the passes -*- C
 * -*-===*/

#ifndef NVVMWARP_IRUTILS_H
#define NVVMWARP_IRUTILS_H

#include <llvm-c/Core.h>

/* Deletes the function declarations named Prefix* that have no uses left. */
void warpEraseUnusedDeclarations(LLVMModuleRef M, const char *Prefix);

#endif
