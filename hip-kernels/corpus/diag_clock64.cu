// diag_clock64.cu - Kernel timing with clock64(), as the CUDA samples'
// `clock` example and many micro-benchmarks do: each block times a warp
// reduction and thread 0 records the start and end cycle counts.
//
// The %clock64 special register has no AMDGPU mapping in nvvm-to-amdgpu
// (AMD's counterpart, s_memtime, counts other clocks), so this file must
// be diagnosed: "NVVM intrinsic with no AMDGPU mapping in nvvm-to-amdgpu".
#include "corpus.h"

static __device__ inline long long clock64() {
  return __nvvm_read_ptx_sreg_clock64();
}

template <typename T>
__global__ void timed_reduce_kernel(const T *In, T *Out, long long *Timer) {
  long long Start = clock64();
  T V = In[blockIdx.x * blockDim.x + threadIdx.x];
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    V += __shfl_xor_sync(FULL_MASK, V, Mask);
  if (__laneid() == 0)
    Out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = V;
  long long End = clock64();
  if (threadIdx.x == 0) {
    Timer[2 * blockIdx.x] = Start;
    Timer[2 * blockIdx.x + 1] = End;
  }
}

template __global__ void timed_reduce_kernel<float>(const float *, float *,
                                                    long long *);
template __global__ void timed_reduce_kernel<int>(const int *, int *,
                                                  long long *);
