/*===- WavesimBackend.c - The CUDA runtime on the CPU, AMD wave semantics --===*
 *
 * Kernels run on wavesim (wavesim/), from the LLVM bitcode cucc bundles
 * for each processor: the IR the AMDGPU backend would compile, executed on
 * the host with the processor's wave size. Device memory is host memory,
 * so every copy is a memcpy and kernel arguments are host pointers. Every
 * operation is synchronous: a stream is only a handle, an event records
 * the host time when it is recorded (all work before it is done by then).
 * The device it presents is one compute unit that runs blocks one after
 * another, as wavesim does; it has an AMD workgroup's 64 KiB of LDS.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "Backend.h"
#include "DevicePrintf.h"
#include "OffloadBundle.h"
#include "cuda_runtime_api.h"
#include "wavesim.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <time.h>

enum { HostAlignment = 4096 };

static char Processor[64];
static _Thread_local char Message[1024];
/* wavesim runs one launch at a time: its lanes' stacks are per module, and
 * a launch of one module may call no other. */
static pthread_mutex_t LaunchLock = PTHREAD_MUTEX_INITIALIZER;

static BackendStatus failWith(BackendStatus Status, const char *Text) {
  snprintf(Message, sizeof(Message), "%s", Text);
  return Status;
}

static const char *lastMessage(void) { return Message; }

static int deviceCount(void) { return 1; }

static BackendStatus setDevice(int Device) {
  return Device == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}

static size_t hostMemory(bool Available) {
  struct sysinfo Info;
  if (sysinfo(&Info) != 0)
    return 0;
  return (size_t)(Available ? Info.freeram + Info.bufferram : Info.totalram) *
         Info.mem_unit;
}

static BackendStatus deviceInfo(int Device, BackendDeviceInfo *Info) {
  if (Device != 0)
    return cudaErrorInvalidDevice;
  memset(Info, 0, sizeof(*Info));
  snprintf(Info->Name, sizeof(Info->Name),
           "wavesim %s (AMD wave emulator on the CPU)", Processor);
  snprintf(Info->Processor, sizeof(Info->Processor), "%s", Processor);
  Info->TotalGlobalMem = hostMemory(false);
  Info->TotalConstMem = 64 * 1024;
  Info->SharedMemPerBlock = WaveSimMaxSharedBytes;
  Info->SharedMemPerMultiprocessor = WaveSimMaxSharedBytes;
  Info->RegsPerBlock = Info->RegsPerMultiprocessor = 65536;
  Info->MaxThreadsPerBlock = 1024;
  Info->MaxThreadsDim[0] = Info->MaxThreadsDim[1] = 1024;
  Info->MaxThreadsDim[2] = 64;
  Info->MaxGridSize[0] = 0x7fffffff;
  Info->MaxGridSize[1] = Info->MaxGridSize[2] = 65535;
  Info->MaxThreadsPerMultiprocessor = 1024;
  Info->MaxBlocksPerMultiprocessor = 1;
  Info->MultiprocessorCount = 1;
  Info->ClockRateKHz = 1000000;
  Info->MemoryClockRateKHz = 1000000;
  Info->MemoryBusWidth = 64;
  Info->Integrated = 1;
  Info->ManagedMemory = 1;
  Info->ConcurrentManagedAccess = 1;
  return cudaSuccess;
}

static BackendStatus synchronize(void) { return cudaSuccess; }
static BackendStatus reset(void) { return cudaSuccess; }

/* The device's memory is the host's: a request beyond it fails as it
 * would on a GPU, without asking the allocator. */
static bool exceedsHostMemory(size_t Bytes) {
  size_t Total = hostMemory(false);
  return Total && Bytes > Total;
}

/* Device memory lies apart from the host's heap, as a GPU's does: each
 * allocation is its own mapping, whole pages, behind one page that holds
 * its size. A kernel that writes a little past its allocation (as real
 * programs do, unnoticed on a GPU, whose allocations are rounded up too)
 * writes into the page's slack, never into the host allocator's data. */
enum { DevicePage = 4096 };

static BackendStatus deviceMalloc(void **Ptr, size_t Bytes) {
  size_t Mapped =
      DevicePage + (Bytes + DevicePage - 1) / DevicePage * DevicePage;
  if (exceedsHostMemory(Bytes) || Mapped < Bytes)
    return failWith(cudaErrorMemoryAllocation, "host memory exhausted");
  char *Base = mmap(NULL, Mapped, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Base == MAP_FAILED)
    return failWith(cudaErrorMemoryAllocation, "host memory exhausted");
  memcpy(Base, &Mapped, sizeof(Mapped));
  *Ptr = Base + DevicePage;
  wavesimAddRange(*Ptr, Bytes);
  return cudaSuccess;
}

static BackendStatus deviceFree(void *Ptr) {
  if (!Ptr)
    return cudaSuccess;
  wavesimRemoveRange(Ptr);
  char *Base = (char *)Ptr - DevicePage;
  size_t Mapped;
  memcpy(&Mapped, Base, sizeof(Mapped));
  munmap(Base, Mapped);
  return cudaSuccess;
}

