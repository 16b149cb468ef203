// cuda_runtime_api.h - The CUDA runtime API's C functions, declared as the
// toolkit declares them (__host__, extern "C", CUDA's types). A program
// cucc builds links them from runtime/ (libcucc_cudart), which runs them
// on an AMD GPU through HIP or on the CPU through wavesim. C and C++.
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__

#include "builtin_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Errors. */
__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t error);
__host__ __device__ const char *cudaGetErrorName(cudaError_t error);

/* Devices. */
__host__ cudaError_t cudaGetDeviceCount(int *count);
__host__ cudaError_t cudaSetDevice(int device);
__host__ __device__ cudaError_t cudaGetDevice(int *device);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop,
                                             int device);
__host__ __device__ cudaError_t cudaDeviceGetAttribute(int *value,
                                                      enum cudaDeviceAttr attr,
                                                      int device);
__host__ __device__ cudaError_t cudaDeviceSynchronize(void);
/* What CUB 1.17 calls for cudaDeviceSynchronize with CUDA 11.6 and later. */
__host__ __device__ cudaError_t
__cudaDeviceSynchronizeDeprecationAvoidance(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaSetDeviceFlags(unsigned int flags);
__host__ cudaError_t cudaGetDeviceFlags(unsigned int *flags);
__host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache config);
__host__ cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig c);
__host__ cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__host__ cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
__host__ cudaError_t cudaDriverGetVersion(int *version);
__host__ cudaError_t cudaRuntimeGetVersion(int *version);

/* Memory. */
__host__ __device__ cudaError_t cudaMalloc(void **ptr, size_t size);
__host__ __device__ cudaError_t cudaFree(void *ptr);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
__host__ cudaError_t cudaHostAlloc(void **ptr, size_t size,
                                   unsigned int flags);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaMallocManaged(void **ptr, size_t size,
                                       unsigned int flags);
__host__ cudaError_t cudaMallocPitch(void **ptr, size_t *pitch, size_t width,
                                     size_t height);
__host__ cudaError_t cudaMallocAsync(void **ptr, size_t size,
                                     cudaStream_t stream);
__host__ cudaError_t cudaFreeAsync(void *ptr, cudaStream_t stream);
__host__ cudaError_t cudaHostRegister(void *ptr, size_t size,
                                      unsigned int flags);
__host__ cudaError_t cudaHostUnregister(void *ptr);
__host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                          int dstDevice,
                                          cudaStream_t stream __dv(0));
__host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                   enum cudaMemoryAdvise advice, int device);
__host__ cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream,
                                              void *devPtr,
                                              size_t length __dv(0),
                                              unsigned int flags
                                                  __dv(cudaMemAttachSingle));
__host__ cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind);
__host__ __device__ cudaError_t cudaMemcpyAsync(void *dst, const void *src,
                                               size_t count,
                                               enum cudaMemcpyKind kind,
                                               cudaStream_t stream __dv(0));
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch,
                                       const void *src, size_t spitch,
                                       size_t width, size_t height,
                                       enum cudaMemcpyKind kind,
                                       cudaStream_t stream __dv(0));
__host__ cudaError_t cudaMemset(void *ptr, int value, size_t count);
__host__ __device__ cudaError_t cudaMemsetAsync(void *ptr, int value,
                                               size_t count,
                                               cudaStream_t stream __dv(0));
__host__ cudaError_t cudaMemset2D(void *ptr, size_t pitch, int value,
                                  size_t width, size_t height);
__host__ cudaError_t cudaMemset2DAsync(void *ptr, size_t pitch, int value,
                                       size_t width, size_t height,
                                       cudaStream_t stream __dv(0));
__host__ cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
                                        size_t count, size_t offset,
                                        enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol,
                                          size_t count, size_t offset,
                                          enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyToSymbolAsync(const void *symbol,
                                             const void *src, size_t count,
                                             size_t offset,
                                             enum cudaMemcpyKind kind,
                                             cudaStream_t stream);
__host__ cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                               size_t count, size_t offset,
                                               enum cudaMemcpyKind kind,
                                               cudaStream_t stream __dv(0));
__host__ cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
__host__ cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
__host__ cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                              unsigned int flags);
__host__ cudaError_t cudaPointerGetAttributes(
    struct cudaPointerAttributes *attributes, const void *ptr);

/* Streams and events. */
__host__ cudaError_t cudaStreamCreate(cudaStream_t *stream);
__host__ __device__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream,
                                                         unsigned int flags);
__host__ cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream,
                                                  unsigned int flags,
                                                  int priority);
