/*===- ShuffleStrategies.c - Target-aware shuffle data movement ------------===*
 *
 * When a shuffle's lane and clamp operands are constants, the PTX model
 * gives, for every CUDA lane, the lane it reads (itself where out of
 * range): its source map. Reductions, scans and broadcasts have maps that
 * AMD GPUs can move register to register, without ds_bpermute's trip
 * through the LDS unit (address math, a DS instruction, an s_waitcnt):
 *
 *   quad-local maps       DPP quad_perm (all targets)
 *   lane ^ k, k < 16      DPP row_xmask:k (gfx10+); on gfx9 row_ror:8,
 *                         row_half_mirror (^7) or row_mirror (^15), then
 *                         a quad_perm for the low two bits
 *   lane ^ k, k >= 16     v_permlanex16 (gfx10+), ds_swizzle xor (gfx9)
 *   broadcast of lane s   v_readlane (one per CUDA warp on wave64); in
 *                         segments of 16, DPP row_share / row_newbcast
 *                         (gfx90a+, gfx10+), of 8 or 16, ds_swizzle
 *   shift by d < 16       DPP row_shr/row_shl (a row is 16 lanes); across
 *                         the two rows of a warp plus v_permlanex16
 *                         (gfx10+); d = 1 as DPP wave_shr/wave_shl (gfx9)
 *   shift by d >= 16      v_permlanex16 (gfx10+), ds_swizzle xor 16 (gfx9)
 *
 * The table of these, with the targets that have them and the order of
 * preference, is declared in tablegen/WarpPatterns.td. Every form here
 * gives each lane exactly the value its source map names: a lane that
 * reads itself either gets its own value from the hardware operation (a
 * DPP source outside the row leaves the lane's `old`, which is its own
 * value) or is selected back. Rows of 16 and the 32-lane groups of
 * ds_swizzle and v_permlanex16 never cross a CUDA warp, so wave64 needs
 * nothing more, except for the wave-wide wave_shr/wave_shl and readlane.
 *
 *===----------------------------------------------------------------------===*/

#include "shuffle/ShuffleStrategies.h"

#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"

#include <string.h>

enum {
  DppQuadPermBase = 0x000,
  DppRowShl = 0x100,
  DppRowShr = 0x110,
  DppRowRor = 0x120,
  DppWaveShl1 = 0x130,
  DppWaveShr1 = 0x138,
  DppRowMirror = 0x140,
  DppRowHalfMirror = 0x141,
  DppRowShare = 0x150,
  DppRowXmask = 0x160,
  AllRows = 0xf,
  AllBanks = 0xf,
};

/*===-- Source maps
 * --------------------------------------------------------===*/

/* The lane that Lane reads in the source map of shape Map with segment
 * Width and parameter Param; QuadSelect is quad_perm's pattern. */
static unsigned expectedSource(WarpSourceMap Map, unsigned Width,
                               unsigned Param, unsigned Lane,
                               const unsigned *QuadSelect) {
  unsigned Start = Lane & ~(Width - 1), Offset = Lane & (Width - 1);
  switch (Map) {
  case WarpMapQuadLocal:
    return (Lane & ~3u) | QuadSelect[Lane & 3];
  case WarpMapXor:
    return Lane ^ Param;
  case WarpMapBroadcast:
    return Start | Param;
  case WarpMapShiftUp:
    return Offset >= Param ? Lane - Param : Lane;
  case WarpMapShiftDown:
  default:
    return Offset + Param < Width ? Lane + Param : Lane;
  }
}

typedef struct {
  WarpSourceMap Map;
  unsigned Width, Param;
} SourceShape;

/* What a fast path needs of a source map: the lane each CUDA lane reads,
 * and the lanes in which that matters (the others may get anything). */
typedef struct {
  const unsigned *Source;
  uint32_t Demanded;
  unsigned QuadSelect[4]; /* the quad_perm pattern, when quad-local */
  bool QuadLocal;
} SourceMap;

static bool isDemanded(const SourceMap *S, unsigned Lane) {
  return S->Demanded >> Lane & 1;
}

/* Whether every demanded lane reads within its quad, at a position that
 * depends only on its own position in the quad; sets the pattern. */
