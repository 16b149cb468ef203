// cub_warp_scan.cu - CUB-style WarpScan and BlockScan: inclusive and
// exclusive prefix scans over logical warps of 4, 8, 16 and 32 lanes.
//
// The inclusive scan is the Kogge-Stone ladder CUB's WarpScanShfl runs:
// __shfl_up_sync by 1, 2, 4, ... with the logical width, a lane adding
// what it received only when the source lane is inside its logical warp.
// The exclusive scan shifts the inclusive one up by a lane and puts the
// identity in the first lane; the warp aggregate is a broadcast from the
// last lane. BlockScan scans the warp aggregates in shared memory between
// two __syncthreads, as CUB's WARP_SCANS algorithm does. Instantiated for
// int, unsigned, long long, float, double and __half.
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

template <typename T, int LOGICAL_WARP_THREADS = 32> struct WarpScan {
  static constexpr int STEPS = __builtin_ctz(LOGICAL_WARP_THREADS);
  struct TempStorage {};

  unsigned LaneId;
  unsigned MemberMask;

  __device__ explicit WarpScan(TempStorage &) {
    LaneId = __laneid() % LOGICAL_WARP_THREADS;
    unsigned Warp = __laneid() / LOGICAL_WARP_THREADS;
    MemberMask = LOGICAL_WARP_THREADS == 32
                     ? FULL_MASK
                     : (0xffffffffu >> (32 - LOGICAL_WARP_THREADS))
                           << (Warp * LOGICAL_WARP_THREADS);
  }

  template <typename ScanOp>
  __device__ void InclusiveScan(T Input, T &Output, ScanOp Op) {
    Output = Input;
#pragma unroll
    for (int Step = 0; Step < STEPS; ++Step) {
      int Offset = 1 << Step;
      T Temp = __shfl_up_sync(MemberMask, Output, Offset, LOGICAL_WARP_THREADS);
      if ((int)LaneId >= Offset)
        Output = Op(Temp, Output);
    }
  }

  template <typename ScanOp>
  __device__ void InclusiveScan(T Input, T &Output, ScanOp Op,
                                T &WarpAggregate) {
    InclusiveScan(Input, Output, Op);
    WarpAggregate = __shfl_sync(MemberMask, Output, LOGICAL_WARP_THREADS - 1,
                                LOGICAL_WARP_THREADS);
  }

  template <typename ScanOp>
  __device__ void ExclusiveScan(T Input, T &Output, T Identity, ScanOp Op,
                                T &WarpAggregate) {
    T Inclusive;
    InclusiveScan(Input, Inclusive, Op, WarpAggregate);
    T Shifted = __shfl_up_sync(MemberMask, Inclusive, 1, LOGICAL_WARP_THREADS);
    Output = LaneId == 0 ? Identity : Shifted;
  }

  __device__ void InclusiveSum(T Input, T &Output) {
    InclusiveScan(Input, Output, Sum());
  }
  __device__ void ExclusiveSum(T Input, T &Output) {
    T Aggregate;
    ExclusiveScan(Input, Output, T(), Sum(), Aggregate);
  }
};

template <typename T, int BLOCK_THREADS> struct BlockScan {
  static constexpr int WARPS = BLOCK_THREADS / 32;
  using WarpScanT = WarpScan<T, 32>;
  struct TempStorage {
    typename WarpScanT::TempStorage Warp[WARPS];
    T WarpAggregates[WARPS];
    T BlockAggregate;
  };
  TempStorage &Storage;

  __device__ explicit BlockScan(TempStorage &S) : Storage(S) {}

  template <typename ScanOp>
  __device__ void ExclusiveScan(T Input, T &Output, T Identity, ScanOp Op,
                                T &BlockAggregate) {
    unsigned Warp = threadIdx.x / 32;
    T WarpAggregate;
    WarpScanT(Storage.Warp[Warp])
        .ExclusiveScan(Input, Output, Identity, Op, WarpAggregate);
    if (threadIdx.x % 32 == 31)
      Storage.WarpAggregates[Warp] = WarpAggregate;
    __syncthreads();
    T Prefix = Identity;
#pragma unroll
    for (int W = 0; W < WARPS; ++W) {
      if (W == (int)Warp)
        Output = threadIdx.x % 32 == 0 ? Prefix : Op(Prefix, Output);
      Prefix = Op(Prefix, Storage.WarpAggregates[W]);
    }
    BlockAggregate = Prefix;
    __syncthreads();
  }
};

} // namespace cub

template <typename T, int LOGICAL_WARP_THREADS>
__global__ void warp_scan_kernel(const T *In, T *Inclusive, T *Exclusive,
                                 T *Aggregates, int N) {
  using WarpScanT = cub::WarpScan<T, LOGICAL_WARP_THREADS>;
  __shared__ typename WarpScanT::TempStorage Temp[32];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  T V = I < N ? In[I] : T();
  WarpScanT Scan(Temp[threadIdx.x / LOGICAL_WARP_THREADS]);
  T Inc, Exc, Aggregate;
  Scan.InclusiveScan(V, Inc, cub::Sum());
  Scan.ExclusiveScan(V, Exc, T(), cub::Max(), Aggregate);
  if (I < N) {
    Inclusive[I] = Inc;
    Exclusive[I] = Exc;
    if (I % LOGICAL_WARP_THREADS == 0)
      Aggregates[I / LOGICAL_WARP_THREADS] = Aggregate;
  }
}

// A stream's running sum carried across tiles, as a decoupled scan's
// single-block fallback does.
template <typename T, int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS)
    block_scan_kernel(const T *In, T *Out, int N) {
  using BlockScanT = cub::BlockScan<T, BLOCK_THREADS>;
  __shared__ typename BlockScanT::TempStorage Temp;
  T Carry = T();
  for (int Base = 0; Base < N; Base += BLOCK_THREADS) {
    int I = Base + threadIdx.x;
    T V = I < N ? In[I] : T();
    T Prefix, Aggregate;
    BlockScanT(Temp).ExclusiveScan(V, Prefix, T(), cub::Sum(), Aggregate);
    if (I < N)
      Out[I] = Carry + Prefix;
    Carry = Carry + Aggregate;
  }
}

#define WARP_SCAN(T, W)                                                        \
  template __global__ void warp_scan_kernel<T, W>(const T *, T *, T *, T *,    \
                                                  int);
WARP_SCAN(int, 32)
WARP_SCAN(int, 4)
WARP_SCAN(unsigned, 16)
WARP_SCAN(long long, 32)
WARP_SCAN(long long, 8)
WARP_SCAN(float, 32)
WARP_SCAN(float, 8)
WARP_SCAN(double, 32)
WARP_SCAN(double, 16)
WARP_SCAN(__half, 32)
WARP_SCAN(__half, 4)

template __global__ void block_scan_kernel<int, 256>(const int *, int *, int);
template __global__ void block_scan_kernel<float, 128>(const float *, float *,
                                                       int);
template __global__ void block_scan_kernel<double, 64>(const double *, double *,
                                                       int);
template __global__ void
block_scan_kernel<unsigned long long, 512>(const unsigned long long *,
                                           unsigned long long *, int);
