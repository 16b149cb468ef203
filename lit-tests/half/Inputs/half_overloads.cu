// half_overloads.cu - expressions that ordinary CUDA code writes with
// __half, __half2, __nv_bfloat16, __nv_bfloat162 and the fp8 types, in host
// and device code. Each CASE compiles alone (-D ONLY=n) so that a toolkit's
// nvcc says case by case which it accepts (overloads.nvidia.txt, from an
// H100's CUDA 13); with no ONLY every case compiles, as it must with cucc.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#ifdef ONLY
#define WANT(n) (n == ONLY)
#else
#define WANT(n) 1
#endif

struct Vals {
  __half h, h1;
  __half2 h2;
  __nv_bfloat16 b, b1;
  __nv_bfloat162 b2;
  float f;
  double d;
  int i;
  unsigned u;
  long l;
  long long ll;
  short s;
  unsigned short us;
  bool z;
};

__host__ __device__ void cases(Vals &v, volatile __half *vh, __half *p) {
#if WANT(1)
  { v.h = 0; }
#endif
#if WANT(2)
  { v.h = 1.5; }
#endif
#if WANT(3)
  { v.h = 2.5f; }
#endif
#if WANT(4)
  { v.h = 3u; }
#endif
#if WANT(5)
  { v.h = v.s; v.h = v.us; v.h = v.ll; }
#endif
#if WANT(6)
  { __half x = 0; __half y(1); __half z{2.0f}; v.h = x + y + z; }
#endif
#if WANT(7)
  { v.f = v.h; }
#endif
#if WANT(8)
  { v.d = v.h; }
#endif
#if WANT(9)
  { v.f = static_cast<float>(v.h) + (float)v.h1; }
#endif
#if WANT(10)
  { v.h = v.h + v.h1; v.h = v.h - v.h1; v.h = v.h * v.h1; v.h = v.h / v.h1; }
#endif
#if WANT(11)
  { v.h += v.h1; v.h -= v.h1; v.h *= v.h1; v.h /= v.h1; }
#endif
#if WANT(12)
  { v.z = v.h < v.h1 || v.h > v.h1 || v.h == v.h1 || v.h != v.h1 || v.h <= v.h1 || v.h >= v.h1; }
#endif
#if WANT(13)
  { v.h = -v.h; v.h = +v.h; }
#endif
#if WANT(14)
  { v.h++; ++v.h; v.h--; --v.h; }
#endif
#if WANT(15)
  { v.i = v.h; }
#endif
#if WANT(16)
  { v.i = static_cast<int>(v.h); v.u = (unsigned)v.h; v.ll = (long long)v.h; }
#endif
#if WANT(17)
  { if (v.h) v.i = 1; v.z = (bool)v.h; }
#endif
#if WANT(18)
  { v.h2 = __half2(v.h, v.h1); __half2 w = {v.h, v.h1}; v.h2 = w; v.h = v.h2.x; v.h1 = v.h2.y; }
#endif
#if WANT(19)
  { v.h2 = v.h2 + v.h2; v.h2 = v.h2 * v.h2; v.h2 -= v.h2; v.h2 /= v.h2; v.z = v.h2 == v.h2; }
#endif
#if WANT(20)
  { v.h2 = make_half2(v.h, v.h1); }
#endif
#if WANT(21)
  { __half a[4] = {0, 1, 2, 3}; v.h = a[0] + a[3]; }
#endif
#if WANT(22)
  { *vh = v.h; v.h = *vh; }
#endif
#if WANT(23)
  { *p = *vh; }
#endif
#if WANT(24)
  { v.h = static_cast<__half>(v.f); v.h = __half(v.d); v.h = (__half)v.i; }
#endif
#if WANT(25)
  { v.f = v.f + __half2float(v.h); v.h = __float2half(v.f * 2); }
#endif
#if WANT(26)
  { v.b = 0; v.b = 1.5; v.b = 2.5f; v.b = 3u; v.b = v.ll; }
#endif
#if WANT(27)
  { v.f = v.b; v.f = static_cast<float>(v.b); v.d = v.b; }
#endif
#if WANT(28)
  { v.b = v.b + v.b1; v.b = v.b * v.b1; v.b -= v.b1; v.b /= v.b1; v.b = -v.b; }
#endif
#if WANT(29)
  { v.z = v.b < v.b1 || v.b == v.b1 || v.b >= v.b1; }
#endif
#if WANT(30)
  { v.i = v.b; v.i = static_cast<int>(v.b); if (v.b) v.i = 2; }
#endif
#if WANT(31)
  { v.b2 = __nv_bfloat162(v.b, v.b1); v.b2 = v.b2 + v.b2; v.b = v.b2.x; }
#endif
#if WANT(32)
  { __nv_bfloat16 x = 0; __nv_bfloat16 y(1.0f); v.b = x + y; }
#endif
#if WANT(33)
  { v.b = __float2bfloat16(v.f); v.f = __bfloat162float(v.b); }
#endif
#if WANT(34)
  { v.h = __half(v.b); }
#endif
#if WANT(35)
  { v.b = __nv_bfloat16(v.h); }
#endif
#if WANT(36)
  { half x = 1.0f; half2 y = __half2half2(x); nv_bfloat16 z = 2.0f; nv_bfloat162 w = __bfloat162bfloat162(z); v.h2 = y; v.b2 = w; }
#endif
#if WANT(37)
  { __nv_fp8_e4m3 q(v.f); __nv_fp8_e5m2 r(v.h); v.f = float(q) + float(r); }
#endif
#if WANT(38)
  { __nv_fp8_e4m3 q = __nv_fp8_e4m3(v.b); v.h = __half(q); }
#endif
#if WANT(39)
  { __nv_fp8x2_e4m3 q(make_float2(v.f, v.f)); float2 g = float2(q); v.f = g.x; }
#endif
#if WANT(40)
  { __nv_fp8x4_e5m2 q(make_float4(v.f, v.f, v.f, v.f)); float4 g = float4(q); v.f = g.w; }
#endif
#if WANT(41)
  { __nv_fp8_storage_t s = __nv_cvt_float_to_fp8(v.f, __NV_SATFINITE, __NV_E4M3); __half_raw r = __nv_cvt_fp8_to_halfraw(s, __NV_E4M3); v.h = r; }
#endif
#if WANT(42)
  { __half_raw r; r.x = 0x3c00; v.h = r; r = v.h; v.us = r.x; }
#endif
#if WANT(43)
  { __half x = __ushort_as_half(0x3c00); v.us = __half_as_ushort(x); }
#endif
#if WANT(44)
  { v.h = v.f; }
#endif
#if WANT(45)
  { v.h = v.h1 * (__half)2; }
#endif
#if WANT(46)
  { __half x = __half(); __half2 y = __half2(); v.h = x; v.h2 = y; }
#endif
#if WANT(47)
  { v.h2 = __halves2half2(v.h, v.h1); float2 g = __half22float2(v.h2); v.f = g.x + g.y; }
#endif
#if WANT(50)
  { unsigned char c = (unsigned char)v.h; signed char sc = (signed char)v.h; v.i = c + sc; }
#endif
}

