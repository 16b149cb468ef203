//===- LtMatmul.cu - cublasLtMatmul ---------------------------------------===//
//
// D = epilogue(alpha op(A) op(B) + beta C) from cuBLASLt's descriptors
// (CublasLtDescriptors.h), on GemmKernel.cuh's tiled kernel, compiled into
// libcublasLt. What is computed: column-major layouts; A and B of one type
// (float, half or bfloat16, accumulated in float; or double), C and D of
// one type (the inputs' or float); strided batches (each layout's
// BATCH_COUNT and STRIDED_BATCH_OFFSET, D's count); scalars on the host or
// the device; epilogues DEFAULT, BIAS, GELU and GELU_BIAS (a bias vector
// of D's rows in D's type, added before GELU, which is the tanh
// approximation). Anything else is CUBLAS_STATUS_NOT_SUPPORTED, and the
// heuristic query then offers no algorithm.
//
//===----------------------------------------------------------------------===//

#include "CublasLtDescriptors.h"
#include "GemmKernel.cuh"

namespace {

using namespace blas;

bool computesInFloat(int ComputeType) {
  return ComputeType == CUBLAS_COMPUTE_32F ||
         ComputeType == CUBLAS_COMPUTE_32F_PEDANTIC ||
         ComputeType == CUBLAS_COMPUTE_32F_FAST_16F ||
         ComputeType == CUBLAS_COMPUTE_32F_FAST_16BF ||
         ComputeType == CUBLAS_COMPUTE_32F_FAST_TF32;
}

bool computesInDouble(int ComputeType) {
  return ComputeType == CUBLAS_COMPUTE_64F ||
         ComputeType == CUBLAS_COMPUTE_64F_PEDANTIC;
}

bool hasBias(uint32_t Epilogue) {
  return Epilogue == CUBLASLT_EPILOGUE_BIAS ||
         Epilogue == CUBLASLT_EPILOGUE_GELU_BIAS;
}

bool hasGelu(uint32_t Epilogue) {
  return Epilogue == CUBLASLT_EPILOGUE_GELU ||
         Epilogue == CUBLASLT_EPILOGUE_GELU_BIAS;
}

bool fitsInt(uint64_t X) { return X <= 0x7fffffff; }

// The layout holds a Rows x Cols column-major matrix.
bool holds(const CuccLtLayout *L, uint64_t Rows, uint64_t Cols) {
  return L->Order == CUBLASLT_ORDER_COL && L->Rows == Rows &&
         L->Cols == Cols && L->Ld >= (int64_t)(Rows > 1 ? Rows : 1) &&
         fitsInt(L->Ld) && L->BatchCount >= 1;
}

template <typename TIn, typename TOut, typename TAcc>
cublasStatus_t matmul(const CuccLtMatmulDesc *Desc, const void *Alpha,
                      const void *A, const CuccLtLayout *ALayout,
                      const void *B, const CuccLtLayout *BLayout,
                      const void *Beta, const void *C,
                      const CuccLtLayout *CLayout, void *D,
                      const CuccLtLayout *DLayout, cudaStream_t Stream) {
  auto TransA = (cublasOperation_t)Desc->TransA;
  auto TransB = (cublasOperation_t)Desc->TransB;
  GemmParams<TIn, TOut, TAcc> P = {};
  P.M = (int)DLayout->Rows;
  P.N = (int)DLayout->Cols;
  P.K = (int)(TransA == CUBLAS_OP_N ? ALayout->Cols : ALayout->Rows);
  P.A = operandA<TIn>(TransA, static_cast<const TIn *>(A), nullptr,
                 (int)ALayout->Ld, ALayout->BatchStride);
  P.B = operandB<TIn>(TransB, static_cast<const TIn *>(B), nullptr,
                 (int)BLayout->Ld, BLayout->BatchStride);
  P.D = static_cast<TOut *>(D);
  P.StrideD = DLayout->BatchStride;
  P.Ldd = (int)DLayout->Ld;
  P.C = static_cast<const TOut *>(C);
  P.StrideC = CLayout->BatchStride;
  P.Ldc = (int)CLayout->Ld;
  if (Desc->PointerMode == CUBLASLT_POINTER_MODE_DEVICE) {
    P.AlphaPtr = static_cast<const TAcc *>(Alpha);
    P.BetaPtr = static_cast<const TAcc *>(Beta);
  } else {
    P.Alpha = *static_cast<const TAcc *>(Alpha);
    P.Beta = *static_cast<const TAcc *>(Beta);
  }
  if (hasBias(Desc->Epilogue)) {
    P.Bias = static_cast<const TOut *>(Desc->Bias);
    P.BiasStride = Desc->BiasBatchStride;
  }
  P.Gelu = hasGelu(Desc->Epilogue);
  if (P.M == 0 || P.N == 0)
    return CUBLAS_STATUS_SUCCESS;
  return launchGemm<true>(P, DLayout->BatchCount, Stream);
}

} // namespace

