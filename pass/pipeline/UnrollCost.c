/*===- UnrollCost.c - What the unroller should pay for warp intrinsics ----===*
 *
 * See UnrollCost.h. The size a warp intrinsic adds once lowered is one
 * figure for all of them: a lone shuffle, vote or ballot of a 32-bit value
 * lowers to 2-10 instructions on gfx90a and 1-7 on gfx1030 beyond the one
 * the unroller counted (variable-lane idx 6 and 3, variable down 10 and 6,
 * xor 1 as DPP 2 and 1, ballot 6 and 2, any 7 and 4), about 5 in the middle.
 *
 *===----------------------------------------------------------------------===*/

#include "pipeline/UnrollCost.h"

#include "support/IRUtils.h"
#include "warp/WarpPatterns.h"

#include <llvm-c/Core.h>

enum { AddedSizePerWarpCall = 5 };

static bool isWarpIntrinsicCall(LLVMValueRef I) {
  if (!LLVMIsACallInst(I))
    return false;
  const char *Name = warpCalleeName(I);
  return warpIsShuffleName(Name) || warpIsPrimitiveName(Name);
}

static unsigned sizeAddedByLowering(LLVMBasicBlockRef *Blocks,
                                    unsigned NumBlocks) {
  unsigned Added = 0;
  for (unsigned B = 0; B < NumBlocks; ++B)
    for (LLVMValueRef I = LLVMGetFirstInstruction(Blocks[B]); I;
         I = LLVMGetNextInstruction(I))
      if (isWarpIntrinsicCall(I))
        Added += AddedSizePerWarpCall;
  return Added;
}

unsigned warpUnrollThreshold(LLVMBasicBlockRef *Blocks, unsigned NumBlocks,
                             unsigned LoopSize, unsigned UnrolledSize,
                             unsigned Threshold) {
  if (!LoopSize || UnrolledSize <= Threshold)
    return Threshold;
  unsigned Added = sizeAddedByLowering(Blocks, NumBlocks);
  if (!Added)
    return Threshold;
  return (unsigned)((unsigned long long)Threshold * LoopSize /
                    (LoopSize + Added));
}
