/*===- CublasLtDescriptors.h - What cuBLASLt's descriptors hold -----------===*
 *
 * The matrix layouts, matmul descriptors and preferences behind cuBLASLt's
 * opaque handles, shared by runtime/CublasLt.c (which creates them and
 * sets and gets their attributes) and runtime/cublas/LtMatmul.cu (which
 * reads them for cublasLtMatmul). Each lives in the opaque type the
 * handle points to (cublasLtMatrixLayoutOpaque_t, ...), whose size the
 * toolkit's header fixes; the static assertions in CublasLt.c check that
 * ours fit.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUBLASLT_DESCRIPTORS_H
#define CUBLASLT_DESCRIPTORS_H

#include "cublasLt.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint32_t Type; /* cudaDataType */
  int32_t Order; /* cublasLtOrder_t */
  uint64_t Rows, Cols;
  int64_t Ld;
  int32_t BatchCount;
  int64_t BatchStride; /* elements */
} CuccLtLayout;

typedef struct {
  int32_t ComputeType; /* cublasComputeType_t */
  int32_t ScaleType;   /* cudaDataType */
  int32_t PointerMode; /* cublasLtPointerMode_t */
  int32_t TransA, TransB, TransC;
  uint32_t Epilogue; /* cublasLtEpilogue_t */
  const void *Bias;
  int64_t BiasBatchStride; /* elements */
  int32_t BiasType;        /* cudaDataType, or -1: D's type */
  const void *AuxPointer;
  int64_t AuxLd, AuxBatchStride; /* elements */
  int32_t AuxType;               /* cudaDataType, or -1: D's type */
  int32_t SmCountTarget;
  int8_t FastAccumulation;
} CuccLtMatmulDesc;

typedef struct {
  uint32_t SearchMode;
  uint64_t MaxWorkspaceBytes;
} CuccLtPreference;

/* CUBLAS_STATUS_SUCCESS when cublasLtMatmul computes this product (the
 * heuristic query offers its one algorithm then), else why not. */
cublasStatus_t cuccLtMatmulSupported(const CuccLtMatmulDesc *Desc,
                                     const CuccLtLayout *A,
                                     const CuccLtLayout *B,
                                     const CuccLtLayout *C,
                                     const CuccLtLayout *D);

#ifdef __cplusplus
}
#endif

#endif
