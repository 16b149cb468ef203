// cooperative_groups/scan.h - cg::inclusive_scan and cg::exclusive_scan over
// a thread_block_tile<N> or a coalesced_group, with cg::plus by default or
// any binary operation, written from NVIDIA's public documentation over the
// group's shuffles only. Both are Hillis-Steele scans over ranks: at offsets
// 1, 2, 4, ... each rank r >= offset combines the value of rank r - offset
// with its own; a tile of more than 32 threads scans each warp so and puts
// the earlier warps' totals, from shared memory, before it. The exclusive scan is the inclusive one moved up one rank;
// rank 0 gets T() (0 for cg::plus; CUDA leaves it undefined for other
// operations).
#ifndef __COOPERATIVE_GROUPS_SCAN_H__
#define __COOPERATIVE_GROUPS_SCAN_H__

#include "reduce.h"

// Device code alone (empty to a host compiler, as cooperative_groups.h).
#if defined(__CUDA__)

namespace cooperative_groups {

namespace details {
template <typename GroupT, typename T, typename OpT>
static __device__ inline T inclusiveScan(const GroupT &G, T Value, OpT Op) {
  unsigned N = G.size(), Rank = G.thread_rank();
  for (unsigned Offset = 1; Offset < N; Offset *= 2) {
    T Other = G.shfl_up(Value, Offset);
#ifndef CG_PLANTED_SCAN_BUG
    if (Rank >= Offset)
#else
    if (Rank > Offset) // drops the partner at exactly Offset
#endif
      Value = Op(Value, Other);
  }
  return Value;
}
template <typename GroupT, typename T, typename OpT>
static __device__ inline T exclusiveScan(const GroupT &G, T Value, OpT Op) {
  T Inclusive = inclusiveScan(G, Value, Op);
  T Moved = G.shfl_up(Inclusive, 1);
  return G.thread_rank() == 0 ? T() : Moved;
}

/// A tile of Size > 32 threads: each warp's scan, then the totals of the
/// tile's warps before this one, combined in warp order from shared
/// memory, go before it; the second sync keeps them there until all have
/// read them.
template <bool Inclusive, typename T, typename OpT>
static __device__ inline T multiWarpScan(unsigned Size, T Value, OpT Op) {
  thread_block_tile<32> Warp;
  T Scanned = inclusiveScan(Warp, Value, Op);
  unsigned WarpRank = blockRank() / 32u;
  unsigned First = (blockRank() & ~(Size - 1u)) / 32u;
  if (laneId() == 31)
    storePartial(WarpRank, Scanned);
  T Result = Inclusive ? Scanned : Warp.shfl_up(Scanned, 1);
  multiWarpSync(Size);
  if (WarpRank > First) {
    T Before = loadPartial<T>(First);
    for (unsigned Other = First + 1; Other < WarpRank; ++Other)
      Before = Op(Before, loadPartial<T>(Other));
    Result = Inclusive || laneId() != 0 ? Op(Before, Result) : Before;
  } else if (!Inclusive && laneId() == 0) {
    Result = T();
  }
  multiWarpSync(Size);
  return Result;
}

template <bool Inclusive, unsigned Size, typename ParentT, typename T,
          typename OpT>
static __device__ inline T tileScan(const thread_block_tile<Size, ParentT> &G,
                                    T Value, OpT Op) {
  if constexpr (Size > 32)
    return multiWarpScan<Inclusive>(Size, Value, Op);
  else if constexpr (Inclusive)
    return inclusiveScan(G, Value, Op);
  else
    return exclusiveScan(G, Value, Op);
}
} // namespace details

template <unsigned Size, typename ParentT, typename T, typename OpT>
static __device__ inline T
inclusive_scan(const thread_block_tile<Size, ParentT> &G, T Value, OpT Op) {
  return details::tileScan<true>(G, Value, Op);
}
template <unsigned Size, typename ParentT, typename T>
static __device__ inline T
inclusive_scan(const thread_block_tile<Size, ParentT> &G, T Value) {
  return details::tileScan<true>(G, Value, plus<T>());
}
template <typename T, typename OpT>
static __device__ inline T inclusive_scan(const coalesced_group &G, T Value,
                                          OpT Op) {
  return details::inclusiveScan(G, Value, Op);
}
template <typename T>
static __device__ inline T inclusive_scan(const coalesced_group &G, T Value) {
  return details::inclusiveScan(G, Value, plus<T>());
}

template <unsigned Size, typename ParentT, typename T, typename OpT>
static __device__ inline T
exclusive_scan(const thread_block_tile<Size, ParentT> &G, T Value, OpT Op) {
  return details::tileScan<false>(G, Value, Op);
}
template <unsigned Size, typename ParentT, typename T>
static __device__ inline T
exclusive_scan(const thread_block_tile<Size, ParentT> &G, T Value) {
  return details::tileScan<false>(G, Value, plus<T>());
}
template <typename T, typename OpT>
static __device__ inline T exclusive_scan(const coalesced_group &G, T Value,
                                          OpT Op) {
  return details::exclusiveScan(G, Value, Op);
}
template <typename T>
static __device__ inline T exclusive_scan(const coalesced_group &G, T Value) {
  return details::exclusiveScan(G, Value, plus<T>());
}

} // namespace cooperative_groups

#endif // __CUDA__

#endif // __COOPERATIVE_GROUPS_SCAN_H__
