/*===- CudaRuntime.c - The CUDA runtime API over HIP or wavesim -----------===*
 *
 * libcucc_cudart: what a CUDA program built by cucc links instead of
 * NVIDIA's libcudart. It keeps CUDA's semantics that do not depend on where
 * kernels run (the last error and sticky errors, launch configurations,
 * the kernels and variables clang's registration code announces, which
 * pointers are device memory) and leaves the rest to a backend
 * (Backend.h), chosen at the first call that needs a device:
 *
 *   CUCC_DEVICE unset       HIP if an AMD GPU is there, else wavesim with a
 *                           one-line note on stderr
 *   CUCC_DEVICE=hip         HIP, or no device (cudaErrorNoDevice) and why
 *   CUCC_DEVICE=wavesim[:P] wavesim, as processor P (default: the first
 *                           processor the program was built for)
 *
 * Device code comes from the offload bundle (OffloadBundle.h) that clang's
 * registration code passes to __cudaRegisterFatBinary, one per .cu file;
 * each is loaded for the device's processor at its first use.
 *
 * The API's answers follow what CUDA 13's runtime answers on an H100
 * (lit-tests/oracle/nvidia/programs/runtime_api_probe.cu, lit-tests/
 * runtime-errors/Inputs/NAME.h100.txt): a launch shape out of range is
 * cudaErrorInvalidValue; a kernel that fails at run time (a failed assert,
 * a trap, an illegal address, a hung wavesim block) still launched, and
 * its error is sticky: the next synchronization reports it, and every
 * later call that touches the device returns it until cudaDeviceReset
 * (the calls that only ask about the device do not). The runtime prints
 * one line to stderr for what CUDA would leave the user guessing at: which
 * backend runs, why a kernel cannot be loaded, why a launch failed, which
 * range of a copy lies outside its allocation.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "Backend.h"
#include "CudaGraphs.h"
#include "DevicePrintf.h"
#include "ErrorStrings.h"
#include "OffloadBundle.h"
#include "cuda_profiler_api.h"
#include "cuda_runtime_api.h"

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  MaxDevices = 16,
  MaxCallDepth = 16,
  MaxArguments = 1024,
  MaxArgumentBytes = 32 * 1024, /* CUDA 12.1's parameter space */
  FatBinaryMagic = 0x466243b1,
  PitchAlignment = 256,
  DriverVersion = 12000,
  DefaultSharedLimit = 48 * 1024 /* CUDA's, without the opt-in */
};

/* CUDA's limits on a launch's shape: every launch is held to them, and
 * every device reports them (a backend's own may be wider). */
static const unsigned MaxBlockDim[3] = {1024, 1024, 64};
static const unsigned MaxGridDim[3] = {0x7fffffff, 65535, 65535};
enum { MaxBlockThreads = 1024 };

/* The name the compiler gives a kernel's copy for launches whose block
 * shape makes threadIdx.x % 32 the lane (pass/lanes/LaunchVariants.h). */
static const char LaunchVariantSuffix[] = ".tidxlanes";

static int atMost(int Value, unsigned Limit) {
  return (unsigned)Value < Limit ? Value : (int)Limit;
}

/*===-- Messages ----------------------------------------------------------===*/

static void say(const char *Kind, const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  fprintf(stderr, "cucc: %s: ", Kind);
  vfprintf(stderr, Format, Args);
  fputc('\n', stderr);
  va_end(Args);
}

/* The C++ name of a kernel, for messages (libstdc++'s demangler, which a
 * C++ program has). */
char *__cxa_demangle(const char *Mangled, char *Buffer, size_t *Length,
                     int *Status) __attribute__((weak));

static const char *readableName(const char *Mangled, char *Out, size_t Size) {
  int Status = -1;
  char *Name =
      __cxa_demangle ? __cxa_demangle(Mangled, NULL, NULL, &Status) : NULL;
  snprintf(Out, Size, "%s", Status == 0 && Name ? Name : Mangled);
  free(Name);
  return Out;
}

/*===-- Errors ------------------------------------------------------------===*/

static _Thread_local cudaError_t LastError;
static _Atomic cudaError_t StickyError;

/* The errors after which CUDA's context is unusable until cudaDeviceReset
 * (the CUDA runtime API's documentation of each: "This leaves the process
 * in an inconsistent state and any further CUDA work will return the same
 * error"). */
bool cuccIsStickyError(int Error) {
  switch (Error) {
  case cudaErrorIllegalAddress:
  case cudaErrorLaunchTimeout:
  case cudaErrorAssert:
  case cudaErrorHardwareStackError:
  case cudaErrorIllegalInstruction:
  case cudaErrorMisalignedAddress:
  case cudaErrorInvalidAddressSpace:
  case cudaErrorInvalidPc:
  case cudaErrorLaunchFailure:
  case cudaErrorExternalDevice:
    return true;
  default:
    return false;
  }
}

/* Every call's failure becomes the last error, as in CUDA; a sticky one
 * stays. */
static cudaError_t record(cudaError_t Error) {
  if (Error != cudaSuccess)
    LastError = Error;
  if (cuccIsStickyError(Error))
    StickyError = Error;
  return Error;
}

/* It clears even a sticky error, as CUDA's does (the calls that follow
 * still fail with it). */
cudaError_t cudaGetLastError(void) {
  cudaError_t Error = LastError;
  LastError = cudaSuccess;
  return Error;
}

cudaError_t cudaPeekAtLastError(void) { return LastError; }

/* For the runtime's other files (CudaGraphs.h). */
cudaError_t cuccRecordError(cudaError_t Error) { return record(Error); }

const char *cudaGetErrorName(cudaError_t Error) {
  return cudaErrorNameOf(Error);
}

const char *cudaGetErrorString(cudaError_t Error) {
  return cudaErrorStringOf(Error);
}

/*===-- Registered device code --------------------------------------------===*/

typedef struct {
  const void *Bundle;
  void *Modules[MaxDevices];
  cudaError_t LoadError[MaxDevices];
} FatBinary;

typedef struct {
  const void *HostStub;
  const char *DeviceName;
  FatBinary *Binary;
  int MaxDynamicShared; /* cudaFuncAttributeMaxDynamicSharedMemorySize */
  long StaticShared;    /* its static shared memory, once asked; or -1 */
  char *VariantName;    /* its launch variant's name, once found */
  int HasVariant;       /* whether it has one, once asked; or -1 */
} KernelEntry;

typedef struct {
  const void *HostVariable;
  const char *DeviceName;
  size_t Bytes;
  FatBinary *Binary;
} VariableEntry;

static FatBinary **Binaries;
static unsigned NumBinaries;
static KernelEntry *Kernels;
static unsigned NumKernels;
static VariableEntry *Variables;
static unsigned NumVariables;

/* How clang's host compilation hands the GPU binary over. */
typedef struct {
  int Magic;
  int Version;
  const void *Data;
  void *Unused;
} FatBinaryWrapper;

void **__cudaRegisterFatBinary(void *Wrapper) {
  const FatBinaryWrapper *W = Wrapper;
  FatBinary *F = calloc(1, sizeof(FatBinary));
  if (W && W->Magic == FatBinaryMagic && bundleIsBundle(W->Data))
    F->Bundle = W->Data;
  Binaries = realloc(Binaries, (NumBinaries + 1) * sizeof(FatBinary *));
  Binaries[NumBinaries++] = F;
  return (void **)F;
}

void __cudaRegisterFatBinaryEnd(void **Handle) { (void)Handle; }

/* At exit, after the program's own destructors: the modules go with the
 * process. */
void __cudaUnregisterFatBinary(void **Handle) { (void)Handle; }

int __cudaRegisterFunction(void **Handle, const char *HostStub,
                           char *DeviceFunction, const char *DeviceName,
                           int ThreadLimit, void *Tid, void *Bid, void *BDim,
                           void *GDim, int *WarpSize) {
  (void)DeviceFunction;
  (void)ThreadLimit;
  (void)Tid;
  (void)Bid;
  (void)BDim;
  (void)GDim;
  (void)WarpSize;
  Kernels = realloc(Kernels, (NumKernels + 1) * sizeof(KernelEntry));
  Kernels[NumKernels++] = (KernelEntry){
      HostStub, DeviceName, (FatBinary *)Handle, -1, -1, NULL, -1};
  return 0;
}

void __cudaRegisterVar(void **Handle, char *HostVariable, char *DeviceAddress,
                       const char *DeviceName, int External, size_t Bytes,
                       int Constant, int Global) {
  (void)DeviceAddress;
  (void)External;
  (void)Constant;
  (void)Global;
  Variables = realloc(Variables, (NumVariables + 1) * sizeof(VariableEntry));
  Variables[NumVariables++] =
      (VariableEntry){HostVariable, DeviceName, Bytes, (FatBinary *)Handle};
}

static KernelEntry *findKernel(const void *HostStub) {
  for (unsigned I = 0; I < NumKernels; ++I)
    if (Kernels[I].HostStub == HostStub)
      return &Kernels[I];
  return NULL;
}

/* For CudaGraphs.c, which reads a kernel's parameters from its bitcode. */
bool cuccKernelImage(const void *Function, const char **DeviceName,
                     const void **Bundle) {
  const KernelEntry *K = findKernel(Function);
  if (!K || !K->Binary->Bundle)
    return false;
  *DeviceName = K->DeviceName;
  *Bundle = K->Binary->Bundle;
  return true;
}

static const VariableEntry *findVariable(const void *HostVariable) {
  for (unsigned I = 0; I < NumVariables; ++I)
    if (Variables[I].HostVariable == HostVariable)
      return &Variables[I];
  return NULL;
}

/* The processor of the first bitcode entry of the registered bundles: the
 * first --offload-arch the program was built with. */
static const char *firstProcessor(void) {
  static char Id[256];
  BundleEntry Entry;
  for (unsigned I = 0; I < NumBinaries; ++I)
    if (Binaries[I]->Bundle &&
        bundleFindEntry(Binaries[I]->Bundle, BUNDLE_BITCODE_KIND, NULL, &Entry,
                        Id, sizeof(Id)))
      return bundleEntryProcessor(Id, BUNDLE_BITCODE_KIND);
  return NULL;
}

