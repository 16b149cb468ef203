// half_oracle.cu - ground truth for cuda_fp16.h, cuda_bf16.h and cuda_fp8.h.
//
// Every function of the three headers runs over a fixed sweep of inputs:
// all 65,536 bit patterns for 16-bit unary functions and conversions, all
// 256 (or 65,536 pairs of) fp8 values, 720,896 floats and 589,824 doubles
// placed on and beside the rounding boundaries of half, bfloat16 and fp8,
// every 16-bit integer, and 69,632 hashed pairs or triples (special values
// crossed, random bits, operands of close magnitude) for binary and ternary
// operations. The program writes its own inputs (splitmix64, seeded), so
// the same inputs run on an NVIDIA GPU with NVIDIA's headers and on ours.
//
// Run with no argument it prints, per function, the count of results, a
// 64-bit FNV-1a hash of them all, and the inputs where the result differs
// from a host model (round-to-nearest-even or the named rounding of the
// exact value, computed here in integer and double arithmetic with no half
// header involved; math functions: the double libm result rounded once),
// with the GPU's result: the full list for approximate functions (up to
// 4096), the first 16 for the others. Run with that output of an H100 as
// its argument, it compares: a function passes when its hash is the H100's
// (bit for bit), or, for an approximate function, when the H100's table,
// rebuilt as the model patched by the listed differences and checked
// against the H100's hash, is within the function's ULP bound of ours.
//
// Sections (so that one missing function costs one section on the H100):
// -D ORACLE_FP16, ORACLE_BF16, ORACLE_FP8, ORACLE_EXTRA (functions of late
// toolkits), and ORACLE_HOST, which also runs the host versions of the
// functions the toolkit declares __host__ __device__.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

typedef unsigned long long u64;

/*===-- Bits in, bits out ------------------------------------------------===*/

union Pun32 {
  unsigned U;
  float F;
};
union Pun64 {
  u64 U;
  double D;
};
__host__ __device__ static inline float F(u64 A) {
  Pun32 P;
  P.U = (unsigned)A;
  return P.F;
}
__host__ __device__ static inline double D(u64 A) {
  Pun64 P;
  P.U = A;
  return P.D;
}
__host__ __device__ static inline u64 BF(float V) {
  Pun32 P;
  P.F = V;
  return P.U;
}
__host__ __device__ static inline __half H(u64 A) {
  return __ushort_as_half((unsigned short)A);
}
__host__ __device__ static inline __nv_bfloat16 B(u64 A) {
  return __ushort_as_bfloat16((unsigned short)A);
}
__host__ __device__ static inline __half2 H2(u64 A) {
  return __halves2half2(H(A & 0xffff), H((A >> 16) & 0xffff));
}
__host__ __device__ static inline __nv_bfloat162 B2(u64 A) {
  return __halves2bfloat162(B(A & 0xffff), B((A >> 16) & 0xffff));
}
__host__ __device__ static inline u64 RH(__half V) {
  return __half_as_ushort(V);
}
__host__ __device__ static inline u64 RB(__nv_bfloat16 V) {
  return __bfloat16_as_ushort(V);
}
__host__ __device__ static inline u64 RH2(__half2 V) {
  return RH(__low2half(V)) | RH(__high2half(V)) << 16;
}
__host__ __device__ static inline u64 RB2(__nv_bfloat162 V) {
  return RB(__low2bfloat16(V)) | RB(__high2bfloat16(V)) << 16;
}
__host__ __device__ static inline u64 RF2(float2 V) {
  return BF(V.x) | BF(V.y) << 32;
}
__host__ __device__ static inline float2 F2(u64 A) {
  return make_float2(F(A & 0xffffffffu), F(A >> 32));
}
__host__ __device__ static inline u64 SX(long long V) { return (u64)V; }
__host__ __device__ static inline u64 RHR(__half_raw V) { return V.x; }
__host__ __device__ static inline u64 RH2R(__half2_raw V) {
  return V.x | (u64)V.y << 16;
}
__host__ __device__ static inline __half_raw HR(u64 A) {
  __half_raw R;
  R.x = (unsigned short)A;
  return R;
}
__host__ __device__ static inline __half2_raw H2R(u64 A) {
  __half2_raw R;
  R.x = (unsigned short)A;
  R.y = (unsigned short)(A >> 16);
  return R;
}
__host__ __device__ static inline __nv_bfloat16_raw BR(u64 A) {
  __nv_bfloat16_raw R;
  R.x = (unsigned short)A;
  return R;
}
__host__ __device__ static inline __nv_bfloat162_raw B2R(u64 A) {
  __nv_bfloat162_raw R;
  R.x = (unsigned short)A;
  R.y = (unsigned short)(A >> 16);
  return R;
}

/*===-- The functions ------------------------------------------------------===*/

// Inputs: the bits of one, two or three operands.
enum Input {
  IN_H16, IN_H16x2, IN_H16x3, IN_H2, IN_H2x2, IN_H2x3,
  IN_B16, IN_B16x2, IN_B16x3, IN_B2, IN_B2x2, IN_B2x3,
  IN_F32, IN_F32x2, IN_F64, IN_F2, IN_D2,
  IN_I32, IN_U32, IN_I16, IN_U16, IN_I64, IN_U64, IN_U8, IN_COUNT
};
// Results: what a NaN looks like in them, and how ULPs are counted.
enum Kind { K_H16, K_B16, K_H2, K_B2, K_F32, K_F2, K_INT, K_E4M3, K_E5M2,
            K_E4M3x2, K_E5M2x2, K_E4M3x4 };
enum Rounding { RN, RZ, RD, RU };

// X(id, name, input, result kind, ULP bound (0: exact), model expression).
// FP16_HD, BF16_HD, FP8_HD: __host__ __device__ in the toolkit; the others
// device only. The device expression is the case of apply().
#define FP16_HD(X) \
  X(f2h, "__float2half", IN_F32, K_H16, 0, RH(__float2half(F(a))), \
    mh(F(a), RN)) \
  X(f2h_rn, "__float2half_rn", IN_F32, K_H16, 0, RH(__float2half_rn(F(a))), \
    mh(F(a), RN)) \
  X(f2h_rz, "__float2half_rz", IN_F32, K_H16, 0, RH(__float2half_rz(F(a))), \
    mh(F(a), RZ)) \
  X(f2h_rd, "__float2half_rd", IN_F32, K_H16, 0, RH(__float2half_rd(F(a))), \
    mh(F(a), RD)) \
  X(f2h_ru, "__float2half_ru", IN_F32, K_H16, 0, RH(__float2half_ru(F(a))), \
    mh(F(a), RU)) \
  X(d2h, "__double2half", IN_F64, K_H16, 0, RH(__double2half(D(a))), \
    mh(D(a), RN)) \
  X(h2f, "__half2float", IN_H16, K_F32, 0, BF(__half2float(H(a))), mh2f(a)) \
  X(f2h2, "__float2half2_rn", IN_F32, K_H2, 0, RH2(__float2half2_rn(F(a))), \
    mh(F(a), RN) * 0x10001) \
  X(fs2h2, "__floats2half2_rn", IN_F2, K_H2, 0, \
    RH2(__floats2half2_rn(F(a), F(a >> 32))), \
    mh(F(a), RN) | mh(F(a >> 32), RN) << 16) \
  X(f22h2, "__float22half2_rn", IN_F2, K_H2, 0, \
    RH2(__float22half2_rn(F2(a))), mh(F(a), RN) | mh(F(a >> 32), RN) << 16) \
  X(h22f2, "__half22float2", IN_H2, K_F2, 0, RF2(__half22float2(H2(a))), \
    mh2f(a & 0xffff) | mh2f(a >> 16) << 32) \
  X(lowf, "__low2float", IN_H2, K_F32, 0, BF(__low2float(H2(a))), \
    mh2f(a & 0xffff)) \
  X(highf, "__high2float", IN_H2, K_F32, 0, BF(__high2float(H2(a))), \
    mh2f(a >> 16)) \
  X(lohi, "__lowhigh2highlow", IN_H2, K_H2, 0, \
    RH2(__lowhigh2highlow(H2(a))), (a >> 16) | (a & 0xffff) << 16) \
  X(lows, "__lows2half2", IN_H2x2, K_H2, 0, RH2(__lows2half2(H2(a), H2(b))), \
    (a & 0xffff) | (b & 0xffff) << 16) \
  X(highs, "__highs2half2", IN_H2x2, K_H2, 0, \
    RH2(__highs2half2(H2(a), H2(b))), (a >> 16) | (b >> 16) << 16) \
  X(low2h2, "__low2half2", IN_H2, K_H2, 0, RH2(__low2half2(H2(a))), \
    (a & 0xffff) * 0x10001) \
  X(high2h2, "__high2half2", IN_H2, K_H2, 0, RH2(__high2half2(H2(a))), \
    (a >> 16) * 0x10001) \
  X(h2h2, "__half2half2", IN_H16, K_H2, 0, RH2(__half2half2(H(a))), \
    a * 0x10001) \
  X(i2h_rn, "__int2half_rn", IN_I32, K_H16, 0, RH(__int2half_rn((int)a)), \
    mhi((int)a, RN)) \
  X(i2h_rz, "__int2half_rz", IN_I32, K_H16, 0, RH(__int2half_rz((int)a)), \
    mhi((int)a, RZ)) \
  X(i2h_rd, "__int2half_rd", IN_I32, K_H16, 0, RH(__int2half_rd((int)a)), \
    mhi((int)a, RD)) \
  X(i2h_ru, "__int2half_ru", IN_I32, K_H16, 0, RH(__int2half_ru((int)a)), \
    mhi((int)a, RU)) \
  X(u2h_rn, "__uint2half_rn", IN_U32, K_H16, 0, \
    RH(__uint2half_rn((unsigned)a)), mhu((unsigned)a, RN)) \
  X(u2h_rz, "__uint2half_rz", IN_U32, K_H16, 0, \
    RH(__uint2half_rz((unsigned)a)), mhu((unsigned)a, RZ)) \
  X(u2h_rd, "__uint2half_rd", IN_U32, K_H16, 0, \
    RH(__uint2half_rd((unsigned)a)), mhu((unsigned)a, RD)) \
  X(u2h_ru, "__uint2half_ru", IN_U32, K_H16, 0, \
    RH(__uint2half_ru((unsigned)a)), mhu((unsigned)a, RU)) \
  X(s2h_rn, "__short2half_rn", IN_I16, K_H16, 0, \
    RH(__short2half_rn((short)a)), mhi((short)a, RN)) \
  X(s2h_rz, "__short2half_rz", IN_I16, K_H16, 0, \
    RH(__short2half_rz((short)a)), mhi((short)a, RZ)) \
  X(s2h_rd, "__short2half_rd", IN_I16, K_H16, 0, \
    RH(__short2half_rd((short)a)), mhi((short)a, RD)) \
  X(s2h_ru, "__short2half_ru", IN_I16, K_H16, 0, \
    RH(__short2half_ru((short)a)), mhi((short)a, RU)) \
  X(us2h_rn, "__ushort2half_rn", IN_U16, K_H16, 0, \
    RH(__ushort2half_rn((unsigned short)a)), mhu((unsigned short)a, RN)) \
  X(us2h_rz, "__ushort2half_rz", IN_U16, K_H16, 0, \
    RH(__ushort2half_rz((unsigned short)a)), mhu((unsigned short)a, RZ)) \
  X(us2h_rd, "__ushort2half_rd", IN_U16, K_H16, 0, \
    RH(__ushort2half_rd((unsigned short)a)), mhu((unsigned short)a, RD)) \
  X(us2h_ru, "__ushort2half_ru", IN_U16, K_H16, 0, \
    RH(__ushort2half_ru((unsigned short)a)), mhu((unsigned short)a, RU)) \
  X(ll2h_rn, "__ll2half_rn", IN_I64, K_H16, 0, \
    RH(__ll2half_rn((long long)a)), mhi((long long)a, RN)) \
  X(ll2h_rz, "__ll2half_rz", IN_I64, K_H16, 0, \
    RH(__ll2half_rz((long long)a)), mhi((long long)a, RZ)) \
  X(ll2h_rd, "__ll2half_rd", IN_I64, K_H16, 0, \
    RH(__ll2half_rd((long long)a)), mhi((long long)a, RD)) \
  X(ll2h_ru, "__ll2half_ru", IN_I64, K_H16, 0, \
    RH(__ll2half_ru((long long)a)), mhi((long long)a, RU)) \
  X(ull2h_rn, "__ull2half_rn", IN_U64, K_H16, 0, RH(__ull2half_rn(a)), \
    mhu(a, RN)) \
  X(ull2h_rz, "__ull2half_rz", IN_U64, K_H16, 0, RH(__ull2half_rz(a)), \
    mhu(a, RZ)) \
  X(ull2h_rd, "__ull2half_rd", IN_U64, K_H16, 0, RH(__ull2half_rd(a)), \
    mhu(a, RD)) \
  X(ull2h_ru, "__ull2half_ru", IN_U64, K_H16, 0, RH(__ull2half_ru(a)), \
    mhu(a, RU)) \
  X(h2i_rz, "__half2int_rz", IN_H16, K_INT, 0, SX(__half2int_rz(H(a))), \
    mtoi(h2d(a), RZ, -2147483648.0, 2147483647.0)) \
  X(h2u_rz, "__half2uint_rz", IN_H16, K_INT, 0, (u64)__half2uint_rz(H(a)), \
    mtoi(h2d(a), RZ, 0, 4294967295.0)) \
  X(h2s_rz, "__half2short_rz", IN_H16, K_INT, 0, SX(__half2short_rz(H(a))), \
    mtoi(h2d(a), RZ, -32768.0, 32767.0)) \
  X(h2us_rz, "__half2ushort_rz", IN_H16, K_INT, 0, \
    (u64)__half2ushort_rz(H(a)), mtoi(h2d(a), RZ, 0, 65535.0)) \
  X(h2ll_rz, "__half2ll_rz", IN_H16, K_INT, 0, SX(__half2ll_rz(H(a))), \
    mtoi(h2d(a), RZ, -9223372036854775808.0, 9223372036854775807.0)) \
  X(h2ull_rz, "__half2ull_rz", IN_H16, K_INT, 0, (u64)__half2ull_rz(H(a)), \
    mtoi(h2d(a), RZ, 0, 18446744073709551615.0)) \
  X(h_as_s, "__half_as_short", IN_H16, K_INT, 0, SX(__half_as_short(H(a))), \
    SX((short)a)) \
  X(s_as_h, "__short_as_half", IN_I16, K_H16, 0, \
    RH(__short_as_half((short)a)), a & 0xffff) \
  X(hadd, "__hadd", IN_H16x2, K_H16, 0, RH(__hadd(H(a), H(b))), \
    mh(h2d(a) + h2d(b), RN)) \
  X(hsub, "__hsub", IN_H16x2, K_H16, 0, RH(__hsub(H(a), H(b))), \
    mh(h2d(a) - h2d(b), RN)) \
  X(hmul, "__hmul", IN_H16x2, K_H16, 0, RH(__hmul(H(a), H(b))), \
    mh(h2d(a) * h2d(b), RN)) \
  X(hdiv, "__hdiv", IN_H16x2, K_H16, 0, RH(__hdiv(H(a), H(b))), \
    mh(h2d(a) / h2d(b), RN)) \
  X(hneg, "__hneg", IN_H16, K_H16, 0, RH(__hneg(H(a))), mneg(a, 0x8000)) \
  X(habs, "__habs", IN_H16, K_H16, 0, RH(__habs(H(a))), mabs(a, 0x7fff)) \
  X(hmax, "__hmax", IN_H16x2, K_H16, 0, RH(__hmax(H(a), H(b))), \
    mmax16(a, b, 0, false, true)) \
  X(hmin, "__hmin", IN_H16x2, K_H16, 0, RH(__hmin(H(a), H(b))), \
    mmax16(a, b, 0, false, false)) \
  X(heq, "__heq", IN_H16x2, K_INT, 0, __heq(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 0, false)) \
  X(hne, "__hne", IN_H16x2, K_INT, 0, __hne(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 1, false)) \
  X(hlt, "__hlt", IN_H16x2, K_INT, 0, __hlt(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 2, false)) \
  X(hle, "__hle", IN_H16x2, K_INT, 0, __hle(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 3, false)) \
  X(hgt, "__hgt", IN_H16x2, K_INT, 0, __hgt(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 4, false)) \
  X(hge, "__hge", IN_H16x2, K_INT, 0, __hge(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 5, false)) \
  X(hequ, "__hequ", IN_H16x2, K_INT, 0, __hequ(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 0, true)) \
  X(hneu, "__hneu", IN_H16x2, K_INT, 0, __hneu(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 1, true)) \
  X(hltu, "__hltu", IN_H16x2, K_INT, 0, __hltu(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 2, true)) \
  X(hleu, "__hleu", IN_H16x2, K_INT, 0, __hleu(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 3, true)) \
  X(hgtu, "__hgtu", IN_H16x2, K_INT, 0, __hgtu(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 4, true)) \
  X(hgeu, "__hgeu", IN_H16x2, K_INT, 0, __hgeu(H(a), H(b)), \
    mcmp(h2d(a), h2d(b), 5, true)) \
  X(hisnan, "__hisnan", IN_H16, K_INT, 0, __hisnan(H(a)), \
    (u64)std::isnan(h2d(a))) \
  X(hisinf, "__hisinf", IN_H16, K_INT, 0, SX(__hisinf(H(a))), \
    SX(std::isinf(h2d(a)) ? (h2d(a) < 0 ? -1 : 1) : 0)) \
  X(op_add, "operator+(__half,__half)", IN_H16x2, K_H16, 0, RH(H(a) + H(b)), \
    mh(h2d(a) + h2d(b), RN)) \
  X(op_mul, "operator*(__half,__half)", IN_H16x2, K_H16, 0, RH(H(a) * H(b)), \
    mh(h2d(a) * h2d(b), RN)) \
  X(op_lt, "operator<(__half,__half)", IN_H16x2, K_INT, 0, \
    (u64)(H(a) < H(b)), mcmp(h2d(a), h2d(b), 2, false)) \
  X(op_f, "operator float(__half)", IN_H16, K_F32, 0, \
    BF(static_cast<float>(H(a))), mh2f(a))

