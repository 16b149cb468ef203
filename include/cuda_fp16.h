// cuda_fp16.h - CUDA's half precision types and functions, SDK-free.
//
// __half holds the 16 bits of an IEEE binary16 value, as the toolkit's does
// (unsigned short __x), with the toolkit's overload set: constructors and
// assignments from float, double and every integer type, conversions to
// float, the integer types and bool, so that `__half h = 0;`, `h = 1;`,
// `float f = h;` and `if (h)` mean what they mean with nvcc. Results are
// CUDA's, bit for bit (lit-tests/half, against an H100):
//  - device code computes +, -, *, fma, min/max, comparisons and the _sat
//    and _relu forms in the target's f16 instructions (_Float16, and for
//    __half2 its two-element vectors: v_pk_fma_f16 and friends on AMD),
//    correctly rounded as the toolkit's; the host in float with one final
//    rounding (exact: float has more than twice the bits), fma with a
//    correction where float's rounding lands on a half tie; division and
//    sqrt in float on both;
//  - conversions in the directed roundings (_rz, _rd, _ru) round the exact
//    value in integer arithmetic (__cucc_round_small), as do the host's
//    from double and 64-bit integers; the device rounds those to nearest
//    through float;
//  - NaN results are the canonical NaN 0x7fff, as the toolkit's are;
//  - math functions (hexp, hsin, ...) go through float's and round once,
//    through double's where float's result is too near a tie to tell.
// Shuffles and atomicAdd move the bits.
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#include "crt/host_defines.h"
#include "vector_types.h"

#define __CUDA_FP16_DECL__ static __device__ __inline__
#define __CUDA_HOSTDEVICE_FP16_DECL__ static __host__ __device__ __inline__
#define __CUDA_FP16_TYPES_EXIST__

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x, y;
};

/*===-- Rounding an exact value to a small binary format ------------------===*/

// The rounding modes of the _rn, _rz, _rd and _ru functions.
enum __cucc_rounding { __cucc_rn, __cucc_rz, __cucc_rd, __cucc_ru };

// A small format: Precision significant bits (the leading one included),
// normal exponents from MinExp to MaxExp.
struct __cucc_format {
  int Precision, MinExp, MaxExp;
};

// The magnitude bits (exponent and fraction fields, no sign) of Mant * 2^Exp
// rounded to Format, or 0xffffffff when it rounds beyond the largest finite
// value (the caller decides between infinity and the largest finite value).
__host__ __device__ static inline unsigned
__cucc_round_small(bool Negative, unsigned long long Mant, int Exp,
                   __cucc_format Format, __cucc_rounding Mode) {
  if (Mant == 0)
    return 0;
  int Msb = 63 - __builtin_clzll(Mant);
  int E = Msb + Exp;
  if (E > Format.MaxExp)
    return 0xffffffffu;
  int Clamped = E < Format.MinExp ? Format.MinExp : E;
  int Quantum = Clamped - (Format.Precision - 1);
  int Shift = Quantum - Exp;
  unsigned long long M, Rem = 0, Half = 0;
  bool Tiny = false; // nonzero, below half a quantum
  if (Shift <= 0) {
    M = Mant << -Shift;
  } else if (Shift > 64) {
    M = 0;
    Tiny = true;
  } else if (Shift == 64) {
    M = 0;
    Rem = Mant;
    Half = 1ull << 63;
  } else {
    M = Mant >> Shift;
    Rem = Mant & ((1ull << Shift) - 1);
    Half = 1ull << (Shift - 1);
  }
  bool Inexact = Tiny || Rem != 0;
  bool Up;
  switch (Mode) {
  case __cucc_rn:
    Up = Rem != 0 && (Rem > Half || (Rem == Half && (M & 1)));
    break;
  case __cucc_rz:
    Up = false;
    break;
  case __cucc_ru:
    Up = Inexact && !Negative;
    break;
  default:
    Up = Inexact && Negative;
    break;
  }
  // Exponent field above the smallest normal, plus the significand: a
  // carry out of the significand moves into the exponent as it should.
  unsigned Bits = ((unsigned)(Clamped - Format.MinExp) << (Format.Precision - 1)) +
                  (unsigned)M + (Up ? 1u : 0u);
  unsigned Limit = (unsigned)(Format.MaxExp - Format.MinExp + 2)
                   << (Format.Precision - 1);
  return Bits >= Limit ? 0xffffffffu : Bits;
}

// Whether a rounding of a value beyond the largest finite one in Mode gives
// infinity (else the largest finite value).
__host__ __device__ static inline bool __cucc_overflows_to_inf(
    bool Negative, __cucc_rounding Mode) {
  return Mode == __cucc_rn || (Mode == __cucc_ru && !Negative) ||
         (Mode == __cucc_rd && Negative);
}

__host__ __device__ static inline unsigned __cucc_float_bits(float F) {
  return __builtin_bit_cast(unsigned, F);
}
__host__ __device__ static inline float __cucc_bits_float(unsigned U) {
  return __builtin_bit_cast(float, U);
}

// A finite nonzero double as Mant * 2^Exp.
__host__ __device__ static inline void
__cucc_split_double(double D, unsigned long long &Mant, int &Exp) {
  unsigned long long Bits = __builtin_bit_cast(unsigned long long, D);
  int E = (int)((Bits >> 52) & 0x7ff);
  Mant = Bits & ((1ull << 52) - 1);
  if (E == 0) {
    Exp = -1074;
  } else {
    Mant |= 1ull << 52;
    Exp = E - 1075;
  }
}

/*===-- Half bits from exact values ----------------------------------------===*/

#define __CUCC_HALF_NAN ((unsigned short)0x7fff)
static constexpr __cucc_format __cucc_half_format = {11, -14, 15};

__host__ __device__ static inline unsigned short
__cucc_half_from_parts(bool Negative, unsigned long long Mant, int Exp,
                       __cucc_rounding Mode) {
  unsigned Sign = Negative ? 0x8000u : 0u;
  unsigned Bits = __cucc_round_small(Negative, Mant, Exp, __cucc_half_format, Mode);
  if (Bits == 0xffffffffu)
    Bits = __cucc_overflows_to_inf(Negative, Mode) ? 0x7c00u : 0x7bffu;
  return (unsigned short)(Sign | Bits);
}
__host__ __device__ static inline unsigned short
__cucc_half_from_float(float F, __cucc_rounding Mode) {
  unsigned U = __cucc_float_bits(F), Abs = U & 0x7fffffffu;
  bool Negative = U >> 31;
  if (Abs > 0x7f800000u)
    return __CUCC_HALF_NAN;
  if (Abs == 0x7f800000u)
    return (unsigned short)((Negative ? 0x8000u : 0u) | 0x7c00u);
  if (Abs == 0)
    return (unsigned short)(Negative ? 0x8000u : 0u);
  unsigned long long Mant = Abs & 0x7fffffu;
  int Exp = (int)(Abs >> 23);
  if (Exp == 0) {
    Exp = -149;
  } else {
    Mant |= 0x800000u;
    Exp -= 150;
  }
  return __cucc_half_from_parts(Negative, Mant, Exp, Mode);
}
#ifdef __CUDA_ARCH__
// A double (not NaN) to nearest on the device: to float rounded to odd
// (toward zero, the last bit set where inexact), then the target's
// conversion. Exact: a value rounded to odd with two or more bits beyond
// half's (float has 13) rounds to nearest as the exact value does; zeros
// and infinities go through unchanged, overflow stays beyond half's range.
__device__ static inline unsigned short __cucc_half_rn_of_double(double D) {
  float F = (float)D;
  double Back = (double)F;
  if (Back != D) {
    unsigned U = __cucc_float_bits(F);
    if (__builtin_fabs(Back) > __builtin_fabs(D))
      U -= 1;
    F = __cucc_bits_float(U | 1u);
  }
  return __builtin_bit_cast(unsigned short, (_Float16)F);
}
#endif