/* "gfx90a, gfx942" of a bundle's entries of Kind. */
static void listProcessors(const void *Bundle, const char *Kind, char *Out,
                           size_t Size) {
  char Id[256];
  size_t Used = 0;
  Out[0] = '\0';
  unsigned N = bundleNumEntries(Bundle);
  for (unsigned I = 0; I < N && Used < Size; ++I) {
    BundleEntry Entry;
    bundleEntry(Bundle, I, &Entry, Id, sizeof(Id));
    const char *Processor = bundleEntryProcessor(Entry.Id, Kind);
    if (Processor)
      Used += (size_t)snprintf(Out + Used, Size - Used, "%s%s",
                               Used ? ", " : "", Processor);
  }
}

/*===-- The backend -------------------------------------------------------===*/

static const Backend *B;
static cudaError_t InitError;
static pthread_once_t InitOnce = PTHREAD_ONCE_INIT;
static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
static int NumDevices;
static char DeviceProcessor[MaxDevices][64];
static _Thread_local int CurrentDevice;

static void openWavesim(const char *Processor, const char *Fallback) {
  if (!Processor)
    Processor = firstProcessor();
  if (!Processor)
    Processor = "gfx90a"; /* no device code at all: nothing will launch */
  B = wavesimBackendOpen(Processor);
  if (Fallback)
    say("note",
        "%s: running kernels on wavesim, the CPU emulator of AMD waves, as "
        "%s (CUCC_DEVICE=wavesim:PROCESSOR picks another)",
        Fallback, Processor);
}

static void chooseBackend(void) {
  const char *Wanted = getenv("CUCC_DEVICE");
  char Why[300] = "";
  if (Wanted && !strcmp(Wanted, "wavesim"))
    openWavesim(NULL, NULL);
  else if (Wanted && !strncmp(Wanted, "wavesim:", 8) && Wanted[8])
    openWavesim(Wanted + 8, NULL);
  else if (Wanted && *Wanted && strcmp(Wanted, "hip")) {
    say("error", "CUCC_DEVICE=%s: expected hip, wavesim or wavesim:gfxNNN",
        Wanted);
    InitError = cudaErrorInitializationError;
    return;
  } else if (!(B = hipBackendOpen(Why, sizeof(Why)))) {
    if (Wanted && *Wanted) {
      say("error", "CUCC_DEVICE=hip: %s", Why);
      InitError = cudaErrorNoDevice;
      return;
    }
    openWavesim(NULL, Why);
  }
  NumDevices = B->deviceCount();
  if (NumDevices > MaxDevices)
    NumDevices = MaxDevices;
  for (int D = 0; D < NumDevices; ++D) {
    BackendDeviceInfo Info;
    if (B->deviceInfo(D, &Info) == cudaSuccess)
      snprintf(DeviceProcessor[D], sizeof(DeviceProcessor[D]), "%s",
               Info.Processor);
  }
}

/* The backend, or why there is none. */
static cudaError_t started(void) {
  pthread_once(&InitOnce, chooseBackend);
  return InitError;
}

/* The backend, or why there is none; then the sticky error, if any: the
 * runtime's, or one the device hit meanwhile. */
static cudaError_t ready(void) {
  cudaError_t Error = started();
  if (Error || StickyError)
    return Error ? Error : StickyError;
  cudaError_t Device = B->deviceError ? B->deviceError() : cudaSuccess;
  if (Device)
    StickyError = Device;
  return Device;
}

static size_t Limits[3] = {1024, 1 << 20, 8 << 20};

/* The device heap of include/crt/device_heap.h: one per device, made when
 * the first module that calls malloc loads, of cudaLimitMallocHeapSize
 * bytes; its header (the next free offset) starts at zero. Each such
 * module's __cuda_device_heap is pointed at it. */
enum { DeviceHeapHeader = 64 };
static void *DeviceHeaps[MaxDevices];

/* A non-blocking stream per device for the runtime's own writes to memory
 * no queued work uses yet: they wait for no kernel of the program. */
static void *SetupStreams[MaxDevices];

static cudaError_t connectDeviceHeap(void *Module) {
  void *Variable = NULL;
  if (B->variableAddress(Module, "__cuda_device_heap", &Variable) ||
      !Variable)
    return cudaSuccess; /* the module allocates nothing */
  size_t Bytes = Limits[cudaLimitMallocHeapSize];
  if (Bytes < 2 * DeviceHeapHeader)
    Bytes = 2 * DeviceHeapHeader;
  void **Setup = &SetupStreams[CurrentDevice];
  cudaError_t Error =
      *Setup ? cudaSuccess : B->streamCreate(Setup, cudaStreamNonBlocking);
  if (Error)
    return Error;
  void **Heap = &DeviceHeaps[CurrentDevice];
  if (!*Heap) {
    Error = B->malloc(Heap, Bytes);
    if (!Error)
      Error = B->memset(*Heap, 0, DeviceHeapHeader, *Setup, false);
    if (Error) {
      *Heap = NULL;
      return Error;
    }
  }
  struct {
    void *Base;
    unsigned long long Size;
  } Descriptor = {*Heap, Bytes};
  return B->memcpy(Variable, &Descriptor, sizeof(Descriptor),
                   cudaMemcpyHostToDevice, *Setup, false);
}

/* The module of F for the current device, loaded at its first use. */
static cudaError_t moduleFor(FatBinary *F, void **Module) {
  int D = CurrentDevice;
  pthread_mutex_lock(&Lock);
  cudaError_t Error = F->LoadError[D];
  if (!F->Modules[D] && !Error) {
    const char *Processor = DeviceProcessor[D];
    char Id[256], Have[256] = "";
    BundleEntry Entry;
    bool Found =
        F->Bundle && bundleFindEntry(F->Bundle, B->BundleKind, Processor,
                                     &Entry, Id, sizeof(Id));
    if (!Found) {
      if (F->Bundle)
        listProcessors(F->Bundle, B->BundleKind, Have, sizeof(Have));
      say("error",
          "%s: no device code for %s in this program (it has: %s); rebuild "
          "with cucc --offload-arch=%s",
          program_invocation_short_name, Processor, Have[0] ? Have : "none",
          Processor);
      Error = cudaErrorNoKernelImageForDevice;
    } else {
      Error = B->loadModule(Entry.Data, Entry.Bytes,
                            program_invocation_short_name, &F->Modules[D]);
      if (!Error)
        Error = connectDeviceHeap(F->Modules[D]);
      if (Error)
        say("error", "cannot load the %s device code: %s", Processor,
            B->lastMessage());
    }
    F->LoadError[D] = Error;
  }
  *Module = F->Modules[D];
  pthread_mutex_unlock(&Lock);
  return Error;
}

/*===-- Devices -----------------------------------------------------------===*/

cudaError_t cudaGetDeviceCount(int *Count) {
  pthread_once(&InitOnce, chooseBackend);
  *Count = InitError ? 0 : NumDevices;
  return record(InitError    ? InitError
                : NumDevices ? cudaSuccess
                             : cudaErrorNoDevice);
}

/* These queries and cudaSetDevice answer even after a sticky error, as
 * CUDA's do. */
cudaError_t cudaSetDevice(int Device) {
  cudaError_t Error = started();
  if (Error)
    return record(Error);
  if (Device < 0 || Device >= NumDevices)
    return record(cudaErrorInvalidDevice);
  Error = B->setDevice(Device);
  if (!Error)
    CurrentDevice = Device;
  return record(Error);
}

cudaError_t cudaGetDevice(int *Device) {
  cudaError_t Error = started();
  *Device = CurrentDevice;
  return record(Error);
}

/* Scheduling and mapping flags: every backend maps pinned memory and
 * waits its own way. */
static unsigned DeviceFlags;

cudaError_t cudaSetDeviceFlags(unsigned Flags) {
  DeviceFlags = Flags;
  return record(ready());
}

cudaError_t cudaGetDeviceFlags(unsigned *Flags) {
  *Flags = DeviceFlags;
  return record(ready());
}

static cudaError_t deviceInfo(int Device, BackendDeviceInfo *Info) {
  cudaError_t Error = started();
  if (Error)
    return Error;
  if (Device < 0 || Device >= NumDevices)
    return cudaErrorInvalidDevice;
  return B->deviceInfo(Device, Info);
}

/* Textures are fetched in software (include/texture_fetch_functions.h):
 * the limits are those of a compute capability 8.0 device. */
static void setTextureLimits(struct cudaDeviceProp *P) {
  P->maxTexture1D = P->maxTexture1DLinear = 131072;
  P->maxTexture1DMipmap = 32768;
  P->maxTexture2D[0] = 131072;
  P->maxTexture2D[1] = 65536;
  P->maxTexture2DMipmap[0] = P->maxTexture2DMipmap[1] = 32768;
  P->maxTexture2DLinear[0] = P->maxTexture2DLinear[1] = 131072;
  P->maxTexture2DLinear[2] = 2097120;
  P->maxTexture2DGather[0] = P->maxTexture2DGather[1] = 32768;
  for (unsigned D = 0; D < 3; ++D)
    P->maxTexture3D[D] = 16384;
  P->maxTexture3DAlt[0] = P->maxTexture3DAlt[1] = 8192;
  P->maxTexture3DAlt[2] = 32768;
  P->maxTextureCubemap = 32768;
  P->maxTexture1DLayered[0] = 32768;
  P->maxTexture1DLayered[1] = 2048;
  P->maxTexture2DLayered[0] = P->maxTexture2DLayered[1] = 32768;
  P->maxTexture2DLayered[2] = 2048;
  P->maxTextureCubemapLayered[0] = 32768;
  P->maxTextureCubemapLayered[1] = 2046;
  P->maxSurface1D = 32768;
  P->maxSurface2D[0] = 131072;
  P->maxSurface2D[1] = 65536;
  P->maxSurface3D[0] = P->maxSurface3D[1] = P->maxSurface3D[2] = 16384;
  P->maxSurface1DLayered[0] = 32768;
  P->maxSurface1DLayered[1] = 2048;
  P->maxSurface2DLayered[0] = P->maxSurface2DLayered[1] = 32768;
  P->maxSurface2DLayered[2] = 2048;
  P->maxSurfaceCubemap = 32768;
  P->maxSurfaceCubemapLayered[0] = 32768;
  P->maxSurfaceCubemapLayered[1] = 2046;
}

