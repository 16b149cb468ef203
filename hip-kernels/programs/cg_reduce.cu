// cg_reduce.cu - Reductions written with cooperative groups:
//   blockSum    this_thread_block(), tiled_partition<32>, cg::reduce with
//               cg::plus; tile leaders park their sums in shared memory by
//               meta_group_rank(), the first tile reduces those, and the
//               host adds the per-block partial sums (int and float)
//   tileMax     tiled_partition<16> and <8> with cg::greater; every lane
//               of a tile must receive its tile's maximum
//   shflDownSum a hand-written thread_block_tile::shfl_down loop over
//               tiles of 32 and 16 (the result is valid in rank 0)
//   groupInfo   thread_rank, size, num_threads, meta_group_rank and
//               meta_group_size of the block and its tiles, in a 2D block
// Float data holds small integers so that every sum is exact; everything is
// compared with host arithmetic.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error %d (%s) at %s:%d\n", (int)e_,                \
              cudaGetErrorString(e_), __FILE__, __LINE__);                     \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

template <typename T, int BLOCK>
__global__ void blockSum(const T *__restrict__ in, T *__restrict__ partial, int n) {
  constexpr int TILES = BLOCK / 32;
  __shared__ T tileSums[TILES];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);

  T sum = T(0);
  for (int i = blockIdx.x * BLOCK + (int)block.thread_rank(); i < n; i += BLOCK * gridDim.x)
    sum += in[i];
  sum = cg::reduce(tile, sum, cg::plus<T>());
  if (tile.thread_rank() == 0) tileSums[tile.meta_group_rank()] = sum;
  block.sync();

  if (tile.meta_group_rank() == 0) {
    T v = tile.thread_rank() < tile.meta_group_size() ? tileSums[tile.thread_rank()] : T(0);
    v = cg::reduce(tile, v, cg::plus<T>());
    if (block.thread_rank() == 0) partial[blockIdx.x] = v;
  }
}

// One element per thread; each lane writes the maximum its tile of 16 and
// its tile of 8 computed.
__global__ void tileMax(const int *__restrict__ in, int *__restrict__ max16,
                        int *__restrict__ max8) {
  cg::thread_block block = cg::this_thread_block();
  const int g = blockIdx.x * blockDim.x + (int)block.thread_rank();
  const int v = in[g];
  cg::thread_block_tile<16> tile16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<8> tile8 = cg::tiled_partition<8>(block);
  max16[g] = cg::reduce(tile16, v, cg::greater<int>());
  max8[g] = cg::reduce(tile8, v, cg::greater<int>());
}

template <unsigned int TILE, typename T>
__device__ T tileSumToRankZero(const cg::thread_block_tile<TILE> &tile, T v) {
  for (int offset = (int)tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  return v;
}

// Sums of TILE consecutive elements, written by each tile's rank 0 to
// out[global tile index].
template <unsigned int TILE>
__global__ void shflDownSum(const float *__restrict__ in, float *__restrict__ out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
  const int g = blockIdx.x * blockDim.x + (int)block.thread_rank();
  const float s = tileSumToRankZero(tile, in[g]);
  if (tile.thread_rank() == 0)
    out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = s;
}

enum Info {
  BLOCK_RANK, BLOCK_SIZE, T32_RANK, T32_META_RANK, T32_META_SIZE, T16_RANK,
  T16_META_RANK, T16_META_SIZE, T8_META_RANK, T8_NUM_THREADS, NUM_INFO
};

__global__ void groupInfo(unsigned *info) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
  const unsigned r = (unsigned)block.thread_rank();
  unsigned *mine = info + ((size_t)blockIdx.x * block.size() + r) * NUM_INFO;
  mine[BLOCK_RANK] = r;
  mine[BLOCK_SIZE] = (unsigned)block.size();
  mine[T32_RANK] = t32.thread_rank();
  mine[T32_META_RANK] = (unsigned)t32.meta_group_rank();
  mine[T32_META_SIZE] = (unsigned)t32.meta_group_size();
  mine[T16_RANK] = t16.thread_rank();
  mine[T16_META_RANK] = (unsigned)t16.meta_group_rank();
  mine[T16_META_SIZE] = (unsigned)t16.meta_group_size();
  mine[T8_META_RANK] = (unsigned)t8.meta_group_rank();
  mine[T8_NUM_THREADS] = (unsigned)t8.num_threads();
}

static unsigned int lcg(unsigned int &s) {
  s = s * 1664525u + 1013904223u;
  return s >> 8;
}

