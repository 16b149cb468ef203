/*===- wavesim-pool.c - A grid's blocks on a pool of host threads ----------===*
 *
 * A GPU runs many blocks at once and keeps several resident on each of its
 * compute units; so does wavesim. A launch runs on a pool of host threads,
 * the workers (all online cores, or CUCC_WAVESIM_THREADS; the thread that
 * launches is worker 0, so CUCC_WAVESIM_THREADS=1 runs everything on it, one
 * block at a time in grid order, as wavesim always did). Each worker is
 * one emulated compute unit: it has slots, each with the lanes, lane
 * stacks and shared memory of one resident block (wavesim-slot-memory.c),
 * and its own counters.
 *
 * An ordinary launch: a worker takes the grid's next block (in order) when
 * it has none, or when every block it holds only sleeps (its lanes wait
 * at s.sleep or at a poll point, wavesim-polls.c: they wait for what other
 * blocks write) and it has a free slot; up to an AMD compute unit's
 * occupancy (ResidentLanes work-items, 64 KiB of LDS, MaxSlots blocks).
 * It gives its resident blocks turns, each running until it finishes or
 * only sleeps. So blocks that wait for each other through global memory
 * (a flag, a grid barrier, a retirement counter) meet as on a GPU with
 * that many blocks resident. A cooperative launch starts all its blocks at
 * once, block b on worker b mod workers.
 *
 * When no worker's blocks get anywhere (every resident block only sleeps,
 * none can start, and nothing changed) for SleepIdleRounds rounds and
 * DeadlockSeconds (2 s, CUCC_WAVESIM_DEADLOCK_SECONDS: the host may yet
 * write what a kernel polls), the launch fails as a deadlock with a
 * message rather than hang. A worker whose blocks sleep while another
 * worker runs, or long, backs off (sched_yield, then short naps), so that
 * CUCC_WAVESIM_THREADS above the core count does not starve the worker
 * that runs, and a kernel waiting for the host does not spin a core.
 *
 * The launch reports the failure of the lowest-numbered failing block, so
 * that the message does not depend on timing; after a trap the other
 * blocks still run (each failed assert prints), after any other failure
 * no new block starts. Device printf output is held per block and printed
 * in block order once every lower block has finished, as one thread would
 * print it; once a block sleeps (blocks wait for each other, and their
 * order is the program's) it is printed as it comes.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-faults.h"
#include "wavesim-internal.h"
#include "wavesim-pool.h"
#include "wavesim-printf.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/*===-- Workers and their slots -------------------------------------------===*/

static Worker *Workers[MaxWorkers];
static unsigned PoolThreads, StartedThreads;
static pthread_once_t PoolOnce = PTHREAD_ONCE_INIT;
/* One launch at a time; the lock also guards the workers' slots. */
static pthread_mutex_t PoolLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t WakeLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t WakeCond = PTHREAD_COND_INITIALIZER;
static pthread_cond_t DoneCond = PTHREAD_COND_INITIALIZER;
static Launch *Current;
static unsigned long long Generation;
static unsigned Running;
static atomic_uint LiveSimulators;

/* Seconds a grid must get nowhere, besides SleepIdleRounds rounds, before
 * it is a deadlock: the host may still write what a kernel polls (mapped
 * memory, a gate the host opens), which wavesim cannot see coming. */
static double DeadlockSeconds = 2.0;

static void choosePoolSize(void) {
  const char *Wait = getenv("CUCC_WAVESIM_DEADLOCK_SECONDS");
  if (Wait && *Wait && strtod(Wait, NULL) >= 0)
    DeadlockSeconds = strtod(Wait, NULL);
  long Cores = sysconf(_SC_NPROCESSORS_ONLN);
  unsigned N = Cores > 0 ? (unsigned)Cores : 1;
  const char *Env = getenv("CUCC_WAVESIM_THREADS");
  if (Env && *Env) {
    char *End;
    unsigned long V = strtoul(Env, &End, 10);
    if (*End || V == 0)
      fprintf(stderr,
              "wavesim: CUCC_WAVESIM_THREADS='%s' is not a positive "
              "number; using %u threads\n",
              Env, N);
    else
      N = (unsigned)V;
  }
  PoolThreads = N > MaxWorkers ? MaxWorkers : N;
  for (unsigned I = 0; I < PoolThreads; ++I) {
    Workers[I] = calloc(1, sizeof(Worker));
    Workers[I]->Index = I;
  }
}

