/*===- wavesim-pool.h - The pool's workers, slots and launch ---*- C -*-===*
 *
 * The state of the pool that runs a grid's blocks on host threads
 * (wavesim-pool.c, which says how): its limits, the workers, each worker's
 * slots (one resident block's lanes, stacks and shared memory, which
 * wavesim-slot-memory.c maps and frees) and the launch they share.
 *
 *===----------------------------------------------------------------------===*/

#ifndef WAVESIM_POOL_H
#define WAVESIM_POOL_H

#include "wavesim-internal.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <ucontext.h>

enum {
  MaxWorkers = 128, /* %nsmid on gfx9 */
  MaxSlots = 16,         /* resident blocks of an ordinary launch */
  ResidentLanes = 2048,  /* work-items resident on one compute unit */
  BackOffRounds = 64,    /* idle rounds of sched_yield before naps */
  NapMicroseconds = 100, /* a nap of an idle worker */
  ErrorBytes = 1024
};

typedef struct BlockOutput {
  unsigned long long Block;
  Runner *Owner; /* while its block runs and holds it */
  struct HeldText {
    int Stream;
    char *Text;
    size_t Length;
  } *Texts;
  unsigned Count, Capacity;
  struct BlockOutput *Next; /* in Launch::Open, or Launch::Held by block */
} BlockOutput;

typedef struct {
  Runner *R;
  unsigned LaneCapacity;
  char *StackRegion;
  unsigned NumStacks;
  char **Stacks;
  ucontext_t *Contexts;
  unsigned ContextCapacity;
  uint8_t *Shared;
  size_t SharedCapacity;
  bool Busy;
  bool Slept; /* its last turn ended with only sleeping lanes */
  unsigned long long Block;
} Slot;

typedef struct {
  unsigned Index;
  pthread_t Thread;
  bool Started;
  Slot *Slots;
  unsigned NumSlots;
  WaveSimStats Stats;
  char Error[ErrorBytes];
  atomic_uint IdleRounds; /* rounds in a row that got nowhere */
  atomic_bool Done;       /* it has no block of the launch left */
} Worker;

struct Launch {
  WaveSim *S;
  const Kernel *K;
  void **Args;
  unsigned Grid[3], Block[3];
  size_t Dynamic;
  unsigned Threads; /* a block's */
  unsigned long long NumBlocks;
  bool Cooperative;
  unsigned NumWorkers, SlotsPerWorker;
  pthread_mutex_t Lock; /* what follows */
  unsigned long long NextBlock;
  unsigned long long *InFlight; /* started, not finished */
  unsigned NumInFlight, InFlightCapacity;
  WaveSimStatus Status;
  unsigned long long FailedBlock;
  char Error[ErrorBytes];
  atomic_bool Immediate; /* print as it comes */
  BlockOutput *Open;  /* of blocks that run */
  BlockOutput *Held;  /* of finished blocks, by block */
  atomic_bool Stop;
  atomic_ullong Epoch; /* rounds of any worker that got somewhere */
};

/* wavesim-slot-memory.c */
/* Everything a block of L needs in Sl; false if memory ran out. */
bool wavesimPrepareSlot(Slot *Sl, const Launch *L);
/* Unmaps and frees what Sl holds; Sl is empty after. */
void wavesimFreeSlotMemory(Slot *Sl);

#endif
