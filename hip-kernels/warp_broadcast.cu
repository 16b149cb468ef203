// warp_broadcast.cu - __shfl_sync with the source lane in a register: a
// warp-wide broadcast, a per-lane gather within 8-lane segments, and a
// constant source lane past the width. Source lanes outside 0..width-1 read
// lane (src mod width) of the segment, as CUDA documents; src is an int, so
// negative lanes wrap the same way (-1 is the segment's last lane).
//
// Launch with blockDim.x a multiple of 32. Threads past N take part with 0.
#include "warp_ops.h"

static __device__ inline int loadOrZero(const int *In, unsigned I, int N) {
  return I < (unsigned)N ? In[I] : 0;
}

// Kernel(In, SrcLanes, Out, N): every lane of global warp w reads lane
// SrcLanes[w] of its warp: Out[i] = In[32w + (SrcLanes[w] mod 32)]. The
// source lane is loaded from memory, so it is the same register value in all
// lanes but unknown at compile time. Lanes past N read source lane 0 and
// store nothing.
extern "C" __global__ void
warp_broadcast_f32(const float *In, const int *SrcLanes, float *Out, int N) {
  unsigned I = globalThread();
  float V = I < (unsigned)N ? In[I] : 0.0f;
  int Src = I < (unsigned)N ? SrcLanes[I / 32] : 0;
  V = __shfl_sync(FULL_WARP_MASK, V, Src);
  if (I < (unsigned)N)
    Out[I] = V;
}

// Kernel(In, SrcLanes, Out, N): lane i of every 8-lane segment reads lane
// SrcLanes[i] mod 8 of its own segment, each lane its own source.
extern "C" __global__ void
warp_gather_i32_w8(const int *In, const int *SrcLanes, int *Out, int N) {
  unsigned I = globalThread();
  int V = loadOrZero(In, I, N);
  int Src = loadOrZero(SrcLanes, I, N);
  V = __shfl_sync(FULL_WARP_MASK, V, Src, 8);
  if (I < (unsigned)N)
    Out[I] = V;
}

// Kernel(In, Out, N): constant source lanes outside the width.
// Out[2i] = lane 37 mod 32 = 5 of the warp; Out[2i+1] = lane -1 mod 16 = 15
// of the thread's 16-lane half warp.
extern "C" __global__ void warp_broadcast_const_i32(const int *In, int *Out,
                                                    int N) {
  unsigned I = globalThread();
  int V = loadOrZero(In, I, N);
  int FromLane5 = __shfl_sync(FULL_WARP_MASK, V, 37);
  int FromLane15 = __shfl_sync(FULL_WARP_MASK, V, -1, 16);
  if (I < (unsigned)N) {
    Out[2 * I] = FromLane5;
    Out[2 * I + 1] = FromLane15;
  }
}
