// device_symbols.cu - Device code that keeps its symbols: out-of-line
// (__noinline__) functions, a recursive one, calls through a table of
// function pointers held in a __device__ variable, __constant__ data, and a
// retirement counter and per-block partials in __device__ variables written
// by one launch's blocks and read by its last block, in the style of
// NVIDIA's threadFenceReduction sample. A code object holding these links
// only when device functions and variables cannot be preempted (they are
// reached PC-relatively), and the counter must be back at 0 for the next
// launch.
//
//   device_calls_i32(In, Out, N)  V = In[i] (0 for i >= N; every lane of a
//       warp takes part), D = digit sum of V & 0xffff (recursive), then
//       Out[i] = warpSum(V) + combine[i & 1](D, i) + RetirementCount with
//       combine[0] = D + Coeffs[i & 3] and combine[1] = D * Coeffs[i & 3],
//       Coeffs = {3, 5, 7, 11} in __constant__ memory; RetirementCount, which
//       retirement_sum_i32 leaves at 0, adds nothing.
//   retirement_sum_i32(In, Out, N)  block b sums In over a grid-stride loop
//       into PartialSums[b]; the last block to retire (RetirementCount)
//       copies every block's partial to Out[b] and resets the counter.
//
// warpSum shuffles over the whole warp: launch with blockDim.x a multiple
// of 32.
#include "warp_ops.h"

enum { MaxBlocks = 256 };

__constant__ int Coeffs[4] = {3, 5, 7, 11};
__device__ unsigned RetirementCount = 0;
__device__ int PartialSums[MaxBlocks];

static __device__ void threadFence() { __nvvm_membar_gl(); }

__device__ __noinline__ int warpSum(int V) {
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    V += __shfl_xor_sync(FULL_WARP_MASK, V, Offset);
  return V;
}

__device__ __noinline__ int digitSum(int N) {
  return N < 10 ? N : N % 10 + digitSum(N / 10);
}

__device__ __noinline__ int addCoeff(int D, int I) { return D + Coeffs[I & 3]; }
__device__ __noinline__ int mulCoeff(int D, int I) { return D * Coeffs[I & 3]; }

typedef int (*Combine)(int, int);
__device__ Combine Combiners[2] = {addCoeff, mulCoeff};

extern "C" __global__ void device_calls_i32(const int *In, int *Out, int N) {
  unsigned I = globalThread();
  int V = I < (unsigned)N ? In[I] : 0;
  int S = warpSum(V);
  int R = S + Combiners[I & 1](digitSum(V & 0xffff), (int)I) +
          (int)RetirementCount;
  if (I < (unsigned)N)
    Out[I] = R;
}

extern "C" __global__ void retirement_sum_i32(const int *In, int *Out, int N) {
  __shared__ int WarpSums[32];
  __shared__ bool IsLastBlock;
  unsigned Stride = gridDim.x * blockDim.x;
  int V = 0;
  for (unsigned I = globalThread(); I < (unsigned)N; I += Stride)
    V += In[I];
  V = warpSum(V);
  unsigned Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  if (Lane == 0)
    WarpSums[Warp] = V;
  __syncthreads();
  if (threadIdx.x == 0) {
    int Sum = 0;
    for (unsigned W = 0; W < (blockDim.x + 31) / 32; ++W)
      Sum += WarpSums[W];
    PartialSums[blockIdx.x] = Sum;
    threadFence();
    unsigned Ticket = atomicAdd(&RetirementCount, 1u);
    IsLastBlock = Ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (!IsLastBlock)
    return;
  threadFence();
  for (unsigned B = threadIdx.x; B < gridDim.x; B += blockDim.x)
    Out[B] = ((volatile int *)PartialSums)[B];
  if (threadIdx.x == 0)
    RetirementCount = 0;
}
