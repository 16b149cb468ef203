// warp_bitonic_sort.cu - Warp-level bitonic sorting networks over
// __shfl_xor_sync, as sorting and top-k kernels (llama.cpp's argsort,
// FAISS's warp-select) write them.
//
// Each stage compares a lane's value with the one of its xor partner and
// keeps the smaller or the larger depending on the lane's position in the
// bitonic sequence. Keys alone, key-value pairs moved together, sorts over
// segments narrower than a warp (the shuffle's width parameter), and a
// top-k merge that keeps the K best of a stream. Keys of int, unsigned,
// long long, float, double and __half.
#include "corpus.h"

template <typename K>
__device__ inline K compareSwap(K Mine, K Other, bool KeepMin) {
  bool Less = Other < Mine;
  return KeepMin == Less ? Other : Mine;
}

// Sorts V across the Width lanes of each segment, ascending.
template <int Width, typename K> __device__ K bitonicSort(K V) {
  unsigned Lane = __laneid() & (Width - 1);
#pragma unroll
  for (int Size = 2; Size <= Width; Size <<= 1) {
#pragma unroll
    for (int Stride = Size / 2; Stride > 0; Stride >>= 1) {
      K Other = __shfl_xor_sync(FULL_MASK, V, Stride, Width);
      bool Ascending = (Lane & Size) == 0 || Size == Width;
      bool Lower = (Lane & Stride) == 0;
      V = compareSwap(V, Other, Lower == Ascending);
    }
  }
  return V;
}

// Key-value sort: the value follows its key through the same network.
template <typename K, typename V>
__device__ void bitonicSortPairs(K &Key, V &Value, bool Descending) {
  unsigned Lane = __laneid();
#pragma unroll
  for (int Size = 2; Size <= 32; Size <<= 1) {
#pragma unroll
    for (int Stride = Size / 2; Stride > 0; Stride >>= 1) {
      K OtherKey = __shfl_xor_sync(FULL_MASK, Key, Stride);
      V OtherValue = __shfl_xor_sync(FULL_MASK, Value, Stride);
      bool Ascending = ((Lane & Size) == 0 || Size == 32) != Descending;
      bool Lower = (Lane & Stride) == 0;
      bool TakeOther = (Lower == Ascending) ? OtherKey < Key : Key < OtherKey;
      if (TakeOther) {
        Key = OtherKey;
        Value = OtherValue;
      }
    }
  }
}

// The last stage of a bitonic sort: merges a bitonic sequence.
template <typename K> __device__ K bitonicMerge(K V) {
  unsigned Lane = __laneid();
#pragma unroll
  for (int Stride = 16; Stride > 0; Stride >>= 1) {
    K Other = __shfl_xor_sync(FULL_MASK, V, Stride);
    V = compareSwap(V, Other, (Lane & Stride) == 0);
  }
  return V;
}

template <typename K, int Width>
__global__ void warp_sort_kernel(K *Data, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  K V = I < N ? Data[I] : K(0);
  V = bitonicSort<Width>(V);
  if (I < N)
    Data[I] = V;
}

template <typename K>
__global__ void warp_argsort_kernel(const K *Keys, int *Order, int Cols,
                                    bool Descending) {
  int Row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  int Col = __laneid();
  K Key = Col < Cols ? Keys[Row * Cols + Col] : K(0);
  int Index = Col;
  bitonicSortPairs(Key, Index, Descending);
  if (Col < Cols)
    Order[Row * Cols + Col] = Index;
}

// Keeps the 32 largest of a row: each new chunk is sorted and reversed,
// and its lane-wise maximum with the kept (ascending) list is a bitonic
// sequence holding the 32 largest, which a bitonic merge sorts.
template <typename K>
__global__ void warp_topk_kernel(const K *In, K *Out, int Cols, K Lowest) {
  int Row = blockIdx.x;
  unsigned Lane = __laneid();
  K Best = Lowest;
  for (int Base = 0; Base < Cols; Base += 32) {
    int Col = Base + (int)Lane;
    K V = Col < Cols ? In[Row * Cols + Col] : Lowest;
    V = bitonicSort<32>(V);
    K Reversed = __shfl_sync(FULL_MASK, V, 31 - (int)Lane);
    Best = Best < Reversed ? Reversed : Best;
    Best = bitonicMerge(Best);
  }
  Out[Row * 32 + Lane] = Best;
}

template __global__ void warp_sort_kernel<int, 32>(int *, int);
template __global__ void warp_sort_kernel<int, 8>(int *, int);
template __global__ void warp_sort_kernel<unsigned, 16>(unsigned *, int);
template __global__ void warp_sort_kernel<long long, 32>(long long *, int);
template __global__ void warp_sort_kernel<float, 32>(float *, int);
template __global__ void warp_sort_kernel<float, 4>(float *, int);
template __global__ void warp_sort_kernel<double, 32>(double *, int);
template __global__ void warp_sort_kernel<__half, 16>(__half *, int);

template __global__ void warp_argsort_kernel<float>(const float *, int *, int,
                                                    bool);
template __global__ void warp_argsort_kernel<int>(const int *, int *, int,
                                                  bool);
template __global__ void warp_argsort_kernel<double>(const double *, int *, int,
                                                     bool);

template __global__ void warp_topk_kernel<float>(const float *, float *, int,
                                                 float);
template __global__ void warp_topk_kernel<unsigned>(const unsigned *,
                                                    unsigned *, int, unsigned);
template __global__ void warp_topk_kernel<__half>(const __half *, __half *, int,
                                                  __half);
