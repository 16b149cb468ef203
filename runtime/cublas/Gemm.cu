//===- Gemm.cu - cuBLAS's matrix products ---------------------------------===//
//
// C = alpha op(A) op(B) + beta C for every gemm entry point libcublas
// offers: cublas{S,D,C,Z}gemm, their Batched and StridedBatched forms, and
// cublasGemmEx / GemmBatchedEx / GemmStridedBatchedEx / SgemmEx with A and
// B in float, half or bfloat16 (accumulated in float) and C in float or
// the inputs' type. One tiled kernel, a template over the stored and the
// computed types, serves them all; our pipeline compiles it for each AMD
// processor and for wavesim.
//
// The kernel: a block of 16 x 16 threads computes a 64 x 64 tile of C,
// each thread a 4 x 4 block of it (rows 4 tx .. 4 tx + 3, columns
// 4 ty .. 4 ty + 3). The K dimension goes by 16: the block copies a
// 64 x 16 slice of op(A) and a 16 x 64 slice of op(B) into shared memory,
// converted to the compute type, reading global memory along whichever
// dimension is contiguous for the operand's transpose, then each thread
// reads its four rows and four columns as one 16-byte LDS access each
// (ds_read_b128 for float) and does 16 multiply-adds.
//
// As reference BLAS and cuBLAS: alpha == 0 reads neither A nor B, and
// beta == 0 does not read C (NaN there does not propagate). Scalars are
// read on the host or, in CUBLAS_POINTER_MODE_DEVICE, by the kernel.
//
//===----------------------------------------------------------------------===//

#include "BlasArguments.cuh"
#include "BlasScalars.cuh"

