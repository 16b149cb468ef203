/*===- amdgpu-lane-ops.c - Host models of AMDGPU cross-lane operations ----===*
 *
 * The semantics, from AMD's ISA manuals and LLVM's AMDGPU documentation:
 *
 * DPP16 (llvm.amdgcn.update.dpp: "v_mov_b32 dst, old; v_mov_b32_dpp dst,
 * src ...", IntrinsicsAMDGPU.td). A wave is rows of 16 lanes, each row four
 * banks of 4 lanes. Lane n reads lane s(n) of src, by "DPP_CTRL Enumeration"
 * (AMD Instinct CDNA3 ISA, table 94; RDNA3 ISA, DPP16):
 *   quad_perm  000-0FF  s = (n & ~3) + ctrl[2*(n%4)+1 : 2*(n%4)]
 *   row_shl:k  101-10F  s = n + k if (n & 15) + k < 16, else none
 *   row_shr:k  111-11F  s = n - k if (n & 15) >= k, else none
 *   row_ror:k  121-12F  s = (n & ~15) | ((n - k) & 15)
 *   wave_shl:1 130      s = n + 1 if n < 63, else none      (GFX9 family)
 *   wave_rol:1 134      s = n + 1 if n < 63, else 0         (GFX9 family)
 *   wave_shr:1 138      s = n - 1 if n > 0, else none       (GFX9 family)
 *   wave_ror:1 13C      s = n - 1 if n > 0, else 63         (GFX9 family)
 *   row_mirror 140      s = (n & ~15) | (15 - (n & 15))
 *   row_half_mirror 141 s = (n & ~7) | (7 - (n & 7))
 *   row_bcast:15 142    s = (n & 0x30) - 1 if n > 15, else none (GFX9 family)
 *   row_bcast:31 143    s = (n & 0x20) - 1 if n > 31, else none (GFX9 family)
 *   row_newbcast:k / row_share:k 150-15F  s = (n & ~15) + k
 *                       (gfx90a/gfx94x/gfx95x as row_newbcast; gfx10+)
 *   row_xmask:k 160-16F s = (n & ~15) | ((n & 15) ^ k)      (gfx10+)
 * (wave shifts name lane 63; on a wave32 we take its last lane, 31). Which
 * controls each family has is what LLVM 22's assembler accepts for
 * v_mov_b32_dpp (llvm-mc -mcpu=gfx900/gfx90a/gfx942/gfx1030/gfx1100/gfx1200).
 * A source that is "none" above, or a lane whose EXEC bit is 0, is invalid:
 * the manual's BC field, "Bounds Control: 0 = do not write when source is
 * out of range, 1 = write" (CDNA3 ISA, table 93) writes 0 with bound_ctrl
 * (the intrinsic's i1, printed bound_ctrl:1, formerly bound_ctrl:0), and
 * leaves `old` otherwise. An inactive source counts as invalid because the
 * intrinsic's DPP has FI = 0: "fi:0 Interaction with inactive lanes is
 * controlled by bound_ctrl" (LLVM AMDGPUModifierSyntax.rst, fi); GFX9 has
 * no FI and we give it the same behaviour. ROW_MASK bit r and BANK_MASK bit
 * b "apply to the VGPR destination write only": a lane of row n / 16 or
 * bank (n / 4) % 4 whose bit is 0 is not written and keeps `old` (table 93).
 *
 * ds_swizzle_b32 (RDNA3 ISA, DS_SWIZZLE_B32 pseudocode; the same in CDNA3):
 * offset bit 15 = 0 is the bit-mask mode, within each 32 lanes:
 * j = (((i & 31) & and_mask) | or_mask) ^ xor_mask, j |= i & 32, with
 * and_mask = offset[4:0], or_mask = offset[9:5], xor_mask = offset[14:10];
 * bit 15 = 1 below 0xC000 is the quad permute j = (i & ~3) +
 * offset[2*(i%4)+1 : 2*(i%4)]. "thread_out[i] = thread_valid[j] ?
 * thread_in[j] : 0": an inactive source gives 0. (0xC000 and up are RDNA's
 * rotate and FFT modes, not modelled.)
 *
 * v_permlane16_b32 / v_permlanex16_b32 (RDNA3 ISA pseudocode): lanesel =
 * {S2, S1} (sel_hi, sel_lo), so lane i of a row reads lane
 * lanesel[4*(i%16)+3 : 4*(i%16)] (sel_lo holds lanes 0-7) of its own row
 * (permlane16) or of the other row of its 32 lanes, "altrow = {row[1],
 * ~row[0]}, 1<->0, 3<->2" (permlanex16). OPSEL[0] is the DPP FI bit and
 * OPSEL[1] BOUND_CTRL (the intrinsic's fi and bound_ctrl): with fi = 0 an
 * inactive source is invalid as for DPP (0 with bound_ctrl, else `old`);
 * with fi = 1 it is read, and since a host model does not know an inactive
 * lane's register we read 0.
 *
 * v_readlane_b32 ignores EXEC and reads lane L (mod the wave size); the
 * value of a lane not executing is unknown here and modelled as 0.
 * ds_bpermute_b32: lane i gets the data of lane (addr_i >> 2) mod the wave
 * size, 0 if that lane is inactive.
 *
 *===----------------------------------------------------------------------===*/

