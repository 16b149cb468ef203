// cub_primitives.cu - CUB 1.17's warp and block primitives, from the
// unmodified headers (Debian's libcub-dev here, the same version on the
// NVIDIA side), written the way CUB's examples use them: WarpReduce and
// WarpScan over logical warps of 4..32 lanes, BlockReduce and BlockScan
// with every algorithm, BlockRadixSort (keys, keys and values; unsigned,
// int, float with negatives and -0), BlockHistogram (sort and atomic),
// WarpExchange and BlockExchange (cub_warp, cub_block128, cub_block96);
// the same for every type CUB's shuffle code has its own inline PTX for,
// segmented and partial reductions (cub_warp_types); every BlockScan and
// BlockReduce operation, 64-bit and double radix sorts, the match-any
// radix ranks, time-sliced exchanges, BlockLoad/BlockStore and
// BlockDiscontinuity (cub_block_more96, cub_block_more160); padded
// exchanges of 8 items (cub_exchange_padded). Each kernel writes one
// record of words per thread; inputs come from a hash of the thread index.
// Blocks of 128, 96 and 160 threads (96: on wave64 one wave holds warps 0
// and 1, another warp 2 alone). Captured on the H100 with CUB 1.17 too (not
// the toolkit's): nvcc -O2 -arch=sm_90 -I <dir holding 1.17's cub/>
// -DCUB_IGNORE_DEPRECATED_CPP_DIALECT -Wno-deprecated-declarations, then
// `program NAME > expected.NAME.nvidia.txt` for NAME in warp, block128,
// block96, warp_types, block_more96, block_more160, exchange_padded (each
// ran twice with equal output; compute-sanitizer's racecheck, synccheck
// and memcheck find nothing in the last four);
// lit-tests/corpus/cub-primitives.test compares our results on wavesim.
#include <cub/block/block_discontinuity.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_rank.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
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


// ---------------------------------------------------------------------------
// cub_warp_types: WarpReduce and WarpScan for every type CUB's shuffle code
// has its own inline PTX for (unsigned, float, long long, unsigned long
// long, double, KeyValuePair for ArgMax), segmented reductions (head and
// tail flags), partial warps, Scan with both outputs and Broadcast, at
// logical widths 32, 16, 8 and 4, in blocks of 96 (wave64: warp 2 alone in
// its wave). Float and double inputs are built from bits (no arithmetic, so
// no contraction differs) and summed in CUB's order, the same on both sides.
// 32 words per width; words CUB leaves undefined (exclusive scans without
// an initial value in lane 0, segmented sums outside segment heads) are 0.
// ---------------------------------------------------------------------------

__device__ float hashedFloat(unsigned I, unsigned Salt) {
  unsigned H = hashIndex(I * 0x9e3779b9u + Salt);
  return __uint_as_float((H & 0x807fffffu) | ((120u + H % 14u) << 23));
}

__device__ double hashedDouble(unsigned I, unsigned Salt) {
  unsigned long long H =
      (unsigned long long)hashIndex(I * 0x85ebca6bu + Salt) << 32 |
      hashIndex(I * 0xc2b2ae35u + Salt + 1);
  return __longlong_as_double((long long)((H & 0x800fffffffffffffull) |
                                          ((1015ull + H % 17) << 52)));
}

/* In [-2^39, 2^39): sums of a block stay far from overflow. */
__device__ long long hashedLong(unsigned I, unsigned Salt) {
  unsigned long long H = (unsigned long long)hashIndex(I * 31u + Salt) << 32 |
                         hashIndex(I * 17u + Salt + 5);
  return (long long)(H >> 24) - (1ll << 39);
}

__device__ bool headFlag(unsigned I, unsigned Salt) {
  return hashIndex(I * 13u + Salt) % 5u == 0;
}

__device__ void putLong(unsigned *R, unsigned long long X) {
  R[0] = (unsigned)X;
  R[1] = (unsigned)(X >> 32);
}

