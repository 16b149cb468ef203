/*===- wavesim.c - Run AMDGPU kernel IR on the host, AMD wave semantics
 *-----===*
 *
 * The public entry points (wavesim.h): loading a module, planted bugs,
 * statistics. How it works is told where it happens: wavesim-module.c
 * (reading and checking a module), wavesim-rewrite.c (the module as host
 * code), wavesim-lanes.c (lanes as waves), wavesim-intrinsics.c (the
 * amdgcn intrinsics), wavesim-launch.c (grids).
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "amdgpu-lane-ops.h"
#include "wavesim-internal.h"

#include <llvm-c/Core.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Target.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wavesimFormatError(char *Error, size_t Size, const char *Format, ...) {
  if (!Error || !Size)
    return;
  va_list Args;
  va_start(Args, Format);
  vsnprintf(Error, Size, Format, Args);
  va_end(Args);
}

/*===-- Public entry points -----------------------------------------------===*/

/* Parses Buffer (disposing of it), checks and compiles the module. */
static WaveSim *loadModule(LLVMMemoryBufferRef Buffer, const char *Name,
                           unsigned WaveSize, char *Error, size_t ErrorSize) {
  if (WaveSize != 0 && WaveSize != 32 && WaveSize != 64) {
    wavesimFormatError(Error, ErrorSize,
                       "the wave size must be 32 or 64, not %u", WaveSize);
    LLVMDisposeMemoryBuffer(Buffer);
    return NULL;
  }
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = wavesimParseModule(Ctx, Buffer, Name, Error, ErrorSize);
  if (!M) {
    LLVMContextDispose(Ctx);
    return NULL;
  }
  WaveSim *S = calloc(1, sizeof(WaveSim));
  S->WaveSize = WaveSize ? WaveSize : wavesimModuleWaveSize(M);
  if (!WaveSimHaveAsmSwitch)
    wavesimSetContextSwitch(S, "ucontext");
  wavesimPoolRetain();
  if (!wavesimPrepareAndCompile(S, Ctx, M, Error, ErrorSize)) {
    wavesimDispose(S);
    return NULL;
  }
  return S;
}

WaveSim *wavesimLoad(const char *IRPath, unsigned WaveSize, char *Error,
                     size_t ErrorSize) {
  LLVMMemoryBufferRef Buffer = wavesimReadFile(IRPath, Error, ErrorSize);
  return Buffer ? loadModule(Buffer, IRPath, WaveSize, Error, ErrorSize) : NULL;
}

WaveSim *wavesimLoadBuffer(const void *IR, size_t Bytes, const char *Name,
                           unsigned WaveSize, char *Error, size_t ErrorSize) {
  LLVMMemoryBufferRef Buffer =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(IR, Bytes, Name);
  return loadModule(Buffer, Name, WaveSize, Error, ErrorSize);
}

void wavesimDispose(WaveSim *S) {
  if (!S)
    return;
  wavesimMemcheckDispose(S);
  if (S->JIT) {
    LLVMErrorRef Err = LLVMOrcDisposeLLJIT(S->JIT);
    if (Err)
      LLVMConsumeError(Err);
  }
  for (unsigned I = 0; I < S->NumKernels; ++I)
    free(S->Kernels[I].Name);
  free(S->Kernels);
  free(S->SharedVars);
  free(S->Sites);
  free(S->Reach);
  free(S);
  wavesimPoolRelease();
}

int wavesimPlantBug(WaveSim *S, const char *Bug) {
  if (!strcmp(Bug, "release-early"))
    S->BugReleaseEarly = true;
  else if (!strcmp(Bug, "ballot-ignores-exec"))
    S->BugBallotIgnoresExec = true;
  else if (laneOpsBugNamed(Bug))
    S->LaneOpsBugs |= laneOpsBugNamed(Bug);
  else
    return -1;
  return 0;
}

int wavesimSetContextSwitch(WaveSim *S, const char *Kind) {
  if (!strcmp(Kind, "ucontext"))
    S->UseUContext = true;
  else if (!strcmp(Kind, "asm") && WaveSimHaveAsmSwitch)
    S->UseUContext = false;
  else
    return -1;
  return 0;
}

void wavesimGetStats(const WaveSim *S, WaveSimStats *Stats) {
  *Stats = S->Stats;
}
