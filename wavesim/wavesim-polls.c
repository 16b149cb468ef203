/*===- wavesim-polls.c - Loops that wait for another lane or block ---------===*
 *
 * A lane runs on until it reaches a cross-lane site, a barrier or s.sleep
 * (what __nanosleep becomes): only there can the scheduler run another
 * lane, or the pool another block of the same thread (wavesim-pool.c). A
 * loop that spins on memory without __nanosleep, waiting for a flag that
 * another block sets (`while (*(volatile int *)Flag == 0);`, a
 * threadFenceReduction-style or persistent kernel's wait, a spin lock's
 * atomicCAS), would then spin for ever when the block it waits for is on
 * the same host thread. On a GPU the other block runs beside it.
 *
 * So before running a module, every loop whose exit depends on memory that
 * another lane may write while the loop runs (a volatile load, an atomic
 * load, the result of an atomicrmw or cmpxchg, in the loop) and that does
 * not already sleep gets a call to __wavesim_poll at the end of each
 * latch. The call counts the lane's iterations; every PollsBeforeSleep-th
 * time it sleeps as at s.sleep, a hint the hardware is free to take too.
 * Loops that only read ordinary memory, or whose trip count does not
 * depend on such loads (a grid-stride loop of atomicAdds), are left alone.
 *
 * For the tests only, WAVESIM_PLANT_BUG=no-polls in the environment adds
 * none (lit-tests/wavesim-pool/spin-wait.test shows a spin then hangs).
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim-internal.h"

#include <llvm-c/Core.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const char PollName[] = "__wavesim_poll";

typedef struct {
  LLVMBasicBlockRef Block;
  unsigned Index;
} BlockEntry;

/* A function's blocks in layout order, the same sorted by address (to
 * find a block's index), and each block's predecessors. */
typedef struct {
  LLVMBasicBlockRef *Blocks;
  BlockEntry *Sorted;
  unsigned N;
  unsigned *PredStart, *Preds; /* Preds[PredStart[B] .. PredStart[B+1]) */
} FunctionBlocks;

static int compareEntries(const void *A, const void *B) {
  uintptr_t X = (uintptr_t)((const BlockEntry *)A)->Block;
  uintptr_t Y = (uintptr_t)((const BlockEntry *)B)->Block;
  return X < Y ? -1 : X > Y;
}

/* BB's index, or N for a block of no function here. */
static unsigned indexOf(const FunctionBlocks *FB, LLVMBasicBlockRef BB) {
  BlockEntry Key = {BB, 0};
  const BlockEntry *Found =
      bsearch(&Key, FB->Sorted, FB->N, sizeof(BlockEntry), compareEntries);
  return Found ? Found->Index : FB->N;
}

static unsigned numSuccessors(LLVMBasicBlockRef BB) {
  LLVMValueRef Term = LLVMGetBasicBlockTerminator(BB);
  return Term ? LLVMGetNumSuccessors(Term) : 0;
}

static void readBlocks(LLVMValueRef F, FunctionBlocks *FB) {
  FB->N = LLVMCountBasicBlocks(F);
  FB->Blocks = malloc((FB->N + 1) * sizeof(LLVMBasicBlockRef));
  FB->Sorted = malloc((FB->N + 1) * sizeof(BlockEntry));
  LLVMGetBasicBlocks(F, FB->Blocks);
  for (unsigned B = 0; B < FB->N; ++B)
    FB->Sorted[B] = (BlockEntry){FB->Blocks[B], B};
  qsort(FB->Sorted, FB->N, sizeof(BlockEntry), compareEntries);
  FB->PredStart = calloc(FB->N + 2, sizeof(unsigned));
  unsigned Edges = 0;
  for (unsigned B = 0; B < FB->N; ++B) {
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(FB->Blocks[B]);
    for (unsigned S = 0; S < numSuccessors(FB->Blocks[B]); ++S) {
      unsigned To = indexOf(FB, LLVMGetSuccessor(Term, S));
      if (To < FB->N) {
        ++FB->PredStart[To + 1];
        ++Edges;
      }
    }
  }
  for (unsigned B = 0; B < FB->N; ++B)
    FB->PredStart[B + 1] += FB->PredStart[B];
  FB->Preds = malloc((Edges + 1) * sizeof(unsigned));
  unsigned *Fill = calloc(FB->N + 1, sizeof(unsigned));
  for (unsigned B = 0; B < FB->N; ++B) {
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(FB->Blocks[B]);
    for (unsigned S = 0; S < numSuccessors(FB->Blocks[B]); ++S) {
      unsigned To = indexOf(FB, LLVMGetSuccessor(Term, S));
      if (To < FB->N)
        FB->Preds[FB->PredStart[To] + Fill[To]++] = B;
    }
  }
  free(Fill);
}