namespace {

using namespace blas;

constexpr int TileM = 64, TileN = 64, TileK = 16;
constexpr int ThreadsX = 16, ThreadsY = 16;
constexpr int Threads = ThreadsX * ThreadsY;
constexpr int PerThread = 4; // rows (and columns) of C each thread owns
constexpr int MaxGridZ = 65535;

// Four consecutive elements, aligned so that one LDS access reads them.
template <typename T> struct alignas(PerThread * sizeof(T)) Quad {
  T V[PerThread];
};

// One operand of the product. op(A) (M x K) has its element (i, p) at
// Base[i * StepOuter + p * StepDepth]; op(B) (K x N) has (p, j) at
// Base[p * StepDepth + j * StepOuter]. Batch b starts at Array[b] when
// there is an array of pointers, else at Base + b * Stride.
template <typename T> struct Operand {
  const T *Base;
  const T *const *Array;
  long long Stride;
  long long StepOuter, StepDepth;
  bool Conjugate;
};

template <typename TIn, typename TOut, typename TAcc> struct GemmParams {
  int M, N, K;
  Operand<TIn> A, B;
  TOut *C;
  TOut *const *CArray;
  long long StrideC;
  int Ldc;
  TAcc Alpha, Beta;
  const TAcc *AlphaPtr, *BetaPtr; // CUBLAS_POINTER_MODE_DEVICE
  int BatchBase;
};

template <typename T>
__device__ const T *batchStart(const Operand<T> &Op, int Batch) {
  return Op.Array ? Op.Array[Batch] : Op.Base + Batch * Op.Stride;
}

// Inlined, so that Tile stays an LDS pointer (a call would take it as a
// flat one). Copies op(X)'s Outer x TileK slice at (Outer0, Depth0) into
// Tile[p][o], zero outside the matrix. Consecutive threads read
// consecutive addresses of global memory when either dimension is
// contiguous.
template <typename TIn, typename TAcc, int Outer>
__device__ __forceinline__ void
loadSlice(const Operand<TIn> &Op, const TIn *X, int Extent, int K, int Outer0,
          int Depth0, int Tid, Quad<TAcc> (*Tile)[Outer / PerThread + 1]) {
  bool OuterContiguous = Op.StepOuter == 1;
  for (int E = 0; E < Outer * TileK / Threads; ++E) {
    int Linear = Tid + E * Threads;
    int O = OuterContiguous ? Linear % Outer : Linear / TileK;
    int P = OuterContiguous ? Linear / Outer : Linear % TileK;
    int GlobalOuter = Outer0 + O, GlobalDepth = Depth0 + P;
    TAcc V = zero<TAcc>();
    if (GlobalOuter < Extent && GlobalDepth < K) {
      V = widen(X[GlobalOuter * Op.StepOuter + GlobalDepth * Op.StepDepth]);
      if (Op.Conjugate)
        V = conjugate(V);
    }
    Tile[P][O / PerThread].V[O % PerThread] = V;
  }
}

template <typename TIn, typename TOut, typename TAcc>
__global__ void __launch_bounds__(Threads)
    gemmTiled(GemmParams<TIn, TOut, TAcc> P) {
  // One quad of padding per row keeps the transposed copies' stores from
  // landing on one bank.
  __shared__ Quad<TAcc> As[TileK][TileM / PerThread + 1];
  __shared__ Quad<TAcc> Bs[TileK][TileN / PerThread + 1];

  int Batch = P.BatchBase + blockIdx.z;
  const TIn *A = batchStart(P.A, Batch);
  const TIn *B = batchStart(P.B, Batch);
  TOut *C = P.CArray ? P.CArray[Batch] : P.C + Batch * P.StrideC;
  TAcc Alpha = P.AlphaPtr ? load(P.AlphaPtr) : P.Alpha;
  TAcc Beta = P.BetaPtr ? load(P.BetaPtr) : P.Beta;

  int Tx = threadIdx.x, Ty = threadIdx.y, Tid = Tx + Ty * ThreadsX;
  int Row0 = blockIdx.x * TileM, Col0 = blockIdx.y * TileN;

  TAcc Acc[PerThread][PerThread];
  for (int R = 0; R < PerThread; ++R)
    for (int S = 0; S < PerThread; ++S)
      Acc[R][S] = zero<TAcc>();

  int K = isZero(Alpha) ? 0 : P.K;
  for (int Depth0 = 0; Depth0 < K; Depth0 += TileK) {
    loadSlice<TIn, TAcc, TileM>(P.A, A, P.M, K, Row0, Depth0, Tid, As);
    loadSlice<TIn, TAcc, TileN>(P.B, B, P.N, K, Col0, Depth0, Tid, Bs);
    __syncthreads();
    for (int D = 0; D < TileK; ++D) {
      TAcc Rows[PerThread], Cols[PerThread];
      for (int R = 0; R < PerThread; ++R) {
        Rows[R] = As[D][Tx].V[R];
        Cols[R] = Bs[D][Ty].V[R];
      }
      for (int R = 0; R < PerThread; ++R)
        for (int S = 0; S < PerThread; ++S)
          Acc[R][S] = madd(Acc[R][S], Rows[R], Cols[S]);
    }
    __syncthreads();
  }

  bool ReadC = !isZero(Beta);
  for (int S = 0; S < PerThread; ++S) {
    int J = Col0 + Ty * PerThread + S;
    for (int R = 0; R < PerThread; ++R) {
      int I = Row0 + Tx * PerThread + R;
      if (I >= P.M || J >= P.N)
        continue;
      TOut &Out = C[I + (long long)J * P.Ldc];
      TAcc V = mul(Alpha, Acc[R][S]);
      if (ReadC)
        V = madd(V, Beta, widen(Out));
      narrowTo(Out, V);
    }
  }
}

bool isGemmOperation(cublasOperation_t Op) {
  return Op == CUBLAS_OP_N || Op == CUBLAS_OP_T || Op == CUBLAS_OP_C;
}

template <typename T>
Operand<T> operandA(cublasOperation_t Op, const T *Base, const T *const *Array,
                    int Ld, long long Stride) {
  bool Transposed = Op != CUBLAS_OP_N;
  return {Base, Array, Stride, Transposed ? Ld : 1, Transposed ? 1 : Ld,
          Op == CUBLAS_OP_C};
}

template <typename T>
Operand<T> operandB(cublasOperation_t Op, const T *Base, const T *const *Array,
                    int Ld, long long Stride) {
  bool Transposed = Op != CUBLAS_OP_N;
  return {Base, Array, Stride, Transposed ? 1 : Ld, Transposed ? Ld : 1,
          Op == CUBLAS_OP_C};
}

// Every gemm entry point ends here: arguments checked as cuBLAS checks
// them, scalars taken by the handle's pointer mode, batches launched in
// grids of at most MaxGridZ.
template <typename TIn, typename TOut, typename TAcc>
cublasStatus_t gemm(cublasHandle_t Handle, cublasOperation_t TransA,
                    cublasOperation_t TransB, int M, int N, int K,
                    const TAcc *Alpha, const TIn *A, const TIn *const *AArray,
                    int Lda, long long StrideA, const TIn *B,
                    const TIn *const *BArray, int Ldb, long long StrideB,
                    const TAcc *Beta, TOut *C, TOut *const *CArray, int Ldc,
                    long long StrideC, int BatchCount) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!isGemmOperation(TransA) || !isGemmOperation(TransB) || M < 0 ||
      N < 0 || K < 0 || BatchCount < 0 ||
      Lda < maxOf1(TransA == CUBLAS_OP_N ? M : K) ||
      Ldb < maxOf1(TransB == CUBLAS_OP_N ? K : N) || Ldc < maxOf1(M))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (M == 0 || N == 0 || BatchCount == 0)
    return CUBLAS_STATUS_SUCCESS;
  if (!Alpha || !Beta)
    return CUBLAS_STATUS_INVALID_VALUE;

  GemmParams<TIn, TOut, TAcc> P = {};
  P.M = M;
  P.N = N;
  P.K = K;
  P.A = operandA(TransA, A, AArray, Lda, StrideA);
  P.B = operandB(TransB, B, BArray, Ldb, StrideB);
  P.C = C;
  P.CArray = CArray;
  P.StrideC = StrideC;
  P.Ldc = Ldc;
  if (Handle->PointerMode == CUBLAS_POINTER_MODE_DEVICE) {
    P.AlphaPtr = Alpha;
    P.BetaPtr = Beta;
  } else {
    P.Alpha = *Alpha;
    P.Beta = *Beta;
  }
  dim3 Block(ThreadsX, ThreadsY);
  for (int Base = 0; Base < BatchCount; Base += MaxGridZ) {
    int Batches = BatchCount - Base < MaxGridZ ? BatchCount - Base : MaxGridZ;
    dim3 Grid((M + TileM - 1) / TileM, (N + TileN - 1) / TileN, Batches);
    P.BatchBase = Base;
    gemmTiled<<<Grid, Block, 0, Handle->Stream>>>(P);
  }
  return launched();
}

