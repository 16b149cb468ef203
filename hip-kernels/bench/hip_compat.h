// hip_compat.h - The CUDA device API of hip-kernels/cuda_device.h over HIP
// 5.2's headers, for the HIP side of `make bench`.
//
// bench.sh force-includes this header (-include) when it compiles a CUDA
// source as HIP with clang-22 -x hip. It defines CUDA_DEVICE_H, so the
// sources' own #include "cuda_device.h" (which would bring in our
// include/cuda_runtime.h) is skipped, and provides instead:
//  - __shfl_sync, __shfl_up_sync, __shfl_down_sync, __shfl_xor_sync as
//    HIP 5.2's __shfl, __shfl_up, __shfl_down, __shfl_xor with the width
//    given explicitly (32 by default: HIP's default is the wave size, 64 on
//    gfx9). The member mask is dropped, as HIP 5.2 has no *_sync forms.
//  - definitions of the four __ockl work-item queries HIP's threadIdx,
//    blockIdx, blockDim and gridDim call, over clang's AMDGPU builtins and
//    code object v5's implicit kernel arguments: the build uses -nogpulib
//    (no ROCm device library), and these read the group sizes and block
//    counts there as HIP's OCKL does and as cu2hsaco's retargeting does,
//    so kernels differ only in their shuffles.
#ifndef HIP_COMPAT_H
#define HIP_COMPAT_H

#include <hip/hip_runtime.h>

#define CUDA_DEVICE_H

extern "C" __device__ __attribute__((always_inline)) size_t
__ockl_get_local_id(uint D) {
  return D == 0   ? __builtin_amdgcn_workitem_id_x()
         : D == 1 ? __builtin_amdgcn_workitem_id_y()
                  : __builtin_amdgcn_workitem_id_z();
}
extern "C" __device__ __attribute__((always_inline)) size_t
__ockl_get_group_id(uint D) {
  return D == 0   ? __builtin_amdgcn_workgroup_id_x()
         : D == 1 ? __builtin_amdgcn_workgroup_id_y()
                  : __builtin_amdgcn_workgroup_id_z();
}
extern "C" __device__ __attribute__((always_inline)) size_t
__ockl_get_local_size(uint D) {
  return D == 0   ? __builtin_amdgcn_workgroup_size_x()
         : D == 1 ? __builtin_amdgcn_workgroup_size_y()
                  : __builtin_amdgcn_workgroup_size_z();
}
// hidden_block_count_x/y/z, the first words of the implicit arguments
// (OCKL adds hidden_remainder != 0, which a launch of whole blocks leaves
// 0 and LLVM folds away for HIP's kernels).
extern "C" __device__ __attribute__((always_inline)) size_t
__ockl_get_num_groups(uint D) {
  return ((const unsigned *)__builtin_amdgcn_implicitarg_ptr())[D];
}

template <typename T>
static __device__ inline T __shfl_sync(unsigned, T V, int Src, int Width = 32) {
  return __shfl(V, Src, Width);
}
template <typename T>
static __device__ inline T __shfl_up_sync(unsigned, T V, unsigned Delta,
                                          int Width = 32) {
  return __shfl_up(V, Delta, Width);
}
template <typename T>
static __device__ inline T __shfl_down_sync(unsigned, T V, unsigned Delta,
                                            int Width = 32) {
  return __shfl_down(V, Delta, Width);
}
template <typename T>
static __device__ inline T __shfl_xor_sync(unsigned, T V, int LaneMask,
                                           int Width = 32) {
  return __shfl_xor(V, LaneMask, Width);
}

#endif
