// curand_kernel.h - cuRAND's device API: the Philox4_32_10 generator
// (curandStatePhilox4_32_10_t) with curand_init, curand, curand4,
// skipahead, skipahead_sequence and the uniform, normal and log-normal
// distributions, giving the sequences NVIDIA's cuRAND gives (raw and
// uniform words bit for bit; normals through our logf/sqrtf/__sincosf,
// within a few ulps: lit-tests/headers/curand-philox.test, against an
// H100). Philox is a counter-based generator (Salmon et al., "Parallel
// random numbers: as easy as 1, 2, 3", SC'11): the state is a 128-bit
// counter and a 64-bit key (the seed); each counter value gives four
// words through ten rounds; subsequences advance the counter's upper
// half, offsets its lower half.
//
// And XORWOW (curandState, curandStateXORWOW_t: cuRAND's default), with
// curand_init, curand, skipahead, skipahead_sequence, uniform, normal and
// log-normal.
//
// And MRG32k3a (curandStateMRG32k3a_t: L'Ecuyer's combined multiple
// recursive generator), with curand_init, curand, skipahead,
// skipahead_sequence, uniform, double uniform, normal, double normal and
// log-normal (lit-tests/curand/device-api-mrg32k3a.test, against an H100).
//
// And curand_poisson for the three: NVIDIA's values below lambda 64
// (Knuth's product of uniforms); from 64 on, Hormann's PTRS rejection,
// which has the Poisson distribution but not NVIDIA's values.
#ifndef __CURAND_KERNEL_H__
#define __CURAND_KERNEL_H__

#include "cuda_runtime.h"

#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

/*===-- What every generator's state shares ------------------------------===*/

/* A new state has no Box-Muller value waiting. */
template <class State>
static __device__ inline void __curand_clear_normal_cache(State *S) {
  S->boxmuller_flag = 0;
  S->boxmuller_flag_double = 0;
  S->boxmuller_extra = 0.0f;
  S->boxmuller_extra_double = 0.0;
}

/* One normal per call from the generator's curand_normal2 pair; the
 * pair's second value waits in the state for the next call. */
template <class State>
static __device__ inline float __curand_normal_from_pair(State *S) {
  if (S->boxmuller_flag != 1) {
    float2 Pair = curand_normal2(S);
    S->boxmuller_extra = Pair.y;
    S->boxmuller_flag = 1;
    return Pair.x;
  }
  S->boxmuller_flag = 0;
  return S->boxmuller_extra;
}

/*===-- The Philox4x32-10 bijection ---------------------------------------===*/

static __device__ inline uint4 __curand_philox_round(uint4 Ctr, uint2 Key) {
  const unsigned M0 = 0xD2511F53u, M1 = 0xCD9E8D57u;
  unsigned Hi0 = __umulhi(M0, Ctr.x), Lo0 = M0 * Ctr.x;
  unsigned Hi1 = __umulhi(M1, Ctr.z), Lo1 = M1 * Ctr.z;
  return make_uint4(Hi1 ^ Ctr.y ^ Key.x, Lo1, Hi0 ^ Ctr.w ^ Key.y, Lo0);
}

static __device__ inline uint4 __curand_philox10(uint4 Ctr, uint2 Key) {
  const unsigned W0 = 0x9E3779B9u, W1 = 0xBB67AE85u;
  for (int Round = 0; Round < 9; ++Round) {
    Ctr = __curand_philox_round(Ctr, Key);
    Key.x += W0;
    Key.y += W1;
  }
  return __curand_philox_round(Ctr, Key);
}

/* The counter plus N (a 128-bit add of a 64-bit value). */
static __device__ inline void __curand_philox_advance(
    curandStatePhilox4_32_10_t *S, unsigned long long N) {
  unsigned long long Low = ((unsigned long long)S->ctr.y << 32 | S->ctr.x);
  unsigned long long Sum = Low + N;
  S->ctr.x = (unsigned)Sum;
  S->ctr.y = (unsigned)(Sum >> 32);
  if (Sum < Low) { /* carry into the upper half */
    if (++S->ctr.z == 0)
      ++S->ctr.w;
  }
}

