// race.cu - A host/device race that only the right synchronization makes
// right. A kernel on a created stream waits until the host opens a gate (a
// flag in mapped pinned memory), then writes 42; a cudaMemcpyAsync on the
// same stream copies the result into pinned host memory. The host reads
// that memory before it opens the gate, without synchronizing: it must
// see the old value (-1), whatever the timing, since the kernel cannot
// have finished. It then opens the gate, synchronizes the stream and must
// see 42. A runtime whose launches and asynchronous copies block the host
// never returns from the launch (the gate is still shut): the test's time
// limit ends it. Run: ./race > expected.txt.
#include <cuda_runtime.h>
#include <cstdio>

__global__ void writeWhenOpen(volatile int *Gate, int *Out) {
  while (*Gate == 0)
    ;
  *Out = 42;
}

static const char *name(cudaError_t E) { return cudaGetErrorName(E); }

int main() {
  volatile int *Gate = nullptr;
  int *GateOnDevice = nullptr, *Result = nullptr, *D = nullptr;
  cudaStream_t S;
  if (cudaHostAlloc((void **)&Gate, sizeof(int), cudaHostAllocMapped) ||
      cudaHostGetDevicePointer((void **)&GateOnDevice, (void *)Gate, 0) ||
      cudaMallocHost(&Result, sizeof(int)) || cudaMalloc(&D, sizeof(int)) ||
      cudaStreamCreate(&S)) {
    printf("setup failed\n");
    return 1;
  }
  *Gate = 0;
  *Result = -1;
  cudaMemset(D, 0, sizeof(int));
  writeWhenOpen<<<1, 1, 0, S>>>(GateOnDevice, D);
  printf("launch: %s\n", name(cudaGetLastError()));
  printf("cudaMemcpyAsync: %s\n",
         name(cudaMemcpyAsync(Result, D, sizeof(int), cudaMemcpyDeviceToHost,
                              S)));
  printf("cudaStreamQuery before the gate opens: %s\n",
         name(cudaStreamQuery(S)));
  printf("read without synchronizing: %d\n", *(volatile int *)Result);
  *Gate = 1;
  printf("cudaStreamSynchronize: %s\n", name(cudaStreamSynchronize(S)));
  printf("read after cudaStreamSynchronize: %d\n", *(volatile int *)Result);
  printf("cudaStreamQuery after: %s\n", name(cudaStreamQuery(S)));
  printf("%s\n", *Result == 42 ? "PASS" : "FAIL");
  return *Result == 42 ? 0 : 1;
}
