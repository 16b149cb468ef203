// cooperative_groups.h - CUDA's cooperative groups, written from NVIDIA's
// public documentation (no NVIDIA code), so CUDA sources that use them
// build with cucc and cu2hsaco without an SDK. Everything is built on the
// CUDA warp intrinsics that cuda_runtime.h declares (__shfl*_sync,
// __ballot_sync, __any/__all_sync, __match_*_sync, __syncwarp), on
// __syncthreads, on shared-memory atomics for tiles of more than a warp,
// and for the grid on atomics, __threadfence and __nanosleep, which the
// pass lowers exactly on AMD with 32-lane CUDA warps on wave64 and wave32;
// like NVIDIA's header it relies on the pre-included cuda_runtime.h and
// includes nothing itself.
//
// Provided: thread_group, the type-erased group (a thread_block, a tile, a
// coalesced group or the grid; sync(), size(), num_threads(),
// thread_rank(), meta_group_rank/size()), thread_block (this_thread_block(),
// also with block_tile_memory), grid_group (this_grid(); sync() needs a
// cooperative launch, cudaLaunchCooperativeKernel), thread_block_tile<N> for
// N = 1, 2, 4, ..., 1024 (tiled_partition<N> of a block or of a tile),
// dynamic tiled_partition(parent, n) of a block, tile or coalesced group,
// coalesced_group (coalesced_threads(), labeled_partition,
// binary_partition), invoke_one, invoke_one_broadcast and sync(g); reduce,
// scans and memcpy_async are in cooperative_groups/*.h. Masks are 32-bit
// lane masks within the warp; a tile's masks are its lanes. coalesced_group
// ranks are positions among its lanes, and ballot/match results are packed
// into rank order, as CUDA documents. Group shuffles move any trivially
// copyable type (a struct moves as 32-bit words).
//
// Tiles of 64 to 1024 threads (CUDA 11.1's multi-warp tiles) are whole
// warps of the block: they have sync, ranks, sizes, meta_group_rank/size,
// shfl from one source rank, any, all, cg::reduce and the scans (as in
// CUDA, no shfl_up/down/xor, ballot or match). AMD
// has one barrier per workgroup, and a tile's sync must wait for the
// tile's warps alone (tiles may sync in different places, as on NVIDIA,
// whose tiles have barriers of their own), so a tile's sync is a counter
// barrier in shared memory, one per tile position in the block; the
// tiled_partition that makes such a tile is collective over its parent
// (as CUDA says), which is where the counter is cleared. block_tile_memory
// holds nothing: the barriers and the reductions' partial results are
// this header's own __shared__ variables, allocated only in kernels that
// use them. Not provided: multi-grid and cluster groups;
// grid_group::is_valid() is true whatever the launch.
#ifndef __COOPERATIVE_GROUPS_H__
#define __COOPERATIVE_GROUPS_H__

// Device code alone, as NVIDIA's header: empty to a host compiler (g++).
#if defined(__CUDA__)

