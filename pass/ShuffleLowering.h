/*===- ShuffleLowering.h - Lower one llvm.nvvm.shfl* call --------*- C -*-===*/

#ifndef NVVMWARP_SHUFFLELOWERING_H
#define NVVMWARP_SHUFFLELOWERING_H

#include "LaneMath.h"
#include "NVVMWarpToAMDGPU.h"
#include "WarpPatterns.h"

/* Replaces Call, a well-formed call of the intrinsic P describes, with the
 * equivalent AMDGPU code and erases it. Lanes are the calling function's. */
void warpLowerShuffleCall(LLVMModuleRef M, LLVMBuilderRef B, WarpLanes *Lanes,
                          const WarpLoweringOptions *Options, LLVMValueRef Call,
                          const WarpShufflePattern *P);

#endif
