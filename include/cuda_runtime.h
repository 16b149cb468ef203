// cuda_runtime.h - What nvcc puts in front of every CUDA file: cu2hsaco
// pre-includes it the same way (-include cuda_runtime.h), so a .cu with no
// #include at all, or with the toolkit's own includes, compiles unchanged.
// Device side: the declaration specifiers, threadIdx & co (clang's built-in
// variables), the vector types, the device built-in functions, the warp
// primitives and the math API. Host side: the runtime API, with the C++
// template forms the toolkit adds (cudaMalloc(&typed_ptr, n),
// cudaMemcpyToSymbol(symbol, ...), cudaLaunchKernel(kernel, ...)). A host
// file compiled without CUDA (a .cpp calling the runtime) gets the host
// side alone, as with the toolkit's headers under a host compiler.
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__

#include "crt/host_defines.h"
#include "builtin_types.h"
#include "cuda_runtime_api.h"
#include "vector_functions.h"
#include "driver_functions.h"
#ifdef __cplusplus
#include "channel_descriptor.h"
#endif
#if defined(__CUDA__)
#include "texture_indirect_functions.h"
#include "device_launch_parameters.h"
#include "device_functions.h"
#include "crt/device_heap.h"
#include "crt/common_functions.h"
#include "crt/warp_functions.h"
#include "crt/math_functions.h"
#include "crt/simd_functions.h"
#endif

#ifdef __cplusplus

/* CUDA 13's prefetch and advice name the place by a cudaMemLocation
 * (CUDA 12.2's _v2 functions); the device ordinal forms do the work. */
static __host__ inline int __cudaLocationOrdinal(struct cudaMemLocation L) {
  return L.type == cudaMemLocationTypeHost ||
                 L.type == cudaMemLocationTypeHostNuma ||
                 L.type == cudaMemLocationTypeHostNumaCurrent
             ? cudaCpuDeviceId
             : L.id;
}
static __host__ inline cudaError_t
cudaMemPrefetchAsync(const void *devPtr, size_t count,
                     struct cudaMemLocation location, unsigned int flags,
                     cudaStream_t stream = 0) {
  (void)flags;
  return ::cudaMemPrefetchAsync(devPtr, count,
                                __cudaLocationOrdinal(location), stream);
}
static __host__ inline cudaError_t
cudaMemPrefetchAsync_v2(const void *devPtr, size_t count,
                        struct cudaMemLocation location, unsigned int flags,
                        cudaStream_t stream = 0) {
  return cudaMemPrefetchAsync(devPtr, count, location, flags, stream);
}
static __host__ inline cudaError_t
cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
              struct cudaMemLocation location) {
  return ::cudaMemAdvise(devPtr, count, advice,
                         __cudaLocationOrdinal(location));
}
static __host__ inline cudaError_t
cudaMemAdvise_v2(const void *devPtr, size_t count,
                 enum cudaMemoryAdvise advice,
                 struct cudaMemLocation location) {
  return cudaMemAdvise(devPtr, count, advice, location);
}

template <class T>
static __host__ inline cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static __host__ inline cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch,
                                                   size_t width,
                                                   size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T>
static __host__ inline cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                                   cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
static __host__ inline cudaError_t cudaMallocHost(T **ptr, size_t size,
                                                  unsigned int flags = 0) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static __host__ inline cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                                 unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static __host__ inline cudaError_t
cudaMallocManaged(T **devPtr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static __host__ inline cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __host__ inline cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                        size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                        cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset,
                                   kind, stream);
}
template <class T>
static __host__ inline cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}
template <class T>
static __host__ inline cudaError_t
cudaMemcpyFromSymbolAsync(void *dst, const T &symbol, size_t count,
                          size_t offset = 0,
                          enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                          cudaStream_t stream = 0) {
  return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset,
                                     kind, stream);
}
template <class T>
static __host__ inline cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                        const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T>
static __host__ inline cudaError_t cudaGetSymbolSize(size_t *size,
                                                     const T &symbol) {
  return ::cudaGetSymbolSize(size, (const void *)&symbol);
}
template <class T>
static __host__ inline cudaError_t
cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
template <class T>
static __host__ inline cudaError_t
cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                            size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                       args, sharedMem, stream);
}
/* The kernel's arguments converted to its parameter types, then launched
 * with cudaLaunchKernelExC. */
