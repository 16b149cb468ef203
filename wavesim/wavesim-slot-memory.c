/*===- wavesim-slot-memory.c - A resident block's lanes, stacks and LDS ---===*
 *
 * Each slot of a pool worker (wavesim-pool.c) holds one resident block:
 * its Runner and lanes, a stack per lane with an inaccessible guard page
 * below it, the ucontexts of the ucontext switch, and the block's shared
 * memory. A slot keeps them from block to block, growing them when a
 * launch needs more, until the last simulator is disposed of.
 *
 * Lane stacks and shared memory lie below 4 GiB (mapLow), so that 32-bit
 * private and shared addresses convert back to pointers.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-internal.h"
#include "wavesim-memcheck.h"
#include "wavesim-pool.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static const uintptr_t LowStart = 0x80000000u, LowEnd = 0x100000000ull,
                       LowStep = 16u << 20;

/* Bytes of read-write memory below 4 GiB: MAP_32BIT's gigabyte first,
 * then the rest of the low 4 GiB (free in a position-independent
 * program), probed without replacing anything. */
static void *mapLow(size_t Bytes) {
  int Flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
  void *P = mmap(NULL, Bytes, PROT_READ | PROT_WRITE, Flags | MAP_32BIT, -1, 0);
  if (P != MAP_FAILED)
    return P;
  for (uintptr_t At = LowStart; At + Bytes <= LowEnd; At += LowStep) {
    P = mmap((void *)At, Bytes, PROT_READ | PROT_WRITE,
             Flags | MAP_FIXED_NOREPLACE, -1, 0);
    if (P != MAP_FAILED && P == (void *)At)
      return P;
    if (P != MAP_FAILED)
      munmap(P, Bytes); /* a kernel that ignores the flag */
  }
  return NULL;
}


/* The memory check knows each stack (a fault there is the lane's). */
static void unmapStacks(Slot *Sl) {
  for (unsigned I = 0; I < Sl->NumStacks; ++I)
    wavesimMemcheckRemoveStack(Sl->Stacks[I]);
  munmap(Sl->StackRegion,
         (size_t)Sl->NumStacks * (GuardBytes + LaneStackBytes));
  atomic_fetch_sub(&WaveSimLiveStacks, Sl->NumStacks);
  Sl->StackRegion = NULL;
}

void wavesimFreeSlotMemory(Slot *Sl) {
  if (Sl->StackRegion)
    unmapStacks(Sl);
  if (Sl->Shared)
    munmap(Sl->Shared, Sl->SharedCapacity);
  if (Sl->R)
    free(Sl->R->Lanes);
  free(Sl->R);
  free(Sl->Stacks);
  free(Sl->Contexts);
  memset(Sl, 0, sizeof(*Sl));
}

/* Stacks for Count lanes, each with an inaccessible guard page below it
 * (an overflowing lane faults instead of overwriting its neighbour); pages
 * are committed as they are touched. */
static bool ensureStacks(Slot *Sl, unsigned Count) {
  if (Sl->NumStacks >= Count)
    return true;
  if (Count < 64 && Count > 1)
    Count = 64;
  size_t Each = GuardBytes + LaneStackBytes;
  char *Region = mapLow((size_t)Count * Each);
  if (!Region)
    return false;
  if (Sl->StackRegion)
    unmapStacks(Sl);
  Sl->Stacks = realloc(Sl->Stacks, Count * sizeof(char *));
  for (unsigned I = 0; I < Count; ++I) {
    Sl->Stacks[I] = Region + (size_t)I * Each;
    mprotect(Sl->Stacks[I], GuardBytes, PROT_NONE);
    wavesimMemcheckAddStack(Sl->Stacks[I]);
  }
  Sl->StackRegion = Region;
  Sl->NumStacks = Count;
  atomic_fetch_add(&WaveSimLiveStacks, Count);
  return true;
}

/* Everything a block of L needs in Sl; false if memory ran out. */
bool wavesimPrepareSlot(Slot *Sl, const Launch *L) {
  if (!Sl->R) {
    Sl->R = aligned_alloc(64, (sizeof(Runner) + 63) & ~(size_t)63);
    memset(Sl->R, 0, sizeof(Runner));
  }
  if (Sl->LaneCapacity < L->Threads) {
    free(Sl->R->Lanes);
    Sl->R->Lanes = calloc(L->Threads, sizeof(Lane));
    Sl->LaneCapacity = L->Threads;
  }
  if (!ensureStacks(Sl, L->K->LanesIndependent ? 1 : L->Threads))
    return false;
  if (L->S->UseUContext && Sl->ContextCapacity < L->Threads) {
    free(Sl->Contexts);
    Sl->Contexts = calloc(L->Threads, sizeof(ucontext_t));
    Sl->ContextCapacity = L->Threads;
  }
  size_t SharedBytes = L->S->DynamicSharedOffset + DynamicLDSBytes;
  if (Sl->SharedCapacity < SharedBytes) {
    uint8_t *Shared = mapLow(SharedBytes);
    if (!Shared)
      return false;
    if (Sl->Shared)
      munmap(Sl->Shared, Sl->SharedCapacity);
    Sl->Shared = Shared;
    Sl->SharedCapacity = SharedBytes;
  }
  return true;
}
