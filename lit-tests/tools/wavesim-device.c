/*===- wavesim-device.c - device.h's Device over wavesim ------------------===*
 *
 * Device memory is host memory on wavesim, so allocations and copies are
 * malloc and memcpy; launches go to wavesimLaunch.
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim-device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int deviceAlloc(Device *D, void **DevicePtr, size_t Bytes) {
  *DevicePtr = malloc(Bytes ? Bytes : 1);
  if (*DevicePtr) {
    wavesimAddRange(*DevicePtr, Bytes); /* for the memory check */
    return 0;
  }
  snprintf(D->Error, sizeof(D->Error), "out of memory (%zu bytes)", Bytes);
  return -1;
}

static int deviceFree(Device *D, void *DevicePtr) {
  (void)D;
  wavesimRemoveRange(DevicePtr);
  free(DevicePtr);
  return 0;
}

static int deviceCopyToDevice(Device *D, void *DevicePtr, const void *Host,
                              size_t Bytes) {
  (void)D;
  memcpy(DevicePtr, Host, Bytes);
  return 0;
}

static int deviceCopyToHost(Device *D, void *Host, const void *DevicePtr,
                            size_t Bytes) {
  (void)D;
  memcpy(Host, DevicePtr, Bytes);
  return 0;
}

static int deviceLaunch(Device *D, const char *Kernel, const unsigned Grid[3],
                        const unsigned Block[3], void **Args) {
  return wavesimLaunch(D->Context, Kernel, Grid, Block, 0, Args, D->Error,
                       sizeof(D->Error)) == WaveSimOk
             ? 0
             : -1;
}

void wavesimDevice(WaveSim *S, Device *D) {
  D->Name = wavesimWaveSize(S) == 32 ? "wavesim wave32" : "wavesim wave64";
  D->Context = S;
  D->Alloc = deviceAlloc;
  D->Free = deviceFree;
  D->CopyToDevice = deviceCopyToDevice;
  D->CopyToHost = deviceCopyToHost;
  D->Launch = deviceLaunch;
  D->Error[0] = 0;
}
