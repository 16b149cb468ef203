/*===- ShuffleLowering.h - Lower one llvm.nvvm.shfl* call --------*- C -*-===*/

#ifndef NVVMWARP_SHUFFLELOWERING_H
#define NVVMWARP_SHUFFLELOWERING_H

#include "NVVMWarpToAMDGPU.h"
#include "warp/LaneMath.h"
#include "warp/WarpPatterns.h"

/* Replaces Call, a well-formed call of the intrinsic P describes, with the
 * equivalent AMDGPU code and erases it. Lanes are the calling function's.
 * The value it returns need only be right in the CUDA lanes of Demanded
 * (DemandedLanes.h); its in-range predicate is right in every lane. */
void warpLowerShuffleCall(LLVMModuleRef M, LLVMBuilderRef B, WarpLanes *Lanes,
                          const WarpLoweringOptions *Options, LLVMValueRef Call,
                          const WarpShufflePattern *P, uint32_t Demanded);

#endif