__host__ __device__ static inline unsigned short
__cucc_half_from_double(double D, __cucc_rounding Mode) {
  bool Negative = __builtin_signbit(D);
  if (D != D) {
#ifdef __CUDA_ARCH__ // quieted, the payload's top bits kept (cvt.rn.f16.f64)
    return (unsigned short)((Negative ? 0x8000u : 0u) | 0x7e00u |
                            ((__builtin_bit_cast(unsigned long long, D) >> 42) &
                             0x3ffu));
#else // the toolkit's host code: the canonical NaN
    return __CUCC_HALF_NAN;
#endif
  }
#ifdef __CUDA_ARCH__
  if (Mode == __cucc_rn)
    return __cucc_half_rn_of_double(D);
#endif
  if (__builtin_isinf(D))
    return (unsigned short)((Negative ? 0x8000u : 0u) | 0x7c00u);
  if (D == 0)
    return (unsigned short)(Negative ? 0x8000u : 0u);
  unsigned long long Mant;
  int Exp;
  __cucc_split_double(D, Mant, Exp);
  return __cucc_half_from_parts(Negative, Mant, Exp, Mode);
}

// Round to nearest even, on the target's conversion instruction where it has
// one (exact either way); NaN becomes the canonical NaN.
__host__ __device__ static inline unsigned short __cucc_half_rn(float F) {
  if (F != F)
    return __CUCC_HALF_NAN;
#ifdef __CUDA_ARCH__
  return __builtin_bit_cast(unsigned short, (_Float16)F);
#else
  // The host: integer arithmetic (x86-64's baseline has no conversion
  // instruction, and the library call is slow). Normals add half an ulp
  // (less one, plus the kept bit's parity) and truncate; subnormals let a
  // float addition of 0.5 round them in the hardware's rounding.
  unsigned U = __cucc_float_bits(F), Sign = (U >> 16) & 0x8000u;
  unsigned Abs = U & 0x7fffffffu;
  if (Abs >= 0x477ff000u) // 65520 and up (infinity included) overflow
    return (unsigned short)(Sign | 0x7c00u);
  if (Abs >= 0x38800000u) // 2^-14: half's normals
    return (unsigned short)(Sign | ((Abs - (112u << 23) + 0xfffu +
                                     ((Abs >> 13) & 1u)) >> 13));
  float Shifted = __cucc_bits_float(Abs) + 0.5f;
  return (unsigned short)(Sign | (__cucc_float_bits(Shifted) - 0x3f000000u));
#endif
}

// Integers to nearest: on the device one conversion to float, then the
// target's to half. Exact: below 2^24 float holds the integer, and from
// there on (far above half's largest finite 65504) float's rounding stays
// above it, so the half is the infinity it must be.
__host__ __device__ static inline unsigned short
__cucc_half_from_signed(long long I, __cucc_rounding Mode) {
#ifdef __CUDA_ARCH__
  if (Mode == __cucc_rn)
    return __cucc_half_rn((float)I);
#endif
  bool Negative = I < 0;
  unsigned long long Mag = Negative ? 0ull - (unsigned long long)I
                                    : (unsigned long long)I;
  if (Mag == 0)
    return 0;
  return __cucc_half_from_parts(Negative, Mag, 0, Mode);
}
__host__ __device__ static inline unsigned short
__cucc_half_from_unsigned(unsigned long long I, __cucc_rounding Mode) {
#ifdef __CUDA_ARCH__
  if (Mode == __cucc_rn)
    return __cucc_half_rn((float)I);
#endif
  if (I == 0)
    return 0;
  return __cucc_half_from_parts(false, I, 0, Mode);
}

// A half's value as float, exactly; a NaN gives float's canonical NaN
// 0x7fffffff, as the toolkit's conversion does.
__host__ __device__ static inline float __cucc_half_to_float(unsigned short H) {
#ifdef __CUDA_ARCH__
  float F = (float)__builtin_bit_cast(_Float16, H);
  return F != F ? __cucc_bits_float(0x7fffffffu) : F;
#else // the host: integer arithmetic, as above
  if ((H & 0x7fffu) > 0x7c00u)
    return __cucc_bits_float(0x7fffffffu);
  unsigned Sign = (unsigned)(H & 0x8000u) << 16, Abs = H & 0x7fffu;
  if (Abs >= 0x7c00u)
    return __cucc_bits_float(Sign | 0x7f800000u);
  if (Abs >= 0x0400u)
    return __cucc_bits_float(Sign | ((Abs + (112u << 10)) << 13));
  float Sub = (float)Abs * 5.9604644775390625e-8f; // Abs * 2^-24, exact
  return Sign ? -Sub : Sub;
#endif
}

/*===-- Half to integers ----------------------------------------------------===*/

// F rounded in Mode to an integer value, as float (NaN stays NaN).
__host__ __device__ static inline float __cucc_round_integral(float F,
                                                              __cucc_rounding Mode) {
  switch (Mode) {
  case __cucc_rn:
    return __builtin_rintf(F);
  case __cucc_rz:
    return __builtin_truncf(F);
  case __cucc_rd:
    return __builtin_floorf(F);
  default:
    return __builtin_ceilf(F);
  }
}
// F rounded in Mode, clamped to [Lo, Hi]; NaN gives 0 (PTX's cvt.*i).
__host__ __device__ static inline long long
__cucc_to_signed(float F, __cucc_rounding Mode, long long Lo, long long Hi) {
  float R = __cucc_round_integral(F, Mode);
  if (R != R)
    return 0;
  if (R <= (float)Lo)
    return Lo;
  if (R >= (float)Hi)
    return Hi;
  return (long long)R;
}
__host__ __device__ static inline unsigned long long
__cucc_to_unsigned(float F, __cucc_rounding Mode, unsigned long long Hi) {
  float R = __cucc_round_integral(F, Mode);
  if (R != R || R <= 0.0f)
    return 0;
  if (R >= (float)Hi)
    return Hi;
  return (unsigned long long)R;
}

/*===-- The types ------------------------------------------------------------===*/

struct __half;
__host__ __device__ static inline __half __cucc_half_of_bits(unsigned short B);

