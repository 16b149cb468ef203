/*===- wavesim-memcheck.c - Every memory access of a kernel checked -------===*
 *
 * On a GPU a kernel that stores outside its memory faults, and the launch
 * fails with cudaErrorIllegalAddress; on the host the same store would
 * corrupt the runtime's memory or kill the process. So every load, store,
 * atomic and llvm.memcpy/memmove/memset of the rewritten module is checked
 * before it runs against what a lane may touch:
 *
 *   - the runtime's allocations (device, managed, pinned and registered
 *     host memory: wavesimAddRange), to the byte, so that a store in the
 *     slack a page-rounded allocation leaves is caught too;
 *   - the module's own globals (__device__, __constant__, string
 *     literals), which the rewrite lists in @__wavesim_globals;
 *   - the block's shared memory: each static shared variable whole, the
 *     extern (dynamic) array only for the bytes this launch gives it; an
 *     access through an address-space-3 pointer must land there;
 *   - the lane's own stack (private memory, through any pointer), the
 *     dispatch packet, the implicit kernel arguments and the kernel's byref
 *     arguments.
 *
 * The check is inline and cheap: each function keeps, per underlying base
 * pointer (the object its accesses are offsets of), a slot holding the
 * last valid range found for it, and an access within that range goes on
 * after three compares; otherwise __wavesim_check looks the address up in
 * the tables and refills the slot, or fails the launch with
 * WaveSimIllegalAddress (WaveSimIllegalSharedAddress through a shared
 * pointer), naming kernel, block, thread, the access, the address, where
 * it lies and the source line (the access's !dbg location, which cucc
 * keeps with -lineinfo or -g). Accesses at constant offsets inside an
 * alloca or a global need no check. The instrumentation is on when
 * CUCC_WAVESIM_MEMCHECK is set to anything but 0 (without it, faults still
 * end the launch, through the SIGSEGV handler of wavesim-faults.c, where
 * the host's mapping faults).
 *
 * This file holds the table of valid memory and the check at run time;
 * wavesim-memcheck-instrument.c inserts the checks into the module, and
 * wavesim-divide.c gives integer division by zero the AMD GPU's result.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-memcheck.h"

#include "wavesim-faults.h"
#include "wavesim-internal.h"
#include "wavesim-memcheck-module.h"

#include <llvm-c/Core.h>
#include <llvm-c/Error.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-- The table of valid memory -----------------------------------------===*/

typedef enum { RangeAllocation, RangeGlobal, RangeStack, RangeGuard } RangeKind;

typedef struct {
  uintptr_t Begin, End;
  RangeKind Kind;
} MemRange;

static pthread_rwlock_t TableLock = PTHREAD_RWLOCK_INITIALIZER;
static MemRange *Table; /* sorted by Begin */
static size_t TableCount, TableCapacity;

/* The index of the first range beginning after Address. */
static size_t upperBound(uintptr_t Address) {
  size_t Low = 0, High = TableCount;
  while (Low < High) {
    size_t Mid = (Low + High) / 2;
    if (Table[Mid].Begin <= Address)
      Low = Mid + 1;
    else
      High = Mid;
  }
  return Low;
}

static void addRange(uintptr_t Begin, uintptr_t End, RangeKind Kind) {
  pthread_rwlock_wrlock(&TableLock);
  if (TableCount == TableCapacity) {
    TableCapacity = TableCapacity ? 2 * TableCapacity : 256;
    Table = realloc(Table, TableCapacity * sizeof(MemRange));
  }
  size_t At = upperBound(Begin);
  memmove(&Table[At + 1], &Table[At], (TableCount - At) * sizeof(MemRange));
  Table[At] = (MemRange){Begin, End, Kind};
  ++TableCount;
  pthread_rwlock_unlock(&TableLock);
}

/* Bumped by every removal: a thread's LastFound stays valid until then. */
static atomic_uint TableGeneration;
static _Thread_local MemRange LastFound;
static _Thread_local unsigned LastFoundGeneration;

