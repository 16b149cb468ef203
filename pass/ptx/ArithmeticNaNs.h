/*===- ArithmeticNaNs.h - One canonical NaN per arithmetic chain -*- C -*-===*
 *
 * __half2float gives a NaN NVIDIA's canonical payload, 0x7fffffff, through
 * a compare and select after each conversion. Where converted values feed
 * only float arithmetic (a dot product of halves), the canonicalization
 * moves onto the arithmetic's result instead: fewer of them, and the
 * result's NaNs are then NVIDIA's too.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_ARITHMETICNANS_H
#define NVVMWARP_ARITHMETICNANS_H

#include <llvm-c/Core.h>
#include <stdbool.h>

/* Moves, in function F, the NaN canonicalizations of floats whose uses are
 * all float arithmetic in their block onto that arithmetic's results (with
 * PlantedBug, drops them instead: a deliberate miscompilation for tests).
 * Returns the number of canonicalizations removed. */
unsigned warpCanonicalizeArithmeticNaNs(LLVMValueRef F, bool PlantedBug);

#endif
