// half_specials.cu - the native half operations over half_oracle.cu's
// crossed specials (NaNs quiet and signaling, +-0, subnormals, infinities,
// the largest finite, values near 1 and ties), for native-tgemu.test: thread
// T takes A = S[I], B = S[J], C = S[(I * 7 + J * 3) & 31] with I = T / 32,
// J = T % 32 (oracle-fp16.test's first K), and writes 8 words of results.
#include <cuda_fp16.h>

__constant__ unsigned short Specials[32] = {
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x8001, 0x03ff, 0x0400,
    0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7fff,
    0x3c01, 0x3bff, 0x4000, 0xc000, 0x3800, 0x3555, 0x5640, 0x7800,
    0x0200, 0x8200, 0x1400, 0x3e00, 0x4200, 0x4900, 0xbc01, 0x5bff};

static __device__ unsigned bits(__half H) { return __half_as_ushort(H); }
static __device__ unsigned pair(__half Lo, __half Hi) {
  return bits(Lo) | bits(Hi) << 16;
}
static __device__ unsigned pair(__half2 V) { return pair(V.x, V.y); }

__global__ void half_specials(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned I = T / 32, J = T % 32;
  __half A = __ushort_as_half(Specials[I]);
  __half B = __ushort_as_half(Specials[J]);
  __half C = __ushort_as_half(Specials[(I * 7 + J * 3) & 31]);
  __half2 AB = __halves2half2(A, B), BC = __halves2half2(B, C);
  __half2 CA = __halves2half2(C, A);
  unsigned *W = Out + T * 8;
  W[0] = pair(__hadd(A, B), __hsub(A, B));
  W[1] = pair(__hmul(A, B), __hfma(A, B, C));
  W[2] = pair(__hmax(A, B), __hmin(A, B));
  W[3] = pair(__hmax_nan(A, B), __hmin_nan(A, B));
  W[4] = pair(__hfma_relu(A, B, C), __hfma_sat(A, B, C));
  W[5] = pair(__hfma2(AB, BC, CA));
  W[6] = pair(__hadd2(AB, BC)) ^ pair(__hmul2_sat(BC, CA)) << 1;
  W[7] = __hlt(A, B) | __hgtu(A, B) << 1 | __hne(A, B) << 2 |
         __hequ(A, B) << 3 | pair(__hneg(A), __habs(B)) << 4;
}