unsigned wavesimThreads(void) {
  pthread_once(&PoolOnce, choosePoolSize);
  return PoolThreads;
}

void wavesimPoolRetain(void) { atomic_fetch_add(&LiveSimulators, 1); }

/* With the last simulator gone, so are the slots' stacks and memory (the
 * threads stay, waiting for the next launch). */
void wavesimPoolRelease(void) {
  if (atomic_fetch_sub(&LiveSimulators, 1) != 1)
    return;
  pthread_mutex_lock(&PoolLock);
  if (atomic_load(&LiveSimulators) == 0)
    for (unsigned W = 0; W < MaxWorkers && Workers[W]; ++W) {
      for (unsigned I = 0; I < Workers[W]->NumSlots; ++I)
        wavesimFreeSlotMemory(&Workers[W]->Slots[I]);
      free(Workers[W]->Slots);
      Workers[W]->Slots = NULL;
      Workers[W]->NumSlots = 0;
    }
  pthread_mutex_unlock(&PoolLock);
}

/* A free slot of W (a new one if all are busy and Limit allows), ready
 * for a block of L; NULL if none. */
static Slot *freeSlot(Worker *W, const Launch *L, unsigned Limit) {
  unsigned Busy = 0;
  for (unsigned I = 0; I < W->NumSlots; ++I)
    Busy += W->Slots[I].Busy;
  if (Busy >= Limit)
    return NULL;
  Slot *Sl = NULL;
  for (unsigned I = 0; I < W->NumSlots && !Sl; ++I)
    if (!W->Slots[I].Busy)
      Sl = &W->Slots[I];
  if (!Sl) {
    W->Slots = realloc(W->Slots, (W->NumSlots + 1) * sizeof(Slot));
    Sl = &W->Slots[W->NumSlots++];
    memset(Sl, 0, sizeof(*Sl));
  }
  return wavesimPrepareSlot(Sl, L) ? Sl : NULL;
}

/*===-- Output in block order ---------------------------------------------===*/

static void writeOutput(BlockOutput *O) {
  for (unsigned I = 0; I < O->Count; ++I) {
    wavesimPrintfWrite(O->Texts[I].Stream, O->Texts[I].Text,
                       O->Texts[I].Length);
    free(O->Texts[I].Text);
  }
  free(O->Texts);
  free(O);
}

static unsigned long long lowestUnfinished(const Launch *L) {
  unsigned long long Lowest = L->NextBlock;
  for (unsigned I = 0; I < L->NumInFlight; ++I)
    if (L->InFlight[I] < Lowest)
      Lowest = L->InFlight[I];
  return Lowest;
}

/* Prints the held output of blocks below every unfinished one (all of it
 * when printing as it comes). Under L->Lock. */
static void writeFinishedOutput(Launch *L) {
  unsigned long long Lowest = lowestUnfinished(L);
  while (L->Held && (atomic_load(&L->Immediate) || L->Held->Block < Lowest)) {
    BlockOutput *O = L->Held;
    L->Held = O->Next;
    writeOutput(O);
  }
}

static void holdOutput(Launch *L, BlockOutput *O) {
  BlockOutput **At = &L->Held;
  while (*At && (*At)->Block < O->Block)
    At = &(*At)->Next;
  O->Next = *At;
  *At = O;
}

/* Takes O out of L->Open. Under L->Lock. */
static void closeOutput(Launch *L, BlockOutput *O) {
  BlockOutput **At = &L->Open;
  while (*At != O)
    At = &(*At)->Next;
  *At = O->Next;
  O->Owner->Output = NULL;
  O->Owner = NULL;
}

/* Blocks wait for each other: from now on output is printed as it comes,
 * after what the blocks printed so far, in block order. */
static void printImmediately(Launch *L) {
  pthread_mutex_lock(&L->Lock);
  if (!atomic_load(&L->Immediate)) {
    while (L->Open) {
      BlockOutput *O = L->Open;
      closeOutput(L, O);
      holdOutput(L, O);
    }
    atomic_store(&L->Immediate, true);
    writeFinishedOutput(L);
  }
  pthread_mutex_unlock(&L->Lock);
}

