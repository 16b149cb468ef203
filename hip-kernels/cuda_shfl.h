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

#endif
