// An exclusive scan over a block of up to 1024 threads: warp scans by
// shuffles, then a scan of the warps' totals. Counts its calls in a
// __device__ variable that the application reads back by name.
#include "warpops.h"

__device__ unsigned scanCalls = 0;

__device__ int blockExclusiveScan(int value, int *total) {
  __shared__ int warpTotals[32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  int warps = (blockDim.x + 31) / 32;
  int inclusive = value;
  for (int offset = 1; offset < 32; offset *= 2) {
    int up = __shfl_up_sync(0xffffffffu, inclusive, offset);
    if (lane >= offset)
      inclusive += up;
  }
  if (lane == 31)
    warpTotals[warp] = inclusive;
  __syncthreads();
  if (warp == 0) {
    int t = lane < warps ? warpTotals[lane] : 0;
    for (int offset = 1; offset < 32; offset *= 2) {
      int up = __shfl_up_sync(0xffffffffu, t, offset);
      if (lane >= offset)
        t += up;
    }
    warpTotals[lane] = t;
  }
  __syncthreads();
  int before = warp > 0 ? warpTotals[warp - 1] : 0;
  *total = warpTotals[warps - 1];
  if (threadIdx.x == 0)
    atomicAdd(&scanCalls, 1u);
  __syncthreads();
  return before + inclusive - value;
}