static bool findQuadSelect(SourceMap *S) {
  bool Set[4] = {false};
  for (unsigned Q = 0; Q < 4; ++Q)
    S->QuadSelect[Q] = Q;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
    if (!isDemanded(S, Lane))
      continue;
    unsigned Src = S->Source[Lane], Q = Lane & 3;
    if ((Src & ~3u) != (Lane & ~3u) ||
        (Set[Q] && S->QuadSelect[Q] != (Src & 3)))
      return false;
    S->QuadSelect[Q] = Src & 3;
    Set[Q] = true;
  }
  return true;
}

static bool sourceHasShape(const SourceMap *S, SourceShape Shape) {
  if (Shape.Map == WarpMapQuadLocal && !S->QuadLocal)
    return false;
  if (Shape.Map != WarpMapQuadLocal && Shape.Map != WarpMapXor &&
      Shape.Param >= Shape.Width)
    return false;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane)
    if (isDemanded(S, Lane) &&
        S->Source[Lane] != expectedSource(Shape.Map, Shape.Width, Shape.Param,
                                          Lane, S->QuadSelect))
      return false;
  return true;
}

/* Quad-local, xor, and per width a broadcast and two shifts. */
enum { MaxShapes = 2 + 6 * 3 };

/* Every shape the demanded lanes of S have. The parameter of each shape
 * follows from one lane (the first demanded lane's source for xor and
 * broadcast, the first demanded lane that moves for shifts), so only the
 * widths need trying. */
static unsigned findShapes(SourceMap *S, SourceShape *Shapes) {
  unsigned First = 0, FirstMover = 0;
  while (First < CudaWarpSize && !isDemanded(S, First))
    ++First;
  while (FirstMover < CudaWarpSize &&
         (!isDemanded(S, FirstMover) || S->Source[FirstMover] == FirstMover))
    ++FirstMover;
  if (First == CudaWarpSize)
    return 0;
  unsigned Moved = FirstMover < CudaWarpSize ? S->Source[FirstMover] : 0;
  unsigned Up =
      FirstMover < CudaWarpSize && Moved < FirstMover ? FirstMover - Moved : 0;
  unsigned Down =
      FirstMover < CudaWarpSize && Moved > FirstMover ? Moved - FirstMover : 0;
  S->QuadLocal = findQuadSelect(S);
  SourceShape Candidates[] = {{WarpMapQuadLocal, 4, 0},
                              {WarpMapXor, 32, S->Source[First] ^ First}};
  unsigned N = 0;
  for (unsigned I = 0; I < sizeof(Candidates) / sizeof(Candidates[0]); ++I)
    if (sourceHasShape(S, Candidates[I]))
      Shapes[N++] = Candidates[I];
  for (unsigned W = 1; W <= CudaWarpSize; W *= 2) {
    unsigned Start = First & ~(W - 1);
    unsigned Broadcast = S->Source[First] - Start;
    SourceShape PerWidth[] = {{WarpMapBroadcast, W, Broadcast},
                              {WarpMapShiftUp, W, Up},
                              {WarpMapShiftDown, W, Down}};
    for (unsigned I = 0; I < 3; ++I) {
      bool IsShift = PerWidth[I].Map != WarpMapBroadcast;
      bool InSegment = IsShift || (S->Source[First] >= Start &&
                                   S->Source[First] < Start + W);
      if (InSegment && (!IsShift || PerWidth[I].Param) &&
          sourceHasShape(S, PerWidth[I]))
        Shapes[N++] = PerWidth[I];
    }
  }
  return N;
}

/* The first fast path for S on Target, with its shape. */
static const WarpFastShuffle *findFastShuffle(SourceMap *S, unsigned Target,
                                              SourceShape *Found) {
  SourceShape Shapes[MaxShapes];
  unsigned NumShapes = findShapes(S, Shapes);
  unsigned Count;
  const WarpFastShuffle *Table = warpFastShuffles(&Count);
  for (unsigned I = 0; I < Count; ++I) {
    if (!(Table[I].Targets & Target))
      continue;
    for (unsigned N = 0; N < NumShapes; ++N) {
      const SourceShape *Shape = &Shapes[N];
      if (Shape->Map == Table[I].Map && (Table[I].Widths & Shape->Width) &&
          Shape->Param >= Table[I].MinParam &&
          Shape->Param <= Table[I].MaxParam) {
        *Found = *Shape;
        return &Table[I];
      }
    }
  }
  return NULL;
}

/*===-- Builders
 * -----------------------------------------------------------===*/