static __device__ inline void __curand_philox_refill(
    curandStatePhilox4_32_10_t *S) {
  S->output = __curand_philox10(S->ctr, S->key);
}

/*===-- Positioning -------------------------------------------------------===*/

/* Skips N words of the sequence. */
static __device__ inline void skipahead(unsigned long long N,
                                        curandStatePhilox4_32_10_t *S) {
  S->STATE += (unsigned)(N & 3);
  N /= 4;
  if (S->STATE > 3) {
    N += 1;
    S->STATE -= 4;
  }
  __curand_philox_advance(S, N);
  __curand_philox_refill(S);
}

/* Skips N subsequences of 2^66 words: the counter's upper 64 bits. */
static __device__ inline void
skipahead_sequence(unsigned long long N, curandStatePhilox4_32_10_t *S) {
  unsigned long long High = ((unsigned long long)S->ctr.w << 32 | S->ctr.z);
  High += N;
  S->ctr.z = (unsigned)High;
  S->ctr.w = (unsigned)(High >> 32);
  __curand_philox_refill(S);
}

static __device__ inline void curand_init(unsigned long long Seed,
                                          unsigned long long Subsequence,
                                          unsigned long long Offset,
                                          curandStatePhilox4_32_10_t *S) {
  S->ctr = make_uint4(0, 0, 0, 0);
  S->key = make_uint2((unsigned)Seed, (unsigned)(Seed >> 32));
  S->STATE = 0;
  __curand_clear_normal_cache(S);
  skipahead_sequence(Subsequence, S);
  skipahead(Offset, S);
}

/*===-- Raw words ---------------------------------------------------------===*/

static __device__ inline unsigned curand(curandStatePhilox4_32_10_t *S) {
  unsigned Words[4] = {S->output.x, S->output.y, S->output.z, S->output.w};
  unsigned Word = Words[S->STATE & 3];
  if (++S->STATE == 4) {
    __curand_philox_advance(S, 1);
    __curand_philox_refill(S);
    S->STATE = 0;
  }
  return Word;
}

/* The next four words (the position moves by four). */
static __device__ inline uint4 curand4(curandStatePhilox4_32_10_t *S) {
  uint4 Old = S->output;
  __curand_philox_advance(S, 1);
  __curand_philox_refill(S);
  unsigned Words[8] = {Old.x,       Old.y,       Old.z,       Old.w,
                       S->output.x, S->output.y, S->output.z, S->output.w};
  unsigned K = S->STATE;
  return make_uint4(Words[K], Words[K + 1], Words[K + 2], Words[K + 3]);
}

/*===-- Distributions -----------------------------------------------------===*/

/* (0, 1]: a word times 2^-32, plus half of that step. */
static __device__ inline float __curand_uniform(unsigned X) {
  return X * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}

static __device__ inline float curand_uniform(curandStatePhilox4_32_10_t *S) {
  return __curand_uniform(curand(S));
}

static __device__ inline float4
curand_uniform4(curandStatePhilox4_32_10_t *S) {
  uint4 X = curand4(S);
  return make_float4(__curand_uniform(X.x), __curand_uniform(X.y),
                     __curand_uniform(X.z), __curand_uniform(X.w));
}

/* Box-Muller over two words: radius from the first, angle from the
 * second. */
static __device__ inline float2 __curand_box_muller(unsigned X, unsigned Y) {
  float U = X * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
  float V = Y * CURAND_2POW32_INV_2PI + (CURAND_2POW32_INV_2PI / 2);
  float Radius = sqrtf(-2.0f * logf(U));
  float2 Result;
  __sincosf(V, &Result.x, &Result.y);
  Result.x *= Radius;
  Result.y *= Radius;
  return Result;
}

static __device__ inline float2 curand_normal2(curandStatePhilox4_32_10_t *S) {
  unsigned X = curand(S);
  unsigned Y = curand(S);
  return __curand_box_muller(X, Y);
}

static __device__ inline float curand_normal(curandStatePhilox4_32_10_t *S) {
  return __curand_normal_from_pair(S);
}

