/*===- LaneVersioning.h - One branch on the block shape ----------*- C -*-===*
 *
 * `int lane = threadIdx.x & 31` is the CUDA lane when blocks are 1-D or
 * blockDim.x is a multiple of 32, which is almost always, but not in a
 * 16x2 block. Where a function's warp intrinsics would be lowered for fewer
 * observed lanes if it were (a scan guarded by `lane >= d`, a reduction
 * whose lane 0 stores), the region holding them is versioned: it branches
 * once, on a uniform condition, to a copy in which threadIdx.x % 32 is the
 * lane (its instructions are marked, LinearLane.h) or to the unchanged code
 * otherwise. Both are exact; the tid-x-lanes promise skips all this.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_LANEVERSIONING_H
#define NVVMWARP_LANEVERSIONING_H

#include "NVVMWarpToAMDGPU.h"
#include "warp/LaneMath.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

/* Versions Lanes' function, whose warp intrinsics are not lowered yet, on
 * `blockDim.y * blockDim.z == 1 || blockDim.x % 32 == 0` when it reads
 * threadIdx.x and, where that holds, the observed lanes of one of its
 * shuffles are fewer or a scan chain is complete. Returns whether it did. */
bool warpVersionOnBlockShape(LLVMModuleRef M, WarpLanes *Lanes,
                             const WarpLoweringOptions *Options);

/* Whether F's warp intrinsics, not lowered yet, would be lowered for fewer
 * observed lanes, or a scan chain would be complete, where the block shape
 * condition holds: what warpVersionOnBlockShape versions for. */
bool warpGainsFromBlockShape(LLVMModuleRef M, LLVMValueRef F,
                             const WarpLoweringOptions *Options);

/* A copy of F named Name, with every instruction marked as running where
 * the block shape condition holds and no debug locations (LaunchVariants.h
 * clears the marks once it is lowered). */
LLVMValueRef warpCloneUnderBlockShape(LLVMModuleRef M, LLVMValueRef F,
                                      const char *Name);

#endif
