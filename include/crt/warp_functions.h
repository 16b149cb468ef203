// crt/warp_functions.h - CUDA's warp-level primitives for clang's CUDA
// mode, no SDK needed: the shuffles (__shfl_sync, __shfl_up_sync,
// __shfl_down_sync, __shfl_xor_sync) for every type CUDA overloads them for,
// votes, __activemask, match, __reduce_*_sync and __syncwarp. Each is
// written as clang's own CUDA headers write it, over the NVVM builtins (and
// __activemask as the inline PTX `activemask.b32`), which the warp lowering
// turns into exact AMDGPU code. Warps are 32 lanes, masks 32 bits. Shuffles
// use nvcc's operand encoding, c = ((32 - width) << 8) | 31 for idx, down and
// xor and (32 - width) << 8 for up; 64-bit values move as two 32-bit
// shuffles with the same lane operands. The reduce functions need sm_80 and
// ptx70, which cu2hsaco passes to clang.
#ifndef __CUDA_WARP_FUNCTIONS_H__
#define __CUDA_WARP_FUNCTIONS_H__

#include "crt/host_defines.h"

namespace __cuda_warp {

enum ShuffleKind { Idx, Up, Down, Xor };

static __device__ inline int segment(int Width) { return (32 - Width) << 8; }

static __device__ inline int shuffle32(ShuffleKind Kind, unsigned Mask, int V,
                                       int B, int Width) {
  switch (Kind) {
  case Idx:
    return __nvvm_shfl_sync_idx_i32(Mask, V, B, segment(Width) | 31);
  case Up:
    return __nvvm_shfl_sync_up_i32(Mask, V, B, segment(Width));
  case Down:
    return __nvvm_shfl_sync_down_i32(Mask, V, B, segment(Width) | 31);
  case Xor:
  default:
    return __nvvm_shfl_sync_bfly_i32(Mask, V, B, segment(Width) | 31);
  }
}

/* Any 4- or 8-byte value, moved as its bits. */
template <typename T>
static __device__ inline T shuffle(ShuffleKind Kind, unsigned Mask, T V, int B,
                                   int Width) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "4- or 8-byte values only");
  if constexpr (sizeof(T) == 4) {
    return __builtin_bit_cast(
        T, shuffle32(Kind, Mask, __builtin_bit_cast(int, V), B, Width));
  } else {
    unsigned long long Bits = __builtin_bit_cast(unsigned long long, V);
    unsigned Lo = (unsigned)shuffle32(Kind, Mask, (int)Bits, B, Width);
    unsigned Hi = (unsigned)shuffle32(Kind, Mask, (int)(Bits >> 32), B, Width);
    return __builtin_bit_cast(T, ((unsigned long long)Hi << 32) | Lo);
  }
}

} // namespace __cuda_warp

