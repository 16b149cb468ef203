// cuda_bf16.h - CUDA's bfloat16 types and functions, SDK-free.
//
// __nv_bfloat16 holds the 16 bits of a bfloat16 value (unsigned short __x),
// with the toolkit's overload set (constructors and assignments from float,
// double and the integer types, conversions to float, the integer types and
// bool; explicit conversions to and from __half). bfloat16 is float's top
// half, so every conversion is integer arithmetic on float's bits, host and
// device alike (no __bf16 arithmetic: a host's libgcc may lack
// __truncsfbf2); +, -, *, / and sqrt compute in float and round once
// (exact: float has more than twice the bits), fma through float with a
// correction where float's rounding lands on a bfloat16 tie; math through
// float, or double near a tie. NaN results
// are the canonical NaN 0x7fff, as the toolkit's are. Results are CUDA's bit
// for bit (lit-tests/half, against an H100).
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#include "crt/host_defines.h"
#include "cuda_fp16.h"
#include "vector_types.h"

#define __CUDA_BF16_DECL__ static __device__ __inline__
#define __CUDA_HOSTDEVICE_BF16_DECL__ static __host__ __device__ __inline__
#define __CUDA_BF16_TYPES_EXIST__

struct __nv_bfloat16_raw {
  unsigned short x;
};
struct __nv_bfloat162_raw {
  unsigned short x, y;
};

/*===-- bfloat16 bits from exact values ------------------------------------===*/

#define __CUCC_BF16_NAN ((unsigned short)0x7fff)
static constexpr __cucc_format __cucc_bf16_format = {8, -126, 127};

__host__ __device__ static inline unsigned short
__cucc_bf16_from_parts(bool Negative, unsigned long long Mant, int Exp,
                       __cucc_rounding Mode) {
  unsigned Sign = Negative ? 0x8000u : 0u;
  unsigned Bits =
      __cucc_round_small(Negative, Mant, Exp, __cucc_bf16_format, Mode);
  if (Bits == 0xffffffffu)
    Bits = __cucc_overflows_to_inf(Negative, Mode) ? 0x7f80u : 0x7f7fu;
  return (unsigned short)(Sign | Bits);
}
// Float to bfloat16: drop float's low 16 bits, rounding as Mode says.
__host__ __device__ static inline unsigned short
__cucc_bf16_from_float(float F, __cucc_rounding Mode) {
  unsigned U = __cucc_float_bits(F);
  if ((U & 0x7fffffffu) > 0x7f800000u)
    return __CUCC_BF16_NAN;
  unsigned Low = U & 0xffffu;
  bool Negative = U >> 31;
  bool Up;
  switch (Mode) {
  case __cucc_rn:
    Up = Low > 0x8000u || (Low == 0x8000u && (U & 0x10000u));
    break;
  case __cucc_rz:
    Up = false;
    break;
  case __cucc_ru:
    Up = Low != 0 && !Negative;
    break;
  default:
    Up = Low != 0 && Negative;
    break;
  }
  return (unsigned short)((U >> 16) + (Up ? 1u : 0u));
}
__host__ __device__ static inline unsigned short
__cucc_bf16_from_double(double D, __cucc_rounding Mode) {
  bool Negative = __builtin_signbit(D);
  if (D != D) {
#ifdef __CUDA_ARCH__ // quieted, the payload's top bits kept (cvt.rn.bf16.f64)
    return (unsigned short)((Negative ? 0x8000u : 0u) | 0x7fc0u |
                            ((__builtin_bit_cast(unsigned long long, D) >> 45) &
                             0x7fu));
#else // the toolkit's host code: the canonical NaN
    return __CUCC_BF16_NAN;
#endif
  }
  if (__builtin_isinf(D))
    return (unsigned short)((Negative ? 0x8000u : 0u) | 0x7f80u);
  if (D == 0)
    return (unsigned short)(Negative ? 0x8000u : 0u);
  unsigned long long Mant;
  int Exp;
  __cucc_split_double(D, Mant, Exp);
  return __cucc_bf16_from_parts(Negative, Mant, Exp, Mode);
}
__host__ __device__ static inline unsigned short
__cucc_bf16_from_signed(long long I, __cucc_rounding Mode) {
  bool Negative = I < 0;
  unsigned long long Mag = Negative ? 0ull - (unsigned long long)I
                                    : (unsigned long long)I;
  return Mag ? __cucc_bf16_from_parts(Negative, Mag, 0, Mode) : 0;
}
__host__ __device__ static inline unsigned short
__cucc_bf16_from_unsigned(unsigned long long I, __cucc_rounding Mode) {
  return I ? __cucc_bf16_from_parts(false, I, 0, Mode) : 0;
}
__host__ __device__ static inline unsigned short __cucc_bf16_rn(float F) {
  return __cucc_bf16_from_float(F, __cucc_rn);
}
__host__ __device__ static inline float __cucc_bf16_to_float(unsigned short B) {
  return __cucc_bits_float((unsigned)B << 16);
}

/*===-- The types ------------------------------------------------------------===*/