static void freeBlocks(FunctionBlocks *FB) {
  free(FB->Blocks);
  free(FB->Sorted);
  free(FB->PredStart);
  free(FB->Preds);
}

static const char *calleeName(LLVMValueRef I) {
  if (!LLVMIsACallInst(I))
    return NULL;
  LLVMValueRef Callee = LLVMGetCalledValue(I);
  if (!Callee || !LLVMIsAFunction(Callee))
    return NULL;
  size_t Length;
  return LLVMGetValueName2(Callee, &Length);
}

/* A read of memory that another lane may change while this one loops. */
static bool readsSharedState(LLVMValueRef I) {
  if (LLVMIsALoadInst(I))
    return LLVMGetVolatile(I) ||
           LLVMGetOrdering(I) != LLVMAtomicOrderingNotAtomic;
  return LLVMIsAAtomicRMWInst(I) || LLVMIsAAtomicCmpXchgInst(I);
}

/* Whether V, computed in the loop (InLoop), depends on such a read there. */
static bool dependsOnSharedState(LLVMValueRef V, const FunctionBlocks *FB,
                                 const bool *InLoop, LLVMValueRef *Seen,
                                 unsigned *NumSeen, unsigned MaxSeen) {
  if (!LLVMIsAInstruction(V))
    return false;
  unsigned B = indexOf(FB, LLVMGetInstructionParent(V));
  if (B == FB->N || !InLoop[B])
    return false;
  for (unsigned I = 0; I < *NumSeen; ++I)
    if (Seen[I] == V)
      return false;
  if (*NumSeen == MaxSeen)
    return true; /* too deep to follow: assume it does */
  Seen[(*NumSeen)++] = V;
  if (readsSharedState(V))
    return true;
  int N = LLVMGetNumOperands(V);
  for (int Op = 0; Op < N; ++Op)
    if (dependsOnSharedState(LLVMGetOperand(V, (unsigned)Op), FB, InLoop, Seen,
                             NumSeen, MaxSeen))
      return true;
  return false;
}

/* The loop of back edge Latch -> Header: the blocks that reach Latch
 * without passing Header. */
static void markLoop(const FunctionBlocks *FB, unsigned Header, unsigned Latch,
                     bool *InLoop, unsigned *Worklist) {
  memset(InLoop, 0, FB->N * sizeof(bool));
  InLoop[Header] = true;
  unsigned Size = 0;
  if (!InLoop[Latch]) {
    InLoop[Latch] = true;
    Worklist[Size++] = Latch;
  }
  while (Size) {
    unsigned B = Worklist[--Size];
    for (unsigned I = FB->PredStart[B]; I < FB->PredStart[B + 1]; ++I) {
      unsigned P = FB->Preds[I];
      if (!InLoop[P]) {
        InLoop[P] = true;
        Worklist[Size++] = P;
      }
    }
  }
}

static bool loopSleeps(const FunctionBlocks *FB, const bool *InLoop) {
  for (unsigned B = 0; B < FB->N; ++B) {
    if (!InLoop[B])
      continue;
    for (LLVMValueRef I = LLVMGetFirstInstruction(FB->Blocks[B]); I;
         I = LLVMGetNextInstruction(I)) {
      const char *Name = calleeName(I);
      if (Name && (!strcmp(Name, "llvm.amdgcn.s.sleep") ||
                   !strcmp(Name, PollName)))
        return true;
    }
  }
  return false;
}