/* What CUDA reports of a device. The compute capability is 8.0, what the
 * device code was compiled as (__CUDA_ARCH__ 800); a warp is 32 threads,
 * whatever the hardware wave; a block has CUDA's 48 KiB of shared memory
 * without the opt-in (launches are held to it), all of the workgroup's
 * LDS with it. */
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *P, int Device) {
  BackendDeviceInfo Info;
  cudaError_t Error = deviceInfo(Device, &Info);
  if (Error)
    return record(Error);
  memset(P, 0, sizeof(*P));
  snprintf(P->name, sizeof(P->name), "%s", Info.Name);
  P->totalGlobalMem = Info.TotalGlobalMem;
  P->sharedMemPerBlock = Info.SharedMemPerBlock < DefaultSharedLimit
                             ? Info.SharedMemPerBlock
                             : DefaultSharedLimit;
  P->regsPerBlock = Info.RegsPerBlock;
  P->warpSize = 32;
  P->memPitch = (size_t)1 << 31;
  P->maxThreadsPerBlock = atMost(Info.MaxThreadsPerBlock, MaxBlockThreads);
  for (unsigned D = 0; D < 3; ++D) {
    P->maxThreadsDim[D] = atMost(Info.MaxThreadsDim[D], MaxBlockDim[D]);
    P->maxGridSize[D] = atMost(Info.MaxGridSize[D], MaxGridDim[D]);
  }
  P->clockRate = Info.ClockRateKHz;
  P->totalConstMem = Info.TotalConstMem;
  P->major = 8;
  P->minor = 0;
  P->textureAlignment = 256;
  P->deviceOverlap = 1;
  P->multiProcessorCount = Info.MultiprocessorCount;
  P->integrated = Info.Integrated;
  P->canMapHostMemory = 1;
  P->concurrentKernels = Info.ConcurrentKernels;
  P->pciBusID = Info.PciBusId;
  P->pciDeviceID = Info.PciDeviceId;
  P->pciDomainID = Info.PciDomainId;
  P->asyncEngineCount = 1;
  P->unifiedAddressing = 1;
  P->memoryClockRate = Info.MemoryClockRateKHz;
  P->memoryBusWidth = Info.MemoryBusWidth;
  P->l2CacheSize = Info.L2CacheSize;
  P->maxThreadsPerMultiProcessor = Info.MaxThreadsPerMultiprocessor;
  P->sharedMemPerMultiprocessor = Info.SharedMemPerMultiprocessor;
  P->regsPerMultiprocessor = Info.RegsPerMultiprocessor;
  P->managedMemory = Info.ManagedMemory;
  P->cooperativeLaunch = 1;
  P->sharedMemPerBlockOptin = Info.SharedMemPerBlock;
  P->maxBlocksPerMultiProcessor = Info.MaxBlocksPerMultiprocessor;
  P->concurrentManagedAccess = Info.ConcurrentManagedAccess;
  P->canUseHostPointerForRegisteredMem = 1;
  P->hostNativeAtomicSupported = Info.Integrated;
  P->pageableMemoryAccess = Info.Integrated;
  P->directManagedMemAccessFromHost = Info.Integrated;
  P->globalL1CacheSupported = P->localL1CacheSupported = 1;
  P->singleToDoublePrecisionPerfRatio = 2;
  P->hostRegisterSupported = 1;
  /* Stream-ordered allocation (cudaMallocAsync, the default pool). */
  P->memoryPoolsSupported = 1;
  P->texturePitchAlignment = 256;
  P->surfaceAlignment = 256;
  setTextureLimits(P);
  return cudaSuccess;
}

/* Each attribute is a field of cudaDeviceProp (an int, or a size_t that
 * fits one); the three-dimensional ones are an element of an array. */
static const struct {
  enum cudaDeviceAttr Attribute;
  size_t Offset, Bytes;
} AttributeFields[] = {
#define FIELD(ATTRIBUTE, MEMBER)                                               \
  {ATTRIBUTE, offsetof(struct cudaDeviceProp, MEMBER),                         \
   sizeof(((struct cudaDeviceProp *)0)->MEMBER)}
    FIELD(cudaDevAttrMaxThreadsPerBlock, maxThreadsPerBlock),
    FIELD(cudaDevAttrMaxBlockDimX, maxThreadsDim[0]),
    FIELD(cudaDevAttrMaxBlockDimY, maxThreadsDim[1]),
    FIELD(cudaDevAttrMaxBlockDimZ, maxThreadsDim[2]),
    FIELD(cudaDevAttrMaxGridDimX, maxGridSize[0]),
    FIELD(cudaDevAttrMaxGridDimY, maxGridSize[1]),
    FIELD(cudaDevAttrMaxGridDimZ, maxGridSize[2]),
    FIELD(cudaDevAttrMaxSharedMemoryPerBlock, sharedMemPerBlock),
    FIELD(cudaDevAttrTotalConstantMemory, totalConstMem),
    FIELD(cudaDevAttrWarpSize, warpSize),
    FIELD(cudaDevAttrMaxPitch, memPitch),
    FIELD(cudaDevAttrMaxRegistersPerBlock, regsPerBlock),
    FIELD(cudaDevAttrClockRate, clockRate),
    FIELD(cudaDevAttrTextureAlignment, textureAlignment),
    FIELD(cudaDevAttrGpuOverlap, deviceOverlap),
    FIELD(cudaDevAttrMultiProcessorCount, multiProcessorCount),
    FIELD(cudaDevAttrKernelExecTimeout, kernelExecTimeoutEnabled),
    FIELD(cudaDevAttrIntegrated, integrated),
    FIELD(cudaDevAttrCanMapHostMemory, canMapHostMemory),
    FIELD(cudaDevAttrComputeMode, computeMode),
    FIELD(cudaDevAttrSurfaceAlignment, surfaceAlignment),
    FIELD(cudaDevAttrConcurrentKernels, concurrentKernels),
    FIELD(cudaDevAttrEccEnabled, ECCEnabled),
    FIELD(cudaDevAttrPciBusId, pciBusID),
    FIELD(cudaDevAttrPciDeviceId, pciDeviceID),
    FIELD(cudaDevAttrTccDriver, tccDriver),
    FIELD(cudaDevAttrMemoryClockRate, memoryClockRate),
    FIELD(cudaDevAttrGlobalMemoryBusWidth, memoryBusWidth),
    FIELD(cudaDevAttrL2CacheSize, l2CacheSize),
    FIELD(cudaDevAttrMaxThreadsPerMultiProcessor, maxThreadsPerMultiProcessor),
    FIELD(cudaDevAttrAsyncEngineCount, asyncEngineCount),
    FIELD(cudaDevAttrUnifiedAddressing, unifiedAddressing),
    FIELD(cudaDevAttrPciDomainId, pciDomainID),
    FIELD(cudaDevAttrTexturePitchAlignment, texturePitchAlignment),
    FIELD(cudaDevAttrComputeCapabilityMajor, major),
    FIELD(cudaDevAttrComputeCapabilityMinor, minor),
    FIELD(cudaDevAttrStreamPrioritiesSupported, streamPrioritiesSupported),
    FIELD(cudaDevAttrGlobalL1CacheSupported, globalL1CacheSupported),
    FIELD(cudaDevAttrLocalL1CacheSupported, localL1CacheSupported),
    FIELD(cudaDevAttrMaxSharedMemoryPerMultiprocessor,
          sharedMemPerMultiprocessor),
    FIELD(cudaDevAttrMaxRegistersPerMultiprocessor, regsPerMultiprocessor),
    FIELD(cudaDevAttrManagedMemory, managedMemory),
    FIELD(cudaDevAttrIsMultiGpuBoard, isMultiGpuBoard),
    FIELD(cudaDevAttrMultiGpuBoardGroupID, multiGpuBoardGroupID),
    FIELD(cudaDevAttrHostNativeAtomicSupported, hostNativeAtomicSupported),
    FIELD(cudaDevAttrSingleToDoublePrecisionPerfRatio,
          singleToDoublePrecisionPerfRatio),
    FIELD(cudaDevAttrPageableMemoryAccess, pageableMemoryAccess),
    FIELD(cudaDevAttrConcurrentManagedAccess, concurrentManagedAccess),
    FIELD(cudaDevAttrComputePreemptionSupported, computePreemptionSupported),
    FIELD(cudaDevAttrCanUseHostPointerForRegisteredMem,
          canUseHostPointerForRegisteredMem),
    FIELD(cudaDevAttrCooperativeLaunch, cooperativeLaunch),
    FIELD(cudaDevAttrCooperativeMultiDeviceLaunch,
          cooperativeMultiDeviceLaunch),
    FIELD(cudaDevAttrMaxSharedMemoryPerBlockOptin, sharedMemPerBlockOptin),
    FIELD(cudaDevAttrHostRegisterSupported, hostRegisterSupported),
    FIELD(cudaDevAttrPageableMemoryAccessUsesHostPageTables,
          pageableMemoryAccessUsesHostPageTables),
    FIELD(cudaDevAttrDirectManagedMemAccessFromHost,
          directManagedMemAccessFromHost),
    FIELD(cudaDevAttrMaxBlocksPerMultiprocessor, maxBlocksPerMultiProcessor),
    FIELD(cudaDevAttrMaxPersistingL2CacheSize, persistingL2CacheMaxSize),
    FIELD(cudaDevAttrMaxAccessPolicyWindowSize, accessPolicyMaxWindowSize),
    FIELD(cudaDevAttrReservedSharedMemoryPerBlock, reservedSharedMemPerBlock),
    FIELD(cudaDevAttrMemoryPoolsSupported, memoryPoolsSupported),
#undef FIELD
};

