/*===- wavesim.c - Run AMDGPU kernel IR on the host, AMD wave semantics ----===*
 *
 * The module is rewritten for the host and JIT-compiled with LLVM ORC, as
 * lit-tests/oracle/shfl-oracle.c does for single shuffles, but here whole
 * kernels run with their control flow, so a lane cannot simply be executed
 * twice. Instead every work-item is a real thread of execution on its own
 * stack (a hand-written x86-64 stack switch, or swapcontext), and a lane is
 * suspended only where the wave matters:
 *
 *  - at a cross-lane call site (ds.bpermute, readlane, readfirstlane,
 *    ballot, wave.reduce, wave.barrier, update.dpp, ds.swizzle,
 *    permlane16/permlanex16: the entries of SiteIntrinsics, each with a
 *    per-wave combine function; the data movements are the models of
 *    amdgpu-lane-ops.c, which the shuffle oracle shares).
 *    The lanes of one wave waiting at the same call site form a group; the
 *    group runs, with exec = its lanes, once no other live lane of the wave,
 *    suspended at another site, can still reach this one in the CFG. That
 *    is where the hardware reconverges, so a loop with a lane-varying trip
 *    count sees its exec mask shrink as on an AMD GPU. Of several groups
 *    that may go, the earliest in program order goes first; if each waits
 *    for another (a loop holding several sites, lanes at a barrier in an
 *    enclosing loop), the group with the most lanes goes, provided it can
 *    itself reach every site whose lanes hold it up;
 *  - at s.barrier, which completes when every live lane of the block is at
 *    a barrier. Lanes that returned are inactive: they do not count for the
 *    barrier and ds.bpermute reads 0 from them. When nothing can move (lanes
 *    wait at a cross-lane site for lanes at a barrier, which waits for them)
 *    the launch fails with a deadlock report instead of hanging.
 *
 * Blocks run one after another, so each shared-memory (addrspace(3)) global
 * exists once; it is filled with 0xCD bytes before every block so a kernel
 * that reads shared memory it did not write shows it.
 *
 * Rewriting for the host: host triple and datalayout (every pointer becomes
 * 64-bit; address spaces stay and are no-op casts on x86-64), allocas move
 * to address space 0 behind an addrspacecast, target-cpu/features are
 * dropped, kernels get the C calling convention and a wrapper
 * void(void **Args) that loads each parameter, per-lane amdgcn intrinsics
 * are renamed to host functions, and each cross-lane or barrier call gets
 * its call-site number as an extra first argument.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim.h"
#include "amdgpu-lane-ops.h"
#include "host-jit.h"
#include "wavesim-lockstep.h"
#include "wavesim-math.h"
#include "wavesim-printf.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Comdat.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>

enum {
  MaxWave = 64,
  MaxBlockThreads = 1024,
  LaneStackBytes = 256 * 1024,
  GuardBytes = 4096,
  DynamicLDSBytes = 64 * 1024,
  LDSPoisonByte = 0xCD,
  DispatchPacketBytes = 64,
  AMDGPUGfxCallConv = 100
};

/*===-- Lanes and the scheduler's state -----------------------------------===*/

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
  char *Name;
  void *Address;
  size_t Bytes;
} SharedGlobal;

struct WaveSim {
  unsigned WaveSize;
  LLVMOrcLLJITRef JIT;
  Kernel *Kernels;
  unsigned NumKernels;
  SharedGlobal *Shared;
  unsigned NumShared;
  Site *Sites;
  unsigned NumSites;
  uint8_t *Reach; /* bit (From * NumSites + To): From can reach To */
  Lane *Lanes;    /* MaxBlockThreads of them */
  char *Stacks[MaxBlockThreads];
  bool UseUContext;
  ucontext_t *Contexts; /* MaxBlockThreads of them, for the ucontext switch */
  bool BugReleaseEarly, BugBallotIgnoresExec;
  unsigned LaneOpsBugs; /* planted bugs of the shared models */
  WaveSimStats Stats;
};

struct Runner {
  WaveSim *S;
  const Kernel *K;
  void **Args;
  unsigned BlockDim[3], BlockId[3];
  unsigned NumThreads, NumWaves;
  Lane *Current;
  void *SchedulerSP;
  ucontext_t SchedulerUC;
  unsigned NumLive, NumAtBarrier;
  Lane *Trapped; /* the first lane that reached llvm.trap, if any */
  unsigned NumSleeping; /* lanes at s.sleep */
  bool SleepersIdle;    /* they slept twice with nothing else done */
  _Alignas(64) uint8_t Packet[DispatchPacketBytes];
};

/* The runner of this thread's launch. Every work-item id, dispatch
 * pointer and cross-lane call reads it: initial-exec, so that a read is one
 * load rather than a __tls_get_addr call from the shared runtime (which
 * programs link at startup, where the model is valid). */
static _Thread_local Runner *Active __attribute__((tls_model("initial-exec")));
static atomic_uint LiveStacks;

static void formatError(char *Error, size_t Size, const char *Format, ...) {
  if (!Error || !Size)
    return;
  va_list Args;
  va_start(Args, Format);
  vsnprintf(Error, Size, Format, Args);
  va_end(Args);
}

/*===-- Switching stacks --------------------------------------------------===*/

#if defined(__x86_64__)
/* wavesim_switch(void **SaveSP, void *LoadSP): saves the callee-saved
 * registers on the current stack, stores the stack pointer to *SaveSP, and
 * resumes the stack LoadSP points into. MXCSR and the x87 control word are
 * left alone: all lanes share them, as an AMD wave shares its MODE register
 * (saving them costs more than the rest of the switch together).
 * wavesim_lane_start is where a fresh lane "returns" to: it calls the entry
 * function in r13 with the argument in r12 (both set up by prepareLane). */