struct __align__(2) __nv_bfloat16 {
  unsigned short __x;

  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &R)
      : __x(R.x) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &R) {
    __x = R.x;
    return *this;
  }
  __host__ __device__ volatile __nv_bfloat16 &
  operator=(const __nv_bfloat16_raw &R) volatile {
    __x = R.x;
    return *this;
  }
  __host__ __device__ volatile __nv_bfloat16 &
  operator=(const volatile __nv_bfloat16_raw &R) volatile {
    __x = R.x;
    return *this;
  }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    return __nv_bfloat16_raw{__x};
  }
  __host__ __device__ operator __nv_bfloat16_raw() const volatile {
    return __nv_bfloat16_raw{__x};
  }

  explicit __host__ __device__ __nv_bfloat16(const __half H)
      : __x(__cucc_bf16_rn(__cucc_half_to_float(H.__x))) {}
  __host__ __device__ __nv_bfloat16(float F) : __x(__cucc_bf16_rn(F)) {}
  __host__ __device__ __nv_bfloat16(double D)
      : __x(__cucc_bf16_from_double(D, __cucc_rn)) {}
  __host__ __device__ __nv_bfloat16(short I)
      : __x(__cucc_bf16_from_signed(I, __cucc_rn)) {}
  __host__ __device__ __nv_bfloat16(unsigned short I)
      : __x(__cucc_bf16_from_unsigned(I, __cucc_rn)) {}
  __host__ __device__ __nv_bfloat16(int I)
      : __x(__cucc_bf16_from_signed(I, __cucc_rn)) {}
  __host__ __device__ __nv_bfloat16(unsigned int I)
      : __x(__cucc_bf16_from_unsigned(I, __cucc_rn)) {}
  __host__ __device__ __nv_bfloat16(long I)
      : __x(__cucc_bf16_from_signed(I, __cucc_rn)) {}
  __host__ __device__ __nv_bfloat16(unsigned long I)
      : __x(__cucc_bf16_from_unsigned(I, __cucc_rn)) {}
  __host__ __device__ __nv_bfloat16(long long I)
      : __x(__cucc_bf16_from_signed(I, __cucc_rn)) {}
  __host__ __device__ __nv_bfloat16(unsigned long long I)
      : __x(__cucc_bf16_from_unsigned(I, __cucc_rn)) {}

  __host__ __device__ operator float() const {
    return __cucc_bf16_to_float(__x);
  }
  __host__ __device__ __nv_bfloat16 &operator=(float F) {
    __x = __cucc_bf16_rn(F);
    return *this;
  }
  __host__ __device__ __nv_bfloat16 &operator=(double D) {
    __x = __cucc_bf16_from_double(D, __cucc_rn);
    return *this;
  }
  __host__ __device__ __nv_bfloat16 &operator=(short I) {
    return *this = __nv_bfloat16(I);
  }
  __host__ __device__ __nv_bfloat16 &operator=(unsigned short I) {
    return *this = __nv_bfloat16(I);
  }
  __host__ __device__ __nv_bfloat16 &operator=(int I) {
    return *this = __nv_bfloat16(I);
  }
  __host__ __device__ __nv_bfloat16 &operator=(unsigned int I) {
    return *this = __nv_bfloat16(I);
  }
  __host__ __device__ __nv_bfloat16 &operator=(long long I) {
    return *this = __nv_bfloat16(I);
  }
  __host__ __device__ __nv_bfloat16 &operator=(unsigned long long I) {
    return *this = __nv_bfloat16(I);
  }

  // Conversions to the integer types round toward zero and saturate.
  __host__ __device__ operator signed char() const {
    return (signed char)__cucc_to_signed(*this, __cucc_rz, -128, 127);
  }
  __host__ __device__ operator unsigned char() const {
    return (unsigned char)__cucc_to_unsigned(*this, __cucc_rz, 255);
  }
  __host__ __device__ operator char() const {
    return (char)__cucc_to_signed(*this, __cucc_rz, (char)-1 < 0 ? -128 : 0,
                                  (char)-1 < 0 ? 127 : 255);
  }
  __host__ __device__ operator short() const {
    return (short)__cucc_to_signed(*this, __cucc_rz, -32768, 32767);
  }
  __host__ __device__ operator unsigned short() const {
    return (unsigned short)__cucc_to_unsigned(*this, __cucc_rz, 65535);
  }
  __host__ __device__ operator int() const {
    return (int)__cucc_to_signed(*this, __cucc_rz, -2147483647 - 1, 2147483647);
  }
  __host__ __device__ operator unsigned int() const {
    return (unsigned int)__cucc_to_unsigned(*this, __cucc_rz, 4294967295u);
  }
  __host__ __device__ operator long() const {
    return (long)__cucc_to_signed(*this, __cucc_rz, -9223372036854775807ll - 1,
                                  9223372036854775807ll);
  }
  __host__ __device__ operator unsigned long() const {
    return (unsigned long)__cucc_to_unsigned(*this, __cucc_rz, ~0ull);
  }
  __host__ __device__ operator long long() const {
    return __cucc_to_signed(*this, __cucc_rz, -9223372036854775807ll - 1,
                            9223372036854775807ll);
  }
  __host__ __device__ operator unsigned long long() const {
    return __cucc_to_unsigned(*this, __cucc_rz, ~0ull);
  }
  __host__ __device__ operator bool() const { return (__x & 0x7fffu) != 0; }
};