#define FP16_D(X) \
  X(h2i_rn, "__half2int_rn", IN_H16, K_INT, 0, SX(__half2int_rn(H(a))), \
    mtoi(h2d(a), RN, -2147483648.0, 2147483647.0)) \
  X(h2i_rd, "__half2int_rd", IN_H16, K_INT, 0, SX(__half2int_rd(H(a))), \
    mtoi(h2d(a), RD, -2147483648.0, 2147483647.0)) \
  X(h2i_ru, "__half2int_ru", IN_H16, K_INT, 0, SX(__half2int_ru(H(a))), \
    mtoi(h2d(a), RU, -2147483648.0, 2147483647.0)) \
  X(h2u_rn, "__half2uint_rn", IN_H16, K_INT, 0, (u64)__half2uint_rn(H(a)), \
    mtoi(h2d(a), RN, 0, 4294967295.0)) \
  X(h2u_rd, "__half2uint_rd", IN_H16, K_INT, 0, (u64)__half2uint_rd(H(a)), \
    mtoi(h2d(a), RD, 0, 4294967295.0)) \
  X(h2u_ru, "__half2uint_ru", IN_H16, K_INT, 0, (u64)__half2uint_ru(H(a)), \
    mtoi(h2d(a), RU, 0, 4294967295.0)) \
  X(h2s_rn, "__half2short_rn", IN_H16, K_INT, 0, SX(__half2short_rn(H(a))), \
    mtoi(h2d(a), RN, -32768.0, 32767.0)) \
  X(h2s_rd, "__half2short_rd", IN_H16, K_INT, 0, SX(__half2short_rd(H(a))), \
    mtoi(h2d(a), RD, -32768.0, 32767.0)) \
  X(h2s_ru, "__half2short_ru", IN_H16, K_INT, 0, SX(__half2short_ru(H(a))), \
    mtoi(h2d(a), RU, -32768.0, 32767.0)) \
  X(h2us_rn, "__half2ushort_rn", IN_H16, K_INT, 0, \
    (u64)__half2ushort_rn(H(a)), mtoi(h2d(a), RN, 0, 65535.0)) \
  X(h2us_rd, "__half2ushort_rd", IN_H16, K_INT, 0, \
    (u64)__half2ushort_rd(H(a)), mtoi(h2d(a), RD, 0, 65535.0)) \
  X(h2us_ru, "__half2ushort_ru", IN_H16, K_INT, 0, \
    (u64)__half2ushort_ru(H(a)), mtoi(h2d(a), RU, 0, 65535.0)) \
  X(h2ll_rn, "__half2ll_rn", IN_H16, K_INT, 0, SX(__half2ll_rn(H(a))), \
    mtoi(h2d(a), RN, -9223372036854775808.0, 9223372036854775807.0)) \
  X(h2ll_rd, "__half2ll_rd", IN_H16, K_INT, 0, SX(__half2ll_rd(H(a))), \
    mtoi(h2d(a), RD, -9223372036854775808.0, 9223372036854775807.0)) \
  X(h2ll_ru, "__half2ll_ru", IN_H16, K_INT, 0, SX(__half2ll_ru(H(a))), \
    mtoi(h2d(a), RU, -9223372036854775808.0, 9223372036854775807.0)) \
  X(h2ull_rn, "__half2ull_rn", IN_H16, K_INT, 0, (u64)__half2ull_rn(H(a)), \
    mtoi(h2d(a), RN, 0, 18446744073709551615.0)) \
  X(h2ull_rd, "__half2ull_rd", IN_H16, K_INT, 0, (u64)__half2ull_rd(H(a)), \
    mtoi(h2d(a), RD, 0, 18446744073709551615.0)) \
  X(h2ull_ru, "__half2ull_ru", IN_H16, K_INT, 0, (u64)__half2ull_ru(H(a)), \
    mtoi(h2d(a), RU, 0, 18446744073709551615.0)) \
  X(hfma, "__hfma", IN_H16x3, K_H16, 0, RH(__hfma(H(a), H(b), H(c))), \
    mh(std::fma(h2d(a), h2d(b), h2d(c)), RN)) \
  X(hadd_sat, "__hadd_sat", IN_H16x2, K_H16, 0, RH(__hadd_sat(H(a), H(b))), \
    msat16(mh(h2d(a) + h2d(b), RN), 0x3c00)) \
  X(hsub_sat, "__hsub_sat", IN_H16x2, K_H16, 0, RH(__hsub_sat(H(a), H(b))), \
    msat16(mh(h2d(a) - h2d(b), RN), 0x3c00)) \
  X(hmul_sat, "__hmul_sat", IN_H16x2, K_H16, 0, RH(__hmul_sat(H(a), H(b))), \
    msat16(mh(h2d(a) * h2d(b), RN), 0x3c00)) \
  X(hfma_sat, "__hfma_sat", IN_H16x3, K_H16, 0, \
    RH(__hfma_sat(H(a), H(b), H(c))), \
    msat16(mh(std::fma(h2d(a), h2d(b), h2d(c)), RN), 0x3c00)) \
  X(hfma_relu, "__hfma_relu", IN_H16x3, K_H16, 0, \
    RH(__hfma_relu(H(a), H(b), H(c))), \
    mrelu16(mh(std::fma(h2d(a), h2d(b), h2d(c)), RN), 0)) \
  X(hadd_rn, "__hadd_rn", IN_H16x2, K_H16, 0, RH(__hadd_rn(H(a), H(b))), \
    mh(h2d(a) + h2d(b), RN)) \
  X(hsub_rn, "__hsub_rn", IN_H16x2, K_H16, 0, RH(__hsub_rn(H(a), H(b))), \
    mh(h2d(a) - h2d(b), RN)) \
  X(hmul_rn, "__hmul_rn", IN_H16x2, K_H16, 0, RH(__hmul_rn(H(a), H(b))), \
    mh(h2d(a) * h2d(b), RN)) \
  X(hmax_nan, "__hmax_nan", IN_H16x2, K_H16, 0, RH(__hmax_nan(H(a), H(b))), \
    mmax16(a, b, 0, true, true)) \
  X(hmin_nan, "__hmin_nan", IN_H16x2, K_H16, 0, RH(__hmin_nan(H(a), H(b))), \
    mmax16(a, b, 0, true, false)) \
  X(hsqrt, "hsqrt", IN_H16, K_H16, 1, RH(hsqrt(H(a))), \
    mh(std::sqrt(h2d(a)), RN)) \
  X(hrsqrt, "hrsqrt", IN_H16, K_H16, 1, RH(hrsqrt(H(a))), \
    mh(1 / std::sqrt(h2d(a)), RN)) \
  X(hrcp, "hrcp", IN_H16, K_H16, 1, RH(hrcp(H(a))), mh(1 / h2d(a), RN)) \
  X(hexp, "hexp", IN_H16, K_H16, 1, RH(hexp(H(a))), mh(std::exp(h2d(a)), RN)) \
  X(hexp2, "hexp2", IN_H16, K_H16, 1, RH(hexp2(H(a))), \
    mh(std::exp2(h2d(a)), RN)) \
  X(hexp10, "hexp10", IN_H16, K_H16, 1, RH(hexp10(H(a))), \
    mh(std::pow(10.0, h2d(a)), RN)) \
  X(hlog, "hlog", IN_H16, K_H16, 1, RH(hlog(H(a))), mh(std::log(h2d(a)), RN)) \
  X(hlog2, "hlog2", IN_H16, K_H16, 1, RH(hlog2(H(a))), \
    mh(std::log2(h2d(a)), RN)) \
  X(hlog10, "hlog10", IN_H16, K_H16, 1, RH(hlog10(H(a))), \
    mh(std::log10(h2d(a)), RN)) \
  X(hsin, "hsin", IN_H16, K_H16, 1, RH(hsin(H(a))), mh(std::sin(h2d(a)), RN)) \
  X(hcos, "hcos", IN_H16, K_H16, 1, RH(hcos(H(a))), mh(std::cos(h2d(a)), RN)) \
  X(hfloor, "hfloor", IN_H16, K_H16, 0, RH(hfloor(H(a))), \
    mh(std::floor(h2d(a)), RN)) \
  X(hceil, "hceil", IN_H16, K_H16, 0, RH(hceil(H(a))), \
    mh(std::ceil(h2d(a)), RN)) \
  X(htrunc, "htrunc", IN_H16, K_H16, 0, RH(htrunc(H(a))), \
    mh(std::trunc(h2d(a)), RN)) \
  X(hrint, "hrint", IN_H16, K_H16, 0, RH(hrint(H(a))), \
    mh(std::nearbyint(h2d(a)), RN)) \
  X(hadd2, "__hadd2", IN_H2x2, K_H2, 0, RH2(__hadd2(H2(a), H2(b))), \
    lanes16(FN_hadd, a, b, c)) \
  X(hsub2, "__hsub2", IN_H2x2, K_H2, 0, RH2(__hsub2(H2(a), H2(b))), \
    lanes16(FN_hsub, a, b, c)) \
  X(hmul2, "__hmul2", IN_H2x2, K_H2, 0, RH2(__hmul2(H2(a), H2(b))), \
    lanes16(FN_hmul, a, b, c)) \
  X(h2div, "__h2div", IN_H2x2, K_H2, 0, RH2(__h2div(H2(a), H2(b))), \
    lanes16(FN_hdiv, a, b, c)) \
  X(hfma2, "__hfma2", IN_H2x3, K_H2, 0, RH2(__hfma2(H2(a), H2(b), H2(c))), \
    lanes16(FN_hfma, a, b, c)) \
  X(hadd2_sat, "__hadd2_sat", IN_H2x2, K_H2, 0, \
    RH2(__hadd2_sat(H2(a), H2(b))), lanes16(FN_hadd_sat, a, b, c)) \
  X(hsub2_sat, "__hsub2_sat", IN_H2x2, K_H2, 0, \
    RH2(__hsub2_sat(H2(a), H2(b))), lanes16(FN_hsub_sat, a, b, c)) \
  X(hmul2_sat, "__hmul2_sat", IN_H2x2, K_H2, 0, \
    RH2(__hmul2_sat(H2(a), H2(b))), lanes16(FN_hmul_sat, a, b, c)) \
  X(hfma2_sat, "__hfma2_sat", IN_H2x3, K_H2, 0, \
    RH2(__hfma2_sat(H2(a), H2(b), H2(c))), lanes16(FN_hfma_sat, a, b, c)) \
  X(hfma2_relu, "__hfma2_relu", IN_H2x3, K_H2, 0, \
    RH2(__hfma2_relu(H2(a), H2(b), H2(c))), lanes16(FN_hfma_relu, a, b, c)) \
  X(hadd2_rn, "__hadd2_rn", IN_H2x2, K_H2, 0, RH2(__hadd2_rn(H2(a), H2(b))), \
    lanes16(FN_hadd, a, b, c)) \
  X(hsub2_rn, "__hsub2_rn", IN_H2x2, K_H2, 0, RH2(__hsub2_rn(H2(a), H2(b))), \
    lanes16(FN_hsub, a, b, c)) \
  X(hmul2_rn, "__hmul2_rn", IN_H2x2, K_H2, 0, RH2(__hmul2_rn(H2(a), H2(b))), \
    lanes16(FN_hmul, a, b, c)) \
  X(hneg2, "__hneg2", IN_H2, K_H2, 0, RH2(__hneg2(H2(a))), \
    lanes16(FN_hneg, a, b, c)) \
  X(habs2, "__habs2", IN_H2, K_H2, 0, RH2(__habs2(H2(a))), \
    lanes16(FN_habs, a, b, c)) \
  X(hmax2, "__hmax2", IN_H2x2, K_H2, 0, RH2(__hmax2(H2(a), H2(b))), \
    lanes16(FN_hmax, a, b, c)) \
  X(hmin2, "__hmin2", IN_H2x2, K_H2, 0, RH2(__hmin2(H2(a), H2(b))), \
    lanes16(FN_hmin, a, b, c)) \
  X(hmax2_nan, "__hmax2_nan", IN_H2x2, K_H2, 0, \
    RH2(__hmax2_nan(H2(a), H2(b))), lanes16(FN_hmax_nan, a, b, c)) \
  X(hmin2_nan, "__hmin2_nan", IN_H2x2, K_H2, 0, \
    RH2(__hmin2_nan(H2(a), H2(b))), lanes16(FN_hmin_nan, a, b, c)) \
  X(hcmadd, "__hcmadd", IN_H2x3, K_H2, 0, RH2(__hcmadd(H2(a), H2(b), H2(c))), \
    0) \
  X(heq2, "__heq2", IN_H2x2, K_H2, 0, RH2(__heq2(H2(a), H2(b))), \
    lanesbool(FN_heq, a, b, 0x3c00)) \
  X(hne2, "__hne2", IN_H2x2, K_H2, 0, RH2(__hne2(H2(a), H2(b))), \
    lanesbool(FN_hne, a, b, 0x3c00)) \
  X(hlt2, "__hlt2", IN_H2x2, K_H2, 0, RH2(__hlt2(H2(a), H2(b))), \
    lanesbool(FN_hlt, a, b, 0x3c00)) \
  X(hle2, "__hle2", IN_H2x2, K_H2, 0, RH2(__hle2(H2(a), H2(b))), \
    lanesbool(FN_hle, a, b, 0x3c00)) \
  X(hgt2, "__hgt2", IN_H2x2, K_H2, 0, RH2(__hgt2(H2(a), H2(b))), \
    lanesbool(FN_hgt, a, b, 0x3c00)) \
  X(hge2, "__hge2", IN_H2x2, K_H2, 0, RH2(__hge2(H2(a), H2(b))), \
    lanesbool(FN_hge, a, b, 0x3c00)) \
  X(hequ2, "__hequ2", IN_H2x2, K_H2, 0, RH2(__hequ2(H2(a), H2(b))), \
    lanesbool(FN_hequ, a, b, 0x3c00)) \
  X(hneu2, "__hneu2", IN_H2x2, K_H2, 0, RH2(__hneu2(H2(a), H2(b))), \
    lanesbool(FN_hneu, a, b, 0x3c00)) \
  X(hltu2, "__hltu2", IN_H2x2, K_H2, 0, RH2(__hltu2(H2(a), H2(b))), \
    lanesbool(FN_hltu, a, b, 0x3c00)) \
  X(hleu2, "__hleu2", IN_H2x2, K_H2, 0, RH2(__hleu2(H2(a), H2(b))), \
    lanesbool(FN_hleu, a, b, 0x3c00)) \
  X(hgtu2, "__hgtu2", IN_H2x2, K_H2, 0, RH2(__hgtu2(H2(a), H2(b))), \
    lanesbool(FN_hgtu, a, b, 0x3c00)) \
  X(hgeu2, "__hgeu2", IN_H2x2, K_H2, 0, RH2(__hgeu2(H2(a), H2(b))), \
    lanesbool(FN_hgeu, a, b, 0x3c00)) \
  X(heq2m, "__heq2_mask", IN_H2x2, K_INT, 0, __heq2_mask(H2(a), H2(b)), \
    lanesbool(FN_heq, a, b, 0xffff)) \
  X(hne2m, "__hne2_mask", IN_H2x2, K_INT, 0, __hne2_mask(H2(a), H2(b)), \
    lanesbool(FN_hne, a, b, 0xffff)) \
  X(hlt2m, "__hlt2_mask", IN_H2x2, K_INT, 0, __hlt2_mask(H2(a), H2(b)), \
    lanesbool(FN_hlt, a, b, 0xffff)) \
  X(hle2m, "__hle2_mask", IN_H2x2, K_INT, 0, __hle2_mask(H2(a), H2(b)), \
    lanesbool(FN_hle, a, b, 0xffff)) \
  X(hgt2m, "__hgt2_mask", IN_H2x2, K_INT, 0, __hgt2_mask(H2(a), H2(b)), \
    lanesbool(FN_hgt, a, b, 0xffff)) \
  X(hge2m, "__hge2_mask", IN_H2x2, K_INT, 0, __hge2_mask(H2(a), H2(b)), \
    lanesbool(FN_hge, a, b, 0xffff)) \
  X(hequ2m, "__hequ2_mask", IN_H2x2, K_INT, 0, __hequ2_mask(H2(a), H2(b)), \
    lanesbool(FN_hequ, a, b, 0xffff)) \
  X(hneu2m, "__hneu2_mask", IN_H2x2, K_INT, 0, __hneu2_mask(H2(a), H2(b)), \
    lanesbool(FN_hneu, a, b, 0xffff)) \
  X(hltu2m, "__hltu2_mask", IN_H2x2, K_INT, 0, __hltu2_mask(H2(a), H2(b)), \
    lanesbool(FN_hltu, a, b, 0xffff)) \
  X(hleu2m, "__hleu2_mask", IN_H2x2, K_INT, 0, __hleu2_mask(H2(a), H2(b)), \
    lanesbool(FN_hleu, a, b, 0xffff)) \
  X(hgtu2m, "__hgtu2_mask", IN_H2x2, K_INT, 0, __hgtu2_mask(H2(a), H2(b)), \
    lanesbool(FN_hgtu, a, b, 0xffff)) \
  X(hgeu2m, "__hgeu2_mask", IN_H2x2, K_INT, 0, __hgeu2_mask(H2(a), H2(b)), \
    lanesbool(FN_hgeu, a, b, 0xffff)) \
  X(hbeq2, "__hbeq2", IN_H2x2, K_INT, 0, __hbeq2(H2(a), H2(b)), \
    lanesall(FN_heq, a, b)) \
  X(hbne2, "__hbne2", IN_H2x2, K_INT, 0, __hbne2(H2(a), H2(b)), \
    lanesall(FN_hne, a, b)) \
  X(hblt2, "__hblt2", IN_H2x2, K_INT, 0, __hblt2(H2(a), H2(b)), \
    lanesall(FN_hlt, a, b)) \
  X(hble2, "__hble2", IN_H2x2, K_INT, 0, __hble2(H2(a), H2(b)), \
    lanesall(FN_hle, a, b)) \
  X(hbgt2, "__hbgt2", IN_H2x2, K_INT, 0, __hbgt2(H2(a), H2(b)), \
    lanesall(FN_hgt, a, b)) \
  X(hbge2, "__hbge2", IN_H2x2, K_INT, 0, __hbge2(H2(a), H2(b)), \
    lanesall(FN_hge, a, b)) \
  X(hbequ2, "__hbequ2", IN_H2x2, K_INT, 0, __hbequ2(H2(a), H2(b)), \
    lanesall(FN_hequ, a, b)) \
  X(hbneu2, "__hbneu2", IN_H2x2, K_INT, 0, __hbneu2(H2(a), H2(b)), \
    lanesall(FN_hneu, a, b)) \
  X(hbltu2, "__hbltu2", IN_H2x2, K_INT, 0, __hbltu2(H2(a), H2(b)), \
    lanesall(FN_hltu, a, b)) \
  X(hbleu2, "__hbleu2", IN_H2x2, K_INT, 0, __hbleu2(H2(a), H2(b)), \
    lanesall(FN_hleu, a, b)) \
  X(hbgtu2, "__hbgtu2", IN_H2x2, K_INT, 0, __hbgtu2(H2(a), H2(b)), \
    lanesall(FN_hgtu, a, b)) \
  X(hbgeu2, "__hbgeu2", IN_H2x2, K_INT, 0, __hbgeu2(H2(a), H2(b)), \
    lanesall(FN_hgeu, a, b)) \
  X(hisnan2, "__hisnan2", IN_H2, K_H2, 0, RH2(__hisnan2(H2(a))), \
    (u64)(std::isnan(h2d(a & 0xffff)) ? 0x3c00 : 0) | \
        (std::isnan(h2d(a >> 16)) ? 0x3c000000 : 0)) \
  X(h2sqrt, "h2sqrt", IN_H2, K_H2, 1, RH2(h2sqrt(H2(a))), \
    lanes16(FN_hsqrt, a, b, c)) \
  X(h2rsqrt, "h2rsqrt", IN_H2, K_H2, 1, RH2(h2rsqrt(H2(a))), \
    lanes16(FN_hrsqrt, a, b, c)) \
  X(h2rcp, "h2rcp", IN_H2, K_H2, 1, RH2(h2rcp(H2(a))), \
    lanes16(FN_hrcp, a, b, c)) \
  X(h2exp, "h2exp", IN_H2, K_H2, 1, RH2(h2exp(H2(a))), \
    lanes16(FN_hexp, a, b, c)) \
  X(h2exp2, "h2exp2", IN_H2, K_H2, 1, RH2(h2exp2(H2(a))), \
    lanes16(FN_hexp2, a, b, c)) \
  X(h2exp10, "h2exp10", IN_H2, K_H2, 1, RH2(h2exp10(H2(a))), \
    lanes16(FN_hexp10, a, b, c)) \
  X(h2log, "h2log", IN_H2, K_H2, 1, RH2(h2log(H2(a))), \
    lanes16(FN_hlog, a, b, c)) \
  X(h2log2, "h2log2", IN_H2, K_H2, 1, RH2(h2log2(H2(a))), \
    lanes16(FN_hlog2, a, b, c)) \
  X(h2log10, "h2log10", IN_H2, K_H2, 1, RH2(h2log10(H2(a))), \
    lanes16(FN_hlog10, a, b, c)) \
  X(h2sin, "h2sin", IN_H2, K_H2, 1, RH2(h2sin(H2(a))), \
    lanes16(FN_hsin, a, b, c)) \
  X(h2cos, "h2cos", IN_H2, K_H2, 1, RH2(h2cos(H2(a))), \
    lanes16(FN_hcos, a, b, c)) \
  X(h2floor, "h2floor", IN_H2, K_H2, 0, RH2(h2floor(H2(a))), \
    lanes16(FN_hfloor, a, b, c)) \
  X(h2ceil, "h2ceil", IN_H2, K_H2, 0, RH2(h2ceil(H2(a))), \
    lanes16(FN_hceil, a, b, c)) \
  X(h2trunc, "h2trunc", IN_H2, K_H2, 0, RH2(h2trunc(H2(a))), \
    lanes16(FN_htrunc, a, b, c)) \
  X(h2rint, "h2rint", IN_H2, K_H2, 0, RH2(h2rint(H2(a))), \
    lanes16(FN_hrint, a, b, c))

