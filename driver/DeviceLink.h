/*===- DeviceLink.h - Relocatable device code and its device link -*- C -*-===*
 *
 * nvcc's separate compilation for cucc: -rdc=true (-dc) compiles a .cu
 * file to an object whose device code stays NVVM bitcode, with its
 * external functions and variables unresolved; -dlink, or a link through
 * cucc, links the device code of every object and static library into one
 * code object per processor and a host object that registers it for every
 * file's kernels and variables. Objects without relocatable device code
 * pass through untouched.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUCC_DEVICELINK_H
#define CUCC_DEVICELINK_H

#include "DeviceCompile.h"

#include <llvm-c/Types.h>

#include <stdbool.h>

typedef struct {
  bool Relocatable; /* -rdc=true, -dc */
  bool LinkOnly;    /* -dlink: write the device-link object, no program */
} RdcOptions;

/* Takes argv[*I] (and its value) if it is one of nvcc's flags of separate
 * compilation: -rdc / --relocatable-device-code (true or false), -dc /
 * --device-c and -dw / --device-w (which also set *CompileOnly), -dlink /
 * --device-link. */
bool deviceLinkTakeFlag(RdcOptions *Rdc, bool *CompileOnly, int argc,
                        char **argv, int *I);

/* Compiles the device side of Source to NVVM bitcode that keeps its
 * external symbols (clang's -fgpu-rdc), and adds to *Device what the host
 * compile of Source must also take so that both sides agree on the names
 * of its file-static kernels and variables. Returns the file the host
 * compile embeds as its GPU binary (-fcuda-include-gpubinary): clang puts
 * it in the object's __nv_relfatbin section, the file's module id in
 * __nv_module_id. */
const char *deviceCompileRelocatable(DeviceOptions *Device, const char *Source);

/* Called on each processor's lowered module before it is emitted (what
 * must be defined); exits with a message if it finds an error. */
typedef void (*LoweredModuleCheck)(LLVMModuleRef M, const void *Data);

/* NVVM bitcode (one file's or a device link's) lowered for each processor:
 * its code object and its optimized bitcode (what wavesim runs) in one
 * offload bundle, written to a scratch file whose path is returned. What
 * names the code in messages. */
const char *
deviceBundleForProcessors(const DeviceOptions *Device, char *const *Processors,
                          unsigned NumProcessors, LLVMMemoryBufferRef Bitcode,
                          const char *What, LoweredModuleCheck Check,
                          const void *CheckData);

typedef struct {
  const DeviceOptions *Device;
  char *const *Processors;
  unsigned NumProcessors;
  const char *const *Inputs; /* objects and libraries, in link order */
  const char *const *Labels; /* what messages call each (its source) */
  unsigned NumInputs;
  const char *const *LinkArgs; /* -L DIR, -lNAME: static libraries */
  unsigned NumLinkArgs;
  const char *Name; /* what messages call the link ("app", "dlink.o") */
} DeviceLinkRequest;

/* The device link: the relocatable device code of R's objects and of the
 * members of its static libraries, linked and lowered for each processor,
 * bundled and registered by a position-independent host object written to
 * Output. Unless Always, writes nothing and returns false if no input has
 * relocatable device code, or an object R names is a device-link object
 * already (`cucc a.o b.o dlink.o`). Undefined and multiply defined device
 * symbols are errors naming the object, as nvlink's. */
bool deviceLink(const DeviceLinkRequest *R, const char *Output, bool Always);

#endif
