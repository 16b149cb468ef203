// cg_groups.cu - the cooperative-groups API beyond the warp collectives of
// lit-tests/oracle/nvidia/cooperative-groups: the type-erased thread_group
// (a block, static and dynamic tiles and coalesced groups held as one, and
// sync/size/thread_rank on it), thread_block's indices, tiles of tiles
// (static ones with their meta_group_rank/size, and dynamic), tiled_partition of a
// coalesced group, invoke_one and invoke_one_broadcast, cg::memcpy_async
// with cg::wait and wait_prior, and grid_group in a cooperative launch
// (cudaLaunchCooperativeKernel): ranks and sizes, and values passed from
// block to block across grid.sync() several times. Every thread records
// data-dependent results; the program prints, for each result, a hash over
// all threads and the first threads' values, so its output compared with
// an NVIDIA GPU's names the result that differs. The grid exchange is also
// checked against a host reference (PASS/FAIL). Also group shuffles and
// reductions of structs. Written for nvcc; built
// unchanged by cucc.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstring>
#include <vector>

namespace cg = cooperative_groups;

enum { Results = 40 };
static const char *const Names[Results] = {
    "thread_group(block).size",        "thread_group(block).thread_rank",
    "thread_group(tile<8>).size",      "thread_group(tile<8>).thread_rank",
    "block.group_index",               "block.thread_index",
    "block.dim_threads",               "block.num_threads",
    "tile<4>(tile<32>).thread_rank",   "tile<4>(tile<32>).meta_group_rank",
    "tile<4>(tile<32>).meta_group_size", "tile<4>(tile<32>).reduce",
    "tile<8>(tile<16>).meta_group_rank", "tile<8>(tile<16>).shfl_down",
    "dyn(dyn(block,32),8).size",       "dyn(dyn(block,32),8).thread_rank",
    "dyn(dyn(block,32),8).size*3",
    "dyn(tile<16>,4).size",
    "dyn(tile<16>,4).thread_rank",     "dyn(tile<16>,4).size+1",
    "coalesced.tiled(4).size",         "coalesced.tiled(4).thread_rank",
    "coalesced.tiled(4).meta_group_rank", "coalesced.tiled(4).meta_group_size",
    "coalesced.tiled(4).reduce",       "thread_group(coalesced).size",
    "thread_group(coalesced).rank",    "sync(thread_group) exchange",
    "invoke_one_broadcast(tile<16>)",  "invoke_one(coalesced) count",
    "memcpy_async(block) read",        "memcpy_async(tile<32>) read",
    "memcpy_async(layout) read",       "wait_prior read",
    "thread_group(tile<32>).sync exchange", "tile<32>.num_threads",
    "tile<2>(tile<4>).meta_group_size", "tile<2>(tile<4>).meta_group_rank",
    "tile<16>(block).meta_group_size",   "block.group_dim"};

__device__ unsigned mix(unsigned X) {
  X ^= X >> 16;
  X *= 0x7feb352dU;
  X ^= X >> 15;
  X *= 0x846ca68bU;
  X ^= X >> 16;
  return X;
}

__device__ unsigned pack3(dim3 D) { return D.x | D.y << 10 | D.z << 20; }

