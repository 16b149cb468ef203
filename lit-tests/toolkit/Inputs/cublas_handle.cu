// cuBLAS's handle, whose creation asks the CUDA runtime for its devices
// (libcublas calls cudaGetDeviceCount).
#include <cublas_v2.h>
#include <cstdio>

int main() {
  cublasHandle_t Handle;
  cublasStatus_t Status = cublasCreate(&Handle);
  printf("cublasCreate: %s\n", cublasGetStatusName(Status));
  if (Status == CUBLAS_STATUS_SUCCESS)
    cublasDestroy(Handle);
  return Status != CUBLAS_STATUS_SUCCESS;
}
