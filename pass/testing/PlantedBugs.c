/*===- PlantedBugs.c - The plant-bug= option's names -----------------------===*
 *
 * See PlantedBugs.h.
 *
 *===----------------------------------------------------------------------===*/

#include "testing/PlantedBugs.h"

#include <string.h>

bool warpParsePlantedBug(const char *Option, size_t Length, unsigned *Bug) {
  static const struct {
    const char *Text;
    WarpPlantedBug Bug;
  } Known[] = {
      {"plant-bug=drop-warp-base", WarpBugDropWarpBase},
      {"plant-bug=drop-clamp", WarpBugDropClamp},
      {"plant-bug=ballot-wrong-half", WarpBugBallotWrongHalf},
      {"plant-bug=fast-path-no-select", WarpBugFastPathNoSelect},
      {"plant-bug=drop-barrier", WarpBugDropBarrier},
      {"plant-bug=demanded-lane-short", WarpBugDemandedLaneShort},
      {"plant-bug=scan-chain-short", WarpBugScanChainShort},
      {"plant-bug=printf-last-arg-zero", WarpBugPrintfLastArgZero},
      {"plant-bug=shape-check-true", WarpBugShapeCheckTrue},
      {"plant-bug=drop-kept-nans", WarpBugDropKeptNaNs},
      {"plant-bug=drop-arithmetic-nans", WarpBugDropArithmeticNaNs},
  };
  for (size_t I = 0; I < sizeof(Known) / sizeof(Known[0]); ++I) {
    if (strlen(Known[I].Text) == Length &&
        strncmp(Known[I].Text, Option, Length) == 0) {
      *Bug = Known[I].Bug;
      return true;
    }
  }
  return false;
}
