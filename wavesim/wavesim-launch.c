/*===- wavesim-launch.c - Launch a kernel over a grid
 *-----------------------===*
 *
 * A launch checks its shape, fills the dispatch packet and runs the grid
 * block by block through the scheduler (wavesim-lanes.c). Blocks run one
 * after another, so each shared-memory (addrspace(3)) global exists once;
 * it is filled with 0xCD bytes before every block so a kernel that reads
 * shared memory it did not write shows it. A cooperative launch keeps all
 * its blocks resident (below).
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

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
      wavesimFormatError(Error, ErrorSize,
                         "grid and block sizes must be at least 1");
      return WaveSimBadLaunchShape;
    }
    if ((unsigned long long)Grid[D] * Block[D] > 0xFFFFFFFFull) {
      wavesimFormatError(
          Error, ErrorSize,
          "%u blocks of %u threads in %c: a grid has at most 2^32 - 1 "
          "work-items a dimension",
          Grid[D], Block[D], Axis[D]);
      return WaveSimBadLaunchShape;
    }
  }
  unsigned long long Threads =
      (unsigned long long)Block[0] * Block[1] * Block[2];
  if (Threads > MaxBlockThreads) {
    wavesimFormatError(Error, ErrorSize, "a block has %llu threads; at most %u",
                       Threads, (unsigned)MaxBlockThreads);
    return WaveSimBadLaunchShape;
  }
  if (K->StaticShared + DynamicSharedBytes > WaveSimMaxSharedBytes) {
    wavesimFormatError(Error, ErrorSize,
                       "%s needs %zu bytes of shared memory (%zu static, %zu "
                       "dynamic); an AMD workgroup has %u",
                       K->Name, K->StaticShared + DynamicSharedBytes,
                       K->StaticShared, DynamicSharedBytes,
                       (unsigned)WaveSimMaxSharedBytes);
    return WaveSimTooMuchShared;
  }
  return WaveSimOk;
}

/* Whether a launch goes on to its next block. */
static bool continuesAfter(WaveSimStatus Status) {
  return Status == WaveSimOk || Status == WaveSimAssertFailed;
}

WaveSimStatus wavesimLaunch(WaveSim *S, const char *Name,
                            const unsigned Grid[3], const unsigned Block[3],
                            size_t DynamicSharedBytes, void **Args, char *Error,
                            size_t ErrorSize) {
  const Kernel *K = findKernel(S, Name);
  if (!K) {
    wavesimFormatError(Error, ErrorSize, "no kernel named '%s' in the module",
                       Name);
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
  if (!wavesimMapStacks(S, R->NumThreads, Error, ErrorSize)) {
    free(R);
    return WaveSimNoMemory;
  }
  Runner *Outer = wavesimActive;
  wavesimActive = R;
  wavesimFaultsEnterThread(R);
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
          Status = wavesimRunBlock(R, Error, ErrorSize);
        else
          (void)wavesimRunBlock(R, NULL, 0);
      }
  wavesimFaultsLeaveThread();
  wavesimActive = Outer;
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
  wavesimActive = B->R;
}

static void leaveBlock(WaveSim *S, CoopBlock *B) {
  moveShared(S, B->Shared, true);
}

static void freeCoopBlocks(CoopBlock *Blocks, unsigned N, unsigned Threads) {
  for (unsigned B = 0; B < N; ++B) {
    for (unsigned T = 0; Blocks[B].Stacks && T < Threads; ++T)
      if (Blocks[B].Stacks[T]) {
        wavesimMemcheckRemoveStack(Blocks[B].Stacks[T]);
        munmap(Blocks[B].Stacks[T], GuardBytes + LaneStackBytes);
        atomic_fetch_sub(&WaveSimLiveStacks, 1);
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
        wavesimFormatError(Error, ErrorSize, "cannot map a lane stack");
        freeCoopBlocks(Blocks, N, Threads);
        return NULL;
      }
      mprotect(P, GuardBytes, PROT_NONE);
      B->Stacks[T] = P;
      atomic_fetch_add(&WaveSimLiveStacks, 1);
      wavesimMemcheckAddStack(P);
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
    Mark += wavesimProgressMark(Blocks[B].R);
  return Mark;
}

/* Runs the blocks in turns until all finish; the first failure ends it. */
static WaveSimStatus runCoopBlocks(WaveSim *S, CoopBlock *Blocks, unsigned N,
                                   char *Error, size_t ErrorSize) {
  for (unsigned B = 0; B < N; ++B) {
    enterBlock(S, &Blocks[B]);
    wavesimPoisonSharedMemory(S);
    wavesimStartLanes(Blocks[B].R, Blocks[B].Stacks);
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
      wavesimWakeSleepers(Blocks[B].R);
      WaveSimStatus Status = wavesimDriveBlock(Blocks[B].R, Error, ErrorSize);
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
      wavesimFormatError(
          Error, ErrorSize,
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
    wavesimFormatError(Error, ErrorSize, "no kernel named '%s' in the module",
                       Name);
    return WaveSimNoSuchKernel;
  }
  WaveSimStatus Status =
      checkLaunch(K, Grid, Block, DynamicSharedBytes, Error, ErrorSize);
  if (Status != WaveSimOk)
    return Status;
  unsigned long long Blocks = (unsigned long long)Grid[0] * Grid[1] * Grid[2];
  unsigned long long Threads = Blocks * Block[0] * Block[1] * Block[2];
  if (Threads > WaveSimMaxCooperativeThreads) {
    wavesimFormatError(
        Error, ErrorSize,
        "a cooperative launch of %llu blocks, %llu threads: wavesim "
        "keeps at most %u threads resident",
        Blocks, Threads, (unsigned)WaveSimMaxCooperativeThreads);
    return WaveSimCooperativeTooLarge;
  }
  CoopBlock *Coop = makeCoopBlocks(S, K, Args, Grid, Block, DynamicSharedBytes,
                                   (unsigned)Blocks, Error, ErrorSize);
  if (!Coop)
    return WaveSimNoMemory;
  Runner *Outer = wavesimActive;
  Lane *OwnLanes = S->Lanes;
  ucontext_t *OwnContexts = S->Contexts;
  ++S->Stats.Launches;
  wavesimFaultsEnterThread(Coop[0].R);
  Status = runCoopBlocks(S, Coop, (unsigned)Blocks, Error, ErrorSize);
  wavesimFaultsLeaveThread();
  S->Lanes = OwnLanes;
  S->Contexts = OwnContexts;
  wavesimActive = Outer;
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
