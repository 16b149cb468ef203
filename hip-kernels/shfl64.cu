// shfl64.cu - 64-bit shuffles: double and long long values through the
// 64-bit overloads of cuda_shfl.h (each moves as two 32-bit shuffles).
//
// Kernel(In, Out, N) or Kernel(In, SrcLanes, Out, N) with the meaning of the
// 32-bit kernel of the same pattern: warp_allreduce.cu (xor all-reduce),
// warp_reduce.cu (down tree to lane 0, Out per warp), warp_scan.cu (up scan,
// width 32), warp_broadcast.cu (idx broadcast from SrcLanes[warp]). Launch
// with blockDim.x a multiple of 32.
#include "warp_ops.h"

extern "C" __global__ void warp_allreduce_sum_f64(const double *In, double *Out,
                                                  int N) {
  unsigned I = globalThread();
  double V = I < (unsigned)N ? In[I] : 0.0;
  V = warpAllReduce<SumF64>(V);
  if (I < (unsigned)N)
    Out[I] = V;
}

extern "C" __global__ void warp_allreduce_sum_i64(const long long *In,
                                                  long long *Out, int N) {
  unsigned I = globalThread();
  long long V = I < (unsigned)N ? In[I] : 0;
  V = warpAllReduce<SumI64>(V);
  if (I < (unsigned)N)
    Out[I] = V;
}

extern "C" __global__ void warp_reduce_sum_f64(const double *In, double *Out,
                                               int N) {
  unsigned I = globalThread();
  double V = I < (unsigned)N ? In[I] : 0.0;
  V = warpReduceToLane0<SumF64>(V, 32);
  if (laneId() == 0 && I < (unsigned)N)
    Out[I / 32] = V;
}

extern "C" __global__ void warp_reduce_max_i64(const long long *In,
                                               long long *Out, int N) {
  unsigned I = globalThread();
  long long V = I < (unsigned)N ? In[I] : MaxI64::identity();
  V = warpReduceToLane0<MaxI64>(V, 32);
  if (laneId() == 0 && I < (unsigned)N)
    Out[I / 32] = V;
}

extern "C" __global__ void warp_scan_f64_w32(const double *In, double *Out,
                                             int N) {
  unsigned I = globalThread();
  double V = I < (unsigned)N ? In[I] : 0.0;
  for (int Delta = 1; Delta < 32; Delta *= 2) {
    double Below = __shfl_up_sync(FULL_WARP_MASK, V, Delta);
    if ((int)laneId() >= Delta)
      V += Below;
  }
  if (I < (unsigned)N)
    Out[I] = V;
}

extern "C" __global__ void
warp_broadcast_f64(const double *In, const int *SrcLanes, double *Out, int N) {
  unsigned I = globalThread();
  double V = I < (unsigned)N ? In[I] : 0.0;
  int Src = I < (unsigned)N ? SrcLanes[I / 32] : 0;
  V = __shfl_sync(FULL_WARP_MASK, V, Src);
  if (I < (unsigned)N)
    Out[I] = V;
}