cudaError_t cudaDeviceGetAttribute(int *Value, enum cudaDeviceAttr Attribute,
                                   int Device) {
  struct cudaDeviceProp P;
  cudaError_t Error = cudaGetDeviceProperties(&P, Device);
  if (Error)
    return Error;
  for (size_t I = 0; I < sizeof(AttributeFields) / sizeof(AttributeFields[0]);
       ++I) {
    if (AttributeFields[I].Attribute != Attribute)
      continue;
    const char *Field = (const char *)&P + AttributeFields[I].Offset;
    if (AttributeFields[I].Bytes == sizeof(size_t)) {
      size_t Wide;
      memcpy(&Wide, Field, sizeof(Wide));
      *Value = Wide > 0x7fffffff ? 0x7fffffff : (int)Wide;
    } else {
      memcpy(Value, Field, sizeof(int));
    }
    return cudaSuccess;
  }
  return record(cudaErrorInvalidValue);
}

cudaError_t cudaDeviceSynchronize(void) {
  cudaError_t Error = ready();
  if (!Error)
    Error = B->synchronize();
  devicePrintfFlush();
  return record(Error);
}

cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }

cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void) {
  return cudaDeviceSynchronize();
}

/* The device starts afresh: its modules (and so its __device__ variables)
 * are loaded again at their next use, and a sticky error is gone. */
cudaError_t cudaDeviceReset(void) {
  if (started())
    return record(InitError);
  B->synchronize();
  devicePrintfFlush();
  pthread_mutex_lock(&Lock);
  for (unsigned I = 0; I < NumBinaries; ++I) {
    FatBinary *F = Binaries[I];
    if (F->Modules[CurrentDevice])
      B->unloadModule(F->Modules[CurrentDevice]);
    F->Modules[CurrentDevice] = NULL;
    F->LoadError[CurrentDevice] = cudaSuccess;
  }
  if (DeviceHeaps[CurrentDevice])
    B->free(DeviceHeaps[CurrentDevice]);
  DeviceHeaps[CurrentDevice] = NULL;
  pthread_mutex_unlock(&Lock);
  StickyError = cudaSuccess;
  LastError = cudaSuccess;
  return record(B->reset());
}

/* Cache and shared-memory bank preferences are hints; AMD GPUs have
 * neither choice. */
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache Config) {
  (void)Config;
  return record(ready());
}

cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig Config) {
  (void)Config;
  return record(ready());
}

/* The device stack of wavesim's lanes is 256 KiB; the malloc heap's size
 * counts for modules loaded after it is set (connectDeviceHeap). */

cudaError_t cudaDeviceSetLimit(enum cudaLimit Limit, size_t Value) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if ((unsigned)Limit >= sizeof(Limits) / sizeof(Limits[0]))
    return record(cudaErrorUnsupportedLimit);
  Limits[Limit] = Value;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(size_t *Value, enum cudaLimit Limit) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if ((unsigned)Limit >= sizeof(Limits) / sizeof(Limits[0]))
    return record(cudaErrorUnsupportedLimit);
  *Value = Limits[Limit];
  return cudaSuccess;
}

cudaError_t cudaDriverGetVersion(int *Version) {
  *Version = DriverVersion;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *Version) {
  *Version = CUDART_VERSION;
  return cudaSuccess;
}

/*===-- Memory ------------------------------------------------------------===*/

/* The runtime's own allocations, by address: what cudaFree may free and
 * what cudaPointerGetAttributes reports. */
typedef struct {
  uintptr_t Base;
  size_t Bytes;
  enum cudaMemoryType Type;
  bool Registered; /* host memory the program allocated, pinned */
} Allocation;

static Allocation *Allocations;
static unsigned NumAllocations, AllocationCapacity;

/* The index of the first allocation whose base is at least Base. */
static unsigned lowerBound(uintptr_t Base) {
  unsigned Low = 0, High = NumAllocations;
  while (Low < High) {
    unsigned Mid = (Low + High) / 2;
    if (Allocations[Mid].Base < Base)
      Low = Mid + 1;
    else
      High = Mid;
  }
  return Low;
}

static void remember(void *Ptr, size_t Bytes, enum cudaMemoryType Type,
                     bool Registered) {
  pthread_mutex_lock(&Lock);
  if (NumAllocations == AllocationCapacity) {
    AllocationCapacity = AllocationCapacity ? 2 * AllocationCapacity : 64;
    Allocations = realloc(Allocations, AllocationCapacity * sizeof(Allocation));
  }
  unsigned I = lowerBound((uintptr_t)Ptr);
  memmove(&Allocations[I + 1], &Allocations[I],
          (NumAllocations - I) * sizeof(Allocation));
  Allocations[I] = (Allocation){(uintptr_t)Ptr, Bytes, Type, Registered};
  ++NumAllocations;
  pthread_mutex_unlock(&Lock);
}

/* Forgets the allocation at exactly Ptr, if it is one of Type (device
 * memory may be managed) and registered or not as asked. */
static bool forget(void *Ptr, enum cudaMemoryType Type, bool Registered) {
  pthread_mutex_lock(&Lock);
  unsigned I = lowerBound((uintptr_t)Ptr);
  bool Found = I < NumAllocations && Allocations[I].Base == (uintptr_t)Ptr &&
               Allocations[I].Registered == Registered &&
               (Allocations[I].Type == Type ||
                (Type == cudaMemoryTypeDevice &&
                 Allocations[I].Type == cudaMemoryTypeManaged));
  if (Found) {
    memmove(&Allocations[I], &Allocations[I + 1],
            (NumAllocations - I - 1) * sizeof(Allocation));
    --NumAllocations;
  }
  pthread_mutex_unlock(&Lock);
  return Found;
}

/* The allocation holding Ptr, if any. */
static bool lookUp(const void *Ptr, Allocation *Out) {
  pthread_mutex_lock(&Lock);
  unsigned I = lowerBound((uintptr_t)Ptr + 1);
  bool Found =
      I > 0 && (uintptr_t)Ptr - Allocations[I - 1].Base <
                   (Allocations[I - 1].Bytes ? Allocations[I - 1].Bytes : 1);
  if (Found)
    *Out = Allocations[I - 1];
  pthread_mutex_unlock(&Lock);
  return Found;
}

static cudaError_t allocate(void **Ptr, size_t Bytes,
                            enum cudaMemoryType Type) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!Ptr)
    return record(cudaErrorInvalidValue);
  if (!Bytes) {
    *Ptr = NULL;
    return cudaSuccess;
  }
  if (Type == cudaMemoryTypeDevice &&
      (Error = captureAllocation()) != NotCaptured)
    return record(Error);
  Error = Type == cudaMemoryTypeDevice ? B->malloc(Ptr, Bytes)
          : Type == cudaMemoryTypeHost ? B->mallocHost(Ptr, Bytes)
                                       : B->mallocManaged(Ptr, Bytes);
  if (Error) {
    *Ptr = NULL;
    return record(Error);
  }
  remember(*Ptr, Bytes, Type, false);
  return cudaSuccess;
}

cudaError_t cudaMalloc(void **Ptr, size_t Bytes) {
  return allocate(Ptr, Bytes, cudaMemoryTypeDevice);
}

cudaError_t cudaMallocHost(void **Ptr, size_t Bytes) {
  return allocate(Ptr, Bytes, cudaMemoryTypeHost);
}

cudaError_t cudaHostAlloc(void **Ptr, size_t Bytes, unsigned Flags) {
  (void)Flags;
  return allocate(Ptr, Bytes, cudaMemoryTypeHost);
}

cudaError_t cudaMallocManaged(void **Ptr, size_t Bytes, unsigned Flags) {
  (void)Flags;
  return allocate(Ptr, Bytes, cudaMemoryTypeManaged);
}

cudaError_t cudaMallocPitch(void **Ptr, size_t *Pitch, size_t Width,
                            size_t Height) {
  *Pitch = (Width + PitchAlignment - 1) / PitchAlignment * PitchAlignment;
  return allocate(Ptr, *Pitch * Height, cudaMemoryTypeDevice);
}

static cudaError_t release(void *Ptr, enum cudaMemoryType Type) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!Ptr)
    return cudaSuccess;
  if (!forget(Ptr, Type, false))
    return record(cudaErrorInvalidValue);
  return record(Type == cudaMemoryTypeHost ? B->freeHost(Ptr) : B->free(Ptr));
}

cudaError_t cudaFree(void *Ptr) { return release(Ptr, cudaMemoryTypeDevice); }

cudaError_t cudaFreeHost(void *Ptr) { return release(Ptr, cudaMemoryTypeHost); }

/* The stream-ordered allocator: the allocation is made, or freed, once
 * the work before it in the stream is done. */
cudaError_t cudaMallocAsync(void **Ptr, size_t Bytes, cudaStream_t Stream) {
  cudaError_t Error = cudaStreamSynchronize(Stream);
  return Error ? Error : cudaMalloc(Ptr, Bytes);
}

cudaError_t cudaFreeAsync(void *Ptr, cudaStream_t Stream) {
  cudaError_t Error = cudaStreamSynchronize(Stream);
  return Error ? Error : cudaFree(Ptr);
}

cudaError_t cudaHostRegister(void *Ptr, size_t Bytes, unsigned Flags) {
  Allocation A;
  (void)Flags;
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!Ptr || !Bytes)
    return record(cudaErrorInvalidValue);
  if (lookUp(Ptr, &A))
    return record(cudaErrorHostMemoryAlreadyRegistered);
  Error = B->hostRegister(Ptr, Bytes);
  if (!Error)
    remember(Ptr, Bytes, cudaMemoryTypeHost, true);
  return record(Error);
}

cudaError_t cudaHostUnregister(void *Ptr) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!forget(Ptr, cudaMemoryTypeHost, true))
    return record(cudaErrorHostMemoryNotRegistered);
  return record(B->hostUnregister(Ptr));
}

/* Where managed memory should live is a hint; memory the device and the
 * host share needs none to be right. The range must be managed memory. */