static __device__ inline float
curand_log_normal(curandStatePhilox4_32_10_t *S, float Mean, float Stddev) {
  return expf(Mean + Stddev * curand_normal(S));
}

/*===-- XORWOW ------------------------------------------------------------===*/

/* Marsaglia's xorwow: five xorshift words and a Weyl counter d. A draw is
 * one step of a linear map M of the 160 bits; skipahead applies M's
 * precomputed powers (crt/curand_xorwow_jumps.h, generated at build time
 * by cmake/gen-curand-xorwow-jumps.py). */
struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

#include "crt/curand_xorwow_jumps.h"

/* V = Matrix V, a matrix given as 160 columns of five words. */
static __device__ inline void __curand_xorwow_apply(unsigned V[5],
                                                    const unsigned *Matrix) {
  unsigned Result[5] = {0, 0, 0, 0, 0};
  for (int J = 0; J < 160; ++J)
    if (V[J / 32] >> (J % 32) & 1)
      for (int W = 0; W < 5; ++W)
        Result[W] ^= Matrix[5 * J + W];
  for (int W = 0; W < 5; ++W)
    V[W] = Result[W];
}

/* V = M^(N * 2^Shift) V, Shift being 0 (draws) or 67 (subsequences). The
 * tables hold the powers for the low 32 bits of N; higher bits square the
 * last one at run time. */
static __device__ inline void __curand_xorwow_jump(unsigned V[5],
                                                   unsigned long long N,
                                                   int Table) {
  for (int I = 0; I < 32; ++I)
    if (N >> I & 1)
      __curand_xorwow_apply(V, __curand_xorwow_jumps[Table][I]);
  if (!(N >> 32))
    return;
  unsigned Power[800], Next[800];
  for (int K = 0; K < 800; ++K)
    Power[K] = __curand_xorwow_jumps[Table][31][K];
  for (int I = 32; I < 64; ++I) {
    for (int J = 0; J < 160; ++J) { /* Power = Power * Power */
      unsigned Column[5];
      for (int W = 0; W < 5; ++W)
        Column[W] = Power[5 * J + W];
      __curand_xorwow_apply(Column, Power);
      for (int W = 0; W < 5; ++W)
        Next[5 * J + W] = Column[W];
    }
    for (int K = 0; K < 800; ++K)
      Power[K] = Next[K];
    if (N >> I & 1)
      __curand_xorwow_apply(V, Power);
  }
}

static __device__ inline void skipahead(unsigned long long N,
                                        curandStateXORWOW_t *S) {
  __curand_xorwow_jump(S->v, N, 0);
  S->d += 362437u * (unsigned)N;
}

/* Subsequences are 2^67 draws apart (d moves by a multiple of 2^32). */
static __device__ inline void skipahead_sequence(unsigned long long N,
                                                 curandStateXORWOW_t *S) {
  __curand_xorwow_jump(S->v, N, 1);
}

static __device__ inline void curand_init(unsigned long long Seed,
                                          unsigned long long Subsequence,
                                          unsigned long long Offset,
                                          curandStateXORWOW_t *S) {
  unsigned T0 = 1099087573u * ((unsigned)Seed ^ 0xaad26b49u);
  unsigned T1 = 2591861531u * ((unsigned)(Seed >> 32) ^ 0xf7dcefddu);
  S->d = 6615241u + T1 + T0;
  S->v[0] = 123456789u + T0;
  S->v[1] = 362436069u ^ T0;
  S->v[2] = 521288629u + T1;
  S->v[3] = 88675123u ^ T1;
  S->v[4] = 5783321u + T0;
  skipahead_sequence(Subsequence, S);
  skipahead(Offset, S);
  __curand_clear_normal_cache(S);
}

static __device__ inline unsigned curand(curandStateXORWOW_t *S) {
  unsigned T = S->v[0] ^ (S->v[0] >> 2);
  S->v[0] = S->v[1];
  S->v[1] = S->v[2];
  S->v[2] = S->v[3];
  S->v[3] = S->v[4];
  S->v[4] = (S->v[4] ^ (S->v[4] << 4)) ^ (T ^ (T << 1));
  S->d += 362437u;
  return S->v[4] + S->d;
}

