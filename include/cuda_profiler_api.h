// cuda_profiler_api.h - Starting and stopping a profiler's capture. Without
// a CUDA profiler attached (there is none for AMD GPUs) both calls succeed
// and change nothing, as CUDA's do.
#ifndef __CUDA_PROFILER_API_H__
#define __CUDA_PROFILER_API_H__

#include "cuda_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif
__host__ cudaError_t cudaProfilerStart(void);
__host__ cudaError_t cudaProfilerStop(void);
#ifdef __cplusplus
}
#endif

#endif
