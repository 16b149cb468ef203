/*===- WavesimBackend.c - The CUDA runtime on the CPU, AMD wave semantics --===*
 *
 * Kernels run on wavesim (wavesim/), from the LLVM bitcode cucc bundles
 * for each processor: the IR the AMDGPU backend would compile, executed on
 * the host with the processor's wave size. Device memory is host memory,
 * so every copy is a memmove and kernel arguments are host pointers. The
 * device it presents is one compute unit with an AMD workgroup's 64 KiB of
 * LDS.
 *
 * Streams are asynchronous, with CUDA's ordering: each stream is a FIFO of
 * work (launches, copies, sets, event records, waits for events, host
 * functions) that a host thread of its own runs, so the host runs on while
 * the device works and the host/device races of a GPU happen here too. The
 * legacy default stream waits for the earlier work of every blocking
 * stream, and a blocking stream for the legacy stream's; non-blocking
 * streams wait for neither; cudaStreamPerThread is a blocking stream of
 * each host thread. Launches copy their arguments when they are queued
 * (their sizes are the kernel's parameters', read from the bitcode). One
 * kernel runs at a time (LaunchLock): wavesim is not reentrant. What CUDA
 * does synchronously (a blocking cudaMemcpy, a copy into pageable memory,
 * cudaFree) waits here too; what it reads at the call (pageable memory an
 * asynchronous copy reads) is read at the call. An H100's answers are in
 * lit-tests/streams/Inputs/NAME.h100.txt. CUCC_WAVESIM_SYNC=1 (or
 * CUCC_WAVESIM_THREADS=1, unless CUCC_WAVESIM_SYNC=0) makes every
 * operation wait for its work: the synchronous runtime of old, for
 * debugging.
 *
 * A kernel that fails leaves a sticky error (DeviceError) that every
 * later call returns until cudaDeviceReset; the work queued after it is
 * dropped, as a GPU drops it.
 *
 * Every copy and set checks its device-side ranges against the
 * allocations this backend made or was told of (device, managed and
 * pinned memory, registered host memory, module variables): a range
 * running past its allocation, or a device pointer in none, is
 * cudaErrorInvalidValue (as CUDA answers: lit-tests/runtime-errors/Inputs/
 * copy_bounds.h100.txt) and nothing is touched. Pageable host memory (the
 * program's malloc, stack and globals) is in no table the runtime can read:
 * a host-side pointer in no allocation is not checked.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "Backend.h"
#include "DevicePrintf.h"
#include "OffloadBundle.h"
#include "cuda_runtime_api.h"
#include "wavesim.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <time.h>

enum { HostAlignment = 4096, ArgumentAlignment = 16 };

static char Processor[64];
static _Thread_local char Message[1024];
/* wavesim runs one launch at a time: its lanes' stacks are per module, and
 * a launch of one module may call no other. */
static pthread_mutex_t LaunchLock = PTHREAD_MUTEX_INITIALIZER;
/* Every operation waits for its work (CUCC_WAVESIM_SYNC). */
static bool Synchronous;

static BackendStatus failWith(BackendStatus Status, const char *Format, ...)
    __attribute__((format(printf, 2, 3)));

