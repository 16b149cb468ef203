//===- BlasArguments.cuh - How the routines take their arguments ---------===//
//
// What the BLAS-1 and BLAS-2 routines share: scalars taken by the handle's
// pointer mode (the value, read on the host, or a device pointer the
// kernel reads), reference BLAS's increments (a negative one walks the
// vector from its far end: element i at (n - 1 - i) |inc|), and the
// status of a launch.
//
//===----------------------------------------------------------------------===//

#ifndef BLAS_ARGUMENTS_CUH
#define BLAS_ARGUMENTS_CUH

#include "CublasHandle.h"

#include <cuda_runtime.h>

namespace blas {

template <typename T> struct Scalar {
  T Value;
  const T *Ptr; // CUBLAS_POINTER_MODE_DEVICE
  __device__ T get() const { return Ptr ? *Ptr : Value; }
};

template <typename T>
inline Scalar<T> scalarOf(cublasHandle_t Handle, const T *Arg) {
  if (Handle->PointerMode == CUBLAS_POINTER_MODE_DEVICE)
    return {T(), Arg};
  return {*Arg, nullptr};
}

__device__ inline long long elementIndex(int I, int N, int Inc) {
  return Inc >= 0 ? (long long)I * Inc : (long long)(N - 1 - I) * -Inc;
}

inline cublasStatus_t launched() {
  return cudaGetLastError() == cudaSuccess ? CUBLAS_STATUS_SUCCESS
                                           : CUBLAS_STATUS_EXECUTION_FAILED;
}

inline int maxOf1(int X) { return X > 1 ? X : 1; }

} // namespace blas

#endif
