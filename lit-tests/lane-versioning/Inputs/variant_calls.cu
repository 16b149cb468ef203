// A kernel that reaches a shuffle scan whose lane is threadIdx.x & 31
// through a call, and calls a function that has nothing to gain.
#define FULL_MASK 0xffffffffu

__device__ __attribute__((noinline)) int scanTid(int V) {
  unsigned Lane = threadIdx.x & 31;
  for (unsigned Delta = 1; Delta < 32; Delta *= 2) {
    int Up = __shfl_up_sync(FULL_MASK, V, Delta);
    if (Lane >= Delta)
      V += Up;
  }
  return V;
}

__device__ __attribute__((noinline)) int broadcast(int V) {
  return __shfl_sync(FULL_MASK, V, 0);
}

__global__ void scanKernel(int *Data) {
  int V = Data[threadIdx.x];
  Data[threadIdx.x] = scanTid(V) + broadcast(V);
}

__global__ void plainKernel(int *Data) {
  Data[threadIdx.x] = broadcast(Data[threadIdx.x]);
}