template <typename TIn, typename TOut, typename TAcc>
cublasStatus_t gemmUntyped(cublasHandle_t Handle, cublasOperation_t TransA,
                           cublasOperation_t TransB, int M, int N, int K,
                           const void *Alpha, const void *A,
                           const void *const *AArray, int Lda,
                           long long StrideA, const void *B,
                           const void *const *BArray, int Ldb,
                           long long StrideB, const void *Beta, void *C,
                           void *const *CArray, int Ldc, long long StrideC,
                           int BatchCount) {
  return gemm<TIn, TOut, TAcc>(
      Handle, TransA, TransB, M, N, K, static_cast<const TAcc *>(Alpha),
      static_cast<const TIn *>(A),
      reinterpret_cast<const TIn *const *>(AArray), Lda, StrideA,
      static_cast<const TIn *>(B),
      reinterpret_cast<const TIn *const *>(BArray), Ldb, StrideB,
      static_cast<const TAcc *>(Beta), static_cast<TOut *>(C),
      reinterpret_cast<TOut *const *>(CArray), Ldc, StrideC, BatchCount);
}

// The compute types whose scalars are float and whose sums we keep in
// float (the tensor-core ones included: our kernel computes them in full
// float, more precisely than they promise). Before CUDA 11, GemmEx took a
// cudaDataType here; its CUDA_R_32F still means the same.
bool computesInFloat(int ComputeType) {
  return ComputeType == CUBLAS_COMPUTE_32F ||
         ComputeType == CUBLAS_COMPUTE_32F_PEDANTIC ||
         ComputeType == CUBLAS_COMPUTE_32F_FAST_16F ||
         ComputeType == CUBLAS_COMPUTE_32F_FAST_16BF ||
         ComputeType == CUBLAS_COMPUTE_32F_FAST_TF32 ||
         ComputeType == CUDA_R_32F || ComputeType == CUDA_C_32F;
}

