// cuComplex.h - CUDA's single and double precision complex numbers: the
// vector types float2 and double2 under the names cuFloatComplex and
// cuDoubleComplex, with the toolkit's helpers (host and device).
// cuCdiv and cuCabs scale their operands as the toolkit's do, so that
// intermediate products neither overflow nor underflow.
#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_

#include "crt/host_defines.h"
#include "vector_types.h"

#include <math.h>

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#define __CU_COMPLEX static __host__ __device__ inline

__CU_COMPLEX float cuCrealf(cuFloatComplex x) { return x.x; }
__CU_COMPLEX float cuCimagf(cuFloatComplex x) { return x.y; }
__CU_COMPLEX cuFloatComplex make_cuFloatComplex(float r, float i) {
  cuFloatComplex Result;
  Result.x = r;
  Result.y = i;
  return Result;
}
__CU_COMPLEX cuFloatComplex cuConjf(cuFloatComplex x) {
  return make_cuFloatComplex(cuCrealf(x), -cuCimagf(x));
}
__CU_COMPLEX cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(cuCrealf(x) + cuCrealf(y),
                             cuCimagf(x) + cuCimagf(y));
}
__CU_COMPLEX cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(cuCrealf(x) - cuCrealf(y),
                             cuCimagf(x) - cuCimagf(y));
}
__CU_COMPLEX cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) {
  return make_cuFloatComplex(
      cuCrealf(x) * cuCrealf(y) - cuCimagf(x) * cuCimagf(y),
      cuCrealf(x) * cuCimagf(y) + cuCimagf(x) * cuCrealf(y));
}
__CU_COMPLEX cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) {
  float s = fabsf(cuCrealf(y)) + fabsf(cuCimagf(y));
  float oos = 1.0f / s;
  float ars = cuCrealf(x) * oos, ais = cuCimagf(x) * oos;
  float brs = cuCrealf(y) * oos, bis = cuCimagf(y) * oos;
  s = (brs * brs) + (bis * bis);
  oos = 1.0f / s;
  return make_cuFloatComplex(((ars * brs) + (ais * bis)) * oos,
                             ((ais * brs) - (ars * bis)) * oos);
}
__CU_COMPLEX float cuCabsf(cuFloatComplex x) {
  float a = fabsf(cuCrealf(x)), b = fabsf(cuCimagf(x));
  float v = a > b ? a : b, w = a > b ? b : a;
  float t = w / v;
  t = 1.0f + t * t;
  t = v * sqrtf(t);
  if (v == 0.0f || v > 3.402823466e38f || w > 3.402823466e38f)
    t = v + w;
  return t;
}

__CU_COMPLEX double cuCreal(cuDoubleComplex x) { return x.x; }
__CU_COMPLEX double cuCimag(cuDoubleComplex x) { return x.y; }
__CU_COMPLEX cuDoubleComplex make_cuDoubleComplex(double r, double i) {
  cuDoubleComplex Result;
  Result.x = r;
  Result.y = i;
  return Result;
}
__CU_COMPLEX cuDoubleComplex cuConj(cuDoubleComplex x) {
  return make_cuDoubleComplex(cuCreal(x), -cuCimag(x));
}
__CU_COMPLEX cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(cuCreal(x) + cuCreal(y),
                              cuCimag(x) + cuCimag(y));
}
__CU_COMPLEX cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(cuCreal(x) - cuCreal(y),
                              cuCimag(x) - cuCimag(y));
}
__CU_COMPLEX cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) {
  return make_cuDoubleComplex(
      cuCreal(x) * cuCreal(y) - cuCimag(x) * cuCimag(y),
      cuCreal(x) * cuCimag(y) + cuCimag(x) * cuCreal(y));
}
__CU_COMPLEX cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) {
  double s = fabs(cuCreal(y)) + fabs(cuCimag(y));
  double oos = 1.0 / s;
  double ars = cuCreal(x) * oos, ais = cuCimag(x) * oos;
  double brs = cuCreal(y) * oos, bis = cuCimag(y) * oos;
  s = (brs * brs) + (bis * bis);
  oos = 1.0 / s;
  return make_cuDoubleComplex(((ars * brs) + (ais * bis)) * oos,
                              ((ais * brs) - (ars * bis)) * oos);
}
__CU_COMPLEX double cuCabs(cuDoubleComplex x) {
  double a = fabs(cuCreal(x)), b = fabs(cuCimag(x));
  double v = a > b ? a : b, w = a > b ? b : a;
  double t = w / v;
  t = 1.0 + t * t;
  t = v * sqrt(t);
  if (v == 0.0 || v > 1.79769313486231570e+308 ||
      w > 1.79769313486231570e+308)
    t = v + w;
  return t;
}

__CU_COMPLEX cuComplex make_cuComplex(float x, float y) {
  return make_cuFloatComplex(x, y);
}
__CU_COMPLEX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
  return make_cuDoubleComplex((double)cuCrealf(c), (double)cuCimagf(c));
}
__CU_COMPLEX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
  return make_cuFloatComplex((float)cuCreal(c), (float)cuCimag(c));
}
__CU_COMPLEX cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d) {
  float real = (cuCrealf(x) * cuCrealf(y)) + cuCrealf(d);
  float imag = (cuCrealf(x) * cuCimagf(y)) + cuCimagf(d);
  real = -(cuCimagf(x) * cuCimagf(y)) + real;
  imag = (cuCimagf(x) * cuCrealf(y)) + imag;
  return make_cuComplex(real, imag);
}
__CU_COMPLEX cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y,
                                    cuDoubleComplex d) {
  double real = (cuCreal(x) * cuCreal(y)) + cuCreal(d);
  double imag = (cuCreal(x) * cuCimag(y)) + cuCimag(d);
  real = -(cuCimag(x) * cuCimag(y)) + real;
  imag = (cuCimag(x) * cuCreal(y)) + imag;
  return make_cuDoubleComplex(real, imag);
}

#undef __CU_COMPLEX

#endif
