/*===- ArithmeticNaNs.c - One canonical NaN per arithmetic chain ----------===*
 *
 * An H100 gives every NaN that __half2float, the half operations and float
 * add, sub, mul and fma produce one payload: 0x7fffffff for float, 0x7fff
 * for half, for a NaN operand of any payload and for the NaNs they make
 * (0 * inf, inf - inf). AMD's instructions keep an operand's payload or
 * make 0x7fc00000 (0x7e00). cuda_fp16.h therefore follows each conversion
 * and each half operation with a canonicalization
 *
 *   S = select(fcmp uno X, X, NaN, V)    V: X, fpext X or the bits of X
 *
 * and a dot product of halves, or a chain of __hfma2 (quant3MatMul), pays a
 * compare and select at every step. Where every use of S is an fadd, fsub,
 * fmul, fma or fmuladd O in S's block (no nnan), S is replaced by its value
 * and O's result is canonicalized instead, if it is not already:
 *
 *   - O's result is a NaN exactly when it was (a NaN operand gives a NaN,
 *     whatever its payload), and equal otherwise;
 *   - a NaN result gets the canonical payload, as the H100's O gives it;
 *     before, that held only when the NaN came from S.
 *
 * The canonicalizations thus move down a chain to its end. One moves only
 * where at most one of its users needs a new canonicalization (never more
 * of them than before), and only within its block (never into a loop); a
 * multiply stays next to its add, so the backend still fuses them.
 *
 * Instcombine, before this runs, folds a canonicalization into the
 * operation that reads it: select(isnan(A) | isnan(B), NaN, O(A, B)), a
 * NaN only where an operand was one. Its test becomes isnan(O): the same
 * where an operand is a NaN, the canonical NaN (the H100's) where O makes
 * one. A canonicalization of a value already canonical is dropped.
 *
 * lit-tests/half/nan-arithmetic.test checks the results against an H100's.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/ArithmeticNaNs.h"

#include "support/IRUtils.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

enum { CanonicalHalfNaN = 0x7fff, CanonicalFloatNaN = 0x7fffffff };

static LLVMTypeRef scalarType(LLVMTypeRef T) {
  return LLVMGetTypeKind(T) == LLVMVectorTypeKind ? LLVMGetElementType(T) : T;
}

/* Whether T is f32, half or a vector of halves: the types whose NaNs the
 * headers canonicalize. */
static bool isCanonicalizedFloatType(LLVMTypeRef T) {
  LLVMTypeKind Kind = LLVMGetTypeKind(scalarType(T));
  if (LLVMGetTypeKind(T) == LLVMVectorTypeKind)
    return Kind == LLVMHalfTypeKind;
  return Kind == LLVMHalfTypeKind || Kind == LLVMFloatTypeKind;
}

static unsigned scalarBits(LLVMTypeRef T) {
  LLVMTypeRef Scalar = scalarType(T);
  switch (LLVMGetTypeKind(Scalar)) {
  case LLVMHalfTypeKind:
    return 16;
  case LLVMFloatTypeKind:
    return 32;
  case LLVMIntegerTypeKind:
    return LLVMGetIntTypeWidth(Scalar);
  default:
    return 0;
  }
}

/* The bits of scalar constant C (a float or an integer), or ~0 if it is
 * neither. */
static uint64_t scalarConstantBits(LLVMValueRef C) {
  if (LLVMIsAConstantInt(C))
    return LLVMConstIntGetZExtValue(C);
  if (!LLVMIsAConstantFP(C))
    return ~(uint64_t)0;
  LLVMTypeRef Int = LLVMIntTypeInContext(LLVMGetTypeContext(LLVMTypeOf(C)),
                                         scalarBits(LLVMTypeOf(C)));
  LLVMValueRef Bits = LLVMConstBitCast(C, Int);
  return LLVMIsAConstantInt(Bits) ? LLVMConstIntGetZExtValue(Bits)
                                  : ~(uint64_t)0;
}

