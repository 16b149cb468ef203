// corpus.h - What the corpus files need beyond the CUDA API cu2hsaco
// pre-includes (include/cuda_runtime.h): a __half / __half2 pair over clang's
// _Float16 with their shuffles (a half moves in the low 16 bits of a 32-bit
// word, a half2 as the word), and the lane registers and elect.sync as CUB
// and CUTLASS write them in inline PTX.
#ifndef CORPUS_H
#define CORPUS_H

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

#endif