__asm__(".text\n"
        ".p2align 4\n"
        ".type wavesim_switch,@function\n"
        "wavesim_switch:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size wavesim_switch, .-wavesim_switch\n"
        ".p2align 4\n"
        ".type wavesim_lane_start,@function\n"
        "wavesim_lane_start:\n"
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size wavesim_lane_start, .-wavesim_lane_start\n");

void wavesim_switch(void **SaveSP, void *LoadSP) __asm__("wavesim_switch");
void wavesim_lane_start(void) __asm__("wavesim_lane_start");
static const bool HaveAsmSwitch = true;
#else
static void wavesim_switch(void **SaveSP, void *LoadSP) {
  (void)SaveSP;
  (void)LoadSP;
  abort();
}
static void wavesim_lane_start(void) { abort(); }
static const bool HaveAsmSwitch = false;
#endif

static void laneMain(Lane *L);

static void laneMainUContext(void) { laneMain(Active->Current); }

/* Sets up L to start in laneMain on Stack the next time it is resumed. */
static void prepareLane(WaveSim *S, Lane *L, char *Stack) {
  char *Top = Stack + GuardBytes + LaneStackBytes;
  if (S->UseUContext) {
    L->UC = &S->Contexts[L - S->Lanes];
    getcontext(L->UC);
    L->UC->uc_stack.ss_sp = Stack + GuardBytes;
    L->UC->uc_stack.ss_size = LaneStackBytes;
    L->UC->uc_link = NULL;
    makecontext(L->UC, laneMainUContext, 0);
    return;
  }
  /* From the saved stack pointer up: r15, r14, r13 (entry), r12
   * (argument), rbx, rbp, return address. The pointer is 8 mod 16 so that
   * the stack is 16-byte aligned at wavesim_lane_start's call. */
  uint64_t *SP = (uint64_t *)((((uintptr_t)Top - 96) & ~(uintptr_t)15) + 8);
  SP[0] = 0;                             /* r15 */
  SP[1] = 0;                             /* r14 */
  SP[2] = (uint64_t)(uintptr_t)laneMain; /* r13 */
  SP[3] = (uint64_t)(uintptr_t)L;        /* r12 */
  SP[4] = 0;                             /* rbx */
  SP[5] = 0;                             /* rbp */
  SP[6] = (uint64_t)(uintptr_t)wavesim_lane_start;
  L->SP = SP;
}

static void resumeLane(Runner *R, Lane *L) {
  R->Current = L;
  ++R->S->Stats.Resumes;
  if (R->S->UseUContext)
    swapcontext(&R->SchedulerUC, L->UC);
  else
    wavesim_switch(&R->SchedulerSP, L->SP);
}

/* Runs on the lane's stack; comes back when the scheduler resumes it. */
static void suspendLane(Runner *R, Lane *L) {
  if (R->S->UseUContext)
    swapcontext(L->UC, &R->SchedulerUC);
  else
    wavesim_switch(&L->SP, R->SchedulerSP);
}

/* Runs L and, for a kernel whose lanes are independent, every later lane
 * of the block after it on the same stack: what the scheduler would do,
 * without a switch a lane. */
static void laneMain(Lane *L) {
  Runner *R = Active;
  for (;;) {
    R->K->Wrapper(R->Args);
    L->State = LaneFinished;
    --R->NumLive;
    Lane *Next = L + 1;
    if (!R->K->LanesIndependent || Next == R->S->Lanes + R->NumThreads)
      break;
    R->Current = L = Next;
  }
  suspendLane(R, L);
  abort(); /* a finished lane is never resumed */
}

/*===-- Lane stacks -------------------------------------------------------===*/

/* Each stack has an inaccessible guard page below it, so an overflowing
 * lane faults instead of overwriting its neighbour. Pages are committed as
 * they are touched. Stacks lie below 4 GiB, so a 32-bit private address
 * (PTX's .local, AMDGPU's scratch offsets) converts back to the pointer. */
static bool mapStacks(WaveSim *S, unsigned Count, char *Error,
                      size_t ErrorSize) {
  for (unsigned I = 0; I < Count; ++I) {
    if (S->Stacks[I])
      continue;
    void *P = mmap(NULL, GuardBytes + LaneStackBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK |
                       MAP_32BIT,
                   -1, 0);
    if (P == MAP_FAILED) {
      formatError(Error, ErrorSize, "cannot map a lane stack");
      return false;
    }
    mprotect(P, GuardBytes, PROT_NONE);
    S->Stacks[I] = P;
    atomic_fetch_add(&LiveStacks, 1);
  }
  return true;
}

static void unmapStacks(WaveSim *S) {
  for (unsigned I = 0; I < MaxBlockThreads; ++I) {
    if (!S->Stacks[I])
      continue;
    munmap(S->Stacks[I], GuardBytes + LaneStackBytes);
    S->Stacks[I] = NULL;
    atomic_fetch_sub(&LiveStacks, 1);
  }
}

unsigned wavesimLiveStacks(void) { return atomic_load(&LiveStacks); }

/*===-- Host models of the amdgcn intrinsics ------------------------------===*/

static uint32_t lanesBelow(unsigned Lane, unsigned FirstLane) {
  if (Lane <= FirstLane)
    return 0;
  unsigned Count = Lane - FirstLane;
  return Count >= 32 ? ~0u : (1u << Count) - 1;
}

static uint32_t hostMbcntLo(uint32_t Mask, uint32_t Accumulator) {
  return Accumulator + (uint32_t)__builtin_popcount(
                           Mask & lanesBelow(Active->Current->HwLane, 0));
}

static uint32_t hostMbcntHi(uint32_t Mask, uint32_t Accumulator) {
  return Accumulator + (uint32_t)__builtin_popcount(
                           Mask & lanesBelow(Active->Current->HwLane, 32));
}

/* llvm.amdgcn.s.getreg: the hardware registers read (the unit id of
 * %smid) are 0: one emulated compute unit. */
static uint32_t hostGetReg(uint32_t Field) {
  (void)Field;
  return 0;
}

/* llvm.readsteadycounter: AMD's 100 MHz real-time counter, from the
 * host's monotonic clock. */
static uint64_t hostSteadyCounter(void) {
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return (uint64_t)Now.tv_sec * 100000000u + (uint64_t)Now.tv_nsec / 10;
}

/* llvm.trap (what a failed device assert becomes): the lane stops for good
 * and the launch fails once the block's other lanes have run as far as
 * they can. */
static void hostTrap(void) {
  Runner *R = Active;
  Lane *L = R->Current;
  L->State = LaneTrapped;
  --R->NumLive;
  if (!R->Trapped)
    R->Trapped = L;
  suspendLane(R, L);
  abort(); /* a trapped lane is never resumed */
}

static uint32_t hostWorkItemIdX(void) { return Active->Current->WorkItem[0]; }
static uint32_t hostWorkItemIdY(void) { return Active->Current->WorkItem[1]; }
static uint32_t hostWorkItemIdZ(void) { return Active->Current->WorkItem[2]; }
static uint32_t hostWorkGroupIdX(void) { return Active->BlockId[0]; }
static uint32_t hostWorkGroupIdY(void) { return Active->BlockId[1]; }
static uint32_t hostWorkGroupIdZ(void) { return Active->BlockId[2]; }
static void *hostDispatchPtr(void) { return Active->Packet; }

/* llvm.amdgcn.groupstaticsize: the kernel's shared memory that is not
 * dynamic. */
static uint32_t hostGroupStaticSize(void) {
  return (uint32_t)Active->K->StaticShared;
}

/* Parks the current lane at a cross-lane call site until its group runs. */
static uint64_t waitWithOperands(uint32_t Site, uint64_t Op0, uint64_t Op1,
                                 uint64_t Op2, uint64_t Op3) {
  Runner *R = Active;
  Lane *L = R->Current;
  L->Site = Site;
  L->Operands[0] = Op0;
  L->Operands[1] = Op1;
  L->Operands[2] = Op2;
  L->Operands[3] = Op3;
  L->State = LaneAtSite;
  suspendLane(R, L);
  return L->Result;
}

static uint64_t waitAtCrossLaneSite(uint32_t Site, uint64_t Op0, uint64_t Op1) {
  return waitWithOperands(Site, Op0, Op1, 0, 0);
}

static uint32_t hostDsBPermute(uint32_t Site, uint32_t Address, uint32_t Data) {
  return (uint32_t)waitAtCrossLaneSite(Site, Address, Data);
}

static void hostBarrier(uint32_t Site) {
  Runner *R = Active;
  Lane *L = R->Current;
  L->Site = Site;
  L->State = LaneAtSite;
  ++R->NumAtBarrier;
  suspendLane(R, L);
}

static uint32_t hostReadLaneI32(uint32_t Site, uint32_t Value, uint32_t Lane) {
  return (uint32_t)waitAtCrossLaneSite(Site, Value, Lane);
}

static uint64_t hostReadLaneI64(uint32_t Site, uint64_t Value, uint32_t Lane) {
  return waitAtCrossLaneSite(Site, Value, Lane);
}

static float hostReadLaneF32(uint32_t Site, float Value, uint32_t Lane) {
  uint32_t Bits;
  memcpy(&Bits, &Value, 4);
  Bits = (uint32_t)waitAtCrossLaneSite(Site, Bits, Lane);
  memcpy(&Value, &Bits, 4);
  return Value;
}

static double hostReadLaneF64(uint32_t Site, double Value, uint32_t Lane) {
  uint64_t Bits;
  memcpy(&Bits, &Value, 8);
  Bits = waitAtCrossLaneSite(Site, Bits, Lane);
  memcpy(&Value, &Bits, 8);
  return Value;
}

/* llvm.amdgcn.ballot's argument is an i1; the host ABI leaves the bits
 * above bit 0 of its register undefined. */
static uint64_t hostBallotI64(uint32_t Site, uint32_t Predicate) {
  return waitAtCrossLaneSite(Site, Predicate & 1, 0);
}

static uint32_t hostBallotI32(uint32_t Site, uint32_t Predicate) {
  return (uint32_t)waitAtCrossLaneSite(Site, Predicate & 1, 0);
}

static uint32_t hostReadFirstLaneI32(uint32_t Site, uint32_t Value) {
  return (uint32_t)waitAtCrossLaneSite(Site, Value, 0);
}

static uint64_t hostReadFirstLaneI64(uint32_t Site, uint64_t Value) {
  return waitAtCrossLaneSite(Site, Value, 0);
}

static float hostReadFirstLaneF32(uint32_t Site, float Value) {
  return hostReadLaneF32(Site, Value, 0);
}

static double hostReadFirstLaneF64(uint32_t Site, double Value) {
  return hostReadLaneF64(Site, Value, 0);
}

static uint32_t hostWaveReduceI32(uint32_t Site, uint32_t Value,
                                  uint32_t Strategy) {
  return (uint32_t)waitAtCrossLaneSite(Site, Value, Strategy);
}

static uint64_t hostWaveReduceI64(uint32_t Site, uint64_t Value,
                                  uint32_t Strategy) {
  return waitAtCrossLaneSite(Site, Value, Strategy);
}

/* A wave runs in lockstep: every lane of the group is here together, so
 * what one lane stored before the call is there for the others after it. */
/* s_sleep is a hint on an AMD GPU. Here the lane stops until nothing else
 * of its block can go on (and in a cooperative launch until its block is
 * next scheduled), so that a lane polling what another lane or block
 * writes (a spinning barrier) lets that lane run. */
static void hostSleep(uint32_t Clocks) {
  (void)Clocks;
  Runner *R = Active;
  Lane *L = R->Current;
  L->State = LaneSleeping;
  ++R->NumSleeping;
  suspendLane(R, L);
}

static void hostWaveBarrier(uint32_t Site) {
  (void)waitAtCrossLaneSite(Site, 0, 0);
}

/* The controls of update.dpp and the permlanes, packed into one operand;
 * i1 arguments have undefined bits above bit 0 in the host ABI. */
enum { DppRowMaskShift = 16, DppBankMaskShift = 20, DppBoundCtrlShift = 24 };

static uint32_t hostUpdateDpp(uint32_t Site, uint32_t Old, uint32_t Src,
                              uint32_t Ctrl, uint32_t RowMask,
                              uint32_t BankMask, uint32_t BoundCtrl) {
  uint64_t Controls = (Ctrl & 0x1ff) | (RowMask & 15) << DppRowMaskShift |
                      (BankMask & 15) << DppBankMaskShift |
                      (uint64_t)(BoundCtrl & 1) << DppBoundCtrlShift;
  return (uint32_t)waitWithOperands(Site, Old, Src, Controls, 0);
}

static uint32_t hostDsSwizzle(uint32_t Site, uint32_t Src, uint32_t Offset) {
  return (uint32_t)waitAtCrossLaneSite(Site, Src, Offset);
}

static uint32_t hostPermlane(uint32_t Site, uint32_t Old, uint32_t Src,
                             uint32_t SelLo, uint32_t SelHi,
                             uint32_t FetchInactive, uint32_t BoundCtrl) {
  return (uint32_t)waitWithOperands(Site, Old, Src,
                                    (uint64_t)SelHi << 32 | SelLo,
                                    (FetchInactive & 1) | (BoundCtrl & 1) << 1);
}

static LaneOpsWave laneOpsWave(const Runner *R, uint64_t Exec) {
  LaneOpsWave W = {R->S->WaveSize, Exec, R->S->LaneOpsBugs};
  return W;
}

/* Operand Index of every lane of Exec, as 32 bits. */
static void gatherOperand(const Lane *WaveLanes, uint64_t Exec, unsigned Index,
                          uint32_t *Values) {
  for (unsigned I = 0; I < MaxWave; ++I)
    Values[I] = Exec >> I & 1 ? (uint32_t)WaveLanes[I].Operands[Index] : 0;
}

static void scatterResults(Lane *WaveLanes, uint64_t Exec,
                           const uint32_t *Values) {
  for (unsigned I = 0; I < MaxWave; ++I)
    if (Exec >> I & 1)
      WaveLanes[I].Result = Values[I];
}

/* Operand Index of the group's first lane: the immediate operands, and the
 * scalar ones the hardware reads once for the wave. */
static uint64_t uniformOperand(const Lane *WaveLanes, uint64_t Exec,
                               unsigned Index) {
  return WaveLanes[__builtin_ctzll(Exec)].Operands[Index];
}

static void combineBPermute(const Runner *R, const SiteIntrinsic *Op,
                            Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint32_t Address[MaxWave], Data[MaxWave], Out[MaxWave];
  gatherOperand(WaveLanes, Exec, 0, Address);
  gatherOperand(WaveLanes, Exec, 1, Data);
  laneOpsBPermute(&W, Address, Data, Out);
  scatterResults(WaveLanes, Exec, Out);
}

/* The lane operand is meant to be uniform; each lane's own is used. */
static void combineReadLane(const Runner *R, const SiteIntrinsic *Op,
                            Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint64_t Values[MaxWave];
  for (unsigned I = 0; I < MaxWave; ++I)
    Values[I] = Exec >> I & 1 ? WaveLanes[I].Operands[0] : 0;
  for (unsigned I = 0; I < R->S->WaveSize; ++I)
    if (Exec >> I & 1)
      WaveLanes[I].Result =
          laneOpsReadLane(&W, Values, (unsigned)WaveLanes[I].Operands[1], I);
}

static void combineUpdateDpp(const Runner *R, const SiteIntrinsic *Op,
                             Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint32_t Old[MaxWave], Src[MaxWave], Out[MaxWave];
  gatherOperand(WaveLanes, Exec, 0, Old);
  gatherOperand(WaveLanes, Exec, 1, Src);
  uint64_t Controls = uniformOperand(WaveLanes, Exec, 2);
  laneOpsUpdateDpp(&W, Old, Src, Controls & 0x1ff,
                   Controls >> DppRowMaskShift & 15,
                   Controls >> DppBankMaskShift & 15,
                   Controls >> DppBoundCtrlShift & 1, Out);
  scatterResults(WaveLanes, Exec, Out);
}

static void combineDsSwizzle(const Runner *R, const SiteIntrinsic *Op,
                             Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint32_t Src[MaxWave], Out[MaxWave];
  gatherOperand(WaveLanes, Exec, 0, Src);
  laneOpsDsSwizzle(&W, Src, (unsigned)uniformOperand(WaveLanes, Exec, 1), Out);
  scatterResults(WaveLanes, Exec, Out);
}

static void combinePermlane(const Runner *R, const SiteIntrinsic *Op,
                            Lane *WaveLanes, uint64_t Exec, bool Cross) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint32_t Old[MaxWave], Src[MaxWave], Out[MaxWave];
  gatherOperand(WaveLanes, Exec, 0, Old);
  gatherOperand(WaveLanes, Exec, 1, Src);
  uint64_t Select = uniformOperand(WaveLanes, Exec, 2);
  uint64_t Flags = uniformOperand(WaveLanes, Exec, 3);
  laneOpsPermlane16(&W, Cross, Old, Src, (uint32_t)Select,
                    (uint32_t)(Select >> 32), Flags & 1, Flags >> 1 & 1, Out);
  scatterResults(WaveLanes, Exec, Out);
}

static void combinePermlane16(const Runner *R, const SiteIntrinsic *Op,
                              Lane *WaveLanes, uint64_t Exec) {
  combinePermlane(R, Op, WaveLanes, Exec, false);
}

static void combinePermlaneX16(const Runner *R, const SiteIntrinsic *Op,
                               Lane *WaveLanes, uint64_t Exec) {
  combinePermlane(R, Op, WaveLanes, Exec, true);
}

static void giveEveryLane(Lane *WaveLanes, uint64_t Exec, uint64_t Value) {
  for (unsigned I = 0; I < MaxWave; ++I)
    if (Exec >> I & 1)
      WaveLanes[I].Result = Value;
}

static uint64_t waveLanesMask(unsigned WaveSize) {
  return WaveSize == 64 ? ~0ull : (1ull << WaveSize) - 1;
}

/* Bit i is lane i's predicate for each lane i of the group, else 0. */
static void combineBallot(const Runner *R, const SiteIntrinsic *Op,
                          Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  uint64_t Ballot = 0;
  for (unsigned I = 0; I < R->S->WaveSize; ++I)
    if (Exec >> I & 1 && WaveLanes[I].Operands[0])
      Ballot |= 1ull << I;
  if (R->S->BugBallotIgnoresExec)
    Ballot |= waveLanesMask(R->S->WaveSize) & ~Exec;
  giveEveryLane(WaveLanes, Exec, Ballot);
}

/* Every lane gets the value of the lowest-numbered lane of the group. */
static void combineReadFirstLane(const Runner *R, const SiteIntrinsic *Op,
                                 Lane *WaveLanes, uint64_t Exec) {
  (void)R;
  (void)Op;
  unsigned First = (unsigned)__builtin_ctzll(Exec);
  giveEveryLane(WaveLanes, Exec, WaveLanes[First].Operands[0]);
}

static uint64_t truncateTo(uint64_t Value, unsigned Bits) {
  return Bits == 64 ? Value : Value & ((1ull << Bits) - 1);
}

static int64_t signedValue(uint64_t Value, unsigned Bits) {
  return Bits == 64 ? (int64_t)Value : (int64_t)(int32_t)(uint32_t)Value;
}

/* The operation's identity: the result over a group of lanes starts there,
 * so wave.reduce.sub gives 0 - (sum of the lanes). */
static uint64_t reduceIdentity(ReduceKind Kind, unsigned Bits) {
  uint64_t SignBit = 1ull << (Bits - 1);
  switch (Kind) {
  case ReduceUMin:
  case ReduceAnd:
    return truncateTo(~0ull, Bits);
  case ReduceMin:
    return SignBit - 1;
  case ReduceMax:
    return SignBit;
  default:
    return 0;
  }
}

static uint64_t reduceStep(ReduceKind Kind, unsigned Bits, uint64_t Acc,
                           uint64_t X) {
  switch (Kind) {
  case ReduceUMin:
    return X < Acc ? X : Acc;
  case ReduceMin:
    return signedValue(X, Bits) < signedValue(Acc, Bits) ? X : Acc;
  case ReduceUMax:
    return X > Acc ? X : Acc;
  case ReduceMax:
    return signedValue(X, Bits) > signedValue(Acc, Bits) ? X : Acc;
  case ReduceAdd:
    return truncateTo(Acc + X, Bits);
  case ReduceSub:
    return truncateTo(Acc - X, Bits);
  case ReduceAnd:
    return Acc & X;
  case ReduceOr:
    return Acc | X;
  case ReduceXor:
    return Acc ^ X;
  case ReduceNone:
    break;
  }
  abort();
}

/* Every lane of the group gets the reduction over the group's lanes. */
static void combineWaveReduce(const Runner *R, const SiteIntrinsic *Op,
                              Lane *WaveLanes, uint64_t Exec) {
  uint64_t Acc = reduceIdentity(Op->Reduce, Op->Bits);
  for (unsigned I = 0; I < R->S->WaveSize; ++I)
    if (Exec >> I & 1)
      Acc = reduceStep(Op->Reduce, Op->Bits, Acc,
                       truncateTo(WaveLanes[I].Operands[0], Op->Bits));
  giveEveryLane(WaveLanes, Exec, Acc);
}

