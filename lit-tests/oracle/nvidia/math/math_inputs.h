/*===- math_inputs.h - CUDA math functions, their inputs and bounds -------===*
 *
 * The one list of CUDA math functions whose accuracy we measure, shared by
 * math_functions.cu (the kernels that call them by name, on an NVIDIA GPU
 * through nvcc and on AMD through cu2hsaco) and lit-tests/tools/math-ulp.c
 * (which measures the results against a host reference). Plain C, usable
 * from host C, nvcc host code and device code (only the X-macro tables and
 * mathInput() are needed there).
 *
 * Each function gets MATH_N32 (float) or MATH_N64 (double) inputs, always
 * the same bits: first the edge values (zeros, denormals, FLT_MIN, +-1,
 * infinities, NaN, the largest finite values, multiples of pi/2, large
 * trigonometric arguments, the overflow and underflow thresholds of the
 * exponentials, gamma's poles, erfinv's ends; the cross product of a
 * shorter list for two- and three-argument functions), then random values
 * from a fixed integer hash: a third uniform over all bit patterns, a third
 * uniform over the function's interesting interval, a third log-uniform in
 * magnitude over it. The generator uses only integer arithmetic,
 * ldexp-free scaling by exact powers of two and IEEE double operations, so
 * nvcc's host compiler and ours produce the same inputs (math-ulp checks a
 * hash of them against the one the NVIDIA run recorded).
 *
 *===----------------------------------------------------------------------===*/

#ifndef ORACLE_NVIDIA_MATH_INPUTS_H
#define ORACLE_NVIDIA_MATH_INPUTS_H

#include <stdint.h>
#include <string.h>

#define MATH_N32 32768u
#define MATH_N64 16384u

/* Argument shapes: how many of a, b, c a function reads; I marks an
 * integer second argument (ldexp, scalbn), held as an integral value. */
enum { MS_1 = 1, MS_2 = 2, MS_3 = 3, MS_FI = 4 };

/* Bound kinds. CUDA states most bounds in ulps of the correctly rounded
 * result; some as absolute errors, some only over part of the domain, and
 * __expf/__exp10f as 2 + floor(|k x|) ulps. */
enum { BK_NONE = 0, BK_ULP, BK_ABS, BK_EXPX };

typedef struct {
  int Kind;     /* inside the region (or everywhere when RegArg is 0) */
  double Value; /* ulps, absolute error, or k of 2 + floor(|k x|) */
  int RegArg;   /* 0: no region; 1: a; 2: b */
  int RegAbs;   /* the region tests |arg| */
  double Lo, Hi;
  int OutKind; /* outside the region */
  double OutValue;
} MathBound;

#define B_ULP(N) {BK_ULP, N, 0, 0, 0, 0, BK_NONE, 0}
#define B_EXPX(K) {BK_EXPX, K, 0, 0, 0, 0, BK_NONE, 0}
#define B_REG(K, V, ARG, ABS, LO, HI, OK, OV) {K, V, ARG, ABS, LO, HI, OK, OV}
#define B_SAME {-1, 0, 0, 0, 0, 0, 0, 0}

/* Reference operations (math-ulp.c evaluates them in long double, or
 * exactly in the target precision for the IEEE operations). */
enum {
  R_EXP, R_EXP2, R_EXP10, R_EXPM1, R_LOG, R_LOG2, R_LOG10, R_LOG1P,
  R_SQRT, R_RSQRT, R_CBRT, R_RCBRT, R_SIN, R_COS, R_TAN, R_SINPI, R_COSPI,
  R_ASIN, R_ACOS, R_ATAN, R_ATAN2, R_SINH, R_COSH, R_TANH, R_ASINH,
  R_ACOSH, R_ATANH, R_POW, R_ERF, R_ERFC, R_ERFINV, R_ERFCINV, R_ERFCX,
  R_NORMCDF, R_NORMCDFINV, R_LGAMMA, R_TGAMMA, R_HYPOT, R_RHYPOT, R_FMOD,
  R_REMAINDER, R_FMA, R_FMAX, R_FMIN, R_FDIM, R_FLOOR, R_CEIL, R_ROUND,
  R_TRUNC, R_RINT, R_FABS, R_COPYSIGN, R_LDEXP, R_FREXP_MANT, R_FREXP_EXP,
  R_MODF_FRAC, R_MODF_INT, R_LOGB, R_ILOGB, R_NEXTAFTER, R_J0, R_J1, R_Y0,
  R_Y1, R_NORM3D, R_RNORM3D, R_DIV, R_RCP, R_SATURATE, R_MUL, R_ADD,
  R_NUM
};

#define MPI 3.141592653589793
#define F32MAX 3.4028234663852886e38
#define F64MAX 1.7976931348623157e308

/* X(Name, Shape, ALo, AHi, BLo, BHi, Bound, FastBound, Ref, Expr): Expr
 * is the CUDA call on a, b, c (float here). FastBound is the bound under
 * --use_fast_math (nvcc turns expf into __expf & co, and -prec-sqrt=false,
 * -prec-div=false); B_SAME keeps Bound. Bounds: CUDA C++ Programming
 * Guide, "Mathematical Functions" appendix (CUDA 12/13). */
