// cuda_fp8.h - CUDA's 8-bit floating point types and conversions, SDK-free.
//
// E4M3 (4 exponent bits, bias 7, no infinity, NaN 0x7f/0xff, largest finite
// 448) and E5M2 (IEEE-like: bias 15, infinities, largest finite 57344),
// stored as __nv_fp8_storage_t bytes; the __nv_cvt_* conversions and the
// classes __nv_fp8_e4m3, __nv_fp8_e5m2 and their x2 and x4 forms. Narrowing
// rounds to nearest even, saturating to the largest finite value
// (__NV_SATFINITE) or not (__NV_NOSAT: E4M3 gives NaN, E5M2 infinity), by
// the integer rounding of cuda_fp16.h on host and device alike; a float
// NaN becomes the canonical NaN first, a double NaN keeps its sign (and for
// E5M2 the payload's top bits), as the toolkit's do. Widening is exact,
// through __half (a NaN gives the canonical one). Results are CUDA's bit
// for bit (lit-tests/half, against an H100).
#ifndef __CUDA_FP8_H__
#define __CUDA_FP8_H__

#include "crt/host_defines.h"
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "vector_types.h"

#define __CUDA_FP8_TYPES_EXIST__
#define __CUDA_HOSTDEVICE_FP8_DECL__ static __host__ __device__ __inline__
#define __CUDA_HOSTDEVICE_FP8__ __host__ __device__

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t {
  __NV_NOSAT,
  __NV_SATFINITE,
} __nv_saturation_t;

typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2,
} __nv_fp8_interpretation_t;

/*===-- Narrowing ------------------------------------------------------------===*/

__CUDA_HOSTDEVICE_FP8_DECL__ __nv_fp8_storage_t
__nv_cvt_double_to_fp8(const double X, const __nv_saturation_t Saturate,
                       const __nv_fp8_interpretation_t Interpretation) {
  bool E5M2 = Interpretation == __NV_E5M2;
  unsigned long long Bits = __builtin_bit_cast(unsigned long long, X);
  bool Negative = Bits >> 63;
  unsigned Sign = Negative ? 0x80u : 0u;
  unsigned long long Abs = Bits & 0x7fffffffffffffffull;
  if (Abs > 0x7ff0000000000000ull) // NaN
    return (__nv_fp8_storage_t)(Sign | (E5M2 ? 0x7eu | ((Bits >> 50) & 3u)
                                             : 0x7fu));
  unsigned MaxFinite = E5M2 ? 0x7bu : 0x7eu;
  unsigned Overflow = Saturate == __NV_SATFINITE ? MaxFinite
                      : E5M2                     ? 0x7cu
                                                 : 0x7fu;
  if (Abs == 0x7ff0000000000000ull)
    return (__nv_fp8_storage_t)(Sign | Overflow);
  if (Abs == 0)
    return (__nv_fp8_storage_t)Sign;
  unsigned long long Mant;
  int Exp;
  __cucc_split_double(X, Mant, Exp);
  __cucc_format Format = E5M2 ? __cucc_format{3, -14, 15}
                              : __cucc_format{4, -6, 8};
  unsigned R = __cucc_round_small(Negative, Mant, Exp, Format, __cucc_rn);
  if (R == 0xffffffffu || R > MaxFinite)
    R = Overflow;
  return (__nv_fp8_storage_t)(Sign | R);
}