bool wavesimHoldOutput(Runner *R, int Stream, const char *Text,
                       size_t Length) {
  Launch *L = Current;
  if (!L)
    return false;
  pthread_mutex_lock(&L->Lock);
  bool Hold = !atomic_load(&L->Immediate);
  if (Hold) {
    BlockOutput *O = R->Output;
    if (!O) {
      O = R->Output = calloc(1, sizeof(BlockOutput));
      O->Owner = R;
      O->Next = L->Open;
      L->Open = O;
      O->Block = R->BlockId[0] + (unsigned long long)L->Grid[0] *
                                     (R->BlockId[1] + (unsigned long long)
                                                          L->Grid[1] *
                                                          R->BlockId[2]);
    }
    if (O->Count == O->Capacity) {
      O->Capacity = O->Capacity ? 2 * O->Capacity : 8;
      O->Texts = realloc(O->Texts, O->Capacity * sizeof(*O->Texts));
    }
    char *Copy = malloc(Length ? Length : 1);
    memcpy(Copy, Text, Length);
    O->Texts[O->Count++] = (struct HeldText){Stream, Copy, Length};
  }
  pthread_mutex_unlock(&L->Lock);
  return Hold;
}

/*===-- Claiming, starting and finishing blocks ---------------------------===*/

static void addInFlight(Launch *L, unsigned long long Block) {
  if (L->NumInFlight == L->InFlightCapacity) {
    L->InFlightCapacity = L->InFlightCapacity ? 2 * L->InFlightCapacity : 64;
    L->InFlight =
        realloc(L->InFlight, L->InFlightCapacity * sizeof(*L->InFlight));
  }
  L->InFlight[L->NumInFlight++] = Block;
}

static bool blocksLeft(Launch *L) {
  pthread_mutex_lock(&L->Lock);
  bool Left = L->NextBlock < L->NumBlocks;
  pthread_mutex_unlock(&L->Lock);
  return Left;
}

/* The grid's next block for an ordinary launch, or false. */
static bool claimBlock(Launch *L, unsigned long long *Block) {
  pthread_mutex_lock(&L->Lock);
  bool Got = L->NextBlock < L->NumBlocks && !atomic_load(&L->Stop);
  if (Got) {
    *Block = L->NextBlock++;
    addInFlight(L, *Block);
  }
  pthread_mutex_unlock(&L->Lock);
  return Got;
}

static void startBlock(Worker *W, Slot *Sl, const Launch *L,
                       unsigned long long Block) {
  Runner *R = Sl->R;
  Lane *Lanes = R->Lanes;
  memset(R, 0, sizeof(Runner));
  R->S = L->S;
  R->K = L->K;
  R->Args = L->Args;
  memcpy(R->BlockDim, L->Block, sizeof(R->BlockDim));
  R->BlockId[0] = (unsigned)(Block % L->Grid[0]);
  R->BlockId[1] = (unsigned)(Block / L->Grid[0] % L->Grid[1]);
  R->BlockId[2] = (unsigned)(Block / ((unsigned long long)L->Grid[0] *
                                      L->Grid[1]));
  R->NumThreads = L->Threads;
  R->NumWaves = (L->Threads + L->S->WaveSize - 1) / L->S->WaveSize;
  R->Lanes = Lanes;
  R->Stacks = Sl->Stacks;
  R->Contexts = Sl->Contexts;
  R->Shared = Sl->Shared;
  R->SharedBytes = L->S->DynamicSharedOffset + L->Dynamic;
  R->Stats = &W->Stats;
  R->Worker = W->Index;
  wavesimFillDispatchPacket(R, L->Grid, L->Dynamic);
  wavesimFillImplicitArgs(R, L->Grid);
  Sl->Busy = true;
  Sl->Slept = false;
  Sl->Block = Block;
  wavesimActive = R;
  wavesimPoisonSharedMemory(R);
  wavesimStartLanes(R, Sl->Stacks);
  ++W->Stats.Blocks;
}

/* Whether a launch goes on to start blocks after this status. */
static bool continuesAfter(WaveSimStatus Status) {
  return Status == WaveSimOk || Status == WaveSimAssertFailed;
}

/* Records the failure of Block unless a lower block's is recorded. */
static void recordFailure(Launch *L, unsigned long long Block,
                          WaveSimStatus Status, const char *Error) {
  pthread_mutex_lock(&L->Lock);
  if (L->Status == WaveSimOk || Block < L->FailedBlock ||
      (L->Status == WaveSimAssertFailed && !continuesAfter(Status))) {
    L->Status = Status;
    L->FailedBlock = Block;
    snprintf(L->Error, sizeof(L->Error), "%s", Error);
  }
  pthread_mutex_unlock(&L->Lock);
  if (!continuesAfter(Status))
    atomic_store(&L->Stop, true);
}