__global__ void groupsKernel(unsigned *Out, const unsigned *Input, int Seed) {
  extern __shared__ unsigned Shared[];
  cg::thread_block Block = cg::this_thread_block();
  unsigned Rank = Block.thread_rank();
  unsigned Global = blockIdx.x * Block.num_threads() + Rank;
  unsigned *Mine = Out + (size_t)Global * Results;
  unsigned Value = mix(Global * 2654435761u + Seed);
  for (int I = 0; I < Results; ++I)
    Mine[I] = 0;

  cg::thread_group AsGroup = Block;
  Mine[0] = (unsigned)AsGroup.size();
  Mine[1] = (unsigned)AsGroup.thread_rank();
  cg::thread_group Tile8 = cg::tiled_partition<8>(Block);
  Mine[2] = (unsigned)Tile8.size();
  Mine[3] = (unsigned)Tile8.thread_rank();
  Mine[4] = pack3(Block.group_index());
  Mine[5] = pack3(Block.thread_index());
  Mine[6] = pack3(Block.dim_threads());
  Mine[7] = Block.num_threads();

  cg::thread_block_tile<32> Tile32 = cg::tiled_partition<32>(Block);
  cg::thread_block_tile<4> Tile4 = cg::tiled_partition<4>(Tile32);
  Mine[8] = Tile4.thread_rank();
  Mine[9] = Tile4.meta_group_rank();
  Mine[10] = Tile4.meta_group_size();
  Mine[11] = cg::reduce(Tile4, Value & 0xffff, cg::plus<unsigned>());
  cg::thread_block_tile<16> Tile16 = cg::tiled_partition<16>(Block);
  cg::thread_block_tile<8> Tile8of16 = cg::tiled_partition<8>(Tile16);
  Mine[12] = Tile8of16.meta_group_rank();
  Mine[13] = Tile8of16.shfl_down(Value, 3);

  cg::thread_group Dyn32 = cg::tiled_partition(Block, 32);
  cg::thread_group Dyn8 = cg::tiled_partition(Dyn32, 8);
  Mine[14] = (unsigned)Dyn8.size();
  Mine[15] = (unsigned)Dyn8.thread_rank();
  Mine[16] = (unsigned)Dyn8.size() * 3;
  cg::thread_group Dyn4 = cg::tiled_partition(Tile16, 4);
  Mine[17] = (unsigned)Dyn4.size();
  Mine[18] = (unsigned)Dyn4.thread_rank();
  Mine[19] = (unsigned)Dyn4.size() + 1;

  if (Value % 3 != 0) {
    cg::coalesced_group Active = cg::coalesced_threads();
    cg::coalesced_group Part = cg::tiled_partition(Active, 4);
    Mine[20] = (unsigned)Part.size();
    Mine[21] = (unsigned)Part.thread_rank();
    Mine[22] = (unsigned)Part.meta_group_rank();
    Mine[23] = (unsigned)Part.meta_group_size();
    Mine[24] = cg::reduce(Part, Value & 0xffff, cg::plus<unsigned>());
    cg::thread_group Erased = Active;
    Mine[25] = (unsigned)Erased.size();
    Mine[26] = (unsigned)Erased.thread_rank();
    unsigned Count = 0;
    cg::invoke_one(Active, [&] { Count = Active.size() * 1000 + 7; });
    Mine[29] = Count;
  }

  // Values passed through shared memory across sync(thread_group).
  Shared[Rank] = Value;
  cg::sync(AsGroup);
  Mine[27] = Shared[(Rank * 7 + 3) % Block.num_threads()];
  cg::sync(AsGroup);

  Mine[28] = cg::invoke_one_broadcast(Tile16, [&] { return Value ^ 0x5a5a5a5au; });

  // memcpy_async by the block, by tiles, with layouts, and wait_prior.
  unsigned N = Block.num_threads();
  const unsigned *Src = Input + blockIdx.x * N;
  cg::memcpy_async(Block, Shared, Src, sizeof(unsigned) * N);
  cg::wait(Block);
  Mine[30] = Shared[(Rank * 5 + 1) % N];
  Block.sync();
  unsigned TileBase = Rank & ~31u;
  unsigned TileCount = N - TileBase < 32 ? N - TileBase : 32;
  cg::memcpy_async(Tile32, Shared + TileBase, Src + ((TileBase + 32) % N),
                   sizeof(unsigned) * TileCount);
  cg::wait(Tile32);
  Mine[31] = Shared[TileBase + (Rank * 3) % TileCount];
  Block.sync();
  cg::memcpy_async(Block, Shared, N, Src + 1, N - 1);
  cg::wait(Block);
  Mine[32] = Shared[(Rank + 11) % (N - 1)];
  Block.sync();
  cg::memcpy_async(Block, Shared, Src, sizeof(unsigned) * (N / 2));
  cg::memcpy_async(Block, Shared + N / 2, Src + N / 2,
                   sizeof(unsigned) * (N - N / 2));
  cg::wait_prior<1>(Block);
  cg::wait(Block);
  Mine[33] = Shared[(Rank * 13) % N] + Shared[N - 1 - Rank];
  Block.sync();

  // A thread_group holding a warp tile: its sync orders shared memory.
  cg::thread_group Erased32 = Tile32;
  Shared[Rank] = Value * 3;
  Erased32.sync();
  Mine[34] = Shared[TileBase + ((Rank + 5) % TileCount)];
  Mine[35] = Tile32.num_threads();
  cg::thread_block_tile<2> Tile2 =
      cg::tiled_partition<2>(cg::tiled_partition<4>(Block));
  Mine[36] = Tile2.meta_group_size();
  Mine[37] = Tile2.meta_group_rank();
  Mine[38] = cg::tiled_partition<16>(Block).meta_group_size();
  Mine[39] = pack3(Block.group_dim());
}

