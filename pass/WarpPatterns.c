/*===- WarpPatterns.c - Lookup in the generated pattern table --------------===*
 *
 * The table itself is WarpPatterns.inc, written at build time by
 * tablegen/gen-warp-table.py; its rows are sorted by intrinsic name.
 *
 *===----------------------------------------------------------------------===*/

#include "WarpPatterns.h"

#include <stdlib.h>
#include <string.h>

#include "WarpPatterns.inc"

enum {
  NumShufflePatterns =
      sizeof(WarpShufflePatternTable) / sizeof(WarpShufflePatternTable[0])
};

static int compareNameToPattern(const void *Name, const void *Pattern) {
  return strcmp((const char *)Name,
                ((const WarpShufflePattern *)Pattern)->IntrinsicName);
}

const WarpShufflePattern *warpFindShufflePattern(const char *Name) {
  return bsearch(Name, WarpShufflePatternTable, NumShufflePatterns,
                 sizeof(WarpShufflePattern), compareNameToPattern);
}

const WarpShufflePattern *warpShufflePatterns(unsigned *Count) {
  *Count = NumShufflePatterns;
  return WarpShufflePatternTable;
}
