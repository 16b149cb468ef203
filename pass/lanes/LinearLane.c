/*===- LinearLane.c - Thread indices that are the CUDA lane ----------------===*
 *
 * An i32 expression of thread indices, block sizes and constants built with
 * add, sub, mul, shl by a constant and disjoint or is, modulo 32, a
 * polynomial over those six values with coefficients modulo 32 (every one
 * of these operations keeps the low five bits a function of the operands'
 * low five bits). It is the lane plus a constant when it differs from the
 * linear index x + y*nx + z*nx*ny by a constant polynomial. Where the block
 * shape condition holds (1-D blocks, where y = z = 0, or nx % 32 == 0),
 * every monomial holding y or z and nx is 0 modulo 32, and is dropped from
 * both sides before comparing, so threadIdx.x and the 2-D form count there.
 *
 * Block sizes are read as the retargeting pass reads them: NVVM's %ntid
 * before it, after it a 16-bit field of the HSA dispatch packet (offset 4,
 * 6, 8) or of code object v5's implicit kernel arguments (12, 14, 16).
 *
 *===----------------------------------------------------------------------===*/

#include "lanes/LinearLane.h"

#include "support/IRUtils.h"

#include <string.h>

enum { AtomX, AtomY, AtomZ, AtomNX, AtomNY, AtomNZ, NumAtoms };
enum { MaxTerms = 16, MaxExponent = 7, MaxDepth = 16 };

typedef struct {
  uint8_t Coefficient; /* modulo 32, never 0 in a polynomial */
  uint8_t Exponent[NumAtoms];
} Monomial;

typedef struct {
  unsigned Count;
  Monomial Terms[MaxTerms];
  bool ShapeHolds; /* a read marked as under the block shape condition */
} Polynomial;

static const char MarkKind[] = "nvvmwarp.block-shape";

static unsigned markKindOf(LLVMValueRef V) {
  LLVMContextRef Ctx = LLVMGetTypeContext(LLVMTypeOf(V));
  return LLVMGetMDKindIDInContext(Ctx, MarkKind, sizeof(MarkKind) - 1);
}

bool warpIsThreadIndexRead(LLVMValueRef Call, unsigned *Dim) {
  if (!LLVMIsACallInst(Call))
    return false;
  static const char *const Names[] = {
      "llvm.nvvm.read.ptx.sreg.tid.x", "llvm.nvvm.read.ptx.sreg.tid.y",
      "llvm.nvvm.read.ptx.sreg.tid.z", "llvm.amdgcn.workitem.id.x",
      "llvm.amdgcn.workitem.id.y",     "llvm.amdgcn.workitem.id.z"};
  const char *Name = warpCalleeName(Call);
  for (unsigned I = 0; I < 6; ++I)
    if (!strcmp(Name, Names[I])) {
      *Dim = I % 3;
      return true;
    }
  return false;
}

void warpMarkUnderBlockShape(LLVMValueRef I) {
  LLVMContextRef Ctx = LLVMGetTypeContext(LLVMTypeOf(I));
  LLVMSetMetadata(I, markKindOf(I), LLVMMDNodeInContext(Ctx, NULL, 0));
}

bool warpIsUnderBlockShape(LLVMValueRef I) {
  return LLVMGetMetadata(I, markKindOf(I)) != NULL;
}

void warpForgetBlockShapeMarks(LLVMValueRef F) {
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      if (warpIsUnderBlockShape(I))
        LLVMSetMetadata(I, markKindOf(I), NULL);
}

/* The dimension of a block size read by NVVM's %ntid. */
static bool isNtidRead(LLVMValueRef Call, unsigned *Dim) {
  static const char *const Names[] = {"llvm.nvvm.read.ptx.sreg.ntid.x",
                                      "llvm.nvvm.read.ptx.sreg.ntid.y",
                                      "llvm.nvvm.read.ptx.sreg.ntid.z"};
  const char *Name = warpCalleeName(Call);
  for (unsigned I = 0; I < 3; ++I)
    if (!strcmp(Name, Names[I])) {
      *Dim = I;
      return true;
    }
  return false;
}

/* The dimension of a block size loaded as a 16-bit field at a constant
 * offset from the dispatch packet or the implicit kernel arguments. */
