// The sum of a value over the 32 lanes of a warp, by shuffles.
#include "warpops.h"

__device__ int warpSum(int value) {
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_down_sync(0xffffffffu, value, offset);
  return __shfl_sync(0xffffffffu, value, 0);
}
