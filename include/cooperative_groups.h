// cooperative_groups.h - CUDA's cooperative groups for warps and blocks,
// written from NVIDIA's public documentation (no NVIDIA code), so CUDA
// sources that use them build with cu2hsaco without an SDK. Everything is
// built on the CUDA warp intrinsics that cuda_runtime.h declares
// (__shfl*_sync, __ballot_sync, __any/__all_sync, __match_*_sync,
// __syncwarp) and on __syncthreads, which the pass lowers exactly on AMD with
// 32-lane CUDA warps on wave64 and wave32; like NVIDIA's header it relies on
// the pre-included cuda_runtime.h and includes nothing itself.
//
// Provided: thread_block (this_thread_block()), thread_group (dynamic
// tiled_partition(parent, n), n = 1..32, a power of two), thread_block_tile<N>
// for N = 1, 2, 4, 8, 16, 32 (tiled_partition<N>), coalesced_group
// (coalesced_threads(), labeled_partition, binary_partition), sync(g).
// Masks are 32-bit lane masks within the warp; a tile's masks are its lanes.
// coalesced_group ranks are positions among its lanes, and ballot/match
// results are packed into rank order, as CUDA documents. Not provided: grid
// and multi-grid groups, cluster groups, memcpy_async, invoke_one.
#ifndef __COOPERATIVE_GROUPS_H__
#define __COOPERATIVE_GROUPS_H__

