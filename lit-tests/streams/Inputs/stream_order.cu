// stream_order.cu - The order CUDA's streams give work, shown by host
// functions that log what they see. A kernel on blocking stream s1 waits
// for the host to open a gate (mapped pinned memory) and then writes 42
// into mapped memory; event e1 is recorded after it. Queued behind it:
// on blocking stream s2, a wait for e1, a host function and a stream
// callback; on a non-blocking stream, a host function (waits for nothing);
// on the legacy default stream, a host function (waits for every blocking
// stream's earlier work); on the per-thread stream, a host function (waits
// for the legacy stream's earlier work) and event e2; on blocking stream
// s3, a wait for e2 and a host function. The
// host asks the queries while the gate is shut, opens it, synchronizes and
// prints the log: each entry, in the order they ran, with the value it
// saw. A second part checks that a blocking cudaMemcpy on the legacy
// stream waits for a kernel on a blocking stream (another host thread
// opens its gate a little later). Run: ./stream_order > expected.txt.
#include <cuda_runtime.h>
#include <atomic>
#include <cstdio>
#include <pthread.h>
#include <unistd.h>

__global__ void writeWhenOpen(volatile int *Gate, volatile int *Out,
                              int Value) {
  while (*Gate == 0)
    ;
  *Out = Value;
  __threadfence_system();
}

static const char *name(cudaError_t E) { return cudaGetErrorName(E); }

static volatile int *Seen;
static std::atomic<int> NumEntries;
static const char *Entries[16];
static int Values[16];
static cudaError_t Statuses[16];

static void logEntry(const char *What, cudaError_t Status) {
  int I = NumEntries.fetch_add(1);
  Entries[I] = What;
  Values[I] = *Seen;
  Statuses[I] = Status;
}

static void hostFunction(void *What) {
  logEntry((const char *)What, cudaSuccess);
}

static void streamCallback(cudaStream_t, cudaError_t Status, void *What) {
  logEntry((const char *)What, Status);
}

static void printLog(const char *When) {
  printf("log %s:\n", When);
  for (int I = 0; I < NumEntries.load(); ++I)
    printf("  %d. %s saw %d (%s)\n", I + 1, Entries[I], Values[I],
           name(Statuses[I]));
}

static volatile int *Gate2;
static void *openLater(void *) {
  usleep(300 * 1000);
  *Gate2 = 1;
  return nullptr;
}

