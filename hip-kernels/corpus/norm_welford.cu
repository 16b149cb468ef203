// norm_welford.cu - LayerNorm and RMSNorm with Welford statistics merged
// across a warp and a block, as apex's and PyTorch's layer_norm kernels do.
//
// Each thread folds its strided elements of a row into a Welford triple
// (count, mean, m2); the triples merge pairwise with Chan's formula over a
// __shfl_down_sync tree (cuWelfordMuSigma2) or an all-lanes
// __shfl_xor_sync butterfly, then across warps through shared memory
// between __syncthreads. RMSNorm only needs the mean square, a plain warp
// sum. Instantiated for float, double, and __half rows accumulated in
// float.
#include "corpus.h"

__device__ inline float rsqrtAcc(float X) { return 1.0f / __builtin_sqrtf(X); }
__device__ inline double rsqrtAcc(double X) { return 1.0 / __builtin_sqrt(X); }

template <typename acc_t> struct WelfordData {
  acc_t Mean;
  acc_t M2;
  acc_t Count;
};

template <typename acc_t>
__device__ WelfordData<acc_t> welfordAdd(WelfordData<acc_t> W, acc_t X) {
  W.Count += acc_t(1);
  acc_t Delta = X - W.Mean;
  W.Mean += Delta / W.Count;
  W.M2 += Delta * (X - W.Mean);
  return W;
}

template <typename acc_t>
__device__ WelfordData<acc_t> welfordCombine(WelfordData<acc_t> A,
                                             WelfordData<acc_t> B) {
  acc_t Count = A.Count + B.Count;
  if (Count == acc_t(0))
    return A;
  acc_t Delta = B.Mean - A.Mean;
  acc_t NbOverN = B.Count / Count;
  WelfordData<acc_t> R;
  R.Mean = A.Mean + Delta * NbOverN;
  R.M2 = A.M2 + B.M2 + Delta * Delta * A.Count * NbOverN;
  R.Count = Count;
  return R;
}

template <typename acc_t>
__device__ WelfordData<acc_t> welfordShflDown(WelfordData<acc_t> W,
                                              unsigned Delta) {
  WelfordData<acc_t> R;
  R.Mean = __shfl_down_sync(FULL_MASK, W.Mean, Delta);
  R.M2 = __shfl_down_sync(FULL_MASK, W.M2, Delta);
  R.Count = __shfl_down_sync(FULL_MASK, W.Count, Delta);
  return R;
}

template <typename acc_t>
__device__ WelfordData<acc_t> welfordShflXor(WelfordData<acc_t> W, int Mask) {
  WelfordData<acc_t> R;
  R.Mean = __shfl_xor_sync(FULL_MASK, W.Mean, Mask);
  R.M2 = __shfl_xor_sync(FULL_MASK, W.M2, Mask);
  R.Count = __shfl_xor_sync(FULL_MASK, W.Count, Mask);
  return R;
}

// The row's mean and rstd for every thread of the block.
template <typename acc_t>
__device__ void blockWelford(WelfordData<acc_t> W, acc_t Epsilon, acc_t &Mean,
                             acc_t &Rstd) {
  __shared__ WelfordData<acc_t> Partial[32];
  __shared__ acc_t Result[2];
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    W = welfordCombine(W, welfordShflDown(W, Offset));
  unsigned Warp = threadIdx.x / 32, Lane = __laneid();
  if (Lane == 0)
    Partial[Warp] = W;
  __syncthreads();
  if (Warp == 0) {
    unsigned Warps = (blockDim.x + 31) / 32;
    W = Lane < Warps ? Partial[Lane] : WelfordData<acc_t>{0, 0, 0};
    for (int Mask = 16; Mask > 0; Mask >>= 1)
      W = welfordCombine(W, welfordShflXor(W, Mask));
    if (Lane == 0) {
      Result[0] = W.Mean;
      Result[1] = rsqrtAcc(W.M2 / W.Count + Epsilon);
    }
  }
  __syncthreads();
  Mean = Result[0];
  Rstd = Result[1];
}

