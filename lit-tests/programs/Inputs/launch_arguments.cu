// A kernel whose arguments have different sizes and alignments: a pointer,
// a struct with a char and a double, a short and a float.
#include <cstdio>

struct Mixed {
  char c;
  double d;
};

__global__ void sum(int *out, Mixed m, short h, float f) {
  out[threadIdx.x] = threadIdx.x + (int)m.d + m.c + h + (int)f;
}

int main() {
  int *d, h[64];
  cudaMalloc(&d, sizeof(h));
  sum<<<1, 64>>>(d, Mixed{1, 20.0}, 300, 4000.0f);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  printf("first %d, last %d: %s\n", h[0], h[63],
         cudaGetErrorString(cudaGetLastError()));
  return 0;
}
