// attribute_values.cu - Prints the value of every cudaDeviceAttr name that
// include/driver_types.h declares (but cudaDevAttrCooperativeMultiDeviceLaunch,
// which CUDA 13 no longer has) and of other enumerations and flags programs
// pass, one "name value" line each, as the
// toolkit's headers define them (built by nvcc) or as ours do (built by
// cucc): lit-tests/programs/attribute-values.test compares the two.
#include <cstdio>
#include <cuda_runtime.h>

#define PRINT(NAME) printf("%s %d\n", #NAME, (int)NAME)

int main() {
  PRINT(cudaDevAttrMaxThreadsPerBlock);
  PRINT(cudaDevAttrMaxBlockDimX);
  PRINT(cudaDevAttrMaxBlockDimY);
  PRINT(cudaDevAttrMaxBlockDimZ);
  PRINT(cudaDevAttrMaxGridDimX);
  PRINT(cudaDevAttrMaxGridDimY);
  PRINT(cudaDevAttrMaxGridDimZ);
  PRINT(cudaDevAttrMaxSharedMemoryPerBlock);
  PRINT(cudaDevAttrTotalConstantMemory);
  PRINT(cudaDevAttrWarpSize);
  PRINT(cudaDevAttrMaxPitch);
  PRINT(cudaDevAttrMaxRegistersPerBlock);
  PRINT(cudaDevAttrClockRate);
  PRINT(cudaDevAttrTextureAlignment);
  PRINT(cudaDevAttrGpuOverlap);
  PRINT(cudaDevAttrMultiProcessorCount);
  PRINT(cudaDevAttrKernelExecTimeout);
  PRINT(cudaDevAttrIntegrated);
  PRINT(cudaDevAttrCanMapHostMemory);
  PRINT(cudaDevAttrComputeMode);
  PRINT(cudaDevAttrSurfaceAlignment);
  PRINT(cudaDevAttrConcurrentKernels);
  PRINT(cudaDevAttrEccEnabled);
  PRINT(cudaDevAttrPciBusId);
  PRINT(cudaDevAttrPciDeviceId);
  PRINT(cudaDevAttrTccDriver);
  PRINT(cudaDevAttrMemoryClockRate);
  PRINT(cudaDevAttrGlobalMemoryBusWidth);
  PRINT(cudaDevAttrL2CacheSize);
  PRINT(cudaDevAttrMaxThreadsPerMultiProcessor);
  PRINT(cudaDevAttrAsyncEngineCount);
  PRINT(cudaDevAttrUnifiedAddressing);
  PRINT(cudaDevAttrPciDomainId);
  PRINT(cudaDevAttrTexturePitchAlignment);
  PRINT(cudaDevAttrComputeCapabilityMajor);
  PRINT(cudaDevAttrComputeCapabilityMinor);
  PRINT(cudaDevAttrStreamPrioritiesSupported);
  PRINT(cudaDevAttrGlobalL1CacheSupported);
  PRINT(cudaDevAttrLocalL1CacheSupported);
  PRINT(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
  PRINT(cudaDevAttrMaxRegistersPerMultiprocessor);
  PRINT(cudaDevAttrManagedMemory);
  PRINT(cudaDevAttrIsMultiGpuBoard);
  PRINT(cudaDevAttrMultiGpuBoardGroupID);
  PRINT(cudaDevAttrHostNativeAtomicSupported);
  PRINT(cudaDevAttrSingleToDoublePrecisionPerfRatio);
  PRINT(cudaDevAttrPageableMemoryAccess);
  PRINT(cudaDevAttrConcurrentManagedAccess);
  PRINT(cudaDevAttrComputePreemptionSupported);
  PRINT(cudaDevAttrCanUseHostPointerForRegisteredMem);
  PRINT(cudaDevAttrCooperativeLaunch);
  PRINT(cudaDevAttrMaxSharedMemoryPerBlockOptin);
  PRINT(cudaDevAttrCanFlushRemoteWrites);
  PRINT(cudaDevAttrHostRegisterSupported);
  PRINT(cudaDevAttrPageableMemoryAccessUsesHostPageTables);
  PRINT(cudaDevAttrDirectManagedMemAccessFromHost);
  PRINT(cudaDevAttrMaxBlocksPerMultiprocessor);
  PRINT(cudaDevAttrMaxPersistingL2CacheSize);
  PRINT(cudaDevAttrMaxAccessPolicyWindowSize);
  PRINT(cudaDevAttrReservedSharedMemoryPerBlock);
  PRINT(cudaDevAttrMemoryPoolsSupported);
  PRINT(cudaEventDisableTiming);
  PRINT(cudaEventInterprocess);
  PRINT(cudaHostAllocMapped);
  PRINT(cudaHostAllocWriteCombined);
  PRINT(cudaHostRegisterMapped);
  PRINT(cudaHostRegisterReadOnly);
  PRINT(cudaMemAttachSingle);
  PRINT(cudaDeviceScheduleBlockingSync);
  PRINT(cudaDeviceLmemResizeToMax);
  PRINT(cudaCpuDeviceId);
  PRINT(cudaMemAdviseSetAccessedBy);
  PRINT(cudaMemoryTypeManaged);
  PRINT(cudaFuncAttributeMaxDynamicSharedMemorySize);
  PRINT(cudaFuncAttributePreferredSharedMemoryCarveout);
  PRINT(cudaLimitMallocHeapSize);
  return 0;
}
