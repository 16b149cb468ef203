/*===- AbsorbedNaNs.c - NaN payloads nobody observes ----------------------===*
 *
 * PTX's f32 arithmetic gives every NaN it makes the payload 0x7fffffff, as
 * an H100 does, so the inline PTX translation (PtxRecipesFloat.c) follows each
 * add.f32, sub.f32, mul.f32 & co. with
 *
 *   S = select(isnan(R), 0x7fffffff, bits(R))
 *
 * (the test on R's bits: |bits| > 0x7f800000). CUB's WarpReduce is a chain
 * of such adds, each fed by the previous one directly and through a
 * shuffle: three instructions a step for a payload that the next add
 * replaces anyway. A NaN operand makes fadd, fsub and fmul a NaN (LLVM's
 * semantics and the hardware's, whatever the payload), so S may be
 * replaced by bits(R) wherever every use of S is absorbed:
 *
 *   - an fadd, fsub or fmul without nnan whose result only canonicalizations
 *     of it read (its NaN test and the select's false operand): the result
 *     is NaN exactly when it was, and its payload is replaced again;
 *   - a bitcast, a select's value operand, a shuffle's moved value (its
 *     result, and a select's, is the operand's bits in some lane), whose
 *     own uses are all absorbed.
 *
 * The values that reach anything else (a store, a compare, a call) keep
 * their canonicalization, so the chain's end still gives 0x7fffffff; the
 * non-NaN values are unchanged. Values are followed through SSA without
 * phis, so the dropped ones form a DAG that ends at kept ones: a NaN entering
 * anywhere reaches a kept canonicalization as a NaN.
 *
 * It runs where the lowering has folded the selects that observed lanes
 * allow (CUB's `@p add` steps' selects on the shuffle's in-range
 * predicate), before the shuffles are lowered; the second optimizer run
 * removes the dead tests.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/AbsorbedNaNs.h"

#include "support/IRUtils.h"
#include "warp/WarpPatterns.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { MaxFollowDepth = 16 };

static bool isConstantInt(LLVMValueRef V, uint64_t Value) {
  return LLVMIsAConstantInt(V) && LLVMConstIntGetZExtValue(V) == Value;
}

static bool isF32(LLVMValueRef V) {
  return LLVMGetTypeKind(LLVMTypeOf(V)) == LLVMFloatTypeKind;
}

static bool isBitsOf(LLVMValueRef Bits, LLVMValueRef R) {
  return LLVMIsABitCastInst(Bits) && LLVMGetOperand(Bits, 0) == R;
}

static bool isFabsOf(LLVMValueRef V, LLVMValueRef R) {
  return LLVMIsACallInst(V) &&
         !strcmp(warpCalleeName(V), "llvm.fabs.f32") &&
         LLVMGetOperand(V, 0) == R;
}

/* Whether Test is true exactly when f32 R is a NaN: an unordered compare
 * of R, or |bits(R)| > 0x7f800000 on the bits as the translation and
 * instcombine write it. */
static bool isNaNTestOf(LLVMValueRef Test, LLVMValueRef R) {
  if (LLVMIsAFCmpInst(Test))
    return LLVMGetFCmpPredicate(Test) == LLVMRealUNO &&
           LLVMGetOperand(Test, 0) == R &&
           (LLVMGetOperand(Test, 1) == R ||
            LLVMIsAConstantFP(LLVMGetOperand(Test, 1)));
  if (!LLVMIsAICmpInst(Test) || LLVMGetICmpPredicate(Test) != LLVMIntUGT ||
      !isConstantInt(LLVMGetOperand(Test, 1), 0x7f800000u))
    return false;
  LLVMValueRef Magnitude = LLVMGetOperand(Test, 0);
  if (LLVMIsABitCastInst(Magnitude))
    return isFabsOf(LLVMGetOperand(Magnitude, 0), R);
  return LLVMIsAInstruction(Magnitude) &&
         LLVMGetInstructionOpcode(Magnitude) == LLVMAnd &&
         isConstantInt(LLVMGetOperand(Magnitude, 1), 0x7fffffffu) &&
         isBitsOf(LLVMGetOperand(Magnitude, 0), R);
}

/* R where S is select(isnan(R), 0x7fffffff, bits(R)) of an f32 R; NULL
 * otherwise. */
static LLVMValueRef canonicalizedFloat(LLVMValueRef S) {
  if (!LLVMIsASelectInst(S) ||
      !isConstantInt(LLVMGetOperand(S, 1), 0x7fffffffu))
    return NULL;
  LLVMValueRef Bits = LLVMGetOperand(S, 2);
  if (!LLVMIsABitCastInst(Bits))
    return NULL;
  LLVMValueRef R = LLVMGetOperand(Bits, 0);
  return isF32(R) && isNaNTestOf(LLVMGetOperand(S, 0), R) ? R : NULL;
}

/* Whether V is used only as the condition of canonicalizations of R. */
static bool onlyDecidesCanonicalizationsOf(LLVMValueRef V, LLVMValueRef R) {
  for (LLVMUseRef U = LLVMGetFirstUse(V); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (canonicalizedFloat(User) != R || LLVMGetOperand(User, 1) == V ||
        LLVMGetOperand(User, 2) == V)
      return false;
  }
  return true;
}