typedef struct {
  LLVMModuleRef M;
  LLVMBuilderRef B;
  WarpLanes *Lanes;
  const WarpLoweringOptions *Options;
  LLVMTypeRef I1, I32;
  const unsigned *Source; /* every lane's, the demanded lanes' as asked */
  uint32_t Demanded;
  LLVMValueRef Bits;
} MoveBuilder;

static LLVMValueRef constI32(MoveBuilder *MB, uint32_t Value) {
  return warpConstInt(MB->I32, Value);
}

/* llvm.amdgcn.update.dpp: lanes whose source lies outside their row keep
 * Old unless BoundCtrl, which makes them 0. */
static LLVMValueRef buildDpp(MoveBuilder *MB, LLVMValueRef Old,
                             LLVMValueRef Src, unsigned Control,
                             bool BoundCtrl) {
  LLVMValueRef Args[] = {Old,
                         Src,
                         constI32(MB, Control),
                         constI32(MB, AllRows),
                         constI32(MB, AllBanks),
                         warpConstInt(MB->I1, BoundCtrl)};
  return warpBuildOverloadedCall(MB->M, MB->B, "llvm.amdgcn.update.dpp",
                                 MB->I32, Args, 6, "dpp");
}

/* A DPP move every lane of which reads a lane of its row: no lane keeps
 * Old, so it may be poison, which lets the backend fold the move into the
 * instruction that uses it (v_add_f32_dpp). */
static LLVMValueRef buildDppPermute(MoveBuilder *MB, LLVMValueRef Src,
                                    unsigned Control) {
  return buildDpp(MB, LLVMGetPoison(MB->I32), Src, Control, true);
}

/* quad_perm where lane q of each quad reads lane Select[q] of it. */
static unsigned quadPermControl(const unsigned Select[4]) {
  return DppQuadPermBase | (Select[0] & 3) | (Select[1] & 3) << 2 |
         (Select[2] & 3) << 4 | (Select[3] & 3) << 6;
}

static LLVMValueRef buildQuadXor(MoveBuilder *MB, LLVMValueRef Src,
                                 unsigned Mask) {
  if (Mask == 0)
    return Src;
  unsigned Select[4] = {0 ^ Mask, 1 ^ Mask, 2 ^ Mask, 3 ^ Mask};
  return buildDppPermute(MB, Src, quadPermControl(Select));
}

/* llvm.amdgcn.permlanex16: lane r of a row reads lane Select[r] of the other
 * row of its 32 lanes. Its old value (kept where the source lane is
 * inactive, a lane no CUDA shuffle may read) is left undefined. */
static LLVMValueRef buildPermlaneX16(MoveBuilder *MB, const unsigned *Select) {
  uint32_t Lo = 0, Hi = 0;
  for (unsigned R = 0; R < 8; ++R) {
    Lo |= (Select[R] & 15) << (4 * R);
    Hi |= (Select[R + 8] & 15) << (4 * R);
  }
  LLVMValueRef False = warpConstInt(MB->I1, 0);
  LLVMValueRef Args[] = {LLVMGetPoison(MB->I32), MB->Bits, constI32(MB, Lo),
                         constI32(MB, Hi),       False,    False};
  return warpBuildOverloadedCall(MB->M, MB->B, "llvm.amdgcn.permlanex16",
                                 MB->I32, Args, 6, "permlane");
}

/* llvm.amdgcn.ds.swizzle in bit-mask mode: lane i of each 32 reads lane
 * ((i & And) | Or) ^ Xor. */
static LLVMValueRef buildSwizzle(MoveBuilder *MB, unsigned And, unsigned Or,
                                 unsigned Xor) {
  LLVMValueRef Args[] = {MB->Bits, constI32(MB, And | Or << 5 | Xor << 10)};
  return warpBuildIntrinsicCall(MB->M, MB->B, "llvm.amdgcn.ds.swizzle", Args, 2,
                                "swizzle");
}

/* The smallest power-of-two period with which LaneSet repeats. */
static unsigned lanePeriod(uint32_t LaneSet) {
  unsigned Period = 1;
  while (Period < CudaWarpSize) {
    uint64_t Mask = (1ull << Period) - 1;
    uint32_t First = LaneSet & (uint32_t)Mask;
    bool Repeats = true;
    for (unsigned Start = Period; Start < CudaWarpSize; Start += Period)
      Repeats &= ((LaneSet >> Start) & Mask) == First;
    if (Repeats)
      return Period;
    Period *= 2;
  }
  return CudaWarpSize;
}

