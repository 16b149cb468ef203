/*===- PtxRecipes.c - What each inline PTX instruction form means ---------===*
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
 *===----------------------------------------------------------------------===*/

#include "ptx/PtxTranslate.h"

#include "support/IRUtils.h"

#include <stdio.h>
#include <string.h>

/*===-- Small builders ----------------------------------------------------===*/

static PtxType type0(const PtxLowering *L) { return L->Types[0]; }

static unsigned opBits(const PtxLowering *L) { return L->Types[0].Bits; }

static bool opcodeIs(const PtxLowering *L, const char *Opcode) {
  return !strcmp(L->S->Opcode, Opcode);
}

/* The integer type as wide as a float type. */
static PtxType bitsOf(PtxType Type) { return ptxMakeType(PtxBits, Type.Bits); }

static LLVMValueRef toBits(PtxLowering *L, LLVMValueRef Float) {
  LLVMTypeRef Type = LLVMTypeOf(Float);
  unsigned Bits = LLVMGetTypeKind(Type) == LLVMFloatTypeKind    ? 32
                  : LLVMGetTypeKind(Type) == LLVMDoubleTypeKind ? 64
                                                                : 16;
  return LLVMBuildBitCast(L->B, Float, LLVMIntTypeInContext(L->Ctx, Bits), "");
}

static LLVMValueRef fromBitsAs(PtxLowering *L, LLVMValueRef Bits,
                               LLVMTypeRef Type) {
  return LLVMBuildBitCast(L->B, Bits, Type, "");
}

static unsigned floatBits(LLVMTypeRef Type) {
  switch (LLVMGetTypeKind(Type)) {
  case LLVMFloatTypeKind:
    return 32;
  case LLVMDoubleTypeKind:
    return 64;
  default:
    return 16;
  }
}

static LLVMValueRef floatConst(LLVMTypeRef Type, double Value) {
  return LLVMConstReal(Type, Value);
}

static LLVMValueRef call1(PtxLowering *L, const char *Name, LLVMValueRef A) {
  LLVMTypeRef Type = LLVMTypeOf(A);
  return ptxCallIntrinsic(L, Name, &Type, 1, &A, 1);
}

static LLVMValueRef call2(PtxLowering *L, const char *Name, LLVMValueRef A,
                          LLVMValueRef B) {
  LLVMTypeRef Type = LLVMTypeOf(A);
  LLVMValueRef Args[] = {A, B};
  return ptxCallIntrinsic(L, Name, &Type, 1, Args, 2);
}

static LLVMValueRef pick(PtxLowering *L, LLVMValueRef C, LLVMValueRef T,
                         LLVMValueRef F) {
  return LLVMBuildSelect(L->B, C, T, F, "");
}

static LLVMValueRef isNaN(PtxLowering *L, LLVMValueRef X) {
  return LLVMBuildFCmp(L->B, LLVMRealUNO, X, X, "");
}

/* NVIDIA GPUs give every f32 (and f16) NaN that arithmetic produces one
 * canonical pattern, all ones but the sign; f64 NaNs propagate quieted, as
 * LLVM's do (lit-tests/oracle/nvidia/ptx-forms). */
