// cuda_fp16.h - CUDA's half precision types and functions, SDK-free.
//
// __half holds the 16 bits of an IEEE binary16 value, as the toolkit's does
// (unsigned short __x), and computes through clang's _Float16: every
// operation rounds once, to nearest even, as the PTX instructions nvcc emits
// do; on AMD GPUs the backend uses the native 16-bit instructions or, where
// there are none, float with one final rounding (exact for +, -, *, /,
// sqrt: float has more than twice the bits). __half2 is a pair. Conversions,
// arithmetic, comparisons, operators, math, shuffles and atomicAdd, host and
// device where the toolkit has them on both. Directed-rounding conversions
// (_rz, _rd, _ru) are not provided.
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#include "crt/host_defines.h"
#include "vector_types.h"

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

struct __align__(2) __half {
  unsigned short __x;
  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &R) : __x(R.x) {}
  __host__ __device__ __half(_Float16 V)
      : __x(__builtin_bit_cast(unsigned short, V)) {}
  __host__ __device__ __half(float F) : __half((_Float16)F) {}
  __host__ __device__ __half(double D) : __half((_Float16)D) {}
  __host__ __device__ __half(int I) : __half((_Float16)I) {}
  __host__ __device__ __half(unsigned int I) : __half((_Float16)I) {}
  __host__ __device__ __half(long long I) : __half((_Float16)I) {}
  __host__ __device__ __half(unsigned long long I) : __half((_Float16)I) {}
  __host__ __device__ __half(short I) : __half((_Float16)I) {}
  __host__ __device__ __half(unsigned short I) : __half((_Float16)I) {}
  __host__ __device__ _Float16 native() const {
    return __builtin_bit_cast(_Float16, __x);
  }
  __host__ __device__ operator float() const { return (float)native(); }
  __host__ __device__ operator __half_raw() const { return __half_raw{__x}; }
  __host__ __device__ __half &operator=(float F) { return *this = __half(F); }
  __host__ __device__ __half &operator=(double D) { return *this = __half(D); }
};

struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ constexpr __half2(const __half &A, const __half &B)
      : x(A), y(B) {}
  __host__ __device__ constexpr __half2(const __half2_raw &R)
      : x(__half_raw{R.x}), y(__half_raw{R.y}) {}
  __host__ __device__ operator __half2_raw() const {
    return __half2_raw{x.__x, y.__x};
  }
};

/*===-- Conversions -------------------------------------------------------===*/

static __host__ __device__ inline __half __float2half(float F) {
  return __half(F);
}
static __host__ __device__ inline __half __float2half_rn(float F) {
  return __half(F);
}
static __host__ __device__ inline float __half2float(__half H) {
  return (float)H.native();
}
static __host__ __device__ inline __half __double2half(double D) {
  return __half(D);
}
static __host__ __device__ inline __half2 __float2half2_rn(float F) {
  return __half2(__half(F), __half(F));
}
static __host__ __device__ inline __half2 __floats2half2_rn(float A, float B) {
  return __half2(__half(A), __half(B));
}
static __host__ __device__ inline float2 __half22float2(__half2 V) {
  return float2{__half2float(V.x), __half2float(V.y)};
}
static __host__ __device__ inline __half2 __halves2half2(__half A, __half B) {
  return __half2(A, B);
}
static __host__ __device__ inline __half __low2half(__half2 V) { return V.x; }
static __host__ __device__ inline __half __high2half(__half2 V) { return V.y; }
static __host__ __device__ inline float __low2float(__half2 V) {
  return __half2float(V.x);
}
static __host__ __device__ inline float __high2float(__half2 V) {
  return __half2float(V.y);
}
static __host__ __device__ inline __half2 __lows2half2(__half2 A, __half2 B) {
  return __half2(A.x, B.x);
}
static __host__ __device__ inline __half2 __highs2half2(__half2 A, __half2 B) {
  return __half2(A.y, B.y);
}
static __host__ __device__ inline __half2 __half2half2(__half V) {
  return __half2(V, V);
}
static __host__ __device__ inline __half2 __lowhigh2highlow(__half2 V) {
  return __half2(V.y, V.x);
}

