// crt/math_functions.h - CUDA's math API on AMD GPUs: every function of the
// CUDA Math API (float and double, with the float overloads C++ code calls
// by the double name) and the fast intrinsics (__expf, __sinf, __fdividef,
// the explicitly rounded __fadd_rn ... __dsqrt_rd), written over AMD's OCML,
// which cu2hsaco links in for the processor (pass/retarget/DeviceLibs.c).
//
// As nvcc's does, this header brings in <math.h> and <cmath>, after its own
// definitions: the C library's declarations stay host functions, these
// __device__ ones of the same names are what device code calls (clang
// overloads on __host__ and __device__), and <cmath>'s `using ::exp;`
// brings them into std, so that std::tgamma(double) and std::pow(float,
// int) find a device function. libstdc++'s own std::exp(float) & co are
// constexpr wrappers around __builtin_expf, which device code may call;
// cu2hsaco sends the LLVM intrinsics those become to OCML too.
//
// --use_fast_math (__USE_FAST_MATH__) turns sinf, cosf, tanf, sincosf, expf,
// exp10f, logf, log2f, log10f and powf into their intrinsics, as nvcc does.
// OCML has no directed-rounding arithmetic: __fadd_ru and its kin round to
// nearest and step one ulp by the sign of the exact error (an error-free
// transformation), exact except where that error underflows. fma with a
// directed rounding (__fmaf_rz ...) is not provided.
#ifndef __CRT_MATH_FUNCTIONS_H__
#define __CRT_MATH_FUNCTIONS_H__

#include "crt/host_defines.h"

#define __CUDA_OCML __device__ __attribute__((const))
#define __CUDA_MATH static __device__ __forceinline__

// OCML's pointer arguments are private (scratch) memory.
typedef __attribute__((address_space(5))) int __cuda_private_int;
typedef __attribute__((address_space(5))) float __cuda_private_float;
typedef __attribute__((address_space(5))) double __cuda_private_double;

extern "C" {
__CUDA_OCML float __ocml_acos_f32(float);
__CUDA_OCML float __ocml_acosh_f32(float);
__CUDA_OCML float __ocml_asin_f32(float);
__CUDA_OCML float __ocml_asinh_f32(float);
__CUDA_OCML float __ocml_atan_f32(float);
__CUDA_OCML float __ocml_atanh_f32(float);
__CUDA_OCML float __ocml_cbrt_f32(float);
__CUDA_OCML float __ocml_ceil_f32(float);
__CUDA_OCML float __ocml_cos_f32(float);
__CUDA_OCML float __ocml_cosh_f32(float);
__CUDA_OCML float __ocml_cospi_f32(float);
__CUDA_OCML float __ocml_i0_f32(float);
__CUDA_OCML float __ocml_i1_f32(float);
__CUDA_OCML float __ocml_erf_f32(float);
__CUDA_OCML float __ocml_erfc_f32(float);
__CUDA_OCML float __ocml_erfcinv_f32(float);
__CUDA_OCML float __ocml_erfcx_f32(float);
__CUDA_OCML float __ocml_erfinv_f32(float);
__CUDA_OCML float __ocml_exp_f32(float);
__CUDA_OCML float __ocml_exp10_f32(float);
__CUDA_OCML float __ocml_exp2_f32(float);
__CUDA_OCML float __ocml_expm1_f32(float);
__CUDA_OCML float __ocml_fabs_f32(float);
__CUDA_OCML float __ocml_floor_f32(float);
__CUDA_OCML float __ocml_j0_f32(float);
__CUDA_OCML float __ocml_j1_f32(float);
__CUDA_OCML float __ocml_lgamma_f32(float);
__CUDA_OCML float __ocml_log_f32(float);
__CUDA_OCML float __ocml_log10_f32(float);
__CUDA_OCML float __ocml_log1p_f32(float);
__CUDA_OCML float __ocml_log2_f32(float);
__CUDA_OCML float __ocml_logb_f32(float);
__CUDA_OCML float __ocml_nearbyint_f32(float);
__CUDA_OCML float __ocml_ncdf_f32(float);
__CUDA_OCML float __ocml_ncdfinv_f32(float);
__CUDA_OCML float __ocml_rcbrt_f32(float);
__CUDA_OCML float __ocml_rint_f32(float);
__CUDA_OCML float __ocml_round_f32(float);
__CUDA_OCML float __ocml_rsqrt_f32(float);
__CUDA_OCML float __ocml_sin_f32(float);
__CUDA_OCML float __ocml_sinh_f32(float);
__CUDA_OCML float __ocml_sinpi_f32(float);
__CUDA_OCML float __ocml_sqrt_f32(float);
__CUDA_OCML float __ocml_tan_f32(float);
__CUDA_OCML float __ocml_tanh_f32(float);
__CUDA_OCML float __ocml_tgamma_f32(float);
__CUDA_OCML float __ocml_trunc_f32(float);
__CUDA_OCML float __ocml_y0_f32(float);
__CUDA_OCML float __ocml_y1_f32(float);
__CUDA_OCML float __ocml_atan2_f32(float, float);
__CUDA_OCML float __ocml_copysign_f32(float, float);
__CUDA_OCML float __ocml_fdim_f32(float, float);
__CUDA_OCML float __ocml_fmax_f32(float, float);
__CUDA_OCML float __ocml_fmin_f32(float, float);
__CUDA_OCML float __ocml_fmod_f32(float, float);
__CUDA_OCML float __ocml_hypot_f32(float, float);
__CUDA_OCML float __ocml_nextafter_f32(float, float);
__CUDA_OCML float __ocml_pow_f32(float, float);
__CUDA_OCML float __ocml_remainder_f32(float, float);
__CUDA_OCML float __ocml_rhypot_f32(float, float);
__CUDA_OCML float __ocml_fma_f32(float, float, float);
__CUDA_OCML float __ocml_len3_f32(float, float, float);
__CUDA_OCML float __ocml_rlen3_f32(float, float, float);
__CUDA_OCML float __ocml_len4_f32(float, float, float, float);
__CUDA_OCML float __ocml_rlen4_f32(float, float, float, float);
__CUDA_OCML double __ocml_acos_f64(double);
__CUDA_OCML double __ocml_acosh_f64(double);
__CUDA_OCML double __ocml_asin_f64(double);
__CUDA_OCML double __ocml_asinh_f64(double);
__CUDA_OCML double __ocml_atan_f64(double);
__CUDA_OCML double __ocml_atanh_f64(double);
__CUDA_OCML double __ocml_cbrt_f64(double);
__CUDA_OCML double __ocml_ceil_f64(double);
__CUDA_OCML double __ocml_cos_f64(double);
__CUDA_OCML double __ocml_cosh_f64(double);
__CUDA_OCML double __ocml_cospi_f64(double);
__CUDA_OCML double __ocml_i0_f64(double);
__CUDA_OCML double __ocml_i1_f64(double);
__CUDA_OCML double __ocml_erf_f64(double);
__CUDA_OCML double __ocml_erfc_f64(double);
__CUDA_OCML double __ocml_erfcinv_f64(double);
__CUDA_OCML double __ocml_erfcx_f64(double);
__CUDA_OCML double __ocml_erfinv_f64(double);
__CUDA_OCML double __ocml_exp_f64(double);
__CUDA_OCML double __ocml_exp10_f64(double);
__CUDA_OCML double __ocml_exp2_f64(double);
__CUDA_OCML double __ocml_expm1_f64(double);
__CUDA_OCML double __ocml_fabs_f64(double);
__CUDA_OCML double __ocml_floor_f64(double);
__CUDA_OCML double __ocml_j0_f64(double);
__CUDA_OCML double __ocml_j1_f64(double);
__CUDA_OCML double __ocml_lgamma_f64(double);
__CUDA_OCML double __ocml_log_f64(double);
__CUDA_OCML double __ocml_log10_f64(double);
__CUDA_OCML double __ocml_log1p_f64(double);
__CUDA_OCML double __ocml_log2_f64(double);
__CUDA_OCML double __ocml_logb_f64(double);
__CUDA_OCML double __ocml_nearbyint_f64(double);
__CUDA_OCML double __ocml_ncdf_f64(double);
__CUDA_OCML double __ocml_ncdfinv_f64(double);
__CUDA_OCML double __ocml_rcbrt_f64(double);
__CUDA_OCML double __ocml_rint_f64(double);
__CUDA_OCML double __ocml_round_f64(double);
__CUDA_OCML double __ocml_rsqrt_f64(double);
__CUDA_OCML double __ocml_sin_f64(double);
__CUDA_OCML double __ocml_sinh_f64(double);
__CUDA_OCML double __ocml_sinpi_f64(double);
__CUDA_OCML double __ocml_sqrt_f64(double);
__CUDA_OCML double __ocml_tan_f64(double);
__CUDA_OCML double __ocml_tanh_f64(double);
__CUDA_OCML double __ocml_tgamma_f64(double);
__CUDA_OCML double __ocml_trunc_f64(double);
__CUDA_OCML double __ocml_y0_f64(double);
__CUDA_OCML double __ocml_y1_f64(double);
__CUDA_OCML double __ocml_atan2_f64(double, double);
__CUDA_OCML double __ocml_copysign_f64(double, double);
__CUDA_OCML double __ocml_fdim_f64(double, double);
__CUDA_OCML double __ocml_fmax_f64(double, double);
__CUDA_OCML double __ocml_fmin_f64(double, double);
__CUDA_OCML double __ocml_fmod_f64(double, double);
__CUDA_OCML double __ocml_hypot_f64(double, double);
__CUDA_OCML double __ocml_nextafter_f64(double, double);
__CUDA_OCML double __ocml_pow_f64(double, double);
__CUDA_OCML double __ocml_remainder_f64(double, double);
__CUDA_OCML double __ocml_rhypot_f64(double, double);
__CUDA_OCML double __ocml_fma_f64(double, double, double);
__CUDA_OCML double __ocml_len3_f64(double, double, double);
__CUDA_OCML double __ocml_rlen3_f64(double, double, double);
__CUDA_OCML double __ocml_len4_f64(double, double, double, double);
__CUDA_OCML double __ocml_rlen4_f64(double, double, double, double);
__CUDA_OCML int __ocml_ilogb_f32(float);
__CUDA_OCML int __ocml_ilogb_f64(double);
__CUDA_OCML float __ocml_ldexp_f32(float, int);
__CUDA_OCML double __ocml_ldexp_f64(double, int);
__CUDA_OCML float __ocml_scalbn_f32(float, int);
__CUDA_OCML double __ocml_scalbn_f64(double, int);
__device__ float __ocml_frexp_f32(float, __cuda_private_int *);
__device__ double __ocml_frexp_f64(double, __cuda_private_int *);
__device__ float __ocml_modf_f32(float, __cuda_private_float *);
__device__ double __ocml_modf_f64(double, __cuda_private_double *);
__device__ float __ocml_remquo_f32(float, float, __cuda_private_int *);
__device__ double __ocml_remquo_f64(double, double, __cuda_private_int *);
__device__ float __ocml_sincos_f32(float, __cuda_private_float *);
__device__ double __ocml_sincos_f64(double, __cuda_private_double *);
__device__ float __ocml_sincospi_f32(float, __cuda_private_float *);
__device__ double __ocml_sincospi_f64(double, __cuda_private_double *);
__CUDA_OCML float __ocml_native_sin_f32(float);
__CUDA_OCML float __ocml_native_cos_f32(float);
__CUDA_OCML float __ocml_native_exp_f32(float);
__CUDA_OCML float __ocml_native_exp2_f32(float);
__CUDA_OCML float __ocml_native_exp10_f32(float);
__CUDA_OCML float __ocml_native_log_f32(float);
__CUDA_OCML float __ocml_native_log2_f32(float);
__CUDA_OCML float __ocml_native_log10_f32(float);
__CUDA_OCML float __ocml_native_recip_f32(float);
__CUDA_OCML float __ocml_native_rsqrt_f32(float);
}

