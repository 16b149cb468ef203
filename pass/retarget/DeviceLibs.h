/*===- DeviceLibs.h - CUDA's math on AMD: OCML linked into the module ------===*
 *
 * See DeviceLibs.c. The drivers call warpMapMathIntrinsicsToOCML and then
 * warpLinkDeviceLibraries on a retargeted module, before optimizing it.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WARP_DEVICELIBS_H
#define WARP_DEVICELIBS_H

#include <llvm-c/Types.h>

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  const char *BitcodeDir;  /* holds ocml.bc */
  const char *OffloadArch; /* gfxNNN */
  unsigned WaveSize;       /* 32 or 64 */
  bool FastMath;           /* nvcc --use_fast_math */
} WarpDeviceLibOptions;

/* Rewrites calls of the transcendental llvm.<name>.f32/.f64 intrinsics
 * (sin, cos, tan, their inverses and hyperbolics, exp, exp2, exp10, log,
 * log2, log10, pow) into calls of __ocml_<name>_f32/_f64. Returns the
 * number of calls rewritten. */
unsigned warpMapMathIntrinsicsToOCML(LLVMModuleRef M);

/* Reads Dir/File, a bitcode library of rocm-device-libs, into M's context
 * with M's data layout and triple. On failure, says in Error that What
 * (e.g. "AMD's math library") cannot be read, and how to provide it. */
bool warpReadDeviceLibrary(LLVMModuleRef M, const char *Dir, const char *File,
                           const char *What, LLVMModuleRef *Library,
                           char *Error, size_t ErrorSize);

/* The value of string attribute Kind on the first function M defines that
 * has it, copied into Out; NULL if none has it. */
const char *warpModuleFunctionAttribute(LLVMModuleRef M, const char *Kind,
                                        char *Out, size_t OutSize);

/* If M calls __ocml_* functions, links what it needs of ocml.bc from
 * Options->BitcodeDir and defines OCML's control constants for the
 * processor, wave size and math mode. Returns false with a message in
 * Error when the library cannot be read or linked. */
bool warpLinkDeviceLibraries(LLVMModuleRef M,
                             const WarpDeviceLibOptions *Options, char *Error,
                             size_t ErrorSize);

#ifdef __cplusplus
}
#endif

#endif