#include "amdgpu-lane-ops.h"

#include <string.h>

enum {
  DppQuadPermLast = 0x0FF,
  DppRowShl = 0x100,
  DppRowShr = 0x110,
  DppRowRor = 0x120,
  DppWaveShl1 = 0x130,
  DppWaveRol1 = 0x134,
  DppWaveShr1 = 0x138,
  DppWaveRor1 = 0x13C,
  DppRowMirror = 0x140,
  DppRowHalfMirror = 0x141,
  DppRowBcast15 = 0x142,
  DppRowBcast31 = 0x143,
  DppRowShare = 0x150,
  DppRowXmask = 0x160,
  DppLast = 0x16F,
  NoSource = -1,
};

static bool hasPrefix(const char *Text, unsigned Length, const char *Prefix) {
  unsigned PrefixLength = (unsigned)strlen(Prefix);
  return Length >= PrefixLength && !strncmp(Text, Prefix, PrefixLength);
}

LaneOpsTarget laneOpsTargetOf(const char *CPU, unsigned Length) {
  static const struct {
    const char *Prefix;
    LaneOpsTarget Target;
  } Families[] = {
      {"gfx90a", LaneOpsTargetGFX90A}, {"gfx94", LaneOpsTargetGFX90A},
      {"gfx95", LaneOpsTargetGFX90A},  {"gfx9", LaneOpsTargetGFX9},
      {"gfx8", LaneOpsTargetGFX9},     {"gfx10", LaneOpsTargetGFX10},
      {"gfx11", LaneOpsTargetGFX10},   {"gfx12", LaneOpsTargetGFX10},
      {"gfx6", LaneOpsTargetNoDpp},    {"gfx7", LaneOpsTargetNoDpp},
  };
  for (unsigned I = 0; I < sizeof(Families) / sizeof(Families[0]); ++I)
    if (hasPrefix(CPU, Length, Families[I].Prefix))
      return Families[I].Target;
  return LaneOpsTargetAny;
}

static bool isGFX9Family(LaneOpsTarget Target) {
  return Target == LaneOpsTargetGFX9 || Target == LaneOpsTargetGFX90A;
}

bool laneOpsDppControlValid(unsigned Ctrl, LaneOpsTarget Target) {
  bool Any = Target == LaneOpsTargetAny;
  unsigned K = Ctrl & 15;
  if (Target == LaneOpsTargetNoDpp)
    return false;
  if (Ctrl <= DppQuadPermLast)
    return true;
  if (Ctrl > DppLast)
    return false;
  switch (Ctrl & ~15u) {
  case DppRowShl:
  case DppRowShr:
  case DppRowRor:
    return K != 0;
  case DppRowShare:
    return Any || Target == LaneOpsTargetGFX90A || Target == LaneOpsTargetGFX10;
  case DppRowXmask:
    return Any || Target == LaneOpsTargetGFX10;
  default:
    break;
  }
  switch (Ctrl) {
  case DppRowMirror:
  case DppRowHalfMirror:
    return true;
  case DppWaveShl1:
  case DppWaveRol1:
  case DppWaveShr1:
  case DppWaveRor1:
  case DppRowBcast15:
  case DppRowBcast31:
    return Any || isGFX9Family(Target);
  default:
    return false;
  }
}