/* Whether every element of constant C has the bits Bits. */
static bool isSplatOfBits(LLVMValueRef C, uint64_t Bits) {
  if (!LLVMIsAConstant(C))
    return false;
  LLVMTypeRef T = LLVMTypeOf(C);
  if (LLVMGetTypeKind(T) != LLVMVectorTypeKind)
    return scalarConstantBits(C) == Bits;
  for (unsigned I = 0, N = LLVMGetVectorSize(T); I < N; ++I) {
    LLVMValueRef Element = LLVMGetAggregateElement(C, I);
    if (!Element || scalarConstantBits(Element) != Bits)
      return false;
  }
  return true;
}

/* Whether C is NVIDIA's canonical NaN for values of C's width (as a float,
 * or as its bits). */
static bool isCanonicalNaN(LLVMValueRef C) {
  unsigned Bits = scalarBits(LLVMTypeOf(C));
  return (Bits == 16 && isSplatOfBits(C, CanonicalHalfNaN)) ||
         (Bits == 32 && isSplatOfBits(C, CanonicalFloatNaN));
}

/* Whether constant C has no NaN element. */
static bool isNonNaNConstant(LLVMValueRef C) {
  if (LLVMIsAConstantAggregateZero(C))
    return true;
  LLVMTypeRef T = LLVMTypeOf(C);
  bool IsVector = LLVMGetTypeKind(T) == LLVMVectorTypeKind;
  for (unsigned I = 0, N = IsVector ? LLVMGetVectorSize(T) : 1; I < N; ++I) {
    LLVMValueRef Element = IsVector ? LLVMGetAggregateElement(C, I) : C;
    LLVMBool LosesInfo;
    if (!Element || !LLVMIsAConstantFP(Element))
      return false;
    double Value = LLVMConstRealGetDouble(Element, &LosesInfo);
    if (Value != Value)
      return false;
  }
  return true;
}

static bool mayBeNaN(LLVMValueRef I) {
  return !LLVMCanValueUseFastMathFlags(I) ||
         !(LLVMGetFastMathFlags(I) & LLVMFastMathNoNaNs);
}

/* Whether Test is true exactly when X is a NaN (Unordered) or exactly when
 * it is not: X compared with itself or with a number. */
static bool isNaNTestOf(LLVMValueRef Test, LLVMValueRef X, bool Unordered) {
  if (!LLVMIsAFCmpInst(Test) ||
      LLVMGetFCmpPredicate(Test) != (Unordered ? LLVMRealUNO : LLVMRealORD) ||
      LLVMGetOperand(Test, 0) != X)
    return false;
  LLVMValueRef Other = LLVMGetOperand(Test, 1);
  return Other == X || (LLVMIsAConstant(Other) && isNonNaNConstant(Other));
}

/* The value V when S is select(isnan(X), NaN, V) (or its ord form) with V
 * X, fpext X or the bits of X, and NaN the canonical NaN of V's type; NULL
 * otherwise. */
static LLVMValueRef canonicalizedValue(LLVMValueRef S) {
  if (!LLVMIsASelectInst(S) || !mayBeNaN(S))
    return NULL;
  bool Unordered = isCanonicalNaN(LLVMGetOperand(S, 1));
  if (!Unordered && !isCanonicalNaN(LLVMGetOperand(S, 2)))
    return NULL;
  LLVMValueRef Test = LLVMGetOperand(S, 0);
  if (!LLVMIsAFCmpInst(Test))
    return NULL;
  LLVMValueRef X = LLVMGetOperand(Test, 0);
  LLVMValueRef V = LLVMGetOperand(S, Unordered ? 2 : 1);
  if (!isCanonicalizedFloatType(LLVMTypeOf(X)) ||
      !isNaNTestOf(Test, X, Unordered))
    return NULL;
  if (V == X ||
      (LLVMIsAFPExtInst(V) && LLVMGetOperand(V, 0) == X &&
       scalarBits(LLVMTypeOf(V)) == 32) ||
      (LLVMIsABitCastInst(V) && LLVMGetOperand(V, 0) == X &&
       scalarBits(LLVMTypeOf(V)) == scalarBits(LLVMTypeOf(X))))
    return V;
  return NULL;
}