#define BF16_HD(X) \
  X(f2b, "__float2bfloat16", IN_F32, K_B16, 0, RB(__float2bfloat16(F(a))), \
    mb(F(a), RN)) \
  X(f2b_rn, "__float2bfloat16_rn", IN_F32, K_B16, 0, \
    RB(__float2bfloat16_rn(F(a))), mb(F(a), RN)) \
  X(f2b_rz, "__float2bfloat16_rz", IN_F32, K_B16, 0, \
    RB(__float2bfloat16_rz(F(a))), mb(F(a), RZ)) \
  X(f2b_rd, "__float2bfloat16_rd", IN_F32, K_B16, 0, \
    RB(__float2bfloat16_rd(F(a))), mb(F(a), RD)) \
  X(f2b_ru, "__float2bfloat16_ru", IN_F32, K_B16, 0, \
    RB(__float2bfloat16_ru(F(a))), mb(F(a), RU)) \
  X(d2b, "__double2bfloat16", IN_F64, K_B16, 0, RB(__double2bfloat16(D(a))), \
    mb(D(a), RN)) \
  X(b2f, "__bfloat162float", IN_B16, K_F32, 0, BF(__bfloat162float(B(a))), \
    mb2f(a)) \
  X(f2b2, "__float2bfloat162_rn", IN_F32, K_B2, 0, \
    RB2(__float2bfloat162_rn(F(a))), mb(F(a), RN) * 0x10001) \
  X(fs2b2, "__floats2bfloat162_rn", IN_F2, K_B2, 0, \
    RB2(__floats2bfloat162_rn(F(a), F(a >> 32))), \
    mb(F(a), RN) | mb(F(a >> 32), RN) << 16) \
  X(f22b2, "__float22bfloat162_rn", IN_F2, K_B2, 0, \
    RB2(__float22bfloat162_rn(F2(a))), \
    mb(F(a), RN) | mb(F(a >> 32), RN) << 16) \
  X(b22f2, "__bfloat1622float2", IN_B2, K_F2, 0, \
    RF2(__bfloat1622float2(B2(a))), mb2f(a & 0xffff) | mb2f(a >> 16) << 32) \
  X(blowf, "__low2float(bf162)", IN_B2, K_F32, 0, BF(__low2float(B2(a))), \
    mb2f(a & 0xffff)) \
  X(bhighf, "__high2float(bf162)", IN_B2, K_F32, 0, BF(__high2float(B2(a))), \
    mb2f(a >> 16)) \
  X(blohi, "__lowhigh2highlow(bf162)", IN_B2, K_B2, 0, \
    RB2(__lowhigh2highlow(B2(a))), (a >> 16) | (a & 0xffff) << 16) \
  X(blows, "__lows2bfloat162", IN_B2x2, K_B2, 0, \
    RB2(__lows2bfloat162(B2(a), B2(b))), (a & 0xffff) | (b & 0xffff) << 16) \
  X(bhighs, "__highs2bfloat162", IN_B2x2, K_B2, 0, \
    RB2(__highs2bfloat162(B2(a), B2(b))), (a >> 16) | (b >> 16) << 16) \
  X(bb2, "__bfloat162bfloat162", IN_B16, K_B2, 0, \
    RB2(__bfloat162bfloat162(B(a))), a * 0x10001) \
  X(i2b_rn, "__int2bfloat16_rn", IN_I32, K_B16, 0, \
    RB(__int2bfloat16_rn((int)a)), mbi((int)a, RN)) \
  X(u2b_rn, "__uint2bfloat16_rn", IN_U32, K_B16, 0, \
    RB(__uint2bfloat16_rn((unsigned)a)), mbu((unsigned)a, RN)) \
  X(s2b_rn, "__short2bfloat16_rn", IN_I16, K_B16, 0, \
    RB(__short2bfloat16_rn((short)a)), mbi((short)a, RN)) \
  X(us2b_rn, "__ushort2bfloat16_rn", IN_U16, K_B16, 0, \
    RB(__ushort2bfloat16_rn((unsigned short)a)), mbu((unsigned short)a, RN)) \
  X(ll2b_rn, "__ll2bfloat16_rn", IN_I64, K_B16, 0, \
    RB(__ll2bfloat16_rn((long long)a)), mbi((long long)a, RN)) \
  X(ull2b_rn, "__ull2bfloat16_rn", IN_U64, K_B16, 0, \
    RB(__ull2bfloat16_rn(a)), mbu(a, RN)) \
  X(b2i_rz, "__bfloat162int_rz", IN_B16, K_INT, 0, \
    SX(__bfloat162int_rz(B(a))), mtoi(b2d(a), RZ, -2147483648.0, 2147483647.0)) \
  X(b2u_rz, "__bfloat162uint_rz", IN_B16, K_INT, 0, \
    (u64)__bfloat162uint_rz(B(a)), mtoi(b2d(a), RZ, 0, 4294967295.0)) \
  X(b2s_rz, "__bfloat162short_rz", IN_B16, K_INT, 0, \
    SX(__bfloat162short_rz(B(a))), mtoi(b2d(a), RZ, -32768.0, 32767.0)) \
  X(b2us_rz, "__bfloat162ushort_rz", IN_B16, K_INT, 0, \
    (u64)__bfloat162ushort_rz(B(a)), mtoi(b2d(a), RZ, 0, 65535.0)) \
  X(b2ll_rz, "__bfloat162ll_rz", IN_B16, K_INT, 0, \
    SX(__bfloat162ll_rz(B(a))), \
    mtoi(b2d(a), RZ, -9223372036854775808.0, 9223372036854775807.0)) \
  X(b2ull_rz, "__bfloat162ull_rz", IN_B16, K_INT, 0, \
    (u64)__bfloat162ull_rz(B(a)), mtoi(b2d(a), RZ, 0, 18446744073709551615.0)) \
  X(b_as_s, "__bfloat16_as_short", IN_B16, K_INT, 0, \
    SX(__bfloat16_as_short(B(a))), SX((short)a)) \
  X(s_as_b, "__short_as_bfloat16", IN_I16, K_B16, 0, \
    RB(__short_as_bfloat16((short)a)), a & 0xffff) \
  X(badd, "__hadd(bf16)", IN_B16x2, K_B16, 0, RB(__hadd(B(a), B(b))), \
    mb(b2d(a) + b2d(b), RN)) \
  X(bsub, "__hsub(bf16)", IN_B16x2, K_B16, 0, RB(__hsub(B(a), B(b))), \
    mb(b2d(a) - b2d(b), RN)) \
  X(bmul, "__hmul(bf16)", IN_B16x2, K_B16, 0, RB(__hmul(B(a), B(b))), \
    mb(b2d(a) * b2d(b), RN)) \
  X(bdiv, "__hdiv(bf16)", IN_B16x2, K_B16, 0, RB(__hdiv(B(a), B(b))), \
    mb(b2d(a) / b2d(b), RN)) \
  X(bneg, "__hneg(bf16)", IN_B16, K_B16, 0, RB(__hneg(B(a))), mneg(a, 0x8000)) \
  X(babs, "__habs(bf16)", IN_B16, K_B16, 0, RB(__habs(B(a))), mabs(a, 0x7fff)) \
  X(bmax, "__hmax(bf16)", IN_B16x2, K_B16, 0, RB(__hmax(B(a), B(b))), \
    mmax16(a, b, 1, false, true)) \
  X(bmin, "__hmin(bf16)", IN_B16x2, K_B16, 0, RB(__hmin(B(a), B(b))), \
    mmax16(a, b, 1, false, false)) \
  X(beq, "__heq(bf16)", IN_B16x2, K_INT, 0, __heq(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 0, false)) \
  X(bne, "__hne(bf16)", IN_B16x2, K_INT, 0, __hne(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 1, false)) \
  X(blt, "__hlt(bf16)", IN_B16x2, K_INT, 0, __hlt(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 2, false)) \
  X(ble, "__hle(bf16)", IN_B16x2, K_INT, 0, __hle(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 3, false)) \
  X(bgt, "__hgt(bf16)", IN_B16x2, K_INT, 0, __hgt(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 4, false)) \
  X(bge, "__hge(bf16)", IN_B16x2, K_INT, 0, __hge(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 5, false)) \
  X(bequ, "__hequ(bf16)", IN_B16x2, K_INT, 0, __hequ(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 0, true)) \
  X(bneu, "__hneu(bf16)", IN_B16x2, K_INT, 0, __hneu(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 1, true)) \
  X(bltu, "__hltu(bf16)", IN_B16x2, K_INT, 0, __hltu(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 2, true)) \
  X(bleu, "__hleu(bf16)", IN_B16x2, K_INT, 0, __hleu(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 3, true)) \
  X(bgtu, "__hgtu(bf16)", IN_B16x2, K_INT, 0, __hgtu(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 4, true)) \
  X(bgeu, "__hgeu(bf16)", IN_B16x2, K_INT, 0, __hgeu(B(a), B(b)), \
    mcmp(b2d(a), b2d(b), 5, true)) \
  X(bisnan, "__hisnan(bf16)", IN_B16, K_INT, 0, __hisnan(B(a)), \
    (u64)std::isnan(b2d(a))) \
  X(bisinf, "__hisinf(bf16)", IN_B16, K_INT, 0, SX(__hisinf(B(a))), \
    SX(std::isinf(b2d(a)) ? (b2d(a) < 0 ? -1 : 1) : 0)) \
  X(bop_add, "operator+(bf16,bf16)", IN_B16x2, K_B16, 0, RB(B(a) + B(b)), \
    mb(b2d(a) + b2d(b), RN)) \
  X(bop_f, "operator float(bf16)", IN_B16, K_F32, 0, \
    BF(static_cast<float>(B(a))), mb2f(a))

