//===- LtMatmul.cu - cublasLtMatmul ---------------------------------------===//
//
// D = epilogue(alpha op(A) op(B) + beta C) from cuBLASLt's descriptors
// (CublasLtDescriptors.h), on GemmKernel.cuh's tiled kernel, compiled into
// libcublasLt. What is computed: column-major layouts; A and B of one type
// (float, half or bfloat16, accumulated in float; or double), C and D of
// one type (the inputs' or float); strided batches (each layout's
// BATCH_COUNT and STRIDED_BATCH_OFFSET, D's count); scalars on the host or
// the device; the epilogues
//   DEFAULT, BIAS, GELU, GELU_BIAS: a bias vector of D's rows in D's type
//     is added, then GELU (the tanh approximation) applied;
//   GELU_AUX, GELU_AUX_BIAS: the same, GELU's input also stored in the
//     auxiliary matrix (EPILOGUE_AUX_POINTER, _LD, _BATCH_STRIDE; M x N in
//     D's type);
//   DGELU: the result multiplied by GELU's derivative at the auxiliary
//     matrix's element (which holds GELU's input of the forward pass);
//   DGELU_BGRAD: DGELU, and the sums of D's rows written to the bias
//     vector (the bias gradient, M elements);
//   BGRADA, BGRADB: the product, and the sums of op(A)'s rows (M elements)
//     or of op(B)'s columns (N elements), over K, written to the bias
//     vector, not scaled by alpha.
// Bias vectors are BIAS_BATCH_STRIDE apart in a batch. Anything else is
// CUBLAS_STATUS_NOT_SUPPORTED, and the heuristic query then offers no
// algorithm.
//
// lit-tests/cublas/ltmatmul.test builds this file into its program with
// -D PLANTED_AUX_BUG (GELU's output stored as its input),
// -D PLANTED_AUX_LAYOUT_BUG (the auxiliary matrix's leading dimension and
// batch stride ignored), -D PLANTED_DGELU_BUG (GELU for its derivative) or
// -D PLANTED_BIAS_GRADIENT_BUG (each sum one term short) to see its checks
// fail.
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

// Which vector the epilogue writes to the bias pointer: none, or the sums
// over K of op(A)'s rows, of op(B)'s columns, or the sums of D's rows.
enum BiasGradient { NoBiasGradient, RowsOfA, ColumnsOfB, RowsOfD };

struct EpilogueKind {
  uint32_t Epilogue;
  bool AddsBias;
  Activation Act;
  bool UsesAux;
  BiasGradient Gradient;
};

const EpilogueKind Epilogues[] = {
    {CUBLASLT_EPILOGUE_DEFAULT, false, NoActivation, false, NoBiasGradient},
    {CUBLASLT_EPILOGUE_BIAS, true, NoActivation, false, NoBiasGradient},
    {CUBLASLT_EPILOGUE_GELU, false, GeluActivation, false, NoBiasGradient},
    {CUBLASLT_EPILOGUE_GELU_BIAS, true, GeluActivation, false,
     NoBiasGradient},
    {CUBLASLT_EPILOGUE_GELU_AUX, false, GeluActivation, true, NoBiasGradient},
    {CUBLASLT_EPILOGUE_GELU_AUX_BIAS, true, GeluActivation, true,
     NoBiasGradient},
    {CUBLASLT_EPILOGUE_DGELU, false, GeluGradient, true, NoBiasGradient},
    {CUBLASLT_EPILOGUE_DGELU_BGRAD, false, GeluGradient, true, RowsOfD},
    {CUBLASLT_EPILOGUE_BGRADA, false, NoActivation, false, RowsOfA},
    {CUBLASLT_EPILOGUE_BGRADB, false, NoActivation, false, ColumnsOfB},
};

// The epilogue's kind, or null where we do not compute it.
const EpilogueKind *epilogueKind(uint32_t Epilogue) {
  for (const EpilogueKind &Kind : Epilogues)
    if (Kind.Epilogue == Epilogue)
      return &Kind;
  return nullptr;
}

bool fitsInt(uint64_t X) { return X <= 0x7fffffff; }

// The layout holds a Rows x Cols column-major matrix.
bool holds(const CuccLtLayout *L, uint64_t Rows, uint64_t Cols) {
  return L->Order == CUBLASLT_ORDER_COL && L->Rows == Rows &&
         L->Cols == Cols && L->Ld >= (int64_t)(Rows > 1 ? Rows : 1) &&
         fitsInt(L->Ld) && L->BatchCount >= 1;
}

constexpr int SumThreads = 256;

