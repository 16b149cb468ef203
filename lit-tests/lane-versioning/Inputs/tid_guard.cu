// A down-reduce whose partial results only threads with threadIdx.x < 4
// store (HeCBench's `if (threadIdx.x == 0)` after a block reduce, widened
// to four lanes): where the block shape makes threadIdx.x % 32 the lane,
// only lanes 0-3 observe the shuffles; in a 16-wide block, lanes 16-19 do
// too. Prints each thread's stored value (-1: none) for a 1-D and a 2-D
// shape, for tid_guard.py to check.
#include <cstdio>

__global__ void guardedReduce(const int *In, int *Out) {
  unsigned Linear = threadIdx.y * blockDim.x + threadIdx.x;
  int V = In[Linear];
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    V += __shfl_down_sync(0xffffffffu, V, Offset);
  if (threadIdx.x < 4)
    Out[Linear] = V;
}

int main() {
  const unsigned Shapes[][2] = {{64, 1}, {16, 4}, {32, 2}, {8, 8}};
  int *In, *Out;
  cudaMallocManaged(&In, 64 * sizeof(int));
  cudaMallocManaged(&Out, 64 * sizeof(int));
  for (const auto &Shape : Shapes) {
    for (int I = 0; I < 64; ++I) {
      In[I] = I * I + 7;
      Out[I] = -1;
    }
    guardedReduce<<<1, dim3(Shape[0], Shape[1])>>>(In, Out);
    cudaDeviceSynchronize();
    for (int I = 0; I < 64; ++I)
      printf("%ux%u %d %d\n", Shape[0], Shape[1], I, Out[I]);
  }
  return 0;
}
