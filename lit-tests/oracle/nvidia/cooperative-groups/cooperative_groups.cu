// cooperative_groups.cu - CUDA cooperative groups on many inputs and shapes,
// evaluated the same way on an NVIDIA GPU (nvcc against the real toolkit's
// cooperative_groups.h) and on AMD through cu2hsaco against our
// include/cooperative_groups.h (wavesim, wave64 and wave32). The kernel makes
// its inputs from the thread index and a seed, so no input buffer is needed,
// and writes Results words per thread: this_thread_block(), tiled_partition
// (static N = 1..32 and dynamic), every thread_block_tile<N> member (shfl of
// int, float, double, long long; votes; match; reduce with each cg function
// object and a lambda; inclusive and exclusive scans), coalesced_threads()
// inside divergent branches with labeled_partition and binary_partition, and
// their reductions and scans. Words are left 0 where CUDA does not define a
// result (tiles that run past blockDim, rank 0 of an exclusive scan with an
// operation). main() prints the buffer as the wavesim CLI prints it, so the
// two compare with diff (lit-tests/cooperative-groups/). Floats are made from
// bit patterns (no arithmetic for the compiler to contract); float sums show
// the association order of reduce and scan.
// The expected files were captured (CUDA 13.0, H100) from the first version
// of this file (commit b5e846d); the later edits only add block and warp
// barriers, give each pattern its own call sites and reorder independent
// computations inside a branch, none of which changes a result on an NVIDIA
// GPU: this version, run again on an H100, gave all six files word for word.
// Usage: cooperative_groups GRID BLOCK SEED
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <cstdlib>

namespace cg = cooperative_groups;

enum { Results = 480 };

__device__ unsigned hashOf(unsigned X) {
  X ^= X >> 16;
  X *= 0x7feb352du;
  X ^= X >> 15;
  X *= 0x846ca68bu;
  X ^= X >> 16;
  return X;
}

union FloatBits {
  float F;
  unsigned U;
};
union DoubleBits {
  double D;
  unsigned long long U;
};

__device__ float floatOf(unsigned H) {
  FloatBits B;
  // sign, exponent 2^-10 .. 2^13, any mantissa: sums round differently in
  // different orders
  B.U = (H & 0x80000000u) | ((117u + (H >> 8) % 24u) << 23) | (H & 0x7fffffu);
  return B.F;
}
__device__ unsigned bitsOf(float F) {
  FloatBits B;
  B.F = F;
  return B.U;
}
__device__ double doubleOf(unsigned H) {
  DoubleBits B;
  B.U = ((unsigned long long)(H & 0x80000000u) << 32) |
        ((unsigned long long)(1000u + (H >> 8) % 40u) << 52) |
        ((unsigned long long)hashOf(H) << 20) | (H & 0xfffffu);
  return B.D;
}

struct Recorder {
  unsigned *R;
  unsigned K;
  __device__ void put(unsigned V) { R[K++] = V; }
  __device__ void putF(float V) { put(bitsOf(V)); }
  __device__ void putD(double V) {
    DoubleBits B;
    B.D = V;
    put((unsigned)B.U);
    put((unsigned)(B.U >> 32));
  }
  __device__ void putL(long long V) {
    put((unsigned)V);
    put((unsigned)((unsigned long long)V >> 32));
  }
  __device__ void skip(unsigned N) { K += N; }
};