__CUDA_HOSTDEVICE_FP8_DECL__ __nv_fp8_storage_t
__nv_cvt_float_to_fp8(const float X, const __nv_saturation_t Saturate,
                      const __nv_fp8_interpretation_t Interpretation) {
  float F = X != X ? __cucc_bits_float(0x7fffffffu) : X;
  return __nv_cvt_double_to_fp8((double)F, Saturate, Interpretation);
}
__CUDA_HOSTDEVICE_FP8_DECL__ __nv_fp8x2_storage_t
__nv_cvt_double2_to_fp8x2(const double2 X, const __nv_saturation_t Saturate,
                          const __nv_fp8_interpretation_t Interpretation) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_double_to_fp8(X.x, Saturate, Interpretation) |
      __nv_cvt_double_to_fp8(X.y, Saturate, Interpretation) << 8);
}
__CUDA_HOSTDEVICE_FP8_DECL__ __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(const float2 X, const __nv_saturation_t Saturate,
                         const __nv_fp8_interpretation_t Interpretation) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_float_to_fp8(X.x, Saturate, Interpretation) |
      __nv_cvt_float_to_fp8(X.y, Saturate, Interpretation) << 8);
}
__CUDA_HOSTDEVICE_FP8_DECL__ __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(const __half_raw X, const __nv_saturation_t Saturate,
                        const __nv_fp8_interpretation_t Interpretation) {
  return __nv_cvt_float_to_fp8(__cucc_half_to_float(X.x), Saturate,
                               Interpretation);
}
__CUDA_HOSTDEVICE_FP8_DECL__ __nv_fp8x2_storage_t
__nv_cvt_halfraw2_to_fp8x2(const __half2_raw X,
                           const __nv_saturation_t Saturate,
                           const __nv_fp8_interpretation_t Interpretation) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_halfraw_to_fp8(__half_raw{X.x}, Saturate, Interpretation) |
      __nv_cvt_halfraw_to_fp8(__half_raw{X.y}, Saturate, Interpretation) << 8);
}
__CUDA_HOSTDEVICE_FP8_DECL__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(
    const __nv_bfloat16_raw X, const __nv_saturation_t Saturate,
    const __nv_fp8_interpretation_t Interpretation) {
  return __nv_cvt_float_to_fp8(__cucc_bf16_to_float(X.x), Saturate,
                               Interpretation);
}
__CUDA_HOSTDEVICE_FP8_DECL__ __nv_fp8x2_storage_t
__nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw X,
                               const __nv_saturation_t Saturate,
                               const __nv_fp8_interpretation_t Interpretation) {
  return (__nv_fp8x2_storage_t)(
      __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{X.x}, Saturate,
                                  Interpretation) |
      __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw{X.y}, Saturate,
                                  Interpretation)
          << 8);
}

/*===-- Widening -------------------------------------------------------------===*/

// Exact: every E4M3 and E5M2 value is a half; a NaN gives half's 0x7fff.
__CUDA_HOSTDEVICE_FP8_DECL__ __half_raw
__nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t X,
                        const __nv_fp8_interpretation_t Interpretation) {
  unsigned Sign = (X & 0x80u) << 8, Mag = X & 0x7fu;
  unsigned short H;
  if (Interpretation == __NV_E5M2) {
    H = Mag > 0x7cu ? (unsigned short)0x7fff : (unsigned short)(Sign | Mag << 8);
  } else if (Mag == 0x7fu) {
    H = 0x7fff;
  } else if (Mag >= 8) { // normal: rebias 7 -> 15
    H = (unsigned short)(Sign | (Mag + (8u << 3)) << 7);
  } else { // subnormal: Mag * 2^-9, normal in half
    H = __cucc_half_rn((float)Mag * 0.001953125f) | (unsigned short)Sign;
  }
  return __half_raw{H};
}
__CUDA_HOSTDEVICE_FP8_DECL__ __half2_raw
__nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t X,
                           const __nv_fp8_interpretation_t Interpretation) {
  return __half2_raw{
      __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)X, Interpretation).x,
      __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(X >> 8), Interpretation)
          .x};
}

/*===-- The classes ----------------------------------------------------------===*/