bool computesInDouble(int ComputeType) {
  return ComputeType == CUBLAS_COMPUTE_64F ||
         ComputeType == CUBLAS_COMPUTE_64F_PEDANTIC ||
         ComputeType == CUDA_R_64F || ComputeType == CUDA_C_64F;
}

// The type combinations GemmEx takes (cuBLAS's table less the integer,
// fp8 and half-precision-compute rows): A and B of one type, C of theirs
// or float.
cublasStatus_t gemmEx(cublasHandle_t Handle, cublasOperation_t TransA,
                      cublasOperation_t TransB, int M, int N, int K,
                      const void *Alpha, const void *A,
                      const void *const *AArray, cudaDataType AType, int Lda,
                      long long StrideA, const void *B,
                      const void *const *BArray, cudaDataType BType, int Ldb,
                      long long StrideB, const void *Beta, void *C,
                      void *const *CArray, cudaDataType CType, int Ldc,
                      long long StrideC, int BatchCount, int ComputeType) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (AType != BType)
    return CUBLAS_STATUS_NOT_SUPPORTED;
#define CUCC_GEMM(TIn, TOut, TAcc)                                             \
  gemmUntyped<TIn, TOut, TAcc>(Handle, TransA, TransB, M, N, K, Alpha, A,      \
                               AArray, Lda, StrideA, B, BArray, Ldb, StrideB,  \
                               Beta, C, CArray, Ldc, StrideC, BatchCount)
  if (computesInFloat(ComputeType)) {
    if (AType == CUDA_R_32F && CType == CUDA_R_32F)
      return CUCC_GEMM(float, float, float);
    if (AType == CUDA_R_16F && CType == CUDA_R_16F)
      return CUCC_GEMM(__half, __half, float);
    if (AType == CUDA_R_16F && CType == CUDA_R_32F)
      return CUCC_GEMM(__half, float, float);
    if (AType == CUDA_R_16BF && CType == CUDA_R_16BF)
      return CUCC_GEMM(__nv_bfloat16, __nv_bfloat16, float);
    if (AType == CUDA_R_16BF && CType == CUDA_R_32F)
      return CUCC_GEMM(__nv_bfloat16, float, float);
    if (AType == CUDA_C_32F && CType == CUDA_C_32F)
      return CUCC_GEMM(float2, float2, float2);
  }
  if (computesInDouble(ComputeType)) {
    if (AType == CUDA_R_64F && CType == CUDA_R_64F)
      return CUCC_GEMM(double, double, double);
    if (AType == CUDA_C_64F && CType == CUDA_C_64F)
      return CUCC_GEMM(double2, double2, double2);
  }
#undef CUCC_GEMM
  return CUBLAS_STATUS_NOT_SUPPORTED;
}

} // namespace

