// cub_primitives.cu - CUB 1.17's warp and block primitives, from the
// unmodified headers (Debian's libcub-dev here, the same version on the
// NVIDIA side), written the way CUB's examples use them: WarpReduce and
// WarpScan over logical warps of 4..32 lanes, BlockReduce and BlockScan
// with every algorithm, BlockRadixSort (keys, keys and values; unsigned,
// int, float with negatives and -0), BlockHistogram (sort and atomic),
// WarpExchange and BlockExchange. Each kernel writes one record of words
// per thread; inputs come from a hash of the thread index. Block sizes 128
// and 96 (three warps: on wave64 one wave holds warps 0 and 1, another
// warp 2 alone). Captured on the H100 with CUB 1.17 too (not the toolkit's):
// nvcc -O2 -arch=sm_90 -I <dir holding 1.17's cub/>
// -DCUB_IGNORE_DEPRECATED_CPP_DIALECT -Wno-deprecated-declarations, then
// `program warp|block128|block96 > expected.<name>.nvidia.txt`;
// lit-tests/corpus/cub-primitives.test compares our results on wavesim.
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_exchange.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

#include "../buffer_program.h"

enum { Words = 32 };

struct AbsMax {
  template <typename T> __device__ T operator()(const T &A, const T &B) const {
    T X = A < 0 ? -A : A, Y = B < 0 ? -B : B;
    return X < Y ? B : A;
  }
};

__device__ int smallInt(unsigned I, unsigned Salt) {
#ifdef PLANTED_INPUT
  if (I == 5)
    return 1;
#endif
  return (int)(hashIndex(I * 7919u + Salt) % 2001u) - 1000;
}

template <int LOGICAL>
__device__ void warpReduceAndScan(unsigned *R, unsigned T) {
  typedef cub::WarpReduce<int, LOGICAL> ReduceInt;
  typedef cub::WarpReduce<double, LOGICAL> ReduceDouble;
  typedef cub::WarpScan<int, LOGICAL> ScanInt;
  typedef cub::WarpScan<float, LOGICAL> ScanFloat;
  __shared__ typename ReduceInt::TempStorage RI[128 / LOGICAL];
  __shared__ typename ReduceDouble::TempStorage RD[128 / LOGICAL];
  __shared__ typename ScanInt::TempStorage SI[128 / LOGICAL];
  __shared__ typename ScanFloat::TempStorage SF[128 / LOGICAL];
  const unsigned W = threadIdx.x / LOGICAL;
  int V = smallInt(T, LOGICAL);
  R[0] = ReduceInt(RI[W]).Sum(V);
  R[1] = ReduceInt(RI[W]).Reduce(V, cub::Max());
  R[2] = ReduceInt(RI[W]).Reduce(V, AbsMax());
  R[3] = ReduceInt(RI[W]).Sum(V, LOGICAL - 1);
  double D = ReduceDouble(RD[W]).Sum((double)V * 0.25);
  R[4] = (unsigned)(__double_as_longlong(D) >> 32);
  int Inclusive, Exclusive, Aggregate;
  ScanInt(SI[W]).InclusiveSum(V, Inclusive);
  R[5] = Inclusive;
  ScanInt(SI[W]).ExclusiveSum(V, Exclusive, Aggregate);
  R[6] = Exclusive;
  R[7] = Aggregate;
  ScanInt(SI[W]).InclusiveScan(V, Inclusive, cub::Max());
  R[8] = Inclusive;
  ScanInt(SI[W]).ExclusiveScan(V, Exclusive, -5000, AbsMax());
  R[9] = Exclusive;
  float F;
  ScanFloat(SF[W]).InclusiveSum((float)V, F);
  R[10] = __float_as_uint(F);
}

__global__ void cub_warp(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *R = Out + T * 4 * 12;
  warpReduceAndScan<32>(R, T);
  warpReduceAndScan<16>(R + 12, T);
  warpReduceAndScan<8>(R + 24, T);
  warpReduceAndScan<4>(R + 36, T);
}

template <int THREADS>
__device__ void blockReduceAndScan(unsigned *R, unsigned T) {
  typedef cub::BlockReduce<int, THREADS, cub::BLOCK_REDUCE_RAKING> Raking;
  typedef cub::BlockReduce<int, THREADS, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY> Commutative;
  typedef cub::BlockReduce<float, THREADS, cub::BLOCK_REDUCE_WARP_REDUCTIONS> Warps;
  typedef cub::BlockScan<int, THREADS, cub::BLOCK_SCAN_RAKING> ScanRaking;
  typedef cub::BlockScan<int, THREADS, cub::BLOCK_SCAN_RAKING_MEMOIZE> ScanMemoize;
  typedef cub::BlockScan<int, THREADS, cub::BLOCK_SCAN_WARP_SCANS> ScanWarps;
  __shared__ union {
    typename Raking::TempStorage A;
    typename Commutative::TempStorage B;
    typename Warps::TempStorage C;
    typename ScanRaking::TempStorage D;
    typename ScanMemoize::TempStorage E;
    typename ScanWarps::TempStorage F;
  } Temp;
  int V = smallInt(T, THREADS);
  int Items[3] = {V, smallInt(T, 1), smallInt(T, 2)};
  int Sum = Raking(Temp.A).Sum(V);
  __syncthreads();
  int Max = Raking(Temp.A).Reduce(Items, cub::Max());
  __syncthreads();
  int Partial = Commutative(Temp.B).Sum(V, THREADS - 5);
  __syncthreads();
  float FSum = Warps(Temp.C).Sum((float)V);
  __syncthreads();
  if (threadIdx.x == 0) {
    R[0] = Sum;
    R[1] = Max;
    R[2] = Partial;
    R[3] = __float_as_uint(FSum);
  }
  int Out, Aggregate, Scanned[3];
  ScanRaking(Temp.D).ExclusiveSum(V, Out, Aggregate);
  R[4] = Out;
  R[5] = Aggregate;
  __syncthreads();
  ScanMemoize(Temp.E).InclusiveScan(Items, Scanned, cub::Max());
  R[6] = Scanned[0];
  R[7] = Scanned[2];
  __syncthreads();
  ScanWarps(Temp.F).ExclusiveScan(V, Out, 0, AbsMax(), Aggregate);
  R[8] = Out;
  R[9] = Aggregate;
  __syncthreads();
  ScanWarps(Temp.F).InclusiveSum(Items, Scanned);
  R[10] = Scanned[1];
  __syncthreads();
}

