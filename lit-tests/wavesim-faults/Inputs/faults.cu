// Kernels that go wrong the way real programs do, one case per process
// (argv[1]), since a fault ends the CUDA context: each prints the error
// the launch, cudaDeviceSynchronize, cudaGetLastError and a later
// cudaMalloc return. Its output on an NVIDIA H100 (nvcc, NVIDIA's
// headers) is faults.h100.txt; built by cucc and run on wavesim it must
// print the same error names. The "div0" case only shows that integer
// division by zero is no error (the quotients are the hardware's own).
#include <cassert>
#include <cstdio>
#include <cstring>

__global__ void storeFar(int *Data, long long Offset) {
  Data[threadIdx.x + Offset] = 1;
}

__global__ void storeNull(int *Data) {
  if (threadIdx.x == 3)
    Data = nullptr;
  Data[threadIdx.x] = 2;
}

__global__ void loadNull(const int *Data, int *Out) {
  if (threadIdx.x == 5)
    Data = nullptr;
  Out[threadIdx.x] = Data[threadIdx.x];
}

__global__ void sharedFar(int *Out, int Index) {
  __shared__ int Tile[64];
  Tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  Tile[threadIdx.x + Index] = 7;
  Out[threadIdx.x] = Tile[threadIdx.x];
}

__device__ int recurse(const int *Flag, int N, volatile int *Previous) {
  volatile int Local[32];
  Local[N & 31] = N + (Previous ? Previous[0] : 0);
  if (*Flag == 12345)
    return Local[0];
  return recurse(Flag, N + 1, Local) + 1;
}

__global__ void recurseForever(const int *Flag, int *Out) {
  Out[threadIdx.x] = recurse(Flag, 0, nullptr);
}

__global__ void trapPtx(int *Out) {
  if (threadIdx.x == 1)
    asm volatile("trap;");
  Out[threadIdx.x] = 1;
}

__global__ void trapBuiltin(int *Out) {
  if (threadIdx.x == 2)
    __trap();
  Out[threadIdx.x] = 1;
}

__global__ void assertZero(int *Out) {
  assert(threadIdx.x != 4);
  Out[threadIdx.x] = 1;
}

__global__ void divide(const int *A, const int *B, int *Out) {
  int I = threadIdx.x;
  Out[I] = A[I] / B[I] + A[I] % B[I];
}

int main(int argc, char **argv) {
  const char *Case = argc > 1 ? argv[1] : "far";
  int *Data, *Out, *Flag;
  cudaMalloc(&Data, 256);
  cudaMalloc(&Out, 256);
  cudaMalloc(&Flag, 4);
  cudaMemset(Data, 0, 256);
  cudaMemset(Flag, 0, 4);
  int A[32], B[32];
  for (int I = 0; I < 32; ++I) {
    A[I] = I * 7 - 50;
    B[I] = I % 4 == 0 ? 0 : I - 10;
  }
  cudaMemcpy(Data, A, sizeof(A), cudaMemcpyHostToDevice);
  cudaMemcpy(Out, B, sizeof(B), cudaMemcpyHostToDevice);
  printf("case %s\n", Case);
  if (!strcmp(Case, "far"))
    storeFar<<<1, 32>>>(Data, 1ll << 36);
  else if (!strcmp(Case, "null"))
    storeNull<<<1, 32>>>(Data);
  else if (!strcmp(Case, "load-null"))
    loadNull<<<1, 32>>>(Data, Out);
  else if (!strcmp(Case, "shared"))
    sharedFar<<<1, 32>>>(Out, 1 << 24);
  else if (!strcmp(Case, "recurse"))
    recurseForever<<<1, 32>>>(Flag, Out);
  else if (!strcmp(Case, "trap"))
    trapPtx<<<1, 32>>>(Out);
  else if (!strcmp(Case, "__trap"))
    trapBuiltin<<<1, 32>>>(Out);
  else if (!strcmp(Case, "assert"))
    assertZero<<<1, 32>>>(Out);
  else if (!strcmp(Case, "div0"))
    divide<<<1, 32>>>(Data, Out, Out);
  cudaError_t Launch = cudaGetLastError();
  printf("launch: %s\n", cudaGetErrorName(Launch));
  cudaError_t Sync = cudaDeviceSynchronize();
  printf("synchronize: %d %s: %s\n", (int)Sync, cudaGetErrorName(Sync),
         cudaGetErrorString(Sync));
  printf("then get last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  void *Other;
  printf("then cudaMalloc: %s\n", cudaGetErrorName(cudaMalloc(&Other, 4)));
  return Sync == cudaSuccess ? 0 : 1;
}