namespace cooperative_groups {

namespace details {

/// What a thread_group holds.
enum GroupKind : unsigned {
  BlockGroup,
  TileGroup,
  CoalescedGroup,
  GridGroup,
  MultiWarpTileGroup
};

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
static __device__ inline unsigned long long gridBlockRank() {
  return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) *
             gridDim.x +
         blockIdx.x;
}
static __device__ inline unsigned long long gridNumBlocks() {
  return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
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

/// The lanes of Mask whose ranks among Mask share this lane's rank / Size:
/// this lane's part when a warp-level group is cut into tiles of Size.
static __device__ inline unsigned rankTileMask(unsigned Mask, unsigned Size) {
  unsigned First = __popc(Mask & laneMaskLt()) / Size * Size;
  unsigned Begin = laneOfRank(Mask, First);
  unsigned End = laneOfRank(Mask, First + Size);
  unsigned Below = End >= 32 ? 0xffffffffu : ((1u << End) - 1u);
  return Mask & Below & ~((1u << Begin) - 1u);
}

/// A value of any trivially copyable type moved by a 32-bit shuffle Move,
/// word by word, as CUDA's group shuffles take any such type; arithmetic
/// types go to the shuffle intrinsics' own overloads.
template <typename T, typename MoveT>
static __device__ inline T shuffleAny(T Value, MoveT Move) {
  if constexpr (__is_arithmetic(T)) {
    return Move(Value);
  } else {
    struct Words {
      unsigned W[(sizeof(T) + 3) / 4];
    } In = {}, Out;
    __builtin_memcpy(&In, &Value, sizeof(T));
    for (unsigned I = 0; I < sizeof(In.W) / 4; ++I)
      Out.W[I] = Move(In.W[I]);
    T Result;
    __builtin_memcpy(&Result, &Out, sizeof(T));
    return Result;
  }
}

/// The grid barrier's state: blocks arrived, and the barrier's generation,
/// which the last block to arrive advances. One per module (a code object
/// holds the kernels that can meet at it).
struct GridBarrierState {
  unsigned Arrived;
  unsigned Generation;
};
static __device__ GridBarrierState GridBarrier;

/// grid_group::sync: each block's first thread arrives at the counter and
/// waits (polling, with __nanosleep) until the last block to arrive has
/// reset it and advanced the generation; __syncthreads around it holds the
/// rest of the block, and the fences order each block's writes before the
/// arrival and everyone's reads after the release.
static __device__ inline void gridSync() {
  __syncthreads();
  if (blockRank() == 0) {
    volatile unsigned *Generation = &GridBarrier.Generation;
    unsigned Seen = *Generation;
    __threadfence();
    unsigned Blocks = (unsigned)gridNumBlocks();
    if (atomicAdd(&GridBarrier.Arrived, 1u) == Blocks - 1) {
      atomicExch(&GridBarrier.Arrived, 0u);
      __threadfence();
      atomicAdd(&GridBarrier.Generation, 1u);
    } else {
#ifndef CG_PLANTED_GRID_SYNC_BUG
      while (*Generation == Seen)
        __nvvm_nanosleep(32);
#endif
    }
    __threadfence();
  }
  __syncthreads();
}

/// The barriers of multi-warp tiles: one arrival counter per tile
/// position of each size 64..1024 in a block of up to 1024 threads (the
/// tiles of size S take counters 1024 / S - 1 on).
static __shared__ unsigned TileBarriers[31];

/// The arrival counter of this thread's tile of Size threads.
static __device__ inline unsigned *tileBarrier(unsigned Size) {
  return &TileBarriers[1024u / Size - 1u + blockRank() / Size];
}

/// Clears the counter of this thread's tile of Size threads as the tile is
/// made from Parent, collectively: Parent syncs first, so that no thread
/// still waits in an earlier sync of a tile there, and after, so that no
/// thread arrives before the clear.
template <typename ParentT>
static __device__ inline void clearTileBarrier(unsigned Size,
                                               const ParentT &Parent) {
  Parent.sync();
  if ((blockRank() & (Size - 1u)) == 0)
    *tileBarrier(Size) = 0;
  Parent.sync();
}

/// A multi-warp tile's sync. Every thread takes a ticket from the tile's
/// counter, which only grows: the n-th sync's tickets are n * Size to
/// n * Size + Size - 1 (a thread cannot take one before the counter has
/// passed the previous sync's), and each thread waits until the counter
/// reaches the end of its sync's. No thread depends on another lane of its
/// wave (a wave64 holds two CUDA warps; the lanes of a wave all take their
/// tickets of one sync), nor on state that a later sync changes, so a
/// thread that polls late still leaves. The fences order the tile's
/// shared-memory writes before the arrival and its reads after.
static __device__ inline void multiWarpSync(unsigned Size) {
  unsigned *Counter = tileBarrier(Size);
  __threadfence_block();
  unsigned Ticket = atomicAdd(Counter, 1u);
#ifndef CG_PLANTED_TILE_SYNC_BUG
  unsigned End = (Ticket & ~(Size - 1u)) + Size;
#else
  unsigned End = (Ticket & ~(Size - 1u)) + Size / 2u; // waits for half
#endif
  volatile unsigned *Arrived = Counter;
  while ((int)(*Arrived - End) < 0)
    __nvvm_nanosleep(32);
  __threadfence_block();
}

/// Bytes holding a T (which need not be default constructible).
template <typename T> struct alignas(T) RawValue {
  unsigned char Bytes[sizeof(T)];
};
/// One T per warp of the block, for the warps of a multi-warp tile to
/// combine their partial results.
template <typename T> static __device__ inline RawValue<T> *warpPartials() {
  __shared__ RawValue<T> Partials[32];
  return Partials;
}
template <typename T>
static __device__ inline void storePartial(unsigned Warp, const T &Value) {
  warpPartials<T>()[Warp] = __builtin_bit_cast(RawValue<T>, Value);
}
template <typename T> static __device__ inline T loadPartial(unsigned Warp) {
  return __builtin_bit_cast(T, warpPartials<T>()[Warp]);
}


/// A multi-warp tile's shfl: rank SrcRank, the same for the whole tile (as
/// CUDA's, which hangs on an H100 when ranks ask for different sources),
/// puts its value in the tile's first warp's slot for all to read.
template <typename T>
static __device__ inline T multiWarpBroadcast(unsigned Size, T Value,
                                              unsigned SrcRank) {
  unsigned First = (blockRank() & ~(Size - 1u)) / 32u;
  if ((blockRank() & (Size - 1u)) == SrcRank)
    storePartial(First, Value);
  multiWarpSync(Size);
  T Result = loadPartial<T>(First);
  multiWarpSync(Size);
  return Result;
}

/// A multi-warp tile's any (All false) or all: each warp's vote, combined
/// over the tile's warps from shared memory.
static __device__ inline int multiWarpVote(unsigned Size, int Pred, bool All) {
  unsigned Warp = blockRank() / 32u;
  unsigned First = (blockRank() & ~(Size - 1u)) / 32u;
  unsigned Vote = All ? __all_sync(0xffffffffu, Pred)
                      : __any_sync(0xffffffffu, Pred);
  if (laneId() == 0)
    storePartial(Warp, Vote);
  multiWarpSync(Size);
  unsigned Result = All;
  for (unsigned Other = First; Other < First + Size / 32u; ++Other)
    Result = All ? Result & loadPartial<unsigned>(Other)
                 : Result | loadPartial<unsigned>(Other);
  multiWarpSync(Size);
  return (int)Result;
}

} // namespace details

/// Any group: a thread_block, a warp-level group given by its lanes (a
/// tile or a coalesced group) or the grid. Ranks of a warp-level group
/// count the lanes of its mask below this one.
class thread_group {
protected:
  unsigned Kind;
  unsigned Mask; // A multi-warp tile's: its size.
  unsigned MetaRank, MetaSize;