template <unsigned N>
__device__ __forceinline__ void tileTests(Recorder &Rec, cg::thread_block Block,
                                         unsigned Seed) {
  const unsigned Words = 40;
  cg::thread_block_tile<N> Tile = cg::tiled_partition<N>(Block);
  unsigned Rank = Block.thread_rank();
  unsigned TileId = Tile.meta_group_rank();
  // a tile that runs past the block: its results are not compared
  if ((TileId + 1) * N > Block.size()) {
    Rec.skip(Words);
    return;
  }
  unsigned H = hashOf(Rank * 977u + Seed * 131u + N);
  unsigned TH = hashOf(TileId * 31u + Seed * 7u + N * 1009u); // tile-uniform
  unsigned Start = Rec.K;
  Rec.put(Tile.thread_rank());
  Rec.put(Tile.size());
  Rec.put(Tile.num_threads());
  Rec.put(Tile.meta_group_rank());
  Rec.put(Tile.meta_group_size());
  int I = (int)H;
  Rec.put(Tile.shfl(I, (int)(H >> 7) % 64));
  Rec.put(Tile.shfl_up(I, TH % N));
  Rec.put(Tile.shfl_down(I, (TH >> 5) % N));
  Rec.put(Tile.shfl_xor(I, (H >> 11) % N));
  Rec.putF(Tile.shfl(floatOf(H), (int)(TH >> 3) % N));
  Rec.putD(Tile.shfl_down(doubleOf(H), 1));
  Rec.putL(Tile.shfl_xor((long long)H << 29 | 7, (TH >> 9) % N));
  Rec.put(Tile.shfl_up(H, 1u));
  int P = (H >> 3) % 3 == 0;
  int PAll = (TH & 1) ? 1 : P;
  Rec.put(Tile.any(P));
  Rec.put(Tile.all(PAll));
  Rec.put(Tile.ballot(P));
  Rec.put(Tile.match_any((H >> 13) % 3));
  int Pred = -1;
  unsigned Uniform = (TH & 2) ? 5u : (H >> 13) % 2;
  Rec.put(Tile.match_all(Uniform, Pred));
  Rec.put(Pred);
  unsigned long long Wide = ((unsigned long long)((H >> 20) % 2) << 40) | 3;
  Rec.put(Tile.match_any(Wide));
  int V = (int)(H % 2001) - 1000;
  Rec.put(cg::reduce(Tile, V, cg::plus<int>()));
  Rec.put(cg::reduce(Tile, V, cg::less<int>()));
  Rec.put(cg::reduce(Tile, V, cg::greater<int>()));
  Rec.put(cg::reduce(Tile, H, cg::bit_and<unsigned>()));
  Rec.put(cg::reduce(Tile, H, cg::bit_or<unsigned>()));
  Rec.put(cg::reduce(Tile, H, cg::bit_xor<unsigned>()));
  Rec.putF(cg::reduce(Tile, floatOf(H), cg::plus<float>()));
  Rec.put(cg::reduce(Tile, H >> 4,
                     [](unsigned A, unsigned B) { return A > B ? A : B; }));
  Rec.putD(cg::reduce(Tile, doubleOf(H), cg::plus<double>()));
  Rec.put(cg::inclusive_scan(Tile, V));
  Rec.putF(cg::inclusive_scan(Tile, floatOf(H)));
  Rec.put(cg::inclusive_scan(Tile, H >> 3, cg::greater<unsigned>()));
  Rec.put(cg::exclusive_scan(Tile, V));
  unsigned Ex = cg::exclusive_scan(Tile, H, cg::bit_or<unsigned>());
  Rec.put(Tile.thread_rank() == 0 ? 0u : Ex);
  float ExF = cg::exclusive_scan(Tile, floatOf(H));
  Rec.putF(ExF);
  Tile.sync();
  Rec.K = Start + Words;
}

// One instance per pattern, each followed by a block barrier. The tests
// are inlined: wavesim groups the lanes of a wave that reach a cross-lane
// call inside a function that is not inlined by the call alone, whatever
// path brought them there, where hardware reconverges at the end of each
// branch (the two CUDA warps of a wave64 wave then met apart at
// labeled_partition's __match_any_sync). Neither changes anything on an
// NVIDIA GPU.
template <unsigned Pattern>
__device__ __forceinline__ void coalescedTests(Recorder &Rec,
                                               cg::thread_block Block,
                                               unsigned Seed) {
  const unsigned Words = 36;
  unsigned Rank = Block.thread_rank();
  unsigned Lane = Rank % 32;
  unsigned H = hashOf(Rank * 613u + Seed * 17u + Pattern * 7919u);
  unsigned WH = hashOf((Rank / 32) * 11u + Seed * 3u + Pattern);
  bool In;
  switch (Pattern) {
  case 0: In = true; break;
  case 1: In = Lane & 1; break;
  case 2: In = Lane < 5 + WH % 27; break;
  case 3: In = (H >> 9) % 3 != 0; break;
  case 4: In = (WH >> (Lane % 32)) & 1; break;
  default: In = Lane % 7 == 3; break;
  }
  unsigned Start = Rec.K;
  __syncwarp();
  if (In) {
    cg::coalesced_group G = cg::coalesced_threads();
    unsigned N = G.size();
    unsigned R = G.thread_rank();
    Rec.put(R);
    Rec.put(N);
    Rec.put(G.num_threads());
    int I = (int)H;
    Rec.put(G.shfl(I, (WH >> 4) % N));
    Rec.put(G.shfl(I, (H >> 4) % N));
    Rec.put(G.shfl_up(I, 1 + (WH >> 8) % 4));
    Rec.put(G.shfl_down(I, 1 + (WH >> 12) % 4));
    Rec.putF(G.shfl(floatOf(H), 0));
    Rec.putD(G.shfl_up(doubleOf(H), 1));
    Rec.putL(G.shfl_down((long long)H << 31, 2));
    int P = (H >> 3) % 3 == 0;
    Rec.put(G.any(P));
    Rec.put(G.all((WH & 1) ? 1 : P));
    Rec.put(G.ballot(P));
    int V = (int)(H % 2001) - 1000;
    Rec.put(cg::reduce(G, V, cg::plus<int>()));
    Rec.put(cg::reduce(G, H, cg::bit_xor<unsigned>()));
    Rec.put(cg::reduce(G, V, cg::less<int>()));
    Rec.putF(cg::reduce(G, floatOf(H), cg::plus<float>()));
    Rec.put(cg::inclusive_scan(G, V));
    Rec.putF(cg::inclusive_scan(G, floatOf(H)));
    Rec.put(cg::exclusive_scan(G, V));
    Rec.putF(cg::exclusive_scan(G, floatOf(H)));
    unsigned Ex = cg::exclusive_scan(G, H, cg::bit_or<unsigned>());
    Rec.put(R == 0 ? 0u : Ex);
    // binary_partition, then labeled_partition with arbitrary labels (in
    // this order: under wavesim the lanes that __match_any_sync's waterfall
    // loop splits by label are not regrouped later in the branch, so a
    // binary_partition after it saw only the lanes of one label; hardware
    // reconverges at the loop's exit)
    Rec.K = Start + 29;
    cg::coalesced_group B = cg::binary_partition(G, (H >> 17) & 1);
    Rec.put(B.thread_rank());
    Rec.put(B.size());
    Rec.put(cg::reduce(B, V, cg::greater<int>()));
    Rec.put(cg::exclusive_scan(B, V));
    Rec.put(B.ballot((H >> 2) & 1));
    G.sync();
    Rec.K = Start + 24;
    unsigned Label = (Pattern & 1) ? H % 3 : (H >> 5) % 5 + 1000u * (H & 1);
    cg::coalesced_group L = cg::labeled_partition(G, Label);
    Rec.put(L.thread_rank());
    Rec.put(L.size());
    Rec.put(cg::reduce(L, V, cg::plus<int>()));
    Rec.put(cg::inclusive_scan(L, V));
    Rec.put(L.shfl(I, L.size() - 1));
    G.sync();
  }
  Rec.K = Start + Words;
}

