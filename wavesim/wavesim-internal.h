/*===- wavesim-internal.h - What wavesim's parts share ---------*- C -*-===*
 *
 * wavesim is split by concern: wavesim.c (loading a module, the public
 * entry points), wavesim-module.c (reading a module and checking that
 * wavesim can run it), wavesim-rewrite.c (rewriting the module for the
 * host and compiling it; wavesim-shared.c puts each block's shared memory
 * behind its base, wavesim-polls.c adds poll points to spinning loops,
 * wavesim-divide.c makes integer division by zero AMD's, and
 * wavesim-memcheck-instrument.c checks every memory access against the
 * table of wavesim-memcheck.c), wavesim-lanes.c (the scheduler that runs a
 * block's lanes as AMD waves), wavesim-intrinsics.c (the host models of
 * the amdgcn intrinsics), wavesim-launch.c (checking a launch) and
 * wavesim-pool.c (a grid's blocks on a pool of host threads;
 * wavesim-slot-memory.c maps their lanes, stacks and shared memory).
 * This header holds the state they share; wavesim.h is the public
 * interface.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_INTERNAL_H
#define WAVESIM_INTERNAL_H

#include "wavesim-faults.h"
#include "wavesim-memcheck.h"
#include "wavesim.h"

#include <llvm-c/LLJIT.h>
#include <llvm-c/Types.h>

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

enum {
  MaxWave = 64,
  MaxBlockThreads = 1024,
  LaneStackBytes = 256 * 1024,
  GuardBytes = 4096,
  DynamicLDSBytes = 64 * 1024,
  LDSPoisonByte = 0xCD,
  DispatchPacketBytes = 64,
  ImplicitArgBytes = 256,
  AMDGPUGfxCallConv = 100
};

/* LaneSleeping: at llvm.amdgcn.s.sleep, where it lets the other lanes of
 * its block (and in a cooperative launch the other blocks) run first. */
typedef enum {
  LaneReady,
  LaneAtSite,
  LaneFinished,
  LaneTrapped,
  LaneSleeping
} LaneState;

typedef struct {
  void *SP;       /* the asm switch: saved stack pointer */
  ucontext_t *UC; /* the ucontext switch: an entry of WaveSim::Contexts */
  LaneState State;
  unsigned HwLane;
  uint32_t WorkItem[3];
  unsigned Site;        /* where the lane waits, when LaneAtSite */
  uint64_t Operands[4]; /* its operands there */
  uint64_t Result;      /* what the call returns once released */
  unsigned Polls;       /* polling-loop iterations since it last slept */
  bool Asserting;       /* it printed a failed assert's message */
  void *FakeStack;      /* ASan's, of the lane's stack (wavesim-lanes.c) */
} Lane;

typedef struct Runner Runner;

typedef struct SiteIntrinsic SiteIntrinsic;

/* Computes Result for each lane of Exec from the operands of the wave's
 * lanes (WaveLanes[i] is hardware lane i; only lanes of Exec are valid). */
typedef void (*WaveCombineFn)(const Runner *R, const SiteIntrinsic *Op,
                              Lane *WaveLanes, uint64_t Exec);

typedef enum {
  ReduceNone,
  ReduceUMin,
  ReduceMin,
  ReduceUMax,
  ReduceMax,
  ReduceAdd,
  ReduceSub,
  ReduceAnd,
  ReduceOr,
  ReduceXor
} ReduceKind;

struct SiteIntrinsic {
  const char *Intrinsic;
  const char *HostName;
  void *Address;
  WaveCombineFn Combine; /* NULL: the block barrier */
  ReduceKind Reduce;     /* wave.reduce: the operation and its width */
  unsigned Bits;
};

typedef struct {
  const SiteIntrinsic *Op;
  unsigned Function; /* index in module order */
  bool InKernel;
  char Where[192]; /* for diagnostics */
} Site;

typedef struct {
  char *Name;
  void (*Wrapper)(void **Args);
  size_t StaticShared; /* bytes of the shared globals it can reach */
  /* It reaches no cross-lane site, barrier, s.sleep, trap or function the
   * module does not define: each lane runs start to end on its own, so a
   * block's lanes run one after another on one stack (runLanesInTurn). */
  bool LanesIndependent;
} Kernel;

