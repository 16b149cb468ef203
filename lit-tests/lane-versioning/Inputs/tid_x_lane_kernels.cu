// A shfl_up scan and a tree reduction whose lane 0 stores, with the lane
// written as threadIdx.x & 31: the kernels issue 27 counts against
// rocPRIM's.
#define FULL 0xffffffffu

__global__ void scan(const int *in, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = in[i];
  for (int d = 1; d < 32; d *= 2) {
    int t = __shfl_up_sync(FULL, v, d);
    if (lane >= d)
      v += t;
  }
  out[i] = v;
}

__global__ void reduce(const int *in, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = in[i];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(FULL, v, o);
  if (lane == 0)
    out[i / 32] = v;
}