struct __align__(2) __half {
  unsigned short __x;

  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &R) : __x(R.x) {}
  __host__ __device__ __half &operator=(const __half_raw &R) {
    __x = R.x;
    return *this;
  }
  __host__ __device__ volatile __half &operator=(const __half_raw &R) volatile {
    __x = R.x;
    return *this;
  }
  __host__ __device__ volatile __half &
  operator=(const volatile __half_raw &R) volatile {
    __x = R.x;
    return *this;
  }
  __host__ __device__ operator __half_raw() const { return __half_raw{__x}; }
  __host__ __device__ operator __half_raw() const volatile {
    return __half_raw{__x};
  }

  explicit __host__ __device__ __half(const struct __nv_bfloat16 B);
  __host__ __device__ __half(float F) : __x(__cucc_half_rn(F)) {}
  __host__ __device__ __half(double D)
      : __x(__cucc_half_from_double(D, __cucc_rn)) {}
  __host__ __device__ __half(short I) : __x(__cucc_half_rn((float)I)) {}
  __host__ __device__ __half(unsigned short I)
      : __x(__cucc_half_rn((float)I)) {}
  __host__ __device__ __half(int I)
      : __x(__cucc_half_from_signed(I, __cucc_rn)) {}
  __host__ __device__ __half(unsigned int I)
      : __x(__cucc_half_from_unsigned(I, __cucc_rn)) {}
  __host__ __device__ __half(long I)
      : __x(__cucc_half_from_signed(I, __cucc_rn)) {}
  __host__ __device__ __half(unsigned long I)
      : __x(__cucc_half_from_unsigned(I, __cucc_rn)) {}
  __host__ __device__ __half(long long I)
      : __x(__cucc_half_from_signed(I, __cucc_rn)) {}
  __host__ __device__ __half(unsigned long long I)
      : __x(__cucc_half_from_unsigned(I, __cucc_rn)) {}

  __host__ __device__ operator float() const {
    return __cucc_half_to_float(__x);
  }
  __host__ __device__ __half &operator=(float F) {
    __x = __cucc_half_rn(F);
    return *this;
  }
  __host__ __device__ __half &operator=(double D) {
    __x = __cucc_half_from_double(D, __cucc_rn);
    return *this;
  }
  __host__ __device__ __half &operator=(short I) { return *this = __half(I); }
  __host__ __device__ __half &operator=(unsigned short I) {
    return *this = __half(I);
  }
  __host__ __device__ __half &operator=(int I) { return *this = __half(I); }
  __host__ __device__ __half &operator=(unsigned int I) {
    return *this = __half(I);
  }
  __host__ __device__ __half &operator=(long long I) {
    return *this = __half(I);
  }
  __host__ __device__ __half &operator=(unsigned long long I) {
    return *this = __half(I);
  }

  // Conversions to the integer types round toward zero and saturate (NaN: 0).
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

  __host__ __device__ _Float16 native() const {
    return __builtin_bit_cast(_Float16, __x);
  }
};

__host__ __device__ static inline __half __cucc_half_of_bits(unsigned short B) {
  return __half_raw{B};
}

struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ constexpr __half2(const __half &A, const __half &B)
      : x(A), y(B) {}
  __host__ __device__ constexpr __half2(const __half2_raw &R)
      : x(__half_raw{R.x}), y(__half_raw{R.y}) {}
  // A template, so that `v = {}` picks the copy assignment (value
  // initialization), as with nvcc; `v = raw` still finds this.
  template <typename Raw, typename = decltype(Raw{}.x + Raw{}.y)>
  __host__ __device__ __half2 &operator=(const Raw &R) {
    x = __half_raw{R.x};
    y = __half_raw{R.y};
    return *this;
  }
  __host__ __device__ operator __half2_raw() const {
    return __half2_raw{x.__x, y.__x};
  }
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

/*===-- The device's own half arithmetic ----------------------------------===*/

// Device code computes in the target's f16 instructions: clang compiles
// _Float16 and its two-element vectors to them (v_add_f16, v_fma_f16,
// v_pk_fma_f16, ... on AMD), correctly rounded as IEEE asks, subnormals
// kept, the same results as the toolkit's. Only a NaN result differs: the
// toolkit's is the canonical NaN 0x7fff, AMD's a quieted operand NaN (or
// 0x7e00), so every result goes through one compare and select.
#ifdef __CUDA_ARCH__
typedef _Float16 __cucc_f16x2 __attribute__((ext_vector_type(2)));
typedef unsigned short __cucc_u16x2 __attribute__((ext_vector_type(2)));

__device__ static inline __half __cucc_half_canonical(_Float16 R) {
  return __half_raw{R != R ? __CUCC_HALF_NAN
                           : __builtin_bit_cast(unsigned short, R)};
}
__device__ static inline __cucc_f16x2 __cucc_native2(__half2 V) {
  return __builtin_bit_cast(__cucc_f16x2, V);
}
__device__ static inline __half2 __cucc_half2_canonical(__cucc_f16x2 R) {
  __cucc_u16x2 Bits = __builtin_bit_cast(__cucc_u16x2, R);
  return __builtin_bit_cast(__half2,
                            R != R ? (__cucc_u16x2)__CUCC_HALF_NAN : Bits);
}
// Clamped to [0, 1]; NaN gives +0 (the comparisons are false for it).
__device__ static inline _Float16 __cucc_native_sat(_Float16 R) {
  return R > (_Float16)0 ? (R < (_Float16)1 ? R : (_Float16)1) : (_Float16)0;
}
__device__ static inline __cucc_f16x2 __cucc_native2_sat(__cucc_f16x2 R) {
  __cucc_f16x2 Zero = 0, One = 1;
  return R > Zero ? (R < One ? R : One) : Zero;
}
// Sums, differences and products never contracted into an fma (_rn).
__device__ static inline __cucc_f16x2 __cucc_add2_rn(__cucc_f16x2 X,
                                                     __cucc_f16x2 Y) {
#pragma clang fp contract(off)
  return X + Y;
}
__device__ static inline __cucc_f16x2 __cucc_sub2_rn(__cucc_f16x2 X,
                                                     __cucc_f16x2 Y) {
#pragma clang fp contract(off)
  return X - Y;
}
__device__ static inline __cucc_f16x2 __cucc_mul2_rn(__cucc_f16x2 X,
                                                     __cucc_f16x2 Y) {
#pragma clang fp contract(off)
  return X * Y;
}
// Negative results (-0 too) become +0; a NaN stays one.
__device__ static inline _Float16 __cucc_native_relu(_Float16 R) {
  return !(R <= (_Float16)0) ? R : (_Float16)0;
}
__device__ static inline __cucc_f16x2 __cucc_native2_relu(__cucc_f16x2 R) {
  __cucc_f16x2 Zero = 0;
  return !(R <= Zero) ? R : Zero;
}
#endif

/*===-- Conversions -------------------------------------------------------===*/

