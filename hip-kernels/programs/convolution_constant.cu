// convolution_constant.cu - Separable 2D convolution (a row pass, then a
// column pass) whose two 17-tap filters live in __constant__ memory, set
// with cudaMemcpyToSymbol (the column filter at an offset into the same
// symbol) and read back with cudaMemcpyFromSymbol. Both passes stage a tile
// plus its halo in shared memory; borders clamp to the edge. A statistics
// kernel then counts bright pixels and finds the largest one in two
// __device__ variables, which the host zeroes with cudaMemcpyToSymbol and
// reads with cudaMemcpyFromSymbol. The filters are changed and the image
// convolved again, to check that constant memory updates between launches.
// The image and the filter taps are small integers, so every result is
// exact and is compared with the CPU's pixel by pixel.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t rc_ = (call);                                                  \
    if (rc_ != cudaSuccess) {                                                  \
      fprintf(stderr, "%s(%d): CUDA runtime error %d: %s\n", __FILE__,         \
              __LINE__, (int)rc_, cudaGetErrorString(rc_));                    \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

constexpr int RADIUS = 8;
constexpr int TAPS = 2 * RADIUS + 1;

__constant__ float c_filters[2][TAPS];  // [0]: row filter, [1]: column filter

__device__ unsigned int d_brightCount;
__device__ int d_maxPixel;

constexpr int TILE_W = 32;
constexpr int TILE_H = 8;

__global__ void convolveRows(float *__restrict__ dst, const float *__restrict__ src, int width,
                             int height) {
  __shared__ float tile[TILE_H][TILE_W + 2 * RADIUS];
  const int x0 = blockIdx.x * TILE_W;
  const int y = blockIdx.y * TILE_H + threadIdx.y;
  const int yc = min(y, height - 1);
  for (int i = threadIdx.x; i < TILE_W + 2 * RADIUS; i += blockDim.x) {
    const int x = min(max(x0 + i - RADIUS, 0), width - 1);
    tile[threadIdx.y][i] = src[yc * width + x];
  }
  __syncthreads();
  const int x = x0 + threadIdx.x;
  if (x < width && y < height) {
    float sum = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
      sum += c_filters[0][RADIUS - k] * tile[threadIdx.y][threadIdx.x + RADIUS + k];
    dst[y * width + x] = sum;
  }
}

__global__ void convolveColumns(float *__restrict__ dst, const float *__restrict__ src, int width,
                                int height) {
  __shared__ float tile[TILE_H + 2 * RADIUS][TILE_W];
  const int x = blockIdx.x * TILE_W + threadIdx.x;
  const int y0 = blockIdx.y * TILE_H;
  const int xc = min(x, width - 1);
  for (int j = threadIdx.y; j < TILE_H + 2 * RADIUS; j += blockDim.y) {
    const int y = min(max(y0 + j - RADIUS, 0), height - 1);
    tile[j][threadIdx.x] = src[y * width + xc];
  }
  __syncthreads();
  const int y = y0 + threadIdx.y;
  if (x < width && y < height) {
    float sum = 0.f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k)
      sum += c_filters[1][RADIUS - k] * tile[threadIdx.y + RADIUS + k][threadIdx.x];
    dst[y * width + x] = sum;
  }
}

__global__ void imageStats(const float *__restrict__ img, int count, float threshold) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += blockDim.x * gridDim.x) {
    const float v = img[i];
    if (v > threshold) atomicAdd(&d_brightCount, 1u);
    atomicMax(&d_maxPixel, (int)v);
  }
}

static float clampedAt(const std::vector<float> &img, int w, int h, int x, int y) {
  x = x < 0 ? 0 : (x >= w ? w - 1 : x);
  y = y < 0 ? 0 : (y >= h ? h - 1 : y);
  return img[(size_t)y * w + x];
}