/* The block of Sl ended (or is abandoned): its output is released. */
static void finishBlock(Launch *L, Slot *Sl) {
  pthread_mutex_lock(&L->Lock);
  for (unsigned I = 0; I < L->NumInFlight; ++I)
    if (L->InFlight[I] == Sl->Block) {
      L->InFlight[I] = L->InFlight[--L->NumInFlight];
      break;
    }
  BlockOutput *O = Sl->R->Output;
  if (O) {
    closeOutput(L, O);
    holdOutput(L, O);
  }
  writeFinishedOutput(L);
  pthread_mutex_unlock(&L->Lock);
  wavesimEndLanes(Sl->R);
  Sl->Busy = false;
}

/*===-- A worker's share of a launch --------------------------------------===*/

static unsigned busySlots(const Worker *W) {
  unsigned Busy = 0;
  for (unsigned I = 0; I < W->NumSlots; ++I)
    Busy += W->Slots[I].Busy;
  return Busy;
}

static bool allBusySlept(const Worker *W) {
  for (unsigned I = 0; I < W->NumSlots; ++I)
    if (W->Slots[I].Busy && !W->Slots[I].Slept)
      return false;
  return true;
}

/* Every other worker that still has blocks got nowhere in its last
 * Rounds rounds (a worker inside a round that gets somewhere has fewer). */
static bool othersIdle(const Launch *L, const Worker *Self, unsigned Rounds) {
  for (unsigned W = 0; W < L->NumWorkers; ++W)
    if (Workers[W] != Self && !atomic_load(&Workers[W]->Done) &&
        atomic_load(&Workers[W]->IdleRounds) < Rounds)
      return false;
  return true;
}

static double now(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (double)T.tv_sec + (double)T.tv_nsec * 1e-9;
}

static void backOff(unsigned Round) {
  if (Round < BackOffRounds) {
    sched_yield();
    return;
  }
  struct timespec Nap = {0, NapMicroseconds * 1000};
  nanosleep(&Nap, NULL);
}

static void reportGridDeadlock(Launch *L) {
  unsigned long long Lowest = ~0ull;
  unsigned Resident = 0;
  pthread_mutex_lock(&L->Lock);
  Lowest = lowestUnfinished(L);
  Resident = L->NumInFlight;
  unsigned long long NotStarted = L->NumBlocks - L->NextBlock;
  pthread_mutex_unlock(&L->Lock);
  char Error[ErrorBytes];
  if (L->Cooperative)
    snprintf(Error, sizeof(Error),
             "deadlock in a cooperative launch: %u of %llu blocks wait (at "
             "s.sleep or polling memory, as in a grid barrier) for what no "
             "other lane does",
             Resident, L->NumBlocks);
  else
    snprintf(Error, sizeof(Error),
             "deadlock: %u resident blocks of %s wait (at s.sleep or polling "
             "memory) for what no resident lane does; %llu of the grid's "
             "%llu blocks have not started (wavesim keeps at most %u blocks "
             "of %u threads resident on each of %u threads)",
             Resident, L->K->Name, NotStarted, L->NumBlocks,
             L->SlotsPerWorker, L->Threads, L->NumWorkers);
  recordFailure(L, Lowest, WaveSimDeadlocked, Error);
}

/* One turn of the block in Sl: it runs until it finishes, fails or only
 * sleeps. Returns whether it finished (or failed). */
static bool takeTurn(Worker *W, Launch *L, Slot *Sl) {
  Runner *R = Sl->R;
  wavesimActive = R;
  if (Sl->Slept)
    wavesimWakeSleepers(R);
  WaveSimStatus Status = wavesimDriveBlock(R, W->Error, sizeof(W->Error));
  if ((int)Status == WaveSimBlockSleeps) {
    Sl->Slept = true;
    if (!atomic_load(&L->Immediate) && L->NumBlocks > 1)
      printImmediately(L);
    return false;
  }
  if (Status != WaveSimOk)
    recordFailure(L, Sl->Block, Status, W->Error);
  finishBlock(L, Sl);
  return true;
}

static uint64_t workerProgress(const Worker *W) {
  uint64_t Mark = 0;
  for (unsigned I = 0; I < W->NumSlots; ++I)
    if (W->Slots[I].Busy)
      Mark += wavesimProgressMark(W->Slots[I].R);
  return Mark;
}

static void setSleepersIdle(Worker *W, bool Idle) {
  for (unsigned I = 0; I < W->NumSlots; ++I)
    if (W->Slots[I].Busy)
      W->Slots[I].R->SleepersIdle = Idle;
}