struct MinAbsThenSigned {
  __device__ long long operator()(const long long &A, const long long &B) const {
    long long X = A < 0 ? -A : A, Y = B < 0 ? -B : B;
    return X < Y || (X == Y && A < B) ? A : B;
  }
};

template <int LOGICAL>
__device__ void warpTypes(unsigned *R, unsigned T) {
  typedef cub::WarpReduce<unsigned, LOGICAL> ReduceU;
  typedef cub::WarpReduce<float, LOGICAL> ReduceF;
  typedef cub::WarpReduce<long long, LOGICAL> ReduceL;
  typedef cub::WarpReduce<unsigned long long, LOGICAL> ReduceUL;
  typedef cub::WarpReduce<double, LOGICAL> ReduceD;
  typedef cub::WarpReduce<int, LOGICAL> ReduceI;
  typedef cub::KeyValuePair<int, float> Pair;
  typedef cub::WarpReduce<Pair, LOGICAL> ReduceP;
  typedef cub::WarpScan<unsigned, LOGICAL> ScanU;
  typedef cub::WarpScan<long long, LOGICAL> ScanL;
  typedef cub::WarpScan<double, LOGICAL> ScanD;
  typedef cub::WarpScan<float, LOGICAL> ScanF;
  typedef cub::WarpScan<int, LOGICAL> ScanI;
  enum { WARPS = 96 / LOGICAL };
  __shared__ union {
    typename ReduceU::TempStorage U[WARPS];
    typename ReduceF::TempStorage F[WARPS];
    typename ReduceL::TempStorage L[WARPS];
    typename ReduceUL::TempStorage UL[WARPS];
    typename ReduceD::TempStorage D[WARPS];
    typename ReduceI::TempStorage I[WARPS];
    typename ReduceP::TempStorage P[WARPS];
    typename ScanU::TempStorage SU[WARPS];
    typename ScanL::TempStorage SL[WARPS];
    typename ScanD::TempStorage SD[WARPS];
    typename ScanF::TempStorage SF[WARPS];
    typename ScanI::TempStorage SI[WARPS];
  } Temp;
  const unsigned W = threadIdx.x / LOGICAL, Lane = threadIdx.x % LOGICAL;
  const unsigned U = hashIndex(T * 3u + LOGICAL);
  const float F = hashedFloat(T, LOGICAL);
  const long long L = hashedLong(T, LOGICAL);
  const double D = hashedDouble(T, LOGICAL);
  const int I = smallInt(T, LOGICAL + 40);

  R[0] = ReduceU(Temp.U[W]).Sum(U);
  R[1] = ReduceU(Temp.U[W]).Reduce(U, cub::Min());
  R[2] = __float_as_uint(ReduceF(Temp.F[W]).Sum(F));
  R[3] = __float_as_uint(ReduceF(Temp.F[W]).Reduce(F, cub::Max()));
  R[4] = __float_as_uint(ReduceF(Temp.F[W]).Sum(F, LOGICAL / 2 + 1));
  putLong(R + 5, ReduceL(Temp.L[W]).Sum(L));
  putLong(R + 7, ReduceL(Temp.L[W]).Reduce(L, MinAbsThenSigned()));
  putLong(R + 9, ReduceUL(Temp.UL[W]).Sum((unsigned long long)L * 977u));
  putLong(R + 11, __double_as_longlong(ReduceD(Temp.D[W]).Sum(D)));
  Pair P;
  P.key = (int)Lane;
  P.value = (float)(smallInt(T, 77) % 9);
  Pair Best = ReduceP(Temp.P[W]).Reduce(P, cub::ArgMax());
  R[13] = Lane == 0 ? (unsigned)Best.key : 0u;
  R[14] = Lane == 0 ? __float_as_uint(Best.value) : 0u;
  bool Head = headFlag(T, LOGICAL), Tail = headFlag(T + 1000, LOGICAL);
  bool PrevTail = Lane > 0 && headFlag(T - 1 + 1000, LOGICAL);
  int Seg = ReduceI(Temp.I[W]).HeadSegmentedSum(I, Head);
  R[15] = (Head || Lane == 0) ? (unsigned)Seg : 0u;
  Seg = ReduceI(Temp.I[W]).TailSegmentedSum(I, Tail);
  R[16] = (PrevTail || Lane == 0) ? (unsigned)Seg : 0u;
  Seg = ReduceI(Temp.I[W]).HeadSegmentedReduce(I, Head, cub::Max());
  R[17] = (Head || Lane == 0) ? (unsigned)Seg : 0u;

  unsigned UOut, UAgg;
  ScanU(Temp.SU[W]).InclusiveSum(U, UOut, UAgg);
  R[18] = UOut;
  R[19] = UAgg;
  long long LOut, LAgg;
  ScanL(Temp.SL[W]).ExclusiveSum(L, LOut, LAgg);
  putLong(R + 20, LOut);
  putLong(R + 22, LAgg);
  double DOut;
  ScanD(Temp.SD[W]).InclusiveSum(D, DOut);
  putLong(R + 24, __double_as_longlong(DOut));
  float FOut;
  ScanF(Temp.SF[W]).ExclusiveScan(F, FOut, cub::Min());
  R[26] = Lane == 0 ? 0u : __float_as_uint(FOut);
  int Inclusive, Exclusive;
  ScanI(Temp.SI[W]).Scan(I, Inclusive, Exclusive, AbsMax());
  R[27] = Inclusive;
  R[28] = Lane == 0 ? 0u : (unsigned)Exclusive;
  ScanI(Temp.SI[W]).Scan(I, Inclusive, Exclusive, 7, cub::Sum());
  R[29] = Inclusive ^ (Exclusive << 16);
  ScanL(Temp.SL[W]).InclusiveScan(L, LOut, cub::Max());
  R[30] = (unsigned)(LOut >> 13);
  R[31] = ScanU(Temp.SU[W]).Broadcast(U, (W * 5u + 3u) % LOGICAL);
}