#define BF16_D(X) \
  X(i2b_rz, "__int2bfloat16_rz", IN_I32, K_B16, 0, \
    RB(__int2bfloat16_rz((int)a)), mbi((int)a, RZ)) \
  X(i2b_rd, "__int2bfloat16_rd", IN_I32, K_B16, 0, \
    RB(__int2bfloat16_rd((int)a)), mbi((int)a, RD)) \
  X(i2b_ru, "__int2bfloat16_ru", IN_I32, K_B16, 0, \
    RB(__int2bfloat16_ru((int)a)), mbi((int)a, RU)) \
  X(u2b_rz, "__uint2bfloat16_rz", IN_U32, K_B16, 0, \
    RB(__uint2bfloat16_rz((unsigned)a)), mbu((unsigned)a, RZ)) \
  X(u2b_rd, "__uint2bfloat16_rd", IN_U32, K_B16, 0, \
    RB(__uint2bfloat16_rd((unsigned)a)), mbu((unsigned)a, RD)) \
  X(u2b_ru, "__uint2bfloat16_ru", IN_U32, K_B16, 0, \
    RB(__uint2bfloat16_ru((unsigned)a)), mbu((unsigned)a, RU)) \
  X(s2b_rz, "__short2bfloat16_rz", IN_I16, K_B16, 0, \
    RB(__short2bfloat16_rz((short)a)), mbi((short)a, RZ)) \
  X(s2b_rd, "__short2bfloat16_rd", IN_I16, K_B16, 0, \
    RB(__short2bfloat16_rd((short)a)), mbi((short)a, RD)) \
  X(s2b_ru, "__short2bfloat16_ru", IN_I16, K_B16, 0, \
    RB(__short2bfloat16_ru((short)a)), mbi((short)a, RU)) \
  X(us2b_rz, "__ushort2bfloat16_rz", IN_U16, K_B16, 0, \
    RB(__ushort2bfloat16_rz((unsigned short)a)), mbu((unsigned short)a, RZ)) \
  X(us2b_rd, "__ushort2bfloat16_rd", IN_U16, K_B16, 0, \
    RB(__ushort2bfloat16_rd((unsigned short)a)), mbu((unsigned short)a, RD)) \
  X(us2b_ru, "__ushort2bfloat16_ru", IN_U16, K_B16, 0, \
    RB(__ushort2bfloat16_ru((unsigned short)a)), mbu((unsigned short)a, RU)) \
  X(ll2b_rz, "__ll2bfloat16_rz", IN_I64, K_B16, 0, \
    RB(__ll2bfloat16_rz((long long)a)), mbi((long long)a, RZ)) \
  X(ll2b_rd, "__ll2bfloat16_rd", IN_I64, K_B16, 0, \
    RB(__ll2bfloat16_rd((long long)a)), mbi((long long)a, RD)) \
  X(ll2b_ru, "__ll2bfloat16_ru", IN_I64, K_B16, 0, \
    RB(__ll2bfloat16_ru((long long)a)), mbi((long long)a, RU)) \
  X(ull2b_rz, "__ull2bfloat16_rz", IN_U64, K_B16, 0, \
    RB(__ull2bfloat16_rz(a)), mbu(a, RZ)) \
  X(ull2b_rd, "__ull2bfloat16_rd", IN_U64, K_B16, 0, \
    RB(__ull2bfloat16_rd(a)), mbu(a, RD)) \
  X(ull2b_ru, "__ull2bfloat16_ru", IN_U64, K_B16, 0, \
    RB(__ull2bfloat16_ru(a)), mbu(a, RU)) \
  X(b2i_rn, "__bfloat162int_rn", IN_B16, K_INT, 0, \
    SX(__bfloat162int_rn(B(a))), mtoi(b2d(a), RN, -2147483648.0, 2147483647.0)) \
  X(b2i_rd, "__bfloat162int_rd", IN_B16, K_INT, 0, \
    SX(__bfloat162int_rd(B(a))), mtoi(b2d(a), RD, -2147483648.0, 2147483647.0)) \
  X(b2i_ru, "__bfloat162int_ru", IN_B16, K_INT, 0, \
    SX(__bfloat162int_ru(B(a))), mtoi(b2d(a), RU, -2147483648.0, 2147483647.0)) \
  X(b2u_rn, "__bfloat162uint_rn", IN_B16, K_INT, 0, \
    (u64)__bfloat162uint_rn(B(a)), mtoi(b2d(a), RN, 0, 4294967295.0)) \
  X(b2u_rd, "__bfloat162uint_rd", IN_B16, K_INT, 0, \
    (u64)__bfloat162uint_rd(B(a)), mtoi(b2d(a), RD, 0, 4294967295.0)) \
  X(b2u_ru, "__bfloat162uint_ru", IN_B16, K_INT, 0, \
    (u64)__bfloat162uint_ru(B(a)), mtoi(b2d(a), RU, 0, 4294967295.0)) \
  X(b2s_rn, "__bfloat162short_rn", IN_B16, K_INT, 0, \
    SX(__bfloat162short_rn(B(a))), mtoi(b2d(a), RN, -32768.0, 32767.0)) \
  X(b2s_rd, "__bfloat162short_rd", IN_B16, K_INT, 0, \
    SX(__bfloat162short_rd(B(a))), mtoi(b2d(a), RD, -32768.0, 32767.0)) \
  X(b2s_ru, "__bfloat162short_ru", IN_B16, K_INT, 0, \
    SX(__bfloat162short_ru(B(a))), mtoi(b2d(a), RU, -32768.0, 32767.0)) \
  X(b2us_rn, "__bfloat162ushort_rn", IN_B16, K_INT, 0, \
    (u64)__bfloat162ushort_rn(B(a)), mtoi(b2d(a), RN, 0, 65535.0)) \
  X(b2us_rd, "__bfloat162ushort_rd", IN_B16, K_INT, 0, \
    (u64)__bfloat162ushort_rd(B(a)), mtoi(b2d(a), RD, 0, 65535.0)) \
  X(b2us_ru, "__bfloat162ushort_ru", IN_B16, K_INT, 0, \
    (u64)__bfloat162ushort_ru(B(a)), mtoi(b2d(a), RU, 0, 65535.0)) \
  X(b2ll_rn, "__bfloat162ll_rn", IN_B16, K_INT, 0, \
    SX(__bfloat162ll_rn(B(a))), \
    mtoi(b2d(a), RN, -9223372036854775808.0, 9223372036854775807.0)) \
  X(b2ll_rd, "__bfloat162ll_rd", IN_B16, K_INT, 0, \
    SX(__bfloat162ll_rd(B(a))), \
    mtoi(b2d(a), RD, -9223372036854775808.0, 9223372036854775807.0)) \
  X(b2ll_ru, "__bfloat162ll_ru", IN_B16, K_INT, 0, \
    SX(__bfloat162ll_ru(B(a))), \
    mtoi(b2d(a), RU, -9223372036854775808.0, 9223372036854775807.0)) \
  X(b2ull_rn, "__bfloat162ull_rn", IN_B16, K_INT, 0, \
    (u64)__bfloat162ull_rn(B(a)), mtoi(b2d(a), RN, 0, 18446744073709551615.0)) \
  X(b2ull_rd, "__bfloat162ull_rd", IN_B16, K_INT, 0, \
    (u64)__bfloat162ull_rd(B(a)), mtoi(b2d(a), RD, 0, 18446744073709551615.0)) \
  X(b2ull_ru, "__bfloat162ull_ru", IN_B16, K_INT, 0, \
    (u64)__bfloat162ull_ru(B(a)), mtoi(b2d(a), RU, 0, 18446744073709551615.0)) \
  X(bfma, "__hfma(bf16)", IN_B16x3, K_B16, 0, RB(__hfma(B(a), B(b), B(c))), \
    mb(std::fma(b2d(a), b2d(b), b2d(c)), RN)) \
  X(badd_sat, "__hadd_sat(bf16)", IN_B16x2, K_B16, 0, \
    RB(__hadd_sat(B(a), B(b))), msat16(mb(b2d(a) + b2d(b), RN), 0x3f80)) \
  X(bsub_sat, "__hsub_sat(bf16)", IN_B16x2, K_B16, 0, \
    RB(__hsub_sat(B(a), B(b))), msat16(mb(b2d(a) - b2d(b), RN), 0x3f80)) \
  X(bmul_sat, "__hmul_sat(bf16)", IN_B16x2, K_B16, 0, \
    RB(__hmul_sat(B(a), B(b))), msat16(mb(b2d(a) * b2d(b), RN), 0x3f80)) \
  X(bfma_sat, "__hfma_sat(bf16)", IN_B16x3, K_B16, 0, \
    RB(__hfma_sat(B(a), B(b), B(c))), \
    msat16(mb(std::fma(b2d(a), b2d(b), b2d(c)), RN), 0x3f80)) \
  X(bfma_relu, "__hfma_relu(bf16)", IN_B16x3, K_B16, 0, \
    RB(__hfma_relu(B(a), B(b), B(c))), \
    mrelu16(mb(std::fma(b2d(a), b2d(b), b2d(c)), RN), 1)) \
  X(badd_rn, "__hadd_rn(bf16)", IN_B16x2, K_B16, 0, RB(__hadd_rn(B(a), B(b))), \
    mb(b2d(a) + b2d(b), RN)) \
  X(bsub_rn, "__hsub_rn(bf16)", IN_B16x2, K_B16, 0, RB(__hsub_rn(B(a), B(b))), \
    mb(b2d(a) - b2d(b), RN)) \
  X(bmul_rn, "__hmul_rn(bf16)", IN_B16x2, K_B16, 0, RB(__hmul_rn(B(a), B(b))), \
    mb(b2d(a) * b2d(b), RN)) \
  X(bmax_nan, "__hmax_nan(bf16)", IN_B16x2, K_B16, 0, \
    RB(__hmax_nan(B(a), B(b))), mmax16(a, b, 1, true, true)) \
  X(bmin_nan, "__hmin_nan(bf16)", IN_B16x2, K_B16, 0, \
    RB(__hmin_nan(B(a), B(b))), mmax16(a, b, 1, true, false)) \
  X(bsqrt, "hsqrt(bf16)", IN_B16, K_B16, 1, RB(hsqrt(B(a))), \
    mb(std::sqrt(b2d(a)), RN)) \
  X(brsqrt, "hrsqrt(bf16)", IN_B16, K_B16, 1, RB(hrsqrt(B(a))), \
    mb(1 / std::sqrt(b2d(a)), RN)) \
  X(brcp, "hrcp(bf16)", IN_B16, K_B16, 1, RB(hrcp(B(a))), mb(1 / b2d(a), RN)) \
  X(bexp, "hexp(bf16)", IN_B16, K_B16, 1, RB(hexp(B(a))), \
    mb(std::exp(b2d(a)), RN)) \
  X(bexp2, "hexp2(bf16)", IN_B16, K_B16, 1, RB(hexp2(B(a))), \
    mb(std::exp2(b2d(a)), RN)) \
  X(bexp10, "hexp10(bf16)", IN_B16, K_B16, 1, RB(hexp10(B(a))), \
    mb(std::pow(10.0, b2d(a)), RN)) \
  X(blog, "hlog(bf16)", IN_B16, K_B16, 1, RB(hlog(B(a))), \
    mb(std::log(b2d(a)), RN)) \
  X(blog2, "hlog2(bf16)", IN_B16, K_B16, 1, RB(hlog2(B(a))), \
    mb(std::log2(b2d(a)), RN)) \
  X(blog10, "hlog10(bf16)", IN_B16, K_B16, 1, RB(hlog10(B(a))), \
    mb(std::log10(b2d(a)), RN)) \
  X(bsin, "hsin(bf16)", IN_B16, K_B16, 1, RB(hsin(B(a))), \
    mb(std::sin(b2d(a)), RN)) \
  X(bcos, "hcos(bf16)", IN_B16, K_B16, 1, RB(hcos(B(a))), \
    mb(std::cos(b2d(a)), RN)) \
  X(bfloor, "hfloor(bf16)", IN_B16, K_B16, 0, RB(hfloor(B(a))), \
    mb(std::floor(b2d(a)), RN)) \
  X(bceil, "hceil(bf16)", IN_B16, K_B16, 0, RB(hceil(B(a))), \
    mb(std::ceil(b2d(a)), RN)) \
  X(btrunc, "htrunc(bf16)", IN_B16, K_B16, 0, RB(htrunc(B(a))), \
    mb(std::trunc(b2d(a)), RN)) \
  X(brint, "hrint(bf16)", IN_B16, K_B16, 0, RB(hrint(B(a))), \
    mb(std::nearbyint(b2d(a)), RN)) \
  X(badd2, "__hadd2(bf162)", IN_B2x2, K_B2, 0, RB2(__hadd2(B2(a), B2(b))), \
    lanes16(FN_badd, a, b, c)) \
  X(bsub2, "__hsub2(bf162)", IN_B2x2, K_B2, 0, RB2(__hsub2(B2(a), B2(b))), \
    lanes16(FN_bsub, a, b, c)) \
  X(bmul2, "__hmul2(bf162)", IN_B2x2, K_B2, 0, RB2(__hmul2(B2(a), B2(b))), \
    lanes16(FN_bmul, a, b, c)) \
  X(bdiv2, "__h2div(bf162)", IN_B2x2, K_B2, 0, RB2(__h2div(B2(a), B2(b))), \
    lanes16(FN_bdiv, a, b, c)) \
  X(bfma2, "__hfma2(bf162)", IN_B2x3, K_B2, 0, \
    RB2(__hfma2(B2(a), B2(b), B2(c))), lanes16(FN_bfma, a, b, c)) \
  X(badd2_sat, "__hadd2_sat(bf162)", IN_B2x2, K_B2, 0, \
    RB2(__hadd2_sat(B2(a), B2(b))), lanes16(FN_badd_sat, a, b, c)) \
  X(bmul2_sat, "__hmul2_sat(bf162)", IN_B2x2, K_B2, 0, \
    RB2(__hmul2_sat(B2(a), B2(b))), lanes16(FN_bmul_sat, a, b, c)) \
  X(bfma2_sat, "__hfma2_sat(bf162)", IN_B2x3, K_B2, 0, \
    RB2(__hfma2_sat(B2(a), B2(b), B2(c))), lanes16(FN_bfma_sat, a, b, c)) \
  X(bfma2_relu, "__hfma2_relu(bf162)", IN_B2x3, K_B2, 0, \
    RB2(__hfma2_relu(B2(a), B2(b), B2(c))), lanes16(FN_bfma_relu, a, b, c)) \
  X(bneg2, "__hneg2(bf162)", IN_B2, K_B2, 0, RB2(__hneg2(B2(a))), \
    lanes16(FN_bneg, a, b, c)) \
  X(babs2, "__habs2(bf162)", IN_B2, K_B2, 0, RB2(__habs2(B2(a))), \
    lanes16(FN_babs, a, b, c)) \
  X(bmax2, "__hmax2(bf162)", IN_B2x2, K_B2, 0, RB2(__hmax2(B2(a), B2(b))), \
    lanes16(FN_bmax, a, b, c)) \
  X(bmin2, "__hmin2(bf162)", IN_B2x2, K_B2, 0, RB2(__hmin2(B2(a), B2(b))), \
    lanes16(FN_bmin, a, b, c)) \
  X(bmax2_nan, "__hmax2_nan(bf162)", IN_B2x2, K_B2, 0, \
    RB2(__hmax2_nan(B2(a), B2(b))), lanes16(FN_bmax_nan, a, b, c)) \
  X(bcmadd, "__hcmadd(bf162)", IN_B2x3, K_B2, 0, \
    RB2(__hcmadd(B2(a), B2(b), B2(c))), 0) \
  X(beq2, "__heq2(bf162)", IN_B2x2, K_B2, 0, RB2(__heq2(B2(a), B2(b))), \
    lanesbool(FN_beq, a, b, 0x3f80)) \
  X(bltu2, "__hltu2(bf162)", IN_B2x2, K_B2, 0, RB2(__hltu2(B2(a), B2(b))), \
    lanesbool(FN_bltu, a, b, 0x3f80)) \
  X(bge2m, "__hge2_mask(bf162)", IN_B2x2, K_INT, 0, \
    __hge2_mask(B2(a), B2(b)), lanesbool(FN_bge, a, b, 0xffff)) \
  X(bneu2m, "__hneu2_mask(bf162)", IN_B2x2, K_INT, 0, \
    __hneu2_mask(B2(a), B2(b)), lanesbool(FN_bneu, a, b, 0xffff)) \
  X(bbeq2, "__hbeq2(bf162)", IN_B2x2, K_INT, 0, __hbeq2(B2(a), B2(b)), \
    lanesall(FN_beq, a, b)) \
  X(bbgtu2, "__hbgtu2(bf162)", IN_B2x2, K_INT, 0, __hbgtu2(B2(a), B2(b)), \
    lanesall(FN_bgtu, a, b)) \
  X(b2sqrt, "h2sqrt(bf162)", IN_B2, K_B2, 1, RB2(h2sqrt(B2(a))), \
    lanes16(FN_bsqrt, a, b, c)) \
  X(b2exp, "h2exp(bf162)", IN_B2, K_B2, 1, RB2(h2exp(B2(a))), \
    lanes16(FN_bexp, a, b, c)) \
  X(b2log, "h2log(bf162)", IN_B2, K_B2, 1, RB2(h2log(B2(a))), \
    lanes16(FN_blog, a, b, c)) \
  X(b2sin, "h2sin(bf162)", IN_B2, K_B2, 1, RB2(h2sin(B2(a))), \
    lanes16(FN_bsin, a, b, c)) \
  X(b2cos, "h2cos(bf162)", IN_B2, K_B2, 1, RB2(h2cos(B2(a))), \
    lanes16(FN_bcos, a, b, c)) \
  X(b2rcp, "h2rcp(bf162)", IN_B2, K_B2, 1, RB2(h2rcp(B2(a))), \
    lanes16(FN_brcp, a, b, c)) \
  X(b2floor, "h2floor(bf162)", IN_B2, K_B2, 0, RB2(h2floor(B2(a))), \
    lanes16(FN_bfloor, a, b, c)) \
  X(b2rint, "h2rint(bf162)", IN_B2, K_B2, 0, RB2(h2rint(B2(a))), \
    lanes16(FN_brint, a, b, c))