/*===-- Fast intrinsics ---------------------------------------------------===*/

// The hardware's approximations, as OCML's native_* functions give them.
__CUDA_MATH float __sinf(float x) { return __ocml_native_sin_f32(x); }
__CUDA_MATH float __cosf(float x) { return __ocml_native_cos_f32(x); }
__CUDA_MATH float __tanf(float x) {
  return __ocml_native_sin_f32(x) / __ocml_native_cos_f32(x);
}
__CUDA_MATH void __sincosf(float x, float *s, float *c) {
  *s = __ocml_native_sin_f32(x);
  *c = __ocml_native_cos_f32(x);
}
__CUDA_MATH float __expf(float x) { return __ocml_native_exp_f32(x); }
__CUDA_MATH float __exp10f(float x) { return __ocml_native_exp10_f32(x); }
__CUDA_MATH float __logf(float x) { return __ocml_native_log_f32(x); }
__CUDA_MATH float __log2f(float x) { return __ocml_native_log2_f32(x); }
__CUDA_MATH float __log10f(float x) { return __ocml_native_log10_f32(x); }
__CUDA_MATH float __powf(float x, float y) {
  return __ocml_native_exp2_f32(y * __ocml_native_log2_f32(x));
}
// CUDA: 0 for 2^126 < |y| < 2^128, else x times an approximate 1 / y; a
// zero x gives the signed zero (or NaN) that x / y gives, as on NVIDIA
// GPUs. x times the reciprocal gives it too (0 * inf for y = 0, NaN for a
// NaN y), except where 1 / y overflows: for a denormal y, x times y's sign.
__CUDA_MATH float __fdividef(float x, float y) {
  float Reciprocal = __ocml_fabs_f32(y) > 0x1p126f
                         ? __ocml_copysign_f32(0.0f, y)
                         : __ocml_native_recip_f32(y);
  if (x == 0 &&
      __builtin_isfpclass(y, __FPCLASS_NEGSUBNORMAL | __FPCLASS_POSSUBNORMAL))
    Reciprocal = __ocml_copysign_f32(1.0f, y);
  return x * Reciprocal;
}
// 0 for NaN and below 0, 1 above 1.
__CUDA_MATH float __saturatef(float x) {
  return x >= 1.0f ? 1.0f : x > 0.0f ? x : 0.0f;
}

/*===-- float -------------------------------------------------------------===*/