bool laneOpsSwizzleOffsetModelled(unsigned Offset) { return Offset < 0xC000; }

bool laneOpsHasPermlane16(LaneOpsTarget Target) {
  return Target == LaneOpsTargetAny || Target == LaneOpsTargetGFX10;
}

static const struct {
  const char *Name;
  unsigned Bug;
} BugNames[] = {
    {"dpp-row-shr-off-by-one", LaneOpsBugDppRowShrOffByOne},
    {"dpp-wrong-row", LaneOpsBugDppWrongRow},
    {"swizzle-ignores-xor", LaneOpsBugSwizzleIgnoresXor},
    {"permlane-own-row", LaneOpsBugPermlaneOwnRow},
    {"readlane-low-32", LaneOpsBugReadLaneLow32},
    {"inactive-reads-self", LaneOpsBugInactiveReadsSelf},
};
enum { NumBugNames = sizeof(BugNames) / sizeof(BugNames[0]) };

unsigned laneOpsBugNamed(const char *Name) {
  for (unsigned I = 0; I < NumBugNames; ++I)
    if (!strcmp(Name, BugNames[I].Name))
      return BugNames[I].Bug;
  return 0;
}

const char *laneOpsBugNames(void) {
  return "dpp-row-shr-off-by-one, dpp-wrong-row, swizzle-ignores-xor, "
         "permlane-own-row, readlane-low-32, inactive-reads-self";
}

static bool isActive(const LaneOpsWave *W, int Lane) {
  return Lane >= 0 && (unsigned)Lane < W->WaveSize && (W->Exec >> Lane & 1);
}

/* The first lane of the row Lane's row-relative source lies in: its own,
 * or with the planted bug the next one. */
static unsigned rowBase(const LaneOpsWave *W, unsigned Lane) {
  unsigned Base = Lane & ~15u;
  if (W->Bugs & LaneOpsBugDppWrongRow)
    Base = (Base + 16) % W->WaveSize;
  return Base;
}

/* The lane whose src Lane reads under Ctrl, NoSource where there is none. */
static int dppSource(const LaneOpsWave *W, unsigned Ctrl, unsigned Lane) {
  unsigned K = Ctrl & 15, R = Lane & 15, Last = W->WaveSize - 1;
  if (Ctrl <= DppQuadPermLast)
    return (int)((Lane & ~3u) | (Ctrl >> (2 * (Lane & 3)) & 3));
  switch (Ctrl & ~15u) {
  case DppRowShl:
    return R + K < 16 ? (int)(rowBase(W, Lane) | (R + K)) : NoSource;
  case DppRowShr:
    if (W->Bugs & LaneOpsBugDppRowShrOffByOne)
      --K;
    return R >= K ? (int)(rowBase(W, Lane) | (R - K)) : NoSource;
  case DppRowRor:
    return (int)(rowBase(W, Lane) | ((R - K) & 15));
  case DppRowShare:
    return (int)(rowBase(W, Lane) | K);
  case DppRowXmask:
    return (int)(rowBase(W, Lane) | (R ^ K));
  default:
    break;
  }
  switch (Ctrl) {
  case DppWaveShl1:
    return Lane < Last ? (int)Lane + 1 : NoSource;
  case DppWaveRol1:
    return Lane < Last ? (int)Lane + 1 : 0;
  case DppWaveShr1:
    return Lane > 0 ? (int)Lane - 1 : NoSource;
  case DppWaveRor1:
    return Lane > 0 ? (int)Lane - 1 : (int)Last;
  case DppRowMirror:
    return (int)(rowBase(W, Lane) | (15 - R));
  case DppRowHalfMirror:
    return (int)((rowBase(W, Lane) | (R & 8)) | (7 - (R & 7)));
  case DppRowBcast15:
    return Lane > 15 ? (int)(Lane & 0x30) - 1 : NoSource;
  case DppRowBcast31:
    return Lane > 31 ? (int)(Lane & 0x20) - 1 : NoSource;
  default:
    return NoSource;
  }
}

