// rounding_intrinsics.cu - CUDA's explicitly rounded arithmetic (__fadd_rz
// ... __dsqrt_rd, every operation in every rounding mode), the saturating
// float-to-integer conversions (__float2int_rn ... __double2ull_rd) and
// __saturatef, evaluated the same way on an NVIDIA GPU (nvcc, the real
// toolkit) and on AMD through cu2hsaco and our include/ headers (wavesim).
// The first 576 threads take every pair of 24 edge values (zeros,
// denormals, the extremes, infinities, NaN, values a rounding step apart),
// the rest hashed bit patterns and hashed moderate values. Each writes
// Results words; a NaN result is written as 0x7fffffff, since CUDA and AMD
// need not agree on NaN payloads. main() prints the buffer as the wavesim
// CLI does (../buffer_program.h), so the outputs compare word for word
// (lit-tests/headers/rounding-intrinsics.test; -D PLANTED_ROUND_UP_ALWAYS is
// that test's planted bug).
#include "../buffer_program.h"

enum { Threads = 768, Results = 112 };

__device__ float edgeFloat(unsigned K) {
  const unsigned Bits[24] = {
      0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u,
      0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u,
      0x3f800000u, 0xbf800000u, 0x3f800001u, 0x3f7fffffu, 0x40400000u,
      0x3eaaaaabu, 0x4b000001u, 0x33800000u, 0x1f800000u, 0x5f800000u,
      0xc0490fdbu, 0x0c000000u, 0x72000000u, 0x00400000u};
  return __uint_as_float(Bits[K]);
}

__device__ double edgeDouble(unsigned K) {
  const unsigned long long Bits[24] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull,
      0x800fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull,
      0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
      0x7ff8000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
      0x3ff0000000000001ull, 0x3fefffffffffffffull, 0x4008000000000000ull,
      0x3fd5555555555555ull, 0x4330000000000001ull, 0x3ca0000000000000ull,
      0x1ff0000000000000ull, 0x5ff0000000000000ull, 0xc00921fb54442d18ull,
      0x0180000000000000ull, 0x7e40000000000000ull, 0x0008000000000000ull};
  return __longlong_as_double((long long)Bits[K]);
}

/* Hashed inputs: random bit patterns for odd Which, values of moderate
 * magnitude (exponent within 2^-20..2^20) for even. */
__device__ float hashedFloat(unsigned I, unsigned Which) {
  unsigned H = hashIndex(I * 0x9e3779b9u + Which);
  if (Which & 1)
    return __uint_as_float(H);
  return __uint_as_float((H & 0x807fffffu) | ((107u + H % 41u) << 23));
}

__device__ double hashedDouble(unsigned I, unsigned Which) {
  unsigned long long H = (unsigned long long)hashIndex(I * 0x9e3779b9u + Which)
                             << 32 |
                         hashIndex(I * 0x85ebca6bu + Which + 7);
  if (Which & 1)
    return __longlong_as_double((long long)H);
  return __longlong_as_double(
      (long long)((H & 0x800fffffffffffffull) |
                  ((unsigned long long)(1003 + H % 41) << 52)));
}

__device__ unsigned bitsOf(float X) {
  return X != X ? 0x7fffffffu : __float_as_uint(X);
}

/* Two words, low first. */
__device__ void put64(unsigned *R, unsigned long long X) {
  R[0] = (unsigned)X;
  R[1] = (unsigned)(X >> 32);
}

__device__ void putDouble(unsigned *R, double X) {
  put64(R, X != X ? 0x7fffffffffffffffull
                  : (unsigned long long)__double_as_longlong(X));
}

__global__ void rounding_intrinsics(unsigned *Out) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float A, B;
  double C, D;
  if (I < 576) {
    A = edgeFloat(I / 24);
    B = edgeFloat(I % 24);
    C = edgeDouble(I / 24);
    D = edgeDouble(I % 24);
  } else {
    A = hashedFloat(I, I & 1);
    B = hashedFloat(I, 2 + (I >> 1 & 1));
    C = hashedDouble(I, I & 1);
    D = hashedDouble(I, 2 + (I >> 1 & 1));
  }
  unsigned *R = Out + I * Results;
  R[0] = bitsOf(__fadd_rn(A, B));
  R[1] = bitsOf(__fadd_rz(A, B));
  R[2] = bitsOf(__fadd_ru(A, B));
#ifdef PLANTED_ROUND_UP_ALWAYS
  R[3] = bitsOf(__fadd_ru(A, B));
#else
  R[3] = bitsOf(__fadd_rd(A, B));
