/*===- LaunchVariants.h - Kernels for the usual block shape -----*- C -*-===*
 *
 * `threadIdx.x % 32` is the CUDA lane where blocks are 1-D or blockDim.x
 * is a multiple of 32, which a runtime knows at every launch. With the
 * launch-variants option, every kernel that reaches (itself or through
 * direct calls) a function whose warp intrinsics gain from that condition
 * (LaneVersioning.h) gets a variant, NAME.tidxlanes: copies of it and of
 * the functions on the way, every instruction marked as running under the
 * condition, calling each other. The runtime launches the variant where
 * the launch's block shape satisfies the condition and NAME, left general
 * and unversioned, otherwise: no check in either kernel.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_LAUNCHVARIANTS_H
#define NVVMWARP_LAUNCHVARIANTS_H

#include "NVVMWarpToAMDGPU.h"

#include <llvm-c/Core.h>

/* The suffix of a kernel's launch variant; the runtime's name for it. */
#define WarpLaunchVariantSuffix ".tidxlanes"

/* Each copied function and its copy; with the option, also the functions
 * that gain (Active). */
typedef struct {
  LLVMValueRef *Originals, *Copies;
  unsigned Count;
  bool Active;
  LLVMValueRef *Gaining;
  unsigned NumGaining;
} WarpLaunchVariants;

/* Adds the variants, given the functions whose warp calls are to be
 * lowered (none lowered yet); nothing without the launch-variants option.
 * The copies' warp calls are the caller's to lower. */
WarpLaunchVariants warpAddLaunchVariants(LLVMModuleRef M,
                                         LLVMValueRef *WithWarpCalls,
                                         unsigned NumWithWarpCalls,
                                         const WarpLoweringOptions *Options);

/* Whether F may still be versioned on the block shape inside itself:
 * without launch variants any function; with them only one that gains and
 * was not copied (no kernel of the module reaches it). A copied original
 * runs only in general shapes, and the others gain nothing. */
bool warpMayVersionInFunction(const WarpLaunchVariants *V, LLVMValueRef F);

/* Clears the copies' marks once they are lowered, and frees V. */
void warpFinishLaunchVariants(WarpLaunchVariants *V);

#endif
