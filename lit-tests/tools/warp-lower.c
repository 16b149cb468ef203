/*===- warp-lower.c - Run the lowering through its C entry point -----------===*
 *
 * Reads an IR file, runs one of the lowerings on it with the options given as
 * in the pass's <...> parameter, prints every diagnostic, verifies the
 * module and prints it. Unlike opt, which stops at the first error the
 * plugin emits, this shows what the pass leaves behind after an error: the
 * bad call untouched, the good ones lowered, the module still valid.
 *
 * usage: warp-lower [OPTIONS] FILE.ll          nvvm-shfl-to-amdgpu<OPTIONS>
 *        warp-lower --warp=OPTIONS FILE.ll     nvvm-warp-to-amdgpu<OPTIONS>
 *        warp-lower --retarget=OPTIONS FILE.ll nvvm-to-amdgpu<OPTIONS>
 * Exit 1 on any diagnostic, 2 when the result does not verify.
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printDiagnostic(void *Context, const char *Message) {
  (void)Context;
  fprintf(stderr, "error: %s\n", Message);
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: warp-lower [OPTIONS] FILE.ll\n");
    return 2;
  }
  const char *Path = argv[argc - 1];
  const char *Params = argc == 3 ? argv[1] : "";
  bool Retarget = strncmp(Params, "--retarget=", 11) == 0;
  bool AllWarp = strncmp(Params, "--warp=", 7) == 0;
  WarpLoweringOptions Options;
  WarpRetargetOptions RetargetOptions;
  char *Error = NULL;
  if (Retarget
          ? !warpParseRetargetOptions(Params + 11, &RetargetOptions, &Error)
          : !warpParseOptions(Params + (AllWarp ? 7 : 0), &Options, &Error)) {
    fprintf(stderr, "error: %s\n", Error);
    return 2;
  }

  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMMemoryBufferRef Buffer;
  LLVMModuleRef M;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buffer, &Error) ||
      LLVMParseIRInContext(Ctx, Buffer, &M, &Error)) {
    fprintf(stderr, "error: %s: %s\n", Path, Error);
    return 2;
  }

  WarpLoweringResult Result =
      Retarget  ? warpRetargetModule(M, &RetargetOptions, printDiagnostic, NULL)
      : AllWarp ? warpLowerWarpIntrinsics(M, &Options, printDiagnostic, NULL)
                : warpLowerShuffles(M, &Options, printDiagnostic, NULL);
  fprintf(stderr, "warp-lower: %u lowered, %u errors\n", Result.NumLowered,
          Result.NumErrors);
  if (LLVMVerifyModule(M, LLVMPrintMessageAction, NULL)) {
    fprintf(stderr, "error: the module does not verify after lowering\n");
    return 2;
  }
  char *Text = LLVMPrintModuleToString(M);
  fputs(Text, stdout);
  LLVMDisposeMessage(Text);
  LLVMDisposeModule(M);
  LLVMContextDispose(Ctx);
  return Result.NumErrors ? 1 : 0;
}
