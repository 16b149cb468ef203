// cuda_shfl.h - CUDA's warp shuffle API for clang's CUDA mode, no SDK needed.
//
// The __shfl*_sync functions as CUDA declares them (32-lane warps, 32-bit
// member masks), written over clang's NVVM builtins with the operand
// encoding nvcc uses: c = ((32 - width) << 8) | 31 for idx, down and xor,
// and (32 - width) << 8 for up. Compile with -nocudainc -nocudalib and
// -Xclang -target-feature -Xclang +ptx70.
#ifndef CUDA_SHFL_H
#define CUDA_SHFL_H

#define __device__ __attribute__((device))
#define __global__ __attribute__((global))

static __device__ inline int __shfl_segment(int width) {
  return (32 - width) << 8;
}

static __device__ inline float __shfl_sync(unsigned mask, float v, int src,
                                           int width = 32) {
  return __nvvm_shfl_sync_idx_f32(mask, v, src, __shfl_segment(width) | 31);
}
static __device__ inline int __shfl_sync(unsigned mask, int v, int src,
                                         int width = 32) {
  return __nvvm_shfl_sync_idx_i32(mask, v, src, __shfl_segment(width) | 31);
}
static __device__ inline float __shfl_up_sync(unsigned mask, float v,
                                              unsigned delta, int width = 32) {
  return __nvvm_shfl_sync_up_f32(mask, v, delta, __shfl_segment(width));
}
static __device__ inline int __shfl_up_sync(unsigned mask, int v,
                                            unsigned delta, int width = 32) {
  return __nvvm_shfl_sync_up_i32(mask, v, delta, __shfl_segment(width));
}
static __device__ inline float __shfl_down_sync(unsigned mask, float v,
                                                unsigned delta,
                                                int width = 32) {
  return __nvvm_shfl_sync_down_f32(mask, v, delta, __shfl_segment(width) | 31);
}
static __device__ inline int __shfl_down_sync(unsigned mask, int v,
                                              unsigned delta, int width = 32) {
  return __nvvm_shfl_sync_down_i32(mask, v, delta, __shfl_segment(width) | 31);
}
static __device__ inline float __shfl_xor_sync(unsigned mask, float v,
                                               int lane_mask, int width = 32) {
  return __nvvm_shfl_sync_bfly_f32(mask, v, lane_mask,
                                   __shfl_segment(width) | 31);
}
static __device__ inline int __shfl_xor_sync(unsigned mask, int v,
                                             int lane_mask, int width = 32) {
  return __nvvm_shfl_sync_bfly_i32(mask, v, lane_mask,
                                   __shfl_segment(width) | 31);
}

// 64-bit values move as two 32-bit shuffles with the same lane operands.
static __device__ inline double __shfl_pair_to_double(int lo, int hi) {
  return __builtin_bit_cast(double, ((unsigned long long)(unsigned)hi << 32) |
                                        (unsigned)lo);
}
static __device__ inline int __shfl_lo(double v) {
  return (int)__builtin_bit_cast(unsigned long long, v);
}
static __device__ inline int __shfl_hi(double v) {
  return (int)(__builtin_bit_cast(unsigned long long, v) >> 32);
}
static __device__ inline double __shfl_sync(unsigned mask, double v, int src,
                                            int width = 32) {
  return __shfl_pair_to_double(__shfl_sync(mask, __shfl_lo(v), src, width),
                               __shfl_sync(mask, __shfl_hi(v), src, width));
}
static __device__ inline double __shfl_up_sync(unsigned mask, double v,
                                               unsigned delta, int width = 32) {
  return __shfl_pair_to_double(
      __shfl_up_sync(mask, __shfl_lo(v), delta, width),
      __shfl_up_sync(mask, __shfl_hi(v), delta, width));
}
static __device__ inline double __shfl_down_sync(unsigned mask, double v,
                                                 unsigned delta,
                                                 int width = 32) {
  return __shfl_pair_to_double(
      __shfl_down_sync(mask, __shfl_lo(v), delta, width),
      __shfl_down_sync(mask, __shfl_hi(v), delta, width));
}
static __device__ inline double __shfl_xor_sync(unsigned mask, double v,
                                                int lane_mask, int width = 32) {
  return __shfl_pair_to_double(
      __shfl_xor_sync(mask, __shfl_lo(v), lane_mask, width),
      __shfl_xor_sync(mask, __shfl_hi(v), lane_mask, width));
}
static __device__ inline long long __shfl_xor_sync(unsigned mask, long long v,
                                                   int lane_mask,
                                                   int width = 32) {
  return __builtin_bit_cast(long long,
                            __shfl_xor_sync(mask, __builtin_bit_cast(double, v),
                                            lane_mask, width));
}
static __device__ inline long long __shfl_down_sync(unsigned mask, long long v,
                                                    unsigned delta,
                                                    int width = 32) {
  return __builtin_bit_cast(long long,
                            __shfl_down_sync(mask, __builtin_bit_cast(double, v),
                                             delta, width));
}

#endif
