// A CUDA sample program as people write them for nvcc: toolkit includes,
// host code with an error-check macro, <<<>>>, events, device properties,
// a templated warp reduce, extern __shared__, __launch_bounds__, __restrict__,
// __constant__ and __device__ variables, atomics and make_* vector helpers.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_),   \
              __FILE__, __LINE__);                                             \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

__constant__ float c_scale;
__device__ unsigned int g_counter;

template <typename T> __device__ __forceinline__ T warpReduceSum(T v) {
  for (int o = warpSize / 2; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffff, v, o);
  return v;
}

__global__ void __launch_bounds__(256) reduce(const float *__restrict__ in, float *out, int n) {
  extern __shared__ float smem[];
  unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? in[i] * c_scale : 0.0f;
  v = warpReduceSum(v);
  if ((tid & (warpSize - 1)) == 0) smem[tid / warpSize] = v;
  __syncthreads();
  if (tid < warpSize) {
    v = tid < blockDim.x / warpSize ? smem[tid] : 0.0f;
    v = warpReduceSum(v);
    if (tid == 0) { atomicAdd(out, v); atomicInc(&g_counter, 1000000u); }
  }
  dim3 b = blockDim; (void)b;
  int2 p = make_int2(1, 2); float4 q = make_float4(1, 2, 3, 4); (void)p; (void)q;
}

int main() {
  const int n = 1 << 20;
  std::vector<float> h(n, 1.0f);
  float *d_in, *d_out, scale = 2.0f;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, sizeof(float)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpyToSymbol(c_scale, &scale, sizeof(float)));
  CUDA_CHECK(cudaMemset(d_out, 0, sizeof(float)));
  cudaEvent_t start, stop;
  cudaEventCreate(&start); cudaEventCreate(&stop);
  cudaEventRecord(start);
  reduce<<<(n + 255) / 256, 256, 8 * sizeof(float)>>>(d_in, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  cudaEventRecord(stop); cudaEventSynchronize(stop);
  float ms = 0; cudaEventElapsedTime(&ms, start, stop);
  float result;
  CUDA_CHECK(cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0);
  printf("%s: sum = %f (%s) in %.3f ms\n", prop.name, result, result == 2.0f * n ? "PASS" : "FAIL", ms);
  cudaFree(d_in); cudaFree(d_out);
  return 0;
}
