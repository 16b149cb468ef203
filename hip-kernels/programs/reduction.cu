// reduction.cu - Sum of an array with the textbook sequence of parallel
// reduction kernels, each a template on the element type and the block
// size:
//   0 interleaved addressing with a divergent modulo test
//   1 interleaved addressing with a strided index (no divergence)
//   2 sequential addressing
//   3 first add during the load (two elements per thread)
//   4 the last warp unrolled, kept correct with __syncwarp between the
//     shared-memory reads and writes
//   5 completely unrolled on the template block size, a grid-stride loop
//     and __shfl_down_sync for the last warp
//   6 warp shuffles only (one shared slot per warp)
//   7 as 6 with the block results combined by atomicAdd
// Variants 0-6 write one partial sum per block that the host adds up.
// Each runs on int data and on float data holding small integers (so every
// partial sum is exact and the float results are independent of the order
// of the additions), and each result is compared with the CPU sum.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,     \
              cudaGetErrorString(err_));                                       \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

// Dynamic shared memory viewed as an array of T (one raw buffer, so that
// the template instantiations for different T don't clash).
template <typename T> __device__ __forceinline__ T *sharedArray() {
  extern __shared__ __align__(16) unsigned char reductionSmem[];
  return reinterpret_cast<T *>(reductionSmem);
}

template <typename T> __device__ __forceinline__ T warpSum(T value) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_down_sync(0xffffffffu, value, offset);
  return value;
}