static bool isBlockSizeLoad(LLVMValueRef Load, unsigned *Dim) {
  if (!LLVMIsALoadInst(Load) ||
      LLVMGetIntTypeWidth(LLVMTypeOf(Load)) != 16)
    return false;
  LLVMValueRef Address = LLVMGetOperand(Load, 0);
  if (!LLVMIsAGetElementPtrInst(Address) || LLVMGetNumOperands(Address) != 2 ||
      !LLVMIsAConstantInt(LLVMGetOperand(Address, 1)))
    return false;
  LLVMTypeRef Element = LLVMGetGEPSourceElementType(Address);
  LLVMValueRef Base = LLVMGetOperand(Address, 0);
  if (LLVMGetTypeKind(Element) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(Element) != 8 || !LLVMIsACallInst(Base))
    return false;
  int64_t Offset = LLVMConstIntGetSExtValue(LLVMGetOperand(Address, 1));
  const char *Name = warpCalleeName(Base);
  int64_t First = !strcmp(Name, "llvm.amdgcn.dispatch.ptr")       ? 4
                  : !strcmp(Name, "llvm.amdgcn.implicitarg.ptr") ? 12
                                                                 : -1;
  if (First < 0 || Offset < First || Offset > First + 4 || (Offset & 1))
    return false;
  *Dim = (unsigned)(Offset - First) / 2;
  return true;
}

static bool isI32(LLVMValueRef V) {
  LLVMTypeRef Type = LLVMTypeOf(V);
  return LLVMGetTypeKind(Type) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(Type) == 32;
}

static bool sameExponents(const Monomial *A, const Monomial *B) {
  return !memcmp(A->Exponent, B->Exponent, NumAtoms);
}

/* P += Coefficient * M's monomial; false when P has no room left. */
static bool addTerm(Polynomial *P, const Monomial *M, unsigned Coefficient) {
  Coefficient &= 31;
  if (!Coefficient)
    return true;
  for (unsigned I = 0; I < P->Count; ++I) {
    if (!sameExponents(&P->Terms[I], M))
      continue;
    P->Terms[I].Coefficient = (P->Terms[I].Coefficient + Coefficient) & 31;
    if (!P->Terms[I].Coefficient)
      P->Terms[I] = P->Terms[--P->Count];
    return true;
  }
  if (P->Count == MaxTerms)
    return false;
  P->Terms[P->Count] = *M;
  P->Terms[P->Count++].Coefficient = (uint8_t)Coefficient;
  return true;
}

static void setConstant(Polynomial *P, uint64_t Value) {
  Monomial One = {0, {0}};
  P->Count = 0;
  addTerm(P, &One, (unsigned)(Value & 31));
}

static void setAtom(Polynomial *P, unsigned Atom) {
  Monomial M = {0, {0}};
  M.Exponent[Atom] = 1;
  P->Count = 0;
  addTerm(P, &M, 1);
}

/* A += Sign * B (Sign 1 or 31, i.e. -1 modulo 32). */
static bool addPolynomial(Polynomial *A, const Polynomial *B, unsigned Sign) {
  for (unsigned I = 0; I < B->Count; ++I)
    if (!addTerm(A, &B->Terms[I], B->Terms[I].Coefficient * Sign))
      return false;
  A->ShapeHolds |= B->ShapeHolds;
  return true;
}

static bool multiplyPolynomials(Polynomial *Out, const Polynomial *A,
                                const Polynomial *B) {
  Polynomial Product = {0, {{0, {0}}}, A->ShapeHolds || B->ShapeHolds};
  for (unsigned I = 0; I < A->Count; ++I)
    for (unsigned J = 0; J < B->Count; ++J) {
      Monomial M = {0, {0}};
      for (unsigned K = 0; K < NumAtoms; ++K) {
        unsigned E = A->Terms[I].Exponent[K] + B->Terms[J].Exponent[K];
        if (E > MaxExponent)
          return false;
        M.Exponent[K] = (uint8_t)E;
      }
      if (!addTerm(&Product, &M,
                   A->Terms[I].Coefficient * B->Terms[J].Coefficient))
        return false;
    }
  *Out = Product;
  return true;
}

static bool evalPolynomial(LLVMValueRef V, Polynomial *P, unsigned Depth);

