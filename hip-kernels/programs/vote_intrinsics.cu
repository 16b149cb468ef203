// vote_intrinsics.cu - The warp vote functions __ballot_sync, __any_sync,
// __all_sync and __activemask, and the block votes __syncthreads_count /
// _and / _or, on predicate patterns: all true, none, alternate lanes, a
// count of low lanes that changes from warp to warp, data-dependent, a
// single lane, inside the two sides of a divergent branch, in a nested
// branch (with the inner mask found by a ballot in the outer branch), and
// in a loop whose trip count differs between lanes. Every lane stores what
// it saw; the host computes what every lane must see and compares. Blocks
// of 240, 1024 and 33 threads, so some warps are partial (16 and 1 lanes):
// the member masks name only the lanes that exist.
//
// __activemask() is checked only where its value is defined: after
// __syncwarp at the top of the kernel it is the warp's existing lanes,
// inside a branch it must contain the calling lane and no lane of the
// other side.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: CUDA error %s: %s\n", __FILE__, __LINE__,        \
              cudaGetErrorName(err_), cudaGetErrorString(err_));               \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

enum Test {
  ACTIVE_AT_ENTRY,
  TRUE_BALLOT, TRUE_ANY, TRUE_ALL,
  FALSE_BALLOT, FALSE_ANY, FALSE_ALL,
  ALT_BALLOT, ALT_ANY, ALT_ALL,
  PERWARP_BALLOT, PERWARP_ANY, PERWARP_ALL,
  DATA_BALLOT, DATA_ANY, DATA_ALL,
  ONE_BALLOT, ONE_ANY, ONE_ALL,
  BRANCH_BALLOT, BRANCH_ANY, BRANCH_ALL, BRANCH_ACTIVE_OK,
  NESTED_MASK, NESTED_BALLOT,
  LOOP_ACCUM,
  BLOCK_COUNT, BLOCK_AND, BLOCK_OR,
  NUM_TESTS
};

static const char *testNames[NUM_TESTS] = {
    "activemask-at-entry",
    "all-true ballot",   "all-true any",   "all-true all",
    "none ballot",       "none any",       "none all",
    "alternate ballot",  "alternate any",  "alternate all",
    "per-warp ballot",   "per-warp any",   "per-warp all",
    "data ballot",       "data any",       "data all",
    "one-lane ballot",   "one-lane any",   "one-lane all",
    "branch ballot",     "branch any",     "branch all",   "branch activemask",
    "nested mask",       "nested ballot",
    "loop accumulate",
    "syncthreads_count", "syncthreads_and", "syncthreads_or"};

__device__ __forceinline__ unsigned asBit(int vote) { return vote ? 1u : 0u; }

