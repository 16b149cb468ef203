// ptx_exit.cu - Inline PTX "exit;" (CUB's ThreadExit, which its onesweep
// radix sort calls) ends the thread that runs it: divergently, guarded
// (@p exit), and for whole warps before a __syncthreads that the threads
// left must still pass (exited threads no longer take part in barriers).
// The host checks every word against what CUDA's semantics give.
#include <cstdio>

// The planted run (-D PLANTED) keeps the divergent exit's threads alive.
#ifdef PLANTED
#define DIVERGENT_EXIT ""
#else
#define DIVERGENT_EXIT "exit;"
#endif

__global__ void exitKernel(int *out) {
  __shared__ int shared[256];
  unsigned t = threadIdx.x;
  int *mine = out + blockIdx.x * blockDim.x;
  if (t % 3 == 1)
    asm volatile(DIVERGENT_EXIT);
  asm volatile("{ .reg .pred p; setp.eq.u32 p, %0, 5; @p exit; }" ::"r"(t));
  mine[t] = 1;
  // Warp 1 leaves whole; the others meet at the barrier.
  if (t / 32 == 1)
    asm volatile("exit;");
  shared[t] = (int)t;
  __syncthreads();
  mine[t] = 2 + shared[(t + 64) % blockDim.x];
}

int main() {
  const int blocks = 2, threads = 128, n = blocks * threads;
  int *d, h[n];
  cudaMalloc(&d, n * sizeof(int));
  cudaMemset(d, 0xff, n * sizeof(int));
  exitKernel<<<blocks, threads>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    int t = i % threads;
    int want = -1;
    if (t % 3 != 1 && t != 5)
      want = t / 32 == 1 ? 1 : 2 + (t + 64) % threads;
    // The barrier's partner word is only read where its writer stayed.
    int partner = (t + 64) % threads;
    if (want > 1 && (partner % 3 == 1 || partner == 5 || partner / 32 == 1))
      want = -2; // undefined: not compared
    if (want != -2 && h[i] != want) {
      if (wrong < 5)
        printf("word %d: %d, expected %d\n", i, h[i], want);
      ++wrong;
    }
  }
  printf("%s: %s, %d words wrong\n", wrong || e ? "FAIL" : "PASS",
         cudaGetErrorString(e), wrong);
  return wrong != 0;
}
