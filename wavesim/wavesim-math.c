/*===- wavesim-math.c - Host models of AMDGPU's per-lane math intrinsics ---===*
 *
 * CUDA's math functions reach AMD's OCML (pass/retarget/DeviceLibs.c), whose
 * code calls a few llvm.amdgcn.* intrinsics, each one VALU instruction, and
 * CUDA's __dp4a becomes AMD's dot-product ones (pass/retarget/DotProducts.c).
 * wavesim runs them as these host functions, from the ISA's pseudo-code
 * (AMD's CDNA3 and RDNA3 ISA manuals):
 *
 *   rcp, rsq           1 / x, 1 / sqrt(x), correctly rounded (the hardware
 *                      is documented to 1 ulp: the model is the ideal)
 *   fract              x - floor(x), kept below 1.0 as LLVM defines it
 *   frexp.mant/.exp    x's significand in [0.5, 1) and exponent; an
 *                      infinity or NaN gives itself and 0
 *   class              the IEEE class of x tested against a 10-bit mask
 *                      (signaling NaN, quiet NaN, -inf, -normal,
 *                      -denormal, -0, +0, +denormal, +normal, +inf)
 *   fmed3              the median of three (the minimum if one is NaN)
 *   trig.preop         53 bits of 2/pi from bit 53 * segment (more for
 *                      large x), scaled: Payne-Hanek reduction's table
 *   sdot4, udot4,      c plus the products of a's and b's four bytes, each
 *   sudot4             signed or unsigned (sudot4: as its flags say),
 *                      wrapping at 32 bits, or with clamp saturated to the
 *                      result's type (the retargeting's CUDA __dp4a, clamp
 *                      off)
 *
 * The target-independent intrinsics OCML uses (llvm.exp2, llvm.log2,
 * llvm.sqrt, llvm.fma, ...) run as the host's, correctly rounded where the
 * hardware's are approximations: wavesim measures OCML's algorithms, not
 * the last bit of v_exp_f32.
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim-math.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static float rcpF32(float X) { return 1.0f / X; }
static double rcpF64(double X) { return 1.0 / X; }
static float rsqF32(float X) { return (float)(1.0 / sqrt((double)X)); }
static double rsqF64(double X) {
  return (double)(1.0L / sqrtl((long double)X));
}

static float fractF32(float X) {
  if (isnan(X))
    return X;
  return fminf(X - floorf(X), 0x1.fffffep-1f);
}
static double fractF64(double X) {
  if (isnan(X))
    return X;
  return fmin(X - floor(X), 0x1.fffffffffffffp-1);
}

static float frexpMantF32(float X) {
  int Exponent;
  return isinf(X) || isnan(X) ? X : frexpf(X, &Exponent);
}
static double frexpMantF64(double X) {
  int Exponent;
  return isinf(X) || isnan(X) ? X : frexp(X, &Exponent);
}
static int frexpExpF32(float X) {
  int Exponent = 0;
  if (!isinf(X) && !isnan(X))
    frexpf(X, &Exponent);
  return Exponent;
}
static int frexpExpF64(double X) {
  int Exponent = 0;
  if (!isinf(X) && !isnan(X))
    frexp(X, &Exponent);
  return Exponent;
}

/* The bit of the class mask that selects a value: NaN (signaling or
 * quiet), or fpclassify's class with the sign. */
static bool inClass(unsigned Mask, bool IsNaN, bool IsSignaling, int Class,
                    bool Negative) {
  unsigned Bit;
  if (IsNaN)
    Bit = IsSignaling ? 0 : 1;
  else if (Class == FP_INFINITE)
    Bit = Negative ? 2 : 9;
  else if (Class == FP_NORMAL)
    Bit = Negative ? 3 : 8;
  else if (Class == FP_SUBNORMAL)
    Bit = Negative ? 4 : 7;
  else
    Bit = Negative ? 5 : 6;
  return (Mask >> Bit) & 1;
}
static bool classF32(float X, unsigned Mask) {
  uint32_t Bits;
  memcpy(&Bits, &X, sizeof(Bits));
  return inClass(Mask, isnan(X), !(Bits & 0x00400000u), fpclassify(X),
                 signbit(X));
}
static bool classF64(double X, unsigned Mask) {
  uint64_t Bits;
  memcpy(&Bits, &X, sizeof(Bits));
  return inClass(Mask, isnan(X), !(Bits & 0x0008000000000000ull), fpclassify(X),
                 signbit(X));
}

static float fmed3F32(float A, float B, float C) {
  if (isnan(A) || isnan(B) || isnan(C))
    return fminf(fminf(A, B), C);
  float Max = fmaxf(fmaxf(A, B), C);
  if (Max == A)
    return fmaxf(B, C);
  if (Max == B)
    return fmaxf(A, C);
  return fmaxf(A, B);
}

/* The first 1216 fractional bits of 2/pi, most significant first (the
 * hardware's table has 1201; the rest are zero there). */
static const uint64_t TwoOverPi[19] = {
    0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull,
    0xfe5163abdebbc561ull, 0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull,
    0xfe1deb1cb129a73eull, 0xe88235f52ebb4484ull, 0xe99c7026b45f7e41ull,
    0x3991d639835339f4ull, 0x9c845f8bbdf9283bull, 0x1ff897ffde05980full,
    0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull,
    0x7527bac7ebe5f17bull, 0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull,
    0x56033046fc7b6babull};