static __device__ inline float curand_uniform(curandStateXORWOW_t *S) {
  return __curand_uniform(curand(S));
}

static __device__ inline float2 curand_normal2(curandStateXORWOW_t *S) {
  unsigned X = curand(S);
  unsigned Y = curand(S);
  return __curand_box_muller(X, Y);
}

static __device__ inline float curand_normal(curandStateXORWOW_t *S) {
  return __curand_normal_from_pair(S);
}

static __device__ inline float curand_log_normal(curandStateXORWOW_t *S,
                                                 float Mean, float Stddev) {
  return expf(Mean + Stddev * curand_normal(S));
}

/*===-- MRG32k3a ----------------------------------------------------------===*/

/* Two order-3 recurrences, x_n = (a12 x_{n-2} - a13 x_{n-3}) mod m1 and
 * y_n = (a21 y_{n-1} - a23 y_{n-3}) mod m2 (L'Ecuyer, "Good parameters and
 * implementations for combined multiple recursive random number
 * generators", 1999); a draw is x_n - y_n mod m1, in [1, m1]. s1 and s2
 * hold the last three values of each, oldest first. Subsequences are 2^76
 * draws apart; skips apply powers of each recurrence's 3x3 companion
 * matrix, computed by squaring. */
struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#define __CURAND_MRG_M1 4294967087ull
#define __CURAND_MRG_M2 4294944443ull
/* 1 / m1, rounded: the scale of uniforms. */
#define __CURAND_MRG_NORM 2.3283065498378290e-10
/* Scales a draw in [1, m1] to a 32-bit word (2^32 / m1, as NVIDIA
 * rounds it). */
#define __CURAND_MRG_WORD_SCALE 1.000000048662

typedef unsigned long long __curand_mrg_matrix[3][3];

static __device__ inline void
__curand_mrg_multiply(__curand_mrg_matrix Result, __curand_mrg_matrix A,
                      __curand_mrg_matrix B, unsigned long long M) {
  __curand_mrg_matrix Product;
  for (int I = 0; I < 3; ++I)
    for (int J = 0; J < 3; ++J) {
      unsigned long long Sum = 0;
      for (int K = 0; K < 3; ++K)
        Sum = (Sum + A[I][K] * B[K][J] % M) % M;
      Product[I][J] = Sum;
    }
  for (int I = 0; I < 3; ++I)
    for (int J = 0; J < 3; ++J)
      Result[I][J] = Product[I][J];
}

/* The companion matrix of recurrence 1 (First) or 2: it maps (s[0], s[1],
 * s[2]) to (s[1], s[2], next). */
static __device__ inline void __curand_mrg_step_matrix(__curand_mrg_matrix A,
                                                       int First) {
  for (int I = 0; I < 3; ++I)
    for (int J = 0; J < 3; ++J)
      A[I][J] = J == I + 1;
  if (First) {
    A[2][0] = __CURAND_MRG_M1 - 810728u;
    A[2][1] = 1403580u;
  } else {
    A[2][0] = __CURAND_MRG_M2 - 1370589u;
    A[2][2] = 527612u;
  }
}

/* Power = A^(N * 2^Shift), A being recurrence 1's (First) or 2's
 * companion matrix. */
static __device__ inline void __curand_mrg_power(__curand_mrg_matrix Power,
                                                 int First,
                                                 unsigned long long N,
                                                 int Shift) {
  unsigned long long M = First ? __CURAND_MRG_M1 : __CURAND_MRG_M2;
  __curand_mrg_matrix Square;
  __curand_mrg_step_matrix(Square, First);
  for (int I = 0; I < Shift; ++I)
    __curand_mrg_multiply(Square, Square, Square, M);
  for (int I = 0; I < 3; ++I)
    for (int J = 0; J < 3; ++J)
      Power[I][J] = I == J;
  for (; N; N >>= 1) {
    if (N & 1)
      __curand_mrg_multiply(Power, Power, Square, M);
    if (N > 1)
      __curand_mrg_multiply(Square, Square, Square, M);
  }
}

