// A kernel that never ends: it loops on a value of its own (always odd,
// never 0), calling no function and reaching no barrier, and waits on no
// memory (a loop polling a flag gets a poll point, wavesim-polls.c, and a
// grid whose blocks all poll for ever is reported as a deadlock: with
// -D POLL_FLAG it spins on a flag nothing sets). Under CUCC_LAUNCH_TIMEOUT
// the launch must end with cudaErrorLaunchTimeout (702, the code CUDA gives
// a launch its watchdog stops), sticky; without it, it runs for ever, as on
// a GPU without a watchdog.
#include <cstdio>

__global__ void spin(volatile int *Flag, int *Out) {
  int Count = 0;
#ifdef POLL_FLAG
  while (*Flag == 0)
    ++Count;
#else
  unsigned X = *Flag | 1;
  volatile unsigned Private; /* a store to it: the loop may not vanish */
  while (X != 0) {
    X = X * 3 | 1;
    Private = X;
  }
  Count = (int)X;
#endif
  Out[threadIdx.x] = Count;
}

int main() {
  int *Flag, *Out;
  cudaMalloc(&Flag, sizeof(int));
  cudaMalloc(&Out, 64 * sizeof(int));
  cudaMemset(Flag, 0, sizeof(int));
  setvbuf(stdout, NULL, _IONBF, 0);
  spin<<<2, 64>>>(Flag, Out);
  cudaError_t Sync = cudaDeviceSynchronize();
  printf("synchronize: %d %s: %s\n", (int)Sync, cudaGetErrorName(Sync),
         cudaGetErrorString(Sync));
  void *Other;
  printf("then cudaMalloc: %s\n", cudaGetErrorName(cudaMalloc(&Other, 4)));
  return Sync == cudaSuccess ? 0 : 1;
}
