/*===- wavesim-faults.c - A lane's fault ends its launch, not the process -===*
 *
 * A GPU reports what goes wrong in a kernel as a CUDA error and the
 * program goes on; wavesim runs kernels on the host, where the same faults
 * would be signals that kill the process. So:
 *
 *   - a lane whose access the memory check rejects (wavesim-memcheck.c),
 *     that overflows its stack, or that a time-out interrupts stops for
 *     good: its fault is recorded in the runner (the first one counts), the
 *     lane is abandoned (the scheduler never resumes it again; its stack
 *     is reused by the next block) and the block and the launch end with
 *     the fault's status and message;
 *   - SIGSEGV and SIGBUS, on a thread that runs lanes, are handled on an
 *     alternate signal stack (a lane that overflowed its stack has none
 *     left): when the faulting code ran on a lane's stack, the fault is the
 *     lane's: in its stack's guard page, a stack overflow
 *     (WaveSimStackOverflow: an H100 reports unbounded recursion as
 *     cudaErrorIllegalAddress, lit-tests/wavesim-faults/Inputs), anywhere
 *     else an illegal address (what the check misses: host models reading
 *     a bad pointer, and everything without CUCC_WAVESIM_MEMCHECK=1). A fault elsewhere is not
 *     wavesim's to handle: the handler that was there before runs (the
 *     default one kills the process, as before);
 *   - CUCC_LAUNCH_TIMEOUT=<seconds> arms a timer on each thread that runs
 *     lanes (a POSIX timer signalling that thread): once it expires, a
 *     lane found running the module's code is stopped
 *     (WaveSimLaunchTimeout), and the scheduler ends the block at its next
 *     step. A lane interrupted inside a shared library (libc, a host
 *     model holding a lock) is left alone and interrupted again 10 ms
 *     later. Without the variable there is no time-out, as on a GPU
 *     without a watchdog.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-faults.h"

#include "wavesim-internal.h"
#include "wavesim-memcheck.h"

#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

_Noreturn void wavesimFaultLane(Runner *R, WaveSimStatus Status,
                                const char *Format, ...) {
  Lane *L = R->Current;
  if (R->Fault.Status == WaveSimOk) {
    va_list Args;
    va_start(Args, Format);
    vsnprintf(R->Fault.Message, sizeof(R->Fault.Message), Format, Args);
    va_end(Args);
    R->Fault.Status = Status;
  }
  L->State = LaneTrapped;
  --R->NumLive;
  if (!R->Trapped)
    R->Trapped = L;
  /* Independent lanes run one after another in the first one's fiber: the
   * later ones, never started, are abandoned with it. */
  if (R->K->LanesIndependent)
    for (Lane *Later = L + 1; Later < R->Lanes + R->NumThreads; ++Later) {
      Later->State = LaneTrapped;
      --R->NumLive;
    }
  wavesimSuspendLane(R, L);
  abort(); /* an abandoned lane is never resumed */
}

/*===-- Time-outs ---------------------------------------------------------===*/

enum { RetryNanoseconds = 10 * 1000 * 1000 };

/* Seconds from CUCC_LAUNCH_TIMEOUT, or 0 for none. */
static double launchTimeout(void) {
  const char *Value = getenv("CUCC_LAUNCH_TIMEOUT");
  if (!Value || !*Value)
    return 0;
  char *End;
  double Seconds = strtod(Value, &End);
  return *End || Seconds <= 0 ? 0 : Seconds;
}

static _Thread_local bool HaveTimer
    __attribute__((tls_model("initial-exec")));
static _Thread_local timer_t Timer __attribute__((tls_model("initial-exec")));
static _Thread_local volatile sig_atomic_t TimedOut
    __attribute__((tls_model("initial-exec")));
static _Thread_local double ArmedSeconds
    __attribute__((tls_model("initial-exec")));

/* The executable segments of the loaded objects: code there is not the
 * module's (the JIT's code lies in anonymous memory). */
enum { MaxSegments = 1024 };
static struct {
  uintptr_t Begin, End;
} Segments[MaxSegments];
static _Atomic unsigned NumSegments;
static pthread_mutex_t SegmentsLock = PTHREAD_MUTEX_INITIALIZER;

static int addSegments(struct dl_phdr_info *Info, size_t Size, void *Count) {
  (void)Size;
  unsigned *N = Count;
  for (unsigned I = 0; I < Info->dlpi_phnum && *N < MaxSegments; ++I) {
    const ElfW(Phdr) *P = &Info->dlpi_phdr[I];
    if (P->p_type != PT_LOAD || !(P->p_flags & PF_X))
      continue;
    Segments[*N].Begin = Info->dlpi_addr + P->p_vaddr;
    Segments[*N].End = Info->dlpi_addr + P->p_vaddr + P->p_memsz;
    ++*N;
  }
  return 0;
}