__global__ void cub_warp_types(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *R = Out + T * 4 * 32;
  warpTypes<32>(R, T);
  warpTypes<16>(R + 32, T);
  warpTypes<8>(R + 64, T);
  warpTypes<4>(R + 96, T);
}

// ---------------------------------------------------------------------------
// cub_block_more: every BlockScan operation on each algorithm (sums, scans
// with an operator, aggregates, a running prefix over three tiles through a
// BlockPrefixCallbackOp, long long and double), BlockReduce of long long,
// double, ArgMin pairs and partial tiles on each algorithm, BlockRadixSort
// of 64-bit keys, doubles (infinities, -0, denormals), a bit range and
// descending pairs, BlockRadixRankMatch and BlockRadixRankMatchEarlyCounts
// (CUB's match-any emulation and its atomicOr variant), BlockExchange with
// WARP_TIME_SLICING, BlockHistogram of 2 x THREADS bins over two tiles, BlockLoad and
// BlockStore (transposing algorithms) and BlockDiscontinuity. 104 words a
// thread (the last 3 unused); BlockReduce's results (defined in thread 0 only) are written by
// thread 0.
// ---------------------------------------------------------------------------

struct RunningPrefix {
  int Total;
  __device__ RunningPrefix(int Start) : Total(Start) {}
  __device__ int operator()(int BlockAggregate) {
    int Old = Total;
    Total += BlockAggregate;
    return Old;
  }
};

