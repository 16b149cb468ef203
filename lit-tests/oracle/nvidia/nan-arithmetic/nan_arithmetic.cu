// nan_arithmetic.cu - NaN payloads through float arithmetic fed by
// __half2float, as an NVIDIA GPU gives them: every NaN that an add, sub,
// mul or fma makes, from a NaN operand of any payload or from 0 * inf or
// inf - inf, is 0x7fffffff there. Thread (I, J) of the 256 takes the halves
// Halves[I] and Halves[J] (zeros, one, the largest, a subnormal, the
// infinities, NaNs of several payloads and signs) and the float
// Floats[(I + J) % 16] (NaNs of several payloads among them) and writes
// Results words: the products, sums and fmas of the converted halves, with
// and without the float, an 8-term dot product as bgmv's kernels write it,
// a product used twice, the conversion alone, a product rounded back to
// half, __hmul, and chains of __hfma2 as quant3MatMul's kernel writes them
// (each result feeding the next) with their float sum. main() prints the buffer as the wavesim CLI does
// (../buffer_program.h); lit-tests/half/nan-arithmetic.test compares ours
// with it.
#include "../buffer_program.h"
#include <cuda_fp16.h>

enum { Threads = 256, Results = 16 };

__device__ __half halfInput(unsigned K) {
  const unsigned short Bits[16] = {
      0x0000, 0x8000, 0x3c00, 0xbc00, 0x7bff, 0x0001, 0x7c00, 0xfc00,
      0x7c01, 0x7e00, 0x7fff, 0xfc01, 0xfe00, 0xffff, 0x7d55, 0x4200};
  return __ushort_as_half(Bits[K % 16]);
}

__device__ float floatInput(unsigned K) {
  const unsigned Bits[16] = {
      0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u,
      0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f800001u,
      0xffc00001u, 0x7fffffffu, 0xff800001u, 0x7fc12345u,
      0x40400000u, 0x7149f2cau, 0x000116c2u, 0x7f7fffffu};
  return __uint_as_float(Bits[K % 16]);
}

// H plus the zero at *Zero, which the compiler cannot know: each result
// converts halves of its own, as a kernel's separate loads would give.
__device__ float converted(__half H, const unsigned *Zero) {
  unsigned short Bits = __half_as_ushort(H) + *(const volatile unsigned *)Zero;
  return __half2float(__ushort_as_half(Bits));
}

__global__ void nan_arithmetic(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned I = T / 16, J = T % 16;
  __half A = halfInput(I), B = halfInput(J);
  float F = floatInput(I + J);
  unsigned *W = Out + T * Results;
  const unsigned *Z = W + Results - 1; // zero until the last word is written
  W[0] = __float_as_uint(converted(A, Z) * converted(B, Z));
  W[1] = __float_as_uint(converted(A, Z) + converted(B, Z));
  W[2] = __float_as_uint(converted(A, Z) - converted(B, Z));
  W[3] = __float_as_uint(fmaf(converted(A, Z), converted(B, Z), F));
  W[4] = __float_as_uint(converted(A, Z) * converted(B, Z) + F);
  float Dot = 0.0f;
  for (unsigned K = 0; K < 8; ++K)
    Dot += converted(halfInput(I + K), Z) * converted(halfInput(J + 3 * K), Z);
  W[5] = __float_as_uint(Dot);
  W[6] = __float_as_uint(converted(A, Z));
  float Product = converted(A, Z) * converted(B, Z);
  W[7] = __float_as_uint(Product);
  W[8] = __float_as_uint(Product + 1.0f);
  W[9] = __half_as_ushort(__float2half(converted(A, Z) * converted(B, Z)));
  W[10] = __float_as_uint(converted(A, Z) + F);
  W[11] = __half_as_ushort(__hmul(A, B));
  __half2 Scale = __halves2half2(A, halfInput(I + 5));
  __half2 Zero = __halves2half2(halfInput(J + 7), B);
  __half2 Sum = __halves2half2(__float2half(F), halfInput(I + J));
  for (unsigned K = 0; K < 3; ++K) {
    __half2 X = __halves2half2(halfInput(I + K), halfInput(J + 2 * K));
    __half2 Y = __halves2half2(halfInput(J + K + 1), halfInput(I + 3 * K));
    Sum = __hfma2(__hfma2(X, Scale, Zero), Y, Sum);
  }
  W[12] = __half_as_ushort(Sum.x);
  W[13] = __half_as_ushort(Sum.y);
  W[14] = __float_as_uint(__half2float(Sum.x) + __half2float(Sum.y));
  W[15] = __half_as_ushort(__hadd(__hmul(A, B), __hsub(B, A)));
}

#ifndef NO_MAIN
int main() {
  return runAndPrint(nan_arithmetic, 1, Threads, Threads * Results);
}
#endif
