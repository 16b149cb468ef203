/*===- WarpChains.h - Whole warp scans rewritten per target ------*- C -*-===*
 *
 * A Hillis–Steele inclusive scan written with __shfl_up_sync, e.g.
 *
 *   for (int d = 1; d < 32; d *= 2) {
 *     int t = __shfl_up_sync(~0u, v, d);
 *     if (lane >= d) v += t;
 *   }
 *
 * is log2(w) shuffles, each of which a CUDA lane-exact lowering must move
 * across the two 16-lane rows of a warp. For an associative, commutative
 * operation only the final prefix values matter, and AMD GPUs compute those
 * with in-row DPP row_shr steps whose out-of-row lanes read the operation's
 * identity, then one step that adds the first row's last lane to the
 * second row: DPP row_bcast:15 on gfx9, v_permlanex16 on gfx10+.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_WARPCHAINS_H
#define NVVMWARP_WARPCHAINS_H

#include "NVVMWarpToAMDGPU.h"
#include "warp/LaneMath.h"

/* Rewrites every complete scan chain in Lanes' function for its target
 * (none when the function names no AMDGPU processor the rewrite knows).
 * Integer add, and, or, xor, min and max qualify; floating-point add only
 * with the reassoc flag. Returns the number of shuffle calls removed. */
unsigned warpRewriteScanChains(LLVMModuleRef M, LLVMBuilderRef B,
                               WarpLanes *Lanes,
                               const WarpLoweringOptions *Options);

/* Whether Shuffle is the first of a complete scan chain that
 * warpRewriteScanChains would rewrite (nothing changes). */
bool warpIsScanChainStart(LLVMValueRef Shuffle, WarpLanes *Lanes,
                          const WarpLoweringOptions *Options);

#endif
