/*===- UnrollCost.h - What the unroller pays for warp calls -------*- C -*-===*
 *
 * Before the lowering, a shuffle or vote is one call, which LLVM's unroller
 * counts as one instruction; once lowered it is several (lane arithmetic, a
 * ds_bpermute or DPP move, the two CUDA warps of a wave64 kept apart). The
 * full unroller unrolls a loop whose unrolled size fits its threshold, and,
 * beyond that, one whose iterations its simulation finds to fold enough (up
 * to 4x the threshold); the simulation, too, counts each warp call as one
 * instruction. A loop over 8 states around a CUB block scan (HeCBench ssm)
 * was unrolled that way, into 144-160 VGPRs, where the same loop in a HIP
 * build, whose warp operations are real code, stays rolled at 48. For such
 * loops the threshold is scaled by the share of the loop's size the
 * unroller sees. A loop that fits the threshold as it is keeps LLVM's
 * decision: there the warp calls are few against the loop's size, and what
 * they will cost (one DPP step each in a scan chain, eight instructions for
 * a lone constant shfl.up on wave64) is too uncertain to decide a margin.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_UNROLLCOST_H
#define NVVMWARP_UNROLLCOST_H

#include <llvm-c/Types.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The loop metadata option AMDGPU's unrolling preferences read as a loop's
 * threshold (AMDGPUTargetTransformInfo.cpp). */
#define WARP_UNROLL_THRESHOLD_OPTION "amdgpu.loop.unroll.threshold"

/* The full unroll threshold for a loop made of Blocks whose size, as LLVM's
 * unroller counts it, is LoopSize rolled and UnrolledSize fully unrolled (0
 * when its trip count is not a known constant), and for which LLVM chose
 * Threshold: Threshold scaled by LoopSize / (LoopSize + what lowering its
 * warp intrinsics adds) if it holds any and UnrolledSize is over
 * Threshold, otherwise Threshold itself. */
unsigned warpUnrollThreshold(LLVMBasicBlockRef *Blocks, unsigned NumBlocks,
                             unsigned LoopSize, unsigned UnrolledSize,
                             unsigned Threshold);

#ifdef __cplusplus
}
#endif

#endif