template <int THREADS, cub::BlockScanAlgorithm ALGORITHM>
__device__ void blockScanAll(unsigned *R, unsigned T) {
  typedef cub::BlockScan<int, THREADS, ALGORITHM> ScanI;
  typedef cub::BlockScan<long long, THREADS, ALGORITHM> ScanL;
  typedef cub::BlockScan<double, THREADS, ALGORITHM> ScanD;
  __shared__ union {
    typename ScanI::TempStorage I;
    typename ScanL::TempStorage L;
    typename ScanD::TempStorage D;
  } Temp;
  int V = smallInt(T, 300 + ALGORITHM), Out, Aggregate;
  int Items[2] = {smallInt(T, 310), smallInt(T, 311)}, Outs[2];
  ScanI(Temp.I).ExclusiveSum(V, Out);
  R[0] = Out;
  __syncthreads();
  ScanI(Temp.I).InclusiveSum(Items, Outs, Aggregate);
  R[1] = Outs[1];
  R[2] = Aggregate;
  __syncthreads();
  ScanI(Temp.I).ExclusiveScan(Items, Outs, 100, AbsMax());
  R[3] = Outs[0] ^ (Outs[1] << 16);
  __syncthreads();
  ScanI(Temp.I).InclusiveScan(V, Out, cub::Min(), Aggregate);
  R[4] = Out;
  R[5] = Aggregate;
  __syncthreads();
  ScanI(Temp.I).ExclusiveScan(V, Out, cub::Max());
  R[6] = threadIdx.x == 0 ? 0u : (unsigned)Out;
  __syncthreads();
  RunningPrefix Prefix(-17);
  for (int Tile = 0; Tile < 3; ++Tile) {
    ScanI(Temp.I).ExclusiveSum(smallInt(T, 320 + Tile), Out, Prefix);
    R[7 + Tile] = Out;
    __syncthreads();
  }
  long long LOut;
  ScanL(Temp.L).InclusiveSum(hashedLong(T, 330), LOut);
  putLong(R + 10, LOut);
  __syncthreads();
  double DOut, DAggregate;
  ScanD(Temp.D).ExclusiveSum(hashedDouble(T, 331), DOut, DAggregate);
  putLong(R + 12, threadIdx.x == 0 ? 0ull : __double_as_longlong(DOut));
  putLong(R + 14, __double_as_longlong(DAggregate));
  __syncthreads();
}

template <int THREADS, cub::BlockReduceAlgorithm ALGORITHM>
__device__ void blockReduceAll(unsigned *R, unsigned T) {
  typedef cub::BlockReduce<long long, THREADS, ALGORITHM> ReduceL;
  typedef cub::BlockReduce<double, THREADS, ALGORITHM> ReduceD;
  typedef cub::KeyValuePair<int, int> Pair;
  typedef cub::BlockReduce<Pair, THREADS, ALGORITHM> ReduceP;
  typedef cub::BlockReduce<unsigned, THREADS, ALGORITHM> ReduceU;
  __shared__ union {
    typename ReduceL::TempStorage L;
    typename ReduceD::TempStorage D;
    typename ReduceP::TempStorage P;
    typename ReduceU::TempStorage U;
  } Temp;
  long long L = ReduceL(Temp.L).Sum(hashedLong(T, 400 + ALGORITHM));
  __syncthreads();
  double D = ReduceD(Temp.D).Sum(hashedDouble(T, 401));
  __syncthreads();
  Pair P;
  P.key = (int)threadIdx.x;
  P.value = smallInt(T, 402) / 50;
  Pair Least = ReduceP(Temp.P).Reduce(P, cub::ArgMin());
  __syncthreads();
  unsigned Items[3] = {hashIndex(T * 3), hashIndex(T * 3 + 1), hashIndex(T * 3 + 2)};
  unsigned Max = ReduceU(Temp.U).Reduce(Items, cub::Max());
  __syncthreads();
  unsigned Partial = ReduceU(Temp.U).Sum(Items[0], THREADS / 3 + 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    putLong(R, L);
    putLong(R + 2, __double_as_longlong(D));
    R[4] = Least.key;
    R[5] = Least.value;
    R[6] = Max;
    R[7] = Partial;
  }
}