LLVMValueRef warpBuildLaneInSet(LLVMBuilderRef B, WarpLanes *Lanes,
                                uint32_t LaneSet) {
  LLVMValueRef Lane = warpGetCudaLane(Lanes);
  LLVMTypeRef I32 = LLVMTypeOf(Lane);
  if (LaneSet == 0 || LaneSet == 0xffffffff)
    return LLVMConstInt(LLVMInt1TypeInContext(LLVMGetTypeContext(I32)),
                        LaneSet != 0, false);
  /* One run Low <= i < High in every segment of Period lanes: a compare of
   * the lane's offset in its segment. */
  unsigned Period = lanePeriod(LaneSet);
  uint32_t Segment =
      Period == CudaWarpSize ? LaneSet : LaneSet & ((1u << Period) - 1);
  unsigned Low = (unsigned)__builtin_ctz(Segment);
  uint32_t Run = Segment >> Low;
  if ((Run & (Run + 1)) == 0) {
    unsigned High = Low + (unsigned)__builtin_popcount(Run);
    LLVMValueRef Offset = laneAnd(B, Lane, warpConstInt(I32, Period - 1));
    if (High == Period)
      return LLVMBuildICmp(B, LLVMIntUGE, Offset, warpConstInt(I32, Low),
                           "in.set");
    if (Low)
      Offset = LLVMBuildSub(B, Offset, warpConstInt(I32, Low), "");
    return LLVMBuildICmp(B, LLVMIntULT, Offset, warpConstInt(I32, High - Low),
                         "in.set");
  }
  LLVMValueRef Bit = LLVMBuildLShr(B, warpConstInt(I32, LaneSet), Lane, "");
  Bit = LLVMBuildAnd(B, Bit, warpConstInt(I32, 1), "");
  return LLVMBuildICmp(B, LLVMIntNE, Bit, warpConstInt(I32, 0), "in.set");
}

static uint32_t movingLanes(const MoveBuilder *MB) {
  uint32_t Moving = 0;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane)
    if (MB->Source[Lane] != Lane)
      Moving |= 1u << Lane;
  return Moving;
}

/* Moved where the lane reads another lane, the lane's own value where it
 * reads itself, unless Moved already holds it there (KeptLanes are the
 * lanes in which it does) or the lane is not demanded. */
static LLVMValueRef selectMovedLanes(MoveBuilder *MB, LLVMValueRef Moved,
                                     uint32_t KeptLanes) {
  uint32_t Moving = movingLanes(MB);
  if ((Moving | KeptLanes | ~MB->Demanded) == 0xffffffff ||
      MB->Options->PlantedBug == WarpBugFastPathNoSelect)
    return Moved;
  return LLVMBuildSelect(MB->B, warpBuildLaneInSet(MB->B, MB->Lanes, Moving),
                         Moved, MB->Bits, "shfl.moved");
}

/* The permlanex16 lane selects that make every lane reading the other row
 * of its 32 get its source; false when two lanes need different ones. */
static bool crossRowSelects(const unsigned *Source, unsigned *Select) {
  bool Set[16] = {false};
  for (unsigned R = 0; R < 16; ++R)
    Select[R] = R;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
    unsigned Src = Source[Lane], R = Lane & 15;
    if ((Src ^ Lane) < 16)
      continue;
    if (Set[R] && Select[R] != (Src & 15))
      return false;
    Select[R] = Src & 15;
    Set[R] = true;
  }
  return true;
}

/* A map whose moving lanes all read the other row: v_permlanex16. */
static LLVMValueRef buildCrossRowMove(MoveBuilder *MB) {
  unsigned Select[16];
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane)
    if (MB->Source[Lane] != Lane && (MB->Source[Lane] ^ Lane) < 16)
      return NULL;
  if (!crossRowSelects(MB->Source, Select))
    return NULL;
  return selectMovedLanes(MB, buildPermlaneX16(MB, Select), 0);
}

/* row_shr:d / row_shl:d keep the lane's own value where the source falls
 * outside the row; the row part of a shift within 16 lanes or more. When
 * no demanded lane reads itself, those lanes may get anything, and the move
 * can fold into its user. */
