//===- BlasScalars.cuh - Arithmetic the BLAS kernels share --------------===//
//
// The element types cuBLAS stores (float, double, half, bfloat16 and the
// complex float2 / double2) and the types its kernels compute in (float,
// double, float2, double2), with the few operations a kernel written once
// for all of them needs: widening a stored element to the compute type,
// rounding a result back to the stored type, multiply-add, product, sum,
// complex conjugation and the test for zero (alpha == 0 and beta == 0 mean
// "do not read", as in reference BLAS).
//
//===----------------------------------------------------------------------===//

#ifndef BLAS_SCALARS_CUH
#define BLAS_SCALARS_CUH

#include <cuComplex.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace blas {

__device__ inline float widen(float X) { return X; }
__device__ inline double widen(double X) { return X; }
__device__ inline float widen(__half X) { return __half2float(X); }
__device__ inline float widen(__nv_bfloat16 X) { return __bfloat162float(X); }
__device__ inline float2 widen(float2 X) { return X; }
__device__ inline double2 widen(double2 X) { return X; }

__device__ inline void narrowTo(float &Dst, float V) { Dst = V; }
__device__ inline void narrowTo(double &Dst, double V) { Dst = V; }
__device__ inline void narrowTo(__half &Dst, float V) {
  Dst = __float2half_rn(V);
}
__device__ inline void narrowTo(__nv_bfloat16 &Dst, float V) {
  Dst = __float2bfloat16_rn(V);
}
__device__ inline void narrowTo(float2 &Dst, float2 V) { Dst = V; }
__device__ inline void narrowTo(double2 &Dst, double2 V) { Dst = V; }

// Acc + A * B.
__device__ inline float madd(float Acc, float A, float B) {
  return fmaf(A, B, Acc);
}
__device__ inline double madd(double Acc, double A, double B) {
  return fma(A, B, Acc);
}
__device__ inline float2 madd(float2 Acc, float2 A, float2 B) {
  Acc.x = fmaf(-A.y, B.y, fmaf(A.x, B.x, Acc.x));
  Acc.y = fmaf(A.y, B.x, fmaf(A.x, B.y, Acc.y));
  return Acc;
}
__device__ inline double2 madd(double2 Acc, double2 A, double2 B) {
  Acc.x = fma(-A.y, B.y, fma(A.x, B.x, Acc.x));
  Acc.y = fma(A.y, B.x, fma(A.x, B.y, Acc.y));
  return Acc;
}

template <typename T> __device__ inline T zero() { return T(); }

template <typename T> __device__ inline T mul(T A, T B) {
  return madd(zero<T>(), A, B);
}

__device__ inline float add(float A, float B) { return A + B; }
__device__ inline double add(double A, double B) { return A + B; }
__device__ inline float2 add(float2 A, float2 B) {
  return make_float2(A.x + B.x, A.y + B.y);
}
__device__ inline double2 add(double2 A, double2 B) {
  return make_double2(A.x + B.x, A.y + B.y);
}

__device__ inline float conjugate(float X) { return X; }
__device__ inline double conjugate(double X) { return X; }
__device__ inline float2 conjugate(float2 X) { return make_float2(X.x, -X.y); }
__device__ inline double2 conjugate(double2 X) {
  return make_double2(X.x, -X.y);
}

__device__ inline bool isZero(float X) { return X == 0.0f; }
__device__ inline bool isZero(double X) { return X == 0.0; }
__device__ inline bool isZero(float2 X) { return X.x == 0.0f && X.y == 0.0f; }
__device__ inline bool isZero(double2 X) { return X.x == 0.0 && X.y == 0.0; }

// GELU in the tanh approximation (cuBLASLt's epilogue, llm.c's):
// x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))). Complex matrices take no
// epilogue; their overload leaves the value alone.
__device__ inline float gelu(float X) {
  const float Scale = 0.7978845608028654f;
  return 0.5f * X * (1.0f + tanhf(Scale * (X + 0.044715f * X * X * X)));
}
__device__ inline double gelu(double X) {
  const double Scale = 0.7978845608028654;
  return 0.5 * X * (1.0 + tanh(Scale * (X + 0.044715 * X * X * X)));
}
__device__ inline float2 gelu(float2 X) { return X; }
__device__ inline double2 gelu(double2 X) { return X; }

// The derivative of that GELU: with t = tanh(s u), u = x + 0.044715 x^3,
// s = sqrt(2/pi): (1 + t) / 2 + x / 2 (1 - t^2) s (1 + 3 0.044715 x^2).
__device__ inline float geluDerivative(float X) {
  const float Scale = 0.7978845608028654f;
  float T = tanhf(Scale * (X + 0.044715f * X * X * X));
  float Slope = Scale * (1.0f + 3.0f * 0.044715f * X * X);
  return 0.5f * (1.0f + T) + 0.5f * X * (1.0f - T * T) * Slope;
}
__device__ inline double geluDerivative(double X) {
  const double Scale = 0.7978845608028654;
  double T = tanh(Scale * (X + 0.044715 * X * X * X));
  double Slope = Scale * (1.0 + 3.0 * 0.044715 * X * X);
  return 0.5 * (1.0 + T) + 0.5 * X * (1.0 - T * T) * Slope;
}
__device__ inline float2 geluDerivative(float2 X) { return X; }
__device__ inline double2 geluDerivative(double2 X) { return X; }

// *Ptr, read member by member: a whole float2 copied where the pointer
// might also be the kernel's own copy of a scalar becomes a select of a
// private and a global pointer, which leaves a stack frame behind.
__device__ inline float load(const float *Ptr) { return *Ptr; }
__device__ inline double load(const double *Ptr) { return *Ptr; }
__device__ inline float2 load(const float2 *Ptr) {
  return make_float2(Ptr->x, Ptr->y);
}
__device__ inline double2 load(const double2 *Ptr) {
  return make_double2(Ptr->x, Ptr->y);
}

} // namespace blas

#endif
