//===- Level1.cu - cuBLAS's vector routines -------------------------------===//
//
// BLAS-1 in float and double: axpy, scal, copy, swap (element-wise
// kernels) and dot, asum, nrm2, amax, amin (reductions). Increments follow
// reference BLAS: a negative one walks the vector from its far end
// (element i at (n - 1 - i) |inc|).
//
// A reduction is two launches on the handle's stream: up to ReduceBlocks
// blocks each fold a grid-strided share of the vector into one partial
// (through shared memory, so the result does not depend on the wave size)
// in the handle's scratch buffer, then one block folds the partials and
// writes the result: to the caller's pointer in
// CUBLAS_POINTER_MODE_DEVICE, else to the scratch buffer, copied back to
// the host before the call returns, as cuBLAS's host-mode results are.
// The order of the sums is fixed by n alone, so results repeat exactly.
//
// nrm2 keeps a (scale, sum of squares) pair as reference BLAS's snrm2 did,
// so that no square overflows or underflows: the norm of 1e30f's is not
// infinite and that of 1e-30f's is not zero. amax and amin give the 1-based
// index of the first element of largest (smallest) magnitude, 0 for an
// empty vector.
//
//===----------------------------------------------------------------------===//

#include "BlasArguments.cuh"

namespace {

using namespace blas;

constexpr int ReduceThreads = 256;
constexpr int ReduceBlocks = 256;
constexpr int ElementwiseThreads = 256;
constexpr size_t ResultOffset = 4096; // past the partials, in the scratch

// --- Element-wise routines ---

template <typename T>
__global__ void axpyKernel(int N, Scalar<T> Alpha, const T *X, int IncX,
                           T *Y, int IncY) {
  T A = Alpha.get();
  if (A == T(0))
    return; // y unchanged, as reference BLAS's quick return
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += gridDim.x * blockDim.x)
    Y[elementIndex(I, N, IncY)] += A * X[elementIndex(I, N, IncX)];
}

template <typename T>
__global__ void scalKernel(int N, Scalar<T> Alpha, T *X, int IncX) {
  T A = Alpha.get();
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += gridDim.x * blockDim.x)
    X[(long long)I * IncX] *= A;
}

template <typename T>
__global__ void copyKernel(int N, const T *X, int IncX, T *Y, int IncY) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += gridDim.x * blockDim.x)
    Y[elementIndex(I, N, IncY)] = X[elementIndex(I, N, IncX)];
}

template <typename T>
__global__ void swapKernel(int N, T *X, int IncX, T *Y, int IncY) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += gridDim.x * blockDim.x) {
    T *A = &X[elementIndex(I, N, IncX)], *B = &Y[elementIndex(I, N, IncY)];
    T V = *A;
    *A = *B;
    *B = V;
  }
}

int elementwiseBlocks(int N) {
  int Blocks = N / ElementwiseThreads + 1;
  return Blocks < 65536 ? Blocks : 65536;
}

template <typename T>
cublasStatus_t axpy(cublasHandle_t Handle, int N, const T *Alpha, const T *X,
                    int IncX, T *Y, int IncY) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (N <= 0)
    return CUBLAS_STATUS_SUCCESS;
  if (!Alpha)
    return CUBLAS_STATUS_INVALID_VALUE;
  axpyKernel<<<elementwiseBlocks(N), ElementwiseThreads, 0,
               Handle->Stream>>>(N, scalarOf(Handle, Alpha), X, IncX, Y,
                                 IncY);
  return launched();
}

template <typename T>
cublasStatus_t scal(cublasHandle_t Handle, int N, const T *Alpha, T *X,
                    int IncX) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (N <= 0 || IncX <= 0)
    return CUBLAS_STATUS_SUCCESS;
  if (!Alpha)
    return CUBLAS_STATUS_INVALID_VALUE;
  scalKernel<<<elementwiseBlocks(N), ElementwiseThreads, 0, Handle->Stream>>>(
      N, scalarOf(Handle, Alpha), X, IncX);
  return launched();
}

