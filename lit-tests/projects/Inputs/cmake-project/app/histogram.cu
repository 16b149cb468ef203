// Kernels of the histogram application, built on the warpops library's
// device functions (defined in other translation units of a static
// library): a histogram by warp votes and shuffles, the offsets of its bins
// by a block scan, and a checksum by warp sums.
#include <cstdio>
#include <cuda_runtime.h>

#include "warpops.h"

static void check(cudaError_t Status, const char *What) {
  if (Status != cudaSuccess) {
    fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(Status));
    exit(1);
  }
}

__global__ void histogramKernel(const int *keys, int n, int *bins) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int key = i < n ? keys[i] : -1;
  // One atomic per distinct key in the warp: lanes holding the same key
  // elect the lowest to add their count.
  unsigned active = __ballot_sync(0xffffffffu, key >= 0);
  if (key >= 0) {
    unsigned same = __match_any_sync(active, key);
    if ((threadIdx.x % 32) == __ffs(same) - 1)
      atomicAdd(&bins[key], __popc(same));
  }
}

__global__ void offsetsKernel(const int *bins, int numBins, int *offsets,
                              int *total) {
  int value = threadIdx.x < numBins ? bins[threadIdx.x] : 0;
  int sum;
  int before = blockExclusiveScan(value, &sum);
  if (threadIdx.x < numBins)
    offsets[threadIdx.x] = before;
  if (threadIdx.x == 0)
    *total = sum;
}

__global__ void checksumKernel(const int *keys, int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? keys[i] * (i % 7 + 1) : 0;
  int s = warpSum(v);
  if (threadIdx.x % 32 == 0)
    atomicAdd(out, s);
}

void runHistogram(const int *keys, int n, int numBins, int *bins,
                  int *offsets, int *total, int *checksum,
                  unsigned *calls) {
  int *dKeys, *dBins, *dOffsets, *dTotal, *dChecksum;
  check(cudaMalloc(&dKeys, n * sizeof(int)), "cudaMalloc");
  check(cudaMalloc(&dBins, numBins * sizeof(int)), "cudaMalloc");
  check(cudaMalloc(&dOffsets, numBins * sizeof(int)), "cudaMalloc");
  check(cudaMalloc(&dTotal, sizeof(int)), "cudaMalloc");
  check(cudaMalloc(&dChecksum, sizeof(int)), "cudaMalloc");
  check(cudaMemcpy(dKeys, keys, n * sizeof(int), cudaMemcpyHostToDevice),
        "cudaMemcpy");
  check(cudaMemset(dBins, 0, numBins * sizeof(int)), "cudaMemset");
  check(cudaMemset(dChecksum, 0, sizeof(int)), "cudaMemset");
  histogramKernel<<<(n + 255) / 256, 256>>>(dKeys, n, dBins);
  offsetsKernel<<<1, 1024>>>(dBins, numBins, dOffsets, dTotal);
  checksumKernel<<<(n + 127) / 128, 128>>>(dKeys, n, dChecksum);
  check(cudaGetLastError(), "launch");
  check(cudaMemcpy(bins, dBins, numBins * sizeof(int), cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  check(cudaMemcpy(offsets, dOffsets, numBins * sizeof(int),
                   cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  check(cudaMemcpy(total, dTotal, sizeof(int), cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  check(cudaMemcpy(checksum, dChecksum, sizeof(int), cudaMemcpyDeviceToHost),
        "cudaMemcpy");
  // A __device__ variable of the library, read by its name.
  check(cudaMemcpyFromSymbol(calls, scanCalls, sizeof(*calls)),
        "cudaMemcpyFromSymbol");
  cudaFree(dKeys);
  cudaFree(dBins);
  cudaFree(dOffsets);
  cudaFree(dTotal);
  cudaFree(dChecksum);
}
