// A kernel that never ends: it spins on a flag nothing sets, calling no
// function and reaching no barrier. Under CUCC_LAUNCH_TIMEOUT the launch
// must end with cudaErrorLaunchTimeout (702, the code CUDA gives a launch
// its watchdog stops), sticky; without it, it runs for ever, as on a GPU
// without a watchdog.
#include <cstdio>

__global__ void spin(volatile int *Flag, int *Out) {
  int Count = 0;
  while (*Flag == 0)
    ++Count;
  Out[threadIdx.x] = Count;
}

int main() {
  int *Flag, *Out;
  cudaMalloc(&Flag, sizeof(int));
  cudaMalloc(&Out, 64 * sizeof(int));
  cudaMemset(Flag, 0, sizeof(int));
  spin<<<2, 64>>>(Flag, Out);
  cudaError_t Sync = cudaDeviceSynchronize();
  printf("synchronize: %d %s: %s\n", (int)Sync, cudaGetErrorName(Sync),
         cudaGetErrorString(Sync));
  void *Other;
  printf("then cudaMalloc: %s\n", cudaGetErrorName(cudaMalloc(&Other, 4)));
  return Sync == cudaSuccess ? 0 : 1;
}