static void listSegments(void) {
  pthread_mutex_lock(&SegmentsLock);
  unsigned N = 0;
  dl_iterate_phdr(addSegments, &N);
  atomic_store(&NumSegments, N);
  pthread_mutex_unlock(&SegmentsLock);
}

static bool inLoadedObject(uintptr_t PC) {
  unsigned N = atomic_load(&NumSegments);
  for (unsigned I = 0; I < N; ++I)
    if (Segments[I].Begin <= PC && PC < Segments[I].End)
      return true;
  return false;
}

static int timerSignal(void) { return SIGRTMIN + 3; }

static void armTimer(double Seconds) {
  if (!HaveTimer) {
    struct sigevent Event;
    memset(&Event, 0, sizeof(Event));
    Event.sigev_notify = SIGEV_THREAD_ID;
    Event.sigev_signo = timerSignal();
    Event._sigev_un._tid = gettid();
    if (timer_create(CLOCK_MONOTONIC, &Event, &Timer) != 0)
      return;
    HaveTimer = true;
  }
  struct itimerspec Spec;
  memset(&Spec, 0, sizeof(Spec));
  Spec.it_value.tv_sec = (time_t)Seconds;
  Spec.it_value.tv_nsec = (long)((Seconds - (double)(time_t)Seconds) * 1e9);
  if (!Spec.it_value.tv_sec && !Spec.it_value.tv_nsec)
    Spec.it_value.tv_nsec = 1;
  Spec.it_interval.tv_nsec = RetryNanoseconds;
  timer_settime(Timer, 0, &Spec, NULL);
}

static void disarmTimer(void) {
  if (!HaveTimer)
    return;
  struct itimerspec Off;
  memset(&Off, 0, sizeof(Off));
  timer_settime(Timer, 0, &Off, NULL);
}

/*===-- Signal handlers ---------------------------------------------------===*/

static struct sigaction PreviousSegv, PreviousBus;

/* The runner whose lane the interrupted code is, if it ran on a lane's
 * stack; *Mapping is that stack's mapping. */
static Runner *laneOf(const ucontext_t *Context, uintptr_t *Mapping) {
  Runner *R = wavesimActive;
  if (!R || !R->Current)
    return NULL;
  uintptr_t SP = (uintptr_t)Context->uc_mcontext.gregs[REG_RSP];
  return wavesimMemcheckStackPart(SP, Mapping) != MemNotLaneStack ? R : NULL;
}

static void passOn(int Signal, siginfo_t *Info, void *Context) {
  const struct sigaction *Previous =
      Signal == SIGSEGV ? &PreviousSegv : &PreviousBus;
  if (Previous->sa_flags & SA_SIGINFO) {
    Previous->sa_sigaction(Signal, Info, Context);
    return;
  }
  if (Previous->sa_handler != SIG_DFL && Previous->sa_handler != SIG_IGN) {
    Previous->sa_handler(Signal);
    return;
  }
  /* Returning re-runs the faulting instruction, which now kills. */
  signal(Signal, SIG_DFL);
}

static void onFault(int Signal, siginfo_t *Info, void *Context) {
  uintptr_t Mapping, AddressMapping;
  Runner *R = laneOf(Context, &Mapping);
  if (!R) {
    passOn(Signal, Info, Context);
    return;
  }
  const Lane *L = R->Current;
  uintptr_t Address = (uintptr_t)Info->si_addr;
  if (wavesimMemcheckStackPart(Address, &AddressMapping) == MemLaneGuard &&
      AddressMapping == Mapping)
    wavesimFaultLane(R, WaveSimStackOverflow,
                     "stack overflow in kernel %s, block (%u,%u,%u), thread "
                     "(%u,%u,%u): the lane used its %u KiB of stack "
                     "(unbounded recursion?)",
                     wavesimKernelDisplayName(R), R->BlockId[0], R->BlockId[1],
                     R->BlockId[2], L->WorkItem[0], L->WorkItem[1],
                     L->WorkItem[2], (unsigned)LaneStackBytes / 1024);
  wavesimFaultLane(R, WaveSimIllegalAddress,
                   "illegal address in kernel %s, block (%u,%u,%u), thread "
                   "(%u,%u,%u): %s at 0x%llx (caught by the %s handler)",
                   wavesimKernelDisplayName(R), R->BlockId[0], R->BlockId[1],
                   R->BlockId[2], L->WorkItem[0], L->WorkItem[1],
                   L->WorkItem[2],
                   Signal == SIGBUS              ? "bus error"
                   : Info->si_code == SI_KERNEL ? "general protection fault "
                                                  "(a non-canonical address)"
                                                : "segmentation fault",
                   (unsigned long long)Address,
                   Signal == SIGBUS ? "SIGBUS" : "SIGSEGV");
}