template <typename T>
cublasStatus_t copy(cublasHandle_t Handle, int N, const T *X, int IncX, T *Y,
                    int IncY) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (N <= 0)
    return CUBLAS_STATUS_SUCCESS;
  copyKernel<<<elementwiseBlocks(N), ElementwiseThreads, 0, Handle->Stream>>>(
      N, X, IncX, Y, IncY);
  return launched();
}

template <typename T>
cublasStatus_t swap(cublasHandle_t Handle, int N, T *X, int IncX, T *Y,
                    int IncY) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (N <= 0)
    return CUBLAS_STATUS_SUCCESS;
  swapKernel<<<elementwiseBlocks(N), ElementwiseThreads, 0, Handle->Stream>>>(
      N, X, IncX, Y, IncY);
  return launched();
}

// --- Reductions ---
//
// A reduction is a type with Acc (what is folded), identity(),
// element(I) (the vector's element I lifted to an Acc), combine() and
// Result finish(Acc).

template <typename T> struct DotReduction {
  using Acc = T;
  using Result = T;
  const T *X, *Y;
  int N, IncX, IncY;
  __device__ static Acc identity() { return T(0); }
  __device__ Acc element(int I) const {
    return X[elementIndex(I, N, IncX)] * Y[elementIndex(I, N, IncY)];
  }
  __device__ static Acc combine(Acc A, Acc B) { return A + B; }
  __device__ static Result finish(Acc A) { return A; }
};

template <typename T> struct AsumReduction {
  using Acc = T;
  using Result = T;
  const T *X;
  int IncX;
  __device__ static Acc identity() { return T(0); }
  __device__ Acc element(int I) const {
    return fabs(X[(long long)I * IncX]);
  }
  __device__ static Acc combine(Acc A, Acc B) { return A + B; }
  __device__ static Result finish(Acc A) { return A; }
};

// The norm of a share is Scale * sqrt(Squares), Scale its largest
// magnitude, so that every term added to Squares is at most 1.
template <typename T> struct ScaledSquares {
  T Scale, Squares;
};

template <typename T> struct Nrm2Reduction {
  using Acc = ScaledSquares<T>;
  using Result = T;
  const T *X;
  int IncX;
  __device__ static Acc identity() { return {T(0), T(0)}; }
  __device__ Acc element(int I) const {
    T Magnitude = fabs(X[(long long)I * IncX]);
    return {Magnitude, Magnitude == T(0) ? T(0) : T(1)};
  }
  __device__ static Acc combine(Acc A, Acc B) {
    if (A.Scale < B.Scale) {
      Acc Larger = B;
      B = A;
      A = Larger;
    }
    if (B.Scale == T(0))
      return A;
    T Ratio = B.Scale / A.Scale;
    return {A.Scale, A.Squares + B.Squares * Ratio * Ratio};
  }
  __device__ static Result finish(Acc A) { return A.Scale * sqrt(A.Squares); }
};

// Index is 1-based; 0 marks "no element yet".
template <typename T> struct MagnitudeAt {
  T Magnitude;
  int Index;
};

template <typename T, bool Largest> struct ExtremeReduction {
  using Acc = MagnitudeAt<T>;
  using Result = int;
  const T *X;
  int IncX;
  __device__ static Acc identity() { return {T(0), 0}; }
  __device__ Acc element(int I) const {
    return {(T)fabs(X[(long long)I * IncX]), I + 1};
  }
  __device__ static Acc combine(Acc A, Acc B) {
    if (A.Index == 0)
      return B;
    if (B.Index == 0)
      return A;
    bool BWins = Largest ? B.Magnitude > A.Magnitude
                         : B.Magnitude < A.Magnitude;
    if (B.Magnitude == A.Magnitude)
      BWins = B.Index < A.Index;
    return BWins ? B : A;
  }
  __device__ static Result finish(Acc A) { return A.Index; }
};

template <typename Reduction>
__device__ typename Reduction::Acc
reduceBlock(typename Reduction::Acc Mine) {
  __shared__ typename Reduction::Acc Shared[ReduceThreads];
  int Tid = threadIdx.x;
  Shared[Tid] = Mine;
  __syncthreads();
  for (int Half = ReduceThreads / 2; Half > 0; Half /= 2) {
    if (Tid < Half)
      Shared[Tid] = Reduction::combine(Shared[Tid], Shared[Tid + Half]);
    __syncthreads();
  }
  return Shared[0];
}