__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half(float F) {
  return __cucc_half_of_bits(__cucc_half_rn(F));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half_rn(float F) {
  return __cucc_half_of_bits(__cucc_half_rn(F));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half_rz(float F) {
  return __cucc_half_of_bits(__cucc_half_from_float(F, __cucc_rz));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half_rd(float F) {
  return __cucc_half_of_bits(__cucc_half_from_float(F, __cucc_rd));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half_ru(float F) {
  return __cucc_half_of_bits(__cucc_half_from_float(F, __cucc_ru));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __double2half(double D) {
  return __cucc_half_of_bits(__cucc_half_from_double(D, __cucc_rn));
}
__CUDA_HOSTDEVICE_FP16_DECL__ float __half2float(__half H) {
  return __cucc_half_to_float(H.__x);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __float2half2_rn(float F) {
  __half H = __float2half_rn(F);
  return __half2(H, H);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __floats2half2_rn(float A, float B) {
  return __half2(__float2half_rn(A), __float2half_rn(B));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __float22half2_rn(float2 V) {
  return __half2(__float2half_rn(V.x), __float2half_rn(V.y));
}
__CUDA_HOSTDEVICE_FP16_DECL__ float2 __half22float2(__half2 V) {
  return float2{__half2float(V.x), __half2float(V.y)};
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __halves2half2(__half A, __half B) {
  return __half2(A, B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 make_half2(__half A, __half B) {
  return __half2(A, B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __low2half(__half2 V) { return V.x; }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __high2half(__half2 V) { return V.y; }
__CUDA_HOSTDEVICE_FP16_DECL__ float __low2float(__half2 V) {
  return __half2float(V.x);
}
__CUDA_HOSTDEVICE_FP16_DECL__ float __high2float(__half2 V) {
  return __half2float(V.y);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __lows2half2(__half2 A, __half2 B) {
  return __half2(A.x, B.x);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __highs2half2(__half2 A, __half2 B) {
  return __half2(A.y, B.y);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __low2half2(__half2 V) {
  return __half2(V.x, V.x);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __high2half2(__half2 V) {
  return __half2(V.y, V.y);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __half2half2(__half V) {
  return __half2(V, V);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __lowhigh2highlow(__half2 V) {
  return __half2(V.y, V.x);
}

// Integer to half in each rounding.
#define __CUCC_INT2HALF(Name, Type, Helper)                                    \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half Name##_rn(Type I) {                     \
    return __cucc_half_of_bits(Helper(I, __cucc_rn));                          \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half Name##_rz(Type I) {                     \
    return __cucc_half_of_bits(Helper(I, __cucc_rz));                          \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half Name##_rd(Type I) {                     \
    return __cucc_half_of_bits(Helper(I, __cucc_rd));                          \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half Name##_ru(Type I) {                     \
    return __cucc_half_of_bits(Helper(I, __cucc_ru));                          \
  }
__CUCC_INT2HALF(__int2half, int, __cucc_half_from_signed)
__CUCC_INT2HALF(__uint2half, unsigned int, __cucc_half_from_unsigned)
__CUCC_INT2HALF(__short2half, short, __cucc_half_from_signed)
__CUCC_INT2HALF(__ushort2half, unsigned short, __cucc_half_from_unsigned)
__CUCC_INT2HALF(__ll2half, long long, __cucc_half_from_signed)
__CUCC_INT2HALF(__ull2half, unsigned long long, __cucc_half_from_unsigned)
#undef __CUCC_INT2HALF

// Half to integer in each rounding: saturating, NaN gives 0.
// 64-bit results of NaN are the integer indefinite 0x8000000000000000, as
// PTX's cvt gives; narrower ones 0.
#define __CUCC_HALF2SIGNED(Name, Type, Lo, Hi, NaN)                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ Type Name##_rn(__half H) {                     \
    float F = __half2float(H);                                                 \
    return F != F ? (Type)NaN : (Type)__cucc_to_signed(F, __cucc_rn, Lo, Hi);  \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ Type Name##_rz(__half H) {                     \
    float F = __half2float(H);                                                 \
    return F != F ? (Type)NaN : (Type)__cucc_to_signed(F, __cucc_rz, Lo, Hi);  \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ Type Name##_rd(__half H) {                     \
    float F = __half2float(H);                                                 \
    return F != F ? (Type)NaN : (Type)__cucc_to_signed(F, __cucc_rd, Lo, Hi);  \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ Type Name##_ru(__half H) {                     \
    float F = __half2float(H);                                                 \
    return F != F ? (Type)NaN : (Type)__cucc_to_signed(F, __cucc_ru, Lo, Hi);  \
  }
#define __CUCC_HALF2UNSIGNED(Name, Type, Hi, NaN)                              \
  __CUDA_HOSTDEVICE_FP16_DECL__ Type Name##_rn(__half H) {                     \
    float F = __half2float(H);                                                 \
    return F != F ? (Type)NaN : (Type)__cucc_to_unsigned(F, __cucc_rn, Hi);    \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ Type Name##_rz(__half H) {                     \
    float F = __half2float(H);                                                 \
    return F != F ? (Type)NaN : (Type)__cucc_to_unsigned(F, __cucc_rz, Hi);    \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ Type Name##_rd(__half H) {                     \
    float F = __half2float(H);                                                 \
    return F != F ? (Type)NaN : (Type)__cucc_to_unsigned(F, __cucc_rd, Hi);    \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ Type Name##_ru(__half H) {                     \
    float F = __half2float(H);                                                 \
    return F != F ? (Type)NaN : (Type)__cucc_to_unsigned(F, __cucc_ru, Hi);    \
  }
__CUCC_HALF2SIGNED(__half2int, int, -2147483647 - 1, 2147483647, 0)
__CUCC_HALF2UNSIGNED(__half2uint, unsigned int, 4294967295u, 0)
__CUCC_HALF2SIGNED(__half2short, short, -32768, 32767, 0)
__CUCC_HALF2UNSIGNED(__half2ushort, unsigned short, 65535, 0)
__CUCC_HALF2SIGNED(__half2ll, long long, -9223372036854775807ll - 1,
                   9223372036854775807ll, 0x8000000000000000ull)
__CUCC_HALF2UNSIGNED(__half2ull, unsigned long long, ~0ull,
                     0x8000000000000000ull)
#undef __CUCC_HALF2SIGNED
#undef __CUCC_HALF2UNSIGNED

__CUDA_HOSTDEVICE_FP16_DECL__ signed char __half2char_rz(__half H) {
  return (signed char)__cucc_to_signed(__half2float(H), __cucc_rz, -128, 127);
}
__CUDA_HOSTDEVICE_FP16_DECL__ unsigned char __half2uchar_rz(__half H) {
  return (unsigned char)__cucc_to_unsigned(__half2float(H), __cucc_rz, 255);
}

__CUDA_HOSTDEVICE_FP16_DECL__ short __half_as_short(__half H) {
  return (short)H.__x;
}
__CUDA_HOSTDEVICE_FP16_DECL__ unsigned short __half_as_ushort(__half H) {
  return H.__x;
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __short_as_half(short S) {
  return __half_raw{(unsigned short)S};
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __ushort_as_half(unsigned short S) {
  return __half_raw{S};
}

/*===-- Arithmetic -----------------------------------------------------------===*/

// Whether float F lies exactly halfway between two neighbouring halves
// (13 dropped bits 1000...0 for half's normals; more below 2^-14).
__host__ __device__ static inline bool __cucc_on_half_tie(float F) {
  unsigned Abs = __cucc_float_bits(F) & 0x7fffffffu;
  if (Abs >= 0x7f800000u || Abs < 0x33000000u)
    return false;
  int E = (int)(Abs >> 23) - 127;
  int Drop = E < -14 ? 13 + (-14 - E) : 13;
  return (Abs & ((1u << Drop) - 1)) == (1u << (Drop - 1));
}

// The sign of (X * Y + Z) - R, exactly, for floats X, Y, Z whose product
// is exact in double (at most 24 significant bits each... here 8 or 11):
// the double sum and its rounding error (TwoSum) tell it.
__host__ __device__ static inline int __cucc_fma_side(float X, float Y, float Z,
                                                      float R) {
  double P = (double)X * (double)Y, S = P + (double)Z, Bp = S - P;
  double Err = (P - (S - Bp)) + ((double)Z - Bp);
  if (S != (double)R)
    return S > (double)R ? 1 : -1;
  return Err > 0 ? 1 : Err < 0 ? -1 : 0;
}

// R moved one float ulp toward the side Side of it (a no-op for 0).
__host__ __device__ static inline float __cucc_nudge(float R, int Side) {
  if (Side == 0)
    return R;
  unsigned U = __cucc_float_bits(R);
  bool Away = (Side > 0) == !(U >> 31);
  return __cucc_bits_float(Away ? U + 1 : U - 1);
}

// The host: in float, rounded once to half (exact: float's 24 bits are at
// least 2 * 11 + 2, so the double rounding is innocuous). The device: in
// half. The toolkit lets its compiler contract __hmul and __hadd into an
// fma; the _rn forms never are.
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hadd(__half A, __half B) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(A.native() + B.native());
#else
  return __cucc_half_of_bits(__cucc_half_rn(__half2float(A) + __half2float(B)));
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hsub(__half A, __half B) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(A.native() - B.native());
#else
  return __cucc_half_of_bits(__cucc_half_rn(__half2float(A) - __half2float(B)));
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmul(__half A, __half B) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(A.native() * B.native());
#else
  return __cucc_half_of_bits(__cucc_half_rn(__half2float(A) * __half2float(B)));
#endif
}
// Division in float on both sides (correctly rounded there, then once more
// to half: innocuous as above), where AMD's f16 division is not IEEE's.
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hdiv(__half A, __half B) {
  return __cucc_half_of_bits(__cucc_half_rn(__half2float(A) / __half2float(B)));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hadd_rn(__half A, __half B) {
#ifdef __CUDA_ARCH__
#pragma clang fp contract(off)
  return __cucc_half_canonical(A.native() + B.native());
#else
  return __hadd(A, B);
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hsub_rn(__half A, __half B) {
#ifdef __CUDA_ARCH__
#pragma clang fp contract(off)
  return __cucc_half_canonical(A.native() - B.native());
#else
  return __hsub(A, B);
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmul_rn(__half A, __half B) {
#ifdef __CUDA_ARCH__
#pragma clang fp contract(off)
  return __cucc_half_canonical(A.native() * B.native());
#else
  return __hmul(A, B);
#endif
}
// The device: the target's fused multiply-add in half. The host: a * b is
// exact in float (22 bits); fmaf rounds a * b + c once to float, and where
// that lands on a half tie, the exact sum's side of it decides.
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hfma(__half A, __half B, __half C) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(
      __builtin_fmaf16(A.native(), B.native(), C.native()));
#else
  float X = __half2float(A), Y = __half2float(B), Z = __half2float(C);
  float R = __builtin_fmaf(X, Y, Z);
  if (__cucc_on_half_tie(R))
    R = __cucc_nudge(R, __cucc_fma_side(X, Y, Z, R));
  return __cucc_half_of_bits(__cucc_half_rn(R));
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hisnan(__half A) {
  return (A.__x & 0x7fffu) > 0x7c00u;
}
// Sign operations give the canonical NaN for a NaN, as the toolkit's.
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hneg(__half A) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(-A.native());
#else
  return __half_raw{__hisnan(A) ? __CUCC_HALF_NAN
                                : (unsigned short)(A.__x ^ 0x8000u)};
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __habs(__half A) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(__builtin_fabsf16(A.native()));
#else
  return __half_raw{__hisnan(A) ? __CUCC_HALF_NAN
                                : (unsigned short)(A.__x & 0x7fffu)};
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ int __hisinf(__half A) {
  return A.__x == 0x7c00u ? 1 : A.__x == 0xfc00u ? -1 : 0;
}
// Clamped to [0, 1]; NaN gives +0.
__host__ __device__ static inline __half __cucc_half_sat(__half R) {
#ifdef __CUDA_ARCH__
  return __half_raw{
      __builtin_bit_cast(unsigned short, __cucc_native_sat(R.native()))};
#else
  if (__hisnan(R) || (R.__x & 0x8000u))
    return __half_raw{0};
  return R.__x > 0x3c00u ? __half(__half_raw{0x3c00}) : R;
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hadd_sat(__half A, __half B) {
  return __cucc_half_sat(__hadd(A, B));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hsub_sat(__half A, __half B) {
  return __cucc_half_sat(__hsub(A, B));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmul_sat(__half A, __half B) {
  return __cucc_half_sat(__hmul(A, B));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hfma_sat(__half A, __half B, __half C) {
  return __cucc_half_sat(__hfma(A, B, C));
}
// Negative results become +0, NaN the canonical NaN.
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hfma_relu(__half A, __half B, __half C) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(__cucc_native_relu(
      __builtin_fmaf16(A.native(), B.native(), C.native())));
#else
  __half R = __hfma(A, B, C);
  if (__hisnan(R))
    return __half_raw{__CUCC_HALF_NAN};
  return (R.__x & 0x8000u) ? __half(__half_raw{0}) : R;
#endif
}

// IEEE maxNum/minNum (a NaN operand gives the other; two give the canonical
// NaN), with -0 below +0; the _nan forms give NaN if either is. The device:
// IEEE 754-2019's maximumNumber and maximum, which are these (AMD's v_max_f16
// orders -0 below +0).
__host__ __device__ static inline __half __cucc_half_minmax(__half A, __half B,
                                                            bool Max,
                                                            bool NaNWins) {
  bool An = __hisnan(A), Bn = __hisnan(B);
  if (An || Bn) {
    if (NaNWins || (An && Bn))
      return __half_raw{__CUCC_HALF_NAN};
    return An ? B : A;
  }
  // Ordered keys of the bits: -0 sorts just below +0.
  int Ka = (A.__x & 0x8000u) ? -(int)(A.__x & 0x7fffu) - 1 : (int)A.__x;
  int Kb = (B.__x & 0x8000u) ? -(int)(B.__x & 0x7fffu) - 1 : (int)B.__x;
  return (Ka > Kb) == Max ? A : B;
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmax(__half A, __half B) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(
      __builtin_fmaximum_numf16(A.native(), B.native()));
#else
  return __cucc_half_minmax(A, B, true, false);
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmin(__half A, __half B) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(
      __builtin_fminimum_numf16(A.native(), B.native()));
#else
  return __cucc_half_minmax(A, B, false, false);
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmax_nan(__half A, __half B) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(
      __builtin_elementwise_maximum(A.native(), B.native()));
#else
  return __cucc_half_minmax(A, B, true, true);
#endif
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmin_nan(__half A, __half B) {
#ifdef __CUDA_ARCH__
  return __cucc_half_canonical(
      __builtin_elementwise_minimum(A.native(), B.native()));
#else
  return __cucc_half_minmax(A, B, false, true);
#endif
}

/*===-- Comparisons ----------------------------------------------------------===*/

// The values compared: the halves themselves on the device, their exact
// floats on the host.
#ifdef __CUDA_ARCH__
typedef _Float16 __cucc_compared;
#else
typedef float __cucc_compared;
#endif
__host__ __device__ static inline __cucc_compared __cucc_value(__half H) {
#ifdef __CUDA_ARCH__
  return H.native();
#else
  return __half2float(H);
#endif
}

__CUDA_HOSTDEVICE_FP16_DECL__ bool __heq(__half A, __half B) {
  return __cucc_value(A) == __cucc_value(B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hne(__half A, __half B) {
  return __cucc_value(A) < __cucc_value(B) || __cucc_value(A) > __cucc_value(B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hlt(__half A, __half B) {
  return __cucc_value(A) < __cucc_value(B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hle(__half A, __half B) {
  return __cucc_value(A) <= __cucc_value(B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hgt(__half A, __half B) {
  return __cucc_value(A) > __cucc_value(B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hge(__half A, __half B) {
  return __cucc_value(A) >= __cucc_value(B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hequ(__half A, __half B) {
  return !__hne(A, B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hneu(__half A, __half B) {
  return !__heq(A, B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hltu(__half A, __half B) {
  return !__hge(A, B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hleu(__half A, __half B) {
  return !__hgt(A, B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hgtu(__half A, __half B) {
  return !__hle(A, B);
}
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hgeu(__half A, __half B) {
  return !__hlt(A, B);
}

/*===-- Pairs ------------------------------------------------------------------===*/

#define __CUCC_HALF2_UNARY(Name, Op)                                           \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half2 Name(__half2 A) {                      \
    return __half2(Op(A.x), Op(A.y));                                          \
  }
#define __CUCC_HALF2_BINARY(Name, Op)                                          \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half2 Name(__half2 A, __half2 B) {           \
    return __half2(Op(A.x, B.x), Op(A.y, B.y));                                \
  }
#define __CUCC_HALF2_TERNARY(Name, Op)                                         \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half2 Name(__half2 A, __half2 B, __half2 C) { \
    return __half2(Op(A.x, B.x, C.x), Op(A.y, B.y, C.y));                      \
  }
// On the device, the pair in one packed operation (v_pk_add_f16, ...):
// Expr of the pair's native vectors X, Y, Z, as the scalar form computes
// each half; on the host, the scalar form twice.
#ifdef __CUDA_ARCH__
#define __CUCC_HALF2_PACKED_UNARY(Name, Op, Expr)                              \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half2 Name(__half2 A) {                      \
    __cucc_f16x2 X = __cucc_native2(A);                                       \
    return Expr;                                                               \
  }
#define __CUCC_HALF2_PACKED_BINARY(Name, Op, Expr)                             \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half2 Name(__half2 A, __half2 B) {           \
    __cucc_f16x2 X = __cucc_native2(A), Y = __cucc_native2(B);                 \
    return Expr;                                                               \
  }
#define __CUCC_HALF2_PACKED_TERNARY(Name, Op, Expr)                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half2 Name(__half2 A, __half2 B,             \
                                             __half2 C) {                      \
    __cucc_f16x2 X = __cucc_native2(A), Y = __cucc_native2(B),                 \
                 Z = __cucc_native2(C);                                        \
    return Expr;                                                               \
  }
#else
#define __CUCC_HALF2_PACKED_UNARY(Name, Op, Expr) __CUCC_HALF2_UNARY(Name, Op)
#define __CUCC_HALF2_PACKED_BINARY(Name, Op, Expr) __CUCC_HALF2_BINARY(Name, Op)
#define __CUCC_HALF2_PACKED_TERNARY(Name, Op, Expr)                            \
  __CUCC_HALF2_TERNARY(Name, Op)
#endif
__CUCC_HALF2_PACKED_BINARY(__hadd2, __hadd, __cucc_half2_canonical(X + Y))
__CUCC_HALF2_PACKED_BINARY(__hsub2, __hsub, __cucc_half2_canonical(X - Y))
__CUCC_HALF2_PACKED_BINARY(__hmul2, __hmul, __cucc_half2_canonical(X * Y))
__CUCC_HALF2_BINARY(__h2div, __hdiv)
__CUCC_HALF2_PACKED_BINARY(__hadd2_rn, __hadd_rn,
                           __cucc_half2_canonical(__cucc_add2_rn(X, Y)))
__CUCC_HALF2_PACKED_BINARY(__hsub2_rn, __hsub_rn,
                           __cucc_half2_canonical(__cucc_sub2_rn(X, Y)))
__CUCC_HALF2_PACKED_BINARY(__hmul2_rn, __hmul_rn,
                           __cucc_half2_canonical(__cucc_mul2_rn(X, Y)))
__CUCC_HALF2_PACKED_BINARY(__hadd2_sat, __hadd_sat,
                           __builtin_bit_cast(__half2,
                                              __cucc_native2_sat(X + Y)))
__CUCC_HALF2_PACKED_BINARY(__hsub2_sat, __hsub_sat,
                           __builtin_bit_cast(__half2,
                                              __cucc_native2_sat(X - Y)))
__CUCC_HALF2_PACKED_BINARY(__hmul2_sat, __hmul_sat,
                           __builtin_bit_cast(__half2,
                                              __cucc_native2_sat(X * Y)))
__CUCC_HALF2_PACKED_TERNARY(__hfma2, __hfma,
                            __cucc_half2_canonical(
                                __builtin_elementwise_fma(X, Y, Z)))
__CUCC_HALF2_PACKED_TERNARY(__hfma2_sat, __hfma_sat,
                            __builtin_bit_cast(__half2,
                                               __cucc_native2_sat(
                                                   __builtin_elementwise_fma(
                                                       X, Y, Z))))
__CUCC_HALF2_PACKED_TERNARY(__hfma2_relu, __hfma_relu,
                            __cucc_half2_canonical(__cucc_native2_relu(
                                __builtin_elementwise_fma(X, Y, Z))))
__CUCC_HALF2_PACKED_UNARY(__hneg2, __hneg, __cucc_half2_canonical(-X))
__CUCC_HALF2_PACKED_UNARY(__habs2, __habs,
                          __cucc_half2_canonical(__builtin_elementwise_abs(X)))
__CUCC_HALF2_PACKED_BINARY(__hmax2, __hmax,
                           __cucc_half2_canonical(
                               __builtin_elementwise_maximumnum(X, Y)))
__CUCC_HALF2_PACKED_BINARY(__hmin2, __hmin,
                           __cucc_half2_canonical(
                               __builtin_elementwise_minimumnum(X, Y)))
__CUCC_HALF2_PACKED_BINARY(__hmax2_nan, __hmax_nan,
                           __cucc_half2_canonical(
                               __builtin_elementwise_maximum(X, Y)))
__CUCC_HALF2_PACKED_BINARY(__hmin2_nan, __hmin_nan,
                           __cucc_half2_canonical(
                               __builtin_elementwise_minimum(X, Y)))
#undef __CUCC_HALF2_PACKED_UNARY
#undef __CUCC_HALF2_PACKED_BINARY
#undef __CUCC_HALF2_PACKED_TERNARY

// Complex multiply-add: (a.x*b.x - a.y*b.y + c.x, a.x*b.y + a.y*b.x + c.y),
// each product-sum by fused multiply-adds as the toolkit's.
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __hcmadd(__half2 A, __half2 B, __half2 C) {
  __half Re = __hfma(A.x, B.x, C.x);
  __half Im = __hfma(A.x, B.y, C.y);
  Re = __hfma(__hneg(A.y), B.y, Re);
  Im = __hfma(A.y, B.x, Im);
  return __half2(Re, Im);
}

#define __CUCC_HALF2_COMPARE(Name, Op)                                         \
  __CUDA_HOSTDEVICE_FP16_DECL__ __half2 Name##2(__half2 A, __half2 B) {        \
    return __half2(__half_raw{(unsigned short)(Op(A.x, B.x) ? 0x3c00 : 0)},    \
                   __half_raw{(unsigned short)(Op(A.y, B.y) ? 0x3c00 : 0)});   \
  }                                                                            \
  __CUDA_HOSTDEVICE_FP16_DECL__ unsigned Name##2_mask(__half2 A, __half2 B) {  \
    return (Op(A.x, B.x) ? 0xffffu : 0u) | (Op(A.y, B.y) ? 0xffff0000u : 0u);  \
  }
#define __CUCC_HALF2_BCOMPARE(Name, Op)                                        \
  __CUDA_HOSTDEVICE_FP16_DECL__ bool Name(__half2 A, __half2 B) {              \
    return Op(A.x, B.x) && Op(A.y, B.y);                                       \
  }
__CUCC_HALF2_COMPARE(__heq, __heq)
__CUCC_HALF2_COMPARE(__hne, __hne)
__CUCC_HALF2_COMPARE(__hlt, __hlt)
__CUCC_HALF2_COMPARE(__hle, __hle)
__CUCC_HALF2_COMPARE(__hgt, __hgt)
__CUCC_HALF2_COMPARE(__hge, __hge)
__CUCC_HALF2_COMPARE(__hequ, __hequ)
__CUCC_HALF2_COMPARE(__hneu, __hneu)
__CUCC_HALF2_COMPARE(__hltu, __hltu)
__CUCC_HALF2_COMPARE(__hleu, __hleu)
__CUCC_HALF2_COMPARE(__hgtu, __hgtu)
__CUCC_HALF2_COMPARE(__hgeu, __hgeu)
__CUCC_HALF2_BCOMPARE(__hbeq2, __heq)
__CUCC_HALF2_BCOMPARE(__hbne2, __hne)
__CUCC_HALF2_BCOMPARE(__hblt2, __hlt)
__CUCC_HALF2_BCOMPARE(__hble2, __hle)
__CUCC_HALF2_BCOMPARE(__hbgt2, __hgt)
__CUCC_HALF2_BCOMPARE(__hbge2, __hge)
__CUCC_HALF2_BCOMPARE(__hbequ2, __hequ)
__CUCC_HALF2_BCOMPARE(__hbneu2, __hneu)
__CUCC_HALF2_BCOMPARE(__hbltu2, __hltu)
__CUCC_HALF2_BCOMPARE(__hbleu2, __hleu)
__CUCC_HALF2_BCOMPARE(__hbgtu2, __hgtu)
__CUCC_HALF2_BCOMPARE(__hbgeu2, __hgeu)
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __hisnan2(__half2 A) {
  return __half2(__half_raw{(unsigned short)(__hisnan(A.x) ? 0x3c00 : 0)},
                 __half_raw{(unsigned short)(__hisnan(A.y) ? 0x3c00 : 0)});
}

/*===-- Operators (host and device) ---------------------------------------===*/

#define __CUCC_HALF_OPERATORS(T, T2)                                           \
  __host__ __device__ inline T operator+(const T &A, const T &B) {             \
    return __hadd(A, B);                                                       \
  }                                                                            \
  __host__ __device__ inline T operator-(const T &A, const T &B) {             \
    return __hsub(A, B);                                                       \
  }                                                                            \
  __host__ __device__ inline T operator*(const T &A, const T &B) {             \
    return __hmul(A, B);                                                       \
  }                                                                            \
  __host__ __device__ inline T operator/(const T &A, const T &B) {             \
    return __hdiv(A, B);                                                       \
  }                                                                            \
  __host__ __device__ inline T &operator+=(T &A, const T &B) {                 \
    return A = __hadd(A, B);                                                   \
  }                                                                            \
  __host__ __device__ inline T &operator-=(T &A, const T &B) {                 \
    return A = __hsub(A, B);                                                   \
  }                                                                            \
  __host__ __device__ inline T &operator*=(T &A, const T &B) {                 \
    return A = __hmul(A, B);                                                   \
  }                                                                            \
  __host__ __device__ inline T &operator/=(T &A, const T &B) {                 \
    return A = __hdiv(A, B);                                                   \
  }                                                                            \
  __host__ __device__ inline T &operator++(T &A) {                             \
    return A = __hadd(A, T(1.0f));                                             \
  }                                                                            \
  __host__ __device__ inline T &operator--(T &A) {                             \
    return A = __hsub(A, T(1.0f));                                             \
  }                                                                            \
  __host__ __device__ inline T operator++(T &A, int) {                         \
    T Old = A;                                                                 \
    A = __hadd(A, T(1.0f));                                                    \
    return Old;                                                                \
  }                                                                            \
  __host__ __device__ inline T operator--(T &A, int) {                         \
    T Old = A;                                                                 \
    A = __hsub(A, T(1.0f));                                                    \
    return Old;                                                                \
  }                                                                            \
  __host__ __device__ inline T operator+(const T &A) { return A; }             \
  __host__ __device__ inline T operator-(const T &A) { return __hneg(A); }     \
  __host__ __device__ inline bool operator==(const T &A, const T &B) {         \
    return __heq(A, B);                                                        \
  }                                                                            \
  __host__ __device__ inline bool operator!=(const T &A, const T &B) {         \
    return __hneu(A, B);                                                       \
  }                                                                            \
  __host__ __device__ inline bool operator<(const T &A, const T &B) {          \
    return __hlt(A, B);                                                        \
  }                                                                            \
  __host__ __device__ inline bool operator<=(const T &A, const T &B) {         \
    return __hle(A, B);                                                        \
  }                                                                            \
  __host__ __device__ inline bool operator>(const T &A, const T &B) {          \
    return __hgt(A, B);                                                        \
  }                                                                            \
  __host__ __device__ inline bool operator>=(const T &A, const T &B) {         \
    return __hge(A, B);                                                        \
  }                                                                            \
  __host__ __device__ inline T2 operator+(const T2 &A, const T2 &B) {          \
    return __hadd2(A, B);                                                      \
  }                                                                            \
  __host__ __device__ inline T2 operator-(const T2 &A, const T2 &B) {          \
    return __hsub2(A, B);                                                      \
  }                                                                            \
  __host__ __device__ inline T2 operator*(const T2 &A, const T2 &B) {          \
    return __hmul2(A, B);                                                      \
  }                                                                            \
  __host__ __device__ inline T2 operator/(const T2 &A, const T2 &B) {          \
    return __h2div(A, B);                                                      \
  }                                                                            \
  __host__ __device__ inline T2 &operator+=(T2 &A, const T2 &B) {              \
    return A = __hadd2(A, B);                                                  \
  }                                                                            \
  __host__ __device__ inline T2 &operator-=(T2 &A, const T2 &B) {              \
    return A = __hsub2(A, B);                                                  \
  }                                                                            \
  __host__ __device__ inline T2 &operator*=(T2 &A, const T2 &B) {              \
    return A = __hmul2(A, B);                                                  \
  }                                                                            \
  __host__ __device__ inline T2 &operator/=(T2 &A, const T2 &B) {              \
    return A = __h2div(A, B);                                                  \
  }                                                                            \
  __host__ __device__ inline T2 &operator++(T2 &A) {                           \
    return A = __hadd2(A, T2(T(1.0f), T(1.0f)));                               \
  }                                                                            \
  __host__ __device__ inline T2 &operator--(T2 &A) {                           \
    return A = __hsub2(A, T2(T(1.0f), T(1.0f)));                               \
  }                                                                            \
  __host__ __device__ inline T2 operator++(T2 &A, int) {                       \
    T2 Old = A;                                                                \
    ++A;                                                                       \
    return Old;                                                                \
  }                                                                            \
  __host__ __device__ inline T2 operator--(T2 &A, int) {                       \
    T2 Old = A;                                                                \
    --A;                                                                       \
    return Old;                                                                \
  }                                                                            \
  __host__ __device__ inline T2 operator+(const T2 &A) { return A; }           \
  __host__ __device__ inline T2 operator-(const T2 &A) { return __hneg2(A); }  \
  __host__ __device__ inline bool operator==(const T2 &A, const T2 &B) {       \
    return __hbeq2(A, B);                                                      \
  }                                                                            \
  __host__ __device__ inline bool operator!=(const T2 &A, const T2 &B) {       \
    return __hbneu2(A, B);                                                     \
  }                                                                            \
  __host__ __device__ inline bool operator<(const T2 &A, const T2 &B) {        \
    return __hblt2(A, B);                                                      \
  }                                                                            \
  __host__ __device__ inline bool operator<=(const T2 &A, const T2 &B) {       \
    return __hble2(A, B);                                                      \
  }                                                                            \
  __host__ __device__ inline bool operator>(const T2 &A, const T2 &B) {        \
    return __hbgt2(A, B);                                                      \
  }                                                                            \
  __host__ __device__ inline bool operator>=(const T2 &A, const T2 &B) {       \
    return __hbge2(A, B);                                                      \
  }
__CUCC_HALF_OPERATORS(__half, __half2)

/*===-- Math (through float, one final rounding) -------------------------===*/

// Whether float F lies within 16 float ulps of a tie between two halves:
// there float's own error could decide the half, so the result is
// recomputed in double (correctly rounded then, as the toolkit's are). The
// device asks its conversion: a tie lies that near just where the two ends
// of F's 17-ulp neighbourhood round to different halves.
__host__ __device__ static inline bool __cucc_near_half_tie(float F) {
  unsigned Abs = __cucc_float_bits(F) & 0x7fffffffu;
#ifdef __CUDA_ARCH__
  float Below = __cucc_bits_float(Abs > 17u ? Abs - 17u : 0u);
  float Above = __cucc_bits_float(Abs + 17u);
  return (Abs < 0x7f800000u) & ((_Float16)Below != (_Float16)Above);
#else
  if (Abs >= 0x7f800000u || Abs < 0x33000000u)
    return false;
  int E = (int)(Abs >> 23) - 127;
  int Drop = E < -14 ? 13 + (-14 - E) : 13;
  if (Drop >= 24)
    return true;
  unsigned Low = Abs & ((1u << Drop) - 1), Tie = 1u << (Drop - 1);
  return Low + 16u - Tie < 32u;
#endif
}

// A's value as float for the math functions below: any NaN as the
// conversion gives it, since their result's NaN is made canonical when it
// is rounded to half (and a NaN is never near a tie).
__device__ static inline float __cucc_math_argument(__half A) {
  return (float)A.native();
}

// The double recomputation is a function of its own, not inlined: few
// inputs need it, and a kernel that calls hexp in an unrolled loop would
// otherwise carry a double exp per iteration.
#define __CUCC_HALF_MATH(Name, Name2, Expr, DoubleExpr)                        \
  __attribute__((noinline)) static __device__ inline __half Name##_near_tie(   \
      float X) {                                                               \
    double Y = (double)X;                                                      \
    return __cucc_half_of_bits(                                                \
        __cucc_half_from_double(DoubleExpr, __cucc_rn));                       \
  }                                                                            \
  __CUDA_FP16_DECL__ __half Name(__half A) {                                   \
    float X = __cucc_math_argument(A);                                         \
    float R = Expr;                                                            \
    __half H = __float2half_rn(R);                                             \
    if (__cucc_near_half_tie(R))                                               \
      H = Name##_near_tie(X);                                                  \
    return H;                                                                  \
  }                                                                            \
  __CUCC_HALF2_UNARY(Name2, Name)
// Functions whose correctly rounded float result is already the correctly
// rounded half's float (square root and division: float's 24 bits are at
// least 2 * 11 + 2, so the double rounding is innocuous; the integral ones
// are exact): no second look near a tie.
#define __CUCC_HALF_MATH_ROUNDED(Name, Name2, Expr)                            \
  __CUDA_FP16_DECL__ __half Name(__half A) {                                   \
    float X = __cucc_math_argument(A);                                         \
    return __float2half_rn(Expr);                                              \
  }                                                                            \
  __CUCC_HALF2_UNARY(Name2, Name)
__CUCC_HALF_MATH_ROUNDED(hsqrt, h2sqrt, __builtin_sqrtf(X))
__CUCC_HALF_MATH(hrsqrt, h2rsqrt, 1.0f / __builtin_sqrtf(X),
                 1.0 / __builtin_sqrt(Y))
__CUCC_HALF_MATH_ROUNDED(hrcp, h2rcp, 1.0f / X)
__CUCC_HALF_MATH(hexp, h2exp, __builtin_expf(X), __builtin_exp(Y))
__CUCC_HALF_MATH(hexp2, h2exp2, __builtin_exp2f(X), __builtin_exp2(Y))
__CUCC_HALF_MATH(hexp10, h2exp10, __builtin_exp10f(X), __builtin_exp10(Y))
__CUCC_HALF_MATH(hlog, h2log, __builtin_logf(X), __builtin_log(Y))
__CUCC_HALF_MATH(hlog2, h2log2, __builtin_log2f(X), __builtin_log2(Y))
__CUCC_HALF_MATH(hlog10, h2log10, __builtin_log10f(X), __builtin_log10(Y))
__CUCC_HALF_MATH(hsin, h2sin, __builtin_sinf(X), __builtin_sin(Y))
__CUCC_HALF_MATH(hcos, h2cos, __builtin_cosf(X), __builtin_cos(Y))
__CUCC_HALF_MATH(htanh, h2tanh, __builtin_tanhf(X), __builtin_tanh(Y))
__CUCC_HALF_MATH(htanh_approx, h2tanh_approx, __builtin_tanhf(X),
                 __builtin_tanh(Y))
__CUCC_HALF_MATH_ROUNDED(hceil, h2ceil, __builtin_ceilf(X))
__CUCC_HALF_MATH_ROUNDED(hfloor, h2floor, __builtin_floorf(X))
__CUCC_HALF_MATH_ROUNDED(htrunc, h2trunc, __builtin_truncf(X))
__CUCC_HALF_MATH_ROUNDED(hrint, h2rint, __builtin_rintf(X))
#undef __CUCC_HALF_MATH
#undef __CUCC_HALF_MATH_ROUNDED

// Device code alone: a host compiler (g++, for a CUDA program's .cpp files)
// has none of the intrinsics below, as with the toolkit's header.
#ifdef __CUDA__

/*===-- Shuffles (a value moves in the low 16 bits of a word, a pair as the
 * word) ------------------------------------------------------------------===*/

__CUDA_FP16_DECL__ __half __shfl_sync(unsigned Mask, __half V, int B,
                                      int Width = 32) {
  return __half_raw{
      (unsigned short)__shfl_sync(Mask, (unsigned)V.__x, B, Width)};
}
__CUDA_FP16_DECL__ __half2 __shfl_sync(unsigned Mask, __half2 V, int B,
                                       int Width = 32) {
  unsigned W = __shfl_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__half2, W);
}
__CUDA_FP16_DECL__ __half __shfl_up_sync(unsigned Mask, __half V,
                                         unsigned int B, int Width = 32) {
  return __half_raw{
      (unsigned short)__shfl_up_sync(Mask, (unsigned)V.__x, B, Width)};
}
__CUDA_FP16_DECL__ __half2 __shfl_up_sync(unsigned Mask, __half2 V,
                                          unsigned int B, int Width = 32) {
  unsigned W = __shfl_up_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__half2, W);
}
__CUDA_FP16_DECL__ __half __shfl_down_sync(unsigned Mask, __half V,
                                           unsigned int B, int Width = 32) {
  return __half_raw{
      (unsigned short)__shfl_down_sync(Mask, (unsigned)V.__x, B, Width)};
}
__CUDA_FP16_DECL__ __half2 __shfl_down_sync(unsigned Mask, __half2 V,
                                            unsigned int B, int Width = 32) {
  unsigned W =
      __shfl_down_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__half2, W);
}
__CUDA_FP16_DECL__ __half __shfl_xor_sync(unsigned Mask, __half V, int B,
                                          int Width = 32) {
  return __half_raw{
      (unsigned short)__shfl_xor_sync(Mask, (unsigned)V.__x, B, Width)};
}
__CUDA_FP16_DECL__ __half2 __shfl_xor_sync(unsigned Mask, __half2 V, int B,
                                           int Width = 32) {
  unsigned W = __shfl_xor_sync(Mask, __builtin_bit_cast(unsigned, V), B, Width);
  return __builtin_bit_cast(__half2, W);
}

/*===-- Loads and stores with cache hints (plain accesses here) -----------===*/

__CUDA_FP16_DECL__ __half __ldg(const __half *P) { return *P; }
__CUDA_FP16_DECL__ __half2 __ldg(const __half2 *P) { return *P; }

/*===-- Atomics (a compare-and-swap loop on the enclosing 32-bit word) ----===*/

__CUDA_FP16_DECL__ __half2 atomicAdd(__half2 *Address, __half2 Value) {
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
__CUDA_FP16_DECL__ __half atomicAdd(__half *Address, __half Value) {
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

#endif // __CUDA__

#endif
