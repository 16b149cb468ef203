// diag_named_barrier.cu - Warp specialisation with named barriers, as
// producer/consumer GEMM and attention kernels write it: the first two
// warps of a block (64 threads) build a tile in shared memory in two
// phases, ordered among themselves by `bar.sync 1, 64`, then signal the
// two consumer warps with `bar.arrive 2, 128`; the consumers wait with
// `bar.sync 2, 128` and reduce the tile with shuffles.
//
// Named barriers (any barrier other than 0) have no AMDGPU mapping, so the
// file must be diagnosed: "inline PTX that nvvm-to-amdgpu cannot translate:
// in "bar.sync 1, 64;": named barriers (an id other than 0)".
#include "corpus.h"

static __device__ inline void namedBarrierSync(unsigned Id, unsigned Count) {
  asm volatile("bar.sync %0, %1;" ::"r"(Id), "r"(Count) : "memory");
}
static __device__ inline void namedBarrierArrive(unsigned Id, unsigned Count) {
  asm volatile("bar.arrive %0, %1;" ::"r"(Id), "r"(Count) : "memory");
}

extern "C" __global__ void __launch_bounds__(128)
    producer_consumer(const float *In, float *Out) {
  __shared__ float Stage[64];
  __shared__ float Tile[64];
  unsigned Warp = threadIdx.x / 32;
  if (Warp < 2) {
    Stage[threadIdx.x] = In[blockIdx.x * 64 + threadIdx.x];
    asm volatile("bar.sync 1, 64;" ::: "memory");
    Tile[threadIdx.x] = Stage[threadIdx.x] + Stage[63 - threadIdx.x];
    namedBarrierArrive(2, 128);
  } else {
    namedBarrierSync(2, 128);
    float V = Tile[threadIdx.x - 64];
    for (int Mask = 16; Mask > 0; Mask >>= 1)
      V += __shfl_xor_sync(FULL_MASK, V, Mask);
    if (__laneid() == 0)
      Out[blockIdx.x * 2 + Warp - 2] = V;
  }
}
