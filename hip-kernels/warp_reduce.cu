// warp_reduce.cu - Warp reduction with __shfl_down_sync: a tree that leaves
// the sum of the warp's 32 lanes in lane 0.
//
// Kernel(In, Out, N): thread i reads In[i] (0 when i >= N); lane 0 of global
// warp w writes the sum of In[32w .. 32w+31] to Out[w], for every warp that
// holds an element (w < ceil(N / 32)). Launch with blockDim.x a multiple
// of 32.
#include "warp_ops.h"

template <typename Op, typename T>
static __device__ void reduceKernel(const T *In, T *Out, int N) {
  unsigned I = globalThread();
  T V = I < (unsigned)N ? In[I] : Op::identity();
  V = warpReduceToLane0<Op>(V, 32);
  if (laneId() == 0 && I < (unsigned)N)
    Out[I / 32] = V;
}

extern "C" __global__ void warp_reduce_sum_f32(const float *In, float *Out,
                                               int N) {
  reduceKernel<SumF32>(In, Out, N);
}

extern "C" __global__ void warp_reduce_sum_i32(const int *In, int *Out, int N) {
  reduceKernel<SumI32>(In, Out, N);
}
