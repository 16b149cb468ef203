// scan.cu - Prefix sum of a large integer array, done the way most CUDA
// codes do it: every block scans its own tile (a sequential scan of a few
// items per thread, a warp scan of the thread totals with __shfl_up_sync, a
// scan of the warp totals in shared memory), writes its tile total, the
// tile totals are scanned by the same code (recursively, so arrays larger
// than one tile of tiles work too), and a third kernel adds each tile's
// offset back. Inclusive and exclusive scans of int and unsigned data,
// several block shapes and lengths (1 element, partial tiles, two and
// three levels of recursion) are each compared with a CPU scan.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      fprintf(stderr, "CUDA error \"%s\" (%s) at %s:%d in %s\n",               \
              cudaGetErrorString(status_), cudaGetErrorName(status_),          \
              __FILE__, __LINE__, #call);                                      \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

constexpr int WARP = 32;

// Kogge-Stone inclusive scan across the 32 lanes of a warp.
template <typename T>
__device__ __forceinline__ T warpInclusiveScan(T value, int lane) {
#pragma unroll
  for (int delta = 1; delta < WARP; delta *= 2) {
    T fromBelow = __shfl_up_sync(0xffffffffu, value, delta);
    if (lane >= delta) value += fromBelow;
  }
  return value;
}

// Kernel 1: scans one tile of BLOCK * ITEMS elements per block and, when
// tileTotals is not null, stores the tile's total for the second level.
template <typename T, int BLOCK, int ITEMS>
__global__ void scanTilesKernel(const T *__restrict__ in, T *__restrict__ out,
                                T *__restrict__ tileTotals, int n,
                                bool inclusive) {
  static_assert(BLOCK % WARP == 0 && BLOCK <= 1024, "block must be whole warps");
  constexpr int TILE = BLOCK * ITEMS;
  constexpr int NUM_WARPS = BLOCK / WARP;
  __shared__ T tile[TILE];
  __shared__ T warpTotals[NUM_WARPS];

  const int tid = threadIdx.x;
  const int lane = tid % WARP;
  const int warp = tid / WARP;
  const int tileStart = blockIdx.x * TILE;

  // Coalesced load; the part of the last tile past n is zero.
  for (int i = tid; i < TILE; i += BLOCK) {
    const int g = tileStart + i;
    tile[i] = g < n ? in[g] : T(0);
  }
  __syncthreads();

  // Each thread owns ITEMS consecutive elements.
  T items[ITEMS];
  T threadTotal = T(0);
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    items[k] = tile[tid * ITEMS + k];
    threadTotal += items[k];
  }

  const T warpPrefix = warpInclusiveScan(threadTotal, lane);
  if (lane == WARP - 1) warpTotals[warp] = warpPrefix;
  __syncthreads();

  if (warp == 0) {
    T total = lane < NUM_WARPS ? warpTotals[lane] : T(0);
    total = warpInclusiveScan(total, lane);
    if (lane < NUM_WARPS) warpTotals[lane] = total;
  }
  __syncthreads();

  T running = warpPrefix - threadTotal + (warp > 0 ? warpTotals[warp - 1] : T(0));
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    if (inclusive) {
      running += items[k];
      tile[tid * ITEMS + k] = running;
    } else {
      tile[tid * ITEMS + k] = running;
      running += items[k];
    }
  }
  __syncthreads();

  for (int i = tid; i < TILE; i += BLOCK) {
    const int g = tileStart + i;
    if (g < n) out[g] = tile[i];
  }
  if (tileTotals != nullptr && tid == 0) tileTotals[blockIdx.x] = warpTotals[NUM_WARPS - 1];
}

// Kernel 3: adds the exclusive prefix of the tile totals to every element
// of the tile.
template <typename T, int TILE>
__global__ void addTileOffsetsKernel(T *data, const T *__restrict__ tileOffsets, int n) {
  const T offset = tileOffsets[blockIdx.x];
  const int tileStart = blockIdx.x * TILE;
  for (int i = threadIdx.x; i < TILE; i += blockDim.x) {
    const int g = tileStart + i;
    if (g < n) data[g] += offset;
  }
}

