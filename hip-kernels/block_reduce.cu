// block_reduce.cu - Block reduction: each warp reduces with __shfl_down_sync
// to its lane 0, the warps' results meet in shared memory, and warp 0
// reduces those. Correct for any blockDim.x from 1 to 1024, including sizes
// that leave the last warp partial (96, 160, 1000): see warp_ops.h.
//
// Kernel(In, Out, N): the grid strides over In (thread t of block b reads
// In[b*blockDim.x + t + k*gridDim.x*blockDim.x] for k = 0, 1, ...), each
// block reduces what its threads read and thread 0 writes it to
// Out[blockIdx.x]. A block that reads nothing writes the identity.
#include "warp_ops.h"

template <typename Op, typename T>
static __device__ void blockReduceKernel(const T *In, T *Out, int N) {
  __shared__ T WarpResults[32];
  unsigned Stride = gridDim.x * blockDim.x;
  T V = Op::identity();
  for (unsigned I = globalThread(); I < (unsigned)N; I += Stride)
    V = Op::apply(V, In[I]);
  V = blockReduce<Op>(V, WarpResults);
  if (threadIdx.x == 0)
    Out[blockIdx.x] = V;
}

extern "C" __global__ void block_reduce_sum_f32(const float *In, float *Out,
                                                int N) {
  blockReduceKernel<SumF32>(In, Out, N);
}

extern "C" __global__ void block_reduce_max_f32(const float *In, float *Out,
                                                int N) {
  blockReduceKernel<MaxF32>(In, Out, N);
}

extern "C" __global__ void block_reduce_sum_i32(const int *In, int *Out,
                                                int N) {
  blockReduceKernel<SumI32>(In, Out, N);
}
