// warp_scan.cu - Inclusive prefix sums with __shfl_up_sync, over whole warps
// (width 32) and over independent segments of 8 lanes (width 8).
//
// Kernel(In, Out, N): thread i reads In[i] (0 when i >= N) and writes to
// Out[i], for i < N, the sum of In[s .. i] where s is the first index of its
// segment: i rounded down to a multiple of the width. Launch with blockDim.x
// a multiple of 32 so that segments line up with global indices.
#include "warp_ops.h"

// Hillis-Steele scan: at step Delta a lane adds the value Delta lanes below
// it in its segment; lanes with fewer than Delta lanes below keep theirs
// (__shfl_up_sync hands them their own value, which must not be added).
template <typename T> static __device__ inline T inclusiveScan(T V, int Width) {
  int LaneInSegment = (int)laneId() & (Width - 1);
  for (int Delta = 1; Delta < Width; Delta *= 2) {
    T Below = __shfl_up_sync(FULL_WARP_MASK, V, Delta, Width);
    if (LaneInSegment >= Delta)
      V += Below;
  }
  return V;
}

template <typename T>
static __device__ void scanKernel(const T *In, T *Out, int N, int Width) {
  unsigned I = globalThread();
  T V = I < (unsigned)N ? In[I] : (T)0;
  V = inclusiveScan(V, Width);
  if (I < (unsigned)N)
    Out[I] = V;
}

extern "C" __global__ void warp_scan_i32_w32(const int *In, int *Out, int N) {
  scanKernel(In, Out, N, 32);
}

extern "C" __global__ void warp_scan_i32_w8(const int *In, int *Out, int N) {
  scanKernel(In, Out, N, 8);
}

extern "C" __global__ void warp_scan_f32_w32(const float *In, float *Out,
                                             int N) {
  scanKernel(In, Out, N, 32);
}

extern "C" __global__ void warp_scan_f32_w8(const float *In, float *Out,
                                            int N) {
  scanKernel(In, Out, N, 8);
}
