/*===- wavesim-faults.h - A lane's fault ends its launch, not the process -===*
 *
 * What goes wrong in a lane (an access outside valid memory, a stack
 * overflow, a trap, a launch that runs past CUCC_LAUNCH_TIMEOUT) stops that
 * lane for good and makes the launch fail with a status and a message, as
 * a GPU reports a kernel's fault as a CUDA error; wavesim-faults.c says how.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_FAULTS_H
#define WAVESIM_FAULTS_H

#include "wavesim.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The first fault of a block's lanes (Status WaveSimOk: none yet). */
typedef struct {
  WaveSimStatus Status;
  char Message[480];
} WaveSimFault;

typedef struct Runner Runner;

/* Records Message (printf-style) as R's fault of Status unless it has one,
 * and stops the lane running now for good: never returns. */
_Noreturn void wavesimFaultLane(Runner *R, WaveSimStatus Status,
                                const char *Format, ...)
    __attribute__((format(printf, 3, 4)));

/* Called on every thread that runs lanes, before its first block of a
 * launch: an alternate signal stack for this thread, the SIGSEGV/SIGBUS
 * handlers (once per process), and this thread's CUCC_LAUNCH_TIMEOUT
 * timer armed for R's launch. */
void wavesimFaultsEnterThread(Runner *R);
/* After its last block of the launch: the timer disarmed. */
void wavesimFaultsLeaveThread(void);

/* The status and message a block ends with when a lane faulted or the
 * launch timed out (also while no lane ran: the scheduler asks between
 * steps); WaveSimOk otherwise. */
WaveSimStatus wavesimFaultsPending(Runner *R, char *Error, size_t ErrorSize);

/* The kernel's name as its source wrote it, for messages. */
const char *wavesimKernelDisplayName(const Runner *R);

#endif