extern "C" {

cublasStatus_t cublasSgemm_v2(cublasHandle_t Handle, cublasOperation_t TransA,
                              cublasOperation_t TransB, int M, int N, int K,
                              const float *Alpha, const float *A, int Lda,
                              const float *B, int Ldb, const float *Beta,
                              float *C, int Ldc) {
  return gemm<float, float, float>(Handle, TransA, TransB, M, N, K, Alpha, A,
                                   nullptr, Lda, 0, B, nullptr, Ldb, 0, Beta,
                                   C, nullptr, Ldc, 0, 1);
}

cublasStatus_t cublasDgemm_v2(cublasHandle_t Handle, cublasOperation_t TransA,
                              cublasOperation_t TransB, int M, int N, int K,
                              const double *Alpha, const double *A, int Lda,
                              const double *B, int Ldb, const double *Beta,
                              double *C, int Ldc) {
  return gemm<double, double, double>(Handle, TransA, TransB, M, N, K, Alpha,
                                      A, nullptr, Lda, 0, B, nullptr, Ldb, 0,
                                      Beta, C, nullptr, Ldc, 0, 1);
}

cublasStatus_t cublasCgemm_v2(cublasHandle_t Handle, cublasOperation_t TransA,
                              cublasOperation_t TransB, int M, int N, int K,
                              const cuComplex *Alpha, const cuComplex *A,
                              int Lda, const cuComplex *B, int Ldb,
                              const cuComplex *Beta, cuComplex *C, int Ldc) {
  return gemm<float2, float2, float2>(Handle, TransA, TransB, M, N, K, Alpha,
                                      A, nullptr, Lda, 0, B, nullptr, Ldb, 0,
                                      Beta, C, nullptr, Ldc, 0, 1);
}

cublasStatus_t cublasZgemm_v2(cublasHandle_t Handle, cublasOperation_t TransA,
                              cublasOperation_t TransB, int M, int N, int K,
                              const cuDoubleComplex *Alpha,
                              const cuDoubleComplex *A, int Lda,
                              const cuDoubleComplex *B, int Ldb,
                              const cuDoubleComplex *Beta, cuDoubleComplex *C,
                              int Ldc) {
  return gemm<double2, double2, double2>(Handle, TransA, TransB, M, N, K,
                                         Alpha, A, nullptr, Lda, 0, B, nullptr,
                                         Ldb, 0, Beta, C, nullptr, Ldc, 0, 1);
}

cublasStatus_t cublasSgemmStridedBatched(
    cublasHandle_t Handle, cublasOperation_t TransA, cublasOperation_t TransB,
    int M, int N, int K, const float *Alpha, const float *A, int Lda,
    long long StrideA, const float *B, int Ldb, long long StrideB,
    const float *Beta, float *C, int Ldc, long long StrideC, int BatchCount) {
  return gemm<float, float, float>(Handle, TransA, TransB, M, N, K, Alpha, A,
                                   nullptr, Lda, StrideA, B, nullptr, Ldb,
                                   StrideB, Beta, C, nullptr, Ldc, StrideC,
                                   BatchCount);
}

cublasStatus_t cublasDgemmStridedBatched(
    cublasHandle_t Handle, cublasOperation_t TransA, cublasOperation_t TransB,
    int M, int N, int K, const double *Alpha, const double *A, int Lda,
    long long StrideA, const double *B, int Ldb, long long StrideB,
    const double *Beta, double *C, int Ldc, long long StrideC,
    int BatchCount) {
  return gemm<double, double, double>(Handle, TransA, TransB, M, N, K, Alpha,
                                      A, nullptr, Lda, StrideA, B, nullptr,
                                      Ldb, StrideB, Beta, C, nullptr, Ldc,
                                      StrideC, BatchCount);
}

cublasStatus_t cublasSgemmBatched(cublasHandle_t Handle,
                                  cublasOperation_t TransA,
                                  cublasOperation_t TransB, int M, int N,
                                  int K, const float *Alpha,
                                  const float *const AArray[], int Lda,
                                  const float *const BArray[], int Ldb,
                                  const float *Beta, float *const CArray[],
                                  int Ldc, int BatchCount) {
  return gemm<float, float, float>(Handle, TransA, TransB, M, N, K, Alpha,
                                   nullptr, AArray, Lda, 0, nullptr, BArray,
                                   Ldb, 0, Beta, nullptr, CArray, Ldc, 0,
                                   BatchCount);
}

cublasStatus_t cublasDgemmBatched(cublasHandle_t Handle,
                                  cublasOperation_t TransA,
                                  cublasOperation_t TransB, int M, int N,
                                  int K, const double *Alpha,
                                  const double *const AArray[], int Lda,
                                  const double *const BArray[], int Ldb,
                                  const double *Beta, double *const CArray[],
                                  int Ldc, int BatchCount) {
  return gemm<double, double, double>(Handle, TransA, TransB, M, N, K, Alpha,
                                      nullptr, AArray, Lda, 0, nullptr, BArray,
                                      Ldb, 0, Beta, nullptr, CArray, Ldc, 0,
                                      BatchCount);
}

cublasStatus_t cublasGemmEx(cublasHandle_t Handle, cublasOperation_t TransA,
                            cublasOperation_t TransB, int M, int N, int K,
                            const void *Alpha, const void *A,
                            cudaDataType AType, int Lda, const void *B,
                            cudaDataType BType, int Ldb, const void *Beta,
                            void *C, cudaDataType CType, int Ldc,
                            cublasComputeType_t ComputeType,
                            cublasGemmAlgo_t Algo) {
  (void)Algo;
  return gemmEx(Handle, TransA, TransB, M, N, K, Alpha, A, nullptr, AType,
                Lda, 0, B, nullptr, BType, Ldb, 0, Beta, C, nullptr, CType,
                Ldc, 0, 1, ComputeType);
}

cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t Handle, cublasOperation_t TransA, cublasOperation_t TransB,
    int M, int N, int K, const void *Alpha, const void *A, cudaDataType AType,
    int Lda, long long StrideA, const void *B, cudaDataType BType, int Ldb,
    long long StrideB, const void *Beta, void *C, cudaDataType CType, int Ldc,
    long long StrideC, int BatchCount, cublasComputeType_t ComputeType,
    cublasGemmAlgo_t Algo) {
  (void)Algo;
  return gemmEx(Handle, TransA, TransB, M, N, K, Alpha, A, nullptr, AType,
                Lda, StrideA, B, nullptr, BType, Ldb, StrideB, Beta, C,
                nullptr, CType, Ldc, StrideC, BatchCount, ComputeType);
}

