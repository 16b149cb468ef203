/*===- wavesim-memcheck.h - Every memory access of a kernel checked -------===*
 *
 * The rewrite for the host instruments each load, store, atomic and memory
 * intrinsic of the module with a range check against what a lane may
 * access (wavesim-memcheck-instrument.c; wavesim-memcheck.c says how and
 * why). The table of valid memory is process-wide: the runtime's
 * allocations (wavesimAddRange), the modules' globals and the lanes'
 * stacks.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_MEMCHECK_H
#define WAVESIM_MEMCHECK_H

#include "wavesim.h"

#include <llvm-c/LLJIT.h>
#include <llvm-c/Types.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct MemcheckModule MemcheckModule;
typedef struct Runner Runner;

/* Whether modules loaded from now on are instrumented: when
 * CUCC_WAVESIM_MEMCHECK is set, and not to 0. */
bool wavesimMemcheckEnabled(void);

/* Instruments M's accesses (after the host rewrite, before the kernels'
 * wrappers are built) and lists its globals for the table. */
void wavesimMemcheckInstrument(WaveSim *S, LLVMModuleRef M, LLVMBuilderRef B);

/* The check's host function, for the JIT. */
bool wavesimMemcheckDefineSymbols(LLVMOrcLLJITRef J, char *Error,
                                  size_t ErrorSize);

/* Once compiled: the module's globals enter the table. */
bool wavesimMemcheckRegisterGlobals(WaveSim *S, char *Error, size_t ErrorSize);

/* Their removal, with the module. */
void wavesimMemcheckDispose(WaveSim *S);

/* A lane stack mapping (a guard page, then the stack) enters the table, or
 * leaves it before it is unmapped. */
void wavesimMemcheckAddStack(void *Mapping);
void wavesimMemcheckRemoveStack(void *Mapping);

typedef enum {
  MemNotLaneStack, /* not in any lane's stack or guard page */
  MemLaneStack,
  MemLaneGuard
} MemStackPart;

/* Which part of a lane stack mapping Address lies in; *Mapping is the
 * mapping when it does. Safe in a signal handler of a lane's fault. */
MemStackPart wavesimMemcheckStackPart(uintptr_t Address, uintptr_t *Mapping);

/* The source location of access site Site of R's module, or "". */
const char *wavesimMemcheckSiteLocation(const Runner *R, unsigned Site);

#endif
