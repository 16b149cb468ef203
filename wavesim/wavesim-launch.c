/*===- wavesim-launch.c - Launch a kernel over a grid ---------------------===*
 *
 * A launch checks its shape against what an AMD GPU can dispatch and hands
 * the grid to the pool of host threads (wavesim-pool.c), which runs its
 * blocks through the scheduler (wavesim-lanes.c); this file also fills the
 * dispatch packet and the implicit kernel arguments each block reads its
 * sizes from.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-internal.h"

#include <stdlib.h>
#include <string.h>

/* The grid's dimensions as HSA counts them: the highest one of more than
 * one work-item. */
static uint16_t gridDimensions(const Runner *R, const unsigned Grid[3]) {
  return Grid[2] * R->BlockDim[2] > 1   ? 3
         : Grid[1] * R->BlockDim[1] > 1 ? 2
                                        : 1;
}

/* hsa_kernel_dispatch_packet_t: the sizes the kernel may read. */
void wavesimFillDispatchPacket(Runner *R, const unsigned Grid[3],
                               size_t DynamicSharedBytes) {
  memset(R->Packet, 0, sizeof(R->Packet));
  uint16_t Setup = gridDimensions(R, Grid);
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

/* Code object v5's implicit kernel arguments, as the HIP runtime fills them
 * for a launch of whole blocks: u32 hidden_block_count_{x,y,z} at 0, 4, 8,
 * u16 hidden_group_size_{x,y,z} at 12, 14, 16, u16 hidden_remainder_{x,y,z}
 * at 18, 20, 22 (0: no partial block), u16 hidden_grid_dims at 64; the
 * global offsets (40, 48, 56) are 0, and the buffers after 64 (hostcall,
 * heap) are null, since wavesim replaces the printf code that would read
 * them. */
void wavesimFillImplicitArgs(Runner *R, const unsigned Grid[3]) {
  memset(R->ImplicitArgs, 0, sizeof(R->ImplicitArgs));
  for (unsigned D = 0; D < 3; ++D) {
    uint32_t Count = Grid[D];
    uint16_t Size = (uint16_t)R->BlockDim[D];
    memcpy(R->ImplicitArgs + 4 * D, &Count, 4);
    memcpy(R->ImplicitArgs + 12 + 2 * D, &Size, 2);
  }
  uint16_t Dims = gridDimensions(R, Grid);
  memcpy(R->ImplicitArgs + 64, &Dims, 2);
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
  return wavesimRunGrid(S, K, Args, Grid, Block, DynamicSharedBytes, false,
                        Error, ErrorSize);
}

/* A cooperative launch (cudaLaunchCooperativeKernel) promises that all its
 * blocks are resident at once, so that they can wait for each other (a
 * grid barrier: cooperative_groups' grid_group::sync, an atomic counter
 * polled with __nanosleep, which becomes s_sleep). wavesim-pool.c starts
 * every block before any runs. */
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
  return wavesimRunGrid(S, K, Args, Grid, Block, DynamicSharedBytes, true,
                        Error, ErrorSize);
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

bool wavesimHasKernel(const WaveSim *S, const char *Name) {
  return findKernel(S, Name) != NULL;
}

size_t wavesimStaticSharedBytes(const WaveSim *S, const char *Name) {
  const Kernel *K = findKernel(S, Name);
  return K ? K->StaticShared : 0;
}

unsigned wavesimWaveSize(const WaveSim *S) { return S->WaveSize; }