static LLVMValueRef canonicalNaN(PtxLowering *L, LLVMValueRef X) {
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

static LLVMValueRef isInfinite(PtxLowering *L, LLVMValueRef X) {
  return LLVMBuildFCmp(L->B, LLVMRealOEQ, call1(L, "llvm.fabs", X),
                       floatConst(LLVMTypeOf(X), __builtin_inf()), "");
}

/* An infinite operand makes a sum or product exact (or NaN): no error. */
static LLVMValueRef noErrorIfInfinite(PtxLowering *L, LLVMValueRef Error,
                                      LLVMValueRef *Operands,
                                      unsigned NumOperands) {
  LLVMValueRef Any = ptxInt(L, 1, 0);
  for (unsigned I = 0; I < NumOperands; ++I)
    Any = LLVMBuildOr(L->B, Any, isInfinite(L, Operands[I]), "");
  return pick(L, Any, floatConst(LLVMTypeOf(Error), 0.0), Error);
}

/* .ftz: a denormal becomes a zero of its sign. */
static LLVMValueRef flushDenormal(PtxLowering *L, LLVMValueRef X) {
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

static LLVMValueRef maybeFlush(PtxLowering *L, LLVMValueRef X) {
  return ptxHas(L, "ftz") ? flushDenormal(L, X) : X;
}

/* .sat on floats: clamped to [0, 1], a NaN to +0. */
static LLVMValueRef saturateUnit(PtxLowering *L, LLVMValueRef X) {
  LLVMTypeRef Type = LLVMTypeOf(X);
  LLVMValueRef Zero = floatConst(Type, 0.0), One = floatConst(Type, 1.0);
  LLVMValueRef Low = LLVMBuildFCmp(L->B, LLVMRealULE, X, Zero, "");
  LLVMValueRef High = LLVMBuildFCmp(L->B, LLVMRealOGT, X, One, "");
  return pick(L, Low, Zero, pick(L, High, One, X));
}

/* The float after X (toward +inf) and before it. X is not NaN or the
 * infinity it moves away from. */
static LLVMValueRef stepFloat(PtxLowering *L, LLVMValueRef X, bool Up) {
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

static RoundingMode roundingMode(const PtxLowering *L) {
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
static LLVMValueRef roundDirected(PtxLowering *L, LLVMValueRef Sum,
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
static LLVMValueRef scaleBy(PtxLowering *L, LLVMValueRef Small, LLVMValueRef X,
                            int K) {
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

static LLVMValueRef scaledResidual(PtxLowering *L, LLVMValueRef Small,
                                   LLVMValueRef X, int KX, LLVMValueRef Y,
                                   int KY, LLVMValueRef Z, int KZ) {
  LLVMTypeRef Type = LLVMTypeOf(X);
  LLVMValueRef Args[] = {scaleBy(L, Small, X, KX), scaleBy(L, Small, Y, KY),
                         scaleBy(L, Small, Z, KZ)};
  return ptxCallIntrinsic(L, "llvm.fma", &Type, 1, Args, 3);
}

/* Whether |X| < 2^-900, where a double residual may underflow. */
static LLVMValueRef isTiny(PtxLowering *L, LLVMValueRef X) {
  return LLVMBuildFCmp(L->B, LLVMRealOLT, call1(L, "llvm.fabs", X),
                       floatConst(LLVMTypeOf(X), __builtin_ldexp(1.0, -900)),
                       "");
}

/* Knuth's TwoSum: S = fl(A + B) and the exact A + B - S. */
static void twoSum(PtxLowering *L, LLVMValueRef A, LLVMValueRef B,
                   LLVMValueRef *S, LLVMValueRef *E) {
  *S = LLVMBuildFAdd(L->B, A, B, "");
  LLVMValueRef BB = LLVMBuildFSub(L->B, *S, A, "");
  LLVMValueRef AA = LLVMBuildFSub(L->B, *S, BB, "");
  *E = LLVMBuildFAdd(L->B, LLVMBuildFSub(L->B, A, AA, ""),
                     LLVMBuildFSub(L->B, B, BB, ""), "");
}

/* An exact zero sum is -0 when rounding down, unless both addends are +0;
 * elsewhere the round-to-nearest result already has the right sign. */
static LLVMValueRef fixZeroSum(PtxLowering *L, LLVMValueRef Result,
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

/*===-- mov and cvt -------------------------------------------------------===*/

bool ptxLowerMov(PtxLowering *L) {
  const PtxOperand *Dest = &L->S->Operands[0], *Source = &L->S->Operands[1];
  PtxType Type = type0(L);
  bool Packing = Source->Kind == PtxOperandVector;
  bool Unpacking = Dest->Kind == PtxOperandVector;
  if (Packing && Unpacking)
    return ptxUnsupported(L, "mov between two vectors");
  unsigned Parts = Packing ? Source->NumParts : Unpacking ? Dest->NumParts : 1;
  if (Parts > 1 &&
      (Type.Bits % Parts || Type.Bits / Parts < 8 || Type.Kind == PtxPredicate))
    return ptxUnsupported(L, "a %u-bit mov cannot split into %u parts",
                          Type.Bits, Parts);
  if (L->Checking)
    return true;
  unsigned PartBits = Type.Bits / Parts;
  if (Packing) {
    LLVMValueRef Whole = ptxInt(L, Type.Bits, 0);
    for (unsigned I = 0; I < Parts; ++I) {
      LLVMValueRef Part =
          ptxReadValue(L, &Source->Parts[I], ptxMakeType(PtxBits, PartBits));
      Part = LLVMBuildZExt(L->B, Part, LLVMIntTypeInContext(L->Ctx, Type.Bits),
                           "");
      Whole = LLVMBuildOr(
          L->B, Whole,
          LLVMBuildShl(L->B, Part, ptxInt(L, Type.Bits, I * PartBits), ""), "");
    }
    ptxWrite(L, 0, Whole);
  } else if (Unpacking) {
    LLVMValueRef Whole = ptxRead(L, 1, bitsOf(Type));
    for (unsigned I = 0; I < Parts; ++I) {
      LLVMValueRef Part =
          LLVMBuildLShr(L->B, Whole, ptxInt(L, Type.Bits, I * PartBits), "");
      ptxWriteValue(L, &Dest->Parts[I],
                    LLVMBuildTrunc(L->B, Part,
                                   LLVMIntTypeInContext(L->Ctx, PartBits), ""));
    }
  } else {
    ptxWrite(L, 0, ptxRead(L, 1, Type));
  }
  return true;
}

/* Integer to integer, saturating to the destination's range with .sat. */
static LLVMValueRef convertInteger(PtxLowering *L, LLVMValueRef X, PtxType From,
                                   PtxType To) {
  if (!ptxHas(L, "sat"))
    return LLVMBuildIntCast2(L->B, X, ptxLLVMType(L, To), ptxIsSigned(From),
                             "");
  LLVMTypeRef Wide = LLVMInt128TypeInContext(L->Ctx);
  LLVMValueRef W = LLVMBuildIntCast2(L->B, X, Wide, ptxIsSigned(From), "");
  bool Signed = ptxIsSigned(To);
  unsigned Bits = To.Bits;
  /* The destination's range as 128-bit words, low word first. */
  uint64_t LowWords[2] = {Signed ? ~0ull << (Bits - 1) : 0, Signed ? ~0ull : 0};
  uint64_t HighWords[2] = {Signed ? (1ull << (Bits - 1)) - 1
                                  : (Bits == 64 ? ~0ull : (1ull << Bits) - 1),
                           0};
  LLVMValueRef Low = LLVMConstIntOfArbitraryPrecision(Wide, 2, LowWords);
  LLVMValueRef High = LLVMConstIntOfArbitraryPrecision(Wide, 2, HighWords);
  W = pick(L, LLVMBuildICmp(L->B, LLVMIntSLT, W, Low, ""), Low, W);
  W = pick(L, LLVMBuildICmp(L->B, LLVMIntSGT, W, High, ""), High, W);
  return LLVMBuildTrunc(L->B, W, ptxLLVMType(L, To), "");
}

static LLVMValueRef roundToIntegral(PtxLowering *L, LLVMValueRef X,
                                    RoundingMode Mode) {
  static const char *const Names[] = {"llvm.roundeven", "llvm.trunc",
                                      "llvm.floor", "llvm.ceil"};
  return call1(L, Names[Mode], X);
}

/* Float to integer: rounded, saturated, a NaN as an H100 converts it (0
 * from f32 to a 32-bit integer, the sign bit alone otherwise). */
static LLVMValueRef convertToInteger(PtxLowering *L, LLVMValueRef X,
                                     PtxType From, PtxType To) {
  X = roundToIntegral(L, maybeFlush(L, X), roundingMode(L));
  LLVMTypeRef IntType = ptxLLVMType(L, To);
  LLVMTypeRef Overloads[] = {IntType, LLVMTypeOf(X)};
  LLVMValueRef Converted = ptxCallIntrinsic(
      L, ptxIsSigned(To) ? "llvm.fptosi.sat" : "llvm.fptoui.sat", Overloads, 2,
      &X, 1);
  /* From f16 or f32 to 32 bits or fewer a NaN gives 0, otherwise the sign
   * bit alone (an H100's answers). */
  uint64_t NaNValue =
      From.Bits <= 32 && To.Bits <= 32 ? 0 : 1ull << (To.Bits - 1);
  return pick(L, isNaN(L, X), ptxInt(L, To.Bits, NaNValue), Converted);
}

/* Integer to float in the statement's rounding mode: the nearest result,
 * stepped when it lies on the wrong side of the integer. */
static LLVMValueRef convertFromInteger(PtxLowering *L, LLVMValueRef X,
                                       PtxType From, PtxType To) {
  LLVMTypeRef FloatType = ptxLLVMType(L, To);
  bool Signed = ptxIsSigned(From);
  LLVMValueRef Nearest = Signed ? LLVMBuildSIToFP(L->B, X, FloatType, "")
                                : LLVMBuildUIToFP(L->B, X, FloatType, "");
  RoundingMode Mode = roundingMode(L);
  if (Mode == RoundNearest)
    return Nearest;
  /* Nearest is an integer: compare it with X as one, saturating (an
   * overflow means above). */
  LLVMTypeRef IntType = LLVMTypeOf(X);
  LLVMTypeRef Overloads[] = {IntType, FloatType};
  LLVMValueRef Back =
      ptxCallIntrinsic(L, Signed ? "llvm.fptosi.sat" : "llvm.fptoui.sat",
                       Overloads, 2, &Nearest, 1);
  double Limit = From.Bits == 64
                     ? (Signed ? 9223372036854775808.0 : 18446744073709551616.0)
                     : (Signed ? 2147483648.0 : 4294967296.0);
  if (From.Bits < 32)
    Limit = 1e30;
  LLVMValueRef Overflow = LLVMBuildFCmp(L->B, LLVMRealOGE, Nearest,
                                        floatConst(FloatType, Limit), "");
  LLVMValueRef Above = LLVMBuildOr(
      L->B, Overflow,
      LLVMBuildICmp(L->B, Signed ? LLVMIntSGT : LLVMIntUGT, Back, X, ""), "");
  LLVMValueRef Below = LLVMBuildAnd(
      L->B, LLVMBuildNot(L->B, Overflow, ""),
      LLVMBuildICmp(L->B, Signed ? LLVMIntSLT : LLVMIntULT, Back, X, ""), "");
  LLVMValueRef Zero = floatConst(FloatType, 0.0);
  LLVMValueRef Down = stepFloat(L, Nearest, false),
               Up = stepFloat(L, Nearest, true);
  switch (Mode) {
  case RoundDown:
    return pick(L, Above, Down, Nearest);
  case RoundUp:
    return pick(L, Below, Up, Nearest);
  default:
    return pick(
        L,
        LLVMBuildAnd(L->B, Above,
                     LLVMBuildFCmp(L->B, LLVMRealOGT, Nearest, Zero, ""), ""),
        Down,
        pick(L,
             LLVMBuildAnd(L->B, Below,
                          LLVMBuildFCmp(L->B, LLVMRealOLT, Nearest, Zero, ""),
                          ""),
             Up, Nearest));
  }
}

bool ptxLowerCvt(PtxLowering *L) {
  PtxType To = L->Types[0], From = L->Types[1];
  bool FloatTo = ptxIsFloat(To), FloatFrom = ptxIsFloat(From);
  const char *Rounding = L->Modifiers[0];
  bool IntegerRounding = Rounding && Rounding[strlen(Rounding) - 1] == 'i';
  if (!FloatTo && !FloatFrom && Rounding)
    return ptxUnsupported(L, "integer conversions take no rounding modifier");
  if (!FloatTo && FloatFrom && !IntegerRounding)
    return ptxUnsupported(L, "a float to integer conversion needs .rni, .rzi, "
                             ".rmi or .rpi");
  if (FloatTo && !FloatFrom && IntegerRounding)
    return ptxUnsupported(L, "an integer to float conversion takes .rn, .rz, "
                             ".rm or .rp");
  if (FloatTo && FloatFrom && To.Bits > From.Bits && Rounding)
    return ptxUnsupported(L, "a widening float conversion takes no rounding");
  if (FloatTo && FloatFrom && To.Bits < From.Bits &&
      (!Rounding || IntegerRounding))
    return ptxUnsupported(L, "a narrowing float conversion needs .rn, .rz, .rm "
                             "or .rp");
  if (FloatTo && FloatFrom && To.Bits == From.Bits && Rounding &&
      !IntegerRounding)
    return ptxUnsupported(L, "a float conversion to its own type rounds with "
                             ".rni, .rzi, .rmi or .rpi");
  if (FloatTo && !FloatFrom && To.Bits == 16 && roundingMode(L) != RoundNearest)
    return ptxUnsupported(L, "integer to f16 rounds to nearest only here");
  if (L->Checking)
    return true;
  LLVMValueRef X = ptxRead(L, 1, From);
  LLVMValueRef Result;
  if (!FloatTo && !FloatFrom) {
    Result = convertInteger(L, X, From, To);
  } else if (!FloatTo) {
    Result = convertToInteger(L, X, From, To);
  } else if (!FloatFrom) {
    Result = convertFromInteger(L, X, From, To);
  } else {
    X = maybeFlush(L, X);
    LLVMTypeRef ToType = ptxLLVMType(L, To);
    if (To.Bits > From.Bits)
      Result = LLVMBuildFPExt(L->B, X, ToType, "");
    else if (To.Bits == From.Bits)
      Result = Rounding ? roundToIntegral(L, X, roundingMode(L)) : X;
    else
      Result = roundDirected(L, X, floatConst(LLVMTypeOf(X), 0.0), ToType,
                             roundingMode(L));
    Result = maybeFlush(L, Result);
    if (ptxHas(L, "sat"))
      Result = saturateUnit(L, Result);
    if (To.Bits > From.Bits && ptxHas(L, "ftz") && To.Bits == 64)
      /* Under .ftz an H100 widens an f32 NaN as its canonical one. */
      Result = pick(L, isNaN(L, X), ptxInt(L, 64, 0x7fffffffe0000000ull),
                    toBits(L, Result));
    else if (From.Bits != 64)
      /* NaNs from f64 narrow as LLVM's fptrunc does. */
      Result = canonicalNaN(L, Result);
  }
  if (FloatTo && ptxHas(L, "sat") && !FloatFrom)
    Result = saturateUnit(L, Result);
  /* Narrow signed results fill a wider register sign-extended. */
  if (ptxIsSigned(To) && To.Bits < 32)
    Result = LLVMBuildSExt(L->B, Result, LLVMInt32TypeInContext(L->Ctx), "");
  ptxWrite(L, 0, Result);
  return true;
}

/*===-- Integer arithmetic ------------------------------------------------===*/

bool ptxLowerIntArith(PtxLowering *L) {
  bool Add = opcodeIs(L, "add");
  if (ptxHas(L, "sat") && !(type0(L).Kind == PtxSigned && opBits(L) == 32))
    return ptxUnsupported(L, ".sat applies to .s32 only");
  if (L->Checking)
    return true;
  LLVMValueRef A = ptxRead(L, 1, type0(L)), B = ptxRead(L, 2, type0(L));
  LLVMValueRef Result;
  if (ptxHas(L, "sat"))
    Result = call2(L, Add ? "llvm.sadd.sat" : "llvm.ssub.sat", A, B);
  else
    Result = Add ? LLVMBuildAdd(L->B, A, B, "") : LLVMBuildSub(L->B, A, B, "");
  ptxWrite(L, 0, Result);
  return true;
}

/* add.cc, addc, sub.cc, subc: the carry flag carries between them (for
 * subtraction it is the borrow). */
bool ptxLowerCarry(PtxLowering *L) {
  if (L->Checking)
    return true;
  bool Add = !strncmp(L->S->Opcode, "add", 3);
  bool CarryIn = L->S->Opcode[3] == 'c';
  bool CarryOut = ptxHas(L, "cc");
  unsigned Bits = opBits(L);
  LLVMTypeRef Wide = LLVMIntTypeInContext(L->Ctx, Bits + 1);
  LLVMValueRef A =
      LLVMBuildZExt(L->B, ptxRead(L, 1, bitsOf(type0(L))), Wide, "");
  LLVMValueRef B =
      LLVMBuildZExt(L->B, ptxRead(L, 2, bitsOf(type0(L))), Wide, "");
  LLVMValueRef Sum =
      Add ? LLVMBuildAdd(L->B, A, B, "") : LLVMBuildSub(L->B, A, B, "");
  if (CarryIn) {
    LLVMValueRef Carry = LLVMBuildZExt(L->B, L->Carry, Wide, "");
    Sum = Add ? LLVMBuildAdd(L->B, Sum, Carry, "")
              : LLVMBuildSub(L->B, Sum, Carry, "");
  }
  ptxWrite(L, 0,
           LLVMBuildTrunc(L->B, Sum, LLVMIntTypeInContext(L->Ctx, Bits), ""));
  if (CarryOut) {
    LLVMValueRef Out = LLVMBuildTrunc(
        L->B, LLVMBuildLShr(L->B, Sum, LLVMConstInt(Wide, Bits, false), ""),
        LLVMInt1TypeInContext(L->Ctx), "");
    L->Carry = L->Guard ? pick(L, L->Guard, Out, L->Carry) : Out;
  }
  return true;
}

/* mul.lo/.hi/.wide and mad.lo/.hi/.wide. */
bool ptxLowerIntMul(PtxLowering *L) {
  bool Mad = opcodeIs(L, "mad");
  const char *Part = L->Modifiers[0];
  unsigned Bits = opBits(L);
  if (!strcmp(Part, "wide") && Bits == 64)
    return ptxUnsupported(L, ".wide takes 16- or 32-bit operands");
  if (Mad && ptxHas(L, "sat") &&
      (strcmp(Part, "hi") || type0(L).Kind != PtxSigned || Bits != 32))
    return ptxUnsupported(L, ".sat applies to mad.hi.s32 only");
  if (L->Checking)
    return true;
  bool Signed = ptxIsSigned(type0(L));
  LLVMTypeRef Double = LLVMIntTypeInContext(L->Ctx, 2 * Bits);
  LLVMValueRef A = ptxRead(L, 1, type0(L)), B = ptxRead(L, 2, type0(L));
  LLVMValueRef Result;
  if (!strcmp(Part, "lo")) {
    Result = LLVMBuildMul(L->B, A, B, "");
  } else {
    LLVMValueRef Product =
        LLVMBuildMul(L->B, LLVMBuildIntCast2(L->B, A, Double, Signed, ""),
                     LLVMBuildIntCast2(L->B, B, Double, Signed, ""), "");
    if (!strcmp(Part, "wide")) {
      Result = Product;
    } else {
      Result = LLVMBuildTrunc(
          L->B,
          LLVMBuildLShr(L->B, Product, LLVMConstInt(Double, Bits, false), ""),
          LLVMIntTypeInContext(L->Ctx, Bits), "");
    }
  }
  if (Mad) {
    PtxType AddendType = type0(L);
    if (!strcmp(Part, "wide"))
      AddendType.Bits *= 2;
    /* mad.hi.sat.s32 adds without saturating on an H100 (all 1024 inputs
     * of lit-tests/oracle/nvidia/inline-ptx, the overflowing ones too). */
    Result = LLVMBuildAdd(L->B, Result, ptxRead(L, 3, AddendType), "");
  }
  ptxWrite(L, 0, Result);
  return true;
}

/* Integer division and remainder. LLVM leaves x/0 and INT_MIN/-1
 * undefined; an H100 gives all ones for both quotient and remainder by
 * zero, and INT_MIN/-1 wraps to INT_MIN with remainder 0. */
bool ptxLowerIntDivRem(PtxLowering *L) {
  if (L->Checking)
    return true;
  bool Div = opcodeIs(L, "div");
  bool Signed = ptxIsSigned(type0(L));
  unsigned Bits = opBits(L);
  LLVMValueRef A = ptxRead(L, 1, type0(L)), B = ptxRead(L, 2, type0(L));
  LLVMValueRef Zero = ptxInt(L, Bits, 0), One = ptxInt(L, Bits, 1);
  LLVMValueRef ByZero = LLVMBuildICmp(L->B, LLVMIntEQ, B, Zero, "");
  LLVMValueRef Unsafe = ByZero;
  if (Signed) {
    LLVMValueRef Overflow = LLVMBuildAnd(
        L->B,
        LLVMBuildICmp(L->B, LLVMIntEQ, A, ptxInt(L, Bits, 1ull << (Bits - 1)),
                      ""),
        LLVMBuildICmp(L->B, LLVMIntEQ, B, LLVMConstAllOnes(LLVMTypeOf(B)), ""),
        "");
    Unsafe = LLVMBuildOr(L->B, Unsafe, Overflow, "");
  }
  /* Dividing by one instead gives INT_MIN and 0 for the overflow. */
  LLVMValueRef Divisor = pick(L, Unsafe, One, B);
  LLVMValueRef Result;
  if (Div)
    Result = Signed ? LLVMBuildSDiv(L->B, A, Divisor, "")
                    : LLVMBuildUDiv(L->B, A, Divisor, "");
  else
    Result = Signed ? LLVMBuildSRem(L->B, A, Divisor, "")
                    : LLVMBuildURem(L->B, A, Divisor, "");
  ptxWrite(L, 0, pick(L, ByZero, LLVMConstAllOnes(LLVMTypeOf(A)), Result));
  return true;
}

/*===-- Floating-point arithmetic -----------------------------------------===*/

static bool checkFloatModifiers(PtxLowering *L) {
  if (ptxHas(L, "ftz") && opBits(L) != 32)
    return ptxUnsupported(L, ".ftz applies to .f32 only");
  if (ptxHas(L, "sat") && opBits(L) != 32)
    return ptxUnsupported(L, ".sat applies to .f32 only");
  return true;
}

/* The result as PTX's float arithmetic leaves it: flushed under .ftz,
 * clamped under .sat, NaNs canonical. */
static LLVMValueRef finishFloat(PtxLowering *L, LLVMValueRef X) {
  X = maybeFlush(L, X);
  if (ptxHas(L, "sat"))
    X = saturateUnit(L, X);
  return canonicalNaN(L, X);
}

/* add, sub, mul in any rounding mode. */
bool ptxLowerFloatArith(PtxLowering *L) {
  if (!checkFloatModifiers(L))
    return false;
  if (L->Checking)
    return true;
  LLVMValueRef A = maybeFlush(L, ptxRead(L, 1, type0(L)));
  LLVMValueRef B = maybeFlush(L, ptxRead(L, 2, type0(L)));
  LLVMTypeRef Type = LLVMTypeOf(A);
  RoundingMode Mode = roundingMode(L);
  LLVMValueRef Result;
  if (opcodeIs(L, "mul")) {
    if (Mode == RoundNearest) {
      Result = LLVMBuildFMul(L->B, A, B, "");
    } else if (opBits(L) == 32) {
      LLVMTypeRef Double = LLVMDoubleTypeInContext(L->Ctx);
      LLVMValueRef Exact =
          LLVMBuildFMul(L->B, LLVMBuildFPExt(L->B, A, Double, ""),
                        LLVMBuildFPExt(L->B, B, Double, ""), "");
      Result = roundDirected(L, Exact, floatConst(Double, 0.0), Type, Mode);
    } else {
      LLVMValueRef S = LLVMBuildFMul(L->B, A, B, "");
      LLVMValueRef E = scaledResidual(L, isTiny(L, S), A, 600, B, 600,
                                      LLVMBuildFNeg(L->B, S, ""), 1200);
      LLVMValueRef Operands[] = {A, B};
      E = noErrorIfInfinite(L, E, Operands, 2);
      Result = roundDirected(L, S, E, Type, Mode);
    }
  } else {
    if (opcodeIs(L, "sub"))
      B = LLVMBuildFNeg(L->B, B, "");
    if (Mode == RoundNearest) {
      Result = LLVMBuildFAdd(L->B, A, B, "");
    } else {
      LLVMValueRef S, E;
      twoSum(L, A, B, &S, &E);
      LLVMValueRef Operands[] = {A, B};
      E = noErrorIfInfinite(L, E, Operands, 2);
      Result = fixZeroSum(L, roundDirected(L, S, E, Type, Mode), A, B, Mode);
    }
  }
  ptxWrite(L, 0, finishFloat(L, Result));
  return true;
}

/* fma.f64 in a directed mode: Boldo and Muller's ErrFma gives the exact
 * error of the nearest fma as r2 + r3; its sign is r2's, or r3's when r2
 * is 0. Tiny results are scaled up first so the error stays representable. */
static LLVMValueRef fmaDirected(PtxLowering *L, LLVMValueRef A, LLVMValueRef B,
                                LLVMValueRef C, RoundingMode Mode) {
  LLVMTypeRef Type = LLVMTypeOf(A);
  LLVMValueRef Args[] = {A, B, C};
  LLVMValueRef R1 = ptxCallIntrinsic(L, "llvm.fma", &Type, 1, Args, 3);
  LLVMValueRef Small = isTiny(L, R1);
  LLVMValueRef SA = scaleBy(L, Small, A, 600), SB = scaleBy(L, Small, B, 600);
  LLVMValueRef SC = scaleBy(L, Small, C, 1200),
               SR1 = scaleBy(L, Small, R1, 1200);
  LLVMValueRef U1 = LLVMBuildFMul(L->B, SA, SB, "");
  LLVMValueRef ProductArgs[] = {SA, SB, LLVMBuildFNeg(L->B, U1, "")};
  LLVMValueRef U2 = ptxCallIntrinsic(L, "llvm.fma", &Type, 1, ProductArgs, 3);
  LLVMValueRef Alpha1, Alpha2, Beta1, Beta2;
  twoSum(L, SC, U2, &Alpha1, &Alpha2);
  twoSum(L, U1, Alpha1, &Beta1, &Beta2);
  LLVMValueRef Gamma =
      LLVMBuildFAdd(L->B, LLVMBuildFSub(L->B, Beta1, SR1, ""), Beta2, "");
  LLVMValueRef R2 = LLVMBuildFAdd(L->B, Gamma, Alpha2, "");
  LLVMValueRef R3 =
      LLVMBuildFAdd(L->B, LLVMBuildFSub(L->B, Gamma, R2, ""), Alpha2, "");
  LLVMValueRef Zero = floatConst(Type, 0.0);
  LLVMValueRef Error =
      pick(L, LLVMBuildFCmp(L->B, LLVMRealONE, R2, Zero, ""), R2, R3);
  /* A product below 2^-968 has an inexact Fast2Mult; beside a result of
   * 2^-900 or more it is under half an ulp, and the error is the product:
   * its sign is the operands'. */
  LLVMValueRef Negligible = LLVMBuildAnd(
      L->B,
      LLVMBuildFCmp(L->B, LLVMRealOLT, call1(L, "llvm.fabs", U1),
                    floatConst(Type, __builtin_ldexp(1.0, -968)), ""),
      LLVMBuildNot(L->B, Small, ""), "");
  LLVMValueRef BothNonZero =
      LLVMBuildAnd(L->B, LLVMBuildFCmp(L->B, LLVMRealONE, A, Zero, ""),
                   LLVMBuildFCmp(L->B, LLVMRealONE, B, Zero, ""), "");
  LLVMValueRef One = floatConst(Type, 1.0);
  LLVMValueRef ProductSign =
      pick(L, BothNonZero,
           LLVMBuildFMul(L->B, call2(L, "llvm.copysign", One, A),
                         call2(L, "llvm.copysign", One, B), ""),
           Zero);
  Error = pick(L, Negligible, ProductSign, Error);
  LLVMValueRef Operands[] = {A, B, C};
  Error = noErrorIfInfinite(L, Error, Operands, 3);
  LLVMValueRef Result = roundDirected(L, R1, Error, Type, Mode);
  return fixZeroSum(L, Result, LLVMBuildFMul(L->B, A, B, ""), C, Mode);
}

/* fma and mad (a float mad is an fma). */
bool ptxLowerFma(PtxLowering *L) {
  if (!checkFloatModifiers(L))
    return false;
  RoundingMode Mode = roundingMode(L);
  if (L->Checking)
    return true;
  LLVMValueRef A = maybeFlush(L, ptxRead(L, 1, type0(L)));
  LLVMValueRef B = maybeFlush(L, ptxRead(L, 2, type0(L)));
  LLVMValueRef C = maybeFlush(L, ptxRead(L, 3, type0(L)));
  LLVMTypeRef Type = LLVMTypeOf(A);
  LLVMValueRef Result;
  if (Mode == RoundNearest) {
    LLVMValueRef Args[] = {A, B, C};
    Result = ptxCallIntrinsic(L, "llvm.fma", &Type, 1, Args, 3);
  } else if (opBits(L) == 64) {
    Result = fmaDirected(L, A, B, C, Mode);
  } else {
    /* The product is exact in double; TwoSum adds the addend exactly. */
    LLVMTypeRef Double = LLVMDoubleTypeInContext(L->Ctx);
    LLVMValueRef Product =
        LLVMBuildFMul(L->B, LLVMBuildFPExt(L->B, A, Double, ""),
                      LLVMBuildFPExt(L->B, B, Double, ""), "");
    LLVMValueRef CD = LLVMBuildFPExt(L->B, C, Double, "");
    LLVMValueRef S, E;
    twoSum(L, Product, CD, &S, &E);
    LLVMValueRef Operands[] = {A, B, C};
    E = noErrorIfInfinite(L, E, Operands, 3);
    Result = roundDirected(L, S, E, Type, Mode);
    Result = fixZeroSum(L, Result, LLVMBuildFPTrunc(L->B, Product, Type, ""), C,
                        Mode);
  }
  ptxWrite(L, 0, finishFloat(L, Result));
  return true;
}

/* A / B in Mode: the nearest quotient, and the sign of the exact one's
 * difference from it from the remainder A - Q * B. */
static LLVMValueRef divideDirected(PtxLowering *L, LLVMValueRef A,
                                   LLVMValueRef B, RoundingMode Mode) {
  LLVMTypeRef Type = LLVMTypeOf(A);
  LLVMValueRef Q = LLVMBuildFDiv(L->B, A, B, "");
  if (Mode == RoundNearest)
    return Q;
  LLVMValueRef Remainder;
  if (floatBits(Type) == 32) {
    LLVMTypeRef Double = LLVMDoubleTypeInContext(L->Ctx);
    LLVMValueRef QB = LLVMBuildFMul(L->B, LLVMBuildFPExt(L->B, Q, Double, ""),
                                    LLVMBuildFPExt(L->B, B, Double, ""), "");
    Remainder = LLVMBuildFPTrunc(
        L->B, LLVMBuildFSub(L->B, LLVMBuildFPExt(L->B, A, Double, ""), QB, ""),
        Type, "");
    /* The remainder's sign survives the rounding unless it underflows;
     * keep a nonzero double remainder's sign then. */
    LLVMValueRef Wide =
        LLVMBuildFSub(L->B, LLVMBuildFPExt(L->B, A, Double, ""), QB, "");
    LLVMValueRef Sign =
        LLVMBuildFCmp(L->B, LLVMRealOLT, Wide, floatConst(Double, 0.0), "");
    LLVMValueRef NonZero =
        LLVMBuildFCmp(L->B, LLVMRealONE, Wide, floatConst(Double, 0.0), "");
    Remainder =
        pick(L, NonZero,
             pick(L, Sign, floatConst(Type, -1.0), floatConst(Type, 1.0)),
             pick(L, isNaN(L, Wide), Remainder, floatConst(Type, 0.0)));
  } else {
    /* With a tiny dividend (and a divisor that can take it) the remainder
     * underflows: scale a and b; with a tiny quotient, a and q. */
    LLVMValueRef TinyA = LLVMBuildAnd(
        L->B, isTiny(L, A),
        LLVMBuildFCmp(L->B, LLVMRealOLT, call1(L, "llvm.fabs", B),
                      floatConst(Type, __builtin_ldexp(1.0, 400)), ""),
        "");
    LLVMValueRef TinyQ =
        LLVMBuildAnd(L->B, isTiny(L, Q), LLVMBuildNot(L->B, TinyA, ""), "");
    LLVMValueRef Args[] = {
        scaleBy(L, TinyQ, LLVMBuildFNeg(L->B, Q, ""), 600),
        scaleBy(L, TinyA, B, 600),
        scaleBy(L, LLVMBuildOr(L->B, TinyA, TinyQ, ""), A, 600)};
    Remainder = ptxCallIntrinsic(L, "llvm.fma", &Type, 1, Args, 3);
  }
  /* The exact quotient lies above Q when the remainder has B's sign. */
  LLVMValueRef Error =
      pick(L, LLVMBuildFCmp(L->B, LLVMRealOLT, B, floatConst(Type, 0.0), ""),
           LLVMBuildFNeg(L->B, Remainder, ""), Remainder);
  /* Infinite or NaN operands give exact (or NaN) quotients. */
  LLVMValueRef Finite =
      LLVMBuildAnd(L->B,
                   LLVMBuildFCmp(L->B, LLVMRealOLT, call1(L, "llvm.fabs", A),
                                 floatConst(Type, __builtin_inf()), ""),
                   LLVMBuildFCmp(L->B, LLVMRealOLT, call1(L, "llvm.fabs", B),
                                 floatConst(Type, __builtin_inf()), ""),
                   "");
  LLVMValueRef Zero = floatConst(Type, 0.0);
  LLVMValueRef NonZero = LLVMBuildFCmp(L->B, LLVMRealONE, B, Zero, "");
  Error = pick(L, LLVMBuildAnd(L->B, Finite, NonZero, ""), Error, Zero);
  /* An overflow to infinity (not a division by zero): the exact quotient
   * is finite. */
  LLVMValueRef Overflowed = LLVMBuildAnd(
      L->B, LLVMBuildAnd(L->B, Finite, NonZero, ""), isInfinite(L, Q), "");
  Error = pick(L, Overflowed, LLVMBuildFNeg(L->B, Q, ""), Error);
  return roundDirected(L, Q, Error, Type, Mode);
}

bool ptxLowerFloatDiv(PtxLowering *L) {
  if (!checkFloatModifiers(L))
    return false;
  bool Approx = ptxHas(L, "approx") || ptxHas(L, "full");
  if (Approx && opBits(L) != 32)
    return ptxUnsupported(L, "div.approx and div.full are .f32 only");
  if (L->Checking)
    return true;
  LLVMValueRef A = maybeFlush(L, ptxRead(L, 1, type0(L)));
  LLVMValueRef B = maybeFlush(L, ptxRead(L, 2, type0(L)));
  LLVMValueRef Result;
  if (ptxHas(L, "approx")) {
    /* PTX: a divisor of magnitude 2^126 or more gives 0. */
    LLVMTypeRef Type = LLVMTypeOf(B);
    LLVMValueRef Huge =
        LLVMBuildFCmp(L->B, LLVMRealOGE, call1(L, "llvm.fabs", B),
                      floatConst(Type, __builtin_ldexp(1.0, 126)), "");
    LLVMValueRef Reciprocal =
        pick(L, Huge, call2(L, "llvm.copysign", floatConst(Type, 0.0), B),
             call1(L, "llvm.amdgcn.rcp", B));
    /* A subnormal divisor (not .ftz) divides exactly on an H100. */
    LLVMValueRef Subnormal =
        LLVMBuildFCmp(L->B, LLVMRealOLT, call1(L, "llvm.fabs", B),
                      floatConst(Type, __builtin_ldexp(1.0, -126)), "");
    Result = pick(L, Subnormal, LLVMBuildFDiv(L->B, A, B, ""),
                  LLVMBuildFMul(L->B, A, Reciprocal, ""));
  } else
    Result = divideDirected(L, A, B, roundingMode(L));
  ptxWrite(L, 0, finishFloat(L, Result));
  return true;
}

/*===-- abs, neg, min, max ------------------------------------------------===*/

bool ptxLowerAbsNeg(PtxLowering *L) {
  if (ptxHas(L, "ftz") && opBits(L) != 32)
    return ptxUnsupported(L, ".ftz applies to .f32 only");
  if (L->Checking)
    return true;
  bool Abs = opcodeIs(L, "abs");
  unsigned Bits = opBits(L);
  if (!ptxIsFloat(type0(L))) {
    LLVMValueRef X = ptxRead(L, 1, type0(L));
    LLVMValueRef NoPoison = ptxInt(L, 1, 0);
    LLVMValueRef Args[] = {X, NoPoison};
    LLVMTypeRef Type = LLVMTypeOf(X);
    ptxWrite(L, 0,
             Abs ? ptxCallIntrinsic(L, "llvm.abs", &Type, 1, Args, 2)
                 : LLVMBuildNeg(L->B, X, ""));
    return true;
  }
  /* On the sign bit alone. A NaN: f32 gives the canonical one, f64 the
   * operand quieted, its sign kept (as an H100 does). */
  LLVMValueRef In = maybeFlush(L, ptxRead(L, 1, type0(L)));
  LLVMValueRef X = toBits(L, In);
  LLVMValueRef Sign = ptxInt(L, Bits, 1ull << (Bits - 1));
  LLVMValueRef Result =
      Abs ? LLVMBuildAnd(L->B, X, LLVMBuildNot(L->B, Sign, ""), "")
          : LLVMBuildXor(L->B, X, Sign, "");
  if (Bits == 64)
    Result = pick(L, isNaN(L, In),
                  LLVMBuildOr(L->B, X, ptxInt(L, 64, 1ull << 51), ""), Result);
  ptxWrite(L, 0, canonicalNaN(L, fromBitsAs(L, Result, LLVMTypeOf(In))));
  return true;
}

bool ptxLowerMinMax(PtxLowering *L) {
  bool Min = opcodeIs(L, "min");
  if (ptxHas(L, "ftz") && opBits(L) != 32)
    return ptxUnsupported(L, ".ftz applies to .f32 only");
  if (L->Checking)
    return true;
  if (!ptxIsFloat(type0(L))) {
    bool Signed = ptxIsSigned(type0(L));
    const char *Name = Min ? (Signed ? "llvm.smin" : "llvm.umin")
                           : (Signed ? "llvm.smax" : "llvm.umax");
    ptxWrite(L, 0,
             call2(L, Name, ptxRead(L, 1, type0(L)), ptxRead(L, 2, type0(L))));
    return true;
  }
  LLVMValueRef A = maybeFlush(L, ptxRead(L, 1, type0(L)));
  LLVMValueRef B = maybeFlush(L, ptxRead(L, 2, type0(L)));
  /* -0 is below +0; a NaN operand gives the other (both NaN: NaN). */
  LLVMValueRef Less = LLVMBuildFCmp(L->B, LLVMRealOLT, A, B, "");
  LLVMValueRef Greater = LLVMBuildFCmp(L->B, LLVMRealOGT, A, B, "");
  LLVMValueRef Pick = Min ? Less : Greater;
  LLVMValueRef ABits = toBits(L, A), BBits = toBits(L, B);
  LLVMValueRef Equal = fromBitsAs(L,
                                  Min ? LLVMBuildOr(L->B, ABits, BBits, "")
                                      : LLVMBuildAnd(L->B, ABits, BBits, ""),
                                  LLVMTypeOf(A));
  LLVMValueRef Result =
      pick(L, Pick, A, pick(L, LLVMBuildOr(L->B, Less, Greater, ""), B, Equal));
  LLVMValueRef ANaN = isNaN(L, A), BNaN = isNaN(L, B);
  if (ptxHas(L, "NaN")) {
    LLVMValueRef NaN = fromBitsAs(L, ptxInt(L, 32, 0x7fffffffu), LLVMTypeOf(A));
    Result = pick(L, LLVMBuildOr(L->B, ANaN, BNaN, ""), NaN, Result);
  } else {
    Result = pick(L, ANaN, B, pick(L, BNaN, A, Result));
  }
  LLVMValueRef Bits = canonicalNaN(L, Result);
  /* Both NaN: f64 gives the first quieted (selected as integers). */
  if (opBits(L) == 64)
    Bits = pick(L, LLVMBuildAnd(L->B, ANaN, BNaN, ""),
                LLVMBuildOr(L->B, ABits, ptxInt(L, 64, 1ull << 51), ""), Bits);
  ptxWrite(L, 0, Bits);
  return true;
}

/*===-- Logic and bits ----------------------------------------------------===*/

bool ptxLowerLogic(PtxLowering *L) {
  if (L->Checking)
    return true;
  PtxType Type = type0(L);
  LLVMValueRef A = ptxRead(L, 1, Type);
  LLVMValueRef Result;
  if (opcodeIs(L, "not")) {
    Result = LLVMBuildNot(L->B, A, "");
  } else {
    LLVMValueRef B = ptxRead(L, 2, Type);
    Result = opcodeIs(L, "and")  ? LLVMBuildAnd(L->B, A, B, "")
             : opcodeIs(L, "or") ? LLVMBuildOr(L->B, A, B, "")
                                 : LLVMBuildXor(L->B, A, B, "");
  }
  ptxWrite(L, 0, Result);
  return true;
}

/* shl and shr with PTX's clamping: an amount past the width shifts
 * everything out (shr.s fills with the sign). */
bool ptxLowerShift(PtxLowering *L) {
  if (L->Checking)
    return true;
  unsigned Bits = opBits(L);
  LLVMValueRef A = ptxRead(L, 1, type0(L));
  LLVMValueRef Amount = ptxRead(L, 2, ptxMakeType(PtxUnsigned, 32));
  LLVMValueRef Clamped = call2(L, "llvm.umin", Amount, ptxInt(L, 32, Bits - 1));
  Clamped = LLVMBuildIntCast2(L->B, Clamped, LLVMTypeOf(A), false, "");
  LLVMValueRef TooFar =
      LLVMBuildICmp(L->B, LLVMIntUGE, Amount, ptxInt(L, 32, Bits), "");
  LLVMValueRef Result;
  if (opcodeIs(L, "shr") && ptxIsSigned(type0(L))) {
    Result = LLVMBuildAShr(L->B, A, Clamped, "");
  } else {
    Result = opcodeIs(L, "shl") ? LLVMBuildShl(L->B, A, Clamped, "")
                                : LLVMBuildLShr(L->B, A, Clamped, "");
    Result = pick(L, TooFar, ptxInt(L, Bits, 0), Result);
  }
  ptxWrite(L, 0, Result);
  return true;
}

/* The number of field bits inside the register, min(len, width - pos), 0
 * when pos is past it; and a mask of that many low bits (32-bit pos/len,
 * Bits-wide mask). */
static LLVMValueRef fieldMask(PtxLowering *L, LLVMValueRef Pos,
                              LLVMValueRef Len, unsigned Bits) {
  LLVMValueRef Room =
      pick(L, LLVMBuildICmp(L->B, LLVMIntUGE, Pos, ptxInt(L, 32, Bits), ""),
           ptxInt(L, 32, 0), LLVMBuildSub(L->B, ptxInt(L, 32, Bits), Pos, ""));
  LLVMValueRef Count = call2(L, "llvm.umin", Len, Room);
  LLVMValueRef Wide = LLVMBuildZExtOrBitCast(
      L->B, Count, LLVMIntTypeInContext(L->Ctx, Bits), "");
  LLVMValueRef Full =
      LLVMBuildICmp(L->B, LLVMIntUGE, Count, ptxInt(L, 32, Bits), "");
  LLVMValueRef Shifted =
      LLVMBuildSub(L->B,
                   LLVMBuildShl(L->B, ptxInt(L, Bits, 1),
                                pick(L, Full, ptxInt(L, Bits, 0), Wide), ""),
                   ptxInt(L, Bits, 1), "");
  return pick(L, Full, LLVMConstAllOnes(LLVMIntTypeInContext(L->Ctx, Bits)),
              Shifted);
}

bool ptxLowerBfe(PtxLowering *L) {
  if (L->Checking)
    return true;
  unsigned Bits = opBits(L);
  LLVMTypeRef Type = LLVMIntTypeInContext(L->Ctx, Bits);
  LLVMValueRef A = ptxRead(L, 1, bitsOf(type0(L)));
  /* The 32-bit forms use the low bytes of pos and len; the 64-bit ones all
   * 32 bits (as an H100 does). */
  LLVMValueRef Byte = ptxInt(L, 32, Bits == 32 ? 0xff : 0xffffffffu);
  LLVMValueRef Pos =
      LLVMBuildAnd(L->B, ptxRead(L, 2, ptxMakeType(PtxUnsigned, 32)), Byte, "");
  LLVMValueRef Len =
      LLVMBuildAnd(L->B, ptxRead(L, 3, ptxMakeType(PtxUnsigned, 32)), Byte, "");
  LLVMValueRef Inside =
      LLVMBuildICmp(L->B, LLVMIntULT, Pos, ptxInt(L, 32, Bits), "");
  LLVMValueRef SafePos = LLVMBuildZExtOrBitCast(
      L->B, pick(L, Inside, Pos, ptxInt(L, 32, 0)), Type, "");
  LLVMValueRef Field =
      pick(L, Inside, LLVMBuildLShr(L->B, A, SafePos, ""), ptxInt(L, Bits, 0));
  LLVMValueRef Mask = fieldMask(L, Pos, Len, Bits);
  LLVMValueRef Result = LLVMBuildAnd(L->B, Field, Mask, "");
  if (ptxIsSigned(type0(L))) {
    /* The sign is bit min(pos + len - 1, msb) of a (summed in 64 bits, so
     * that whole 32-bit positions and lengths cannot wrap); none when len
     * is 0. */
    LLVMTypeRef I64 = LLVMInt64TypeInContext(L->Ctx);
    LLVMValueRef Top =
        call2(L, "llvm.umin",
              LLVMBuildSub(L->B,
                           LLVMBuildAdd(L->B, LLVMBuildZExt(L->B, Pos, I64, ""),
                                        LLVMBuildZExt(L->B, Len, I64, ""), ""),
                           ptxInt(L, 64, 1), ""),
              ptxInt(L, 64, Bits - 1));
    LLVMValueRef SignBit = LLVMBuildTrunc(
        L->B,
        LLVMBuildLShr(L->B, A, LLVMBuildIntCast2(L->B, Top, Type, false, ""),
                      ""),
        LLVMInt1TypeInContext(L->Ctx), "");
    LLVMValueRef Fill = LLVMBuildAnd(
        L->B, SignBit,
        LLVMBuildICmp(L->B, LLVMIntNE, Len, ptxInt(L, 32, 0), ""), "");
    Result = pick(L, Fill,
                  LLVMBuildOr(L->B, Result, LLVMBuildNot(L->B, Mask, ""), ""),
                  Result);
  }
  ptxWrite(L, 0, Result);
  return true;
}

bool ptxLowerBfi(PtxLowering *L) {
  if (L->Checking)
    return true;
  unsigned Bits = opBits(L);
  LLVMTypeRef Type = LLVMIntTypeInContext(L->Ctx, Bits);
  LLVMValueRef A = ptxRead(L, 1, type0(L)), B = ptxRead(L, 2, type0(L));
  /* The 32-bit forms use the low bytes of pos and len; the 64-bit ones all
   * 32 bits (as an H100 does). */
  LLVMValueRef Byte = ptxInt(L, 32, Bits == 32 ? 0xff : 0xffffffffu);
  LLVMValueRef Pos =
      LLVMBuildAnd(L->B, ptxRead(L, 3, ptxMakeType(PtxUnsigned, 32)), Byte, "");
  LLVMValueRef Len =
      LLVMBuildAnd(L->B, ptxRead(L, 4, ptxMakeType(PtxUnsigned, 32)), Byte, "");
  LLVMValueRef Inside =
      LLVMBuildICmp(L->B, LLVMIntULT, Pos, ptxInt(L, 32, Bits), "");
  LLVMValueRef SafePos = LLVMBuildZExtOrBitCast(
      L->B, pick(L, Inside, Pos, ptxInt(L, 32, 0)), Type, "");
  LLVMValueRef Mask = pick(
      L, Inside, LLVMBuildShl(L->B, fieldMask(L, Pos, Len, Bits), SafePos, ""),
      ptxInt(L, Bits, 0));
  LLVMValueRef Inserted =
      LLVMBuildAnd(L->B, LLVMBuildShl(L->B, A, SafePos, ""), Mask, "");
  ptxWrite(L, 0,
           LLVMBuildOr(L->B,
                       LLVMBuildAnd(L->B, B, LLVMBuildNot(L->B, Mask, ""), ""),
                       Inserted, ""));
  return true;
}

/* brev, popc, clz (the counts are .u32 whatever the operand's width). */
bool ptxLowerBitCount(PtxLowering *L) {
  if (L->Checking)
    return true;
  LLVMValueRef A = ptxRead(L, 1, type0(L));
  LLVMValueRef Result;
  if (opcodeIs(L, "brev")) {
    Result = call1(L, "llvm.bitreverse", A);
  } else {
    Result = opcodeIs(L, "popc") ? call1(L, "llvm.ctpop", A)
                                 : call2(L, "llvm.ctlz", A, ptxInt(L, 1, 0));
    Result = LLVMBuildIntCast2(L->B, Result, LLVMInt32TypeInContext(L->Ctx),
                               false, "");
  }
  ptxWrite(L, 0, Result);
  return true;
}

/* dp4a and dp2a.lo/.hi: NVVM's intrinsic of the same signs (a's parts as
 * the first type suffix says, b's as the second), which the retargeting
 * lowers as it does CUDA's __dp4a (DotProducts.c). */
bool ptxLowerDot(PtxLowering *L) {
  if (L->Checking)
    return true;
  bool Dot4 = opcodeIs(L, "dp4a");
  char Name[24];
  snprintf(Name, sizeof(Name), "llvm.nvvm.idp%ca.%c.%c", Dot4 ? '4' : '2',
           ptxIsSigned(L->Types[0]) ? 's' : 'u',
           ptxIsSigned(L->Types[1]) ? 's' : 'u');
  PtxType Word = ptxMakeType(PtxBits, 32);
  LLVMValueRef A = ptxRead(L, 1, Word), B = ptxRead(L, 2, Word);
  LLVMValueRef C = ptxRead(L, 3, Word);
  LLVMValueRef Args[] = {A, B, Dot4 ? C : ptxInt(L, 1, ptxHas(L, "hi")), C};
  ptxWrite(L, 0, ptxCallIntrinsic(L, Name, NULL, 0, Args, Dot4 ? 3 : 4));
  return true;
}

/* prmt: each result byte picks one of the 8 bytes of {b, a}; the default
 * mode takes a 4-bit selector per byte (bit 3: replicate the picked byte's
 * sign), the others a fixed pattern chosen by c's low two bits. */
bool ptxLowerPrmt(PtxLowering *L) {
  if (L->Checking)
    return true;
  /* Per mode and c[1:0], the byte indices of d.b3..d.b0 as nibbles. */
  static const struct {
    const char *Mode;
    uint16_t Patterns[4];
  } Modes[] = {{"f4e", {0x3210, 0x4321, 0x5432, 0x6543}},
               {"b4e", {0x5670, 0x6701, 0x7012, 0x0123}},
               {"rc8", {0x0000, 0x1111, 0x2222, 0x3333}},
               {"ecl", {0x3210, 0x3211, 0x3222, 0x3333}},
               {"ecr", {0x0000, 0x1110, 0x2210, 0x3210}},
               {"rc16", {0x1010, 0x3232, 0x1010, 0x3232}}};
  LLVMTypeRef I64 = LLVMInt64TypeInContext(L->Ctx);
  LLVMValueRef A = ptxRead(L, 1, ptxMakeType(PtxBits, 32));
  LLVMValueRef B = ptxRead(L, 2, ptxMakeType(PtxBits, 32));
  LLVMValueRef C = ptxRead(L, 3, ptxMakeType(PtxBits, 32));
  LLVMValueRef Bytes =
      LLVMBuildOr(L->B,
                  LLVMBuildShl(L->B, LLVMBuildZExt(L->B, B, I64, ""),
                               LLVMConstInt(I64, 32, false), ""),
                  LLVMBuildZExt(L->B, A, I64, ""), "");
  const char *Mode = L->Modifiers[0];
  LLVMValueRef Selectors = C;
  if (Mode) {
    uint64_t Table = 0;
    for (size_t M = 0; M < sizeof(Modes) / sizeof(Modes[0]); ++M)
      if (!strcmp(Modes[M].Mode, Mode))
        for (unsigned I = 0; I < 4; ++I)
          Table |= (uint64_t)Modes[M].Patterns[I] << (16 * I);
    LLVMValueRef Index = LLVMBuildZExt(
        L->B, LLVMBuildAnd(L->B, C, ptxInt(L, 32, 3), ""), I64, "");
    Selectors = LLVMBuildTrunc(
        L->B,
        LLVMBuildLShr(
            L->B, LLVMConstInt(I64, Table, false),
            LLVMBuildMul(L->B, Index, LLVMConstInt(I64, 16, false), ""), ""),
        LLVMInt32TypeInContext(L->Ctx), "");
  }
  LLVMValueRef Result = ptxInt(L, 32, 0);
  for (unsigned I = 0; I < 4; ++I) {
    LLVMValueRef Nibble = LLVMBuildAnd(
        L->B, LLVMBuildLShr(L->B, Selectors, ptxInt(L, 32, 4 * I), ""),
        ptxInt(L, 32, Mode ? 7 : 15), "");
    LLVMValueRef Shift = LLVMBuildZExt(
        L->B,
        LLVMBuildMul(L->B, LLVMBuildAnd(L->B, Nibble, ptxInt(L, 32, 7), ""),
                     ptxInt(L, 32, 8), ""),
        I64, "");
    LLVMValueRef Byte =
        LLVMBuildAnd(L->B,
                     LLVMBuildTrunc(L->B, LLVMBuildLShr(L->B, Bytes, Shift, ""),
                                    LLVMInt32TypeInContext(L->Ctx), ""),
                     ptxInt(L, 32, 0xff), "");
    if (!Mode) {
      LLVMValueRef Replicate =
          LLVMBuildICmp(L->B, LLVMIntUGE, Nibble, ptxInt(L, 32, 8), "");
      LLVMValueRef Sign = pick(
          L, LLVMBuildICmp(L->B, LLVMIntUGE, Byte, ptxInt(L, 32, 0x80), ""),
          ptxInt(L, 32, 0xff), ptxInt(L, 32, 0));
      Byte = pick(L, Replicate, Sign, Byte);
    }
    Result = LLVMBuildOr(
        L->B, Result, LLVMBuildShl(L->B, Byte, ptxInt(L, 32, 8 * I), ""), "");
  }
  ptxWrite(L, 0, Result);
  return true;
}

/* lop3: bit k of the lookup table is the result for the inputs whose
 * bits (a, b, c) spell k; the table is any value, usually an immediate. */
bool ptxLowerLop3(PtxLowering *L) {
  if (L->Checking)
    return true;
  PtxType Type = ptxMakeType(PtxBits, 32);
  LLVMValueRef In[] = {ptxRead(L, 1, Type), ptxRead(L, 2, Type),
                       ptxRead(L, 3, Type)};
  LLVMValueRef Table = ptxRead(L, 4, Type);
  LLVMValueRef Result = ptxInt(L, 32, 0);
  for (unsigned K = 0; K < 8; ++K) {
    LLVMValueRef Term = LLVMConstAllOnes(LLVMInt32TypeInContext(L->Ctx));
    for (unsigned I = 0; I < 3; ++I) {
      bool Set = K >> (2 - I) & 1;
      Term = LLVMBuildAnd(L->B, Term,
                          Set ? In[I] : LLVMBuildNot(L->B, In[I], ""), "");
    }
    LLVMValueRef Bit =
        LLVMBuildAnd(L->B, LLVMBuildLShr(L->B, Table, ptxInt(L, 32, K), ""),
                     ptxInt(L, 32, 1), "");
    LLVMValueRef Mask = LLVMBuildNeg(L->B, Bit, "");
    Result = LLVMBuildOr(L->B, Result, LLVMBuildAnd(L->B, Term, Mask, ""), "");
  }
  ptxWrite(L, 0, Result);
  return true;
}

/*===-- Comparison and selection ------------------------------------------===*/

typedef struct {
  const char *Name;
  LLVMIntPredicate Signed, Unsigned;
  LLVMRealPredicate Real;
} Comparison;

static const Comparison Comparisons[] = {
    {"eq", LLVMIntEQ, LLVMIntEQ, LLVMRealOEQ},
    {"ne", LLVMIntNE, LLVMIntNE, LLVMRealONE},
    {"lt", LLVMIntSLT, LLVMIntULT, LLVMRealOLT},
    {"le", LLVMIntSLE, LLVMIntULE, LLVMRealOLE},
    {"gt", LLVMIntSGT, LLVMIntUGT, LLVMRealOGT},
    {"ge", LLVMIntSGE, LLVMIntUGE, LLVMRealOGE},
    {"lo", LLVMIntULT, LLVMIntULT, 0},
    {"ls", LLVMIntULE, LLVMIntULE, 0},
    {"hi", LLVMIntUGT, LLVMIntUGT, 0},
    {"hs", LLVMIntUGE, LLVMIntUGE, 0},
    {"equ", 0, 0, LLVMRealUEQ},
    {"neu", 0, 0, LLVMRealUNE},
    {"ltu", 0, 0, LLVMRealULT},
    {"leu", 0, 0, LLVMRealULE},
    {"gtu", 0, 0, LLVMRealUGT},
    {"geu", 0, 0, LLVMRealUGE},
    {"num", 0, 0, LLVMRealORD},
    {"nan", 0, 0, LLVMRealUNO},
};

static const Comparison *findComparison(const char *Name) {
  for (size_t I = 0; I < sizeof(Comparisons) / sizeof(Comparisons[0]); ++I)
    if (!strcmp(Comparisons[I].Name, Name))
      return &Comparisons[I];
  return NULL;
}

static LLVMValueRef combine(PtxLowering *L, LLVMValueRef A, LLVMValueRef B) {
  const char *Op = L->Modifiers[1];
  if (!Op)
    return A;
  if (!strcmp(Op, "and"))
    return LLVMBuildAnd(L->B, A, B, "");
  if (!strcmp(Op, "or"))
    return LLVMBuildOr(L->B, A, B, "");
  return LLVMBuildXor(L->B, A, B, "");
}

/* setp.cmp[.bool].type p[|q], a, b[, c]: p = (a cmp b) bool c, and q the
 * same with the comparison negated. */
bool ptxLowerSetp(PtxLowering *L) {
  const Comparison *C = findComparison(L->Modifiers[0]);
  PtxType Type = type0(L);
  bool Float = ptxIsFloat(Type);
  if (Float ? !C->Real : !C->Signed)
    return ptxUnsupported(L, "setp.%s does not compare this type", C->Name);
  if (Type.Kind == PtxBits && strcmp(C->Name, "eq") && strcmp(C->Name, "ne"))
    return ptxUnsupported(L, "setp on .b types compares eq or ne only");
  if ((L->Modifiers[1] != NULL) != (L->S->NumOperands == 4))
    return ptxUnsupported(L, "setp with .and/.or/.xor takes a third predicate");
  if (ptxHas(L, "ftz") && Type.Bits != 32)
    return ptxUnsupported(L, ".ftz applies to .f32 only");
  if (L->Checking)
    return true;
  LLVMValueRef A = ptxRead(L, 1, Type), B = ptxRead(L, 2, Type);
  LLVMValueRef T;
  if (Float) {
    A = maybeFlush(L, A);
    B = maybeFlush(L, B);
    T = LLVMBuildFCmp(L->B, C->Real, A, B, "");
  } else {
    T = LLVMBuildICmp(L->B, Type.Kind == PtxSigned ? C->Signed : C->Unsigned, A,
                      B, "");
  }
  LLVMValueRef Third = L->S->NumOperands == 4
                           ? ptxRead(L, 3, ptxMakeType(PtxPredicate, 1))
                           : NULL;
  ptxWrite(L, 0, combine(L, T, Third));
  ptxWritePredicate(L, 0, combine(L, LLVMBuildNot(L->B, T, ""), Third));
  return true;
}

bool ptxLowerSelp(PtxLowering *L) {
  if (L->Checking)
    return true;
  LLVMValueRef P = ptxRead(L, 3, ptxMakeType(PtxPredicate, 1));
  ptxWrite(L, 0, pick(L, P, ptxRead(L, 1, type0(L)), ptxRead(L, 2, type0(L))));
  return true;
}

/* slct: a when c >= 0 (for a float c, -0 included), else b. */
bool ptxLowerSlct(PtxLowering *L) {
  PtxType Selector = L->Types[1];
  if (ptxHas(L, "ftz") && !ptxIsFloat(Selector))
    return ptxUnsupported(L, ".ftz applies to an .f32 selector only");
  if (L->Checking)
    return true;
  LLVMValueRef C = ptxRead(L, 3, Selector);
  LLVMValueRef Take;
  if (ptxIsFloat(Selector))
    Take = LLVMBuildFCmp(L->B, LLVMRealOGE, maybeFlush(L, C),
                         floatConst(LLVMTypeOf(C), 0.0), "");
  else
    Take = LLVMBuildICmp(L->B, LLVMIntSGE, C, ptxInt(L, 32, 0), "");
  ptxWrite(L, 0,
           pick(L, Take, ptxRead(L, 1, type0(L)), ptxRead(L, 2, type0(L))));
  return true;
}

/*===-- Reciprocal, square root, approximations ---------------------------===*/

/* The f64 .approx.ftz forms on an H100 read only the operand's high word
 * and leave the result's low word 0; a NaN comes out 0x7fffffff00000000. */
static LLVMValueRef highWordApprox(PtxLowering *L, const char *Intrinsic,
                                   LLVMValueRef X) {
  LLVMTypeRef Type = LLVMTypeOf(X);
  LLVMValueRef High = ptxInt(L, 64, 0xffffffff00000000ull);
  LLVMValueRef In =
      fromBitsAs(L, LLVMBuildAnd(L->B, toBits(L, X), High, ""), Type);
  /* .ftz: a subnormal result is a zero of its sign. */
  LLVMValueRef Out = flushDenormal(L, call1(L, Intrinsic, In));
  return pick(L, isNaN(L, Out), ptxInt(L, 64, 0x7fffffff00000000ull),
              LLVMBuildAnd(L->B, toBits(L, Out), High, ""));
}

/* rcp and sqrt: correctly rounded in any mode, or .approx. */
bool ptxLowerRcpSqrt(PtxLowering *L) {
  bool Approx = ptxHas(L, "approx");
  bool Sqrt = opcodeIs(L, "sqrt");
  if (ptxHas(L, "ftz") && opBits(L) != 32 && !(Approx && !Sqrt))
    return ptxUnsupported(L, ".ftz applies to .f32 only");
  if (Approx && Sqrt && opBits(L) == 64)
    return ptxUnsupported(L, "sqrt.approx is .f32 only");
  if (L->Checking)
    return true;
  LLVMValueRef X = maybeFlush(L, ptxRead(L, 1, type0(L)));
  LLVMTypeRef Type = LLVMTypeOf(X);
  LLVMValueRef Result;
  if (!Sqrt && Approx && opBits(L) == 64 && ptxHas(L, "ftz")) {
    ptxWrite(L, 0, highWordApprox(L, "llvm.amdgcn.rcp", X));
    return true;
  }
  if (!Sqrt) {
    Result = Approx
                 ? call1(L, "llvm.amdgcn.rcp", X)
                 : divideDirected(L, floatConst(Type, 1.0), X, roundingMode(L));
  } else {
    Result = call1(L, "llvm.sqrt", X);
    RoundingMode Mode = Approx ? RoundNearest : roundingMode(L);
    if (Mode != RoundNearest) {
      /* x - r*r, exact in double for a float r, by fma for a double. */
      LLVMValueRef Residual;
      if (opBits(L) == 32) {
        LLVMTypeRef Double = LLVMDoubleTypeInContext(L->Ctx);
        LLVMValueRef R = LLVMBuildFPExt(L->B, Result, Double, "");
        Residual = LLVMBuildFSub(L->B, LLVMBuildFPExt(L->B, X, Double, ""),
                                 LLVMBuildFMul(L->B, R, R, ""), "");
        Residual = pick(L,
                        LLVMBuildFCmp(L->B, LLVMRealOLT, Residual,
                                      floatConst(Double, 0.0), ""),
                        floatConst(Type, -1.0),
                        pick(L,
                             LLVMBuildFCmp(L->B, LLVMRealOGT, Residual,
                                           floatConst(Double, 0.0), ""),
                             floatConst(Type, 1.0), floatConst(Type, 0.0)));
      } else {
        Residual =
            scaledResidual(L, isTiny(L, X), LLVMBuildFNeg(L->B, Result, ""),
                           300, Result, 300, X, 600);
      }
      LLVMValueRef Finite = LLVMBuildFCmp(
          L->B, LLVMRealOLT, X, floatConst(Type, __builtin_inf()), "");
      Residual = pick(L, Finite, Residual, floatConst(Type, 0.0));
      Result = roundDirected(L, Result, Residual, Type, Mode);
    }
  }
  ptxWrite(L, 0, canonicalNaN(L, maybeFlush(L, Result)));
  return true;
}

/* rsqrt, ex2, lg2, sin, cos, tanh .approx: within PTX's stated error. */
bool ptxLowerApprox(PtxLowering *L) {
  if (ptxHas(L, "ftz") && opBits(L) != 32 && !opcodeIs(L, "rsqrt"))
    return ptxUnsupported(L, ".ftz applies to .f32 only");
  if (L->Checking)
    return true;
  static const struct {
    const char *Opcode, *Intrinsic;
  } Functions[] = {{"rsqrt", "llvm.amdgcn.rsq"}, {"ex2", "llvm.exp2"},
                   {"lg2", "llvm.log2"},         {"sin", "llvm.sin"},
                   {"cos", "llvm.cos"},          {"tanh", "llvm.tanh"}};
  LLVMValueRef X = maybeFlush(L, ptxRead(L, 1, type0(L)));
  if (opBits(L) == 64 && ptxHas(L, "ftz")) {
    ptxWrite(L, 0, highWordApprox(L, "llvm.amdgcn.rsq", X));
    return true;
  }
  LLVMValueRef Result = NULL;
  for (size_t I = 0; I < sizeof(Functions) / sizeof(Functions[0]); ++I)
    if (opcodeIs(L, Functions[I].Opcode))
      Result = call1(L, Functions[I].Intrinsic, X);
  ptxWrite(L, 0, canonicalNaN(L, maybeFlush(L, Result)));
  return true;
}

/*===-- Memory ------------------------------------------------------------===*/

/* The address space of ld/st/atom/red's state space modifier. */
static bool addressSpace(PtxLowering *L, unsigned *Space) {
  static const struct {
    const char *Name;
    unsigned Space;
  } Spaces[] = {{"global", 1}, {"shared", 3}, {"const", 4}, {"local", 5}};
  *Space = 0;
  for (size_t I = 0; I < sizeof(Spaces) / sizeof(Spaces[0]); ++I)
    if (ptxHas(L, Spaces[I].Name))
      *Space = Spaces[I].Space;
  if (ptxHas(L, "param"))
    return ptxUnsupported(L, ".param state space in inline asm");
  return true;
}

static unsigned vectorLength(const PtxLowering *L) {
  return ptxHas(L, "v4") ? 4 : ptxHas(L, "v2") ? 2 : 1;
}

static bool checkVectorOperand(PtxLowering *L, unsigned Index) {
  unsigned Lanes = vectorLength(L);
  const PtxOperand *Op = &L->S->Operands[Index];
  unsigned Have = Op->Kind == PtxOperandVector ? Op->NumParts : 1;
  if (Have != Lanes)
    return ptxUnsupported(L, ".v%u access with %u operand%s", Lanes, Have,
                          Have == 1 ? "" : "s");
  if (type0(L).Kind == PtxPredicate)
    return ptxUnsupported(L, "memory access of .pred");
  return true;
}

/* The memory type of one element (b8 .. b64, f16 .. f64). */
static LLVMTypeRef elementType(PtxLowering *L) {
  PtxType Type = type0(L);
  return ptxIsFloat(Type) ? ptxLLVMType(L, Type)
                          : LLVMIntTypeInContext(L->Ctx, Type.Bits);
}

static const char *scopeName(PtxLowering *L) {
  if (ptxHas(L, "cta"))
    return "workgroup";
  if (ptxHas(L, "sys"))
    return "";
  return "agent";
}

static void setAtomic(PtxLowering *L, LLVMValueRef Access,
                      LLVMAtomicOrdering Ordering) {
  LLVMSetOrdering(Access, Ordering);
  const char *Scope = scopeName(L);
  LLVMSetAtomicSyncScopeID(Access,
                           LLVMGetSyncScopeID(L->Ctx, Scope, strlen(Scope)));
}

bool ptxLowerLoad(PtxLowering *L) {
  unsigned Space;
  if (!addressSpace(L, &Space) || !checkVectorOperand(L, 0))
    return false;
  bool Atomic = ptxHas(L, "relaxed") || ptxHas(L, "acquire");
  if (Atomic && vectorLength(L) > 1)
    return ptxUnsupported(L, "vector atomic loads");
  if (L->Checking)
    return true;
  unsigned Lanes = vectorLength(L);
  LLVMTypeRef Element = elementType(L);
  LLVMTypeRef Type = Lanes > 1 ? LLVMVectorType(Element, Lanes) : Element;
  unsigned Bytes = Lanes * type0(L).Bits / 8;
  LLVMValueRef Address = ptxReadAddress(L, 1, Space);
  ptxBeginGuarded(L);
  LLVMValueRef Value = LLVMBuildLoad2(L->B, Type, Address, "");
  LLVMSetAlignment(Value, Bytes);
  if (Atomic)
    setAtomic(L, Value,
              ptxHas(L, "acquire") ? LLVMAtomicOrderingAcquire
                                   : LLVMAtomicOrderingMonotonic);
  else if (L->Volatile || ptxHas(L, "volatile") || ptxHas(L, "cv"))
    LLVMSetVolatile(Value, true);
  Value = ptxEndGuarded(L, Value, LLVMGetPoison(Type));
  const PtxOperand *Dest = &L->S->Operands[0];
  for (unsigned I = 0; I < Lanes; ++I) {
    LLVMValueRef Part =
        Lanes > 1 ? LLVMBuildExtractElement(L->B, Value, ptxInt(L, 32, I), "")
                  : Value;
    /* ld.s8 and ld.s16 sign-extend into the register. */
    if (ptxIsSigned(type0(L)) && type0(L).Bits < 32)
      Part = LLVMBuildSExt(L->B, Part, LLVMInt32TypeInContext(L->Ctx), "");
    ptxWriteValue(L, &Dest->Parts[I], Part);
  }
  return true;
}

bool ptxLowerStore(PtxLowering *L) {
  unsigned Space;
  if (!addressSpace(L, &Space) || !checkVectorOperand(L, 1))
    return false;
  bool Atomic = ptxHas(L, "relaxed") || ptxHas(L, "release");
  if (Atomic && vectorLength(L) > 1)
    return ptxUnsupported(L, "vector atomic stores");
  if (Space == 4)
    return ptxUnsupported(L, "st.const");
  if (L->Checking)
    return true;
  unsigned Lanes = vectorLength(L);
  LLVMTypeRef Element = elementType(L);
  PtxType ElementType = ptxIsFloat(type0(L)) ? type0(L) : bitsOf(type0(L));
  const PtxOperand *Source = &L->S->Operands[1];
  LLVMValueRef Value;
  if (Lanes == 1) {
    Value = ptxReadValue(L, &Source->Parts[0], ElementType);
  } else {
    Value = LLVMGetPoison(LLVMVectorType(Element, Lanes));
    for (unsigned I = 0; I < Lanes; ++I)
      Value = LLVMBuildInsertElement(
          L->B, Value, ptxReadValue(L, &Source->Parts[I], ElementType),
          ptxInt(L, 32, I), "");
  }
  LLVMValueRef Address = ptxReadAddress(L, 0, Space);
  ptxBeginGuarded(L);
  LLVMValueRef Store = LLVMBuildStore(L->B, Value, Address);
  LLVMSetAlignment(Store, Lanes * type0(L).Bits / 8);
  if (Atomic)
    setAtomic(L, Store,
              ptxHas(L, "release") ? LLVMAtomicOrderingRelease
                                   : LLVMAtomicOrderingMonotonic);
  else if (L->Volatile || ptxHas(L, "volatile"))
    LLVMSetVolatile(Store, true);
  ptxEndGuarded(L, NULL, NULL);
  return true;
}

/* atom/red.add.f32 as PTX defines it: rounded to nearest, subnormal
 * inputs and result flushed to zero, a NaN result canonical (an H100's
 * atomic unit does so; AMD's does not), by a compare-and-swap loop.
 * Returns the old value. */
static LLVMValueRef buildAtomicAddF32(PtxLowering *L, LLVMValueRef Address,
                                      LLVMValueRef Value,
                                      LLVMAtomicOrdering Ordering,
                                      unsigned ScopeID) {
  LLVMTypeRef I32 = LLVMInt32TypeInContext(L->Ctx);
  LLVMTypeRef F32 = LLVMFloatTypeInContext(L->Ctx);
  if (!L->Guard) {
    warpSplitBlockBefore(L->Call, "ptx.atomic.done");
    LLVMPositionBuilderAtEnd(
        L->B, LLVMGetPreviousBasicBlock(LLVMGetInstructionParent(L->Call)));
  }
  LLVMBasicBlockRef Entry = LLVMGetInsertBlock(L->B);
  LLVMValueRef Initial = LLVMBuildLoad2(L->B, I32, Address, "");
  LLVMSetAlignment(Initial, 4);
  LLVMSetVolatile(Initial, true);
  LLVMBasicBlockRef Loop = LLVMInsertBasicBlockInContext(
      L->Ctx, LLVMGetNextBasicBlock(Entry), "ptx.cas");
  LLVMBasicBlockRef Done = LLVMInsertBasicBlockInContext(
      L->Ctx, LLVMGetNextBasicBlock(Loop), "ptx.cas.done");
  LLVMBuildBr(L->B, Loop);
  LLVMPositionBuilderAtEnd(L->B, Loop);
  LLVMValueRef Old = LLVMBuildPhi(L->B, I32, "");
  LLVMValueRef Sum =
      LLVMBuildFAdd(L->B, flushDenormal(L, fromBitsAs(L, Old, F32)),
                    flushDenormal(L, Value), "");
  LLVMValueRef New = canonicalNaN(L, flushDenormal(L, Sum));
  LLVMValueRef Pair = LLVMBuildAtomicCmpXchgSyncScope(
      L->B, Address, Old, New,
      Ordering == LLVMAtomicOrderingMonotonic
          ? LLVMAtomicOrderingMonotonic
          : LLVMAtomicOrderingSequentiallyConsistent,
      LLVMAtomicOrderingMonotonic, ScopeID);
  LLVMValueRef Seen = LLVMBuildExtractValue(L->B, Pair, 0, "");
  LLVMValueRef Stored = LLVMBuildExtractValue(L->B, Pair, 1, "");
  LLVMValueRef Incoming[] = {Initial, Seen};
  LLVMBasicBlockRef From[] = {Entry, Loop};
  LLVMAddIncoming(Old, Incoming, From, 2);
  LLVMBuildCondBr(L->B, Stored, Done, Loop);
  LLVMPositionBuilderAtEnd(L->B, Done);
  if (!L->Guard) {
    LLVMBuildBr(L->B, LLVMGetInstructionParent(L->Call));
    LLVMPositionBuilderBefore(L->B, L->Call);
  }
  return fromBitsAs(L, Old, F32);
}

/* atom and red: atomicrmw or cmpxchg, relaxed at GPU scope unless the
 * statement says otherwise. */
bool ptxLowerAtomic(PtxLowering *L) {
  static const struct {
    const char *Op;
    LLVMAtomicRMWBinOp Int, Signed, Float;
  } Ops[] = {
      {"and", LLVMAtomicRMWBinOpAnd, LLVMAtomicRMWBinOpAnd, 0},
      {"or", LLVMAtomicRMWBinOpOr, LLVMAtomicRMWBinOpOr, 0},
      {"xor", LLVMAtomicRMWBinOpXor, LLVMAtomicRMWBinOpXor, 0},
      {"exch", LLVMAtomicRMWBinOpXchg, LLVMAtomicRMWBinOpXchg,
       LLVMAtomicRMWBinOpXchg},
      {"add", LLVMAtomicRMWBinOpAdd, LLVMAtomicRMWBinOpAdd,
       LLVMAtomicRMWBinOpFAdd},
      {"inc", LLVMAtomicRMWBinOpUIncWrap, 0, 0},
      {"dec", LLVMAtomicRMWBinOpUDecWrap, 0, 0},
      {"min", LLVMAtomicRMWBinOpUMin, LLVMAtomicRMWBinOpMin,
       LLVMAtomicRMWBinOpFMin},
      {"max", LLVMAtomicRMWBinOpUMax, LLVMAtomicRMWBinOpMax,
       LLVMAtomicRMWBinOpFMax},
  };
  bool Red = opcodeIs(L, "red");
  const char *OpName = L->Modifiers[3];
  bool Cas = !strcmp(OpName, "cas");
  unsigned Space;
  if (!addressSpace(L, &Space))
    return false;
  unsigned Sources = L->S->NumOperands - (Red ? 1 : 2);
  if (Sources != (Cas ? 2u : 1u))
    return ptxUnsupported(L, "%s.%s takes %u source operand%s", L->S->Opcode,
                          OpName, Cas ? 2 : 1, Cas ? "s" : "");
  PtxType Type = type0(L);
  size_t Found = 0;
  for (; Found < sizeof(Ops) / sizeof(Ops[0]); ++Found)
    if (!strcmp(Ops[Found].Op, OpName))
      break;
  LLVMAtomicRMWBinOp Op = 0;
  if (!Cas) {
    Op = ptxIsFloat(Type)         ? Ops[Found].Float
         : Type.Kind == PtxSigned ? Ops[Found].Signed
                                  : Ops[Found].Int;
    bool Valid = Op != 0 || !strcmp(OpName, "exch"); /* Xchg is 0 */
    if (ptxIsFloat(Type) && strcmp(OpName, "add") && strcmp(OpName, "exch"))
      Valid = false;
    if (Type.Kind == PtxSigned &&
        (!strcmp(OpName, "inc") || !strcmp(OpName, "dec")))
      Valid = false;
    if (!Valid)
      return ptxUnsupported(L, "%s.%s on this type", L->S->Opcode, OpName);
  }
  if (L->Checking)
    return true;
  LLVMAtomicOrdering Ordering =
      ptxHas(L, "acquire")   ? LLVMAtomicOrderingAcquire
      : ptxHas(L, "release") ? LLVMAtomicOrderingRelease
      : ptxHas(L, "acq_rel") ? LLVMAtomicOrderingAcquireRelease
                             : LLVMAtomicOrderingMonotonic;
  const char *Scope = scopeName(L);
  unsigned ScopeID = LLVMGetSyncScopeID(L->Ctx, Scope, strlen(Scope));
  PtxType ValueType = ptxIsFloat(Type) ? Type : bitsOf(Type);
  unsigned First = Red ? 1 : 2;
  LLVMValueRef Value = ptxRead(L, First, ValueType);
  LLVMValueRef Swap = Cas ? ptxRead(L, First + 1, ValueType) : NULL;
  LLVMValueRef Address = ptxReadAddress(L, Red ? 0 : 1, Space);
  ptxBeginGuarded(L);
  LLVMValueRef Old;
  if (Cas) {
    /* A failed exchange stores nothing: no release. */
    LLVMAtomicOrdering Failure = Ordering == LLVMAtomicOrderingRelease
                                     ? LLVMAtomicOrderingMonotonic
                                 : Ordering == LLVMAtomicOrderingAcquireRelease
                                     ? LLVMAtomicOrderingAcquire
                                     : Ordering;
    LLVMValueRef Pair = LLVMBuildAtomicCmpXchgSyncScope(
        L->B, Address, Value, Swap, Ordering, Failure, ScopeID);
    Old = LLVMBuildExtractValue(L->B, Pair, 0, "");
  } else if (Op == LLVMAtomicRMWBinOpFAdd && Type.Bits == 32) {
    Old = buildAtomicAddF32(L, Address, Value, Ordering, ScopeID);
  } else {
    Old = LLVMBuildAtomicRMWSyncScope(L->B, Op, Address, Value, Ordering,
                                      ScopeID);
  }
  Old = ptxEndGuarded(L, Old, LLVMGetPoison(LLVMTypeOf(Old)));
  if (!Red)
    ptxWrite(L, 0, Old);
  return true;
}

bool ptxLowerFence(PtxLowering *L) {
  if (L->Checking)
    return true;
  const char *Scope = ptxHas(L, "cta")                      ? "workgroup"
                      : ptxHas(L, "gl") || ptxHas(L, "gpu") ? "agent"
                                                            : "";
  bool AcqRel = opcodeIs(L, "fence") && !ptxHas(L, "sc");
  warpBuildFence(L->B,
                 AcqRel ? LLVMAtomicOrderingAcquireRelease
                        : LLVMAtomicOrderingSequentiallyConsistent,
                 Scope);
  return true;
}

/* bar.sync 0 / barrier.sync 0 is __syncthreads; named barriers and thread
 * counts have no AMDGPU counterpart. */
bool ptxLowerBarrier(PtxLowering *L) {
  uint64_t Id;
  if (!ptxReadConstant(L, 0, &Id) || Id != 0)
    return ptxUnsupported(L, "named barriers (an id other than 0)");
  if (L->S->NumOperands > 1)
    return ptxUnsupported(L, "a barrier with a thread count");
  if (L->Checking)
    return true;
  LLVMValueRef Zero = ptxInt(L, 32, 0);
  ptxCallIntrinsic(L, "llvm.nvvm.barrier.cta.sync.aligned.all", NULL, 0, &Zero,
                   1);
  return true;
}

bool ptxLowerTrap(PtxLowering *L) {
  if (L->Checking)
    return true;
  ptxCallIntrinsic(L, "llvm.trap", NULL, 0, NULL, 0);
  return true;
}

/* exit ends the thread: in a kernel that is returning from it, as a
 * guarded exit returns in the lanes of its guard. A thread that exits no
 * longer takes part in barriers, on an H100 as on AMD (a wave that ends
 * leaves the barrier's count). In a device function (CUB's ThreadExit,
 * which the drivers retarget before the optimizer inlines it) it becomes
 * a call of WarpDeferredExitName, which warpLowerDeferredExits turns into
 * the kernel's return once the function is inlined. */
static void buildDeferredExit(PtxLowering *L) {
  LLVMModuleRef M = LLVMGetGlobalParent(
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(L->Call)));
  LLVMTypeRef Type =
      LLVMFunctionType(LLVMVoidTypeInContext(L->Ctx), NULL, 0, false);
  LLVMValueRef Exit = LLVMGetNamedFunction(M, WarpDeferredExitName);
  if (!Exit) {
    Exit = LLVMAddFunction(M, WarpDeferredExitName, Type);
    const char *const Attributes[] = {"noreturn", "nounwind"};
    for (unsigned I = 0; I < 2; ++I)
      LLVMAddAttributeAtIndex(
          Exit, LLVMAttributeFunctionIndex,
          LLVMCreateEnumAttribute(
              L->Ctx,
              LLVMGetEnumAttributeKindForName(Attributes[I],
                                              strlen(Attributes[I])),
              0));
  }
  LLVMBuildCall2(L->B, Type, Exit, NULL, 0, "");
  LLVMBuildUnreachable(L->B);
}

bool ptxLowerExit(PtxLowering *L) {
  if (L->Checking)
    return true;
  LLVMValueRef F = LLVMGetBasicBlockParent(LLVMGetInstructionParent(L->Call));
  LLVMBasicBlockRef Tail = LLVMGetInstructionParent(L->Call);
  LLVMBasicBlockRef Head = warpSplitBlockBefore(L->Call, "ptx.after.exit");
  LLVMPositionBuilderAtEnd(L->B, Head);
  if (L->Guard) {
    LLVMBasicBlockRef Exit =
        LLVMInsertBasicBlockInContext(L->Ctx, Tail, "ptx.exit");
    LLVMBuildCondBr(L->B, L->Guard, Exit, Tail);
    LLVMPositionBuilderAtEnd(L->B, Exit);
  }
  if (warpIsKernel(F))
    LLVMBuildRetVoid(L->B);
  else
    buildDeferredExit(L);
  LLVMPositionBuilderBefore(L->B, L->Call);
  return true;
}

/*===-- Warp operations ---------------------------------------------------===*/

/* A call of the form's NVVM intrinsic, lowered later like one written with
 * CUDA's intrinsics. A guard selects the results; the operation itself runs
 * (its lanes must agree on it anyway). */
bool ptxLowerWarpIntrinsic(PtxLowering *L) {
  if (L->Checking)
    return true;
  const PtxForm *F = L->Form;
  unsigned ID = LLVMLookupIntrinsicID(F->Intrinsic, strlen(F->Intrinsic));
  LLVMTypeRef FnType = LLVMIntrinsicGetType(L->Ctx, ID, NULL, 0);
  LLVMTypeRef Params[4];
  LLVMGetParamTypes(FnType, Params);
  LLVMValueRef Args[4];
  for (unsigned I = 0; I < F->NumParams; ++I) {
    unsigned Bits = LLVMGetIntTypeWidth(Params[I]);
    PtxType Type =
        Bits == 1 ? ptxMakeType(PtxPredicate, 1) : ptxMakeType(PtxBits, Bits);
    Args[I] = ptxRead(L, F->Params[I], Type);
  }
  LLVMValueRef Result =
      ptxCallIntrinsic(L, F->Intrinsic, NULL, 0, Args, F->NumParams);
  LLVMTypeRef ResultType = LLVMGetReturnType(FnType);
  if (LLVMGetTypeKind(ResultType) == LLVMVoidTypeKind)
    return true;
  if (LLVMGetTypeKind(ResultType) == LLVMStructTypeKind) {
    ptxWrite(L, 0, LLVMBuildExtractValue(L->B, Result, 0, ""));
    ptxWritePredicate(L, 0, LLVMBuildExtractValue(L->B, Result, 1, ""));
  } else {
    ptxWrite(L, 0, Result);
  }
  return true;
}