static cudaError_t checkManagedRange(const void *Ptr, size_t Bytes) {
  Allocation A;
  cudaError_t Error = ready();
  if (Error)
    return Error;
  if (!lookUp(Ptr, &A) || A.Type != cudaMemoryTypeManaged ||
      (uintptr_t)Ptr - A.Base + Bytes > A.Bytes)
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

cudaError_t cudaMemPrefetchAsync(const void *Ptr, size_t Bytes, int Device,
                                 cudaStream_t Stream) {
  (void)Device;
  (void)Stream;
  return record(checkManagedRange(Ptr, Bytes));
}

cudaError_t cudaMemAdvise(const void *Ptr, size_t Bytes,
                          enum cudaMemoryAdvise Advice, int Device) {
  (void)Advice;
  (void)Device;
  return record(checkManagedRange(Ptr, Bytes));
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t Stream, void *Ptr,
                                     size_t Bytes, unsigned Flags) {
  (void)Stream;
  (void)Flags;
  return record(checkManagedRange(Ptr, Bytes));
}

/* On AMD GPUs pinned host memory has the same address on the device. */
cudaError_t cudaHostGetDevicePointer(void **Device, void *Host,
                                     unsigned Flags) {
  Allocation A;
  (void)Flags;
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!lookUp(Host, &A) || A.Type != cudaMemoryTypeHost)
    return record(cudaErrorInvalidValue);
  *Device = Host;
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(size_t *Free, size_t *Total) {
  cudaError_t Error = ready();
  return record(Error ? Error : B->memGetInfo(Free, Total));
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *Attributes,
                                     const void *Ptr) {
  Allocation A;
  cudaError_t Error = started();
  if (Error)
    return record(Error);
  memset(Attributes, 0, sizeof(*Attributes));
  if (!lookUp(Ptr, &A))
    return cudaSuccess;
  Attributes->type = A.Type;
  Attributes->device = CurrentDevice;
  Attributes->devicePointer = (void *)Ptr;
  Attributes->hostPointer = A.Type == cudaMemoryTypeDevice ? NULL : (void *)Ptr;
  return cudaSuccess;
}

static bool validKind(enum cudaMemcpyKind Kind) {
  return (unsigned)Kind <= cudaMemcpyDefault;
}

/* A copy or set the backend refused (its range outside an allocation,
 * say), named after the API call. */
static cudaError_t refused(const char *Call, cudaError_t Error) {
  if (Error == cudaErrorInvalidValue)
    say("error", "%s: %s", Call, B->lastMessage());
  return record(Error);
}

/* A blocking copy is a point where device printf's output appears, once
 * the work before it is done. */
static cudaError_t copied(const char *Call, cudaError_t Error, bool Async) {
  if (!Async)
    devicePrintfFlush();
  return refused(Call, Error);
}

static cudaError_t copy(const char *Call, void *Dst, const void *Src,
                        size_t Bytes, enum cudaMemcpyKind Kind,
                        cudaStream_t Stream, bool Async) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!validKind(Kind))
    return record(cudaErrorInvalidMemcpyDirection);
  if (!Bytes)
    return cudaSuccess;
  if (!Dst || !Src)
    return record(cudaErrorInvalidValue);
  Error = captureCopy(Dst, Bytes, Src, Bytes, Bytes, 1, Kind, Stream, Async);
  if (Error != NotCaptured)
    return record(Error);
  return copied(Call, B->memcpy(Dst, Src, Bytes, Kind, Stream, Async), Async);
}

cudaError_t cudaMemcpy(void *Dst, const void *Src, size_t Bytes,
                       enum cudaMemcpyKind Kind) {
  return copy("cudaMemcpy", Dst, Src, Bytes, Kind, NULL, false);
}

cudaError_t cudaMemcpyAsync(void *Dst, const void *Src, size_t Bytes,
                            enum cudaMemcpyKind Kind, cudaStream_t Stream) {
  return copy("cudaMemcpyAsync", Dst, Src, Bytes, Kind, Stream, true);
}

static cudaError_t copy2D(const char *Call, void *Dst, size_t DstPitch,
                          const void *Src, size_t SrcPitch, size_t Width,
                          size_t Height, enum cudaMemcpyKind Kind,
                          cudaStream_t Stream, bool Async) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!validKind(Kind))
    return record(cudaErrorInvalidMemcpyDirection);
  if (Width > DstPitch || Width > SrcPitch)
    return record(cudaErrorInvalidPitchValue);
  if (!Width || !Height)
    return cudaSuccess;
  if (!Dst || !Src)
    return record(cudaErrorInvalidValue);
  Error = captureCopy(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind,
                      Stream, Async);
  if (Error != NotCaptured)
    return record(Error);
  return copied(Call,
                B->memcpy2D(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind,
                            Stream, Async),
                Async);
}

cudaError_t cudaMemcpy2D(void *Dst, size_t DstPitch, const void *Src,
                         size_t SrcPitch, size_t Width, size_t Height,
                         enum cudaMemcpyKind Kind) {
  return copy2D("cudaMemcpy2D", Dst, DstPitch, Src, SrcPitch, Width, Height,
                Kind, NULL, false);
}

cudaError_t cudaMemcpy2DAsync(void *Dst, size_t DstPitch, const void *Src,
                              size_t SrcPitch, size_t Width, size_t Height,
                              enum cudaMemcpyKind Kind, cudaStream_t Stream) {
  return copy2D("cudaMemcpy2DAsync", Dst, DstPitch, Src, SrcPitch, Width,
                Height, Kind, Stream, true);
}

static cudaError_t fill(const char *Call, void *Ptr, int Value, size_t Bytes,
                        cudaStream_t Stream, bool Async) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!Bytes)
    return cudaSuccess;
  if (!Ptr)
    return record(cudaErrorInvalidValue);
  Error = captureFill(Ptr, Value, Bytes, Stream, Async);
  if (Error != NotCaptured)
    return record(Error);
  return refused(Call, B->memset(Ptr, Value, Bytes, Stream, Async));
}

cudaError_t cudaMemset(void *Ptr, int Value, size_t Bytes) {
  return fill("cudaMemset", Ptr, Value, Bytes, NULL, false);
}

cudaError_t cudaMemsetAsync(void *Ptr, int Value, size_t Bytes,
                            cudaStream_t Stream) {
  return fill("cudaMemsetAsync", Ptr, Value, Bytes, Stream, true);
}

/* Stream capture records a 2D set as a set per row; otherwise the backend
 * checks and sets the whole range at once. */
static cudaError_t fill2D(const char *Call, void *Ptr, size_t Pitch, int Value,
                          size_t Width, size_t Height, cudaStream_t Stream,
                          bool Async) {
  if (Width > Pitch)
    return record(cudaErrorInvalidPitchValue);
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!Width || !Height)
    return cudaSuccess;
  if (!Ptr)
    return record(cudaErrorInvalidValue);
  Error = captureFill(Ptr, Value, Width, Stream, Async);
  if (Error == NotCaptured)
    return refused(Call, B->memset2D(Ptr, Pitch, Value, Width, Height, Stream,
                                     Async));
  if (Error)
    return record(Error);
  for (size_t Row = 1; Row < Height; ++Row) {
    Error = fill(Call, (char *)Ptr + Row * Pitch, Value, Width, Stream, Async);
    if (Error)
      return Error;
  }
  return cudaSuccess;
}

cudaError_t cudaMemset2D(void *Ptr, size_t Pitch, int Value, size_t Width,
                         size_t Height) {
  return fill2D("cudaMemset2D", Ptr, Pitch, Value, Width, Height, NULL, false);
}

cudaError_t cudaMemset2DAsync(void *Ptr, size_t Pitch, int Value, size_t Width,
                              size_t Height, cudaStream_t Stream) {
  return fill2D("cudaMemset2DAsync", Ptr, Pitch, Value, Width, Height, Stream,
                true);
}

/*===-- Symbols: __device__ and __constant__ variables --------------------===*/

/* The device address of the variable whose host shadow is Symbol, and its
 * size. */
static cudaError_t symbolAddress(const void *Symbol, char **Address,
                                 size_t *Bytes) {
  cudaError_t Error = ready();
  if (Error)
    return Error;
  const VariableEntry *V = findVariable(Symbol);
  if (!V)
    return cudaErrorInvalidSymbol;
  void *Module;
  Error = moduleFor(V->Binary, &Module);
  if (Error)
    return Error;
  *Bytes = V->Bytes;
  return B->variableAddress(Module, V->DeviceName, (void **)Address);
}

static cudaError_t copySymbol(const void *Symbol, void *Buffer, size_t Bytes,
                              size_t Offset, enum cudaMemcpyKind Kind,
                              bool ToSymbol, cudaStream_t Stream, bool Async) {
  char *Address;
  size_t SymbolBytes;
  cudaError_t Error = symbolAddress(Symbol, &Address, &SymbolBytes);
  if (Error)
    return record(Error);
  if (Offset > SymbolBytes || Bytes > SymbolBytes - Offset)
    return record(cudaErrorInvalidValue);
  bool FromHost = ToSymbol ? Kind == cudaMemcpyHostToDevice
                           : Kind == cudaMemcpyDeviceToHost;
  if (!FromHost && Kind != cudaMemcpyDeviceToDevice &&
      Kind != cudaMemcpyDefault)
    return record(cudaErrorInvalidMemcpyDirection);
  const char *Call = ToSymbol ? Async ? "cudaMemcpyToSymbolAsync"
                                      : "cudaMemcpyToSymbol"
                     : Async  ? "cudaMemcpyFromSymbolAsync"
                              : "cudaMemcpyFromSymbol";
  return ToSymbol ? copy(Call, Address + Offset, Buffer, Bytes, Kind, Stream,
                         Async)
                  : copy(Call, Buffer, Address + Offset, Bytes, Kind, Stream,
                         Async);
}

cudaError_t cudaMemcpyToSymbol(const void *Symbol, const void *Src,
                               size_t Bytes, size_t Offset,
                               enum cudaMemcpyKind Kind) {
  return copySymbol(Symbol, (void *)Src, Bytes, Offset, Kind, true, NULL,
                    false);
}

