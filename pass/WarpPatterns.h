/*===- WarpPatterns.h - The TableGen'erated table of warp intrinsics -*- C
 *-*-===*
 *
 * One row per NVVM warp intrinsic the pass lowers. The rows are generated
 * from tablegen/WarpPatterns.td, which names LLVM's own intrinsic records.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_WARPPATTERNS_H
#define NVVMWARP_WARPPATTERNS_H

#include "ShflSemantics.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum { WarpValueI32, WarpValueF32 } WarpValueType;

typedef enum { WarpLowerBPermute } WarpLoweringKind;

typedef struct {
  const char *IntrinsicName; /* "llvm.nvvm.shfl.sync.idx.i32p" */
  const char *RecordName;    /* "int_nvvm_shfl_sync_idx_i32p" */
  ShflMode Mode;
  WarpValueType ValueType;
  bool HasMemberMask;    /* operands (mask, a, b, c) rather than (a, b, c) */
  bool ReturnsPredicate; /* result {T, i1} rather than T */
  WarpLoweringKind Lowering;
} WarpShufflePattern;

/* The pattern for an intrinsic name, or NULL when the table has none. */
const WarpShufflePattern *warpFindShufflePattern(const char *Name);

/* The whole table, for tools that enumerate it. */
const WarpShufflePattern *warpShufflePatterns(unsigned *Count);

#endif