static void removeRange(uintptr_t Begin, RangeKind Kind) {
  pthread_rwlock_wrlock(&TableLock);
  atomic_fetch_add(&TableGeneration, 1);
  for (size_t I = upperBound(Begin); I-- > 0 && Table[I].Begin == Begin;)
    if (Table[I].Kind == Kind) {
      memmove(&Table[I], &Table[I + 1],
              (TableCount - I - 1) * sizeof(MemRange));
      --TableCount;
      break;
    }
  pthread_rwlock_unlock(&TableLock);
}

/* The range holding [Begin, End) whole, if one does (ranges registered
 * twice, a registered host range inside another, may overlap: the few
 * before the candidate are looked at too). */
static bool findRange(uintptr_t Begin, uintptr_t End, MemRange *Found) {
  enum { OverlapsLookedAt = 8 };
  bool Hit = false;
  pthread_rwlock_rdlock(&TableLock);
  size_t I = upperBound(Begin);
  for (unsigned Seen = 0; I-- > 0 && Seen < OverlapsLookedAt && !Hit; ++Seen)
    if (Table[I].Begin <= Begin && End <= Table[I].End && Begin < End) {
      *Found = Table[I];
      Hit = true;
    }
  pthread_rwlock_unlock(&TableLock);
  return Hit;
}

/* The allocations or globals nearest below and above Address. */
static void findNeighbours(uintptr_t Address, MemRange *Below,
                           MemRange *Above) {
  Below->End = Above->End = 0;
  pthread_rwlock_rdlock(&TableLock);
  size_t At = upperBound(Address);
  for (size_t I = At; I-- > 0;)
    if (Table[I].Kind == RangeAllocation || Table[I].Kind == RangeGlobal) {
      *Below = Table[I];
      break;
    }
  for (size_t I = At; I < TableCount; ++I)
    if (Table[I].Kind == RangeAllocation || Table[I].Kind == RangeGlobal) {
      *Above = Table[I];
      break;
    }
  pthread_rwlock_unlock(&TableLock);
}

void wavesimAddRange(const void *Base, size_t Bytes) {
  addRange((uintptr_t)Base, (uintptr_t)Base + Bytes, RangeAllocation);
}

void wavesimRemoveRange(const void *Base) {
  removeRange((uintptr_t)Base, RangeAllocation);
}

void wavesimMemcheckAddStack(void *Mapping) {
  uintptr_t Base = (uintptr_t)Mapping;
  addRange(Base, Base + GuardBytes, RangeGuard);
  addRange(Base + GuardBytes, Base + GuardBytes + LaneStackBytes, RangeStack);
}

void wavesimMemcheckRemoveStack(void *Mapping) {
  uintptr_t Base = (uintptr_t)Mapping;
  removeRange(Base, RangeGuard);
  removeRange(Base + GuardBytes, RangeStack);
}

MemStackPart wavesimMemcheckStackPart(uintptr_t Address, uintptr_t *Mapping) {
  MemRange Found;
  if (!findRange(Address, Address + 1, &Found) ||
      (Found.Kind != RangeStack && Found.Kind != RangeGuard))
    return MemNotLaneStack;
  *Mapping = Found.Kind == RangeGuard ? Found.Begin : Found.Begin - GuardBytes;
  return Found.Kind == RangeGuard ? MemLaneGuard : MemLaneStack;
}

/*===-- After compilation -------------------------------------------------===*/

bool wavesimMemcheckRegisterGlobals(WaveSim *S, char *Error, size_t ErrorSize) {
  MemcheckModule *MC = S->Memcheck;
  if (!MC || !MC->Instrumented)
    return true;
  LLVMOrcExecutorAddress Address;
  LLVMErrorRef Err = LLVMOrcLLJITLookup(S->JIT, &Address, "__wavesim_globals");
  if (Err) {
    char *Message = LLVMGetErrorMessage(Err);
    wavesimFormatError(Error, ErrorSize, "cannot find the module's globals: %s",
                       Message);
    LLVMDisposeErrorMessage(Message);
    return false;
  }
  const struct {
    uintptr_t Begin;
    uint64_t Bytes;
  } *Globals = (const void *)(uintptr_t)Address;
  MC->GlobalBegins = calloc(MC->NumGlobals + 1, sizeof(uintptr_t));
  for (unsigned I = 0; I < MC->NumGlobals; ++I) {
    MC->GlobalBegins[I] = Globals[I].Begin;
    addRange(Globals[I].Begin, Globals[I].Begin + Globals[I].Bytes,
             RangeGlobal);
  }
  return true;
}

