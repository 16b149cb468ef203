/*===- device.h - Where a kernel suite runs: a GPU or the wave emulator -*- C -*-===*
 *
 * The bundled kernels are checked against their CPU references through this
 * interface, so the same suite runs on an AMD GPU through the HIP runtime
 * and on the host through wavesim. Device memory is opaque to the suite: it
 * only allocates, copies and passes device pointers as kernel arguments.
 *
 *===----------------------------------------------------------------------===*/

#ifndef HIPKERNELS_DEVICE_H
#define HIPKERNELS_DEVICE_H

#include <stddef.h>

typedef struct Device Device;

struct Device {
  const char *Name; /* "AMD GPU (gfx90a)", "wavesim wave64", ... */
  void *Context;
  /* Each returns 0 on success; on failure a message is left in Error. */
  int (*Alloc)(Device *D, void **DevicePtr, size_t Bytes);
  int (*Free)(Device *D, void *DevicePtr);
  int (*CopyToDevice)(Device *D, void *DevicePtr, const void *Host,
                      size_t Bytes);
  int (*CopyToHost)(Device *D, void *Host, const void *DevicePtr,
                    size_t Bytes);
  /* Args[i] points at the value of kernel parameter i (as for
   * hipModuleLaunchKernel's kernelParams); Grid and Block are in blocks and
   * threads per dimension. */
  int (*Launch)(Device *D, const char *Kernel, const unsigned Grid[3],
                const unsigned Block[3], void **Args);
  char Error[512];
};

#endif
