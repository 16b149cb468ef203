/*===- CublasLt.c - cuBLASLt's handle and descriptors --------------------===*
 *
 * libcublasLt as a CUDA program links it (-lcublasLt): the handle,
 * versions, properties and status texts (libcublas's), and the matrix
 * layouts, matmul descriptors and preferences cublasLtMatmul reads (their
 * attributes set and got with the sizes cuBLASLt's documentation gives
 * them), with the heuristic query, which offers our one algorithm for
 * every product runtime/cublas/LtMatmul.cu computes.
 *
 *===----------------------------------------------------------------------===*/

#include "cublas/CublasLtDescriptors.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct cublasLtContext {
  int Unused;
};

cublasStatus_t cublasLtCreate(cublasLtHandle_t *Handle) {
  if (!Handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  int Devices = 0;
  if (cudaGetDeviceCount(&Devices) != cudaSuccess || Devices == 0)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  *Handle = calloc(1, sizeof(**Handle));
  return *Handle ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasLtDestroy(cublasLtHandle_t Handle) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  free(Handle);
  return CUBLAS_STATUS_SUCCESS;
}

const char *cublasLtGetStatusName(cublasStatus_t Status) {
  return cublasGetStatusName(Status);
}

const char *cublasLtGetStatusString(cublasStatus_t Status) {
  return cublasGetStatusString(Status);
}

size_t cublasLtGetVersion(void) { return CUBLAS_VERSION; }

size_t cublasLtGetCudartVersion(void) { return CUDART_VERSION; }

cublasStatus_t cublasLtGetProperty(libraryPropertyType Type, int *Value) {
  return cublasGetProperty(Type, Value);
}

/* --- Descriptors ---
 * Each attribute is a field of the descriptor's struct, of the size the
 * documentation gives its value; attributes we do not model are
 * CUBLAS_STATUS_NOT_SUPPORTED. */

typedef struct {
  int Attribute;
  size_t Offset, Size;
} Field;

#define FIELD(Attribute, Struct, Member)                                       \
  { Attribute, offsetof(Struct, Member), sizeof(((Struct *)0)->Member) }

static const Field LayoutFields[] = {
    FIELD(CUBLASLT_MATRIX_LAYOUT_TYPE, CuccLtLayout, Type),
    FIELD(CUBLASLT_MATRIX_LAYOUT_ORDER, CuccLtLayout, Order),
    FIELD(CUBLASLT_MATRIX_LAYOUT_ROWS, CuccLtLayout, Rows),
    FIELD(CUBLASLT_MATRIX_LAYOUT_COLS, CuccLtLayout, Cols),
    FIELD(CUBLASLT_MATRIX_LAYOUT_LD, CuccLtLayout, Ld),
    FIELD(CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, CuccLtLayout, BatchCount),
    FIELD(CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, CuccLtLayout,
          BatchStride),
};

static const Field MatmulFields[] = {
    FIELD(CUBLASLT_MATMUL_DESC_COMPUTE_TYPE, CuccLtMatmulDesc, ComputeType),
    FIELD(CUBLASLT_MATMUL_DESC_SCALE_TYPE, CuccLtMatmulDesc, ScaleType),
    FIELD(CUBLASLT_MATMUL_DESC_POINTER_MODE, CuccLtMatmulDesc, PointerMode),
    FIELD(CUBLASLT_MATMUL_DESC_TRANSA, CuccLtMatmulDesc, TransA),
    FIELD(CUBLASLT_MATMUL_DESC_TRANSB, CuccLtMatmulDesc, TransB),
    FIELD(CUBLASLT_MATMUL_DESC_TRANSC, CuccLtMatmulDesc, TransC),
    FIELD(CUBLASLT_MATMUL_DESC_EPILOGUE, CuccLtMatmulDesc, Epilogue),
    FIELD(CUBLASLT_MATMUL_DESC_BIAS_POINTER, CuccLtMatmulDesc, Bias),
    FIELD(CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, CuccLtMatmulDesc,
          BiasBatchStride),
    FIELD(CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, CuccLtMatmulDesc, BiasType),
    FIELD(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, CuccLtMatmulDesc,
          AuxPointer),
    FIELD(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, CuccLtMatmulDesc, AuxLd),
    FIELD(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE, CuccLtMatmulDesc,
          AuxBatchStride),
    FIELD(CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, CuccLtMatmulDesc,
          AuxType),
    FIELD(CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET, CuccLtMatmulDesc,
          SmCountTarget),
    FIELD(CUBLASLT_MATMUL_DESC_FAST_ACCUM, CuccLtMatmulDesc,
          FastAccumulation),
};

static const Field PreferenceFields[] = {
    FIELD(CUBLASLT_MATMUL_PREF_SEARCH_MODE, CuccLtPreference, SearchMode),
    FIELD(CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, CuccLtPreference,
          MaxWorkspaceBytes),
};

#undef FIELD

_Static_assert(sizeof(CuccLtLayout) <= sizeof(cublasLtMatrixLayoutOpaque_t),
               "a layout fits cuBLASLt's opaque type");
_Static_assert(sizeof(CuccLtMatmulDesc) <= sizeof(cublasLtMatmulDescOpaque_t),
               "a matmul descriptor fits cuBLASLt's opaque type");
_Static_assert(sizeof(CuccLtPreference) <=
                   sizeof(cublasLtMatmulPreferenceOpaque_t),
               "a preference fits cuBLASLt's opaque type");

static const Field *findField(const Field *Fields, size_t Count,
                              int Attribute) {
  for (size_t I = 0; I < Count; ++I)
    if (Fields[I].Attribute == Attribute)
      return &Fields[I];
  return NULL;
}

static cublasStatus_t setField(void *Object, const Field *Fields,
                               size_t Count, int Attribute, const void *Buf,
                               size_t Size) {
  if (!Object)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  const Field *F = findField(Fields, Count, Attribute);
  if (!F)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (!Buf || Size != F->Size)
    return CUBLAS_STATUS_INVALID_VALUE;
  memcpy((char *)Object + F->Offset, Buf, Size);
  return CUBLAS_STATUS_SUCCESS;
}

/* With Size 0, only the size the attribute needs is written. */
static cublasStatus_t getField(const void *Object, const Field *Fields,
                               size_t Count, int Attribute, void *Buf,
                               size_t Size, size_t *Written) {
  if (!Object)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  const Field *F = findField(Fields, Count, Attribute);
  if (!F)
    return CUBLAS_STATUS_NOT_SUPPORTED;
  if (Size == 0 && Written) {
    *Written = F->Size;
    return CUBLAS_STATUS_SUCCESS;
  }
  if (!Buf || Size < F->Size)
    return CUBLAS_STATUS_INVALID_VALUE;
  memcpy(Buf, (const char *)Object + F->Offset, F->Size);
  if (Written)
    *Written = F->Size;
  return CUBLAS_STATUS_SUCCESS;
}

#define COUNT(Array) (sizeof(Array) / sizeof((Array)[0]))

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *Layout,
                                          cudaDataType Type, uint64_t Rows,
                                          uint64_t Cols, int64_t Ld) {
  if (!Layout)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Layout = calloc(1, sizeof(**Layout));
  if (!*Layout)
    return CUBLAS_STATUS_ALLOC_FAILED;
  CuccLtLayout *L = (CuccLtLayout *)*Layout;
  L->Type = Type;
  L->Order = CUBLASLT_ORDER_COL;
  L->Rows = Rows;
  L->Cols = Cols;
  L->Ld = Ld;
  L->BatchCount = 1;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t Layout) {
  free(Layout);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t
cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t Layout,
                                 cublasLtMatrixLayoutAttribute_t Attribute,
                                 const void *Buf, size_t Size) {
  return setField(Layout, LayoutFields, COUNT(LayoutFields), Attribute, Buf,
                  Size);
}