  __device__ thread_group(details::GroupKind K, unsigned M, unsigned MR,
                          unsigned MS)
      : Kind(K), Mask(M), MetaRank(MR), MetaSize(MS) {}

public:
  __device__ explicit thread_group(unsigned M, unsigned MR = 0,
                                   unsigned MS = 1)
      : Kind(details::TileGroup), Mask(M), MetaRank(MR), MetaSize(MS) {}
  __device__ void sync() const {
    if (Kind == details::BlockGroup)
      __syncthreads();
    else if (Kind == details::GridGroup)
      details::gridSync();
    else if (Kind == details::MultiWarpTileGroup)
      details::multiWarpSync(Mask);
    else
      __syncwarp(Mask);
  }
  /// A thread_group holding the grid gives 0 for its rank and size, as
  /// CUDA 13.0's header does on an H100 (lit-tests/cooperative-groups);
  /// grid_group's own members give the grid's.
  __device__ unsigned long long thread_rank() const {
    if (Kind == details::BlockGroup)
      return details::blockRank();
    if (Kind == details::GridGroup)
      return 0;
    if (Kind == details::MultiWarpTileGroup)
      return details::blockRank() & (Mask - 1u);
    return __popc(Mask & details::laneMaskLt());
  }
  __device__ unsigned long long size() const {
    if (Kind == details::BlockGroup)
      return details::blockSize();
    if (Kind == details::GridGroup)
      return 0;
    if (Kind == details::MultiWarpTileGroup)
      return Mask;
    return __popc(Mask);
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long meta_group_rank() const { return MetaRank; }
  __device__ unsigned long long meta_group_size() const { return MetaSize; }
  __device__ bool is_valid() const { return true; }
  /// Not CUDA's: the lanes of a warp-level group (0 for a block or the
  /// grid, all for a multi-warp tile).
  __device__ unsigned get_mask() const {
    return Kind == details::MultiWarpTileGroup ? 0xffffffffu : Mask;
  }
  __device__ unsigned get_kind() const { return Kind; }
};

/// The whole thread block.
class thread_block : public thread_group {
public:
  __device__ thread_block() : thread_group(details::BlockGroup, 0u, 0u, 1u) {}
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const { return details::blockRank(); }
  __device__ unsigned int size() const { return details::blockSize(); }
  __device__ unsigned int num_threads() const { return details::blockSize(); }
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

/// Memory for tiles larger than a warp on GPUs before compute capability
/// 8.0; this header's multi-warp tiles keep their barriers in shared
/// variables of their own, so it holds nothing.
template <unsigned int MaxBlockSize = 1024, unsigned int = 0>
struct block_tile_memory {};

static __device__ inline thread_block this_thread_block() {
  return thread_block();
}
template <unsigned int MaxBlockSize, unsigned int Other>
static __device__ inline thread_block
this_thread_block(block_tile_memory<MaxBlockSize, Other> &) {
  return thread_block();
}

/// All threads of a cooperative launch. sync() waits for every thread of
/// the grid; the launch must be cudaLaunchCooperativeKernel's.
class grid_group : public thread_group {
public:
  __device__ grid_group() : thread_group(details::GridGroup, 0u, 0u, 1u) {}
  __device__ void sync() const { details::gridSync(); }
  __device__ bool is_valid() const { return true; }
  __device__ unsigned long long thread_rank() const {
    return details::gridBlockRank() * details::blockSize() +
           details::blockRank();
  }
  __device__ unsigned long long size() const {
    return details::gridNumBlocks() * details::blockSize();
  }
  __device__ unsigned long long num_threads() const { return size(); }
  __device__ unsigned long long num_blocks() const {
    return details::gridNumBlocks();
  }
  __device__ unsigned long long block_rank() const {
    return details::gridBlockRank();
  }
  __device__ dim3 dim_blocks() const {
    return dim3(gridDim.x, gridDim.y, gridDim.z);
  }
  __device__ dim3 group_dim() const { return dim_blocks(); }
  __device__ dim3 block_index() const {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  __device__ dim3 dim_threads() const {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
};

static __device__ inline grid_group this_grid() { return grid_group(); }

/// The active lanes of a warp (or a partition of them). shfl and friends
/// address ranks, which map to lanes through the mask.
class coalesced_group : public thread_group {
public:
  __device__ explicit coalesced_group(unsigned M, unsigned MR = 0,
                                      unsigned MS = 1)
      : thread_group(details::CoalescedGroup, M, MR, MS) {}
  __device__ void sync() const { __syncwarp(Mask); }
  __device__ unsigned long long thread_rank() const {
    return __popc(Mask & details::laneMaskLt());
  }
  __device__ unsigned long long size() const { return __popc(Mask); }
  __device__ unsigned long long num_threads() const { return __popc(Mask); }

  template <typename T> __device__ T shfl(T Value, unsigned SrcRank) const {
    unsigned Lane = Mask == 0xffffffffu
                        ? SrcRank
                        : details::laneOfRank(Mask, SrcRank % __popc(Mask));
    return details::shuffleAny(
        Value, [&](auto V) { return __shfl_sync(Mask, V, (int)Lane, 32); });
  }
  template <typename T> __device__ T shfl_up(T Value, unsigned Delta) const {
    if (Mask == 0xffffffffu)
      return details::shuffleAny(
          Value, [&](auto V) { return __shfl_up_sync(Mask, V, Delta, 32); });
    unsigned Rank = __popc(Mask & details::laneMaskLt());
    unsigned Lane = Rank >= Delta ? details::laneOfRank(Mask, Rank - Delta)
                                  : details::laneId();
    return details::shuffleAny(
        Value, [&](auto V) { return __shfl_sync(Mask, V, (int)Lane, 32); });
  }
  template <typename T> __device__ T shfl_down(T Value, unsigned Delta) const {
    if (Mask == 0xffffffffu)
      return details::shuffleAny(
          Value, [&](auto V) { return __shfl_down_sync(Mask, V, Delta, 32); });
    unsigned Rank = __popc(Mask & details::laneMaskLt());
    unsigned Lane = details::laneOfRank(Mask, Rank + Delta);
    if (Lane >= 32)
      Lane = details::laneId();
    return details::shuffleAny(
        Value, [&](auto V) { return __shfl_sync(Mask, V, (int)Lane, 32); });
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

template <unsigned Size, typename ParentT = void> class thread_block_tile;

namespace details {
/// The size of a static tile's parent when it is a tile; 0 for a block.
template <typename ParentT> struct ParentTileSize {
  static constexpr unsigned Value = 0;
};
template <unsigned Size, typename GrandParentT>
struct ParentTileSize<thread_block_tile<Size, GrandParentT>> {
  static constexpr unsigned Value = Size;
};
} // namespace details

namespace details {
/// Tags thread_block_tile's constructor that tiled_partition calls.
struct FromParent {};
/// This thread's rank in a parent of ParentSize threads (0: the block).
static __device__ inline unsigned rankInParent(unsigned ParentSize) {
  return ParentSize ? blockRank() & (ParentSize - 1u) : blockRank();
}
/// How many tiles of Size threads a parent of ParentSize (0: the block)
/// holds.
static __device__ inline unsigned tilesInParent(unsigned ParentSize,
                                                unsigned Size) {
  return ParentSize ? ParentSize / Size : (blockSize() + Size - 1u) / Size;
}
} // namespace details

/// A tile of Size consecutive threads (Size a power of two up to 1024) of a
/// block or of a larger tile; meta_group_rank/size number the tiles of the
/// parent. A tile of at most 32 threads is lanes of one warp: lane masks
/// are the tile's lanes, ballot and match results are tile-relative. A
/// larger one is whole warps, with the members CUDA gives such tiles.
template <unsigned Size, typename ParentT>
class thread_block_tile : public thread_group {
  static_assert(Size >= 1 && Size <= 1024 && (Size & (Size - 1)) == 0,
                "thread_block_tile: Size must be a power of two up to 1024");
  static constexpr unsigned ParentSize =
      details::ParentTileSize<ParentT>::Value;
  static constexpr bool MultiWarp = Size > 32;
  static_assert(!MultiWarp || ParentSize == 0 || ParentSize > Size,
                "thread_block_tile: a tile's parent must be larger");

  /// The member mask of the tile's shuffles: width Size keeps every lane's
  /// source in its own tile, whose threads all take the shuffle, so the
  /// whole warp's mask says the same to the lowering and lets it move data
  /// register to register, which it does only where every source is in the
  /// mask (a tile's own mask, tileMask(Size), is known only at run time).
  static constexpr unsigned TileShuffleMask = 0xffffffffu;

  __device__ unsigned shift() const { return details::laneId() & ~(Size - 1u); }
  __device__ void assertWarpTile() const {
    static_assert(!MultiWarp, "thread_block_tile: shfl_up/down/xor, ballot "
                              "and match are for tiles of at most 32 "
                              "threads, as in CUDA");
  }

public:
  __device__ thread_block_tile()
      : thread_group(MultiWarp ? details::MultiWarpTileGroup
                               : details::TileGroup,
                     MultiWarp ? Size : details::tileMask(Size),
                     details::rankInParent(ParentSize) / Size,
                     details::tilesInParent(ParentSize, Size)) {}
  /// tiled_partition<Size>(Parent), collective over Parent, which clears
  /// a multi-warp tile's barrier.
  template <typename GroupT>
  __device__ thread_block_tile(const GroupT &Parent, details::FromParent)
      : thread_block_tile() {
    if constexpr (MultiWarp)
      details::clearTileBarrier(Size, Parent);
  }
  template <typename OtherParent>
  __device__ thread_block_tile(const thread_block_tile<Size, OtherParent> &T)
      : thread_group(T) {}

  static constexpr unsigned num_threads() { return Size; }
  static constexpr unsigned size() { return Size; }
  __device__ void sync() const {
    if constexpr (MultiWarp)
      details::multiWarpSync(Size);
    else
      __syncwarp(Mask);
  }
  __device__ unsigned thread_rank() const {
    if constexpr (MultiWarp)
      return details::blockRank() & (Size - 1u);
    else
      return details::laneId() & (Size - 1u);
  }
  __device__ unsigned meta_group_rank() const { return MetaRank; }
  __device__ unsigned meta_group_size() const { return MetaSize; }

  template <typename T> __device__ T shfl(T Value, int SrcRank) const {
    if constexpr (MultiWarp)
      return details::multiWarpBroadcast(Size, Value, (unsigned)SrcRank);
    else
      return details::shuffleAny(Value, [&](auto V) {
        return __shfl_sync(TileShuffleMask, V, SrcRank, Size);
      });
  }
  template <typename T> __device__ T shfl_up(T Value, unsigned Delta) const {
    assertWarpTile();
    return details::shuffleAny(
        Value,
        [&](auto V) { return __shfl_up_sync(TileShuffleMask, V, Delta, Size); });
  }
  template <typename T> __device__ T shfl_down(T Value, unsigned Delta) const {
    assertWarpTile();
    return details::shuffleAny(
        Value, [&](auto V) {
          return __shfl_down_sync(TileShuffleMask, V, Delta, Size);
        });
  }
  template <typename T> __device__ T shfl_xor(T Value, unsigned LaneMask) const {
    assertWarpTile();
    return details::shuffleAny(Value, [&](auto V) {
      return __shfl_xor_sync(TileShuffleMask, V, (int)LaneMask, Size);
    });
  }
  __device__ int any(int Pred) const {
    if constexpr (MultiWarp)
      return details::multiWarpVote(Size, Pred, false);
    else
      return __any_sync(Mask, Pred);
  }
  __device__ int all(int Pred) const {
    if constexpr (MultiWarp)
      return details::multiWarpVote(Size, Pred, true);
    else
      return __all_sync(Mask, Pred);
  }
  __device__ unsigned ballot(int Pred) const {
    assertWarpTile();
    return __ballot_sync(Mask, Pred) >> shift();
  }
  template <typename T> __device__ unsigned match_any(T Value) const {
    assertWarpTile();
    return __match_any_sync(Mask, Value) >> shift();
  }
  template <typename T> __device__ unsigned match_all(T Value, int &Pred) const {
    assertWarpTile();
    return __match_all_sync(Mask, Value, &Pred) >> shift();
  }
};

template <unsigned Size, typename ParentT>
static __device__ inline thread_block_tile<Size, ParentT>
tiled_partition(const ParentT &Parent) {
  return thread_block_tile<Size, ParentT>(Parent, details::FromParent());
}

/// tiled_partition(parent, n), n a power of two up to 32: of a block, the
/// last tile holds the threads that exist; of a tile or coalesced group,
/// each tile holds n consecutive ranks of it.
static __device__ inline thread_group tiled_partition(const thread_group &Parent,
                                                      unsigned Size) {
  unsigned Rank = (unsigned)Parent.thread_rank();
  unsigned Tiles = ((unsigned)Parent.size() + Size - 1) / Size;
  if (Parent.get_kind() == details::BlockGroup ||
      Parent.get_kind() == details::GridGroup)
    return thread_group(details::launchedTileMask(Size),
                        details::blockRank() / Size,
                        (details::blockSize() + Size - 1) / Size);
  if (Parent.get_kind() == details::MultiWarpTileGroup)
    return thread_group(details::tileMask(Size), Rank / Size, Tiles);
  unsigned Mask = details::rankTileMask(Parent.get_mask(), Size);
  if (Parent.get_kind() == details::CoalescedGroup)
    return coalesced_group(Mask, Rank / Size, Tiles);
  return thread_group(Mask, Rank / Size, Tiles);
}
static __device__ inline coalesced_group
tiled_partition(const coalesced_group &Parent, unsigned Size) {
  unsigned Rank = (unsigned)Parent.thread_rank();
  return coalesced_group(details::rankTileMask(Parent.get_mask(), Size),
                         Rank / Size,
                         ((unsigned)Parent.size() + Size - 1) / Size);
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
static __device__ inline void sync(const grid_group &G) { G.sync(); }
static __device__ inline void sync(const coalesced_group &G) { G.sync(); }
template <unsigned Size, typename ParentT>
static __device__ inline void sync(const thread_block_tile<Size, ParentT> &G) {
  G.sync();
}
static __device__ inline void sync(const thread_group &G) { G.sync(); }

/// Calls Fn(Args...) on one thread of G (its rank 0, the lowest lane).
template <typename GroupT, typename FnT, typename... ArgsT>
static __device__ inline void invoke_one(const GroupT &G, FnT &&Fn,
                                         ArgsT &&...Args) {
  if (G.thread_rank() == 0)
    Fn(static_cast<ArgsT &&>(Args)...);
}
/// The same, and every thread of G gets what Fn returned.
template <typename GroupT, typename FnT, typename... ArgsT>
static __device__ inline auto invoke_one_broadcast(const GroupT &G, FnT &&Fn,
                                                   ArgsT &&...Args)
    -> decltype(Fn(static_cast<ArgsT &&>(Args)...)) {
  decltype(Fn(static_cast<ArgsT &&>(Args)...)) Result{};
  if (G.thread_rank() == 0)
    Result = Fn(static_cast<ArgsT &&>(Args)...);
  return G.shfl(Result, 0);
}

} // namespace cooperative_groups

#endif // __CUDA__

#endif // __COOPERATIVE_GROUPS_H__