extern "C" {

__attribute__((visibility("hidden"))) cublasStatus_t
cuccLtMatmulSupported(const CuccLtMatmulDesc *Desc, const CuccLtLayout *A,
                      const CuccLtLayout *B, const CuccLtLayout *C,
                      const CuccLtLayout *D) {
  if (!isGemmOperation((cublasOperation_t)Desc->TransA) ||
      !isGemmOperation((cublasOperation_t)Desc->TransB))
    return CUBLAS_STATUS_INVALID_VALUE;
  uint64_t M = D->Rows, N = D->Cols;
  bool TransposedA = Desc->TransA != CUBLAS_OP_N;
  bool TransposedB = Desc->TransB != CUBLAS_OP_N;
  uint64_t K = TransposedA ? A->Rows : A->Cols;
  if (!fitsInt(M) || !fitsInt(N) || !fitsInt(K) ||
      !holds(A, TransposedA ? K : M, TransposedA ? M : K) ||
      !holds(B, TransposedB ? N : K, TransposedB ? K : N) ||
      !holds(C, M, N) || !holds(D, M, N))
    return CUBLAS_STATUS_INVALID_VALUE;
  if (C->Type != D->Type || A->Type != B->Type ||
      Desc->TransC != CUBLAS_OP_N)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (Desc->PointerMode != CUBLASLT_POINTER_MODE_HOST &&
      Desc->PointerMode != CUBLASLT_POINTER_MODE_DEVICE)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  uint32_t Epilogue = Desc->Epilogue;
  if (Epilogue != CUBLASLT_EPILOGUE_DEFAULT && !hasBias(Epilogue) &&
      !hasGelu(Epilogue))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (hasBias(Epilogue) &&
      (!Desc->Bias ||
       (Desc->BiasType != -1 && Desc->BiasType != (int32_t)D->Type)))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  // The batch is D's; the other operands have as many or one (then their
  // stride says how far apart, 0 to broadcast).
  int Batches = D->BatchCount;
  const CuccLtLayout *Operands[] = {A, B, C};
  for (const CuccLtLayout *L : Operands)
    if (L->BatchCount != Batches && L->BatchCount != 1)
      return CUBLAS_STATUS_INVALID_VALUE;
  cudaDataType In = (cudaDataType)A->Type, Out = (cudaDataType)D->Type;
  if (computesInFloat(Desc->ComputeType) && Desc->ScaleType == CUDA_R_32F &&
      (In == CUDA_R_32F || In == CUDA_R_16F || In == CUDA_R_16BF) &&
      (Out == In || Out == CUDA_R_32F))
    return CUBLAS_STATUS_SUCCESS;
  if (computesInDouble(Desc->ComputeType) && Desc->ScaleType == CUDA_R_64F &&
      In == CUDA_R_64F && Out == CUDA_R_64F)
    return CUBLAS_STATUS_SUCCESS;
  return CUBLAS_STATUS_NOT_SUPPORTED;
}

cublasStatus_t cublasLtMatmul(cublasLtHandle_t Handle,
                              cublasLtMatmulDesc_t ComputeDesc,
                              const void *Alpha, const void *A,
                              cublasLtMatrixLayout_t ADesc, const void *B,
                              cublasLtMatrixLayout_t BDesc, const void *Beta,
                              const void *C, cublasLtMatrixLayout_t CDesc,
                              void *D, cublasLtMatrixLayout_t DDesc,
                              const cublasLtMatmulAlgo_t *Algo,
                              void *Workspace, size_t WorkspaceBytes,
                              cudaStream_t Stream) {
  (void)Algo, (void)Workspace, (void)WorkspaceBytes;
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!ComputeDesc || !ADesc || !BDesc || !CDesc || !DDesc || !Alpha ||
      !Beta)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *Desc = reinterpret_cast<const CuccLtMatmulDesc *>(ComputeDesc);
  auto *AL = reinterpret_cast<const CuccLtLayout *>(ADesc);
  auto *BL = reinterpret_cast<const CuccLtLayout *>(BDesc);
  auto *CL = reinterpret_cast<const CuccLtLayout *>(CDesc);
  auto *DL = reinterpret_cast<const CuccLtLayout *>(DDesc);
  cublasStatus_t Status = cuccLtMatmulSupported(Desc, AL, BL, CL, DL);
  if (Status != CUBLAS_STATUS_SUCCESS)
    return Status;
  cudaDataType In = (cudaDataType)AL->Type, Out = (cudaDataType)DL->Type;
  if (In == CUDA_R_64F)
    return matmul<double, double, double>(Desc, Alpha, A, AL, B, BL, Beta, C,
                                          CL, D, DL, Stream);
  if (In == CUDA_R_32F)
    return matmul<float, float, float>(Desc, Alpha, A, AL, B, BL, Beta, C,
                                       CL, D, DL, Stream);
  if (In == CUDA_R_16F && Out == CUDA_R_16F)
    return matmul<__half, __half, float>(Desc, Alpha, A, AL, B, BL, Beta, C,
                                         CL, D, DL, Stream);
  if (In == CUDA_R_16F)
    return matmul<__half, float, float>(Desc, Alpha, A, AL, B, BL, Beta, C,
                                        CL, D, DL, Stream);
  if (Out == CUDA_R_16BF)
    return matmul<__nv_bfloat16, __nv_bfloat16, float>(
        Desc, Alpha, A, AL, B, BL, Beta, C, CL, D, DL, Stream);
  return matmul<__nv_bfloat16, float, float>(Desc, Alpha, A, AL, B, BL, Beta,
                                             C, CL, D, DL, Stream);
}

} // extern "C"