/* A cooperative launch: block b of the grid on worker b mod NumWorkers,
 * all started before any runs. */
static bool startCooperativeBlocks(Worker *W, Launch *L) {
  for (unsigned long long B = W->Index; B < L->NumBlocks; B += L->NumWorkers) {
    Slot *Sl = freeSlot(W, L, ~0u);
    if (!Sl) {
      recordFailure(L, B, WaveSimNoMemory,
                    "cannot map the lane stacks of a cooperative launch");
      return false;
    }
    startBlock(W, Sl, L, B);
  }
  return true;
}

static void abandonBlocks(Worker *W, Launch *L) {
  for (unsigned I = 0; I < W->NumSlots; ++I)
    if (W->Slots[I].Busy)
      finishBlock(L, &W->Slots[I]);
}

static void runWorker(Worker *W, Launch *L) {
  memset(&W->Stats, 0, sizeof(W->Stats));
  wavesimFaultsEnterThread(NULL);
  unsigned IdleRounds = 0, WaitRounds = 0;
  double IdleSince = 0;
  unsigned long long SeenEpoch = atomic_load(&L->Epoch);
  if (L->Cooperative && !startCooperativeBlocks(W, L))
    atomic_store(&L->Stop, true);
  for (;;) {
    if (atomic_load(&L->Stop)) {
      abandonBlocks(W, L);
      break;
    }
    bool Moved = false;
    /* A new block when none is resident or all the resident ones sleep. */
    if (!L->Cooperative && (busySlots(W) == 0 || allBusySlept(W)) &&
        blocksLeft(L)) {
      Slot *Sl = freeSlot(W, L, L->SlotsPerWorker);
      unsigned long long Block;
      if (Sl && claimBlock(L, &Block)) {
        startBlock(W, Sl, L, Block);
        Moved = true;
      }
      /* Without even one block's stacks (below 4 GiB), the others run. */
    }
    if (busySlots(W) == 0)
      break;
    uint64_t Before = workerProgress(W);
    for (unsigned I = 0; I < W->NumSlots; ++I)
      if (W->Slots[I].Busy && !atomic_load(&L->Stop))
        Moved |= takeTurn(W, L, &W->Slots[I]);
    Moved |= workerProgress(W) != Before;
    if (Moved) {
      SeenEpoch = atomic_fetch_add(&L->Epoch, 1) + 1;
      atomic_store(&W->IdleRounds, 0);
      IdleRounds = WaitRounds = 0;
      setSleepersIdle(W, false);
      continue;
    }
    /* Everything resident only slept (a free slot would have taken a
     * block above); since another worker got somewhere, it starts over. */
    unsigned long long Epoch = atomic_load(&L->Epoch);
    IdleRounds = Epoch == SeenEpoch ? IdleRounds + 1 : 0;
    SeenEpoch = Epoch;
    if (IdleRounds == 1)
      IdleSince = now();
    atomic_store(&W->IdleRounds, IdleRounds);
    setSleepersIdle(W, IdleRounds >= 2 && othersIdle(L, W, 2));
    bool AllIdle = othersIdle(L, W, IdleRounds);
    if (!AllIdle || IdleRounds >= BackOffRounds)
      backOff(WaitRounds++);
    if (AllIdle && IdleRounds >= SleepIdleRounds &&
        now() - IdleSince >= DeadlockSeconds)
      reportGridDeadlock(L);
  }
  wavesimFaultsLeaveThread();
  atomic_store(&W->Done, true);
}

/*===-- The pool's threads ------------------------------------------------===*/

static void *workerMain(void *Arg) {
  Worker *W = Arg;
  unsigned long long Seen = 0;
  for (;;) {
    pthread_mutex_lock(&WakeLock);
    while (Generation == Seen)
      pthread_cond_wait(&WakeCond, &WakeLock);
    Seen = Generation;
    Launch *L = Current;
    pthread_mutex_unlock(&WakeLock);
    if (W->Index < L->NumWorkers)
      runWorker(W, L);
    wavesimActive = NULL;
    pthread_mutex_lock(&WakeLock);
    if (--Running == 0)
      pthread_cond_signal(&DoneCond);
    pthread_mutex_unlock(&WakeLock);
  }
  return NULL;
}

static void startThreads(void) {
  for (unsigned I = 1; I < PoolThreads; ++I) {
    if (Workers[I]->Started)
      continue;
    pthread_attr_t Attr;
    pthread_attr_init(&Attr);
    pthread_attr_setstacksize(&Attr, 1 << 20);
    if (pthread_create(&Workers[I]->Thread, &Attr, workerMain, Workers[I]) ==
        0) {
      pthread_detach(Workers[I]->Thread);
      Workers[I]->Started = true;
      ++StartedThreads;
    }
    pthread_attr_destroy(&Attr);
  }
}