template <int THREADS>
__device__ void sortAndRank(unsigned *R, unsigned T) {
  typedef cub::BlockRadixSort<unsigned long long, THREADS, 2, int> Sort64;
  typedef cub::BlockRadixSort<double, THREADS, 2> SortD;
  typedef cub::BlockRadixSort<unsigned, THREADS, 3, unsigned> SortBits;
  typedef cub::BlockRadixSort<float, THREADS, 2, int, 5, true, cub::BLOCK_SCAN_RAKING> SortF;
  typedef cub::BlockRadixRankMatch<THREADS, 5, false> RankMatch;
  typedef cub::BlockRadixRankMatchEarlyCounts<THREADS, 6, false, cub::BLOCK_SCAN_WARP_SCANS, cub::WARP_MATCH_ANY> RankAny;
  typedef cub::BlockRadixRankMatchEarlyCounts<THREADS, 6, true, cub::BLOCK_SCAN_WARP_SCANS, cub::WARP_MATCH_ATOMIC_OR> RankOr;
  __shared__ union {
    typename Sort64::TempStorage A;
    typename SortD::TempStorage B;
    typename SortBits::TempStorage C;
    typename SortF::TempStorage D;
    typename RankMatch::TempStorage E;
    typename RankAny::TempStorage F;
    typename RankOr::TempStorage G;
  } Temp;
  unsigned long long Keys64[2] = {(unsigned long long)hashedLong(T, 500),
                                  (unsigned long long)hashedLong(T, 501) >> (T % 40)};
  int Values[2] = {(int)T * 2, (int)T * 2 + 1};
  Sort64(Temp.A).SortDescendingBlockedToStriped(Keys64, Values);
  __syncthreads();
  putLong(R, Keys64[1]);
  R[2] = Values[0];
  const unsigned long long Edges[8] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull,
      0xfff0000000000000ull, 0x0000000000000001ull, 0x8000000000000001ull,
      0x0010000000000000ull, 0xbff8000000000000ull};
  double DKeys[2] = {T % 5 == 0 ? __longlong_as_double((long long)Edges[T / 5 % 8])
                                : hashedDouble(T, 502),
                     (double)smallInt(T, 503)};
  SortD(Temp.B).Sort(DKeys);
  __syncthreads();
  putLong(R + 3, __double_as_longlong(DKeys[0]));
  putLong(R + 5, __double_as_longlong(DKeys[1]));
  unsigned Bits[3] = {hashIndex(T + 504), hashIndex(T + 505), hashIndex(T + 506)};
  unsigned Tags[3] = {T, T + 1000, T + 2000};
  SortBits(Temp.C).Sort(Bits, Tags, 4, 13);
  __syncthreads();
  R[7] = Bits[2];
  R[8] = Tags[0] ^ (Tags[1] << 16);
  float FKeys[2] = {hashedFloat(T, 507), T % 3 == 0 ? -0.0f : (float)smallInt(T, 508)};
  int FValues[2] = {(int)T, -(int)T};
  SortF(Temp.D).SortDescending(FKeys, FValues);
  __syncthreads();
  R[9] = __float_as_uint(FKeys[0]);
  R[10] = __float_as_uint(FKeys[1]);
  R[11] = FValues[0] ^ (FValues[1] << 16);
  unsigned RankKeys[4];
  int Ranks[4];
  for (int K = 0; K < 4; ++K)
    RankKeys[K] = hashIndex(T * 4 + K + 509);
  RankMatch(Temp.E).RankKeys(RankKeys, Ranks, cub::BFEDigitExtractor<unsigned>(3, 5));
  __syncthreads();
  R[12] = Ranks[0] | Ranks[1] << 16;
  R[13] = Ranks[2] | Ranks[3] << 16;
  int Prefix[RankAny::BINS_TRACKED_PER_THREAD];
  RankAny(Temp.F).RankKeys(RankKeys, Ranks, cub::BFEDigitExtractor<unsigned>(20, 6), Prefix);
  __syncthreads();
  R[14] = Ranks[0] | Ranks[3] << 16;
  R[15] = threadIdx.x < 64 ? (unsigned)Prefix[0] : 0u;
  RankOr(Temp.G).RankKeys(RankKeys, Ranks, cub::BFEDigitExtractor<unsigned>(26, 6), Prefix);
  __syncthreads();
  R[16] = Ranks[1] | Ranks[2] << 16;
  R[17] = threadIdx.x < 64 ? (unsigned)Prefix[0] : 0u;
}