/* S = Power S, for recurrence 1 (First) or 2. */
static __device__ inline void __curand_mrg_apply(__curand_mrg_matrix Power,
                                                 unsigned int S[3],
                                                 int First) {
  unsigned long long M = First ? __CURAND_MRG_M1 : __CURAND_MRG_M2;
  unsigned long long Next[3];
  for (int I = 0; I < 3; ++I)
    Next[I] = (Power[I][0] * S[0] % M + Power[I][1] * S[1] % M +
               Power[I][2] * S[2] % M) %
              M;
  for (int I = 0; I < 3; ++I)
    S[I] = (unsigned)Next[I];
}

/* Moves S by N * 2^Shift draws. */
static __device__ inline void __curand_mrg_jump(curandStateMRG32k3a_t *S,
                                                unsigned long long N,
                                                int Shift) {
  __curand_mrg_matrix Power;
  __curand_mrg_power(Power, 1, N, Shift);
  __curand_mrg_apply(Power, S->s1, 1);
  __curand_mrg_power(Power, 0, N, Shift);
  __curand_mrg_apply(Power, S->s2, 0);
}

static __device__ inline void skipahead(unsigned long long N,
                                        curandStateMRG32k3a_t *S) {
  __curand_mrg_jump(S, N, 0);
}

/* Subsequences are 2^76 draws apart. */
static __device__ inline void skipahead_sequence(unsigned long long N,
                                                 curandStateMRG32k3a_t *S) {
  __curand_mrg_jump(S, N, 76);
}

/* Seed 0 leaves every value at 12345; another seed scales them by its
 * halves, each xored with a constant. */
static __device__ inline void curand_init(unsigned long long Seed,
                                          unsigned long long Subsequence,
                                          unsigned long long Offset,
                                          curandStateMRG32k3a_t *S) {
  unsigned long long Low = (unsigned)Seed ^ 0x55555555u;
  unsigned long long High = (unsigned)(Seed >> 32) ^ 0xAAAAAAAAu;
  if (!Seed)
    Low = High = 1;
  S->s1[0] = (unsigned)(Low * 12345u % __CURAND_MRG_M1);
  S->s1[1] = (unsigned)(High * 12345u % __CURAND_MRG_M1);
  S->s1[2] = (unsigned)(Low * 12345u % __CURAND_MRG_M1);
  S->s2[0] = (unsigned)(High * 12345u % __CURAND_MRG_M2);
  S->s2[1] = (unsigned)(Low * 12345u % __CURAND_MRG_M2);
  S->s2[2] = (unsigned)(High * 12345u % __CURAND_MRG_M2);
  skipahead_sequence(Subsequence, S);
  skipahead(Offset, S);
  __curand_clear_normal_cache(S);
}

/* The next draw, in [1, m1]. */
static __device__ inline double __curand_mrg_draw(curandStateMRG32k3a_t *S) {
  unsigned long long X =
      (1403580ull * S->s1[1] + (__CURAND_MRG_M1 - 810728u) * S->s1[0]) %
      __CURAND_MRG_M1;
  unsigned long long Y =
      (527612ull * S->s2[2] + (__CURAND_MRG_M2 - 1370589u) * S->s2[0]) %
      __CURAND_MRG_M2;
  S->s1[0] = S->s1[1];
  S->s1[1] = S->s1[2];
  S->s1[2] = (unsigned)X;
  S->s2[0] = S->s2[1];
  S->s2[1] = S->s2[2];
  S->s2[2] = (unsigned)Y;
  return X > Y ? (double)(X - Y) : (double)X - (double)Y + __CURAND_MRG_M1;
}

static __device__ inline unsigned curand(curandStateMRG32k3a_t *S) {
  return (unsigned)(__curand_mrg_draw(S) * __CURAND_MRG_WORD_SCALE);
}

static __device__ inline float curand_uniform(curandStateMRG32k3a_t *S) {
  return (float)(__curand_mrg_draw(S) * __CURAND_MRG_NORM);
}

static __device__ inline double
curand_uniform_double(curandStateMRG32k3a_t *S) {
  return __curand_mrg_draw(S) * __CURAND_MRG_NORM;
}