/* Releasing the group is all a wave barrier does. */
static void combineWaveBarrier(const Runner *R, const SiteIntrinsic *Op,
                               Lane *WaveLanes, uint64_t Exec) {
  (void)R;
  (void)Op;
  (void)WaveLanes;
  (void)Exec;
}

#define SITE(NAME, HOST, ADDRESS, COMBINE)                                     \
  {NAME, HOST, (void *)ADDRESS, COMBINE, ReduceNone, 0}
#define WAVE_REDUCE(OP, KIND, BITS)                                            \
  {"llvm.amdgcn.wave.reduce." #OP ".i" #BITS,                                  \
   "__wavesim_wave_reduce_" #OP "_i" #BITS,                                    \
   (void *)hostWaveReduceI##BITS,                                              \
   combineWaveReduce,                                                          \
   KIND,                                                                       \
   BITS}

static const SiteIntrinsic SiteIntrinsics[] = {
    SITE("llvm.amdgcn.ds.bpermute", "__wavesim_ds_bpermute", hostDsBPermute,
         combineBPermute),
    SITE("llvm.amdgcn.readlane.i32", "__wavesim_readlane_i32", hostReadLaneI32,
         combineReadLane),
    SITE("llvm.amdgcn.readlane.i64", "__wavesim_readlane_i64", hostReadLaneI64,
         combineReadLane),
    SITE("llvm.amdgcn.readlane.f32", "__wavesim_readlane_f32", hostReadLaneF32,
         combineReadLane),
    SITE("llvm.amdgcn.readlane.f64", "__wavesim_readlane_f64", hostReadLaneF64,
         combineReadLane),
    SITE("llvm.amdgcn.readfirstlane.i32", "__wavesim_readfirstlane_i32",
         hostReadFirstLaneI32, combineReadFirstLane),
    SITE("llvm.amdgcn.readfirstlane.i64", "__wavesim_readfirstlane_i64",
         hostReadFirstLaneI64, combineReadFirstLane),
    SITE("llvm.amdgcn.readfirstlane.f32", "__wavesim_readfirstlane_f32",
         hostReadFirstLaneF32, combineReadFirstLane),
    SITE("llvm.amdgcn.readfirstlane.f64", "__wavesim_readfirstlane_f64",
         hostReadFirstLaneF64, combineReadFirstLane),
    SITE("llvm.amdgcn.ballot.i32", "__wavesim_ballot_i32", hostBallotI32,
         combineBallot),
    SITE("llvm.amdgcn.ballot.i64", "__wavesim_ballot_i64", hostBallotI64,
         combineBallot),
    WAVE_REDUCE(umin, ReduceUMin, 32),
    WAVE_REDUCE(umin, ReduceUMin, 64),
    WAVE_REDUCE(min, ReduceMin, 32),
    WAVE_REDUCE(min, ReduceMin, 64),
    WAVE_REDUCE(umax, ReduceUMax, 32),
    WAVE_REDUCE(umax, ReduceUMax, 64),
    WAVE_REDUCE(max, ReduceMax, 32),
    WAVE_REDUCE(max, ReduceMax, 64),
    WAVE_REDUCE(add, ReduceAdd, 32),
    WAVE_REDUCE(add, ReduceAdd, 64),
    WAVE_REDUCE(sub, ReduceSub, 32),
    WAVE_REDUCE(sub, ReduceSub, 64),
    WAVE_REDUCE(and, ReduceAnd, 32),
    WAVE_REDUCE(and, ReduceAnd, 64),
    WAVE_REDUCE(or, ReduceOr, 32),
    WAVE_REDUCE(or, ReduceOr, 64),
    WAVE_REDUCE(xor, ReduceXor, 32),
    WAVE_REDUCE(xor, ReduceXor, 64),
    SITE("llvm.amdgcn.wave.barrier", "__wavesim_wave_barrier", hostWaveBarrier,
         combineWaveBarrier),
    SITE("llvm.amdgcn.update.dpp.i32", "__wavesim_update_dpp_i32",
         hostUpdateDpp, combineUpdateDpp),
    SITE("llvm.amdgcn.ds.swizzle", "__wavesim_ds_swizzle", hostDsSwizzle,
         combineDsSwizzle),
    SITE("llvm.amdgcn.permlane16.i32", "__wavesim_permlane16_i32", hostPermlane,
         combinePermlane16),
    SITE("llvm.amdgcn.permlanex16.i32", "__wavesim_permlanex16_i32",
         hostPermlane, combinePermlaneX16),
    SITE("llvm.amdgcn.s.barrier", "__wavesim_s_barrier", hostBarrier, NULL),
};
#undef WAVE_REDUCE
#undef SITE
enum { NumSiteIntrinsics = sizeof(SiteIntrinsics) / sizeof(SiteIntrinsics[0]) };

/* Intrinsics whose value depends only on the lane: renamed, not suspended. */
static const struct {
  const char *Intrinsic;
  const char *HostName;
  void *Address;
} LaneIntrinsics[] = {
    {"llvm.amdgcn.workitem.id.x", "__wavesim_workitem_id_x",
     (void *)hostWorkItemIdX},
    {"llvm.amdgcn.workitem.id.y", "__wavesim_workitem_id_y",
     (void *)hostWorkItemIdY},
    {"llvm.amdgcn.workitem.id.z", "__wavesim_workitem_id_z",
     (void *)hostWorkItemIdZ},
    {"llvm.amdgcn.workgroup.id.x", "__wavesim_workgroup_id_x",
     (void *)hostWorkGroupIdX},
    {"llvm.amdgcn.workgroup.id.y", "__wavesim_workgroup_id_y",
     (void *)hostWorkGroupIdY},
    {"llvm.amdgcn.workgroup.id.z", "__wavesim_workgroup_id_z",
     (void *)hostWorkGroupIdZ},
    {"llvm.amdgcn.dispatch.ptr", "__wavesim_dispatch_ptr",
     (void *)hostDispatchPtr},
    {"llvm.amdgcn.mbcnt.lo", "__wavesim_mbcnt_lo", (void *)hostMbcntLo},
    {"llvm.amdgcn.mbcnt.hi", "__wavesim_mbcnt_hi", (void *)hostMbcntHi},
    {"llvm.trap", "__wavesim_trap", (void *)hostTrap},
    {"llvm.readsteadycounter", "__wavesim_steady_counter",
     (void *)hostSteadyCounter},
    {"llvm.amdgcn.s.getreg", "__wavesim_getreg", (void *)hostGetReg},
    {"llvm.amdgcn.groupstaticsize", "__wavesim_groupstaticsize",
     (void *)hostGroupStaticSize},
    {"llvm.amdgcn.s.sleep", "__wavesim_sleep", (void *)hostSleep},
};
enum { NumLaneIntrinsics = sizeof(LaneIntrinsics) / sizeof(LaneIntrinsics[0]) };

static const SiteIntrinsic *findSiteIntrinsic(const char *Name) {
  for (unsigned I = 0; I < NumSiteIntrinsics; ++I)
    if (!strcmp(Name, SiteIntrinsics[I].Intrinsic))
      return &SiteIntrinsics[I];
  return NULL;
}

static int findLaneIntrinsic(const char *Name) {
  for (unsigned I = 0; I < NumLaneIntrinsics; ++I)
    if (!strcmp(Name, LaneIntrinsics[I].Intrinsic))
      return (int)I;
  return -1;
}

/*===-- Reading and checking the module -----------------------------------===*/

static const char *nameOf(LLVMValueRef V) {
  size_t Length;
  return LLVMGetValueName2(V, &Length);
}

static bool startsWith(const char *S, const char *Prefix) {
  return !strncmp(S, Prefix, strlen(Prefix));
}

static bool isKernel(LLVMValueRef F) {
  return LLVMGetFunctionCallConv(F) == LLVMAMDGPUKERNELCallConv;
}

static LLVMValueRef calleeOf(LLVMValueRef I) {
  if (!LLVMIsACallInst(I) && !LLVMIsAInvokeInst(I))
    return NULL;
  LLVMValueRef Callee = LLVMGetCalledValue(I);
  return LLVMIsAFunction(Callee) ? Callee : NULL;
}

/* The IR in a file ("-": standard input), or NULL with a message. */
static LLVMMemoryBufferRef readFile(const char *Path, char *Error,
                                    size_t ErrorSize) {
  LLVMMemoryBufferRef Buffer;
  char *Message = NULL;
  LLVMBool Failed =
      strcmp(Path, "-") == 0
          ? LLVMCreateMemoryBufferWithSTDIN(&Buffer, &Message)
          : LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buffer, &Message);
  if (!Failed)
    return Buffer;
  formatError(Error, ErrorSize, "cannot read '%s': %s", Path, Message);
  LLVMDisposeMessage(Message);
  return NULL;
}

/* Parses Buffer (textual IR or bitcode) and disposes of it. */
static LLVMModuleRef parseModule(LLVMContextRef Ctx, LLVMMemoryBufferRef Buffer,
                                 const char *Name, char *Error,
                                 size_t ErrorSize) {
  LLVMModuleRef M = NULL;
  char *Message = NULL;
  if (LLVMParseIRInContext2(Ctx, Buffer, &M, &Message)) {
    formatError(Error, ErrorSize, "cannot parse '%s': %s", Name, Message);
    LLVMDisposeMessage(Message);
    M = NULL;
  }
  LLVMDisposeMemoryBuffer(Buffer);
  return M;
}

static bool verify(LLVMModuleRef M, const char *What, char *Error,
                   size_t ErrorSize) {
  char *Message = NULL;
  bool Broken = LLVMVerifyModule(M, LLVMReturnStatusAction, &Message);
  if (Broken)
    formatError(Error, ErrorSize, "%s does not verify: %s", What, Message);
  LLVMDisposeMessage(Message);
  return !Broken;
}

static LaneOpsTarget targetOf(LLVMValueRef F) {
  static const char Kind[] = "target-cpu";
  LLVMAttributeRef Attr = LLVMGetStringAttributeAtIndex(
      F, LLVMAttributeFunctionIndex, Kind, sizeof(Kind) - 1);
  unsigned Length = 0;
  const char *CPU = Attr ? LLVMGetStringAttributeValue(Attr, &Length) : "";
  return laneOpsTargetOf(CPU, Length);
}

static const char *targetCPU(LLVMValueRef F) {
  static const char Kind[] = "target-cpu";
  static _Thread_local char Name[64];
  LLVMAttributeRef Attr = LLVMGetStringAttributeAtIndex(
      F, LLVMAttributeFunctionIndex, Kind, sizeof(Kind) - 1);
  unsigned Length = 0;
  const char *CPU = Attr ? LLVMGetStringAttributeValue(Attr, &Length) : "";
  snprintf(Name, sizeof(Name), "%.*s", (int)Length, CPU);
  return Name;
}

/* Whether F's target-features hold Feature (e.g. "+wavefrontsize32"). */
static bool hasTargetFeature(LLVMValueRef F, const char *Feature) {
  static const char Kind[] = "target-features";
  LLVMAttributeRef Attr = LLVMGetStringAttributeAtIndex(
      F, LLVMAttributeFunctionIndex, Kind, sizeof(Kind) - 1);
  unsigned Length = 0;
  const char *Features = Attr ? LLVMGetStringAttributeValue(Attr, &Length) : "";
  size_t FeatureLength = strlen(Feature);
  for (const char *P = Features; P + FeatureLength <= Features + Length;) {
    const char *Comma = memchr(P, ',', (size_t)(Features + Length - P));
    size_t TokenLength =
        Comma ? (size_t)(Comma - P) : (size_t)(Features + Length - P);
    if (TokenLength == FeatureLength && !memcmp(P, Feature, FeatureLength))
      return true;
    if (!Comma)
      break;
    P = Comma + 1;
  }
  return false;
}

/* The wave size the module's kernels were compiled for: 32 if the first
 * kernel has +wavefrontsize32, else 64 (what gfx9 has, and what
 * nvvm-to-amdgpu writes for wave64 on any processor). */
static unsigned moduleWaveSize(LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (isKernel(F) && !LLVMIsDeclaration(F))
      return hasTargetFeature(F, "+wavefrontsize32") ? 32 : 64;
  return 64;
}

/* The immediate operands of update.dpp and ds.swizzle must be ones the
 * models know, and the caller's target-cpu (if any) must have the control
 * or instruction, as the AMDGPU backend would require. */
static bool checkImmediates(LLVMValueRef Call, LLVMValueRef Caller,
                            const char *Name, char *Error, size_t ErrorSize) {
  LaneOpsTarget Target = targetOf(Caller);
  const char *CallerName = nameOf(Caller);
  if (!strcmp(Name, "llvm.amdgcn.update.dpp.i32")) {
    unsigned Ctrl = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(Call, 2));
    if (laneOpsDppControlValid(Ctrl, Target))
      return true;
    formatError(
        Error, ErrorSize,
        "@%s calls %s with dpp_ctrl 0x%x, which is not a DPP control%s%s",
        CallerName, Name, Ctrl, Target ? " of " : "",
        Target ? targetCPU(Caller) : "");
    return false;
  }
  if (!strcmp(Name, "llvm.amdgcn.ds.swizzle")) {
    unsigned Offset =
        (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(Call, 1));
    if (laneOpsSwizzleOffsetModelled(Offset))
      return true;
    formatError(Error, ErrorSize,
                "@%s calls %s with offset 0x%x: the rotate and FFT modes are "
                "not modelled",
                CallerName, Name, Offset);
    return false;
  }
  if (startsWith(Name, "llvm.amdgcn.permlane") &&
      !laneOpsHasPermlane16(Target)) {
    formatError(Error, ErrorSize, "@%s calls %s, which %s does not have",
                CallerName, Name, targetCPU(Caller));
    return false;
  }
  return true;
}

