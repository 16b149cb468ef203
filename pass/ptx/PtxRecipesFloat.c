/*===- PtxRecipesFloat.c - Inline PTX recipes: floating point --------------===*
 *
 * The recipes of floating-point arithmetic (add, sub, mul, fma, mad, div,
 * in each rounding), of abs, neg, min and max (of integers too), and of
 * the reciprocal, square root and approximate functions.
 * PtxRecipeBuilders.h says what every recipe does.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/PtxRecipeBuilders.h"

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
