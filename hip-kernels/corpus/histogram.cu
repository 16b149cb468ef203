// histogram.cu - Histograms with shared-memory privatisation and
// __match_any_sync-aggregated atomics, as image and data-analytics
// libraries write them.
//
// Each thread finds its bin; the lanes of the warp that fall in the same
// bin find each other with __match_any_sync over the lanes still active
// (__activemask(), since out-of-range and filtered threads have left),
// and only the lowest of them adds the group's size (or, for weighted
// histograms, the group's __reduce_add_sync of the weights) to the block's
// private histogram. The block's histogram is flushed to global memory with one
// atomicAdd per non-empty bin. Bins come from 8-bit pixels, int keys,
// float values against bin edges in __constant__ memory, and 64-bit keys
// (matched on the whole key, then counted); 64 and 256 bins.
#include "corpus.h"

__constant__ float BinEdges[65];

// Adds 1 per lane to Bins[Bin], one atomic per group of lanes with the
// same bin.
template <typename B>
__device__ void aggregatedIncrement(unsigned *Bins, B Bin) {
  unsigned Active = __activemask();
  unsigned Peers = __match_any_sync(Active, Bin);
  int Leader = __ffs(Peers) - 1;
  if ((int)__laneid() == Leader)
    atomicAdd(&Bins[(unsigned)Bin], (unsigned)__popc(Peers));
}

// Adds each lane's Weight: the group's weights meet in __reduce_add_sync.
template <typename B>
__device__ void aggregatedAdd(unsigned *Bins, B Bin, unsigned Weight) {
  unsigned Active = __activemask();
  unsigned Peers = __match_any_sync(Active, Bin);
  unsigned Total = __reduce_add_sync(Peers, Weight);
  if ((Peers & __lanemask_lt()) == 0)
    atomicAdd(&Bins[(unsigned)Bin], Total);
}

template <int BINS>
__device__ void flush(const unsigned *Local, unsigned *Global) {
  __syncthreads();
  for (int B = threadIdx.x; B < BINS; B += blockDim.x)
    if (Local[B])
      atomicAdd(&Global[B], Local[B]);
}

template <int BINS> __device__ void clear(unsigned *Local) {
  for (int B = threadIdx.x; B < BINS; B += blockDim.x)
    Local[B] = 0;
  __syncthreads();
}

template <int BINS>
__global__ void histogram_u8_kernel(const unsigned char *Pixels, int N,
                                    unsigned *Hist) {
  __shared__ unsigned Local[BINS];
  clear<BINS>(Local);
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += blockDim.x * gridDim.x) {
    unsigned Bin = Pixels[I] * BINS / 256u;
    aggregatedIncrement(Local, Bin);
  }
  flush<BINS>(Local, Hist);
}

// Keys outside [0, BINS) are skipped, so the warp diverges before the match.
template <int BINS>
__global__ void histogram_i32_kernel(const int *Keys, int N, unsigned *Hist) {
  __shared__ unsigned Local[BINS];
  clear<BINS>(Local);
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    int Key = Keys[I];
    if (Key >= 0 && Key < BINS)
      aggregatedIncrement(Local, Key);
  }
  flush<BINS>(Local, Hist);
}

// Bin by binary search over the edges in constant memory; weighted.
template <typename T>
__global__ void histogram_edges_kernel(const T *Values, const unsigned *Weights,
                                       int N, unsigned *Hist) {
  __shared__ unsigned Local[64];
  clear<64>(Local);
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    float V = (float)Values[I];
    if (V >= BinEdges[0] && V < BinEdges[64]) {
      int Lo = 0, Hi = 64;
      while (Hi - Lo > 1) {
        int Mid = (Lo + Hi) / 2;
        if (V < BinEdges[Mid])
          Hi = Mid;
        else
          Lo = Mid;
      }
      aggregatedAdd(Local, Lo, Weights[I]);
    }
  }
  flush<64>(Local, Hist);
}

// Distinct 64-bit keys per warp: duplicates of a key within a warp are
// counted once, by the group's leader.
__global__ void distinct_keys_per_warp(const unsigned long long *Keys, int N,
                                       unsigned *DistinctPerWarp) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Mask = __ballot_sync(FULL_MASK, I < N);
  if (I >= N)
    return;
  unsigned Peers = __match_any_sync(Mask, Keys[I]);
  bool IsLeader = (Peers & __lanemask_lt()) == 0;
  unsigned Leaders = __ballot_sync(Mask, IsLeader);
  if (__laneid() == (unsigned)(__ffs(Mask) - 1))
    DistinctPerWarp[I / 32] = __popc(Leaders);
}

template __global__ void histogram_u8_kernel<256>(const unsigned char *, int,
                                                  unsigned *);
template __global__ void histogram_u8_kernel<64>(const unsigned char *, int,
                                                 unsigned *);
template __global__ void histogram_i32_kernel<256>(const int *, int,
                                                   unsigned *);
template __global__ void
histogram_edges_kernel<float>(const float *, const unsigned *, int, unsigned *);
template __global__ void histogram_edges_kernel<double>(const double *,
                                                        const unsigned *, int,
                                                        unsigned *);
template __global__ void histogram_edges_kernel<__half>(const __half *,
                                                        const unsigned *, int,
                                                        unsigned *);
