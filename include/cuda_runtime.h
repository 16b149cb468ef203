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
#if defined(__CUDA__)
#include "device_launch_parameters.h"
#include "device_functions.h"
#include "crt/warp_functions.h"
#include "crt/math_functions.h"
#endif

#ifdef __cplusplus

template <class T>
static __host__ inline cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
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
static __host__ inline cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                        const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
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

#endif

#endif
