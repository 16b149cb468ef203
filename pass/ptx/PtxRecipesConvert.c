/*===- PtxRecipesConvert.c - Inline PTX recipes: mov and cvt ---------------===*
 *
 * The recipes of mov, between registers of any type, and of cvt, between
 * integer and floating-point types, saturating and rounding as PTX says.
 * PtxRecipeBuilders.h says what every recipe does.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/PtxRecipeBuilders.h"

#include <string.h>

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
