// coop_limits.cu - what wavesim does at the edges of cooperative launches:
// a grid of more threads than it keeps resident (2048) is refused with
// cudaErrorCooperativeLaunchTooLarge, as CUDA refuses a grid larger than
// the GPU holds at once; a spinning wait on a flag that another block sets
// works in a cooperative launch, where all blocks are resident;
// cudaLaunchKernelEx with cudaLaunchAttributeCooperative is one. A
// grid.sync() in an ordinary launch (undefined in CUDA) works as on a GPU
// that keeps all its blocks resident when they fit, and fails the launch
// as a deadlock instead of hanging when they do not (256 blocks of 1024
// threads: wavesim keeps 2 such blocks resident on each host thread).
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void syncKernel(unsigned *Out) {
  cg::grid_group Grid = cg::this_grid();
  Out[Grid.thread_rank()] = 1;
  Grid.sync();
  unsigned Other = Out[(Grid.thread_rank() + 1024) % Grid.size()];
  Grid.sync();
  Out[Grid.thread_rank()] += Other;
}

// Block 0 waits for the flag that the last block raises.
__global__ void flagKernel(volatile unsigned *Flag, unsigned *Out) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    while (*Flag == 0)
      __nanosleep(100);
    Out[0] = *Flag;
  }
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0)
    *Flag = 42;
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0); // in order with the runtime's stderr
  unsigned *Out, *Flag;
  cudaMalloc(&Out, 8192 * sizeof(unsigned));
  cudaMalloc(&Flag, sizeof(unsigned));
  void *Args[] = {&Out};
  cudaError_t E = cudaLaunchCooperativeKernel((void *)syncKernel, dim3(3),
                                              dim3(1024), Args, 0, 0);
  printf("3x1024 cooperative: %s\n", cudaGetErrorName(E));
  E = cudaLaunchCooperativeKernel((void *)syncKernel, dim3(2), dim3(1024),
                                  Args, 0, 0);
  printf("2x1024 cooperative: %s, %s\n", cudaGetErrorName(E),
         cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemset(Out, 0, 8192 * sizeof(unsigned));
  cudaLaunchAttribute Attr[1];
  Attr[0].id = cudaLaunchAttributeCooperative;
  Attr[0].val.cooperative = 1;
  cudaLaunchConfig_t Config = {};
  Config.gridDim = dim3(2);
  Config.blockDim = dim3(1024);
  Config.attrs = Attr;
  Config.numAttrs = 1;
  E = cudaLaunchKernelEx(&Config, syncKernel, Out);
  static unsigned Host[2048];
  cudaMemcpy(Host, Out, sizeof(Host), cudaMemcpyDeviceToHost);
  int Twos = 0;
  for (unsigned V : Host)
    Twos += V == 2;
  printf("cudaLaunchKernelEx cooperative 2x1024: %s, %d of 2048 threads saw "
         "the other block's write\n",
         cudaGetErrorName(E), Twos);
  cudaMemset(Flag, 0, sizeof(unsigned));
  void *FlagArgs[] = {&Flag, &Out};
  E = cudaLaunchCooperativeKernel((void *)flagKernel, dim3(3), dim3(32),
                                  FlagArgs, 0, 0);
  unsigned Got = 0;
  cudaMemcpy(&Got, Out, sizeof(unsigned), cudaMemcpyDeviceToHost);
  printf("flag cooperative: %s, block 0 saw %u\n", cudaGetErrorName(E), Got);
  syncKernel<<<2, 64>>>(Out);
  printf("ordinary launch with grid.sync: %s\n",
         cudaGetErrorName(cudaDeviceSynchronize()));
  unsigned *Big;
  cudaMalloc(&Big, 256 * 1024 * sizeof(unsigned));
  syncKernel<<<256, 1024>>>(Big);
  printf("ordinary launch of 256x1024 with grid.sync: %s\n",
         cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