// fp8: e4m3 (no infinity, NaN 0x7f) and e5m2 (IEEE-like).
#define FP8_HD(X)                                                              \
  X(f2e4, "__nv_cvt_float_to_fp8(E4M3,NOSAT)", IN_F32, K_E4M3, 0,              \
    __nv_cvt_float_to_fp8(F(a), __NV_NOSAT, __NV_E4M3), m8(F(a), 0, 0))         \
  X(f2e4s, "__nv_cvt_float_to_fp8(E4M3,SATFINITE)", IN_F32, K_E4M3, 0,         \
    __nv_cvt_float_to_fp8(F(a), __NV_SATFINITE, __NV_E4M3), m8(F(a), 0, 1))     \
  X(f2e5, "__nv_cvt_float_to_fp8(E5M2,NOSAT)", IN_F32, K_E5M2, 0,              \
    __nv_cvt_float_to_fp8(F(a), __NV_NOSAT, __NV_E5M2), m8(F(a), 1, 0))         \
  X(f2e5s, "__nv_cvt_float_to_fp8(E5M2,SATFINITE)", IN_F32, K_E5M2, 0,         \
    __nv_cvt_float_to_fp8(F(a), __NV_SATFINITE, __NV_E5M2), m8(F(a), 1, 1))     \
  X(d2e4, "__nv_cvt_double_to_fp8(E4M3,NOSAT)", IN_F64, K_E4M3, 0,             \
    __nv_cvt_double_to_fp8(D(a), __NV_NOSAT, __NV_E4M3), m8(D(a), 0, 0))        \
  X(d2e4s, "__nv_cvt_double_to_fp8(E4M3,SATFINITE)", IN_F64, K_E4M3, 0,        \
    __nv_cvt_double_to_fp8(D(a), __NV_SATFINITE, __NV_E4M3), m8(D(a), 0, 1))    \
  X(d2e5, "__nv_cvt_double_to_fp8(E5M2,NOSAT)", IN_F64, K_E5M2, 0,             \
    __nv_cvt_double_to_fp8(D(a), __NV_NOSAT, __NV_E5M2), m8(D(a), 1, 0))        \
  X(d2e5s, "__nv_cvt_double_to_fp8(E5M2,SATFINITE)", IN_F64, K_E5M2, 0,        \
    __nv_cvt_double_to_fp8(D(a), __NV_SATFINITE, __NV_E5M2), m8(D(a), 1, 1))    \
  X(h2e4, "__nv_cvt_halfraw_to_fp8(E4M3,NOSAT)", IN_H16, K_E4M3, 0,            \
    __nv_cvt_halfraw_to_fp8(HR(a), __NV_NOSAT, __NV_E4M3), m8(h2d(a), 0, 0))    \
  X(h2e4s, "__nv_cvt_halfraw_to_fp8(E4M3,SATFINITE)", IN_H16, K_E4M3, 0,       \
    __nv_cvt_halfraw_to_fp8(HR(a), __NV_SATFINITE, __NV_E4M3),                 \
    m8(h2d(a), 0, 1))                                                          \
  X(h2e5, "__nv_cvt_halfraw_to_fp8(E5M2,NOSAT)", IN_H16, K_E5M2, 0,            \
    __nv_cvt_halfraw_to_fp8(HR(a), __NV_NOSAT, __NV_E5M2), m8(h2d(a), 1, 0))    \
  X(h2e5s, "__nv_cvt_halfraw_to_fp8(E5M2,SATFINITE)", IN_H16, K_E5M2, 0,       \
    __nv_cvt_halfraw_to_fp8(HR(a), __NV_SATFINITE, __NV_E5M2),                 \
    m8(h2d(a), 1, 1))                                                          \
  X(b2e4, "__nv_cvt_bfloat16raw_to_fp8(E4M3,NOSAT)", IN_B16, K_E4M3, 0,        \
    __nv_cvt_bfloat16raw_to_fp8(BR(a), __NV_NOSAT, __NV_E4M3),                 \
    m8(b2d(a), 0, 0))                                                          \
  X(b2e4s, "__nv_cvt_bfloat16raw_to_fp8(E4M3,SATFINITE)", IN_B16, K_E4M3, 0,   \
    __nv_cvt_bfloat16raw_to_fp8(BR(a), __NV_SATFINITE, __NV_E4M3),             \
    m8(b2d(a), 0, 1))                                                          \
  X(b2e5, "__nv_cvt_bfloat16raw_to_fp8(E5M2,NOSAT)", IN_B16, K_E5M2, 0,        \
    __nv_cvt_bfloat16raw_to_fp8(BR(a), __NV_NOSAT, __NV_E5M2),                 \
    m8(b2d(a), 1, 0))                                                          \
  X(b2e5s, "__nv_cvt_bfloat16raw_to_fp8(E5M2,SATFINITE)", IN_B16, K_E5M2, 0,   \
    __nv_cvt_bfloat16raw_to_fp8(BR(a), __NV_SATFINITE, __NV_E5M2),             \
    m8(b2d(a), 1, 1))                                                          \
  X(e42h, "__nv_cvt_fp8_to_halfraw(E4M3)", IN_U8, K_H16, 0,                    \
    RHR(__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)a, __NV_E4M3)),            \
    mh(e8d(a, 0), RN))                                                         \
  X(e52h, "__nv_cvt_fp8_to_halfraw(E5M2)", IN_U8, K_H16, 0,                    \
    RHR(__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)a, __NV_E5M2)),            \
    mh(e8d(a, 1), RN))                                                         \
  X(f22e4s, "__nv_cvt_float2_to_fp8x2(E4M3,SATFINITE)", IN_F2, K_E4M3x2, 0,    \
    __nv_cvt_float2_to_fp8x2(F2(a), __NV_SATFINITE, __NV_E4M3),                \
    m8(F(a), 0, 1) | m8(F(a >> 32), 0, 1) << 8)                                \
  X(f22e5, "__nv_cvt_float2_to_fp8x2(E5M2,NOSAT)", IN_F2, K_E5M2x2, 0,         \
    __nv_cvt_float2_to_fp8x2(F2(a), __NV_NOSAT, __NV_E5M2),                    \
    m8(F(a), 1, 0) | m8(F(a >> 32), 1, 0) << 8)                                \
  X(h22e4s, "__nv_cvt_halfraw2_to_fp8x2(E4M3,SATFINITE)", IN_H2, K_E4M3x2, 0,  \
    __nv_cvt_halfraw2_to_fp8x2(H2R(a), __NV_SATFINITE, __NV_E4M3),             \
    m8(h2d(a & 0xffff), 0, 1) | m8(h2d(a >> 16), 0, 1) << 8)                   \
  X(h22e5, "__nv_cvt_halfraw2_to_fp8x2(E5M2,NOSAT)", IN_H2, K_E5M2x2, 0,       \
    __nv_cvt_halfraw2_to_fp8x2(H2R(a), __NV_NOSAT, __NV_E5M2),                 \
    m8(h2d(a & 0xffff), 1, 0) | m8(h2d(a >> 16), 1, 0) << 8)                   \
  X(b22e4s, "__nv_cvt_bfloat16raw2_to_fp8x2(E4M3,SATFINITE)", IN_B2,           \
    K_E4M3x2, 0,                                                               \
    __nv_cvt_bfloat16raw2_to_fp8x2(B2R(a), __NV_SATFINITE, __NV_E4M3),         \
    m8(b2d(a & 0xffff), 0, 1) | m8(b2d(a >> 16), 0, 1) << 8)                   \
  X(e4x22h2, "__nv_cvt_fp8x2_to_halfraw2(E4M3)", IN_U16, K_H2, 0,              \
    RH2R(__nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)a, __NV_E4M3)),      \
    mh(e8d(a & 0xff, 0), RN) | mh(e8d(a >> 8, 0), RN) << 16)                   \
  X(e5x22h2, "__nv_cvt_fp8x2_to_halfraw2(E5M2)", IN_U16, K_H2, 0,              \
    RH2R(__nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)a, __NV_E5M2)),      \
    mh(e8d(a & 0xff, 1), RN) | mh(e8d(a >> 8, 1), RN) << 16)                   \
  X(e4_f, "__nv_fp8_e4m3(float)", IN_F32, K_E4M3, 0,                           \
    __nv_fp8_e4m3(F(a)).__x, m8(F(a), 0, 1))                                   \
  X(e5_f, "__nv_fp8_e5m2(float)", IN_F32, K_E5M2, 0,                           \
    __nv_fp8_e5m2(F(a)).__x, m8(F(a), 1, 1))                                   \
  X(e4_d, "__nv_fp8_e4m3(double)", IN_F64, K_E4M3, 0,                          \
    __nv_fp8_e4m3(D(a)).__x, m8(D(a), 0, 1))                                   \
  X(e4_h, "__nv_fp8_e4m3(__half)", IN_H16, K_E4M3, 0,                          \
    __nv_fp8_e4m3(H(a)).__x, m8(h2d(a), 0, 1))                                 \
  X(e5_h, "__nv_fp8_e5m2(__half)", IN_H16, K_E5M2, 0,                          \
    __nv_fp8_e5m2(H(a)).__x, m8(h2d(a), 1, 1))                                 \
  X(e4_b, "__nv_fp8_e4m3(bf16)", IN_B16, K_E4M3, 0,                            \
    __nv_fp8_e4m3(B(a)).__x, m8(b2d(a), 0, 1))                                 \
  X(e4_i, "__nv_fp8_e4m3(int)", IN_I32, K_E4M3, 0,                             \
    __nv_fp8_e4m3((int)a).__x, 0)                                              \
  X(e5_ll, "__nv_fp8_e5m2(long long)", IN_I64, K_E5M2, 0,                      \
    __nv_fp8_e5m2((long long)a).__x, 0)                                        \
  X(e4_tof, "float(__nv_fp8_e4m3)", IN_U8, K_F32, 0, BF(static_cast<float>(E4(a))), \
    BF((float)e8d(a, 0)))                                                      \
  X(e5_tof, "float(__nv_fp8_e5m2)", IN_U8, K_F32, 0, BF(static_cast<float>(E5(a))), \
    BF((float)e8d(a, 1)))                                                      \
  X(e4_toh, "__half(__nv_fp8_e4m3)", IN_U8, K_H16, 0,                          \
    RH(static_cast<__half>(E4(a))), mh(e8d(a, 0), RN))                         \
  X(e4_toi, "int(__nv_fp8_e4m3)", IN_U8, K_INT, 0,                             \
    SX(static_cast<int>(E4(a))), 0)                                            \
  X(e5_tous, "unsigned short(__nv_fp8_e5m2)", IN_U8, K_INT, 0,                 \
    (u64) static_cast<unsigned short>(E5(a)), 0)                               \
  X(e4x2_f2, "__nv_fp8x2_e4m3(float2)", IN_F2, K_E4M3x2, 0,                    \
    __nv_fp8x2_e4m3(F2(a)).__x, m8(F(a), 0, 1) | m8(F(a >> 32), 0, 1) << 8)    \
  X(e4x2_tof2, "float2(__nv_fp8x2_e4m3)", IN_U16, K_F2, 0,                     \
    RF2(static_cast<float2>(E4x2(a))),                                         \
    BF((float)e8d(a & 0xff, 0)) | BF((float)e8d(a >> 8, 0)) << 32)             \
  X(e5x2_h2, "__nv_fp8x2_e5m2(__half2)", IN_H2, K_E5M2x2, 0,                   \
    __nv_fp8x2_e5m2(H2(a)).__x,                                                \
    m8(h2d(a & 0xffff), 1, 1) | m8(h2d(a >> 16), 1, 1) << 8)                   \
  X(e4x4_f4, "__nv_fp8x4_e4m3(float4)", IN_F2, K_E4M3x4, 0,                    \
    __nv_fp8x4_e4m3(make_float4(F(a), F(a >> 32), -F(a), 0.5f * F(a >> 32))).__x, \
    0)