static __host__ __device__ inline __half __int2half_rn(int I) {
  return __half((_Float16)I);
}
static __host__ __device__ inline int __half2int_rz(__half H) {
  return (int)H.native();
}
static __host__ __device__ inline __half __uint2half_rn(unsigned int I) {
  return __half((_Float16)I);
}
static __host__ __device__ inline unsigned int __half2uint_rz(__half H) {
  return (unsigned int)H.native();
}
static __host__ __device__ inline __half __short2half_rn(short I) {
  return __half((_Float16)I);
}
static __host__ __device__ inline short __half2short_rz(__half H) {
  return (short)H.native();
}
static __host__ __device__ inline __half __ushort2half_rn(unsigned short I) {
  return __half((_Float16)I);
}
static __host__ __device__ inline unsigned short __half2ushort_rz(__half H) {
  return (unsigned short)H.native();
}
static __host__ __device__ inline __half __ll2half_rn(long long I) {
  return __half((_Float16)I);
}
static __host__ __device__ inline long long __half2ll_rz(__half H) {
  return (long long)H.native();
}
static __host__ __device__ inline __half __ull2half_rn(unsigned long long I) {
  return __half((_Float16)I);
}
static __host__ __device__ inline unsigned long long __half2ull_rz(__half H) {
  return (unsigned long long)H.native();
}
static __host__ __device__ inline int __half2int_rn(__half H) {
  return (int)__builtin_rintf((float)H.native());
}
static __host__ __device__ inline short __half_as_short(__half H) {
  return (short)H.__x;
}
static __host__ __device__ inline unsigned short __half_as_ushort(__half H) {
  return H.__x;
}
static __host__ __device__ inline __half __short_as_half(short S) {
  return __half_raw{(unsigned short)S};
}
static __host__ __device__ inline __half __ushort_as_half(unsigned short S) {
  return __half_raw{S};
}

/*===-- Arithmetic and comparisons ----------------------------------------===*/

static __device__ inline __half __hadd(__half A, __half B) {
  return __half(A.native() + B.native());
}
static __device__ inline __half __hsub(__half A, __half B) {
  return __half(A.native() - B.native());
}
static __device__ inline __half __hmul(__half A, __half B) {
  return __half(A.native() * B.native());
}
static __device__ inline __half __hdiv(__half A, __half B) {
  return __half(A.native() / B.native());
}
static __device__ inline __half __hfma(__half A, __half B, __half C) {
  return __half((_Float16)__builtin_fmaf(A.native(), B.native(), C.native()));
}
static __device__ inline __half __hneg(__half A) {
  return __half_raw{(unsigned short)(A.__x ^ 0x8000u)};
}
static __device__ inline __half __habs(__half A) {
  return __half_raw{(unsigned short)(A.__x & 0x7fffu)};
}
static __device__ inline bool __hisnan(__half A) {
  return A.native() != A.native();
}
static __device__ inline int __hisinf(__half A) {
  return __builtin_isinf((float)A.native()) ? (A.__x >> 15 ? -1 : 1) : 0;
}
/* IEEE maxNum/minNum: a NaN operand gives the other one. */
static __device__ inline __half __hmax(__half A, __half B) {
  return __half((_Float16)__builtin_fmaxf(A.native(), B.native()));
}
static __device__ inline __half __hmin(__half A, __half B) {
  return __half((_Float16)__builtin_fminf(A.native(), B.native()));
}
static __device__ inline bool __heq(__half A, __half B) {
  return A.native() == B.native();
}
static __device__ inline bool __hne(__half A, __half B) {
  return A.native() < B.native() || A.native() > B.native();
}
static __device__ inline bool __hlt(__half A, __half B) {
  return A.native() < B.native();
}
static __device__ inline bool __hle(__half A, __half B) {
  return A.native() <= B.native();
}
static __device__ inline bool __hgt(__half A, __half B) {
  return A.native() > B.native();
}
static __device__ inline bool __hge(__half A, __half B) {
  return A.native() >= B.native();
}