cudaError_t cudaMemcpyToSymbolAsync(const void *Symbol, const void *Src,
                                    size_t Bytes, size_t Offset,
                                    enum cudaMemcpyKind Kind,
                                    cudaStream_t Stream) {
  return copySymbol(Symbol, (void *)Src, Bytes, Offset, Kind, true, Stream,
                    true);
}

cudaError_t cudaMemcpyFromSymbol(void *Dst, const void *Symbol, size_t Bytes,
                                 size_t Offset, enum cudaMemcpyKind Kind) {
  return copySymbol(Symbol, Dst, Bytes, Offset, Kind, false, NULL, false);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *Dst, const void *Symbol,
                                      size_t Bytes, size_t Offset,
                                      enum cudaMemcpyKind Kind,
                                      cudaStream_t Stream) {
  return copySymbol(Symbol, Dst, Bytes, Offset, Kind, false, Stream, true);
}

cudaError_t cudaGetSymbolAddress(void **Ptr, const void *Symbol) {
  size_t Bytes;
  return record(symbolAddress(Symbol, (char **)Ptr, &Bytes));
}

cudaError_t cudaGetSymbolSize(size_t *Size, const void *Symbol) {
  char *Address;
  return record(symbolAddress(Symbol, &Address, Size));
}

/*===-- Streams and events ------------------------------------------------===*/

cudaError_t cudaStreamCreate(cudaStream_t *Stream) {
  return cudaStreamCreateWithFlags(Stream, cudaStreamDefault);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *Stream, unsigned Flags) {
  cudaError_t Error = ready();
  return record(Error ? Error : B->streamCreate((void **)Stream, Flags));
}

/* Priorities are hints; these streams have none (the range is 0 to 0, as
 * CUDA reports for a device without them). */
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *Stream, unsigned Flags,
                                         int Priority) {
  (void)Priority;
  return cudaStreamCreateWithFlags(Stream, Flags);
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *Least, int *Greatest) {
  cudaError_t Error = ready();
  if (Least)
    *Least = 0;
  if (Greatest)
    *Greatest = 0;
  return record(Error);
}

cudaError_t cudaStreamDestroy(cudaStream_t Stream) {
  cudaError_t Error = ready();
  return record(Error ? Error : B->streamDestroy(Stream));
}

cudaError_t cudaStreamSynchronize(cudaStream_t Stream) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  Error = captureStreamWait(Stream);
  if (Error == NotCaptured)
    Error = B->streamSynchronize(Stream);
  devicePrintfFlush();
  return record(Error);
}

/* Whether a stream's (or an event's) work is done: cudaErrorNotReady is
 * an answer, not an error. */
static cudaError_t query(void *Handle, bool IsStream) {
  cudaError_t Error = ready();
  if (!Error) {
    Error = IsStream ? B->streamQuery(Handle) : B->eventQuery(Handle);
    if (Error == cudaErrorNotReady)
      return Error;
  }
  return record(Error);
}

cudaError_t cudaStreamQuery(cudaStream_t Stream) {
  cudaError_t Error = captureStreamWait(Stream);
  return Error != NotCaptured ? record(Error) : query(Stream, true);
}

cudaError_t cudaStreamWaitEvent(cudaStream_t Stream, cudaEvent_t Event,
                                unsigned Flags) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  Error = captureStreamWaitEvent(Stream, Event);
  return record(Error != NotCaptured ? Error
                                     : B->streamWaitEvent(Stream, Event, Flags));
}

/* A host function or a stream callback, queued: what to call with what. */
typedef struct {
  cudaHostFn_t Function;
  cudaStreamCallback_t Callback;
  cudaStream_t Stream;
  void *UserData;
} HostCall;

/* As CUDA: a host function is not called once a kernel has failed; a
 * stream callback is, and told the error. */
static void callHost(void *Data, BackendStatus DeviceStatus) {
  HostCall *Call = Data;
  if (Call->Callback)
    Call->Callback(Call->Stream, (cudaError_t)DeviceStatus, Call->UserData);
  else if (!DeviceStatus)
    Call->Function(Call->UserData);
  free(Call);
}

/* Runs once the work before it in the stream is done: on a thread of the
 * backend's where it queues work, else on the calling thread, which holds
 * back the stream's later work as CUDA does. */
static cudaError_t queueHostCall(HostCall Call) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!B->launchHostFunction) {
    Error = cudaStreamSynchronize(Call.Stream);
    if (Call.Callback)
      Call.Callback(Call.Stream, Error, Call.UserData);
    else if (!Error)
      Call.Function(Call.UserData);
    return Call.Callback ? cudaSuccess : Error;
  }
  HostCall *Queued = malloc(sizeof(HostCall));
  if (!Queued)
    return record(cudaErrorMemoryAllocation);
  *Queued = Call;
  return record(B->launchHostFunction(Call.Stream, callHost, Queued));
}

cudaError_t cudaLaunchHostFunc(cudaStream_t Stream, cudaHostFn_t Function,
                               void *UserData) {
  if (!Function)
    return record(cudaErrorInvalidValue);
  cudaError_t Error = captureHostFunction(Stream, Function, UserData);
  if (Error != NotCaptured)
    return record(Error);
  return queueHostCall((HostCall){Function, NULL, Stream, UserData});
}

cudaError_t cudaStreamAddCallback(cudaStream_t Stream,
                                  cudaStreamCallback_t Callback, void *UserData,
                                  unsigned Flags) {
  if (Flags || !Callback)
    return record(cudaErrorInvalidValue);
  return queueHostCall((HostCall){NULL, Callback, Stream, UserData});
}

cudaError_t cudaEventCreate(cudaEvent_t *Event) {
  return cudaEventCreateWithFlags(Event, cudaEventDefault);
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *Event, unsigned Flags) {
  cudaError_t Error = ready();
  return record(Error ? Error : B->eventCreate((void **)Event, Flags));
}

cudaError_t cudaEventDestroy(cudaEvent_t Event) {
  cudaError_t Error = ready();
  return record(Error ? Error : B->eventDestroy(Event));
}

cudaError_t cudaEventRecord(cudaEvent_t Event, cudaStream_t Stream) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  Error = captureEventRecord(Event, Stream);
  return record(Error != NotCaptured ? Error : B->eventRecord(Event, Stream));
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t Event, cudaStream_t Stream,
                                     unsigned Flags) {
  (void)Flags;
  return cudaEventRecord(Event, Stream);
}

cudaError_t cudaEventSynchronize(cudaEvent_t Event) {
  cudaError_t Error = ready();
  if (!Error)
    Error = B->eventSynchronize(Event);
  devicePrintfFlush();
  return record(Error);
}

cudaError_t cudaEventQuery(cudaEvent_t Event) { return query(Event, false); }

cudaError_t cudaEventElapsedTime(float *Milliseconds, cudaEvent_t Start,
                                 cudaEvent_t End) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!Milliseconds)
    return record(cudaErrorInvalidValue);
  return record(B->eventElapsedTime(Milliseconds, Start, End));
}

/*===-- Kernels -----------------------------------------------------------===*/

/* What <<<grid, block, shared, stream>>> pushes before the kernel's stub
 * runs, and the stub pops to launch it. */
typedef struct {
  dim3 Grid, Block;
  size_t SharedBytes;
  cudaStream_t Stream;
} CallConfiguration;

static _Thread_local CallConfiguration Calls[MaxCallDepth];
static _Thread_local unsigned CallDepth;

unsigned __cudaPushCallConfiguration(dim3 Grid, dim3 Block, size_t SharedBytes,
                                     struct CUstream_st *Stream) {
  if (CallDepth == MaxCallDepth)
    return 1;
  Calls[CallDepth++] = (CallConfiguration){Grid, Block, SharedBytes, Stream};
  return 0;
}

cudaError_t __cudaPopCallConfiguration(dim3 *Grid, dim3 *Block,
                                       size_t *SharedBytes, void *Stream) {
  if (!CallDepth)
    return record(cudaErrorMissingConfiguration);
  const CallConfiguration *C = &Calls[--CallDepth];
  *Grid = C->Grid;
  *Block = C->Block;
  *SharedBytes = C->SharedBytes;
  *(cudaStream_t *)Stream = C->Stream;
  return cudaSuccess;
}

static bool validConfiguration(dim3 Grid, dim3 Block) {
  unsigned GridDims[3] = {Grid.x, Grid.y, Grid.z};
  unsigned BlockDims[3] = {Block.x, Block.y, Block.z};
  for (unsigned D = 0; D < 3; ++D)
    if (!GridDims[D] || GridDims[D] > MaxGridDim[D] || !BlockDims[D] ||
        BlockDims[D] > MaxBlockDim[D])
      return false;
  return (unsigned long long)Block.x * Block.y * Block.z <= MaxBlockThreads;
}

/* The kernel of a host stub: cudaErrorInvalidResourceHandle for a function
 * that is not one, as CUDA answers. */
static cudaError_t kernelOf(const void *Function, KernelEntry **K) {
  *K = findKernel(Function);
  if (*K)
    return cudaSuccess;
  return Function ? cudaErrorInvalidResourceHandle
                  : cudaErrorInvalidDeviceFunction;
}

static cudaError_t staticShared(KernelEntry *K, void *Module, size_t *Bytes) {
  if (K->StaticShared < 0) {
    BackendKernelInfo Info;
    cudaError_t Error = B->kernelInfo(Module, K->DeviceName, &Info);
    if (Error)
      return Error;
    K->StaticShared = (long)Info.SharedBytes;
  }
  *Bytes = (size_t)K->StaticShared;
  return cudaSuccess;
}

/* Static and dynamic shared memory beyond 48 KiB needs the kernel's
 * cudaFuncAttributeMaxDynamicSharedMemorySize, as in CUDA. */
static cudaError_t checkSharedMemory(KernelEntry *K, void *Module,
                                     size_t DynamicBytes) {
  size_t Static;
  if (K->MaxDynamicShared >= 0)
    return DynamicBytes <= (size_t)K->MaxDynamicShared ? cudaSuccess
                                                       : cudaErrorInvalidValue;
  cudaError_t Error =
      DynamicBytes ? staticShared(K, Module, &Static) : cudaSuccess;
  if (Error || !DynamicBytes)
    return Error;
  return Static + DynamicBytes <= DefaultSharedLimit ? cudaSuccess
                                                     : cudaErrorInvalidValue;
}