static __device__ inline int __shfl_sync(unsigned mask, int var, int srcLane,
                                         int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Idx, mask, var, srcLane, width);
}
static __device__ inline int
__shfl_up_sync(unsigned mask, int var, unsigned int delta, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Up, mask, var, (int)delta, width);
}
static __device__ inline int
__shfl_down_sync(unsigned mask, int var, unsigned int delta, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Down, mask, var, (int)delta, width);
}
static __device__ inline int __shfl_xor_sync(unsigned mask, int var,
                                             int laneMask, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Xor, mask, var, laneMask, width);
}
static __device__ inline unsigned int
__shfl_sync(unsigned mask, unsigned int var, int srcLane, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Idx, mask, var, srcLane, width);
}
static __device__ inline unsigned int __shfl_up_sync(unsigned mask,
                                                     unsigned int var,
                                                     unsigned int delta,
                                                     int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Up, mask, var, (int)delta, width);
}
static __device__ inline unsigned int __shfl_down_sync(unsigned mask,
                                                       unsigned int var,
                                                       unsigned int delta,
                                                       int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Down, mask, var, (int)delta, width);
}
static __device__ inline unsigned int
__shfl_xor_sync(unsigned mask, unsigned int var, int laneMask, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Xor, mask, var, laneMask, width);
}
static __device__ inline long __shfl_sync(unsigned mask, long var, int srcLane,
                                          int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Idx, mask, var, srcLane, width);
}
static __device__ inline long
__shfl_up_sync(unsigned mask, long var, unsigned int delta, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Up, mask, var, (int)delta, width);
}
static __device__ inline long
__shfl_down_sync(unsigned mask, long var, unsigned int delta, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Down, mask, var, (int)delta, width);
}
static __device__ inline long __shfl_xor_sync(unsigned mask, long var,
                                              int laneMask, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Xor, mask, var, laneMask, width);
}
static __device__ inline unsigned long
__shfl_sync(unsigned mask, unsigned long var, int srcLane, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Idx, mask, var, srcLane, width);
}
static __device__ inline unsigned long __shfl_up_sync(unsigned mask,
                                                      unsigned long var,
                                                      unsigned int delta,
                                                      int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Up, mask, var, (int)delta, width);
}
static __device__ inline unsigned long __shfl_down_sync(unsigned mask,
                                                        unsigned long var,
                                                        unsigned int delta,
                                                        int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Down, mask, var, (int)delta, width);
}
static __device__ inline unsigned long __shfl_xor_sync(unsigned mask,
                                                       unsigned long var,
                                                       int laneMask,
                                                       int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Xor, mask, var, laneMask, width);
}
static __device__ inline long long __shfl_sync(unsigned mask, long long var,
                                               int srcLane, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Idx, mask, var, srcLane, width);
}
static __device__ inline long long __shfl_up_sync(unsigned mask, long long var,
                                                  unsigned int delta,
                                                  int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Up, mask, var, (int)delta, width);
}
static __device__ inline long long __shfl_down_sync(unsigned mask,
                                                    long long var,
                                                    unsigned int delta,
                                                    int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Down, mask, var, (int)delta, width);
}
static __device__ inline long long
__shfl_xor_sync(unsigned mask, long long var, int laneMask, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Xor, mask, var, laneMask, width);
}
static __device__ inline unsigned long long __shfl_sync(unsigned mask,
                                                        unsigned long long var,
                                                        int srcLane,
                                                        int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Idx, mask, var, srcLane, width);
}
static __device__ inline unsigned long long
__shfl_up_sync(unsigned mask, unsigned long long var, unsigned int delta,
               int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Up, mask, var, (int)delta, width);
}
static __device__ inline unsigned long long
__shfl_down_sync(unsigned mask, unsigned long long var, unsigned int delta,
                 int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Down, mask, var, (int)delta, width);
}
static __device__ inline unsigned long long
__shfl_xor_sync(unsigned mask, unsigned long long var, int laneMask,
                int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Xor, mask, var, laneMask, width);
}
static __device__ inline float __shfl_sync(unsigned mask, float var,
                                           int srcLane, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Idx, mask, var, srcLane, width);
}
static __device__ inline float
__shfl_up_sync(unsigned mask, float var, unsigned int delta, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Up, mask, var, (int)delta, width);
}
static __device__ inline float
__shfl_down_sync(unsigned mask, float var, unsigned int delta, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Down, mask, var, (int)delta, width);
}
static __device__ inline float __shfl_xor_sync(unsigned mask, float var,
                                               int laneMask, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Xor, mask, var, laneMask, width);
}
static __device__ inline double __shfl_sync(unsigned mask, double var,
                                            int srcLane, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Idx, mask, var, srcLane, width);
}
static __device__ inline double
__shfl_up_sync(unsigned mask, double var, unsigned int delta, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Up, mask, var, (int)delta, width);
}
static __device__ inline double __shfl_down_sync(unsigned mask, double var,
                                                 unsigned int delta,
                                                 int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Down, mask, var, (int)delta, width);
}
static __device__ inline double __shfl_xor_sync(unsigned mask, double var,
                                                int laneMask, int width = 32) {
  return __cuda_warp::shuffle(__cuda_warp::Xor, mask, var, laneMask, width);
}
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
static __device__ inline unsigned __match_any_sync(unsigned mask, long long v) {
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

static __device__ inline unsigned __reduce_add_sync(unsigned mask, unsigned v) {
  return __nvvm_redux_sync_add(v, mask);
}
static __device__ inline int __reduce_add_sync(unsigned mask, int v) {
  return __nvvm_redux_sync_add(v, mask);
}
static __device__ inline unsigned __reduce_min_sync(unsigned mask, unsigned v) {
  return __nvvm_redux_sync_umin(v, mask);
}
static __device__ inline int __reduce_min_sync(unsigned mask, int v) {
  return __nvvm_redux_sync_min(v, mask);
}
static __device__ inline unsigned __reduce_max_sync(unsigned mask, unsigned v) {
  return __nvvm_redux_sync_umax(v, mask);
}
static __device__ inline int __reduce_max_sync(unsigned mask, int v) {
  return __nvvm_redux_sync_max(v, mask);
}
static __device__ inline unsigned __reduce_and_sync(unsigned mask, unsigned v) {
  return __nvvm_redux_sync_and(v, mask);
}
static __device__ inline unsigned __reduce_or_sync(unsigned mask, unsigned v) {
  return __nvvm_redux_sync_or(v, mask);
}
static __device__ inline unsigned __reduce_xor_sync(unsigned mask, unsigned v) {
  return __nvvm_redux_sync_xor(v, mask);
}

static __device__ inline void __syncwarp(unsigned mask = 0xffffffff) {
  __nvvm_bar_warp_sync(mask);
}

#endif
