/*===- CublasLt.c - cuBLASLt's handle -------------------------------------===*
 *
 * libcublasLt as a CUDA program links it (-lcublasLt): the handle,
 * versions, properties and status texts (libcublas's). Programs that
 * include <cublasLt.h> for these alone (llm.c's dev/cuda programs) build
 * and run; cublasLtMatmul and its descriptors are not here yet, so a
 * program calling them fails to link, naming them.
 *
 *===----------------------------------------------------------------------===*/

#include "cublasLt.h"

#include <stdlib.h>

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
