// packed_halfwords.cu - Halfword SIMD and DPX functions, one kernel each,
// to see what the AMDGPU backend makes of include/crt/simd_functions.h.
__global__ void maxs2(unsigned *o, unsigned a, unsigned b) {
  *o = __vmaxs2(a, b);
}
__global__ void addss2(unsigned *o, unsigned a, unsigned b) {
  *o = __vaddss2(a, b);
}
__global__ void subus2(unsigned *o, unsigned a, unsigned b) {
  *o = __vsubus2(a, b);
}
__global__ void minu2(unsigned *o, unsigned a, unsigned b) {
  *o = __vminu2(a, b);
}
__global__ void max3relu(unsigned *o, unsigned a, unsigned b, unsigned c) {
  *o = __vimax3_s16x2_relu(a, b, c);
}
__global__ void addmin(unsigned *o, unsigned a, unsigned b, unsigned c) {
  *o = __viaddmin_s16x2(a, b, c);
}
