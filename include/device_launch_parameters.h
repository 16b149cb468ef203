// device_launch_parameters.h - threadIdx, blockIdx, blockDim, gridDim and
// warpSize in device code: clang's own built-in variables
// (__clang_cuda_builtin_vars.h: each field reads the PTX special register,
// which nvvm-to-amdgpu maps to AMDGPU; warpSize is the constant 32), with the
// conversions to dim3 and uint3 that header leaves to the CUDA headers,
// always inlined: their object (an undefined extern variable) must not
// outlive them, not even at -O0. A host compiler (g++) sees none of them.
#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__

#include "vector_types.h"

#if defined(__CUDA__)
#include <__clang_cuda_builtin_vars.h>

__device__ __forceinline__ __cuda_builtin_threadIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ __forceinline__ __cuda_builtin_threadIdx_t::operator uint3() const {
  return {x, y, z};
}
__device__ __forceinline__ __cuda_builtin_blockIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ __forceinline__ __cuda_builtin_blockIdx_t::operator uint3() const {
  return {x, y, z};
}
__device__ __forceinline__ __cuda_builtin_blockDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ __forceinline__ __cuda_builtin_blockDim_t::operator uint3() const {
  return {x, y, z};
}
__device__ __forceinline__ __cuda_builtin_gridDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ __forceinline__ __cuda_builtin_gridDim_t::operator uint3() const {
  return {x, y, z};
}

#endif // __CUDA__

#endif
