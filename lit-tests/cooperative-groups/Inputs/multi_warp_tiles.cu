// multi_warp_tiles.cu - cooperative groups' tiles of more than a warp
// (thread_block_tile<N> for N = 64 to 1024, CUDA 11.1 on): ranks, sizes
// and meta-group ranks, a tile's sync ordering shared memory between the
// tile's warps (also where tiles of one block sync a different number of
// times, which needs a barrier per tile), sync through cg::sync, the
// members CUDA gives such tiles beyond (shfl, any, all, invoke_one,
// invoke_one_broadcast), cg::reduce with the cg:: function objects, a
// lambda and a struct, the inclusive and exclusive scans, and tiles of such
// tiles, in blocks of several sizes (1-D and 2-D), with and without
// block_tile_memory. Every thread records its results; the program prints,
// for each result, a hash over all threads and a few threads' values, so its
// output compared with an NVIDIA GPU's names the result that differs. All
// float and double values are exactly representable and so are their sums,
// so any order of reduction gives the same bits. The HAS_* macros turn on
// members whose presence on multi-warp tiles a probe decides (they compile
// with nvcc or not). Written for nvcc; built unchanged by cucc.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

enum { Results = 40 };
static const char *const Names[Results] = {
    "thread_rank",
    "num_threads+size",
    "meta_group_rank",
    "meta_group_size",
    "shfl (source rank ^ 1)",
    "invoke_one_broadcast",
    "sync exchange",
    "sync rounds per tile",
    "all (tile-uniform)",
    "cg::sync(tile) exchange",
    "reduce plus(int)",
    "reduce greater(int)",
    "reduce less(unsigned)",
    "reduce bit_and",
    "reduce bit_or",
    "reduce bit_xor",
    "reduce plus(float)",
    "reduce greater(float)",
    "reduce plus(double).lo",
    "reduce plus(double).hi",
    "reduce lambda",
    "reduce struct.sum",
    "reduce struct.max",
    "inclusive_scan plus(int)",
    "inclusive_scan greater",
    "inclusive_scan plus(float)",
    "exclusive_scan plus(unsigned)",
    "exclusive_scan bit_or (rank>0)",
    "exclusive_scan plus(float)",
    "tile<32>(tile).meta_group_rank",
    "tile<32>(tile).meta_group_size",
    "tile<32>(tile).reduce",
    "tile<8>(tile).meta rank*1000+size",
    "tile<64>(tile) rank|meta<<10|size<<20",
    "tile<64>(tile).reduce",
    "tile<64>(tile).sync exchange",
    "thread_block_tile<N> copy reduce",
    "shfl (uniform source)",
    "any|all<<1",
    "invoke_one count"};

__device__ unsigned mix(unsigned X) {
  X ^= X >> 16;
  X *= 0x7feb352dU;
  X ^= X >> 15;
  X *= 0x846ca68bU;
  X ^= X >> 16;
  return X;
}

struct SumMax {
  float Sum, Max;
};

template <typename TileT>
__device__ unsigned exchange(const TileT &Tile, unsigned *Shared,
                             unsigned Rank, unsigned Value, unsigned Step) {
  unsigned N = Tile.num_threads();
  unsigned Base = Rank - Tile.thread_rank();
  Shared[Rank] = Value;
  Tile.sync();
  unsigned Got = Shared[Base + (Tile.thread_rank() * Step + 3) % N];
  Tile.sync();
  return Got;
}

template <bool WithMemory> __device__ cg::thread_block makeBlock() {
  if constexpr (WithMemory) {
    __shared__ cg::block_tile_memory<1024> Memory;
    return cg::this_thread_block(Memory);
  } else {
    return cg::this_thread_block();
  }
}