#define MATH_F32_FUNCTIONS(X)                                                  \
  X(expf, MS_1, -104, 89, 0, 0, B_ULP(2), B_EXPX(1.173), R_EXP, expf(a))       \
  X(exp2f, MS_1, -150, 128, 0, 0, B_ULP(2), B_SAME, R_EXP2, exp2f(a))          \
  X(exp10f, MS_1, -46, 39, 0, 0, B_ULP(2), B_EXPX(2.97), R_EXP10, exp10f(a))   \
  X(expm1f, MS_1, -20, 89, 0, 0, B_ULP(1), B_SAME, R_EXPM1, expm1f(a))         \
  X(logf, MS_1, 0, F32MAX, 0, 0, B_ULP(1),                                     \
    B_REG(BK_ABS, 3.5888e-7, 1, 0, 0.5, 2, BK_ULP, 3), R_LOG, logf(a))         \
  X(log2f, MS_1, 0, F32MAX, 0, 0, B_ULP(1),                                    \
    B_REG(BK_ABS, 0x1p-22, 1, 0, 0.5, 2, BK_ULP, 2), R_LOG2, log2f(a))          \
  X(log10f, MS_1, 0, F32MAX, 0, 0, B_ULP(2),                                   \
    B_REG(BK_ABS, 0x1p-24, 1, 0, 0.5, 2, BK_ULP, 3), R_LOG10, log10f(a))        \
  X(log1pf, MS_1, -1, F32MAX, 0, 0, B_ULP(1), B_SAME, R_LOG1P, log1pf(a))      \
  X(sqrtf, MS_1, 0, F32MAX, 0, 0, B_ULP(0), B_ULP(1), R_SQRT, sqrtf(a))        \
  X(rsqrtf, MS_1, 0, F32MAX, 0, 0, B_ULP(2), B_SAME, R_RSQRT, rsqrtf(a))       \
  X(cbrtf, MS_1, -F32MAX, F32MAX, 0, 0, B_ULP(1), B_SAME, R_CBRT, cbrtf(a))    \
  X(rcbrtf, MS_1, -F32MAX, F32MAX, 0, 0, B_ULP(1), B_SAME, R_RCBRT, rcbrtf(a)) \
  X(sinf, MS_1, -1e5, 1e5, 0, 0, B_ULP(2),                                     \
    B_REG(BK_ABS, 3.5888e-7, 1, 0, -MPI, MPI, BK_NONE, 0), R_SIN, sinf(a))     \
  X(cosf, MS_1, -1e5, 1e5, 0, 0, B_ULP(2),                                     \
    B_REG(BK_ABS, 4.1800e-7, 1, 0, -MPI, MPI, BK_NONE, 0), R_COS, cosf(a))     \
  X(tanf, MS_1, -1e5, 1e5, 0, 0, B_ULP(4), B_REG(BK_NONE, 0, 0, 0, 0, 0, 0, 0), \
    R_TAN, tanf(a))                                                            \
  X(sincosf_sin, MS_1, -1e5, 1e5, 0, 0, B_ULP(2),                              \
    B_REG(BK_ABS, 3.5888e-7, 1, 0, -MPI, MPI, BK_NONE, 0), R_SIN,              \
    sincosSin(a))                                                              \
  X(sincosf_cos, MS_1, -1e5, 1e5, 0, 0, B_ULP(2),                              \
    B_REG(BK_ABS, 4.1800e-7, 1, 0, -MPI, MPI, BK_NONE, 0), R_COS,              \
    sincosCos(a))                                                              \
  X(sinpif, MS_1, -1e4, 1e4, 0, 0, B_ULP(1), B_SAME, R_SINPI, sinpif(a))       \
  X(cospif, MS_1, -1e4, 1e4, 0, 0, B_ULP(1), B_SAME, R_COSPI, cospif(a))       \
  X(asinf, MS_1, -1, 1, 0, 0, B_ULP(2), B_SAME, R_ASIN, asinf(a))              \
  X(acosf, MS_1, -1, 1, 0, 0, B_ULP(2), B_SAME, R_ACOS, acosf(a))              \
  X(atanf, MS_1, -1e4, 1e4, 0, 0, B_ULP(2), B_SAME, R_ATAN, atanf(a))          \
  X(atan2f, MS_2, -1e4, 1e4, -1e4, 1e4, B_ULP(3), B_SAME, R_ATAN2,             \
    atan2f(a, b))                                                              \
  X(sinhf, MS_1, -90, 90, 0, 0, B_ULP(3), B_SAME, R_SINH, sinhf(a))            \
  X(coshf, MS_1, -90, 90, 0, 0, B_ULP(2), B_SAME, R_COSH, coshf(a))            \
  X(tanhf, MS_1, -10, 10, 0, 0, B_ULP(2), B_SAME, R_TANH, tanhf(a))            \
  X(asinhf, MS_1, -1e6, 1e6, 0, 0, B_ULP(3), B_SAME, R_ASINH, asinhf(a))       \
  X(acoshf, MS_1, 1, 1e6, 0, 0, B_ULP(4), B_SAME, R_ACOSH, acoshf(a))          \
  X(atanhf, MS_1, -1, 1, 0, 0, B_ULP(3), B_SAME, R_ATANH, atanhf(a))           \
  X(powf, MS_2, 0, 100, -40, 40, B_ULP(4),                                     \
    B_REG(BK_NONE, 0, 0, 0, 0, 0, 0, 0), R_POW, powf(a, b))                    \
  X(erff, MS_1, -5, 5, 0, 0, B_ULP(2), B_SAME, R_ERF, erff(a))                 \
  X(erfcf, MS_1, -5, 11, 0, 0, B_ULP(4), B_SAME, R_ERFC, erfcf(a))             \
  X(erfinvf, MS_1, -1, 1, 0, 0, B_ULP(2), B_SAME, R_ERFINV, erfinvf(a))        \
  X(erfcinvf, MS_1, 0, 2, 0, 0, B_ULP(4), B_SAME, R_ERFCINV, erfcinvf(a))      \
  X(erfcxf, MS_1, -10, 1e6, 0, 0, B_ULP(4), B_SAME, R_ERFCX, erfcxf(a))        \
  X(normcdff, MS_1, -15, 6, 0, 0, B_ULP(5), B_SAME, R_NORMCDF, normcdff(a))    \
  X(normcdfinvf, MS_1, 0, 1, 0, 0, B_ULP(5), B_SAME, R_NORMCDFINV,             \
    normcdfinvf(a))                                                            \
  X(lgammaf, MS_1, -40, 1e6, 0, 0,                                             \
    B_REG(BK_NONE, 0, 1, 0, -10.001, -2.264, BK_ULP, 6), B_SAME, R_LGAMMA,      \
    lgammaf(a))                                                                \
  X(tgammaf, MS_1, -40, 36, 0, 0, B_ULP(5), B_SAME, R_TGAMMA, tgammaf(a))      \
  X(hypotf, MS_2, -F32MAX, F32MAX, -F32MAX, F32MAX, B_ULP(3), B_SAME, R_HYPOT, \
    hypotf(a, b))                                                              \
  X(rhypotf, MS_2, -F32MAX, F32MAX, -F32MAX, F32MAX, B_ULP(2), B_SAME,         \
    R_RHYPOT, rhypotf(a, b))                                                   \
  X(norm3df, MS_3, -F32MAX, F32MAX, -F32MAX, F32MAX, B_ULP(3), B_SAME,         \
    R_NORM3D, norm3df(a, b, c))                                                \
  X(rnorm3df, MS_3, -F32MAX, F32MAX, -F32MAX, F32MAX, B_ULP(2), B_SAME,        \
    R_RNORM3D, rnorm3df(a, b, c))                                              \
  X(fmodf, MS_2, -1e6, 1e6, -1e3, 1e3, B_ULP(0), B_SAME, R_FMOD, fmodf(a, b))  \
  X(remainderf, MS_2, -1e6, 1e6, -1e3, 1e3, B_ULP(0), B_SAME, R_REMAINDER,     \
    remainderf(a, b))                                                          \
  X(fmaf, MS_3, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FMA, fmaf(a, b, c))  \
  X(fmaxf, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FMAX, fmaxf(a, b))  \
  X(fminf, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FMIN, fminf(a, b))  \
  X(fdimf, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FDIM, fdimf(a, b))  \
  X(floorf, MS_1, -1e8, 1e8, 0, 0, B_ULP(0), B_SAME, R_FLOOR, floorf(a))       \
  X(ceilf, MS_1, -1e8, 1e8, 0, 0, B_ULP(0), B_SAME, R_CEIL, ceilf(a))          \
  X(roundf, MS_1, -1e8, 1e8, 0, 0, B_ULP(0), B_SAME, R_ROUND, roundf(a))       \
  X(truncf, MS_1, -1e8, 1e8, 0, 0, B_ULP(0), B_SAME, R_TRUNC, truncf(a))       \
  X(rintf, MS_1, -1e8, 1e8, 0, 0, B_ULP(0), B_SAME, R_RINT, rintf(a))          \
  X(nearbyintf, MS_1, -1e8, 1e8, 0, 0, B_ULP(0), B_SAME, R_RINT,               \
    nearbyintf(a))                                                             \
  X(fabsf, MS_1, -1e3, 1e3, 0, 0, B_ULP(0), B_SAME, R_FABS, fabsf(a))          \
  X(copysignf, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_COPYSIGN,       \
    copysignf(a, b))                                                           \
  X(ldexpf, MS_FI, -F32MAX, F32MAX, -300, 300, B_ULP(0), B_SAME, R_LDEXP,      \
    ldexpf(a, (int)b))                                                         \
  X(frexpf_mant, MS_1, -F32MAX, F32MAX, 0, 0, B_ULP(0), B_SAME, R_FREXP_MANT,  \
    frexpMant(a))                                                              \
  X(frexpf_exp, MS_1, -F32MAX, F32MAX, 0, 0, B_ULP(0), B_SAME, R_FREXP_EXP,    \
    frexpExp(a))                                                               \
  X(modff_frac, MS_1, -1e8, 1e8, 0, 0, B_ULP(0), B_SAME, R_MODF_FRAC,          \
    modfFrac(a))                                                               \
  X(modff_int, MS_1, -1e8, 1e8, 0, 0, B_ULP(0), B_SAME, R_MODF_INT,            \
    modfInt(a))                                                                \
  X(logbf, MS_1, -F32MAX, F32MAX, 0, 0, B_ULP(0), B_SAME, R_LOGB, logbf(a))    \
  X(ilogbf, MS_1, -F32MAX, F32MAX, 0, 0, B_ULP(0), B_SAME, R_ILOGB,            \
    __int_as_float(ilogbf(a)))                                                 \
  X(nextafterf, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_NEXTAFTER,     \
    nextafterf(a, b))                                                          \
  X(j0f, MS_1, -100, 100, 0, 0, B_REG(BK_ULP, 9, 1, 1, 0, 8, BK_ABS, 2.2e-6),   \
    B_SAME, R_J0, j0f(a))                                                      \
  X(j1f, MS_1, -100, 100, 0, 0, B_REG(BK_ULP, 9, 1, 1, 0, 8, BK_ABS, 2.2e-6),   \
    B_SAME, R_J1, j1f(a))                                                      \
  X(y0f, MS_1, 0, 100, 0, 0, B_REG(BK_ULP, 9, 1, 1, 0, 8, BK_ABS, 2.2e-6),      \
    B_SAME, R_Y0, y0f(a))                                                      \
  X(y1f, MS_1, 0, 100, 0, 0, B_REG(BK_ULP, 9, 1, 1, 0, 8, BK_ABS, 2.2e-6),      \
    B_SAME, R_Y1, y1f(a))                                                      \
  X(div_f32, MS_2, -1e6, 1e6, -1e6, 1e6, B_ULP(0),                             \
    B_REG(BK_ULP, 2, 2, 1, 0x1p-126, 0x1p126, BK_NONE, 0), R_DIV, a / b)        \
  X(__expf, MS_1, -104, 89, 0, 0, B_EXPX(1.173), B_SAME, R_EXP, __expf(a))     \
  X(__exp10f, MS_1, -46, 39, 0, 0, B_EXPX(2.97), B_SAME, R_EXP10, __exp10f(a)) \
  X(__logf, MS_1, 0, F32MAX, 0, 0,                                             \
    B_REG(BK_ABS, 3.5888e-7, 1, 0, 0.5, 2, BK_ULP, 3), B_SAME, R_LOG,          \
    __logf(a))                                                                 \
  X(__log2f, MS_1, 0, F32MAX, 0, 0,                                            \
    B_REG(BK_ABS, 0x1p-22, 1, 0, 0.5, 2, BK_ULP, 2), B_SAME, R_LOG2,            \
    __log2f(a))                                                                \
  X(__log10f, MS_1, 0, F32MAX, 0, 0,                                           \
    B_REG(BK_ABS, 0x1p-24, 1, 0, 0.5, 2, BK_ULP, 3), B_SAME, R_LOG10,           \
    __log10f(a))                                                               \
  X(__powf, MS_2, 0, 100, -40, 40, B_REG(BK_NONE, 0, 0, 0, 0, 0, 0, 0),        \
    B_SAME, R_POW, __powf(a, b))                                               \
  X(__sinf, MS_1, -1e5, 1e5, 0, 0,                                             \
    B_REG(BK_ABS, 3.5888e-7, 1, 0, -MPI, MPI, BK_NONE, 0), B_SAME, R_SIN,      \
    __sinf(a))                                                                 \
  X(__cosf, MS_1, -1e5, 1e5, 0, 0,                                             \
    B_REG(BK_ABS, 4.1800e-7, 1, 0, -MPI, MPI, BK_NONE, 0), B_SAME, R_COS,      \
    __cosf(a))                                                                 \
  X(__tanf, MS_1, -1e5, 1e5, 0, 0, B_REG(BK_NONE, 0, 0, 0, 0, 0, 0, 0),        \
    B_SAME, R_TAN, __tanf(a))                                                  \
  X(__fdividef, MS_2, -1e6, 1e6, -1e6, 1e6,                                    \
    B_REG(BK_ULP, 2, 2, 1, 0x1p-126, 0x1p126, BK_NONE, 0), B_SAME, R_DIV,       \
    __fdividef(a, b))                                                          \
  X(__frcp_rn, MS_1, -F32MAX, F32MAX, 0, 0, B_ULP(0), B_SAME, R_RCP,           \
    __frcp_rn(a))                                                              \
  X(__fsqrt_rn, MS_1, 0, F32MAX, 0, 0, B_ULP(0), B_SAME, R_SQRT,               \
    __fsqrt_rn(a))                                                             \
  X(__frsqrt_rn, MS_1, 0, F32MAX, 0, 0, B_ULP(0), B_SAME, R_RSQRT,             \
    __frsqrt_rn(a))                                                            \
  X(__saturatef, MS_1, -2, 2, 0, 0, B_ULP(0), B_SAME, R_SATURATE,              \
    __saturatef(a))                                                            \
  X(__fmul_rn, MS_2, -F32MAX, F32MAX, -F32MAX, F32MAX, B_ULP(0), B_SAME,       \
    R_MUL, __fmul_rn(a, b))                                                    \
  X(__fadd_rn, MS_2, -F32MAX, F32MAX, -F32MAX, F32MAX, B_ULP(0), B_SAME,       \
    R_ADD, __fadd_rn(a, b))                                                    \
  X(__fdiv_rn, MS_2, -F32MAX, F32MAX, -F32MAX, F32MAX, B_ULP(0), B_SAME,       \
    R_DIV, __fdiv_rn(a, b))                                                    \
  X(__fmaf_rn, MS_3, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FMA,            \
    __fmaf_rn(a, b, c))

