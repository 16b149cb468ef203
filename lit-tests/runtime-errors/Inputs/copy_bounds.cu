// copy_bounds.cu - What the CUDA runtime answers to copies and sets whose
// device-side range is not inside one allocation: past its end, through a
// freed pointer, through a pointer that is no allocation's. Each case runs
// in a child process of its own (fork before any CUDA call), so that a
// case that poisons its context cannot change the answers of the next; the
// parent prints the cases in order. Each case prints the name of every
// call's result, then what cudaGetLastError and a later cudaMalloc answer
// (whether the error is sticky). Run: ./copy_bounds > expected.txt.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

__device__ int d_symbol[4];

enum { Small = 256, Big = 1 << 20 };

static char HostBuffer[2 * Big];

static void line(const char *Probe, cudaError_t E) {
  printf("  %s: %s\n", Probe, cudaGetErrorName(E));
}

// Whether the error stayed: the last error, then a new allocation.
static void after(void) {
  cudaError_t Last = cudaGetLastError();
  void *P = nullptr;
  cudaError_t Alloc = cudaMalloc(&P, 16);
  printf("  then: cudaGetLastError -> %s, cudaMalloc -> %s\n",
         cudaGetErrorName(Last), cudaGetErrorName(Alloc));
}

static void *device(size_t Bytes) {
  void *P = nullptr;
  if (cudaMalloc(&P, Bytes) != cudaSuccess) {
    printf("  cudaMalloc(%zu) failed\n", Bytes);
    exit(1);
  }
  return P;
}