template <unsigned Size, bool WithMemory>
__global__ void tileKernel(unsigned *Out, int Seed) {
  extern __shared__ unsigned Shared[];
  cg::thread_block Block = makeBlock<WithMemory>();
  unsigned Rank = Block.thread_rank();
  unsigned Global = blockIdx.x * Block.num_threads() + Rank;
  unsigned *Mine = Out + (size_t)Global * Results;
  unsigned V = mix(Global * 2654435761u + Seed);
  for (int I = 0; I < Results; ++I)
    Mine[I] = 0;

  cg::thread_block_tile<Size, cg::thread_block> Tile =
      cg::tiled_partition<Size>(Block);
  Mine[0] = Tile.thread_rank();
  Mine[1] = Tile.num_threads() * 10000 + Tile.size();
  Mine[2] = Tile.meta_group_rank();
  Mine[3] = Tile.meta_group_size();
#ifdef HAS_SHFL_ANY_SOURCE
  Mine[4] = Tile.shfl(V, (int)(Tile.thread_rank() ^ 1));
#endif
#ifdef HAS_INVOKE_ONE_BROADCAST
  Mine[5] = cg::invoke_one_broadcast(Tile, [&] { return V ^ 0x5a5a5a5au; });
#endif

  Mine[6] = exchange(Tile, Shared, Rank, V, 7);
  // Tiles sync 2, 4 or 6 times here, by their meta-group rank.
  unsigned Acc = V;
  for (unsigned Round = 0; Round <= Tile.meta_group_rank() % 3; ++Round)
    Acc = Acc * 31 + exchange(Tile, Shared, Rank, Acc, 5 + 2 * Round);
  Mine[7] = Acc;
  Block.sync();
#ifdef HAS_ANY
  Mine[8] = (unsigned)Tile.all(Tile.meta_group_rank() % 2 == 0) |
            (unsigned)Tile.any(Tile.meta_group_rank() % 3 == 1) << 1;
#endif
  Shared[Rank] = V * 3;
  cg::sync(Tile);
  Mine[9] = Shared[Rank - Tile.thread_rank() + (Tile.thread_rank() ^ 37) % Size];
  cg::sync(Tile);

  int I = (int)(V % 2001) - 1000;
  Mine[10] = (unsigned)cg::reduce(Tile, I, cg::plus<int>());
  Mine[11] = (unsigned)cg::reduce(Tile, I, cg::greater<int>());
  Mine[12] = cg::reduce(Tile, V >> 3, cg::less<unsigned>());
  Mine[13] = cg::reduce(Tile, V | 0x10204081u | (1u << (V % 32)),
                        cg::bit_and<unsigned>());
  Mine[14] = cg::reduce(Tile, V & (0x11u << (V % 28)), cg::bit_or<unsigned>());
  Mine[15] = cg::reduce(Tile, V, cg::bit_xor<unsigned>());
  float F = (float)((int)(V % 4096) - 2048) * 0.25f;
  Mine[16] = __float_as_uint(cg::reduce(Tile, F, cg::plus<float>()));
  Mine[17] = __float_as_uint(cg::reduce(Tile, F, cg::greater<float>()));
  double D = (double)V * 0.5;
  long long DSum = (long long)(cg::reduce(Tile, D, cg::plus<double>()) * 2.0);
  Mine[18] = (unsigned)DSum;
  Mine[19] = (unsigned)(DSum >> 32);
  Mine[20] = cg::reduce(Tile, V % 100000,
                        [](unsigned A, unsigned B) { return A < B ? B : A; });
#ifdef HAS_STRUCT_REDUCE
  SumMax P = {(float)(V % 512) * 0.5f, (float)(V % 777)};
  SumMax R = cg::reduce(Tile, P, [](SumMax A, SumMax B) {
    return SumMax{A.Sum + B.Sum, fmaxf(A.Max, B.Max)};
  });
  Mine[21] = __float_as_uint(R.Sum);
  Mine[22] = __float_as_uint(R.Max);
#endif

#ifdef HAS_SCAN
  Mine[23] = (unsigned)cg::inclusive_scan(Tile, I);
  Mine[24] = cg::inclusive_scan(Tile, V % 100000, cg::greater<unsigned>());
  Mine[25] = __float_as_uint(cg::inclusive_scan(Tile, F));
  Mine[26] = cg::exclusive_scan(Tile, V % 1000);
  unsigned Or = cg::exclusive_scan(Tile, 1u << (V % 32), cg::bit_or<unsigned>());
  Mine[27] = Tile.thread_rank() == 0 ? 0 : Or;
  Mine[28] = __float_as_uint(cg::exclusive_scan(Tile, F, cg::plus<float>()));
#endif

#ifdef HAS_WARP_OF_TILE
  cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Tile);
  Mine[29] = Warp.meta_group_rank();
  Mine[30] = Warp.meta_group_size();
  Mine[31] = cg::reduce(Warp, V % 65536, cg::plus<unsigned>());
  cg::thread_block_tile<8> Eight = cg::tiled_partition<8>(Tile);
  Mine[32] = Eight.meta_group_rank() * 1000 + Eight.meta_group_size();