// Functions of later toolkits (12.2 and 12.8 and on).
#define EXTRA_D(X)                                                             \
  X(htanh, "htanh", IN_H16, K_H16, 1, RH(htanh(H(a))),                         \
    mh(std::tanh(h2d(a)), RN))                                                 \
  X(htanh_approx, "htanh_approx", IN_H16, K_H16, 2, RH(htanh_approx(H(a))),    \
    mh(std::tanh(h2d(a)), RN))                                                 \
  X(h2tanh, "h2tanh", IN_H2, K_H2, 1, RH2(h2tanh(H2(a))), 0)                   \
  X(btanh, "htanh(bf16)", IN_B16, K_B16, 1, RB(htanh(B(a))),                   \
    mb(std::tanh(b2d(a)), RN))                                                 \
  X(h2c, "__half2char_rz", IN_H16, K_INT, 0, SX(__half2char_rz(H(a))),         \
    mtoi(h2d(a), RZ, -128.0, 127.0))                                           \
  X(h2uc, "__half2uchar_rz", IN_H16, K_INT, 0, (u64)__half2uchar_rz(H(a)),     \
    mtoi(h2d(a), RZ, 0, 255.0))                                                \
  X(b2c, "__bfloat162char_rz", IN_B16, K_INT, 0,                               \
    SX(__bfloat162char_rz(B(a))), mtoi(b2d(a), RZ, -128.0, 127.0))             \
  X(b2uc, "__bfloat162uchar_rz", IN_B16, K_INT, 0,                             \
    (u64)__bfloat162uchar_rz(B(a)), mtoi(b2d(a), RZ, 0, 255.0))

#define EMPTY(X)
#ifndef ORACLE_FP16
#undef FP16_HD
#undef FP16_D
#define FP16_HD EMPTY
#define FP16_D EMPTY
#endif
#ifndef ORACLE_BF16
#undef BF16_HD
#undef BF16_D
#define BF16_HD EMPTY
#define BF16_D EMPTY
#endif
#ifndef ORACLE_FP8
#undef FP8_HD
#define FP8_HD EMPTY
#endif
#ifndef ORACLE_EXTRA
#undef EXTRA_D
#define EXTRA_D EMPTY
#endif

#define ALL_FUNCS(X) FP16_HD(X) FP16_D(X) BF16_HD(X) BF16_D(X) FP8_HD(X) EXTRA_D(X)

enum FnId {
#define ENUM(id, name, in, kind, tol, dev, model) FN_##id,
  ALL_FUNCS(ENUM) FN_COUNT
#undef ENUM
};

struct FuncInfo {
  const char *Name;
  int In, Kind, Tol;
  bool Host;
};
static const FuncInfo Funcs[] = {
#define HD_INFO(id, name, in, kind, tol, dev, model) {name, in, kind, tol, true},
#define D_INFO(id, name, in, kind, tol, dev, model) {name, in, kind, tol, false},
    FP16_HD(HD_INFO) FP16_D(D_INFO) BF16_HD(HD_INFO) BF16_D(D_INFO)
        FP8_HD(HD_INFO) EXTRA_D(D_INFO){"", 0, 0, 0, false}};
#undef HD_INFO
#undef D_INFO

__host__ __device__ static inline __nv_fp8_e4m3 E4(u64 A) {
  __nv_fp8_e4m3 R;
  R.__x = (__nv_fp8_storage_t)A;
  return R;
}
__host__ __device__ static inline __nv_fp8_e5m2 E5(u64 A) {
  __nv_fp8_e5m2 R;
  R.__x = (__nv_fp8_storage_t)A;
  return R;
}
__host__ __device__ static inline __nv_fp8x2_e4m3 E4x2(u64 A) {
  __nv_fp8x2_e4m3 R;
  R.__x = (__nv_fp8x2_storage_t)A;
  return R;
}

// One result of function Fn for operands a, b, c (bits), on either side.
__host__ __device__ static u64 apply(int Fn, u64 a, u64 b, u64 c) {
  (void)a, (void)b, (void)c;
  switch (Fn) {
#define CASE(id, name, in, kind, tol, dev, model)                              \
  case FN_##id:                                                                \
    return (u64)(dev);
#if defined(__CUDA_ARCH__) || defined(ORACLE_HOST)
    FP16_HD(CASE) BF16_HD(CASE) FP8_HD(CASE)
#endif
#if defined(__CUDA_ARCH__)
    FP16_D(CASE) BF16_D(CASE) EXTRA_D(CASE)
#endif
#undef CASE
  default:
    break;
  }
  return 0xdeadbeefull;
}

__global__ void sweep(int Fn, const u64 *A, const u64 *B, const u64 *C,
                      u64 *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = apply(Fn, A[I], B[I], C[I]);
}

/*===-- Host models (no half header involved) ------------------------------===*/

// A value's rounding to a format of P significant bits, normal exponents
// from Emin to Emax, as (exponent field, fraction field) bits; Overflow
// when it rounds above the largest finite value.
static u64 roundExact(bool Neg, u64 Mant, int Exp, int P, int Emin, int Emax,
                      int Bias, Rounding Mode, bool &Overflow) {
  Overflow = false;
  if (Mant == 0)
    return 0;
  int Msb = 63 - __builtin_clzll(Mant);
  int E = Msb + Exp;
  int Q = (E < Emin ? Emin : E) - (P - 1); // the quantum's exponent
  int Shift = Q - Exp;
  u64 M, Rem = 0, Half = 0;
  bool Sticky = false;
  if (Shift <= 0) {
    M = Mant << -Shift;
  } else if (Shift >= 64) {
    M = 0;
    Sticky = true; // below half: Mant < 2^64 <= 2^(Shift-1) only if >64
    if (Shift == 64) {
      Rem = Mant;
      Half = 1ull << 63;
      Sticky = false;
    }
  } else {
    M = Mant >> Shift;
    Rem = Mant & ((1ull << Shift) - 1);
    Half = 1ull << (Shift - 1);
  }
  bool Inexact = Sticky || Rem != 0;
  bool Up = false;
  switch (Mode) {
  case RN:
    Up = !Sticky && (Rem > Half || (Rem == Half && Half && (M & 1)));
    break;
  case RZ:
    break;
  case RU:
    Up = Inexact && !Neg;
    break;
  case RD:
    Up = Inexact && Neg;
    break;
  }
  M += Up;
  if (M == 0)
    return 0;
  if (M >> P) { // carried into a new binade
    M >>= 1;
    Q++;
  }
  if (M < (1ull << (P - 1))) // subnormal
    return M;
  int Ebits = Q + P - 1;
  if (Ebits > Emax) {
    Overflow = true;
    return 0;
  }
  return ((u64)(Ebits + Bias) << (P - 1)) | (M - (1ull << (P - 1)));
}

