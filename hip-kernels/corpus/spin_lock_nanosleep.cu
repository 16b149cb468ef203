// spin_lock_nanosleep.cu - A global spin lock with exponential back-off
// through __nanosleep, as lock-based hash tables and allocators write it:
// one lane per warp takes the lock (the others wait at __syncwarp), the
// warp updates the protected data, and the lane releases it. __nanosleep
// (include/device_functions.h) becomes s_sleep.
#include "corpus.h"

static __device__ void acquire(int *Lock) {
  unsigned Backoff = 8;
  while (atomicCAS(Lock, 0, 1) != 0) {
    __nanosleep(Backoff);
    if (Backoff < 256)
      Backoff *= 2;
  }
  __threadfence();
}

static __device__ void release(int *Lock) {
  __threadfence();
  atomicCAS(Lock, 1, 0);
}

extern "C" __global__ void locked_accumulate(int *Lock, float *Total,
                                             const float *In) {
  float V = In[blockIdx.x * blockDim.x + threadIdx.x];
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    V += __shfl_xor_sync(FULL_MASK, V, Mask);
  if (__laneid() == 0) {
    acquire(Lock);
    *(volatile float *)Total += V;
    release(Lock);
  }
  __syncwarp();
}
