/*===- PtxRecipeBuilders.h - What the PTX recipes build on ---------*- C -*-===*
 *
 * One function per recipe of tablegen/PtxInstructions.td. Each first
 * rejects what it does not support (ptxUnsupported) and returns when the
 * translator is only checking; then it builds the instruction's IR at the
 * builder's position, reading and writing operands through the
 * translator's registers.
 *
 * The semantics are PTX's, exactly, where LLVM's differ: shift amounts are
 * clamped rather than poison, division by zero gives what an NVIDIA GPU
 * gives, float-to-integer conversions saturate, and the directed roundings
 * (.rz .rm .rp) are derived from the round-to-nearest result and its exact
 * error. lit-tests/oracle/nvidia/inline-ptx holds the H100's answers.
 *
 * The recipes are grouped by instruction family: PtxRecipesConvert.c (mov,
 * cvt), PtxRecipesInteger.c (integer arithmetic, logic and bits,
 * comparison and selection), PtxRecipesFloat.c (floating-point arithmetic,
 * abs, neg, min, max, reciprocal, square root, approximations),
 * PtxRecipesMemory.c (memory, fences, barriers, trap, exit) and
 * PtxRecipesWarp.c (the warp operations, as NVVM intrinsics). This header
 * holds the small builders they share.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_PTXRECIPEBUILDERS_H
#define NVVMWARP_PTXRECIPEBUILDERS_H

#include "ptx/PtxTranslate.h"

#include <string.h>

static inline PtxType type0(const PtxLowering *L) { return L->Types[0]; }

static inline unsigned opBits(const PtxLowering *L) { return L->Types[0].Bits; }

static inline bool opcodeIs(const PtxLowering *L, const char *Opcode) {
  return !strcmp(L->S->Opcode, Opcode);
}

/* The integer type as wide as a float type. */
static inline PtxType bitsOf(PtxType Type) {
  return ptxMakeType(PtxBits, Type.Bits);
}

static inline LLVMValueRef toBits(PtxLowering *L, LLVMValueRef Float) {
  LLVMTypeRef Type = LLVMTypeOf(Float);
  unsigned Bits = LLVMGetTypeKind(Type) == LLVMFloatTypeKind    ? 32
                  : LLVMGetTypeKind(Type) == LLVMDoubleTypeKind ? 64
                                                                : 16;
  return LLVMBuildBitCast(L->B, Float, LLVMIntTypeInContext(L->Ctx, Bits), "");
}

static inline LLVMValueRef fromBitsAs(PtxLowering *L, LLVMValueRef Bits,
                                      LLVMTypeRef Type) {
  return LLVMBuildBitCast(L->B, Bits, Type, "");
}

static inline unsigned floatBits(LLVMTypeRef Type) {
  switch (LLVMGetTypeKind(Type)) {
  case LLVMFloatTypeKind:
    return 32;
  case LLVMDoubleTypeKind:
    return 64;
  default:
    return 16;
  }
}

static inline LLVMValueRef floatConst(LLVMTypeRef Type, double Value) {
  return LLVMConstReal(Type, Value);
}

static inline LLVMValueRef call1(PtxLowering *L, const char *Name,
                                 LLVMValueRef A) {
  LLVMTypeRef Type = LLVMTypeOf(A);
  return ptxCallIntrinsic(L, Name, &Type, 1, &A, 1);
}

static inline LLVMValueRef call2(PtxLowering *L, const char *Name,
                                 LLVMValueRef A, LLVMValueRef B) {
  LLVMTypeRef Type = LLVMTypeOf(A);
  LLVMValueRef Args[] = {A, B};
  return ptxCallIntrinsic(L, Name, &Type, 1, Args, 2);
}

static inline LLVMValueRef pick(PtxLowering *L, LLVMValueRef C, LLVMValueRef T,
                                LLVMValueRef F) {
  return LLVMBuildSelect(L->B, C, T, F, "");
}

static inline LLVMValueRef isNaN(PtxLowering *L, LLVMValueRef X) {
  return LLVMBuildFCmp(L->B, LLVMRealUNO, X, X, "");
}

/* NVIDIA GPUs give every f32 (and f16) NaN that arithmetic produces one
 * canonical pattern, all ones but the sign; f64 NaNs propagate quieted, as
 * LLVM's do (lit-tests/oracle/nvidia/ptx-forms). */
