// cuda_warp.h - CUDA's warp vote, match, reduce and sync API for clang's
// CUDA mode, no SDK needed.
//
// Each function is written as clang's own CUDA headers write it: over the
// NVVM builtins (vote, match, redux, bar.warp.sync), and __activemask() as
// the inline PTX `activemask.b32` that clang's __clang_cuda_intrinsics.h
// emits. Masks are 32 bits and warps 32 lanes, as in CUDA. The reduce
// functions need sm_80 and ptx70, which cu2hsaco passes to clang.
#ifndef CUDA_WARP_H
#define CUDA_WARP_H

#include "cuda_shfl.h"

static __device__ inline unsigned __ballot_sync(unsigned mask, int pred) {
  return __nvvm_vote_ballot_sync(mask, pred);
}
static __device__ inline int __all_sync(unsigned mask, int pred) {
  return __nvvm_vote_all_sync(mask, pred);
}
static __device__ inline int __any_sync(unsigned mask, int pred) {
  return __nvvm_vote_any_sync(mask, pred);
}
static __device__ inline int __uni_sync(unsigned mask, int pred) {
  return __nvvm_vote_uni_sync(mask, pred);
}

static __device__ inline unsigned __activemask() {
  unsigned mask;
  asm volatile("activemask.b32 %0;" : "=r"(mask));
  return mask;
}

static __device__ inline unsigned __match_any_sync(unsigned mask, unsigned v) {
  return __nvvm_match_any_sync_i32(mask, v);
}
static __device__ inline unsigned __match_any_sync(unsigned mask, int v) {
  return __nvvm_match_any_sync_i32(mask, v);
}
static __device__ inline unsigned __match_any_sync(unsigned mask,
                                                   unsigned long long v) {
  return __nvvm_match_any_sync_i64(mask, v);
}
static __device__ inline unsigned __match_any_sync(unsigned mask,
                                                   long long v) {
  return __nvvm_match_any_sync_i64(mask, v);
}
static __device__ inline unsigned __match_all_sync(unsigned mask, unsigned v,
                                                   int *pred) {
  return __nvvm_match_all_sync_i32p(mask, v, pred);
}
static __device__ inline unsigned __match_all_sync(unsigned mask, int v,
                                                   int *pred) {
  return __nvvm_match_all_sync_i32p(mask, v, pred);
}
static __device__ inline unsigned
__match_all_sync(unsigned mask, unsigned long long v, int *pred) {
  return __nvvm_match_all_sync_i64p(mask, v, pred);
}
static __device__ inline unsigned __match_all_sync(unsigned mask, long long v,
                                                   int *pred) {
  return __nvvm_match_all_sync_i64p(mask, v, pred);
}

static __device__ inline unsigned __reduce_add_sync(unsigned mask,
                                                    unsigned v) {
  return __nvvm_redux_sync_add(v, mask);
}
static __device__ inline int __reduce_add_sync(unsigned mask, int v) {
  return __nvvm_redux_sync_add(v, mask);
}
static __device__ inline unsigned __reduce_min_sync(unsigned mask,
                                                    unsigned v) {
  return __nvvm_redux_sync_umin(v, mask);
}
static __device__ inline int __reduce_min_sync(unsigned mask, int v) {
  return __nvvm_redux_sync_min(v, mask);
}
static __device__ inline unsigned __reduce_max_sync(unsigned mask,
                                                    unsigned v) {
  return __nvvm_redux_sync_umax(v, mask);
}
static __device__ inline int __reduce_max_sync(unsigned mask, int v) {
  return __nvvm_redux_sync_max(v, mask);
}
static __device__ inline unsigned __reduce_and_sync(unsigned mask,
                                                    unsigned v) {
  return __nvvm_redux_sync_and(v, mask);
}
static __device__ inline unsigned __reduce_or_sync(unsigned mask, unsigned v) {
  return __nvvm_redux_sync_or(v, mask);
}
static __device__ inline unsigned __reduce_xor_sync(unsigned mask,
                                                    unsigned v) {
  return __nvvm_redux_sync_xor(v, mask);
}

static __device__ inline void __syncwarp(unsigned mask = 0xffffffff) {
  __nvvm_bar_warp_sync(mask);
}

static __device__ inline int __popc(unsigned v) {
  return __builtin_popcount(v);
}
static __device__ inline int __ffs(unsigned v) { return __builtin_ffs((int)v); }

#endif