__CUDA_MATH float acosf(float x) { return __ocml_acos_f32(x); }
__CUDA_MATH float acoshf(float x) { return __ocml_acosh_f32(x); }
__CUDA_MATH float asinf(float x) { return __ocml_asin_f32(x); }
__CUDA_MATH float asinhf(float x) { return __ocml_asinh_f32(x); }
__CUDA_MATH float atanf(float x) { return __ocml_atan_f32(x); }
__CUDA_MATH float atanhf(float x) { return __ocml_atanh_f32(x); }
__CUDA_MATH float cbrtf(float x) { return __ocml_cbrt_f32(x); }
__CUDA_MATH float ceilf(float x) { return __ocml_ceil_f32(x); }
__CUDA_MATH float coshf(float x) { return __ocml_cosh_f32(x); }
__CUDA_MATH float cospif(float x) { return __ocml_cospi_f32(x) + 0.0f; }
__CUDA_MATH float cyl_bessel_i0f(float x) { return __ocml_i0_f32(x); }
__CUDA_MATH float cyl_bessel_i1f(float x) { return __ocml_i1_f32(x); }
__CUDA_MATH float erff(float x) { return __ocml_erf_f32(x); }
__CUDA_MATH float erfcf(float x) { return __ocml_erfc_f32(x); }
__CUDA_MATH float erfcinvf(float x) { return __ocml_erfcinv_f32(x); }
__CUDA_MATH float erfcxf(float x) { return __ocml_erfcx_f32(x); }
// OCML's float erfinv is 3 ulps off near |x| = 0.84 (CUDA: 2): rounded
// from double instead.
__CUDA_MATH float erfinvf(float x) { return (float)__ocml_erfinv_f64(x); }
__CUDA_MATH float exp2f(float x) { return __ocml_exp2_f32(x); }
__CUDA_MATH float expm1f(float x) {
  return x == 0 ? x : __ocml_expm1_f32(x); // -0 stays -0
}
__CUDA_MATH float fabsf(float x) { return __ocml_fabs_f32(x); }
__CUDA_MATH float floorf(float x) { return __ocml_floor_f32(x); }
__CUDA_MATH float j0f(float x) { return __ocml_j0_f32(x); }
__CUDA_MATH float j1f(float x) { return x == 0 ? x : __ocml_j1_f32(x); }
__CUDA_MATH float lgammaf(float x) { return __ocml_lgamma_f32(x); }
__CUDA_MATH float log1pf(float x) { return x == 0 ? x : __ocml_log1p_f32(x); }
__CUDA_MATH float logbf(float x) { return __ocml_logb_f32(x); }
__CUDA_MATH float nearbyintf(float x) { return __ocml_nearbyint_f32(x); }
__CUDA_MATH float normcdff(float x) { return __ocml_ncdf_f32(x); }
__CUDA_MATH float normcdfinvf(float x) {
  return __ocml_ncdfinv_f32(x) + 0.0f; // +0 at 0.5
}
__CUDA_MATH float rcbrtf(float x) { return __ocml_rcbrt_f32(x); }
__CUDA_MATH float rintf(float x) { return __ocml_rint_f32(x); }
__CUDA_MATH float roundf(float x) { return __ocml_round_f32(x); }
__CUDA_MATH float rsqrtf(float x) { return __ocml_rsqrt_f32(x); }
__CUDA_MATH float sinhf(float x) { return __ocml_sinh_f32(x); }
// sinpi(n) is a zero with x's sign, cospi(n + 1/2) is +0, as IEEE 754 and
// CUDA have them.
__CUDA_MATH float sinpif(float x) {
  float Sine = __ocml_sinpi_f32(x);
  return Sine == 0 ? __ocml_copysign_f32(0.0f, x) : Sine;
}
__CUDA_MATH float sqrtf(float x) { return __ocml_sqrt_f32(x); }
__CUDA_MATH float tanhf(float x) { return __ocml_tanh_f32(x); }
// OCML's float tgamma loses results that underflow (x < -33) to +0:
// rounded from double instead.
__CUDA_MATH float tgammaf(float x) { return (float)__ocml_tgamma_f64(x); }
__CUDA_MATH float truncf(float x) { return __ocml_trunc_f32(x); }
__CUDA_MATH float y0f(float x) { return __ocml_y0_f32(x); }
__CUDA_MATH float y1f(float x) { return __ocml_y1_f32(x); }
__CUDA_MATH float atan2f(float x, float y) { return __ocml_atan2_f32(x, y); }
__CUDA_MATH float copysignf(float x, float y) {
  return __ocml_copysign_f32(x, y);
}
__CUDA_MATH float fdimf(float x, float y) { return __ocml_fdim_f32(x, y); }
// fmax(-0, +0) is +0, as on NVIDIA GPUs.
__CUDA_MATH float fmaxf(float x, float y) {
  return x == 0 && y == 0
             ? (__builtin_signbit(x) && __builtin_signbit(y) ? -0.0f : 0.0f)
             : __ocml_fmax_f32(x, y);
}
__CUDA_MATH float fminf(float x, float y) { return __ocml_fmin_f32(x, y); }
__CUDA_MATH float fmodf(float x, float y) { return __ocml_fmod_f32(x, y); }
__CUDA_MATH float hypotf(float x, float y) { return __ocml_hypot_f32(x, y); }
// A step to zero keeps x's sign, as on NVIDIA GPUs.
__CUDA_MATH float nextafterf(float x, float y) {
  float Next = __ocml_nextafter_f32(x, y);
  return Next == 0 && x != 0 ? __ocml_copysign_f32(0.0f, x) : Next;
}
__CUDA_MATH float remainderf(float x, float y) {
  return __ocml_remainder_f32(x, y);
}
__CUDA_MATH float rhypotf(float x, float y) { return __ocml_rhypot_f32(x, y); }
__CUDA_MATH float fmaf(float a, float b, float c) {
  return __ocml_fma_f32(a, b, c);
}
__CUDA_MATH float norm3df(float a, float b, float c) {
  return __ocml_len3_f32(a, b, c);
}
__CUDA_MATH float rnorm3df(float a, float b, float c) {
  return __ocml_rlen3_f32(a, b, c);
}
__CUDA_MATH float norm4df(float a, float b, float c, float d) {
  return __ocml_len4_f32(a, b, c, d);
}
__CUDA_MATH float rnorm4df(float a, float b, float c, float d) {
  return __ocml_rlen4_f32(a, b, c, d);
}
__CUDA_MATH float cosf(float x) {
#ifdef __USE_FAST_MATH__
  return __cosf(x);
#else
  return __ocml_cos_f32(x);
#endif
}
__CUDA_MATH float expf(float x) {
#ifdef __USE_FAST_MATH__
  return __expf(x);
#else
  return __ocml_exp_f32(x);
#endif
}
__CUDA_MATH float exp10f(float x) {
#ifdef __USE_FAST_MATH__
  return __exp10f(x);
#else
  return __ocml_exp10_f32(x);
#endif
}
__CUDA_MATH float logf(float x) {
#ifdef __USE_FAST_MATH__
  return __logf(x);
#else
  return __ocml_log_f32(x);
#endif
}
__CUDA_MATH float log10f(float x) {
#ifdef __USE_FAST_MATH__
  return __log10f(x);
#else
  return __ocml_log10_f32(x);
#endif
}
__CUDA_MATH float log2f(float x) {
#ifdef __USE_FAST_MATH__
  return __log2f(x);
#else
  return __ocml_log2_f32(x);
#endif
}
__CUDA_MATH float sinf(float x) {
#ifdef __USE_FAST_MATH__
  return __sinf(x);
#else
  return __ocml_sin_f32(x);
#endif
}
__CUDA_MATH float tanf(float x) {
#ifdef __USE_FAST_MATH__
  return __tanf(x);
#else
  return __ocml_tan_f32(x);
#endif
}
__CUDA_MATH float powf(float x, float y) {
#ifdef __USE_FAST_MATH__
  return __powf(x, y);
#else
  return __ocml_pow_f32(x, y);
#endif
}
__CUDA_MATH int ilogbf(float x) {
  return x != x ? (int)0x80000000u : __ocml_ilogb_f32(x); // NaN: INT_MIN
}
__CUDA_MATH float ldexpf(float x, int e) { return __ocml_ldexp_f32(x, e); }
__CUDA_MATH float scalbnf(float x, int e) { return __ocml_scalbn_f32(x, e); }
__CUDA_MATH float scalblnf(float x, long e) {
  return __ocml_scalbn_f32(x, e > 512 ? 512 : e < -512 ? -512 : (int)e);
}
__CUDA_MATH float frexpf(float x, int *e) {
  int Exponent;
  float Mantissa = __ocml_frexp_f32(x, (__cuda_private_int *)&Exponent);
  *e = Exponent;
  return Mantissa;
}
__CUDA_MATH float modff(float x, float *i) {
  float Whole;
  float Fraction = __ocml_modf_f32(x, (__cuda_private_float *)&Whole);
  *i = Whole;
  return Fraction;
}
__CUDA_MATH float remquof(float x, float y, int *q) {
  int Quotient;
  float R = __ocml_remquo_f32(x, y, (__cuda_private_int *)&Quotient);
  *q = Quotient;
  return R;
}
__CUDA_MATH void sincosf(float x, float *s, float *c) {
#ifdef __USE_FAST_MATH__
  *s = __ocml_native_sin_f32(x);
  *c = __ocml_native_cos_f32(x);
#else
  float Cosine;
  *s = __ocml_sincos_f32(x, (__cuda_private_float *)&Cosine);
  *c = Cosine;
#endif
}
__CUDA_MATH void sincospif(float x, float *s, float *c) {
  float Cosine;
  float Sine = __ocml_sincospi_f32(x, (__cuda_private_float *)&Cosine);
  *s = Sine == 0 ? __ocml_copysign_f32(0.0f, x) : Sine;
  *c = Cosine + 0.0f;
}
__CUDA_MATH long lrintf(float x) { return (long)__ocml_rint_f32(x); }
__CUDA_MATH long long llrintf(float x) { return (long long)__ocml_rint_f32(x); }
__CUDA_MATH long lroundf(float x) { return (long)__ocml_round_f32(x); }
__CUDA_MATH long long llroundf(float x) {
  return (long long)__ocml_round_f32(x);
}
__CUDA_MATH float nanf(const char *) { return __builtin_nanf(""); }
__CUDA_MATH float fdividef(float x, float y) { return x / y; }
// Forward recurrence from j0/j1 and y0/y1, as HIP does.
__CUDA_MATH float jnf(int n, float x) {
  if (n == 0)
    return __ocml_j0_f32(x);
  if (n == 1)
    return __ocml_j1_f32(x);
  float Previous = __ocml_j0_f32(x), Current = __ocml_j1_f32(x);
  for (int K = 1; K < n; ++K) {
    float Next = (2 * K) / x * Current - Previous;
    Previous = Current;
    Current = Next;
  }
  return Current;
}
__CUDA_MATH float ynf(int n, float x) {
  if (n == 0)
    return __ocml_y0_f32(x);
  if (n == 1)
    return __ocml_y1_f32(x);
  float Previous = __ocml_y0_f32(x), Current = __ocml_y1_f32(x);
  for (int K = 1; K < n; ++K) {
    float Next = (2 * K) / x * Current - Previous;
    Previous = Current;
    Current = Next;
  }
  return Current;
}
// The Euclidean norm of a[0..dim), scaled by its largest element so that
// neither overflows nor underflows on the way.
__CUDA_MATH float normf(int dim, const float *a) {
  float Largest = 0;
  for (int I = 0; I < dim; ++I)
    Largest = __ocml_fmax_f32(Largest, __ocml_fabs_f32(a[I]));
  if (Largest == 0 || __builtin_isinf(Largest))
    return Largest;
  float Sum = 0;
  for (int I = 0; I < dim; ++I)
    Sum = __builtin_fmaf(a[I] / Largest, a[I] / Largest, Sum);
  return Largest * __ocml_sqrt_f32(Sum);
}
__CUDA_MATH float rnormf(int dim, const float *a) {
  return 1.0f / normf(dim, a);
}

