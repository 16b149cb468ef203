/*===- VolatileShared.c - Volatile shared-memory accesses stay in LDS -----===*
 *
 * CUDA code reaches shared memory through generic pointers (clang casts
 * every __shared__ variable to one) and LLVM's InferAddressSpaces narrows
 * the accesses back to address space 3, except volatile ones: AMDGPU has
 * no hook saying a volatile LDS access is as good as a volatile flat one
 * (NVPTX has), so `volatile int *s = smem; s[i] += s[i + 16];`, the
 * warp-synchronous idiom of NVIDIA's old samples, becomes flat loads and
 * stores, which go through the aperture check and the scalar/vector memory
 * counters. The address is the same LDS location either way: each volatile
 * load and store whose pointer is, through getelementptrs, a cast of an
 * address space 3 pointer gets that pointer back, its getelementptrs
 * rebuilt in address space 3. Volatility and everything else stay.
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"

#include <llvm-c/Core.h>

#include <stdlib.h>

enum { FlatAddressSpace = 0, SharedAddressSpace = 3 };

static bool isAddrSpaceCastFromShared(LLVMValueRef V) {
  LLVMOpcode Op;
  if (LLVMIsAAddrSpaceCastInst(V))
    Op = LLVMAddrSpaceCast;
  else if (LLVMIsAConstantExpr(V))
    Op = LLVMGetConstOpcode(V);
  else
    return false;
  return Op == LLVMAddrSpaceCast &&
         LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(V, 0))) ==
             SharedAddressSpace;
}

static bool isGEP(LLVMValueRef V) {
  return LLVMIsAGetElementPtrInst(V) ||
         (LLVMIsAConstantExpr(V) && LLVMGetConstOpcode(V) == LLVMGetElementPtr);
}

/* Pointer as an address space 3 value built before Before, or NULL when it
 * is not a chain of getelementptrs over a cast from address space 3. */
static LLVMValueRef sharedPointerOf(LLVMBuilderRef B, LLVMValueRef Before,
                                    LLVMValueRef Pointer, unsigned Depth) {
  if (isAddrSpaceCastFromShared(Pointer))
    return LLVMGetOperand(Pointer, 0);
  if (!isGEP(Pointer) || Depth == 8)
    return NULL;
  LLVMValueRef Base =
      sharedPointerOf(B, Before, LLVMGetOperand(Pointer, 0), Depth + 1);
  if (!Base)
    return NULL;
  unsigned NumIndices = (unsigned)LLVMGetNumOperands(Pointer) - 1;
  LLVMValueRef *Indices = malloc((NumIndices ? NumIndices : 1) *
                                 sizeof(LLVMValueRef));
  for (unsigned I = 0; I < NumIndices; ++I)
    Indices[I] = LLVMGetOperand(Pointer, I + 1);
  LLVMPositionBuilderBefore(B, Before);
  LLVMValueRef Narrowed = LLVMBuildGEPWithNoWrapFlags(
      B, LLVMGetGEPSourceElementType(Pointer), Base, Indices, NumIndices, "",
      LLVMGEPGetNoWrapFlags(Pointer));
  free(Indices);
  return Narrowed;
}

static unsigned pointerOperandIndex(LLVMValueRef I) {
  return LLVMIsAStoreInst(I) ? 1 : 0;
}

unsigned warpNarrowVolatileSharedAccesses(LLVMModuleRef M) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  unsigned NoAliasAddrSpace =
      LLVMGetMDKindIDInContext(Ctx, "noalias.addrspace", 17);
  unsigned Narrowed = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        if ((!LLVMIsALoadInst(I) && !LLVMIsAStoreInst(I)) ||
            !LLVMGetVolatile(I))
          continue;
        unsigned Index = pointerOperandIndex(I);
        LLVMValueRef Pointer = LLVMGetOperand(I, Index);
        if (LLVMGetPointerAddressSpace(LLVMTypeOf(Pointer)) !=
            FlatAddressSpace)
          continue;
        LLVMValueRef Shared = sharedPointerOf(B, I, Pointer, 0);
        if (!Shared)
          continue;
        LLVMSetOperand(I, Index, Shared);
        /* It said which address spaces a flat pointer cannot reach. */
        LLVMSetMetadata(I, NoAliasAddrSpace, NULL);
        ++Narrowed;
      }
  LLVMDisposeBuilder(B);
  return Narrowed;
}
