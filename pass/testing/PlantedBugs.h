/*===- PlantedBugs.h - Deliberate miscompilations, for tests ----*- C -*-===*
 *
 * Each planted bug breaks one lowering in a way its tests must notice, so
 * that a test that passes against the pass also fails against a wrong one
 * (lit-tests/oracle, lit-tests/wave, ...). Tests plant one through the pass
 * option plant-bug=NAME; the public options (NVVMWarpToAMDGPU.h) carry it
 * as an opaque number, 0 (none) outside tests. Only the pass's own files
 * include this header.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_PLANTEDBUGS_H
#define NVVMWARP_PLANTEDBUGS_H

#include <stdbool.h>
#include <stddef.h>

/* Deliberate miscompilations, so that tests can show their harness fails. */
typedef enum {
  WarpNoPlantedBug,
  WarpBugDropWarpBase,    /* wave64: read the lane from the wave's first warp */
  WarpBugDropClamp,       /* ignore the clamp: out-of-range lanes read anyway */
  WarpBugBallotWrongHalf, /* wave64: votes read the other warp's half */
  WarpBugFastPathNoSelect,  /* fast paths: lanes reading themselves don't */
  WarpBugDropBarrier,       /* __syncthreads keeps its fences, not s_barrier */
  WarpBugDemandedLaneShort, /* demanded-lane sets lose their lowest lane */
  WarpBugScanChainShort,    /* rewritten scans lose their last step */
  WarpBugPrintfLastArgZero, /* device printf's last argument reads as 0 */
  WarpBugShapeCheckTrue,    /* the block shape check always holds */
  WarpBugDropKeptNaNs,      /* PTX's canonical NaNs dropped where seen too */
  WarpBugDropArithmeticNaNs, /* converted halves' NaNs not canonicalized */
} WarpPlantedBug;

/* If the Length characters at Option are `plant-bug=NAME` for a bug above,
 * sets *Bug to it and returns true; returns false otherwise. */
bool warpParsePlantedBug(const char *Option, size_t Length, unsigned *Bug);

#endif
