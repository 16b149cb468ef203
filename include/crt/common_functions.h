// crt/common_functions.h - Device printf, memcpy, memmove and memset, as
// the toolkit's header of this name declares them (device code calls
// memcpy and memset unqualified, beside <string.h>'s host ones, which
// nvcc's headers make visible too). Declarations only: nvvm-to-amdgpu
// turns the calls into LLVM's memcpy, memmove and memset. clang lowers a device call of printf to
// vprintf(format, buffer), NVIDIA's convention (the arguments promoted and
// packed into a local buffer); nvvm-to-amdgpu turns that into ROCm's OCKL
// printf, which the HIP runtime prints on an AMD GPU and wavesim prints on
// the CPU, as CUDA formats it (pass/retarget/DevicePrintf.c). cuda_runtime.h
// includes it for device compiles; the host's printf stays <stdio.h>'s.
#ifndef __CUDA_COMMON_FUNCTIONS_H__
#define __CUDA_COMMON_FUNCTIONS_H__

#include "host_defines.h"

#if defined(__CUDA__)
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ int printf(const char *, ...);
__device__ void *memcpy(void *, const void *, size_t);
__device__ void *memmove(void *, const void *, size_t);
__device__ void *memset(void *, int, size_t);
}
#endif

#endif
