// Accesses the memory check must reject, and accesses it must let through,
// one case per process (argv[1]). Each case prints what the launch
// reports after cudaDeviceSynchronize and whether the error is sticky.
#include <cstdio>
#include <cstring>

struct Pair {
  int First, Second[7];
};

__device__ int DeviceTable[16];
__constant__ int ConstantTable[16];

__global__ void storePastEnd(int *Data, int Index) { Data[Index] = 1; }

__global__ void loadBefore(const char *Data, int *Out) {
  Out[0] = Data[-1];
}

__global__ void storeThrough(int *Pointer) { *Pointer = 3; }

__global__ void atomicPastEnd(int *Data, int Index) {
  atomicAdd(&Data[Index], 1);
}

__global__ void clearPastEnd(char *Data, int Bytes) {
  memset(Data, 0, Bytes);
}

__global__ void dynamicShared(int *Out, int Index) {
  extern __shared__ int Dynamic[];
  Dynamic[threadIdx.x] = threadIdx.x;
  __syncthreads();
  Dynamic[Index] = 5;
  Out[threadIdx.x] = Dynamic[threadIdx.x];
}

// Everything here is valid: globals, constants, string literals, a local
// array indexed at run time, a struct passed by value, pinned, registered
// and managed memory, the dynamic shared memory the launch gives.
__global__ void allValid(Pair P, int *Device, int *Pinned, int *Registered,
                         int *Managed, int N) {
  extern __shared__ int Dynamic[];
  int Local[32];
  int T = threadIdx.x;
  for (int I = 0; I < 32; ++I)
    Local[(I * 7 + T) % 32] = I;
  Dynamic[T] = Local[T % 32] + P.Second[T % 7];
  DeviceTable[T % 16] = ConstantTable[(T + 1) % 16];
  __syncthreads();
  const char *Text = "a string literal";
  int Sum = Dynamic[(T + 1) % N] + DeviceTable[(T + 3) % 16] + Text[T % 16];
  Device[T] = Sum;
  Pinned[T] += 1;
  Registered[T] += 2;
  atomicAdd(&Managed[T % 4], 1);
}

static void report(const char *What) {
  cudaError_t Sync = cudaDeviceSynchronize();
  printf("%s: %s\n", What, cudaGetErrorName(Sync));
  void *Other;
  printf("then cudaMalloc: %s\n", cudaGetErrorName(cudaMalloc(&Other, 4)));
}

int main(int argc, char **argv) {
  const char *Case = argc > 1 ? argv[1] : "valid";
  int *Data;
  cudaMalloc(&Data, 256); // 64 ints; the page it lies in is larger
  if (!strcmp(Case, "past-end"))
    storePastEnd<<<1, 1>>>(Data, 64);
  else if (!strcmp(Case, "before"))
    loadBefore<<<1, 1>>>((const char *)Data, Data);
  else if (!strcmp(Case, "null"))
    storeThrough<<<1, 1>>>(nullptr);
  else if (!strcmp(Case, "freed")) {
    int *Freed;
    cudaMalloc(&Freed, 64);
    cudaFree(Freed);
    storeThrough<<<1, 1>>>(Freed);
  } else if (!strcmp(Case, "atomic"))
    atomicPastEnd<<<1, 1>>>(Data, 100);
  else if (!strcmp(Case, "memset"))
    clearPastEnd<<<1, 1>>>((char *)Data, 257);
  else if (!strcmp(Case, "dynamic-shared"))
    dynamicShared<<<1, 32, 32 * sizeof(int)>>>(Data, 32);
  else if (!strcmp(Case, "valid")) {
    enum { N = 64 };
    Pair P = {1, {2, 3, 4, 5, 6, 7, 8}};
    int *Pinned, *Managed;
    static int Registered[N];
    cudaMallocHost(&Pinned, N * sizeof(int));
    cudaMallocManaged(&Managed, 4 * sizeof(int));
    cudaHostRegister(Registered, sizeof(Registered), cudaHostRegisterDefault);
    memset(Pinned, 0, N * sizeof(int));
    memset(Managed, 0, 4 * sizeof(int));
    allValid<<<2, N, N * sizeof(int)>>>(P, Data, Pinned, Registered, Managed,
                                        N);
    cudaDeviceSynchronize();
    printf("pinned %d, registered %d, managed %d\n", Pinned[N - 1],
           Registered[N - 1], Managed[3]);
    cudaHostUnregister(Registered);
  }
  report(Case);
  return 0;
}
