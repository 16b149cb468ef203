// cooperative_groups/reduce.h - cg::reduce over a thread_block_tile<N> or a
// coalesced_group, and the function objects CUDA gives for it (cg::plus,
// less, greater, bit_and, bit_or, bit_xor; any callable taking two values
// works) on values of any trivially copyable type, written from NVIDIA's
// public documentation over the group's shuffles (and, for tiles of more
// than 32 threads, shared memory). Every lane of the group gets the
// result. The order of a tile's reduction is a butterfly
// with offsets N/2, N/4, ..., 1 (each lane combines its value with the lane
// at rank ^ offset), which is what an NVIDIA H100 gives for float sums bit
// for bit (lit-tests/cooperative-groups); a coalesced group of other than 32
// lanes runs an inclusive scan over its ranks (offsets 1, 2, 4, ...) and
// broadcasts the last rank's value, which is the H100's order too (a
// reduction to rank 0 with shfl_down differs from it in the last bit of
// float sums). A tile of more than 32 threads combines its warps' results
// in warp order.
#ifndef __COOPERATIVE_GROUPS_REDUCE_H__
#define __COOPERATIVE_GROUPS_REDUCE_H__

#include "../cooperative_groups.h"

// Device code alone (empty to a host compiler, as cooperative_groups.h).
#if defined(__CUDA__)

namespace cooperative_groups {

template <typename T> struct plus {
  __device__ T operator()(T A, T B) const { return A + B; }
};
template <typename T> struct less {
  __device__ T operator()(T A, T B) const { return B < A ? B : A; }
};
template <typename T> struct greater {
  __device__ T operator()(T A, T B) const { return A < B ? B : A; }
};
template <typename T> struct bit_and {
  __device__ T operator()(T A, T B) const { return A & B; }
};
template <typename T> struct bit_or {
  __device__ T operator()(T A, T B) const { return A | B; }
};
template <typename T> struct bit_xor {
  __device__ T operator()(T A, T B) const { return A ^ B; }
};

namespace details {
template <unsigned Size, typename ParentT, typename T, typename OpT>
static __device__ inline T
warpTileReduce(const thread_block_tile<Size, ParentT> &G, T Value, OpT Op) {
#ifndef CG_PLANTED_REDUCE_BUG
  for (unsigned Offset = Size / 2; Offset != 0; Offset /= 2)
#else
  for (unsigned Offset = Size / 2; Offset > 1; Offset /= 2) // skips offset 1
#endif
    Value = Op(Value, G.shfl_xor(Value, Offset));
  return Value;
}

/// A tile of Size > 32 threads: each warp's butterfly, then every thread
/// combines the results of the tile's warps, in warp order, from shared
/// memory; the second sync keeps them there until all have read them.
template <typename T, typename OpT>
static __device__ inline T multiWarpReduce(unsigned Size, T Value, OpT Op) {
  Value = warpTileReduce(thread_block_tile<32>(), Value, Op);
  unsigned Warp = blockRank() / 32u;
  unsigned First = (blockRank() & ~(Size - 1u)) / 32u;
  if (laneId() == 0)
    storePartial(Warp, Value);
  multiWarpSync(Size);
  T Result = loadPartial<T>(First);
  for (unsigned Other = First + 1; Other < First + Size / 32u; ++Other)
    Result = Op(Result, loadPartial<T>(Other));
  multiWarpSync(Size);
  return Result;
}
} // namespace details

template <unsigned Size, typename ParentT, typename T, typename OpT>
static __device__ inline T reduce(const thread_block_tile<Size, ParentT> &G,
                                  T Value, OpT Op) {
  if constexpr (Size > 32)
    return details::multiWarpReduce(Size, Value, Op);
  else
    return details::warpTileReduce(G, Value, Op);
}

template <typename T, typename OpT>
static __device__ inline T reduce(const coalesced_group &G, T Value, OpT Op) {
  unsigned N = G.size();
  if (N == 32) {
    for (unsigned Offset = 16; Offset != 0; Offset /= 2)
      Value = Op(Value, details::shuffleAny(Value, [&](auto V) {
                   return __shfl_xor_sync(0xffffffffu, V, (int)Offset, 32);
                 }));
    return Value;
  }
  // An inclusive scan over ranks (offsets 1, 2, 4, ...), whose last rank
  // holds the total, broadcast.
  unsigned Rank = G.thread_rank();
  for (unsigned Offset = 1; Offset < N; Offset *= 2) {
    T Other = G.shfl_up(Value, Offset);
    if (Rank >= Offset)
      Value = Op(Value, Other);
  }
  return G.shfl(Value, N - 1);
}

} // namespace cooperative_groups

#endif // __CUDA__

#endif // __COOPERATIVE_GROUPS_REDUCE_H__
