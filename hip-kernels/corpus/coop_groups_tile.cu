// coop_groups_tile.cu - A cooperative-groups-style thread_block_tile<Size>
// written by hand, and the tile algorithms real code builds on it.
//
// The tile is a power-of-two slice of a warp: its member mask is Size bits
// at the tile's first lane, shuffles pass that mask and the tile width,
// ballot() returns the tile's bits of the warp ballot shifted down to bit
// 0, any()/all() compare that with 0 / the full tile, sync() is
// __syncwarp(mask) and match_any() keeps the tile's bits. reduce() is a
// shfl_xor butterfly, inclusive_scan() a shfl_up ladder, both as
// cooperative_groups/reduce.h and scan.h do for tiles. Tiles of 4, 8, 16
// and 32 lanes over int, unsigned, float, double and __half.
#include "corpus.h"

namespace cg {

struct thread_block {
  __device__ unsigned thread_rank() const {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  __device__ unsigned size() const {
    return blockDim.x * blockDim.y * blockDim.z;
  }
  __device__ void sync() const { __syncthreads(); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }

template <unsigned Size> struct thread_block_tile {
  static_assert(Size && Size <= 32 && (Size & (Size - 1)) == 0,
                "tiles are powers of two up to a warp");
  unsigned BuildMask;
  unsigned MetaRank;

  __device__ explicit thread_block_tile(const thread_block &Parent) {
    unsigned Base = __laneid() & ~(Size - 1);
    BuildMask = (Size == 32 ? 0xffffffffu : (1u << Size) - 1u) << Base;
    MetaRank = Parent.thread_rank() / Size;
  }

  static constexpr unsigned size() { return Size; }
  static constexpr unsigned num_threads() { return Size; }
  __device__ unsigned thread_rank() const { return __laneid() & (Size - 1); }
  __device__ unsigned meta_group_rank() const { return MetaRank; }
  __device__ void sync() const { __syncwarp(BuildMask); }

  template <typename T> __device__ T shfl(T V, int Src) const {
    return __shfl_sync(BuildMask, V, Src, Size);
  }
  template <typename T> __device__ T shfl_down(T V, unsigned Delta) const {
    return __shfl_down_sync(BuildMask, V, Delta, Size);
  }
  template <typename T> __device__ T shfl_up(T V, unsigned Delta) const {
    return __shfl_up_sync(BuildMask, V, Delta, Size);
  }
  template <typename T> __device__ T shfl_xor(T V, int LaneMask) const {
    return __shfl_xor_sync(BuildMask, V, LaneMask, Size);
  }

  __device__ unsigned ballot(int Pred) const {
    unsigned Warp = __ballot_sync(BuildMask, Pred);
    return Size == 32 ? Warp : (Warp >> (__laneid() & ~(Size - 1)));
  }
  __device__ bool any(int Pred) const { return ballot(Pred) != 0; }
  __device__ bool all(int Pred) const {
    return ballot(Pred) == (BuildMask >> (__laneid() & ~(Size - 1)));
  }
  template <typename T> __device__ unsigned match_any(T V) const {
    unsigned Warp = __match_any_sync(BuildMask, V);
    return Size == 32 ? Warp : (Warp >> (__laneid() & ~(Size - 1)));
  }
};

template <unsigned Size>
__device__ thread_block_tile<Size> tiled_partition(const thread_block &Parent) {
  return thread_block_tile<Size>(Parent);
}

template <typename T> struct plus {
  __device__ T operator()(T A, T B) const { return A + B; }
};
template <typename T> struct greater {
  __device__ T operator()(T A, T B) const { return A > B ? A : B; }
};

template <typename Tile, typename T, typename Op>
__device__ T reduce(const Tile &G, T V, Op F) {
#pragma unroll
  for (unsigned Mask = Tile::size() / 2; Mask > 0; Mask >>= 1)
    V = F(V, G.shfl_xor(V, Mask));
  return V;
}

template <typename Tile, typename T, typename Op>
__device__ T inclusive_scan(const Tile &G, T V, Op F) {
#pragma unroll
  for (unsigned Delta = 1; Delta < Tile::size(); Delta <<= 1) {
    T Up = G.shfl_up(V, Delta);
    if (G.thread_rank() >= Delta)
      V = F(V, Up);
  }
  return V;
}

} // namespace cg

// Sum and max per tile; the tile's rank-0 lane writes both.
template <typename T, unsigned TILE>
__global__ void tile_reduce_kernel(const T *In, T *Sums, T *Maxes, int N) {
  cg::thread_block Block = cg::this_thread_block();
  auto Tile = cg::tiled_partition<TILE>(Block);
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  T V = I < N ? In[I] : T();
  T S = cg::reduce(Tile, V, cg::plus<T>());
  T M = cg::reduce(Tile, V, cg::greater<T>());
  if (Tile.thread_rank() == 0) {
    unsigned Group = blockIdx.x * (blockDim.x / TILE) + Tile.meta_group_rank();
    Sums[Group] = S;
    Maxes[Group] = M;
  }
}

template <typename T, unsigned TILE>
__global__ void tile_scan_kernel(T *Data, int N) {
  auto Tile = cg::tiled_partition<TILE>(cg::this_thread_block());
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  T V = I < N ? Data[I] : T();
  V = cg::inclusive_scan(Tile, V, cg::plus<T>());
  T Last = Tile.shfl(V, TILE - 1);
  if (I < N)
    Data[I] = V + Tile.shfl_down(V, 1) - Last;
}

// Tile votes: a tile stops scanning its row as soon as any lane finds the
// key, and reports whether all its lanes saw only non-negative values.
template <unsigned TILE>
__global__ void tile_vote_kernel(const int *Rows, int RowLength, int Key,
                                 int *Found, int *AllNonNegative,
                                 unsigned *Groups) {
  cg::thread_block Block = cg::this_thread_block();
  auto Tile = cg::tiled_partition<TILE>(Block);
  unsigned Row = blockIdx.x * (blockDim.x / TILE) + Tile.meta_group_rank();
  const int *R = Rows + (long long)Row * RowLength;
  int Where = -1;
  bool NonNegative = true;
  for (int Base = 0; Base < RowLength; Base += TILE) {
    int Col = Base + (int)Tile.thread_rank();
    int V = Col < RowLength ? R[Col] : 0;
    NonNegative = NonNegative && V >= 0;
    unsigned Hits = Tile.ballot(Col < RowLength && V == Key);
    if (Hits) {
      Where = Base + __ffs(Hits) - 1;
      break;
    }
  }
  bool All = Tile.all(NonNegative);
  Tile.sync();
  unsigned Same = Tile.match_any(Where);
  if (Tile.thread_rank() == 0) {
    Found[Row] = Where;
    AllNonNegative[Row] = All && !Tile.any(!NonNegative);
    Groups[Row] = Same;
  }
}

#define TILE_REDUCE(T, S)                                                      \
  template __global__ void tile_reduce_kernel<T, S>(const T *, T *, T *, int); \
  template __global__ void tile_scan_kernel<T, S>(T *, int);
TILE_REDUCE(int, 4)
TILE_REDUCE(int, 32)
TILE_REDUCE(unsigned, 8)
TILE_REDUCE(float, 8)
TILE_REDUCE(float, 16)
TILE_REDUCE(float, 32)
TILE_REDUCE(double, 4)
TILE_REDUCE(double, 32)
TILE_REDUCE(__half, 16)
TILE_REDUCE(__half, 32)

template __global__ void tile_vote_kernel<4>(const int *, int, int, int *,
                                             int *, unsigned *);
template __global__ void tile_vote_kernel<8>(const int *, int, int, int *,
                                             int *, unsigned *);
template __global__ void tile_vote_kernel<16>(const int *, int, int, int *,
                                              int *, unsigned *);
template __global__ void tile_vote_kernel<32>(const int *, int, int, int *,
                                              int *, unsigned *);