/* Every function the kernels call must be defined, a target-independent
 * intrinsic, or an amdgcn intrinsic wavesim models; modeled amdgcn
 * intrinsics may only be called directly. A wave64 ballot needs 64 bits. */
static bool checkCallees(LLVMModuleRef M, unsigned WaveSize, char *Error,
                         size_t ErrorSize) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!LLVMIsDeclaration(F) || !LLVMGetFirstUse(F))
      continue;
    const char *Name = nameOf(F);
    bool Modeled = findSiteIntrinsic(Name) || findLaneIntrinsic(Name) >= 0 ||
                   wavesimFindMathIntrinsic(Name) ||
                   wavesimIsPrintfFunction(Name);
    for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
      LLVMValueRef User = LLVMGetUser(U);
      LLVMValueRef Caller =
          LLVMIsAInstruction(User)
              ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(User))
              : NULL;
      const char *CallerName = Caller ? nameOf(Caller) : "a global";
      if (startsWith(Name, "llvm.amdgcn.") && !Modeled) {
        formatError(Error, ErrorSize,
                    "@%s calls %s, which wavesim does not model (it models "
                    "workitem.id, workgroup.id, dispatch.ptr, mbcnt.lo/hi, "
                    "ds.bpermute, readlane and readfirstlane (i32, i64, f32, "
                    "f64), ballot, wave.reduce (integer, i32 and i64), "
                    "wave.barrier, s.barrier, update.dpp.i32, ds.swizzle, "
                    "permlane16.i32 and permlanex16.i32, and OCML's rcp, "
                    "rsq, fract, frexp, class, fmed3 and trig.preop)",
                    CallerName, Name);
        return false;
      }
      if (WaveSize == 64 && !strcmp(Name, "llvm.amdgcn.ballot.i32")) {
        formatError(Error, ErrorSize,
                    "@%s calls llvm.amdgcn.ballot.i32, which is invalid on "
                    "wave64 (a ballot has a bit per lane: use "
                    "llvm.amdgcn.ballot.i64)",
                    CallerName);
        return false;
      }
      if (startsWith(Name, "llvm.nvvm.") || startsWith(Name, "llvm.r600.")) {
        formatError(Error, ErrorSize,
                    "@%s calls %s, which is not an AMDGPU intrinsic",
                    CallerName, Name);
        return false;
      }
      if (!startsWith(Name, "llvm.") && !Modeled) {
        formatError(Error, ErrorSize,
                    "@%s calls the external function @%s; wavesim links no "
                    "device library",
                    CallerName, Name);
        return false;
      }
      if (Modeled && (!LLVMIsACallInst(User) || calleeOf(User) != F)) {
        formatError(Error, ErrorSize,
                    "@%s uses %s other than by calling it directly", CallerName,
                    Name);
        return false;
      }
      if (Modeled && !checkImmediates(User, Caller, Name, Error, ErrorSize))
        return false;
    }
  }
  return true;
}

/*===-- Call sites and their reachability ---------------------------------===*/

typedef struct {
  LLVMValueRef *Items;
  unsigned Count, Capacity;
} ValueList;

static void appendValue(ValueList *List, LLVMValueRef V) {
  if (List->Count == List->Capacity) {
    List->Capacity = List->Capacity ? 2 * List->Capacity : 16;
    List->Items = realloc(List->Items, List->Capacity * sizeof(LLVMValueRef));
  }
  List->Items[List->Count++] = V;
}

static void describeSite(Site *Out, LLVMValueRef F, LLVMBasicBlockRef BB,
                         unsigned BlockIndex) {
  const char *BlockName = LLVMGetBasicBlockName(BB);
  if (BlockName && *BlockName)
    snprintf(Out->Where, sizeof(Out->Where), "%s in @%s, block %%%s",
             Out->Op->Intrinsic, nameOf(F), BlockName);
  else
    snprintf(Out->Where, sizeof(Out->Where), "%s in @%s, block #%u",
             Out->Op->Intrinsic, nameOf(F), BlockIndex);
}

/* Numbers the cross-lane and barrier calls in program order (functions,
 * then blocks in layout order, then instructions). */
static void collectSites(WaveSim *S, LLVMModuleRef M, ValueList *Calls) {
  unsigned FunctionIndex = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F), ++FunctionIndex) {
    unsigned BlockIndex = 0;
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB), ++BlockIndex)
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        LLVMValueRef Callee = calleeOf(I);
        const SiteIntrinsic *Op =
            Callee ? findSiteIntrinsic(nameOf(Callee)) : NULL;
        if (!Op)
          continue;
        appendValue(Calls, I);
        S->Sites = realloc(S->Sites, Calls->Count * sizeof(Site));
        Site *New = &S->Sites[Calls->Count - 1];
        New->Op = Op;
        New->Function = FunctionIndex;
        New->InKernel = isKernel(F);
        describeSite(New, F, BB, BlockIndex);
      }
  }
  S->NumSites = Calls->Count;
}

static void setReach(WaveSim *S, unsigned From, unsigned To) {
  size_t Bit = (size_t)From * S->NumSites + To;
  S->Reach[Bit / 8] |= (uint8_t)(1u << (Bit % 8));
}

static bool reaches(const WaveSim *S, unsigned From, unsigned To) {
  size_t Bit = (size_t)From * S->NumSites + To;
  return S->Reach[Bit / 8] >> (Bit % 8) & 1;
}

typedef struct {
  LLVMBasicBlockRef Block;
  unsigned Index;
} BlockEntry;

static int compareBlockEntries(const void *A, const void *B) {
  uintptr_t X = (uintptr_t)((const BlockEntry *)A)->Block;
  uintptr_t Y = (uintptr_t)((const BlockEntry *)B)->Block;
  return X < Y ? -1 : X > Y;
}

static unsigned blockIndex(const BlockEntry *Sorted, unsigned N,
                           LLVMBasicBlockRef BB) {
  BlockEntry Key = {BB, 0};
  const BlockEntry *Found =
      bsearch(&Key, Sorted, N, sizeof(BlockEntry), compareBlockEntries);
  return Found ? Found->Index : 0;
}

/* Marks in Reached every block reachable from Start by at least one edge. */
static void markReachable(LLVMBasicBlockRef *Blocks, const BlockEntry *Sorted,
                          unsigned N, unsigned Start, bool *Reached,
                          unsigned *Worklist) {
  unsigned Size = 0;
  memset(Reached, 0, N * sizeof(bool));
  Worklist[Size++] = Start;
  bool First = true;
  while (Size) {
    unsigned B = Worklist[--Size];
    if (!First && Reached[B])
      continue;
    if (!First)
      Reached[B] = true;
    First = false;
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(Blocks[B]);
    unsigned NumSucc = Term ? LLVMGetNumSuccessors(Term) : 0;
    for (unsigned I = 0; I < NumSucc; ++I) {
      unsigned Succ = blockIndex(Sorted, N, LLVMGetSuccessor(Term, I));
      if (!Reached[Succ])
        Worklist[Size++] = Succ;
    }
  }
}

/* Within a kernel, the CFG decides: a later call in the same block, or a
 * call in a block reachable by at least one edge. Across functions, or in a
 * function that is not a kernel (it may be called in a loop), every site is
 * assumed to reach every other. */
static void computeReach(WaveSim *S, LLVMModuleRef M, const ValueList *Calls) {
  size_t Bytes = ((size_t)S->NumSites * S->NumSites + 7) / 8;
  S->Reach = calloc(Bytes ? Bytes : 1, 1);
  for (unsigned I = 0; I < S->NumSites; ++I)
    for (unsigned J = 0; J < S->NumSites; ++J)
      if (I != J && (S->Sites[I].Function != S->Sites[J].Function ||
                     !S->Sites[I].InKernel))
        setReach(S, I, J);

  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!isKernel(F) || LLVMIsDeclaration(F))
      continue;
    unsigned N = LLVMCountBasicBlocks(F);
    LLVMBasicBlockRef *Blocks = malloc(N * sizeof(LLVMBasicBlockRef));
    BlockEntry *Sorted = malloc(N * sizeof(BlockEntry));
    bool *Reached = malloc(N * sizeof(bool));
    /* Each block enters the worklist at most once per predecessor edge. */
    unsigned NumEdges = 0;
    LLVMGetBasicBlocks(F, Blocks);
    for (unsigned B = 0; B < N; ++B) {
      Sorted[B] = (BlockEntry){Blocks[B], B};
      LLVMValueRef Term = LLVMGetBasicBlockTerminator(Blocks[B]);
      NumEdges += Term ? LLVMGetNumSuccessors(Term) : 0;
    }
    unsigned *Worklist = malloc((NumEdges + 1) * sizeof(unsigned));
    qsort(Sorted, N, sizeof(BlockEntry), compareBlockEntries);

    for (unsigned I = 0; I < S->NumSites; ++I) {
      LLVMBasicBlockRef From = LLVMGetInstructionParent(Calls->Items[I]);
      if (LLVMGetBasicBlockParent(From) != F)
        continue;
      markReachable(Blocks, Sorted, N, blockIndex(Sorted, N, From), Reached,
                    Worklist);
      for (unsigned J = 0; J < S->NumSites; ++J) {
        LLVMBasicBlockRef To = LLVMGetInstructionParent(Calls->Items[J]);
        if (J == I || LLVMGetBasicBlockParent(To) != F)
          continue;
        if ((To == From && J > I) || Reached[blockIndex(Sorted, N, To)])
          setReach(S, I, J);
      }
    }
    free(Worklist);
    free(Reached);
    free(Sorted);
    free(Blocks);
  }
}

/*===-- Each kernel's static shared memory --------------------------------===*/

static bool containsValue(const ValueList *List, LLVMValueRef V) {
  for (unsigned I = 0; I < List->Count; ++I)
    if (List->Items[I] == V)
      return true;
  return false;
}

static void appendUnique(ValueList *List, LLVMValueRef V) {
  if (!containsValue(List, V))
    appendValue(List, V);
}

/* The functions whose instructions use V, directly or through constant
 * expressions. */
static void addUsingFunctions(LLVMValueRef V, ValueList *Functions) {
  for (LLVMUseRef U = LLVMGetFirstUse(V); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (LLVMIsAInstruction(User))
      appendUnique(Functions,
                   LLVMGetBasicBlockParent(LLVMGetInstructionParent(User)));
    else if (LLVMIsAConstant(User) && !LLVMIsAGlobalValue(User))
      addUsingFunctions(User, Functions);
  }
}

/* K and the defined functions it calls, directly or through others; an
 * indirect call may reach any function. */
static void collectReachedFunctions(LLVMModuleRef M, LLVMValueRef K,
                                    ValueList *Reached) {
  appendValue(Reached, K);
  for (unsigned I = 0; I < Reached->Count; ++I)
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(Reached->Items[I]); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef Inst = LLVMGetFirstInstruction(BB); Inst;
           Inst = LLVMGetNextInstruction(Inst)) {
        if (!LLVMIsACallInst(Inst) && !LLVMIsAInvokeInst(Inst))
          continue;
        LLVMValueRef Callee = LLVMGetCalledValue(Inst);
        if (LLVMIsAInlineAsm(Callee))
          continue;
        if (LLVMIsAFunction(Callee)) {
          if (!LLVMIsDeclaration(Callee))
            appendUnique(Reached, Callee);
          continue;
        }
        for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
             F = LLVMGetNextFunction(F))
          if (!LLVMIsDeclaration(F))
            appendUnique(Reached, F);
      }
}

/* Whether the Reached functions call only each other and intrinsics that
 * act on one lane alone (no cross-lane site, barrier, s.sleep or trap). */
static bool lanesIndependent(const ValueList *Reached) {
  for (unsigned I = 0; I < Reached->Count; ++I)
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(Reached->Items[I]); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef Inst = LLVMGetFirstInstruction(BB); Inst;
           Inst = LLVMGetNextInstruction(Inst)) {
        if (!LLVMIsACallInst(Inst) && !LLVMIsAInvokeInst(Inst))
          continue;
        LLVMValueRef Callee = LLVMGetCalledValue(Inst);
        if (!LLVMIsAFunction(Callee))
          return false;
        if (!LLVMIsDeclaration(Callee))
          continue;
        const char *Name = nameOf(Callee);
        if (!startsWith(Name, "llvm.") || findSiteIntrinsic(Name) ||
            !strcmp(Name, "llvm.trap") || !strcmp(Name, "llvm.debugtrap") ||
            !strcmp(Name, "llvm.amdgcn.s.sleep"))
          return false;
      }
  return true;
}

/* Each kernel's StaticShared: the bytes of the defined shared globals that
 * a function it reaches uses, as the AMDGPU backend allocates them; and
 * whether its lanes are independent. */