// One fp8 value of interpretation I. Narrowing constructors saturate to
// the largest finite value; integers go through float first; conversions to
// integers go through __half (round toward zero, saturating; NaN gives 0),
// the 8-bit ones through float.
template <__nv_fp8_interpretation_t I> struct __cucc_fp8 {
  __nv_fp8_storage_t __x;

  __cucc_fp8() = default;
  explicit __host__ __device__ __cucc_fp8(const __half F)
      : __x(__nv_cvt_halfraw_to_fp8(F, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ __cucc_fp8(const __nv_bfloat16 F)
      : __x(__nv_cvt_bfloat16raw_to_fp8(F, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ __cucc_fp8(const float F)
      : __x(__nv_cvt_float_to_fp8(F, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ __cucc_fp8(const double F)
      : __x(__nv_cvt_double_to_fp8(F, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ __cucc_fp8(const unsigned short V)
      : __cucc_fp8((float)V) {}
  explicit __host__ __device__ __cucc_fp8(const unsigned int V)
      : __cucc_fp8((float)V) {}
  explicit __host__ __device__ __cucc_fp8(const unsigned long V)
      : __cucc_fp8((float)V) {}
  explicit __host__ __device__ __cucc_fp8(const unsigned long long V)
      : __cucc_fp8((float)V) {}
  explicit __host__ __device__ __cucc_fp8(const short V)
      : __cucc_fp8((float)V) {}
  explicit __host__ __device__ __cucc_fp8(const int V)
      : __cucc_fp8((float)V) {}
  explicit __host__ __device__ __cucc_fp8(const long V)
      : __cucc_fp8((float)V) {}
  explicit __host__ __device__ __cucc_fp8(const long long V)
      : __cucc_fp8((float)V) {}

  explicit __host__ __device__ operator __half() const {
    return __half(__nv_cvt_fp8_to_halfraw(__x, I));
  }
  explicit __host__ __device__ operator float() const {
    return __cucc_half_to_float(__nv_cvt_fp8_to_halfraw(__x, I).x);
  }
  explicit __host__ __device__ operator __nv_bfloat16() const {
    return __float2bfloat16_rz(float(*this));
  }
  explicit __host__ __device__ operator double() const {
    return (double)float(*this);
  }
  explicit __host__ __device__ operator unsigned char() const {
    float F = float(*this);
    if ((__x & 0x7fu) == 0x7fu)
      return 0;
    return F > 255.0f ? 255 : F < 0.0f ? 0 : (unsigned char)F;
  }
  explicit __host__ __device__ operator signed char() const {
    float F = float(*this);
    if ((__x & 0x7fu) == 0x7fu)
      return 0;
    return F > 127.0f ? 127 : F < -128.0f ? -128 : (signed char)F;
  }
  explicit __host__ __device__ operator char() const {
    return (char)-1 < 0 ? (char)(signed char)*this : (char)(unsigned char)*this;
  }
  explicit __host__ __device__ operator unsigned short() const {
    return __half2ushort_rz(__half(*this));
  }
  explicit __host__ __device__ operator unsigned int() const {
    return __half2uint_rz(__half(*this));
  }
  explicit __host__ __device__ operator unsigned long() const {
    return (unsigned long)__half2ull_rz(__half(*this));
  }
  explicit __host__ __device__ operator unsigned long long() const {
    return __half2ull_rz(__half(*this));
  }
  explicit __host__ __device__ operator short() const {
    return __half2short_rz(__half(*this));
  }
  explicit __host__ __device__ operator int() const {
    return __half2int_rz(__half(*this));
  }
  explicit __host__ __device__ operator long() const {
    return (long)__half2ll_rz(__half(*this));
  }
  explicit __host__ __device__ operator long long() const {
    return __half2ll_rz(__half(*this));
  }
  explicit __host__ __device__ operator bool() const {
    return (__x & 0x7fu) != 0;
  }
};

// Two values (the first in the low byte).
template <__nv_fp8_interpretation_t I> struct __cucc_fp8x2 {
  __nv_fp8x2_storage_t __x;

  __cucc_fp8x2() = default;
  explicit __host__ __device__ __cucc_fp8x2(const __half2 F)
      : __x(__nv_cvt_halfraw2_to_fp8x2(F, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ __cucc_fp8x2(const __nv_bfloat162 F)
      : __x(__nv_cvt_bfloat16raw2_to_fp8x2(F, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ __cucc_fp8x2(const float2 F)
      : __x(__nv_cvt_float2_to_fp8x2(F, __NV_SATFINITE, I)) {}
  explicit __host__ __device__ __cucc_fp8x2(const double2 F)
      : __x(__nv_cvt_double2_to_fp8x2(F, __NV_SATFINITE, I)) {}

  explicit __host__ __device__ operator __half2() const {
    return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, I));
  }
  explicit __host__ __device__ operator float2() const {
    __half2_raw H = __nv_cvt_fp8x2_to_halfraw2(__x, I);
    return float2{__cucc_half_to_float(H.x), __cucc_half_to_float(H.y)};
  }
};

// Four values (the first in the low byte).
template <__nv_fp8_interpretation_t I> struct __cucc_fp8x4 {
  __nv_fp8x4_storage_t __x;

  __cucc_fp8x4() = default;
  explicit __host__ __device__ __cucc_fp8x4(const __half2 Lo, const __half2 Hi)
      : __x(__nv_cvt_halfraw2_to_fp8x2(Lo, __NV_SATFINITE, I) |
            (unsigned)__nv_cvt_halfraw2_to_fp8x2(Hi, __NV_SATFINITE, I)
                << 16) {}
  explicit __host__ __device__ __cucc_fp8x4(const __nv_bfloat162 Lo,
                                            const __nv_bfloat162 Hi)
      : __x(__nv_cvt_bfloat16raw2_to_fp8x2(Lo, __NV_SATFINITE, I) |
            (unsigned)__nv_cvt_bfloat16raw2_to_fp8x2(Hi, __NV_SATFINITE, I)
                << 16) {}
  explicit __host__ __device__ __cucc_fp8x4(const float4 F)
      : __x(__nv_cvt_float2_to_fp8x2(float2{F.x, F.y}, __NV_SATFINITE, I) |
            (unsigned)__nv_cvt_float2_to_fp8x2(float2{F.z, F.w},
                                               __NV_SATFINITE, I)
                << 16) {}
  explicit __host__ __device__ __cucc_fp8x4(const double4 F)
      : __x(__nv_cvt_double2_to_fp8x2(double2{F.x, F.y}, __NV_SATFINITE, I) |
            (unsigned)__nv_cvt_double2_to_fp8x2(double2{F.z, F.w},
                                                __NV_SATFINITE, I)
                << 16) {}

  explicit __host__ __device__ operator float4() const {
    __half2_raw Lo = __nv_cvt_fp8x2_to_halfraw2(
        (__nv_fp8x2_storage_t)(__x & 0xffffu), I);
    __half2_raw Hi =
        __nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)(__x >> 16), I);
    return float4{__cucc_half_to_float(Lo.x), __cucc_half_to_float(Lo.y),
                  __cucc_half_to_float(Hi.x), __cucc_half_to_float(Hi.y)};
  }
};

typedef __cucc_fp8<__NV_E4M3> __nv_fp8_e4m3;
typedef __cucc_fp8<__NV_E5M2> __nv_fp8_e5m2;
typedef __cucc_fp8x2<__NV_E4M3> __nv_fp8x2_e4m3;
typedef __cucc_fp8x2<__NV_E5M2> __nv_fp8x2_e5m2;
typedef __cucc_fp8x4<__NV_E4M3> __nv_fp8x4_e4m3;
typedef __cucc_fp8x4<__NV_E5M2> __nv_fp8x4_e5m2;
typedef __nv_fp8_e4m3 nv_fp8_e4m3;
typedef __nv_fp8_e5m2 nv_fp8_e5m2;

#endif
