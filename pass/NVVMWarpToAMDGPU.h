/*===- NVVMWarpToAMDGPU.h - Lower NVVM warp intrinsics for AMDGPU -*- C -*-===*
 *
 * The C entry points of the lowering. The opt/clang plugin, the cu2hsaco
 * driver and the test tools all call these; nothing here needs C++.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_NVVMWARPTOAMDGPU_H
#define NVVMWARP_NVVMWARPTOAMDGPU_H

#include <llvm-c/Types.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The hardware wave a function runs in, when nothing in the function says. */
typedef enum { WarpWave64, WarpWave32 } WarpWaveSize;

/* How shuffles move data. bpermute: always ds_bpermute, exact on every
 * lane. exact: the cheapest form the function's target offers (DPP,
 * ds_swizzle, permlane, readlane), still exact on every lane. best: as
 * exact, but each shuffle need only be exact on the lanes the program can
 * observe (DemandedLanes.h), and reduce/scan chains are rewritten whole
 * (WarpChains.h). */
typedef enum {
  WarpStrategyBest,
  WarpStrategyExact,
  WarpStrategyBPermute
} WarpStrategy;

typedef struct {
  WarpWaveSize DefaultWave;
  /* Test only: a deliberate miscompilation (pass/testing/PlantedBugs.h),
   * which the plant-bug= option sets; 0, none, everywhere else. */
  unsigned PlantedBug;
  WarpStrategy Strategy;
  /* threadIdx.x % 32 is the CUDA lane: the program promises 1-D blocks or
   * blockDim.x a multiple of 32 (otherwise functions that would gain from
   * it are versioned on that condition: LaneVersioning.h). */
  bool TidXIsLane;
  /* Kernels that would be versioned get a launch variant instead, for a
   * runtime that picks it by the launch's block shape (LaneVersioning.h). */
  bool LaunchVariants;
} WarpLoweringOptions;

/* Receives one complete diagnostic message (no trailing newline). */
typedef void (*WarpDiagnosticHandler)(void *Context, const char *Message);

typedef struct {
  unsigned NumLowered; /* warp intrinsic calls replaced */
  unsigned NumErrors;  /* diagnostics reported; their calls are left as is */
  unsigned NumNaNCanonicalizationsMoved; /* pass/ptx/ArithmeticNaNs.c */
} WarpLoweringResult;

/* Default options: wave64 unless a function says otherwise, no planted bug. */
WarpLoweringOptions warpDefaultOptions(void);

/* Parses the text between <> of `nvvm-shfl-to-amdgpu<...>` or
 * `nvvm-warp-to-amdgpu<...>`: ';'-separated `wave32`, `wave64`,
 * `strategy=best`, `strategy=exact`, `strategy=bpermute`, `tid-x-lanes`,
 * `launch-variants`, and for tests `plant-bug=NAME`, one of the deliberate
 * miscompilations of pass/testing/PlantedBugs.c (drop-barrier only
 * nvvm-to-amdgpu plants). On failure returns false and sets *ErrorMessage
 * to a malloc'd string. */
bool warpParseOptions(const char *Params, WarpLoweringOptions *Options,
                      char **ErrorMessage);

/* Replaces every llvm.nvvm.shfl* call in M with AMDGPU code. Calls that
 * cannot be lowered are reported through Handler (stderr when NULL) and
 * left untouched, so a valid module stays valid. */
WarpLoweringResult warpLowerShuffles(LLVMModuleRef M,
                                     const WarpLoweringOptions *Options,
                                     WarpDiagnosticHandler Handler,
                                     void *HandlerContext);

/* nvvm-warp-to-amdgpu: translates inline PTX into the IR it means (its warp
 * instructions into NVVM intrinsics; PtxTranslate.c), then replaces every
 * vote, activemask, match, redux, bar.warp.sync, elect and shfl intrinsic
 * call with AMDGPU code. Bad uses are reported and left as they are;
 * inline PTX it cannot translate is left for nvvm-to-amdgpu to report. */
WarpLoweringResult warpLowerWarpIntrinsics(LLVMModuleRef M,
                                           const WarpLoweringOptions *Options,
                                           WarpDiagnosticHandler Handler,
                                           void *HandlerContext);

/* Options of nvvm-to-amdgpu, which turns a clang CUDA device module into an
 * AMDGPU one and then lowers its shuffles. */
typedef struct {
  char OffloadArch[32];    /* target-cpu, e.g. "gfx90a" */
  unsigned WaveSize;       /* 32 or 64; 0 for the architecture's default */
  bool FastMath;           /* OCML's fast variants, as nvcc --use_fast_math */
  bool RetargetOnly;       /* leave the warp intrinsics to be lowered later */
  char DeviceLibDir[1024]; /* holds AMD's ocml.bc */
  WarpLoweringOptions Lowering;
} WarpRetargetOptions;

/* Parses `nvvm-to-amdgpu<...>`: ';'-separated gfxNNN, wave32, wave64,
 * fast-math, retarget-only, device-libs=DIR and the shuffle options
 * (default gfx90a, and the device library directory found at build time).
 * On failure returns false and sets *ErrorMessage to a malloc'd string. */
bool warpParseRetargetOptions(const char *Params, WarpRetargetOptions *Options,
                              char **ErrorMessage);

/* Retargets M to amdgcn-amd-amdhsa (code object v5, loadable by HIP 5.2):
 * kernels, special registers, barriers, fences, allocas, then lowers the
 * warp intrinsics as warpLowerWarpIntrinsics does, and links AMD's OCML
 * for the math M calls (DeviceLibs.h). Whatever cannot be mapped is
 * reported through Handler.
 *
 * With Options->RetargetOnly the warp intrinsics are left as calls: the
 * drivers' flow (and opt's, docs/plugin.md) is this, LLVM's
 * default<ON> pipeline for the processor, warpLowerWarpIntrinsics on the
 * optimized module, and default<ON> again. The module verifies and
 * optimizes with the NVVM warp intrinsics in it: convergent calls with
 * effects the optimizer cannot see, which it neither makes control
 * dependent on more conditions nor merges. */
WarpLoweringResult warpRetargetModule(LLVMModuleRef M,
                                      const WarpRetargetOptions *Options,
                                      WarpDiagnosticHandler Handler,
                                      void *HandlerContext);

/* Gives a retargeted module's symbols the visibility a code object needs,
 * as HIP's clang does: kernels and defined __device__/__constant__
 * variables protected (exported, bound locally), every other function,
 * declaration and variable hidden; local, llvm.* and __shared__ symbols and
 * visibilities the source chose are kept. warpRetargetModule calls it. */
void warpSetCodeObjectVisibility(LLVMModuleRef M);

/* Gives each volatile load and store of M whose flat pointer is a cast of
 * a shared-memory (address space 3) pointer, through getelementptrs, that
 * pointer back (LLVM narrows only non-volatile accesses), so that it is an
 * LDS access. Run after optimization. Returns how many it changed. */
unsigned warpNarrowVolatileSharedAccesses(LLVMModuleRef M);

/* Reports, through Handler (stderr when NULL) with messages led by
 * Reporter (if not ""), each use of a function or variable that M declares but
 * does not define (intrinsics, llvm.* and __shared__ declarations aside):
 * nothing can define it in a code object linked from M alone. Returns the
 * number of uses reported. */
unsigned warpReportUndefinedSymbols(LLVMModuleRef M, const char *Reporter,
                                    WarpDiagnosticHandler Handler,
                                    void *HandlerContext);

#ifdef __cplusplus
}
#endif

#endif
