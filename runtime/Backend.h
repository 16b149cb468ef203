/*===- Backend.h - Where the CUDA runtime runs kernels -------*- C -*-===*
 *
 * The runtime's API layer (CudaRuntime.c) speaks CUDA; a backend speaks
 * plain C, so that the HIP backend can include HIP's headers, whose dim3,
 * __host__ and friends clash with the CUDA ones. Two backends exist: HIP
 * (HipBackend.c, an AMD GPU through the HIP runtime, loaded with dlopen)
 * and wavesim (WavesimBackend.c, AMD wave semantics on the host CPU).
 *
 * Every operation returns a status that is a cudaError_t value: the HIP
 * backend maps HIP's codes to CUDA's (most are CUDA's numbers by HIP's
 * design, not all), and the wavesim backend uses CUDA's. Streams and
 * events are the backend's own handles, passed through the API as
 * cudaStream_t and cudaEvent_t; a null stream (or cudaStreamLegacy) is the
 * legacy default stream, cudaStreamPerThread the calling thread's. Memcpy
 * kinds are cudaMemcpyKind values (HIP's are the same).
 *
 * Work is asynchronous where CUDA's is: a launch, an asynchronous copy or
 * set, an event record and a host function are queued on their stream,
 * and a synchronizing operation (synchronize, streamSynchronize,
 * eventSynchronize, a copy that is not Async) returns the error of a
 * kernel that failed meanwhile. A copy or set that is not Async runs on
 * Stream (NULL: the legacy stream) and returns once it is done.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUCC_BACKEND_H
#define CUCC_BACKEND_H

#include <stdbool.h>
#include <stddef.h>

typedef int BackendStatus;

/* What cudaGetDeviceProperties reports, in the backend's terms. */
typedef struct {
  char Name[256];
  char Processor[64]; /* gfx90a */
  size_t TotalGlobalMem, TotalConstMem;
  size_t SharedMemPerBlock, SharedMemPerMultiprocessor;
  int RegsPerBlock, RegsPerMultiprocessor;
  int MaxThreadsPerBlock, MaxThreadsDim[3], MaxGridSize[3];
  int MaxThreadsPerMultiprocessor, MaxBlocksPerMultiprocessor;
  int MultiprocessorCount;
  int ClockRateKHz, MemoryClockRateKHz, MemoryBusWidth, L2CacheSize;
  int PciBusId, PciDeviceId, PciDomainId;
  int Integrated, ConcurrentKernels, ManagedMemory, ConcurrentManagedAccess;
} BackendDeviceInfo;

/* What cudaFuncGetAttributes reports of a kernel. */
typedef struct {
  size_t SharedBytes, ConstBytes, LocalBytes;
  int MaxThreadsPerBlock, NumRegs;
} BackendKernelInfo;