template <typename T, typename acc_t>
__global__ void layer_norm_forward(const T *X, const T *Gamma, const T *Beta,
                                   T *Y, acc_t *MeanOut, acc_t *RstdOut,
                                   int Cols, acc_t Epsilon) {
  const T *Row = X + (long long)blockIdx.x * Cols;
  T *Out = Y + (long long)blockIdx.x * Cols;
  WelfordData<acc_t> W = {0, 0, 0};
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    W = welfordAdd(W, (acc_t)Row[C]);
  acc_t Mean, Rstd;
  blockWelford(W, Epsilon, Mean, Rstd);
  for (int C = threadIdx.x; C < Cols; C += blockDim.x) {
    acc_t V = ((acc_t)Row[C] - Mean) * Rstd;
    Out[C] = (T)(V * (acc_t)Gamma[C] + (acc_t)Beta[C]);
  }
  if (threadIdx.x == 0) {
    MeanOut[blockIdx.x] = Mean;
    RstdOut[blockIdx.x] = Rstd;
  }
}

// One warp per row, no shared memory: the butterfly leaves the statistics
// in every lane.
template <typename T, typename acc_t>
__global__ void layer_norm_warp_per_row(const T *X, T *Y, int Rows, int Cols,
                                        acc_t Epsilon) {
  int Row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (Row >= Rows)
    return;
  WelfordData<acc_t> W = {0, 0, 0};
  for (int C = __laneid(); C < Cols; C += 32)
    W = welfordAdd(W, (acc_t)X[(long long)Row * Cols + C]);
#pragma unroll
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    W = welfordCombine(W, welfordShflXor(W, Mask));
  acc_t Rstd = rsqrtAcc(W.M2 / W.Count + Epsilon);
  for (int C = __laneid(); C < Cols; C += 32) {
    long long I = (long long)Row * Cols + C;
    Y[I] = (T)(((acc_t)X[I] - W.Mean) * Rstd);
  }
}

template <typename T, typename acc_t, int BLOCK_SIZE>
__global__ void __launch_bounds__(BLOCK_SIZE)
    rms_norm_kernel(const T *X, const T *Weight, T *Y, int Cols,
                    acc_t Epsilon) {
  __shared__ acc_t WarpSums[BLOCK_SIZE / 32];
  const T *Row = X + (long long)blockIdx.x * Cols;
  acc_t Sum = 0;
  for (int C = threadIdx.x; C < Cols; C += BLOCK_SIZE) {
    acc_t V = (acc_t)Row[C];
    Sum += V * V;
  }
#pragma unroll
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    Sum += __shfl_xor_sync(FULL_MASK, Sum, Mask, 32);
  if (BLOCK_SIZE > 32) {
    if (__laneid() == 0)
      WarpSums[threadIdx.x / 32] = Sum;
    __syncthreads();
    Sum = __laneid() < BLOCK_SIZE / 32 ? WarpSums[__laneid()] : acc_t(0);
#pragma unroll
    for (int Mask = 16; Mask > 0; Mask >>= 1)
      Sum += __shfl_xor_sync(FULL_MASK, Sum, Mask, 32);
  }
  acc_t Scale = rsqrtAcc(Sum / Cols + Epsilon);
  for (int C = threadIdx.x; C < Cols; C += BLOCK_SIZE)
    Y[(long long)blockIdx.x * Cols + C] =
        (T)((acc_t)Row[C] * Scale * (acc_t)Weight[C]);
}

#define LAYER_NORM(T, ACC)                                                     \
  template __global__ void layer_norm_forward<T, ACC>(                         \
      const T *, const T *, const T *, T *, ACC *, ACC *, int, ACC);           \
  template __global__ void layer_norm_warp_per_row<T, ACC>(const T *, T *,     \
                                                           int, int, ACC);
LAYER_NORM(float, float)
LAYER_NORM(double, double)
LAYER_NORM(__half, float)

template __global__ void rms_norm_kernel<float, float, 32>(const float *,
                                                           const float *,
                                                           float *, int, float);
template __global__ void rms_norm_kernel<float, float, 1024>(const float *,
                                                             const float *,
                                                             float *, int,
                                                             float);
template __global__ void rms_norm_kernel<__half, float, 256>(const __half *,
                                                             const __half *,
                                                             __half *, int,
                                                             float);
template __global__ void rms_norm_kernel<double, double, 128>(const double *,
                                                              const double *,
                                                              double *, int,
                                                              double);
