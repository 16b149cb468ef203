// A failed device assert: CUDA's message (file, line, function, block,
// thread, expression), the stream it goes to, and what the runtime calls
// return afterwards. argv[1] picks the case, since a failed assert ends
// the context. Its output on an NVIDIA H100 is assert_msg.h100.*.txt.
#include <cassert>
#include <cstdio>
#include <cstring>

__global__ void checkValues(const int *Data, int N) {
  int I = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x +
          threadIdx.x;
  if (I < N)
    assert(Data[I] >= 0 && "values must not be negative");
}

template <typename T> __global__ void checkTemplate(T Value) {
  assert(Value == T(0));
}

__device__ void helper(int Value) { assert(Value != 3); }

__global__ void viaHelper() { helper(threadIdx.x + blockIdx.x); }

int main(int argc, char **argv) {
  const char *Case = argc > 1 ? argv[1] : "one";
  int Host[64];
  for (int I = 0; I < 64; ++I)
    Host[I] = I;
  if (!strcmp(Case, "one"))
    Host[45] = -1; // block 1, thread (5,1,0) of 8x4 blocks
  int *Data;
  cudaMalloc(&Data, sizeof(Host));
  cudaMemcpy(Data, Host, sizeof(Host), cudaMemcpyHostToDevice);
  printf("before the launch\n");
  if (!strcmp(Case, "one") || !strcmp(Case, "none"))
    checkValues<<<2, dim3(8, 4)>>>(Data, 64);
  else if (!strcmp(Case, "template"))
    checkTemplate<<<1, 1>>>(2.5f);
  else if (!strcmp(Case, "helper"))
    viaHelper<<<2, 4>>>();
  cudaError_t Launch = cudaGetLastError();
  printf("launch: %d\n", (int)Launch);
  cudaError_t Sync = cudaDeviceSynchronize();
  printf("synchronize: %d %s: %s\n", (int)Sync, cudaGetErrorName(Sync),
         cudaGetErrorString(Sync));
  printf("then get last error: %d\n", (int)cudaGetLastError());
  void *Other;
  printf("then cudaMalloc: %d\n", (int)cudaMalloc(&Other, 4));
  return Sync == cudaSuccess ? 0 : 1;
}
