// The vector types have CUDA's sizes and alignments (a host struct shared
// with device code must have one layout), and make_* builds them.
//
// RUN: cu2hsaco %s --emit-llvm -o /dev/null --offload-arch=gfx942

static_assert(sizeof(char2) == 2 && alignof(char2) == 2, "char2");
static_assert(sizeof(uchar4) == 4 && alignof(uchar4) == 4, "uchar4");
static_assert(sizeof(short4) == 8 && alignof(short4) == 8, "short4");
static_assert(sizeof(int2) == 8 && alignof(int2) == 8, "int2");
static_assert(sizeof(int3) == 12 && alignof(int3) == 4, "int3");
static_assert(sizeof(int4) == 16 && alignof(int4) == 16, "int4");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
static_assert(sizeof(double4) == 32 && alignof(double4) == 16, "double4");
static_assert(sizeof(longlong2) == 16 && alignof(longlong2) == 16, "ll2");
static_assert(sizeof(dim3) == 12, "dim3");

__global__ void build(float4 *out) {
  float4 v = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  int2 p = make_int2(5, 6);
  out[threadIdx.x] = make_float4(v.x + p.x, v.y + p.y, v.z, v.w);
}
