/*===- wavesim-lockstep.h - Shared memory in lockstep -----------*- C -*-===*
 *
 * Before wavesim runs a module, wavesimInsertLockstepPoints adds a wave
 * meeting point (llvm.amdgcn.wave.barrier) wherever two lanes' accesses to
 * shared memory could be seen in another order than a wave's lockstep
 * execution gives them (wavesim-lockstep.c says where). Returns how many
 * it added.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_LOCKSTEP_H
#define WAVESIM_LOCKSTEP_H

#include <llvm-c/Types.h>

unsigned wavesimInsertLockstepPoints(LLVMModuleRef M);

#endif