typedef struct {
  size_t Offset, Bytes;
  bool Dynamic; /* an extern one: the launch's dynamic bytes */
} SharedVariable;

struct WaveSim {
  unsigned WaveSize;
  LLVMOrcLLJITRef JIT;
  Kernel *Kernels;
  unsigned NumKernels;
  /* Each block's shared memory: the module's shared globals at their
   * offsets, then from DynamicSharedOffset the dynamic (extern) area. */
  size_t DynamicSharedOffset;
  SharedVariable *SharedVars; /* where each shared global lies in it */
  unsigned NumSharedVars;
  Site *Sites;
  unsigned NumSites;
  uint8_t *Reach; /* bit (From * NumSites + To): From can reach To */
  bool UseUContext;
  bool BugReleaseEarly, BugBallotIgnoresExec;
  unsigned LaneOpsBugs; /* planted bugs of the shared models */
  WaveSimStats Stats;
  MemcheckModule *Memcheck; /* what the memory check knows of the module */
};

struct Runner {
  WaveSim *S;
  const Kernel *K;
  void **Args;
  unsigned BlockDim[3], BlockId[3];
  unsigned NumThreads, NumWaves;
  Lane *Lanes;          /* the block's, NumThreads of them */
  char **Stacks;        /* their stacks */
  ucontext_t *Contexts; /* for the ucontext switch */
  uint8_t *Shared;      /* the block's shared memory (see WaveSim) */
  size_t SharedBytes;   /* of which the launch uses this much */
  WaveSimStats *Stats;  /* the counters of the thread that runs it */
  unsigned Worker;      /* that thread's number: the block's %smid */
  struct BlockOutput *Output; /* printf held for the block, or NULL */
  Lane *Current;
  void *SchedulerSP;
  ucontext_t SchedulerUC;
  /* For ASan: the scheduler's stack (where a lane switches back to) and
   * its fake stack while a lane runs. */
  const void *SchedulerStack;
  size_t SchedulerStackBytes;
  void *SchedulerFakeStack;
  unsigned NumLive, NumAtBarrier;
  Lane *Trapped;        /* the first lane that reached llvm.trap, if any */
  unsigned NumSleeping; /* lanes at s.sleep */
  bool SleepersIdle;    /* they slept twice with nothing else done */
  uint64_t Progress;    /* cross-lane groups and barriers released */
  WaveSimFault Fault;   /* the first fault of its lanes */
  _Alignas(64) uint8_t Packet[DispatchPacketBytes];
  /* Code object v5's implicit kernel arguments (llvm.amdgcn.implicitarg.ptr):
   * the block counts and group sizes the kernels read. */
  _Alignas(64) uint8_t ImplicitArgs[ImplicitArgBytes];
};

/* A per-lane intrinsic: renamed to a host function, never suspended. */
typedef struct {
  const char *Intrinsic;
  const char *HostName;
  void *Address;
} LaneIntrinsic;

/* The runner of this thread's launch. Every work-item id, dispatch
 * pointer and cross-lane call reads it: initial-exec, so that a read is one
 * load rather than a __tls_get_addr call from the shared runtime (which
 * programs link at startup, where the model is valid). */
extern _Thread_local Runner *wavesimActive
    __attribute__((tls_model("initial-exec")));
/* Lane stacks mapped and not yet unmapped, by every simulator. */
extern atomic_uint WaveSimLiveStacks;
extern const bool WaveSimHaveAsmSwitch;

void wavesimFormatError(char *Error, size_t Size, const char *Format, ...)
    __attribute__((format(printf, 3, 4)));

/* wavesim-intrinsics.c */
extern const SiteIntrinsic WaveSimSiteIntrinsics[];
extern const unsigned WaveSimNumSiteIntrinsics;
extern const LaneIntrinsic WaveSimLaneIntrinsics[];
extern const unsigned WaveSimNumLaneIntrinsics;
const SiteIntrinsic *wavesimFindSiteIntrinsic(const char *Name);
int wavesimFindLaneIntrinsic(const char *Name);
void wavesimCombineWaveBarrier(const Runner *R, const SiteIntrinsic *Op,
                               Lane *WaveLanes, uint64_t Exec);

