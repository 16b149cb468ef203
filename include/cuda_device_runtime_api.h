// cuda_device_runtime_api.h - The device side of the runtime API that
// dynamic parallelism (kernels launching kernels, nvcc's -rdc=true) uses:
// cudaGetParameterBuffer and cudaLaunchDevice. cucc has no separate
// compilation, so no device code ever reaches them (Thrust and CUB only
// call them under __CUDACC_RDC__); they are declared because Thrust 1.17's
// triple_chevron_launch.h names them, outside any template parameter, in
// __device__ functions the host compile parses too. Calling one from
// device code leaves an undefined symbol that cu2hsaco reports by name.
#ifndef __CUDA_DEVICE_RUNTIME_API_H__
#define __CUDA_DEVICE_RUNTIME_API_H__

#if defined(__CUDA__)

#include "builtin_types.h"

extern "C" {
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer,
                                        dim3 gridDimension,
                                        dim3 blockDimension,
                                        unsigned int sharedMemSize,
                                        cudaStream_t stream);
}

#endif

#endif
