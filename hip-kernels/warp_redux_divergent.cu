// warp_redux_divergent.cu - __reduce_*_sync and __match_any_sync in
// divergent code: results merged from the arms of an if/else, a reduction in
// a loop whose trip count differs per lane, and a match inside a branch whose
// result is used after it. On AMD each is a waterfall loop; on wave64 the two
// CUDA warps of a wave run it together, each with its own membermask, and
// these shapes once left wrong results in wave64 machine code.
//
// Every kernel is Kernel(In, Out, N): thread i takes V = In[i] (0 when
// i >= N, so that every lane of a warp takes part) and writes Out[i] for
// i < N. Launch with blockDim.x a multiple of 32.
//
//   redux_arms_i32   the lanes of a warp with V & 4 get the maximum of their
//                    V (membermask: their ballot), the others the minimum of
//                    theirs (the complement of the ballot)
//   redux_loop_i32   lane l runs l % 5 + 1 trips; trip t adds the sum of
//                    V + t over the lanes still in the loop (__activemask())
//   match_branch_i32 the lanes with V odd get the mask of the odd lanes of
//                    their warp with the same V >> 3; the others get 0
#include "warp_ops.h"

static __device__ inline int laneValue(const int *In, int N) {
  unsigned I = globalThread();
  return I < (unsigned)N ? In[I] : 0;
}

extern "C" __global__ void redux_arms_i32(const int *In, int *Out, int N) {
  int V = laneValue(In, N);
  unsigned High = __ballot_sync(FULL_WARP_MASK, V & 4);
  int R;
  if (V & 4)
    R = __reduce_max_sync(High, V);
  else
    R = __reduce_min_sync(~High, V);
  if (globalThread() < (unsigned)N)
    Out[globalThread()] = R;
}

extern "C" __global__ void redux_loop_i32(const int *In, int *Out, int N) {
  int V = laneValue(In, N);
  int Acc = 0;
  for (int T = 0; T < (int)(laneId() % 5u) + 1; T++)
    Acc += __reduce_add_sync(__activemask(), V + T);
  if (globalThread() < (unsigned)N)
    Out[globalThread()] = Acc;
}

extern "C" __global__ void match_branch_i32(const int *In, int *Out, int N) {
  int V = laneValue(In, N);
  unsigned Peers = 0;
  if (V & 1)
    Peers = __match_any_sync(__activemask(), V >> 3);
  if (globalThread() < (unsigned)N)
    Out[globalThread()] = (int)Peers;
}