static LLVMValueRef buildRowShift(MoveBuilder *MB, WarpSourceMap Map,
                                  unsigned Delta) {
  unsigned Control = (Map == WarpMapShiftUp ? DppRowShr : DppRowShl) + Delta;
  if ((movingLanes(MB) & MB->Demanded) == MB->Demanded)
    return buildDppPermute(MB, MB->Bits, Control);
  return buildDpp(MB, MB->Bits, MB->Bits, Control, false);
}

/* The lanes whose row_shr:d / row_shl:d source is outside their row. */
static uint32_t rowShiftKeptLanes(WarpSourceMap Map, unsigned Delta) {
  uint32_t Kept = 0;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
    unsigned R = Lane & 15;
    if (Map == WarpMapShiftUp ? R < Delta : R + Delta >= 16)
      Kept |= 1u << Lane;
  }
  return Kept;
}

/* A shift across the whole 32-lane warp: rows by DPP, the lanes whose
 * source is in the other row by v_permlanex16. */
static LLVMValueRef buildRowShiftPermlane(MoveBuilder *MB, WarpSourceMap Map,
                                          unsigned Delta) {
  unsigned Select[16];
  if (!crossRowSelects(MB->Source, Select))
    return NULL;
  uint32_t CrossLanes = 0;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane)
    if ((MB->Source[Lane] ^ Lane) >= 16)
      CrossLanes |= 1u << Lane;
  if ((CrossLanes & MB->Demanded) == MB->Demanded)
    return buildPermlaneX16(MB, Select);
  LLVMValueRef InRow = buildRowShift(MB, Map, Delta);
  if ((CrossLanes & MB->Demanded) == 0)
    return InRow;
  LLVMValueRef Cross = buildPermlaneX16(MB, Select);
  return LLVMBuildSelect(MB->B,
                         warpBuildLaneInSet(MB->B, MB->Lanes, CrossLanes),
                         Cross, InRow, "shfl.shifted");
}

/* v_readlane of lane Lane of each CUDA warp; on wave64 the lane's warp picks
 * one of two. */
static LLVMValueRef buildReadLaneBroadcast(MoveBuilder *MB, unsigned Lane) {
  LLVMValueRef Args[] = {MB->Bits, constI32(MB, Lane)};
  LLVMValueRef First = warpBuildOverloadedCall(
      MB->M, MB->B, "llvm.amdgcn.readlane", MB->I32, Args, 2, "broadcast");
  if (MB->Lanes->WaveSize == 32)
    return First;
  Args[1] = constI32(MB, CudaWarpSize + Lane);
  LLVMValueRef Second = warpBuildOverloadedCall(
      MB->M, MB->B, "llvm.amdgcn.readlane", MB->I32, Args, 2, "broadcast");
  LLVMValueRef InFirst =
      LLVMBuildICmp(MB->B, LLVMIntEQ, warpGetWarpBase(MB->Lanes),
                    constI32(MB, 0), "first.warp");
  return LLVMBuildSelect(MB->B, InFirst, First, Second, "broadcast");
}

static LLVMValueRef buildMovement(MoveBuilder *MB, const WarpFastShuffle *F,
                                  unsigned Width, unsigned Param) {
  switch (F->Movement) {
  case WarpMoveDppQuadPerm:
    return buildDppPermute(MB, MB->Bits, quadPermControl(MB->Source));
  case WarpMoveDppRowXmask:
    return buildDppPermute(MB, MB->Bits, DppRowXmask + Param);
  case WarpMoveDppRowRorThenQuad: /* row_ror:8 is lane ^ 8 */
    return buildQuadXor(MB, buildDppPermute(MB, MB->Bits, DppRowRor + 8),
                        Param & 3);
  case WarpMoveDppMirrorThenQuad: { /* mirrors are lane ^ 7 and lane ^ 15 */
    bool Half = Param < 8;
    LLVMValueRef Mirrored =
        buildDppPermute(MB, MB->Bits, Half ? DppRowHalfMirror : DppRowMirror);
    return buildQuadXor(MB, Mirrored, Param ^ (Half ? 7 : 15));
  }
  case WarpMovePermlaneX16:
    return buildCrossRowMove(MB);
  case WarpMoveDsSwizzle:
    if (F->Map == WarpMapXor)
      return buildSwizzle(MB, 31, 0, Param);
    return buildSwizzle(MB, 31 & ~(Width - 1), Param, 0);
  case WarpMoveReadLane:
    return buildReadLaneBroadcast(MB, Param);
  case WarpMoveDppRowShare:
    return buildDppPermute(MB, MB->Bits, DppRowShare + Param);
  case WarpMoveDppRowShift:
    return selectMovedLanes(MB, buildRowShift(MB, F->Map, Param),
                            rowShiftKeptLanes(F->Map, Param));
  case WarpMoveDppRowShiftPermlane:
    return buildRowShiftPermlane(MB, F->Map, Param);
  case WarpMoveDppWaveShift: {
    unsigned Control = F->Map == WarpMapShiftUp ? DppWaveShr1 : DppWaveShl1;
    return selectMovedLanes(
        MB, buildDpp(MB, MB->Bits, MB->Bits, Control, false), 0);
  }
  case WarpMoveSwizzleXor16Shift:
  default:
    return selectMovedLanes(MB, buildSwizzle(MB, 31, 0, 16), 0);
  }
}