static BackendStatus hostMalloc(void **Ptr, size_t Bytes) {
  void *P = NULL;
  if (exceedsHostMemory(Bytes) ||
      posix_memalign(&P, HostAlignment, Bytes ? Bytes : 1) != 0)
    return failWith(cudaErrorMemoryAllocation, "host memory exhausted");
  *Ptr = P;
  wavesimAddRange(P, Bytes);
  return cudaSuccess;
}

static BackendStatus freeMemory(void *Ptr) {
  wavesimRemoveRange(Ptr);
  free(Ptr);
  return cudaSuccess;
}

/* The emulated device uses host memory as it is, once kernels may. */
static BackendStatus hostRegister(void *Ptr, size_t Bytes) {
  wavesimAddRange(Ptr, Bytes);
  return cudaSuccess;
}

static BackendStatus hostUnregister(void *Ptr) {
  wavesimRemoveRange(Ptr);
  return cudaSuccess;
}

static BackendStatus memGetInfo(size_t *Free, size_t *Total) {
  *Free = hostMemory(true);
  *Total = hostMemory(false);
  return cudaSuccess;
}

static BackendStatus copy(void *Dst, const void *Src, size_t Bytes, int Kind,
                          void *Stream, bool Async) {
  (void)Kind;
  (void)Stream;
  (void)Async;
  memmove(Dst, Src, Bytes);
  return cudaSuccess;
}

static BackendStatus copy2D(void *Dst, size_t DstPitch, const void *Src,
                            size_t SrcPitch, size_t Width, size_t Height,
                            int Kind, void *Stream, bool Async) {
  (void)Kind;
  (void)Stream;
  (void)Async;
  for (size_t Row = 0; Row < Height; ++Row)
    memmove((char *)Dst + Row * DstPitch, (const char *)Src + Row * SrcPitch,
            Width);
  return cudaSuccess;
}

static BackendStatus fill(void *Ptr, int Value, size_t Bytes, void *Stream,
                          bool Async) {
  (void)Stream;
  (void)Async;
  memset(Ptr, Value, Bytes);
  return cudaSuccess;
}

/*===-- Streams and events ------------------------------------------------===*/

typedef struct {
  unsigned Flags;
} Stream;

typedef struct {
  unsigned Flags;
  bool Recorded;
  double Seconds;
} Event;

static BackendStatus streamCreate(void **Handle, unsigned Flags) {
  Stream *S = calloc(1, sizeof(Stream));
  if (!S)
    return cudaErrorMemoryAllocation;
  S->Flags = Flags;
  *Handle = S;
  return cudaSuccess;
}

static BackendStatus streamDestroy(void *Handle) {
  free(Handle);
  return cudaSuccess;
}

/* Everything finished when it was issued. */
static BackendStatus streamDone(void *Handle) {
  (void)Handle;
  return cudaSuccess;
}

static BackendStatus streamWaitEvent(void *StreamHandle, void *EventHandle,
                                     unsigned Flags) {
  (void)StreamHandle;
  (void)EventHandle;
  (void)Flags;
  return cudaSuccess;
}

static BackendStatus eventCreate(void **Handle, unsigned Flags) {
  Event *E = calloc(1, sizeof(Event));
  if (!E)
    return cudaErrorMemoryAllocation;
  E->Flags = Flags;
  *Handle = E;
  return cudaSuccess;
}

static BackendStatus eventDestroy(void *Handle) {
  free(Handle);
  return cudaSuccess;
}

static BackendStatus eventRecord(void *Handle, void *StreamHandle) {
  (void)StreamHandle;
  Event *E = Handle;
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  E->Seconds = (double)Now.tv_sec + (double)Now.tv_nsec * 1e-9;
  E->Recorded = true;
  return cudaSuccess;
}

static BackendStatus eventDone(void *Handle) {
  (void)Handle;
  return cudaSuccess;
}

/* As CUDA: both events recorded, neither without timing. */
static BackendStatus eventElapsedTime(float *Milliseconds, void *Start,
                                      void *End) {
  const Event *From = Start, *To = End;
  if (!From->Recorded || !To->Recorded ||
      (From->Flags | To->Flags) & cudaEventDisableTiming)
    return cudaErrorInvalidResourceHandle;
  *Milliseconds = (float)((To->Seconds - From->Seconds) * 1e3);
  return cudaSuccess;
}

/*===-- Modules and launches ----------------------------------------------===*/

static BackendStatus loadModule(const void *Image, size_t Bytes,
                                const char *Name, void **Module) {
  char Error[900];
  WaveSim *S = wavesimLoadBuffer(Image, Bytes, Name, 0, Error, sizeof(Error));
  if (!S)
    return failWith(cudaErrorInvalidKernelImage, Error);
  *Module = S;
  return cudaSuccess;
}

static void unloadModule(void *Module) { wavesimDispose(Module); }

