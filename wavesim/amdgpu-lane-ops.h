/*===- amdgpu-lane-ops.h - Models of AMDGPU cross-lane operations -*- C -*-===*
 *
 * One model of the cross-lane intrinsics the lowering emits, shared by the
 * semantic oracle (lit-tests/oracle/shfl-oracle.c) and wavesim, so both
 * harnesses give every operation the same meaning. Each function computes
 * Out[i] for every lane i of W->Exec from the operands of the wave's lanes
 * (arrays indexed by hardware lane; entries of lanes outside Exec are not
 * read). The semantics, with their sources, are in amdgpu-lane-ops.c.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WARPTOOLS_AMDGPULANEOPS_H
#define WARPTOOLS_AMDGPULANEOPS_H

#include <stdbool.h>
#include <stdint.h>

enum { LaneOpsMaxWave = 64 };

/* Processor families, as far as the DPP controls and v_permlane(x)16 they
 * have differ. */
typedef enum {
  LaneOpsTargetAny,    /* no or an unknown target-cpu: nothing is refused */
  LaneOpsTargetGFX9,   /* gfx8xx, gfx900-gfx909: DPP with wave shifts */
  LaneOpsTargetGFX90A, /* gfx90a, gfx94x, gfx95x: also row_newbcast */
  LaneOpsTargetGFX10,  /* gfx10xx-gfx12xx: row_share, row_xmask, permlanes */
  LaneOpsTargetNoDpp   /* gfx6xx, gfx7xx */
} LaneOpsTarget;

/* The family of a "target-cpu" value (Length bytes, not terminated). */
LaneOpsTarget laneOpsTargetOf(const char *CPU, unsigned Length);

/* Whether Ctrl is a DPP16 dpp_ctrl value Target has. */
bool laneOpsDppControlValid(unsigned Ctrl, LaneOpsTarget Target);

/* Whether Offset is a ds_swizzle offset modelled here (bit-mask mode, or
 * quad-permute mode below 0xC000; the rotate and FFT modes are not). */
bool laneOpsSwizzleOffsetModelled(unsigned Offset);

/* Whether Target has v_permlane16_b32 and v_permlanex16_b32. */
bool laneOpsHasPermlane16(LaneOpsTarget Target);

/* Miscompiled models, so the test harnesses can show they fail. */
enum {
  LaneOpsBugDppRowShrOffByOne = 1u << 0, /* row_shr:n reads lane i-n+1 */
  LaneOpsBugDppWrongRow = 1u << 1,       /* row controls read the next row */
  LaneOpsBugSwizzleIgnoresXor = 1u << 2, /* ds_swizzle drops its xor_mask */
  LaneOpsBugPermlaneOwnRow = 1u << 3,    /* permlanex16 reads its own row */
  LaneOpsBugReadLaneLow32 = 1u << 4,     /* readlane reads lane L & 31 */
  LaneOpsBugInactiveReadsSelf = 1u << 5, /* bpermute/readlane of an inactive
                                            lane returns the reader's value */
};

/* The bug named Name ("dpp-row-shr-off-by-one", ...), 0 if none is. */
unsigned laneOpsBugNamed(const char *Name);

/* The names laneOpsBugNamed knows, separated by ", ". */
const char *laneOpsBugNames(void);

typedef struct {
  unsigned WaveSize; /* 32 or 64 */
  uint64_t Exec;     /* the lanes executing the operation */
  unsigned Bugs;     /* LaneOpsBug* bits */
} LaneOpsWave;

/* llvm.amdgcn.update.dpp.i32(Old, Src, Ctrl, RowMask, BankMask, BoundCtrl);
 * Ctrl must satisfy laneOpsDppControlValid. */
void laneOpsUpdateDpp(const LaneOpsWave *W, const uint32_t *Old,
                      const uint32_t *Src, unsigned Ctrl, unsigned RowMask,
                      unsigned BankMask, bool BoundCtrl, uint32_t *Out);

/* llvm.amdgcn.ds.swizzle(Src, Offset); Offset must satisfy
 * laneOpsSwizzleOffsetModelled. */
void laneOpsDsSwizzle(const LaneOpsWave *W, const uint32_t *Src,
                      unsigned Offset, uint32_t *Out);

/* llvm.amdgcn.permlanex16.i32 (Cross) or permlane16.i32 (!Cross), operands
 * (Old, Src, SelLo, SelHi, FetchInactive, BoundCtrl). */
void laneOpsPermlane16(const LaneOpsWave *W, bool Cross, const uint32_t *Old,
                       const uint32_t *Src, uint32_t SelLo, uint32_t SelHi,
                       bool FetchInactive, bool BoundCtrl, uint32_t *Out);

/* llvm.amdgcn.readlane(Src, Lane), Lane uniform: every lane of Exec gets
 * the same value. */
uint64_t laneOpsReadLane(const LaneOpsWave *W, const uint64_t *Src,
                         unsigned Lane, unsigned Reader);

/* llvm.amdgcn.ds.bpermute(Address, Data). */
void laneOpsBPermute(const LaneOpsWave *W, const uint32_t *Address,
                     const uint32_t *Data, uint32_t *Out);

#endif
