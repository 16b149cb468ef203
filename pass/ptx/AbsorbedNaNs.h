/*===- AbsorbedNaNs.h - NaN payloads nobody observes -----------*- C -*-===*
 *
 * The inline PTX translation gives every f32 NaN that add.f32 & co. make
 * NVIDIA's canonical payload. Where such a result feeds only further float
 * arithmetic whose own result is canonicalized (through shuffles, selects
 * and casts, which move bits unchanged), nobody sees the payload: the
 * canonicalization is dropped.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_ABSORBEDNANS_H
#define NVVMWARP_ABSORBEDNANS_H

#include <llvm-c/Core.h>
#include <stdbool.h>

/* Drops, in function F, each NaN canonicalization whose result only
 * canonicalized float arithmetic observes (with PlantedBug, every one: a
 * deliberate miscompilation for tests). Returns the number dropped. */
unsigned warpDropAbsorbedNaNCanonicalizations(LLVMValueRef F,
                                              bool PlantedBug);

#endif