static BackendStatus statusOf(WaveSimStatus Status) {
  switch (Status) {
  case WaveSimOk:
    return cudaSuccess;
  case WaveSimNoSuchKernel:
    return cudaErrorInvalidDeviceFunction;
  case WaveSimBadLaunchShape:
  case WaveSimTooMuchShared:
    return cudaErrorInvalidValue;
  case WaveSimTrapped:
    return cudaErrorLaunchFailure;
  case WaveSimAssertFailed:
    return cudaErrorAssert;
  /* What an H100 returns (lit-tests/wavesim-faults/Inputs/faults.h100.txt):
   * a store far outside memory and unbounded recursion are
   * cudaErrorIllegalAddress, a shared-memory store far out of range
   * cudaErrorIllegalInstruction. */
  case WaveSimIllegalAddress:
  case WaveSimStackOverflow:
    return cudaErrorIllegalAddress;
  case WaveSimIllegalSharedAddress:
    return cudaErrorIllegalInstruction;
  case WaveSimLaunchTimeout:
    return cudaErrorLaunchTimeout;
  case WaveSimDeadlocked:
    return cudaErrorLaunchFailure;
  case WaveSimNoMemory:
    return cudaErrorMemoryAllocation;
  case WaveSimCooperativeTooLarge:
    return cudaErrorCooperativeLaunchTooLarge;
  }
  return cudaErrorUnknown;
}

static BackendStatus launch(void *Module, const char *Kernel,
                            const unsigned Grid[3], const unsigned Block[3],
                            size_t SharedBytes, void *StreamHandle,
                            void **Args) {
  (void)StreamHandle;
  char Error[1024];
  pthread_mutex_lock(&LaunchLock);
  WaveSimStatus Status = wavesimLaunch(Module, Kernel, Grid, Block, SharedBytes,
                                       Args, Error, sizeof(Error));
  pthread_mutex_unlock(&LaunchLock);
  return Status == WaveSimOk ? cudaSuccess : failWith(statusOf(Status), Error);
}

static BackendStatus launchCooperative(void *Module, const char *Kernel,
                                       const unsigned Grid[3],
                                       const unsigned Block[3],
                                       size_t SharedBytes, void *StreamHandle,
                                       void **Args) {
  (void)StreamHandle;
  char Error[1024];
  pthread_mutex_lock(&LaunchLock);
  WaveSimStatus Status = wavesimLaunchCooperative(
      Module, Kernel, Grid, Block, SharedBytes, Args, Error, sizeof(Error));
  pthread_mutex_unlock(&LaunchLock);
  return Status == WaveSimOk ? cudaSuccess : failWith(statusOf(Status), Error);
}

static BackendStatus variableAddress(void *Module, const char *Name,
                                     void **Address) {
  *Address = wavesimVariableAddress(Module, Name);
  return *Address ? cudaSuccess : cudaErrorInvalidSymbol;
}

static BackendStatus kernelInfo(void *Module, const char *Kernel,
                                BackendKernelInfo *Info) {
  memset(Info, 0, sizeof(*Info));
  Info->SharedBytes = wavesimStaticSharedBytes(Module, Kernel);
  Info->MaxThreadsPerBlock = 1024;
  return cudaSuccess;
}

/* One block at a time, if it fits at all. */
static BackendStatus occupancy(void *Module, const char *Kernel, int BlockSize,
                               size_t DynamicSharedBytes, int *Blocks) {
  *Blocks = BlockSize >= 1 && BlockSize <= 1024 &&
            wavesimStaticSharedBytes(Module, Kernel) + DynamicSharedBytes <=
                WaveSimMaxSharedBytes;
  return cudaSuccess;
}

static const Backend Wavesim = {
    .Name = "wavesim",
    .BundleKind = BUNDLE_BITCODE_KIND,
    .deviceCount = deviceCount,
    .setDevice = setDevice,
    .deviceInfo = deviceInfo,
    .synchronize = synchronize,
    .reset = reset,
    .malloc = deviceMalloc,
    .free = deviceFree,
    .mallocHost = hostMalloc,
    .freeHost = freeMemory,
    .mallocManaged = deviceMalloc,
    .hostRegister = hostRegister,
    .hostUnregister = hostUnregister,
    .memGetInfo = memGetInfo,
    .memcpy = copy,
    .memcpy2D = copy2D,
    .memset = fill,
    .streamCreate = streamCreate,
    .streamDestroy = streamDestroy,
    .streamSynchronize = streamDone,
    .streamQuery = streamDone,
    .streamWaitEvent = streamWaitEvent,
    .eventCreate = eventCreate,
    .eventDestroy = eventDestroy,
    .eventRecord = eventRecord,
    .eventSynchronize = eventDone,
    .eventQuery = eventDone,
    .eventElapsedTime = eventElapsedTime,
    .loadModule = loadModule,
    .unloadModule = unloadModule,
    .launch = launch,
    .launchCooperative = launchCooperative,
    .variableAddress = variableAddress,
    .kernelInfo = kernelInfo,
    .occupancy = occupancy,
    .lastMessage = lastMessage,
};

const Backend *wavesimBackendOpen(const char *Name) {
  snprintf(Processor, sizeof(Processor), "%s", Name);
  devicePrintfCapture();
  return &Wavesim;
}
