// cub_warp_reduce.cu - CUB-style WarpReduce and BlockReduce, templated on
// the value type, the reduction operator and the logical warp width.
//
// As CUB does, a value of any size moves through shuffles one 32-bit word
// at a time with inline PTX shfl.sync (CUB's ShuffleDown / ShuffleIndex),
// a reduction step adds its partner only when the partner is in range, and
// the all-reduce flavour is a shfl_xor butterfly. BlockReduce is CUB's
// WARP_REDUCTIONS algorithm: each warp reduces, its first lane writes a
// shared slot, and after __syncthreads warp 0 reduces the slots.
// Instantiated for int, unsigned, long long, float, double and __half over
// logical warps of 4, 8, 16 and 32 lanes.
#include "corpus.h"

namespace cub {

struct Sum {
  template <typename T> __device__ T operator()(const T &A, const T &B) const {
    return A + B;
  }
};
struct Max {
  template <typename T> __device__ T operator()(const T &A, const T &B) const {
    return A < B ? B : A;
  }
};
struct Min {
  template <typename T> __device__ T operator()(const T &A, const T &B) const {
    return B < A ? B : A;
  }
};

template <typename T> struct Traits {
  static constexpr int WORDS = (sizeof(T) + 3) / 4;
};

// CUB's ShuffleDown: each 32-bit word of T through shfl.sync.down.b32.
template <int LOGICAL_WARP_THREADS, typename T>
__device__ __forceinline__ T ShuffleDown(T Input, int SrcOffset,
                                         int FirstThread, unsigned MemberMask) {
  constexpr int SHFL_C = (32 - LOGICAL_WARP_THREADS) << 8;
  unsigned Words[Traits<T>::WORDS] = {};
  __builtin_memcpy(Words, &Input, sizeof(T));
#pragma unroll
  for (int W = 0; W < Traits<T>::WORDS; ++W) {
    unsigned Out;
    asm volatile("shfl.sync.down.b32 %0, %1, %2, %3, %4;"
                 : "=r"(Out)
                 : "r"(Words[W]), "r"(SrcOffset), "r"(SHFL_C | FirstThread),
                   "r"(MemberMask));
    Words[W] = Out;
  }
  T Output;
  __builtin_memcpy(&Output, Words, sizeof(T));
  return Output;
}

template <int LOGICAL_WARP_THREADS, typename T>
__device__ __forceinline__ T ShuffleIndex(T Input, int SrcLane,
                                          unsigned MemberMask) {
  constexpr int SHFL_C = ((32 - LOGICAL_WARP_THREADS) << 8) | 31;
  unsigned Words[Traits<T>::WORDS] = {};
  __builtin_memcpy(Words, &Input, sizeof(T));
#pragma unroll
  for (int W = 0; W < Traits<T>::WORDS; ++W) {
    unsigned Out;
    asm volatile("shfl.sync.idx.b32 %0, %1, %2, %3, %4;"
                 : "=r"(Out)
                 : "r"(Words[W]), "r"(SrcLane), "r"(SHFL_C), "r"(MemberMask));
    Words[W] = Out;
  }
  T Output;
  __builtin_memcpy(&Output, Words, sizeof(T));
  return Output;
}

template <typename T, int LOGICAL_WARP_THREADS = 32> class WarpReduce {
  static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == 32;
  static constexpr int STEPS = LOGICAL_WARP_THREADS == 32   ? 5
                               : LOGICAL_WARP_THREADS == 16 ? 4
                               : LOGICAL_WARP_THREADS == 8  ? 3
                               : LOGICAL_WARP_THREADS == 4  ? 2
                                                            : 1;

  unsigned LaneId;
  unsigned WarpId;
  unsigned MemberMask;

public:
  struct TempStorage {};

  __device__ explicit WarpReduce(TempStorage &) {
    LaneId = IS_ARCH_WARP ? __laneid() : __laneid() % LOGICAL_WARP_THREADS;
    WarpId = IS_ARCH_WARP ? 0 : __laneid() / LOGICAL_WARP_THREADS;
    MemberMask = IS_ARCH_WARP ? FULL_MASK
                              : (0xffffffffu >> (32 - LOGICAL_WARP_THREADS))
                                    << (WarpId * LOGICAL_WARP_THREADS);
  }

  template <typename ReductionOp>
  __device__ T ReduceStep(T Input, ReductionOp Op, int LastLane, int Offset) {
    T Temp =
        ShuffleDown<LOGICAL_WARP_THREADS>(Input, Offset, LastLane, MemberMask);
    if ((int)LaneId + Offset <= LastLane)
      Input = Op(Input, Temp);
    return Input;
  }

  // The first ValidItems lanes hold inputs; lane 0 gets the result.
  template <typename ReductionOp>
  __device__ T Reduce(T Input, ReductionOp Op, int ValidItems) {
    int LastLane = ValidItems - 1;
#pragma unroll
    for (int Step = 0; Step < STEPS; ++Step)
      Input = ReduceStep(Input, Op, LastLane, 1 << Step);
    return Input;
  }

  template <typename ReductionOp> __device__ T Reduce(T Input, ReductionOp Op) {
    return Reduce(Input, Op, LOGICAL_WARP_THREADS);
  }

  __device__ T Sum(T Input) { return Reduce(Input, cub::Sum()); }

  // Every lane of the logical warp gets the result.
  template <typename ReductionOp>
  __device__ T AllReduce(T Input, ReductionOp Op) {
#pragma unroll
    for (int Mask = LOGICAL_WARP_THREADS / 2; Mask > 0; Mask >>= 1)
      Input = Op(Input, __shfl_xor_sync(MemberMask, Input, Mask,
                                        LOGICAL_WARP_THREADS));
    return Input;
  }

  __device__ T Broadcast(T Input, int SrcLane) {
    return ShuffleIndex<LOGICAL_WARP_THREADS>(Input, SrcLane, MemberMask);
  }
};

template <typename T, int BLOCK_THREADS> class BlockReduce {
  static constexpr int WARPS = (BLOCK_THREADS + 31) / 32;
  using WarpReduceT = WarpReduce<T, 32>;

public:
  struct TempStorage {
    typename WarpReduceT::TempStorage WarpStorage[WARPS];
    T WarpAggregates[WARPS];
  };

private:
  TempStorage &Storage;
  unsigned LinearTid;

public:
  __device__ explicit BlockReduce(TempStorage &S)
      : Storage(S), LinearTid(threadIdx.x) {}

  // Thread 0 gets the reduction of the first NumValid threads' inputs.
  template <typename ReductionOp>
  __device__ T Reduce(T Input, ReductionOp Op, int NumValid) {
    unsigned Warp = LinearTid / 32;
    int WarpOffset = (int)Warp * 32;
    int WarpValid = NumValid - WarpOffset;
    if (WarpValid > 32)
      WarpValid = 32;
    T Partial = Input;
    if (WarpValid > 0)
      Partial =
          WarpReduceT(Storage.WarpStorage[Warp]).Reduce(Input, Op, WarpValid);
    if (LinearTid % 32 == 0)
      Storage.WarpAggregates[Warp] = Partial;
    __syncthreads();
    if (LinearTid == 0) {
      int Warps = (NumValid + 31) / 32;
#pragma unroll
      for (int W = 1; W < WARPS; ++W)
        if (W < Warps)
          Partial = Op(Partial, Storage.WarpAggregates[W]);
    }
    return Partial;
  }

  __device__ T Sum(T Input) { return Reduce(Input, cub::Sum(), BLOCK_THREADS); }
};

} // namespace cub

