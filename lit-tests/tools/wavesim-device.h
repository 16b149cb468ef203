/*===- wavesim-device.h - device.h's Device over wavesim ------*- C -*-===*
 *
 * The test tools that run the kernel suite (wavesim-suite), the NVIDIA
 * ground-truth replays (primitive-replay) and math-ulp reach wavesim
 * through hip-kernels/device.h's Device, as hip-runner reaches the HIP
 * runtime, so that one suite runs on both.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WARPTOOLS_WAVESIM_DEVICE_H
#define WARPTOOLS_WAVESIM_DEVICE_H

#include "device.h"
#include "wavesim.h"

/* Fills D: memory is host malloc, Launch runs kernels of S without
 * dynamic shared memory. D must not outlive S. */
void wavesimDevice(WaveSim *S, Device *D);

#endif
