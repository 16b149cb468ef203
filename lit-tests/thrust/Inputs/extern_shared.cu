// extern_shared.cu - Two extern __shared__ arrays (in two kernels, as
// HeCBench's moe-align declares them) before a static __shared__ one: each
// names the block's dynamic shared memory. The host checks the words.
#include <cstdio>

__global__ void counts(int *out) {
  extern __shared__ int sharedCounts[];
  sharedCounts[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  out[threadIdx.x] = sharedCounts[blockDim.x - 1 - threadIdx.x];
}

__global__ void floats(float *out) {
  extern __shared__ float sharedFloats[];
  __shared__ float scale;
  if (threadIdx.x == 0)
    scale = 0.5f;
  sharedFloats[threadIdx.x] = (float)threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = sharedFloats[(threadIdx.x + 1) % blockDim.x] * scale;
}

int main() {
  const int n = 64;
  int *di, hi[n];
  float *df, hf[n];
  cudaMalloc(&di, sizeof(hi));
  cudaMalloc(&df, sizeof(hf));
  counts<<<1, n, n * sizeof(int)>>>(di);
  floats<<<1, n, n * sizeof(float)>>>(df);
  cudaMemcpy(hi, di, sizeof(hi), cudaMemcpyDeviceToHost);
  cudaMemcpy(hf, df, sizeof(hf), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += hi[i] != (n - 1 - i) * 3 || hf[i] != ((i + 1) % n) * 0.5f;
  printf("%s: %d words wrong\n", wrong ? "FAIL" : "PASS", wrong);
  return wrong != 0;
}