#endif
#ifdef HAS_TILE_OF_TILE
  if constexpr (Size >= 128) {
    auto Sub = cg::tiled_partition<64>(Tile);
    Mine[33] = Sub.thread_rank() | Sub.meta_group_rank() << 10 |
               Sub.meta_group_size() << 20;
    Mine[34] = cg::reduce(Sub, V % 65536, cg::plus<unsigned>());
    Mine[35] = exchange(Sub, Shared, Rank, V + 99, 13);
  }
#endif
  cg::thread_block_tile<Size> Copy = Tile;
  Mine[36] = cg::reduce(Copy, V % 4096, cg::plus<unsigned>()) * 7 +
             Copy.meta_group_rank();
#ifdef HAS_SHFL
  Mine[37] = Tile.shfl(V, (int)((Tile.meta_group_rank() * 37 + 5) % Size));
#endif
#ifdef HAS_ANY
  Mine[38] = (unsigned)Tile.any(V % 97 == 0) | (unsigned)Tile.all(V % 97 != 0)
                                                   << 1;
#endif
#ifdef HAS_INVOKE_ONE
  unsigned Count = 0;
  cg::invoke_one(Tile, [&] { Count = (unsigned)Tile.num_threads() + 5; });
  Mine[39] = Count;
#endif
}

static unsigned hashWords(const unsigned *W, size_t N, size_t Stride) {
  unsigned H = 2166136261u;
  for (size_t I = 0; I < N; ++I) {
    H ^= W[I * Stride];
    H *= 16777619u;
  }
  return H;
}

template <unsigned Size, bool WithMemory>
static void run(int Blocks, dim3 Threads, int Seed) {
  size_t PerBlock = (size_t)Threads.x * Threads.y * Threads.z;
  size_t Total = Blocks * PerBlock;
  std::vector<unsigned> Out(Total * Results);
  unsigned *D;
  cudaMalloc(&D, Out.size() * sizeof(unsigned));
  tileKernel<Size, WithMemory>
      <<<Blocks, Threads, PerBlock * sizeof(unsigned)>>>(D, Seed);
  cudaError_t E = cudaDeviceSynchronize();
  cudaMemcpy(Out.data(), D, Out.size() * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  printf("tile<%u>%s %dx(%u,%u): %s\n", Size,
         WithMemory ? " block_tile_memory" : "", Blocks, Threads.x, Threads.y,
         cudaGetErrorString(E));
  size_t Some[4] = {1, 33, PerBlock + 65, Total - 1};
  for (int K = 0; K < Results; ++K) {
    printf("  %-36s %08x  %u", Names[K], hashWords(&Out[K], Total, Results),
           Out[K]);
    for (size_t T : Some)
      printf(" %u", Out[(T % Total) * Results + K]);
    printf("\n");
  }
  cudaFree(D);
}

int main() {
  run<64, false>(2, dim3(64), 1);
  run<64, true>(2, dim3(192), 2);
  run<64, false>(1, dim3(1024), 3);
  run<64, false>(2, dim3(32, 8), 4);
  run<128, true>(2, dim3(128), 5);
  run<128, false>(2, dim3(384), 6);
  run<128, true>(1, dim3(1024), 7);
  run<128, false>(2, dim3(16, 16), 8);
  run<256, false>(2, dim3(256), 9);
  run<256, true>(2, dim3(768), 10);
  run<512, true>(2, dim3(512), 11);
  run<512, false>(1, dim3(1024), 12);
  run<1024, false>(2, dim3(1024), 13);
  run<1024, true>(1, dim3(32, 32), 14);
  return 0;
}
