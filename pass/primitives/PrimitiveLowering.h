/*===- PrimitiveLowering.h - Lower one vote/match/redux/... call -*- C -*-===*/

#ifndef NVVMWARP_PRIMITIVELOWERING_H
#define NVVMWARP_PRIMITIVELOWERING_H

#include "NVVMWarpToAMDGPU.h"
#include "warp/LaneMath.h"
#include "warp/WarpPatterns.h"

/* Replaces Call, a well-formed call of the primitive P describes (vote,
 * activemask, match, redux, bar.warp.sync, elect), with AMDGPU code and
 * erases it. match.any and redux become a loop, so Call's block is split. */
void warpLowerPrimitiveCall(LLVMModuleRef M, LLVMBuilderRef B, WarpLanes *Lanes,
                            const WarpLoweringOptions *Options,
                            LLVMValueRef Call, const WarpPrimitivePattern *P);

#endif
