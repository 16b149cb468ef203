//===- Level2.cu - cuBLAS's matrix-vector routines ------------------------===//
//
// gemv (y = alpha op(A) x + beta y, op N, T or C) and ger
// (A = alpha x y^T + A) in float and double. y = A x gives each thread a
// row (consecutive threads read consecutive elements of each column);
// y = A^T x gives each column a block, whose threads stride down it and
// fold their sums through shared memory. As reference BLAS: beta == 0 does
// not read y, alpha == 0 does not read A or x, negative increments walk
// the vectors from their far end.
//
//===----------------------------------------------------------------------===//

#include "BlasArguments.cuh"

namespace {

using namespace blas;

constexpr int RowThreads = 256;
constexpr int ColumnThreads = 256;
constexpr int GerThreads = 16;
constexpr int MaxGridY = 65535;

template <typename T>
__device__ void updateY(T *Y, T Alpha, T Sum, T Beta) {
  T V = Alpha * Sum;
  if (Beta != T(0))
    V += Beta * *Y;
  *Y = V;
}

// y (m) = alpha A x + beta y, A m x n.
template <typename T>
__global__ void __launch_bounds__(RowThreads)
    gemvRows(int M, int N, Scalar<T> AlphaArg, const T *A, int Lda,
             const T *X, int IncX, Scalar<T> BetaArg, T *Y, int IncY) {
  int I = blockIdx.x * RowThreads + threadIdx.x;
  if (I >= M)
    return;
  T Alpha = AlphaArg.get(), Sum = T(0);
  if (Alpha != T(0))
    for (int J = 0; J < N; ++J)
      Sum += A[I + (long long)J * Lda] * X[elementIndex(J, N, IncX)];
  updateY(&Y[elementIndex(I, M, IncY)], Alpha, Sum, BetaArg.get());
}

// y (n) = alpha A^T x + beta y, A m x n: block J computes y_J.
template <typename T>
__global__ void __launch_bounds__(ColumnThreads)
    gemvColumns(int M, int N, Scalar<T> AlphaArg, const T *A, int Lda,
                const T *X, int IncX, Scalar<T> BetaArg, T *Y, int IncY) {
  __shared__ T Sums[ColumnThreads];
  int Tid = threadIdx.x;
  for (int J = blockIdx.x; J < N; J += gridDim.x) {
    T Alpha = AlphaArg.get(), Sum = T(0);
    if (Alpha != T(0))
      for (int I = Tid; I < M; I += ColumnThreads)
        Sum += A[I + (long long)J * Lda] * X[elementIndex(I, M, IncX)];
    Sums[Tid] = Sum;
    __syncthreads();
    for (int Half = ColumnThreads / 2; Half > 0; Half /= 2) {
      if (Tid < Half)
        Sums[Tid] += Sums[Tid + Half];
      __syncthreads();
    }
    if (Tid == 0)
      updateY(&Y[elementIndex(J, N, IncY)], Alpha, Sums[0], BetaArg.get());
    __syncthreads();
  }
}

template <typename T>
__global__ void gerKernel(int M, int N, Scalar<T> AlphaArg, const T *X,
                          int IncX, const T *Y, int IncY, T *A, int Lda) {
  T Alpha = AlphaArg.get();
  if (Alpha == T(0))
    return;
  int I = blockIdx.x * GerThreads + threadIdx.x;
  for (int J = blockIdx.y * GerThreads + threadIdx.y; J < N;
       J += gridDim.y * GerThreads)
    if (I < M)
      A[I + (long long)J * Lda] +=
          Alpha * X[elementIndex(I, M, IncX)] * Y[elementIndex(J, N, IncY)];
}

template <typename T>
cublasStatus_t gemv(cublasHandle_t Handle, cublasOperation_t Trans, int M,
                    int N, const T *Alpha, const T *A, int Lda, const T *X,
                    int IncX, const T *Beta, T *Y, int IncY) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if ((Trans != CUBLAS_OP_N && Trans != CUBLAS_OP_T && Trans != CUBLAS_OP_C) ||
      M < 0 || N < 0 || Lda < maxOf1(M) || IncX == 0 || IncY == 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  if (!Alpha || !Beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  Scalar<T> AlphaArg = scalarOf(Handle, Alpha);
  Scalar<T> BetaArg = scalarOf(Handle, Beta);
  if (Trans == CUBLAS_OP_N)
    gemvRows<<<(M - 1) / RowThreads + 1, RowThreads, 0, Handle->Stream>>>(
        M, N, AlphaArg, A, Lda, X, IncX, BetaArg, Y, IncY);
  else
    gemvColumns<<<N < 65536 ? N : 65536, ColumnThreads, 0,
                  Handle->Stream>>>(M, N, AlphaArg, A, Lda, X, IncX, BetaArg,
                                    Y, IncY);
  return launched();
}

template <typename T>
cublasStatus_t ger(cublasHandle_t Handle, int M, int N, const T *Alpha,
                   const T *X, int IncX, const T *Y, int IncY, T *A,
                   int Lda) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (M < 0 || N < 0 || IncX == 0 || IncY == 0 || Lda < maxOf1(M))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (M == 0 || N == 0)
    return CUBLAS_STATUS_SUCCESS;
  if (!Alpha)
    return CUBLAS_STATUS_INVALID_VALUE;
  int Columns = (N - 1) / GerThreads + 1;
  dim3 Grid((M - 1) / GerThreads + 1, Columns < MaxGridY ? Columns : MaxGridY);
  gerKernel<<<Grid, dim3(GerThreads, GerThreads), 0, Handle->Stream>>>(
      M, N, scalarOf(Handle, Alpha), X, IncX, Y, IncY, A, Lda);
  return launched();
}

} // namespace

extern "C" {

cublasStatus_t cublasSgemv_v2(cublasHandle_t Handle, cublasOperation_t Trans,
                              int M, int N, const float *Alpha,
                              const float *A, int Lda, const float *X,
                              int IncX, const float *Beta, float *Y,
                              int IncY) {
  return gemv(Handle, Trans, M, N, Alpha, A, Lda, X, IncX, Beta, Y, IncY);
}

cublasStatus_t cublasDgemv_v2(cublasHandle_t Handle, cublasOperation_t Trans,
                              int M, int N, const double *Alpha,
                              const double *A, int Lda, const double *X,
                              int IncX, const double *Beta, double *Y,
                              int IncY) {
  return gemv(Handle, Trans, M, N, Alpha, A, Lda, X, IncX, Beta, Y, IncY);
}

cublasStatus_t cublasSger_v2(cublasHandle_t Handle, int M, int N,
                             const float *Alpha, const float *X, int IncX,
                             const float *Y, int IncY, float *A, int Lda) {
  return ger(Handle, M, N, Alpha, X, IncX, Y, IncY, A, Lda);
}

cublasStatus_t cublasDger_v2(cublasHandle_t Handle, int M, int N,
                             const double *Alpha, const double *X, int IncX,
                             const double *Y, int IncY, double *A, int Lda) {
  return ger(Handle, M, N, Alpha, X, IncX, Y, IncY, A, Lda);
}

} // extern "C"