template <typename T, unsigned BLOCK>
__global__ void reduceInterleavedDivergent(const T *in, T *out, unsigned n) {
  T *sdata = sharedArray<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * BLOCK + tid;
  sdata[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned s = 1; s < BLOCK; s *= 2) {
    if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

template <typename T, unsigned BLOCK>
__global__ void reduceInterleavedStrided(const T *in, T *out, unsigned n) {
  T *sdata = sharedArray<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * BLOCK + tid;
  sdata[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned s = 1; s < BLOCK; s *= 2) {
    const unsigned index = 2 * s * tid;
    if (index < BLOCK) sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

template <typename T, unsigned BLOCK>
__global__ void reduceSequential(const T *in, T *out, unsigned n) {
  T *sdata = sharedArray<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * BLOCK + tid;
  sdata[tid] = i < n ? in[i] : T(0);
  __syncthreads();
  for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

template <typename T, unsigned BLOCK>
__global__ void reduceFirstAddDuringLoad(const T *in, T *out, unsigned n) {
  T *sdata = sharedArray<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * (BLOCK * 2) + tid;
  T sum = i < n ? in[i] : T(0);
  if (i + BLOCK < n) sum += in[i + BLOCK];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

template <typename T, unsigned BLOCK>
__global__ void reduceUnrollLastWarp(const T *in, T *out, unsigned n) {
  static_assert(BLOCK >= 64, "the last-warp step reads sdata[tid + 32]");
  T *sdata = sharedArray<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * (BLOCK * 2) + tid;
  T sum = i < n ? in[i] : T(0);
  if (i + BLOCK < n) sum += in[i + BLOCK];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    // Every lane reads before any lane writes: __syncwarp separates them.
    T v = sdata[tid] + sdata[tid + 32];
    for (unsigned offset = 16; offset > 0; offset >>= 1) {
      __syncwarp();
      sdata[tid] = v;
      __syncwarp();
      v += sdata[tid + offset];
    }
    if (tid == 0) out[blockIdx.x] = v;
  }
}

template <typename T, unsigned BLOCK>
__global__ void reduceCompleteUnroll(const T *in, T *out, unsigned n) {
  T *sdata = sharedArray<T>();
  const unsigned tid = threadIdx.x;
  const unsigned gridSize = BLOCK * 2 * gridDim.x;
  T sum = T(0);
  for (unsigned i = blockIdx.x * BLOCK * 2 + tid; i < n; i += gridSize) {
    sum += in[i];
    if (i + BLOCK < n) sum += in[i + BLOCK];
  }
  sdata[tid] = sum;
  __syncthreads();
  if (BLOCK >= 1024) {
    if (tid < 512) sdata[tid] = sum = sum + sdata[tid + 512];
    __syncthreads();
  }
  if (BLOCK >= 512) {
    if (tid < 256) sdata[tid] = sum = sum + sdata[tid + 256];
    __syncthreads();
  }
  if (BLOCK >= 256) {
    if (tid < 128) sdata[tid] = sum = sum + sdata[tid + 128];
    __syncthreads();
  }
  if (BLOCK >= 128) {
    if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) {
    if (BLOCK >= 64) sum += sdata[tid + 32];
    sum = warpSum(sum);
    if (tid == 0) out[blockIdx.x] = sum;
  }
}

template <typename T, unsigned BLOCK, bool ATOMIC>
__global__ void reduceWarpShuffle(const T *in, T *out, unsigned n) {
  constexpr unsigned NUM_WARPS = BLOCK / 32;
  __shared__ T warpSums[NUM_WARPS];
  const unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  T sum = T(0);
  for (unsigned i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x) sum += in[i];
  sum = warpSum(sum);
  if (lane == 0) warpSums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < NUM_WARPS ? warpSums[lane] : T(0);
    sum = warpSum(sum);
    if (lane == 0) {
      if (ATOMIC)
        atomicAdd(out, sum);
      else
        out[blockIdx.x] = sum;
    }
  }
}

enum Variant {
  kInterleavedDivergent,
  kInterleavedStrided,
  kSequential,
  kFirstAdd,
  kUnrollLastWarp,
  kCompleteUnroll,
  kWarpShuffle,
  kWarpShuffleAtomic,
  kNumVariants
};

static const char *variantName(int v) {
  static const char *names[] = {"interleaved-divergent", "interleaved-strided",
                                "sequential",            "first-add-during-load",
                                "unroll-last-warp",      "complete-unroll",
                                "warp-shuffle",          "warp-shuffle-atomic"};
  return names[v];
}

// Launches variant v with a compile-time block size; returns the number of
// blocks (partial sums) it wrote.
template <typename T, unsigned BLOCK>
unsigned launchVariant(int v, const T *d_in, T *d_out, unsigned n) {
  const size_t smem = BLOCK * sizeof(T);
  const unsigned oneEach = (n + BLOCK - 1) / BLOCK;
  const unsigned twoEach = (n + 2 * BLOCK - 1) / (2 * BLOCK);
  const unsigned capped = oneEach < 64 ? oneEach : 64;
  const unsigned cappedTwo = twoEach < 64 ? twoEach : 64;
  unsigned blocks = 0;
  switch (v) {
  case kInterleavedDivergent:
    blocks = oneEach;
    reduceInterleavedDivergent<T, BLOCK><<<blocks, BLOCK, smem>>>(d_in, d_out, n);
    break;
  case kInterleavedStrided:
    blocks = oneEach;
    reduceInterleavedStrided<T, BLOCK><<<blocks, BLOCK, smem>>>(d_in, d_out, n);
    break;
  case kSequential:
    blocks = oneEach;
    reduceSequential<T, BLOCK><<<blocks, BLOCK, smem>>>(d_in, d_out, n);
    break;
  case kFirstAdd:
    blocks = twoEach;
    reduceFirstAddDuringLoad<T, BLOCK><<<blocks, BLOCK, smem>>>(d_in, d_out, n);
    break;
  case kUnrollLastWarp:
    blocks = twoEach;
    reduceUnrollLastWarp<T, BLOCK><<<blocks, BLOCK, smem>>>(d_in, d_out, n);
    break;
  case kCompleteUnroll:
    blocks = cappedTwo;
    reduceCompleteUnroll<T, BLOCK><<<blocks, BLOCK, smem>>>(d_in, d_out, n);
    break;
  case kWarpShuffle:
    blocks = capped;
    reduceWarpShuffle<T, BLOCK, false><<<blocks, BLOCK>>>(d_in, d_out, n);
    break;
  case kWarpShuffleAtomic:
    blocks = capped;
    CUDA_CHECK(cudaMemset(d_out, 0, sizeof(T)));
    reduceWarpShuffle<T, BLOCK, true><<<blocks, BLOCK>>>(d_in, d_out, n);
    break;
  }
  CUDA_CHECK(cudaGetLastError());
  return blocks;
}

template <typename T>
unsigned dispatchBlockSize(int v, unsigned threads, const T *d_in, T *d_out, unsigned n) {
  switch (threads) {
  case 64: return launchVariant<T, 64>(v, d_in, d_out, n);
  case 128: return launchVariant<T, 128>(v, d_in, d_out, n);
  case 256: return launchVariant<T, 256>(v, d_in, d_out, n);
  case 512: return launchVariant<T, 512>(v, d_in, d_out, n);
  case 1024: return launchVariant<T, 1024>(v, d_in, d_out, n);
  }
  fprintf(stderr, "unsupported block size %u\n", threads);
  exit(EXIT_FAILURE);
}

template <typename T> struct Traits;
template <> struct Traits<int> {
  static const char *name() { return "int"; }
  static void print(int v) { printf("%d", v); }
};
template <> struct Traits<float> {
  static const char *name() { return "float"; }
  static void print(float v) { printf("%.1f", v); }
};

template <typename T>
bool runReduction(int v, unsigned threads, const std::vector<T> &host, const T *d_in,
                  T expected) {
  const unsigned n = (unsigned)host.size();
  T *d_out = nullptr;
  const unsigned maxBlocks = (n + 63) / 64;
  CUDA_CHECK(cudaMalloc(&d_out, maxBlocks * sizeof(T)));
  const unsigned blocks = dispatchBlockSize<T>(v, threads, d_in, d_out, n);
  CUDA_CHECK(cudaDeviceSynchronize());
  const unsigned partials = v == kWarpShuffleAtomic ? 1 : blocks;
  std::vector<T> partial(partials);
  CUDA_CHECK(cudaMemcpy(partial.data(), d_out, partials * sizeof(T), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_out));
  T sum = T(0);
  for (unsigned b = 0; b < partials; ++b) sum += partial[b];
  const bool ok = sum == expected;
  printf("%-5s %-22s block=%4u grid=%4u sum=", Traits<T>::name(), variantName(v), threads,
         blocks);
  Traits<T>::print(sum);
  printf(" %s\n", ok ? "OK" : "MISMATCH");
  return ok;
}

template <typename T>
bool runAll(const std::vector<T> &host) {
  const unsigned n = (unsigned)host.size();
  T expected = T(0);
  for (unsigned i = 0; i < n; ++i) expected += host[i];
  T *d_in = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, n * sizeof(T)));
  CUDA_CHECK(cudaMemcpy(d_in, host.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  bool ok = true;
  for (int v = 0; v < kNumVariants; ++v) ok &= runReduction<T>(v, 256, host, d_in, expected);
  const unsigned otherSizes[] = {64, 128, 512, 1024};
  for (unsigned threads : otherSizes) {
    ok &= runReduction<T>(kCompleteUnroll, threads, host, d_in, expected);
    ok &= runReduction<T>(kWarpShuffle, threads, host, d_in, expected);
    ok &= runReduction<T>(kWarpShuffleAtomic, threads, host, d_in, expected);
  }
  CUDA_CHECK(cudaFree(d_in));
  return ok;
}

int main() {
  const unsigned n = 40009;
  std::vector<int> hostInt(n);
  std::vector<float> hostFloat(n);
  unsigned int state = 7u;
  for (unsigned i = 0; i < n; ++i) {
    state = state * 1103515245u + 12345u;
    hostInt[i] = (int)((state >> 16) % 2001u) - 1000;  // -1000 .. 1000
    hostFloat[i] = (float)((state >> 8) % 64u);          // 0 .. 63, sums stay exact
  }
  printf("reducing %u elements\n", n);
  bool ok = runAll(hostInt);
  ok &= runAll(hostFloat);
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : EXIT_FAILURE;
}