/* The double functions (a, b, c double). */
#define MATH_F64_FUNCTIONS(X)                                                  \
  X(exp, MS_1, -746, 710, 0, 0, B_ULP(1), B_SAME, R_EXP, exp(a))               \
  X(exp2, MS_1, -1076, 1025, 0, 0, B_ULP(1), B_SAME, R_EXP2, exp2(a))          \
  X(exp10, MS_1, -325, 309, 0, 0, B_ULP(1), B_SAME, R_EXP10, exp10(a))         \
  X(expm1, MS_1, -40, 710, 0, 0, B_ULP(1), B_SAME, R_EXPM1, expm1(a))          \
  X(log, MS_1, 0, F64MAX, 0, 0, B_ULP(1), B_SAME, R_LOG, log(a))               \
  X(log2, MS_1, 0, F64MAX, 0, 0, B_ULP(1), B_SAME, R_LOG2, log2(a))            \
  X(log10, MS_1, 0, F64MAX, 0, 0, B_ULP(1), B_SAME, R_LOG10, log10(a))         \
  X(log1p, MS_1, -1, F64MAX, 0, 0, B_ULP(1), B_SAME, R_LOG1P, log1p(a))        \
  X(sqrt, MS_1, 0, F64MAX, 0, 0, B_ULP(0), B_SAME, R_SQRT, sqrt(a))            \
  X(rsqrt, MS_1, 0, F64MAX, 0, 0, B_ULP(1), B_SAME, R_RSQRT, rsqrt(a))         \
  X(cbrt, MS_1, -F64MAX, F64MAX, 0, 0, B_ULP(1), B_SAME, R_CBRT, cbrt(a))      \
  X(rcbrt, MS_1, -F64MAX, F64MAX, 0, 0, B_ULP(1), B_SAME, R_RCBRT, rcbrt(a))   \
  X(sin, MS_1, -1e6, 1e6, 0, 0, B_ULP(2), B_SAME, R_SIN, sin(a))               \
  X(cos, MS_1, -1e6, 1e6, 0, 0, B_ULP(2), B_SAME, R_COS, cos(a))               \
  X(tan, MS_1, -1e6, 1e6, 0, 0, B_ULP(2), B_SAME, R_TAN, tan(a))               \
  X(sincos_sin, MS_1, -1e6, 1e6, 0, 0, B_ULP(2), B_SAME, R_SIN, sincosSin(a))  \
  X(sincos_cos, MS_1, -1e6, 1e6, 0, 0, B_ULP(2), B_SAME, R_COS, sincosCos(a))  \
  X(sinpi, MS_1, -1e6, 1e6, 0, 0, B_ULP(2), B_SAME, R_SINPI, sinpi(a))         \
  X(cospi, MS_1, -1e6, 1e6, 0, 0, B_ULP(2), B_SAME, R_COSPI, cospi(a))         \
  X(asin, MS_1, -1, 1, 0, 0, B_ULP(2), B_SAME, R_ASIN, asin(a))                \
  X(acos, MS_1, -1, 1, 0, 0, B_ULP(2), B_SAME, R_ACOS, acos(a))                \
  X(atan, MS_1, -1e6, 1e6, 0, 0, B_ULP(2), B_SAME, R_ATAN, atan(a))            \
  X(atan2, MS_2, -1e6, 1e6, -1e6, 1e6, B_ULP(2), B_SAME, R_ATAN2, atan2(a, b)) \
  X(sinh, MS_1, -711, 711, 0, 0, B_ULP(2), B_SAME, R_SINH, sinh(a))            \
  X(cosh, MS_1, -711, 711, 0, 0, B_ULP(1), B_SAME, R_COSH, cosh(a))            \
  X(tanh, MS_1, -20, 20, 0, 0, B_ULP(1), B_SAME, R_TANH, tanh(a))              \
  X(asinh, MS_1, -1e9, 1e9, 0, 0, B_ULP(3), B_SAME, R_ASINH, asinh(a))         \
  X(acosh, MS_1, 1, 1e9, 0, 0, B_ULP(3), B_SAME, R_ACOSH, acosh(a))            \
  X(atanh, MS_1, -1, 1, 0, 0, B_ULP(2), B_SAME, R_ATANH, atanh(a))             \
  X(pow, MS_2, 0, 100, -150, 150, B_ULP(2), B_SAME, R_POW, pow(a, b))          \
  X(erf, MS_1, -6, 6, 0, 0, B_ULP(2), B_SAME, R_ERF, erf(a))                   \
  X(erfc, MS_1, -6, 27, 0, 0, B_ULP(5), B_SAME, R_ERFC, erfc(a))               \
  X(erfinv, MS_1, -1, 1, 0, 0, B_ULP(5), B_SAME, R_ERFINV, erfinv(a))          \
  X(erfcinv, MS_1, 0, 2, 0, 0, B_ULP(6), B_SAME, R_ERFCINV, erfcinv(a))        \
  X(erfcx, MS_1, -26, 1e9, 0, 0, B_ULP(4), B_SAME, R_ERFCX, erfcx(a))          \
  X(normcdf, MS_1, -39, 9, 0, 0, B_ULP(5), B_SAME, R_NORMCDF, normcdf(a))      \
  X(normcdfinv, MS_1, 0, 1, 0, 0, B_ULP(8), B_SAME, R_NORMCDFINV,              \
    normcdfinv(a))                                                             \
  X(lgamma, MS_1, -40, 1e9, 0, 0,                                              \
    B_REG(BK_NONE, 0, 1, 0, -23.0001, -2.2637, BK_ULP, 4), B_SAME, R_LGAMMA,    \
    lgamma(a))                                                                 \
  X(tgamma, MS_1, -180, 172, 0, 0, B_ULP(10), B_SAME, R_TGAMMA, tgamma(a))     \
  X(hypot, MS_2, -F64MAX, F64MAX, -F64MAX, F64MAX, B_ULP(2), B_SAME, R_HYPOT,  \
    hypot(a, b))                                                               \
  X(rhypot, MS_2, -F64MAX, F64MAX, -F64MAX, F64MAX, B_ULP(1), B_SAME,          \
    R_RHYPOT, rhypot(a, b))                                                    \
  X(norm3d, MS_3, -F64MAX, F64MAX, -F64MAX, F64MAX, B_ULP(2), B_SAME,          \
    R_NORM3D, norm3d(a, b, c))                                                 \
  X(rnorm3d, MS_3, -F64MAX, F64MAX, -F64MAX, F64MAX, B_ULP(1), B_SAME,         \
    R_RNORM3D, rnorm3d(a, b, c))                                               \
  X(fmod, MS_2, -1e9, 1e9, -1e3, 1e3, B_ULP(0), B_SAME, R_FMOD, fmod(a, b))    \
  X(remainder, MS_2, -1e9, 1e9, -1e3, 1e3, B_ULP(0), B_SAME, R_REMAINDER,      \
    remainder(a, b))                                                           \
  X(fma, MS_3, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FMA, fma(a, b, c))    \
  X(fmax, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FMAX, fmax(a, b))    \
  X(fmin, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FMIN, fmin(a, b))    \
  X(fdim, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FDIM, fdim(a, b))    \
  X(floor, MS_1, -1e17, 1e17, 0, 0, B_ULP(0), B_SAME, R_FLOOR, floor(a))       \
  X(ceil, MS_1, -1e17, 1e17, 0, 0, B_ULP(0), B_SAME, R_CEIL, ceil(a))          \
  X(round, MS_1, -1e17, 1e17, 0, 0, B_ULP(0), B_SAME, R_ROUND, round(a))       \
  X(trunc, MS_1, -1e17, 1e17, 0, 0, B_ULP(0), B_SAME, R_TRUNC, trunc(a))       \
  X(rint, MS_1, -1e17, 1e17, 0, 0, B_ULP(0), B_SAME, R_RINT, rint(a))          \
  X(fabs, MS_1, -1e3, 1e3, 0, 0, B_ULP(0), B_SAME, R_FABS, fabs(a))            \
  X(copysign, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_COPYSIGN,        \
    copysign(a, b))                                                            \
  X(ldexp, MS_FI, -F64MAX, F64MAX, -2200, 2200, B_ULP(0), B_SAME, R_LDEXP,     \
    ldexp(a, (int)b))                                                          \
  X(frexp_mant, MS_1, -F64MAX, F64MAX, 0, 0, B_ULP(0), B_SAME, R_FREXP_MANT,   \
    frexpMant(a))                                                              \
  X(frexp_exp, MS_1, -F64MAX, F64MAX, 0, 0, B_ULP(0), B_SAME, R_FREXP_EXP,     \
    frexpExp(a))                                                               \
  X(modf_frac, MS_1, -1e17, 1e17, 0, 0, B_ULP(0), B_SAME, R_MODF_FRAC,         \
    modfFrac(a))                                                               \
  X(logb, MS_1, -F64MAX, F64MAX, 0, 0, B_ULP(0), B_SAME, R_LOGB, logb(a))      \
  X(ilogb, MS_1, -F64MAX, F64MAX, 0, 0, B_ULP(0), B_SAME, R_ILOGB,             \
    __longlong_as_double((long long)ilogb(a)))                                 \
  X(nextafter, MS_2, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_NEXTAFTER,      \
    nextafter(a, b))                                                           \
  X(j0, MS_1, -100, 100, 0, 0, B_REG(BK_ULP, 7, 1, 1, 0, 8, BK_ABS, 5e-12),     \
    B_SAME, R_J0, j0(a))                                                       \
  X(j1, MS_1, -100, 100, 0, 0, B_REG(BK_ULP, 7, 1, 1, 0, 8, BK_ABS, 5e-12),     \
    B_SAME, R_J1, j1(a))                                                       \
  X(y0, MS_1, 0, 100, 0, 0, B_REG(BK_ULP, 7, 1, 1, 0, 8, BK_ABS, 5e-12),        \
    B_SAME, R_Y0, y0(a))                                                       \
  X(y1, MS_1, 0, 100, 0, 0, B_REG(BK_ULP, 7, 1, 1, 0, 8, BK_ABS, 5e-12),        \
    B_SAME, R_Y1, y1(a))                                                       \
  X(div_f64, MS_2, -1e9, 1e9, -1e9, 1e9, B_ULP(0), B_SAME, R_DIV, a / b)       \
  X(__drcp_rn, MS_1, -F64MAX, F64MAX, 0, 0, B_ULP(0), B_SAME, R_RCP,           \
    __drcp_rn(a))                                                              \
  X(__dsqrt_rn, MS_1, 0, F64MAX, 0, 0, B_ULP(0), B_SAME, R_SQRT,               \
    __dsqrt_rn(a))                                                             \
  X(__dmul_rn, MS_2, -F64MAX, F64MAX, -F64MAX, F64MAX, B_ULP(0), B_SAME,       \
    R_MUL, __dmul_rn(a, b))                                                    \
  X(__dadd_rn, MS_2, -F64MAX, F64MAX, -F64MAX, F64MAX, B_ULP(0), B_SAME,       \
    R_ADD, __dadd_rn(a, b))                                                    \
  X(__ddiv_rn, MS_2, -F64MAX, F64MAX, -F64MAX, F64MAX, B_ULP(0), B_SAME,       \
    R_DIV, __ddiv_rn(a, b))                                                    \
  X(__fma_rn, MS_3, -1e3, 1e3, -1e3, 1e3, B_ULP(0), B_SAME, R_FMA,             \
    __fma_rn(a, b, c))

