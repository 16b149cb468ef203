/*===- wavesim-memcheck-module.h - What the check records ----------*- C -*-===*
 *
 * The instrumentation (wavesim-memcheck-instrument.c) records, for each
 * module, every access site it checks and each kernel's byref parameters;
 * the check at run time (wavesim-memcheck.c) reads them to describe a bad
 * access and to admit the launch's own memory.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_MEMCHECK_MODULE_H
#define WAVESIM_MEMCHECK_MODULE_H

#include "wavesim-memcheck.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum {
  AccessLoad,
  AccessStore,
  AccessAtomic,
  AccessCopyFrom,
  AccessCopyTo,
  AccessFill
} AccessKind;

enum { FlatSpace = 0, SharedSpace = 3, PrivateSpace = 5 };

typedef struct {
  AccessKind Kind;
  unsigned AddressSpace;
  char Location[160]; /* "file.cu:12:7", or "" without line tables */
} AccessSite;

typedef struct {
  unsigned Count;
  unsigned *Params;
  uint64_t *Bytes;
} ByRefParams;

struct MemcheckModule {
  bool Instrumented;
  AccessSite *Sites;
  unsigned NumSites;
  unsigned NumGlobals;     /* entries of @__wavesim_globals */
  uintptr_t *GlobalBegins; /* those registered in the table */
  ByRefParams *ByRef;      /* by kernel */
  char **DisplayNames;     /* by kernel */
};

#endif
