/*===- CudaGraphs.h - Stream capture's hooks in the runtime ---*- C -*-===*
 *
 * What CudaRuntime.c asks of stream capture (CudaGraphs.c) before it does
 * a stream's work, and what CudaGraphs.c and CudaTextures.c use of
 * CudaRuntime.c. Each capture hook returns NotCaptured when the work is
 * not captured (no capture concerns its stream), and then the runtime does
 * it; otherwise the work was recorded into a graph, or refused as CUDA
 * refuses it during capture, and the hook's answer is the call's.
 *
 * None of these names is exported (runtime/exports.map).
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUCC_CUDAGRAPHS_H
#define CUCC_CUDAGRAPHS_H

#include "cuda_runtime_api.h"

#include <stdbool.h>
#include <stddef.h>

#define NotCaptured ((cudaError_t)-1)

/* From CudaRuntime.c: makes Error the last error, as every call's failure
 * is, and returns it. */
cudaError_t cuccRecordError(cudaError_t Error);
/* From CudaRuntime.c: the device-side name of a kernel's host stub and the
 * offload bundle that holds it, or false for what is not a kernel. */
bool cuccKernelImage(const void *Function, const char **DeviceName,
                     const void **Bundle);

cudaError_t captureKernel(const void *Function, dim3 Grid, dim3 Block,
                          void **Args, size_t SharedBytes,
                          cudaStream_t Stream);
/* Copies of Height rows (1 for a plain copy) of Width bytes; a copy that
 * is not asynchronous runs on the legacy stream. */
cudaError_t captureCopy(void *Dst, size_t DstPitch, const void *Src,
                        size_t SrcPitch, size_t Width, size_t Height,
                        enum cudaMemcpyKind Kind, cudaStream_t Stream,
                        bool Async);
cudaError_t captureFill(void *Ptr, int Value, size_t Bytes,
                        cudaStream_t Stream, bool Async);
cudaError_t captureHostFunction(cudaStream_t Stream, cudaHostFn_t Function,
                                void *UserData);
cudaError_t captureEventRecord(cudaEvent_t Event, cudaStream_t Stream);
cudaError_t captureStreamWaitEvent(cudaStream_t Stream, cudaEvent_t Event);
/* Waiting for, or asking about, a stream's work, which capture forbids. */
cudaError_t captureStreamWait(cudaStream_t Stream);
/* Allocating, which a global capture forbids. */
cudaError_t captureAllocation(void);

#endif
