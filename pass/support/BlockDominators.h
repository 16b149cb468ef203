/*===- BlockDominators.h - Dominators of a function's blocks -----*- C -*-===*
 *
 * The dominator and post-dominator trees of one function's blocks, for
 * passes that need to find a single-entry single-exit region
 * (LaneVersioning.c) and that LLVM's C API gives no analysis for. A
 * snapshot: changing the function's blocks leaves it stale.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_BLOCKDOMINATORS_H
#define NVVMWARP_BLOCKDOMINATORS_H

#include <llvm-c/Core.h>
#include <stdbool.h>

typedef struct WarpBlockTrees WarpBlockTrees;

WarpBlockTrees *warpComputeBlockTrees(LLVMValueRef F);
void warpDisposeBlockTrees(WarpBlockTrees *T);

/* Whether every path from the entry to B passes through A (A == B too). */
bool warpBlockDominates(const WarpBlockTrees *T, LLVMBasicBlockRef A,
                        LLVMBasicBlockRef B);

/* Whether every path from B to a return passes through A (A == B too);
 * false where B reaches no return. */
bool warpBlockPostDominates(const WarpBlockTrees *T, LLVMBasicBlockRef A,
                            LLVMBasicBlockRef B);

/* The nearest block dominating both; NULL if one is unreachable. */
LLVMBasicBlockRef warpCommonDominator(const WarpBlockTrees *T,
                                      LLVMBasicBlockRef A, LLVMBasicBlockRef B);

/* The nearest block post-dominating both; NULL when only the function's
 * exit (several returns) does, or one of them reaches no return. */
LLVMBasicBlockRef warpCommonPostDominator(const WarpBlockTrees *T,
                                          LLVMBasicBlockRef A,
                                          LLVMBasicBlockRef B);

#endif