static inline LLVMValueRef canonicalNaN(PtxLowering *L, LLVMValueRef X) {
  /* Selected as integers: LLVM may give a NaN any payload, so a float
   * select of a NaN constant would not keep it. The result is the bits. */
  LLVMValueRef Bits = toBits(L, X);
  unsigned Width = floatBits(LLVMTypeOf(X));
  if (Width == 64)
    return Bits;
  /* The NaN test is on the bits too, which LLVM does not tie to the
   * operation that made X (isnan(sqrt(x)) would become x < 0, and the
   * select fold away). */
  uint64_t Pattern = Width == 32 ? 0x7fffffffu : 0x7fffu;
  uint64_t Infinity = Width == 32 ? 0x7f800000u : 0x7c00u;
  LLVMValueRef Magnitude =
      LLVMBuildAnd(L->B, Bits, ptxInt(L, Width, Pattern), "");
  LLVMValueRef NaN = LLVMBuildICmp(L->B, LLVMIntUGT, Magnitude,
                                   ptxInt(L, Width, Infinity), "");
  return pick(L, NaN, ptxInt(L, Width, Pattern), Bits);
}

static inline LLVMValueRef isInfinite(PtxLowering *L, LLVMValueRef X) {
  return LLVMBuildFCmp(L->B, LLVMRealOEQ, call1(L, "llvm.fabs", X),
                       floatConst(LLVMTypeOf(X), __builtin_inf()), "");
}

/* An infinite operand makes a sum or product exact (or NaN): no error. */
static inline LLVMValueRef noErrorIfInfinite(PtxLowering *L, LLVMValueRef Error,
                                             LLVMValueRef *Operands,
                                             unsigned NumOperands) {
  LLVMValueRef Any = ptxInt(L, 1, 0);
  for (unsigned I = 0; I < NumOperands; ++I)
    Any = LLVMBuildOr(L->B, Any, isInfinite(L, Operands[I]), "");
  return pick(L, Any, floatConst(LLVMTypeOf(Error), 0.0), Error);
}

/* .ftz: a denormal becomes a zero of its sign. */
static inline LLVMValueRef flushDenormal(PtxLowering *L, LLVMValueRef X) {
  LLVMTypeRef Type = LLVMTypeOf(X);
  unsigned Bits = floatBits(Type);
  uint64_t Smallest = Bits == 32 ? 0x00800000u : 0x0010000000000000ull;
  LLVMValueRef Raw = toBits(L, X);
  LLVMValueRef Magnitude =
      LLVMBuildAnd(L->B, Raw, ptxInt(L, Bits, ~(1ull << (Bits - 1))), "");
  LLVMValueRef Tiny = LLVMBuildAnd(
      L->B,
      LLVMBuildICmp(L->B, LLVMIntULT, Magnitude, ptxInt(L, Bits, Smallest), ""),
      LLVMBuildICmp(L->B, LLVMIntNE, Magnitude, ptxInt(L, Bits, 0), ""), "");
  LLVMValueRef Zero =
      LLVMBuildAnd(L->B, Raw, ptxInt(L, Bits, 1ull << (Bits - 1)), "");
  return fromBitsAs(L, pick(L, Tiny, Zero, Raw), Type);
}

static inline LLVMValueRef maybeFlush(PtxLowering *L, LLVMValueRef X) {
  return ptxHas(L, "ftz") ? flushDenormal(L, X) : X;
}

/* .sat on floats: clamped to [0, 1], a NaN to +0. */
static inline LLVMValueRef saturateUnit(PtxLowering *L, LLVMValueRef X) {
  LLVMTypeRef Type = LLVMTypeOf(X);
  LLVMValueRef Zero = floatConst(Type, 0.0), One = floatConst(Type, 1.0);
  LLVMValueRef Low = LLVMBuildFCmp(L->B, LLVMRealULE, X, Zero, "");
  LLVMValueRef High = LLVMBuildFCmp(L->B, LLVMRealOGT, X, One, "");
  return pick(L, Low, Zero, pick(L, High, One, X));
}

/* The float after X (toward +inf) and before it. X is not NaN or the
 * infinity it moves away from. */