struct Format {
  int P, Emin, Emax, Bias, Bits;
  u64 Inf, MaxFinite, NaN;
};
static const Format HalfFmt = {11, -14, 15, 15, 16, 0x7c00, 0x7bff, 0x7fff};
static const Format BfFmt = {8, -126, 127, 127, 16, 0x7f80, 0x7f7f, 0x7fff};

static u64 overflowed(const Format &Fm, bool Neg, Rounding Mode) {
  bool ToInf = Mode == RN || (Mode == RU && !Neg) || (Mode == RD && Neg);
  return ToInf ? Fm.Inf : Fm.MaxFinite;
}

// Sign, integer significand and exponent of a finite nonzero double.
static void splitDouble(double V, bool &Neg, u64 &Mant, int &Exp) {
  u64 Bits;
  memcpy(&Bits, &V, 8);
  Neg = Bits >> 63;
  int E = (Bits >> 52) & 0x7ff;
  Mant = Bits & ((1ull << 52) - 1);
  if (E == 0) {
    Exp = -1074;
  } else {
    Mant |= 1ull << 52;
    Exp = E - 1075;
  }
}

static u64 roundDouble(double V, const Format &Fm, Rounding Mode) {
  u64 SignBit = 1ull << (Fm.Bits - 1);
  if (std::isnan(V))
    return Fm.NaN;
  bool Neg = std::signbit(V);
  if (std::isinf(V))
    return (Neg ? SignBit : 0) | Fm.Inf;
  if (V == 0)
    return Neg ? SignBit : 0;
  u64 Mant;
  int Exp;
  splitDouble(V, Neg, Mant, Exp);
  bool Ovf;
  u64 R = roundExact(Neg, Mant, Exp, Fm.P, Fm.Emin, Fm.Emax, Fm.Bias, Mode, Ovf);
  if (Ovf)
    R = overflowed(Fm, Neg, Mode);
  return (Neg ? SignBit : 0) | R;
}
static u64 roundInteger(bool Neg, u64 Mag, const Format &Fm, Rounding Mode) {
  bool Ovf;
  u64 R = roundExact(Neg, Mag, 0, Fm.P, Fm.Emin, Fm.Emax, Fm.Bias, Mode, Ovf);
  if (Ovf)
    R = overflowed(Fm, Neg, Mode);
  return (Neg && R ? 1ull << (Fm.Bits - 1) : 0) | R;
}

static u64 mh(double V, Rounding M) { return roundDouble(V, HalfFmt, M); }
static u64 mb(double V, Rounding M) { return roundDouble(V, BfFmt, M); }
static u64 mhi(long long V, Rounding M) {
  return roundInteger(V < 0, V < 0 ? 0 - (u64)V : (u64)V, HalfFmt, M);
}
static u64 mhu(u64 V, Rounding M) { return roundInteger(false, V, HalfFmt, M); }
static u64 mbi(long long V, Rounding M) {
  return roundInteger(V < 0, V < 0 ? 0 - (u64)V : (u64)V, BfFmt, M);
}
static u64 mbu(u64 V, Rounding M) { return roundInteger(false, V, BfFmt, M); }

static double decode(u64 Bits, int P, int Ebits, int Bias, bool HasInf) {
  int Total = P + Ebits; // with the sign bit: P-1 fraction bits
  bool Neg = (Bits >> (Total - 1)) & 1;
  int E = (Bits >> (P - 1)) & ((1 << Ebits) - 1);
  u64 Frac = Bits & ((1ull << (P - 1)) - 1);
  double V;
  if (E == (1 << Ebits) - 1 && HasInf)
    V = Frac ? NAN : INFINITY;
  else if (E == 0)
    V = std::ldexp((double)Frac, 1 - Bias - (P - 1));
  else
    V = std::ldexp((double)(Frac | (1ull << (P - 1))), E - Bias - (P - 1));
  return Neg ? -V : V;
}
static double h2d(u64 A) { return decode(A & 0xffff, 11, 5, 15, true); }
static double b2d(u64 A) { return decode(A & 0xffff, 8, 8, 127, true); }
static double e8d(u64 A, int E5M2) {
  A &= 0xff;
  if (E5M2)
    return decode(A, 3, 5, 15, true);
  if ((A & 0x7f) == 0x7f)
    return NAN;
  return decode(A, 4, 4, 7, false);
}
// A half's float bits, exactly (a NaN keeps its payload, quieted).
static u64 mh2f(u64 A) {
  A &= 0xffff;
  u64 Sign = (A & 0x8000) << 16;
  if ((A & 0x7c00) == 0x7c00 && (A & 0x3ff))
    return Sign | 0x7fc00000 | (A & 0x3ff) << 13;
  return BF((float)h2d(A));
}
static u64 mb2f(u64 A) { return (A & 0xffff) << 16; }

// fp8 by round to nearest even: saturating (SatFinite) or not (e4m3: NaN,
// e5m2: infinity beyond the largest finite value).
static u64 m8(double V, int E5M2, int SatFinite) {
  u64 Sign = std::signbit(V) ? 0x80 : 0;
  if (std::isnan(V))
    return 0x7f;
  int P = E5M2 ? 3 : 4, Emin = E5M2 ? -14 : -6, Emax = E5M2 ? 15 : 8,
      Bias = E5M2 ? 15 : 7;
  u64 MaxF = E5M2 ? 0x7b : 0x7e;
  u64 Big = SatFinite ? MaxF : (E5M2 ? 0x7c : 0x7f);
  if (std::isinf(V))
    return Sign | Big;
  if (V == 0)
    return Sign;
  bool Neg;
  u64 Mant;
  int Exp;
  splitDouble(V, Neg, Mant, Exp);
  bool Ovf;
  u64 R = roundExact(Neg, Mant, Exp, P, Emin, Emax, Bias, RN, Ovf);
  if (Ovf || R > MaxF)
    R = Big;
  return Sign | R;
}

static u64 mtoi(double V, Rounding Mode, double Lo, double Hi) {
  if (std::isnan(V))
    return 0;
  double R = Mode == RN   ? std::nearbyint(V)
             : Mode == RZ ? std::trunc(V)
             : Mode == RD ? std::floor(V)
                          : std::ceil(V);
  if (R <= Lo)
    R = Lo;
  if (R >= Hi)
    return Hi > 1.8e19 ? ~0ull : Hi > 9.2e18 ? 0x7fffffffffffffffull : (u64)(long long)Hi;
  if (R < 0)
    return (u64)(long long)R;
  return (u64)R;
}
static u64 mneg(u64 A, u64 Sign) { return (A ^ Sign) & 0xffff; }
static u64 mabs(u64 A, u64 Mag) { return A & Mag; }
static bool isnan16(u64 A, int Bf) {
  A &= 0x7fff;
  return Bf ? A > 0x7f80 : A > 0x7c00;
}
static u64 mmax16(u64 A, u64 B, int Bf, bool NaNWins, bool Max) {
  double X = Bf ? b2d(A) : h2d(A), Y = Bf ? b2d(B) : h2d(B);
  bool Xn = isnan16(A, Bf), Yn = isnan16(B, Bf);
  if (Xn && Yn)
    return 0x7fff;
  if (Xn || Yn)
    return NaNWins ? 0x7fff : (Xn ? B : A) & 0xffff;
  if (X == Y && X == 0) { // +0 is the larger zero
    bool AnyNeg = (A & 0x8000) || (B & 0x8000);
    bool AnyPos = !(A & 0x8000) || !(B & 0x8000);
    return Max ? (AnyPos ? 0 : 0x8000) : (AnyNeg ? 0x8000 : 0);
  }
  return ((X > Y) == Max ? A : B) & 0xffff;
}
static u64 mcmp(double X, double Y, int Op, bool Unordered) {
  if (std::isnan(X) || std::isnan(Y))
    return Unordered;
  switch (Op) {
  case 0: return X == Y;
  case 1: return X != Y;
  case 2: return X < Y;
  case 3: return X <= Y;
  case 4: return X > Y;
  default: return X >= Y;
  }
}
static u64 msat16(u64 R, u64 One) {
  if ((R & 0x7fff) > (One == 0x3c00 ? 0x7c00u : 0x7f80u))
    return 0;
  if (R & 0x8000)
    return 0;
  return R > One ? One : R;
}
static u64 mrelu16(u64 R, int Bf) {
  if (isnan16(R, Bf))
    return 0x7fff;
  return (R & 0x8000) ? 0 : R;
}
static u64 model(int Fn, u64 a, u64 b, u64 c);
static u64 lanes16(int Fn, u64 a, u64 b, u64 c) {
  return model(Fn, a & 0xffff, b & 0xffff, c & 0xffff) |
         model(Fn, (a >> 16) & 0xffff, (b >> 16) & 0xffff, (c >> 16) & 0xffff)
             << 16;
}
static u64 lanesbool(int Fn, u64 a, u64 b, u64 True) {
  return (model(Fn, a & 0xffff, b & 0xffff, 0) ? True : 0) |
         (model(Fn, a >> 16, b >> 16, 0) ? True << 16 : 0);
}
static u64 lanesall(int Fn, u64 a, u64 b) {
  return model(Fn, a & 0xffff, b & 0xffff, 0) && model(Fn, a >> 16, b >> 16, 0);
}

static u64 model(int Fn, u64 a, u64 b, u64 c) {
  (void)a, (void)b, (void)c;
  switch (Fn) {
#define MODEL(id, name, in, kind, tol, dev, model)                             \
  case FN_##id:                                                                \
    return (u64)(model);
    ALL_FUNCS(MODEL)
#undef MODEL
  default:
    return 0;
  }
}

/*===-- Inputs -------------------------------------------------------------===*/