typedef struct Backend {
  const char *Name; /* "HIP", "wavesim" */
  /* The offload kind of the bundle entries it loads (OffloadBundle.h). */
  const char *BundleKind;

  int (*deviceCount)(void);
  BackendStatus (*setDevice)(int Device);
  BackendStatus (*deviceInfo)(int Device, BackendDeviceInfo *Info);
  BackendStatus (*synchronize)(void);
  BackendStatus (*reset)(void);

  BackendStatus (*malloc)(void **Ptr, size_t Bytes);
  BackendStatus (*free)(void *Ptr);
  BackendStatus (*mallocHost)(void **Ptr, size_t Bytes);
  BackendStatus (*freeHost)(void *Ptr);
  BackendStatus (*mallocManaged)(void **Ptr, size_t Bytes);
  /* Pins host memory the program allocated, for the device to use. */
  BackendStatus (*hostRegister)(void *Ptr, size_t Bytes);
  BackendStatus (*hostUnregister)(void *Ptr);
  BackendStatus (*memGetInfo)(size_t *Free, size_t *Total);
  BackendStatus (*memcpy)(void *Dst, const void *Src, size_t Bytes, int Kind,
                          void *Stream, bool Async);
  BackendStatus (*memcpy2D)(void *Dst, size_t DstPitch, const void *Src,
                            size_t SrcPitch, size_t Width, size_t Height,
                            int Kind, void *Stream, bool Async);
  BackendStatus (*memset)(void *Ptr, int Value, size_t Bytes, void *Stream,
                          bool Async);
  BackendStatus (*memset2D)(void *Ptr, size_t Pitch, int Value, size_t Width,
                            size_t Height, void *Stream, bool Async);

  BackendStatus (*streamCreate)(void **Stream, unsigned Flags);
  BackendStatus (*streamDestroy)(void *Stream);
  BackendStatus (*streamSynchronize)(void *Stream);
  BackendStatus (*streamQuery)(void *Stream);
  BackendStatus (*streamWaitEvent)(void *Stream, void *Event, unsigned Flags);
  BackendStatus (*eventCreate)(void **Event, unsigned Flags);
  BackendStatus (*eventDestroy)(void *Event);
  BackendStatus (*eventRecord)(void *Event, void *Stream);
  BackendStatus (*eventSynchronize)(void *Event);
  BackendStatus (*eventQuery)(void *Event);
  BackendStatus (*eventElapsedTime)(float *Milliseconds, void *Start,
                                    void *End);
  /* Queues Function(Data, DeviceStatus) on Stream, to run on a host thread
   * once the work before it is done; DeviceStatus is the sticky error of a
   * kernel that failed by then, or 0. NULL where the backend has no queue:
   * the runtime then synchronizes the stream and calls it itself. */
  BackendStatus (*launchHostFunction)(void *Stream,
                                      void (*Function)(void *Data,
                                                       BackendStatus Status),
                                      void *Data);
  /* The sticky error of a kernel that failed on the device, which every
   * later call returns until reset, or 0; NULL where the backend reports
   * it only through its operations' statuses. */
  BackendStatus (*deviceError)(void);

  /* Loads a bundle entry of BundleKind (a code object, or bitcode); Name
   * is the program's, for messages. */
  BackendStatus (*loadModule)(const void *Image, size_t Bytes, const char *Name,
                              void **Module);
  void (*unloadModule)(void *Module);
  BackendStatus (*launch)(void *Module, const char *Kernel,
                          const unsigned Grid[3], const unsigned Block[3],
                          size_t SharedBytes, void *Stream, void **Args);
  /* The same with all blocks resident at once (cudaLaunchCooperativeKernel);
   * NULL where the backend cannot promise it beyond an ordinary launch. */
  BackendStatus (*launchCooperative)(void *Module, const char *Kernel,
                                     const unsigned Grid[3],
                                     const unsigned Block[3],
                                     size_t SharedBytes, void *Stream,
                                     void **Args);
  BackendStatus (*variableAddress)(void *Module, const char *Name,
                                   void **Address);
  BackendStatus (*kernelInfo)(void *Module, const char *Kernel,
                              BackendKernelInfo *Info);
  /* Whether the module has a kernel of that name (a launch variant). */
  bool (*hasKernel)(void *Module, const char *Kernel);
  /* Blocks of a kernel that fit on one compute unit at once. */
  BackendStatus (*occupancy)(void *Module, const char *Kernel, int BlockSize,
                             size_t DynamicSharedBytes, int *Blocks);

  /* What went wrong in the last failed operation, in words, or "". */
  const char *(*lastMessage)(void);
} Backend;

/* Whether Error (a cudaError_t) leaves CUDA's context unusable until
 * cudaDeviceReset: the sticky errors, CudaRuntime.c's list. */
bool cuccIsStickyError(int Error);

/* From the runtime (CudaRuntime.c), for a backend that learns only later,
 * on a thread of its own, that a queued launch failed: says so on stderr
 * with the kernel's name and shape (a failed assert has said it already). */
void cuccReportKernelFailure(const char *Kernel, const unsigned Grid[3],
                             const unsigned Block[3], size_t SharedBytes,
                             BackendStatus Status, const char *Message);

/* The HIP backend when libamdhip64 loads and sees an AMD GPU; otherwise
 * NULL with the reason in Why ("no AMD GPU (hipErrorNoDevice)"). */
const Backend *hipBackendOpen(char *Why, size_t WhySize);

/* The wavesim backend, emulating Processor (gfx942) from the bitcode
 * entries of the program's bundles. */
const Backend *wavesimBackendOpen(const char *Processor);

#endif
