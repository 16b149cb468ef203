/*===- Cublas.c - cuBLAS's handle -----------------------------------------===*
 *
 * libcublas as a CUDA program links it (-lcublas): the handle and what it
 * holds (stream, math, pointer and atomics modes, workspace, SM count
 * target, a scratch buffer for reductions), versions, properties and
 * status names and strings, the toolkit's. The BLAS routines are CUDA
 * code in runtime/cublas/, compiled by our own pipeline into this library.
 *
 *===----------------------------------------------------------------------===*/

#include "cublas/CublasHandle.h"

#include <stdlib.h>

static cublasLogCallback LogCallback;

cublasStatus_t cublasCreate_v2(cublasHandle_t *Handle) {
  if (!Handle)
    return CUBLAS_STATUS_INVALID_VALUE;
  int Devices = 0;
  if (cudaGetDeviceCount(&Devices) != cudaSuccess || Devices == 0)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  *Handle = calloc(1, sizeof(**Handle));
  if (!*Handle)
    return CUBLAS_STATUS_ALLOC_FAILED;
  (*Handle)->PointerMode = CUBLAS_POINTER_MODE_HOST;
  (*Handle)->AtomicsMode = CUBLAS_ATOMICS_NOT_ALLOWED;
  (*Handle)->MathMode = CUBLAS_DEFAULT_MATH;
  if (cudaMalloc(&(*Handle)->Scratch, CUBLAS_SCRATCH_BYTES) != cudaSuccess) {
    free(*Handle);
    *Handle = NULL;
    return CUBLAS_STATUS_ALLOC_FAILED;
  }
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasDestroy_v2(cublasHandle_t Handle) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  cudaFree(Handle->Scratch);
  free(Handle);
  return CUBLAS_STATUS_SUCCESS;
}

/* The cuBLAS release whose API this is: 12.0.2. */
cublasStatus_t cublasGetVersion_v2(cublasHandle_t Handle, int *Version) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Version)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Version = CUBLAS_VERSION;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUBLAS_STATUS_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION:
    *Value = CUBLAS_VER_MAJOR;
    return CUBLAS_STATUS_SUCCESS;
  case MINOR_VERSION:
    *Value = CUBLAS_VER_MINOR;
    return CUBLAS_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *Value = CUBLAS_VER_PATCH;
    return CUBLAS_STATUS_SUCCESS;
  }
  return CUBLAS_STATUS_INVALID_VALUE;
}

size_t cublasGetCudartVersion(void) { return CUDART_VERSION; }

