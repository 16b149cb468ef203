// cuda_bf16.h - CUDA's bfloat16 types and functions, SDK-free.
//
// __nv_bfloat16 holds the 16 bits of an bfloat16 value, as the toolkit's does
// (unsigned short __x), and computes through clang's __bf16: every
// operation rounds once, to nearest even, as the PTX instructions nvcc emits
// do; on AMD GPUs the backend uses the native 16-bit instructions or, where
// there are none, float with one final rounding (exact for +, -, *, /,
// sqrt: float has more than twice the bits). __nv_bfloat162 is a pair.
// Conversions, arithmetic, comparisons, operators, math, shuffles and
// atomicAdd, host and device where the toolkit has them on both.
// Directed-rounding conversions
// (_rz, _rd, _ru) are not provided.
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#include "crt/host_defines.h"
#include "cuda_fp16.h"
#include "vector_types.h"

struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x, y;
};

struct __align__(2) __nv_bfloat16 {
  unsigned short __x;
  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &R)
      : __x(R.x) {}
  __host__ __device__ __nv_bfloat16(__bf16 V)
      : __x(__builtin_bit_cast(unsigned short, V)) {}
  __host__ __device__ __nv_bfloat16(float F) : __nv_bfloat16((__bf16)F) {}
  __host__ __device__ __nv_bfloat16(double D) : __nv_bfloat16((__bf16)D) {}
  __host__ __device__ __nv_bfloat16(int I) : __nv_bfloat16((__bf16)I) {}
  __host__ __device__ __nv_bfloat16(unsigned int I)
      : __nv_bfloat16((__bf16)I) {}
  __host__ __device__ __nv_bfloat16(long long I) : __nv_bfloat16((__bf16)I) {}
  __host__ __device__ __nv_bfloat16(unsigned long long I)
      : __nv_bfloat16((__bf16)I) {}
  __host__ __device__ __nv_bfloat16(short I) : __nv_bfloat16((__bf16)I) {}
  __host__ __device__ __nv_bfloat16(unsigned short I)
      : __nv_bfloat16((__bf16)I) {}
  __host__ __device__ __bf16 native() const {
    return __builtin_bit_cast(__bf16, __x);
  }
  __host__ __device__ operator float() const { return (float)native(); }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    return __nv_bfloat16_raw{__x};
  }
  __host__ __device__ __nv_bfloat16 &operator=(float F) {
    return *this = __nv_bfloat16(F);
  }
  __host__ __device__ __nv_bfloat16 &operator=(double D) {
    return *this = __nv_bfloat16(D);
  }
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &A,
                                               const __nv_bfloat16 &B)
      : x(A), y(B) {}
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat162_raw &R)
      : x(__nv_bfloat16_raw{R.x}), y(__nv_bfloat16_raw{R.y}) {}
  __host__ __device__ operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{x.__x, y.__x};
  }
};

/*===-- Conversions -------------------------------------------------------===*/

