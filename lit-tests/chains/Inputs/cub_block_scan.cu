// cub_block_scan.cu - NVIDIA CUB 1.17's BlockScan<int, 1024>::ExclusiveSum
// (Debian's libcub-dev, unmodified; RAKING, its default, as HeCBench's
// moe-align uses it): one warp rakes 32 partial sums, scans them with
// WarpScan's ExclusiveSum (inclusive - input), then adds the 32 items
// back; for cub-warp-scan.test. The host checks each thread's exclusive
// prefix against its own sum and prints how many words are wrong.
#include <cub/block/block_scan.cuh>
#include <cstdio>

enum { Threads = 1024, Blocks = 2 };

__global__ void blockExclusiveSum(const int *In, int *Out) {
  typedef cub::BlockScan<int, Threads> Scan;
  __shared__ typename Scan::TempStorage Temp;
  unsigned I = blockIdx.x * Threads + threadIdx.x;
  int Prefix;
  Scan(Temp).ExclusiveSum(In[I], Prefix);
  Out[I] = Prefix;
}

int main() {
  const int N = Threads * Blocks;
  static int In[N], Out[N];
  for (int I = 0; I < N; ++I)
    In[I] = (int)((I * 2654435761u) >> 7) - (1 << 24);
  int *DIn, *DOut;
  cudaMalloc(&DIn, sizeof In);
  cudaMalloc(&DOut, sizeof Out);
  cudaMemcpy(DIn, In, sizeof In, cudaMemcpyHostToDevice);
  blockExclusiveSum<<<Blocks, Threads>>>(DIn, DOut);
  cudaError_t Error = cudaMemcpy(Out, DOut, sizeof Out, cudaMemcpyDeviceToHost);
  if (Error != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(Error));
    return 1;
  }
  int Wrong = 0;
  for (int B = 0; B < Blocks; ++B) {
    unsigned Sum = 0; // wraps as the device's int sums do
    for (int T = 0; T < Threads; ++T) {
      Wrong += Out[B * Threads + T] != (int)Sum;
      Sum += (unsigned)In[B * Threads + T];
    }
  }
  printf("%s: %d words wrong\n", Wrong ? "FAIL" : "PASS", Wrong);
  return Wrong != 0;
}
