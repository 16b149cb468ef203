/*===- DemandedLanes.h - The CUDA lanes a program observes ----*- C -*-===*
 *
 * A per-lane value is only worth computing exactly in the lanes where the
 * program can observe it. This analysis finds, for every instruction of a
 * function, that set of CUDA lanes (bit l for lane l of every CUDA warp of
 * the wave), backwards from the uses that observe values: stores, calls,
 * returns, branches, memory addresses, divisors, anything cross-lane. A
 * store in a block only lanes 0..3 can reach observes its value in those
 * lanes alone; a select on `lane >= 4` takes each operand in its own lanes;
 * a shuffle whose result is observed in lanes D reads its source in the
 * lanes that D's lanes read. What is not understood is observed in every
 * lane, so the sets are sound.
 *
 * Which lanes a condition can hold in is known when it compares the CUDA
 * lane (PTX's %laneid, the lane the lowering computes from mbcnt, the
 * block's linear thread index modulo 32, or threadIdx.x modulo 32 where the
 * block shape makes it the lane: LinearLane.h) with constants, or is a
 * constant shuffle's in-range predicate.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_DEMANDEDLANES_H
#define NVVMWARP_DEMANDEDLANES_H

#include "NVVMWarpToAMDGPU.h"
#include "warp/WarpPatterns.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

enum { WarpAllLanes = 0xffffffffu };

typedef struct WarpDemandedLanes WarpDemandedLanes;

/* Analyses F, whose shuffles are not lowered yet, for a wave of WaveSize. */
WarpDemandedLanes *warpAnalyzeDemandedLanes(LLVMValueRef F, unsigned WaveSize,
                                            const WarpLoweringOptions *Options);

/* The lanes in which V can be observed: every lane for a value the analysis
 * did not see. */
uint32_t warpDemandedLanes(const WarpDemandedLanes *D, LLVMValueRef V);

/* Replaces each select whose condition is a lane condition that takes one
 * value in all the lanes where the select can be observed by the operand it
 * picks there (CUB's `@p add r0, r0, v` steps of a reduction whose lane 0
 * alone is stored). */
void warpFoldObservedSelects(WarpDemandedLanes *D);

void warpDisposeDemandedLanes(WarpDemandedLanes *D);

/* The lanes in which an i1 can be true and those in which it can be false. */
typedef struct {
  uint32_t MayBeTrue, MayBeFalse;
} WarpLaneCondition;

WarpLaneCondition warpLaneConditionOf(LLVMValueRef Cond, unsigned WaveSize,
                                      bool TidXIsLane);

/* The warp pattern of a call of an llvm.nvvm.shfl intrinsic; NULL for any
 * other value (LaneConditions.c). */
const WarpShufflePattern *warpShufflePatternOf(LLVMValueRef Call);

/* For a shuffle with constant lane and clamp operands: each lane's source
 * lane and the lanes whose source is in range; false for any other. */
bool warpConstantShuffleMap(LLVMValueRef Call, const WarpShufflePattern *P,
                            unsigned char *Source, uint32_t *InRange);

#endif