template <int THREADS>
__device__ void exchangeLoadHistogram(unsigned *R, unsigned T) {
  typedef cub::BlockExchange<int, THREADS, 5, true> SlicedEx;
  typedef cub::BlockHistogram<unsigned short, THREADS, 3, 2 * THREADS, cub::BLOCK_HISTO_SORT> HistoSort;
  typedef cub::BlockHistogram<unsigned short, THREADS, 3, 2 * THREADS, cub::BLOCK_HISTO_ATOMIC> HistoAtomic;
  typedef cub::BlockLoad<int, THREADS, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE> LoadWarp;
  typedef cub::BlockLoad<int, THREADS, 4, cub::BLOCK_LOAD_TRANSPOSE> LoadT;
  typedef cub::BlockLoad<int, THREADS, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED> LoadSliced;
  typedef cub::BlockStore<int, THREADS, 4, cub::BLOCK_STORE_WARP_TRANSPOSE> StoreWarp;
  typedef cub::BlockDiscontinuity<int, THREADS> Discontinuity;
  __shared__ union {
    typename SlicedEx::TempStorage A;
    typename HistoSort::TempStorage D;
    typename HistoAtomic::TempStorage E;
    typename LoadWarp::TempStorage F;
    typename LoadT::TempStorage G;
    typename LoadSliced::TempStorage H;
    typename StoreWarp::TempStorage I;
    typename Discontinuity::TempStorage J;
  } Temp;
  __shared__ unsigned Bins[2][2 * THREADS];
  __shared__ int Tile[THREADS * 4 + 8];
  const unsigned Tid = threadIdx.x;
  int Five[5];
  for (int K = 0; K < 5; ++K)
    Five[K] = (int)(Tid * 5 + K);
  SlicedEx(Temp.A).BlockedToStriped(Five);
  __syncthreads();
  R[0] = Five[0] | Five[4] << 16;
  SlicedEx(Temp.A).StripedToBlocked(Five);
  __syncthreads();
  SlicedEx(Temp.A).BlockedToWarpStriped(Five);
  __syncthreads();
  R[1] = Five[1] | Five[3] << 16;
  SlicedEx(Temp.A).WarpStripedToBlocked(Five);
  __syncthreads();
  R[2] = Five[2] | Five[4] << 16;
  unsigned short Samples[3];
  for (int K = 0; K < 3; ++K)
    Samples[K] = (unsigned short)(hashIndex(T * 3 + K + 600) % (2 * THREADS));
  HistoSort(Temp.D).Histogram(Samples, Bins[0]);
  __syncthreads();
  for (int K = 0; K < 3; ++K)
    Samples[K] = (unsigned short)(hashIndex(T * 3 + K + 700) % (2 * THREADS));
  HistoSort(Temp.D).Composite(Samples, Bins[0]);
  __syncthreads();
  HistoAtomic(Temp.E).InitHistogram(Bins[1]);
  __syncthreads();
  HistoAtomic(Temp.E).Composite(Samples, Bins[1]);
  __syncthreads();
  R[3] = Bins[0][Tid] | Bins[0][Tid + THREADS] << 16;
  R[4] = Bins[1][Tid] | Bins[1][Tid + THREADS] << 16;

  for (unsigned K = Tid; K < THREADS * 4 + 8; K += THREADS)
    Tile[K] = smallInt(K + blockIdx.x * 10000u, 800);
  __syncthreads();
  int Loaded[4];
  LoadWarp(Temp.F).Load(Tile, Loaded);
  __syncthreads();
  R[5] = Loaded[0] ^ (Loaded[3] << 16);
  LoadT(Temp.G).Load(Tile + 8, Loaded, THREADS * 4 - 37, -99);
  __syncthreads();
  R[6] = Loaded[1] ^ (Loaded[2] << 16);
  LoadSliced(Temp.H).Load(Tile + 4, Loaded);
  __syncthreads();
  R[7] = Loaded[0] ^ (Loaded[2] << 16);
  int Flags[4];
  int Heads[4];
  for (int K = 0; K < 4; ++K)
    Heads[K] = Loaded[K] / 300;
  Discontinuity(Temp.J).FlagHeads(Flags, Heads, cub::Inequality());
  __syncthreads();
  R[8] = Flags[0] | Flags[1] << 1 | Flags[2] << 2 | Flags[3] << 3;
  int Tails[4];
  Discontinuity(Temp.J).FlagHeadsAndTails(Flags, Heads[0], Tails, -1, Heads, cub::Inequality());
  __syncthreads();
  R[9] = Flags[0] | Flags[1] << 1 | Flags[2] << 2 | Flags[3] << 3 |
          Tails[0] << 4 | Tails[1] << 5 | Tails[2] << 6 | Tails[3] << 7;
  StoreWarp(Temp.I).Store(Tile, Loaded, THREADS * 4 - 50);
  __syncthreads();
  R[10] = Tile[Tid * 4 + 1] ^ (Tile[Tid * 4 + 3] << 16);
}

