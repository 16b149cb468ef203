// cuda_occupancy.h - The toolkit's header-only occupancy calculator, for
// code that includes it (Thrust's CUDA backend does) or calls it: a
// device's limits and a kernel's needs in, resident blocks per
// multiprocessor out. The limits are the ones our runtime reports in
// cudaDeviceProp (threads, blocks, registers and shared memory per
// multiprocessor); allocation granularities are those properties' units,
// so the answer agrees with cudaOccupancyMaxActiveBlocksPerMultiprocessor.
#ifndef __CUDA_OCCUPANCY_H__
#define __CUDA_OCCUPANCY_H__

#include "cuda_runtime_api.h"

#include <stddef.h>

#ifdef __cplusplus
#define __OCC_INLINE inline __host__ __device__
#else
#define __OCC_INLINE static inline
#endif

typedef enum cudaOccError_enum {
  CUDA_OCC_SUCCESS = 0,
  CUDA_OCC_ERROR_INVALID_INPUT = 1,
  CUDA_OCC_ERROR_UNKNOWN_DEVICE = 2
} cudaOccError;

typedef enum cudaOccLimitingFactor_enum {
  OCC_LIMIT_WARPS = 0x01,
  OCC_LIMIT_REGISTERS = 0x02,
  OCC_LIMIT_SHARED_MEMORY = 0x04,
  OCC_LIMIT_BLOCKS = 0x08,
  OCC_LIMIT_BARRIERS = 0x10
} cudaOccLimitingFactor;

typedef enum cudaOccCacheConfig_enum {
  CACHE_PREFER_NONE = 0x00,
  CACHE_PREFER_SHARED = 0x01,
  CACHE_PREFER_L1 = 0x02,
  CACHE_PREFER_EQUAL = 0x03
} cudaOccCacheConfig;

typedef enum cudaOccCarveoutConfig_enum {
  SHAREDMEM_CARVEOUT_DEFAULT = -1,
  SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
  SHAREDMEM_CARVEOUT_MAX_L1 = 0,
  SHAREDMEM_CARVEOUT_HALF = 50
} cudaOccCarveoutConfig;

typedef enum cudaOccPartitionedGCConfig_enum {
  PARTITIONED_GC_OFF,
  PARTITIONED_GC_ON,
  PARTITIONED_GC_ON_STRICT
} cudaOccPartitionedGCConfig;

typedef struct cudaOccDeviceProp {
  int computeMajor;
  int computeMinor;
  int maxThreadsPerBlock;
  int maxThreadsPerMultiprocessor;
  int regsPerBlock;
  int regsPerMultiprocessor;
  int warpSize;
  size_t sharedMemPerBlock;
  size_t sharedMemPerMultiprocessor;
  int numSms;
  size_t sharedMemPerBlockOptin;
  size_t reservedSharedMemPerBlock;
#ifdef __cplusplus
  __host__ cudaOccDeviceProp()
      : computeMajor(0), computeMinor(0), maxThreadsPerBlock(0),
        maxThreadsPerMultiprocessor(0), regsPerBlock(0),
        regsPerMultiprocessor(0), warpSize(0), sharedMemPerBlock(0),
        sharedMemPerMultiprocessor(0), numSms(0), sharedMemPerBlockOptin(0),
        reservedSharedMemPerBlock(0) {}
  __host__ cudaOccDeviceProp(const struct cudaDeviceProp &P)
      : computeMajor(P.major), computeMinor(P.minor),
        maxThreadsPerBlock(P.maxThreadsPerBlock),
        maxThreadsPerMultiprocessor(P.maxThreadsPerMultiProcessor),
        regsPerBlock(P.regsPerBlock),
        regsPerMultiprocessor(P.regsPerMultiprocessor),
        warpSize(P.warpSize), sharedMemPerBlock(P.sharedMemPerBlock),
        sharedMemPerMultiprocessor(P.sharedMemPerMultiprocessor),
        numSms(P.multiProcessorCount),
        sharedMemPerBlockOptin(P.sharedMemPerBlockOptin),
        reservedSharedMemPerBlock(P.reservedSharedMemPerBlock) {}
#endif
} cudaOccDeviceProp;

typedef struct cudaOccFuncAttributes {
  int maxThreadsPerBlock;
  int numRegs;
  size_t sharedSizeBytes;
  cudaOccPartitionedGCConfig partitionedGCConfig;
  int shmemLimitConfig;
  size_t maxDynamicSharedSizeBytes;
  int numBlockBarriers;
#ifdef __cplusplus
  __host__ cudaOccFuncAttributes()
      : maxThreadsPerBlock(0), numRegs(0), sharedSizeBytes(0),
        partitionedGCConfig(PARTITIONED_GC_OFF), shmemLimitConfig(0),
        maxDynamicSharedSizeBytes(0), numBlockBarriers(0) {}
  __host__ cudaOccFuncAttributes(const struct cudaFuncAttributes &A)
      : maxThreadsPerBlock(A.maxThreadsPerBlock), numRegs(A.numRegs),
        sharedSizeBytes(A.sharedSizeBytes),
        partitionedGCConfig(PARTITIONED_GC_OFF), shmemLimitConfig(0),
        maxDynamicSharedSizeBytes((size_t)A.maxDynamicSharedSizeBytes),
        numBlockBarriers(1) {}
#endif
} cudaOccFuncAttributes;

