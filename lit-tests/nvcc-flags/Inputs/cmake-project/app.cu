// Squares four numbers on the GPU: what cmake.test builds and runs.
#include <cstdio>

__global__ void square(int *v) { v[threadIdx.x] *= v[threadIdx.x]; }

int main() {
  int h[4] = {1, 2, 3, 4}, *d;
  cudaMalloc(&d, sizeof(h));
  cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
  square<<<1, 4>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  std::printf("%d %d %d %d: %s\n", h[0], h[1], h[2], h[3],
              cudaGetErrorString(cudaGetLastError()));
  return 0;
}