static __host__ __device__ inline __nv_bfloat16 __float2bfloat16(float F) {
  return __nv_bfloat16(F);
}
static __host__ __device__ inline __nv_bfloat16 __float2bfloat16_rn(float F) {
  return __nv_bfloat16(F);
}
static __host__ __device__ inline float __bfloat162float(__nv_bfloat16 H) {
  return (float)H.native();
}
static __host__ __device__ inline __nv_bfloat16 __double2bfloat16(double D) {
  return __nv_bfloat16(D);
}
static __host__ __device__ inline __nv_bfloat162 __float2bfloat162_rn(float F) {
  return __nv_bfloat162(__nv_bfloat16(F), __nv_bfloat16(F));
}
static __host__ __device__ inline __nv_bfloat162
__floats2bfloat162_rn(float A, float B) {
  return __nv_bfloat162(__nv_bfloat16(A), __nv_bfloat16(B));
}
static __host__ __device__ inline float2 __bfloat1622float2(__nv_bfloat162 V) {
  return float2{__bfloat162float(V.x), __bfloat162float(V.y)};
}
static __host__ __device__ inline __nv_bfloat162
__halves2bfloat162(__nv_bfloat16 A, __nv_bfloat16 B) {
  return __nv_bfloat162(A, B);
}
static __host__ __device__ inline __nv_bfloat16
__low2bfloat16(__nv_bfloat162 V) {
  return V.x;
}
static __host__ __device__ inline __nv_bfloat16
__high2bfloat16(__nv_bfloat162 V) {
  return V.y;
}
static __host__ __device__ inline float __low2float(__nv_bfloat162 V) {
  return __bfloat162float(V.x);
}
static __host__ __device__ inline float __high2float(__nv_bfloat162 V) {
  return __bfloat162float(V.y);
}
static __host__ __device__ inline __nv_bfloat162
__lows2bfloat162(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __nv_bfloat162(A.x, B.x);
}
static __host__ __device__ inline __nv_bfloat162
__highs2bfloat162(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __nv_bfloat162(A.y, B.y);
}
static __host__ __device__ inline __nv_bfloat162
__bfloat162bfloat162(__nv_bfloat16 V) {
  return __nv_bfloat162(V, V);
}
static __host__ __device__ inline __nv_bfloat162
__lowhigh2highlow(__nv_bfloat162 V) {
  return __nv_bfloat162(V.y, V.x);
}

static __host__ __device__ inline __nv_bfloat16 __int2bfloat16_rn(int I) {
  return __nv_bfloat16((__bf16)I);
}
static __host__ __device__ inline int __bfloat162int_rz(__nv_bfloat16 H) {
  return (int)H.native();
}
static __host__ __device__ inline __nv_bfloat16
__uint2bfloat16_rn(unsigned int I) {
  return __nv_bfloat16((__bf16)I);
}
static __host__ __device__ inline unsigned int
__bfloat162uint_rz(__nv_bfloat16 H) {
  return (unsigned int)H.native();
}
static __host__ __device__ inline __nv_bfloat16 __short2bfloat16_rn(short I) {
  return __nv_bfloat16((__bf16)I);
}
static __host__ __device__ inline short __bfloat162short_rz(__nv_bfloat16 H) {
  return (short)H.native();
}
static __host__ __device__ inline __nv_bfloat16
__ushort2bfloat16_rn(unsigned short I) {
  return __nv_bfloat16((__bf16)I);
}
static __host__ __device__ inline unsigned short
__bfloat162ushort_rz(__nv_bfloat16 H) {
  return (unsigned short)H.native();
}
static __host__ __device__ inline __nv_bfloat16 __ll2bfloat16_rn(long long I) {
  return __nv_bfloat16((__bf16)I);
}
static __host__ __device__ inline long long __bfloat162ll_rz(__nv_bfloat16 H) {
  return (long long)H.native();
}
static __host__ __device__ inline __nv_bfloat16
__ull2bfloat16_rn(unsigned long long I) {
  return __nv_bfloat16((__bf16)I);
}
static __host__ __device__ inline unsigned long long
__bfloat162ull_rz(__nv_bfloat16 H) {
  return (unsigned long long)H.native();
}
static __host__ __device__ inline int __bfloat162int_rn(__nv_bfloat16 H) {
  return (int)__builtin_rintf((float)H.native());
}
static __host__ __device__ inline short __bfloat16_as_short(__nv_bfloat16 H) {
  return (short)H.__x;
}
static __host__ __device__ inline unsigned short
__bfloat16_as_ushort(__nv_bfloat16 H) {
  return H.__x;
}
static __host__ __device__ inline __nv_bfloat16 __short_as_bfloat16(short S) {
  return __nv_bfloat16_raw{(unsigned short)S};
}
static __host__ __device__ inline __nv_bfloat16
__ushort_as_bfloat16(unsigned short S) {
  return __nv_bfloat16_raw{S};
}

/*===-- Arithmetic and comparisons ----------------------------------------===*/

