// curand_xorwow.cu - cuRAND's XORWOW device generator (curandState, its
// default), evaluated the same way on an NVIDIA GPU (nvcc, the real cuRAND
// headers and their precomputed skip-ahead tables) and on AMD through
// cu2hsaco and our include/curand_kernel.h (wavesim). Each thread
// initializes a state from a seed, a subsequence and an offset (edge values
// for the first threads: 0, 1, 2^32 - 1, 2^32 + 5 and large values; hashed
// after, subsequences and offsets up to 2^40 and sometimes above 2^32) and
// writes Results words: raw curand() words, more after a skipahead and a
// skipahead_sequence, uniforms (bits) and normals (in units of 2^-16).
// -D PLANTED_WRONG_JUMP is the test's planted bug.
#include "../buffer_program.h"
#include <curand_kernel.h>

enum { Threads = 256, Results = 24 };

__global__ void curand_xorwow(unsigned *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned long long Edge[4] = {0ull, 1ull, 0xffffffffull,
                                      0x100000005ull};
  unsigned long long H = (unsigned long long)hashIndex(I) << 32 |
                         hashIndex(I + 7919u);
  unsigned long long Seed = I < 64 ? Edge[I & 3] * 977u : H;
  unsigned long long Subsequence =
      I < 64 ? Edge[(I >> 2) & 3] : H >> (24 + (I & 15));
  unsigned long long Offset = I < 64 ? Edge[(I >> 4) & 3] : H >> (22 + (I & 31));
  curandState S;
  curand_init(Seed, Subsequence, Offset, &S);
#ifdef PLANTED_WRONG_JUMP
  S.v[2] ^= 1;
#endif
  unsigned *R = Out + I * Results;
  for (int K = 0; K < 6; ++K)
    R[K] = curand(&S);
  skipahead(1000003ull + I, &S);
  R[6] = curand(&S);
  R[7] = S.d;
  skipahead_sequence(3ull + I, &S);
  R[8] = curand(&S);
  R[9] = S.v[0];
  for (int K = 10; K < 15; ++K)
    R[K] = __float_as_uint(curand_uniform(&S));
  for (int K = 15; K < 21; ++K)
    R[K] = (unsigned)__float2int_rn(curand_normal(&S) * 65536.0f);
  float2 N2 = curand_normal2(&S);
  R[21] = (unsigned)__float2int_rn(N2.x * 65536.0f);
  R[22] = (unsigned)__float2int_rn(curand_log_normal(&S, 0.5f, 0.25f) *
                                   65536.0f);
  R[23] = curand(&S);
}

#ifndef NO_MAIN
int main() {
  return runAndPrint(curand_xorwow, Threads / 128, 128, Threads * Results);
}
#endif