// Each round every thread writes a value made from what three threads of
// other blocks wrote the round before; grid.sync() separates the rounds.
__global__ void gridKernel(unsigned *Buffer, unsigned *Info, int Rounds) {
  cg::grid_group Grid = cg::this_grid();
  unsigned long long Rank = Grid.thread_rank();
  unsigned long long N = Grid.size();
  unsigned Value = (unsigned)Rank * 0x9e3779b9u + 1;
  for (int R = 0; R < Rounds; ++R) {
    Buffer[(R & 1) * N + Rank] = Value;
    Grid.sync();
    const unsigned *Prev = Buffer + (R & 1) * N;
    unsigned A = Prev[(Rank + blockDim.x) % N];
    unsigned B = Prev[(Rank + N - blockDim.x * 2 - 1) % N];
    unsigned C = Prev[(Rank * 7 + R) % N];
    Value = (A ^ (B << 3)) + C * 33 + R;
    cg::sync(Grid);
  }
  Buffer[2 * N + Rank] = Value;
  if (Rank == 0) {
    Info[0] = (unsigned)Grid.num_blocks();
    Info[1] = (unsigned)Grid.size();
    Info[2] = Grid.is_valid();
  }
  if (threadIdx.x == 0 && threadIdx.y == 0)
    Info[4 + Grid.block_rank()] = pack3(Grid.block_index());
  cg::thread_group Erased = Grid;
  if (Rank == N - 1)
    Info[3] = pack3(Grid.dim_blocks()) ^ (unsigned)Erased.thread_rank() << 4 ^
              (unsigned)Erased.size();
}

// Group shuffles and reductions of structs (CUDA's take any trivially
// copyable type): a 12-byte struct moved by tile and coalesced shuffles,
// a {sum, max} pair reduced by tiles and a coalesced group.
struct Triple {
  unsigned A;
  float B;
  unsigned short C;
};
struct SumMax {
  float Sum, Max;
};
__device__ SumMax sumMax(SumMax X, SumMax Y) {
  return {X.Sum + Y.Sum, fmaxf(X.Max, Y.Max)};
}
enum { StructResults = 10 };

__global__ void structKernel(unsigned *Out, int Seed) {
  cg::thread_block Block = cg::this_thread_block();
  unsigned Global = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *Mine = Out + (size_t)Global * StructResults;
  unsigned V = mix(Global + Seed * 977);
  Triple T = {V, (float)(V % 1000) * 0.25f, (unsigned short)(V >> 20)};
  cg::thread_block_tile<32> Tile32 = cg::tiled_partition<32>(Block);
  cg::thread_block_tile<8> Tile8 = cg::tiled_partition<8>(Block);
  Triple A = Tile32.shfl(T, (int)(V % 32));
  Mine[0] = A.A ^ A.C;
  Mine[1] = __float_as_uint(A.B);
  Triple B = Tile8.shfl_down(T, 3);
  Mine[2] = B.A + B.C;
  SumMax P = {(float)(V % 4096) / 64.0f, (float)(V % 777)};
  SumMax R32 = cg::reduce(Tile32, P, sumMax);
  Mine[3] = __float_as_uint(R32.Sum);
  Mine[4] = __float_as_uint(R32.Max);
  SumMax R8 = cg::reduce(Tile8, P, [](SumMax X, SumMax Y) { return sumMax(X, Y); });
  Mine[5] = __float_as_uint(R8.Sum) ^ __float_as_uint(R8.Max);
  cg::coalesced_group All = cg::coalesced_threads();
  SumMax RAll = cg::reduce(All, P, sumMax);
  Mine[6] = __float_as_uint(RAll.Sum) + __float_as_uint(RAll.Max);
  if (V % 5 != 0) {
    cg::coalesced_group Some = cg::coalesced_threads();
    Triple C = Some.shfl(T, 2);
    Mine[7] = C.A ^ __float_as_uint(C.B);
    SumMax RSome = cg::reduce(Some, P, sumMax);
    Mine[8] = __float_as_uint(RSome.Sum);
    Triple D = Some.shfl_up(T, 1);
    Mine[9] = D.A + D.C;
  }
}

static unsigned hashWords(const unsigned *W, size_t N, size_t Stride) {
  unsigned H = 2166136261u;
  for (size_t I = 0; I < N; ++I) {
    H ^= W[I * Stride];
    H *= 16777619u;
  }
  return H;
}