/* Blocks of an ordinary launch one worker keeps resident: an AMD compute
 * unit's, bounded by its work-items and its 64 KiB of LDS. */
static unsigned occupancy(const Launch *L) {
  unsigned ByLanes = ResidentLanes / L->Threads;
  size_t Shared = L->K->StaticShared + L->Dynamic;
  unsigned ByShared =
      Shared ? (unsigned)(WaveSimMaxSharedBytes / Shared) : MaxSlots;
  unsigned N = ByLanes < ByShared ? ByLanes : ByShared;
  N = N < MaxSlots ? N : MaxSlots;
  return N ? N : 1;
}

static void addStats(WaveSimStats *To, const WaveSimStats *From) {
  To->Blocks += From->Blocks;
  To->Lanes += From->Lanes;
  To->Resumes += From->Resumes;
  To->CrossLaneCalls += From->CrossLaneCalls;
  To->Barriers += From->Barriers;
}

WaveSimStatus wavesimRunGrid(WaveSim *S, const Kernel *K, void **Args,
                             const unsigned Grid[3], const unsigned Block[3],
                             size_t DynamicSharedBytes, bool Cooperative,
                             char *Error, size_t ErrorSize) {
  unsigned Threads = wavesimThreads();
  Launch *L = calloc(1, sizeof(Launch));
  L->S = S;
  L->K = K;
  L->Args = Args;
  memcpy(L->Grid, Grid, sizeof(L->Grid));
  memcpy(L->Block, Block, sizeof(L->Block));
  L->Dynamic = DynamicSharedBytes;
  L->Threads = Block[0] * Block[1] * Block[2];
  L->NumBlocks = (unsigned long long)Grid[0] * Grid[1] * Grid[2];
  L->Cooperative = Cooperative;
  L->NumWorkers =
      L->NumBlocks < Threads ? (unsigned)L->NumBlocks : Threads;
  if (Cooperative) {
    for (unsigned long long B = 0; B < L->NumBlocks; ++B)
      addInFlight(L, B);
    L->NextBlock = L->NumBlocks;
  }
  L->SlotsPerWorker = occupancy(L);
  L->Status = WaveSimOk;
  pthread_mutex_init(&L->Lock, NULL);

  pthread_mutex_lock(&PoolLock);
  Runner *Outer = wavesimActive;
  for (unsigned W = 0; W < L->NumWorkers; ++W) {
    atomic_store(&Workers[W]->IdleRounds, 0);
    atomic_store(&Workers[W]->Done, false);
  }
  if (L->NumWorkers > 1)
    startThreads();
  if (L->NumWorkers > StartedThreads + 1)
    L->NumWorkers = StartedThreads + 1;
  pthread_mutex_lock(&WakeLock);
  Current = L;
  if (L->NumWorkers > 1) {
    Running = StartedThreads;
    ++Generation;
    pthread_cond_broadcast(&WakeCond);
  }
  pthread_mutex_unlock(&WakeLock);
  runWorker(Workers[0], L);
  pthread_mutex_lock(&WakeLock);
  while (L->NumWorkers > 1 && Running)
    pthread_cond_wait(&DoneCond, &WakeLock);
  Current = NULL;
  pthread_mutex_unlock(&WakeLock);
  wavesimActive = Outer;

  if (L->Status == WaveSimOk && L->NextBlock < L->NumBlocks) {
    L->Status = WaveSimNoMemory;
    snprintf(L->Error, sizeof(L->Error),
             "cannot map the lane stacks of a block of %u threads below "
             "4 GiB",
             L->Threads);
  }
  ++S->Stats.Launches;
  for (unsigned W = 0; W < L->NumWorkers; ++W)
    addStats(&S->Stats, &Workers[W]->Stats);
  atomic_store(&L->Immediate, true);
  writeFinishedOutput(L);
  pthread_mutex_unlock(&PoolLock);

  WaveSimStatus Status = L->Status;
  if (Status != WaveSimOk)
    wavesimFormatError(Error, ErrorSize, "%s", L->Error);
  free(L->InFlight);
  pthread_mutex_destroy(&L->Lock);
  free(L);
  return Status;
}

unsigned wavesimLiveStacks(void) { return atomic_load(&WaveSimLiveStacks); }
