// clock64_timing.cu - Kernel timing with the toolkit's clock64(), as the
// CUDA samples' `clock` example and many micro-benchmarks do: each block
// times a warp reduction and thread 0 records the start and end cycle
// counts. (clock64() reads llvm.readcyclecounter, s_memtime on gfx9.)
#include "corpus.h"

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