cublasStatus_t cublasSetWorkspace_v2(cublasHandle_t Handle, void *Workspace,
                                     size_t Bytes) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Bytes && !Workspace)
    return CUBLAS_STATUS_INVALID_VALUE;
  Handle->Workspace = Workspace;
  Handle->WorkspaceBytes = Bytes;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetStream_v2(cublasHandle_t Handle, cudaStream_t Stream) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  Handle->Stream = Stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetStream_v2(cublasHandle_t Handle,
                                  cudaStream_t *Stream) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Stream)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Stream = Handle->Stream;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetPointerMode_v2(cublasHandle_t Handle,
                                       cublasPointerMode_t *Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Mode = Handle->PointerMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetPointerMode_v2(cublasHandle_t Handle,
                                       cublasPointerMode_t Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Mode != CUBLAS_POINTER_MODE_HOST && Mode != CUBLAS_POINTER_MODE_DEVICE)
    return CUBLAS_STATUS_INVALID_VALUE;
  Handle->PointerMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetAtomicsMode(cublasHandle_t Handle,
                                    cublasAtomicsMode_t *Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Mode = Handle->AtomicsMode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetAtomicsMode(cublasHandle_t Handle,
                                    cublasAtomicsMode_t Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Mode != CUBLAS_ATOMICS_NOT_ALLOWED && Mode != CUBLAS_ATOMICS_ALLOWED)
    return CUBLAS_STATUS_INVALID_VALUE;
  Handle->AtomicsMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetMathMode(cublasHandle_t Handle, cublasMath_t *Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Mode)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Mode = Handle->MathMode;
  return CUBLAS_STATUS_SUCCESS;
}

/* A mode is one of CUDA's four plus the flag that forbids reduced
 * precision reductions. */
cublasStatus_t cublasSetMathMode(cublasHandle_t Handle, cublasMath_t Mode) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  unsigned Base =
      (unsigned)Mode & ~(unsigned)CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION;
  if (Base != CUBLAS_DEFAULT_MATH && Base != CUBLAS_TENSOR_OP_MATH &&
      Base != CUBLAS_PEDANTIC_MATH && Base != CUBLAS_TF32_TENSOR_OP_MATH)
    return CUBLAS_STATUS_INVALID_VALUE;
  Handle->MathMode = Mode;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetSmCountTarget(cublasHandle_t Handle, int *Target) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!Target)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Target = Handle->SmCountTarget;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasSetSmCountTarget(cublasHandle_t Handle, int Target) {
  if (!Handle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (Target < 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  Handle->SmCountTarget = Target;
  return CUBLAS_STATUS_SUCCESS;
}

static const struct {
  cublasStatus_t Status;
  const char *Name, *Text;
} StatusTexts[] = {
    {CUBLAS_STATUS_SUCCESS, "CUBLAS_STATUS_SUCCESS", "success"},
    {CUBLAS_STATUS_NOT_INITIALIZED, "CUBLAS_STATUS_NOT_INITIALIZED",
     "the library was not initialized"},
    {CUBLAS_STATUS_ALLOC_FAILED, "CUBLAS_STATUS_ALLOC_FAILED",
     "the resource allocation failed"},
    {CUBLAS_STATUS_INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE",
     "an invalid numeric value was used as an argument"},
    {CUBLAS_STATUS_ARCH_MISMATCH, "CUBLAS_STATUS_ARCH_MISMATCH",
     "an absent device architectural feature is required"},
    {CUBLAS_STATUS_MAPPING_ERROR, "CUBLAS_STATUS_MAPPING_ERROR",
     "an access to GPU memory space failed"},
    {CUBLAS_STATUS_EXECUTION_FAILED, "CUBLAS_STATUS_EXECUTION_FAILED",
     "the GPU program failed to execute"},
    {CUBLAS_STATUS_INTERNAL_ERROR, "CUBLAS_STATUS_INTERNAL_ERROR",
     "an internal operation failed"},
    {CUBLAS_STATUS_NOT_SUPPORTED, "CUBLAS_STATUS_NOT_SUPPORTED",
     "the functionality requested is not supported"},
    {CUBLAS_STATUS_LICENSE_ERROR, "CUBLAS_STATUS_LICENSE_ERROR",
     "license error"},
};

static unsigned statusIndex(cublasStatus_t Status) {
  for (unsigned I = 0; I < sizeof(StatusTexts) / sizeof(StatusTexts[0]); ++I)
    if (StatusTexts[I].Status == Status)
      return I;
  return ~0u;
}

const char *cublasGetStatusName(cublasStatus_t Status) {
  unsigned I = statusIndex(Status);
  return I == ~0u ? "CUBLAS_STATUS_UNKNOWN" : StatusTexts[I].Name;
}

const char *cublasGetStatusString(cublasStatus_t Status) {
  unsigned I = statusIndex(Status);
  return I == ~0u ? "unknown error" : StatusTexts[I].Text;
}

cublasStatus_t cublasLoggerConfigure(int LogIsOn, int LogToStdOut,
                                     int LogToStdErr, const char *FileName) {
  (void)LogIsOn, (void)LogToStdOut, (void)LogToStdErr, (void)FileName;
  return CUBLAS_STATUS_SUCCESS; /* nothing is logged */
}

cublasStatus_t cublasSetLoggerCallback(cublasLogCallback Callback) {
  LogCallback = Callback;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetLoggerCallback(cublasLogCallback *Callback) {
  if (!Callback)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Callback = LogCallback;
  return CUBLAS_STATUS_SUCCESS;
}

/* Copies between host and device memory, vectors with increments and
 * column-major matrices with leading dimensions: cudaMemcpy2D with one
 * element per row (vectors) or one column per row (matrices). */
static cublasStatus_t copyStatus(cudaError_t Error) {
  return Error == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                              : CUBLAS_STATUS_MAPPING_ERROR;
}

static cublasStatus_t copyVector(int N, int ElemSize, const void *X,
                                 int IncX, void *Y, int IncY,
                                 enum cudaMemcpyKind Kind, cudaStream_t Stream,
                                 int Async) {
  if (N < 0 || ElemSize <= 0 || IncX <= 0 || IncY <= 0)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (N == 0)
    return CUBLAS_STATUS_SUCCESS;
  size_t Size = (size_t)ElemSize;
  if (Async)
    return copyStatus(cudaMemcpy2DAsync(Y, Size * IncY, X, Size * IncX, Size,
                                        (size_t)N, Kind, Stream));
  return copyStatus(
      cudaMemcpy2D(Y, Size * IncY, X, Size * IncX, Size, (size_t)N, Kind));
}

static cublasStatus_t copyMatrix(int Rows, int Cols, int ElemSize,
                                 const void *A, int Lda, void *B, int Ldb,
                                 enum cudaMemcpyKind Kind, cudaStream_t Stream,
                                 int Async) {
  if (Rows < 0 || Cols < 0 || ElemSize <= 0 || Lda <= 0 || Ldb <= 0 ||
      Lda < Rows || Ldb < Rows)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (Rows == 0 || Cols == 0)
    return CUBLAS_STATUS_SUCCESS;
  size_t Size = (size_t)ElemSize;
  if (Async)
    return copyStatus(cudaMemcpy2DAsync(B, Size * Ldb, A, Size * Lda,
                                        Size * Rows, (size_t)Cols, Kind,
                                        Stream));
  return copyStatus(cudaMemcpy2D(B, Size * Ldb, A, Size * Lda, Size * Rows,
                                 (size_t)Cols, Kind));
}

cublasStatus_t cublasSetVector(int N, int ElemSize, const void *X, int IncX,
                               void *Y, int IncY) {
  return copyVector(N, ElemSize, X, IncX, Y, IncY, cudaMemcpyHostToDevice, 0,
                    0);
}

cublasStatus_t cublasGetVector(int N, int ElemSize, const void *X, int IncX,
                               void *Y, int IncY) {
  return copyVector(N, ElemSize, X, IncX, Y, IncY, cudaMemcpyDeviceToHost, 0,
                    0);
}

cublasStatus_t cublasSetMatrix(int Rows, int Cols, int ElemSize,
                               const void *A, int Lda, void *B, int Ldb) {
  return copyMatrix(Rows, Cols, ElemSize, A, Lda, B, Ldb,
                    cudaMemcpyHostToDevice, 0, 0);
}

cublasStatus_t cublasGetMatrix(int Rows, int Cols, int ElemSize,
                               const void *A, int Lda, void *B, int Ldb) {
  return copyMatrix(Rows, Cols, ElemSize, A, Lda, B, Ldb,
                    cudaMemcpyDeviceToHost, 0, 0);
}

cublasStatus_t cublasSetVectorAsync(int N, int ElemSize, const void *X,
                                    int IncX, void *Y, int IncY,
                                    cudaStream_t Stream) {
  return copyVector(N, ElemSize, X, IncX, Y, IncY, cudaMemcpyHostToDevice,
                    Stream, 1);
}

cublasStatus_t cublasGetVectorAsync(int N, int ElemSize, const void *X,
                                    int IncX, void *Y, int IncY,
                                    cudaStream_t Stream) {
  return copyVector(N, ElemSize, X, IncX, Y, IncY, cudaMemcpyDeviceToHost,
                    Stream, 1);
}

cublasStatus_t cublasSetMatrixAsync(int Rows, int Cols, int ElemSize,
                                    const void *A, int Lda, void *B, int Ldb,
                                    cudaStream_t Stream) {
  return copyMatrix(Rows, Cols, ElemSize, A, Lda, B, Ldb,
                    cudaMemcpyHostToDevice, Stream, 1);
}

cublasStatus_t cublasGetMatrixAsync(int Rows, int Cols, int ElemSize,
                                    const void *A, int Lda, void *B, int Ldb,
                                    cudaStream_t Stream) {
  return copyMatrix(Rows, Cols, ElemSize, A, Lda, B, Ldb,
                    cudaMemcpyDeviceToHost, Stream, 1);
}