/* Fractional bit I of 2/pi (0 is the first), 0 past the table's 1201. */
static unsigned twoOverPiBit(unsigned I) {
  if (I > 1200)
    return 0;
  return (unsigned)(TwoOverPi[I / 64] >> (63 - I % 64)) & 1;
}

static double trigPreopF64(double X, int Segment) {
  uint64_t Bits;
  memcpy(&Bits, &X, sizeof(Bits));
  unsigned Exponent = (unsigned)(Bits >> 52) & 0x7ff;
  unsigned Shift = ((unsigned)Segment & 31) * 53;
  if (Exponent > 1077)
    Shift += Exponent - 1077;
  uint64_t Result = 0;
  for (unsigned I = 0; I < 53; ++I)
    Result = Result << 1 | twoOverPiBit(Shift + I);
  int Scale = -53 - (int)Shift;
  if (Exponent >= 1968)
    Scale += 128;
  return ldexp((double)Result, Scale);
}

/* C plus the four products of A's and B's bytes, each sign- or
 * zero-extended, in 64 bits: no sum of them overflows. */
static int64_t dot4Sum(uint32_t A, bool ASigned, uint32_t B, bool BSigned,
                       int64_t C) {
  int64_t Sum = C;
  for (unsigned I = 0; I < 32; I += 8) {
    uint8_t ByteA = (uint8_t)(A >> I), ByteB = (uint8_t)(B >> I);
    int64_t PartA = ASigned ? (int8_t)ByteA : ByteA;
    int64_t PartB = BSigned ? (int8_t)ByteB : ByteB;
    Sum += PartA * PartB;
  }
  return Sum;
}

static int32_t clampToI32(int64_t Sum) {
  return Sum > INT32_MAX ? INT32_MAX : Sum < INT32_MIN ? INT32_MIN : Sum;
}

/* The i1 operands (clamp, sudot4's signs) arrive with the bits above bit 0
 * of their registers undefined (the host ABI). */
static int32_t sdot4(int32_t A, int32_t B, int32_t C, uint32_t Clamp) {
  int64_t Sum = dot4Sum((uint32_t)A, true, (uint32_t)B, true, C);
  return Clamp & 1 ? clampToI32(Sum) : (int32_t)(uint32_t)Sum;
}

static uint32_t udot4(uint32_t A, uint32_t B, uint32_t C, uint32_t Clamp) {
  int64_t Sum = dot4Sum(A, false, B, false, C);
  if (Clamp & 1 && Sum > UINT32_MAX)
    return UINT32_MAX;
  return (uint32_t)Sum;
}

static int32_t sudot4(uint32_t ASigned, int32_t A, uint32_t BSigned,
                      int32_t B, int32_t C, uint32_t Clamp) {
  int64_t Sum =
      dot4Sum((uint32_t)A, ASigned & 1, (uint32_t)B, BSigned & 1, C);
  return Clamp & 1 ? clampToI32(Sum) : (int32_t)(uint32_t)Sum;
}

static const WaveSimMathIntrinsic MathIntrinsics[] = {
    {"llvm.amdgcn.rcp.f32", "__wavesim_rcp_f32", (void *)rcpF32},
    {"llvm.amdgcn.rcp.f64", "__wavesim_rcp_f64", (void *)rcpF64},
    {"llvm.amdgcn.rsq.f32", "__wavesim_rsq_f32", (void *)rsqF32},
    {"llvm.amdgcn.rsq.f64", "__wavesim_rsq_f64", (void *)rsqF64},
    {"llvm.amdgcn.fract.f32", "__wavesim_fract_f32", (void *)fractF32},
    {"llvm.amdgcn.fract.f64", "__wavesim_fract_f64", (void *)fractF64},
    {"llvm.amdgcn.frexp.mant.f32", "__wavesim_frexp_mant_f32",
     (void *)frexpMantF32},
    {"llvm.amdgcn.frexp.mant.f64", "__wavesim_frexp_mant_f64",
     (void *)frexpMantF64},
    {"llvm.amdgcn.frexp.exp.i32.f32", "__wavesim_frexp_exp_f32",
     (void *)frexpExpF32},
    {"llvm.amdgcn.frexp.exp.i32.f64", "__wavesim_frexp_exp_f64",
     (void *)frexpExpF64},
    {"llvm.amdgcn.class.f32", "__wavesim_class_f32", (void *)classF32},
    {"llvm.amdgcn.class.f64", "__wavesim_class_f64", (void *)classF64},
    {"llvm.amdgcn.fmed3.f32", "__wavesim_fmed3_f32", (void *)fmed3F32},
    {"llvm.amdgcn.trig.preop.f64", "__wavesim_trig_preop_f64",
     (void *)trigPreopF64},
    {"llvm.amdgcn.sdot4", "__wavesim_sdot4", (void *)sdot4},
    {"llvm.amdgcn.udot4", "__wavesim_udot4", (void *)udot4},
    {"llvm.amdgcn.sudot4", "__wavesim_sudot4", (void *)sudot4},
};

unsigned wavesimNumMathIntrinsics(void) {
  return sizeof(MathIntrinsics) / sizeof(MathIntrinsics[0]);
}

const WaveSimMathIntrinsic *wavesimMathIntrinsic(unsigned I) {
  return &MathIntrinsics[I];
}

const WaveSimMathIntrinsic *wavesimFindMathIntrinsic(const char *Name) {
  for (unsigned I = 0; I < wavesimNumMathIntrinsics(); ++I)
    if (!strcmp(Name, MathIntrinsics[I].Intrinsic))
      return &MathIntrinsics[I];
  return NULL;
}