void wavesimMemcheckDispose(WaveSim *S) {
  MemcheckModule *MC = S->Memcheck;
  if (!MC)
    return;
  for (unsigned I = 0; MC->GlobalBegins && I < MC->NumGlobals; ++I)
    removeRange(MC->GlobalBegins[I], RangeGlobal);
  for (unsigned K = 0; MC->ByRef && K < S->NumKernels; ++K) {
    free(MC->ByRef[K].Params);
    free(MC->ByRef[K].Bytes);
    free(MC->DisplayNames[K]);
  }
  free(MC->ByRef);
  free(MC->DisplayNames);
  free(MC->GlobalBegins);
  free(MC->Sites);
  free(MC);
  S->Memcheck = NULL;
}

const char *wavesimKernelDisplayName(const Runner *R) {
  const MemcheckModule *MC = R->S->Memcheck;
  unsigned K = (unsigned)(R->K - R->S->Kernels);
  return MC && MC->DisplayNames ? MC->DisplayNames[K] : R->K->Name;
}

const char *wavesimMemcheckSiteLocation(const Runner *R, unsigned Site) {
  const MemcheckModule *MC = R->S->Memcheck;
  return MC && Site < MC->NumSites ? MC->Sites[Site].Location : "";
}

/*===-- The check at run time ---------------------------------------------===*/

static bool within(uintptr_t Begin, uintptr_t End, uintptr_t Low,
                   uintptr_t High) {
  return Low <= Begin && End <= High;
}

static void fill(uint64_t *Slot, uintptr_t Low, uintptr_t High) {
  Slot[0] = Low;
  Slot[1] = High;
}

/* The block's shared memory: static variables whole, the dynamic array for
 * the bytes of this launch (the dispatch packet's group segment less the
 * kernel's static bytes). */
static bool inSharedMemory(const Runner *R, uintptr_t Begin, uintptr_t End,
                           uint64_t *Slot) {
  const WaveSim *S = R->S;
  uint32_t Segment;
  memcpy(&Segment, R->Packet + 28, sizeof(Segment));
  size_t Dynamic = Segment - R->K->StaticShared;
  for (unsigned I = 0; I < S->NumSharedVars; ++I) {
    const SharedVariable *V = &S->SharedVars[I];
    uintptr_t Low = (uintptr_t)R->Shared + V->Offset;
    uintptr_t High = Low + (V->Dynamic ? Dynamic : V->Bytes);
    if (within(Begin, End, Low, High)) {
      fill(Slot, Low, High);
      return true;
    }
  }
  return false;
}

/* The launch's own memory: the dispatch packet, the implicit arguments,
 * the byref arguments. */
static bool inLaunchMemory(const Runner *R, uintptr_t Begin, uintptr_t End,
                           uint64_t *Slot) {
  uintptr_t Packet = (uintptr_t)R->Packet;
  if (within(Begin, End, Packet, Packet + sizeof(R->Packet))) {
    fill(Slot, Packet, Packet + sizeof(R->Packet));
    return true;
  }
  uintptr_t Implicit = (uintptr_t)R->ImplicitArgs;
  if (within(Begin, End, Implicit, Implicit + sizeof(R->ImplicitArgs))) {
    fill(Slot, Implicit, Implicit + sizeof(R->ImplicitArgs));
    return true;
  }
  const MemcheckModule *MC = R->S->Memcheck;
  const ByRefParams *P = &MC->ByRef[R->K - R->S->Kernels];
  for (unsigned I = 0; I < P->Count; ++I) {
    uintptr_t Low = (uintptr_t)R->Args[P->Params[I]];
    if (within(Begin, End, Low, Low + P->Bytes[I])) {
      fill(Slot, Low, Low + P->Bytes[I]);
      return true;
    }
  }
  return false;
}

