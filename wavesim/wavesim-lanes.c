/*===- wavesim-lanes.c - Lanes as AMD waves on host fibers ----------------===*
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
 * A block's lanes, stacks and shared memory are its runner's (wavesim-pool.c
 * gives each resident block its own); the shared memory is filled with 0xCD
 * bytes before the block starts, so a kernel that reads shared memory it did
 * not write shows it.
 *
 * Under AddressSanitizer every switch is announced to it (the fiber
 * interface of sanitizer/common_interface_defs.h): its reports, and the
 * stack it clears before a call that does not return (a lane's fault), are
 * then the lane's stack rather than the thread's. A lane abandoned
 * mid-call (a fault, a trap, a deadlock) leaves the redzones of its
 * instrumented frames poisoned; they are cleared before the stack is
 * reused.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WAVESIM_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define WAVESIM_ASAN 1
#endif
#ifdef WAVESIM_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

_Thread_local Runner *wavesimActive __attribute__((tls_model("initial-exec")));
atomic_uint WaveSimLiveStacks;

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
const bool WaveSimHaveAsmSwitch = true;
#else
static void wavesim_switch(void **SaveSP, void *LoadSP) {
  (void)SaveSP;
  (void)LoadSP;
  abort();
}
static void wavesim_lane_start(void) { abort(); }
const bool WaveSimHaveAsmSwitch = false;
#endif

/*===-- Telling ASan which stack runs -------------------------------------===*/

/* The usable part of L's stack (above its guard page): independent lanes
 * all run on the first one's. */
static char *laneStack(const Runner *R, const Lane *L) {
  size_t T = R->K->LanesIndependent ? 0 : (size_t)(L - R->Lanes);
  return R->Stacks[T] + GuardBytes;
}

/* Before a switch to the stack [Bottom, Bottom + Bytes); FakeStackSave
 * keeps the current stack's fake frames (detect_stack_use_after_return). */
static void announceSwitch(void **FakeStackSave, const void *Bottom,
                           size_t Bytes) {
#ifdef WAVESIM_ASAN
  __sanitizer_start_switch_fiber(FakeStackSave, Bottom, Bytes);
#else
  (void)FakeStackSave;
  (void)Bottom;
  (void)Bytes;
#endif
}

/* First thing on the stack switched to; *From and *FromBytes (unless NULL)
 * receive the stack switched from. */
static void completeSwitch(void *FakeStack, const void **From,
                           size_t *FromBytes) {
#ifdef WAVESIM_ASAN
  __sanitizer_finish_switch_fiber(FakeStack, From, FromBytes);
#else
  (void)FakeStack;
  (void)From;
  (void)FromBytes;
#endif
}

/* Where ASan's fake stack of L's stack is kept while another stack runs.
 * It stays with the stack from block to block: creating one for every
 * lane that starts (mapping megabytes) made ASan builds ten times slower.
 * The frames an abandoned lane leaves there are only lost room. */
static void **laneFakeStack(Runner *R, const Lane *L) {
  size_t T = R->K->LanesIndependent ? 0 : (size_t)(L - R->Lanes);
  return &R->Lanes[T].FakeStack;
}

static void laneMain(Lane *L);

static void laneMainUContext(void) { laneMain(wavesimActive->Current); }