/* The kernel a launch of this block shape runs: where threadIdx.x % 32 is
 * the CUDA lane (1-D blocks, or blockDim.x a multiple of 32), the kernel's
 * launch variant if the compiler made one (pass/lanes/LaunchVariants.h), which
 * is exact only there; otherwise the kernel, exact in every shape. */
static const char *kernelForShape(KernelEntry *K, void *Module, dim3 Block) {
  if (Block.y * Block.z != 1 && Block.x % 32 != 0)
    return K->DeviceName;
  if (K->HasVariant < 0) {
    size_t Length = strlen(K->DeviceName);
    char *Name = malloc(Length + sizeof(LaunchVariantSuffix));
    memcpy(Name, K->DeviceName, Length);
    memcpy(Name + Length, LaunchVariantSuffix, sizeof(LaunchVariantSuffix));
    bool Found = B->hasKernel && B->hasKernel(Module, Name);
    if (Found)
      K->VariantName = Name;
    else
      free(Name);
    K->HasVariant = Found;
  }
  return K->HasVariant ? K->VariantName : K->DeviceName;
}

static cudaError_t launchAs(const void *Function, dim3 Grid, dim3 Block,
                            void **Args, size_t SharedBytes,
                            cudaStream_t Stream, bool Cooperative) {
  devicePrintfFlush();
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  KernelEntry *K;
  Error = kernelOf(Function, &K);
  if (Error)
    return record(Error);
  if (!validConfiguration(Grid, Block))
    return record(cudaErrorInvalidValue);
  void *Module;
  Error = moduleFor(K->Binary, &Module);
  if (!Error)
    Error = checkSharedMemory(K, Module, SharedBytes);
  if (Error)
    return record(Error);
  Error = captureKernel(Function, Grid, Block, Args, SharedBytes, Stream);
  if (Error != NotCaptured)
    return record(Error);
  unsigned GridDims[3] = {Grid.x, Grid.y, Grid.z};
  unsigned BlockDims[3] = {Block.x, Block.y, Block.z};
  const char *Kernel = kernelForShape(K, Module, Block);
  if (Cooperative && B->launchCooperative)
    Error = B->launchCooperative(Module, Kernel, GridDims, BlockDims,
                                 SharedBytes, Stream, Args);
  else
    Error = B->launch(Module, Kernel, GridDims, BlockDims, SharedBytes, Stream,
                      Args);
  if (!Error)
    return cudaSuccess;
  if (Error != StickyError)
    cuccReportKernelFailure(K->DeviceName, GridDims, BlockDims, SharedBytes,
                            Error, B->lastMessage());
  /* A backend that ran the kernel before answering (HIP on a synchronous
   * device) reports its failure here; CUDA's launch has succeeded, and the
   * error waits for the next synchronization. */
  if (!cuccIsStickyError(Error))
    return record(Error);
  StickyError = Error;
  return cudaSuccess;
}

/* A failed assert printed CUDA's message itself, as the device does. */
void cuccReportKernelFailure(const char *Kernel, const unsigned Grid[3],
                             const unsigned Block[3], size_t SharedBytes,
                             BackendStatus Status, const char *Message) {
  char Name[512];
  if (Status != cudaErrorAssert)
    say("error", "%s<<<(%u,%u,%u), (%u,%u,%u), %zu>>>: %s",
        readableName(Kernel, Name, sizeof(Name)), Grid[0], Grid[1], Grid[2],
        Block[0], Block[1], Block[2], SharedBytes, Message);
}

static cudaError_t launch(const void *Function, dim3 Grid, dim3 Block,
                          void **Args, size_t SharedBytes,
                          cudaStream_t Stream) {
  return launchAs(Function, Grid, Block, Args, SharedBytes, Stream, false);
}

cudaError_t cudaLaunchKernel(const void *Function, dim3 Grid, dim3 Block,
                             void **Args, size_t SharedBytes,
                             cudaStream_t Stream) {
  return launch(Function, Grid, Block, Args, SharedBytes, Stream);
}

/* The sequence of CUDA before 9.2, which clang emits when it is given no
 * CUDA version: cudaConfigureCall, cudaSetupArgument for each argument at
 * its offset in the parameter buffer, cudaLaunch. */
static _Thread_local unsigned char ArgumentBuffer[MaxArgumentBytes];
static _Thread_local size_t ArgumentOffsets[MaxArguments];
static _Thread_local unsigned NumArguments;

cudaError_t cudaConfigureCall(dim3 Grid, dim3 Block, size_t SharedBytes,
                              cudaStream_t Stream) {
  NumArguments = 0;
  return __cudaPushCallConfiguration(Grid, Block, SharedBytes, Stream)
             ? record(cudaErrorInvalidValue)
             : cudaSuccess;
}

cudaError_t cudaSetupArgument(const void *Argument, size_t Bytes,
                              size_t Offset) {
  if (NumArguments == MaxArguments || Offset > MaxArgumentBytes ||
      Bytes > MaxArgumentBytes - Offset)
    return record(cudaErrorInvalidValue);
  memcpy(ArgumentBuffer + Offset, Argument, Bytes);
  ArgumentOffsets[NumArguments++] = Offset;
  return cudaSuccess;
}

cudaError_t cudaLaunch(const void *Function) {
  dim3 Grid, Block;
  size_t SharedBytes;
  cudaStream_t Stream;
  cudaError_t Error =
      __cudaPopCallConfiguration(&Grid, &Block, &SharedBytes, &Stream);
  if (Error)
    return Error;
  void *Args[MaxArguments];
  for (unsigned I = 0; I < NumArguments; ++I)
    Args[I] = ArgumentBuffer + ArgumentOffsets[I];
  NumArguments = 0;
  return launch(Function, Grid, Block, Args, SharedBytes, Stream);
}

/* All blocks resident at once, so that grid_group::sync can meet: wavesim
 * runs them in turns (wavesimLaunchCooperative); the HIP backend launches
 * as usual (no hipModuleLaunchCooperativeKernel in HIP 5.2). */
cudaError_t cudaLaunchCooperativeKernel(const void *Function, dim3 Grid,
                                        dim3 Block, void **Args,
                                        size_t SharedBytes,
                                        cudaStream_t Stream) {
  return launchAs(Function, Grid, Block, Args, SharedBytes, Stream, true);
}

/* The configuration's launch; cudaLaunchAttributeCooperative makes it
 * cudaLaunchCooperativeKernel's, the other attributes change nothing. */
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *Config,
                                const void *Function, void **Args) {
  if (!Config || (Config->numAttrs && !Config->attrs))
    return record(cudaErrorInvalidValue);
  bool Cooperative = false;
  for (unsigned I = 0; I < Config->numAttrs; ++I)
    if (Config->attrs[I].id == cudaLaunchAttributeCooperative)
      Cooperative = Config->attrs[I].val.cooperative != 0;
  return launchAs(Function, Config->gridDim, Config->blockDim, Args,
                  Config->dynamicSmemBytes, Config->stream, Cooperative);
}

static cudaError_t kernelModule(const void *Function, KernelEntry **K,
                                void **Module) {
  cudaError_t Error = ready();
  if (!Error)
    Error = kernelOf(Function, K);
  return Error ? Error : moduleFor((*K)->Binary, Module);
}

cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *Attributes,
                                  const void *Function) {
  KernelEntry *K;
  void *Module;
  BackendKernelInfo Info;
  cudaError_t Error = kernelModule(Function, &K, &Module);
  if (!Error)
    Error = B->kernelInfo(Module, K->DeviceName, &Info);
  if (Error)
    return record(Error);
  memset(Attributes, 0, sizeof(*Attributes));
  Attributes->sharedSizeBytes = Info.SharedBytes;
  Attributes->constSizeBytes = Info.ConstBytes;
  Attributes->localSizeBytes = Info.LocalBytes;
  Attributes->maxThreadsPerBlock = Info.MaxThreadsPerBlock;
  Attributes->numRegs = Info.NumRegs;
  Attributes->ptxVersion = Attributes->binaryVersion = 80;
  Attributes->maxDynamicSharedSizeBytes =
      K->MaxDynamicShared >= 0 ? K->MaxDynamicShared
                               : DefaultSharedLimit - (int)Info.SharedBytes;
  Attributes->preferredShmemCarveout = -1;
  return cudaSuccess;
}

/* Dynamic shared memory beyond 48 KiB is CUDA's opt-in; an AMD workgroup
 * has 64 KiB of LDS in all, which is what can be granted. */
cudaError_t cudaFuncSetAttribute(const void *Function,
                                 enum cudaFuncAttribute Attribute, int Value) {
  KernelEntry *K;
  void *Module;
  BackendKernelInfo Info;
  BackendDeviceInfo Device;
  cudaError_t Error = kernelModule(Function, &K, &Module);
  if (!Error)
    Error = B->kernelInfo(Module, K->DeviceName, &Info);
  if (!Error)
    Error = B->deviceInfo(CurrentDevice, &Device);
  if (Error)
    return record(Error);
  if (Attribute == cudaFuncAttributePreferredSharedMemoryCarveout)
    return Value >= -1 && Value <= 100 ? cudaSuccess
                                       : record(cudaErrorInvalidValue);
  if (Attribute != cudaFuncAttributeMaxDynamicSharedMemorySize || Value < 0)
    return record(cudaErrorInvalidValue);
  if ((size_t)Value + Info.SharedBytes > Device.SharedMemPerBlock) {
    char Name[512];
    say("error",
        "cudaFuncSetAttribute(%s, cudaFuncAttributeMaxDynamicSharedMemorySize, "
        "%d): %zu bytes of shared memory in all; an AMD workgroup has %zu",
        readableName(K->DeviceName, Name, sizeof(Name)), Value,
        (size_t)Value + Info.SharedBytes, Device.SharedMemPerBlock);
    return record(cudaErrorInvalidValue);
  }
  K->MaxDynamicShared = Value;
  return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void *Function,
                                   enum cudaFuncCache Config) {
  KernelEntry *K;
  void *Module;
  (void)Config;
  return record(kernelModule(Function, &K, &Module));
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *Blocks, const void *Function, int BlockSize, size_t DynamicShared) {
  KernelEntry *K;
  void *Module;
  cudaError_t Error = kernelModule(Function, &K, &Module);
  return record(Error ? Error
                      : B->occupancy(Module, K->DeviceName, BlockSize,
                                     DynamicShared, Blocks));
}

