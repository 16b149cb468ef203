// A program whose host code calls a function from a library.
#include <cstdio>

int scaleFactor();

__global__ void fill(int *out, int k) { out[threadIdx.x] = k * threadIdx.x; }

int main() {
  int *d, h[32];
  cudaMalloc(&d, sizeof(h));
  fill<<<1, 32>>>(d, scaleFactor());
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("%d %d\n", h[1], h[31]);
  return 0;
}