/* Sets up L to start in laneMain on Stack the next time it is resumed. */
static void prepareLane(Runner *R, Lane *L, char *Stack) {
  char *Top = Stack + GuardBytes + LaneStackBytes;
  if (R->S->UseUContext) {
    L->UC = &R->Contexts[L - R->Lanes];
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
  ++R->Stats->Resumes;
  announceSwitch(&R->SchedulerFakeStack, laneStack(R, L), LaneStackBytes);
  if (R->S->UseUContext)
    swapcontext(&R->SchedulerUC, L->UC);
  else
    wavesim_switch(&R->SchedulerSP, L->SP);
  completeSwitch(R->SchedulerFakeStack, NULL, NULL);
}

/* Runs on the lane's stack (or, for a fault, on the signal stack); comes
 * back when the scheduler resumes it. The scheduler may run on another
 * thread by then (a sleeping block of a cooperative launch). */
void wavesimSuspendLane(Runner *R, Lane *L) {
  announceSwitch(laneFakeStack(R, L), R->SchedulerStack,
                 R->SchedulerStackBytes);
  if (R->S->UseUContext)
    swapcontext(L->UC, &R->SchedulerUC);
  else
    wavesim_switch(&L->SP, R->SchedulerSP);
  completeSwitch(*laneFakeStack(R, L), &R->SchedulerStack,
                 &R->SchedulerStackBytes);
}

/* Runs L and, for a kernel whose lanes are independent, every later lane
 * of the block after it on the same stack: what the scheduler would do,
 * without a switch a lane. */
static void laneMain(Lane *L) {
  Runner *R = wavesimActive;
  completeSwitch(*laneFakeStack(R, L), &R->SchedulerStack,
                 &R->SchedulerStackBytes);
  for (;;) {
    R->K->Wrapper(R->Args);
    L->State = LaneFinished;
    --R->NumLive;
    Lane *Next = L + 1;
    if (!R->K->LanesIndependent || Next == R->Lanes + R->NumThreads)
      break;
    R->Current = L = Next;
  }
  wavesimSuspendLane(R, L);
  abort(); /* a finished lane is never resumed */
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
    const Lane *L = &R->Lanes[T];
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
  return S->Sites[G->Site].Op->Combine == wavesimCombineWaveBarrier;
}

/* Some lane at another site of the wave can still reach this group's. */
static bool isHeldUp(const WaveSim *S, const Group *Groups, unsigned N,
                     unsigned G) {
  for (unsigned H = 0; H < N; ++H)
    if (H != G && wavesimReaches(S, Groups[H].Site, Groups[G].Site))
      return true;
  return false;
}

/* Every site holding this group up is one the group can reach in turn:
 * they wait for each other in a loop, and releasing this one is progress. */
static bool isInCycle(const WaveSim *S, const Group *Groups, unsigned N,
                      unsigned G) {
  for (unsigned H = 0; H < N; ++H)
    if (H != G && wavesimReaches(S, Groups[H].Site, Groups[G].Site) &&
        !wavesimReaches(S, Groups[G].Site, Groups[H].Site))
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
    if (R->Lanes[T].State == LaneSleeping)
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
  Lane *WaveLanes = &R->Lanes[W * S->WaveSize];
  const SiteIntrinsic *Op = S->Sites[G->Site].Op;
  Op->Combine(R, Op, WaveLanes, G->Mask);
  for (unsigned I = 0; I < S->WaveSize; ++I)
    if (G->Mask >> I & 1)
      WaveLanes[I].State = LaneReady;
  ++R->Stats->CrossLaneCalls;
  ++R->Progress;
  return true;
}

static void releaseBarrier(Runner *R) {
  for (unsigned T = 0; T < R->NumThreads; ++T)
    if (R->Lanes[T].State == LaneAtSite)
      R->Lanes[T].State = LaneReady;
  R->NumAtBarrier = 0;
  ++R->Stats->Barriers;
  ++R->Progress;
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
    if (R->Lanes[T].State == LaneAtSite &&
        !S->Sites[R->Lanes[T].Site].Op->Combine)
      BarrierSite = (int)R->Lanes[T].Site;
  for (unsigned W = 0; W < R->NumWaves; ++W) {
    Group Groups[MaxWave];
    unsigned N = collectGroups(R, W, Groups);
    for (unsigned G = 0; G < N; ++G) {
      if (!isCrossLane(S, &Groups[G]))
        continue;
      char Lanes[160];
      formatLanes(Lanes, sizeof(Lanes), Groups[G].Mask);
      wavesimFormatError(
          Error, ErrorSize,
          "deadlock in block (%u,%u,%u): %u lanes wait at %s, which "
          "needs every live lane of the block; lanes %s of wave %u "
          "wait at %s, which lanes at the barrier can still reach",
          R->BlockId[0], R->BlockId[1], R->BlockId[2], R->NumAtBarrier,
          BarrierSite >= 0 ? S->Sites[BarrierSite].Where : "a barrier", Lanes,
          W, S->Sites[Groups[G].Site].Where);
      return;
    }
  }
  wavesimFormatError(Error, ErrorSize, "deadlock in block (%u,%u,%u)",
                     R->BlockId[0], R->BlockId[1], R->BlockId[2]);
}

void wavesimPoisonSharedMemory(Runner *R) {
  memset(R->Shared, LDSPoisonByte, R->SharedBytes);
}

void wavesimStartLanes(Runner *R, char *const *Stacks) {
  WaveSim *S = R->S;
  unsigned X = R->BlockDim[0], Y = R->BlockDim[1];
  unsigned HwLane = 0, Item[3] = {0, 0, 0};
  for (unsigned T = 0; T < R->NumThreads; ++T) {
    Lane *L = &R->Lanes[T];
    L->State = LaneReady;
    L->Polls = 0;
    L->Asserting = false;
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
      prepareLane(R, L, Stacks[T]);
  }
  R->NumLive = R->NumThreads;
  R->NumAtBarrier = 0;
  R->NumSleeping = 0;
  R->SleepersIdle = false;
  R->Trapped = NULL;
  R->Progress = 0;
  R->Stats->Lanes += R->NumThreads;
}

void wavesimEndLanes(Runner *R) {
#ifdef WAVESIM_ASAN
  for (unsigned T = 0; T < R->NumThreads; ++T) {
    if (R->Lanes[T].State == LaneFinished)
      continue;
    __asan_unpoison_memory_region(laneStack(R, &R->Lanes[T]), LaneStackBytes);
    if (R->K->LanesIndependent)
      break; /* they share one stack */
  }
#else
  (void)R;
#endif
}

/* Steps wave W, and runs the lanes each step releases, for as long as it
 * can go on by itself: each wave of a block runs ahead of the next until
 * it waits at a barrier (or for a lane at s.sleep). Between barriers, an
 * AMD GPU's waves keep no step with each other; this order, one of the
 * hardware's, lets a missing __syncthreads show. */
static bool runWaveAhead(Runner *R, unsigned W) {
  WaveSim *S = R->S;
  Lane *WaveLanes = &R->Lanes[W * S->WaveSize];
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
WaveSimStatus wavesimDriveBlock(Runner *R, char *Error, size_t ErrorSize) {
  for (;;) {
    bool Progress = false;
    for (unsigned W = 0; W < R->NumWaves; ++W)
      Progress |= runWaveAhead(R, W);
    WaveSimStatus Fault = wavesimFaultsPending(R, Error, ErrorSize);
    if (Fault != WaveSimOk)
      return Fault;
    if (R->Trapped) {
      const Lane *L = R->Trapped;
      wavesimFormatError(
          Error, ErrorSize,
          L->Asserting ? "the kernel trapped (llvm.trap: a failed device "
                         "assert) in block (%u,%u,%u), thread (%u,%u,%u)"
                       : "the kernel trapped (llvm.trap: __trap() or "
                         "asm(\"trap;\")) in block (%u,%u,%u), thread "
                         "(%u,%u,%u)",
          R->BlockId[0], R->BlockId[1], R->BlockId[2], L->WorkItem[0],
          L->WorkItem[1], L->WorkItem[2]);
      return L->Asserting ? WaveSimAssertFailed : WaveSimTrapped;
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

void wavesimWakeSleepers(Runner *R) {
  for (unsigned T = 0; T < R->NumThreads; ++T)
    if (R->Lanes[T].State == LaneSleeping)
      R->Lanes[T].State = LaneReady;
  R->NumSleeping = 0;
}

/* Anything a block's lanes did other than sleep: a finished lane, a
 * released barrier or cross-lane call. */
uint64_t wavesimProgressMark(const Runner *R) {
  return R->Progress + R->NumThreads - R->NumLive;
}