static __device__ inline __half2 __hadd2(__half2 A, __half2 B) {
  return __half2(__hadd(A.x, B.x), __hadd(A.y, B.y));
}
static __device__ inline __half2 __hsub2(__half2 A, __half2 B) {
  return __half2(__hsub(A.x, B.x), __hsub(A.y, B.y));
}
static __device__ inline __half2 __hmul2(__half2 A, __half2 B) {
  return __half2(__hmul(A.x, B.x), __hmul(A.y, B.y));
}
static __device__ inline __half2 __h2div(__half2 A, __half2 B) {
  return __half2(__hdiv(A.x, B.x), __hdiv(A.y, B.y));
}
static __device__ inline __half2 __hfma2(__half2 A, __half2 B, __half2 C) {
  return __half2(__hfma(A.x, B.x, C.x), __hfma(A.y, B.y, C.y));
}
static __device__ inline __half2 __hneg2(__half2 A) {
  return __half2(__hneg(A.x), __hneg(A.y));
}
static __device__ inline __half2 __habs2(__half2 A) {
  return __half2(__habs(A.x), __habs(A.y));
}
static __device__ inline __half2 __hmax2(__half2 A, __half2 B) {
  return __half2(__hmax(A.x, B.x), __hmax(A.y, B.y));
}
static __device__ inline __half2 __hmin2(__half2 A, __half2 B) {
  return __half2(__hmin(A.x, B.x), __hmin(A.y, B.y));
}