int main() {
  volatile int *Gate = nullptr;
  int *GateOnDevice, *SeenOnDevice;
  cudaStream_t S1, S2, S3, NonBlocking;
  cudaEvent_t Start, E1, E2, Never;
  if (cudaHostAlloc((void **)&Gate, sizeof(int), cudaHostAllocMapped) ||
      cudaHostAlloc((void **)&Seen, sizeof(int), cudaHostAllocMapped) ||
      cudaHostGetDevicePointer((void **)&GateOnDevice, (void *)Gate, 0) ||
      cudaHostGetDevicePointer((void **)&SeenOnDevice, (void *)Seen, 0) ||
      cudaStreamCreate(&S1) || cudaStreamCreate(&S2) ||
      cudaStreamCreate(&S3) ||
      cudaStreamCreateWithFlags(&NonBlocking, cudaStreamNonBlocking) ||
      cudaEventCreate(&Start) || cudaEventCreate(&E1) ||
      cudaEventCreate(&E2) ||
      cudaEventCreate(&Never)) {
    printf("setup failed\n");
    return 1;
  }
  *Gate = 0;
  *Seen = 0;
  cudaDeviceSynchronize();

  printf("== part 1: queued work behind a kernel that waits for the host\n");
  printf("cudaEventRecord(start, s1): %s\n", name(cudaEventRecord(Start, S1)));
  writeWhenOpen<<<1, 1, 0, S1>>>(GateOnDevice, SeenOnDevice, 42);
  printf("launch on s1: %s\n", name(cudaGetLastError()));
  printf("cudaEventRecord(e1, s1): %s\n", name(cudaEventRecord(E1, S1)));
  printf("cudaStreamQuery(s1): %s\n", name(cudaStreamQuery(S1)));
  printf("cudaStreamQuery(legacy) while only s1 has work: %s\n",
         name(cudaStreamQuery(0)));
  printf("cudaStreamQuery(s3) while only s1 has work: %s\n",
         name(cudaStreamQuery(S3)));
  printf("cudaStreamQuery(per-thread) while only s1 has work: %s\n",
         name(cudaStreamQuery(cudaStreamPerThread)));
  printf("cudaEventQuery(e1): %s\n", name(cudaEventQuery(E1)));
  float Ms = -1;
  printf("cudaEventElapsedTime(start, e1) while e1 is pending: %s\n",
         name(cudaEventElapsedTime(&Ms, Start, E1)));
  printf("cudaStreamWaitEvent(s2, e1): %s\n",
         name(cudaStreamWaitEvent(S2, E1, 0)));
  printf("cudaStreamWaitEvent(s2, never recorded): %s\n",
         name(cudaStreamWaitEvent(S2, Never, 0)));
  printf("cudaLaunchHostFunc(s2): %s\n",
         name(cudaLaunchHostFunc(S2, hostFunction,
                                 (void *)"s2 host function after e1")));
  printf("cudaStreamAddCallback(s2): %s\n",
         name(cudaStreamAddCallback(S2, streamCallback,
                                    (void *)"s2 stream callback", 0)));
  printf("cudaLaunchHostFunc(non-blocking): %s\n",
         name(cudaLaunchHostFunc(NonBlocking, hostFunction,
                                 (void *)"non-blocking host function")));
  printf("cudaStreamSynchronize(non-blocking): %s\n",
         name(cudaStreamSynchronize(NonBlocking)));
  printf("cudaStreamQuery(s2): %s\n", name(cudaStreamQuery(S2)));
  printf("cudaLaunchHostFunc(legacy): %s\n",
         name(cudaLaunchHostFunc(0, hostFunction,
                                 (void *)"legacy host function")));
  printf("cudaStreamQuery(legacy): %s\n", name(cudaStreamQuery(0)));
  printf("cudaStreamQuery(s3) while the legacy stream has work: %s\n",
         name(cudaStreamQuery(S3)));
  printf("cudaLaunchHostFunc(per-thread): %s\n",
         name(cudaLaunchHostFunc(cudaStreamPerThread, hostFunction,
                                 (void *)"per-thread host function")));
  printf("cudaEventRecord(e2, per-thread): %s\n",
         name(cudaEventRecord(E2, cudaStreamPerThread)));
  printf("cudaStreamWaitEvent(s3, e2): %s\n",
         name(cudaStreamWaitEvent(S3, E2, 0)));
  printf("cudaLaunchHostFunc(s3): %s\n",
         name(cudaLaunchHostFunc(S3, hostFunction,
                                 (void *)"s3 host function after e2")));
  printf("cudaStreamQuery(s3): %s\n", name(cudaStreamQuery(S3)));
  printf("cudaStreamQuery(non-blocking): %s\n",
         name(cudaStreamQuery(NonBlocking)));
  printLog("before the gate opens");
  *Gate = 1;
  printf("cudaEventSynchronize(e1): %s\n", name(cudaEventSynchronize(E1)));
  printf("cudaEventElapsedTime(start, e1): %s, ms>=0 %s\n",
         name(cudaEventElapsedTime(&Ms, Start, E1)), Ms >= 0 ? "yes" : "no");
  printf("cudaDeviceSynchronize: %s\n", name(cudaDeviceSynchronize()));
  printLog("after cudaDeviceSynchronize");

  printf("== part 2: a blocking cudaMemcpy waits for a blocking stream\n");
  int *D;
  cudaMalloc(&D, sizeof(int));
  cudaMemset(D, 0, sizeof(int));
  int *Gate2OnDevice;
  if (cudaHostAlloc((void **)&Gate2, sizeof(int), cudaHostAllocMapped) ||
      cudaHostGetDevicePointer((void **)&Gate2OnDevice, (void *)Gate2, 0)) {
    printf("setup of part 2 failed\n");
    return 1;
  }
  *Gate2 = 0;
  writeWhenOpen<<<1, 1, 0, S1>>>(Gate2OnDevice, D, 7);
  pthread_t Opener;
  pthread_create(&Opener, nullptr, openLater, nullptr);
  int Value = -1;
  printf("cudaMemcpy: %s\n",
         name(cudaMemcpy(&Value, D, sizeof(int), cudaMemcpyDeviceToHost)));
  printf("value cudaMemcpy read: %d\n", Value);
  pthread_join(Opener, nullptr);
  printf("cudaDeviceSynchronize: %s\n", name(cudaDeviceSynchronize()));
  return 0;
}