#define MATH_ENUM_F32(N, ...) MF32_##N,
#define MATH_ENUM_F64(N, ...) MF64_##N,
enum { MATH_F32_FUNCTIONS(MATH_ENUM_F32) MATH_NUM_F32 };
enum { MATH_F64_FUNCTIONS(MATH_ENUM_F64) MATH_NUM_F64 };

typedef struct {
  const char *Name;
  int Shape;
  double ALo, AHi, BLo, BHi;
  MathBound Bound, FastBound;
  int Ref;
} MathFunction;

#define MATH_ROW(N, SHAPE, ALO, AHI, BLO, BHI, BOUND, FAST, REF, EXPR)         \
  {#N, SHAPE, ALO, AHI, BLO, BHI, BOUND, FAST, REF},
static const MathFunction MathF32[] = {MATH_F32_FUNCTIONS(MATH_ROW)};
static const MathFunction MathF64[] = {MATH_F64_FUNCTIONS(MATH_ROW)};

/*===-- Inputs ------------------------------------------------------------===*/

static inline uint32_t mathHash(uint32_t X) {
  X ^= X >> 16;
  X *= 0x7feb352du;
  X ^= X >> 15;
  X *= 0x846ca68bu;
  X ^= X >> 16;
  return X;
}

/* 2^E for -1074 <= E <= 1023, exactly, without libm. */
static inline double mathPow2(int E) {
  double R = 1.0;
  while (E > 0) {
    int S = E > 60 ? 60 : E;
    R *= (double)(1ull << S);
    E -= S;
  }
  while (E < 0) {
    int S = -E > 60 ? 60 : -E;
    R /= (double)(1ull << S);
    E += S;
  }
  return R;
}

static inline double mathFromBits64(uint64_t B) {
  double D;
  memcpy(&D, &B, sizeof(D));
  return D;
}
static inline float mathFromBits32(uint32_t B) {
  float F;
  memcpy(&F, &B, sizeof(F));
  return F;
}

/* Edge values for one-argument functions (double; float functions get
 * them rounded to float). NaN, infinities and denormals come from bits. */
static const double MathEdges[] = {
    0.0, 1.0, 0.5, 2.0, 3.0, 10.0, 0.25, 0.75, 1.5, 4.0, 8.0, 16.0, 100.0,
    1e-5, 1e-10, 1e-20, 1e-30, 1e-40, 1e10, 1e20, 1e30, 3e38,
    1.5707963267948966, 3.141592653589793, 4.71238898038469,
    6.283185307179586, 7.853981633974483, 9.42477796076938, 1e4, 1e5, 1e6,
    12345.678, 102940.0, 1e15, 1e100, 1e300,
    /* exp overflow / underflow, float and double */
    88.72283172607421875, 88.7228, 88.73, 89.0, 87.33654, 103.97, 104.0,
    127.99, 128.0, 126.0, 149.0, 150.0, 38.5318, 38.54, 44.85, 45.0,
    709.782712893384, 709.79, 708.39, 744.44, 745.14, 746.0, 1023.99,
    1024.0, 1022.0, 1074.0, 1075.0, 308.254, 308.26, 323.3, 324.0,
    /* gamma: poles, overflow, lgamma's zeros */
    35.04, 35.05, 171.62, 171.63, 0.9999999, 1.0000001, 1.9999999,
    2.0000001, 2.4571, 2.5, 4.5, 10.5, 23.5, 3.5, 9.5,
    /* erfinv/erfcinv ends, atanh/asin near 1 */
    0.99999994, 0.9999999999999999, 1.0000001, 1.9999999, 1e-38,
    0.8862269254527580, 10.0542, 27.2, 26.55, 9.19, 26.6};

static inline unsigned mathNumEdges1(void) {
  return 2 * (unsigned)(sizeof(MathEdges) / sizeof(MathEdges[0])) + 10;
}

/* Edge value I of the one-argument list, in double or float bits. */
static inline double mathEdge1(unsigned I, int Double) {
  unsigned N = (unsigned)(sizeof(MathEdges) / sizeof(MathEdges[0]));
  if (I < 2 * N)
    return (I & 1) ? -MathEdges[I / 2] : MathEdges[I / 2];
  switch (I - 2 * N) {
  case 0: /* +inf */
    return Double ? mathFromBits64(0x7ff0000000000000ull)
                  : (double)mathFromBits32(0x7f800000u);
  case 1:
    return Double ? mathFromBits64(0xfff0000000000000ull)
                  : (double)mathFromBits32(0xff800000u);
  case 2: /* NaN */
    return Double ? mathFromBits64(0x7ff8000000000000ull)
                  : (double)mathFromBits32(0x7fc00000u);
  case 3: /* smallest denormal */
    return Double ? mathFromBits64(1) : (double)mathFromBits32(1);
  case 4:
    return Double ? -mathFromBits64(1) : -(double)mathFromBits32(1);
  case 5: /* largest denormal */
    return Double ? mathFromBits64(0x000fffffffffffffull)
                  : (double)mathFromBits32(0x007fffffu);
  case 6:
    return Double ? -mathFromBits64(0x000fffffffffffffull)
                  : -(double)mathFromBits32(0x007fffffu);
  case 7: /* smallest normal */
    return Double ? mathPow2(-1022) : mathPow2(-126);
  case 8: /* largest finite */
    return Double ? F64MAX : F32MAX;
  default:
    return Double ? -F64MAX : -F32MAX;
  }
}

/* The shorter list crossed for two- and three-argument functions. */
static const unsigned MathEdges2[] = {
    /* indices into mathEdge1 */
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 42, 43, 46, 47};
#define MATH_EDGE2_SPECIALS 10 /* + the 10 special values after MathEdges */
static const unsigned MathEdges3[] = {0, 1, 2, 3, 6, 7, 42, 43};

static inline unsigned mathNumEdges(int Shape) {
  unsigned N2 = (unsigned)(sizeof(MathEdges2) / sizeof(MathEdges2[0])) +
                MATH_EDGE2_SPECIALS;
  unsigned N3 = (unsigned)(sizeof(MathEdges3) / sizeof(MathEdges3[0])) + 6;
  if (Shape == MS_1)
    return mathNumEdges1();
  if (Shape == MS_3)
    return N3 * N3 * N3;
  return N2 * N2;
}

static inline double mathEdge2(unsigned I, int Double) {
  unsigned N = (unsigned)(sizeof(MathEdges2) / sizeof(MathEdges2[0]));
  unsigned Base = 2 * (unsigned)(sizeof(MathEdges) / sizeof(MathEdges[0]));
  return I < N ? mathEdge1(MathEdges2[I], Double)
               : mathEdge1(Base + (I - N), Double);
}
static inline double mathEdge3(unsigned I, int Double) {
  unsigned N = (unsigned)(sizeof(MathEdges3) / sizeof(MathEdges3[0]));
  unsigned Base = 2 * (unsigned)(sizeof(MathEdges) / sizeof(MathEdges[0]));
  /* +-inf, NaN, +-denormal min, largest finite */
  return I < N ? mathEdge1(MathEdges3[I], Double)
               : mathEdge1(Base + (I - N), Double);
}

/* A random value of one argument: R picks the kind, H the value. */
static inline double mathRandom(uint32_t H1, uint32_t H2, double Lo, double Hi,
                                int Double, int Integral) {
  unsigned Kind = H1 % 3;
  if (Integral) { /* uniform integer in [Lo, Hi] */
    double Span = Hi - Lo + 1;
    return Lo + (double)(uint32_t)((double)H2 / 4294967296.0 * Span);
  }
  if (Kind == 0) { /* every bit pattern */
    if (Double) /* never converted: signaling NaNs stay */
      return mathFromBits64((uint64_t)H2 << 32 | mathHash(H2 ^ H1));
    /* A float goes through double and back: quiet its NaNs here, as the
     * conversions do, since a compiler may fold them away. */
    if ((H2 & 0x7f800000u) == 0x7f800000u && (H2 & 0x007fffffu))
      H2 |= 0x00400000u;
    return (double)mathFromBits32(H2);
  }
  if (Kind == 1) { /* linear in [Lo, Hi] */
    double U = (double)(H2 >> 8) / 16777216.0 +
               (double)(mathHash(H2) >> 8) / 281474976710656.0;
    double X = Lo + (Hi - Lo) * U;
    if (!(X == X) || X - X != 0) /* Hi - Lo overflowed */
      X = Lo * (1 - U) + Hi * U;
    return X;
  }
  /* log-uniform magnitude between 2^-40 (2^-140 for double) and the
   * interval's, with a sign the interval allows */
  double Max = Hi > -Lo ? Hi : -Lo;
  int MaxExp = 0;
  while (MaxExp < 1023 && mathPow2(MaxExp) < Max)
    ++MaxExp;
  int MinExp = Double ? -140 : -40;
  int E = MinExp + (int)(H2 % (unsigned)(MaxExp - MinExp + 1));
  double M = 1.0 + (double)(mathHash(H2 + 1) >> 8) / 16777216.0;
  double X = M * mathPow2(E - 1);
  if (X > Max)
    X = Max;
  int Negative = Lo < 0 && (Hi <= 0 || (H1 >> 8) & 1);
  return Negative ? -X : X;
}

/* Input I of function F (of the float list, or the double one). Values
 * are double; a float function's are exact floats. */
static inline void mathInput(const MathFunction *F, int Double, unsigned I,
                             double *A, double *B, double *C) {
  unsigned E = mathNumEdges(F->Shape);
  *A = *B = *C = 0;
  if (I < E) {
    if (F->Shape == MS_1) {
      *A = mathEdge1(I, Double);
    } else if (F->Shape == MS_3) {
      unsigned N3 = (unsigned)(sizeof(MathEdges3) / sizeof(MathEdges3[0])) + 6;
      *A = mathEdge3(I % N3, Double);
      *B = mathEdge3(I / N3 % N3, Double);
      *C = mathEdge3(I / N3 / N3, Double);
    } else {
      unsigned N2 = (unsigned)(sizeof(MathEdges2) / sizeof(MathEdges2[0])) +
                    MATH_EDGE2_SPECIALS;
      *A = mathEdge2(I % N2, Double);
      *B = mathEdge2(I / N2, Double);
      if (F->Shape == MS_FI) { /* integral exponents around the limits */
        static const double Exps[] = {0,    1,    -1,   2,    24,   -24,
                                      126,  127,  128,  -126, -127, -149,
                                      -150, 300,  -300, 1023, 1024, -1022,
                                      -1074, -1075, 2200, -2200, 53, -53,
                                      10,   -10,  64,   -64};
        *B = Exps[(I / N2) % (sizeof(Exps) / sizeof(Exps[0]))];
      }
    }
  } else {
    uint32_t Seed = mathHash(I * 0x9e3779b9u ^ mathHash((uint32_t)F->Ref * 77u +
                                                        (uint32_t)F->Shape));
    for (const char *P = F->Name; *P; ++P)
      Seed = mathHash(Seed ^ (uint32_t)(unsigned char)*P);
    *A = mathRandom(Seed, mathHash(Seed + 1), F->ALo, F->AHi, Double, 0);
    if (F->Shape != MS_1)
      *B = mathRandom(mathHash(Seed + 2), mathHash(Seed + 3), F->BLo, F->BHi,
                      Double, F->Shape == MS_FI);
    if (F->Shape == MS_3) {
      /* fma: c near -a*b often, to reach cancellation */
      uint32_t H = mathHash(Seed + 4);
      /* (not -(a * b) of a NaN: compilers differ on its sign) */
      double P = *A * *B;
      *C = (H & 3) == 0 ? (P == P ? -P : 1.0)
                        : mathRandom(H, mathHash(Seed + 5), F->ALo, F->AHi,
                                     Double, 0);
    }
  }
  if (!Double) {
    *A = (double)(float)*A;
    *B = (double)(float)*B;
    *C = (double)(float)*C;
  }
}

#endif
