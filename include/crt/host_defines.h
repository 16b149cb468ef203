// crt/host_defines.h - CUDA's declaration specifiers for clang's CUDA mode
// without the NVIDIA SDK: __host__, __device__, __global__, __shared__,
// __constant__, __managed__, __launch_bounds__, __forceinline__, __align__,
// __grid_constant__, each the clang attribute nvcc's means. (__noinline__ and
// __restrict__ are keywords clang already knows in CUDA mode.) In a C or C++
// file compiled without CUDA (a host .cpp that calls the runtime API, the
// runtime itself) the CUDA specifiers mean nothing, as with the toolkit's
// headers under a host compiler. Also the toolkit version macros that
// libraries test: this API is CUDA 12.0's.
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__

#if defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#endif
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __grid_constant__ __attribute__((grid_constant))
#define __builtin_align__(n) __align__(n)
// A default argument in C++, nothing in C (the toolkit's spelling).
#if defined(__cplusplus)
#define __dv(v) = v
#else
#define __dv(v)
#endif
#define __device_builtin__
#define __cudart_builtin__
// The runtime API's calling convention (__stdcall on Windows only); Thrust
// spells its function-pointer types with it.
#define CUDARTAPI

#define CUDART_VERSION 12000
#define __CUDART_API_VERSION 12000
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#endif

#endif
