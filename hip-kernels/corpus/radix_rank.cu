// radix_rank.cu - Warp-level radix digit ranking and one block-wide radix
// sort pass, the way CUB's BlockRadixRankMatch and Onesweep rank keys.
//
// A lane's peers (the lanes of its warp holding the same digit) come
// either from __match_any_sync on the digit or, on hardware without match,
// from RADIX_BITS ballots, one per digit bit, anded together. Its rank
// among its peers is __popc(peers & %lanemask_lt); the lowest peer adds the
// group's size to the digit's counter in shared memory, and all peers add
// the counter's old value that it broadcasts. Keys are turned into
// unsigned bit patterns whose order is the key order (sign flip for int
// and long long, CUB's float twiddle for float and double). Instantiated
// for unsigned, int, unsigned long long, long long, float and double with
// 4- and 8-bit digits.
#include "corpus.h"

template <typename K> struct KeyTraits;
template <> struct KeyTraits<unsigned> {
  typedef unsigned Bits;
  static __device__ Bits twiddle(unsigned K) { return K; }
};
template <> struct KeyTraits<int> {
  typedef unsigned Bits;
  static __device__ Bits twiddle(int K) { return (unsigned)K ^ 0x80000000u; }
};
template <> struct KeyTraits<unsigned long long> {
  typedef unsigned long long Bits;
  static __device__ Bits twiddle(unsigned long long K) { return K; }
};
template <> struct KeyTraits<long long> {
  typedef unsigned long long Bits;
  static __device__ Bits twiddle(long long K) {
    return (unsigned long long)K ^ 0x8000000000000000ull;
  }
};
template <> struct KeyTraits<float> {
  typedef unsigned Bits;
  static __device__ Bits twiddle(float K) {
    unsigned B = __builtin_bit_cast(unsigned, K);
    unsigned Mask = (B & 0x80000000u) ? 0xffffffffu : 0x80000000u;
    return B ^ Mask;
  }
};
template <> struct KeyTraits<double> {
  typedef unsigned long long Bits;
  static __device__ Bits twiddle(double K) {
    unsigned long long B = __builtin_bit_cast(unsigned long long, K);
    unsigned long long Mask = (B >> 63) ? ~0ull : 0x8000000000000000ull;
    return B ^ Mask;
  }
};

template <int RADIX_BITS, typename Bits>
__device__ unsigned digitOf(Bits Key, int Shift) {
  return (unsigned)(Key >> Shift) & ((1u << RADIX_BITS) - 1u);
}

// Peers by ballots: lanes agreeing with this lane on every digit bit.
template <int RADIX_BITS>
__device__ unsigned peersByBallot(unsigned Mask, unsigned Digit) {
  unsigned Peers = Mask;
#pragma unroll
  for (int Bit = 0; Bit < RADIX_BITS; ++Bit) {
    bool Set = (Digit >> Bit) & 1u;
    unsigned Votes = __ballot_sync(Mask, Set);
    Peers &= Set ? Votes : ~Votes;
  }
  return Peers;
}

template <typename K, int RADIX_BITS, bool USE_MATCH>
__global__ void warp_rank_kernel(const K *Keys, unsigned *Ranks,
                                 unsigned *Counts, int N, int Shift) {
  typedef typename KeyTraits<K>::Bits Bits;
  constexpr int DIGITS = 1 << RADIX_BITS;
  __shared__ unsigned WarpCounts[8][DIGITS];
  unsigned Warp = threadIdx.x / 32;
  for (int D = __laneid(); D < DIGITS; D += 32)
    WarpCounts[Warp][D] = 0;
  __syncwarp();

  int I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Mask = __ballot_sync(FULL_MASK, I < N);
  if (I < N) {
    Bits Key = KeyTraits<K>::twiddle(Keys[I]);
    unsigned Digit = digitOf<RADIX_BITS>(Key, Shift);
    unsigned Peers = USE_MATCH ? __match_any_sync(Mask, Digit)
                               : peersByBallot<RADIX_BITS>(Mask, Digit);
    int Leader = __ffs(Peers) - 1;
    unsigned Below = __popc(Peers & __lanemask_lt());
    unsigned Base = 0;
    if ((int)__laneid() == Leader) {
      Base = WarpCounts[Warp][Digit];
      WarpCounts[Warp][Digit] = Base + __popc(Peers);
    }
    Base = __shfl_sync(Peers, Base, Leader);
    Ranks[I] = Base + Below;
  }
  __syncwarp();
  for (int D = __laneid(); D < DIGITS; D += 32)
    atomicAdd(&Counts[D], WarpCounts[Warp][D]);
}

// One scatter pass of a block-local radix sort: rank by match_any, scan the
// digit counts over the block, scatter keys to shared memory and back.
template <typename K, int RADIX_BITS, int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS)
    block_radix_pass_kernel(K *Keys, int Shift) {
  typedef typename KeyTraits<K>::Bits Bits;
  constexpr int DIGITS = 1 << RADIX_BITS;
  constexpr int WARPS = BLOCK_THREADS / 32;
  __shared__ unsigned Counts[WARPS][DIGITS];
  __shared__ unsigned DigitStart[DIGITS];
  __shared__ K Sorted[BLOCK_THREADS];

  unsigned Warp = threadIdx.x / 32;
  for (int D = threadIdx.x; D < WARPS * DIGITS; D += BLOCK_THREADS)
    Counts[D / DIGITS][D % DIGITS] = 0;
  __syncthreads();

  K Key = Keys[blockIdx.x * BLOCK_THREADS + threadIdx.x];
  unsigned Digit = digitOf<RADIX_BITS>(KeyTraits<K>::twiddle(Key), Shift);
  unsigned Peers = __match_any_sync(FULL_MASK, Digit);
  unsigned Below = __popc(Peers & __lanemask_lt());
  if (Below == 0)
    Counts[Warp][Digit] = __popc(Peers);
  __syncthreads();

  if (threadIdx.x == 0) {
    unsigned Running = 0;
    for (int D = 0; D < DIGITS; ++D) {
      DigitStart[D] = Running;
      for (int W = 0; W < WARPS; ++W) {
        unsigned C = Counts[W][D];
        Counts[W][D] = Running;
        Running += C;
      }
    }
  }
  __syncthreads();
  Sorted[Counts[Warp][Digit] + Below] = Key;
  __syncthreads();
  Keys[blockIdx.x * BLOCK_THREADS + threadIdx.x] = Sorted[threadIdx.x];
}

#define WARP_RANK(K, BITS)                                                     \
  template __global__ void warp_rank_kernel<K, BITS, true>(                    \
      const K *, unsigned *, unsigned *, int, int);                            \
  template __global__ void warp_rank_kernel<K, BITS, false>(                   \
      const K *, unsigned *, unsigned *, int, int);
WARP_RANK(unsigned, 4)
WARP_RANK(unsigned, 8)
WARP_RANK(int, 8)
WARP_RANK(unsigned long long, 8)
WARP_RANK(long long, 4)
WARP_RANK(float, 8)
WARP_RANK(double, 4)

template __global__ void block_radix_pass_kernel<unsigned, 4, 256>(unsigned *,
                                                                   int);
template __global__ void block_radix_pass_kernel<float, 8, 128>(float *, int);
template __global__ void block_radix_pass_kernel<long long, 4, 64>(long long *,
                                                                   int);