__host__ cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                                      int *greatestPriority);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaStreamQuery(cudaStream_t stream);
__host__ __device__ cudaError_t cudaStreamWaitEvent(cudaStream_t stream,
                                                   cudaEvent_t event,
                                                   unsigned int flags __dv(0));
__host__ cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                                        void *userData);
__host__ cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                           cudaStreamCallback_t callback,
                                           void *userData, unsigned int flags);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ __device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                                        unsigned int flags);
__host__ __device__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                               cudaStream_t stream __dv(0));
__host__ cudaError_t cudaEventRecordWithFlags(cudaEvent_t event,
                                              cudaStream_t stream __dv(0),
                                              unsigned int flags __dv(0));
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventQuery(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                          cudaEvent_t end);
__host__ __device__ cudaError_t cudaEventDestroy(cudaEvent_t event);

/* Kernels. */
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func,
                                                 dim3 gridDim, dim3 blockDim,
                                                 void **args, size_t sharedMem,
                                                 cudaStream_t stream);

/* cudaLaunchKernelExC's configuration, as CUDA 12 lays it out; of the
 * attributes only cudaLaunchAttributeCooperative changes the launch. */
typedef union cudaLaunchAttributeValue {
  char pad[64];
  int cooperative;
  enum cudaSynchronizationPolicy syncPolicy;
  struct {
    unsigned int x, y, z;
  } clusterDim;
  enum cudaClusterSchedulingPolicy clusterSchedulingPolicyPreference;
  int programmaticStreamSerializationAllowed;
  struct {
    cudaEvent_t event;
    int flags;
    int triggerAtBlockStart;
  } programmaticEvent;
  int priority;
} cudaLaunchAttributeValue;
typedef struct cudaLaunchAttribute_st {
  enum cudaLaunchAttributeID id;
  char pad[8 - sizeof(enum cudaLaunchAttributeID)];
  cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
__host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                         const void *func, void **args);
__host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                          enum cudaFuncAttribute attr,
                                          int value);
__host__ __device__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, const void *func);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *func,
                                            enum cudaFuncCache config);
__host__ __device__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);

/* What clang's <<<...>>> calls: for CUDA 9.2 and later, the version cucc
 * and cu2hsaco give clang, the push (a kernel's stub then pops it and calls
 * cudaLaunchKernel); without a version (clang used directly), the
 * configure-setup-launch sequence of earlier CUDA. */
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem __dv(0),
                                     struct CUstream_st *stream __dv(0));
__host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                       size_t sharedMem __dv(0),
                                       cudaStream_t stream __dv(0));
__host__ cudaError_t cudaSetupArgument(const void *arg, size_t size,
                                       size_t offset);
__host__ cudaError_t cudaLaunch(const void *func);

/* One device: peers, PCI identity, configuration queries, memory pools. */
__host__ cudaError_t cudaChooseDevice(int *device,
                                      const struct cudaDeviceProp *prop);
__host__ cudaError_t cudaInitDevice(int device, unsigned int deviceFlags,
                                    unsigned int flags);
__host__ cudaError_t cudaSetValidDevices(int *deviceArr, int len);
__host__ cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                             int peerDevice);
__host__ cudaError_t cudaDeviceEnablePeerAccess(int peerDevice,
                                                unsigned int flags);
__host__ cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
__host__ cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                                    int srcDevice, size_t count);
__host__ cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice,
                                         const void *src, int srcDevice,
                                         size_t count,
                                         cudaStream_t stream __dv(0));
__host__ cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len,
                                           int device);
__host__ cudaError_t cudaDeviceGetByPCIBusId(int *device,
                                             const char *pciBusId);
__host__ cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *config);
__host__ cudaError_t
cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *config);
__host__ cudaError_t cudaFuncSetSharedMemConfig(const void *func,
                                                enum cudaSharedMemConfig c);
__host__ __device__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks,
                                                       const void *func,
                                                       int blockSize,
                                                       size_t dynamicSMemSize,
                                                       unsigned int flags);
__host__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamicSmemSize, const void *func, int numBlocks, int blockSize);
__host__ cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool,
                                                 int device);
__host__ cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device);
__host__ cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool);
__host__ cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool,
                                             enum cudaMemPoolAttr attr,
                                             void *value);
__host__ cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool,
                                             enum cudaMemPoolAttr attr,
                                             void *value);
__host__ cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool,
                                       size_t minBytesToKeep);
__host__ cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size,
                                             cudaMemPool_t memPool,
                                             cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#include "cuda_device_runtime_api.h"
/* CUDA arrays, texture objects, graphs and stream capture. */
#include "cuda_graph_texture_api.h"

#endif