template <typename Reduction>
__global__ void __launch_bounds__(ReduceThreads)
    reducePartials(Reduction R, int N, typename Reduction::Acc *Partials) {
  typename Reduction::Acc Mine = Reduction::identity();
  for (int I = blockIdx.x * ReduceThreads + threadIdx.x; I < N;
       I += gridDim.x * ReduceThreads)
    Mine = Reduction::combine(Mine, R.element(I));
  typename Reduction::Acc Block = reduceBlock<Reduction>(Mine);
  if (threadIdx.x == 0)
    Partials[blockIdx.x] = Block;
}

template <typename Reduction>
__global__ void __launch_bounds__(ReduceThreads)
    reduceFinal(int Count, const typename Reduction::Acc *Partials,
                typename Reduction::Result *Out) {
  typename Reduction::Acc Mine = Reduction::identity();
  for (int I = threadIdx.x; I < Count; I += ReduceThreads)
    Mine = Reduction::combine(Mine, Partials[I]);
  typename Reduction::Acc All = reduceBlock<Reduction>(Mine);
  if (threadIdx.x == 0)
    *Out = Reduction::finish(All);
}

// N elements (N may be 0: the result is then the identity's) folded into
// *Result, a host or device pointer by the handle's pointer mode.
template <typename Reduction>
cublasStatus_t reduce(cublasHandle_t Handle, const Reduction &R, int N,
                      typename Reduction::Result *Result) {
  using Acc = typename Reduction::Acc;
  using ResultType = typename Reduction::Result;
  static_assert(ReduceBlocks * sizeof(Acc) <= ResultOffset,
                "the partials overlap the result");
  bool OnDevice = Handle->PointerMode == CUBLAS_POINTER_MODE_DEVICE;
  Acc *Partials = static_cast<Acc *>(Handle->Scratch);
  ResultType *Out =
      OnDevice ? Result
               : reinterpret_cast<ResultType *>(
                     static_cast<char *>(Handle->Scratch) + ResultOffset);
  int Blocks = N / ReduceThreads + 1;
  Blocks = Blocks > ReduceBlocks ? ReduceBlocks : Blocks;
  reducePartials<<<Blocks, ReduceThreads, 0, Handle->Stream>>>(R, N,
                                                               Partials);
  reduceFinal<Reduction>
      <<<1, ReduceThreads, 0, Handle->Stream>>>(Blocks, Partials, Out);
  if (cudaGetLastError() != cudaSuccess)
    return CUBLAS_STATUS_EXECUTION_FAILED;
  if (OnDevice)
    return CUBLAS_STATUS_SUCCESS;
  if (cudaMemcpyAsync(Result, Out, sizeof(ResultType), cudaMemcpyDeviceToHost,
                      Handle->Stream) != cudaSuccess ||
      cudaStreamSynchronize(Handle->Stream) != cudaSuccess)
    return CUBLAS_STATUS_EXECUTION_FAILED;
  return CUBLAS_STATUS_SUCCESS;
}

template <typename T>
cublasStatus_t dot(cublasHandle_t Handle, int N, const T *X, int IncX,
                   const T *Y, int IncY, T *Result) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Result)
    return CUBLAS_STATUS_INVALID_VALUE;
  DotReduction<T> R = {X, Y, N > 0 ? N : 0, IncX, IncY};
  return reduce(Handle, R, R.N, Result);
}

// asum, nrm2, amax and amin: 0 for n <= 0 or incx <= 0.
template <typename Reduction>
cublasStatus_t reduceStrided(cublasHandle_t Handle, const Reduction &R,
                             int N, typename Reduction::Result *Result) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Result)
    return CUBLAS_STATUS_INVALID_VALUE;
  return reduce(Handle, R, N > 0 && R.IncX > 0 ? N : 0, Result);
}

} // namespace

