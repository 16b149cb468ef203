/*===- wavesim.h - Run AMDGPU kernel IR on the host, AMD wave semantics ----===*
 *
 * wavesim JIT-compiles an amdgcn-amd-amdhsa module (what cu2hsaco
 * --emit-llvm produces) for the host CPU and runs its kernels block by
 * block. Every work-item is a real thread of execution with its own stack;
 * work-items are grouped into waves of 32 or 64 hardware lanes, and the
 * cross-lane intrinsics (llvm.amdgcn.ds.bpermute, readlane, readfirstlane,
 * ballot, wave.reduce, wave.barrier, update.dpp, ds.swizzle, permlane16,
 * permlanex16) and llvm.amdgcn.s.barrier
 * suspend a lane until its wave (or block) can go on, so lane-varying loops
 * and inactive lanes behave as on an AMD GPU. The kernel suites of
 * hip-kernels/ run on it through the Device interface of device.h.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_WAVESIM_H
#define WAVESIM_WAVESIM_H

#include "device.h"

#include <stddef.h>
#include <stdint.h>

typedef struct WaveSim WaveSim;

/* Loads a textual (.ll) or bitcode module ("-" reads standard input),
 * checks that wavesim can run it and JIT-compiles it for the host. Returns
 * NULL with a message in Error (naming the offending function or intrinsic)
 * on failure. WaveSize is 32 or 64. */
WaveSim *wavesimLoad(const char *IRPath, unsigned WaveSize, char *Error,
                     size_t ErrorSize);

/* Fills D: memory is host malloc, Launch runs kernels of the loaded module.
 * D must not outlive S. */
void wavesimDevice(WaveSim *S, Device *D);

void wavesimDispose(WaveSim *S);

/*===-- Testing and measurement hooks -------------------------------------===*/

/* Miscompiles the emulation on purpose so the tests can show they fail:
 * "release-early" ignores the reconvergence rule (a group at a cross-lane
 * call goes as soon as it is the earliest waiting one in program order);
 * "inactive-reads-self" makes ds.bpermute from an inactive lane return the
 * reader's own value instead of 0; "ballot-ignores-exec" makes a ballot
 * set the bits of the wave's lanes outside the group too; and the bugs of
 * the shared cross-lane models (laneOpsBugNamed in amdgpu-lane-ops.h:
 * "dpp-wrong-row", "dpp-row-shr-off-by-one", "swizzle-ignores-xor",
 * "permlane-own-row", "readlane-low-32"). Returns 0, or -1 for an unknown
 * name. */
int wavesimPlantBug(WaveSim *S, const char *Bug);

/* How lanes switch stacks: "asm" (a hand-written x86-64 switch, the
 * default) or "ucontext" (swapcontext). Returns 0, or -1 if unknown. */
int wavesimSetContextSwitch(WaveSim *S, const char *Kind);

typedef struct {
  uint64_t Launches;
  uint64_t Blocks;
  uint64_t Lanes;          /* work-items started */
  uint64_t Resumes;        /* switches into a lane (each has one back) */
  uint64_t CrossLaneCalls; /* groups released at cross-lane call sites */
  uint64_t Barriers;       /* block barriers completed */
} WaveSimStats;

void wavesimGetStats(const WaveSim *S, WaveSimStats *Stats);

/* Lane stacks currently mapped by all simulators of this process; 0 once
 * every WaveSim is disposed. */
unsigned wavesimLiveStacks(void);

#endif