cublasStatus_t
cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t Layout,
                                 cublasLtMatrixLayoutAttribute_t Attribute,
                                 void *Buf, size_t Size, size_t *Written) {
  return getField(Layout, LayoutFields, COUNT(LayoutFields), Attribute, Buf,
                  Size, Written);
}

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *Desc,
                                        cublasComputeType_t ComputeType,
                                        cudaDataType_t ScaleType) {
  if (!Desc)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Desc = calloc(1, sizeof(**Desc));
  if (!*Desc)
    return CUBLAS_STATUS_ALLOC_FAILED;
  CuccLtMatmulDesc *D = (CuccLtMatmulDesc *)*Desc;
  D->ComputeType = ComputeType;
  D->ScaleType = ScaleType;
  D->PointerMode = CUBLASLT_POINTER_MODE_HOST;
  D->TransA = D->TransB = D->TransC = CUBLAS_OP_N;
  D->Epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  D->BiasType = -1;
  D->AuxType = -1;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t Desc) {
  free(Desc);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t
cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t Desc,
                               cublasLtMatmulDescAttributes_t Attribute,
                               const void *Buf, size_t Size) {
  return setField(Desc, MatmulFields, COUNT(MatmulFields), Attribute, Buf,
                  Size);
}

cublasStatus_t
cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t Desc,
                               cublasLtMatmulDescAttributes_t Attribute,
                               void *Buf, size_t Size, size_t *Written) {
  return getField(Desc, MatmulFields, COUNT(MatmulFields), Attribute, Buf,
                  Size, Written);
}