extern "C" {

cublasStatus_t cublasSaxpy_v2(cublasHandle_t Handle, int N, const float *Alpha,
                              const float *X, int IncX, float *Y, int IncY) {
  return axpy(Handle, N, Alpha, X, IncX, Y, IncY);
}

cublasStatus_t cublasDaxpy_v2(cublasHandle_t Handle, int N,
                              const double *Alpha, const double *X, int IncX,
                              double *Y, int IncY) {
  return axpy(Handle, N, Alpha, X, IncX, Y, IncY);
}

cublasStatus_t cublasSscal_v2(cublasHandle_t Handle, int N, const float *Alpha,
                              float *X, int IncX) {
  return scal(Handle, N, Alpha, X, IncX);
}

cublasStatus_t cublasDscal_v2(cublasHandle_t Handle, int N,
                              const double *Alpha, double *X, int IncX) {
  return scal(Handle, N, Alpha, X, IncX);
}

cublasStatus_t cublasScopy_v2(cublasHandle_t Handle, int N, const float *X,
                              int IncX, float *Y, int IncY) {
  return copy(Handle, N, X, IncX, Y, IncY);
}

cublasStatus_t cublasDcopy_v2(cublasHandle_t Handle, int N, const double *X,
                              int IncX, double *Y, int IncY) {
  return copy(Handle, N, X, IncX, Y, IncY);
}

cublasStatus_t cublasSswap_v2(cublasHandle_t Handle, int N, float *X,
                              int IncX, float *Y, int IncY) {
  return swap(Handle, N, X, IncX, Y, IncY);
}

cublasStatus_t cublasDswap_v2(cublasHandle_t Handle, int N, double *X,
                              int IncX, double *Y, int IncY) {
  return swap(Handle, N, X, IncX, Y, IncY);
}

cublasStatus_t cublasSdot_v2(cublasHandle_t Handle, int N, const float *X,
                             int IncX, const float *Y, int IncY,
                             float *Result) {
  return dot(Handle, N, X, IncX, Y, IncY, Result);
}

cublasStatus_t cublasDdot_v2(cublasHandle_t Handle, int N, const double *X,
                             int IncX, const double *Y, int IncY,
                             double *Result) {
  return dot(Handle, N, X, IncX, Y, IncY, Result);
}

cublasStatus_t cublasSasum_v2(cublasHandle_t Handle, int N, const float *X,
                              int IncX, float *Result) {
  return reduceStrided(Handle, AsumReduction<float>{X, IncX}, N, Result);
}

cublasStatus_t cublasDasum_v2(cublasHandle_t Handle, int N, const double *X,
                              int IncX, double *Result) {
  return reduceStrided(Handle, AsumReduction<double>{X, IncX}, N, Result);
}

cublasStatus_t cublasSnrm2_v2(cublasHandle_t Handle, int N, const float *X,
                              int IncX, float *Result) {
  return reduceStrided(Handle, Nrm2Reduction<float>{X, IncX}, N, Result);
}

cublasStatus_t cublasDnrm2_v2(cublasHandle_t Handle, int N, const double *X,
                              int IncX, double *Result) {
  return reduceStrided(Handle, Nrm2Reduction<double>{X, IncX}, N, Result);
}

cublasStatus_t cublasIsamax_v2(cublasHandle_t Handle, int N, const float *X,
                               int IncX, int *Result) {
  return reduceStrided(Handle, ExtremeReduction<float, true>{X, IncX}, N,
                       Result);
}

cublasStatus_t cublasIdamax_v2(cublasHandle_t Handle, int N, const double *X,
                               int IncX, int *Result) {
  return reduceStrided(Handle, ExtremeReduction<double, true>{X, IncX}, N,
                       Result);
}

cublasStatus_t cublasIsamin_v2(cublasHandle_t Handle, int N, const float *X,
                               int IncX, int *Result) {
  return reduceStrided(Handle, ExtremeReduction<float, false>{X, IncX}, N,
                       Result);
}

cublasStatus_t cublasIdamin_v2(cublasHandle_t Handle, int N, const double *X,
                               int IncX, int *Result) {
  return reduceStrided(Handle, ExtremeReduction<double, false>{X, IncX}, N,
                       Result);
}

} // extern "C"