// Sums[b * SumStride + o], for o < Extent, is the sum over p < Depth of
// X's element (o, p) of batch b, at batchStart(X, b)[o * StepOuter +
// p * StepDepth]: for op(A) its rows, for op(B) its columns (both along
// K), for D (StepOuter 1, StepDepth its leading dimension) its rows. One
// thread an element, accumulating in TAcc.
template <typename TIn, typename TOut, typename TAcc>
__global__ void __launch_bounds__(SumThreads)
    sumAlongDepth(Operand<TIn> X, int Extent, int Depth, TOut *Sums,
                  long long SumStride, int BatchBase) {
  int O = blockIdx.x * SumThreads + threadIdx.x;
  if (O >= Extent)
    return;
  int Batch = BatchBase + blockIdx.y;
  const TIn *Line = batchStart(X, Batch) + O * X.StepOuter;
  TAcc Sum = zero<TAcc>();
#ifdef PLANTED_BIAS_GRADIENT_BUG // the last term left out
  --Depth;
#endif
  for (int P = 0; P < Depth; ++P)
    Sum = add(Sum, widen(Line[P * X.StepDepth]));
  narrowTo(Sums[Batch * SumStride + O], Sum);
}

template <typename TAcc, typename TIn, typename TOut>
cublasStatus_t launchSums(const Operand<TIn> &X, int Extent, int Depth,
                          TOut *Sums, long long SumStride, int BatchCount,
                          cudaStream_t Stream) {
  if (Extent == 0)
    return CUBLAS_STATUS_SUCCESS;
  for (int Base = 0; Base < BatchCount; Base += MaxGridZ) {
    int Batches = BatchCount - Base < MaxGridZ ? BatchCount - Base : MaxGridZ;
    dim3 Grid((Extent + SumThreads - 1) / SumThreads, Batches);
    sumAlongDepth<TIn, TOut, TAcc>
        <<<Grid, SumThreads, 0, Stream>>>(X, Extent, Depth, Sums, SumStride,
                                          Base);
  }
  return launched();
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
  const EpilogueKind *Kind = epilogueKind(Desc->Epilogue);
  int Batches = DLayout->BatchCount;
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
  if (Kind->AddsBias) {
    P.Bias = static_cast<const TOut *>(Desc->Bias);
    P.BiasStride = Desc->BiasBatchStride;
  }
  P.Act = Kind->Act;
  if (Kind->UsesAux) {
    P.Aux = static_cast<TOut *>(const_cast<void *>(Desc->AuxPointer));
    P.AuxLd = (int)Desc->AuxLd;
    P.AuxStride = Desc->AuxBatchStride;
#ifdef PLANTED_AUX_LAYOUT_BUG // the auxiliary matrix packed, batches apart
    P.AuxLd = P.M;
    P.AuxStride = (long long)P.M * P.N;
#endif
  }
  // The bias gradients of A and B are read before D is written.
  auto *Gradient = static_cast<TOut *>(const_cast<void *>(Desc->Bias));
  cublasStatus_t Status = CUBLAS_STATUS_SUCCESS;
  if (Kind->Gradient == RowsOfA)
    Status = launchSums<TAcc>(P.A, P.M, P.K, Gradient, Desc->BiasBatchStride,
                              Batches, Stream);
  if (Kind->Gradient == ColumnsOfB)
    Status = launchSums<TAcc>(P.B, P.N, P.K, Gradient, Desc->BiasBatchStride,
                              Batches, Stream);
  if (Status != CUBLAS_STATUS_SUCCESS || P.M == 0 || P.N == 0)
    return Status;
  Status = launchGemm<true>(P, Batches, Stream);
  if (Status != CUBLAS_STATUS_SUCCESS || Kind->Gradient != RowsOfD)
    return Status;
  Operand<TOut> RowsOfResult = {P.D, nullptr, P.StrideD, 1, P.Ldd, false};
  return launchSums<TAcc>(RowsOfResult, P.M, P.N, Gradient,
                          Desc->BiasBatchStride, Batches, Stream);
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
  const EpilogueKind *Kind = epilogueKind(Desc->Epilogue);
  if (!Kind)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  bool UsesBias = Kind->AddsBias || Kind->Gradient != NoBiasGradient;
  if (UsesBias &&
      (!Desc->Bias ||
       (Desc->BiasType != -1 && Desc->BiasType != (int32_t)D->Type)))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (Kind->UsesAux &&
      (!Desc->AuxPointer ||
       (Desc->AuxType != -1 && Desc->AuxType != (int32_t)D->Type)))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (Kind->UsesAux &&
      (Desc->AuxLd < (int64_t)(M > 1 ? M : 1) || !fitsInt(Desc->AuxLd)))
    return CUBLAS_STATUS_INVALID_VALUE;
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
