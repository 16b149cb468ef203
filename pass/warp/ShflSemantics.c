/*===- ShflSemantics.c - The PTX shfl.sync model ---------------------------===*
 *
 * PTX ISA, "shfl.sync": operand c packs the clamp value in bits 0-4 and the
 * segment mask in bits 8-12; b supplies the lane (idx), the delta (up, down)
 * or the lane mask (bfly). A source lane outside the clamp leaves the lane
 * with its own value and a false predicate.
 *
 *===----------------------------------------------------------------------===*/

#include "warp/ShflSemantics.h"

ShflOutcome shflEvaluate(ShflMode Mode, unsigned Lane, uint32_t B, uint32_t C) {
  int BVal = (int)(B & 31);
  int CVal = (int)(C & 31);
  int SegMask = (int)((C >> 8) & 31);
  int L = (int)(Lane & 31);
  int MaxLane = (L & SegMask) | (CVal & ~SegMask);
  int MinLane = L & SegMask;

  int J = L;
  bool InRange = false;
  switch (Mode) {
  case ShflUp:
    J = L - BVal;
    InRange = J >= MaxLane;
    break;
  case ShflDown:
    J = L + BVal;
    InRange = J <= MaxLane;
    break;
  case ShflBfly:
    J = L ^ BVal;
    InRange = J <= MaxLane;
    break;
  case ShflIdx:
  default:
    J = MinLane | (BVal & ~SegMask);
    InRange = J <= MaxLane;
    break;
  }
  ShflOutcome Out = {InRange ? (unsigned)J : (unsigned)L, InRange};
  return Out;
}

/* The source maps of a module's constant shuffles repeat (the analysis,
 * the chains and the lowering each ask for them), so the last ones are
 * kept per thread, direct-mapped on the fields the map depends on. */
typedef struct {
  uint32_t Key; /* 0: empty */
  uint32_t InRange;
  unsigned char Source[CudaWarpSize];
} SourceMapEntry;

uint32_t shflSourceMap(ShflMode Mode, uint32_t B, uint32_t C,
                       unsigned Source[CudaWarpSize]) {
  static _Thread_local SourceMapEntry Memo[256];
  uint32_t Key = 1u << 31 | (uint32_t)Mode << 15 | (B & 31) << 10 |
                 ((C >> 8) & 31) << 5 | (C & 31);
  SourceMapEntry *Entry = &Memo[(Key ^ (Key >> 8) ^ (Key >> 13)) & 255];
  if (Entry->Key != Key) {
    Entry->Key = Key;
    Entry->InRange = 0;
    for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
      ShflOutcome Out = shflEvaluate(Mode, Lane, B, C);
      Entry->Source[Lane] = (unsigned char)Out.SrcLane;
      Entry->InRange |= (uint32_t)Out.InRange << Lane;
    }
  }
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane)
    Source[Lane] = Entry->Source[Lane];
  return Entry->InRange;
}

const char *shflModeName(ShflMode Mode) {
  static const char *const Names[] = {"up", "down", "bfly", "idx"};
  return Mode < ShflNumModes ? Names[Mode] : "?";
}
