// warp_vote_redux.cu - Warp votes that steer loops, and the sm_80
// __reduce_*_sync (redux.sync) reductions.
//
// Votes: a warp-cooperative hash-table probe that stops as soon as
// __any_sync says some lane found its key or an empty slot; a per-lane
// fixed-point iteration that runs until __all_sync says every lane has
// converged; a work queue that serves the lanes of a __ballot_sync one by
// one, the whole warp helping the leader (__shfl_sync broadcasts its
// item); and __uni_sync choosing a uniform fast path. Redux: integer sums,
// minima, maxima and bitwise reductions with the full mask, with the mask
// of a divergent branch (__activemask()), and with per-half-warp masks.
// Types: int, unsigned, float (votes only), long long keys.
#include "corpus.h"

struct Slot {
  long long Key;
  int Value;
};

// Each warp looks up 32 keys; lane L probes for key L while the warp
// stays together, stopping once no lane needs another probe.
__global__ void hash_lookup_kernel(const Slot *Table, unsigned Capacity,
                                   const long long *Keys, int *Values, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  bool Active = I < N;
  long long Key = Active ? Keys[I] : -1;
  unsigned Pos = (unsigned)(Key * 0x9e3779b97f4a7c15ull >> 40) % Capacity;
  int Result = -1;
  bool Done = !Active;
  for (unsigned Probe = 0; Probe < Capacity; ++Probe) {
    if (__all_sync(FULL_MASK, Done))
      break;
    if (!Done) {
      Slot S = Table[(Pos + Probe) % Capacity];
      if (S.Key == Key) {
        Result = S.Value;
        Done = true;
      } else if (S.Key == -1) {
        Done = true;
      }
    }
  }
  if (Active)
    Values[I] = Result;
}

// Newton iterations for sqrt per lane until all lanes of the warp agree
// they converged; a lane that converged keeps its value.
__global__ void newton_sqrt_kernel(const float *In, float *Out, int *Iterations,
                                   int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float A = I < N ? In[I] : 1.0f;
  float X = A > 1.0f ? A : 1.0f;
  int It = 0;
  bool Converged = false;
  while (!__all_sync(FULL_MASK, Converged)) {
    if (!Converged) {
      float Next = 0.5f * (X + A / X);
      Converged = __builtin_fabsf(Next - X) <= 1e-6f * Next;
      X = Next;
      ++It;
    }
  }
  if (I < N) {
    Out[I] = X;
    Iterations[I] = It;
  }
}

// Lanes with work are served one at a time; the warp splits each item's
// range among its lanes and sums it with __reduce_add_sync.
__global__ void warp_work_queue_kernel(const int *Begin, const int *End,
                                       const int *Data, int *Sums, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  bool HasWork = I < N && End[I] > Begin[I];
  unsigned Pending = __ballot_sync(FULL_MASK, HasWork);
  while (Pending) {
    int Leader = __ffs(Pending) - 1;
    Pending &= Pending - 1;
    int B = __shfl_sync(FULL_MASK, I < N ? Begin[I] : 0, Leader);
    int E = __shfl_sync(FULL_MASK, I < N ? End[I] : 0, Leader);
    int Partial = 0;
    for (int J = B + (int)__laneid(); J < E; J += 32)
      Partial += Data[J];
    int Total = __reduce_add_sync(FULL_MASK, Partial);
    if ((int)__laneid() == Leader)
      Sums[I] = Total;
  }
}

// A uniform predicate takes the branch-free path.
__global__ void uniform_branch_kernel(const int *Flags, float *Data, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int Flag = I < N ? Flags[I] : 0;
  if (__uni_sync(FULL_MASK, Flag)) {
    if (I < N)
      Data[I] *= Flag ? 2.0f : 0.5f;
  } else if (__any_sync(FULL_MASK, Flag) && I < N && Flag) {
    Data[I] += 1.0f;
  }
}

template <typename T> __global__ void redux_kernel(const T *In, T *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  T V = I < N ? In[I] : T(0);
  T *O = Out + 8 * (I / 32);
  T Sum = __reduce_add_sync(FULL_MASK, V);
  T Min = __reduce_min_sync(FULL_MASK, V);
  T Max = __reduce_max_sync(FULL_MASK, V);
  unsigned Bits = (unsigned)V;
  unsigned And = __reduce_and_sync(FULL_MASK, Bits);
  unsigned Or = __reduce_or_sync(FULL_MASK, Bits);
  unsigned Xor = __reduce_xor_sync(FULL_MASK, Bits);
  // Each half-warp reduces on its own.
  unsigned Half = __laneid() < 16 ? 0x0000ffffu : 0xffff0000u;
  T HalfSum = __reduce_add_sync(Half, V);
  if (__laneid() == 0) {
    O[0] = Sum;
    O[1] = Min;
    O[2] = Max;
    O[3] = (T)And;
    O[4] = (T)Or;
    O[5] = (T)Xor;
    O[6] = HalfSum;
  }
  if (__laneid() == 16)
    O[7] = HalfSum;
}

// Divergent redux: only the lanes with a positive value take part.
template <typename T>
__global__ void redux_divergent_kernel(const T *In, T *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  T V = In[I];
  if (V > T(0)) {
    unsigned Active = __activemask();
    T Sum = __reduce_add_sync(Active, V);
    T Min = __reduce_min_sync(Active, V);
    if ((int)__laneid() == __ffs(Active) - 1) {
      Out[2 * (I / 32)] = Sum;
      Out[2 * (I / 32) + 1] = Min;
    }
  }
}

template __global__ void redux_kernel<int>(const int *, int *, int);
template __global__ void redux_kernel<unsigned>(const unsigned *, unsigned *,
                                                int);
template __global__ void redux_divergent_kernel<int>(const int *, int *, int);
template __global__ void redux_divergent_kernel<unsigned>(const unsigned *,
                                                          unsigned *, int);