static bool evalCall(LLVMValueRef Call, Polynomial *P) {
  unsigned Dim;
  if (warpIsThreadIndexRead(Call, &Dim)) {
    setAtom(P, AtomX + Dim);
    P->ShapeHolds = warpIsUnderBlockShape(Call);
    return true;
  }
  if (isNtidRead(Call, &Dim)) {
    setAtom(P, AtomNX + Dim);
    return true;
  }
  return false;
}

static bool evalBinary(LLVMValueRef V, LLVMOpcode Op, Polynomial *P,
                       unsigned Depth) {
  Polynomial A, B;
  if (!evalPolynomial(LLVMGetOperand(V, 0), &A, Depth + 1))
    return false;
  LLVMValueRef Right = LLVMGetOperand(V, 1);
  if (Op == LLVMShl) {
    if (!LLVMIsAConstantInt(Right))
      return false;
    uint64_t Shift = LLVMConstIntGetZExtValue(Right);
    setConstant(&B, Shift >= 5 ? 0 : 1u << Shift);
    B.ShapeHolds = false;
    return multiplyPolynomials(P, &A, &B);
  }
  if (!evalPolynomial(Right, &B, Depth + 1))
    return false;
  if (Op == LLVMMul)
    return multiplyPolynomials(P, &A, &B);
  *P = A;
  return addPolynomial(P, &B, Op == LLVMSub ? 31 : 1);
}

static bool evalPolynomial(LLVMValueRef V, Polynomial *P, unsigned Depth) {
  P->Count = 0;
  P->ShapeHolds = false;
  if (Depth > MaxDepth || !isI32(V))
    return false;
  if (LLVMIsAConstantInt(V)) {
    setConstant(P, LLVMConstIntGetZExtValue(V));
    return true;
  }
  if (!LLVMIsAInstruction(V))
    return false;
  unsigned Dim;
  switch (LLVMGetInstructionOpcode(V)) {
  case LLVMCall:
    return evalCall(V, P);
  case LLVMZExt:
    if (!isBlockSizeLoad(LLVMGetOperand(V, 0), &Dim))
      return false;
    setAtom(P, AtomNX + Dim);
    return true;
  case LLVMOr:
    if (!LLVMGetIsDisjoint(V))
      return false;
    return evalBinary(V, LLVMAdd, P, Depth);
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
    return evalBinary(V, LLVMGetInstructionOpcode(V), P, Depth);
  default:
    return false;
  }
}

/* Drops the monomials that are 0 modulo 32 under the block shape
 * condition: those holding y or z and nx. */
static void dropVanishingTerms(Polynomial *P) {
  for (unsigned I = 0; I < P->Count;) {
    const uint8_t *E = P->Terms[I].Exponent;
    if ((E[AtomY] || E[AtomZ]) && E[AtomNX])
      P->Terms[I] = P->Terms[--P->Count];
    else
      ++I;
  }
}

static void setLinearIndex(Polynomial *P) {
  static const uint8_t Terms[3][NumAtoms] = {
      {1, 0, 0, 0, 0, 0}, {0, 1, 0, 1, 0, 0}, {0, 0, 1, 1, 1, 0}};
  P->Count = 0;
  P->ShapeHolds = false;
  for (unsigned I = 0; I < 3; ++I) {
    Monomial M = {0, {0}};
    memcpy(M.Exponent, Terms[I], NumAtoms);
    addTerm(P, &M, 1);
  }
}

bool warpLinearLaneOffset(LLVMValueRef V, bool ShapeHolds, uint32_t *Offset) {
  Polynomial P, Linear;
  if (!evalPolynomial(V, &P, 0))
    return false;
  setLinearIndex(&Linear);
  if (ShapeHolds || P.ShapeHolds) {
    dropVanishingTerms(&P);
    dropVanishingTerms(&Linear);
  }
  if (!addPolynomial(&P, &Linear, 31))
    return false;
  *Offset = 0;
  for (unsigned I = 0; I < P.Count; ++I) {
    static const uint8_t None[NumAtoms];
    if (memcmp(P.Terms[I].Exponent, None, NumAtoms))
      return false;
    *Offset = P.Terms[I].Coefficient;
  }
  return true;
}