/* Whether some exit of the loop is decided by what another lane writes. */
static bool loopPolls(const FunctionBlocks *FB, const bool *InLoop) {
  enum { MaxSeen = 512 };
  LLVMValueRef Seen[MaxSeen];
  for (unsigned B = 0; B < FB->N; ++B) {
    if (!InLoop[B])
      continue;
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(FB->Blocks[B]);
    unsigned NumSucc = Term ? LLVMGetNumSuccessors(Term) : 0;
    bool Exits = false;
    for (unsigned S = 0; S < NumSucc; ++S)
      Exits |= !InLoop[indexOf(FB, LLVMGetSuccessor(Term, S))];
    if (!Exits || LLVMGetNumOperands(Term) == 0)
      continue;
    /* br's condition is its first operand, switch's value too. */
    LLVMValueRef Condition = LLVMGetOperand(Term, 0);
    unsigned NumSeen = 0;
    if (dependsOnSharedState(Condition, FB, InLoop, Seen, &NumSeen, MaxSeen))
      return true;
  }
  return false;
}

static void insertPoll(LLVMModuleRef M, LLVMBuilderRef B,
                       LLVMBasicBlockRef Latch) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef Type = LLVMFunctionType(LLVMVoidTypeInContext(Ctx), NULL, 0, 0);
  LLVMValueRef Poll = LLVMGetNamedFunction(M, PollName);
  if (!Poll)
    Poll = LLVMAddFunction(M, PollName, Type);
  LLVMPositionBuilderBefore(B, LLVMGetBasicBlockTerminator(Latch));
  LLVMBuildCall2(B, Type, Poll, NULL, 0, "");
}

/* Back edges by depth-first search from the entry: an edge to a block on
 * the search's stack. */
static unsigned pollLoopsOf(LLVMModuleRef M, LLVMBuilderRef B,
                            LLVMValueRef F) {
  FunctionBlocks FB;
  readBlocks(F, &FB);
  unsigned char *State = calloc(FB.N + 1, 1); /* 1: on the stack, 2: done */
  unsigned *Stack = malloc((FB.N + 1) * sizeof(unsigned));
  unsigned *NextSucc = calloc(FB.N + 1, sizeof(unsigned));
  bool *InLoop = malloc((FB.N + 1) * sizeof(bool));
  unsigned *Worklist = malloc((FB.N + 1) * sizeof(unsigned));
  unsigned Depth = 0, Added = 0;
  Stack[Depth++] = 0;
  State[0] = 1;
  while (Depth) {
    unsigned U = Stack[Depth - 1];
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(FB.Blocks[U]);
    unsigned NumSucc = Term ? LLVMGetNumSuccessors(Term) : 0;
    if (NextSucc[U] == NumSucc) {
      State[U] = 2;
      --Depth;
      continue;
    }
    unsigned V = indexOf(&FB, LLVMGetSuccessor(Term, NextSucc[U]++));
    if (V == FB.N)
      continue;
    if (State[V] == 0) {
      State[V] = 1;
      Stack[Depth++] = V;
    } else if (State[V] == 1) {
      markLoop(&FB, V, U, InLoop, Worklist);
      if (!loopSleeps(&FB, InLoop) && loopPolls(&FB, InLoop)) {
        insertPoll(M, B, FB.Blocks[U]);
        ++Added;
      }
    }
  }
  free(Worklist);
  free(InLoop);
  free(NextSucc);
  free(Stack);
  free(State);
  freeBlocks(&FB);
  return Added;
}

unsigned wavesimInsertPollPoints(LLVMModuleRef M) {
  const char *Bug = getenv("WAVESIM_PLANT_BUG");
  if (Bug && !strcmp(Bug, "no-polls"))
    return 0;
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  unsigned Added = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (!LLVMIsDeclaration(F))
      Added += pollLoopsOf(M, B, F);
  LLVMDisposeBuilder(B);
  return Added;
}

/* The lane sleeps as at s.sleep (wavesim-intrinsics.c) every
 * PollsBeforeSleep-th iteration. */
void wavesimPoll(void) {
  Runner *R = wavesimActive;
  Lane *L = R->Current;
  if (++L->Polls < PollsBeforeSleep)
    return;
  L->Polls = 0;
  L->State = LaneSleeping;
  ++R->NumSleeping;
  wavesimSuspendLane(R, L);
}

const char *wavesimPollName(void) { return PollName; }
