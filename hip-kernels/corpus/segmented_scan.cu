// segmented_scan.cu - Segmented warp scans with __shfl_up_sync, as
// sparse-matrix (CSR SpMV) and run-length kernels write them.
//
// With head flags: a lane finds the first lane of its segment from the
// ballot of the flags masked with %lanemask_le (the highest set bit), and
// the Kogge-Stone ladder adds a received value only when its source lane
// is in the same segment. With fixed power-of-two segments the shuffle's
// width parameter does the segmenting. The last warp of the input may be
// partial: its member mask is the ballot of the lanes in range, taken
// before the out-of-range lanes leave. Instantiated for int, unsigned,
// long long, float and double.
#include "corpus.h"

template <typename T>
__device__ T segmentedInclusiveSum(T V, bool Head, unsigned Mask) {
  unsigned Lane = __laneid();
  unsigned Heads = __ballot_sync(Mask, Head) & __lanemask_le();
  int SegmentStart = Heads ? 31 - __builtin_clz(Heads) : 0;
#pragma unroll
  for (int Delta = 1; Delta < 32; Delta <<= 1) {
    T Up = __shfl_up_sync(Mask, V, Delta);
    if ((int)Lane - Delta >= SegmentStart)
      V += Up;
  }
  return V;
}

template <typename T>
__global__ void segmented_scan_kernel(const T *In, const int *HeadFlags, T *Out,
                                      int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned Mask = __ballot_sync(FULL_MASK, I < N);
  if (I >= N)
    return;
  bool Head = HeadFlags[I] != 0 || __laneid() == 0;
  Out[I] = segmentedInclusiveSum(In[I], Head, Mask);
}

// Fixed segments of WIDTH lanes: the shuffle's width keeps each segment
// to itself.
template <typename T, int WIDTH>
__global__ void fixed_segment_scan_kernel(T *Data) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  T V = Data[I];
  unsigned Rank = __laneid() % WIDTH;
#pragma unroll
  for (int Delta = 1; Delta < WIDTH; Delta <<= 1) {
    T Up = __shfl_up_sync(FULL_MASK, V, Delta, WIDTH);
    if ((int)Rank >= Delta)
      V += Up;
  }
  Data[I] = V;
}

// CSR SpMV, one warp per row: the products are summed with the segmented
// scan over the row's nonzeros, the last lane of each segment holding a
// partial row sum carried to the next chunk.
template <typename T>
__global__ void csr_spmv_warp_kernel(const int *RowPtr, const int *Cols,
                                     const T *Vals, const T *X, T *Y,
                                     int Rows) {
  int Row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (Row >= Rows)
    return;
  T Carry = T(0);
  for (int Base = RowPtr[Row]; Base < RowPtr[Row + 1]; Base += 32) {
    int E = Base + (int)__laneid();
    bool In = E < RowPtr[Row + 1];
    T Product = In ? Vals[E] * X[Cols[E]] : T(0);
    T Sum = segmentedInclusiveSum(Product, __laneid() == 0, FULL_MASK);
    Carry += __shfl_sync(FULL_MASK, Sum, 31);
  }
  if (__laneid() == 0)
    Y[Row] = Carry;
}

template __global__ void segmented_scan_kernel<int>(const int *, const int *,
                                                    int *, int);
template __global__ void
segmented_scan_kernel<unsigned>(const unsigned *, const int *, unsigned *, int);
template __global__ void segmented_scan_kernel<long long>(const long long *,
                                                          const int *,
                                                          long long *, int);
template __global__ void
segmented_scan_kernel<float>(const float *, const int *, float *, int);
template __global__ void
segmented_scan_kernel<double>(const double *, const int *, double *, int);

template __global__ void fixed_segment_scan_kernel<int, 4>(int *);
template __global__ void fixed_segment_scan_kernel<int, 16>(int *);
template __global__ void fixed_segment_scan_kernel<float, 8>(float *);
template __global__ void fixed_segment_scan_kernel<double, 16>(double *);
template __global__ void fixed_segment_scan_kernel<long long, 8>(long long *);

template __global__ void csr_spmv_warp_kernel<float>(const int *, const int *,
                                                     const float *,
                                                     const float *, float *,
                                                     int);
template __global__ void csr_spmv_warp_kernel<double>(const int *, const int *,
                                                      const double *,
                                                      const double *, double *,
                                                      int);