/* Box-Muller over two float uniforms: radius from the first, angle from
 * the second. */
static __device__ inline float2 __curand_box_muller_uniforms(float U,
                                                             float V) {
  float Radius = sqrtf(-2.0f * logf(U));
  float2 Result;
  __sincosf(V * 6.2831855f, &Result.x, &Result.y);
  Result.x *= Radius;
  Result.y *= Radius;
  return Result;
}

static __device__ inline double2 __curand_box_muller_doubles(double U,
                                                             double V) {
  double Radius = sqrt(-2.0 * log(U));
  double2 Result;
  sincospi(2.0 * V, &Result.x, &Result.y);
  Result.x *= Radius;
  Result.y *= Radius;
  return Result;
}

static __device__ inline float2 curand_normal2(curandStateMRG32k3a_t *S) {
  float U = curand_uniform(S);
  float V = curand_uniform(S);
  return __curand_box_muller_uniforms(U, V);
}

static __device__ inline double2
curand_normal2_double(curandStateMRG32k3a_t *S) {
  double U = curand_uniform_double(S);
  double V = curand_uniform_double(S);
  return __curand_box_muller_doubles(U, V);
}

static __device__ inline float curand_normal(curandStateMRG32k3a_t *S) {
  return __curand_normal_from_pair(S);
}

static __device__ inline double
curand_normal_double(curandStateMRG32k3a_t *S) {
  if (S->boxmuller_flag_double != 1) {
    double2 Pair = curand_normal2_double(S);
    S->boxmuller_extra_double = Pair.y;
    S->boxmuller_flag_double = 1;
    return Pair.x;
  }
  S->boxmuller_flag_double = 0;
  return S->boxmuller_extra_double;
}

static __device__ inline float curand_log_normal(curandStateMRG32k3a_t *S,
                                                 float Mean, float Stddev) {
  return expf(Mean + Stddev * curand_normal(S));
}

static __device__ inline double
curand_log_normal_double(curandStateMRG32k3a_t *S, double Mean,
                         double Stddev) {
  return exp(Mean + Stddev * curand_normal_double(S));
}

/*===-- Poisson -----------------------------------------------------------===*/

/* Knuth's method: the number of uniforms whose running product, started
 * at e^lambda, stays above 1, in floats (NVIDIA's values). */
template <typename State>
static __device__ inline unsigned __curand_poisson_knuth(State *S,
                                                         float Lambda) {
  unsigned K = 0;
  float P = expf(Lambda);
  do {
    ++K;
    P *= curand_uniform(S);
  } while (P > 1.0f);
  return K - 1;
}

/* Hormann's transformed rejection with squeeze (PTRS: "The transformed
 * rejection method for generating Poisson random variables", Insurance:
 * Mathematics and Economics 12, 1993), for lambda >= 10. */
template <typename State>
static __device__ inline unsigned __curand_poisson_ptrs(State *S,
                                                        double Lambda) {
  double Root = sqrt(Lambda), LogLambda = log(Lambda);
  double B = 0.931 + 2.53 * Root;
  double A = -0.059 + 0.02483 * B;
  double InverseAlpha = 1.1239 + 1.1328 / (B - 3.4);
  double Vr = 0.9277 - 3.6224 / (B - 2.0);
  for (;;) {
    double U = curand_uniform(S) - 0.5;
    double V = curand_uniform(S);
    double Us = 0.5 - fabs(U);
    double K = floor((2.0 * A / Us + B) * U + Lambda + 0.43);
    if (Us >= 0.07 && V <= Vr)
      return (unsigned)K;
    if (K < 0.0 || (Us < 0.013 && V > Us))
      continue;
    if (log(V) + log(InverseAlpha) - log(A / (Us * Us) + B) <=
        -Lambda + K * LogLambda - lgamma(K + 1.0))
      return (unsigned)K;
  }
}

template <typename State>
static __device__ inline unsigned curand_poisson(State *S, double Lambda) {
  if (Lambda < 64.0)
    return __curand_poisson_knuth(S, (float)Lambda);
  return __curand_poisson_ptrs(S, Lambda);
}

#endif