/* The value S's test reads. */
static LLVMValueRef testedValue(LLVMValueRef S) {
  return LLVMGetOperand(LLVMGetOperand(S, 0), 0);
}

static bool isCallTo(LLVMValueRef I, const char *Prefix) {
  return LLVMIsACallInst(I) &&
         !strncmp(warpCalleeName(I), Prefix, strlen(Prefix));
}

/* Whether O's result is a NaN exactly when an operand is or the operation
 * is invalid, whatever the operands' payloads: fadd, fsub, fmul, fma and
 * fmuladd on the canonicalized types that may see NaNs (and fmaf, OCML's
 * fma, before it is linked). */
static bool isNaNPropagatingArithmetic(LLVMValueRef O) {
  if (!LLVMIsAInstruction(O) || !isCanonicalizedFloatType(LLVMTypeOf(O)) ||
      !mayBeNaN(O))
    return false;
  switch (LLVMGetInstructionOpcode(O)) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
    return true;
  case LLVMCall:
    return isCallTo(O, "llvm.fma.") || isCallTo(O, "llvm.fmuladd.") ||
           isCallTo(O, "__ocml_fma_f32");
  default:
    return false;
  }
}

static unsigned numValueOperands(LLVMValueRef O) {
  return LLVMIsACallInst(O) ? (unsigned)LLVMGetNumArgOperands(O)
                            : (unsigned)LLVMGetNumOperands(O);
}

/* Whether a NaN X makes O's result a NaN: X or fpext X is an operand. */
static bool feedsOperand(LLVMValueRef X, LLVMValueRef O) {
  for (unsigned I = 0, N = numValueOperands(O); I < N; ++I) {
    LLVMValueRef Operand = LLVMGetOperand(O, I);
    if (Operand == X ||
        (LLVMIsAFPExtInst(Operand) && LLVMGetOperand(Operand, 0) == X))
      return true;
  }
  return false;
}

/* Whether Test, NaN tests joined by `or` (or `select a, true, b`), is true
 * only when an operand of O is a NaN. */
static bool testsOnlyOperandsOf(LLVMValueRef Test, LLVMValueRef O,
                                unsigned Depth) {
  if (Depth > 8 || !LLVMIsAInstruction(Test))
    return false;
  if (LLVMIsAFCmpInst(Test))
    return isNaNTestOf(Test, LLVMGetOperand(Test, 0), true) &&
           feedsOperand(LLVMGetOperand(Test, 0), O);
  bool IsOr = LLVMGetInstructionOpcode(Test) == LLVMOr;
  bool IsSelectOr =
      LLVMIsASelectInst(Test) && isSplatOfBits(LLVMGetOperand(Test, 1), 1);
  if (!IsOr && !IsSelectOr)
    return false;
  return testsOnlyOperandsOf(LLVMGetOperand(Test, 0), O, Depth + 1) &&
         testsOnlyOperandsOf(LLVMGetOperand(Test, IsOr ? 1 : 2), O, Depth + 1);
}

/* Erases test V and then its operands, as far as they are i1 compares,
 * ors and selects that nothing uses any more. */
