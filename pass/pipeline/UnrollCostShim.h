/*===- UnrollCostShim.h - The unroll cost in LLVM pipelines -------*- C -*-===*
 *
 * warpRunPasses is for the drivers (C); the registration function is for
 * the plugin shim (C++).
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_UNROLLCOSTSHIM_H
#define NVVMWARP_UNROLLCOSTSHIM_H

#include <llvm-c/Error.h>
#include <llvm-c/TargetMachine.h>
#include <stdbool.h>

#ifdef __cplusplus
#include "llvm/Passes/PassBuilder.h"

/* Runs the unroll cost estimate (UnrollCost.h) before the full unroller
 * of PB's default pipelines, and removes its thresholds at the optimizer's
 * early extension point. */
void warpRegisterUnrollCost(llvm::PassBuilder &PB);

extern "C" {
#endif

typedef void (*WarpModuleCallback)(LLVMModuleRef M, void *Context);

/* LLVMRunPasses(M, Passes, TM, Options) with the unroll cost estimate
 * registered where LoopUnrolling and, if not NULL, AtOptimizerStart(M, Context) run at the
 * optimizer's early extension point (where the plugin lowers); LLVM's
 * default tuning options but for loop unrolling, vectorization and
 * interleaving, which follow LoopUnrolling. */
LLVMErrorRef warpRunPasses(LLVMModuleRef M, const char *Passes,
                           LLVMTargetMachineRef TM, bool LoopUnrolling,
                           WarpModuleCallback AtOptimizerStart,
                           void *Context);

#ifdef __cplusplus
}
#endif

#endif