static void measureStaticShared(WaveSim *S, LLVMModuleRef M) {
  LLVMTargetDataRef TD = LLVMGetModuleDataLayout(M);
  for (unsigned K = 0; K < S->NumKernels; ++K) {
    ValueList Reached = {NULL, 0, 0};
    collectReachedFunctions(M, LLVMGetNamedFunction(M, S->Kernels[K].Name),
                            &Reached);
    S->Kernels[K].LanesIndependent = lanesIndependent(&Reached);
    for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G)) {
      if (LLVMGetPointerAddressSpace(LLVMTypeOf(G)) != 3 ||
          LLVMIsDeclaration(G))
        continue;
      ValueList Users = {NULL, 0, 0};
      addUsingFunctions(G, &Users);
      bool Used = false;
      for (unsigned I = 0; I < Users.Count && !Used; ++I)
        Used = containsValue(&Reached, Users.Items[I]);
      if (Used)
        S->Kernels[K].StaticShared +=
            (size_t)LLVMABISizeOfType(TD, LLVMGlobalGetValueType(G));
      free(Users.Items);
    }
    free(Reached.Items);
  }
}

/*===-- Rewriting the module for the host ---------------------------------===*/

/* Lifetime markers must name an alloca directly, which the moved allocas
 * are not; they only enable optimisations, so they go. */
static void eraseLifetimeMarkers(LLVMValueRef Alloca) {
  LLVMUseRef U = LLVMGetFirstUse(Alloca);
  while (U) {
    LLVMValueRef User = LLVMGetUser(U);
    U = LLVMGetNextUse(U);
    LLVMValueRef Callee = calleeOf(User);
    if (Callee && startsWith(nameOf(Callee), "llvm.lifetime."))
      LLVMInstructionEraseFromParent(User);
  }
}

/* alloca ..., addrspace(5) becomes an alloca in address space 0 plus an
 * addrspacecast, so the IR verifies under the host datalayout. */
static void moveAllocasToHostStack(LLVMModuleRef M, LLVMBuilderRef B) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;) {
        LLVMTypeRef Type = LLVMTypeOf(I);
        if (!LLVMIsAAllocaInst(I) || LLVMGetPointerAddressSpace(Type) == 0) {
          I = LLVMGetNextInstruction(I);
          continue;
        }
        eraseLifetimeMarkers(I);
        LLVMPositionBuilderBefore(B, I);
        LLVMValueRef Count = LLVMGetOperand(I, 0);
        LLVMValueRef New =
            LLVMBuildArrayAlloca(B, LLVMGetAllocatedType(I), Count, "");
        LLVMSetAlignment(New, LLVMGetAlignment(I));
        LLVMValueRef Cast = LLVMBuildAddrSpaceCast(B, New, Type, "");
        size_t Length;
        char *Name = strndup(LLVMGetValueName2(I, &Length), Length);
        LLVMReplaceAllUsesWith(I, Cast);
        LLVMInstructionEraseFromParent(I);
        LLVMSetValueName2(New, Name, strlen(Name));
        free(Name);
        I = LLVMGetNextInstruction(Cast);
      }
}

static void dropTargetAttributes(LLVMValueRef F) {
  static const char *const Names[] = {"target-cpu", "target-features",
                                      "tune-cpu"};
  for (unsigned I = 0; I < 3; ++I)
    LLVMRemoveStringAttributeAtIndex(F, LLVMAttributeFunctionIndex, Names[I],
                                     (unsigned)strlen(Names[I]));
}

static bool isAMDGPUComputeCallConv(unsigned CC) {
  return CC == LLVMAMDGPUKERNELCallConv || CC == AMDGPUGfxCallConv;
}

/* Kernels and amdgpu_gfx functions take the C convention on the host. */
static bool convertCallingConventions(LLVMModuleRef M, char *Error,
                                      size_t ErrorSize) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    unsigned CC = LLVMGetFunctionCallConv(F);
    if (CC >= LLVMAMDGPUVSCallConv && CC <= LLVMAMDGPUESCallConv &&
        !isAMDGPUComputeCallConv(CC) && CC != LLVMX86RegCallCallConv &&
        CC != LLVMMSP430BUILTINCallConv) {
      formatError(Error, ErrorSize,
                  "@%s uses a graphics shader calling convention; wavesim "
                  "runs compute kernels",
                  nameOf(F));
      return false;
    }
    if (isAMDGPUComputeCallConv(CC))
      LLVMSetFunctionCallConv(F, LLVMCCallConv);
    dropTargetAttributes(F);
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I))
        if ((LLVMIsACallInst(I) || LLVMIsAInvokeInst(I)) &&
            isAMDGPUComputeCallConv(LLVMGetInstructionCallConv(I)))
          LLVMSetInstructionCallConv(I, LLVMCCallConv);
  }
  return true;
}

/* Shared-memory globals become declarations with known names, defined to
 * host memory below 4 GiB (so that a 32-bit shared address, as PTX and
 * AMDGPU both use, converts back to the pointer) and poisoned before each
 * block; an extern (dynamic) one becomes a DynamicLDSBytes array. */
static void exposeSharedGlobals(WaveSim *S, LLVMModuleRef M) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTargetDataRef TD = LLVMGetModuleDataLayout(M);
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G;) {
    LLVMValueRef Next = LLVMGetNextGlobal(G);
    /* The arrays made for extern ones are appended to the list, and are
     * declarations too: each is seen once more here, already exposed. */
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(G)) != 3 ||
        startsWith(nameOf(G), "__wavesim_lds.")) {
      G = Next;
      continue;
    }
    char Name[48];
    snprintf(Name, sizeof(Name), "__wavesim_lds.%u", S->NumShared);
    bool Dynamic = LLVMIsDeclaration(G);
    if (Dynamic) {
      LLVMTypeRef Bytes =
          LLVMArrayType2(LLVMInt8TypeInContext(Ctx), DynamicLDSBytes);
      LLVMValueRef New = LLVMAddGlobalInAddressSpace(M, Bytes, "", 3);
      LLVMSetAlignment(New, 16);
      LLVMReplaceAllUsesWith(G, New);
      LLVMDeleteGlobal(G);
      G = New;
    }
    LLVMSetValueName2(G, Name, strlen(Name));
    LLVMSetLinkage(G, LLVMExternalLinkage);
    LLVMSetVisibility(G, LLVMDefaultVisibility);
    LLVMSetGlobalConstant(G, 0);
    LLVMSetInitializer(G, NULL);
    LLVMSetComdat(G, NULL);
    S->Shared = realloc(S->Shared, (S->NumShared + 1) * sizeof(SharedGlobal));
    SharedGlobal *Shared = &S->Shared[S->NumShared++];
    Shared->Name = strdup(Name);
    Shared->Bytes = (size_t)LLVMABISizeOfType(TD, LLVMGlobalGetValueType(G));
    Shared->Address =
        mmap(NULL, Shared->Bytes ? Shared->Bytes : 1, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
    G = Next;
  }
}

/* __device__ and __constant__ variables are externally initialized: the
 * host writes them (cudaMemcpyToSymbol), so none may land in read-only
 * host memory. */
static void makeVariablesWritable(LLVMModuleRef M) {
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G))
    if (LLVMIsExternallyInitialized(G))
      LLVMSetGlobalConstant(G, 0);
}

/* Each cross-lane or barrier call becomes a call of its host model with the
 * site number first. */
static void rewriteSiteCalls(WaveSim *S, LLVMModuleRef M, LLVMBuilderRef B,
                             const ValueList *Calls) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef I32 = LLVMInt32TypeInContext(Ctx);
  for (unsigned I = 0; I < Calls->Count; ++I) {
    LLVMValueRef Call = Calls->Items[I];
    LLVMValueRef Intrinsic = calleeOf(Call);
    LLVMTypeRef IntrinsicType = LLVMGlobalGetValueType(Intrinsic);
    unsigned NumParams = LLVMCountParamTypes(IntrinsicType);
    LLVMTypeRef Params[8];
    Params[0] = I32;
    LLVMGetParamTypes(IntrinsicType, Params + 1);
    LLVMTypeRef HostType = LLVMFunctionType(LLVMGetReturnType(IntrinsicType),
                                            Params, NumParams + 1, 0);
    const char *HostName = S->Sites[I].Op->HostName;
    LLVMValueRef Host = LLVMGetNamedFunction(M, HostName);
    if (!Host)
      Host = LLVMAddFunction(M, HostName, HostType);

    LLVMValueRef Args[8];
    Args[0] = LLVMConstInt(I32, I, 0);
    for (unsigned A = 0; A < NumParams; ++A)
      Args[A + 1] = LLVMGetOperand(Call, A);
    LLVMPositionBuilderBefore(B, Call);
    LLVMValueRef New =
        LLVMBuildCall2(B, HostType, Host, Args, NumParams + 1, "");
    LLVMInstructionSetDebugLoc(New, LLVMInstructionGetDebugLoc(Call));
    if (LLVMGetTypeKind(LLVMTypeOf(Call)) != LLVMVoidTypeKind) {
      size_t Length;
      char *Saved = strndup(LLVMGetValueName2(Call, &Length), Length);
      LLVMReplaceAllUsesWith(Call, New);
      LLVMSetValueName2(New, Saved, strlen(Saved));
      free(Saved);
    }
    LLVMInstructionEraseFromParent(Call);
  }
  for (unsigned I = 0; I < NumSiteIntrinsics; ++I) {
    LLVMValueRef F = LLVMGetNamedFunction(M, SiteIntrinsics[I].Intrinsic);
    if (F && !LLVMGetFirstUse(F))
      LLVMDeleteFunction(F);
  }
}

/* llvm.canonicalize (OCML's fast-math paths call it) has no x86 lowering:
 * it becomes x * 1.0, which quiets a signaling NaN as the hardware does
 * (denormals are not flushed on the host). */
static void expandCanonicalize(LLVMModuleRef M, LLVMBuilderRef B) {
  LLVMValueRef Next;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = Next) {
    Next = LLVMGetNextFunction(F);
    if (!startsWith(nameOf(F), "llvm.canonicalize."))
      continue;
    LLVMUseRef U;
    while ((U = LLVMGetFirstUse(F))) {
      LLVMValueRef Call = LLVMGetUser(U);
      LLVMValueRef X = LLVMGetOperand(Call, 0);
      LLVMTypeRef Type = LLVMTypeOf(X);
      bool IsVector = LLVMGetTypeKind(Type) == LLVMVectorTypeKind;
      LLVMValueRef One =
          LLVMConstReal(IsVector ? LLVMGetElementType(Type) : Type, 1.0);
      if (IsVector) {
        LLVMValueRef Ones[64];
        unsigned N = LLVMGetVectorSize(Type);
        for (unsigned I = 0; I < N && I < 64; ++I)
          Ones[I] = One;
        One = LLVMConstVector(Ones, N);
      }
      LLVMPositionBuilderBefore(B, Call);
      LLVMValueRef Product = LLVMBuildFMul(B, X, One, "");
      LLVMReplaceAllUsesWith(Call, Product);
      LLVMInstructionEraseFromParent(Call);
    }
    LLVMDeleteFunction(F);
  }
}

/* Renames the intrinsic's declaration to its host function; immarg, which
 * only intrinsics may carry, comes off its parameters and calls. */
static void renameIntrinsic(LLVMModuleRef M, const char *Intrinsic,
                            const char *HostName) {
  LLVMValueRef F = LLVMGetNamedFunction(M, Intrinsic);
  if (!F)
    return;
  unsigned ImmArg = LLVMGetEnumAttributeKindForName("immarg", 6);
  unsigned NumParams = LLVMCountParams(F);
  for (unsigned I = 1; I <= NumParams; ++I)
    LLVMRemoveEnumAttributeAtIndex(F, I, ImmArg);
  for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef Call = LLVMGetUser(U);
    if (LLVMIsACallInst(Call))
      for (unsigned I = 1; I <= NumParams; ++I)
        LLVMRemoveCallSiteEnumAttribute(Call, I, ImmArg);
  }
  LLVMSetValueName2(F, HostName, strlen(HostName));
}

static void renameLaneIntrinsics(LLVMModuleRef M) {
  for (unsigned I = 0; I < NumLaneIntrinsics; ++I)
    renameIntrinsic(M, LaneIntrinsics[I].Intrinsic, LaneIntrinsics[I].HostName);
  for (unsigned I = 0; I < wavesimNumMathIntrinsics(); ++I)
    renameIntrinsic(M, wavesimMathIntrinsic(I)->Intrinsic,
                    wavesimMathIntrinsic(I)->HostName);
}

/* void __wavesim_kernel.NAME(ptr %Args): parameter i is loaded from the
 * value Args[i] points to (a byref parameter is that pointer itself). */
static void buildWrapper(LLVMModuleRef M, LLVMBuilderRef B, LLVMValueRef K,
                         const char *WrapperName) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef Ptr = LLVMPointerTypeInContext(Ctx, 0);
  LLVMTypeRef I64 = LLVMInt64TypeInContext(Ctx);
  LLVMTypeRef WrapperType =
      LLVMFunctionType(LLVMVoidTypeInContext(Ctx), &Ptr, 1, 0);
  LLVMValueRef W = LLVMAddFunction(M, WrapperName, WrapperType);
  LLVMPositionBuilderAtEnd(B, LLVMAppendBasicBlockInContext(Ctx, W, "entry"));
  unsigned ByRef = LLVMGetEnumAttributeKindForName("byref", 5);
  unsigned NumParams = LLVMCountParams(K);
  LLVMValueRef *Values = malloc((NumParams + 1) * sizeof(LLVMValueRef));
  for (unsigned I = 0; I < NumParams; ++I) {
    LLVMTypeRef Type = LLVMTypeOf(LLVMGetParam(K, I));
    LLVMValueRef Index = LLVMConstInt(I64, I, 0);
    LLVMValueRef Slot =
        LLVMBuildGEP2(B, Ptr, LLVMGetParam(W, 0), &Index, 1, "");
    LLVMValueRef Pointer = LLVMBuildLoad2(B, Ptr, Slot, "");
    if (LLVMGetEnumAttributeAtIndex(K, I + 1, ByRef)) {
      Values[I] = LLVMBuildAddrSpaceCast(B, Pointer, Type, "");
      continue;
    }
    Values[I] = LLVMBuildLoad2(B, Type, Pointer, "");
    LLVMSetAlignment(Values[I], 1);
  }
  LLVMValueRef Call =
      LLVMBuildCall2(B, LLVMGlobalGetValueType(K), K, Values, NumParams, "");
  LLVMSetInstructionCallConv(Call, LLVMGetFunctionCallConv(K));
  LLVMBuildRetVoid(B);
  free(Values);
}

