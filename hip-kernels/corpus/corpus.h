// corpus.h - What the corpus files need beyond hip-kernels/cuda_device.h, in
// the shape the CUDA SDK gives it: the CUDA qualifiers real code spells
// (__restrict__, __launch_bounds__, __constant__), a __half / __half2 pair
// over clang's _Float16, shuffles of unsigned, 64-bit and half values, the
// lane registers and elect.sync as CUB and CUTLASS write them in inline
// PTX, and the atomics the corpus uses. Each shuffle overload moves its
// value as the SDK does: 32-bit words through the int shuffles, a half or
// a half2 as one 32-bit word.
#ifndef CORPUS_H
#define CORPUS_H

#include "cuda_device.h"

#define __restrict__ __restrict
#define __constant__ __attribute__((constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __noinline__ __attribute__((noinline))

#define FULL_MASK 0xffffffffu

typedef _Float16 __half;
typedef _Float16 __half2 __attribute__((ext_vector_type(2)));

static __device__ inline __half __float2half(float F) { return (__half)F; }
static __device__ inline float __half2float(__half H) { return (float)H; }
static __device__ inline __half2 __hmax2(__half2 A, __half2 B) {
  return __half2{A.x > B.x ? A.x : B.x, A.y > B.y ? A.y : B.y};
}

// Lane registers and elect.sync in the inline PTX CUB and CUTLASS use.
static __device__ inline unsigned __laneid() {
  unsigned Ret;
  asm("mov.u32 %0, %%laneid;" : "=r"(Ret));
  return Ret;
}
static __device__ inline unsigned __lanemask_lt() {
  unsigned Ret;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(Ret));
  return Ret;
}
static __device__ inline unsigned __lanemask_le() {
  unsigned Ret;
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(Ret));
  return Ret;
}
static __device__ inline bool __elect_one_sync(unsigned Mask) {
  unsigned Leader, IsLeader;
  asm volatile("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }"
               : "=r"(Leader), "=r"(IsLeader)
               : "r"(Mask));
  return IsLeader != 0;
}

// Shuffles of the types cuda_shfl.h leaves out.
static __device__ inline unsigned __shfl_sync(unsigned Mask, unsigned V,
                                              int Src, int Width = 32) {
  return (unsigned)__shfl_sync(Mask, (int)V, Src, Width);
}
static __device__ inline unsigned
__shfl_up_sync(unsigned Mask, unsigned V, unsigned Delta, int Width = 32) {
  return (unsigned)__shfl_up_sync(Mask, (int)V, Delta, Width);
}
static __device__ inline unsigned
__shfl_down_sync(unsigned Mask, unsigned V, unsigned Delta, int Width = 32) {
  return (unsigned)__shfl_down_sync(Mask, (int)V, Delta, Width);
}
static __device__ inline unsigned
__shfl_xor_sync(unsigned Mask, unsigned V, int LaneMask, int Width = 32) {
  return (unsigned)__shfl_xor_sync(Mask, (int)V, LaneMask, Width);
}

static __device__ inline long long __shfl_sync(unsigned Mask, long long V,
                                               int Src, int Width = 32) {
  return __builtin_bit_cast(
      long long, __shfl_sync(Mask, __builtin_bit_cast(double, V), Src, Width));
}
static __device__ inline long long
__shfl_up_sync(unsigned Mask, long long V, unsigned Delta, int Width = 32) {
  return __builtin_bit_cast(
      long long,
      __shfl_up_sync(Mask, __builtin_bit_cast(double, V), Delta, Width));
}
#define CORPUS_SHFL_ULL(NAME, OPERAND)                                         \
  static __device__ inline unsigned long long NAME(                            \
      unsigned Mask, unsigned long long V, OPERAND Arg, int Width = 32) {      \
    return (unsigned long long)NAME(Mask, (long long)V, Arg, Width);           \
  }
CORPUS_SHFL_ULL(__shfl_sync, int)
CORPUS_SHFL_ULL(__shfl_up_sync, unsigned)
CORPUS_SHFL_ULL(__shfl_down_sync, unsigned)
CORPUS_SHFL_ULL(__shfl_xor_sync, int)
#undef CORPUS_SHFL_ULL

// A half moves in the low 16 bits of a 32-bit word, a half2 as the word.
static __device__ inline int __half_bits(__half H) {
  return (int)__builtin_bit_cast(unsigned short, H);
}
static __device__ inline __half __bits_half(int W) {
  return __builtin_bit_cast(__half, (unsigned short)W);
}
#define CORPUS_SHFL_HALF(NAME, OPERAND)                                        \
  static __device__ inline __half NAME(unsigned Mask, __half V, OPERAND Arg,   \
                                       int Width = 32) {                       \
    return __bits_half(NAME(Mask, __half_bits(V), Arg, Width));                \
  }                                                                            \
  static __device__ inline __half2 NAME(unsigned Mask, __half2 V, OPERAND Arg, \
                                        int Width = 32) {                      \
    return __builtin_bit_cast(                                                 \
        __half2, NAME(Mask, __builtin_bit_cast(int, V), Arg, Width));          \
  }
CORPUS_SHFL_HALF(__shfl_sync, int)
CORPUS_SHFL_HALF(__shfl_up_sync, unsigned)
CORPUS_SHFL_HALF(__shfl_down_sync, unsigned)
CORPUS_SHFL_HALF(__shfl_xor_sync, int)
#undef CORPUS_SHFL_HALF

// Atomics beyond cuda_device.h's atomicAdd.
static __device__ inline double atomicAdd(double *P, double V) {
  return __nvvm_atom_add_gen_d(P, V);
}
static __device__ inline unsigned long long atomicAdd(unsigned long long *P,
                                                      unsigned long long V) {
  return (unsigned long long)__nvvm_atom_add_gen_ll((long long *)P,
                                                    (long long)V);
}
static __device__ inline int atomicMax(int *P, int V) {
  return __nvvm_atom_max_gen_i(P, V);
}
static __device__ inline int atomicMin(int *P, int V) {
  return __nvvm_atom_min_gen_i(P, V);
}
static __device__ inline unsigned atomicOr(unsigned *P, unsigned V) {
  return (unsigned)__nvvm_atom_or_gen_i((int *)P, (int)V);
}
static __device__ inline int atomicCAS(int *P, int Compare, int V) {
  return __nvvm_atom_cas_gen_i(P, Compare, V);
}
static __device__ inline void __threadfence() { __nvvm_membar_gl(); }
static __device__ inline void __threadfence_block() { __nvvm_membar_cta(); }

#endif
