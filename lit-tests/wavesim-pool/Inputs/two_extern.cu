// two_extern.cu - two extern __shared__ arrays of different names and
// types in one file, and a static __shared__ array beside them. The CUDA
// Programming Guide (Variable Memory Space Specifiers, __shared__): "all
// variables declared in this fashion, start at the same address in
// memory", so what a thread stores through one array it reads through the
// other; the static array lies apart from the dynamic area.
#include <cstdio>
#include <cstring>

__global__ void aliasKernel(unsigned *Out) {
  extern __shared__ float AsFloat[];
  __shared__ unsigned Static[64];
  Static[threadIdx.x] = 0xabc00000u + threadIdx.x;
  AsFloat[threadIdx.x] = threadIdx.x * 1.5f + blockIdx.x;
  __syncthreads();
  extern __shared__ unsigned AsBits[];
  unsigned T = threadIdx.x;
  Out[(blockIdx.x * blockDim.x + T) * 2] = AsBits[(T + 1) % blockDim.x];
  Out[(blockIdx.x * blockDim.x + T) * 2 + 1] = Static[T];
}

int main() {
  const unsigned Blocks = 4, Threads = 64;
  unsigned *Out;
  cudaMallocManaged(&Out, Blocks * Threads * 2 * sizeof(unsigned));
  aliasKernel<<<Blocks, Threads, Threads * sizeof(float)>>>(Out);
  cudaError_t E = cudaDeviceSynchronize();
  unsigned Right = 0;
  for (unsigned B = 0; B < Blocks; ++B)
    for (unsigned T = 0; T < Threads; ++T) {
      float F = ((T + 1) % Threads) * 1.5f + B;
      unsigned Bits;
      memcpy(&Bits, &F, 4);
      unsigned I = (B * Threads + T) * 2;
      Right += Out[I] == Bits && Out[I + 1] == 0xabc00000u + T;
    }
  printf("%s: %u of %u threads read the other array's word\n",
         cudaGetErrorName(E), Right, Blocks * Threads);
  printf("%s\n", E == cudaSuccess && Right == Blocks * Threads ? "PASS"
                                                                : "FAIL");
  return 0;
}