#if WANT(51)
__device__ __half dev_shfl(__half h, __half2 h2, __nv_bfloat16 b) {
  h = __shfl_xor_sync(0xffffffffu, h, 1);
  h2 = __shfl_down_sync(0xffffffffu, h2, 2);
  b = __shfl_sync(0xffffffffu, b, 3);
  return h + __low2half(h2) + __float2half(__bfloat162float(b));
}
#endif
#if WANT(52)
__device__ void dev_atomics(__half *h, __half2 *h2, __nv_bfloat16 *b,
                            __nv_bfloat162 *b2) {
  atomicAdd(h, __float2half(1.0f));
  atomicAdd(h2, __float2half2_rn(1.0f));
  atomicAdd(b, __float2bfloat16(1.0f));
  atomicAdd(b2, __float2bfloat162_rn(1.0f));
}
#endif
#if WANT(53)
template <typename T> __host__ __device__ T generic_zero() { return T(0); }
template <typename T> __host__ __device__ T generic_sum(T a, T b) { return a + b; }
__host__ __device__ void templated(__half &h, __nv_bfloat16 &b) {
  h = generic_sum(generic_zero<__half>(), h);
  b = generic_sum(generic_zero<__nv_bfloat16>(), b);
}
#endif

__global__ void on_device(Vals *v, volatile __half *vh, __half *p) {
  cases(*v, vh, p);
}
int main() {
  Vals v = {};
  __half x;
  cases(v, &x, &x);
  return 0;
}
