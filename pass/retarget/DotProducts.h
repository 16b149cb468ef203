/*===- DotProducts.h - PTX's dp4a and dp2a on AMD processors -----*- C -*-===*
 *
 * CUDA's __dp4a, __dp2a_lo and __dp2a_hi are one call each of NVVM's
 * llvm.nvvm.idp4a.* and llvm.nvvm.idp2a.* (include/device_functions.h);
 * the retargeting replaces each call by what this builds: AMD's
 * dot-product instruction where the processor has an exact one, else byte
 * arithmetic.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_DOTPRODUCTS_H
#define NVVMWARP_DOTPRODUCTS_H

#include <llvm-c/Core.h>

/* The value of Call, a call of llvm.nvvm.<Suffix> (Suffix "idp4a.s.u",
 * "idp2a.u.u", ...), built at B's position for processor Arch; NULL when
 * Suffix names no dot product (Call is left alone). */
LLVMValueRef warpBuildDotProduct(LLVMModuleRef M, LLVMBuilderRef B,
                                 LLVMValueRef Call, const char *Suffix,
                                 const char *Arch);

#endif