namespace cooperative_groups {

namespace details {

static __device__ inline unsigned laneId() {
  return __nvvm_read_ptx_sreg_laneid();
}
static __device__ inline unsigned laneMaskLt() {
  return __nvvm_read_ptx_sreg_lanemask_lt();
}
static __device__ inline unsigned blockRank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static __device__ inline unsigned blockSize() {
  return blockDim.x * blockDim.y * blockDim.z;
}
/// The lane of the Rank-th (0-based) set bit of Mask; 32 if there is none.
static __device__ inline unsigned laneOfRank(unsigned Mask, unsigned Rank) {
  unsigned Lane = 0;
  for (unsigned Step = 16; Step != 0; Step >>= 1) {
    unsigned Low = __popc(Mask & ((1u << Step) - 1u));
    if (Rank >= Low) {
      Rank -= Low;
      Mask >>= Step;
      Lane += Step;
    }
  }
  return (Rank == 0 && (Mask & 1u)) ? Lane : 32u;
}
/// The bits of Value at the lanes of Mask, packed into rank order.
static __device__ inline unsigned packLanes(unsigned Mask, unsigned Value) {
  unsigned Out = 0, Bit = 0;
  while (Mask) {
    unsigned Lane = __ffs(Mask) - 1;
    Out |= ((Value >> Lane) & 1u) << Bit++;
    Mask &= Mask - 1;
  }
  return Out;
}
/// The lanes of the size-Size tile that holds this lane.
static __device__ inline unsigned tileMask(unsigned Size) {
  unsigned Ones = Size >= 32 ? 0xffffffffu : ((1u << Size) - 1u);
  return Ones << (laneId() & ~(Size - 1u));
}

/// The lanes of tileMask(Size) that exist: a tile at the end of a block
/// whose size is not a multiple of 32 has fewer than Size threads.
static __device__ inline unsigned launchedTileMask(unsigned Size) {
  unsigned WarpBase = blockRank() & ~31u;
  unsigned Launched = blockSize() - WarpBase;
  unsigned Valid = Launched >= 32 ? 0xffffffffu : ((1u << Launched) - 1u);
  return tileMask(Size) & Valid;
}

} // namespace details

/// The whole thread block.
class thread_block {
public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned long long thread_rank() const {
    return details::blockRank();
  }
  __device__ unsigned long long size() const { return details::blockSize(); }
  __device__ unsigned long long num_threads() const {
    return details::blockSize();
  }
  __device__ dim3 group_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ dim3 thread_index() const {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  __device__ dim3 dim_threads() const {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
  __device__ dim3 group_dim() const { return dim_threads(); }
  static __device__ void barrier_wait() { __syncthreads(); }
};

static __device__ inline thread_block this_thread_block() {
  return thread_block();
}

/// A group of lanes of one warp given by a mask; the base of the warp-level
/// groups. Ranks count the lanes of Mask below this one.
class thread_group {
protected:
  unsigned Mask;
  unsigned MetaRank, MetaSize;

public:
  __device__ explicit thread_group(unsigned M, unsigned MR = 0,
                                   unsigned MS = 1)
      : Mask(M), MetaRank(MR), MetaSize(MS) {}
  __device__ void sync() const { __syncwarp(Mask); }
  __device__ unsigned long long thread_rank() const {
    return __popc(Mask & details::laneMaskLt());
  }
  __device__ unsigned long long size() const { return __popc(Mask); }
  __device__ unsigned long long num_threads() const { return __popc(Mask); }
  __device__ unsigned long long meta_group_rank() const { return MetaRank; }
  __device__ unsigned long long meta_group_size() const { return MetaSize; }
  __device__ unsigned get_mask() const { return Mask; }
};

/// The active lanes of a warp (or a partition of them). shfl and friends
/// address ranks, which map to lanes through the mask.
class coalesced_group : public thread_group {
public:
  __device__ explicit coalesced_group(unsigned M) : thread_group(M) {}

  template <typename T> __device__ T shfl(T Value, unsigned SrcRank) const {
    unsigned Lane = Mask == 0xffffffffu
                        ? SrcRank
                        : details::laneOfRank(Mask, SrcRank % __popc(Mask));
    return __shfl_sync(Mask, Value, (int)Lane, 32);
  }
  template <typename T> __device__ T shfl_up(T Value, unsigned Delta) const {
    if (Mask == 0xffffffffu)
      return __shfl_up_sync(Mask, Value, Delta, 32);
    unsigned Rank = __popc(Mask & details::laneMaskLt());
    unsigned Lane =
        Rank >= Delta ? details::laneOfRank(Mask, Rank - Delta) : details::laneId();
    return __shfl_sync(Mask, Value, (int)Lane, 32);
  }
  template <typename T> __device__ T shfl_down(T Value, unsigned Delta) const {
    if (Mask == 0xffffffffu)
      return __shfl_down_sync(Mask, Value, Delta, 32);
    unsigned Rank = __popc(Mask & details::laneMaskLt());
    unsigned Lane = details::laneOfRank(Mask, Rank + Delta);
    if (Lane >= 32)
      Lane = details::laneId();
    return __shfl_sync(Mask, Value, (int)Lane, 32);
  }
  __device__ int any(int Pred) const { return __any_sync(Mask, Pred); }
  __device__ int all(int Pred) const { return __all_sync(Mask, Pred); }
  __device__ unsigned ballot(int Pred) const {
    return details::packLanes(Mask, __ballot_sync(Mask, Pred));
  }
  template <typename T> __device__ unsigned match_any(T Value) const {
    return details::packLanes(Mask, __match_any_sync(Mask, Value));
  }
  template <typename T> __device__ unsigned match_all(T Value, int &Pred) const {
    return details::packLanes(Mask, __match_all_sync(Mask, Value, &Pred));
  }
};

static __device__ inline coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

/// A tile of Size consecutive lanes (Size a power of two up to 32): lane
/// masks are the tile's lanes, ballot and match results are tile-relative.
template <unsigned Size, typename ParentT = void>
class thread_block_tile : public thread_group {
  static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0,
                "thread_block_tile: Size must be 1, 2, 4, 8, 16 or 32");

  __device__ unsigned shift() const { return details::laneId() & ~(Size - 1u); }

public:
  __device__ thread_block_tile()
      : thread_group(details::tileMask(Size), details::blockRank() / Size,
                     (details::blockSize() + Size - 1) / Size) {}
  template <typename OtherParent>
  __device__ thread_block_tile(const thread_block_tile<Size, OtherParent> &)
      : thread_block_tile() {}

  static constexpr unsigned num_threads() { return Size; }
  static constexpr unsigned size() { return Size; }
  __device__ unsigned thread_rank() const { return details::laneId() & (Size - 1u); }

  template <typename T> __device__ T shfl(T Value, int SrcRank) const {
    return __shfl_sync(Mask, Value, SrcRank, Size);
  }
  template <typename T> __device__ T shfl_up(T Value, unsigned Delta) const {
    return __shfl_up_sync(Mask, Value, Delta, Size);
  }
  template <typename T> __device__ T shfl_down(T Value, unsigned Delta) const {
    return __shfl_down_sync(Mask, Value, Delta, Size);
  }
  template <typename T> __device__ T shfl_xor(T Value, unsigned LaneMask) const {
    return __shfl_xor_sync(Mask, Value, LaneMask, Size);
  }
  __device__ int any(int Pred) const { return __any_sync(Mask, Pred); }
  __device__ int all(int Pred) const { return __all_sync(Mask, Pred); }
  __device__ unsigned ballot(int Pred) const {
    return __ballot_sync(Mask, Pred) >> shift();
  }
  template <typename T> __device__ unsigned match_any(T Value) const {
    return __match_any_sync(Mask, Value) >> shift();
  }
  template <typename T> __device__ unsigned match_all(T Value, int &Pred) const {
    return __match_all_sync(Mask, Value, &Pred) >> shift();
  }
};

template <unsigned Size, typename ParentT>
static __device__ inline thread_block_tile<Size, ParentT>
tiled_partition(const ParentT &) {
  return thread_block_tile<Size, ParentT>();
}

/// tiled_partition(parent, n) with n a power of two up to 32; the last tile
/// of a block holds the threads that exist.
static __device__ inline thread_group tiled_partition(const thread_block &,
                                                      unsigned Size) {
  return thread_group(details::launchedTileMask(Size), details::blockRank() / Size,
                      (details::blockSize() + Size - 1) / Size);
}
static __device__ inline thread_group tiled_partition(const thread_group &,
                                                      unsigned Size) {
  return thread_group(details::launchedTileMask(Size), details::blockRank() / Size,
                      (details::blockSize() + Size - 1) / Size);
}

/// Groups the lanes of G by Label (lanes with equal labels).
template <typename LabelT>
static __device__ inline coalesced_group
labeled_partition(const coalesced_group &G, LabelT Label) {
  return coalesced_group(__match_any_sync(G.get_mask(), Label));
}
template <unsigned Size, typename ParentT, typename LabelT>
static __device__ inline coalesced_group
labeled_partition(const thread_block_tile<Size, ParentT> &G, LabelT Label) {
  return coalesced_group(__match_any_sync(G.get_mask(), Label));
}
/// Splits G into the lanes where Pred is true and those where it is false.
static __device__ inline coalesced_group
binary_partition(const coalesced_group &G, bool Pred) {
  unsigned True = __ballot_sync(G.get_mask(), Pred);
  return coalesced_group(Pred ? True : G.get_mask() & ~True);
}
template <unsigned Size, typename ParentT>
static __device__ inline coalesced_group
binary_partition(const thread_block_tile<Size, ParentT> &G, bool Pred) {
  unsigned True = __ballot_sync(G.get_mask(), Pred);
  return coalesced_group(Pred ? True : G.get_mask() & ~True);
}

static __device__ inline void sync(const thread_block &G) { G.sync(); }
static __device__ inline void sync(const thread_group &G) { G.sync(); }

} // namespace cooperative_groups

#endif // __COOPERATIVE_GROUPS_H__
