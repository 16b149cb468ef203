/*===- wavesim-divide.c - Integer division as an AMD GPU computes it ------===*
 *
 * Integer division: x86 raises SIGFPE for a division by zero and for
 * INT_MIN / -1, an AMD GPU does not. The AMDGPU backend's expansion (run as
 * gfx942 and gfx1100 machine code on tgemu:
 * lit-tests/wavesim-faults/divide-by-zero.test) gives, in 32 and 64 bits,
 *   udiv(a, 0) = a == 0 ? 2 : a + 1      urem(a, 0) = a
 *   sdiv(a, 0) = the same on |a|, with a's sign      srem(a, 0) = a
 *   sdiv(MIN, -1) = MIN                  srem(MIN, -1) = 0
 * and each division of the module computes that with selects around a
 * divisor made safe.
 *
 * This runs on every module, whether its memory accesses are checked or
 * not (a SIGFPE on the host would be a fault the GPU never has).
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim-internal.h"

#include <llvm-c/Core.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* For the tests only: WAVESIM_PLANT_BUG=division-by-zero-is-zero makes
 * every division and remainder by zero 0, a plausible model that is not
 * AMD's (lit-tests/wavesim-faults/divide-by-zero.test shows it fails). */
static _Thread_local bool ZeroQuotientBug;

static bool isDivision(LLVMOpcode Op) {
  return Op == LLVMSDiv || Op == LLVMUDiv || Op == LLVMSRem || Op == LLVMURem;
}

/* A divisor that can be neither 0 nor (for a signed division) -1. */
static bool isHarmlessDivisor(LLVMValueRef Divisor, bool Signed) {
  if (!LLVMIsAConstantInt(Divisor))
    return false;
  long long Value = LLVMConstIntGetSExtValue(Divisor);
  return Value != 0 && !(Signed && Value == -1);
}

/* a == 0 ? 2 : a + 1, what udiv(a, 0) gives. */
static LLVMValueRef unsignedQuotientByZero(LLVMBuilderRef B, LLVMValueRef A) {
  LLVMTypeRef T = LLVMTypeOf(A);
  LLVMValueRef IsZero = LLVMBuildICmp(B, LLVMIntEQ, A, LLVMConstNull(T), "");
  LLVMValueRef Next = LLVMBuildAdd(B, A, LLVMConstInt(T, 1, 0), "");
  return LLVMBuildSelect(B, IsZero, LLVMConstInt(T, 2, 0), Next, "");
}

static void divideAsAMD(LLVMBuilderRef B, LLVMValueRef I) {
  LLVMOpcode Op = LLVMGetInstructionOpcode(I);
  bool Signed = Op == LLVMSDiv || Op == LLVMSRem;
  bool Remainder = Op == LLVMSRem || Op == LLVMURem;
  LLVMValueRef A = LLVMGetOperand(I, 0), D = LLVMGetOperand(I, 1);
  LLVMTypeRef T = LLVMTypeOf(A);
  LLVMPositionBuilderBefore(B, I);
  LLVMValueRef Zero = LLVMConstNull(T);
  LLVMValueRef ByZero = LLVMBuildICmp(B, LLVMIntEQ, D, Zero, "");
  LLVMValueRef Unsafe = ByZero;
  if (Signed) {
    unsigned Bits = LLVMGetIntTypeWidth(T);
    LLVMValueRef Min = LLVMBuildShl(B, LLVMConstInt(T, 1, 0),
                                    LLVMConstInt(T, Bits - 1, 0), "");
    LLVMValueRef IsMin = LLVMBuildICmp(B, LLVMIntEQ, A, Min, "");
    LLVMValueRef ByMinusOne =
        LLVMBuildICmp(B, LLVMIntEQ, D, LLVMConstAllOnes(T), "");
    Unsafe = LLVMBuildOr(B, ByZero, LLVMBuildAnd(B, IsMin, ByMinusOne, ""), "");
  }
  /* MIN / 1 and MIN % 1 are what MIN / -1 and MIN % -1 give on AMD. */
  LLVMValueRef Safe = LLVMBuildSelect(B, Unsafe, LLVMConstInt(T, 1, 0), D, "");
  LLVMValueRef Result = LLVMBuildBinOp(B, Op, A, Safe, "");
  LLVMValueRef IfZero = A; /* the remainders */
  if (!Remainder && !Signed)
    IfZero = unsignedQuotientByZero(B, A);
  if (!Remainder && Signed) {
    LLVMValueRef Negative = LLVMBuildICmp(B, LLVMIntSLT, A, Zero, "");
    LLVMValueRef Magnitude =
        LLVMBuildSelect(B, Negative, LLVMBuildNeg(B, A, ""), A, "");
    LLVMValueRef Quotient = unsignedQuotientByZero(B, Magnitude);
    IfZero = LLVMBuildSelect(B, Negative, LLVMBuildNeg(B, Quotient, ""),
                             Quotient, "");
  }
  if (ZeroQuotientBug)
    IfZero = Zero;
  Result = LLVMBuildSelect(B, ByZero, IfZero, Result, "");
  LLVMReplaceAllUsesWith(I, Result);
  LLVMInstructionEraseFromParent(I);
}

void wavesimDivideAsAMD(LLVMModuleRef M, LLVMBuilderRef B) {
  const char *Bug = getenv("WAVESIM_PLANT_BUG");
  ZeroQuotientBug = Bug && !strcmp(Bug, "division-by-zero-is-zero");
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;) {
        LLVMValueRef Next = LLVMGetNextInstruction(I);
        LLVMOpcode Op = LLVMGetInstructionOpcode(I);
        if (isDivision(Op) &&
            LLVMGetTypeKind(LLVMTypeOf(I)) == LLVMIntegerTypeKind &&
            !isHarmlessDivisor(LLVMGetOperand(I, 1),
                               Op == LLVMSDiv || Op == LLVMSRem))
          divideAsAMD(B, I);
        I = Next;
      }
}

