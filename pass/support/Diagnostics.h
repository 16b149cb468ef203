/*===- Diagnostics.h - Errors that name the function and call ----*- C -*-===*
 *
 * Every problem the pass finds in its input is reported through one of
 * these, so that each message says where it is: the function and the
 * printed instruction (or the global whose initializer holds the use).
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_DIAGNOSTICS_H
#define NVVMWARP_DIAGNOSTICS_H

#include "NVVMWarpToAMDGPU.h"

typedef struct {
  const char *PassName;          /* leads every message ("": nothing) */
  WarpDiagnosticHandler Handler; /* NULL: print to stderr */
  void *HandlerContext;
  unsigned NumErrors;
} WarpDiagnostics;

/* Reports Problem (printf-style) about User, a use of Subject (an
 * intrinsic's name, or quoted inline asm); User may be an instruction or a
 * constant. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
void warpReportUse(WarpDiagnostics *Diags, LLVMValueRef User,
                   const char *Subject, const char *Problem, ...);

#endif
