/*===- ShflSemantics.c - The PTX shfl.sync model ---------------------------===*
 *
 * PTX ISA, "shfl.sync": operand c packs the clamp value in bits 0-4 and the
 * segment mask in bits 8-12; b supplies the lane (idx), the delta (up, down)
 * or the lane mask (bfly). A source lane outside the clamp leaves the lane
 * with its own value and a false predicate.
 *
 *===----------------------------------------------------------------------===*/

#include "ShflSemantics.h"

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

uint32_t shflSourceMap(ShflMode Mode, uint32_t B, uint32_t C,
                       unsigned Source[CudaWarpSize]) {
  uint32_t InRange = 0;
  for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
    ShflOutcome Out = shflEvaluate(Mode, Lane, B, C);
    Source[Lane] = Out.SrcLane;
    InRange |= (uint32_t)Out.InRange << Lane;
  }
  return InRange;
}

const char *shflModeName(ShflMode Mode) {
  static const char *const Names[] = {"up", "down", "bfly", "idx"};
  return Mode < ShflNumModes ? Names[Mode] : "?";
}
