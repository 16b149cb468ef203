/*===- PtxRecipesWarp.c - Inline PTX recipes: warp operations --------------===*
 *
 * The recipe of the warp operations (shfl, vote, match, redux, ...): a
 * call of the NVVM intrinsic that the form names.
 * PtxRecipeBuilders.h says what every recipe does.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/PtxRecipeBuilders.h"

#include <string.h>

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
