/*===- WarpPatterns.h - The TableGen'erated warp pattern tables -*- C -*-===*
 *
 * One row per NVVM warp intrinsic the pass lowers, and one per inline PTX
 * statement it understands. The rows are generated from
 * tablegen/WarpPatterns.td, which names LLVM's own intrinsic records.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_WARPPATTERNS_H
#define NVVMWARP_WARPPATTERNS_H

#include "warp/ShflSemantics.h"

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

/* Whether Name is in the shuffles' (llvm.nvvm.shfl.*) or the primitives'
 * (llvm.nvvm.vote.*, match.*, redux.*, activemask, bar.warp.sync, elect.*)
 * part of the NVVM namespace, whether or not a pattern exists for it. */
bool warpIsShuffleName(const char *Name);
bool warpIsPrimitiveName(const char *Name);

/* The pattern for an intrinsic name, or NULL when the table has none. */
const WarpShufflePattern *warpFindShufflePattern(const char *Name);

/* The whole table, for tools that enumerate it. */
const WarpShufflePattern *warpShufflePatterns(unsigned *Count);

typedef enum {
  WarpVoteAll,
  WarpVoteAny,
  WarpVoteUni,
  WarpVoteBallot,
  WarpActiveMask,
  WarpMatchAny,
  WarpMatchAll,
  WarpRedux,
  WarpBarWarpSync,
  WarpElectSync,
} WarpPrimitiveKind;

typedef enum {
  WarpReduxNone,
  WarpReduxAdd,
  WarpReduxMin, /* signed */
  WarpReduxUMin,
  WarpReduxMax, /* signed */
  WarpReduxUMax,
  WarpReduxAnd,
  WarpReduxOr,
  WarpReduxXor,
  WarpReduxFMin,
  WarpReduxFMax,
} WarpReduxOp;

/* A vote, activemask, match, redux, bar.warp.sync or elect intrinsic. */
typedef struct {
  const char *IntrinsicName; /* "llvm.nvvm.vote.ballot.sync" */
  const char *RecordName;    /* "int_nvvm_vote_ballot_sync" */
  WarpPrimitiveKind Kind;
  int MaskOperand;  /* -1: none, the active lanes are the members */
  int ValueOperand; /* -1: none */
  WarpReduxOp Op;
  bool Abs;          /* redux.sync.f*.abs: reduce |value| */
  bool PropagateNaN; /* redux.sync.f*.NaN */
} WarpPrimitivePattern;

const WarpPrimitivePattern *warpFindPrimitivePattern(const char *Name);

/* AMDGPU processor families, as bits so that a fast path can list several. */
typedef enum {
  WarpTargetGFX9 = 1,   /* gfx900-gfx909 */
  WarpTargetGFX90A = 2, /* gfx90a, gfx940-gfx942, gfx950 */
  WarpTargetGFX10 = 4,
  WarpTargetGFX11 = 8,
  WarpTargetGFX12 = 16,
} WarpTarget;

/* The shape of a constant shuffle's source map (see WarpPatternClasses.td). */
typedef enum {
  WarpMapQuadLocal,
  WarpMapXor,
  WarpMapBroadcast,
  WarpMapShiftUp,
  WarpMapShiftDown,
} WarpSourceMap;

typedef enum {
  WarpMoveDppQuadPerm,
  WarpMoveDppRowXmask,
  WarpMoveDppRowRorThenQuad,
  WarpMoveDppMirrorThenQuad,
  WarpMovePermlaneX16,
  WarpMoveDsSwizzle,
  WarpMoveReadLane,
  WarpMoveDppRowShare,
  WarpMoveDppRowShift,
  WarpMoveDppRowShiftPermlane,
  WarpMoveDppWaveShift,
  WarpMoveSwizzleXor16Shift,
} WarpDataMovement;

typedef struct {
  WarpSourceMap Map;
  unsigned MinParam, MaxParam;
  unsigned Widths;  /* bit w set: segments of w lanes */
  unsigned Targets; /* WarpTarget bits */
  WarpDataMovement Movement;
} WarpFastShuffle;

/* The fast paths in order of preference. */
const WarpFastShuffle *warpFastShuffles(unsigned *Count);

#endif
