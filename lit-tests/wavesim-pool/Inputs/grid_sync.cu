// grid_sync.cu - a cooperative launch whose blocks meet at grid.sync(), in
// the style of cuda-samples' reductionMultiBlockCG: each block sums its
// slice into Partial[block], the grid synchronizes, and block 0 sums the
// partials; then every thread reads the total across a second grid.sync().
// Self-checking against the host's sum. With -D PLANT_NO_GRID_SYNC the
// grid barriers are left out and block 0 reads partials the other blocks
// have not written: the program must FAIL.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void reduceKernel(const unsigned *In, unsigned N,
                             unsigned *Partial, unsigned *Total,
                             unsigned *Seen) {
  cg::grid_group Grid = cg::this_grid();
  cg::thread_block Block = cg::this_thread_block();
  extern __shared__ unsigned Sums[];
  unsigned Sum = 0;
  for (unsigned long long I = Grid.thread_rank(); I < N; I += Grid.size())
    Sum += In[I];
  Sums[Block.thread_rank()] = Sum;
  Block.sync();
  for (unsigned Stride = Block.size() / 2; Stride; Stride /= 2) {
    if (Block.thread_rank() < Stride)
      Sums[Block.thread_rank()] += Sums[Block.thread_rank() + Stride];
    Block.sync();
  }
  if (Block.thread_rank() == 0)
    Partial[blockIdx.x] = Sums[0];
#ifndef PLANT_NO_GRID_SYNC
  Grid.sync();
#endif
  if (Grid.thread_rank() == 0) {
    unsigned All = 0;
    for (unsigned B = 0; B < gridDim.x; ++B)
      All += Partial[B];
    *Total = All;
  }
#ifndef PLANT_NO_GRID_SYNC
  Grid.sync();
#endif
  Seen[Grid.thread_rank()] = *Total;
}

int main() {
  const unsigned N = 100000, Blocks = 8, Threads = 128;
  unsigned *In, *Partial, *Total, *Seen;
  cudaMallocManaged(&In, N * sizeof(unsigned));
  cudaMallocManaged(&Partial, Blocks * sizeof(unsigned));
  cudaMallocManaged(&Total, sizeof(unsigned));
  cudaMallocManaged(&Seen, Blocks * Threads * sizeof(unsigned));
  unsigned Expected = 0;
  for (unsigned I = 0; I < N; ++I) {
    In[I] = I * 2654435761u >> 20;
    Expected += In[I];
  }
  unsigned NArg = N;
  void *Args[] = {&In, &NArg, &Partial, &Total, &Seen};
  cudaError_t E = cudaLaunchCooperativeKernel(
      (void *)reduceKernel, dim3(Blocks), dim3(Threads), Args,
      Threads * sizeof(unsigned), 0);
  cudaError_t S = cudaDeviceSynchronize();
  unsigned Agree = 0;
  for (unsigned I = 0; I < Blocks * Threads; ++I)
    Agree += Seen[I] == Expected;
  printf("launch %s, sync %s: total %u, expected %u, %u of %u threads saw "
         "it\n",
         cudaGetErrorName(E), cudaGetErrorName(S), *Total, Expected, Agree,
         Blocks * Threads);
  bool Ok = E == cudaSuccess && S == cudaSuccess && *Total == Expected &&
            Agree == Blocks * Threads;
  printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
