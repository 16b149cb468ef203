/*===- Retarget.h - The retargeting's helpers other folders use --*- C -*-===*
 *
 * The retargeting's entry point, warpRetargetModule, is public
 * (NVVMWarpToAMDGPU.h); this is what the lowering reuses of it: the block
 * size as a retargeted module reads it.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_RETARGET_H
#define NVVMWARP_RETARGET_H

#include <llvm-c/Core.h>

/* blockDim.<Dim> (0, 1, 2) of a retargeted function, read at B's position
 * as the retargeting pass reads %ntid. */
LLVMValueRef warpBuildBlockDim(LLVMModuleRef M, LLVMBuilderRef B,
                               unsigned Dim);

#endif