template <typename T, int LOGICAL_WARP_THREADS, typename Op>
__global__ void warp_reduce_kernel(const T *__restrict__ In,
                                   T *__restrict__ Out, int N) {
  using WarpReduceT = cub::WarpReduce<T, LOGICAL_WARP_THREADS>;
  __shared__ typename WarpReduceT::TempStorage Temp[8];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  int Group = I / LOGICAL_WARP_THREADS;
  int Valid = N - Group * LOGICAL_WARP_THREADS;
  T V = I < N ? In[I] : T();
  WarpReduceT WR(Temp[threadIdx.x / 32]);
  T R = Valid >= LOGICAL_WARP_THREADS ? WR.Reduce(V, Op())
                                      : WR.Reduce(V, Op(), Valid);
  if (I % LOGICAL_WARP_THREADS == 0 && I < N)
    Out[Group] = R;
}

template <typename T, int LOGICAL_WARP_THREADS>
__global__ void warp_allreduce_kernel(T *Data) {
  using WarpReduceT = cub::WarpReduce<T, LOGICAL_WARP_THREADS>;
  __shared__ typename WarpReduceT::TempStorage Temp;
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  WarpReduceT WR(Temp);
  T Total = WR.AllReduce(Data[I], cub::Sum());
  T Biggest = WR.AllReduce(Data[I], cub::Max());
  Data[I] = WR.Broadcast(Total, 0) - Biggest;
}

template <typename T, int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS)
    block_reduce_kernel(const T *In, T *Out, int N) {
  using BlockReduceT = cub::BlockReduce<T, BLOCK_THREADS>;
  __shared__ typename BlockReduceT::TempStorage Temp;
  int Base = blockIdx.x * BLOCK_THREADS;
  int I = Base + threadIdx.x;
  T V = I < N ? In[I] : T();
  T Sum = N - Base >= BLOCK_THREADS
              ? BlockReduceT(Temp).Sum(V)
              : BlockReduceT(Temp).Reduce(V, cub::Sum(), N - Base);
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Sum;
}

#define WARP_REDUCE(T, W, OP)                                                  \
  template __global__ void warp_reduce_kernel<T, W, cub::OP>(const T *, T *,   \
                                                             int);
WARP_REDUCE(int, 32, Sum)
WARP_REDUCE(int, 16, Max)
WARP_REDUCE(int, 4, Min)
WARP_REDUCE(unsigned, 8, Sum)
WARP_REDUCE(long long, 32, Sum)
WARP_REDUCE(long long, 8, Max)
WARP_REDUCE(float, 32, Sum)
WARP_REDUCE(float, 16, Max)
WARP_REDUCE(float, 8, Min)
WARP_REDUCE(float, 4, Sum)
WARP_REDUCE(double, 32, Sum)
WARP_REDUCE(double, 16, Min)
WARP_REDUCE(__half, 32, Sum)
WARP_REDUCE(__half, 8, Max)

template __global__ void warp_allreduce_kernel<int, 32>(int *);
template __global__ void warp_allreduce_kernel<float, 16>(float *);
template __global__ void warp_allreduce_kernel<double, 8>(double *);
template __global__ void warp_allreduce_kernel<__half, 4>(__half *);
template __global__ void warp_allreduce_kernel<unsigned, 32>(unsigned *);

template __global__ void block_reduce_kernel<float, 256>(const float *, float *,
                                                         int);
template __global__ void block_reduce_kernel<int, 128>(const int *, int *, int);
template __global__ void block_reduce_kernel<double, 1024>(const double *,
                                                           double *, int);
template __global__ void block_reduce_kernel<long long, 96>(const long long *,
                                                            long long *, int);