static void runCase(int Case) {
  char *D = (char *)device(Small);
  switch (Case) {
  case 0:
    printf("cudaMemcpy HostToDevice, 256 bytes into a 256-byte allocation\n");
    line("cudaMemcpy", cudaMemcpy(D, HostBuffer, Small, cudaMemcpyHostToDevice));
    break;
  case 1:
    printf("cudaMemcpy HostToDevice, 1 MiB into a 256-byte allocation\n");
    line("cudaMemcpy", cudaMemcpy(D, HostBuffer, Big, cudaMemcpyHostToDevice));
    break;
  case 2:
    printf("cudaMemcpy HostToDevice, 257 bytes into a 256-byte allocation\n");
    line("cudaMemcpy", cudaMemcpy(D, HostBuffer, Small + 1, cudaMemcpyHostToDevice));
    break;
  case 3:
    printf("cudaMemcpy HostToDevice, 256 bytes at offset 128 of a 256-byte allocation\n");
    line("cudaMemcpy", cudaMemcpy(D + 128, HostBuffer, Small, cudaMemcpyHostToDevice));
    break;
  case 4:
    printf("cudaMemcpy DeviceToHost, 1 MiB from a 256-byte allocation\n");
    line("cudaMemcpy", cudaMemcpy(HostBuffer, D, Big, cudaMemcpyDeviceToHost));
    break;
  case 5: {
    printf("cudaMemcpy DeviceToDevice, 1 MiB from a 256-byte allocation into a 2 MiB one\n");
    char *Large = (char *)device(2 * Big);
    line("cudaMemcpy", cudaMemcpy(Large, D, Big, cudaMemcpyDeviceToDevice));
    break;
  }
  case 6: {
    printf("cudaMemcpy DeviceToDevice, 1 MiB from a 2 MiB allocation into a 256-byte one\n");
    char *Large = (char *)device(2 * Big);
    line("cudaMemcpy", cudaMemcpy(D, Large, Big, cudaMemcpyDeviceToDevice));
    break;
  }
  case 7:
    printf("cudaMemset, 1 MiB on a 256-byte allocation\n");
    line("cudaMemset", cudaMemset(D, 0, Big));
    break;
  case 8: {
    printf("cudaMemcpyAsync HostToDevice on a stream, 1 MiB into a 256-byte allocation\n");
    cudaStream_t S;
    cudaStreamCreate(&S);
    line("cudaMemcpyAsync", cudaMemcpyAsync(D, HostBuffer, Big, cudaMemcpyHostToDevice, S));
    line("cudaStreamSynchronize", cudaStreamSynchronize(S));
    break;
  }
  case 9:
    printf("cudaMemsetAsync on the default stream, 1 MiB on a 256-byte allocation\n");
    line("cudaMemsetAsync", cudaMemsetAsync(D, 0, Big, 0));
    line("cudaDeviceSynchronize", cudaDeviceSynchronize());
    break;
  case 10: {
    printf("cudaMemcpy HostToDevice, 16 bytes to a freed allocation\n");
    char *Freed = (char *)device(Small);
    cudaFree(Freed);
    line("cudaMemcpy", cudaMemcpy(Freed, HostBuffer, 16, cudaMemcpyHostToDevice));
    break;
  }
  case 11:
    printf("cudaMemcpy HostToDevice, 16 bytes to 1 GiB past a live allocation\n");
    line("cudaMemcpy", cudaMemcpy(D + (1ull << 30), HostBuffer, 16, cudaMemcpyHostToDevice));
    break;
  case 12: {
    printf("cudaMemcpy HostToDevice, 16 bytes to pageable host memory (malloc)\n");
    char *Pageable = (char *)malloc(64);
    line("cudaMemcpy", cudaMemcpy(Pageable, HostBuffer, 16, cudaMemcpyHostToDevice));
    break;
  }
  case 13: {
    printf("cudaMemcpy DeviceToHost, 16 bytes from pageable host memory (malloc)\n");
    char *Pageable = (char *)calloc(64, 1);
    line("cudaMemcpy", cudaMemcpy(HostBuffer, Pageable, 16, cudaMemcpyDeviceToHost));
    break;
  }
  case 14: {
    printf("cudaMemcpy HostToDevice, 1 MiB from a 256-byte cudaMallocHost buffer into a 2 MiB allocation\n");
    char *Pinned = nullptr;
    cudaMallocHost(&Pinned, Small);
    char *Large = (char *)device(2 * Big);
    line("cudaMemcpy", cudaMemcpy(Large, Pinned, Big, cudaMemcpyHostToDevice));
    break;
  }
  case 15:
    printf("cudaMemcpy2D HostToDevice, 2 rows of 16 bytes, pitch 256, into a 256-byte allocation\n");
    line("cudaMemcpy2D", cudaMemcpy2D(D, Small, HostBuffer, Small, 16, 2, cudaMemcpyHostToDevice));
    break;
  case 16:
    printf("cudaMemcpy2D HostToDevice, 1 row of 16 bytes, pitch 256, into a 256-byte allocation\n");
    line("cudaMemcpy2D", cudaMemcpy2D(D, Small, HostBuffer, Small, 16, 1, cudaMemcpyHostToDevice));
    break;
  case 17:
    printf("cudaMemset2D, 2 rows of 16 bytes, pitch 256, on a 256-byte allocation\n");
    line("cudaMemset2D", cudaMemset2D(D, Small, 0, 16, 2));
    break;
  case 18:
    printf("cudaMemcpy Default, 1 MiB from pageable memory into a 256-byte allocation\n");
    line("cudaMemcpy", cudaMemcpy(D, HostBuffer, Big, cudaMemcpyDefault));
    break;
  case 19: {
    printf("cudaMemcpy HostToDevice through cudaGetSymbolAddress, 16 bytes then 1 MiB\n");
    void *Symbol = nullptr;
    line("cudaGetSymbolAddress", cudaGetSymbolAddress(&Symbol, d_symbol));
    line("cudaMemcpy 16 bytes", cudaMemcpy(Symbol, HostBuffer, 16, cudaMemcpyHostToDevice));
    line("cudaMemcpy 1 MiB", cudaMemcpy(Symbol, HostBuffer, Big, cudaMemcpyHostToDevice));
    break;
  }
  case 20: {
    printf("cudaMemcpy DeviceToDevice, 256 bytes within one allocation and across two\n");
    char *Other = (char *)device(Small);
    line("cudaMemcpy within", cudaMemcpy(D, D + 128, 128, cudaMemcpyDeviceToDevice));
    line("cudaMemcpy between", cudaMemcpy(Other, D, Small, cudaMemcpyDeviceToDevice));
    break;
  }
  default:
    exit(2);
  }
  after();
}

int main() {
  for (int Case = 0;; ++Case) {
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