__global__ void voteKernel(const int *__restrict__ data, unsigned *__restrict__ results,
                           int totalThreads) {
  const int gtid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % 32;
  const int warpInBlock = threadIdx.x / 32;
  const int warpsPerBlock = (blockDim.x + 31) / 32;
  const int globalWarp = blockIdx.x * warpsPerBlock + warpInBlock;
  const int lanesHere = min(32, (int)blockDim.x - warpInBlock * 32);
  const unsigned existing = lanesHere == 32 ? 0xffffffffu : (1u << lanesHere) - 1u;
  const int value = data[gtid];
  unsigned *out = results + gtid;
#define STORE(test, v) out[(size_t)(test) * totalThreads] = (v)

  __syncwarp(existing);
  STORE(ACTIVE_AT_ENTRY, __activemask());

  STORE(TRUE_BALLOT, __ballot_sync(existing, 1));
  STORE(TRUE_ANY, asBit(__any_sync(existing, 1)));
  STORE(TRUE_ALL, asBit(__all_sync(existing, 1)));

  STORE(FALSE_BALLOT, __ballot_sync(existing, 0));
  STORE(FALSE_ANY, asBit(__any_sync(existing, 0)));
  STORE(FALSE_ALL, asBit(__all_sync(existing, 0)));

  const bool alt = lane & 1;
  STORE(ALT_BALLOT, __ballot_sync(existing, alt));
  STORE(ALT_ANY, asBit(__any_sync(existing, alt)));
  STORE(ALT_ALL, asBit(__all_sync(existing, alt)));

  const bool low = lane < globalWarp % 33;
  STORE(PERWARP_BALLOT, __ballot_sync(existing, low));
  STORE(PERWARP_ANY, asBit(__any_sync(existing, low)));
  STORE(PERWARP_ALL, asBit(__all_sync(existing, low)));

  const bool third = value % 3 == 0;
  STORE(DATA_BALLOT, __ballot_sync(existing, third));
  STORE(DATA_ANY, asBit(__any_sync(existing, third)));
  STORE(DATA_ALL, asBit(__all_sync(existing, third)));

  const bool chosen = lane == (globalWarp * 5) % lanesHere;
  STORE(ONE_BALLOT, __ballot_sync(existing, chosen));
  STORE(ONE_ANY, asBit(__any_sync(existing, chosen)));
  STORE(ONE_ALL, asBit(__all_sync(existing, chosen)));

  // A divergent branch: each side votes among its own lanes.
  const bool lowHalf = lane < 16;
  const unsigned lowMask = __ballot_sync(existing, lowHalf);
  if (lowHalf) {
    STORE(BRANCH_BALLOT, __ballot_sync(lowMask, value & 1));
    STORE(BRANCH_ANY, asBit(__any_sync(lowMask, value % 5 == 0)));
    STORE(BRANCH_ALL, asBit(__all_sync(lowMask, value < 900)));
    const unsigned active = __activemask();
    STORE(BRANCH_ACTIVE_OK, asBit((active & ~lowMask) == 0 && ((active >> lane) & 1u)));
  } else {
    const unsigned highMask = existing & ~lowMask;
    STORE(BRANCH_BALLOT, __ballot_sync(highMask, value > 250));
    STORE(BRANCH_ANY, asBit(__any_sync(highMask, value % 7 == 0)));
    STORE(BRANCH_ALL, asBit(__all_sync(highMask, value >= 100)));
    STORE(BRANCH_ACTIVE_OK, 1u);
  }

  // Nested branches; the inner mask comes from a ballot in the outer one.
  unsigned nestedMask = 0, nestedBallot = 0;
  const unsigned outerMask = __ballot_sync(existing, lane % 3 == 0);
  if (lane % 3 == 0) {
    const bool even = lane % 2 == 0;
    nestedMask = __ballot_sync(outerMask, even);
    if (even) nestedBallot = __ballot_sync(nestedMask, value > 500);
  }
  STORE(NESTED_MASK, nestedMask);
  STORE(NESTED_BALLOT, nestedBallot);

  // A loop whose trip count differs per lane; the warp keeps looping while
  // any lane has trips left, so every vote sees the whole warp.
  const int trips = value % 4 + 1;
  unsigned accum = 0;
  for (int k = 0; __any_sync(existing, k < trips); ++k) {
    const unsigned still = __ballot_sync(existing, k < trips);
    if (k < trips) accum += __popc(still) * (unsigned)(k + 1);
  }
  STORE(LOOP_ACCUM, accum);

  STORE(BLOCK_COUNT, (unsigned)__syncthreads_count(value % 3 == 0));
  STORE(BLOCK_AND, asBit(__syncthreads_and(value >= 3)));
  STORE(BLOCK_OR, asBit(__syncthreads_or(value == 777)));
#undef STORE
}

