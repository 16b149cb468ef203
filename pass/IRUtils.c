/*===- IRUtils.c - Helpers shared by the passes ---------------------------===*/

#include "IRUtils.h"

#include <string.h>

LLVMValueRef warpBuildIntrinsicCall(LLVMModuleRef M, LLVMBuilderRef B,
                                    const char *Name, LLVMValueRef *Args,
                                    unsigned NumArgs, const char *ResultName) {
  unsigned ID = LLVMLookupIntrinsicID(Name, strlen(Name));
  LLVMValueRef Fn = LLVMGetIntrinsicDeclaration(M, ID, NULL, 0);
  LLVMTypeRef Type = LLVMIntrinsicGetType(LLVMGetModuleContext(M), ID, NULL, 0);
  return LLVMBuildCall2(B, Type, Fn, Args, NumArgs, ResultName);
}

void warpEraseUnusedDeclarations(LLVMModuleRef M, const char *Prefix) {
  size_t PrefixLength = strlen(Prefix);
  LLVMValueRef Next;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = Next) {
    Next = LLVMGetNextFunction(F);
    size_t Length;
    const char *Name = LLVMGetValueName2(F, &Length);
    if (LLVMIsDeclaration(F) && !LLVMGetFirstUse(F) && Length >= PrefixLength &&
        strncmp(Name, Prefix, PrefixLength) == 0)
      LLVMDeleteFunction(F);
  }
}
