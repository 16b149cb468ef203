// warp_aggregate.cu - Warp-aggregated atomics and stream compaction, the
// idioms of queue-based graph traversal and filtering kernels.
//
// atomicAggInc: the lanes still active (__activemask(), in divergent
// code) elect a leader, either the lowest lane of the mask (__ffs) or
// elect.sync as CUTLASS writes it, the leader does one atomicAdd for the
// whole group, broadcasts the old value with __shfl_sync, and each lane
// adds its rank __popc(mask & %lanemask_lt). Stream compaction (filter)
// does the same over a __ballot_sync of the predicate. Instantiated for
// int, unsigned, float, double and long long elements with 32- and 64-bit
// counters.
#include "corpus.h"

template <typename C> __device__ C atomicAggInc(C *Counter) {
  unsigned Mask = __activemask();
  int Leader = __ffs(Mask) - 1;
  C Base = 0;
  if ((int)__laneid() == Leader)
    Base = atomicAdd(Counter, (C)__popc(Mask));
  Base = __shfl_sync(Mask, Base, Leader);
  return Base + (C)__popc(Mask & __lanemask_lt());
}

// The same with elect.sync choosing the leader.
__device__ unsigned atomicAggIncElect(unsigned *Counter) {
  unsigned Mask = __activemask();
  unsigned Base = 0;
  bool Leader = __elect_one_sync(Mask);
  if (Leader)
    Base = atomicAdd(Counter, (unsigned)__popc(Mask));
  unsigned FromLeader = __ballot_sync(Mask, Leader);
  Base = __shfl_sync(Mask, Base, __ffs(FromLeader) - 1);
  return Base + __popc(Mask & __lanemask_lt());
}

template <typename T> struct Positive {
  __device__ bool operator()(T V) const { return V > T(0); }
};

// Each warp keeps the elements that pass Pred, one atomic per warp.
template <typename T, typename Pred>
__global__ void filter_kernel(const T *__restrict__ In, T *__restrict__ Out,
                              unsigned *Count, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned InRange = __ballot_sync(FULL_MASK, I < N);
  if (I >= N)
    return;
  T V = In[I];
  bool Keep = Pred()(V);
  unsigned Votes = __ballot_sync(InRange, Keep);
  unsigned Base = 0;
  if ((int)__laneid() == __ffs(InRange) - 1)
    Base = atomicAdd(Count, (unsigned)__popc(Votes));
  Base = __shfl_sync(InRange, Base, __ffs(InRange) - 1);
  if (Keep)
    Out[Base + __popc(Votes & __lanemask_lt())] = V;
}

// A BFS frontier push: lanes discover neighbours in divergent code and
// append them to the next frontier through atomicAggInc.
__global__ void bfs_expand_kernel(const int *RowOffsets, const int *Columns,
                                  const int *Frontier, int FrontierSize,
                                  int *Levels, int Level, int *NextFrontier,
                                  unsigned *NextSize) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= FrontierSize)
    return;
  int Vertex = Frontier[I];
  for (int E = RowOffsets[Vertex]; E < RowOffsets[Vertex + 1]; ++E) {
    int Neighbour = Columns[E];
    if (atomicCAS(&Levels[Neighbour], -1, Level + 1) == -1) {
      unsigned Slot = atomicAggInc(NextSize);
      NextFrontier[Slot] = Neighbour;
    }
  }
}

template <typename C>
__global__ void count_matches_kernel(const int *Keys, int Key, int N,
                                     C *Counter, C *Slots) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && Keys[I] == Key)
    Slots[I] = atomicAggInc(Counter);
}

extern "C" __global__ void elect_append_kernel(const float *In, float *Out,
                                               unsigned *Count, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N && In[I] != 0.0f)
    Out[atomicAggIncElect(Count)] = In[I];
}

template __global__ void filter_kernel<int, Positive<int>>(const int *, int *,
                                                           unsigned *, int);
template __global__ void
filter_kernel<unsigned, Positive<unsigned>>(const unsigned *, unsigned *,
                                            unsigned *, int);
template __global__ void
filter_kernel<float, Positive<float>>(const float *, float *, unsigned *, int);
template __global__ void filter_kernel<double, Positive<double>>(const double *,
                                                                 double *,
                                                                 unsigned *,
                                                                 int);
template __global__ void
filter_kernel<long long, Positive<long long>>(const long long *, long long *,
                                              unsigned *, int);

template __global__ void count_matches_kernel<unsigned>(const int *, int, int,
                                                        unsigned *, unsigned *);
template __global__ void count_matches_kernel<unsigned long long>(
    const int *, int, int, unsigned long long *, unsigned long long *);