static __device__ inline __nv_bfloat16 __hadd(__nv_bfloat16 A,
                                              __nv_bfloat16 B) {
  return __nv_bfloat16(A.native() + B.native());
}
static __device__ inline __nv_bfloat16 __hsub(__nv_bfloat16 A,
                                              __nv_bfloat16 B) {
  return __nv_bfloat16(A.native() - B.native());
}
static __device__ inline __nv_bfloat16 __hmul(__nv_bfloat16 A,
                                              __nv_bfloat16 B) {
  return __nv_bfloat16(A.native() * B.native());
}
static __device__ inline __nv_bfloat16 __hdiv(__nv_bfloat16 A,
                                              __nv_bfloat16 B) {
  return __nv_bfloat16(A.native() / B.native());
}
static __device__ inline __nv_bfloat16 __hfma(__nv_bfloat16 A, __nv_bfloat16 B,
                                              __nv_bfloat16 C) {
  return __nv_bfloat16(
      (__bf16)__builtin_fmaf(A.native(), B.native(), C.native()));
}
static __device__ inline __nv_bfloat16 __hneg(__nv_bfloat16 A) {
  return __nv_bfloat16_raw{(unsigned short)(A.__x ^ 0x8000u)};
}
static __device__ inline __nv_bfloat16 __habs(__nv_bfloat16 A) {
  return __nv_bfloat16_raw{(unsigned short)(A.__x & 0x7fffu)};
}
static __device__ inline bool __hisnan(__nv_bfloat16 A) {
  return A.native() != A.native();
}
static __device__ inline int __hisinf(__nv_bfloat16 A) {
  return __builtin_isinf((float)A.native()) ? (A.__x >> 15 ? -1 : 1) : 0;
}
/* IEEE maxNum/minNum: a NaN operand gives the other one. */
static __device__ inline __nv_bfloat16 __hmax(__nv_bfloat16 A,
                                              __nv_bfloat16 B) {
  return __nv_bfloat16((__bf16)__builtin_fmaxf(A.native(), B.native()));
}
static __device__ inline __nv_bfloat16 __hmin(__nv_bfloat16 A,
                                              __nv_bfloat16 B) {
  return __nv_bfloat16((__bf16)__builtin_fminf(A.native(), B.native()));
}
static __device__ inline bool __heq(__nv_bfloat16 A, __nv_bfloat16 B) {
  return A.native() == B.native();
}
static __device__ inline bool __hne(__nv_bfloat16 A, __nv_bfloat16 B) {
  return A.native() < B.native() || A.native() > B.native();
}
static __device__ inline bool __hlt(__nv_bfloat16 A, __nv_bfloat16 B) {
  return A.native() < B.native();
}
static __device__ inline bool __hle(__nv_bfloat16 A, __nv_bfloat16 B) {
  return A.native() <= B.native();
}
static __device__ inline bool __hgt(__nv_bfloat16 A, __nv_bfloat16 B) {
  return A.native() > B.native();
}
static __device__ inline bool __hge(__nv_bfloat16 A, __nv_bfloat16 B) {
  return A.native() >= B.native();
}

static __device__ inline __nv_bfloat162 __hadd2(__nv_bfloat162 A,
                                                __nv_bfloat162 B) {
  return __nv_bfloat162(__hadd(A.x, B.x), __hadd(A.y, B.y));
}
static __device__ inline __nv_bfloat162 __hsub2(__nv_bfloat162 A,
                                                __nv_bfloat162 B) {
  return __nv_bfloat162(__hsub(A.x, B.x), __hsub(A.y, B.y));
}
static __device__ inline __nv_bfloat162 __hmul2(__nv_bfloat162 A,
                                                __nv_bfloat162 B) {
  return __nv_bfloat162(__hmul(A.x, B.x), __hmul(A.y, B.y));
}
static __device__ inline __nv_bfloat162 __h2div(__nv_bfloat162 A,
                                                __nv_bfloat162 B) {
  return __nv_bfloat162(__hdiv(A.x, B.x), __hdiv(A.y, B.y));
}
static __device__ inline __nv_bfloat162
__hfma2(__nv_bfloat162 A, __nv_bfloat162 B, __nv_bfloat162 C) {
  return __nv_bfloat162(__hfma(A.x, B.x, C.x), __hfma(A.y, B.y, C.y));
}
static __device__ inline __nv_bfloat162 __hneg2(__nv_bfloat162 A) {
  return __nv_bfloat162(__hneg(A.x), __hneg(A.y));
}
static __device__ inline __nv_bfloat162 __habs2(__nv_bfloat162 A) {
  return __nv_bfloat162(__habs(A.x), __habs(A.y));
}
static __device__ inline __nv_bfloat162 __hmax2(__nv_bfloat162 A,
                                                __nv_bfloat162 B) {
  return __nv_bfloat162(__hmax(A.x, B.x), __hmax(A.y, B.y));
}
static __device__ inline __nv_bfloat162 __hmin2(__nv_bfloat162 A,
                                                __nv_bfloat162 B) {
  return __nv_bfloat162(__hmin(A.x, B.x), __hmin(A.y, B.y));
}

