// curand_philox.cu - cuRAND's Philox4_32_10 device generator, evaluated the
// same way on an NVIDIA GPU (nvcc, the real cuRAND headers) and on AMD
// through cu2hsaco and our include/curand_kernel.h (wavesim). Each thread
// initializes a state from a seed, a subsequence and an offset (edge values
// for the first threads: 0, 1, 2^32 - 1 and large 64-bit values; hashed
// after) and writes Results words: raw curand() words, a curand4(), a
// skipahead and a skipahead_sequence, uniforms (bits) and normals (scaled
// to integers of 2^-16, since our logf and __sincosf may differ in the
// last bits). -D PLANTED_WRONG_KEY_STEP is the test's planted bug.
#include "../buffer_program.h"
#include <curand_kernel.h>

enum { Threads = 256, Results = 32 };

__device__ unsigned long long wide(unsigned I, unsigned Which) {
  return (unsigned long long)hashIndex(I * 7u + Which) << 32 |
         hashIndex(I * 13u + Which + 101u);
}

__global__ void curand_philox(unsigned *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned long long Edge[4] = {0ull, 1ull, 0xffffffffull,
                                      0x123456789abcdefull};
  unsigned long long Seed = I < 64 ? Edge[I & 3] : wide(I, 0);
  unsigned long long Subsequence = I < 64 ? Edge[(I >> 2) & 3] : wide(I, 1);
  unsigned long long Offset = I < 64 ? Edge[(I >> 4) & 3] : wide(I, 2) >> (I & 63);
  curandStatePhilox4_32_10_t S;
  curand_init(Seed, Subsequence, Offset, &S);
#ifdef PLANTED_WRONG_KEY_STEP
  S.key.y += 1;
  S.output = __curand_philox10(S.ctr, S.key);
#endif
  unsigned *R = Out + I * Results;
  for (int K = 0; K < 6; ++K)
    R[K] = curand(&S);
  uint4 Four = curand4(&S);
  R[6] = Four.x;
  R[7] = Four.y;
  R[8] = Four.z;
  R[9] = Four.w;
  skipahead(1000003ull + I, &S);
  R[10] = curand(&S);
  skipahead_sequence(3ull + I, &S);
  R[11] = curand(&S);
  for (int K = 12; K < 18; ++K)
    R[K] = __float_as_uint(curand_uniform(&S));
  float4 U4 = curand_uniform4(&S);
  R[18] = __float_as_uint(U4.x);
  R[19] = __float_as_uint(U4.w);
  for (int K = 20; K < 26; ++K)
    R[K] = (unsigned)__float2int_rn(curand_normal(&S) * 65536.0f);
  float2 N2 = curand_normal2(&S);
  R[26] = (unsigned)__float2int_rn(N2.x * 65536.0f);
  R[27] = (unsigned)__float2int_rn(N2.y * 65536.0f);
  R[28] = (unsigned)__float2int_rn(curand_log_normal(&S, 0.5f, 0.25f) *
                                   65536.0f);
  R[29] = curand(&S);
  R[30] = S.STATE;
  R[31] = curand(&S);
}

#ifndef NO_MAIN
int main() {
  return runAndPrint(curand_philox, Threads / 128, 128, Threads * Results);
}
#endif
