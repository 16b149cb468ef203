// math_functions.cu - CUDA's math API, called by name, over the inputs of
// math_inputs.h: on an NVIDIA GPU through nvcc (run-on-nvidia.sh, which
// keeps the raw result bits) and on AMD through cu2hsaco -D NO_MAIN
// --emit-llvm and wavesim (lit-tests/tools/math-ulp.c). Both measure the
// results against the same host reference, so the table compares our
// OCML-based math with NVIDIA's function by function.
//
// math_f32/math_f64 evaluate function Fn (an index of math_inputs.h's
// lists) on N inputs, one result word per input (integer results, such as
// ilogbf's, are stored as their bits).
//
// -D PLANTED_EXPF_3ULP moves expf's result 3 ulps up: the planted bug the
// lit test must catch (lit-tests/math/planted-bug.test).
#include "math_inputs.h"

#ifndef NO_MAIN
#include <cstdio>
#include <cstdlib>
#include <vector>
#endif

__device__ float sincosSin(float X) {
  float S, C;
  sincosf(X, &S, &C);
  return S;
}
__device__ float sincosCos(float X) {
  float S, C;
  sincosf(X, &S, &C);
  return C;
}
__device__ double sincosSin(double X) {
  double S, C;
  sincos(X, &S, &C);
  return S;
}
__device__ double sincosCos(double X) {
  double S, C;
  sincos(X, &S, &C);
  return C;
}
__device__ float frexpMant(float X) {
  int E;
  return frexpf(X, &E);
}
__device__ float frexpExp(float X) {
  int E = 0;
  frexpf(X, &E);
  return __int_as_float(E);
}
__device__ double frexpMant(double X) {
  int E;
  return frexp(X, &E);
}
__device__ double frexpExp(double X) {
  int E = 0;
  frexp(X, &E);
  return __longlong_as_double((long long)E);
}
__device__ float modfFrac(float X) {
  float I;
  return modff(X, &I);
}
__device__ float modfInt(float X) {
  float I;
  modff(X, &I);
  return I;
}
__device__ double modfFrac(double X) {
  double I;
  return modf(X, &I);
}

#define MATH_CASE32(N, SHAPE, ALO, AHI, BLO, BHI, BOUND, FAST, REF, EXPR)      \
  case MF32_##N:                                                               \
    R = EXPR;                                                                  \
    break;
#define MATH_CASE64(N, SHAPE, ALO, AHI, BLO, BHI, BOUND, FAST, REF, EXPR)      \
  case MF64_##N:                                                               \
    R = EXPR;                                                                  \
    break;

__global__ void math_f32(int Fn, const float *A, const float *B,
                         const float *C, float *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float a = A[I], b = B[I], c = C[I], R = 0;
  switch (Fn) { MATH_F32_FUNCTIONS(MATH_CASE32) }
#ifdef PLANTED_EXPF_3ULP
  if (Fn == MF32_expf)
    R = __int_as_float(__float_as_int(R) + 3);
#endif
  Out[I] = R;
}

__global__ void math_f64(int Fn, const double *A, const double *B,
                         const double *C, double *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  double a = A[I], b = B[I], c = C[I], R = 0;
  switch (Fn) { MATH_F64_FUNCTIONS(MATH_CASE64) }
  Out[I] = R;
}

#ifndef NO_MAIN
// Writes, per function of both lists, its name, the FNV-1a hash of its
// input bits and the N result words: RAW32 (float) and RAW64 (double).
#define CHECK(X)                                                               \
  do {                                                                         \
    cudaError_t E = (X);                                                       \
    if (E != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #X, cudaGetErrorString(E));                  \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static uint64_t fnv(const void *P, size_t Bytes, uint64_t H) {
  const unsigned char *C = (const unsigned char *)P;
  for (size_t I = 0; I < Bytes; ++I)
    H = (H ^ C[I]) * 0x100000001b3ull;
  return H;
}

template <typename T>
static void runAll(const MathFunction *Table, int Count, unsigned N,
                   bool Double, FILE *Out,
                   void (*Kernel)(int, const T *, const T *, const T *, T *,
                                  int)) {
  std::vector<T> A(N), B(N), C(N), R(N);
  T *DA, *DB, *DC, *DR;
  CHECK(cudaMalloc(&DA, N * sizeof(T)));
  CHECK(cudaMalloc(&DB, N * sizeof(T)));
  CHECK(cudaMalloc(&DC, N * sizeof(T)));
  CHECK(cudaMalloc(&DR, N * sizeof(T)));
  for (int F = 0; F < Count; ++F) {
    for (unsigned I = 0; I < N; ++I) {
      double X, Y, Z;
      mathInput(&Table[F], Double, I, &X, &Y, &Z);
      A[I] = (T)X;
      B[I] = (T)Y;
      C[I] = (T)Z;
    }
    uint64_t H = 0xcbf29ce484222325ull;
    H = fnv(A.data(), N * sizeof(T), H);
    H = fnv(B.data(), N * sizeof(T), H);
    H = fnv(C.data(), N * sizeof(T), H);
    CHECK(cudaMemcpy(DA, A.data(), N * sizeof(T), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(DB, B.data(), N * sizeof(T), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(DC, C.data(), N * sizeof(T), cudaMemcpyHostToDevice));
    Kernel<<<(N + 255) / 256, 256>>>(F, DA, DB, DC, DR, (int)N);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(R.data(), DR, N * sizeof(T), cudaMemcpyDeviceToHost));
    char Name[32] = {0};
    snprintf(Name, sizeof(Name), "%s", Table[F].Name);
    fwrite(Name, 1, sizeof(Name), Out);
    fwrite(&H, sizeof(H), 1, Out);
    fwrite(R.data(), sizeof(T), N, Out);
  }
  cudaFree(DA);
  cudaFree(DB);
  cudaFree(DC);
  cudaFree(DR);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: math_functions RAW32 RAW64\n");
    return 2;
  }
  FILE *O32 = fopen(argv[1], "wb"), *O64 = fopen(argv[2], "wb");
  if (!O32 || !O64) {
    perror("fopen");
    return 1;
  }
  runAll<float>(MathF32, MATH_NUM_F32, MATH_N32, false, O32, math_f32);
  runAll<double>(MathF64, MATH_NUM_F64, MATH_N64, true, O64, math_f64);
  fclose(O32);
  fclose(O64);
  return 0;
}
#endif