static __device__ inline __nv_bfloat162 __heq2(__nv_bfloat162 A,
                                               __nv_bfloat162 B) {
  return __nv_bfloat162(__nv_bfloat16(__heq(A.x, B.x) ? 1.0f : 0.0f),
                        __nv_bfloat16(__heq(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hbeq2(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __heq(A.x, B.x) && __heq(A.y, B.y);
}
static __device__ inline __nv_bfloat162 __hne2(__nv_bfloat162 A,
                                               __nv_bfloat162 B) {
  return __nv_bfloat162(__nv_bfloat16(__hne(A.x, B.x) ? 1.0f : 0.0f),
                        __nv_bfloat16(__hne(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hbne2(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __hne(A.x, B.x) && __hne(A.y, B.y);
}
static __device__ inline __nv_bfloat162 __hlt2(__nv_bfloat162 A,
                                               __nv_bfloat162 B) {
  return __nv_bfloat162(__nv_bfloat16(__hlt(A.x, B.x) ? 1.0f : 0.0f),
                        __nv_bfloat16(__hlt(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hblt2(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __hlt(A.x, B.x) && __hlt(A.y, B.y);
}
static __device__ inline __nv_bfloat162 __hle2(__nv_bfloat162 A,
                                               __nv_bfloat162 B) {
  return __nv_bfloat162(__nv_bfloat16(__hle(A.x, B.x) ? 1.0f : 0.0f),
                        __nv_bfloat16(__hle(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hble2(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __hle(A.x, B.x) && __hle(A.y, B.y);
}
static __device__ inline __nv_bfloat162 __hgt2(__nv_bfloat162 A,
                                               __nv_bfloat162 B) {
  return __nv_bfloat162(__nv_bfloat16(__hgt(A.x, B.x) ? 1.0f : 0.0f),
                        __nv_bfloat16(__hgt(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hbgt2(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __hgt(A.x, B.x) && __hgt(A.y, B.y);
}
static __device__ inline __nv_bfloat162 __hge2(__nv_bfloat162 A,
                                               __nv_bfloat162 B) {
  return __nv_bfloat162(__nv_bfloat16(__hge(A.x, B.x) ? 1.0f : 0.0f),
                        __nv_bfloat16(__hge(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hbge2(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __hge(A.x, B.x) && __hge(A.y, B.y);
}

/*===-- Operators ---------------------------------------------------------===*/

static __device__ inline __nv_bfloat16 operator+(const __nv_bfloat16 &A,
                                                 const __nv_bfloat16 &B) {
  return __hadd(A, B);
}
static __device__ inline __nv_bfloat16 &operator+=(__nv_bfloat16 &A,
                                                   const __nv_bfloat16 &B) {
  return A = __hadd(A, B);
}
static __device__ inline __nv_bfloat16 operator-(const __nv_bfloat16 &A,
                                                 const __nv_bfloat16 &B) {
  return __hsub(A, B);
}
static __device__ inline __nv_bfloat16 &operator-=(__nv_bfloat16 &A,
                                                   const __nv_bfloat16 &B) {
  return A = __hsub(A, B);
}
static __device__ inline __nv_bfloat16 operator*(const __nv_bfloat16 &A,
                                                 const __nv_bfloat16 &B) {
  return __hmul(A, B);
}
static __device__ inline __nv_bfloat16 &operator*=(__nv_bfloat16 &A,
                                                   const __nv_bfloat16 &B) {
  return A = __hmul(A, B);
}
static __device__ inline __nv_bfloat16 operator/(const __nv_bfloat16 &A,
                                                 const __nv_bfloat16 &B) {
  return __hdiv(A, B);
}
static __device__ inline __nv_bfloat16 &operator/=(__nv_bfloat16 &A,
                                                   const __nv_bfloat16 &B) {
  return A = __hdiv(A, B);
}
static __device__ inline __nv_bfloat16 operator-(const __nv_bfloat16 &A) {
  return __hneg(A);
}
static __device__ inline __nv_bfloat16 operator+(const __nv_bfloat16 &A) {
  return A;
}
static __device__ inline __nv_bfloat162 operator+(const __nv_bfloat162 &A,
                                                  const __nv_bfloat162 &B) {
  return __hadd2(A, B);
}
static __device__ inline __nv_bfloat162 &operator+=(__nv_bfloat162 &A,
                                                    const __nv_bfloat162 &B) {
  return A = __hadd2(A, B);
}
static __device__ inline __nv_bfloat162 operator-(const __nv_bfloat162 &A,
                                                  const __nv_bfloat162 &B) {
  return __hsub2(A, B);
}
static __device__ inline __nv_bfloat162 &operator-=(__nv_bfloat162 &A,
                                                    const __nv_bfloat162 &B) {
  return A = __hsub2(A, B);
}
static __device__ inline __nv_bfloat162 operator*(const __nv_bfloat162 &A,
                                                  const __nv_bfloat162 &B) {
  return __hmul2(A, B);
}
static __device__ inline __nv_bfloat162 &operator*=(__nv_bfloat162 &A,
                                                    const __nv_bfloat162 &B) {
  return A = __hmul2(A, B);
}
static __device__ inline __nv_bfloat162 operator/(const __nv_bfloat162 &A,
                                                  const __nv_bfloat162 &B) {
  return __h2div(A, B);
}
static __device__ inline __nv_bfloat162 &operator/=(__nv_bfloat162 &A,
                                                    const __nv_bfloat162 &B) {
  return A = __h2div(A, B);
}
static __device__ inline __nv_bfloat162 operator-(const __nv_bfloat162 &A) {
  return __hneg2(A);
}
static __device__ inline __nv_bfloat162 operator+(const __nv_bfloat162 &A) {
  return A;
}
static __device__ inline bool operator==(const __nv_bfloat16 &A,
                                         const __nv_bfloat16 &B) {
  return __heq(A, B);
}
static __device__ inline bool operator==(const __nv_bfloat162 &A,
                                         const __nv_bfloat162 &B) {
  return __hbeq2(A, B);
}
static __device__ inline bool operator!=(const __nv_bfloat16 &A,
                                         const __nv_bfloat16 &B) {
  return __hne(A, B);
}
static __device__ inline bool operator!=(const __nv_bfloat162 &A,
                                         const __nv_bfloat162 &B) {
  return __hbne2(A, B);
}
static __device__ inline bool operator<(const __nv_bfloat16 &A,
                                        const __nv_bfloat16 &B) {
  return __hlt(A, B);
}
static __device__ inline bool operator<(const __nv_bfloat162 &A,
                                        const __nv_bfloat162 &B) {
  return __hblt2(A, B);
}
static __device__ inline bool operator<=(const __nv_bfloat16 &A,
                                         const __nv_bfloat16 &B) {
  return __hle(A, B);
}
static __device__ inline bool operator<=(const __nv_bfloat162 &A,
                                         const __nv_bfloat162 &B) {
  return __hble2(A, B);
}
static __device__ inline bool operator>(const __nv_bfloat16 &A,
                                        const __nv_bfloat16 &B) {
  return __hgt(A, B);
}
static __device__ inline bool operator>(const __nv_bfloat162 &A,
                                        const __nv_bfloat162 &B) {
  return __hbgt2(A, B);
}
static __device__ inline bool operator>=(const __nv_bfloat16 &A,
                                         const __nv_bfloat16 &B) {
  return __hge(A, B);
}
static __device__ inline bool operator>=(const __nv_bfloat162 &A,
                                         const __nv_bfloat162 &B) {
  return __hbge2(A, B);
}

/*===-- Math (through float, one final rounding) -------------------------===*/

static __device__ inline __nv_bfloat16 hsqrt(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_sqrtf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2sqrt(__nv_bfloat162 A) {
  return __nv_bfloat162(hsqrt(A.x), hsqrt(A.y));
}
static __device__ inline __nv_bfloat16 hexp(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_expf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2exp(__nv_bfloat162 A) {
  return __nv_bfloat162(hexp(A.x), hexp(A.y));
}
static __device__ inline __nv_bfloat16 hexp2(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_exp2f((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2exp2(__nv_bfloat162 A) {
  return __nv_bfloat162(hexp2(A.x), hexp2(A.y));
}
static __device__ inline __nv_bfloat16 hexp10(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_exp10f((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2exp10(__nv_bfloat162 A) {
  return __nv_bfloat162(hexp10(A.x), hexp10(A.y));
}
static __device__ inline __nv_bfloat16 hlog(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_logf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2log(__nv_bfloat162 A) {
  return __nv_bfloat162(hlog(A.x), hlog(A.y));
}
static __device__ inline __nv_bfloat16 hlog2(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_log2f((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2log2(__nv_bfloat162 A) {
  return __nv_bfloat162(hlog2(A.x), hlog2(A.y));
}
static __device__ inline __nv_bfloat16 hlog10(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_log10f((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2log10(__nv_bfloat162 A) {
  return __nv_bfloat162(hlog10(A.x), hlog10(A.y));
}
static __device__ inline __nv_bfloat16 hsin(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_sinf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2sin(__nv_bfloat162 A) {
  return __nv_bfloat162(hsin(A.x), hsin(A.y));
}
static __device__ inline __nv_bfloat16 hcos(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_cosf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2cos(__nv_bfloat162 A) {
  return __nv_bfloat162(hcos(A.x), hcos(A.y));
}
static __device__ inline __nv_bfloat16 hceil(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_ceilf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2ceil(__nv_bfloat162 A) {
  return __nv_bfloat162(hceil(A.x), hceil(A.y));
}
static __device__ inline __nv_bfloat16 hfloor(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_floorf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2floor(__nv_bfloat162 A) {
  return __nv_bfloat162(hfloor(A.x), hfloor(A.y));
}
static __device__ inline __nv_bfloat16 htrunc(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_truncf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2trunc(__nv_bfloat162 A) {
  return __nv_bfloat162(htrunc(A.x), htrunc(A.y));
}
static __device__ inline __nv_bfloat16 hrint(__nv_bfloat16 A) {
  return __nv_bfloat16(__builtin_rintf((float)A.native()));
}
static __device__ inline __nv_bfloat162 h2rint(__nv_bfloat162 A) {
  return __nv_bfloat162(hrint(A.x), hrint(A.y));
}
static __device__ inline __nv_bfloat16 hrsqrt(__nv_bfloat16 A) {
  return __nv_bfloat16(1.0f / __builtin_sqrtf((float)A.native()));
}
static __device__ inline __nv_bfloat16 hrcp(__nv_bfloat16 A) {
  return __nv_bfloat16(1.0f / (float)A.native());
}
static __device__ inline __nv_bfloat162 h2rsqrt(__nv_bfloat162 A) {
  return __nv_bfloat162(hrsqrt(A.x), hrsqrt(A.y));
}
static __device__ inline __nv_bfloat162 h2rcp(__nv_bfloat162 A) {
  return __nv_bfloat162(hrcp(A.x), hrcp(A.y));
}

/*===-- Shuffles (a value moves in the low 16 bits of a word, a pair as the
 * word) ------------------------------------------------------------------===*/

static __device__ inline __nv_bfloat16
__shfl_sync(unsigned Mask, __nv_bfloat16 V, int B, int Width = 32) {
  return __nv_bfloat16_raw{
      (unsigned short)__shfl_sync(Mask, (unsigned)V.__x, B, Width)};
}
static __device__ inline __nv_bfloat162
__shfl_sync(unsigned Mask, __nv_bfloat162 V, int B, int Width = 32) {
  unsigned W = __shfl_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__nv_bfloat162, W);
}
static __device__ inline __nv_bfloat16
__shfl_up_sync(unsigned Mask, __nv_bfloat16 V, unsigned int B, int Width = 32) {
  return __nv_bfloat16_raw{
      (unsigned short)__shfl_up_sync(Mask, (unsigned)V.__x, B, Width)};
}
static __device__ inline __nv_bfloat162 __shfl_up_sync(unsigned Mask,
                                                       __nv_bfloat162 V,
                                                       unsigned int B,
                                                       int Width = 32) {
  unsigned W = __shfl_up_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__nv_bfloat162, W);
}
static __device__ inline __nv_bfloat16 __shfl_down_sync(unsigned Mask,
                                                        __nv_bfloat16 V,
                                                        unsigned int B,
                                                        int Width = 32) {
  return __nv_bfloat16_raw{
      (unsigned short)__shfl_down_sync(Mask, (unsigned)V.__x, B, Width)};
}
static __device__ inline __nv_bfloat162 __shfl_down_sync(unsigned Mask,
                                                         __nv_bfloat162 V,
                                                         unsigned int B,
                                                         int Width = 32) {
  unsigned W =
      __shfl_down_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__nv_bfloat162, W);
}
static __device__ inline __nv_bfloat16
__shfl_xor_sync(unsigned Mask, __nv_bfloat16 V, int B, int Width = 32) {
  return __nv_bfloat16_raw{
      (unsigned short)__shfl_xor_sync(Mask, (unsigned)V.__x, B, Width)};
}
static __device__ inline __nv_bfloat162
__shfl_xor_sync(unsigned Mask, __nv_bfloat162 V, int B, int Width = 32) {
  unsigned W = __shfl_xor_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__nv_bfloat162, W);
}

/*===-- Atomics (a compare-and-swap loop on the enclosing 32-bit word) ----===*/

static __device__ inline __nv_bfloat162 atomicAdd(__nv_bfloat162 *Address,
                                                  __nv_bfloat162 Value) {
  unsigned *Word = (unsigned *)Address;
  unsigned Old = *Word, Assumed;
  do {
    Assumed = Old;
    unsigned New = __builtin_bit_cast(
        unsigned, __hadd2(__builtin_bit_cast(__nv_bfloat162, Assumed), Value));
    Old = atomicCAS(Word, Assumed, New);
  } while (Old != Assumed);
  return __builtin_bit_cast(__nv_bfloat162, Old);
}
static __device__ inline __nv_bfloat16 atomicAdd(__nv_bfloat16 *Address,
                                                 __nv_bfloat16 Value) {
  unsigned long long Bits = (unsigned long long)Address;
  unsigned *Word = (unsigned *)(Bits & ~3ull);
  unsigned Shift = (unsigned)(Bits & 2) * 8;
  unsigned Old = *Word, Assumed;
  do {
    Assumed = Old;
    __nv_bfloat16 Current =
        __nv_bfloat16_raw{(unsigned short)(Assumed >> Shift)};
    unsigned Sum = __hadd(Current, Value).__x;
    unsigned New = (Assumed & ~(0xffffu << Shift)) | (Sum << Shift);
    Old = atomicCAS(Word, Assumed, New);
  } while (Old != Assumed);
  return __nv_bfloat16_raw{(unsigned short)(Old >> Shift)};
}

#endif