static void eraseDeadTest(LLVMValueRef V) {
  if (!LLVMIsAInstruction(V) || LLVMGetFirstUse(V) ||
      scalarBits(LLVMTypeOf(V)) != 1 ||
      !(LLVMIsAFCmpInst(V) || LLVMIsASelectInst(V) ||
        LLVMGetInstructionOpcode(V) == LLVMOr))
    return;
  unsigned N = (unsigned)LLVMGetNumOperands(V);
  LLVMValueRef Operands[3] = {NULL, NULL, NULL};
  for (unsigned I = 0; I < N && I < 3; ++I)
    Operands[I] = LLVMGetOperand(V, I);
  LLVMInstructionEraseFromParent(V);
  for (unsigned I = 0; I < N && I < 3; ++I)
    eraseDeadTest(Operands[I]);
}

/* Where S is select(isnan(A) | isnan(B) ..., NaN, O) (or NaN and the bits
 * of O) with A, B operands of arithmetic O, makes its test isnan(O). */
static void testResultInstead(LLVMBuilderRef B, LLVMValueRef S) {
  if (!LLVMIsASelectInst(S) || !isCanonicalNaN(LLVMGetOperand(S, 1)))
    return;
  LLVMValueRef Value = LLVMGetOperand(S, 2);
  LLVMValueRef O = LLVMIsABitCastInst(Value) ? LLVMGetOperand(Value, 0) : Value;
  LLVMValueRef Test = LLVMGetOperand(S, 0);
  if (!isNaNPropagatingArithmetic(O) ||
      scalarBits(LLVMTypeOf(O)) != scalarBits(LLVMTypeOf(Value)) ||
      isNaNTestOf(Test, O, true) || !testsOnlyOperandsOf(Test, O, 0))
    return;
  LLVMPositionBuilderBefore(B, S);
  LLVMSetCurrentDebugLocation2(B, LLVMInstructionGetDebugLoc(S));
  LLVMSetOperand(S, 0, LLVMBuildFCmp(B, LLVMRealUNO, O, O, ""));
  eraseDeadTest(Test);
}

/* The canonicalization of O that is O's only user besides its test, if O
 * has one. */
static LLVMValueRef canonicalizationOf(LLVMValueRef O) {
  LLVMValueRef Found = NULL;
  for (LLVMUseRef U = LLVMGetFirstUse(O); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (LLVMIsAFCmpInst(User))
      continue;
    if (canonicalizedValue(User) != O || (Found && Found != User))
      return NULL;
    Found = User;
  }
  if (!Found)
    return NULL;
  for (LLVMUseRef U = LLVMGetFirstUse(O); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (User != Found && User != LLVMGetOperand(Found, 0))
      return NULL;
  }
  return Found;
}

/* Whether every use of S is arithmetic in S's block that keeps NaNs, and
 * at most one of those users lacks a canonicalization of its own. */
static bool canMoveOntoUsers(LLVMValueRef S) {
  LLVMBasicBlockRef Block = LLVMGetInstructionParent(S);
  LLVMValueRef Uncanonicalized = NULL;
  if (!LLVMGetFirstUse(S))
    return false;
  for (LLVMUseRef U = LLVMGetFirstUse(S); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef O = LLVMGetUser(U);
    if (!isNaNPropagatingArithmetic(O) || LLVMGetInstructionParent(O) != Block)
      return false;
    if (O == Uncanonicalized || canonicalizationOf(O))
      continue;
    if (Uncanonicalized)
      return false;
    Uncanonicalized = O;
  }
  return true;
}

/* NVIDIA's canonical NaN as a value of T (f32, half or a half vector). */
static LLVMValueRef canonicalNaNOf(LLVMTypeRef T) {
  LLVMContextRef Context = LLVMGetTypeContext(T);
  LLVMTypeRef Scalar = scalarType(T);
  bool IsHalf = LLVMGetTypeKind(Scalar) == LLVMHalfTypeKind;
  LLVMValueRef Bits =
      LLVMConstInt(LLVMIntTypeInContext(Context, IsHalf ? 16 : 32),
                   IsHalf ? CanonicalHalfNaN : CanonicalFloatNaN, false);
  LLVMValueRef Element = LLVMConstBitCast(Bits, Scalar);
  if (LLVMGetTypeKind(T) != LLVMVectorTypeKind)
    return Element;
  LLVMValueRef Elements[16];
  unsigned N = LLVMGetVectorSize(T);
  for (unsigned I = 0; I < N && I < 16; ++I)
    Elements[I] = Element;
  return LLVMConstVector(Elements, N);
}

