// warp_agg_atomic.cu - Warp-aggregated atomic increment: the lanes of a warp
// that increment the same counter find each other with __match_any_sync
// over __activemask(), their lowest lane adds their number with one
// atomicAdd, and each gets its own slot from the old value it broadcasts.
//
// Kernel(Keys, Out, N): thread i is active when i < N and Keys[i] >= 0; an
// active thread increments counter Keys[i] % NUM_COUNTERS and writes the
// slot it got (the counter's value before its increment) to Slots[i];
// an inactive thread i < N writes -1 there. Out holds the NUM_COUNTERS
// counters, 0 at launch, then Slots = Out + NUM_COUNTERS (N elements). The
// counters end with the number of their active threads and each counter's
// slots are a permutation of 0 .. count-1; which thread gets which slot
// depends on the order of the atomics. Launch with blockDim.x a multiple
// of 32.
#include "warp_ops.h"

#define NUM_COUNTERS 61

// The lanes of one warp that call it with the same Ptr get consecutive
// values of *Ptr, in lane order, for one atomic per group.
static __device__ inline unsigned atomicAggInc(unsigned *Ptr) {
  unsigned Mask = __match_any_sync(__activemask(), (unsigned long long)Ptr);
  int Leader = __ffs(Mask) - 1;
  unsigned Lane = laneId();
  unsigned Res = 0;
  if (Lane == (unsigned)Leader)
    Res = atomicAdd(Ptr, (unsigned)__popc(Mask));
  Res = (unsigned)__shfl_sync(Mask, (int)Res, Leader);
  return Res + (unsigned)__popc(Mask & ((1u << Lane) - 1u));
}

extern "C" __global__ void warp_agg_inc_i32(const int *Keys, int *Out, int N) {
  unsigned I = globalThread();
  int *Slots = Out + NUM_COUNTERS;
  if (I < (unsigned)N && Keys[I] >= 0) {
    unsigned *Counter = (unsigned *)Out + Keys[I] % NUM_COUNTERS;
    Slots[I] = (int)atomicAggInc(Counter);
  } else if (I < (unsigned)N) {
    Slots[I] = -1;
  }
}