/* wavesim-module.c */
LLVMMemoryBufferRef wavesimReadFile(const char *Path, char *Error,
                                    size_t ErrorSize);
LLVMModuleRef wavesimParseModule(LLVMContextRef Ctx, LLVMMemoryBufferRef Buffer,
                                 const char *Name, char *Error,
                                 size_t ErrorSize);
unsigned wavesimModuleWaveSize(LLVMModuleRef M);
/* What (e.g. "the input module") names M in the message. */
bool wavesimVerifyModule(LLVMModuleRef M, const char *What, char *Error,
                         size_t ErrorSize);
/* Every callee of M is defined or modeled, and called as the models and
 * the AMDGPU backend require. */
bool wavesimCheckCallees(LLVMModuleRef M, unsigned WaveSize, char *Error,
                         size_t ErrorSize);

/* wavesim-divide.c */
/* Division and remainder by zero (and INT_MIN / -1) as the AMDGPU
 * backend's code computes them: run on every module, checked or not. */
void wavesimDivideAsAMD(LLVMModuleRef M, LLVMBuilderRef B);

/* wavesim-rewrite.c */
bool wavesimPrepareAndCompile(WaveSim *S, LLVMContextRef Ctx, LLVMModuleRef M,
                              char *Error, size_t ErrorSize);
bool wavesimReaches(const WaveSim *S, unsigned From, unsigned To);

/* wavesim-lanes.c */
/* What wavesimDriveBlock returns when only lanes at s.sleep could go on. */
enum { WaveSimBlockSleeps = -1 };

/* Rounds in which a block's (or a cooperative grid's) lanes only slept,
 * waking each time to find nothing changed, before it is a deadlock. */
enum { SleepIdleRounds = 10000 };

void wavesimSuspendLane(Runner *R, Lane *L);
void wavesimPoisonSharedMemory(Runner *R);
void wavesimStartLanes(Runner *R, char *const *Stacks);
/* The block is over (finished, failed or abandoned): its stacks are
 * ready for the next block. */
void wavesimEndLanes(Runner *R);
WaveSimStatus wavesimDriveBlock(Runner *R, char *Error, size_t ErrorSize);
void wavesimWakeSleepers(Runner *R);
uint64_t wavesimProgressMark(const Runner *R);

/* wavesim-shared.c */
/* Rewrites M so that shared memory is reached from the running block's
 * base (Runner::Shared); sets S->DynamicSharedOffset. */
bool wavesimPlaceSharedMemory(WaveSim *S, LLVMModuleRef M, LLVMBuilderRef B,
                              char *Error, size_t ErrorSize);
void *wavesimSharedBase(void);
const char *wavesimSharedBaseName(void);

/* wavesim-polls.c */
/* Adds a poll point to every loop whose exit waits on memory another lane
 * or block may write (a volatile or atomic load, an atomic's result) and
 * that does not already sleep; returns how many. */
unsigned wavesimInsertPollPoints(LLVMModuleRef M);
void wavesimPoll(void);
const char *wavesimPollName(void);

/* wavesim-pool.c */
/* Polls before a lane at a poll point sleeps (lets the others run). */
enum { PollsBeforeSleep = 64 };
typedef struct Launch Launch;
/* Runs the blocks of a launch on the pool's threads: every block resident
 * from the start if Cooperative, else as many as fit. */
WaveSimStatus wavesimRunGrid(WaveSim *S, const Kernel *K, void **Args,
                             const unsigned Grid[3], const unsigned Block[3],
                             size_t DynamicSharedBytes, bool Cooperative,
                             char *Error, size_t ErrorSize);
void wavesimFillDispatchPacket(Runner *R, const unsigned Grid[3],
                               size_t DynamicSharedBytes);
void wavesimFillImplicitArgs(Runner *R, const unsigned Grid[3]);
/* A simulator was loaded, or disposed of: the pool keeps its lane stacks
 * and shared memory while any simulator lives. */
void wavesimPoolRetain(void);
void wavesimPoolRelease(void);
/* Holds a message of the running block for printing in block order;
 * false when it is to be printed at once. */
bool wavesimHoldOutput(Runner *R, int Stream, const char *Text,
                       size_t Length);

#endif
