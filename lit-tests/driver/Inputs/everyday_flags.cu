// A program built with the flags real Makefiles and CMake files give nvcc:
// host OpenMP for the CPU reference, an extended __device__ lambda, and a
// kernel that copies blockDim into a dim3 (which needs the builtin
// variables defined at -O0). Prints PASS when the GPU and OpenMP results
// agree.
#include <cstdio>
#include <omp.h>

template <class F> __global__ void apply(int *out, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dim3 block = blockDim;
  if (i < n)
    out[i] = f(i) + (int)block.x;
}

int main() {
  const int n = 1000;
  int host[n], reference[n], *device;
  int scale = 3;
  cudaMalloc(&device, sizeof(host));
  apply<<<(n + 127) / 128, 128>>>(
      device, n, [=] __device__(int i) { return i * scale; });
  cudaMemcpy(host, device, sizeof(host), cudaMemcpyDeviceToHost);
  int threads = 0;
#pragma omp parallel for reduction(+ : threads)
  for (int i = 0; i < n; ++i) {
    reference[i] = i * scale + 128;
    threads += i == 0 ? omp_get_num_threads() : 0;
  }
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += host[i] != reference[i];
  printf("%s (OpenMP threads: %s)\n", wrong ? "FAIL" : "PASS",
         threads >= 1 ? "yes" : "no");
  return wrong != 0;
}