static const char *accessVerb(AccessKind Kind) {
  static const char *const Verbs[] = {
      "load", "store", "atomic", "memcpy read", "memcpy write", "memset write"};
  return Verbs[Kind];
}

static const char *plural(unsigned long long N) { return N == 1 ? "" : "s"; }

/* Where [Address, End) lies, in words: near which allocation or global. */
static void describeAddress(uintptr_t Address, uintptr_t End, char *Out,
                            size_t Size) {
  MemRange Below, Above;
  findNeighbours(Address, &Below, &Above);
  static const char *const What[] = {"allocation", "global"};
  if (Below.End && Address < Below.End) {
    snprintf(Out, Size,
             "running %llu byte%s past the end of the %llu-byte "
             "%s at %#llx",
             (unsigned long long)(End - Below.End), plural(End - Below.End),
             (unsigned long long)(Below.End - Below.Begin), What[Below.Kind],
             (unsigned long long)Below.Begin);
    return;
  }
  if (Below.End && Address >= Below.End && Address - Below.End < 4096) {
    snprintf(Out, Size, "%llu byte%s past the end of the %llu-byte %s at %#llx",
             (unsigned long long)(Address - Below.End),
             plural(Address - Below.End),
             (unsigned long long)(Below.End - Below.Begin), What[Below.Kind],
             (unsigned long long)Below.Begin);
    return;
  }
  if (Above.End && Above.Begin - Address <= 4096) {
    snprintf(Out, Size, "%llu byte%s before the %llu-byte %s at %#llx",
             (unsigned long long)(Above.Begin - Address),
             plural(Above.Begin - Address),
             (unsigned long long)(Above.End - Above.Begin), What[Above.Kind],
             (unsigned long long)Above.Begin);
    return;
  }
  snprintf(Out, Size, "outside every allocation");
}

static _Noreturn void reportIllegal(Runner *R, const AccessSite *Site,
                                    unsigned SiteIndex, uintptr_t Address,
                                    uint64_t Bytes, const char *Where,
                                    WaveSimStatus Status) {
  const Lane *L = R->Current;
  const char *Location = wavesimMemcheckSiteLocation(R, SiteIndex);
  wavesimFaultLane(
      R, Status,
      "illegal address in kernel %s, block (%u,%u,%u), thread (%u,%u,%u): "
      "%s of %llu byte%s at 0x%llx, %s%s%s",
      wavesimKernelDisplayName(R), R->BlockId[0], R->BlockId[1], R->BlockId[2],
      L->WorkItem[0], L->WorkItem[1], L->WorkItem[2], accessVerb(Site->Kind),
      (unsigned long long)Bytes, plural(Bytes), (unsigned long long)Address,
      Where, *Location ? ", at " : "", Location);
}

/* The running lane's own stack (independent lanes all run on the first
 * one's), told without the table's lock: a lane's private accesses are
 * most of the slow path's calls, each function starting with an empty
 * cache. */
static bool inOwnStack(const Runner *R, uintptr_t Begin, uintptr_t End,
                       uint64_t *Slot) {
  if (!R->Stacks || !R->Current)
    return false;
  unsigned Lane =
      R->K->LanesIndependent ? 0 : (unsigned)(R->Current - R->Lanes);
  uintptr_t Low = (uintptr_t)R->Stacks[Lane] + GuardBytes;
  uintptr_t High = Low + LaneStackBytes;
  uintptr_t Frame = (uintptr_t)__builtin_frame_address(0); /* as below */
  if (Frame < Low || Frame >= High || Begin < Low || End > High)
    return false;
  fill(Slot, Low, High);
  return true;
}

/* The slow path of every check: fills Slot with the valid range holding
 * [Address, Address + Bytes), or fails the launch. */
void wavesimMemcheckCheck(uint64_t Address, uint64_t Bytes, uint32_t SiteIndex,
                          uint64_t *Slot) __asm__("__wavesim_check");
