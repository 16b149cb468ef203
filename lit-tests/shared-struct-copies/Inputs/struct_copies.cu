// struct_copies.cu - Struct assignments between __shared__ slots by the
// lanes of one warp, with no barrier between the loads and the stores, as
// HeCBench's dxtc2 sorts its colours (`colors[xrefs[idx]] = colors[idx]` of
// a float3, for idx < 16). clang copies a struct with llvm.memcpy, one call
// per lane that reads the source and writes the destination; a warp (and
// an AMD wave) loads for every lane before any lane stores, so each slot
// ends up with the value that its source slot held before the copy.
//
// Each block permutes, within each warp, three shared arrays of structs
// of 12 bytes (float3), 24 bytes (six ints) and 12 bytes aligned to 2 (six
// shorts), in place, through a permutation that the
// host makes (block 0: rotate by one; block 1: reverse; block 2: the
// rank-of-key permutation of dxtc2 by its first 16 lanes only; block 3: a
// pseudo-random one). The copies happen in __device__ functions with their
// own __shared__ arrays, one that the compiler inlines and one that it
// must not (__noinline__), as dxtc2's evalAllPermutations and findMinError
// have theirs. The program prints each block's checksum and PASS or FAIL
// against the host's permutation of the same values.
#include <cstdio>

enum { Threads = 64, Blocks = 4 };

struct Wide {
  int v[6];
};
struct Narrow {
  unsigned short v[6];
};

__device__ float3 colourOf(int Block, int T) {
  return make_float3(Block * 100 + T + 0.25f, -T - 0.5f, T * 0.125f);
}
__device__ Wide wideOf(int Block, int T) {
  Wide W;
  for (int I = 0; I < 6; ++I)
    W.v[I] = Block * 1000 + T * 10 + I;
  return W;
}
__device__ Narrow narrowOf(int Block, int T) {
  Narrow N;
  for (int I = 0; I < 6; ++I)
    N.v[I] = (unsigned short)(Block * 1000 + T * 10 + 6 - I);
  return N;
}

// Inlined into the kernel: the colours, moved by the lanes whose Dest
// differs from -1 (every lane, or dxtc2's first 16).
__device__ void permuteColours(int Dest, float3 *Out) {
  __shared__ float3 Colours[Threads];
  const int T = threadIdx.x;
  Colours[T] = colourOf(blockIdx.x, T);
  __syncthreads();
  if (Dest >= 0)
    Colours[Dest] = Colours[T];
  __syncthreads();
  Out[blockIdx.x * Threads + T] = Colours[T];
}

// Called, not inlined: its __shared__ arrays are laid out for the kernel
// that calls it (amdgpu-lower-module-lds).
__device__ __noinline__ void permuteOthers(int Dest, Wide *OutWide,
                                           Narrow *OutNarrow) {
  __shared__ Wide Wides[Threads];
  __shared__ Narrow Narrows[Threads];
  const int T = threadIdx.x;
  Wides[T] = wideOf(blockIdx.x, T);
  Narrows[T] = narrowOf(blockIdx.x, T);
  __syncthreads();
  if (Dest >= 0) {
    Wides[Dest] = Wides[T];
    Narrows[Dest] = Narrows[T];
  }
  __syncthreads();
  OutWide[blockIdx.x * Threads + T] = Wides[T];
  OutNarrow[blockIdx.x * Threads + T] = Narrows[T];
}

__global__ void permute(const int *Dests, float3 *OutColours, Wide *OutWide,
                        Narrow *OutNarrow) {
  const int Dest = Dests[blockIdx.x * Threads + threadIdx.x];
  permuteColours(Dest, OutColours);
  permuteOthers(Dest, OutWide, OutNarrow);
}

