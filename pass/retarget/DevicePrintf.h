/*===- DevicePrintf.h - CUDA's device printf and assert on AMD GPUs -*- C -*-===*
 *
 * See DevicePrintf.c.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_DEVICEPRINTF_H
#define NVVMWARP_DEVICEPRINTF_H

#include "retarget/DeviceLibs.h"
#include "support/Diagnostics.h"
#include "testing/PlantedBugs.h"

#include <llvm-c/Core.h>

/* Rewrites every vprintf(format, buffer) call (what clang makes of device
 * printf) and every __assertfail call (a failed device assert) into calls
 * of ROCm's OCKL printf functions; a failed assert then traps. Must run
 * before the NVVM special registers are mapped (it reads %ctaid and %tid).
 * Returns the number of calls rewritten; problems go to Diags. PlantedBug
 * printf-last-arg-zero makes each call's last argument 0 (a null string),
 * for the tests to show that they catch a wrong decoding. */
unsigned warpLowerDevicePrintf(LLVMModuleRef M, WarpPlantedBug PlantedBug,
                               WarpDiagnostics *Diags);

/* Links the OCKL printf functions the module calls from ockl.bc beside
 * ocml.bc (nothing if it calls none). They stay out of line (noinline,
 * not internal), so that wavesim finds them by name. */
bool warpLinkPrintfLibrary(LLVMModuleRef M, const WarpDeviceLibOptions *Options,
                           char *Error, size_t ErrorSize);

#endif