__global__ void cg_kernel(unsigned *Out, int Seed) {
  cg::thread_block Block = cg::this_thread_block();
  unsigned Rank = Block.thread_rank();
  unsigned Global = blockIdx.x * blockDim.x + threadIdx.x;
  Recorder Rec{Out + Global * Results, 0};
  Rec.put(Rank);
  Rec.put(Block.size());
  Rec.put(Block.num_threads());
  Rec.put(Block.group_index().x);
  Rec.put(Block.thread_index().x);
  Rec.put(Block.dim_threads().x);
  Rec.put(Block.group_dim().x);
  __shared__ unsigned Shared[1024];
  Shared[Rank] = hashOf(Global + Seed);
  Block.sync();
  Rec.put(Shared[Block.size() - 1 - Rank]);
  cg::sync(Block);
  // dynamic tiled_partition
  for (unsigned N = 1; N <= 32; N *= 2) {
    cg::thread_group T = cg::tiled_partition(Block, N);
    Rec.put(T.thread_rank());
    Rec.put(T.size());
    if ((Rank / N + 1) * N <= Block.size()) // a whole tile
      T.sync();
  }
  tileTests<1>(Rec, Block, Seed);
  tileTests<2>(Rec, Block, Seed);
  tileTests<4>(Rec, Block, Seed);
  tileTests<8>(Rec, Block, Seed);
  tileTests<16>(Rec, Block, Seed);
  tileTests<32>(Rec, Block, Seed);
  coalescedTests<0>(Rec, Block, Seed);
  Block.sync();
  coalescedTests<1>(Rec, Block, Seed);
  Block.sync();
  coalescedTests<2>(Rec, Block, Seed);
  Block.sync();
  coalescedTests<3>(Rec, Block, Seed);
  Block.sync();
  coalescedTests<4>(Rec, Block, Seed);
  Block.sync();
  coalescedTests<5>(Rec, Block, Seed);
  Block.sync();
}

#ifndef NO_MAIN
int main(int Argc, char **Argv) {
  if (Argc != 4) {
    fprintf(stderr, "usage: %s GRID BLOCK SEED\n", Argv[0]);
    return 2;
  }
  int Grid = atoi(Argv[1]), BlockSize = atoi(Argv[2]), Seed = atoi(Argv[3]);
  int Words = Grid * BlockSize * Results;
  unsigned *Device, *Host = (unsigned *)calloc(Words, sizeof(unsigned));
  cudaMalloc(&Device, Words * sizeof(unsigned));
  cudaMemset(Device, 0, Words * sizeof(unsigned));
  cg_kernel<<<Grid, BlockSize>>>(Device, Seed);
  cudaError_t Error = cudaMemcpy(Host, Device, Words * sizeof(unsigned),
                                 cudaMemcpyDeviceToHost);
  if (Error != cudaSuccess) {
    fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(Error));
    return 1;
  }
  for (int K = 0; K < Words; K += 16) {
    printf("buf0[%d]:", K);
    for (int J = K; J < K + 16 && J < Words; ++J)
      printf(" %d", (int)Host[J]);
    printf("\n");
  }
  return 0;
}
#endif
