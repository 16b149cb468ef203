/*===- PtxRecipesInteger.c - Inline PTX recipes: integers, bits ------------===*
 *
 * The recipes of integer arithmetic (add, sub and their carries, mul, mad,
 * div, rem), of logic and bits (and, or, xor, not, shifts, bfe, bfi, brev,
 * popc, clz, dp4a, dp2a, prmt, lop3) and of comparison and selection
 * (setp, selp, slct).
 * PtxRecipeBuilders.h says what every recipe does.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/PtxRecipeBuilders.h"

#include <stdio.h>
#include <string.h>

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