/* Follows O with select(fcmp uno O, O, NaN, O), which O's users read from
 * then on; returns the select. */
static LLVMValueRef canonicalizeResult(LLVMBuilderRef B, LLVMValueRef O) {
  LLVMPositionBuilderBefore(B, LLVMGetNextInstruction(O));
  LLVMSetCurrentDebugLocation2(B, LLVMInstructionGetDebugLoc(O));
  LLVMValueRef Test = LLVMBuildFCmp(B, LLVMRealUNO, O, O, "");
  LLVMValueRef Select =
      LLVMBuildSelect(B, Test, canonicalNaNOf(LLVMTypeOf(O)), O, "");
  LLVMReplaceAllUsesWith(O, Select);
  LLVMSetOperand(Test, 0, O);
  LLVMSetOperand(Test, 1, O);
  LLVMSetOperand(Select, 2, O);
  return Select;
}

/* Replaces canonicalization S by its value and erases it and its test. */
static void dropCanonicalization(LLVMValueRef S) {
  LLVMReplaceAllUsesWith(S, canonicalizedValue(S));
  LLVMValueRef Test = LLVMGetOperand(S, 0);
  LLVMInstructionEraseFromParent(S);
  eraseDeadTest(Test);
}

/* Replaces canonicalization S by its value in its users, canonicalizing
 * their results instead (not with PlantedBug); the new ones are queued. */
static void moveOntoUsers(LLVMBuilderRef B, LLVMValueRef S,
                          WarpValueList *Queue, bool PlantedBug) {
  LLVMValueRef Value = canonicalizedValue(S);
  while (!PlantedBug && LLVMGetFirstUse(S)) {
    LLVMValueRef O = LLVMGetUser(LLVMGetFirstUse(S));
    if (!canonicalizationOf(O))
      warpAppendValue(Queue, canonicalizeResult(B, O));
    for (unsigned I = 0, N = (unsigned)LLVMGetNumOperands(O); I < N; ++I)
      if (LLVMGetOperand(O, I) == S)
        LLVMSetOperand(O, I, Value);
  }
  dropCanonicalization(S);
}

/* Whether S canonicalizes a value that already is canonical, keeping its
 * bits (not through fpext, which would change the payload). */
static bool isRedundant(LLVMValueRef S) {
  return canonicalizedValue(testedValue(S)) &&
         !LLVMIsAFPExtInst(canonicalizedValue(S));
}

unsigned warpCanonicalizeArithmeticNaNs(LLVMValueRef F, bool PlantedBug) {
  WarpValueList Queue = {NULL, 0, 0};
  LLVMBuilderRef B =
      LLVMCreateBuilderInContext(LLVMGetTypeContext(LLVMTypeOf(F)));
  unsigned Removed = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB), Next; I; I = Next) {
      Next = LLVMGetNextInstruction(I);
      if (!PlantedBug)
        testResultInstead(B, I);
      if (!canonicalizedValue(I))
        continue;
      if (!PlantedBug && isRedundant(I)) {
        dropCanonicalization(I);
        ++Removed;
      } else {
        warpAppendValue(&Queue, I);
      }
    }
  /* In program order: a chain's first canonicalizations move before the
   * ones they create. */
  for (unsigned K = 0; K < Queue.Size; ++K) {
    LLVMValueRef S = Queue.Items[K];
    if (!canMoveOntoUsers(S))
      continue;
    moveOntoUsers(B, S, &Queue, PlantedBug);
    ++Removed;
  }
  LLVMDisposeBuilder(B);
  free(Queue.Items);
  return Removed;
}