/*===-- Profiling ---------------------------------------------------------===*/

/* No CUDA profiler can attach to these backends: nothing to start. */
cudaError_t cudaProfilerStart(void) { return record(ready()); }

cudaError_t cudaProfilerStop(void) { return record(ready()); }

/*===-- One device: peers, PCI identity, configuration, memory pools ------===*/

/* The runtime shows each process one device at a time's worth of peers:
 * a device is no peer of itself, and there is no other to reach. */
cudaError_t cudaChooseDevice(int *Device, const struct cudaDeviceProp *Prop) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!Device || !Prop)
    return record(cudaErrorInvalidValue);
  *Device = 0;
  return cudaSuccess;
}

cudaError_t cudaInitDevice(int Device, unsigned DeviceFlags,
                           unsigned Flags) {
  (void)DeviceFlags;
  (void)Flags;
  cudaError_t Error = ready();
  if (!Error && (Device < 0 || Device >= NumDevices))
    Error = cudaErrorInvalidDevice;
  return record(Error);
}

cudaError_t cudaSetValidDevices(int *Devices, int Length) {
  cudaError_t Error = ready();
  for (int I = 0; !Error && I < Length; ++I)
    if (Devices[I] < 0 || Devices[I] >= NumDevices)
      Error = cudaErrorInvalidDevice;
  return record(Error);
}

cudaError_t cudaDeviceCanAccessPeer(int *CanAccess, int Device, int Peer) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (Device < 0 || Device >= NumDevices || Peer < 0 || Peer >= NumDevices)
    return record(cudaErrorInvalidDevice);
  *CanAccess = 0;
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int Peer, unsigned Flags) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (Flags)
    return record(cudaErrorInvalidValue);
  (void)Peer; /* itself, or no device at all */
  return record(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int Peer) {
  cudaError_t Error = ready();
  (void)Peer;
  return record(Error ? Error : cudaErrorPeerAccessNotEnabled);
}

/* Unified addressing: a copy between devices is an ordinary copy. */
cudaError_t cudaMemcpyPeer(void *Dst, int DstDevice, const void *Src,
                           int SrcDevice, size_t Bytes) {
  if (DstDevice < 0 || DstDevice >= NumDevices || SrcDevice < 0 ||
      SrcDevice >= NumDevices)
    return record(cudaErrorInvalidDevice);
  return copy("cudaMemcpyPeer", Dst, Src, Bytes, cudaMemcpyDeviceToDevice,
              NULL, false);
}

cudaError_t cudaMemcpyPeerAsync(void *Dst, int DstDevice, const void *Src,
                                int SrcDevice, size_t Bytes,
                                cudaStream_t Stream) {
  if (DstDevice < 0 || DstDevice >= NumDevices || SrcDevice < 0 ||
      SrcDevice >= NumDevices)
    return record(cudaErrorInvalidDevice);
  return copy("cudaMemcpyPeerAsync", Dst, Src, Bytes,
              cudaMemcpyDeviceToDevice, Stream, true);
}

/* "domain:bus:device.function", as CUDA writes it. */
cudaError_t cudaDeviceGetPCIBusId(char *BusId, int Length, int Device) {
  BackendDeviceInfo Info;
  cudaError_t Error = deviceInfo(Device, &Info);
  if (Error)
    return record(Error);
  if (!BusId || Length <= 0)
    return record(cudaErrorInvalidValue);
  snprintf(BusId, (size_t)Length, "%08x:%02x:%02x.0", Info.PciDomainId,
           Info.PciBusId, Info.PciDeviceId);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetByPCIBusId(int *Device, const char *BusId) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  unsigned Domain = 0, Bus = 0, Slot = 0;
  if (!Device || !BusId ||
      (sscanf(BusId, "%x:%x:%x", &Domain, &Bus, &Slot) != 3 &&
       sscanf(BusId, "%x:%x", &Bus, &Slot) != 2))
    return record(cudaErrorInvalidValue);
  for (int D = 0; D < NumDevices; ++D) {
    BackendDeviceInfo Info;
    if (B->deviceInfo(D, &Info) == cudaSuccess &&
        (unsigned)Info.PciDomainId == Domain &&
        (unsigned)Info.PciBusId == Bus && (unsigned)Info.PciDeviceId == Slot) {
      *Device = D;
      return cudaSuccess;
    }
  }
  return record(cudaErrorInvalidDevice);
}

/* AMD GPUs have one LDS and no L1/shared split, and LDS banks are 4
 * bytes: the configuration asked for changes nothing. */
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *Config) {
  *Config = cudaFuncCachePreferNone;
  return record(ready());
}

cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *Config) {
  *Config = cudaSharedMemBankSizeFourByte;
  return record(ready());
}

cudaError_t cudaFuncSetSharedMemConfig(const void *Function,
                                       enum cudaSharedMemConfig Config) {
  KernelEntry *K;
  void *Module;
  (void)Config;
  return record(kernelModule(Function, &K, &Module));
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *Blocks, const void *Function, int BlockSize, size_t DynamicShared,
    unsigned Flags) {
  (void)Flags;
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(Blocks, Function,
                                                       BlockSize,
                                                       DynamicShared);
}

/* The dynamic shared memory each of NumBlocks blocks can still have on
 * one multiprocessor, within what a launch allows. */
cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *Bytes,
                                                      const void *Function,
                                                      int NumBlocks,
                                                      int BlockSize) {
  struct cudaFuncAttributes A;
  struct cudaDeviceProp P;
  cudaError_t Error = cudaFuncGetAttributes(&A, Function);
  if (!Error)
    Error = cudaGetDeviceProperties(&P, CurrentDevice);
  if (Error)
    return Error;
  if (NumBlocks <= 0 || BlockSize <= 0 || BlockSize > P.maxThreadsPerBlock)
    return record(cudaErrorInvalidValue);
  size_t PerBlock = P.sharedMemPerMultiprocessor / (size_t)NumBlocks;
  size_t Limit = (size_t)A.maxDynamicSharedSizeBytes + A.sharedSizeBytes;
  if (PerBlock > Limit)
    PerBlock = Limit;
  *Bytes = PerBlock > A.sharedSizeBytes ? PerBlock - A.sharedSizeBytes : 0;
  return cudaSuccess;
}

/* Each device's one memory pool: stream-ordered allocations come from it
 * (cudaMallocAsync); its attributes are kept and read back. */
struct CUmemPoolHandle_st {
  int Device;
  unsigned long long ReleaseThreshold;
  int ReuseFlags[3];
};
static struct CUmemPoolHandle_st DefaultPools[MaxDevices];

static cudaError_t defaultPool(cudaMemPool_t *Pool, int Device) {
  cudaError_t Error = ready();
  if (Error)
    return record(Error);
  if (!Pool)
    return record(cudaErrorInvalidValue);
  if (Device < 0 || Device >= NumDevices)
    return record(cudaErrorInvalidDevice);
  DefaultPools[Device].Device = Device;
  *Pool = &DefaultPools[Device];
  return cudaSuccess;
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *Pool, int Device) {
  return defaultPool(Pool, Device);
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *Pool, int Device) {
  return defaultPool(Pool, Device);
}

cudaError_t cudaDeviceSetMemPool(int Device, cudaMemPool_t Pool) {
  cudaMemPool_t Default;
  cudaError_t Error = defaultPool(&Default, Device);
  if (Error)
    return Error;
  return record(Pool == Default ? cudaSuccess : cudaErrorNotSupported);
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t Pool,
                                    enum cudaMemPoolAttr Attribute,
                                    void *Value) {
  if (!Pool || !Value)
    return record(cudaErrorInvalidValue);
  switch (Attribute) {
  case cudaMemPoolAttrReleaseThreshold:
    memcpy(&Pool->ReleaseThreshold, Value, sizeof(Pool->ReleaseThreshold));
    return cudaSuccess;
  case cudaMemPoolReuseFollowEventDependencies:
  case cudaMemPoolReuseAllowOpportunistic:
  case cudaMemPoolReuseAllowInternalDependencies:
    memcpy(&Pool->ReuseFlags[Attribute - 1], Value, sizeof(int));
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh:
  case cudaMemPoolAttrUsedMemHigh:
    return cudaSuccess; /* resetting a watermark */
  default:
    return record(cudaErrorInvalidValue);
  }
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t Pool,
                                    enum cudaMemPoolAttr Attribute,
                                    void *Value) {
  unsigned long long Zero = 0;
  if (!Pool || !Value)
    return record(cudaErrorInvalidValue);
  switch (Attribute) {
  case cudaMemPoolAttrReleaseThreshold:
    memcpy(Value, &Pool->ReleaseThreshold, sizeof(Pool->ReleaseThreshold));
    return cudaSuccess;
  case cudaMemPoolReuseFollowEventDependencies:
  case cudaMemPoolReuseAllowOpportunistic:
  case cudaMemPoolReuseAllowInternalDependencies:
    memcpy(Value, &Pool->ReuseFlags[Attribute - 1], sizeof(int));
    return cudaSuccess;
  default:
    /* Allocations go back to the device at once: nothing stays reserved. */
    memcpy(Value, &Zero, sizeof(Zero));
    return cudaSuccess;
  }
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t Pool, size_t MinBytesToKeep) {
  (void)MinBytesToKeep;
  return record(Pool ? cudaSuccess : cudaErrorInvalidValue);
}

cudaError_t cudaMallocFromPoolAsync(void **Ptr, size_t Bytes,
                                    cudaMemPool_t Pool, cudaStream_t Stream) {
  if (!Pool)
    return record(cudaErrorInvalidValue);
  return cudaMallocAsync(Ptr, Bytes, Stream);
}