// Host driver. Returns the number of levels used.
template <typename T, int BLOCK, int ITEMS>
int scanOnDevice(const T *d_in, T *d_out, int n, bool inclusive) {
  constexpr int TILE = BLOCK * ITEMS;
  const int numTiles = (n + TILE - 1) / TILE;
  T *d_totals = nullptr, *d_offsets = nullptr;
  if (numTiles > 1) {
    checkCudaErrors(cudaMalloc(&d_totals, numTiles * sizeof(T)));
    checkCudaErrors(cudaMalloc(&d_offsets, numTiles * sizeof(T)));
  }
  scanTilesKernel<T, BLOCK, ITEMS><<<numTiles, BLOCK>>>(d_in, d_out, d_totals, n, inclusive);
  checkCudaErrors(cudaGetLastError());
  int levels = 1;
  if (numTiles > 1) {
    // Kernel 2: the tile totals, scanned exclusively with the same code.
    levels += scanOnDevice<T, BLOCK, ITEMS>(d_totals, d_offsets, numTiles, false);
    addTileOffsetsKernel<T, TILE><<<numTiles, BLOCK>>>(d_out, d_offsets, n);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaFree(d_totals));
    checkCudaErrors(cudaFree(d_offsets));
  }
  return levels;
}

static unsigned int rngState = 2024u;
static unsigned int nextRandom() {
  rngState = rngState * 1664525u + 1013904223u;
  return rngState >> 9;
}

template <typename T> struct TypeName;
template <> struct TypeName<int> { static const char *get() { return "int"; } };
template <> struct TypeName<unsigned int> { static const char *get() { return "unsigned"; } };

// Runs one scan on the device and on the host; prints one line.
template <typename T, int BLOCK, int ITEMS>
bool runCase(int n, bool inclusive, T lowValue, unsigned int valueRange) {
  std::vector<T> input(n), expected(n), result(n);
  for (int i = 0; i < n; ++i) input[i] = lowValue + (T)(nextRandom() % valueRange);

  T running = T(0);
  for (int i = 0; i < n; ++i) {
    if (inclusive) {
      running += input[i];
      expected[i] = running;
    } else {
      expected[i] = running;
      running += input[i];
    }
  }

  T *d_in = nullptr, *d_out = nullptr;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(T)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(T)));
  checkCudaErrors(cudaMemcpy(d_in, input.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_out, 0xff, n * sizeof(T)));
  const int levels = scanOnDevice<T, BLOCK, ITEMS>(d_in, d_out, n, inclusive);
  checkCudaErrors(cudaDeviceSynchronize());
  checkCudaErrors(cudaMemcpy(result.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));

  int mismatches = 0, firstBad = -1;
  unsigned int hash = 2166136261u;
  for (int i = 0; i < n; ++i) {
    if (result[i] != expected[i]) {
      if (firstBad < 0) firstBad = i;
      ++mismatches;
    }
    hash = (hash ^ (unsigned int)result[i]) * 16777619u;
  }
  printf("%-8s block=%4d items=%d n=%7d %s: levels=%d last=%lld hash=0x%08x %s\n",
         TypeName<T>::get(), BLOCK, ITEMS, n, inclusive ? "inclusive" : "exclusive", levels,
         (long long)result[n - 1], hash, mismatches == 0 ? "OK" : "MISMATCH");
  if (mismatches != 0)
    printf("  %d mismatches, first at %d: got %lld expected %lld\n", mismatches, firstBad,
           (long long)result[firstBad], (long long)expected[firstBad]);
  return mismatches == 0;
}

int main() {
  int device = 0;
  checkCudaErrors(cudaGetDevice(&device));
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, device));
  fprintf(stderr, "scan: running on %s\n", prop.name);

  bool ok = true;
  const int sizes[] = {1, 1000, 1024, 1025, 200003};
  for (int n : sizes) {
    ok &= runCase<int, 256, 4>(n, true, -8, 32);
    ok &= runCase<int, 256, 4>(n, false, -8, 32);
  }
  // One thread per element and 32 warps per block.
  ok &= runCase<int, 1024, 1>(100000, true, -100, 201);
  ok &= runCase<int, 1024, 1>(100000, false, -100, 201);
  // Small tiles: three levels; the sums wrap around modulo 2^32.
  ok &= runCase<unsigned int, 64, 2>(200003, true, 0u, 1u << 16);
  ok &= runCase<unsigned int, 64, 2>(200003, false, 0u, 1u << 16);

  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : EXIT_FAILURE;
}