// __half's explicit conversion from bfloat16 (declared with __half).
__host__ __device__ inline __half::__half(const __nv_bfloat16 B)
    : __x(__cucc_half_rn(__cucc_bf16_to_float(B.__x))) {}

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &A,
                                               const __nv_bfloat16 &B)
      : x(A), y(B) {}
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat162_raw &R)
      : x(__nv_bfloat16_raw{R.x}), y(__nv_bfloat16_raw{R.y}) {}
  // A template, so that `v = {}` picks the copy assignment (value
  // initialization), as with nvcc; `v = raw` still finds this.
  template <typename Raw, typename = decltype(Raw{}.x + Raw{}.y)>
  __host__ __device__ __nv_bfloat162 &operator=(const Raw &R) {
    x = __nv_bfloat16_raw{R.x};
    y = __nv_bfloat16_raw{R.y};
    return *this;
  }
  __host__ __device__ operator __nv_bfloat162_raw() const {
    return __nv_bfloat162_raw{x.__x, y.__x};
  }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
typedef __nv_bfloat16_raw nv_bfloat16_raw;
typedef __nv_bfloat162_raw nv_bfloat162_raw;

__host__ __device__ static inline __nv_bfloat16
__cucc_bf16_of_bits(unsigned short B) {
  return __nv_bfloat16_raw{B};
}

/*===-- Conversions -------------------------------------------------------===*/