static bool dppWritesLane(unsigned Lane, unsigned RowMask, unsigned BankMask) {
  return (RowMask >> (Lane / 16) & 1) && (BankMask >> (Lane / 4 % 4) & 1);
}

void laneOpsUpdateDpp(const LaneOpsWave *W, const uint32_t *Old,
                      const uint32_t *Src, unsigned Ctrl, unsigned RowMask,
                      unsigned BankMask, bool BoundCtrl, uint32_t *Out) {
  for (unsigned I = 0; I < W->WaveSize; ++I) {
    if (!(W->Exec >> I & 1))
      continue;
    int Source = dppSource(W, Ctrl, I);
    if (!dppWritesLane(I, RowMask, BankMask))
      Out[I] = Old[I];
    else if (isActive(W, Source))
      Out[I] = Src[Source];
    else
      Out[I] = BoundCtrl ? 0 : Old[I];
  }
}

void laneOpsDsSwizzle(const LaneOpsWave *W, const uint32_t *Src,
                      unsigned Offset, uint32_t *Out) {
  unsigned And = Offset & 31, Or = Offset >> 5 & 31, Xor = Offset >> 10 & 31;
  if (W->Bugs & LaneOpsBugSwizzleIgnoresXor)
    Xor = 0;
  for (unsigned I = 0; I < W->WaveSize; ++I) {
    if (!(W->Exec >> I & 1))
      continue;
    unsigned J = Offset & 0x8000 ? (I & ~3u) | (Offset >> (2 * (I & 3)) & 3)
                                 : ((((I & 31) & And) | Or) ^ Xor) | (I & 32);
    Out[I] = isActive(W, (int)J) ? Src[J] : 0;
  }
}

void laneOpsPermlane16(const LaneOpsWave *W, bool Cross, const uint32_t *Old,
                       const uint32_t *Src, uint32_t SelLo, uint32_t SelHi,
                       bool FetchInactive, bool BoundCtrl, uint32_t *Out) {
  uint64_t LaneSel = (uint64_t)SelHi << 32 | SelLo;
  if (W->Bugs & LaneOpsBugPermlaneOwnRow)
    Cross = false;
  for (unsigned I = 0; I < W->WaveSize; ++I) {
    if (!(W->Exec >> I & 1))
      continue;
    unsigned Row = I & ~15u, J = (Cross ? Row ^ 16 : Row) |
                                 (unsigned)(LaneSel >> (4 * (I & 15)) & 15);
    if (isActive(W, (int)J))
      Out[I] = Src[J];
    else if (FetchInactive)
      Out[I] = 0;
    else
      Out[I] = BoundCtrl ? 0 : Old[I];
  }
}

uint64_t laneOpsReadLane(const LaneOpsWave *W, const uint64_t *Src,
                         unsigned Lane, unsigned Reader) {
  unsigned Source = Lane % W->WaveSize;
  if (W->Bugs & LaneOpsBugReadLaneLow32)
    Source &= 31;
  if (isActive(W, (int)Source))
    return Src[Source];
  return W->Bugs & LaneOpsBugInactiveReadsSelf ? Src[Reader] : 0;
}

void laneOpsBPermute(const LaneOpsWave *W, const uint32_t *Address,
                     const uint32_t *Data, uint32_t *Out) {
  for (unsigned I = 0; I < W->WaveSize; ++I) {
    if (!(W->Exec >> I & 1))
      continue;
    unsigned Source = (Address[I] >> 2) % W->WaveSize;
    if (isActive(W, (int)Source))
      Out[I] = Data[Source];
    else
      Out[I] = W->Bugs & LaneOpsBugInactiveReadsSelf ? Data[I] : 0;
  }
}
