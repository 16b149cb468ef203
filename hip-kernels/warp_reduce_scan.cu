// The bundled example of `make demo`: the warp-level building blocks of
// reductions and scans, as CUDA code writes them.
#include <cuda_runtime.h>

// Every lane ends with the sum of the 32 lanes of its warp.
extern "C" __device__ __attribute__((noinline)) float
warp_allreduce_sum(float v) {
  for (int mask = 16; mask > 0; mask >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, mask);
  return v;
}

// Inclusive prefix sum within segments of `width` lanes.
extern "C" __device__ __attribute__((noinline)) int
warp_inclusive_scan(int v, int lane, int width) {
  for (int delta = 1; delta < width; delta *= 2) {
    int up = __shfl_up_sync(0xffffffffu, v, delta, width);
    if ((lane % width) >= delta)
      v += up;
  }
  return v;
}

// Lane `src` of each warp hands its value to the whole warp.
extern "C" __device__ __attribute__((noinline)) float
warp_broadcast(float v, int src) {
  return __shfl_sync(0xffffffffu, v, src);
}
