// math_funcs.cu - CUDA math calls measured by `make bench` (math_bench.sh):
// one out-of-line function per call, compiled as CUDA by cu2hsaco and as
// HIP with HIP 5.2's headers; both reach AMD's OCML, so the table shows
// what each path adds or removes around it.
#ifdef __HIP__
#include <hip/hip_runtime.h>
#endif

#define BENCH_F32(NAME, EXPR)                                                  \
  extern "C" __device__ __attribute__((noinline)) float bench_##NAME(          \
      float x, float y) {                                                      \
    return EXPR;                                                               \
  }
#define BENCH_F64(NAME, EXPR)                                                  \
  extern "C" __device__ __attribute__((noinline)) double bench_##NAME(         \
      double x, double y) {                                                    \
    return EXPR;                                                               \
  }

BENCH_F32(expf, expf(x))
BENCH_F32(exp2f, exp2f(x))
BENCH_F32(logf, logf(x))
BENCH_F32(sinf, sinf(x))
BENCH_F32(cosf, cosf(x))
BENCH_F32(tanf, tanf(x))
BENCH_F32(tanhf, tanhf(x))
BENCH_F32(powf, powf(x, y))
BENCH_F32(sqrtf, sqrtf(x))
BENCH_F32(rsqrtf, rsqrtf(x))
BENCH_F32(erff, erff(x))
BENCH_F32(atan2f, atan2f(x, y))
BENCH_F32(fdiv, x / y)
BENCH_F32(__expf, __expf(x))
BENCH_F32(__logf, __logf(x))
BENCH_F32(__sinf, __sinf(x))
BENCH_F32(__powf, __powf(x, y))
BENCH_F32(__fdividef, __fdividef(x, y))
BENCH_F64(exp, exp(x))
BENCH_F64(log, log(x))
BENCH_F64(sin, sin(x))
BENCH_F64(pow, pow(x, y))

// Keeps every function (a kernel calls each).
extern "C" __global__ void math_funcs_keep(float *out, double *dout,
                                           const float *in) {
  int i = threadIdx.x;
  float x = in[i], y = in[i + 1];
  out[i] = bench_expf(x, y) + bench_exp2f(x, y) + bench_logf(x, y) +
           bench_sinf(x, y) + bench_cosf(x, y) + bench_tanf(x, y) +
           bench_tanhf(x, y) + bench_powf(x, y) + bench_sqrtf(x, y) +
           bench_rsqrtf(x, y) + bench_erff(x, y) + bench_atan2f(x, y) +
           bench_fdiv(x, y) + bench___expf(x, y) + bench___logf(x, y) +
           bench___sinf(x, y) + bench___powf(x, y) + bench___fdividef(x, y);
  dout[i] = bench_exp(x, y) + bench_log(x, y) + bench_sin(x, y) +
            bench_pow(x, y);
}
