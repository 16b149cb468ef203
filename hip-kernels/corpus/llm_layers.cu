// llm_layers.cu - Transformer layer kernels in the style of llm.c's CUDA
// training code: an error-check macro, cooperative-groups warp reductions,
// GELU's tanh approximation, layernorm with rsqrtf, an online softmax with
// expf, and a residual add through __half, with a host main that checks the
// kernels against the CPU. Written for nvcc; compiled unchanged by
// cu2hsaco (lit-tests/corpus/llm-layers.test runs the kernels on wavesim
// against its own CPU reference).
#include <cmath>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define cudaCheck(err) (cudaCheckImpl((err), __FILE__, __LINE__))
static void cudaCheckImpl(cudaError_t Error, const char *File, int Line) {
  if (Error != cudaSuccess) {
    printf("[CUDA ERROR] at file %s:%d:\n%s\n", File, Line,
           cudaGetErrorString(Error));
    exit(EXIT_FAILURE);
  }
}

#define GELU_SCALING_FACTOR sqrtf(2.0f / M_PI)

__global__ void gelu_forward_kernel(float *out, const float *inp, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    float xi = inp[i];
    float cube = 0.044715f * xi * xi * xi;
    out[i] = 0.5f * xi * (1.0f + tanhf(GELU_SCALING_FACTOR * (xi + cube)));
  }
}

// One warp per row of C channels: mean and reciprocal standard deviation
// by cg::reduce over the warp, then the normalized, scaled and shifted row.
__global__ void layernorm_forward_kernel(float *__restrict__ out,
                                         float *__restrict__ mean,
                                         float *__restrict__ rstd,
                                         const float *__restrict__ inp,
                                         const float *__restrict__ weight,
                                         const float *__restrict__ bias, int N,
                                         int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N)
    return;
  const float *x = inp + idx * C;
  float sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size())
    sum += x[i];
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  float m = sum / C;
  if (warp.thread_rank() == 0 && mean != nullptr)
    __stcs(mean + idx, m);
  sum = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float diff = x[i] - m;
    sum += diff * diff;
  }
  sum = cg::reduce(warp, sum, cg::plus<float>{});
  float s = rsqrtf(sum / C + 1e-5f);
  if (warp.thread_rank() == 0 && rstd != nullptr)
    __stcs(rstd + idx, s);
  float *o = out + idx * C;
  for (int c = warp.thread_rank(); c < C; c += warp.size()) {
    float n = s * (__ldcs(x + c) - m);
    __stcs(o + c, n * weight[c] + bias[c]);
  }
}

// One warp per row: an online softmax (running maximum and rescaled sum),
// combined across the warp with cg::reduce.
__global__ void softmax_forward_kernel(float *out, const float *inp, int N,
                                       int C) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int idx = blockIdx.x * warp.meta_group_size() + warp.meta_group_rank();
  if (idx >= N)
    return;
  const float *x = inp + idx * C;
  float maxval = -INFINITY, sumval = 0.0f;
  for (int i = warp.thread_rank(); i < C; i += warp.size()) {
    float v = x[i];
    float newmax = fmaxf(maxval, v);
    sumval = sumval * expf(maxval - newmax) + expf(v - newmax);
    maxval = newmax;
  }
  float rowmax = cg::reduce(warp, maxval, cg::greater<float>{});
  sumval *= expf(maxval - rowmax);
  float rowsum = cg::reduce(warp, sumval, cg::plus<float>{});
  for (int i = warp.thread_rank(); i < C; i += warp.size())
    out[idx * C + i] = expf(x[i] - rowmax) / rowsum;
}

// The residual stream kept in half precision, as mixed-precision training
// keeps activations.
__global__ void residual_forward_kernel(float *out, const float *inp1,
                                        const float *inp2, int N) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    __half a = __float2half(inp1[i]), b = __float2half(inp2[i]);
    out[i] = __half2float(__hadd(a, b));
  }
}

#ifndef NO_MAIN
static float *deviceCopy(const float *Host, int N) {
  float *Device;
  cudaCheck(cudaMalloc(&Device, N * sizeof(float)));
  cudaCheck(
      cudaMemcpy(Device, Host, N * sizeof(float), cudaMemcpyHostToDevice));
  return Device;
}

int main() {
  const int N = 8, C = 64, Elements = N * C;
  float *inp = (float *)malloc(Elements * sizeof(float));
  float *out = (float *)malloc(Elements * sizeof(float));
  float weight[C], bias[C];
  for (int i = 0; i < Elements; ++i)
    inp[i] = (float)((i * 37) % 101) / 25.0f - 2.0f;
  for (int c = 0; c < C; ++c) {
    weight[c] = 1.0f + c / 64.0f;
    bias[c] = c / 128.0f;
  }
  float *d_inp = deviceCopy(inp, Elements), *d_weight = deviceCopy(weight, C);
  float *d_bias = deviceCopy(bias, C), *d_out;
  cudaCheck(cudaMalloc(&d_out, Elements * sizeof(float)));

  int failures = 0;
  layernorm_forward_kernel<<<N / 4, 128>>>(d_out, nullptr, nullptr, d_inp,
                                           d_weight, d_bias, N, C);
  cudaCheck(cudaGetLastError());
  cudaCheck(cudaMemcpy(out, d_out, Elements * sizeof(float),
                       cudaMemcpyDeviceToHost));
  for (int n = 0; n < N; ++n) {
    double m = 0, v = 0;
    for (int c = 0; c < C; ++c)
      m += inp[n * C + c];
    m /= C;
    for (int c = 0; c < C; ++c)
      v += (inp[n * C + c] - m) * (inp[n * C + c] - m);
    double s = 1.0 / sqrt(v / C + 1e-5);
    for (int c = 0; c < C; ++c) {
      double ref = (inp[n * C + c] - m) * s * weight[c] + bias[c];
      if (fabs(out[n * C + c] - ref) > 1e-4)
        ++failures;
    }
  }
  printf("layernorm: %s\n", failures ? "FAIL" : "PASS");
  cudaCheck(cudaFree(d_inp));
  cudaCheck(cudaFree(d_out));
  cudaCheck(cudaFree(d_weight));
  cudaCheck(cudaFree(d_bias));
  free(inp);
  free(out);
  return failures != 0;
}
#endif
