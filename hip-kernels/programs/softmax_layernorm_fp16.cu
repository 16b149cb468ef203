// softmax_layernorm_fp16.cu - The two row-wise kernels of every transformer,
// on __half activations with float accumulation:
//   softmax    one warp per row: max and sum of exp(x - max) with
//              __shfl_xor_sync butterflies, expf, output rounded to half
//   layernorm  one block per row: mean and variance by warp shuffles plus a
//              shared-memory step across warps, rsqrtf, half gamma and beta;
//              rows of even width are read as __half2 pairs
// Results are compared with a double-precision CPU reference computed from
// the same half inputs, within tolerances that fit half-precision outputs;
// only the verdicts are printed (the rounding of expf may differ by an ulp
// between implementations, the verdicts may not).
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status = (call);                                               \
    if (status != cudaSuccess) {                                               \
      fprintf(stderr, "[%s:%d] CUDA error %s: %s\n", __FILE__, __LINE__,       \
              cudaGetErrorName(status), cudaGetErrorString(status));           \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

__device__ __forceinline__ float warpAllReduceMax(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, mask));
  return v;
}

__device__ __forceinline__ float warpAllReduceSum(float v) {
#pragma unroll
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor_sync(0xffffffffu, v, mask);
  return v;
}

// One warp per row; a warp whose row is past the end leaves as a whole.
__global__ void softmaxWarpPerRow(const __half *__restrict__ in, __half *__restrict__ out,
                                  int rows, int cols) {
  const int warpsPerBlock = blockDim.x / 32;
  const int row = blockIdx.x * warpsPerBlock + threadIdx.x / 32;
  const int lane = threadIdx.x % 32;
  if (row >= rows) return;
  const __half *x = in + (size_t)row * cols;
  __half *y = out + (size_t)row * cols;

  float rowMax = -INFINITY;
  for (int c = lane; c < cols; c += 32) rowMax = fmaxf(rowMax, __half2float(x[c]));
  rowMax = warpAllReduceMax(rowMax);

  float sum = 0.f;
  for (int c = lane; c < cols; c += 32) sum += expf(__half2float(x[c]) - rowMax);
  sum = warpAllReduceSum(sum);

  const float inv = 1.f / sum;
  for (int c = lane; c < cols; c += 32) y[c] = __float2half(expf(__half2float(x[c]) - rowMax) * inv);
}

// Sum over the whole block, returned to every thread. scratch holds
// BLOCK / 32 + 1 floats.
template <int BLOCK>
__device__ float blockAllReduceSum(float v, float *scratch) {
  constexpr int WARPS = BLOCK / 32;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  v = warpAllReduceSum(v);
  if (lane == 0) scratch[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float t = lane < WARPS ? scratch[lane] : 0.f;
    t = warpAllReduceSum(t);
    if (lane == 0) scratch[WARPS] = t;
  }
  __syncthreads();
  const float total = scratch[WARPS];
  __syncthreads();  // scratch may be reused right after
  return total;
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
layerNormBlockPerRow(const __half *__restrict__ in, const __half *__restrict__ gamma,
                     const __half *__restrict__ beta, __half *__restrict__ out, int cols,
                     float eps) {
  __shared__ float scratch[BLOCK / 32 + 1];
  const __half *x = in + (size_t)blockIdx.x * cols;
  __half *y = out + (size_t)blockIdx.x * cols;
  const bool paired = cols % 2 == 0;

  float sum = 0.f;
  if (paired) {
    const __half2 *x2 = reinterpret_cast<const __half2 *>(x);
    for (int c = threadIdx.x; c < cols / 2; c += BLOCK) {
      const float2 f = __half22float2(x2[c]);
      sum += f.x + f.y;
    }
  } else {
    for (int c = threadIdx.x; c < cols; c += BLOCK) sum += __half2float(x[c]);
  }
  const float mean = blockAllReduceSum<BLOCK>(sum, scratch) / cols;

  float squares = 0.f;
  for (int c = threadIdx.x; c < cols; c += BLOCK) {
    const float d = __half2float(x[c]) - mean;
    squares += d * d;
  }
  const float variance = blockAllReduceSum<BLOCK>(squares, scratch) / cols;
  const float rstd = rsqrtf(variance + eps);

  for (int c = threadIdx.x; c < cols; c += BLOCK) {
    const float normalized = (__half2float(x[c]) - mean) * rstd;
    y[c] = __float2half(normalized * __half2float(gamma[c]) + __half2float(beta[c]));
  }
}

static unsigned int rngState = 31337u;
static float uniform(float lo, float hi) {
  rngState = rngState * 1664525u + 1013904223u;
  return lo + (hi - lo) * (float)(rngState >> 8) / 16777216.0f;
}

struct Tolerance {
  double atol, rtol;
};

// Largest violation of |got - ref| <= atol + rtol * |ref|, as a ratio (<= 1
// passes).
static double worstRatio(const std::vector<__half> &got, const std::vector<double> &ref,
                         Tolerance tol) {
  double worst = 0.0;
  for (size_t i = 0; i < ref.size(); ++i) {
    const double g = (double)__half2float(got[i]);
    const double allowed = tol.atol + tol.rtol * fabs(ref[i]);
    const double ratio = std::isfinite(g) ? fabs(g - ref[i]) / allowed : 1e30;
    if (ratio > worst) worst = ratio;
  }
  return worst;
}

static bool testSoftmax(int rows, int cols) {
  const size_t count = (size_t)rows * cols;
  std::vector<__half> x(count), y(count);
  for (size_t i = 0; i < count; ++i) x[i] = __float2half(uniform(-6.f, 6.f));

  std::vector<double> ref(count);
  for (int r = 0; r < rows; ++r) {
    double m = -INFINITY, s = 0.0;
    for (int c = 0; c < cols; ++c) m = fmax(m, (double)__half2float(x[(size_t)r * cols + c]));
    for (int c = 0; c < cols; ++c) s += exp((double)__half2float(x[(size_t)r * cols + c]) - m);
    for (int c = 0; c < cols; ++c)
      ref[(size_t)r * cols + c] = exp((double)__half2float(x[(size_t)r * cols + c]) - m) / s;
  }

  __half *d_x = nullptr, *d_y = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, count * sizeof(__half)));
  CUDA_CHECK(cudaMalloc(&d_y, count * sizeof(__half)));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), count * sizeof(__half), cudaMemcpyHostToDevice));
  const int threads = 128, rowsPerBlock = threads / 32;
  softmaxWarpPerRow<<<(rows + rowsPerBlock - 1) / rowsPerBlock, threads>>>(d_x, d_y, rows, cols);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(y.data(), d_y, count * sizeof(__half), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));

  const Tolerance tol = {1e-6, 2e-3};
  const bool valuesOk = worstRatio(y, ref, tol) <= 1.0;
  bool sumsOk = true;
  for (int r = 0; r < rows; ++r) {
    double s = 0.0;
    for (int c = 0; c < cols; ++c) s += (double)__half2float(y[(size_t)r * cols + c]);
    sumsOk &= fabs(s - 1.0) <= 5e-3;
  }
  printf("softmax   %4dx%-4d: max error within tolerance (atol=%g rtol=%g): %s\n", rows, cols,
         tol.atol, tol.rtol, valuesOk ? "yes" : "NO");
  printf("softmax   %4dx%-4d: every row sums to 1 within 5e-3: %s\n", rows, cols,
         sumsOk ? "yes" : "NO");
  return valuesOk && sumsOk;
}

