// stream_compact.cu - Stream compaction with __ballot_sync and __popc: each
// warp keeps its positive elements, ranks each kept element by the ballot's
// bits below its lane (%lanemask_lt, read with inline PTX as CUB does), and
// one lane reserves the warp's room in the output with a single atomicAdd
// and hands the base to the others with __shfl_sync.
//
// Kernel(In, Out, N) keeps In[i] > 0, i < N. Out has three parts, W being
// ceil(N / 32), the number of warps that hold elements:
//   Out[0]            the output counter; 0 at launch, the number kept after
//   Out[1 + 2w]       the base warp w reserved in Data
//   Out[2 + 2w]       the number of elements warp w kept
//   Data = Out + 1 + 2W, of N elements: warp w's kept elements at
//                     Data[base .. base + count), in lane order
// The order of the warps in Data is that of their atomics; within a warp the
// order of In is kept. Launch with blockDim.x a multiple of 32.
#include "warp_ops.h"

static __device__ inline unsigned lanemaskLt() {
  unsigned Mask;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(Mask));
  return Mask;
}

extern "C" __global__ void stream_compact_i32(const int *In, int *Out, int N) {
  unsigned I = globalThread();
  unsigned Warp = I / 32, NumWarps = ((unsigned)N + 31u) / 32u;
  if (Warp >= NumWarps)
    return;
  int V = I < (unsigned)N ? In[I] : 0;
  unsigned Kept = __ballot_sync(FULL_WARP_MASK, V > 0);
  int Count = __popc(Kept);
  int Base = 0;
  if (laneId() == 0) {
    Base = atomicAdd(Out, Count);
    Out[1 + 2 * Warp] = Base;
    Out[2 + 2 * Warp] = Count;
  }
  Base = __shfl_sync(FULL_WARP_MASK, Base, 0);
  if (V > 0)
    Out[1 + 2 * NumWarps + Base + __popc(Kept & lanemaskLt())] = V;
}