/* The fast path for a source map on a target, and where the lanes not
 * demanded read (what the path's shape has them read). */
typedef struct {
  const WarpFastShuffle *Path; /* NULL: none fits */
  SourceShape Shape;
  unsigned Completed[CudaWarpSize];
} FastChoice;

static void chooseFastShuffle(const unsigned *Source, uint32_t Demanded,
                              unsigned Target, FastChoice *C) {
  SourceMap Map = {Source, Demanded, {0, 1, 2, 3}, false};
  C->Path = findFastShuffle(&Map, Target, &C->Shape);
  for (unsigned Lane = 0; C->Path && Lane < CudaWarpSize; ++Lane)
    C->Completed[Lane] =
        Demanded >> Lane & 1
            ? Source[Lane]
            : expectedSource(C->Shape.Map, C->Shape.Width, C->Shape.Param, Lane,
                             Map.QuadSelect);
}

/* A module's shuffles repeat a few source maps and observed-lane sets, so
 * the last choices are kept per thread, direct-mapped on their inputs. */
typedef struct {
  bool Valid;
  unsigned Target;
  uint32_t Demanded;
  unsigned char Source[CudaWarpSize];
  FastChoice Choice;
} FastChoiceEntry;

static const FastChoice *findFastChoice(const unsigned *Source,
                                        uint32_t Demanded, unsigned Target) {
  static _Thread_local FastChoiceEntry Memo[128];
  unsigned char Key[CudaWarpSize];
  uint32_t Hash = Demanded * 0x9E3779B1u ^ Target;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
    Key[Lane] = (unsigned char)Source[Lane];
    Hash = (Hash ^ Key[Lane]) * 0x01000193u;
  }
  FastChoiceEntry *Entry = &Memo[(Hash ^ (Hash >> 15)) & 127];
  if (!Entry->Valid || Entry->Target != Target || Entry->Demanded != Demanded ||
      memcmp(Entry->Source, Key, sizeof(Key))) {
    Entry->Valid = true;
    Entry->Target = Target;
    Entry->Demanded = Demanded;
    memcpy(Entry->Source, Key, sizeof(Key));
    chooseFastShuffle(Source, Demanded, Target, &Entry->Choice);
  }
  return &Entry->Choice;
}

LLVMValueRef warpBuildFastShuffle(LLVMModuleRef M, LLVMBuilderRef B,
                                  WarpLanes *Lanes,
                                  const WarpLoweringOptions *Options,
                                  unsigned Target,
                                  const unsigned Source[CudaWarpSize],
                                  uint32_t Demanded, LLVMValueRef Value) {
  const FastChoice *C = findFastChoice(Source, Demanded, Target);
  if (!C->Path)
    return NULL;
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef I32 = LLVMInt32TypeInContext(Ctx);
  LLVMTypeRef ValueType = LLVMTypeOf(Value);
  MoveBuilder MB = {M,
                    B,
                    Lanes,
                    Options,
                    LLVMInt1TypeInContext(Ctx),
                    I32,
                    C->Completed,
                    Demanded,
                    ValueType == I32 ? Value
                                     : LLVMBuildBitCast(B, Value, I32, "")};
  LLVMValueRef Moved =
      buildMovement(&MB, C->Path, C->Shape.Width, C->Shape.Param);
  return ValueType == I32 ? Moved
                          : LLVMBuildBitCast(B, Moved, ValueType, "shfl.value");
}