static bool testLayerNorm(int rows, int cols) {
  const size_t count = (size_t)rows * cols;
  const float eps = 1e-5f;
  std::vector<__half> x(count), y(count), gamma(cols), beta(cols);
  for (size_t i = 0; i < count; ++i) x[i] = __float2half(uniform(-3.f, 5.f));
  for (int c = 0; c < cols; ++c) {
    gamma[c] = __float2half(uniform(0.5f, 1.5f));
    beta[c] = __float2half(uniform(-0.5f, 0.5f));
  }

  std::vector<double> ref(count);
  for (int r = 0; r < rows; ++r) {
    const __half *row = &x[(size_t)r * cols];
    double mean = 0.0, var = 0.0;
    for (int c = 0; c < cols; ++c) mean += __half2float(row[c]);
    mean /= cols;
    for (int c = 0; c < cols; ++c) {
      const double d = __half2float(row[c]) - mean;
      var += d * d;
    }
    var /= cols;
    const double rstd = 1.0 / sqrt(var + eps);
    for (int c = 0; c < cols; ++c)
      ref[(size_t)r * cols + c] =
          (__half2float(row[c]) - mean) * rstd * __half2float(gamma[c]) + __half2float(beta[c]);
  }

  __half *d_x = nullptr, *d_y = nullptr, *d_gamma = nullptr, *d_beta = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, count * sizeof(__half)));
  CUDA_CHECK(cudaMalloc(&d_y, count * sizeof(__half)));
  CUDA_CHECK(cudaMalloc(&d_gamma, cols * sizeof(__half)));
  CUDA_CHECK(cudaMalloc(&d_beta, cols * sizeof(__half)));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), count * sizeof(__half), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_gamma, gamma.data(), cols * sizeof(__half), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_beta, beta.data(), cols * sizeof(__half), cudaMemcpyHostToDevice));
  constexpr int BLOCK = 256;
  layerNormBlockPerRow<BLOCK><<<rows, BLOCK>>>(d_x, d_gamma, d_beta, d_y, cols, eps);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(y.data(), d_y, count * sizeof(__half), cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_gamma));
  CUDA_CHECK(cudaFree(d_beta));

  const Tolerance tol = {4e-3, 4e-3};
  const bool ok = worstRatio(y, ref, tol) <= 1.0;
  printf("layernorm %4dx%-4d: max error within tolerance (atol=%g rtol=%g): %s\n", rows, cols,
         tol.atol, tol.rtol, ok ? "yes" : "NO");
  return ok;
}

int main() {
  bool ok = true;
  ok &= testSoftmax(128, 768);
  ok &= testSoftmax(37, 1000);
  ok &= testSoftmax(5, 3);
  ok &= testLayerNorm(128, 768);
  ok &= testLayerNorm(37, 1001);
  ok &= testLayerNorm(3, 40);
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
