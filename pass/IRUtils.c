/*===- IRUtils.c - Small module-level helpers shared by the passes
 * ---------===*/

#include "IRUtils.h"

#include <string.h>

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