__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __float2bfloat16(float F) {
  return __cucc_bf16_of_bits(__cucc_bf16_rn(F));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __float2bfloat16_rn(float F) {
  return __cucc_bf16_of_bits(__cucc_bf16_rn(F));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __float2bfloat16_rz(float F) {
  return __cucc_bf16_of_bits(__cucc_bf16_from_float(F, __cucc_rz));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __float2bfloat16_rd(float F) {
  return __cucc_bf16_of_bits(__cucc_bf16_from_float(F, __cucc_rd));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __float2bfloat16_ru(float F) {
  return __cucc_bf16_of_bits(__cucc_bf16_from_float(F, __cucc_ru));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __double2bfloat16(double D) {
  return __cucc_bf16_of_bits(__cucc_bf16_from_double(D, __cucc_rn));
}
__CUDA_HOSTDEVICE_BF16_DECL__ float __bfloat162float(__nv_bfloat16 B) {
  return __cucc_bf16_to_float(B.__x);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 __float2bfloat162_rn(float F) {
  __nv_bfloat16 B = __float2bfloat16_rn(F);
  return __nv_bfloat162(B, B);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 __floats2bfloat162_rn(float A,
                                                                   float B) {
  return __nv_bfloat162(__float2bfloat16_rn(A), __float2bfloat16_rn(B));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 __float22bfloat162_rn(float2 V) {
  return __nv_bfloat162(__float2bfloat16_rn(V.x), __float2bfloat16_rn(V.y));
}
__CUDA_HOSTDEVICE_BF16_DECL__ float2 __bfloat1622float2(__nv_bfloat162 V) {
  return float2{__bfloat162float(V.x), __bfloat162float(V.y)};
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162
__halves2bfloat162(__nv_bfloat16 A, __nv_bfloat16 B) {
  return __nv_bfloat162(A, B);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 make_bfloat162(__nv_bfloat16 A,
                                                            __nv_bfloat16 B) {
  return __nv_bfloat162(A, B);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 V) {
  return V.x;
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 V) {
  return V.y;
}
__CUDA_HOSTDEVICE_BF16_DECL__ float __low2float(__nv_bfloat162 V) {
  return __bfloat162float(V.x);
}
__CUDA_HOSTDEVICE_BF16_DECL__ float __high2float(__nv_bfloat162 V) {
  return __bfloat162float(V.y);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162
__lows2bfloat162(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __nv_bfloat162(A.x, B.x);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162
__highs2bfloat162(__nv_bfloat162 A, __nv_bfloat162 B) {
  return __nv_bfloat162(A.y, B.y);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162
__low2bfloat162(__nv_bfloat162 V) {
  return __nv_bfloat162(V.x, V.x);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162
__high2bfloat162(__nv_bfloat162 V) {
  return __nv_bfloat162(V.y, V.y);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162
__bfloat162bfloat162(__nv_bfloat16 V) {
  return __nv_bfloat162(V, V);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162
__lowhigh2highlow(__nv_bfloat162 V) {
  return __nv_bfloat162(V.y, V.x);
}

#define __CUCC_INT2BF16(Name, Type, Helper)                                    \
  __CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 Name##_rn(Type I) {              \
    return __cucc_bf16_of_bits(Helper(I, __cucc_rn));                          \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 Name##_rz(Type I) {              \
    return __cucc_bf16_of_bits(Helper(I, __cucc_rz));                          \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 Name##_rd(Type I) {              \
    return __cucc_bf16_of_bits(Helper(I, __cucc_rd));                          \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 Name##_ru(Type I) {              \
    return __cucc_bf16_of_bits(Helper(I, __cucc_ru));                          \
  }
__CUCC_INT2BF16(__int2bfloat16, int, __cucc_bf16_from_signed)
__CUCC_INT2BF16(__uint2bfloat16, unsigned int, __cucc_bf16_from_unsigned)
__CUCC_INT2BF16(__short2bfloat16, short, __cucc_bf16_from_signed)
__CUCC_INT2BF16(__ushort2bfloat16, unsigned short, __cucc_bf16_from_unsigned)
__CUCC_INT2BF16(__ll2bfloat16, long long, __cucc_bf16_from_signed)
__CUCC_INT2BF16(__ull2bfloat16, unsigned long long, __cucc_bf16_from_unsigned)
#undef __CUCC_INT2BF16

// 64-bit results of NaN are the integer indefinite 0x8000000000000000, as
// PTX's cvt gives; narrower ones 0.
#define __CUCC_BF162INT(Name, Type, Lo, Hi, NaN)                               \
  __CUDA_HOSTDEVICE_BF16_DECL__ Type Name##_rn(__nv_bfloat16 B) {              \
    float F = __bfloat162float(B);                                             \
    return F != F ? (Type)NaN : (Type)__cucc_to_signed(F, __cucc_rn, Lo, Hi);  \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ Type Name##_rz(__nv_bfloat16 B) {              \
    float F = __bfloat162float(B);                                             \
    return F != F ? (Type)NaN : (Type)__cucc_to_signed(F, __cucc_rz, Lo, Hi);  \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ Type Name##_rd(__nv_bfloat16 B) {              \
    float F = __bfloat162float(B);                                             \
    return F != F ? (Type)NaN : (Type)__cucc_to_signed(F, __cucc_rd, Lo, Hi);  \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ Type Name##_ru(__nv_bfloat16 B) {              \
    float F = __bfloat162float(B);                                             \
    return F != F ? (Type)NaN : (Type)__cucc_to_signed(F, __cucc_ru, Lo, Hi);  \
  }
#define __CUCC_BF162UINT(Name, Type, Hi, NaN)                                  \
  __CUDA_HOSTDEVICE_BF16_DECL__ Type Name##_rn(__nv_bfloat16 B) {              \
    float F = __bfloat162float(B);                                             \
    return F != F ? (Type)NaN : (Type)__cucc_to_unsigned(F, __cucc_rn, Hi);    \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ Type Name##_rz(__nv_bfloat16 B) {              \
    float F = __bfloat162float(B);                                             \
    return F != F ? (Type)NaN : (Type)__cucc_to_unsigned(F, __cucc_rz, Hi);    \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ Type Name##_rd(__nv_bfloat16 B) {              \
    float F = __bfloat162float(B);                                             \
    return F != F ? (Type)NaN : (Type)__cucc_to_unsigned(F, __cucc_rd, Hi);    \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ Type Name##_ru(__nv_bfloat16 B) {              \
    float F = __bfloat162float(B);                                             \
    return F != F ? (Type)NaN : (Type)__cucc_to_unsigned(F, __cucc_ru, Hi);    \
  }
__CUCC_BF162INT(__bfloat162int, int, -2147483647 - 1, 2147483647, 0)
__CUCC_BF162UINT(__bfloat162uint, unsigned int, 4294967295u, 0)
__CUCC_BF162INT(__bfloat162short, short, -32768, 32767, 0)
__CUCC_BF162UINT(__bfloat162ushort, unsigned short, 65535, 0)
__CUCC_BF162INT(__bfloat162ll, long long, -9223372036854775807ll - 1,
                9223372036854775807ll, 0x8000000000000000ull)
__CUCC_BF162UINT(__bfloat162ull, unsigned long long, ~0ull,
                 0x8000000000000000ull)
#undef __CUCC_BF162INT
#undef __CUCC_BF162UINT

__CUDA_HOSTDEVICE_BF16_DECL__ signed char __bfloat162char_rz(__nv_bfloat16 B) {
  return (signed char)__cucc_to_signed(__bfloat162float(B), __cucc_rz, -128,
                                       127);
}
__CUDA_HOSTDEVICE_BF16_DECL__ unsigned char
__bfloat162uchar_rz(__nv_bfloat16 B) {
  return (unsigned char)__cucc_to_unsigned(__bfloat162float(B), __cucc_rz, 255);
}
__CUDA_HOSTDEVICE_BF16_DECL__ short __bfloat16_as_short(__nv_bfloat16 B) {
  return (short)B.__x;
}
__CUDA_HOSTDEVICE_BF16_DECL__ unsigned short
__bfloat16_as_ushort(__nv_bfloat16 B) {
  return B.__x;
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __short_as_bfloat16(short S) {
  return __nv_bfloat16_raw{(unsigned short)S};
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16
__ushort_as_bfloat16(unsigned short S) {
  return __nv_bfloat16_raw{S};
}

/*===-- Arithmetic -----------------------------------------------------------===*/

__host__ __device__ static inline bool __cucc_on_bf16_tie(float F) {
  unsigned Abs = __cucc_float_bits(F) & 0x7fffffffu;
  return Abs < 0x7f800000u && (Abs & 0xffffu) == 0x8000u;
}

__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hadd(__nv_bfloat16 A,
                                                   __nv_bfloat16 B) {
  return __cucc_bf16_of_bits(
      __cucc_bf16_rn(__bfloat162float(A) + __bfloat162float(B)));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hsub(__nv_bfloat16 A,
                                                   __nv_bfloat16 B) {
  return __cucc_bf16_of_bits(
      __cucc_bf16_rn(__bfloat162float(A) - __bfloat162float(B)));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hmul(__nv_bfloat16 A,
                                                   __nv_bfloat16 B) {
  return __cucc_bf16_of_bits(
      __cucc_bf16_rn(__bfloat162float(A) * __bfloat162float(B)));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hdiv(__nv_bfloat16 A,
                                                   __nv_bfloat16 B) {
  return __cucc_bf16_of_bits(
      __cucc_bf16_rn(__bfloat162float(A) / __bfloat162float(B)));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hadd_rn(__nv_bfloat16 A,
                                                      __nv_bfloat16 B) {
  return __hadd(A, B);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hsub_rn(__nv_bfloat16 A,
                                                      __nv_bfloat16 B) {
  return __hsub(A, B);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hmul_rn(__nv_bfloat16 A,
                                                      __nv_bfloat16 B) {
  return __hmul(A, B);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hfma(__nv_bfloat16 A,
                                                   __nv_bfloat16 B,
                                                   __nv_bfloat16 C) {
  float X = __bfloat162float(A), Y = __bfloat162float(B),
        Z = __bfloat162float(C);
  float R = __builtin_fmaf(X, Y, Z);
  if (__cucc_on_bf16_tie(R))
    R = __cucc_nudge(R, __cucc_fma_side(X, Y, Z, R));
  return __cucc_bf16_of_bits(__cucc_bf16_rn(R));
}
__CUDA_HOSTDEVICE_BF16_DECL__ bool __hisnan(__nv_bfloat16 A) {
  return (A.__x & 0x7fffu) > 0x7f80u;
}
__CUDA_HOSTDEVICE_BF16_DECL__ int __hisinf(__nv_bfloat16 A) {
  return A.__x == 0x7f80u ? 1 : A.__x == 0xff80u ? -1 : 0;
}
// Sign operations give the canonical NaN for a NaN, as the toolkit's.
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hneg(__nv_bfloat16 A) {
  return __nv_bfloat16_raw{
      __hisnan(A) ? __CUCC_BF16_NAN : (unsigned short)(A.__x ^ 0x8000u)};
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __habs(__nv_bfloat16 A) {
  return __nv_bfloat16_raw{
      __hisnan(A) ? __CUCC_BF16_NAN : (unsigned short)(A.__x & 0x7fffu)};
}
__host__ __device__ static inline __nv_bfloat16
__cucc_bf16_sat(__nv_bfloat16 R) {
  if (__hisnan(R) || (R.__x & 0x8000u))
    return __nv_bfloat16_raw{0};
  return R.__x > 0x3f80u ? __nv_bfloat16(__nv_bfloat16_raw{0x3f80}) : R;
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hadd_sat(__nv_bfloat16 A,
                                                       __nv_bfloat16 B) {
  return __cucc_bf16_sat(__hadd(A, B));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hsub_sat(__nv_bfloat16 A,
                                                       __nv_bfloat16 B) {
  return __cucc_bf16_sat(__hsub(A, B));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hmul_sat(__nv_bfloat16 A,
                                                       __nv_bfloat16 B) {
  return __cucc_bf16_sat(__hmul(A, B));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16
__hfma_sat(__nv_bfloat16 A, __nv_bfloat16 B, __nv_bfloat16 C) {
  return __cucc_bf16_sat(__hfma(A, B, C));
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16
__hfma_relu(__nv_bfloat16 A, __nv_bfloat16 B, __nv_bfloat16 C) {
  __nv_bfloat16 R = __hfma(A, B, C);
  if (__hisnan(R))
    return __nv_bfloat16_raw{__CUCC_BF16_NAN};
  return (R.__x & 0x8000u) ? __nv_bfloat16(__nv_bfloat16_raw{0}) : R;
}
__host__ __device__ static inline __nv_bfloat16
__cucc_bf16_minmax(__nv_bfloat16 A, __nv_bfloat16 B, bool Max, bool NaNWins) {
  bool An = __hisnan(A), Bn = __hisnan(B);
  if (An || Bn) {
    if (NaNWins || (An && Bn))
      return __nv_bfloat16_raw{__CUCC_BF16_NAN};
    return An ? B : A;
  }
  int Ka = (A.__x & 0x8000u) ? -(int)(A.__x & 0x7fffu) - 1 : (int)A.__x;
  int Kb = (B.__x & 0x8000u) ? -(int)(B.__x & 0x7fffu) - 1 : (int)B.__x;
  return (Ka > Kb) == Max ? A : B;
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hmax(__nv_bfloat16 A,
                                                   __nv_bfloat16 B) {
  return __cucc_bf16_minmax(A, B, true, false);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hmin(__nv_bfloat16 A,
                                                   __nv_bfloat16 B) {
  return __cucc_bf16_minmax(A, B, false, false);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hmax_nan(__nv_bfloat16 A,
                                                       __nv_bfloat16 B) {
  return __cucc_bf16_minmax(A, B, true, true);
}
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat16 __hmin_nan(__nv_bfloat16 A,
                                                       __nv_bfloat16 B) {
  return __cucc_bf16_minmax(A, B, false, true);
}

/*===-- Comparisons ----------------------------------------------------------===*/

#define __CUCC_BF16_COMPARE(Name, Expr)                                        \
  __CUDA_HOSTDEVICE_BF16_DECL__ bool Name(__nv_bfloat16 A, __nv_bfloat16 B) {  \
    float X = __bfloat162float(A), Y = __bfloat162float(B);                    \
    return Expr;                                                               \
  }
__CUCC_BF16_COMPARE(__heq, X == Y)
__CUCC_BF16_COMPARE(__hne, X < Y || X > Y)
__CUCC_BF16_COMPARE(__hlt, X < Y)
__CUCC_BF16_COMPARE(__hle, X <= Y)
__CUCC_BF16_COMPARE(__hgt, X > Y)
__CUCC_BF16_COMPARE(__hge, X >= Y)
__CUCC_BF16_COMPARE(__hequ, !(X < Y || X > Y))
__CUCC_BF16_COMPARE(__hneu, !(X == Y))
__CUCC_BF16_COMPARE(__hltu, !(X >= Y))
__CUCC_BF16_COMPARE(__hleu, !(X > Y))
__CUCC_BF16_COMPARE(__hgtu, !(X <= Y))
__CUCC_BF16_COMPARE(__hgeu, !(X < Y))
#undef __CUCC_BF16_COMPARE

/*===-- Pairs ------------------------------------------------------------------===*/

#define __CUCC_BF162_UNARY(Name, Op)                                           \
  __CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 Name(__nv_bfloat162 A) {        \
    return __nv_bfloat162(Op(A.x), Op(A.y));                                   \
  }
#define __CUCC_BF162_BINARY(Name, Op)                                          \
  __CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 Name(__nv_bfloat162 A,          \
                                                    __nv_bfloat162 B) {        \
    return __nv_bfloat162(Op(A.x, B.x), Op(A.y, B.y));                         \
  }
#define __CUCC_BF162_TERNARY(Name, Op)                                         \
  __CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 Name(                           \
      __nv_bfloat162 A, __nv_bfloat162 B, __nv_bfloat162 C) {                  \
    return __nv_bfloat162(Op(A.x, B.x, C.x), Op(A.y, B.y, C.y));               \
  }
__CUCC_BF162_BINARY(__hadd2, __hadd)
__CUCC_BF162_BINARY(__hsub2, __hsub)
__CUCC_BF162_BINARY(__hmul2, __hmul)
__CUCC_BF162_BINARY(__h2div, __hdiv)
__CUCC_BF162_BINARY(__hadd2_rn, __hadd)
__CUCC_BF162_BINARY(__hsub2_rn, __hsub)
__CUCC_BF162_BINARY(__hmul2_rn, __hmul)
__CUCC_BF162_BINARY(__hadd2_sat, __hadd_sat)
__CUCC_BF162_BINARY(__hsub2_sat, __hsub_sat)
__CUCC_BF162_BINARY(__hmul2_sat, __hmul_sat)
__CUCC_BF162_TERNARY(__hfma2, __hfma)
__CUCC_BF162_TERNARY(__hfma2_sat, __hfma_sat)
__CUCC_BF162_TERNARY(__hfma2_relu, __hfma_relu)
__CUCC_BF162_UNARY(__hneg2, __hneg)
__CUCC_BF162_UNARY(__habs2, __habs)
__CUCC_BF162_BINARY(__hmax2, __hmax)
__CUCC_BF162_BINARY(__hmin2, __hmin)
__CUCC_BF162_BINARY(__hmax2_nan, __hmax_nan)
__CUCC_BF162_BINARY(__hmin2_nan, __hmin_nan)

__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162
__hcmadd(__nv_bfloat162 A, __nv_bfloat162 B, __nv_bfloat162 C) {
  __nv_bfloat16 Re = __hfma(A.x, B.x, C.x);
  __nv_bfloat16 Im = __hfma(A.x, B.y, C.y);
  Re = __hfma(__hneg(A.y), B.y, Re);
  Im = __hfma(A.y, B.x, Im);
  return __nv_bfloat162(Re, Im);
}

#define __CUCC_BF162_COMPARE(Name, Op)                                         \
  __CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 Name##2(__nv_bfloat162 A,       \
                                                       __nv_bfloat162 B) {     \
    return __nv_bfloat162(                                                     \
        __nv_bfloat16_raw{(unsigned short)(Op(A.x, B.x) ? 0x3f80 : 0)},        \
        __nv_bfloat16_raw{(unsigned short)(Op(A.y, B.y) ? 0x3f80 : 0)});       \
  }                                                                            \
  __CUDA_HOSTDEVICE_BF16_DECL__ unsigned Name##2_mask(__nv_bfloat162 A,        \
                                                      __nv_bfloat162 B) {      \
    return (Op(A.x, B.x) ? 0xffffu : 0u) | (Op(A.y, B.y) ? 0xffff0000u : 0u);  \
  }
#define __CUCC_BF162_BCOMPARE(Name, Op)                                        \
  __CUDA_HOSTDEVICE_BF16_DECL__ bool Name(__nv_bfloat162 A,                    \
                                          __nv_bfloat162 B) {                  \
    return Op(A.x, B.x) && Op(A.y, B.y);                                       \
  }
__CUCC_BF162_COMPARE(__heq, __heq)
__CUCC_BF162_COMPARE(__hne, __hne)
__CUCC_BF162_COMPARE(__hlt, __hlt)
__CUCC_BF162_COMPARE(__hle, __hle)
__CUCC_BF162_COMPARE(__hgt, __hgt)
__CUCC_BF162_COMPARE(__hge, __hge)
__CUCC_BF162_COMPARE(__hequ, __hequ)
__CUCC_BF162_COMPARE(__hneu, __hneu)
__CUCC_BF162_COMPARE(__hltu, __hltu)
__CUCC_BF162_COMPARE(__hleu, __hleu)
__CUCC_BF162_COMPARE(__hgtu, __hgtu)
__CUCC_BF162_COMPARE(__hgeu, __hgeu)
__CUCC_BF162_BCOMPARE(__hbeq2, __heq)
__CUCC_BF162_BCOMPARE(__hbne2, __hne)
__CUCC_BF162_BCOMPARE(__hblt2, __hlt)
__CUCC_BF162_BCOMPARE(__hble2, __hle)
__CUCC_BF162_BCOMPARE(__hbgt2, __hgt)
__CUCC_BF162_BCOMPARE(__hbge2, __hge)
__CUCC_BF162_BCOMPARE(__hbequ2, __hequ)
__CUCC_BF162_BCOMPARE(__hbneu2, __hneu)
__CUCC_BF162_BCOMPARE(__hbltu2, __hltu)
__CUCC_BF162_BCOMPARE(__hbleu2, __hleu)
__CUCC_BF162_BCOMPARE(__hbgtu2, __hgtu)
__CUCC_BF162_BCOMPARE(__hbgeu2, __hgeu)
__CUDA_HOSTDEVICE_BF16_DECL__ __nv_bfloat162 __hisnan2(__nv_bfloat162 A) {
  return __nv_bfloat162(
      __nv_bfloat16_raw{(unsigned short)(__hisnan(A.x) ? 0x3f80 : 0)},
      __nv_bfloat16_raw{(unsigned short)(__hisnan(A.y) ? 0x3f80 : 0)});
}

__CUCC_HALF_OPERATORS(__nv_bfloat16, __nv_bfloat162)

/*===-- Math (through float, one final rounding) -------------------------===*/

// Whether float F lies within 16 float ulps of a tie between two bfloat16s
// (then the result is recomputed in double, as for half).
__host__ __device__ static inline bool __cucc_near_bf16_tie(float F) {
  unsigned Abs = __cucc_float_bits(F) & 0x7fffffffu;
  return Abs < 0x7f800000u && (Abs & 0xffffu) + 16u - 0x8000u < 32u;
}

#define __CUCC_BF16_MATH(Name, Name2, Expr, DoubleExpr)                        \
  __CUDA_BF16_DECL__ __nv_bfloat16 Name(__nv_bfloat16 A) {                     \
    float X = __bfloat162float(A);                                             \
    float R = Expr;                                                            \
    if (__cucc_near_bf16_tie(R)) {                                             \
      double Y = (double)X;                                                    \
      return __cucc_bf16_of_bits(                                              \
          __cucc_bf16_from_double(DoubleExpr, __cucc_rn));                     \
    }                                                                          \
    return __float2bfloat16_rn(R);                                             \
  }                                                                            \
  __CUCC_BF162_UNARY(Name2, Name)
__CUCC_BF16_MATH(hsqrt, h2sqrt, __builtin_sqrtf(X), __builtin_sqrt(Y))
__CUCC_BF16_MATH(hrsqrt, h2rsqrt, 1.0f / __builtin_sqrtf(X),
                 1.0 / __builtin_sqrt(Y))
__CUCC_BF16_MATH(hrcp, h2rcp, 1.0f / X, 1.0 / Y)
__CUCC_BF16_MATH(hexp, h2exp, __builtin_expf(X), __builtin_exp(Y))
__CUCC_BF16_MATH(hexp2, h2exp2, __builtin_exp2f(X), __builtin_exp2(Y))
__CUCC_BF16_MATH(hexp10, h2exp10, __builtin_exp10f(X), __builtin_exp10(Y))
__CUCC_BF16_MATH(hlog, h2log, __builtin_logf(X), __builtin_log(Y))
__CUCC_BF16_MATH(hlog2, h2log2, __builtin_log2f(X), __builtin_log2(Y))
__CUCC_BF16_MATH(hlog10, h2log10, __builtin_log10f(X), __builtin_log10(Y))
__CUCC_BF16_MATH(hsin, h2sin, __builtin_sinf(X), __builtin_sin(Y))
__CUCC_BF16_MATH(hcos, h2cos, __builtin_cosf(X), __builtin_cos(Y))
__CUCC_BF16_MATH(htanh, h2tanh, __builtin_tanhf(X), __builtin_tanh(Y))
__CUCC_BF16_MATH(htanh_approx, h2tanh_approx, __builtin_tanhf(X),
                 __builtin_tanh(Y))
__CUCC_BF16_MATH(hceil, h2ceil, __builtin_ceilf(X), __builtin_ceil(Y))
__CUCC_BF16_MATH(hfloor, h2floor, __builtin_floorf(X), __builtin_floor(Y))
__CUCC_BF16_MATH(htrunc, h2trunc, __builtin_truncf(X), __builtin_trunc(Y))
__CUCC_BF16_MATH(hrint, h2rint, __builtin_rintf(X), __builtin_rint(Y))
#undef __CUCC_BF16_MATH

// Device code alone: a host compiler (g++, for a CUDA program's .cpp files)
// has none of the intrinsics below, as with the toolkit's header.
#ifdef __CUDA__

/*===-- Shuffles (a value moves in the low 16 bits of a word, a pair as the
 * word) ------------------------------------------------------------------===*/

__CUDA_BF16_DECL__ __nv_bfloat16 __shfl_sync(unsigned Mask, __nv_bfloat16 V,
                                             int B, int Width = 32) {
  return __nv_bfloat16_raw{
      (unsigned short)__shfl_sync(Mask, (unsigned)V.__x, B, Width)};
}
__CUDA_BF16_DECL__ __nv_bfloat162 __shfl_sync(unsigned Mask, __nv_bfloat162 V,
                                              int B, int Width = 32) {
  unsigned W = __shfl_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__nv_bfloat162, W);
}
__CUDA_BF16_DECL__ __nv_bfloat16 __shfl_up_sync(unsigned Mask, __nv_bfloat16 V,
                                                unsigned int B,
                                                int Width = 32) {
  return __nv_bfloat16_raw{
      (unsigned short)__shfl_up_sync(Mask, (unsigned)V.__x, B, Width)};
}
__CUDA_BF16_DECL__ __nv_bfloat162 __shfl_up_sync(unsigned Mask,
                                                 __nv_bfloat162 V,
                                                 unsigned int B,
                                                 int Width = 32) {
  unsigned W = __shfl_up_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__nv_bfloat162, W);
}
__CUDA_BF16_DECL__ __nv_bfloat16 __shfl_down_sync(unsigned Mask,
                                                  __nv_bfloat16 V,
                                                  unsigned int B,
                                                  int Width = 32) {
  return __nv_bfloat16_raw{
      (unsigned short)__shfl_down_sync(Mask, (unsigned)V.__x, B, Width)};
}
__CUDA_BF16_DECL__ __nv_bfloat162 __shfl_down_sync(unsigned Mask,
                                                   __nv_bfloat162 V,
                                                   unsigned int B,
                                                   int Width = 32) {
  unsigned W =
      __shfl_down_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__nv_bfloat162, W);
}
__CUDA_BF16_DECL__ __nv_bfloat16 __shfl_xor_sync(unsigned Mask,
                                                 __nv_bfloat16 V, int B,
                                                 int Width = 32) {
  return __nv_bfloat16_raw{
      (unsigned short)__shfl_xor_sync(Mask, (unsigned)V.__x, B, Width)};
}
__CUDA_BF16_DECL__ __nv_bfloat162 __shfl_xor_sync(unsigned Mask,
                                                  __nv_bfloat162 V, int B,
                                                  int Width = 32) {
  unsigned W = __shfl_xor_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__nv_bfloat162, W);
}

__CUDA_BF16_DECL__ __nv_bfloat16 __ldg(const __nv_bfloat16 *P) { return *P; }
__CUDA_BF16_DECL__ __nv_bfloat162 __ldg(const __nv_bfloat162 *P) { return *P; }

/*===-- Atomics (a compare-and-swap loop on the enclosing 32-bit word) ----===*/

__CUDA_BF16_DECL__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *Address,
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
__CUDA_BF16_DECL__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *Address,
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

#endif // __CUDA__

#endif