/*===-- double ------------------------------------------------------------===*/

__CUDA_MATH double acos(double x) { return __ocml_acos_f64(x); }
__CUDA_MATH double acosh(double x) { return __ocml_acosh_f64(x); }
__CUDA_MATH double asin(double x) { return __ocml_asin_f64(x); }
__CUDA_MATH double asinh(double x) { return __ocml_asinh_f64(x); }
__CUDA_MATH double atan(double x) { return __ocml_atan_f64(x); }
__CUDA_MATH double atanh(double x) { return __ocml_atanh_f64(x); }
__CUDA_MATH double cbrt(double x) { return __ocml_cbrt_f64(x); }
__CUDA_MATH double ceil(double x) { return __ocml_ceil_f64(x); }
__CUDA_MATH double cos(double x) { return __ocml_cos_f64(x); }
__CUDA_MATH double cosh(double x) { return __ocml_cosh_f64(x); }
__CUDA_MATH double cospi(double x) { return __ocml_cospi_f64(x) + 0.0; }
__CUDA_MATH double cyl_bessel_i0(double x) { return __ocml_i0_f64(x); }
__CUDA_MATH double cyl_bessel_i1(double x) { return __ocml_i1_f64(x); }
__CUDA_MATH double erf(double x) { return __ocml_erf_f64(x); }
__CUDA_MATH double erfc(double x) { return __ocml_erfc_f64(x); }
__CUDA_MATH double erfcinv(double x) { return __ocml_erfcinv_f64(x); }
// OCML's erfcx is 5 ulps off near x = 27.6 (CUDA: 4). From 25 up, the
// asymptotic series erfcx(x) = 1/(x sqrt(pi)) * sum_k (-1)^k (2k-1)!! /
// (2x^2)^k, ten terms, is within 1.5 ulps.
__CUDA_MATH double erfcx(double x) {
  if (x < 25.0)
    return __ocml_erfcx_f64(x);
  double T = 0.5 / x / x;
  double Series =
      1 +
      T * (-1 +
           T * (3 + T * (-15 +
                         T * (105 + T * (-945 +
                                         T * (10395 +
                                              T * (-135135 +
                                                   T * (2027025 +
                                                        T * -34459425.0))))))));
  return 0.56418958354775628695 / x * Series;
}
__CUDA_MATH double erfinv(double x) { return __ocml_erfinv_f64(x); }
__CUDA_MATH double exp(double x) { return __ocml_exp_f64(x); }
__CUDA_MATH double exp10(double x) { return __ocml_exp10_f64(x); }
__CUDA_MATH double exp2(double x) { return __ocml_exp2_f64(x); }
__CUDA_MATH double expm1(double x) { return x == 0 ? x : __ocml_expm1_f64(x); }
__CUDA_MATH double fabs(double x) { return __ocml_fabs_f64(x); }
__CUDA_MATH double floor(double x) { return __ocml_floor_f64(x); }
__CUDA_MATH double j0(double x) { return __ocml_j0_f64(x); }
__CUDA_MATH double j1(double x) { return x == 0 ? x : __ocml_j1_f64(x); }
__CUDA_MATH double lgamma(double x) { return __ocml_lgamma_f64(x); }
__CUDA_MATH double log(double x) { return __ocml_log_f64(x); }
__CUDA_MATH double log10(double x) { return __ocml_log10_f64(x); }
__CUDA_MATH double log1p(double x) { return x == 0 ? x : __ocml_log1p_f64(x); }
__CUDA_MATH double log2(double x) { return __ocml_log2_f64(x); }
__CUDA_MATH double logb(double x) { return __ocml_logb_f64(x); }
__CUDA_MATH double nearbyint(double x) { return __ocml_nearbyint_f64(x); }
__CUDA_MATH double normcdf(double x) { return __ocml_ncdf_f64(x); }
__CUDA_MATH double normcdfinv(double x) { return __ocml_ncdfinv_f64(x) + 0.0; }
__CUDA_MATH double rcbrt(double x) { return __ocml_rcbrt_f64(x); }
__CUDA_MATH double rint(double x) { return __ocml_rint_f64(x); }
__CUDA_MATH double round(double x) { return __ocml_round_f64(x); }
__CUDA_MATH double rsqrt(double x) { return __ocml_rsqrt_f64(x); }
__CUDA_MATH double sin(double x) { return __ocml_sin_f64(x); }
__CUDA_MATH double sinh(double x) { return __ocml_sinh_f64(x); }
__CUDA_MATH double sinpi(double x) {
  double Sine = __ocml_sinpi_f64(x);
  return Sine == 0 ? __ocml_copysign_f64(0.0, x) : Sine;
}
__CUDA_MATH double sqrt(double x) { return __ocml_sqrt_f64(x); }
__CUDA_MATH double tan(double x) { return __ocml_tan_f64(x); }
__CUDA_MATH double tanh(double x) { return __ocml_tanh_f64(x); }
__CUDA_MATH double tgamma(double x) { return __ocml_tgamma_f64(x); }
__CUDA_MATH double trunc(double x) { return __ocml_trunc_f64(x); }
__CUDA_MATH double y0(double x) { return __ocml_y0_f64(x); }
__CUDA_MATH double y1(double x) { return __ocml_y1_f64(x); }
__CUDA_MATH double atan2(double x, double y) { return __ocml_atan2_f64(x, y); }
__CUDA_MATH double copysign(double x, double y) {
  return __ocml_copysign_f64(x, y);
}
__CUDA_MATH double fdim(double x, double y) { return __ocml_fdim_f64(x, y); }
__CUDA_MATH double fmax(double x, double y) {
  return x == 0 && y == 0
             ? (__builtin_signbit(x) && __builtin_signbit(y) ? -0.0 : 0.0)
             : __ocml_fmax_f64(x, y);
}
__CUDA_MATH double fmin(double x, double y) { return __ocml_fmin_f64(x, y); }
__CUDA_MATH double fmod(double x, double y) { return __ocml_fmod_f64(x, y); }
__CUDA_MATH double hypot(double x, double y) { return __ocml_hypot_f64(x, y); }
__CUDA_MATH double nextafter(double x, double y) {
  double Next = __ocml_nextafter_f64(x, y);
  return Next == 0 && x != 0 ? __ocml_copysign_f64(0.0, x) : Next;
}
__CUDA_MATH double pow(double x, double y) { return __ocml_pow_f64(x, y); }
__CUDA_MATH double remainder(double x, double y) {
  return __ocml_remainder_f64(x, y);
}
__CUDA_MATH double rhypot(double x, double y) {
  return __ocml_rhypot_f64(x, y);
}
__CUDA_MATH double fma(double a, double b, double c) {
  return __ocml_fma_f64(a, b, c);
}
__CUDA_MATH double norm3d(double a, double b, double c) {
  return __ocml_len3_f64(a, b, c);
}
__CUDA_MATH double rnorm3d(double a, double b, double c) {
  return __ocml_rlen3_f64(a, b, c);
}
__CUDA_MATH double norm4d(double a, double b, double c, double d) {
  return __ocml_len4_f64(a, b, c, d);
}
__CUDA_MATH double rnorm4d(double a, double b, double c, double d) {
  return __ocml_rlen4_f64(a, b, c, d);
}
__CUDA_MATH int ilogb(double x) {
  return x != x ? (int)0x80000000u : __ocml_ilogb_f64(x);
}
__CUDA_MATH double ldexp(double x, int e) { return __ocml_ldexp_f64(x, e); }
__CUDA_MATH double scalbn(double x, int e) { return __ocml_scalbn_f64(x, e); }
__CUDA_MATH double scalbln(double x, long e) {
  return __ocml_scalbn_f64(x, e > 4096 ? 4096 : e < -4096 ? -4096 : (int)e);
}
__CUDA_MATH double frexp(double x, int *e) {
  int Exponent;
  double Mantissa = __ocml_frexp_f64(x, (__cuda_private_int *)&Exponent);
  *e = Exponent;
  return Mantissa;
}
__CUDA_MATH double modf(double x, double *i) {
  double Whole;
  double Fraction = __ocml_modf_f64(x, (__cuda_private_double *)&Whole);
  *i = Whole;
  return Fraction;
}
__CUDA_MATH double remquo(double x, double y, int *q) {
  int Quotient;
  double R = __ocml_remquo_f64(x, y, (__cuda_private_int *)&Quotient);
  *q = Quotient;
  return R;
}
__CUDA_MATH void sincos(double x, double *s, double *c) {
  double Cosine;
  *s = __ocml_sincos_f64(x, (__cuda_private_double *)&Cosine);
  *c = Cosine;
}
__CUDA_MATH void sincospi(double x, double *s, double *c) {
  double Cosine;
  double Sine = __ocml_sincospi_f64(x, (__cuda_private_double *)&Cosine);
  *s = Sine == 0 ? __ocml_copysign_f64(0.0, x) : Sine;
  *c = Cosine + 0.0;
}
__CUDA_MATH long lrint(double x) { return (long)__ocml_rint_f64(x); }
__CUDA_MATH long long llrint(double x) { return (long long)__ocml_rint_f64(x); }
__CUDA_MATH long lround(double x) { return (long)__ocml_round_f64(x); }
__CUDA_MATH long long llround(double x) {
  return (long long)__ocml_round_f64(x);
}
__CUDA_MATH double nan(const char *) { return __builtin_nan(""); }
// Forward recurrence from j0/j1 and y0/y1, as HIP does.
__CUDA_MATH double jn(int n, double x) {
  if (n == 0)
    return __ocml_j0_f64(x);
  if (n == 1)
    return __ocml_j1_f64(x);
  double Previous = __ocml_j0_f64(x), Current = __ocml_j1_f64(x);
  for (int K = 1; K < n; ++K) {
    double Next = (2 * K) / x * Current - Previous;
    Previous = Current;
    Current = Next;
  }
  return Current;
}
__CUDA_MATH double yn(int n, double x) {
  if (n == 0)
    return __ocml_y0_f64(x);
  if (n == 1)
    return __ocml_y1_f64(x);
  double Previous = __ocml_y0_f64(x), Current = __ocml_y1_f64(x);
  for (int K = 1; K < n; ++K) {
    double Next = (2 * K) / x * Current - Previous;
    Previous = Current;
    Current = Next;
  }
  return Current;
}
// The Euclidean norm of a[0..dim), scaled by its largest element so that
// neither overflows nor underflows on the way.
__CUDA_MATH double norm(int dim, const double *a) {
  double Largest = 0;
  for (int I = 0; I < dim; ++I)
    Largest = __ocml_fmax_f64(Largest, __ocml_fabs_f64(a[I]));
  if (Largest == 0 || __builtin_isinf(Largest))
    return Largest;
  double Sum = 0;
  for (int I = 0; I < dim; ++I)
    Sum = __builtin_fma(a[I] / Largest, a[I] / Largest, Sum);
  return Largest * __ocml_sqrt_f64(Sum);
}
__CUDA_MATH double rnorm(int dim, const double *a) {
  return 1.0 / norm(dim, a);
}