static inline LLVMValueRef stepFloat(PtxLowering *L, LLVMValueRef X, bool Up) {
  LLVMTypeRef Type = LLVMTypeOf(X);
  unsigned Bits = floatBits(Type);
  LLVMValueRef Raw = toBits(L, X);
  LLVMValueRef Negative =
      LLVMBuildICmp(L->B, LLVMIntSLT, Raw, ptxInt(L, Bits, 0), "");
  /* Up from a positive and down from a negative grow the magnitude. */
  LLVMValueRef Grow = Up ? LLVMBuildNot(L->B, Negative, "") : Negative;
  LLVMValueRef Stepped =
      pick(L, Grow, LLVMBuildAdd(L->B, Raw, ptxInt(L, Bits, 1), ""),
           LLVMBuildSub(L->B, Raw, ptxInt(L, Bits, 1), ""));
  LLVMValueRef IsZero =
      LLVMBuildFCmp(L->B, LLVMRealOEQ, X, floatConst(Type, 0.0), "");
  LLVMValueRef Tiny = ptxInt(L, Bits, Up ? 1 : (1ull << (Bits - 1)) | 1);
  return fromBitsAs(L, pick(L, IsZero, Tiny, Stepped), Type);
}

typedef enum { RoundNearest, RoundZero, RoundDown, RoundUp } RoundingMode;

static inline RoundingMode roundingMode(const PtxLowering *L) {
  if (ptxHas(L, "rz") || ptxHas(L, "rzi"))
    return RoundZero;
  if (ptxHas(L, "rm") || ptxHas(L, "rmi"))
    return RoundDown;
  if (ptxHas(L, "rp") || ptxHas(L, "rpi"))
    return RoundUp;
  return RoundNearest;
}

/* Rounds the exact value Sum + Error (Sum the round-to-nearest result in a
 * type at least as wide as Type, Error of Sum's type: only its sign counts
 * when Sum is a Type value) to Type in Mode. A NaN Error with an infinite
 * Sum stands for an overflow. */
static inline LLVMValueRef roundDirected(PtxLowering *L, LLVMValueRef Sum,
                                         LLVMValueRef Error, LLVMTypeRef Type,
                                         RoundingMode Mode) {
  LLVMTypeRef Wide = LLVMTypeOf(Sum);
  LLVMValueRef Nearest =
      Wide == Type ? Sum : LLVMBuildFPTrunc(L->B, Sum, Type, "");
  if (Mode == RoundNearest)
    return Nearest;
  LLVMValueRef Back =
      Wide == Type ? Nearest : LLVMBuildFPExt(L->B, Nearest, Wide, "");
  LLVMValueRef Zero = floatConst(Wide, 0.0);
  /* An overflow (inf with a NaN error) lies below +inf, above -inf. */
  LLVMValueRef Overflow = LLVMBuildAnd(
      L->B, isNaN(L, Error), LLVMBuildNot(L->B, isNaN(L, Sum), ""), "");
  Error = pick(L, Overflow, LLVMBuildFNeg(L->B, Sum, ""), Error);
  LLVMValueRef Above = LLVMBuildOr(
      L->B, LLVMBuildFCmp(L->B, LLVMRealOGT, Back, Sum, ""),
      LLVMBuildAnd(L->B, LLVMBuildFCmp(L->B, LLVMRealOEQ, Back, Sum, ""),
                   LLVMBuildFCmp(L->B, LLVMRealOLT, Error, Zero, ""), ""),
      "");
  LLVMValueRef Below = LLVMBuildOr(
      L->B, LLVMBuildFCmp(L->B, LLVMRealOLT, Back, Sum, ""),
      LLVMBuildAnd(L->B, LLVMBuildFCmp(L->B, LLVMRealOEQ, Back, Sum, ""),
                   LLVMBuildFCmp(L->B, LLVMRealOGT, Error, Zero, ""), ""),
      "");
  LLVMValueRef Down = stepFloat(L, Nearest, false);
  LLVMValueRef Up = stepFloat(L, Nearest, true);
  switch (Mode) {
  case RoundDown:
    return pick(L, Above, Down, Nearest);
  case RoundUp:
    return pick(L, Below, Up, Nearest);
  default: {
    LLVMValueRef TypeZero = floatConst(Type, 0.0);
    LLVMValueRef Positive =
        LLVMBuildFCmp(L->B, LLVMRealOGT, Nearest, TypeZero, "");
    LLVMValueRef Negative =
        LLVMBuildFCmp(L->B, LLVMRealOLT, Nearest, TypeZero, "");
    return pick(L, LLVMBuildAnd(L->B, Positive, Above, ""), Down,
                pick(L, LLVMBuildAnd(L->B, Negative, Below, ""), Up, Nearest));
  }
  }
}

