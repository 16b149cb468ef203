/*===- nvtx3/nvToolsExtCudaRt.h - NVTX names of CUDA runtime objects ------===*
 *
 * NVTX's functions that name a device, stream or event of the CUDA runtime
 * for a profiler: with no tool attached (nvtx3/nvToolsExt.h says why there
 * never is one), they do nothing.
 *
 *===----------------------------------------------------------------------===*/
#ifndef CUCC_NVTX3_NVTOOLSEXTCUDART_H
#define CUCC_NVTX3_NVTOOLSEXTCUDART_H

#include "cuda_runtime_api.h"
#include "nvtx3/nvToolsExt.h"

#ifdef __cplusplus
extern "C" {
#endif

CUCC_NVTX_API void nvtxNameCudaDeviceA(int Device, const char *Name) {
  (void)Device;
  (void)Name;
}
CUCC_NVTX_API void nvtxNameCudaDeviceW(int Device, const wchar_t *Name) {
  (void)Device;
  (void)Name;
}
CUCC_NVTX_API void nvtxNameCudaStreamA(cudaStream_t Stream, const char *Name) {
  (void)Stream;
  (void)Name;
}
CUCC_NVTX_API void nvtxNameCudaStreamW(cudaStream_t Stream,
                                       const wchar_t *Name) {
  (void)Stream;
  (void)Name;
}
CUCC_NVTX_API void nvtxNameCudaEventA(cudaEvent_t Event, const char *Name) {
  (void)Event;
  (void)Name;
}
CUCC_NVTX_API void nvtxNameCudaEventW(cudaEvent_t Event, const wchar_t *Name) {
  (void)Event;
  (void)Name;
}

#ifdef __cplusplus
}
#endif

#ifdef UNICODE
#define nvtxNameCudaDevice nvtxNameCudaDeviceW
#define nvtxNameCudaStream nvtxNameCudaStreamW
#define nvtxNameCudaEvent nvtxNameCudaEventW
#else
#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
#endif

#endif /* CUCC_NVTX3_NVTOOLSEXTCUDART_H */
