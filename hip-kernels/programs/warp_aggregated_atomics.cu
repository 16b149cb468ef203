// warp_aggregated_atomics.cu - Stream filtering (keep the indices of the
// elements above a threshold) where every kept element needs a slot in the
// output from a global counter. Three ways to get the slot:
//   naive     one atomicAdd per kept element
//   ballot    warp-aggregated by hand: __ballot_sync finds the lanes that
//             keep an element, the first of them (__ffs) adds __popc of the
//             ballot to the counter, __shfl_sync hands the base to the
//             others, each lane's rank among the voters is its offset
//   coalesced the same with cooperative_groups::coalesced_threads() inside
//             the divergent branch
// The order of the output depends on the order in which warps reach the
// counter, so the host checks the count, that the output holds each kept
// index exactly once (after sorting), and prints the count and a hash of
// the sorted list. Thresholds that keep about 30%, none and all elements.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace cg = cooperative_groups;

#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "CUDA error at %s:%d code=%d (%s) \"%s\"\n", __FILE__,   \
              __LINE__, (int)e_, cudaGetErrorName(e_), #call);                 \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

__global__ void filterNaive(const int *__restrict__ in, int *__restrict__ outIdx,
                            int *counter, int n, int threshold) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    if (in[i] > threshold) outIdx[atomicAdd(counter, 1)] = i;
}

// Must be reached by all 32 lanes of the warp; returns the slot of the
// calling lane when it asked for one.
__device__ __forceinline__ int warpAggregatedSlot(int *counter, bool wantsSlot) {
  const unsigned lane = threadIdx.x % 32;
  const unsigned voters = __ballot_sync(0xffffffffu, wantsSlot);
  if (voters == 0) return -1;
  const int leader = __ffs(voters) - 1;
  int base = 0;
  if ((int)lane == leader) base = atomicAdd(counter, __popc(voters));
  base = __shfl_sync(0xffffffffu, base, leader);
  const unsigned lanesBelow = (1u << lane) - 1u;
  return base + __popc(voters & lanesBelow);
}

// The loop bound is the same for a whole warp (blockDim.x is a multiple of
// 32), so every lane reaches the ballot on every trip.
__global__ void filterBallot(const int *__restrict__ in, int *__restrict__ outIdx,
                             int *counter, int n, int threshold) {
  const int stride = gridDim.x * blockDim.x;
  for (int base = blockIdx.x * blockDim.x; base < n; base += stride) {
    const int i = base + threadIdx.x;
    const bool keep = i < n && in[i] > threshold;
    const int slot = warpAggregatedSlot(counter, keep);
    if (keep) outIdx[slot] = i;
  }
}

__device__ __forceinline__ int atomicAggInc(int *counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int base = 0;
  if (active.thread_rank() == 0) base = atomicAdd(counter, (int)active.num_threads());
  return active.shfl(base, 0) + (int)active.thread_rank();
}

__global__ void filterCoalesced(const int *__restrict__ in, int *__restrict__ outIdx,
                                int *counter, int n, int threshold) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    if (in[i] > threshold) outIdx[atomicAggInc(counter)] = i;
}

typedef void (*FilterKernel)(const int *, int *, int *, int, int);

int main() {
  const int n = 100003;
  const int threads = 256, blocks = 96;

  std::vector<int> host(n);
  unsigned int seed = 99991u;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    host[i] = (int)((seed >> 10) % 1000u);
  }

  int *d_in = nullptr, *d_out = nullptr, *d_counter = nullptr;
  checkCudaErrors(cudaMalloc(&d_in, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_counter, sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  const FilterKernel kernels[] = {filterNaive, filterBallot, filterCoalesced};
  const char *names[] = {"naive", "ballot", "coalesced"};
  const int thresholds[] = {699, 999, -1};

  bool allOk = true;
  std::vector<int> result(n);
  for (int threshold : thresholds) {
    std::vector<int> expected;
    for (int i = 0; i < n; ++i)
      if (host[i] > threshold) expected.push_back(i);
    for (int k = 0; k < 3; ++k) {
      checkCudaErrors(cudaMemset(d_counter, 0, sizeof(int)));
      checkCudaErrors(cudaMemset(d_out, 0xff, n * sizeof(int)));
      kernels[k]<<<blocks, threads>>>(d_in, d_out, d_counter, n, threshold);
      checkCudaErrors(cudaGetLastError());
      checkCudaErrors(cudaDeviceSynchronize());
      int count = 0;
      checkCudaErrors(cudaMemcpy(&count, d_counter, sizeof(int), cudaMemcpyDeviceToHost));
      bool ok = count == (int)expected.size();
      unsigned int hash = 2166136261u;
      if (ok) {
        checkCudaErrors(cudaMemcpy(result.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
        std::sort(result.begin(), result.begin() + count);
        for (int j = 0; j < count; ++j) {
          ok &= result[j] == expected[j];
          hash = (hash ^ (unsigned int)result[j]) * 16777619u;
        }
        // Past the count nothing may have been written.
        for (int j = count; j < n; ++j) ok &= result[j] == -1;
      }
      printf("threshold=%4d %-9s kept=%6d (expected %6d) sorted-hash=0x%08x %s\n", threshold,
             names[k], count, (int)expected.size(), hash, ok ? "OK" : "MISMATCH");
      allOk &= ok;
    }
  }

  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));
  checkCudaErrors(cudaFree(d_counter));
  printf("Result = %s\n", allOk ? "PASS" : "FAIL");
  return allOk ? EXIT_SUCCESS : EXIT_FAILURE;
}