typedef struct cudaOccDeviceState {
  cudaOccCacheConfig cacheConfig;
  int carveoutConfig;
#ifdef __cplusplus
  __host__ cudaOccDeviceState()
      : cacheConfig(CACHE_PREFER_NONE),
        carveoutConfig(SHAREDMEM_CARVEOUT_DEFAULT) {}
#endif
} cudaOccDeviceState;

typedef struct cudaOccResult {
  int activeBlocksPerMultiprocessor;
  unsigned int limitingFactors;
  int blockLimitRegs;
  int blockLimitSharedMem;
  int blockLimitWarps;
  int blockLimitBlocks;
  int blockLimitBarriers;
  int allocatedRegistersPerBlock;
  size_t allocatedSharedMemPerBlock;
  cudaOccPartitionedGCConfig partitionedGCConfig;
} cudaOccResult;

__OCC_INLINE int cudaOccMinOf(int A, int B) { return A < B ? A : B; }

/* Blocks of blockSize threads with dynamicSmemSize bytes of dynamic shared
 * memory that fit on one multiprocessor, and which limit binds. */
__OCC_INLINE cudaOccError cudaOccMaxActiveBlocksPerMultiprocessor(
    cudaOccResult *result, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    int blockSize, size_t dynamicSmemSize) {
  (void)state;
  if (!result || !properties || !attributes || blockSize <= 0 ||
      properties->warpSize <= 0 || properties->maxThreadsPerBlock <= 0)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  int Limit = attributes->maxThreadsPerBlock > 0
                  ? cudaOccMinOf(attributes->maxThreadsPerBlock,
                                 properties->maxThreadsPerBlock)
                  : properties->maxThreadsPerBlock;
  int Warps = (blockSize + properties->warpSize - 1) / properties->warpSize;
  size_t Shared = attributes->sharedSizeBytes + dynamicSmemSize;
  int Registers = attributes->numRegs * Warps * properties->warpSize;
  result->allocatedRegistersPerBlock = Registers;
  result->allocatedSharedMemPerBlock = Shared;
  result->partitionedGCConfig = PARTITIONED_GC_OFF;
  result->blockLimitWarps =
      properties->maxThreadsPerMultiprocessor / (Warps * properties->warpSize);
  result->blockLimitRegs =
      Registers ? properties->regsPerMultiprocessor / Registers : 1 << 30;
  result->blockLimitSharedMem =
      Shared ? (int)(properties->sharedMemPerMultiprocessor / Shared)
             : 1 << 30;
  result->blockLimitBlocks = properties->maxThreadsPerMultiprocessor /
                             properties->warpSize;
  result->blockLimitBarriers = 1 << 30;
  int Blocks = cudaOccMinOf(
      cudaOccMinOf(result->blockLimitWarps, result->blockLimitRegs),
      cudaOccMinOf(result->blockLimitSharedMem, result->blockLimitBlocks));
  if (blockSize > Limit ||
      Shared > properties->sharedMemPerBlockOptin + properties->sharedMemPerBlock)
    Blocks = 0;
  result->activeBlocksPerMultiprocessor = Blocks;
  result->limitingFactors = 0;
  if (Blocks == result->blockLimitWarps)
    result->limitingFactors |= OCC_LIMIT_WARPS;
  if (Blocks == result->blockLimitRegs)
    result->limitingFactors |= OCC_LIMIT_REGISTERS;
  if (Blocks == result->blockLimitSharedMem)
    result->limitingFactors |= OCC_LIMIT_SHARED_MEMORY;
  if (Blocks == result->blockLimitBlocks)
    result->limitingFactors |= OCC_LIMIT_BLOCKS;
  return CUDA_OCC_SUCCESS;
}

/* The block size (a multiple of the warp size) with the most resident
 * threads, and the grid that fills the device with it. */
__OCC_INLINE cudaOccError cudaOccMaxPotentialOccupancyBlockSize(
    int *minGridSize, int *blockSize, const cudaOccDeviceProp *properties,
    const cudaOccFuncAttributes *attributes, const cudaOccDeviceState *state,
    size_t (*blockSizeToDynamicSMemSize)(int), size_t dynamicSMemSize) {
  if (!minGridSize || !blockSize || !properties || !attributes)
    return CUDA_OCC_ERROR_INVALID_INPUT;
  int BestSize = 0, BestThreads = 0, BestBlocks = 0;
  int Limit = attributes->maxThreadsPerBlock > 0
                  ? cudaOccMinOf(attributes->maxThreadsPerBlock,
                                 properties->maxThreadsPerBlock)
                  : properties->maxThreadsPerBlock;
  for (int Size = Limit - Limit % properties->warpSize; Size > 0;
       Size -= properties->warpSize) {
    size_t Smem = blockSizeToDynamicSMemSize ? blockSizeToDynamicSMemSize(Size)
                                             : dynamicSMemSize;
    cudaOccResult R;
    cudaOccError E = cudaOccMaxActiveBlocksPerMultiprocessor(
        &R, properties, attributes, state, Size, Smem);
    if (E != CUDA_OCC_SUCCESS)
      return E;
    if (R.activeBlocksPerMultiprocessor * Size > BestThreads) {
      BestThreads = R.activeBlocksPerMultiprocessor * Size;
      BestSize = Size;
      BestBlocks = R.activeBlocksPerMultiprocessor;
    }
  }
  *blockSize = BestSize;
  *minGridSize = BestBlocks * properties->numSms;
  return CUDA_OCC_SUCCESS;
}

#endif