cublasStatus_t cublasGemmBatchedEx(
    cublasHandle_t Handle, cublasOperation_t TransA, cublasOperation_t TransB,
    int M, int N, int K, const void *Alpha, const void *const AArray[],
    cudaDataType AType, int Lda, const void *const BArray[],
    cudaDataType BType, int Ldb, const void *Beta, void *const CArray[],
    cudaDataType CType, int Ldc, int BatchCount,
    cublasComputeType_t ComputeType, cublasGemmAlgo_t Algo) {
  (void)Algo;
  return gemmEx(Handle, TransA, TransB, M, N, K, Alpha, nullptr, AArray,
                AType, Lda, 0, nullptr, BArray, BType, Ldb, 0, Beta, nullptr,
                CArray, CType, Ldc, 0, BatchCount, ComputeType);
}

// SgemmEx: GemmEx with float scalars and a float computation.
cublasStatus_t cublasSgemmEx(cublasHandle_t Handle, cublasOperation_t TransA,
                             cublasOperation_t TransB, int M, int N, int K,
                             const float *Alpha, const void *A,
                             cudaDataType AType, int Lda, const void *B,
                             cudaDataType BType, int Ldb, const float *Beta,
                             void *C, cudaDataType CType, int Ldc) {
  if (AType == CUDA_C_32F)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  return gemmEx(Handle, TransA, TransB, M, N, K, Alpha, A, nullptr, AType,
                Lda, 0, B, nullptr, BType, Ldb, 0, Beta, C, nullptr, CType,
                Ldc, 0, 1, CUBLAS_COMPUTE_32F);
}

} // extern "C"