/* Before the calling conventions change: that is how kernels are known. */
static void collectKernels(WaveSim *S, LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!isKernel(F) || LLVMIsDeclaration(F))
      continue;
    S->Kernels = realloc(S->Kernels, (S->NumKernels + 1) * sizeof(Kernel));
    S->Kernels[S->NumKernels].Name = strdup(nameOf(F));
    S->Kernels[S->NumKernels].Wrapper = NULL;
    S->Kernels[S->NumKernels].StaticShared = 0;
    ++S->NumKernels;
  }
}

static void buildWrappers(WaveSim *S, LLVMModuleRef M, LLVMBuilderRef B) {
  for (unsigned I = 0; I < S->NumKernels; ++I) {
    LLVMValueRef K = LLVMGetNamedFunction(M, S->Kernels[I].Name);
    size_t Size = strlen(S->Kernels[I].Name) + 32;
    char *Name = malloc(Size);
    snprintf(Name, Size, "__wavesim_kernel.%s", S->Kernels[I].Name);
    buildWrapper(M, B, K, Name);
    free(Name);
  }
}

/*===-- The JIT -----------------------------------------------------------===*/

static bool failedWith(LLVMErrorRef Err, const char *What, char *Error,
                       size_t ErrorSize) {
  if (!Err)
    return false;
  char *Message = LLVMGetErrorMessage(Err);
  formatError(Error, ErrorSize, "%s: %s", What, Message);
  LLVMDisposeErrorMessage(Message);
  return true;
}

/* The host models, and the process's symbols for the library calls the
 * backend emits (memcpy, fmaf, ...). */
static bool defineHostSymbols(WaveSim *S, LLVMOrcLLJITRef J, char *Error,
                              size_t ErrorSize) {
  enum { NumModels = NumSiteIntrinsics + NumLaneIntrinsics, MaxSymbols = 256 };
  unsigned NumFunctions = NumModels + wavesimNumMathIntrinsics();
  unsigned NumSymbols = NumFunctions + S->NumShared;
  LLVMOrcCSymbolMapPair Symbols[MaxSymbols];
  if (NumSymbols > MaxSymbols) {
    formatError(Error, ErrorSize, "too many host models");
    return false;
  }
  for (unsigned I = 0; I < NumSymbols; ++I) {
    const char *Name;
    void *Address;
    if (I < NumSiteIntrinsics) {
      Name = SiteIntrinsics[I].HostName;
      Address = SiteIntrinsics[I].Address;
    } else if (I < NumModels) {
      Name = LaneIntrinsics[I - NumSiteIntrinsics].HostName;
      Address = LaneIntrinsics[I - NumSiteIntrinsics].Address;
    } else if (I < NumFunctions) {
      Name = wavesimMathIntrinsic(I - NumModels)->HostName;
      Address = wavesimMathIntrinsic(I - NumModels)->Address;
    } else {
      Name = S->Shared[I - NumFunctions].Name;
      Address = S->Shared[I - NumFunctions].Address;
    }
    Symbols[I].Name = LLVMOrcLLJITMangleAndIntern(J, Name);
    Symbols[I].Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)Address;
    Symbols[I].Sym.Flags.GenericFlags =
        I < NumFunctions ? LLVMJITSymbolGenericFlagsCallable |
                               LLVMJITSymbolGenericFlagsExported
                         : LLVMJITSymbolGenericFlagsExported;
    Symbols[I].Sym.Flags.TargetFlags = 0;
  }
  LLVMOrcJITDylibRef Main = LLVMOrcLLJITGetMainJITDylib(J);
  if (failedWith(LLVMOrcJITDylibDefine(
                     Main, LLVMOrcAbsoluteSymbols(Symbols, NumSymbols)),
                 "cannot define the host models", Error, ErrorSize))
    return false;
  LLVMOrcDefinitionGeneratorRef Process;
  if (failedWith(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
                     &Process, LLVMOrcLLJITGetGlobalPrefix(J), NULL, NULL),
                 "cannot search the process", Error, ErrorSize))
    return false;
  LLVMOrcJITDylibAddGenerator(Main, Process);
  return true;
}

static bool lookUp(LLVMOrcLLJITRef J, const char *Name, void **Address,
                   char *Error, size_t ErrorSize) {
  LLVMOrcExecutorAddress A;
  if (failedWith(LLVMOrcLLJITLookup(J, &A, Name), "cannot compile the module",
                 Error, ErrorSize))
    return false;
  *Address = (void *)(uintptr_t)A;
  return true;
}

/* Rewrites M (which the JIT then owns) and compiles it. */
static bool prepareAndCompile(WaveSim *S, LLVMContextRef Ctx, LLVMModuleRef M,
                              char *Error, size_t ErrorSize) {
  const char *Triple = LLVMGetTarget(M);
  if (!startsWith(Triple, "amdgcn")) {
    formatError(Error, ErrorSize,
                "not an AMDGPU module (target triple '%s', expected "
                "amdgcn-amd-amdhsa)",
                Triple);
    LLVMContextDispose(Ctx);
    return false;
  }
  wavesimPrintfPrepareModule(M);
  if (!verify(M, "the input module", Error, ErrorSize) ||
      !checkCallees(M, S->WaveSize, Error, ErrorSize)) {
    LLVMContextDispose(Ctx);
    return false;
  }
  wavesimInsertLockstepPoints(M);
  ValueList Calls = {NULL, 0, 0};
  collectKernels(S, M);
  measureStaticShared(S, M);
  collectSites(S, M, &Calls);
  computeReach(S, M, &Calls);

  LLVMOrcLLJITRef J = hostJITCreate(LLVMCodeGenLevelDefault, Error, ErrorSize);
  if (!J) {
    free(Calls.Items);
    LLVMContextDispose(Ctx);
    return false;
  }
  S->JIT = J;
  LLVMSetTarget(M, LLVMOrcLLJITGetTripleString(J));
  LLVMSetDataLayout(M, LLVMOrcLLJITGetDataLayoutStr(J));
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  bool Ok = convertCallingConventions(M, Error, ErrorSize);
  if (Ok) {
    moveAllocasToHostStack(M, B);
    exposeSharedGlobals(S, M);
    makeVariablesWritable(M);
    rewriteSiteCalls(S, M, B, &Calls);
    expandCanonicalize(M, B);
    renameLaneIntrinsics(M);
    buildWrappers(S, M, B);
    Ok = verify(M, "the module rewritten for the host", Error, ErrorSize);
  }
  LLVMDisposeBuilder(B);
  free(Calls.Items);
  if (!Ok || !defineHostSymbols(S, J, Error, ErrorSize) ||
      !wavesimPrintfDefineSymbols(J, Error, ErrorSize)) {
    LLVMContextDispose(Ctx);
    return false;
  }

  LLVMOrcThreadSafeContextRef TSCtx =
      LLVMOrcCreateNewThreadSafeContextFromLLVMContext(Ctx);
  LLVMErrorRef Err =
      LLVMOrcLLJITAddLLVMIRModule(J, LLVMOrcLLJITGetMainJITDylib(J),
                                  LLVMOrcCreateNewThreadSafeModule(M, TSCtx));
  LLVMOrcDisposeThreadSafeContext(TSCtx);
  if (failedWith(Err, "cannot add the module to the JIT", Error, ErrorSize))
    return false;

  for (unsigned I = 0; I < S->NumKernels; ++I) {
    size_t Size = strlen(S->Kernels[I].Name) + 32;
    char *Name = malloc(Size);
    snprintf(Name, Size, "__wavesim_kernel.%s", S->Kernels[I].Name);
    void *Address;
    Ok = lookUp(J, Name, &Address, Error, ErrorSize);
    free(Name);
    if (!Ok)
      return false;
    S->Kernels[I].Wrapper = (void (*)(void **))Address;
  }
  return true;
}

/*===-- Running a block ---------------------------------------------------===*/

typedef struct {
  unsigned Site;
  uint64_t Mask;
  unsigned Count;
} Group;

/* The sites where lanes of wave W wait, with their lanes. */
static unsigned collectGroups(const Runner *R, unsigned W, Group *Groups) {
  const WaveSim *S = R->S;
  unsigned First = W * S->WaveSize;
  unsigned End = First + S->WaveSize;
  if (End > R->NumThreads)
    End = R->NumThreads;
  unsigned NumGroups = 0;
  for (unsigned T = First; T < End; ++T) {
    const Lane *L = &S->Lanes[T];
    if (L->State != LaneAtSite)
      continue;
    unsigned G = 0;
    while (G < NumGroups && Groups[G].Site != L->Site)
      ++G;
    if (G == NumGroups)
      Groups[NumGroups++] = (Group){L->Site, 0, 0};
    Groups[G].Mask |= 1ull << L->HwLane;
    ++Groups[G].Count;
  }
  return NumGroups;
}

static bool isCrossLane(const WaveSim *S, const Group *G) {
  return S->Sites[G->Site].Op->Combine != NULL;
}

static bool isWaveBarrier(const WaveSim *S, const Group *G) {
  return S->Sites[G->Site].Op->Combine == combineWaveBarrier;
}

/* Some lane at another site of the wave can still reach this group's. */
static bool isHeldUp(const WaveSim *S, const Group *Groups, unsigned N,
                     unsigned G) {
  for (unsigned H = 0; H < N; ++H)
    if (H != G && reaches(S, Groups[H].Site, Groups[G].Site))
      return true;
  return false;
}

/* Every site holding this group up is one the group can reach in turn:
 * they wait for each other in a loop, and releasing this one is progress. */
static bool isInCycle(const WaveSim *S, const Group *Groups, unsigned N,
                      unsigned G) {
  for (unsigned H = 0; H < N; ++H)
    if (H != G && reaches(S, Groups[H].Site, Groups[G].Site) &&
        !reaches(S, Groups[G].Site, Groups[H].Site))
      return false;
  return true;
}

static int chooseGroup(const WaveSim *S, const Group *Groups, unsigned N) {
  int Chosen = -1;
  for (unsigned G = 0; G < N; ++G) {
    if (!isCrossLane(S, &Groups[G]))
      continue;
    if (!S->BugReleaseEarly && isHeldUp(S, Groups, N, G))
      continue;
    if (Chosen < 0 || Groups[G].Site < Groups[Chosen].Site)
      Chosen = (int)G;
  }
  if (Chosen >= 0)
    return Chosen;
  /* Groups waiting for each other in a loop: a wave barrier (a lockstep
   * point or __syncwarp) goes first, since its lanes only go on to join
   * the others (a data site released without them would compute without
   * their operands); else the group with the most lanes. */
  for (unsigned G = 0; G < N; ++G) {
    if (!isCrossLane(S, &Groups[G]) || !isInCycle(S, Groups, N, G))
      continue;
    bool Barrier = isWaveBarrier(S, &Groups[G]);
    bool ChosenBarrier = Chosen >= 0 && isWaveBarrier(S, &Groups[Chosen]);
    if (Chosen < 0 || (Barrier && !ChosenBarrier) ||
        (Barrier == ChosenBarrier &&
         (Groups[G].Count > Groups[Chosen].Count ||
          (Groups[G].Count == Groups[Chosen].Count &&
           Groups[G].Site < Groups[Chosen].Site))))
      Chosen = (int)G;
  }
  return Chosen;
}

/* A lane of wave W is at s.sleep: it may still reach any site of the wave,
 * so no group of the wave goes until it wakes, unless the sleepers have
 * polled in vain twice: then they wait for that group (a polling loop on
 * one side of a branch, the lanes it waits for on the other; an AMD wave
 * runs one side and then the other), and it goes without them. */
static bool waveHasSleeper(const Runner *R, unsigned W) {
  const WaveSim *S = R->S;
  unsigned End = (W + 1) * S->WaveSize;
  if (End > R->NumThreads)
    End = R->NumThreads;
  for (unsigned T = W * S->WaveSize; T < End; ++T)
    if (S->Lanes[T].State == LaneSleeping)
      return true;
  return false;
}

/* Releases one group of wave W, if one may go. */
static bool stepWave(Runner *R, unsigned W) {
  WaveSim *S = R->S;
  if (R->NumSleeping && !R->SleepersIdle && waveHasSleeper(R, W))
    return false;
  Group Groups[MaxWave];
  unsigned N = collectGroups(R, W, Groups);
  int Chosen = chooseGroup(S, Groups, N);
  if (Chosen < 0)
    return false;
  const Group *G = &Groups[Chosen];
  Lane *WaveLanes = &S->Lanes[W * S->WaveSize];
  const SiteIntrinsic *Op = S->Sites[G->Site].Op;
  Op->Combine(R, Op, WaveLanes, G->Mask);
  for (unsigned I = 0; I < S->WaveSize; ++I)
    if (G->Mask >> I & 1)
      WaveLanes[I].State = LaneReady;
  ++S->Stats.CrossLaneCalls;
  return true;
}