static __device__ inline __half2 __heq2(__half2 A, __half2 B) {
  return __half2(__half(__heq(A.x, B.x) ? 1.0f : 0.0f),
                 __half(__heq(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hbeq2(__half2 A, __half2 B) {
  return __heq(A.x, B.x) && __heq(A.y, B.y);
}
static __device__ inline __half2 __hne2(__half2 A, __half2 B) {
  return __half2(__half(__hne(A.x, B.x) ? 1.0f : 0.0f),
                 __half(__hne(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hbne2(__half2 A, __half2 B) {
  return __hne(A.x, B.x) && __hne(A.y, B.y);
}
static __device__ inline __half2 __hlt2(__half2 A, __half2 B) {
  return __half2(__half(__hlt(A.x, B.x) ? 1.0f : 0.0f),
                 __half(__hlt(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hblt2(__half2 A, __half2 B) {
  return __hlt(A.x, B.x) && __hlt(A.y, B.y);
}
static __device__ inline __half2 __hle2(__half2 A, __half2 B) {
  return __half2(__half(__hle(A.x, B.x) ? 1.0f : 0.0f),
                 __half(__hle(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hble2(__half2 A, __half2 B) {
  return __hle(A.x, B.x) && __hle(A.y, B.y);
}
static __device__ inline __half2 __hgt2(__half2 A, __half2 B) {
  return __half2(__half(__hgt(A.x, B.x) ? 1.0f : 0.0f),
                 __half(__hgt(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hbgt2(__half2 A, __half2 B) {
  return __hgt(A.x, B.x) && __hgt(A.y, B.y);
}
static __device__ inline __half2 __hge2(__half2 A, __half2 B) {
  return __half2(__half(__hge(A.x, B.x) ? 1.0f : 0.0f),
                 __half(__hge(A.y, B.y) ? 1.0f : 0.0f));
}
static __device__ inline bool __hbge2(__half2 A, __half2 B) {
  return __hge(A.x, B.x) && __hge(A.y, B.y);
}

/*===-- Operators ---------------------------------------------------------===*/

static __device__ inline __half operator+(const __half &A, const __half &B) {
  return __hadd(A, B);
}
static __device__ inline __half &operator+=(__half &A, const __half &B) {
  return A = __hadd(A, B);
}
static __device__ inline __half operator-(const __half &A, const __half &B) {
  return __hsub(A, B);
}
static __device__ inline __half &operator-=(__half &A, const __half &B) {
  return A = __hsub(A, B);
}
static __device__ inline __half operator*(const __half &A, const __half &B) {
  return __hmul(A, B);
}
static __device__ inline __half &operator*=(__half &A, const __half &B) {
  return A = __hmul(A, B);
}
static __device__ inline __half operator/(const __half &A, const __half &B) {
  return __hdiv(A, B);
}
static __device__ inline __half &operator/=(__half &A, const __half &B) {
  return A = __hdiv(A, B);
}
static __device__ inline __half operator-(const __half &A) { return __hneg(A); }
static __device__ inline __half operator+(const __half &A) { return A; }
static __device__ inline __half2 operator+(const __half2 &A, const __half2 &B) {
  return __hadd2(A, B);
}
static __device__ inline __half2 &operator+=(__half2 &A, const __half2 &B) {
  return A = __hadd2(A, B);
}
static __device__ inline __half2 operator-(const __half2 &A, const __half2 &B) {
  return __hsub2(A, B);
}
static __device__ inline __half2 &operator-=(__half2 &A, const __half2 &B) {
  return A = __hsub2(A, B);
}
static __device__ inline __half2 operator*(const __half2 &A, const __half2 &B) {
  return __hmul2(A, B);
}
static __device__ inline __half2 &operator*=(__half2 &A, const __half2 &B) {
  return A = __hmul2(A, B);
}
static __device__ inline __half2 operator/(const __half2 &A, const __half2 &B) {
  return __h2div(A, B);
}
static __device__ inline __half2 &operator/=(__half2 &A, const __half2 &B) {
  return A = __h2div(A, B);
}
static __device__ inline __half2 operator-(const __half2 &A) {
  return __hneg2(A);
}
static __device__ inline __half2 operator+(const __half2 &A) { return A; }
static __device__ inline bool operator==(const __half &A, const __half &B) {
  return __heq(A, B);
}
static __device__ inline bool operator==(const __half2 &A, const __half2 &B) {
  return __hbeq2(A, B);
}
static __device__ inline bool operator!=(const __half &A, const __half &B) {
  return __hne(A, B);
}
static __device__ inline bool operator!=(const __half2 &A, const __half2 &B) {
  return __hbne2(A, B);
}
static __device__ inline bool operator<(const __half &A, const __half &B) {
  return __hlt(A, B);
}
static __device__ inline bool operator<(const __half2 &A, const __half2 &B) {
  return __hblt2(A, B);
}
static __device__ inline bool operator<=(const __half &A, const __half &B) {
  return __hle(A, B);
}
static __device__ inline bool operator<=(const __half2 &A, const __half2 &B) {
  return __hble2(A, B);
}
static __device__ inline bool operator>(const __half &A, const __half &B) {
  return __hgt(A, B);
}
static __device__ inline bool operator>(const __half2 &A, const __half2 &B) {
  return __hbgt2(A, B);
}
static __device__ inline bool operator>=(const __half &A, const __half &B) {
  return __hge(A, B);
}
static __device__ inline bool operator>=(const __half2 &A, const __half2 &B) {
  return __hbge2(A, B);
}

/*===-- Math (through float, one final rounding) -------------------------===*/

static __device__ inline __half hsqrt(__half A) {
  return __half(__builtin_sqrtf((float)A.native()));
}
static __device__ inline __half2 h2sqrt(__half2 A) {
  return __half2(hsqrt(A.x), hsqrt(A.y));
}
static __device__ inline __half hexp(__half A) {
  return __half(__builtin_expf((float)A.native()));
}
static __device__ inline __half2 h2exp(__half2 A) {
  return __half2(hexp(A.x), hexp(A.y));
}
static __device__ inline __half hexp2(__half A) {
  return __half(__builtin_exp2f((float)A.native()));
}
static __device__ inline __half2 h2exp2(__half2 A) {
  return __half2(hexp2(A.x), hexp2(A.y));
}
static __device__ inline __half hexp10(__half A) {
  return __half(__builtin_exp10f((float)A.native()));
}
static __device__ inline __half2 h2exp10(__half2 A) {
  return __half2(hexp10(A.x), hexp10(A.y));
}
static __device__ inline __half hlog(__half A) {
  return __half(__builtin_logf((float)A.native()));
}
static __device__ inline __half2 h2log(__half2 A) {
  return __half2(hlog(A.x), hlog(A.y));
}
static __device__ inline __half hlog2(__half A) {
  return __half(__builtin_log2f((float)A.native()));
}
static __device__ inline __half2 h2log2(__half2 A) {
  return __half2(hlog2(A.x), hlog2(A.y));
}
static __device__ inline __half hlog10(__half A) {
  return __half(__builtin_log10f((float)A.native()));
}
static __device__ inline __half2 h2log10(__half2 A) {
  return __half2(hlog10(A.x), hlog10(A.y));
}
static __device__ inline __half hsin(__half A) {
  return __half(__builtin_sinf((float)A.native()));
}
static __device__ inline __half2 h2sin(__half2 A) {
  return __half2(hsin(A.x), hsin(A.y));
}
static __device__ inline __half hcos(__half A) {
  return __half(__builtin_cosf((float)A.native()));
}
static __device__ inline __half2 h2cos(__half2 A) {
  return __half2(hcos(A.x), hcos(A.y));
}
static __device__ inline __half hceil(__half A) {
  return __half(__builtin_ceilf((float)A.native()));
}
static __device__ inline __half2 h2ceil(__half2 A) {
  return __half2(hceil(A.x), hceil(A.y));
}
static __device__ inline __half hfloor(__half A) {
  return __half(__builtin_floorf((float)A.native()));
}
static __device__ inline __half2 h2floor(__half2 A) {
  return __half2(hfloor(A.x), hfloor(A.y));
}
static __device__ inline __half htrunc(__half A) {
  return __half(__builtin_truncf((float)A.native()));
}
static __device__ inline __half2 h2trunc(__half2 A) {
  return __half2(htrunc(A.x), htrunc(A.y));
}
static __device__ inline __half hrint(__half A) {
  return __half(__builtin_rintf((float)A.native()));
}
static __device__ inline __half2 h2rint(__half2 A) {
  return __half2(hrint(A.x), hrint(A.y));
}
static __device__ inline __half hrsqrt(__half A) {
  return __half(1.0f / __builtin_sqrtf((float)A.native()));
}
static __device__ inline __half hrcp(__half A) {
  return __half(1.0f / (float)A.native());
}
static __device__ inline __half2 h2rsqrt(__half2 A) {
  return __half2(hrsqrt(A.x), hrsqrt(A.y));
}
static __device__ inline __half2 h2rcp(__half2 A) {
  return __half2(hrcp(A.x), hrcp(A.y));
}

/*===-- Shuffles (a value moves in the low 16 bits of a word, a pair as the
 * word) ------------------------------------------------------------------===*/

static __device__ inline __half __shfl_sync(unsigned Mask, __half V, int B,
                                            int Width = 32) {
  return __half_raw{
      (unsigned short)__shfl_sync(Mask, (unsigned)V.__x, B, Width)};
}
static __device__ inline __half2 __shfl_sync(unsigned Mask, __half2 V, int B,
                                             int Width = 32) {
  unsigned W = __shfl_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__half2, W);
}
static __device__ inline __half __shfl_up_sync(unsigned Mask, __half V,
                                               unsigned int B, int Width = 32) {
  return __half_raw{
      (unsigned short)__shfl_up_sync(Mask, (unsigned)V.__x, B, Width)};
}
static __device__ inline __half2
__shfl_up_sync(unsigned Mask, __half2 V, unsigned int B, int Width = 32) {
  unsigned W = __shfl_up_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__half2, W);
}
static __device__ inline __half
__shfl_down_sync(unsigned Mask, __half V, unsigned int B, int Width = 32) {
  return __half_raw{
      (unsigned short)__shfl_down_sync(Mask, (unsigned)V.__x, B, Width)};
}
static __device__ inline __half2
__shfl_down_sync(unsigned Mask, __half2 V, unsigned int B, int Width = 32) {
  unsigned W =
      __shfl_down_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__half2, W);
}
static __device__ inline __half __shfl_xor_sync(unsigned Mask, __half V, int B,
                                                int Width = 32) {
  return __half_raw{
      (unsigned short)__shfl_xor_sync(Mask, (unsigned)V.__x, B, Width)};
}
static __device__ inline __half2 __shfl_xor_sync(unsigned Mask, __half2 V,
                                                 int B, int Width = 32) {
  unsigned W = __shfl_xor_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__half2, W);
}

/*===-- Atomics (a compare-and-swap loop on the enclosing 32-bit word) ----===*/

static __device__ inline __half2 atomicAdd(__half2 *Address, __half2 Value) {
  unsigned *Word = (unsigned *)Address;
  unsigned Old = *Word, Assumed;
  do {
    Assumed = Old;
    unsigned New = __builtin_bit_cast(
        unsigned, __hadd2(__builtin_bit_cast(__half2, Assumed), Value));
    Old = atomicCAS(Word, Assumed, New);
  } while (Old != Assumed);
  return __builtin_bit_cast(__half2, Old);
}
static __device__ inline __half atomicAdd(__half *Address, __half Value) {
  unsigned long long Bits = (unsigned long long)Address;
  unsigned *Word = (unsigned *)(Bits & ~3ull);
  unsigned Shift = (unsigned)(Bits & 2) * 8;
  unsigned Old = *Word, Assumed;
  do {
    Assumed = Old;
    __half Current = __half_raw{(unsigned short)(Assumed >> Shift)};
    unsigned Sum = __hadd(Current, Value).__x;
    unsigned New = (Assumed & ~(0xffffu << Shift)) | (Sum << Shift);
    Old = atomicCAS(Word, Assumed, New);
  } while (Old != Assumed);
  return __half_raw{(unsigned short)(Old >> Shift)};
}

#endif
