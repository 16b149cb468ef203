/*===- WarpPatterns.c - Lookup in the generated pattern table --------------===*
 *
 * The table itself is WarpPatterns.inc, written at build time by
 * tablegen/gen-warp-table.py; its rows are sorted by their first column
 * (intrinsic name or asm string).
 *
 *===----------------------------------------------------------------------===*/

#include "warp/WarpPatterns.h"

#include <stdlib.h>
#include <string.h>

#include "WarpPatterns.inc"

#define ARRAY_SIZE(A) (sizeof(A) / sizeof((A)[0]))

enum { NumShufflePatterns = ARRAY_SIZE(WarpShufflePatternTable) };

/* Every row type starts with its key, a string. */
static int compareKeyToRow(const void *Key, const void *Row) {
  return strcmp((const char *)Key, *(const char *const *)Row);
}

static bool hasPrefix(const char *Name, const char *Prefix) {
  return strncmp(Name, Prefix, strlen(Prefix)) == 0;
}

bool warpIsShuffleName(const char *Name) {
  return hasPrefix(Name, "llvm.nvvm.shfl.");
}

bool warpIsPrimitiveName(const char *Name) {
  static const char *const Prefixes[] = {
      "llvm.nvvm.vote.",      "llvm.nvvm.match.",        "llvm.nvvm.redux.",
      "llvm.nvvm.activemask", "llvm.nvvm.bar.warp.sync", "llvm.nvvm.elect."};
  for (size_t I = 0; I < ARRAY_SIZE(Prefixes); ++I)
    if (hasPrefix(Name, Prefixes[I]))
      return true;
  return false;
}

const WarpShufflePattern *warpFindShufflePattern(const char *Name) {
  return bsearch(Name, WarpShufflePatternTable, NumShufflePatterns,
                 sizeof(WarpShufflePattern), compareKeyToRow);
}

const WarpPrimitivePattern *warpFindPrimitivePattern(const char *Name) {
  return bsearch(Name, WarpPrimitivePatternTable,
                 ARRAY_SIZE(WarpPrimitivePatternTable),
                 sizeof(WarpPrimitivePattern), compareKeyToRow);
}

const WarpShufflePattern *warpShufflePatterns(unsigned *Count) {
  *Count = NumShufflePatterns;
  return WarpShufflePatternTable;
}

const WarpFastShuffle *warpFastShuffles(unsigned *Count) {
  *Count = ARRAY_SIZE(WarpFastShuffleTable);
  return WarpFastShuffleTable;
}
