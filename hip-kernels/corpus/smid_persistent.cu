// smid_persistent.cu - A persistent kernel that reads the %smid register with
// inline PTX to pick per-SM scratch space, as persistent-thread schedulers
// and profiling hooks do, with a warp reduction of the work each warp did.
//
// `mov.u32 %0, %%smid;` becomes the compute unit's id from the hardware id
// register (s_getreg), bounded by %nsmid as on NVIDIA.
#include "corpus.h"

static __device__ inline unsigned smid() {
  unsigned Ret;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(Ret));
  return Ret;
}

extern "C" __global__ void persistent_sum(const int *Work, int N, int *NextItem,
                                          int *PerSm) {
  __shared__ int Item;
  int Done = 0;
  while (true) {
    if (threadIdx.x == 0)
      Item = atomicAdd(NextItem, 1);
    __syncthreads();
    int Base = Item * (int)blockDim.x;
    __syncthreads();
    if (Base >= N)
      break;
    if (Base + (int)threadIdx.x < N)
      Done += Work[Base + threadIdx.x];
  }
  Done = __reduce_add_sync(FULL_MASK, Done);
  if (__laneid() == 0)
    atomicAdd(&PerSm[smid()], Done);
}
