/*===- cuda-runner.c - The kernel suite on an NVIDIA GPU -----------*- C -*-===*
 *
 * Runs hip-kernels/suite.c on an NVIDIA GPU through the CUDA driver API,
 * with the kernels compiled to PTX by clang-22 exactly as the AMD path
 * compiles them (CUDA mode, no NVIDIA SDK, no shuffle lowering). It checks
 * that the kernels are correct CUDA and that the suite's references agree
 * with real warps, independently of the AMD lowering. It needs the CUDA
 * driver and cuda.h, so CMake does not build it; run-on-nvidia.sh does.
 *
 *   cuda-runner [--filter=PATTERNS] FILE.ptx...
 *
 * Every kernel is looked up in the PTX modules in the order given. Exits
 * with suiteRun's failure count (capped at 100), or 2 on a usage or CUDA
 * setup error.
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "suite.h"

#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MODULES = 32 };

typedef struct CudaContext {
  CUcontext Context;
  CUmodule Modules[MAX_MODULES];
  int NumModules;
} CudaContext;

/* Records a failed call in D->Error; returns 0 on success, -1 otherwise. */
static int check(Device *D, CUresult Status, const char *What) {
  if (Status == CUDA_SUCCESS)
    return 0;
  const char *Name = NULL;
  cuGetErrorName(Status, &Name);
  snprintf(D->Error, sizeof D->Error, "%s: %s", What,
           Name ? Name : "unknown CUDA error");
  return -1;
}

static int cudaAlloc(Device *D, void **DevicePtr, size_t Bytes) {
  CUdeviceptr Ptr = 0;
  if (check(D, cuMemAlloc(&Ptr, Bytes ? Bytes : 1), "cuMemAlloc"))
    return -1;
  *DevicePtr = (void *)(uintptr_t)Ptr;
  return 0;
}

static int cudaFree(Device *D, void *DevicePtr) {
  return check(D, cuMemFree((CUdeviceptr)(uintptr_t)DevicePtr), "cuMemFree");
}

static int cudaToDevice(Device *D, void *DevicePtr, const void *Host,
                        size_t Bytes) {
  return check(D, cuMemcpyHtoD((CUdeviceptr)(uintptr_t)DevicePtr, Host, Bytes),
               "cuMemcpyHtoD");
}

static int cudaToHost(Device *D, void *Host, const void *DevicePtr,
                      size_t Bytes) {
  return check(D, cuMemcpyDtoH(Host, (CUdeviceptr)(uintptr_t)DevicePtr, Bytes),
               "cuMemcpyDtoH");
}

static int findKernel(Device *D, const char *Kernel, CUfunction *Function) {
  CudaContext *Cuda = D->Context;
  for (int I = 0; I < Cuda->NumModules; ++I)
    if (cuModuleGetFunction(Function, Cuda->Modules[I], Kernel) == CUDA_SUCCESS)
      return 0;
  snprintf(D->Error, sizeof D->Error, "kernel %s is in no loaded module",
           Kernel);
  return -1;
}

static int cudaLaunch(Device *D, const char *Kernel, const unsigned Grid[3],
                      const unsigned Block[3], void **Args) {
  CUfunction Function;
  if (findKernel(D, Kernel, &Function))
    return -1;
  if (check(D,
            cuLaunchKernel(Function, Grid[0], Grid[1], Grid[2], Block[0],
                           Block[1], Block[2], 0, NULL, Args, NULL),
            "cuLaunchKernel"))
    return -1;
  return check(D, cuCtxSynchronize(), "kernel execution");
}

static char *readFile(const char *Path) {
  FILE *F = fopen(Path, "rb");
  if (!F)
    return NULL;
  fseek(F, 0, SEEK_END);
  long Size = ftell(F);
  fseek(F, 0, SEEK_SET);
  char *Text = Size >= 0 ? malloc((size_t)Size + 1) : NULL;
  if (Text && fread(Text, 1, (size_t)Size, F) != (size_t)Size) {
    free(Text);
    Text = NULL;
  }
  if (Text)
    Text[Size] = '\0';
  fclose(F);
  return Text;
}

static int loadModule(Device *D, const char *Path) {
  CudaContext *Cuda = D->Context;
  char *Ptx = readFile(Path);
  if (!Ptx) {
    fprintf(stderr, "cuda-runner: cannot read %s\n", Path);
    return -1;
  }
  if (Cuda->NumModules == MAX_MODULES) {
    fprintf(stderr, "cuda-runner: more than %d modules\n", MAX_MODULES);
    free(Ptx);
    return -1;
  }
  int Failed =
      check(D, cuModuleLoadData(&Cuda->Modules[Cuda->NumModules], Ptx), Path);
  free(Ptx);
  if (Failed) {
    fprintf(stderr, "cuda-runner: %s\n", D->Error);
    return -1;
  }
  ++Cuda->NumModules;
  return 0;
}

static int openDevice(Device *D, CudaContext *Cuda, char *Name,
                      size_t NameSize) {
  CUdevice Dev;
  char GpuName[128] = "";
  int Major = 0, Minor = 0;
  if (check(D, cuInit(0), "cuInit") ||
      check(D, cuDeviceGet(&Dev, 0), "cuDeviceGet") ||
      check(D, cuDevicePrimaryCtxRetain(&Cuda->Context, Dev),
            "cuDevicePrimaryCtxRetain") ||
      check(D, cuCtxSetCurrent(Cuda->Context), "cuCtxSetCurrent"))
    return -1;
  cuDeviceGetName(GpuName, sizeof GpuName, Dev);
  cuDeviceGetAttribute(&Major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                       Dev);
  cuDeviceGetAttribute(&Minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                       Dev);
  snprintf(Name, NameSize, "%s (sm_%d%d, CUDA driver API, PTX from clang)",
           GpuName, Major, Minor);
  return 0;
}

int main(int Argc, char **Argv) {
  static CudaContext Cuda;
  char Name[256];
  const char *Filter = NULL;
  Device D = {Name,         &Cuda,      cudaAlloc,  cudaFree,
              cudaToDevice, cudaToHost, cudaLaunch, ""};
  if (openDevice(&D, &Cuda, Name, sizeof Name)) {
    fprintf(stderr, "cuda-runner: %s\n", D.Error);
    return 2;
  }
  for (int I = 1; I < Argc; ++I) {
    if (!strncmp(Argv[I], "--filter=", 9))
      Filter = Argv[I] + 9;
    else if (loadModule(&D, Argv[I]))
      return 2;
  }
  if (!Cuda.NumModules) {
    fprintf(stderr, "usage: cuda-runner [--filter=PATTERNS] FILE.ptx...\n");
    return 2;
  }
  int Failures = suiteRun(&D, Filter, stdout);
  return Failures > 100 ? 100 : Failures;
}