template <typename... ExpTypes, typename... ActTypes>
static __host__ inline cudaError_t
cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                   void (*kernel)(ExpTypes...), ActTypes &&...args) {
  return [&](ExpTypes... coerced) {
    void *pArgs[sizeof...(ExpTypes) + 1] = {((void *)&coerced)...};
    return ::cudaLaunchKernelExC(config, (const void *)kernel, pArgs);
  }(static_cast<ActTypes &&>(args)...);
}
template <class T>
static __host__ inline cudaError_t
cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)func, attr, value);
}
template <class T>
static __host__ inline cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *func) {
  return ::cudaFuncGetAttributes(attr, (const void *)func);
}
template <class T>
static __host__ inline cudaError_t
cudaFuncSetCacheConfig(T *func, enum cudaFuncCache config) {
  return ::cudaFuncSetCacheConfig((const void *)func, config);
}
template <class T>
static __host__ inline cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}

// The block size that keeps the most threads resident on a multiprocessor
// (the largest such, in warp multiples up to blockSizeLimit, or the
// kernel's and the device's limit), and the grid that fills the device at
// that occupancy. blockSizeToDynamicSMemSize maps a block size to the
// dynamic shared memory its launch needs.
template <class UnaryFunction, class T>
static __host__ inline cudaError_t
cudaOccupancyMaxPotentialBlockSizeVariableSMem(
    int *minGridSize, int *blockSize, T func,
    UnaryFunction blockSizeToDynamicSMemSize, int blockSizeLimit = 0) {
  if (!minGridSize || !blockSize || !func)
    return cudaErrorInvalidValue;
  int device;
  struct cudaDeviceProp prop;
  struct cudaFuncAttributes attr;
  cudaError_t error = cudaGetDevice(&device);
  if (error == cudaSuccess)
    error = cudaGetDeviceProperties(&prop, device);
  if (error == cudaSuccess)
    error = cudaFuncGetAttributes(&attr, func);
  if (error != cudaSuccess)
    return error;
  int limit = attr.maxThreadsPerBlock < prop.maxThreadsPerBlock
                  ? attr.maxThreadsPerBlock
                  : prop.maxThreadsPerBlock;
  if (blockSizeLimit > 0 && blockSizeLimit < limit)
    limit = blockSizeLimit;
  int bestBlock = 0, bestBlocks = 0, bestThreads = 0;
  for (int size = (limit + prop.warpSize - 1) / prop.warpSize * prop.warpSize;
       size > 0; size -= prop.warpSize) {
    int block = size < limit ? size : limit, blocks = 0;
    error = cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &blocks, func, block, blockSizeToDynamicSMemSize(block));
    if (error != cudaSuccess)
      return error;
    if (blocks * block > bestThreads) {
      bestThreads = blocks * block;
      bestBlock = block;
      bestBlocks = blocks;
    }
  }
  *blockSize = bestBlock;
  *minGridSize = bestBlocks * prop.multiProcessorCount;
  return cudaSuccess;
}

template <class T>
static __host__ inline cudaError_t
cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                   size_t dynamicSMemSize = 0,
                                   int blockSizeLimit = 0) {
  return cudaOccupancyMaxPotentialBlockSizeVariableSMem(
      minGridSize, blockSize, func,
      [dynamicSMemSize](int) { return dynamicSMemSize; }, blockSizeLimit);
}

#endif

/* The C library headers nvcc's cuda_runtime.h brings in for a .cu file
 * (crt/common_functions.h): memcpy, printf, INT_MAX, clock, ... are
 * visible without an #include of their own. */
#if defined(__CUDA__)
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#ifdef __cplusplus
#include <climits>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <new>
#endif
#endif

#endif