static bool runPass(int pass, const std::vector<float> &image, int w, int h, const float *rowF,
                    const float *colF, float *d_src, float *d_tmp, float *d_dst) {
  const size_t count = (size_t)w * h;
  // Both filters into one symbol: the column filter at an offset.
  checkCudaErrors(cudaMemcpyToSymbol(c_filters, rowF, TAPS * sizeof(float)));
  checkCudaErrors(cudaMemcpyToSymbol(c_filters, colF, TAPS * sizeof(float), TAPS * sizeof(float),
                                     cudaMemcpyHostToDevice));
  float readBack[2][TAPS];
  checkCudaErrors(cudaMemcpyFromSymbol(readBack, c_filters, sizeof(readBack)));
  bool filtersOk = true;
  for (int k = 0; k < TAPS; ++k) filtersOk &= readBack[0][k] == rowF[k] && readBack[1][k] == colF[k];

  const unsigned zero = 0;
  const int zeroInt = 0;
  checkCudaErrors(cudaMemcpyToSymbol(d_brightCount, &zero, sizeof(zero)));
  checkCudaErrors(cudaMemcpyToSymbol(d_maxPixel, &zeroInt, sizeof(zeroInt)));

  const dim3 block(TILE_W, TILE_H);
  const dim3 grid((w + TILE_W - 1) / TILE_W, (h + TILE_H - 1) / TILE_H);
  convolveRows<<<grid, block>>>(d_tmp, d_src, w, h);
  checkCudaErrors(cudaGetLastError());
  convolveColumns<<<grid, block>>>(d_dst, d_tmp, w, h);
  checkCudaErrors(cudaGetLastError());

  // CPU reference, same order of taps.
  std::vector<float> tmp(count), want(count);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float s = 0.f;
      for (int k = -RADIUS; k <= RADIUS; ++k) s += rowF[RADIUS - k] * clampedAt(image, w, h, x + k, y);
      tmp[(size_t)y * w + x] = s;
    }
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      float s = 0.f;
      for (int k = -RADIUS; k <= RADIUS; ++k) s += colF[RADIUS - k] * clampedAt(tmp, w, h, x, y + k);
      want[(size_t)y * w + x] = s;
    }
  double mean = 0.0;
  for (size_t i = 0; i < count; ++i) mean += want[i];
  mean /= (double)count;
  const float threshold = (float)(long long)mean;  // an integer: no rounding questions
  unsigned wantBright = 0;
  int wantMax = 0;
  for (size_t i = 0; i < count; ++i) {
    wantBright += want[i] > threshold;
    wantMax = (int)want[i] > wantMax ? (int)want[i] : wantMax;
  }

  imageStats<<<64, 256>>>(d_dst, (int)count, threshold);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());

  std::vector<float> got(count);
  checkCudaErrors(cudaMemcpy(got.data(), d_dst, count * sizeof(float), cudaMemcpyDeviceToHost));
  unsigned bright = 0;
  int maxPixel = 0;
  checkCudaErrors(cudaMemcpyFromSymbol(&bright, d_brightCount, sizeof(bright)));
  checkCudaErrors(cudaMemcpyFromSymbol(&maxPixel, d_maxPixel, sizeof(maxPixel), 0,
                                       cudaMemcpyDeviceToHost));

  size_t bad = 0;
  unsigned long long total = 0;
  unsigned hash = 2166136261u;
  for (size_t i = 0; i < count; ++i) {
    bad += got[i] != want[i];
    total += (unsigned long long)got[i];
    hash = (hash ^ (unsigned)got[i]) * 16777619u;
  }
  printf("pass %d %dx%d: filters round-trip %s; sum=%llu hash=0x%08x pixels %s\n", pass, w, h,
         filtersOk ? "OK" : "MISMATCH", total, hash, bad ? "MISMATCH" : "OK");
  printf("pass %d: bright pixels (> %.0f) = %u (expected %u), max = %d (expected %d)\n", pass,
         threshold, bright, wantBright, maxPixel, wantMax);
  return filtersOk && bad == 0 && bright == wantBright && maxPixel == wantMax;
}

int main() {
  const int w = 250, h = 190;
  const size_t count = (size_t)w * h;
  std::vector<float> image(count);
  unsigned s = 0x9e3779b9u;
  for (size_t i = 0; i < count; ++i) {
    s = s * 1664525u + 1013904223u;
    image[i] = (float)((s >> 20) % 16u);
  }
  // Some structure: a bright square, so the maximum is not random.
  for (int y = 60; y < 90; ++y)
    for (int x = 100; x < 140; ++x) image[(size_t)y * w + x] = 15.f;

  float *d_src = nullptr, *d_tmp = nullptr, *d_dst = nullptr;
  checkCudaErrors(cudaMalloc(&d_src, count * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_tmp, count * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_dst, count * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_src, image.data(), count * sizeof(float), cudaMemcpyHostToDevice));

  float box[TAPS], tent[TAPS], rampA[TAPS], rampB[TAPS];
  for (int k = 0; k < TAPS; ++k) {
    box[k] = 1.f;
    tent[k] = (float)(RADIUS + 1 - (k < RADIUS ? RADIUS - k : k - RADIUS));  // 1..9..1
    rampA[k] = (float)(k % 5 + 1);
    rampB[k] = (float)(9 - k % 7);
  }

  bool ok = runPass(1, image, w, h, tent, box, d_src, d_tmp, d_dst);
  ok &= runPass(2, image, w, h, rampA, rampB, d_src, d_tmp, d_dst);

  checkCudaErrors(cudaFree(d_src));
  checkCudaErrors(cudaFree(d_tmp));
  checkCudaErrors(cudaFree(d_dst));
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : EXIT_FAILURE;
}
