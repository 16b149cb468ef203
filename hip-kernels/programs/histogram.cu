// histogram.cu - 256-bin histogram of a byte stream (read four bytes at a
// time as 32-bit words), four ways:
//   global      atomicAdd on the global histogram for every byte
//   shared      one shared-memory sub-histogram per block (shared atomics),
//               added to the global one with one atomicAdd per bin
//   per-warp    one shared sub-histogram per warp, to spread contention,
//               summed per block and then added globally
//   partial     per-block histograms written to global memory without
//               global atomics, summed by a second kernel
// Two inputs: a skewed stream (a quarter of the bytes are 'A') and an
// all-zero stream (every thread hits the same bin). Each histogram is
// compared with the CPU's, bin by bin.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s at %s:%d (%s)\n",                         \
              cudaGetErrorString(err_), __FILE__, __LINE__, #call);            \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

constexpr int NUM_BINS = 256;
constexpr int THREADS = 256;
constexpr int WARPS_PER_BLOCK = THREADS / 32;
constexpr int GRID = 48;

__global__ void histogramGlobal(const unsigned *__restrict__ words, int numWords,
                                unsigned *hist) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < numWords; i += blockDim.x * gridDim.x) {
    const unsigned w = words[i];
    atomicAdd(&hist[w & 0xffu], 1u);
    atomicAdd(&hist[(w >> 8) & 0xffu], 1u);
    atomicAdd(&hist[(w >> 16) & 0xffu], 1u);
    atomicAdd(&hist[w >> 24], 1u);
  }
}

__global__ void histogramShared(const unsigned *__restrict__ words, int numWords,
                                unsigned *hist) {
  __shared__ unsigned local[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < numWords; i += blockDim.x * gridDim.x) {
    const unsigned w = words[i];
    atomicAdd(&local[w & 0xffu], 1u);
    atomicAdd(&local[(w >> 8) & 0xffu], 1u);
    atomicAdd(&local[(w >> 16) & 0xffu], 1u);
    atomicAdd(&local[w >> 24], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    if (local[b] != 0) atomicAdd(&hist[b], local[b]);
}

template <int WARPS>
__global__ void histogramPerWarp(const unsigned *__restrict__ words, int numWords,
                                 unsigned *hist) {
  __shared__ unsigned warpHist[WARPS][NUM_BINS];  // 8 KiB for 8 warps
  unsigned *flat = &warpHist[0][0];
  for (int k = threadIdx.x; k < WARPS * NUM_BINS; k += blockDim.x) flat[k] = 0;
  __syncthreads();
  unsigned *mine = warpHist[threadIdx.x / 32];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < numWords; i += blockDim.x * gridDim.x) {
    const unsigned w = words[i];
#pragma unroll
    for (int shift = 0; shift < 32; shift += 8) atomicAdd(&mine[(w >> shift) & 0xffu], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) {
    unsigned sum = 0;
#pragma unroll
    for (int wp = 0; wp < WARPS; ++wp) sum += warpHist[wp][b];
    if (sum != 0) atomicAdd(&hist[b], sum);
  }
}

__global__ void histogramPartial(const unsigned *__restrict__ words, int numWords,
                                 unsigned *partials) {
  __shared__ unsigned local[NUM_BINS];
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < numWords; i += blockDim.x * gridDim.x) {
    const unsigned w = words[i];
    for (int shift = 0; shift < 32; shift += 8) atomicAdd(&local[(w >> shift) & 0xffu], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < NUM_BINS; b += blockDim.x)
    partials[blockIdx.x * NUM_BINS + b] = local[b];
}

// One thread per bin adds that bin over all partial histograms.
__global__ void mergePartials(const unsigned *__restrict__ partials, int numPartials,
                              unsigned *hist) {
  const int b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= NUM_BINS) return;
  unsigned sum = 0;
  for (int p = 0; p < numPartials; ++p) sum += partials[p * NUM_BINS + b];
  hist[b] = sum;
}

static bool check(const char *dataset, const char *method, const std::vector<unsigned> &got,
                  const std::vector<unsigned> &want) {
  unsigned long long total = 0, weighted = 0;
  int badBins = 0;
  for (int b = 0; b < NUM_BINS; ++b) {
    total += got[b];
    weighted += (unsigned long long)got[b] * (b + 1);
    badBins += got[b] != want[b];
  }
  printf("%-7s %-9s total=%llu weighted=%llu bin['A']=%u bin[0]=%u %s\n", dataset, method, total,
         weighted, got['A'], got[0], badBins == 0 ? "OK" : "MISMATCH");
  if (badBins != 0) printf("  %d bins differ\n", badBins);
  return badBins == 0;
}

static bool runDataset(const char *name, const std::vector<unsigned char> &bytes) {
  const int numBytes = (int)bytes.size();  // a multiple of 4
  const int numWords = numBytes / 4;
  std::vector<unsigned> want(NUM_BINS, 0u), got(NUM_BINS);
  for (int i = 0; i < numBytes; ++i) ++want[bytes[i]];

  unsigned *d_words = nullptr, *d_hist = nullptr, *d_partials = nullptr;
  CUDA_CHECK(cudaMalloc(&d_words, numBytes));
  CUDA_CHECK(cudaMalloc(&d_hist, NUM_BINS * sizeof(unsigned)));
  CUDA_CHECK(cudaMalloc(&d_partials, GRID * NUM_BINS * sizeof(unsigned)));
  CUDA_CHECK(cudaMemcpy(d_words, bytes.data(), numBytes, cudaMemcpyHostToDevice));

  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  bool ok = true;
  const char *methods[] = {"global", "shared", "per-warp", "partial"};
  for (int m = 0; m < 4; ++m) {
    CUDA_CHECK(cudaMemset(d_hist, 0, NUM_BINS * sizeof(unsigned)));
    CUDA_CHECK(cudaEventRecord(start));
    switch (m) {
    case 0: histogramGlobal<<<GRID, THREADS>>>(d_words, numWords, d_hist); break;
    case 1: histogramShared<<<GRID, THREADS>>>(d_words, numWords, d_hist); break;
    case 2:
      histogramPerWarp<WARPS_PER_BLOCK><<<GRID, THREADS>>>(d_words, numWords, d_hist);
      break;
    case 3:
      histogramPartial<<<GRID, THREADS>>>(d_words, numWords, d_partials);
      CUDA_CHECK(cudaGetLastError());
      mergePartials<<<(NUM_BINS + 127) / 128, 128>>>(d_partials, GRID, d_hist);
      break;
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0.f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    fprintf(stderr, "%s %s: %.3f ms\n", name, methods[m], ms);
    CUDA_CHECK(cudaMemcpy(got.data(), d_hist, NUM_BINS * sizeof(unsigned), cudaMemcpyDeviceToHost));
    ok &= check(name, methods[m], got, want);
  }

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaFree(d_words));
  CUDA_CHECK(cudaFree(d_hist));
  CUDA_CHECK(cudaFree(d_partials));
  return ok;
}

int main() {
  const int skewedBytes = 1 << 19;
  std::vector<unsigned char> skewed(skewedBytes);
  unsigned s = 123456789u;
  for (int i = 0; i < skewedBytes; ++i) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    skewed[i] = (s & 3u) == 0 ? (unsigned char)'A' : (unsigned char)(s >> 24);
  }
  std::vector<unsigned char> zeros(1 << 14, 0);

  bool ok = runDataset("skewed", skewed);
  ok &= runDataset("zeros", zeros);
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