/*===-- C++: the float overloads of the double names ----------------------===*/

__CUDA_MATH float acos(float x) { return acosf(x); }
__CUDA_MATH float acosh(float x) { return acoshf(x); }
__CUDA_MATH float asin(float x) { return asinf(x); }
__CUDA_MATH float asinh(float x) { return asinhf(x); }
__CUDA_MATH float atan(float x) { return atanf(x); }
__CUDA_MATH float atanh(float x) { return atanhf(x); }
__CUDA_MATH float cbrt(float x) { return cbrtf(x); }
__CUDA_MATH float ceil(float x) { return ceilf(x); }
__CUDA_MATH float cos(float x) { return cosf(x); }
__CUDA_MATH float cosh(float x) { return coshf(x); }
__CUDA_MATH float cospi(float x) { return cospif(x); }
__CUDA_MATH float erf(float x) { return erff(x); }
__CUDA_MATH float erfc(float x) { return erfcf(x); }
__CUDA_MATH float erfcinv(float x) { return erfcinvf(x); }
__CUDA_MATH float erfcx(float x) { return erfcxf(x); }
__CUDA_MATH float erfinv(float x) { return erfinvf(x); }
__CUDA_MATH float exp(float x) { return expf(x); }
__CUDA_MATH float exp10(float x) { return exp10f(x); }
__CUDA_MATH float exp2(float x) { return exp2f(x); }
__CUDA_MATH float expm1(float x) { return expm1f(x); }
__CUDA_MATH float fabs(float x) { return fabsf(x); }
__CUDA_MATH float floor(float x) { return floorf(x); }
__CUDA_MATH float lgamma(float x) { return lgammaf(x); }
__CUDA_MATH float log(float x) { return logf(x); }
__CUDA_MATH float log10(float x) { return log10f(x); }
__CUDA_MATH float log1p(float x) { return log1pf(x); }
__CUDA_MATH float log2(float x) { return log2f(x); }
__CUDA_MATH float logb(float x) { return logbf(x); }
__CUDA_MATH float nearbyint(float x) { return nearbyintf(x); }
__CUDA_MATH float normcdf(float x) { return normcdff(x); }
__CUDA_MATH float normcdfinv(float x) { return normcdfinvf(x); }
__CUDA_MATH float rcbrt(float x) { return rcbrtf(x); }
__CUDA_MATH float rint(float x) { return rintf(x); }
__CUDA_MATH float round(float x) { return roundf(x); }
__CUDA_MATH float rsqrt(float x) { return rsqrtf(x); }
__CUDA_MATH float sin(float x) { return sinf(x); }
__CUDA_MATH float sinh(float x) { return sinhf(x); }
__CUDA_MATH float sinpi(float x) { return sinpif(x); }
__CUDA_MATH float sqrt(float x) { return sqrtf(x); }
__CUDA_MATH float tan(float x) { return tanf(x); }
__CUDA_MATH float tanh(float x) { return tanhf(x); }
__CUDA_MATH float tgamma(float x) { return tgammaf(x); }
__CUDA_MATH float trunc(float x) { return truncf(x); }
__CUDA_MATH float atan2(float x, float y) { return atan2f(x, y); }
__CUDA_MATH float copysign(float x, float y) { return copysignf(x, y); }
__CUDA_MATH float fdim(float x, float y) { return fdimf(x, y); }
__CUDA_MATH float fmax(float x, float y) { return fmaxf(x, y); }
__CUDA_MATH float fmin(float x, float y) { return fminf(x, y); }
__CUDA_MATH float fmod(float x, float y) { return fmodf(x, y); }
__CUDA_MATH float hypot(float x, float y) { return hypotf(x, y); }
__CUDA_MATH float nextafter(float x, float y) { return nextafterf(x, y); }
__CUDA_MATH float pow(float x, float y) { return powf(x, y); }
__CUDA_MATH float remainder(float x, float y) { return remainderf(x, y); }
__CUDA_MATH float rhypot(float x, float y) { return rhypotf(x, y); }
__CUDA_MATH float fma(float a, float b, float c) { return fmaf(a, b, c); }
__CUDA_MATH int ilogb(float x) { return ilogbf(x); }
__CUDA_MATH float ldexp(float x, int e) { return ldexpf(x, e); }
__CUDA_MATH float scalbn(float x, int e) { return scalbnf(x, e); }
__CUDA_MATH float frexp(float x, int *e) { return frexpf(x, e); }
__CUDA_MATH float modf(float x, float *i) { return modff(x, i); }
__CUDA_MATH float remquo(float x, float y, int *q) { return remquof(x, y, q); }
__CUDA_MATH void sincos(float x, float *s, float *c) { sincosf(x, s, c); }
__CUDA_MATH void sincospi(float x, float *s, float *c) { sincospif(x, s, c); }
__CUDA_MATH long lrint(float x) { return lrintf(x); }
__CUDA_MATH long long llrint(float x) { return llrintf(x); }
__CUDA_MATH long lround(float x) { return lroundf(x); }
__CUDA_MATH long long llround(float x) { return llroundf(x); }
__CUDA_MATH float pow(float x, int n) { return powf(x, (float)n); }
__CUDA_MATH double pow(double x, int n) { return pow(x, (double)n); }