template <int THREADS>
__device__ void sortHistogramExchange(unsigned *R, unsigned T) {
  typedef cub::BlockRadixSort<unsigned, THREADS, 4> SortKeys;
  typedef cub::BlockRadixSort<int, THREADS, 2, unsigned> SortPairs;
  typedef cub::BlockRadixSort<float, THREADS, 2> SortFloats;
  typedef cub::BlockHistogram<unsigned char, THREADS, 4, 32, cub::BLOCK_HISTO_SORT> HistoSort;
  typedef cub::BlockHistogram<unsigned char, THREADS, 4, 32, cub::BLOCK_HISTO_ATOMIC> HistoAtomic;
  typedef cub::BlockExchange<int, THREADS, 4> Exchange;
  typedef cub::WarpExchange<int, 4> WarpEx;
  __shared__ union {
    typename SortKeys::TempStorage A;
    typename SortPairs::TempStorage B;
    typename SortFloats::TempStorage C;
    typename HistoSort::TempStorage D;
    typename HistoAtomic::TempStorage E;
    typename Exchange::TempStorage F;
    typename WarpEx::TempStorage G[THREADS / 32];
  } Temp;
  __shared__ unsigned Bins[2][32];
  unsigned Keys[4];
  for (int K = 0; K < 4; ++K)
    Keys[K] = hashIndex(T * 4 + K);
  SortKeys(Temp.A).Sort(Keys);
  __syncthreads();
  for (int K = 0; K < 4; ++K)
    R[K] = Keys[K];
  int SKeys[2] = {smallInt(T, 11), smallInt(T, 12) * 1000};
  unsigned Values[2] = {T * 2, T * 2 + 1};
  SortPairs(Temp.B).SortDescending(SKeys, Values);
  __syncthreads();
  R[4] = SKeys[0];
  R[5] = Values[1];
  float FKeys[2] = {(float)smallInt(T, 13) / 8.0f, T % 7 == 0 ? -0.0f : (float)smallInt(T, 14)};
  SortFloats(Temp.C).SortBlockedToStriped(FKeys);
  __syncthreads();
  R[6] = __float_as_uint(FKeys[0]);
  R[7] = __float_as_uint(FKeys[1]);
  unsigned char Samples[4];
  for (int K = 0; K < 4; ++K)
    Samples[K] = (unsigned char)(hashIndex(T * 4 + K + 99) % 32);
  HistoSort(Temp.D).Histogram(Samples, Bins[0]);
  __syncthreads();
  HistoAtomic(Temp.E).Histogram(Samples, Bins[1]);
  __syncthreads();
  R[8] = threadIdx.x < 32 ? Bins[0][threadIdx.x] : 0;
  R[9] = threadIdx.x < 32 ? Bins[1][threadIdx.x] : 0;
  int Items[4];
  for (int K = 0; K < 4; ++K)
    Items[K] = (int)(threadIdx.x * 4 + K);
  Exchange(Temp.F).BlockedToStriped(Items);
  __syncthreads();
  R[10] = Items[0] | Items[3] << 16;
  Exchange(Temp.F).StripedToBlocked(Items);
  __syncthreads();
  R[11] = Items[1] | Items[2] << 16;
  Exchange(Temp.F).WarpStripedToBlocked(Items);
  __syncthreads();
  R[12] = Items[0] | Items[3] << 16;
  int Ranks[4];
  for (int K = 0; K < 4; ++K)
    Ranks[K] = (int)(THREADS * 4 - 1 - (threadIdx.x * 4 + K));
  Exchange(Temp.F).ScatterToBlocked(Items, Ranks);
  __syncthreads();
  R[13] = Items[0] | Items[2] << 16;
  WarpEx(Temp.G[threadIdx.x / 32]).BlockedToStriped(Items, Items);
  R[14] = Items[0] | Items[1] << 16;
  WarpEx(Temp.G[threadIdx.x / 32]).StripedToBlocked(Items, Items);
  R[15] = Items[2] | Items[3] << 16;
}

__global__ void cub_block128(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  blockReduceAndScan<128>(Out + T * Words, T);
  sortHistogramExchange<128>(Out + T * Words + 12, T);
}

__global__ void cub_block96(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  blockReduceAndScan<96>(Out + T * Words, T);
  sortHistogramExchange<96>(Out + T * Words + 12, T);
}

#ifndef NO_MAIN
#include <cstring>
int main(int argc, char **argv) {
  const char *Which = argc > 1 ? argv[1] : "warp";
  if (!strcmp(Which, "block128"))
    return runAndPrint(cub_block128, 2, 128, 2 * 128 * Words);
  if (!strcmp(Which, "block96"))
    return runAndPrint(cub_block96, 2, 96, 2 * 96 * Words);
  return runAndPrint(cub_warp, 2, 128, 2 * 128 * 48);
}
#endif
