// A texture fetch compiles to inline code in the kernel, as a HIP port's
// image instructions do: no private segment (the sampler's corners,
// weights and channels are never an array indexed at run time), no call
// (every fetch inlined, however many the kernel makes), and at most 64
// VGPRs (gfx90a's 8 waves a SIMD, gfx1030's 16), for one tex2D<float>,
// opticalFlow's shape of four fetches from two textures (before: a call of
// the sampler and 152 bytes of scratch), a trilinear tex3D<float>, a
// four-channel tex2DLayered<float4>, and eighteen fetches from two
// textures (opticalFlow's ComputeDerivativesKernel's shape: each fetch a
// region of its own, whose registers die with it; as one straight-line
// block the fetches' registers were live at once: 69 VGPRs and 20 bytes of
// SGPR spills at gfx90a, 73 VGPRs at gfx1030). The values fetched are
// texture-fetch.test's.
//
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx90a | FileCheck %s
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx1030 | FileCheck %s
//
// CHECK-LABEL: {{^}}fetch2D:
// CHECK-NOT: {{s_swappc|scratch_|buffer_}}
// CHECK: s_endpgm
// CHECK: .amdhsa_private_segment_fixed_size 0
// CHECK: .amdhsa_next_free_vgpr {{[1-9]$|[1-5][0-9]$|6[0-4]$}}
//
// CHECK-LABEL: {{^}}derivatives:
// CHECK-NOT: {{s_swappc|scratch_|buffer_}}
// CHECK: s_endpgm
// CHECK: .amdhsa_private_segment_fixed_size 0
// CHECK: .amdhsa_next_free_vgpr {{[1-9]$|[1-5][0-9]$|6[0-4]$}}
//
// CHECK-LABEL: {{^}}fetch3D:
// CHECK-NOT: {{s_swappc|scratch_|buffer_}}
// CHECK: s_endpgm
// CHECK: .amdhsa_private_segment_fixed_size 0
// CHECK: .amdhsa_next_free_vgpr {{[1-9]$|[1-5][0-9]$|6[0-4]$}}
//
// CHECK-LABEL: {{^}}fetchLayered4:
// CHECK-NOT: {{s_swappc|scratch_|buffer_}}
// CHECK: s_endpgm
// CHECK: .amdhsa_private_segment_fixed_size 0
// CHECK: .amdhsa_next_free_vgpr {{[1-9]$|[1-5][0-9]$|6[0-4]$}}
//
// CHECK-LABEL: {{^}}stencils:
// CHECK-NOT: {{s_swappc|scratch_|buffer_}}
// CHECK: s_endpgm
// CHECK: .amdhsa_private_segment_fixed_size 0
// CHECK: .amdhsa_next_free_vgpr {{[1-9]$|[1-5][0-9]$|6[0-4]$}}

#include <cuda_runtime.h>

extern "C" __global__ void fetch2D(cudaTextureObject_t t, const float *x,
                                   const float *y, float *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = tex2D<float>(t, x[i], y[i]);
}

extern "C" __global__ void derivatives(cudaTextureObject_t source,
                                       cudaTextureObject_t target, float *out,
                                       int width, int height) {
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;
  float u = (x + 0.5f) / width, v = (y + 0.5f) / height, du = 1.0f / width;
  out[y * width + x] =
      tex2D<float>(source, u - du, v) - tex2D<float>(source, u + du, v) +
      tex2D<float>(target, u - du, v) - tex2D<float>(target, u + du, v);
}

extern "C" __global__ void fetch3D(cudaTextureObject_t t, const float *x,
                                   const float *y, const float *z,
                                   float *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = tex3D<float>(t, x[i], y[i], z[i]);
}

extern "C" __global__ void fetchLayered4(cudaTextureObject_t t,
                                         const float *x, const float *y,
                                         int layer, float4 *out) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] = tex2DLayered<float4>(t, x[i], y[i], layer);
}

/* A five-point derivative of texture t along (du, dv) at (u, v). */
static __device__ __forceinline__ float
derivative(cudaTextureObject_t t, float u, float v, float du, float dv) {
  return (tex2D<float>(t, u - 2 * du, v - 2 * dv) -
          8 * tex2D<float>(t, u - du, v - dv) +
          8 * tex2D<float>(t, u + du, v + dv) -
          tex2D<float>(t, u + 2 * du, v + 2 * dv)) /
         12;
}

extern "C" __global__ void stencils(cudaTextureObject_t source,
                                    cudaTextureObject_t target, float *dx,
                                    float *dy, float *dt, int width,
                                    int height) {
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;
  if (x >= width || y >= height)
    return;
  float du = 1.0f / width, dv = 1.0f / height;
  float u = (x + 0.5f) * du, v = (y + 0.5f) * dv;
  int i = y * width + x;
  dx[i] = (derivative(source, u, v, du, 0) + derivative(target, u, v, du, 0)) *
          0.5f;
  dt[i] = tex2D<float>(target, u, v) - tex2D<float>(source, u, v);
  dy[i] = (derivative(source, u, v, 0, dv) + derivative(target, u, v, 0, dv)) *
          0.5f;
}