static void runGroups(int Blocks, int Threads, int Seed) {
  size_t Total = (size_t)Blocks * Threads;
  std::vector<unsigned> Input(Total), Out(Total * Results);
  for (size_t I = 0; I < Total; ++I)
    Input[I] = (unsigned)(I * 2246822519u + Seed);
  unsigned *DOut, *DIn;
  cudaMalloc(&DOut, Out.size() * sizeof(unsigned));
  cudaMalloc(&DIn, Input.size() * sizeof(unsigned));
  cudaMemcpy(DIn, Input.data(), Input.size() * sizeof(unsigned),
             cudaMemcpyHostToDevice);
  groupsKernel<<<Blocks, Threads, Threads * sizeof(unsigned)>>>(DOut, DIn,
                                                                Seed);
  cudaError_t E = cudaDeviceSynchronize();
  cudaMemcpy(Out.data(), DOut, Out.size() * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  printf("groups %dx%d: %s\n", Blocks, Threads, cudaGetErrorString(E));
  for (int K = 0; K < Results; ++K)
    printf("  %-40s %08x  %u %u %u %u\n", Names[K],
           hashWords(&Out[K], Total, Results), Out[K], Out[Results + K],
           Out[31 * Results + K], Out[(Total - 1) * Results + K]);
  cudaFree(DOut);
  cudaFree(DIn);
}

static void runStructs(int Blocks, int Threads, int Seed) {
  size_t Words = (size_t)Blocks * Threads * StructResults;
  unsigned *D;
  cudaMalloc(&D, Words * sizeof(unsigned));
  cudaMemset(D, 0, Words * sizeof(unsigned));
  structKernel<<<Blocks, Threads>>>(D, Seed);
  cudaError_t E = cudaDeviceSynchronize();
  std::vector<unsigned> Out(Words);
  cudaMemcpy(Out.data(), D, Words * sizeof(unsigned), cudaMemcpyDeviceToHost);
  printf("structs %dx%d: %s\n", Blocks, Threads, cudaGetErrorString(E));
  for (int K = 0; K < StructResults; ++K)
    printf("  result %d %08x  %u %u\n", K,
           hashWords(&Out[K], (size_t)Blocks * Threads, StructResults), Out[K],
           Out[Words - StructResults + K]);
  cudaFree(D);
}

static bool runGrid(dim3 Grid, dim3 Block, int Rounds) {
  unsigned Blocks = Grid.x * Grid.y * Grid.z;
  size_t N = (size_t)Blocks * Block.x * Block.y * Block.z;
  unsigned *DBuf, *DInfo;
  cudaMalloc(&DBuf, 3 * N * sizeof(unsigned));
  cudaMalloc(&DInfo, (4 + Blocks) * sizeof(unsigned));
  cudaMemset(DBuf, 0, 3 * N * sizeof(unsigned));
  void *Args[] = {&DBuf, &DInfo, &Rounds};
  cudaError_t E = cudaLaunchCooperativeKernel((void *)gridKernel, Grid, Block,
                                              Args, 0, 0);
  cudaError_t S = cudaDeviceSynchronize();
  std::vector<unsigned> Out(N), Info(4 + Blocks);
  cudaMemcpy(Out.data(), DBuf + 2 * N, N * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(Info.data(), DInfo, Info.size() * sizeof(unsigned),
             cudaMemcpyDeviceToHost);
  // The host's reference of the exchange.
  std::vector<unsigned> Value(N), Prev(N);
  for (size_t R = 0; R < N; ++R)
    Value[R] = (unsigned)R * 0x9e3779b9u + 1;
  for (int Round = 0; Round < Rounds; ++Round) {
    Prev = Value;
    for (size_t R = 0; R < N; ++R) {
      unsigned A = Prev[(R + Block.x) % N];
      unsigned B = Prev[(R + N - Block.x * 2 - 1) % N];
      unsigned C = Prev[(R * 7 + Round) % N];
      Value[R] = (A ^ (B << 3)) + C * 33 + Round;
    }
  }
  bool Same = !memcmp(Value.data(), Out.data(), N * sizeof(unsigned));
  printf("grid (%u,%u,%u)x(%u,%u,%u) %d rounds: launch %s, sync %s, "
         "hash %08x, %s\n",
         Grid.x, Grid.y, Grid.z, Block.x, Block.y, Block.z, Rounds,
         cudaGetErrorString(E), cudaGetErrorString(S),
         hashWords(Out.data(), N, 1), Same ? "matches the host" : "DIFFERS");
  printf("  num_blocks %u size %u is_valid %u dims^rank %08x blocks", Info[0],
         Info[1], Info[2], Info[3]);
  for (unsigned B = 0; B < Blocks; ++B)
    printf(" %x", Info[4 + B]);
  printf("\n");
  cudaFree(DBuf);
  cudaFree(DInfo);
  return Same && !E && !S;
}

int main() {
  int Coop = -1;
  cudaDeviceGetAttribute(&Coop, cudaDevAttrCooperativeLaunch, 0);
  printf("cudaDevAttrCooperativeLaunch %d\n", Coop);
  runGroups(2, 96, 1);
  runGroups(3, 64, 2);
  runGroups(1, 224, 3);
  runStructs(2, 128, 4);
  bool Ok = runGrid(dim3(4), dim3(64), 5);
  Ok &= runGrid(dim3(3, 2), dim3(16, 3), 4);
  Ok &= runGrid(dim3(1), dim3(96), 3);
  printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
