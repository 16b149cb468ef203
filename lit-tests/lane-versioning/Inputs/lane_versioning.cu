// lane_versioning.cu - warp scans and lane-0 reductions whose lane is
// written as real code writes it (threadIdx.x & 31, threadIdx.x % 32,
// threadIdx.x % warpSize, the block's linear thread index % 32 and its 2-D
// form), launched with 1-D blocks, blocks whose x extent is a multiple of
// 32, and 2-D/3-D blocks whose x extent is not (where threadIdx.x % 32 is
// not the CUDA lane, and in 3-D blocks neither is the 2-D form). Every
// output word is printed, so the output is what CUDA gives for each lane.
// Block sizes are multiples of 32, so every warp is full.
#include <cstdio>

#define FULL 0xffffffffu

__device__ unsigned linearTid() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

__device__ unsigned blockBase() {
  return blockIdx.x * blockDim.x * blockDim.y * blockDim.z;
}

// Inclusive shfl_up scan, lane = threadIdx.x & 31.
__global__ void scanAnd31(const int *in, int *out) {
  unsigned i = blockBase() + linearTid();
  int lane = threadIdx.x & 31;
  int v = in[i];
  for (int d = 1; d < 32; d *= 2) {
    int t = __shfl_up_sync(FULL, v, d);
    if (lane >= d)
      v += t;
  }
  out[i] = v;
}

// Tree reduction whose lane 0 stores, lane = threadIdx.x % 32.
__global__ void reduceMod32(const int *in, int *out) {
  unsigned i = blockBase() + linearTid();
  unsigned lane = threadIdx.x % 32;
  int v = in[i];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(FULL, v, o);
  if (lane == 0)
    out[i] = v;
}

// Scan by max, lane = threadIdx.x % warpSize, the other guard shape.
__global__ void scanMaxWarpSize(const int *in, int *out) {
  unsigned i = blockBase() + linearTid();
  int lane = threadIdx.x % warpSize;
  int v = in[i];
  for (int d = 1; d <= 16; d <<= 1) {
    int t = __shfl_up_sync(FULL, v, d);
    v = lane >= d ? max(v, t) : v;
  }
  out[i] = v;
}

// The linear thread index's lane: always the CUDA lane.
__global__ void scanLinear(const int *in, int *out) {
  unsigned i = blockBase() + linearTid();
  unsigned lane = linearTid() & 31;
  int v = in[i];
  for (int d = 1; d < 32; d *= 2) {
    int t = __shfl_up_sync(FULL, v, d);
    if (lane >= d)
      v += t;
  }
  out[i] = v;
}

__global__ void reduceLinear(const int *in, int *out) {
  unsigned i = blockBase() + linearTid();
  unsigned lane = linearTid() % 32;
  int v = in[i];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(FULL, v, o);
  if (lane == 0)
    out[i] = v;
}

// The 2-D form of the linear index: the lane unless blocks are 3-D.
__global__ void reduce2D(const int *in, int *out) {
  unsigned i = blockBase() + linearTid();
  unsigned lane = (threadIdx.y * blockDim.x + threadIdx.x) & 31;
  int v = in[i];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(FULL, v, o);
  if (lane == 0)
    out[i] = v;
}

// A 16-lane segmented xor butterfly observed where threadIdx.x & 15 == 15.
__global__ void butterflyAnd15(const int *in, int *out) {
  unsigned i = blockBase() + linearTid();
  int v = in[i];
  for (int m = 1; m < 16; m *= 2)
    v ^= __shfl_xor_sync(FULL, v, m, 16);
  if ((threadIdx.x & 15) == 15)
    out[i] = v;
}

typedef void (*Kernel)(const int *, int *);

static const struct {
  const char *Name;
  Kernel K;
} Kernels[] = {
    {"scanAnd31", scanAnd31},         {"reduceMod32", reduceMod32},
    {"scanMaxWarpSize", scanMaxWarpSize}, {"scanLinear", scanLinear},
    {"reduceLinear", reduceLinear},   {"reduce2D", reduce2D},
    {"butterflyAnd15", butterflyAnd15},
};

static const unsigned Shapes[][3] = {
    {64, 1, 1}, {32, 2, 1}, {16, 2, 1}, {24, 4, 1}, {48, 2, 1},
    {20, 8, 1}, {20, 4, 2}, {8, 2, 4},  {12, 4, 2},
};

enum { Grid = 2, MaxThreads = 2 * 160 };

int main() {
  int Host[MaxThreads], *In, *Out;
  for (unsigned I = 0; I < MaxThreads; ++I)
    Host[I] = (int)((I * 2654435761u) >> 9 & 0xfff) - 0x500;
  cudaMalloc(&In, sizeof(Host));
  cudaMalloc(&Out, sizeof(Host));
  cudaMemcpy(In, Host, sizeof(Host), cudaMemcpyHostToDevice);
  for (unsigned K = 0; K < sizeof(Kernels) / sizeof(Kernels[0]); ++K)
    for (unsigned S = 0; S < sizeof(Shapes) / sizeof(Shapes[0]); ++S) {
      dim3 Block(Shapes[S][0], Shapes[S][1], Shapes[S][2]);
      unsigned Threads = Grid * Block.x * Block.y * Block.z;
      cudaMemset(Out, 0x5a, sizeof(Host));
      Kernels[K].K<<<Grid, Block>>>(In, Out);
      int Result[MaxThreads];
      cudaError_t E =
          cudaMemcpy(Result, Out, sizeof(Result), cudaMemcpyDeviceToHost);
      printf("%s block=%ux%ux%u: %s\n", Kernels[K].Name, Block.x, Block.y,
             Block.z, cudaGetErrorString(E));
      for (unsigned I = 0; I < Threads; I += 16) {
        for (unsigned J = I; J < I + 16 && J < Threads; ++J)
          printf(" %08x", (unsigned)Result[J]);
        printf("\n");
      }
    }
  return 0;
}