/* fma(X * 2^KX, Y * 2^KY, Z * 2^KZ) when Small holds, fma(X, Y, Z)
 * otherwise: a residual (a - q*b, a - r*r, a*b - p) that would underflow
 * and lose its sign in the subnormal range, scaled up exactly. */
static inline LLVMValueRef scaleBy(PtxLowering *L, LLVMValueRef Small,
                                   LLVMValueRef X, int K) {
  LLVMTypeRef Type = LLVMTypeOf(X);
  /* 2^K in steps of at most 2^600, each exact in a double. */
  for (; K > 0; K -= 600)
    X = LLVMBuildFMul(
        L->B, X,
        pick(L, Small,
             floatConst(Type, __builtin_ldexp(1.0, K < 600 ? K : 600)),
             floatConst(Type, 1.0)),
        "");
  return X;
}

static inline LLVMValueRef scaledResidual(PtxLowering *L, LLVMValueRef Small,
                                          LLVMValueRef X, int KX,
                                          LLVMValueRef Y, int KY,
                                          LLVMValueRef Z, int KZ) {
  LLVMTypeRef Type = LLVMTypeOf(X);
  LLVMValueRef Args[] = {scaleBy(L, Small, X, KX), scaleBy(L, Small, Y, KY),
                         scaleBy(L, Small, Z, KZ)};
  return ptxCallIntrinsic(L, "llvm.fma", &Type, 1, Args, 3);
}

/* Whether |X| < 2^-900, where a double residual may underflow. */
static inline LLVMValueRef isTiny(PtxLowering *L, LLVMValueRef X) {
  return LLVMBuildFCmp(L->B, LLVMRealOLT, call1(L, "llvm.fabs", X),
                       floatConst(LLVMTypeOf(X), __builtin_ldexp(1.0, -900)),
                       "");
}

/* Knuth's TwoSum: S = fl(A + B) and the exact A + B - S. */
static inline void twoSum(PtxLowering *L, LLVMValueRef A, LLVMValueRef B,
                          LLVMValueRef *S, LLVMValueRef *E) {
  *S = LLVMBuildFAdd(L->B, A, B, "");
  LLVMValueRef BB = LLVMBuildFSub(L->B, *S, A, "");
  LLVMValueRef AA = LLVMBuildFSub(L->B, *S, BB, "");
  *E = LLVMBuildFAdd(L->B, LLVMBuildFSub(L->B, A, AA, ""),
                     LLVMBuildFSub(L->B, B, BB, ""), "");
}

/* An exact zero sum is -0 when rounding down, unless both addends are +0;
 * elsewhere the round-to-nearest result already has the right sign. */
static inline LLVMValueRef fixZeroSum(PtxLowering *L, LLVMValueRef Result,
                                      LLVMValueRef A, LLVMValueRef B,
                                      RoundingMode Mode) {
  if (Mode != RoundDown)
    return Result;
  LLVMTypeRef Type = LLVMTypeOf(Result);
  unsigned Bits = floatBits(Type);
  LLVMValueRef IsZero =
      LLVMBuildFCmp(L->B, LLVMRealOEQ, Result, floatConst(Type, 0.0), "");
  LLVMValueRef BothPlusZero = LLVMBuildICmp(
      L->B, LLVMIntEQ, LLVMBuildOr(L->B, toBits(L, A), toBits(L, B), ""),
      ptxInt(L, Bits, 0), "");
  LLVMValueRef MinusZero =
      fromBitsAs(L, ptxInt(L, Bits, 1ull << (Bits - 1)), Type);
  return pick(
      L, LLVMBuildAnd(L->B, IsZero, LLVMBuildNot(L->B, BothPlusZero, ""), ""),
      MinusZero, Result);
}

#endif
