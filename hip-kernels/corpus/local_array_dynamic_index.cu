// local_array_dynamic_index.cu - Per-thread arrays indexed by a runtime
// value, which stay in local (private) memory even at -O2: the per-thread
// top-k insertion list of a beam search, and a batched warp sum whose
// results are read back with the thread's own index, as
// FasterTransformer's blockReduceSumV2 callers do.
//
// At -O1 and above clang keeps the arrays as allocas bracketed by
// llvm.lifetime.start/end, which nvvm-to-amdgpu must move to address space
// 5 together with the allocas: LLVM 22's verifier takes the markers only
// on an alloca. This file found that bug (fixed in fb26a17, pinned by
// lit-tests/retarget/alloca-lifetime-markers.ll).
#include "corpus.h"

template <typename T, int K>
__global__ void thread_topk_kernel(const T *In, T *Out, int *Index, int Cols) {
  T Best[K];
  int Where[K];
#pragma unroll
  for (int I = 0; I < K; ++I) {
    Best[I] = -__builtin_inff();
    Where[I] = -1;
  }
  const T *Row = In + (long long)(blockIdx.x * blockDim.x + threadIdx.x) * Cols;
  for (int C = 0; C < Cols; ++C) {
    T V = Row[C];
    int Pos = K;
    while (Pos > 0 && Best[Pos - 1] < V) {
      if (Pos < K) {
        Best[Pos] = Best[Pos - 1];
        Where[Pos] = Where[Pos - 1];
      }
      --Pos;
    }
    if (Pos < K) {
      Best[Pos] = V;
      Where[Pos] = C;
    }
  }
  // The warp agrees on the best candidate of lane 0, then every lane
  // writes its own list.
  T Lead = __shfl_sync(FULL_MASK, Best[0], 0);
  unsigned Row0 = blockIdx.x * blockDim.x + threadIdx.x;
  for (int I = 0; I < K; ++I) {
    Out[Row0 * K + I] = Best[I] - Lead;
    Index[Row0 * K + I] = Where[I];
  }
}

template <typename T, int NUM>
__global__ void batched_warp_sum_kernel(const T *In, T *Out) {
  T Val[NUM];
#pragma unroll
  for (int I = 0; I < NUM; ++I)
    Val[I] = In[(blockIdx.x * NUM + I) * 32 + __laneid()];
#pragma unroll
  for (int I = 0; I < NUM; ++I)
#pragma unroll
    for (int Mask = 16; Mask > 0; Mask >>= 1)
      Val[I] += __shfl_xor_sync(FULL_MASK, Val[I], Mask, 32);
  if (threadIdx.x < NUM)
    Out[blockIdx.x * NUM + threadIdx.x] = Val[threadIdx.x];
}

template __global__ void thread_topk_kernel<float, 4>(const float *, float *,
                                                      int *, int);
template __global__ void thread_topk_kernel<double, 8>(const double *, double *,
                                                       int *, int);
template __global__ void batched_warp_sum_kernel<float, 4>(const float *,
                                                           float *);
template __global__ void batched_warp_sum_kernel<int, 8>(const int *, int *);