static BackendStatus failWith(BackendStatus Status, const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  vsnprintf(Message, sizeof(Message), Format, Args);
  va_end(Args);
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

/*===-- The allocation table ----------------------------------------------===*/

typedef enum {
  DeviceMemory,
  ManagedMemory,
  PinnedMemory,
  RegisteredMemory,
  ModuleVariable
} MemoryKind;

typedef struct {
  uintptr_t Base;
  size_t Bytes;
  MemoryKind Kind;
  char *Name; /* a module variable's */
} Allocation;

static pthread_mutex_t TableLock = PTHREAD_MUTEX_INITIALIZER;
static Allocation *Allocations;
static size_t NumAllocations, AllocationCapacity;

/* The index of the first allocation whose base is at least Base. */
static size_t firstAtOrAfter(uintptr_t Base) {
  size_t Low = 0, High = NumAllocations;
  while (Low < High) {
    size_t Mid = (Low + High) / 2;
    if (Allocations[Mid].Base < Base)
      Low = Mid + 1;
    else
      High = Mid;
  }
  return Low;
}

static void addAllocation(void *Base, size_t Bytes, MemoryKind Kind,
                          const char *Name) {
  pthread_mutex_lock(&TableLock);
  if (NumAllocations == AllocationCapacity) {
    AllocationCapacity = AllocationCapacity ? 2 * AllocationCapacity : 64;
    Allocations =
        realloc(Allocations, AllocationCapacity * sizeof(Allocation));
  }
  size_t I = firstAtOrAfter((uintptr_t)Base);
  memmove(&Allocations[I + 1], &Allocations[I],
          (NumAllocations - I) * sizeof(Allocation));
  Allocations[I] = (Allocation){(uintptr_t)Base, Bytes, Kind,
                                Name ? strdup(Name) : NULL};
  ++NumAllocations;
  pthread_mutex_unlock(&TableLock);
  if (Kind != ModuleVariable) /* wavesim knows its module's own */
    wavesimAddRange(Base, Bytes);
}

static void removeAllocation(void *Base) {
  wavesimRemoveRange(Base);
  pthread_mutex_lock(&TableLock);
  size_t I = firstAtOrAfter((uintptr_t)Base);
  if (I < NumAllocations && Allocations[I].Base == (uintptr_t)Base) {
    free(Allocations[I].Name);
    memmove(&Allocations[I], &Allocations[I + 1],
            (NumAllocations - I - 1) * sizeof(Allocation));
    --NumAllocations;
  }
  pthread_mutex_unlock(&TableLock);
}

/* The allocation holding Ptr, if any. */
static bool findAllocation(const void *Ptr, Allocation *Out) {
  pthread_mutex_lock(&TableLock);
  size_t I = firstAtOrAfter((uintptr_t)Ptr + 1);
  const Allocation *A = I > 0 ? &Allocations[I - 1] : NULL;
  bool Found = A && (uintptr_t)Ptr - A->Base < A->Bytes;
  if (Found) {
    *Out = *A;
    Out->Name = NULL; /* the table's copy may go */
  }
  pthread_mutex_unlock(&TableLock);
  return Found;
}

static const char *kindName(MemoryKind Kind) {
  switch (Kind) {
  case DeviceMemory:
    return "device allocation";
  case ManagedMemory:
    return "managed allocation";
  case PinnedMemory:
    return "pinned host allocation";
  case RegisteredMemory:
    return "registered host memory";
  case ModuleVariable:
    return "__device__ or __constant__ variable";
  }
  return "allocation";
}

/* Whether the Bytes at Ptr (Role: "destination", "source") may be
 * touched: inside one allocation, or pageable host memory where the
 * device side is not asked for (DeviceSide false). Known says whether Ptr
 * is in an allocation. Otherwise false, with why in Message. */
static bool checkRange(const char *Role, const void *Ptr, size_t Bytes,
                       bool DeviceSide, bool *Known) {
  Allocation A;
  *Known = findAllocation(Ptr, &A);
  if (!*Known) {
    if (!DeviceSide)
      return true;
    failWith(cudaErrorInvalidValue,
             "the %s, %zu bytes at %p, is in no device allocation (never "
             "allocated, freed, or host memory)",
             Role, Bytes, Ptr);
    return false;
  }
  size_t Offset = (uintptr_t)Ptr - A.Base;
  if (Bytes <= A.Bytes - Offset)
    return true;
  failWith(cudaErrorInvalidValue,
           "the %s, %zu bytes at %p, runs %zu bytes past the end of the "
           "%zu-byte %s at %#zx",
           Role, Bytes, Ptr, Bytes - (A.Bytes - Offset), A.Bytes,
           kindName(A.Kind), (size_t)A.Base);
  return false;
}

/* The bytes from the first to the last of Height rows of Width bytes. */
static size_t extent2D(size_t Pitch, size_t Width, size_t Height) {
  return Height ? (Height - 1) * Pitch + Width : 0;
}

/* Which sides of a copy of Kind are device memory. */
static bool deviceDestination(int Kind) {
  return Kind == cudaMemcpyHostToDevice || Kind == cudaMemcpyDeviceToDevice;
}

static bool deviceSource(int Kind) {
  return Kind == cudaMemcpyDeviceToHost || Kind == cudaMemcpyDeviceToDevice;
}

/*===-- Modules: kernels' parameters and variables from the bitcode -------===*/

typedef struct {
  char *Name;
  unsigned NumParams;
  size_t *Sizes; /* each parameter's bytes */
} KernelSignature;

typedef struct {
  WaveSim *Sim;
  KernelSignature *Kernels;
  size_t NumKernels;
  void **Variables; /* in the allocation table while the module is loaded */
  size_t NumVariables;
} Module;

static size_t parameterBytes(LLVMTargetDataRef Layout, LLVMValueRef F,
                             unsigned I) {
  unsigned ByRef = LLVMGetEnumAttributeKindForName("byref", 5);
  LLVMAttributeRef Attribute = LLVMGetEnumAttributeAtIndex(F, I + 1, ByRef);
  LLVMTypeRef Type = Attribute ? LLVMGetTypeAttributeValue(Attribute)
                               : LLVMTypeOf(LLVMGetParam(F, I));
  return (size_t)LLVMStoreSizeOfType(Layout, Type);
}

static void addSignature(Module *M, LLVMTargetDataRef Layout, LLVMValueRef F) {
  size_t Length;
  const char *Name = LLVMGetValueName2(F, &Length);
  M->Kernels =
      realloc(M->Kernels, (M->NumKernels + 1) * sizeof(KernelSignature));
  KernelSignature *K = &M->Kernels[M->NumKernels++];
  K->Name = strndup(Name, Length);
  K->NumParams = LLVMCountParams(F);
  K->Sizes = calloc(K->NumParams + 1, sizeof(size_t));
  for (unsigned I = 0; I < K->NumParams; ++I)
    K->Sizes[I] = parameterBytes(Layout, F, I);
}

/* A global variable of the device's memory (addrspace 1 or 4) that the
 * JIT gave an address joins the allocation table. */
static void addVariable(Module *M, LLVMTargetDataRef Layout, LLVMValueRef G) {
  unsigned AddressSpace = LLVMGetPointerAddressSpace(LLVMTypeOf(G));
  if ((AddressSpace != 1 && AddressSpace != 4) || LLVMIsDeclaration(G) ||
      LLVMGetLinkage(G) == LLVMPrivateLinkage)
    return;
  size_t Length;
  const char *Name = LLVMGetValueName2(G, &Length);
  size_t Bytes = (size_t)LLVMABISizeOfType(Layout, LLVMGlobalGetValueType(G));
  void *Address = Bytes ? wavesimVariableAddress(M->Sim, Name) : NULL;
  if (!Address)
    return;
  addAllocation(Address, Bytes, ModuleVariable, Name);
  M->Variables = realloc(M->Variables, (M->NumVariables + 1) * sizeof(void *));
  M->Variables[M->NumVariables++] = Address;
}

/* Reads the module's kernels and variables (without the functions'
 * bodies). */
static void readModuleShape(Module *M, const void *Image, size_t Bytes) {
  LLVMContextRef Context = LLVMContextCreate();
  LLVMMemoryBufferRef Buffer =
      LLVMCreateMemoryBufferWithMemoryRange(Image, Bytes, "module", 0);
  LLVMModuleRef IR;
  if (!LLVMGetBitcodeModuleInContext2(Context, Buffer, &IR)) {
    LLVMTargetDataRef Layout = LLVMGetModuleDataLayout(IR);
    for (LLVMValueRef F = LLVMGetFirstFunction(IR); F;
         F = LLVMGetNextFunction(F))
      if (LLVMGetFunctionCallConv(F) == LLVMAMDGPUKERNELCallConv)
        addSignature(M, Layout, F);
    for (LLVMValueRef G = LLVMGetFirstGlobal(IR); G; G = LLVMGetNextGlobal(G))
      addVariable(M, Layout, G);
    LLVMDisposeModule(IR);
  } else {
    LLVMDisposeMemoryBuffer(Buffer);
  }
  LLVMContextDispose(Context);
}

static const KernelSignature *findSignature(const Module *M,
                                            const char *Kernel) {
  for (size_t I = 0; I < M->NumKernels; ++I)
    if (!strcmp(M->Kernels[I].Name, Kernel))
      return &M->Kernels[I];
  return NULL;
}

static BackendStatus loadModule(const void *Image, size_t Bytes,
                                const char *Name, void **Handle) {
  char Error[900];
  WaveSim *S = wavesimLoadBuffer(Image, Bytes, Name, 0, Error, sizeof(Error));
  if (!S)
    return failWith(cudaErrorInvalidKernelImage, "%s", Error);
  Module *M = calloc(1, sizeof(Module));
  M->Sim = S;
  readModuleShape(M, Image, Bytes);
  *Handle = M;
  return cudaSuccess;
}

/* The runtime unloads modules only when no work is queued (reset). */
static void unloadModule(void *Handle) {
  Module *M = Handle;
  for (size_t I = 0; I < M->NumVariables; ++I)
    removeAllocation(M->Variables[I]);
  for (size_t I = 0; I < M->NumKernels; ++I) {
    free(M->Kernels[I].Name);
    free(M->Kernels[I].Sizes);
  }
  free(M->Kernels);
  free(M->Variables);
  wavesimDispose(M->Sim);
  free(M);
}

/*===-- Streams, events and the work they queue ---------------------------===*/

typedef struct Stream Stream;
typedef struct Event Event;

typedef enum {
  KernelWork,
  CopyWork, /* rows of Width bytes; a plain copy is one row */
  FillWork, /* the same, set to Value */
  RecordWork,
  WaitWork, /* nothing but its dependencies */
  HostWork
} WorkKind;

/* Work waits until stream On has completed its work up to Seq. */
typedef struct {
  Stream *On;
  uint64_t Seq;
} Dependency;

typedef struct Work {
  struct Work *Next;
  WorkKind Kind;
  uint64_t Seq;
  Dependency *Deps;
  unsigned NumDeps;
  /* KernelWork */
  Module *M;
  const char *Kernel;
  unsigned Grid[3], Block[3];
  size_t SharedBytes;
  bool Cooperative;
  void **Args;
  /* CopyWork, FillWork */
  void *Dst;
  const void *Src;
  size_t DstPitch, SrcPitch, Width, Height;
  int Value;
  void *Staging; /* pageable memory read at the call, freed when done */
  /* RecordWork */
  Event *E;
  uint64_t Generation;
  /* HostWork */
  void (*Function)(void *Data, BackendStatus Status);
  void *Data;
} Work;

struct Stream {
  unsigned Flags;
  bool Legacy;
  bool Destroyed; /* by the program; its worker ends once it is idle */
  bool Idle;      /* destroyed and done: streamCreate may reuse it */
  bool HasWorker;
  uint64_t Issued, Completed; /* sequence numbers of its work */
  Work *Head, *Tail;
  pthread_cond_t Wake; /* work arrived, or the stream was destroyed */
  Stream *Next;        /* in Streams */
};

struct Event {
  unsigned Flags;
  bool Recorded; /* ever */
  Stream *On;    /* the latest record's stream and sequence number */
  uint64_t Seq;
  uint64_t Generation; /* of the latest record */
  bool Timed;          /* the latest record was reached: Seconds is its time */
  double Seconds;
  unsigned References; /* the program's handle and each queued record */
  Event *Prev, *Next;  /* in Events */
};

/* QueueLock guards every stream, event and work item; Progress is
 * broadcast whenever a stream completes work. */
static pthread_mutex_t QueueLock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t Progress = PTHREAD_COND_INITIALIZER;
static Stream Legacy = {.Legacy = true, .Wake = PTHREAD_COND_INITIALIZER};
static Stream *Streams; /* all others, the per-thread ones included */
static _Thread_local Stream *PerThread;
/* Every event not yet freed: the device's, as a CUDA context holds the
 * events a program never destroys until the process ends. */
static Event *Events;

/* The sticky error of a failed kernel, and a failure of a queued launch
 * that is not sticky (reported once, at the next synchronization). */
static atomic_int DeviceError;
static atomic_int PendingError;

static double now(void) {
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return (double)Now.tv_sec + (double)Now.tv_nsec * 1e-9;
}

static bool isBlocking(const Stream *S) {
  return !(S->Flags & cudaStreamNonBlocking);
}

static bool isBusy(const Stream *S) { return S->Completed < S->Issued; }

/* A stream that is no longer in use, or a new one (under QueueLock). */
static Stream *newStream(unsigned Flags) {
  Stream *S = Streams;
  while (S && !S->Idle)
    S = S->Next;
  if (!S) {
    S = calloc(1, sizeof(Stream));
    if (!S)
      return NULL;
    pthread_cond_init(&S->Wake, NULL);
    S->Next = Streams;
    Streams = S;
  }
  S->Flags = Flags;
  S->Destroyed = S->Idle = false;
  return S;
}

/* NULL and cudaStreamLegacy are the legacy stream, cudaStreamPerThread
 * the calling thread's (under QueueLock). */
static Stream *streamOf(void *Handle) {
  if (!Handle || Handle == (void *)cudaStreamLegacy)
    return &Legacy;
  if (Handle == (void *)cudaStreamPerThread) {
    if (!PerThread)
      PerThread = newStream(cudaStreamDefault);
    return PerThread ? PerThread : &Legacy;
  }
  return Handle;
}

static void addDependency(Work *W, Stream *On, uint64_t Seq) {
  W->Deps = realloc(W->Deps, (W->NumDeps + 1) * sizeof(Dependency));
  W->Deps[W->NumDeps++] = (Dependency){On, Seq};
}

/* CUDA's legacy stream: its work waits for the earlier work of every
 * blocking stream, and a blocking stream's for the legacy stream's. */
static void addImplicitDependencies(Stream *S, Work *W) {
  if (!isBlocking(S))
    return;
  if (!S->Legacy) {
    if (isBusy(&Legacy))
      addDependency(W, &Legacy, Legacy.Issued);
    return;
  }
  for (Stream *T = Streams; T; T = T->Next)
    if (isBlocking(T) && isBusy(T))
      addDependency(W, T, T->Issued);
}

static bool dependenciesMet(const Work *W) {
  for (unsigned I = 0; I < W->NumDeps; ++I)
    if (W->Deps[I].On->Completed < W->Deps[I].Seq)
      return false;
  return true;
}

static void waitFor(Stream *S, uint64_t Seq) {
  while (S->Completed < Seq)
    pthread_cond_wait(&Progress, &QueueLock);
}

static void releaseEvent(Event *E) {
  if (--E->References)
    return;
  if (E->Prev)
    E->Prev->Next = E->Next;
  else
    Events = E->Next;
  if (E->Next)
    E->Next->Prev = E->Prev;
  free(E);
}

static void freeWork(Work *W) {
  if (W->E)
    releaseEvent(W->E);
  free(W->Deps);
  free(W->Args);
  free(W->Staging);
  free(W);
}

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

static void runKernel(Work *W) {
  char Error[1024];
  pthread_mutex_lock(&LaunchLock);
  WaveSimStatus Result =
      W->Cooperative
          ? wavesimLaunchCooperative(W->M->Sim, W->Kernel, W->Grid, W->Block,
                                     W->SharedBytes, W->Args, Error,
                                     sizeof(Error))
          : wavesimLaunch(W->M->Sim, W->Kernel, W->Grid, W->Block,
                          W->SharedBytes, W->Args, Error, sizeof(Error));
  pthread_mutex_unlock(&LaunchLock);
  if (Result == WaveSimOk)
    return;
  BackendStatus Status = statusOf(Result);
  int None = cudaSuccess;
  if (cuccIsStickyError(Status))
    atomic_compare_exchange_strong(&DeviceError, &None, Status);
  else
    atomic_store(&PendingError, Status);
  cuccReportKernelFailure(W->Kernel, W->Grid, W->Block, W->SharedBytes, Status,
                          Error);
}

static void runRows(Work *W) {
  for (size_t Row = 0; Row < W->Height; ++Row) {
    char *To = (char *)W->Dst + Row * W->DstPitch;
    if (W->Kind == FillWork)
      memset(To, W->Value, W->Width);
    else
      memmove(To, (const char *)W->Src + Row * W->SrcPitch, W->Width);
  }
}

/* Does W's work; after a kernel failed, only host functions still run
 * (told of the failure), as on a GPU. */
static void run(Work *W) {
  BackendStatus Failed = atomic_load(&DeviceError);
  switch (W->Kind) {
  case KernelWork:
    if (!Failed)
      runKernel(W);
    break;
  case CopyWork:
  case FillWork:
    if (!Failed)
      runRows(W);
    break;
  case HostWork:
    W->Function(W->Data, Failed);
    break;
  case RecordWork:
  case WaitWork:
    break;
  }
}

/* An event's record is reached: its time, if it is still the latest. */
static void reachRecord(Work *W) {
  if (W->E->Generation != W->Generation)
    return;
  W->E->Seconds = now();
  W->E->Timed = true;
}

/* A stream's worker: runs its work in order, each piece once what it
 * depends on is done; ends once its stream is destroyed and idle. */
static void *runStream(void *Arg) {
  Stream *S = Arg;
  pthread_mutex_lock(&QueueLock);
  for (;;) {
    while (!S->Head && !S->Destroyed)
      pthread_cond_wait(&S->Wake, &QueueLock);
    if (!S->Head)
      break;
    Work *W = S->Head;
    while (!dependenciesMet(W))
      pthread_cond_wait(&Progress, &QueueLock);
    if (W->Kind == RecordWork)
      reachRecord(W);
    pthread_mutex_unlock(&QueueLock);
    run(W);
    pthread_mutex_lock(&QueueLock);
    S->Head = W->Next;
    if (!S->Head)
      S->Tail = NULL;
    S->Completed = W->Seq;
    freeWork(W);
    pthread_cond_broadcast(&Progress);
  }
  S->HasWorker = false;
  S->Idle = true;
  pthread_mutex_unlock(&QueueLock);
  return NULL;
}

/* Queues W on S (under QueueLock) and returns its sequence number; in
 * synchronous mode, once it is done. */
static uint64_t enqueue(Stream *S, Work *W) {
  addImplicitDependencies(S, W);
  uint64_t Seq = W->Seq = ++S->Issued;
  if (S->Tail)
    S->Tail->Next = W;
  else
    S->Head = W;
  S->Tail = W;
  if (!S->HasWorker) {
    pthread_t Worker;
    pthread_attr_t Attributes;
    pthread_attr_init(&Attributes);
    pthread_attr_setdetachstate(&Attributes, PTHREAD_CREATE_DETACHED);
    S->HasWorker = !pthread_create(&Worker, &Attributes, runStream, S);
    pthread_attr_destroy(&Attributes);
    if (!S->HasWorker) {
      fprintf(stderr, "cucc: error: cannot start a stream's thread\n");
      abort();
    }
  } else {
    pthread_cond_signal(&S->Wake);
  }
  if (Synchronous)
    waitFor(S, Seq);
  return Seq;
}

/* The device's status for a synchronizing call: the sticky error, else a
 * queued launch's failure not reported yet. */
static BackendStatus deviceStatus(void) {
  BackendStatus Sticky = atomic_load(&DeviceError);
  return Sticky ? Sticky : atomic_exchange(&PendingError, cudaSuccess);
}

static BackendStatus deviceError(void) { return atomic_load(&DeviceError); }

/* Queues W on the stream of Handle; with Wait, returns once it is done. */
static BackendStatus submit(void *Handle, Work *W, bool Wait) {
  pthread_mutex_lock(&QueueLock);
  Stream *S = streamOf(Handle);
  uint64_t Seq = enqueue(S, W);
  if (Wait)
    waitFor(S, Seq);
  pthread_mutex_unlock(&QueueLock);
  return Wait ? deviceStatus() : cudaSuccess;
}

/* Until all work queued so far is done (under QueueLock). */
static void waitForAll(void) {
  waitFor(&Legacy, Legacy.Issued);
  for (Stream *T = Streams; T; T = T->Next)
    waitFor(T, T->Issued);
}

static BackendStatus synchronize(void) {
  pthread_mutex_lock(&QueueLock);
  waitForAll();
  pthread_mutex_unlock(&QueueLock);
  return deviceStatus();
}

/* The work before the process ends, as CUDA's context teardown; device
 * printf output stays unprinted, as CUDA's does. */
static void drainAtExit(void) { synchronize(); }

/* A fresh device: no failure, nothing queued. */
static BackendStatus reset(void) {
  synchronize();
  atomic_store(&DeviceError, cudaSuccess);
  atomic_store(&PendingError, cudaSuccess);
  return cudaSuccess;
}

static Work *newWork(WorkKind Kind) {
  Work *W = calloc(1, sizeof(Work));
  if (!W) {
    fprintf(stderr, "cucc: error: out of host memory\n");
    abort();
  }
  W->Kind = Kind;
  return W;
}

static BackendStatus streamCreate(void **Handle, unsigned Flags) {
  pthread_mutex_lock(&QueueLock);
  Stream *S = newStream(Flags);
  pthread_mutex_unlock(&QueueLock);
  if (!S)
    return cudaErrorMemoryAllocation;
  *Handle = S;
  return cudaSuccess;
}

/* As CUDA's: at once, the stream's work still done. */
static BackendStatus streamDestroy(void *Handle) {
  pthread_mutex_lock(&QueueLock);
  Stream *S = streamOf(Handle);
  if (S != &Legacy && S != PerThread) {
    S->Destroyed = true;
    if (S->HasWorker)
      pthread_cond_signal(&S->Wake);
    else
      S->Idle = true;
  }
  pthread_mutex_unlock(&QueueLock);
  return cudaSuccess;
}

/* A stream's work is done; the legacy stream's includes what it waits
 * for, every blocking stream's earlier work (as an H100 answers). */
static bool streamDone(Stream *S) {
  if (isBusy(S))
    return false;
  if (S->Legacy)
    for (Stream *T = Streams; T; T = T->Next)
      if (isBlocking(T) && isBusy(T))
        return false;
  return true;
}

static BackendStatus streamSynchronize(void *Handle) {
  pthread_mutex_lock(&QueueLock);
  Stream *S = streamOf(Handle);
  if (S->Legacy)
    for (Stream *T = Streams; T; T = T->Next)
      if (isBlocking(T))
        waitFor(T, T->Issued);
  waitFor(S, S->Issued);
  pthread_mutex_unlock(&QueueLock);
  return deviceStatus();
}

static BackendStatus streamQuery(void *Handle) {
  pthread_mutex_lock(&QueueLock);
  bool Done = streamDone(streamOf(Handle));
  pthread_mutex_unlock(&QueueLock);
  return Done ? cudaSuccess : cudaErrorNotReady;
}

static bool eventDone(const Event *E) {
  return !E->On || E->On->Completed >= E->Seq;
}

/* The stream's later work waits for the event's latest record, as it was
 * when this was called. */
static BackendStatus streamWaitEvent(void *StreamHandle, void *EventHandle,
                                     unsigned Flags) {
  (void)Flags;
  Event *E = EventHandle;
  pthread_mutex_lock(&QueueLock);
  if (!eventDone(E)) {
    Work *W = newWork(WaitWork);
    addDependency(W, E->On, E->Seq);
    enqueue(streamOf(StreamHandle), W);
  }
  pthread_mutex_unlock(&QueueLock);
  return cudaSuccess;
}

static BackendStatus eventCreate(void **Handle, unsigned Flags) {
  Event *E = calloc(1, sizeof(Event));
  if (!E)
    return cudaErrorMemoryAllocation;
  E->Flags = Flags;
  E->References = 1;
  pthread_mutex_lock(&QueueLock);
  E->Next = Events;
  if (Events)
    Events->Prev = E;
  Events = E;
  pthread_mutex_unlock(&QueueLock);
  *Handle = E;
  return cudaSuccess;
}

/* As CUDA's: at once, a pending record still reached. */
static BackendStatus eventDestroy(void *Handle) {
  pthread_mutex_lock(&QueueLock);
  releaseEvent(Handle);
  pthread_mutex_unlock(&QueueLock);
  return cudaSuccess;
}

static BackendStatus eventRecord(void *Handle, void *StreamHandle) {
  Event *E = Handle;
  Work *W = newWork(RecordWork);
  pthread_mutex_lock(&QueueLock);
  Stream *S = streamOf(StreamHandle);
  E->Recorded = true;
  E->Timed = false;
  E->On = S;
  W->E = E;
  W->Generation = ++E->Generation;
  ++E->References;
  E->Seq = enqueue(S, W);
  pthread_mutex_unlock(&QueueLock);
  return cudaSuccess;
}

static BackendStatus eventSynchronize(void *Handle) {
  Event *E = Handle;
  pthread_mutex_lock(&QueueLock);
  if (E->On)
    waitFor(E->On, E->Seq);
  pthread_mutex_unlock(&QueueLock);
  return deviceStatus();
}

static BackendStatus eventQuery(void *Handle) {
  pthread_mutex_lock(&QueueLock);
  bool Done = eventDone(Handle);
  pthread_mutex_unlock(&QueueLock);
  return Done ? cudaSuccess : cudaErrorNotReady;
}

/* As CUDA: both events recorded, neither without timing, both reached. */
static BackendStatus eventElapsedTime(float *Milliseconds, void *Start,
                                      void *End) {
  const Event *From = Start, *To = End;
  BackendStatus Status = cudaSuccess;
  pthread_mutex_lock(&QueueLock);
  if (!From->Recorded || !To->Recorded ||
      (From->Flags | To->Flags) & cudaEventDisableTiming)
    Status = cudaErrorInvalidResourceHandle;
  else if (!eventDone(From) || !eventDone(To))
    Status = cudaErrorNotReady;
  else
    *Milliseconds = (float)((To->Seconds - From->Seconds) * 1e3);
  pthread_mutex_unlock(&QueueLock);
  return Status;
}

static BackendStatus launchHostFunction(void *Handle,
                                        void (*Function)(void *Data,
                                                         BackendStatus Status),
                                        void *Data) {
  Work *W = newWork(HostWork);
  W->Function = Function;
  W->Data = Data;
  return submit(Handle, W, false);
}

/*===-- Memory ------------------------------------------------------------===*/

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

static BackendStatus mapDeviceMemory(void **Ptr, size_t Bytes,
                                     MemoryKind Kind) {
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
  addAllocation(*Ptr, Bytes, Kind, NULL);
  return cudaSuccess;
}

static BackendStatus deviceMalloc(void **Ptr, size_t Bytes) {
  return mapDeviceMemory(Ptr, Bytes, DeviceMemory);
}

static BackendStatus managedMalloc(void **Ptr, size_t Bytes) {
  return mapDeviceMemory(Ptr, Bytes, ManagedMemory);
}

/* As CUDA's cudaFree: once the device's work is done. */
static BackendStatus deviceFree(void *Ptr) {
  if (!Ptr)
    return cudaSuccess;
  synchronize();
  removeAllocation(Ptr);
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
  addAllocation(P, Bytes, PinnedMemory, NULL);
  *Ptr = P;
  return cudaSuccess;
}

static BackendStatus hostFree(void *Ptr) {
  synchronize();
  removeAllocation(Ptr);
  free(Ptr);
  return cudaSuccess;
}

/* The emulated device uses host memory as it is. */
static BackendStatus hostRegister(void *Ptr, size_t Bytes) {
  addAllocation(Ptr, Bytes, RegisteredMemory, NULL);
  return cudaSuccess;
}

static BackendStatus hostUnregister(void *Ptr) {
  synchronize();
  removeAllocation(Ptr);
  return cudaSuccess;
}

static BackendStatus memGetInfo(size_t *Free, size_t *Total) {
  *Free = hostMemory(true);
  *Total = hostMemory(false);
  return cudaSuccess;
}

/* Height rows of Width bytes, the source's packed, for a copy that must
 * read pageable memory now. */
static void *stageRows(const void *Src, size_t SrcPitch, size_t Width,
                       size_t Height) {
  char *Staging = malloc(Width * Height ? Width * Height : 1);
  if (!Staging) {
    fprintf(stderr, "cucc: error: out of host memory\n");
    abort();
  }
  for (size_t Row = 0; Row < Height; ++Row)
    memcpy(Staging + Row * Width, (const char *)Src + Row * SrcPitch, Width);
  return Staging;
}

/* A copy's device-side ranges are checked at the call. An asynchronous
 * copy reads pageable memory at the call and writes pageable memory before
 * it returns, as CUDA's does; a copy that is not asynchronous returns
 * once it is done. */
static BackendStatus copy2D(void *Dst, size_t DstPitch, const void *Src,
                            size_t SrcPitch, size_t Width, size_t Height,
                            int Kind, void *Stream, bool Async) {
  bool DstKnown, SrcKnown;
  if (!checkRange("destination", Dst, extent2D(DstPitch, Width, Height),
                  deviceDestination(Kind), &DstKnown) ||
      !checkRange("source", Src, extent2D(SrcPitch, Width, Height),
                  deviceSource(Kind), &SrcKnown))
    return cudaErrorInvalidValue;
  Work *W = newWork(CopyWork);
  W->Dst = Dst;
  W->DstPitch = DstPitch;
  W->Src = Src;
  W->SrcPitch = SrcPitch;
  W->Width = Width;
  W->Height = Height;
  if (Async && !SrcKnown) {
    W->Src = W->Staging = stageRows(Src, SrcPitch, Width, Height);
    W->SrcPitch = Width;
  }
  return submit(Stream, W, !Async || !DstKnown);
}

static BackendStatus copy(void *Dst, const void *Src, size_t Bytes, int Kind,
                          void *Stream, bool Async) {
  return copy2D(Dst, Bytes, Src, Bytes, Bytes, 1, Kind, Stream, Async);
}

/* A set that is not asynchronous waits only where it writes host memory
 * (pinned, registered or managed), as CUDA's cudaMemset. */
static BackendStatus fill2D(void *Ptr, size_t Pitch, int Value, size_t Width,
                            size_t Height, void *Stream, bool Async) {
  bool Known;
  if (!checkRange("memory set", Ptr, extent2D(Pitch, Width, Height), true,
                  &Known))
    return cudaErrorInvalidValue;
  Allocation A;
  bool HostMemory = findAllocation(Ptr, &A) && A.Kind != DeviceMemory &&
                    A.Kind != ModuleVariable;
  Work *W = newWork(FillWork);
  W->Dst = Ptr;
  W->DstPitch = Pitch;
  W->Width = Width;
  W->Height = Height;
  W->Value = Value;
  return submit(Stream, W, !Async && HostMemory);
}

static BackendStatus fill(void *Ptr, int Value, size_t Bytes, void *Stream,
                          bool Async) {
  return fill2D(Ptr, Bytes, Value, Bytes, 1, Stream, Async);
}

/*===-- Launches ----------------------------------------------------------===*/

/* The arguments' values, copied now: the kernel runs later. */
static void **copyArguments(const KernelSignature *K, void **Args) {
  size_t Offsets[K->NumParams + 1], Total = 0;
  for (unsigned I = 0; I < K->NumParams; ++I) {
    Offsets[I] = Total;
    Total += (K->Sizes[I] + ArgumentAlignment - 1) / ArgumentAlignment *
             ArgumentAlignment;
  }
  size_t Pointers = ((K->NumParams + 1) * sizeof(void *) +
                     ArgumentAlignment - 1) /
                    ArgumentAlignment * ArgumentAlignment;
  void **Copy = aligned_alloc(ArgumentAlignment, Pointers + Total);
  char *Bytes = (char *)Copy + Pointers;
  for (unsigned I = 0; I < K->NumParams; ++I) {
    Copy[I] = Bytes + Offsets[I];
    memcpy(Copy[I], Args[I], K->Sizes[I]);
  }
  return Copy;
}

static BackendStatus queueLaunch(void *Handle, const char *Kernel,
                                 const unsigned Grid[3],
                                 const unsigned Block[3], size_t SharedBytes,
                                 void *Stream, void **Args, bool Cooperative) {
  Module *M = Handle;
  const KernelSignature *K = findSignature(M, Kernel);
  if (!K)
    return failWith(cudaErrorInvalidDeviceFunction,
                    "the module has no kernel named %s", Kernel);
  /* What wavesimLaunchCooperative would refuse, refused at the call. */
  unsigned long long Blocks = (unsigned long long)Grid[0] * Grid[1] * Grid[2];
  unsigned long long Threads = Blocks * Block[0] * Block[1] * Block[2];
  if (Cooperative && Threads > WaveSimMaxCooperativeThreads)
    return failWith(cudaErrorCooperativeLaunchTooLarge,
                    "a cooperative launch of %llu blocks, %llu threads: "
                    "wavesim keeps at most %u threads resident",
                    Blocks, Threads, (unsigned)WaveSimMaxCooperativeThreads);
  Work *W = newWork(KernelWork);
  W->M = M;
  W->Kernel = Kernel;
  memcpy(W->Grid, Grid, sizeof(W->Grid));
  memcpy(W->Block, Block, sizeof(W->Block));
  W->SharedBytes = SharedBytes;
  W->Cooperative = Cooperative;
  W->Args = copyArguments(K, Args);
  return submit(Stream, W, false);
}

static BackendStatus launch(void *Module, const char *Kernel,
                            const unsigned Grid[3], const unsigned Block[3],
                            size_t SharedBytes, void *Stream, void **Args) {
  return queueLaunch(Module, Kernel, Grid, Block, SharedBytes, Stream, Args,
                     false);
}

static BackendStatus launchCooperative(void *Module, const char *Kernel,
                                       const unsigned Grid[3],
                                       const unsigned Block[3],
                                       size_t SharedBytes, void *Stream,
                                       void **Args) {
  return queueLaunch(Module, Kernel, Grid, Block, SharedBytes, Stream, Args,
                     true);
}

static BackendStatus variableAddress(void *Handle, const char *Name,
                                     void **Address) {
  *Address = wavesimVariableAddress(((Module *)Handle)->Sim, Name);
  return *Address ? cudaSuccess : cudaErrorInvalidSymbol;
}

static BackendStatus kernelInfo(void *Handle, const char *Kernel,
                                BackendKernelInfo *Info) {
  memset(Info, 0, sizeof(*Info));
  Info->SharedBytes = wavesimStaticSharedBytes(((Module *)Handle)->Sim, Kernel);
  Info->MaxThreadsPerBlock = 1024;
  return cudaSuccess;
}

static bool hasKernel(void *Handle, const char *Kernel) {
  return wavesimHasKernel(((Module *)Handle)->Sim, Kernel);
}

/* One block at a time, if it fits at all. */
static BackendStatus occupancy(void *Handle, const char *Kernel, int BlockSize,
                               size_t DynamicSharedBytes, int *Blocks) {
  *Blocks = BlockSize >= 1 && BlockSize <= 1024 &&
            wavesimStaticSharedBytes(((Module *)Handle)->Sim, Kernel) +
                    DynamicSharedBytes <=
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
    .freeHost = hostFree,
    .mallocManaged = managedMalloc,
    .hostRegister = hostRegister,
    .hostUnregister = hostUnregister,
    .memGetInfo = memGetInfo,
    .memcpy = copy,
    .memcpy2D = copy2D,
    .memset = fill,
    .memset2D = fill2D,
    .streamCreate = streamCreate,
    .streamDestroy = streamDestroy,
    .streamSynchronize = streamSynchronize,
    .streamQuery = streamQuery,
    .streamWaitEvent = streamWaitEvent,
    .eventCreate = eventCreate,
    .eventDestroy = eventDestroy,
    .eventRecord = eventRecord,
    .eventSynchronize = eventSynchronize,
    .eventQuery = eventQuery,
    .eventElapsedTime = eventElapsedTime,
    .launchHostFunction = launchHostFunction,
    .deviceError = deviceError,
    .loadModule = loadModule,
    .unloadModule = unloadModule,
    .launch = launch,
    .launchCooperative = launchCooperative,
    .variableAddress = variableAddress,
    .kernelInfo = kernelInfo,
    .hasKernel = hasKernel,
    .occupancy = occupancy,
    .lastMessage = lastMessage,
};

static bool environmentSays(const char *Name, const char *Value) {
  const char *Set = getenv(Name);
  return Set && !strcmp(Set, Value);
}

const Backend *wavesimBackendOpen(const char *Name) {
  snprintf(Processor, sizeof(Processor), "%s", Name);
  Synchronous = environmentSays("CUCC_WAVESIM_SYNC", "1") ||
                (environmentSays("CUCC_WAVESIM_THREADS", "1") &&
                 !environmentSays("CUCC_WAVESIM_SYNC", "0"));
  devicePrintfCapture();
  atexit(drainAtExit);
  return &Wavesim;
}
