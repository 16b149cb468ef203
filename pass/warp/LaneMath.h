/*===- LaneMath.h - CUDA lanes on AMD waves ----------------------*- C -*-===*
 *
 * A CUDA warp is always 32 lanes. On wave64 a hardware wave holds two CUDA
 * warps: hardware lanes 0-31 are one warp and 32-63 the next, so the CUDA
 * lane is hwlane & 31 and the warp's first hardware lane is hwlane & 32. On
 * wave32 the two coincide. This file builds those values and the helpers
 * the lowerings use to do arithmetic on lane numbers (0..31) with constant
 * operands folded away.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_LANEMATH_H
#define NVVMWARP_LANEMATH_H

#include "NVVMWarpToAMDGPU.h"

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* The wave F runs in: its target-features decide (+wavefrontsize32/64, the
 * last one wins), else its AMDGPU target-cpu (wave32 from gfx10 on), else
 * Default. */
unsigned warpFunctionWaveSize(LLVMValueRef F, WarpWaveSize Default);

/* The processor family of F's "target-cpu" (a WarpTarget bit of
 * WarpPatterns.h), 0 when F names none or one the fast paths do not know. */
unsigned warpFunctionTarget(LLVMValueRef F);

/* Whether an AMDGPU processor name (not NUL-terminated) runs wave32 unless
 * told otherwise: gfx10, gfx11 and gfx12. */
bool warpArchDefaultsToWave32(const char *Arch, size_t Length);

/* A function's lanes, built at its entry the first time they are asked
 * for, so a function whose shuffles all fold away gets no lane math. */
typedef struct {
  LLVMModuleRef M;
  LLVMValueRef Function;
  unsigned WaveSize;     /* 32 or 64 */
  LLVMValueRef HwLane;   /* i32, the lane in the hardware wave */
  LLVMValueRef CudaLane; /* i32, 0..31 */
  LLVMValueRef WarpBase; /* i32, hardware lane of CUDA lane 0: 0 or 32 */
  bool KnowsTarget;
  unsigned Target; /* warpFunctionTarget(Function), once KnowsTarget */
} WarpLanes;

WarpLanes warpLanesOf(LLVMModuleRef M, LLVMValueRef Function,
                      unsigned WaveSize);
LLVMValueRef warpGetHwLane(WarpLanes *Lanes);
LLVMValueRef warpGetCudaLane(WarpLanes *Lanes);
LLVMValueRef warpGetWarpBase(WarpLanes *Lanes);

/* warpFunctionTarget of the lanes' function, looked up once. */
unsigned warpLanesTarget(WarpLanes *Lanes);

/* The value of Data (i32) in hardware lane HwLane: llvm.amdgcn.ds.bpermute. */
LLVMValueRef warpBuildReadLane(LLVMModuleRef M, LLVMBuilderRef B,
                               LLVMValueRef HwLane, LLVMValueRef Data);

/* An integer constant of V's type. */
LLVMValueRef laneConstLike(LLVMValueRef V, uint32_t Value);

/* True with *Value set when V is a constant integer. */
bool laneIsConst(LLVMValueRef V, uint32_t *Value);

/* Bitwise operations on values known to lie in 0..31; a constant 0 or 31
 * operand is folded, as is a pair of constants. */
LLVMValueRef laneAnd(LLVMBuilderRef B, LLVMValueRef X, LLVMValueRef Y);
LLVMValueRef laneOr(LLVMBuilderRef B, LLVMValueRef X, LLVMValueRef Y);
LLVMValueRef laneXor(LLVMBuilderRef B, LLVMValueRef X, LLVMValueRef Y);

/* Bits Shift..Shift+4 of an arbitrary i32 value (the operand fields of shfl).
 */
LLVMValueRef laneField(LLVMBuilderRef B, LLVMValueRef V, unsigned Shift);

#endif
