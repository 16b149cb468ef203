/*===- ShuffleStrategies.h - Target-aware shuffle data movement --*- C -*-===*/

#ifndef NVVMWARP_SHUFFLESTRATEGIES_H
#define NVVMWARP_SHUFFLESTRATEGIES_H

#include "warp/LaneMath.h"
#include "warp/WarpPatterns.h"

/* Value (i32 or float) of the lane Source[lane] names, for every CUDA lane
 * in Demanded (the others may get anything), built with the first fast
 * path of the table that fits those lanes and Target; NULL, building
 * nothing, when none fits (the caller moves the data with ds_bpermute). */
LLVMValueRef warpBuildFastShuffle(LLVMModuleRef M, LLVMBuilderRef B,
                                  WarpLanes *Lanes,
                                  const WarpLoweringOptions *Options,
                                  unsigned Target,
                                  const unsigned Source[CudaWarpSize],
                                  uint32_t Demanded, LLVMValueRef Value);

/* An i1 that is true in the CUDA lanes whose bit is set in LaneSet. */
LLVMValueRef warpBuildLaneInSet(LLVMBuilderRef B, WarpLanes *Lanes,
                                uint32_t LaneSet);

#endif