// Destination of lane T of each block, within T's warp (-1: T does not
// copy).
static int destinationOf(int Block, int T) {
  const int Warp = T & ~31, Lane = T & 31;
  switch (Block) {
  case 0:
    return Warp | ((Lane + 1) & 31);
  case 1:
    return Warp | (31 - Lane);
  case 2: {
    // dxtc2: lanes 0-15 move to the rank of their key; ties keep order.
    if (T >= 16)
      return -1;
    static const int Keys[16] = {5, 5, 9, 7, 5, 5, 9, 7,
                                 3, 3, 1, 8, 3, 3, 1, 8};
    int Rank = 0;
    for (int I = 0; I < 16; ++I)
      Rank += Keys[I] < Keys[T] || (Keys[I] == Keys[T] && I < T);
    return Rank;
  }
  default: {
    // Lane i of warp w goes to (7 * i + 3 + w) mod 32: 7 is odd.
    return Warp | ((7 * Lane + 3 + Warp / 32) & 31);
  }
  }
}

static float3 hostColour(int Block, int T) {
  float3 C = {Block * 100 + T + 0.25f, -T - 0.5f, T * 0.125f};
  return C;
}

int main() {
  const int N = Blocks * Threads;
  int Dests[N];
  for (int B = 0; B < Blocks; ++B)
    for (int T = 0; T < Threads; ++T)
      Dests[B * Threads + T] = destinationOf(B, T);
  int *DDests;
  float3 *DColours;
  Wide *DWide;
  Narrow *DNarrow;
  cudaMalloc(&DDests, sizeof(Dests));
  cudaMalloc(&DColours, N * sizeof(float3));
  cudaMalloc(&DWide, N * sizeof(Wide));
  cudaMalloc(&DNarrow, N * sizeof(Narrow));
  cudaMemcpy(DDests, Dests, sizeof(Dests), cudaMemcpyHostToDevice);
  permute<<<Blocks, Threads>>>(DDests, DColours, DWide, DNarrow);
  static float3 Colours[N];
  static Wide Wides[N];
  static Narrow Narrows[N];
  cudaMemcpy(Colours, DColours, sizeof(Colours), cudaMemcpyDeviceToHost);
  cudaMemcpy(Wides, DWide, sizeof(Wides), cudaMemcpyDeviceToHost);
  cudaMemcpy(Narrows, DNarrow, sizeof(Narrows), cudaMemcpyDeviceToHost);
  cudaError_t Err = cudaGetLastError();
  if (Err != cudaSuccess) {
    printf("CUDA error: %s\n", cudaGetErrorString(Err));
    return 1;
  }

  int Wrong = 0;
  for (int B = 0; B < Blocks; ++B) {
    // Slot S holds what the lane copying into S held, or its own value.
    int Source[Threads];
    for (int T = 0; T < Threads; ++T)
      Source[T] = T;
    for (int T = 0; T < Threads; ++T)
      if (Dests[B * Threads + T] >= 0)
        Source[Dests[B * Threads + T]] = T;
    long long Sum = 0;
    int BlockWrong = 0;
    for (int S = 0; S < Threads; ++S) {
      const int I = B * Threads + S, From = Source[S];
      float3 C = hostColour(B, From);
      BlockWrong +=
          Colours[I].x != C.x || Colours[I].y != C.y || Colours[I].z != C.z;
      for (int K = 0; K < 6; ++K)
        BlockWrong += Wides[I].v[K] != B * 1000 + From * 10 + K;
      for (int K = 0; K < 6; ++K)
        BlockWrong += Narrows[I].v[K] != B * 1000 + From * 10 + 6 - K;
      Sum = Sum * 31 + (long long)(Colours[I].x * 8) + Wides[I].v[0] +
            Narrows[I].v[5];
      Sum &= 0xffffffffffffLL;
    }
    printf("block %d: colour[0..3] %g %g %g %g, wide[0..3] %d %d %d %d, "
           "narrow[0..3] %d %d %d %d, checksum %lld, %d wrong\n",
           B, Colours[B * Threads].x, Colours[B * Threads + 1].x,
           Colours[B * Threads + 2].x, Colours[B * Threads + 3].x,
           Wides[B * Threads].v[0], Wides[B * Threads + 1].v[0],
           Wides[B * Threads + 2].v[0], Wides[B * Threads + 3].v[0],
           Narrows[B * Threads].v[0], Narrows[B * Threads + 1].v[0],
           Narrows[B * Threads + 2].v[0], Narrows[B * Threads + 3].v[0], Sum,
           BlockWrong);
    Wrong += BlockWrong;
  }
  printf(Wrong ? "FAIL\n" : "PASS\n");
  return Wrong != 0;
}
