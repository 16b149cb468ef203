// pool_threads.cu - whether wavesim runs a grid's blocks on several host
// threads at once. Each block's first thread counts the blocks running at
// that moment (an atomic counter, raised at the block's start and lowered
// at its end, around a few milliseconds of work) and records its %smid,
// which wavesim gives as the number of the host thread, one emulated
// compute unit each. With CUCC_WAVESIM_THREADS=1 one block runs at a time
// on unit 0; with 4, blocks overlap on several units. Each block also
// prints a line: wavesim prints them in block order whatever the threads.
#include <cstdio>

__device__ unsigned Running, MostRunning;

__global__ void workKernel(unsigned *Units, float *Sink) {
  if (threadIdx.x == 0) {
    unsigned Now = atomicAdd(&Running, 1) + 1;
    atomicMax(&MostRunning, Now);
    unsigned Unit;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(Unit));
    Units[blockIdx.x] = Unit;
  }
  __syncthreads();
  float X = threadIdx.x;
  for (int I = 0; I < 20000; ++I)
    X = X * 0.999f + 1.0f;
  Sink[blockIdx.x * blockDim.x + threadIdx.x] = X;
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicSub(&Running, 1);
    printf("block %u done\n", blockIdx.x);
  }
}

int main() {
  const unsigned Blocks = 24, Threads = 64;
  unsigned *Units;
  float *Sink;
  cudaMallocManaged(&Units, Blocks * sizeof(unsigned));
  cudaMallocManaged(&Sink, Blocks * Threads * sizeof(float));
  workKernel<<<Blocks, Threads>>>(Units, Sink);
  cudaError_t E = cudaDeviceSynchronize();
  unsigned Most = 0;
  cudaMemcpyFromSymbol(&Most, MostRunning, sizeof(unsigned));
  bool Seen[256] = {};
  unsigned Distinct = 0, Highest = 0;
  for (unsigned B = 0; B < Blocks; ++B) {
    unsigned U = Units[B] & 255;
    Distinct += !Seen[U];
    Seen[U] = true;
    Highest = U > Highest ? U : Highest;
  }
  printf("%s: at most %u blocks at once, on %u units (highest %u)\n",
         cudaGetErrorName(E), Most, Distinct, Highest);
  return 0;
}