static void releaseBarrier(Runner *R) {
  for (unsigned T = 0; T < R->NumThreads; ++T)
    if (R->S->Lanes[T].State == LaneAtSite)
      R->S->Lanes[T].State = LaneReady;
  R->NumAtBarrier = 0;
  ++R->S->Stats.Barriers;
}

/* Lanes 3-5,9 style list of the hardware lanes in Mask. */
static void formatLanes(char *Out, size_t Size, uint64_t Mask) {
  size_t Used = 0;
  Out[0] = 0;
  for (unsigned I = 0; I < 64 && Used < Size; ++I) {
    if (!(Mask >> I & 1) || (I && Mask >> (I - 1) & 1))
      continue;
    unsigned Last = I;
    while (Last + 1 < 64 && Mask >> (Last + 1) & 1)
      ++Last;
    int N = Last > I
                ? snprintf(Out + Used, Size - Used, "%s%u-%u", Used ? "," : "",
                           I, Last)
                : snprintf(Out + Used, Size - Used, "%s%u", Used ? "," : "", I);
    Used += N > 0 ? (size_t)N : 0;
  }
}

static void reportDeadlock(const Runner *R, char *Error, size_t ErrorSize) {
  const WaveSim *S = R->S;
  int BarrierSite = -1;
  for (unsigned T = 0; T < R->NumThreads && BarrierSite < 0; ++T)
    if (S->Lanes[T].State == LaneAtSite &&
        !S->Sites[S->Lanes[T].Site].Op->Combine)
      BarrierSite = (int)S->Lanes[T].Site;
  for (unsigned W = 0; W < R->NumWaves; ++W) {
    Group Groups[MaxWave];
    unsigned N = collectGroups(R, W, Groups);
    for (unsigned G = 0; G < N; ++G) {
      if (!isCrossLane(S, &Groups[G]))
        continue;
      char Lanes[160];
      formatLanes(Lanes, sizeof(Lanes), Groups[G].Mask);
      formatError(Error, ErrorSize,
                  "deadlock in block (%u,%u,%u): %u lanes wait at %s, which "
                  "needs every live lane of the block; lanes %s of wave %u "
                  "wait at %s, which lanes at the barrier can still reach",
                  R->BlockId[0], R->BlockId[1], R->BlockId[2], R->NumAtBarrier,
                  BarrierSite >= 0 ? S->Sites[BarrierSite].Where : "a barrier",
                  Lanes, W, S->Sites[Groups[G].Site].Where);
      return;
    }
  }
  formatError(Error, ErrorSize, "deadlock in block (%u,%u,%u)", R->BlockId[0],
              R->BlockId[1], R->BlockId[2]);
}

static void poisonSharedMemory(WaveSim *S) {
  for (unsigned I = 0; I < S->NumShared; ++I)
    memset(S->Shared[I].Address, LDSPoisonByte, S->Shared[I].Bytes);
}

static void startLanes(Runner *R, char *const *Stacks) {
  WaveSim *S = R->S;
  unsigned X = R->BlockDim[0], Y = R->BlockDim[1];
  unsigned HwLane = 0, Item[3] = {0, 0, 0};
  for (unsigned T = 0; T < R->NumThreads; ++T) {
    Lane *L = &S->Lanes[T];
    L->State = LaneReady;
    L->HwLane = HwLane;
    memcpy(L->WorkItem, Item, sizeof(Item));
    HwLane = HwLane + 1 == S->WaveSize ? 0 : HwLane + 1;
    if (++Item[0] == X) {
      Item[0] = 0;
      if (++Item[1] == Y) {
        Item[1] = 0;
        ++Item[2];
      }
    }
    /* Independent lanes all run in the first one's fiber (laneMain). */
    if (T == 0 || !R->K->LanesIndependent)
      prepareLane(S, L, Stacks[T]);
  }
  R->NumLive = R->NumThreads;
  R->NumAtBarrier = 0;
  R->Trapped = NULL;
  S->Stats.Lanes += R->NumThreads;
}

/* What driveBlock returns when only lanes at s.sleep could go on. */
enum { WaveSimBlockSleeps = -1 };

/* Rounds in which a block's (or a cooperative grid's) lanes only slept,
 * waking each time to find nothing changed, before it is a deadlock. */
enum { SleepIdleRounds = 10000 };

/* Steps wave W, and runs the lanes each step releases, for as long as it
 * can go on by itself: each wave of a block runs ahead of the next until
 * it waits at a barrier (or for a lane at s.sleep). Between barriers, an
 * AMD GPU's waves keep no step with each other; this order, one of the
 * hardware's, lets a missing __syncthreads show. */
static bool runWaveAhead(Runner *R, unsigned W) {
  WaveSim *S = R->S;
  Lane *WaveLanes = &S->Lanes[W * S->WaveSize];
  unsigned Count = R->NumThreads - W * S->WaveSize;
  if (Count > S->WaveSize)
    Count = S->WaveSize;
  bool Moved = false;
  for (;;) {
    for (unsigned I = 0; I < Count; ++I)
      if (WaveLanes[I].State == LaneReady) {
        resumeLane(R, &WaveLanes[I]);
        Moved = true;
      }
    /* After a trap no wave takes another step; the lanes released
     * already have run (each failing lane prints its assert message). */
    if (R->Trapped || !stepWave(R, W))
      return Moved;
    Moved = true;
  }
}

/* Runs the started lanes of R's block until they finish, trap or deadlock,
 * or until only sleeping lanes could go on. */
static WaveSimStatus driveBlock(Runner *R, char *Error, size_t ErrorSize) {
  for (;;) {
    bool Progress = false;
    for (unsigned W = 0; W < R->NumWaves; ++W)
      Progress |= runWaveAhead(R, W);
    if (R->Trapped) {
      const Lane *L = R->Trapped;
      formatError(Error, ErrorSize,
                  "the kernel trapped (llvm.trap: a failed device assert) in "
                  "block (%u,%u,%u), thread (%u,%u,%u)",
                  R->BlockId[0], R->BlockId[1], R->BlockId[2], L->WorkItem[0],
                  L->WorkItem[1], L->WorkItem[2]);
      return WaveSimTrapped;
    }
    if (!R->NumLive)
      return WaveSimOk;
    if (R->NumAtBarrier == R->NumLive) {
      releaseBarrier(R);
      continue;
    }
    if (!Progress && R->NumSleeping)
      return (WaveSimStatus)WaveSimBlockSleeps;
    if (!Progress) {
      reportDeadlock(R, Error, ErrorSize);
      return WaveSimDeadlocked;
    }
  }
}

static void wakeSleepers(Runner *R) {
  for (unsigned T = 0; T < R->NumThreads; ++T)
    if (R->S->Lanes[T].State == LaneSleeping)
      R->S->Lanes[T].State = LaneReady;
  R->NumSleeping = 0;
}

/* Anything a block's lanes did other than sleep: a finished lane, a
 * released barrier or cross-lane call. */
static uint64_t progressMark(const Runner *R) {
  return R->S->Stats.Barriers + R->S->Stats.CrossLaneCalls + R->NumThreads -
         R->NumLive;
}

static WaveSimStatus runBlock(Runner *R, char *Error, size_t ErrorSize) {
  poisonSharedMemory(R->S);
  startLanes(R, R->S->Stacks);
  unsigned IdleRounds = 0;
  uint64_t Mark = progressMark(R);
  for (;;) {
    WaveSimStatus Status = driveBlock(R, Error, ErrorSize);
    if ((int)Status != WaveSimBlockSleeps)
      return Status;
    uint64_t Now = progressMark(R);
    IdleRounds = Now == Mark ? IdleRounds + 1 : 0;
    R->SleepersIdle = IdleRounds >= 2;
    Mark = Now;
    if (IdleRounds == SleepIdleRounds) {
      formatError(Error, ErrorSize,
                  "deadlock in block (%u,%u,%u): %u lanes poll (at s.sleep) "
                  "for what no other lane of the block does",
                  R->BlockId[0], R->BlockId[1], R->BlockId[2], R->NumSleeping);
      return WaveSimDeadlocked;
    }
    wakeSleepers(R);
  }
}

/* hsa_kernel_dispatch_packet_t: the sizes the kernel may read. */
static void fillDispatchPacket(Runner *R, const unsigned Grid[3],
                               size_t DynamicSharedBytes) {
  memset(R->Packet, 0, sizeof(R->Packet));
  unsigned Dims = Grid[2] * R->BlockDim[2] > 1   ? 3
                  : Grid[1] * R->BlockDim[1] > 1 ? 2
                                                 : 1;
  uint16_t Setup = (uint16_t)Dims;
  memcpy(R->Packet + 2, &Setup, 2);
  for (unsigned D = 0; D < 3; ++D) {
    uint16_t Size = (uint16_t)R->BlockDim[D];
    uint32_t GridSize = Grid[D] * R->BlockDim[D];
    memcpy(R->Packet + 4 + 2 * D, &Size, 2);
    memcpy(R->Packet + 12 + 4 * D, &GridSize, 4);
  }
  uint32_t GroupSegment = (uint32_t)(R->K->StaticShared + DynamicSharedBytes);
  memcpy(R->Packet + 28, &GroupSegment, 4);
}

static const Kernel *findKernel(const WaveSim *S, const char *Name) {
  for (unsigned I = 0; I < S->NumKernels; ++I)
    if (!strcmp(S->Kernels[I].Name, Name))
      return &S->Kernels[I];
  return NULL;
}

/* What an AMD GPU can dispatch: at most 1024 work-items a workgroup, a grid
 * of at most 2^32 - 1 work-items a dimension (the dispatch packet's
 * sizes), 64 KiB of LDS. */
static WaveSimStatus checkLaunch(const Kernel *K, const unsigned Grid[3],
                                 const unsigned Block[3],
                                 size_t DynamicSharedBytes, char *Error,
                                 size_t ErrorSize) {
  static const char Axis[] = "xyz";
  for (unsigned D = 0; D < 3; ++D) {
    if (!Grid[D] || !Block[D]) {
      formatError(Error, ErrorSize, "grid and block sizes must be at least 1");
      return WaveSimBadLaunchShape;
    }
    if ((unsigned long long)Grid[D] * Block[D] > 0xFFFFFFFFull) {
      formatError(Error, ErrorSize,
                  "%u blocks of %u threads in %c: a grid has at most 2^32 - 1 "
                  "work-items a dimension",
                  Grid[D], Block[D], Axis[D]);
      return WaveSimBadLaunchShape;
    }
  }
  unsigned long long Threads =
      (unsigned long long)Block[0] * Block[1] * Block[2];
  if (Threads > MaxBlockThreads) {
    formatError(Error, ErrorSize, "a block has %llu threads; at most %u",
                Threads, (unsigned)MaxBlockThreads);
    return WaveSimBadLaunchShape;
  }
  if (K->StaticShared + DynamicSharedBytes > WaveSimMaxSharedBytes) {
    formatError(Error, ErrorSize,
                "%s needs %zu bytes of shared memory (%zu static, %zu "
                "dynamic); an AMD workgroup has %u",
                K->Name, K->StaticShared + DynamicSharedBytes, K->StaticShared,
                DynamicSharedBytes, (unsigned)WaveSimMaxSharedBytes);
    return WaveSimTooMuchShared;
  }
  return WaveSimOk;
}

/* Whether a launch goes on to its next block. */
static bool continuesAfter(WaveSimStatus Status) {
  return Status == WaveSimOk || Status == WaveSimTrapped;
}

WaveSimStatus wavesimLaunch(WaveSim *S, const char *Name,
                            const unsigned Grid[3], const unsigned Block[3],
                            size_t DynamicSharedBytes, void **Args, char *Error,
                            size_t ErrorSize) {
  const Kernel *K = findKernel(S, Name);
  if (!K) {
    formatError(Error, ErrorSize, "no kernel named '%s' in the module", Name);
    return WaveSimNoSuchKernel;
  }
  WaveSimStatus Status =
      checkLaunch(K, Grid, Block, DynamicSharedBytes, Error, ErrorSize);
  if (Status != WaveSimOk)
    return Status;
  Runner *R = aligned_alloc(64, (sizeof(Runner) + 63) & ~(size_t)63);
  memset(R, 0, sizeof(Runner));
  R->S = S;
  R->K = K;
  R->Args = Args;
  memcpy(R->BlockDim, Block, sizeof(R->BlockDim));
  R->NumThreads = Block[0] * Block[1] * Block[2];
  R->NumWaves = (R->NumThreads + S->WaveSize - 1) / S->WaveSize;
  fillDispatchPacket(R, Grid, DynamicSharedBytes);
  if (!mapStacks(S, R->NumThreads, Error, ErrorSize)) {
    free(R);
    return WaveSimNoMemory;
  }
  Runner *Outer = Active;
  Active = R;
  ++S->Stats.Launches;
  /* After a trap the other blocks still run, as the blocks resident
   * beside the trapping one do on a GPU, so that each failed assert prints
   * its message; the first trap is what the launch reports. */
  for (unsigned Z = 0; continuesAfter(Status) && Z < Grid[2]; ++Z)
    for (unsigned Y = 0; continuesAfter(Status) && Y < Grid[1]; ++Y)
      for (unsigned X = 0; continuesAfter(Status) && X < Grid[0]; ++X) {
        R->BlockId[0] = X;
        R->BlockId[1] = Y;
        R->BlockId[2] = Z;
        ++S->Stats.Blocks;
        if (Status == WaveSimOk)
          Status = runBlock(R, Error, ErrorSize);
        else
          (void)runBlock(R, NULL, 0);
      }
  Active = Outer;
  free(R);
  return Status;
}

