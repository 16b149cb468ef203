/*===- KernelSignature.h - NVVM kernels as AMDGPU kernels ----*- C -*-===*/

#ifndef NVVMWARP_KERNELSIGNATURE_H
#define NVVMWARP_KERNELSIGNATURE_H

#include "support/Diagnostics.h"

#include <llvm-c/Core.h>

/* Makes Kernel, an NVVM kernel of M (whose datalayout is AMDGPU's
 * already), an amdgpu_kernel of the same name: in place when its
 * signature allows, or through a new kernel that calls it when it takes
 * byval parameters. A signature no AMDGPU kernel can have is reported and
 * Kernel is left an ordinary function. */
void warpMakeAMDGPUKernel(LLVMModuleRef M, LLVMValueRef Kernel,
                          WarpDiagnostics *Diags);

#endif
