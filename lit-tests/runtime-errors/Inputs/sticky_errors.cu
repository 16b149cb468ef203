// sticky_errors.cu - What the CUDA runtime answers after a kernel fails at
// run time: the launch itself, the synchronization that reports the
// failure, and every kind of call after it until cudaDeviceReset. Each
// kind of failure runs in a child process of its own (fork before any CUDA
// call): a trap (asm("trap;") and __trap()), a store through a null
// pointer, and a trap on a stream that cudaStreamSynchronize reports. Run:
// ./sticky_errors > expected.txt; ./sticky_errors 0 3 runs cases 0 and 3
// alone.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

__global__ void trapAsm(int *Out) {
  Out[threadIdx.x] = 1;
  asm volatile("trap;");
}

__global__ void trapBuiltin(int *Out) {
  Out[threadIdx.x] = 1;
  __trap();
}

__global__ void storeThroughNull(int *Out) {
  int *volatile Null = nullptr;
  Null[threadIdx.x] = *Out;
}

__global__ void writeValue(int *Out, int Value) { *Out = Value; }

static const char *name(cudaError_t E) { return cudaGetErrorName(E); }

static void line(const char *Probe, cudaError_t E) {
  printf("  %s: %s\n", Probe, name(E));
}

static void lastErrors(const char *After) {
  cudaError_t First = cudaGetLastError();
  cudaError_t Second = cudaGetLastError();
  printf("  %s: cudaGetLastError -> %s, then -> %s\n", After, name(First),
         name(Second));
}

static volatile int HostFunctionRan;
static void hostFunction(void *) { HostFunctionRan = 1; }

static void launchFaulting(int Kind, int *D, cudaStream_t S) {
  if (Kind == 0)
    trapAsm<<<1, 32, 0, S>>>(D);
  else if (Kind == 1)
    trapBuiltin<<<1, 32, 0, S>>>(D);
  else
    storeThroughNull<<<1, 32, 0, S>>>(D);
}

static void afterTheFault(int *D, cudaStream_t S, cudaEvent_t E) {
  int Host[32] = {0};
  void *P = nullptr;
  cudaError_t Err = cudaMalloc(&P, 16);
  printf("  cudaMalloc: %s pointer=%s\n", name(Err), P ? "non-NULL" : "NULL");
  line("cudaMemcpy HostToDevice", cudaMemcpy(D, Host, 16, cudaMemcpyHostToDevice));
  line("cudaMemcpy DeviceToHost", cudaMemcpy(Host, D, 16, cudaMemcpyDeviceToHost));
  line("cudaMemset", cudaMemset(D, 0, 16));
  line("cudaMemcpyAsync", cudaMemcpyAsync(Host, D, 16, cudaMemcpyDeviceToHost, S));
  line("cudaStreamQuery", cudaStreamQuery(S));
  line("cudaStreamSynchronize", cudaStreamSynchronize(S));
  cudaStream_t S2 = nullptr;
  line("cudaStreamCreate", cudaStreamCreate(&S2));
  line("cudaEventRecord", cudaEventRecord(E, S));
  line("cudaEventQuery", cudaEventQuery(E));
  line("cudaEventSynchronize", cudaEventSynchronize(E));
  cudaEvent_t E2 = nullptr;
  line("cudaEventCreate", cudaEventCreate(&E2));
  HostFunctionRan = 0;
  line("cudaLaunchHostFunc", cudaLaunchHostFunc(S, hostFunction, nullptr));
  line("cudaStreamSynchronize after it", cudaStreamSynchronize(S));
  printf("  the host function ran: %s\n", HostFunctionRan ? "yes" : "no");
  lastErrors("after those");
  writeValue<<<1, 1>>>(D, 7);
  lastErrors("a launch of a good kernel");
  int Count = 0, Device = -1, Value = 7;
  void *Args[] = {&D, &Value};
  line("cudaLaunchKernel of a good kernel",
       cudaLaunchKernel((const void *)writeValue, dim3(1), dim3(1), Args, 0, 0));
  line("cudaGetDeviceCount", cudaGetDeviceCount(&Count));
  line("cudaGetDevice", cudaGetDevice(&Device));
  line("cudaSetDevice(0)", cudaSetDevice(0));
  cudaDeviceProp Prop;
  line("cudaGetDeviceProperties", cudaGetDeviceProperties(&Prop, 0));
  line("cudaDeviceGetAttribute", cudaDeviceGetAttribute(&Value, cudaDevAttrWarpSize, 0));
  size_t Free = 0, Total = 0;
  line("cudaMemGetInfo", cudaMemGetInfo(&Free, &Total));
  cudaFuncAttributes Attributes;
  line("cudaFuncGetAttributes", cudaFuncGetAttributes(&Attributes, writeValue));
  cudaPointerAttributes Pointer;
  line("cudaPointerGetAttributes", cudaPointerGetAttributes(&Pointer, D));
  line("cudaFree", cudaFree(D));
  line("cudaDeviceSynchronize", cudaDeviceSynchronize());
  lastErrors("at the end");
}

static void runCase(int Case) {
  static const char *const Names[] = {"asm(\"trap;\")", "__trap()",
                                      "a store through a null pointer"};
  int *D = nullptr;
  cudaStream_t S;
  cudaEvent_t E;
  if (cudaMalloc(&D, 32 * sizeof(int)) || cudaStreamCreate(&S) ||
      cudaEventCreate(&E)) {
    printf("setup failed\n");
    exit(1);
  }
  if (Case < 3) {
    printf("%s on the default stream\n", Names[Case]);
    launchFaulting(Case, D, 0);
    lastErrors("the launch");
    line("cudaDeviceSynchronize", cudaDeviceSynchronize());
    line("cudaDeviceSynchronize again", cudaDeviceSynchronize());
    line("cudaPeekAtLastError", cudaPeekAtLastError());
    lastErrors("then");
    afterTheFault(D, S, E);
    line("cudaDeviceReset", cudaDeviceReset());
    lastErrors("after cudaDeviceReset");
    return;
  }
  if (Case == 3) {
    printf("asm(\"trap;\") on a created stream, reported by cudaStreamSynchronize\n");
    void *Args[] = {&D};
    line("cudaLaunchKernel",
         cudaLaunchKernel((const void *)trapAsm, dim3(1), dim3(32), Args, 0, S));
    line("cudaStreamSynchronize", cudaStreamSynchronize(S));
    lastErrors("then");
    line("cudaStreamSynchronize again", cudaStreamSynchronize(S));
    line("cudaEventRecord", cudaEventRecord(E, S));
    line("cudaDeviceSynchronize", cudaDeviceSynchronize());
    return;
  }
  exit(2);
}

int main(int argc, char **argv) {
  for (int I = 1, Case = 0;; ++I, ++Case) {
    if (argc > 1 && I == argc)
      break;
    if (argc > 1)
      Case = atoi(argv[I]);
    fflush(stdout);
    pid_t Child = fork();
    if (Child == 0) {
      runCase(Case);
      fflush(stdout);
      _exit(0);
    }
    int Status = 0;
    waitpid(Child, &Status, 0);
    if (WIFEXITED(Status) && WEXITSTATUS(Status) == 2)
      break;
    if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0)
      printf("  case %d: exit status %d\n", Case, Status);
  }
  return 0;
}
