// warp_allreduce.cu - Warp all-reduce with __shfl_xor_sync: every lane ends
// with the sum (or maximum) of the 32 lanes of its warp.
//
// Kernel(In, Out, N): thread i reads In[i] (the operator's identity when
// i >= N), and writes the result of its warp to Out[i] for i < N. Launch
// with blockDim.x a multiple of 32 so that every warp is whole; threads past
// N still take part, padded with the identity.
#include "warp_ops.h"

template <typename Op, typename T>
static __device__ void allReduceKernel(const T *In, T *Out, int N) {
  unsigned I = globalThread();
  T V = I < (unsigned)N ? In[I] : Op::identity();
  V = warpAllReduce<Op>(V);
  if (I < (unsigned)N)
    Out[I] = V;
}

extern "C" __global__ void warp_allreduce_sum_f32(const float *In, float *Out,
                                                  int N) {
  allReduceKernel<SumF32>(In, Out, N);
}

extern "C" __global__ void warp_allreduce_max_f32(const float *In, float *Out,
                                                  int N) {
  allReduceKernel<MaxF32>(In, Out, N);
}

extern "C" __global__ void warp_allreduce_sum_i32(const int *In, int *Out,
                                                  int N) {
  allReduceKernel<SumI32>(In, Out, N);
}

extern "C" __global__ void warp_allreduce_max_i32(const int *In, int *Out,
                                                  int N) {
  allReduceKernel<MaxI32>(In, Out, N);
}
