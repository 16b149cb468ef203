// main.cpp - The host side of the multi-file sample project: plain C++,
// compiled by the host compiler alone. It calls the CUDA runtime API
// directly (device properties, cudaMalloc, cudaMemcpy, cudaMemset,
// cudaStreamCreate, cudaFree) and the launchers of vector_ops.cu and
// reduce_ops.cu through project.h, checks every result against the CPU and
// prints only deterministic lines (the device's name goes to stderr).
#include <cuda_runtime.h>

#include "project.h"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    const cudaError_t status_ = (call);                                        \
    if (status_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s returned %s: %s\n", __FILE__, __LINE__,  \
                   #call, cudaGetErrorName(status_),                           \
                   cudaGetErrorString(status_));                               \
      std::exit(EXIT_FAILURE);                                                 \
    }                                                                          \
  } while (0)

namespace {

unsigned checksum(const void *data, size_t bytes) {
  const unsigned char *p = static_cast<const unsigned char *>(data);
  unsigned h = 2166136261u;
  for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

bool report(const char *what, bool ok) {
  std::printf("%-28s %s\n", what, ok ? "OK" : "MISMATCH");
  return ok;
}

// A device copy of a host vector.
template <typename T> T *toDevice(const std::vector<T> &host) {
  T *device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, host.size() * sizeof(T)));
  CHECK_CUDA(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  return device;
}

template <typename T> std::vector<T> toHost(const T *device, size_t count) {
  std::vector<T> host(count);
  CHECK_CUDA(cudaMemcpy(host.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

}  // namespace

int main() {
  int deviceCount = 0;
  CHECK_CUDA(cudaGetDeviceCount(&deviceCount));
  if (deviceCount < 1) {
    std::fprintf(stderr, "no CUDA device\n");
    return EXIT_FAILURE;
  }
  CHECK_CUDA(cudaSetDevice(0));
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::fprintf(stderr, "device: %s, compute capability %d.%d, %d SMs\n", prop.name, prop.major,
               prop.minor, prop.multiProcessorCount);
  std::printf("warpSize = %d, maxThreadsPerBlock >= %d: %s\n", prop.warpSize, kBlockSize,
              prop.maxThreadsPerBlock >= kBlockSize ? "yes" : "no");

  // Not a multiple of the block size: every kernel has a partial block.
  const int n = 100003;
  bool ok = true;

  // Polynomial with __constant__ coefficients, in a stream of our own.
  std::vector<unsigned> x(n), want(n);
  for (int i = 0; i < n; ++i) x[i] = (unsigned)i * 2654435761u ^ 0x5bd1e995u;
  const unsigned coefficients[5] = {7u, 0x01000193u, 3u, 0xdeadbeefu, 11u};
  for (int i = 0; i < n; ++i) {
    unsigned acc = coefficients[4];
    for (int k = 3; k >= 0; --k) acc = acc * x[i] + coefficients[k];
    want[i] = acc;
  }
  unsigned *dX = toDevice(x);
  unsigned *dY = nullptr;
  CHECK_CUDA(cudaMalloc(&dY, n * sizeof(unsigned)));
  CHECK_CUDA(cudaMemset(dY, 0, n * sizeof(unsigned)));
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreate(&stream));
  CHECK_CUDA(setPolynomial(coefficients, 5));
  CHECK_CUDA(launchPolynomial(dX, dY, n, stream));
  CHECK_CUDA(cudaStreamSynchronize(stream));
  std::vector<unsigned> y = toHost(dY, n);
  std::printf("polynomial checksum = 0x%08x\n", checksum(y.data(), n * sizeof(unsigned)));
  ok &= report("polynomial (degree 4)", y == want);

  // The same points through a second polynomial: the constant memory is
  // updated between launches.
  const unsigned line[2] = {1u, 2u};
  CHECK_CUDA(setPolynomial(line, 2));
  CHECK_CUDA(launchPolynomial(dX, dY, n, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  y = toHost(dY, n);
  bool lineOk = true;
  for (int i = 0; i < n; ++i) lineOk &= y[i] == 2u * x[i] + 1u;
  ok &= report("polynomial (degree 1)", lineOk);
  // Too many coefficients: the launcher's own check.
  const unsigned many[kMaxCoefficients + 1] = {};
  std::printf("setPolynomial with %d coefficients = %s\n", kMaxCoefficients + 1,
              cudaGetErrorName(setPolynomial(many, kMaxCoefficients + 1)));

  // saxpy on small integers held in floats.
  std::vector<float> fx(n), fy(n);
  for (int i = 0; i < n; ++i) {
    fx[i] = (float)(i % 1000 - 500);
    fy[i] = (float)(i % 77);
  }
  float *dFx = toDevice(fx), *dFy = toDevice(fy), *dFout = nullptr;
  CHECK_CUDA(cudaMalloc(&dFout, n * sizeof(float)));
  CHECK_CUDA(launchSaxpy(3.0f, dFx, dFy, dFout, n));
  std::vector<float> saxpy = toHost(dFout, n);
  bool saxpyOk = true;
  for (int i = 0; i < n; ++i) saxpyOk &= saxpy[i] == 3.0f * fx[i] + fy[i];
  std::printf("saxpy checksum = 0x%08x\n", checksum(saxpy.data(), n * sizeof(float)));
  ok &= report("saxpy", saxpyOk);

  // Tile reversal through shared memory.
  std::vector<int> values(n);
  for (int i = 0; i < n; ++i) values[i] = (int)(((unsigned)i * 40503u) % 20001u) - 10000;
  values[n / 3] = 12345678;  // the maximum, once; no partial sum overflows
  int *dValues = toDevice(values);
  int *dReversed = nullptr;
  CHECK_CUDA(cudaMalloc(&dReversed, n * sizeof(int)));
  CHECK_CUDA(launchTileReverse(dValues, dReversed, n));
  std::vector<int> reversed = toHost(dReversed, n);
  bool reverseOk = true;
  for (int first = 0; first < n; first += kBlockSize) {
    const int count = n - first < kBlockSize ? n - first : kBlockSize;
    for (int t = 0; t < count; ++t)
      reverseOk &= reversed[first + t] == values[first + count - 1 - t];
  }
  ok &= report("tile reverse", reverseOk);

  // Reductions: the template kernel for int and for float.
  int intSum = 0;
  CHECK_CUDA(sumInts(dValues, n, &intSum));
  unsigned wantIntSum = 0;
  for (int v : values) wantIntSum += (unsigned)v;
  std::printf("sum of ints = %d\n", intSum);
  ok &= report("sum (int)", (unsigned)intSum == wantIntSum);

  float floatSum = 0.f;
  CHECK_CUDA(sumFloats(dFx, n, &floatSum));
  long long wantFloatSum = 0;
  for (float v : fx) wantFloatSum += (long long)v;
  std::printf("sum of floats = %.1f\n", floatSum);
  ok &= report("sum (float)", floatSum == (float)wantFloatSum);

  int maximum = 0;
  unsigned blocks = 0;
  CHECK_CUDA(maxAndBlocks(dValues, n, &maximum, &blocks));
  int wantMaximum = INT_MIN;
  for (int v : values) wantMaximum = v > wantMaximum ? v : wantMaximum;
  std::printf("maximum = %d over %u blocks\n", maximum, blocks);
  ok &= report("maximum (__device__ vars)",
               maximum == wantMaximum && blocks == (unsigned)((n + kBlockSize - 1) / kBlockSize));

  CHECK_CUDA(cudaStreamDestroy(stream));
  CHECK_CUDA(cudaFree(dX));
  CHECK_CUDA(cudaFree(dY));
  CHECK_CUDA(cudaFree(dFx));
  CHECK_CUDA(cudaFree(dFy));
  CHECK_CUDA(cudaFree(dFout));
  CHECK_CUDA(cudaFree(dValues));
  CHECK_CUDA(cudaFree(dReversed));

  std::printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
