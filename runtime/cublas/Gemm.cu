//===- Gemm.cu - cuBLAS's matrix products ---------------------------------===//
//
// C = alpha op(A) op(B) + beta C for every gemm entry point libcublas
// offers: cublas{S,D,C,Z}gemm, {S,D}gemmBatched and StridedBatched, and
// cublasGemmEx / GemmBatchedEx / GemmStridedBatchedEx / SgemmEx with A and
// B in float, half or bfloat16 (accumulated in float) and C in float or
// the inputs' type, all on the tiled kernel of GemmKernel.cuh.
//
//===----------------------------------------------------------------------===//

#include "GemmKernel.cuh"

namespace {

using namespace blas;

// Every gemm entry point ends here: arguments checked as cuBLAS checks
// them, scalars taken by the handle's pointer mode.
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
  P.D = C;
  P.DArray = CArray;
  P.StrideD = StrideC;
  P.Ldd = Ldc;
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
  return launchGemm<false>(P, BatchCount, Handle->Stream);
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