void wavesimMemcheckCheck(uint64_t Address, uint64_t Bytes, uint32_t SiteIndex,
                          uint64_t *Slot) {
  Runner *R = wavesimActive;
  const AccessSite *Site = &R->S->Memcheck->Sites[SiteIndex];
  uintptr_t Begin = (uintptr_t)Address, End = Begin + Bytes;
  char Where[200];
  if (!Bytes)
    return;
  if (End < Begin) {
    reportIllegal(R, Site, SiteIndex, Begin, Bytes, "past the address space",
                  WaveSimIllegalAddress);
  }
  if (inOwnStack(R, Begin, End, Slot) || inSharedMemory(R, Begin, End, Slot))
    return;
  if (Site->AddressSpace == SharedSpace)
    reportIllegal(R, Site, SiteIndex, Begin, Bytes,
                  "outside the block's shared memory",
                  WaveSimIllegalSharedAddress);
  if (inLaunchMemory(R, Begin, End, Slot))
    return;
  unsigned Generation = atomic_load(&TableGeneration);
  if (LastFoundGeneration == Generation && LastFound.Begin <= Begin &&
      End <= LastFound.End) {
    fill(Slot, LastFound.Begin, LastFound.End);
    return;
  }
  MemRange Found;
  if (findRange(Begin, End, &Found)) {
    bool Stack = Found.Kind == RangeStack || Found.Kind == RangeGuard;
    if (!Stack) {
      LastFound = Found;
      LastFoundGeneration = Generation;
      fill(Slot, Found.Begin, Found.End);
      return;
    }
    /* The frame, not a local's address: under ASan a local may live in a
     * fake stack on the heap (detect_stack_use_after_return). */
    uintptr_t Frame = (uintptr_t)__builtin_frame_address(0), Own = 0;
    bool OnLaneStack = wavesimMemcheckStackPart(Frame, &Own) != MemNotLaneStack;
    uintptr_t Mapping =
        Found.Kind == RangeGuard ? Found.Begin : Found.Begin - GuardBytes;
    if (Found.Kind == RangeStack && OnLaneStack && Mapping == Own) {
      fill(Slot, Found.Begin, Found.End);
      return;
    }
    if (Found.Kind == RangeGuard && Mapping == Own)
      wavesimFaultLane(R, WaveSimStackOverflow,
                       "stack overflow in kernel %s, block (%u,%u,%u), thread "
                       "(%u,%u,%u): the lane used its %u KiB of stack "
                       "(unbounded recursion?)",
                       wavesimKernelDisplayName(R), R->BlockId[0],
                       R->BlockId[1], R->BlockId[2], R->Current->WorkItem[0],
                       R->Current->WorkItem[1], R->Current->WorkItem[2],
                       (unsigned)LaneStackBytes / 1024);
    reportIllegal(R, Site, SiteIndex, Begin, Bytes,
                  "in another lane's private memory", WaveSimIllegalAddress);
  }
  if (Site->AddressSpace == PrivateSpace)
    reportIllegal(R, Site, SiteIndex, Begin, Bytes,
                  "outside the lane's private memory", WaveSimIllegalAddress);
  describeAddress(Begin, End, Where, sizeof(Where));
  reportIllegal(R, Site, SiteIndex, Begin, Bytes, Where, WaveSimIllegalAddress);
}

bool wavesimMemcheckDefineSymbols(LLVMOrcLLJITRef J, char *Error,
                                  size_t ErrorSize) {
  LLVMOrcCSymbolMapPair Symbol;
  Symbol.Name = LLVMOrcLLJITMangleAndIntern(J, "__wavesim_check");
  Symbol.Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)wavesimMemcheckCheck;
  Symbol.Sym.Flags.GenericFlags =
      LLVMJITSymbolGenericFlagsCallable | LLVMJITSymbolGenericFlagsExported;
  Symbol.Sym.Flags.TargetFlags = 0;
  LLVMErrorRef Err = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(J),
                                           LLVMOrcAbsoluteSymbols(&Symbol, 1));
  if (!Err)
    return true;
  char *Message = LLVMGetErrorMessage(Err);
  wavesimFormatError(Error, ErrorSize, "cannot define the memory check: %s",
                     Message);
  LLVMDisposeErrorMessage(Message);
  return false;
}
