// The kernel the runtime launches for a block shape, made visible: a scan
// whose lane is threadIdx.x & 31 (so cucc gives the kernel a launch
// variant) stores through a null pointer, and the fault names the kernel.
#include <cstdio>
#include <cstdlib>

__global__ void scanThenFault(int *Out) {
  unsigned Lane = threadIdx.x & 31;
  int V = threadIdx.x;
  for (unsigned D = 1; D < 32; D *= 2) {
    int Up = __shfl_up_sync(0xffffffffu, V, D);
    if (Lane >= D)
      V += Up;
  }
  Out[threadIdx.y * blockDim.x + threadIdx.x] = V;
}

int main(int argc, char **argv) {
  dim3 Block(atoi(argv[1]), atoi(argv[2]));
  scanThenFault<<<1, Block>>>(nullptr);
  cudaError_t Error = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorName(Error));
  return 0;
}
