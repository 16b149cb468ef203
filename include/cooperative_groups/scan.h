// cooperative_groups/scan.h - cg::inclusive_scan and cg::exclusive_scan over
// a thread_block_tile<N> or a coalesced_group, with cg::plus by default or
// any binary operation, written from NVIDIA's public documentation over the
// group's shuffles only. Both are Hillis-Steele scans over ranks: at offsets
// 1, 2, 4, ... each rank r >= offset combines the value of rank r - offset
// with its own. The exclusive scan is the inclusive one moved up one rank;
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
} // namespace details

template <unsigned Size, typename ParentT, typename T, typename OpT>
static __device__ inline T
inclusive_scan(const thread_block_tile<Size, ParentT> &G, T Value, OpT Op) {
  return details::inclusiveScan(G, Value, Op);
}
template <unsigned Size, typename ParentT, typename T>
static __device__ inline T
inclusive_scan(const thread_block_tile<Size, ParentT> &G, T Value) {
  return details::inclusiveScan(G, Value, plus<T>());
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
  return details::exclusiveScan(G, Value, Op);
}
template <unsigned Size, typename ParentT, typename T>
static __device__ inline T
exclusive_scan(const thread_block_tile<Size, ParentT> &G, T Value) {
  return details::exclusiveScan(G, Value, plus<T>());
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