static u64 Seed;
static u64 next64() { // splitmix64
  u64 Z = (Seed += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

static const unsigned short HalfSpecials[32] = {
    0x0000, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x8001, 0x03ff, 0x0400,
    0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7fff,
    0x3c01, 0x3bff, 0x4000, 0xc000, 0x3800, 0x3555, 0x5640, 0x7800,
    0x0200, 0x8200, 0x1400, 0x3e00, 0x4200, 0x4900, 0xbc01, 0x5bff};
static const unsigned short BfSpecials[32] = {
    0x0000, 0x8000, 0x3f80, 0xbf80, 0x0001, 0x8001, 0x007f, 0x0080,
    0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x7fff,
    0x3f81, 0x3f7f, 0x4000, 0xc000, 0x3f00, 0x3eab, 0x42c8, 0x7f00,
    0x0040, 0x8040, 0x3c00, 0x3fc0, 0x4040, 0x4120, 0xbf81, 0x477f};

// Operands for 16-bit binary and ternary operations: the specials crossed,
// random bits, then operands of one magnitude (cancellation and ties), and
// for the ternary ones an addend near minus the product.
static void pairs16(int Bf, std::vector<u64> &A, std::vector<u64> &B,
                    std::vector<u64> &C) {
  const unsigned short *S = Bf ? BfSpecials : HalfSpecials;
  u64 FracMask = Bf ? 0x807f : 0x83ff;
  for (int I = 0; I < 32; I++)
    for (int J = 0; J < 32; J++)
      for (int K = 0; K < 4; K++) {
        A.push_back(S[I]);
        B.push_back(S[J]);
        C.push_back(S[(I * 7 + J * 3 + K * 11) & 31]);
      }
  for (int I = 0; I < 32768; I++) {
    A.push_back(next64() & 0xffff);
    B.push_back(next64() & 0xffff);
    C.push_back(next64() & 0xffff);
  }
  for (int I = 0; I < 32768; I++) {
    u64 X = next64() & 0xffff;
    u64 Y = (X ^ (next64() & FracMask)) & 0xffff;
    double P = Bf ? b2d(X) * b2d(Y) : h2d(X) * h2d(Y);
    u64 Z = (Bf ? mb(-P, RN) : mh(-P, RN)) ^ (next64() & 3);
    A.push_back(X);
    B.push_back(Y);
    C.push_back(Z);
  }
}

// Floats on and beside the rounding boundaries of half (ties, one float
// ulp either side, random low bits), then high halves crossed with low
// halves that make bfloat16 and fp8 ties and their neighbours, then random.
static void floats(std::vector<u64> &A) {
  for (u64 H = 0; H < 65536; H++) {
    unsigned F = (unsigned)BF((float)h2d(H));
    if ((H & 0x7fff) >= 0x7c00)
      F = (unsigned)(H & 0x8000) << 16 | 0x7f800000 | (unsigned)(H & 0x3ff) << 13;
    A.push_back(F + 0x1000);
    A.push_back(F + 0x0fff);
    A.push_back(F + 0x1001);
    A.push_back(F + (next64() & 0x1fff));
  }
  static const unsigned Lows[6] = {0x0000, 0x0001, 0xffff, 0x8000, 0x7fff, 0x8001};
  for (u64 H = 0; H < 65536; H++)
    for (int L = 0; L < 6; L++)
      A.push_back(H << 16 | Lows[L]);
  for (int I = 0; I < 65536; I++)
    A.push_back(next64() & 0xffffffffu);
}
// Doubles on and beside half's rounding boundaries (with neighbours too
// close for a float to tell apart), floats, random doubles.
static void doubles(std::vector<u64> &A) {
  for (u64 H = 0; H < 65536; H++) {
    double V = h2d(H);
    if (V == 0) {
      u64 S = (u64)(H & 0x8000) << 48;
      A.push_back(S);
      A.push_back(S | 1);
      A.push_back(S | 0x3e60000000000000ull); // 2^-25, half's first tie
      A.push_back(S | 0x3e60000000000001ull);
      continue;
    }
    if (std::isnan(V) || std::isinf(V)) {
      for (int K = 0; K < 4; K++)
        A.push_back((u64)(H & 0x8000) << 48 | 0x7ff0000000000000ull | (H & 0x3ff) << 42 | K);
      continue;
    }
    u64 Bits;
    memcpy(&Bits, &V, 8);
    int Sh = (H & 0x7c00) ? 41 : 41 + (10 - (63 - __builtin_clzll(H & 0x3ff)));
    u64 Tie = Bits + (1ull << Sh);
    A.push_back(Tie);
    A.push_back(Tie - 1);
    A.push_back(Tie + 1);
    A.push_back(Bits + (next64() & ((2ull << Sh) - 1)));
  }
  std::vector<u64> Fl;
  floats(Fl);
  for (size_t I = 0; I < Fl.size(); I += 4) {
    double V = F(Fl[I]);
    u64 Bits;
    memcpy(&Bits, &V, 8);
    A.push_back(Bits);
  }
  for (int I = 0; I < 65536; I++) {
    u64 R = next64();
    // exponents within 2^-40 .. 2^40 for half the values, any for the rest
    if (I & 1)
      R = (R & 0x800fffffffffffffull) | (u64)(1023 - 40 + (next64() % 81)) << 52;
    A.push_back(R);
  }
}
static void integers(std::vector<u64> &A, int Bits, bool Signed) {
  if (Bits == 16) {
    for (u64 I = 0; I < 65536; I++)
      A.push_back(Signed ? (u64)(long long)(short)I : I);
    return;
  }
  for (long long I = -32768; I < 32768; I++)
    A.push_back(Signed ? (u64)I : (u64)(I + 32768));
  for (int I = 0; I < 65536; I++) {
    u64 R = next64();
    int Sh = next64() % Bits;
    if (Bits == 32)
      A.push_back(Signed ? (u64)(long long)((int)(unsigned)R >> Sh)
                         : (u64)((unsigned)R >> Sh));
    else
      A.push_back(Signed ? (u64)((long long)R >> Sh) : R >> Sh);
  }
}

static void makeInputs(int In, std::vector<u64> &A, std::vector<u64> &B,
                       std::vector<u64> &C) {
  Seed = 0x243f6a8885a308d3ull + (u64)In * 0x1000193;
  switch (In) {
  case IN_H16:
  case IN_B16:
  case IN_U16:
    for (u64 I = 0; I < 65536; I++)
      A.push_back(I);
    break;
  case IN_U8:
    for (u64 I = 0; I < 256; I++)
      A.push_back(I);
    break;
  case IN_H2:
  case IN_B2:
    for (u64 I = 0; I < 65536; I++)
      A.push_back(I | ((I * 40503 + 12345) & 0xffff) << 16);
    break;
  case IN_H16x2:
  case IN_H16x3:
  case IN_B16x2:
  case IN_B16x3:
    pairs16(In == IN_B16x2 || In == IN_B16x3, A, B, C);
    break;
  case IN_H2x2:
  case IN_H2x3:
  case IN_B2x2:
  case IN_B2x3: {
    std::vector<u64> A1, B1, C1;
    pairs16(In == IN_B2x2 || In == IN_B2x3, A1, B1, C1);
    size_t N = A1.size();
    for (size_t I = 0; I < N; I++) {
      size_t J = (I * 40503 + 777) % N;
      A.push_back(A1[I] | A1[J] << 16);
      B.push_back(B1[I] | B1[J] << 16);
      C.push_back(C1[I] | C1[J] << 16);
    }
    break;
  }
  case IN_F32:
    floats(A);
    break;
  case IN_F2: {
    std::vector<u64> Fl;
    floats(Fl);
    for (size_t I = 0; I < Fl.size(); I += 2)
      A.push_back(Fl[I] | Fl[(I * 40503 + 1) % Fl.size()] << 32);
    break;
  }
  case IN_F64:
    doubles(A);
    break;
  case IN_I32:
    integers(A, 32, true);
    break;
  case IN_U32:
    integers(A, 32, false);
    break;
  case IN_I16:
    integers(A, 16, true);
    break;
  case IN_I64:
    integers(A, 64, true);
    break;
  case IN_U64:
    integers(A, 64, false);
    break;
  }
  B.resize(A.size(), 0);
  C.resize(A.size(), 0);
}

/*===-- Summaries ----------------------------------------------------------===*/

static u64 fnv(const std::vector<u64> &R) {
  u64 H = 0xcbf29ce484222325ull;
  for (u64 V : R)
    for (int I = 0; I < 8; I++)
      H = (H ^ ((V >> (8 * I)) & 0xff)) * 0x100000001b3ull;
  return H;
}

// Signed distance in ULPs between two 16-bit floats of one kind (ordered
// integers); NaNs are 0 apart from each other and far from anything else.
static long ulps16(u64 X, u64 Y, int Bf) {
  bool Xn = isnan16(X, Bf), Yn = isnan16(Y, Bf);
  if (Xn || Yn)
    return Xn && Yn ? 0 : 1L << 20;
  auto Ord = [](u64 V) -> long {
    return (V & 0x8000) ? -(long)(V & 0x7fff) : (long)(V & 0x7fff);
  };
  long D = Ord(X) - Ord(Y);
  return D < 0 ? -D : D;
}
static long ulpsKind(u64 X, u64 Y, int Kind) {
  switch (Kind) {
  case K_H16:
    return ulps16(X, Y, 0);
  case K_B16:
    return ulps16(X, Y, 1);
  case K_H2:
  case K_B2: {
    long L = ulps16(X & 0xffff, Y & 0xffff, Kind == K_B2);
    long H = ulps16(X >> 16, Y >> 16, Kind == K_B2);
    return L > H ? L : H;
  }
  default:
    return X == Y ? 0 : 1L << 20;
  }
}

struct Record {
  std::string Name;
  u64 Count = 0, Hash = 0, Diffs = 0;
  bool Complete = false;
  std::vector<std::pair<u64, u64>> List; // input index, result
};

static int capFor(int Fn) { return Funcs[Fn].Tol ? 4096 : 16; }

static void runOne(int Fn, bool OnHost, std::vector<u64> &Res,
                   std::vector<u64> &A, std::vector<u64> &B,
                   std::vector<u64> &C) {
  makeInputs(Funcs[Fn].In, A, B, C);
  size_t N = A.size();
  Res.assign(N, 0);
  if (OnHost) {
    for (size_t I = 0; I < N; I++)
      Res[I] = apply(Fn, A[I], B[I], C[I]);
    return;
  }
  u64 *Dev;
  cudaMalloc(&Dev, 4 * N * sizeof(u64));
  cudaMemcpy(Dev, A.data(), N * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(Dev + N, B.data(), N * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(Dev + 2 * N, C.data(), N * 8, cudaMemcpyHostToDevice);
  sweep<<<(unsigned)((N + 255) / 256), 256>>>(Fn, Dev, Dev + N, Dev + 2 * N,
                                               Dev + 3 * N, (int)N);
  cudaMemcpy(Res.data(), Dev + 3 * N, N * 8, cudaMemcpyDeviceToHost);
  cudaError_t Err = cudaGetLastError();
  if (Err != cudaSuccess) {
    printf("CUDA error %s\n", cudaGetErrorString(Err));
    exit(2);
  }
  cudaFree(Dev);
}

static Record summarize(int Fn, const char *Where, const std::vector<u64> &Res,
                        const std::vector<u64> &A, const std::vector<u64> &B,
                        const std::vector<u64> &C) {
  Record R;
  R.Name = std::string(Where) + " " + Funcs[Fn].Name;
  R.Count = Res.size();
  R.Hash = fnv(Res);
  for (size_t I = 0; I < Res.size(); I++)
    if (Res[I] != model(Fn, A[I], B[I], C[I])) {
      if (R.List.size() < (size_t)capFor(Fn))
        R.List.push_back({I, Res[I]});
      R.Diffs++;
    }
  R.Complete = R.Diffs == R.List.size();
  return R;
}

static void printRecord(const Record &R, int Fn, const std::vector<u64> &A,
                        const std::vector<u64> &B, const std::vector<u64> &C) {
  printf("fn %s n=%llu hash=%016llx diffs=%llu\n", R.Name.c_str(), R.Count,
         R.Hash, R.Diffs);
  for (auto &D : R.List)
    printf(" x %llx %llx  in=%llx,%llx,%llx model=%llx\n", D.first, D.second,
           A[D.first], B[D.first], C[D.first],
           model(Fn, A[D.first], B[D.first], C[D.first]));
}

static std::vector<Record> readExpected(const char *Path) {
  std::vector<Record> Out;
  FILE *Fp = fopen(Path, "r");
  if (!Fp) {
    printf("cannot read %s\n", Path);
    exit(2);
  }
  char Line[1024];
  while (fgets(Line, sizeof Line, Fp)) {
    if (!strncmp(Line, "fn ", 3)) {
      Record R;
      char *N = strstr(Line, " n=");
      R.Name.assign(Line + 3, N - (Line + 3));
      sscanf(N, " n=%llu hash=%llx diffs=%llu", &R.Count, &R.Hash, &R.Diffs);
      Out.push_back(R);
    } else if (!strncmp(Line, " x ", 3) && !Out.empty()) {
      u64 I, V;
      sscanf(Line, " x %llx %llx", &I, &V);
      Out.back().List.push_back({I, V});
    }
  }
  fclose(Fp);
  for (auto &R : Out)
    R.Complete = R.Diffs == R.List.size();
  return Out;
}

// Ours against the H100's record: 0 when it passes.
static int compare(int Fn, const Record &Exp, const std::vector<u64> &Res,
                   const std::vector<u64> &A, const std::vector<u64> &B,
                   const std::vector<u64> &C) {
  const char *Name = Exp.Name.c_str();
  if (Exp.Count != Res.size()) {
    printf("MISMATCH %s: %zu results, the H100 had %llu\n", Name, Res.size(),
           Exp.Count);
    return 1;
  }
  if (fnv(Res) == Exp.Hash) {
    printf("ok %s: bit for bit\n", Name);
    return 0;
  }
  if (!Exp.Complete) {
    // Only the hash and the first differences from the model are known.
    for (size_t I = 0, K = 0; I < Res.size(); I++) {
      u64 M = model(Fn, A[I], B[I], C[I]);
      if (Res[I] == M)
        continue;
      if (K < Exp.List.size() && Exp.List[K].first == I &&
          Exp.List[K].second == Res[I]) {
        K++;
        continue;
      }
      printf("MISMATCH %s at input %llx,%llx,%llx: ours %llx, model %llx "
             "(H100's list %s)\n",
             Name, A[I], B[I], C[I], Res[I], M,
             K < Exp.List.size() ? "differs here" : "ends before");
      return 1;
    }
    printf("MISMATCH %s: hash differs after the H100's listed differences\n",
           Name);
    return 1;
  }
  std::vector<u64> Theirs(Res.size());
  for (size_t I = 0; I < Res.size(); I++)
    Theirs[I] = model(Fn, A[I], B[I], C[I]);
  for (auto &D : Exp.List)
    Theirs[D.first] = D.second;
  if (fnv(Theirs) != Exp.Hash) {
    printf("MISMATCH %s: the H100's table rebuilt from the model does not "
           "give its hash\n",
           Name);
    return 1;
  }
  if (Funcs[Fn].Tol == 0) { // exact: the first difference
    for (size_t I = 0; I < Res.size(); I++)
      if (Res[I] != Theirs[I]) {
        printf("MISMATCH %s at input %llx,%llx,%llx: ours %llx, H100 %llx\n",
               Name, A[I], B[I], C[I], Res[I], Theirs[I]);
        return 1;
      }
  }
  long Worst = 0;
  size_t Differ = 0, WorstAt = 0;
  for (size_t I = 0; I < Res.size(); I++) {
    if (Res[I] == Theirs[I])
      continue;
    Differ++;
    long U = ulpsKind(Res[I], Theirs[I], Funcs[Fn].Kind);
    if (U > Worst || (Worst == 0 && Differ == 1)) {
      Worst = U > Worst ? U : Worst;
      WorstAt = I;
    }
  }
  size_t I = WorstAt;
  if (Worst > Funcs[Fn].Tol) {
    printf("MISMATCH %s at input %llx,%llx,%llx: ours %llx, H100 %llx (%ld "
           "ulp; %zu differ)\n",
           Name, A[I], B[I], C[I], Res[I], Theirs[I], Worst, Differ);
    return 1;
  }
  printf("ok %s: within %d ulp of the H100 (%zu of %zu differ, worst %ld)\n",
         Name, Funcs[Fn].Tol, Differ, Res.size(), Worst);
  return 0;
}

int main(int Argc, char **Argv) {
  std::vector<Record> Expected;
  bool Check = Argc > 1;
  if (Check)
    Expected = readExpected(Argv[1]);
  const char *Only = getenv("ORACLE_ONLY");
  int Failures = 0, Checked = 0;
  for (int Side = 0; Side < 2; Side++) {
#ifndef ORACLE_HOST
    if (Side == 1)
      break;
#endif
    for (int Fn = 0; Fn < FN_COUNT; Fn++) {
      if (Side == 1 && !Funcs[Fn].Host)
        continue;
      if (Only && !strstr(Funcs[Fn].Name, Only))
        continue;
      std::vector<u64> Res, A, B, C;
      const char *Where = Side ? "host" : "dev";
      runOne(Fn, Side == 1, Res, A, B, C);
      if (!Check) {
        printRecord(summarize(Fn, Where, Res, A, B, C), Fn, A, B, C);
        continue;
      }
      std::string Name = std::string(Where) + " " + Funcs[Fn].Name;
      const Record *Exp = nullptr;
      for (auto &R : Expected)
        if (R.Name == Name)
          Exp = &R;
      Checked++;
      if (!Exp) {
        printf("MISSING %s in the expected output\n", Name.c_str());
        Failures++;
        continue;
      }
      int Failed = compare(Fn, *Exp, Res, A, B, C);
      const char *Known = getenv("ORACLE_KNOWN");
      if (Failed && Known && strstr(Known, Funcs[Fn].Name)) {
        printf("known difference: %s\n", Name.c_str());
        Failed = 0;
      }
      Failures += Failed;
    }
  }
  if (Check)
    printf("%d functions, %d failures\n", Checked, Failures);
  return Failures ? 1 : 0;
}