// What every lane must see, computed lane by lane on the host.
static std::vector<unsigned> expectedResults(const std::vector<int> &data, int grid, int block) {
  const int total = grid * block;
  std::vector<unsigned> expected((size_t)NUM_TESTS * total, 0u);
  const int warpsPerBlock = (block + 31) / 32;
  for (int b = 0; b < grid; ++b) {
    int blockCount = 0;
    bool blockAnd = true, blockOr = false;
    for (int t = 0; t < block; ++t) {
      const int v = data[b * block + t];
      blockCount += v % 3 == 0;
      blockAnd = blockAnd && v >= 3;
      blockOr = blockOr || v == 777;
    }
    for (int w = 0; w < warpsPerBlock; ++w) {
      const int globalWarp = b * warpsPerBlock + w;
      const int lanes = block - w * 32 < 32 ? block - w * 32 : 32;
      const unsigned existing = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1u;
      const int base = b * block + w * 32;
      unsigned altB = 0, lowB = 0, dataB = 0, oneB = 0, lowOdd = 0, highBig = 0,
               nestedMask = 0, nestedB = 0;
      bool lowAny5 = false, lowAll900 = true, highAny7 = false, highAll100 = true;
      int trips[32];
      for (int l = 0; l < lanes; ++l) {
        const int v = data[base + l];
        const unsigned bit = 1u << l;
        if (l & 1) altB |= bit;
        if (l < globalWarp % 33) lowB |= bit;
        if (v % 3 == 0) dataB |= bit;
        if (l == (globalWarp * 5) % lanes) oneB |= bit;
        if (l < 16) {
          if (v & 1) lowOdd |= bit;
          lowAny5 = lowAny5 || v % 5 == 0;
          lowAll900 = lowAll900 && v < 900;
        } else {
          if (v > 250) highBig |= bit;
          highAny7 = highAny7 || v % 7 == 0;
          highAll100 = highAll100 && v >= 100;
        }
        if (l % 6 == 0) {
          nestedMask |= bit;
          if (v > 500) nestedB |= bit;
        }
        trips[l] = v % 4 + 1;
      }
      for (int l = 0; l < lanes; ++l) {
        const size_t g = (size_t)base + l;
        auto set = [&](int test, unsigned v) { expected[(size_t)test * total + g] = v; };
        set(ACTIVE_AT_ENTRY, existing);
        set(TRUE_BALLOT, existing);
        set(TRUE_ANY, 1);
        set(TRUE_ALL, 1);
        set(FALSE_BALLOT, 0);
        set(FALSE_ANY, 0);
        set(FALSE_ALL, 0);
        set(ALT_BALLOT, altB);
        set(ALT_ANY, altB != 0);
        set(ALT_ALL, altB == existing);
        set(PERWARP_BALLOT, lowB);
        set(PERWARP_ANY, lowB != 0);
        set(PERWARP_ALL, lowB == existing);
        set(DATA_BALLOT, dataB);
        set(DATA_ANY, dataB != 0);
        set(DATA_ALL, dataB == existing);
        set(ONE_BALLOT, oneB);
        set(ONE_ANY, 1);
        set(ONE_ALL, oneB == existing);
        if (l < 16) {
          set(BRANCH_BALLOT, lowOdd);
          set(BRANCH_ANY, lowAny5);
          set(BRANCH_ALL, lowAll900);
        } else {
          set(BRANCH_BALLOT, highBig);
          set(BRANCH_ANY, highAny7);
          set(BRANCH_ALL, highAll100);
        }
        set(BRANCH_ACTIVE_OK, 1);
        set(NESTED_MASK, l % 3 == 0 ? nestedMask : 0u);
        set(NESTED_BALLOT, l % 6 == 0 ? nestedB : 0u);
        unsigned accum = 0;
        for (int k = 0; k < trips[l]; ++k) {
          unsigned still = 0;
          for (int m = 0; m < lanes; ++m) still += trips[m] > k;
          accum += still * (unsigned)(k + 1);
        }
        set(LOOP_ACCUM, accum);
        set(BLOCK_COUNT, (unsigned)blockCount);
        set(BLOCK_AND, blockAnd);
        set(BLOCK_OR, blockOr);
      }
    }
  }
  return expected;
}

static bool runConfig(int grid, int block, unsigned seed) {
  const int total = grid * block;
  std::vector<int> data(total);
  for (int i = 0; i < total; ++i) {
    seed = seed * 747796405u + 2891336453u;
    data[i] = (int)((seed >> 13) % 1000u);
  }
  data[total / 3] = 777;  // one block sees __syncthreads_or true

  int *d_data = nullptr;
  unsigned *d_results = nullptr;
  const size_t resultBytes = (size_t)NUM_TESTS * total * sizeof(unsigned);
  CUDA_CHECK(cudaMalloc(&d_data, total * sizeof(int)));
  CUDA_CHECK(cudaMalloc(&d_results, resultBytes));
  CUDA_CHECK(cudaMemcpy(d_data, data.data(), total * sizeof(int), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_results, 0xcd, resultBytes));

  voteKernel<<<dim3(grid), dim3(block)>>>(d_data, d_results, total);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());

  std::vector<unsigned> results((size_t)NUM_TESTS * total);
  CUDA_CHECK(cudaMemcpy(results.data(), d_results, resultBytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_data));
  CUDA_CHECK(cudaFree(d_results));

  const std::vector<unsigned> expected = expectedResults(data, grid, block);
  bool ok = true;
  for (int t = 0; t < NUM_TESTS; ++t) {
    int bad = 0, firstBad = -1;
    unsigned hash = 2166136261u;
    for (int g = 0; g < total; ++g) {
      const unsigned got = results[(size_t)t * total + g];
      if (got != expected[(size_t)t * total + g]) {
        if (firstBad < 0) firstBad = g;
        ++bad;
      }
      hash = (hash ^ got) * 16777619u;
    }
    printf("grid=%d block=%4d %-20s hash=0x%08x %s\n", grid, block, testNames[t], hash,
           bad ? "MISMATCH" : "OK");
    if (bad)
      printf("  %d lanes differ, first thread %d: got 0x%08x expected 0x%08x\n", bad, firstBad,
             results[(size_t)t * total + firstBad], expected[(size_t)t * total + firstBad]);
    ok &= bad == 0;
  }
  return ok;
}

int main() {
  bool ok = true;
  ok &= runConfig(6, 240, 1u);
  ok &= runConfig(2, 1024, 2u);
  ok &= runConfig(3, 33, 3u);
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
