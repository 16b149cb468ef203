// sync_points.cu - Which calls wait for earlier device work, and when an
// asynchronous copy reads pageable host memory. Each part queues a kernel
// that waits until a gate opens (a flag in mapped pinned memory, opened by
// another host thread 300 ms later) and then writes Finished; the call
// under test comes next, and the program prints whether the kernel had
// finished when the call returned (it had, whatever the timing, if the
// call waits for it; almost surely not if it does not), and for copies the
// value they moved. Run: ./sync_points > expected.txt.
#include <cuda_runtime.h>
#include <cstdio>
#include <pthread.h>
#include <unistd.h>

__global__ void finishWhenOpen(volatile int *Gate, volatile int *Finished,
                               int *Out, int Value) {
  while (*Gate == 0)
    ;
  if (Out)
    *Out = Value;
  __threadfence_system();
  *Finished = 1;
  __threadfence_system();
}

static const char *name(cudaError_t E) { return cudaGetErrorName(E); }

static volatile int *Gate, *Finished;
static int *GateOnDevice, *FinishedOnDevice;
static pthread_t Opener;

static void *openLater(void *) {
  usleep(300 * 1000);
  *Gate = 1;
  return nullptr;
}

// Queues the gated kernel on S and starts the thread that opens the gate.
static void queueGatedKernel(cudaStream_t S, int *Out, int Value) {
  *Gate = 0;
  *Finished = 0;
  finishWhenOpen<<<1, 1, 0, S>>>(GateOnDevice, FinishedOnDevice, Out, Value);
  pthread_create(&Opener, nullptr, openLater, nullptr);
}

static void report(const char *Call, cudaError_t E) {
  int Done = *Finished;
  printf("%s: %s; the kernel had finished when it returned: %s\n", Call,
         name(E), Done ? "yes" : "no");
}

static void finish(void) {
  pthread_join(Opener, nullptr);
  cudaDeviceSynchronize();
}

int main() {
  cudaStream_t Blocking, NonBlocking;
  int *D, *Spare;
  if (cudaHostAlloc((void **)&Gate, sizeof(int), cudaHostAllocMapped) ||
      cudaHostAlloc((void **)&Finished, sizeof(int), cudaHostAllocMapped) ||
      cudaHostGetDevicePointer((void **)&GateOnDevice, (void *)Gate, 0) ||
      cudaHostGetDevicePointer((void **)&FinishedOnDevice, (void *)Finished,
                               0) ||
      cudaStreamCreate(&Blocking) ||
      cudaStreamCreateWithFlags(&NonBlocking, cudaStreamNonBlocking) ||
      cudaMalloc(&D, sizeof(int)) || cudaMalloc(&Spare, sizeof(int))) {
    printf("setup failed\n");
    return 1;
  }
  int *Pageable = new int[1];

  queueGatedKernel(NonBlocking, nullptr, 0);
  report("cudaFree, kernel on a non-blocking stream", cudaFree(Spare));
  finish();

  queueGatedKernel(NonBlocking, nullptr, 0);
  report("cudaDeviceSynchronize, kernel on a non-blocking stream",
         cudaDeviceSynchronize());
  finish();

  cudaMemset(D, 0, sizeof(int));
  queueGatedKernel(Blocking, nullptr, 0);
  *Pageable = 5;
  cudaError_t E = cudaMemcpyAsync(D, Pageable, sizeof(int),
                                  cudaMemcpyHostToDevice, Blocking);
  report("cudaMemcpyAsync from pageable memory, same stream", E);
  *Pageable = 6;
  finish();
  cudaMemcpy(Pageable, D, sizeof(int), cudaMemcpyDeviceToHost);
  printf("  the copy moved %d (5: the value at the call, 6: the value "
         "after it)\n", *Pageable);

  *Pageable = 0;
  queueGatedKernel(Blocking, D, 9);
  E = cudaMemcpyAsync(Pageable, D, sizeof(int), cudaMemcpyDeviceToHost,
                      Blocking);
  int Seen = *(volatile int *)Pageable;
  report("cudaMemcpyAsync to pageable memory, same stream", E);
  printf("  pageable memory held %d when it returned\n", Seen);
  finish();

  queueGatedKernel(Blocking, nullptr, 0);
  report("cudaMemset of device memory, kernel on a blocking stream",
         cudaMemset(D, 0, sizeof(int)));
  finish();

  queueGatedKernel(0, nullptr, 0);
  *Pageable = 3;
  report("cudaMemcpy from pageable memory, kernel on the legacy stream",
         cudaMemcpy(D, Pageable, sizeof(int), cudaMemcpyHostToDevice));
  finish();

  queueGatedKernel(Blocking, nullptr, 0);
  report("cudaStreamDestroy of the kernel's stream",
         cudaStreamDestroy(Blocking));
  finish();
  printf("the kernel of the destroyed stream finished: %s\n",
         *Finished ? "yes" : "no");

  int *Pinned;
  cudaMallocHost(&Pinned, sizeof(int));
  queueGatedKernel(NonBlocking, nullptr, 0);
  report("cudaFreeHost, kernel on a non-blocking stream",
         cudaFreeHost(Pinned));
  finish();
  return 0;
}