static void onTimer(int Signal, siginfo_t *Info, void *Context) {
  (void)Signal;
  (void)Info;
  TimedOut = 1;
  uintptr_t Mapping;
  Runner *R = laneOf(Context, &Mapping);
  const ucontext_t *UC = Context;
  if (!R || inLoadedObject((uintptr_t)UC->uc_mcontext.gregs[REG_RIP]))
    return;
  wavesimFaultLane(R, WaveSimLaunchTimeout,
                   "kernel %s ran past CUCC_LAUNCH_TIMEOUT (%g s): stopped "
                   "in block (%u,%u,%u), thread (%u,%u,%u)",
                   wavesimKernelDisplayName(R), ArmedSeconds, R->BlockId[0],
                   R->BlockId[1], R->BlockId[2], R->Current->WorkItem[0],
                   R->Current->WorkItem[1], R->Current->WorkItem[2]);
}

static void installHandlers(void) {
  struct sigaction Action;
  memset(&Action, 0, sizeof(Action));
  Action.sa_sigaction = onFault;
  /* SA_NODEFER: a handler that leaves to the scheduler never returns, so
   * the signal must not stay blocked. */
  Action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&Action.sa_mask);
  sigaction(SIGSEGV, &Action, &PreviousSegv);
  sigaction(SIGBUS, &Action, &PreviousBus);
  Action.sa_sigaction = onTimer;
  Action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER | SA_RESTART;
  sigaction(timerSignal(), &Action, NULL);
}

static pthread_once_t HandlersOnce = PTHREAD_ONCE_INIT;

/*===-- The alternate signal stack ----------------------------------------===*/

/* A thread that runs lanes needs one of at least AltStackBytes: a big
 * enough one the thread already has (the program's) will do; otherwise
 * wavesim maps its own and keeps it until the thread ends, when the one
 * that was there before comes back and its own is unmapped. Putting the
 * previous one back matters: a runtime that gave the thread that stack
 * may free it at the thread's end (ASan unmaps whatever stack is
 * installed then, with the size of its own). */
enum { AltStackBytes = 64 * 1024 };

static _Thread_local bool HaveAltStack
    __attribute__((tls_model("initial-exec")));
static _Thread_local stack_t PreviousAltStack
    __attribute__((tls_model("initial-exec")));
static pthread_key_t AltStackKey;
static bool HaveAltStackKey;
static pthread_once_t AltStackKeyOnce = PTHREAD_ONCE_INIT;

/* At the thread's end (a key destructor): Ours is the mapping. */
static void restoreAltStack(void *Ours) {
  stack_t Current;
  if (sigaltstack(NULL, &Current) == 0 && Current.ss_sp == Ours)
    sigaltstack(&PreviousAltStack, NULL);
  munmap(Ours, AltStackBytes);
  HaveAltStack = false;
}

static void createAltStackKey(void) {
  HaveAltStackKey = pthread_key_create(&AltStackKey, restoreAltStack) == 0;
}

static void ensureAltStack(void) {
  if (HaveAltStack)
    return;
  stack_t Current;
  if (sigaltstack(NULL, &Current) != 0)
    return;
  if (!(Current.ss_flags & SS_DISABLE) && Current.ss_size >= AltStackBytes) {
    HaveAltStack = true;
    return;
  }
  pthread_once(&AltStackKeyOnce, createAltStackKey);
  if (!HaveAltStackKey)
    return;
  void *Ours = mmap(NULL, AltStackBytes, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  if (Ours == MAP_FAILED)
    return;
  stack_t Stack = {.ss_sp = Ours, .ss_size = AltStackBytes};
  if (sigaltstack(&Stack, NULL) != 0 ||
      pthread_setspecific(AltStackKey, Ours) != 0) {
    sigaltstack(&Current, NULL);
    munmap(Ours, AltStackBytes);
    return;
  }
  PreviousAltStack = Current;
  HaveAltStack = true;
}

void wavesimFaultsEnterThread(Runner *R) {
  (void)R;
  ensureAltStack();
  pthread_once(&HandlersOnce, installHandlers);
  TimedOut = 0;
  double Seconds = launchTimeout();
  if (Seconds <= 0)
    return;
  listSegments();
  ArmedSeconds = Seconds;
  armTimer(Seconds);
}

void wavesimFaultsLeaveThread(void) {
  disarmTimer();
  TimedOut = 0;
}

WaveSimStatus wavesimFaultsPending(Runner *R, char *Error, size_t ErrorSize) {
  if (R->Fault.Status == WaveSimOk && TimedOut) {
    R->Fault.Status = WaveSimLaunchTimeout;
    snprintf(R->Fault.Message, sizeof(R->Fault.Message),
             "kernel %s ran past CUCC_LAUNCH_TIMEOUT (%g s): stopped in "
             "block (%u,%u,%u)",
             wavesimKernelDisplayName(R), ArmedSeconds, R->BlockId[0],
             R->BlockId[1], R->BlockId[2]);
  }
  if (R->Fault.Status != WaveSimOk)
    wavesimFormatError(Error, ErrorSize, "%s", R->Fault.Message);
  return R->Fault.Status;
}