/*===-- Cooperative launches ----------------------------------------------===*/

/* A cooperative launch (cudaLaunchCooperativeKernel) promises that all its
 * blocks are resident at once, so that they can wait for each other (a
 * grid barrier: cooperative_groups' grid_group::sync, an atomic counter
 * polled with __nanosleep, which becomes s_sleep). Every block here has its
 * own lanes and stacks and keeps its shared memory while another block
 * runs; the blocks take turns, each running until it finishes or only its
 * lanes at s.sleep could go on. Blocks that sleep round after round while
 * no lane of the grid gets anywhere else are deadlocked. */

typedef struct {
  Runner *R;
  Lane *Lanes;
  char **Stacks;
  ucontext_t *Contexts;
  uint8_t *Shared; /* the block's shared memory while it does not run */
  bool Done;
} CoopBlock;

static size_t sharedBytesOf(const WaveSim *S) {
  size_t Bytes = 0;
  for (unsigned I = 0; I < S->NumShared; ++I)
    Bytes += S->Shared[I].Bytes;
  return Bytes;
}

/* Copies the module's shared memory out to Buffer (ToBuffer) or back. */
static void moveShared(WaveSim *S, uint8_t *Buffer, bool ToBuffer) {
  for (unsigned I = 0; I < S->NumShared; ++I) {
    SharedGlobal *G = &S->Shared[I];
    if (ToBuffer)
      memcpy(Buffer, G->Address, G->Bytes);
    else
      memcpy(G->Address, Buffer, G->Bytes);
    Buffer += G->Bytes;
  }
}

/* Makes B's block the one that runs; its lanes are S->Lanes meanwhile. */
static void enterBlock(WaveSim *S, CoopBlock *B) {
  S->Lanes = B->Lanes;
  S->Contexts = B->Contexts;
  moveShared(S, B->Shared, false);
  Active = B->R;
}

static void leaveBlock(WaveSim *S, CoopBlock *B) {
  moveShared(S, B->Shared, true);
}

static void freeCoopBlocks(CoopBlock *Blocks, unsigned N, unsigned Threads) {
  for (unsigned B = 0; B < N; ++B) {
    for (unsigned T = 0; Blocks[B].Stacks && T < Threads; ++T)
      if (Blocks[B].Stacks[T]) {
        munmap(Blocks[B].Stacks[T], GuardBytes + LaneStackBytes);
        atomic_fetch_sub(&LiveStacks, 1);
      }
    free(Blocks[B].Stacks);
    free(Blocks[B].Lanes);
    free(Blocks[B].Contexts);
    free(Blocks[B].Shared);
    free(Blocks[B].R);
  }
  free(Blocks);
}

/* Lanes, stacks and a runner for each block, blocks numbered x fastest. */
static CoopBlock *makeCoopBlocks(WaveSim *S, const Kernel *K, void **Args,
                                 const unsigned Grid[3],
                                 const unsigned Block[3], size_t Dynamic,
                                 unsigned N, char *Error, size_t ErrorSize) {
  unsigned Threads = Block[0] * Block[1] * Block[2];
  CoopBlock *Blocks = calloc(N, sizeof(CoopBlock));
  for (unsigned I = 0; I < N; ++I) {
    CoopBlock *B = &Blocks[I];
    B->R = aligned_alloc(64, (sizeof(Runner) + 63) & ~(size_t)63);
    memset(B->R, 0, sizeof(Runner));
    B->Lanes = calloc(Threads, sizeof(Lane));
    B->Stacks = calloc(Threads, sizeof(char *));
    B->Shared = malloc(sharedBytesOf(S) + 1);
    if (S->UseUContext)
      B->Contexts = calloc(Threads, sizeof(ucontext_t));
    for (unsigned T = 0; T < Threads; ++T) {
      void *P = mmap(NULL, GuardBytes + LaneStackBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK |
                         MAP_32BIT,
                     -1, 0);
      if (P == MAP_FAILED) {
        formatError(Error, ErrorSize, "cannot map a lane stack");
        freeCoopBlocks(Blocks, N, Threads);
        return NULL;
      }
      mprotect(P, GuardBytes, PROT_NONE);
      B->Stacks[T] = P;
      atomic_fetch_add(&LiveStacks, 1);
    }
    Runner *R = B->R;
    R->S = S;
    R->K = K;
    R->Args = Args;
    memcpy(R->BlockDim, Block, sizeof(R->BlockDim));
    R->NumThreads = Threads;
    R->NumWaves = (Threads + S->WaveSize - 1) / S->WaveSize;
    R->BlockId[0] = I % Grid[0];
    R->BlockId[1] = I / Grid[0] % Grid[1];
    R->BlockId[2] = I / (Grid[0] * Grid[1]);
    fillDispatchPacket(R, Grid, Dynamic);
  }
  return Blocks;
}

static uint64_t gridProgressMark(const CoopBlock *Blocks, unsigned N) {
  uint64_t Mark = 0;
  for (unsigned B = 0; B < N; ++B)
    Mark += progressMark(Blocks[B].R);
  return Mark;
}

/* Runs the blocks in turns until all finish; the first failure ends it. */
static WaveSimStatus runCoopBlocks(WaveSim *S, CoopBlock *Blocks, unsigned N,
                                   char *Error, size_t ErrorSize) {
  for (unsigned B = 0; B < N; ++B) {
    enterBlock(S, &Blocks[B]);
    poisonSharedMemory(S);
    startLanes(Blocks[B].R, Blocks[B].Stacks);
    leaveBlock(S, &Blocks[B]);
    ++S->Stats.Blocks;
  }
  unsigned Remaining = N, IdleRounds = 0;
  while (Remaining) {
    uint64_t Before = gridProgressMark(Blocks, N);
    bool AllSlept = true;
    for (unsigned B = 0; B < N; ++B) {
      if (Blocks[B].Done)
        continue;
      enterBlock(S, &Blocks[B]);
      wakeSleepers(Blocks[B].R);
      WaveSimStatus Status = driveBlock(Blocks[B].R, Error, ErrorSize);
      leaveBlock(S, &Blocks[B]);
      if ((int)Status == WaveSimBlockSleeps)
        continue;
      AllSlept = false;
      if (Status != WaveSimOk)
        return Status;
      Blocks[B].Done = true;
      --Remaining;
    }
    bool Idle = AllSlept && gridProgressMark(Blocks, N) == Before;
    IdleRounds = Idle ? IdleRounds + 1 : 0;
    for (unsigned B = 0; B < N; ++B)
      Blocks[B].R->SleepersIdle = IdleRounds >= 2;
    if (IdleRounds == SleepIdleRounds) {
      formatError(Error, ErrorSize,
                  "deadlock in a cooperative launch: %u of %u blocks wait "
                  "(at s.sleep, as in a grid barrier) for what no other lane "
                  "does",
                  Remaining, N);
      return WaveSimDeadlocked;
    }
  }
  return WaveSimOk;
}

WaveSimStatus wavesimLaunchCooperative(WaveSim *S, const char *Name,
                                       const unsigned Grid[3],
                                       const unsigned Block[3],
                                       size_t DynamicSharedBytes, void **Args,
                                       char *Error, size_t ErrorSize) {
  const Kernel *K = findKernel(S, Name);
  if (!K) {
    formatError(Error, ErrorSize, "no kernel named '%s' in the module", Name);
    return WaveSimNoSuchKernel;
  }
  WaveSimStatus Status =
      checkLaunch(K, Grid, Block, DynamicSharedBytes, Error, ErrorSize);
  if (Status != WaveSimOk)
    return Status;
  unsigned long long Blocks = (unsigned long long)Grid[0] * Grid[1] * Grid[2];
  unsigned long long Threads = Blocks * Block[0] * Block[1] * Block[2];
  if (Threads > WaveSimMaxCooperativeThreads) {
    formatError(Error, ErrorSize,
                "a cooperative launch of %llu blocks, %llu threads: wavesim "
                "keeps at most %u threads resident",
                Blocks, Threads, (unsigned)WaveSimMaxCooperativeThreads);
    return WaveSimCooperativeTooLarge;
  }
  CoopBlock *Coop = makeCoopBlocks(S, K, Args, Grid, Block, DynamicSharedBytes,
                                   (unsigned)Blocks, Error, ErrorSize);
  if (!Coop)
    return WaveSimNoMemory;
  Runner *Outer = Active;
  Lane *OwnLanes = S->Lanes;
  ucontext_t *OwnContexts = S->Contexts;
  ++S->Stats.Launches;
  Status = runCoopBlocks(S, Coop, (unsigned)Blocks, Error, ErrorSize);
  S->Lanes = OwnLanes;
  S->Contexts = OwnContexts;
  Active = Outer;
  freeCoopBlocks(Coop, (unsigned)Blocks, (unsigned)(Threads / Blocks));
  return Status;
}

void *wavesimVariableAddress(WaveSim *S, const char *Name) {
  LLVMOrcExecutorAddress Address;
  LLVMErrorRef Err = LLVMOrcLLJITLookup(S->JIT, &Address, Name);
  if (Err) {
    LLVMConsumeError(Err);
    return NULL;
  }
  return (void *)(uintptr_t)Address;
}

size_t wavesimStaticSharedBytes(const WaveSim *S, const char *Name) {
  const Kernel *K = findKernel(S, Name);
  return K ? K->StaticShared : 0;
}

unsigned wavesimWaveSize(const WaveSim *S) { return S->WaveSize; }

/*===-- Public entry points -----------------------------------------------===*/

/* Parses Buffer (disposing of it), checks and compiles the module. */
static WaveSim *loadModule(LLVMMemoryBufferRef Buffer, const char *Name,
                           unsigned WaveSize, char *Error, size_t ErrorSize) {
  if (WaveSize != 0 && WaveSize != 32 && WaveSize != 64) {
    formatError(Error, ErrorSize, "the wave size must be 32 or 64, not %u",
                WaveSize);
    LLVMDisposeMemoryBuffer(Buffer);
    return NULL;
  }
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = parseModule(Ctx, Buffer, Name, Error, ErrorSize);
  if (!M) {
    LLVMContextDispose(Ctx);
    return NULL;
  }
  WaveSim *S = calloc(1, sizeof(WaveSim));
  S->WaveSize = WaveSize ? WaveSize : moduleWaveSize(M);
  if (!HaveAsmSwitch)
    wavesimSetContextSwitch(S, "ucontext");
  S->Lanes = calloc(MaxBlockThreads, sizeof(Lane));
  if (!prepareAndCompile(S, Ctx, M, Error, ErrorSize)) {
    wavesimDispose(S);
    return NULL;
  }
  return S;
}

WaveSim *wavesimLoad(const char *IRPath, unsigned WaveSize, char *Error,
                     size_t ErrorSize) {
  LLVMMemoryBufferRef Buffer = readFile(IRPath, Error, ErrorSize);
  return Buffer ? loadModule(Buffer, IRPath, WaveSize, Error, ErrorSize) : NULL;
}

WaveSim *wavesimLoadBuffer(const void *IR, size_t Bytes, const char *Name,
                           unsigned WaveSize, char *Error, size_t ErrorSize) {
  LLVMMemoryBufferRef Buffer =
      LLVMCreateMemoryBufferWithMemoryRangeCopy(IR, Bytes, Name);
  return loadModule(Buffer, Name, WaveSize, Error, ErrorSize);
}

void wavesimDispose(WaveSim *S) {
  if (!S)
    return;
  if (S->JIT) {
    LLVMErrorRef Err = LLVMOrcDisposeLLJIT(S->JIT);
    if (Err)
      LLVMConsumeError(Err);
  }
  unmapStacks(S);
  for (unsigned I = 0; I < S->NumKernels; ++I)
    free(S->Kernels[I].Name);
  for (unsigned I = 0; I < S->NumShared; ++I) {
    free(S->Shared[I].Name);
    munmap(S->Shared[I].Address, S->Shared[I].Bytes ? S->Shared[I].Bytes : 1);
  }
  free(S->Kernels);
  free(S->Shared);
  free(S->Sites);
  free(S->Reach);
  free(S->Lanes);
  free(S->Contexts);
  free(S);
}

int wavesimPlantBug(WaveSim *S, const char *Bug) {
  if (!strcmp(Bug, "release-early"))
    S->BugReleaseEarly = true;
  else if (!strcmp(Bug, "ballot-ignores-exec"))
    S->BugBallotIgnoresExec = true;
  else if (laneOpsBugNamed(Bug))
    S->LaneOpsBugs |= laneOpsBugNamed(Bug);
  else
    return -1;
  return 0;
}

int wavesimSetContextSwitch(WaveSim *S, const char *Kind) {
  if (!strcmp(Kind, "ucontext")) {
    S->UseUContext = true;
    if (!S->Contexts)
      S->Contexts = calloc(MaxBlockThreads, sizeof(ucontext_t));
  } else if (!strcmp(Kind, "asm") && HaveAsmSwitch)
    S->UseUContext = false;
  else
    return -1;
  return 0;
}

void wavesimGetStats(const WaveSim *S, WaveSimStats *Stats) {
  *Stats = S->Stats;
}