/* Whether each use of V is a NaN test of R used only as above. */
static bool onlyTestsNaN(LLVMValueRef V, LLVMValueRef R) {
  for (LLVMUseRef U = LLVMGetFirstUse(V); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef Test = LLVMGetUser(U);
    if (!isNaNTestOf(Test, R) || !onlyDecidesCanonicalizationsOf(Test, R))
      return false;
  }
  return true;
}

/* Whether bits(R), B, is used only by canonicalizations of R: as their
 * false operand, or masked to |bits| for their test. */
static bool bitsOnlyCanonicalized(LLVMValueRef B, LLVMValueRef R) {
  for (LLVMUseRef U = LLVMGetFirstUse(B); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (canonicalizedFloat(User) == R && LLVMGetOperand(User, 0) != B)
      continue;
    if (LLVMIsAInstruction(User) &&
        LLVMGetInstructionOpcode(User) == LLVMAnd &&
        isConstantInt(LLVMGetOperand(User, 1), 0x7fffffffu) &&
        onlyTestsNaN(User, R))
      continue;
    return false;
  }
  return true;
}

/* Whether every use of the f32 R belongs to a canonicalization of R. */
static bool onlyCanonicalized(LLVMValueRef R) {
  for (LLVMUseRef U = LLVMGetFirstUse(R); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (isBitsOf(User, R) && bitsOnlyCanonicalized(User, R))
      continue;
    if (isFabsOf(User, R)) {
      for (LLVMUseRef F = LLVMGetFirstUse(User); F; F = LLVMGetNextUse(F))
        if (!isBitsOf(LLVMGetUser(F), User) || !onlyTestsNaN(LLVMGetUser(F), R))
          return false;
      continue;
    }
    if (isNaNTestOf(User, R) && onlyDecidesCanonicalizationsOf(User, R))
      continue;
    return false;
  }
  return true;
}

/* Whether NaN operands make Op's result a NaN: fadd, fsub, fmul without
 * nnan (which would let LLVM assume there are none). */
static bool propagatesNaN(LLVMValueRef Op) {
  if (!LLVMIsAInstruction(Op))
    return false;
  LLVMOpcode Code = LLVMGetInstructionOpcode(Op);
  if (Code != LLVMFAdd && Code != LLVMFSub && Code != LLVMFMul)
    return false;
  return !(LLVMGetFastMathFlags(Op) & LLVMFastMathNoNaNs);
}

static bool isAbsorbed(LLVMValueRef V, unsigned Depth);

/* Whether V is Shuffle's moved value and nothing else of it, and what
 * the shuffle gives is absorbed (its in-range predicate reads no value). */
static bool shuffleAbsorbs(LLVMValueRef Shuffle, LLVMValueRef V,
                           unsigned Depth) {
  const WarpShufflePattern *P = warpFindShufflePattern(warpCalleeName(Shuffle));
  if (!P)
    return false;
  unsigned Moved = P->HasMemberMask ? 1 : 0;
  unsigned NumArgs = (unsigned)LLVMGetNumArgOperands(Shuffle);
  for (unsigned I = 0; I < NumArgs; ++I)
    if (I != Moved && LLVMGetOperand(Shuffle, I) == V)
      return false;
  if (!P->ReturnsPredicate)
    return isAbsorbed(Shuffle, Depth + 1);
  for (LLVMUseRef U = LLVMGetFirstUse(Shuffle); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef Part = LLVMGetUser(U);
    if (!LLVMIsAExtractValueInst(Part) || LLVMGetNumIndices(Part) != 1)
      return false;
    if (LLVMGetIndices(Part)[0] == 0 && !isAbsorbed(Part, Depth + 1))
      return false;
  }
  return true;
}

static bool isAbsorbed(LLVMValueRef V, unsigned Depth) {
  if (Depth > MaxFollowDepth)
    return false;
  for (LLVMUseRef U = LLVMGetFirstUse(V); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (LLVMIsABitCastInst(User) || (LLVMIsASelectInst(User) &&
                                     LLVMGetOperand(User, 0) != V)) {
      if (!isAbsorbed(User, Depth + 1))
        return false;
    } else if (LLVMIsACallInst(User)) {
      if (!shuffleAbsorbs(User, V, Depth))
        return false;
    } else if (!propagatesNaN(User) || !onlyCanonicalized(User)) {
      return false;
    }
  }
  return true;
}

unsigned warpDropAbsorbedNaNCanonicalizations(LLVMValueRef F,
                                              bool PlantedBug) {
  WarpValueList Dropped = {NULL, 0, 0};
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      if (canonicalizedFloat(I) && (PlantedBug || isAbsorbed(I, 0)))
        warpAppendValue(&Dropped, I);
  for (unsigned K = 0; K < Dropped.Size; ++K) {
    LLVMValueRef S = Dropped.Items[K];
    LLVMReplaceAllUsesWith(S, LLVMGetOperand(S, 2));
    LLVMInstructionEraseFromParent(S);
  }
  free(Dropped.Items);
  return Dropped.Size;
}