#endif
  R[4] = bitsOf(__fsub_rn(A, B));
  R[5] = bitsOf(__fsub_rz(A, B));
  R[6] = bitsOf(__fsub_ru(A, B));
  R[7] = bitsOf(__fsub_rd(A, B));
  R[8] = bitsOf(__fmul_rn(A, B));
  R[9] = bitsOf(__fmul_rz(A, B));
  R[10] = bitsOf(__fmul_ru(A, B));
  R[11] = bitsOf(__fmul_rd(A, B));
  R[12] = bitsOf(__fdiv_rn(A, B));
  R[13] = bitsOf(__fdiv_rz(A, B));
  R[14] = bitsOf(__fdiv_ru(A, B));
  R[15] = bitsOf(__fdiv_rd(A, B));
  R[16] = bitsOf(__frcp_rn(A));
  R[17] = bitsOf(__frcp_rz(A));
  R[18] = bitsOf(__frcp_ru(A));
  R[19] = bitsOf(__frcp_rd(A));
  R[20] = bitsOf(__fsqrt_rn(B));
  R[21] = bitsOf(__fsqrt_rz(B));
  R[22] = bitsOf(__fsqrt_ru(B));
  R[23] = bitsOf(__fsqrt_rd(B));
  R[24] = bitsOf(__fmaf_rn(A, B, A));
  R[25] = bitsOf(__frsqrt_rn(B));
  R[26] = bitsOf(__saturatef(A));
  R[27] = (unsigned)__float2int_rn(A);
  R[28] = (unsigned)__float2int_rz(A);
  R[29] = (unsigned)__float2int_ru(A);
  R[30] = (unsigned)__float2int_rd(A);
  R[31] = __float2uint_rn(A);
  R[32] = __float2uint_rz(A);
  R[33] = __float2uint_ru(A);
  R[34] = __float2uint_rd(A);
  put64(R + 36, (unsigned long long)__float2ll_rn(A));
  put64(R + 38, (unsigned long long)__float2ll_rz(A));
  put64(R + 40, (unsigned long long)__float2ll_ru(A));
  put64(R + 42, (unsigned long long)__float2ll_rd(A));
  put64(R + 44, __float2ull_rn(A));
  put64(R + 46, __float2ull_rz(A));
  put64(R + 48, __float2ull_ru(A));
  put64(R + 50, __float2ull_rd(A));
  R[35] = bitsOf(__double2float_rn(C));

  putDouble(R + 52, __dadd_rn(C, D));
  putDouble(R + 54, __dadd_rz(C, D));
  putDouble(R + 56, __dadd_ru(C, D));
  putDouble(R + 58, __dadd_rd(C, D));
  putDouble(R + 60, __dsub_rn(C, D));
  putDouble(R + 62, __dsub_rz(C, D));
  putDouble(R + 64, __dsub_ru(C, D));
  putDouble(R + 66, __dsub_rd(C, D));
  putDouble(R + 68, __dmul_rn(C, D));
  putDouble(R + 70, __dmul_rz(C, D));
  putDouble(R + 72, __dmul_ru(C, D));
  putDouble(R + 74, __dmul_rd(C, D));
  putDouble(R + 76, __ddiv_rn(C, D));
  putDouble(R + 78, __ddiv_rz(C, D));
  putDouble(R + 80, __ddiv_ru(C, D));
  putDouble(R + 82, __ddiv_rd(C, D));
  putDouble(R + 84, __drcp_rn(C));
  putDouble(R + 86, __drcp_rz(C));
  putDouble(R + 88, __drcp_ru(C));
  putDouble(R + 90, __drcp_rd(C));
  putDouble(R + 92, __dsqrt_rn(D));
  putDouble(R + 94, __dsqrt_rz(D));
  putDouble(R + 96, __dsqrt_ru(D));
  putDouble(R + 98, __dsqrt_rd(D));
  putDouble(R + 100, __fma_rn(C, D, C));
  R[102] = (unsigned)__double2int_rn(C);
  R[103] = (unsigned)__double2int_rz(C);
  R[104] = (unsigned)__double2int_ru(C);
  R[105] = (unsigned)__double2int_rd(C);
  R[106] = __double2uint_rn(C);
  R[107] = __double2uint_rd(C);
  put64(R + 108, (unsigned long long)__double2ll_rz(C));
  put64(R + 110, __double2ull_ru(C));
}

#ifndef NO_MAIN
int main() {
  return runAndPrint(rounding_intrinsics, Threads / 128, 128,
                     Threads * Results);
}
#endif