template <typename T, int BLOCK>
bool testBlockSum(const char *typeName, int n, int grid, unsigned seed) {
  std::vector<T> host(n);
  T expected = T(0);
  for (int i = 0; i < n; ++i) {
    host[i] = (T)((int)(lcg(seed) % 101u) - 50);
    expected += host[i];
  }
  T *d_in = nullptr, *d_partial = nullptr;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(T)));
  checkCudaErrors(cudaMalloc(&d_partial, grid * sizeof(T)));
  checkCudaErrors(cudaMemcpy(d_in, host.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  blockSum<T, BLOCK><<<grid, BLOCK>>>(d_in, d_partial, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
  std::vector<T> partial(grid);
  checkCudaErrors(cudaMemcpy(partial.data(), d_partial, grid * sizeof(T), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_partial));
  T total = T(0);
  for (int b = 0; b < grid; ++b) total += partial[b];
  const bool ok = total == expected;
  printf("blockSum<%s,%d> n=%d grid=%d: sum=%lld %s\n", typeName, BLOCK, n, grid,
         (long long)total, ok ? "OK" : "MISMATCH");
  return ok;
}

static bool testTileMax(int grid, int block) {
  const int n = grid * block;
  std::vector<int> host(n);
  unsigned seed = 4242u;
  for (int i = 0; i < n; ++i) host[i] = (int)(lcg(seed) % 200001u) - 100000;
  int *d_in = nullptr, *d_max16 = nullptr, *d_max8 = nullptr;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_max16, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_max8, n * sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  tileMax<<<grid, block>>>(d_in, d_max16, d_max8);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
  std::vector<int> max16(n), max8(n);
  checkCudaErrors(cudaMemcpy(max16.data(), d_max16, n * sizeof(int), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(max8.data(), d_max8, n * sizeof(int), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_max16));
  checkCudaErrors(cudaFree(d_max8));
  bool ok = true;
  long long sum16 = 0, sum8 = 0;
  for (int i = 0; i < n; ++i) {
    int e16 = host[i & ~15], e8 = host[i & ~7];
    for (int k = 1; k < 16; ++k) e16 = host[(i & ~15) + k] > e16 ? host[(i & ~15) + k] : e16;
    for (int k = 1; k < 8; ++k) e8 = host[(i & ~7) + k] > e8 ? host[(i & ~7) + k] : e8;
    ok &= max16[i] == e16 && max8[i] == e8;
    sum16 += max16[i];
    sum8 += max8[i];
  }
  printf("tileMax grid=%d block=%d: sum of lane maxima tile16=%lld tile8=%lld %s\n", grid, block,
         sum16, sum8, ok ? "OK" : "MISMATCH");
  return ok;
}

template <unsigned int TILE>
bool testShflDown(int grid, int block) {
  const int n = grid * block, tiles = n / (int)TILE;
  std::vector<float> host(n);
  unsigned seed = 77u + TILE;
  for (int i = 0; i < n; ++i) host[i] = (float)((int)(lcg(seed) % 1001u) - 500);
  float *d_in = nullptr, *d_out = nullptr;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_out, tiles * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_in, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  shflDownSum<TILE><<<grid, block>>>(d_in, d_out);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
  std::vector<float> out(tiles);
  checkCudaErrors(cudaMemcpy(out.data(), d_out, tiles * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  bool ok = true;
  double total = 0;
  for (int t = 0; t < tiles; ++t) {
    float e = 0;
    for (int k = 0; k < (int)TILE; ++k) e += host[t * (int)TILE + k];
    ok &= out[t] == e;
    total += out[t];
  }
  printf("shflDownSum<%d> grid=%d block=%d: %d tile sums, total=%.1f %s\n", TILE, grid, block,
         tiles, total, ok ? "OK" : "MISMATCH");
  return ok;
}

static bool testGroupInfo(dim3 grid, dim3 block) {
  const unsigned threads = block.x * block.y * block.z;
  const size_t count = (size_t)grid.x * threads * NUM_INFO;
  unsigned *d_info = nullptr;
  checkCudaErrors(cudaMalloc(&d_info, count * sizeof(unsigned)));
  groupInfo<<<grid, block>>>(d_info);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
  std::vector<unsigned> info(count);
  checkCudaErrors(cudaMemcpy(info.data(), d_info, count * sizeof(unsigned), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d_info));
  bool ok = true;
  for (unsigned b = 0; b < grid.x; ++b)
    for (unsigned r = 0; r < threads; ++r) {
      const unsigned *got = &info[((size_t)b * threads + r) * NUM_INFO];
      const unsigned want[NUM_INFO] = {r,      threads,          r % 32, r / 32, (threads + 31) / 32,
                                       r % 16, r / 16,           (threads + 15) / 16,
                                       r / 8,  8};
      for (int k = 0; k < NUM_INFO; ++k) ok &= got[k] == want[k];
    }
  printf("groupInfo grid=%u block=(%u,%u,%u): %s\n", grid.x, block.x, block.y, block.z,
         ok ? "OK" : "MISMATCH");
  return ok;
}

int main() {
  bool ok = true;
  ok &= testBlockSum<int, 256>("int", 131072 + 19, 64, 1u);
  ok &= testBlockSum<float, 256>("float", 131072 + 19, 64, 2u);
  ok &= testBlockSum<int, 1024>("int", 50000, 13, 3u);
  ok &= testBlockSum<float, 64>("float", 50000, 40, 4u);
  ok &= testTileMax(32, 256);
  ok &= testTileMax(5, 96);
  ok &= testShflDown<32>(64, 256);
  ok &= testShflDown<16>(64, 256);
  ok &= testShflDown<32>(3, 1024);
  ok &= testGroupInfo(dim3(4), dim3(16, 12, 1));
  ok &= testGroupInfo(dim3(2), dim3(8, 4, 4));
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : EXIT_FAILURE;
}
