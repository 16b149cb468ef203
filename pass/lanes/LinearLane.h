/*===- LinearLane.h - Thread indices that are the CUDA lane ------*- C -*-===*
 *
 * CUDA numbers a block's threads by their linear index
 * x + y * blockDim.x + z * blockDim.x * blockDim.y and gives lane i % 32 to
 * thread i, and an AMD workgroup fills its waves in the same order, so that
 * index modulo 32 is always the CUDA lane, whatever the block's shape. Code
 * often writes the lane as threadIdx.x % 32 instead, which is the lane only
 * when blocks are 1-D or blockDim.x is a multiple of 32 (the "block shape"
 * condition; then the 2-D form y * blockDim.x + x is the lane as well).
 *
 * This recognises, in i32 integer arithmetic, expressions congruent modulo
 * 32 to the lane plus a constant: the linear index in any shape O3 leaves
 * (factored, distributed, commuted, with or without nuw/nsw), and, where
 * the block shape condition is known to hold, threadIdx.x and the 2-D
 * form. It holds under the tid-x-lanes promise, and in the copy of a
 * region that LaneVersioning.c runs only when the condition is true, whose
 * instructions it marks.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_LINEARLANE_H
#define NVVMWARP_LINEARLANE_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* Whether Call reads threadIdx.x, .y or .z (NVVM's special register or the
 * AMDGPU work-item id); *Dim is 0, 1 or 2. */
bool warpIsThreadIndexRead(LLVMValueRef Call, unsigned *Dim);

/* Marks an instruction as executed only where the block shape condition
 * holds, and asks whether one is so marked. A marked thread index read is
 * the lane (modulo 32) wherever it is used; a marked select or branch may
 * take threadIdx.x modulo 32 as the lane in its condition. */
void warpMarkUnderBlockShape(LLVMValueRef I);
bool warpIsUnderBlockShape(LLVMValueRef I);

/* Removes the marks from F's instructions once nothing needs them. */
void warpForgetBlockShapeMarks(LLVMValueRef F);

/* True with *Offset set when the i32 value V is congruent modulo 32 to the
 * CUDA lane plus *Offset in every thread that computes it. ShapeHolds says
 * that the block shape condition holds wherever V is computed (the
 * tid-x-lanes promise); marked reads say so too. */
bool warpLinearLaneOffset(LLVMValueRef V, bool ShapeHolds, uint32_t *Offset);

#endif