/*===-- Explicitly rounded arithmetic -------------------------------------===*/

// Round to nearest, never contracted into an fma.
__CUDA_MATH float __fadd_rn(float x, float y) {
#pragma clang fp contract(off)
  return x + y;
}
__CUDA_MATH float __fsub_rn(float x, float y) {
#pragma clang fp contract(off)
  return x - y;
}
__CUDA_MATH float __fmul_rn(float x, float y) {
#pragma clang fp contract(off)
  return x * y;
}
__CUDA_MATH float __fdiv_rn(float x, float y) { return x / y; }
__CUDA_MATH float __frcp_rn(float x) { return 1.0f / x; }
__CUDA_MATH float __fsqrt_rn(float x) { return __builtin_sqrtf(x); }
__CUDA_MATH float __frsqrt_rn(float x) {
  return (float)(1.0 / __builtin_sqrt((double)x));
}
__CUDA_MATH float __fmaf_rn(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
__CUDA_MATH double __dadd_rn(double x, double y) {
#pragma clang fp contract(off)
  return x + y;
}
__CUDA_MATH double __dsub_rn(double x, double y) {
#pragma clang fp contract(off)
  return x - y;
}
__CUDA_MATH double __dmul_rn(double x, double y) {
#pragma clang fp contract(off)
  return x * y;
}
__CUDA_MATH double __ddiv_rn(double x, double y) { return x / y; }
__CUDA_MATH double __drcp_rn(double x) { return 1.0 / x; }
__CUDA_MATH double __dsqrt_rn(double x) { return __builtin_sqrt(x); }
__CUDA_MATH double __fma_rn(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}

// Directed rounding. An operation's exact result is held as a value Hi
// and the sign of what Hi misses (Hi + Lo, from an error-free
// transformation, or an infinity when Hi overflowed); __cuda_round_to<T>
// rounds Hi to nearest in T, then steps one ulp in the rounding direction
// when the exact result lies beyond on that side. Float operations are carried
// in double, where their exact results never underflow; double operations whose
// error terms would underflow are scaled by 2^110 first.
enum __cuda_rounding { __cuda_rz, __cuda_ru, __cuda_rd };
// The neighbour of a finite X one ulp up or down the number line; from a
// zero, the smallest denormal of that side; towards zero, the sign stays.
template <class T, class Bits>
static __device__ __forceinline__ T __cuda_step(T X, bool Up) {
  if (X == 0)
    return Up ? __builtin_bit_cast(T, (Bits)1)
              : -__builtin_bit_cast(T, (Bits)1);
  Bits B = __builtin_bit_cast(Bits, X);
  bool AwayFromZero = (X > 0) == Up;
  return __builtin_bit_cast(T, AwayFromZero ? B + 1 : B - 1);
}
__CUDA_MATH float __cuda_step(float X, bool Up) {
  return __cuda_step<float, unsigned int>(X, Up);
}
__CUDA_MATH double __cuda_step(double X, bool Up) {
  return __cuda_step<double, unsigned long long>(X, Up);
}
template <class T>
static __device__ __forceinline__ T __cuda_round_to(double Hi, double Lo,
                                                    __cuda_rounding Mode) {
#pragma clang fp contract(off)
  T Nearest = (T)Hi;
  double Below = Hi - (double)Nearest; // exact; NaN when Hi is infinite
  double Error = Below != 0 && Below == Below ? Below : Lo;
  const T Infinity = (T)__builtin_inf();
  if (Mode == __cuda_ru && Error > 0 && Nearest != Infinity)
    return __cuda_step(Nearest, true);
  if (Mode == __cuda_rd && Error < 0 && Nearest != -Infinity)
    return __cuda_step(Nearest, false);
  if (Mode == __cuda_rz && Nearest > 0 && Error < 0)
    return __cuda_step(Nearest, false);
  if (Mode == __cuda_rz && Nearest < 0 && Error > 0)
    return __cuda_step(Nearest, true);
  return Nearest;
}

// Hi + Lo = x + y exactly (TwoSum); an exact zero is -0 when rounding down.
static __device__ __forceinline__ double
__cuda_two_sum(double x, double y, double *Lo, __cuda_rounding Mode) {
#pragma clang fp contract(off)
  double Sum = x + y;
  if (Sum == 0 && Mode == __cuda_rd)
    Sum = -((-x) + (-y));
  double Y = Sum - x, X = Sum - Y;
  *Lo = (x - X) + (y - Y);
  return Sum;
}

/* float: in double, exact or with an exact error term. */
__CUDA_MATH float __cuda_fadd(float x, float y, __cuda_rounding Mode) {
  double Lo;
  double Hi = __cuda_two_sum(x, y, &Lo, Mode);
  return __cuda_round_to<float>(Hi, Lo, Mode);
}
__CUDA_MATH float __cuda_fmul(float x, float y, __cuda_rounding Mode) {
  return __cuda_round_to<float>((double)x * (double)y, 0, Mode);
}
__CUDA_MATH float __cuda_fdiv(float x, float y, __cuda_rounding Mode) {
  double Quotient = (double)x / (double)y;
  double Residual = __builtin_fma(-Quotient, (double)y, (double)x);
  return __cuda_round_to<float>(Quotient, y > 0 ? Residual : -Residual, Mode);
}
__CUDA_MATH float __cuda_fsqrt(float x, __cuda_rounding Mode) {
  double Root = __builtin_sqrt((double)x);
  return __cuda_round_to<float>(Root, __builtin_fma(-Root, Root, (double)x),
                                Mode);
}

/* double: error terms by fma, scaled out of the subnormal range. */
__CUDA_MATH double __cuda_dadd(double x, double y, __cuda_rounding Mode) {
  double Lo;
  double Hi = __cuda_two_sum(x, y, &Lo, Mode);
  if (__builtin_isinf(Hi) && !__builtin_isinf(x) && !__builtin_isinf(y))
    Lo = -Hi; // overflowed: the exact sum is finite
  return __cuda_round_to<double>(Hi, Lo, Mode);
}
static __device__ __forceinline__ bool __cuda_tiny(double x) {
  return __builtin_fabs(x) < 0x1p-960;
}
// The sign of the part of the exact result Product, Quotient or Root
// misses, computed where neither the result nor the error underflows.
__CUDA_MATH double __cuda_dmul(double x, double y, __cuda_rounding Mode) {
  double Product = x * y;
  double Lo;
  if (!__cuda_tiny(Product))
    Lo = __builtin_fma(x, y, -Product);
  else if (Product == 0)
    Lo = x == 0 || y == 0 ? 0 : (x < 0) != (y < 0) ? -1 : 1;
  else if (__builtin_fabs(x) < __builtin_fabs(y))
    Lo = __builtin_fma(x * 0x1p110, y, -Product * 0x1p110);
  else
    Lo = __builtin_fma(x, y * 0x1p110, -Product * 0x1p110);
  return __cuda_round_to<double>(Product, Lo, Mode);
}
__CUDA_MATH double __cuda_ddiv(double x, double y, __cuda_rounding Mode) {
  double Quotient = x / y;
  double Residual;
  if (Quotient == 0)
    Residual = x == 0 || y != y || __builtin_isinf(y) ? 0 : x;
  else if (__cuda_tiny(Quotient) || __cuda_tiny(x))
    Residual = __builtin_fma(-Quotient * 0x1p110, y, x * 0x1p110);
  else
    Residual = __builtin_fma(-Quotient, y, x);
  return __cuda_round_to<double>(Quotient, y > 0 ? Residual : -Residual, Mode);
}
__CUDA_MATH double __cuda_dsqrt(double x, __cuda_rounding Mode) {
  if (__cuda_tiny(x) && x > 0) // sqrt(x * 2^110) = sqrt(x) * 2^55
    return __cuda_dsqrt(x * 0x1p110, Mode) * 0x1p-55;
  double Root = __builtin_sqrt(x);
  return __cuda_round_to<double>(Root, __builtin_fma(-Root, Root, x), Mode);
}

__CUDA_MATH float __fadd_rz(float x, float y) {
  return __cuda_fadd(x, y, __cuda_rz);
}
__CUDA_MATH float __fsub_rz(float x, float y) {
  return __cuda_fadd(x, -y, __cuda_rz);
}
__CUDA_MATH float __fmul_rz(float x, float y) {
  return __cuda_fmul(x, y, __cuda_rz);
}
__CUDA_MATH float __fdiv_rz(float x, float y) {
  return __cuda_fdiv(x, y, __cuda_rz);
}
__CUDA_MATH float __frcp_rz(float x) { return __cuda_fdiv(1, x, __cuda_rz); }
__CUDA_MATH float __fsqrt_rz(float x) { return __cuda_fsqrt(x, __cuda_rz); }
__CUDA_MATH float __fadd_ru(float x, float y) {
  return __cuda_fadd(x, y, __cuda_ru);
}
__CUDA_MATH float __fsub_ru(float x, float y) {
  return __cuda_fadd(x, -y, __cuda_ru);
}
__CUDA_MATH float __fmul_ru(float x, float y) {
  return __cuda_fmul(x, y, __cuda_ru);
}
__CUDA_MATH float __fdiv_ru(float x, float y) {
  return __cuda_fdiv(x, y, __cuda_ru);
}
__CUDA_MATH float __frcp_ru(float x) { return __cuda_fdiv(1, x, __cuda_ru); }
__CUDA_MATH float __fsqrt_ru(float x) { return __cuda_fsqrt(x, __cuda_ru); }
__CUDA_MATH float __fadd_rd(float x, float y) {
  return __cuda_fadd(x, y, __cuda_rd);
}
__CUDA_MATH float __fsub_rd(float x, float y) {
  return __cuda_fadd(x, -y, __cuda_rd);
}
__CUDA_MATH float __fmul_rd(float x, float y) {
  return __cuda_fmul(x, y, __cuda_rd);
}
__CUDA_MATH float __fdiv_rd(float x, float y) {
  return __cuda_fdiv(x, y, __cuda_rd);
}
__CUDA_MATH float __frcp_rd(float x) { return __cuda_fdiv(1, x, __cuda_rd); }
__CUDA_MATH float __fsqrt_rd(float x) { return __cuda_fsqrt(x, __cuda_rd); }
__CUDA_MATH double __dadd_rz(double x, double y) {
  return __cuda_dadd(x, y, __cuda_rz);
}
__CUDA_MATH double __dsub_rz(double x, double y) {
  return __cuda_dadd(x, -y, __cuda_rz);
}
__CUDA_MATH double __dmul_rz(double x, double y) {
  return __cuda_dmul(x, y, __cuda_rz);
}
__CUDA_MATH double __ddiv_rz(double x, double y) {
  return __cuda_ddiv(x, y, __cuda_rz);
}
__CUDA_MATH double __drcp_rz(double x) { return __cuda_ddiv(1, x, __cuda_rz); }
__CUDA_MATH double __dsqrt_rz(double x) { return __cuda_dsqrt(x, __cuda_rz); }
__CUDA_MATH double __dadd_ru(double x, double y) {
  return __cuda_dadd(x, y, __cuda_ru);
}
__CUDA_MATH double __dsub_ru(double x, double y) {
  return __cuda_dadd(x, -y, __cuda_ru);
}
__CUDA_MATH double __dmul_ru(double x, double y) {
  return __cuda_dmul(x, y, __cuda_ru);
}
__CUDA_MATH double __ddiv_ru(double x, double y) {
  return __cuda_ddiv(x, y, __cuda_ru);
}
__CUDA_MATH double __drcp_ru(double x) { return __cuda_ddiv(1, x, __cuda_ru); }
__CUDA_MATH double __dsqrt_ru(double x) { return __cuda_dsqrt(x, __cuda_ru); }
__CUDA_MATH double __dadd_rd(double x, double y) {
  return __cuda_dadd(x, y, __cuda_rd);
}
__CUDA_MATH double __dsub_rd(double x, double y) {
  return __cuda_dadd(x, -y, __cuda_rd);
}
__CUDA_MATH double __dmul_rd(double x, double y) {
  return __cuda_dmul(x, y, __cuda_rd);
}
__CUDA_MATH double __ddiv_rd(double x, double y) {
  return __cuda_ddiv(x, y, __cuda_rd);
}
__CUDA_MATH double __drcp_rd(double x) { return __cuda_ddiv(1, x, __cuda_rd); }
__CUDA_MATH double __dsqrt_rd(double x) { return __cuda_dsqrt(x, __cuda_rd); }
/*===-- Integer absolute value, minimum and maximum -----------------------===*/

__CUDA_MATH int abs(int x) { return x < 0 ? -x : x; }
__CUDA_MATH long labs(long x) { return x < 0 ? -x : x; }
__CUDA_MATH long long llabs(long long x) { return x < 0 ? -x : x; }
__CUDA_MATH long abs(long x) { return labs(x); }
__CUDA_MATH long long abs(long long x) { return llabs(x); }

// min and max are host functions too, as nvcc's headers make them: host
// code in a .cu file calls min(a, b) unqualified. The floating-point ones
// are CUDA's fmin/fmax on the device and the C library's on the host.
#define __CUDA_MINMAX static __host__ __device__ inline
#ifdef __CUDA_ARCH__
#define __cuda_fminf fminf
#define __cuda_fmaxf fmaxf
#define __cuda_fmin fmin
#define __cuda_fmax fmax
#else
#define __cuda_fminf __builtin_fminf
#define __cuda_fmaxf __builtin_fmaxf
#define __cuda_fmin __builtin_fmin
#define __cuda_fmax __builtin_fmax
#endif
__CUDA_MINMAX int min(int x, int y) { return x < y ? x : y; }
__CUDA_MINMAX int max(int x, int y) { return x > y ? x : y; }
__CUDA_MINMAX unsigned int umin(unsigned int x, unsigned int y) {
  return x < y ? x : y;
}
__CUDA_MINMAX unsigned int umax(unsigned int x, unsigned int y) {
  return x > y ? x : y;
}
__CUDA_MINMAX long long llmin(long long x, long long y) { return x < y ? x : y; }
__CUDA_MINMAX long long llmax(long long x, long long y) { return x > y ? x : y; }
__CUDA_MINMAX unsigned long long ullmin(unsigned long long x,
                                      unsigned long long y) {
  return x < y ? x : y;
}
__CUDA_MINMAX unsigned long long ullmax(unsigned long long x,
                                      unsigned long long y) {
  return x > y ? x : y;
}
__CUDA_MINMAX unsigned int min(unsigned int x, unsigned int y) {
  return umin(x, y);
}
__CUDA_MINMAX unsigned int max(unsigned int x, unsigned int y) {
  return umax(x, y);
}
// Mixed signedness compares as unsigned, as CUDA's overloads do.
__CUDA_MINMAX unsigned int min(int x, unsigned int y) {
  return umin((unsigned int)x, y);
}
__CUDA_MINMAX unsigned int min(unsigned int x, int y) {
  return umin(x, (unsigned int)y);
}
__CUDA_MINMAX unsigned int max(int x, unsigned int y) {
  return umax((unsigned int)x, y);
}
__CUDA_MINMAX unsigned int max(unsigned int x, int y) {
  return umax(x, (unsigned int)y);
}
__CUDA_MINMAX long min(long x, long y) { return x < y ? x : y; }
__CUDA_MINMAX long max(long x, long y) { return x > y ? x : y; }
__CUDA_MINMAX unsigned long min(unsigned long x, unsigned long y) {
  return x < y ? x : y;
}
__CUDA_MINMAX unsigned long max(unsigned long x, unsigned long y) {
  return x > y ? x : y;
}
__CUDA_MINMAX unsigned long min(long x, unsigned long y) {
  return min((unsigned long)x, y);
}
__CUDA_MINMAX unsigned long min(unsigned long x, long y) {
  return min(x, (unsigned long)y);
}
__CUDA_MINMAX unsigned long max(long x, unsigned long y) {
  return max((unsigned long)x, y);
}
__CUDA_MINMAX unsigned long max(unsigned long x, long y) {
  return max(x, (unsigned long)y);
}
__CUDA_MINMAX long long min(long long x, long long y) { return llmin(x, y); }
__CUDA_MINMAX long long max(long long x, long long y) { return llmax(x, y); }
__CUDA_MINMAX unsigned long long min(unsigned long long x, unsigned long long y) {
  return ullmin(x, y);
}
__CUDA_MINMAX unsigned long long max(unsigned long long x, unsigned long long y) {
  return ullmax(x, y);
}
__CUDA_MINMAX unsigned long long min(long long x, unsigned long long y) {
  return ullmin((unsigned long long)x, y);
}
__CUDA_MINMAX unsigned long long min(unsigned long long x, long long y) {
  return ullmin(x, (unsigned long long)y);
}
__CUDA_MINMAX unsigned long long max(long long x, unsigned long long y) {
  return ullmax((unsigned long long)x, y);
}
__CUDA_MINMAX unsigned long long max(unsigned long long x, long long y) {
  return ullmax(x, (unsigned long long)y);
}
__CUDA_MINMAX float min(float x, float y) { return __cuda_fminf(x, y); }
__CUDA_MINMAX float max(float x, float y) { return __cuda_fmaxf(x, y); }
__CUDA_MINMAX double min(double x, double y) { return __cuda_fmin(x, y); }
__CUDA_MINMAX double max(double x, double y) { return __cuda_fmax(x, y); }
__CUDA_MINMAX double min(float x, double y) { return __cuda_fmin((double)x, y); }
__CUDA_MINMAX double min(double x, float y) { return __cuda_fmin(x, (double)y); }
__CUDA_MINMAX double max(float x, double y) { return __cuda_fmax((double)x, y); }
__CUDA_MINMAX double max(double x, float y) { return __cuda_fmax(x, (double)y); }

#undef __cuda_fminf
#undef __cuda_fmaxf
#undef __cuda_fmin
#undef __cuda_fmax
#undef __CUDA_MINMAX
#undef __CUDA_OCML
#undef __CUDA_MATH

#include <cmath>
#include <cstdlib>
#include <math.h>
#include <stdlib.h>

#endif
