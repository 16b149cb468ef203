/*===- InlinePtx.h - Inline PTX the lowering understands ---------*- C -*-===*/

#ifndef NVVMWARP_INLINEPTX_H
#define NVVMWARP_INLINEPTX_H

#include <llvm-c/Types.h>
#include <stdbool.h>
#include <stddef.h>

/* Replaces every inline asm call whose asm and constraints match a row of
 * the inline PTX pattern table with a call of that row's NVVM intrinsic.
 * Other asm is left as it is. Returns the number of calls replaced. */
unsigned warpRewriteInlinePtx(LLVMModuleRef M);

/* Writes Asm (Length bytes) to Out (Size bytes) with PTX comments and
 * whitespace removed, except one space between two word characters. Returns
 * false when it does not fit. The pattern generator normalises table rows the
 * same way. */
bool warpNormalizeAsm(const char *Asm, size_t Length, char *Out, size_t Size);

#endif