cublasStatus_t
cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *Preference) {
  if (!Preference)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Preference = calloc(1, sizeof(**Preference));
  return *Preference ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t
cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t Preference) {
  free(Preference);
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(
    cublasLtMatmulPreference_t Preference,
    cublasLtMatmulPreferenceAttributes_t Attribute, const void *Buf,
    size_t Size) {
  return setField(Preference, PreferenceFields, COUNT(PreferenceFields),
                  Attribute, Buf, Size);
}

cublasStatus_t cublasLtMatmulPreferenceGetAttribute(
    cublasLtMatmulPreference_t Preference,
    cublasLtMatmulPreferenceAttributes_t Attribute, void *Buf, size_t Size,
    size_t *Written) {
  return getField(Preference, PreferenceFields, COUNT(PreferenceFields),
                  Attribute, Buf, Size, Written);
}

/* One algorithm (the tiled kernel), needing no workspace, for every
 * product cublasLtMatmul computes; none otherwise. */
cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t Handle, cublasLtMatmulDesc_t Desc,
    cublasLtMatrixLayout_t A, cublasLtMatrixLayout_t B,
    cublasLtMatrixLayout_t C, cublasLtMatrixLayout_t D,
    cublasLtMatmulPreference_t Preference, int RequestedAlgoCount,
    cublasLtMatmulHeuristicResult_t Results[], int *ReturnAlgoCount) {
  (void)Preference;
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (RequestedAlgoCount < 1 || !Results || !ReturnAlgoCount || !Desc ||
      !A || !B || !C || !D)
    return CUBLAS_STATUS_INVALID_VALUE;
  *ReturnAlgoCount = 0;
  cublasStatus_t Status = cuccLtMatmulSupported(
      (const CuccLtMatmulDesc *)Desc, (const CuccLtLayout *)A,
      (const CuccLtLayout *)B, (const CuccLtLayout *)C,
      (const CuccLtLayout *)D);
  if (Status != CUBLAS_STATUS_SUCCESS)
    return Status;
  memset(&Results[0], 0, sizeof(Results[0]));
  Results[0].algo.data[0] = 1;
  Results[0].state = CUBLAS_STATUS_SUCCESS;
  Results[0].wavesCount = 1.0f;
  *ReturnAlgoCount = 1;
  return CUBLAS_STATUS_SUCCESS;
}