template <int THREADS>
__device__ void blockMore(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *R = Out + T * 104;
  blockScanAll<THREADS, cub::BLOCK_SCAN_RAKING>(R, T);
  blockScanAll<THREADS, cub::BLOCK_SCAN_RAKING_MEMOIZE>(R + 16, T);
  blockScanAll<THREADS, cub::BLOCK_SCAN_WARP_SCANS>(R + 32, T);
  blockReduceAll<THREADS, cub::BLOCK_REDUCE_RAKING>(R + 48, T);
  blockReduceAll<THREADS, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>(R + 56, T);
  blockReduceAll<THREADS, cub::BLOCK_REDUCE_WARP_REDUCTIONS>(R + 64, T);
  __syncthreads();
  sortAndRank<THREADS>(R + 72, T);
  __syncthreads();
  exchangeLoadHistogram<THREADS>(R + 90, T);
}

__global__ void cub_block_more96(unsigned *Out) { blockMore<96>(Out); }
__global__ void cub_block_more160(unsigned *Out) { blockMore<160>(Out); }


// ---------------------------------------------------------------------------
// cub_exchange_padded: BlockExchange and WarpExchange with 8 items a thread,
// where CUB pads the shared tile (INSERT_PADDING: a power of two above 4
// items) and computes offsets with SHR_ADD, the inline PTX
// vshr.u32.u32.u32.clamp.add. Blocks of 96; 8 words a thread (2 unused).
// Compiled out by -D CUB_SKIP_PADDED_EXCHANGE.
// ---------------------------------------------------------------------------
#ifndef CUB_SKIP_PADDED_EXCHANGE
template <int THREADS>
__device__ void exchangePadded(unsigned *R) {
  typedef cub::BlockExchange<short, THREADS, 8> PaddedEx;
  typedef cub::WarpExchange<int, 8, 16> WarpEx16;
  __shared__ union {
    typename PaddedEx::TempStorage B;
    typename WarpEx16::TempStorage C[THREADS / 16];
  } Temp;
  const unsigned Tid = threadIdx.x;
  short Eight[8];
  int Ranks[8];
  for (int K = 0; K < 8; ++K) {
    Eight[K] = (short)(Tid * 8 + K);
    Ranks[K] = (int)((Tid * 8 + K) * 37 % (THREADS * 8));
  }
  PaddedEx(Temp.B).BlockedToStriped(Eight);
  __syncthreads();
  R[0] = (unsigned short)Eight[0] | (unsigned)(unsigned short)Eight[7] << 16;
  PaddedEx(Temp.B).ScatterToStriped(Eight, Ranks);
  __syncthreads();
  R[1] = (unsigned short)Eight[1] | (unsigned)(unsigned short)Eight[6] << 16;
  PaddedEx(Temp.B).ScatterToBlocked(Eight, Ranks);
  __syncthreads();
  R[2] = (unsigned short)Eight[2] | (unsigned)(unsigned short)Eight[5] << 16;
  int W8[8];
  for (int K = 0; K < 8; ++K)
    W8[K] = (int)(Tid * 8 + K);
  WarpEx16(Temp.C[Tid / 16]).BlockedToStriped(W8, W8);
  R[3] = W8[0] | W8[7] << 16;
  __syncwarp();
  WarpEx16(Temp.C[Tid / 16]).StripedToBlocked(W8, W8);
  R[4] = W8[3] | W8[4] << 16;
  __syncwarp();
  for (int K = 0; K < 8; ++K)
    Ranks[K] = (int)((Tid % 16 * 8 + K) * 5 % 128);
  WarpEx16(Temp.C[Tid / 16]).ScatterToStriped(W8, Ranks);
  R[5] = W8[1] | W8[6] << 16;
  __syncthreads();

}

