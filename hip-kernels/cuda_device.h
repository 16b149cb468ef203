// cuda_device.h - The CUDA device API our bundled kernels use, for clang's
// CUDA mode without an NVIDIA SDK (-nocudainc -nocudalib, plus
// -Xclang -target-feature -Xclang +ptx70). cu2hsaco puts this directory on
// the include path.
//
// threadIdx/blockIdx/blockDim/gridDim read the PTX special registers, which
// the nvvm-to-amdgpu pass maps to AMDGPU; warpSize is 32 on every target.
#ifndef CUDA_DEVICE_H
#define CUDA_DEVICE_H

#include "cuda_shfl.h"
#include "cuda_warp.h"

#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))

struct __cuda_uint3 {
  unsigned x, y, z;
};

static __device__ inline __cuda_uint3 __cuda_make_uint3(int x, int y, int z) {
  return __cuda_uint3{(unsigned)x, (unsigned)y, (unsigned)z};
}

#define threadIdx                                                              \
  __cuda_make_uint3(__nvvm_read_ptx_sreg_tid_x(), __nvvm_read_ptx_sreg_tid_y(), \
                    __nvvm_read_ptx_sreg_tid_z())
#define blockIdx                                                               \
  __cuda_make_uint3(__nvvm_read_ptx_sreg_ctaid_x(),                            \
                    __nvvm_read_ptx_sreg_ctaid_y(),                            \
                    __nvvm_read_ptx_sreg_ctaid_z())
#define blockDim                                                               \
  __cuda_make_uint3(__nvvm_read_ptx_sreg_ntid_x(),                             \
                    __nvvm_read_ptx_sreg_ntid_y(),                             \
                    __nvvm_read_ptx_sreg_ntid_z())
#define gridDim                                                                \
  __cuda_make_uint3(__nvvm_read_ptx_sreg_nctaid_x(),                           \
                    __nvvm_read_ptx_sreg_nctaid_y(),                           \
                    __nvvm_read_ptx_sreg_nctaid_z())
#define warpSize 32

static __device__ inline float atomicAdd(float *p, float v) {
  return __nvvm_atom_add_gen_f(p, v);
}
static __device__ inline int atomicAdd(int *p, int v) {
  return __nvvm_atom_add_gen_i(p, v);
}
static __device__ inline unsigned atomicAdd(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}

#endif
