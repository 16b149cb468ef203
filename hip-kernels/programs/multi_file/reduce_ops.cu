// reduce_ops.cu - Reductions of the multi-file sample project and their
// launchers (declared in project.h): a block-wise shared-memory tree sum,
// a template kernel instantiated for int and for float, and a maximum kept
// in this file's __device__ variables, which the host zeroes with
// cudaMemcpyToSymbol and reads back with cudaMemcpyFromSymbol.
#include "project.h"

#include <climits>

__device__ int d_maximum;
__device__ unsigned d_blocksSeen;

// One partial sum per block; a grid-stride loop first adds what each
// thread covers.
template <typename T>
__global__ void blockSumKernel(const T *__restrict__ in, T *__restrict__ partial, int n) {
  __shared__ T sums[kBlockSize];
  T acc = T(0);
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += in[i];
  sums[threadIdx.x] = acc;
  __syncthreads();
  for (int stride = kBlockSize / 2; stride > 0; stride /= 2) {
    if ((int)threadIdx.x < stride) sums[threadIdx.x] += sums[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = sums[0];
}

__global__ void maximumKernel(const int *__restrict__ in, int n) {
  __shared__ int blockMax[kBlockSize];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  blockMax[threadIdx.x] = i < n ? in[i] : INT_MIN;
  __syncthreads();
  for (int stride = kBlockSize / 2; stride > 0; stride /= 2) {
    if ((int)threadIdx.x < stride)
      blockMax[threadIdx.x] = max(blockMax[threadIdx.x], blockMax[threadIdx.x + stride]);
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    atomicMax(&d_maximum, blockMax[0]);
    atomicAdd(&d_blocksSeen, 1u);
  }
}

// Two launches: many blocks into partial sums, then one block over those.
template <typename T> static cudaError_t sum(const T *in, int n, T *result) {
  const int blocks = 40;
  T *partial = nullptr, *total = nullptr;
  cudaError_t err = cudaMalloc(&partial, blocks * sizeof(T));
  if (err == cudaSuccess) err = cudaMalloc(&total, sizeof(T));
  if (err == cudaSuccess) {
    blockSumKernel<T><<<blocks, kBlockSize>>>(in, partial, n);
    err = cudaGetLastError();
  }
  if (err == cudaSuccess) {
    blockSumKernel<T><<<1, kBlockSize>>>(partial, total, blocks);
    err = cudaGetLastError();
  }
  if (err == cudaSuccess) err = cudaMemcpy(result, total, sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(partial);
  cudaFree(total);
  return err;
}

cudaError_t sumInts(const int *in, int n, int *result) { return sum<int>(in, n, result); }

cudaError_t sumFloats(const float *in, int n, float *result) {
  return sum<float>(in, n, result);
}

cudaError_t maxAndBlocks(const int *in, int n, int *maximum, unsigned *blocks) {
  const int lowest = INT_MIN;
  const unsigned zero = 0;
  cudaError_t err = cudaMemcpyToSymbol(d_maximum, &lowest, sizeof(lowest));
  if (err == cudaSuccess) err = cudaMemcpyToSymbol(d_blocksSeen, &zero, sizeof(zero));
  if (err != cudaSuccess) return err;
  maximumKernel<<<(n + kBlockSize - 1) / kBlockSize, kBlockSize>>>(in, n);
  err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaMemcpyFromSymbol(maximum, d_maximum, sizeof(*maximum));
  if (err == cudaSuccess) err = cudaMemcpyFromSymbol(blocks, d_blocksSeen, sizeof(*blocks));
  return err;
}