__global__ void cub_exchange_padded(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  exchangePadded<96>(Out + T * 8);
}
#endif

#ifndef NO_MAIN
#include <cstdlib>
#include <cstring>

#define CUDA_CHECK(Call)                                                       \
  do {                                                                         \
    cudaError_t Status = (Call);                                               \
    if (Status != cudaSuccess) {                                               \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #Call,            \
              cudaGetErrorString(Status));                                     \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

/* Launches Kernel<<<Blocks, Threads>>> over Words zeroed words and prints
 * them as the wavesim CLI prints a buffer. */
static void launch(void (*Kernel)(unsigned *), int Blocks, int Threads,
                   int Words) {
  unsigned *Device, *Host = new unsigned[Words];
  CUDA_CHECK(cudaMalloc(&Device, Words * sizeof(unsigned)));
  CUDA_CHECK(cudaMemset(Device, 0, Words * sizeof(unsigned)));
  Kernel<<<Blocks, Threads>>>(Device);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(Host, Device, Words * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  for (int K = 0; K < Words; K += 16) {
    printf("buf0[%d]:", K);
    for (int J = K; J < K + 16 && J < Words; ++J)
      printf(" %d", (int)Host[J]);
    printf("\n");
  }
  CUDA_CHECK(cudaFree(Device));
  delete[] Host;
}

int main(int argc, char **argv) {
  const char *Which = argc > 1 ? argv[1] : "warp";
  if (!strcmp(Which, "block128"))
    launch(cub_block128, 2, 128, 2 * 128 * Words);
  else if (!strcmp(Which, "block96"))
    launch(cub_block96, 2, 96, 2 * 96 * Words);
  else if (!strcmp(Which, "warp_types"))
    launch(cub_warp_types, 2, 96, 2 * 96 * 128);
  else if (!strcmp(Which, "block_more96"))
    launch(cub_block_more96, 2, 96, 2 * 96 * 104);
  else if (!strcmp(Which, "block_more160"))
    launch(cub_block_more160, 1, 160, 160 * 104);
#ifndef CUB_SKIP_PADDED_EXCHANGE
  else if (!strcmp(Which, "exchange_padded"))
    launch(cub_exchange_padded, 2, 96, 2 * 96 * 8);
#endif
  else
    launch(cub_warp, 2, 128, 2 * 128 * 48);
  return 0;
}
#endif
