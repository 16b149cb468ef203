// RDC ground truth, part 1: a kernel that calls a __device__ function and
// reads __device__ variables defined in b.cu, plus a file-static kernel whose
// name is also used in b.cu.
#include <cstdio>
#include <cuda_runtime.h>

extern __device__ int scale;             // defined in b.cu
extern __device__ int table[4];          // defined in b.cu
extern __device__ int combine(int, int); // defined in b.cu
void launchB(int *out);                  // host code in b.cu

__device__ int counter_a = 7;

static __global__ void local_kernel(int *out) { out[threadIdx.x] = 100 + threadIdx.x; }

__global__ void kernel_a(int *out) {
  int i = threadIdx.x;
  out[i] = combine(i, scale) + table[i % 4] + counter_a;
}

int main() {
  int *d, h[32];
  cudaMalloc(&d, sizeof(h));
  int s = 3;
  cudaMemcpyToSymbol(scale, &s, sizeof(s)); // a symbol of another file
  kernel_a<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; ++i) printf("a[%d]=%d\n", i, h[i]);
  local_kernel<<<1, 4>>>(d);
  cudaMemcpy(h, d, 4 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("local_a %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  launchB(d);
  cudaMemcpy(h, d, 4 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("b %d %d %d %d\n", h[0], h[1], h[2], h[3]);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  cudaFree(d);
  return 0;
}
