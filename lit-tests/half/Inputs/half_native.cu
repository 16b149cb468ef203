// half_native.cu - half arithmetic kernels whose code on AMD must be the
// hardware's f16 instructions (native-isa.test): one operation each, read
// from and written to global memory.
#include <cuda_fp16.h>

__global__ void hadd2(const __half2 *A, const __half2 *B, __half2 *C) {
  int I = threadIdx.x;
  C[I] = __hadd2(A[I], B[I]);
}

__global__ void hfma2(const __half2 *A, const __half2 *B, __half2 *C) {
  int I = threadIdx.x;
  C[I] = __hfma2(A[I], B[I], C[I]);
}

__global__ void hfma(const __half *A, const __half *B, __half *C) {
  int I = threadIdx.x;
  C[I] = __hfma(A[I], B[I], C[I]);
}

__global__ void hmul(const __half *A, const __half *B, __half *C) {
  int I = threadIdx.x;
  C[I] = A[I] * B[I];
}
