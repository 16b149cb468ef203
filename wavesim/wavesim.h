/*===- wavesim.h - Run AMDGPU kernel IR on the host, AMD wave semantics ----===*
 *
 * wavesim JIT-compiles an amdgcn-amd-amdhsa module (what cu2hsaco
 * --emit-llvm produces, and what cucc embeds in a program for each
 * processor) for the host CPU and runs its kernels block by block. Every
 * work-item is a real thread of execution with its own stack; work-items
 * are grouped into waves of 32 or 64 hardware lanes, and the cross-lane
 * intrinsics (llvm.amdgcn.ds.bpermute, readlane, readfirstlane, ballot,
 * wave.reduce, wave.barrier, update.dpp, ds.swizzle, permlane16,
 * permlanex16) and llvm.amdgcn.s.barrier suspend a lane until its wave (or
 * block) can go on, so lane-varying loops and inactive lanes behave as on
 * an AMD GPU. Device memory is host memory: a kernel's pointer arguments
 * are host pointers.
 *
 * Users: the CUDA runtime's wavesim backend (runtime/), the wavesim CLI,
 * and the test tools that run the kernel suites.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_WAVESIM_H
#define WAVESIM_WAVESIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct WaveSim WaveSim;

/* Loads a textual (.ll) or bitcode module ("-" reads standard input),
 * checks that wavesim can run it and JIT-compiles it for the host. Returns
 * NULL with a message in Error (naming the offending function or intrinsic)
 * on failure. WaveSize is 32 or 64, or 0 for the module's own: wave32 when
 * its kernels' target-features say +wavefrontsize32, else wave64. */
WaveSim *wavesimLoad(const char *IRPath, unsigned WaveSize, char *Error,
                     size_t ErrorSize);

/* The same from Bytes bytes of IR in memory (copied); Name is what
 * messages call it. */
WaveSim *wavesimLoadBuffer(const void *IR, size_t Bytes, const char *Name,
                           unsigned WaveSize, char *Error, size_t ErrorSize);

void wavesimDispose(WaveSim *S);

/* The wave size the module runs with: 32 or 64. */
unsigned wavesimWaveSize(const WaveSim *S);

typedef enum {
  WaveSimOk,
  WaveSimNoSuchKernel,
  WaveSimBadLaunchShape, /* a size of 0, or more than 1024 threads a block */
  WaveSimTooMuchShared,  /* static and dynamic LDS over 64 KiB */
  WaveSimTrapped,        /* llvm.trap: __trap(), asm("trap;") */
  WaveSimDeadlocked,     /* lanes wait for each other for ever */
  WaveSimNoMemory,       /* lane stacks could not be mapped */
  WaveSimCooperativeTooLarge, /* more threads than wavesim keeps resident */
  WaveSimIllegalAddress,      /* an access outside valid memory */
  WaveSimIllegalSharedAddress, /* one through a shared-memory pointer */
  WaveSimStackOverflow,       /* a lane ran out of stack */
  WaveSimLaunchTimeout,       /* it ran past CUCC_LAUNCH_TIMEOUT */
  WaveSimAssertFailed         /* llvm.trap after a failed assert's message */
} WaveSimStatus;

/* Runs Kernel over Grid (blocks per dimension) of Block (threads per
 * dimension), its blocks on the pool of host threads (wavesimThreads; with
 * one, one block after another in grid order). Args[i] points at the value of
 * kernel parameter i, as for hipModuleLaunchKernel's kernelParams (for a
 * struct the kernel takes byref, at the struct). DynamicSharedBytes is the
 * size of the extern __shared__ array this launch gives the kernel (what
 * %dynamic_smem_size reads). Returns WaveSimOk, or the reason it failed
 * with a message in Error. */
WaveSimStatus wavesimLaunch(WaveSim *S, const char *Kernel,
                            const unsigned Grid[3], const unsigned Block[3],
                            size_t DynamicSharedBytes, void **Args, char *Error,
                            size_t ErrorSize);

/* The same with every block resident at once, as a cooperative launch
 * (cudaLaunchCooperativeKernel) promises: the blocks of each host thread
 * take turns, and a lane at llvm.amdgcn.s.sleep lets the other blocks run,
 * so blocks that wait for each other (a grid barrier) meet. At most
 * WaveSimMaxCooperativeThreads threads in all (each has a stack, and
 * stacks share the low 4 GiB with the ordinary launches'); more is
 * WaveSimCooperativeTooLarge. */
enum { WaveSimMaxCooperativeThreads = 2048 };
WaveSimStatus wavesimLaunchCooperative(WaveSim *S, const char *Kernel,
                                       const unsigned Grid[3],
                                       const unsigned Block[3],
                                       size_t DynamicSharedBytes, void **Args,
                                       char *Error, size_t ErrorSize);

/* The host address of a module-scope variable the module defines
 * (__device__, __constant__), or NULL if it has none of that name. */
void *wavesimVariableAddress(WaveSim *S, const char *Name);

/* Whether the module defines a kernel of that name. */
bool wavesimHasKernel(const WaveSim *S, const char *Kernel);

/* The static shared memory (addrspace(3) globals, extern ones aside) that
 * Kernel and the functions it calls use; 0 for an unknown kernel. */
size_t wavesimStaticSharedBytes(const WaveSim *S, const char *Kernel);

/* The most shared memory a block can have: the LDS of an AMD workgroup. */
enum { WaveSimMaxSharedBytes = 64 * 1024 };

/* Memory a kernel may access (device, managed, pinned or registered host
 * memory): every access of a kernel is checked against these ranges, the
 * module's globals, the block's shared memory and the lane's own stack,
 * and one outside them fails the launch with WaveSimIllegalAddress
 * (only in modules loaded with CUCC_WAVESIM_MEMCHECK=1). A range is
 * removed by its base. */
void wavesimAddRange(const void *Base, size_t Bytes);
void wavesimRemoveRange(const void *Base);

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

/* The host threads a launch runs its blocks on: CUCC_WAVESIM_THREADS if
 * set, else the online cores. Each is one emulated compute unit (a
 * block's %smid is the number of the thread that runs it). */
unsigned wavesimThreads(void);

#endif
