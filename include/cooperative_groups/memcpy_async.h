// cooperative_groups/memcpy_async.h - cg::memcpy_async, cg::wait and
// cg::wait_prior<N>, written from NVIDIA's public documentation. A group
// copies together: each thread moves the words (or bytes, when the
// pointers or the size are not word-aligned) at its rank, its rank plus
// the group's size, and so on. The copy is done when memcpy_async returns,
// so wait and wait_prior only synchronize the group, which is what makes
// every thread's part visible to the others, as CUDA's wait does. The
// shape is a byte count (size_t or cuda::aligned_size_t<N>); the layout
// form copies the smaller of the two element counts.
#ifndef __COOPERATIVE_GROUPS_MEMCPY_ASYNC_H__
#define __COOPERATIVE_GROUPS_MEMCPY_ASYNC_H__

#include "../cooperative_groups.h"

// Device code alone (empty to a host compiler, as cooperative_groups.h).
#if defined(__CUDA__)

namespace cooperative_groups {

namespace details {
static __device__ inline void groupCopy(unsigned Rank, unsigned Threads,
                                        void *Dst, const void *Src,
                                        size_t Bytes) {
  if ((((unsigned long long)Dst | (unsigned long long)Src | Bytes) & 3u) == 0) {
    unsigned *D = (unsigned *)Dst;
    const unsigned *S = (const unsigned *)Src;
    for (size_t I = Rank; I < Bytes / 4; I += Threads)
      D[I] = S[I];
    return;
  }
  unsigned char *D = (unsigned char *)Dst;
  const unsigned char *S = (const unsigned char *)Src;
  for (size_t I = Rank; I < Bytes; I += Threads)
    D[I] = S[I];
}
} // namespace details

template <typename GroupT, typename ShapeT>
static __device__ inline void memcpy_async(const GroupT &G, void *Dst,
                                           const void *Src,
                                           const ShapeT &Shape) {
  details::groupCopy((unsigned)G.thread_rank(), (unsigned)G.size(), Dst, Src,
                     (size_t)Shape);
}
template <typename GroupT, typename ElemT, typename DstLayoutT,
          typename SrcLayoutT>
static __device__ inline void memcpy_async(const GroupT &G, ElemT *Dst,
                                           const DstLayoutT &DstCount,
                                           const ElemT *Src,
                                           const SrcLayoutT &SrcCount) {
  size_t Count =
      (size_t)DstCount < (size_t)SrcCount ? (size_t)DstCount : (size_t)SrcCount;
  details::groupCopy((unsigned)G.thread_rank(), (unsigned)G.size(), Dst, Src,
                     Count * sizeof(ElemT));
}

/// Waits for the group's copies: a barrier of the group.
template <typename GroupT> static __device__ inline void wait(const GroupT &G) {
  G.sync();
}
template <unsigned NumStages, typename GroupT>
static __device__ inline void wait_prior(const GroupT &G) {
  G.sync();
}

} // namespace cooperative_groups

#endif // __CUDA__

#endif // __COOPERATIVE_GROUPS_MEMCPY_ASYNC_H__
