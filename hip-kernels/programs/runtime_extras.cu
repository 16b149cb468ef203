// runtime_extras.cu - The runtime calls of newer or more specialised CUDA
// code, each used the way real code uses it and checked:
//   occupancy   cudaOccupancyMaxPotentialBlockSize picks the launch
//   stream-ordered allocation   cudaMallocAsync / cudaFreeAsync around a
//               kernel in a stream
//   registered host memory   cudaHostRegister on a malloc'd buffer, copies
//               from it, cudaPointerGetAttributes, cudaHostUnregister (twice)
//   managed memory hints   cudaMemPrefetchAsync / cudaMemAdvise /
//               cudaStreamAttachMemAsync on managed memory, prefetch of
//               memory that is not managed
//   cudaMemset2D on pitched memory, cudaMallocPitch on a typed pointer
//   stream priorities, cudaEventRecordWithFlags, cudaStreamAddCallback
//   with a CUDART_CB callback, device flags, the profiler calls
//   symbols through the template forms (cudaGetSymbolSize,
//   cudaMemcpyFromSymbolAsync)
// Only what any CUDA device must answer the same is printed.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <vector>

// CUDA 13 names the device of a prefetch or an advice by a cudaMemLocation;
// CUDA 12, the API these headers give, by its number.
#if CUDART_VERSION >= 13000
static cudaMemLocation onDevice(int device) {
  cudaMemLocation location = {};
  location.type = cudaMemLocationTypeDevice;
  location.id = device;
  return location;
}
#else
static int onDevice(int device) { return device; }
#endif

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,     \
              cudaGetErrorString(status_));                                    \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

static bool allPassed = true;

static void verdict(const char *what, bool ok) {
  printf("%-44s %s\n", what, ok ? "OK" : "MISMATCH");
  allPassed = allPassed && ok;
}

__device__ long long d_total;

__global__ void axpy(float a, const float *__restrict__ x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void sumInto(const int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd((unsigned long long *)&d_total, (unsigned long long)values[i]);
}

__global__ void scaleRows(int *rows, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  if (x < width && y < height) {
    int *row = (int *)((char *)rows + y * pitch);
    row[x] = row[x] * 2 + y;
  }
}

static void CUDART_CB recordCall(cudaStream_t, cudaError_t status,
                                 void *userData) {
  *(int *)userData = status == cudaSuccess ? 1 : -1;
}

static void occupancy() {
  const int n = 50000;
  int minGrid = 0, block = 0;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, axpy));
  verdict("occupancy: block a multiple of 32", block > 0 && block % 32 == 0);
  verdict("occupancy: grid that fills the device", minGrid >= 1);
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 100);
    y[i] = (float)(i % 7);
  }
  float *dx, *dy;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  axpy<<<(n + block - 1) / block, block>>>(3.0f, dx, dy, n);
  CHECK(cudaGetLastError());
  std::vector<float> out(n);
  CHECK(cudaMemcpy(out.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && out[i] == 3.0f * x[i] + y[i];
  verdict("occupancy: axpy with that block size", ok);
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));
}

static void streamOrderedAllocation() {
  const int n = 4096;
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  int *values = nullptr;
  CHECK(cudaMallocAsync(&values, n * sizeof(int), stream));
  std::vector<int> host(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    host[i] = i * 3 - 1000;
    expected += host[i];
  }
  long long zero = 0;
  CHECK(cudaMemcpyToSymbolAsync(d_total, &zero, sizeof(zero), 0,
                                cudaMemcpyHostToDevice, stream));
  CHECK(cudaMemcpyAsync(values, host.data(), n * sizeof(int),
                        cudaMemcpyHostToDevice, stream));
  sumInto<<<n / 256, 256, 0, stream>>>(values, n);
  CHECK(cudaGetLastError());
  CHECK(cudaFreeAsync(values, stream));
  long long total = 0;
  CHECK(cudaMemcpyFromSymbolAsync(&total, d_total, sizeof(total), 0,
                                  cudaMemcpyDeviceToHost, stream));
  CHECK(cudaStreamSynchronize(stream));
  verdict("cudaMallocAsync/cudaFreeAsync around a kernel", total == expected);
  size_t size = 0;
  CHECK(cudaGetSymbolSize(&size, d_total));
  verdict("cudaGetSymbolSize", size == sizeof(long long));
  CHECK(cudaStreamDestroy(stream));
}

static void registeredHostMemory() {
  const int n = 10000;
  float *host = (float *)malloc(n * sizeof(float));
  for (int i = 0; i < n; ++i)
    host[i] = (float)i;
  CHECK(cudaHostRegister(host, n * sizeof(float), cudaHostRegisterDefault));
  cudaPointerAttributes attributes;
  CHECK(cudaPointerGetAttributes(&attributes, host + 5));
  verdict("registered memory is host memory",
          attributes.type == cudaMemoryTypeHost);
  float *device;
  CHECK(cudaMalloc(&device, n * sizeof(float)));
  CHECK(cudaMemcpyAsync(device, host, n * sizeof(float),
                        cudaMemcpyHostToDevice, 0));
  CHECK(cudaStreamSynchronize(0)); // the copy reads host memory until then
  memset(host, 0, n * sizeof(float));
  CHECK(cudaMemcpy(host, device, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && host[i] == (float)i;
  verdict("copies through registered memory", ok);
  CHECK(cudaHostUnregister(host));
  cudaError_t again = cudaHostUnregister(host);
  printf("cudaHostUnregister again: %s\n", cudaGetErrorName(again));
  cudaGetLastError();
  CHECK(cudaFree(device));
  free(host);
}

static void managedMemoryHints() {
  const int n = 2048;
  float *managed, *device;
  CHECK(cudaMallocManaged(&managed, n * sizeof(float)));
  CHECK(cudaMalloc(&device, n * sizeof(float)));
  int dev;
  CHECK(cudaGetDevice(&dev));
  for (int i = 0; i < n; ++i)
    managed[i] = 1.0f;
  CHECK(cudaMemAdvise(managed, n * sizeof(float),
                      cudaMemAdviseSetPreferredLocation, onDevice(dev)));
  CHECK(cudaMemPrefetchAsync(managed, n * sizeof(float), onDevice(dev), 0));
  CHECK(cudaStreamAttachMemAsync(0, managed, 0, cudaMemAttachGlobal));
  CHECK(cudaMemcpy(device, managed, n * sizeof(float),
                   cudaMemcpyDeviceToDevice));
  axpy<<<n / 128, 128>>>(2.0f, device, managed, n);
  CHECK(cudaDeviceSynchronize());
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && managed[i] == 3.0f;
  verdict("managed memory after hints", ok);
  CHECK(cudaFree(managed));
  CHECK(cudaFree(device));
}

static void pitchedMemset() {
  const int width = 37, height = 11;
  int *rows;
  size_t pitch;
  CHECK(cudaMallocPitch(&rows, &pitch, width * sizeof(int), height));
  verdict("pitch covers a row", pitch >= width * sizeof(int));
  CHECK(cudaMemset2D(rows, pitch, 0x01, width * sizeof(int), height));
  dim3 grid((width + 31) / 32, height);
  scaleRows<<<grid, 32>>>(rows, pitch, width, height);
  CHECK(cudaGetLastError());
  std::vector<int> out(width * height);
  CHECK(cudaMemcpy2D(out.data(), width * sizeof(int), rows, pitch,
                     width * sizeof(int), height, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      ok = ok && out[y * width + x] == 0x01010101 * 2 + y;
  verdict("cudaMemset2D, then a 2D kernel", ok);
  CHECK(cudaFree(rows));
}

static void streamsEventsAndFlags() {
  int least = 0, greatest = 0;
  CHECK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  verdict("priority range (greatest is numerically lowest)",
          greatest <= least);
  cudaStream_t stream;
  CHECK(cudaStreamCreateWithPriority(&stream, cudaStreamDefault, greatest));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  CHECK(cudaEventRecordWithFlags(start, stream, cudaEventRecordDefault));
  int called = 0;
  CHECK(cudaStreamAddCallback(stream, recordCall, &called, 0));
  CHECK(cudaEventRecordWithFlags(stop, stream));
  CHECK(cudaEventSynchronize(stop));
  float ms = -1.0f;
  CHECK(cudaEventElapsedTime(&ms, start, stop));
  fprintf(stderr, "callback stream: %.3f ms\n", ms);
  verdict("callback ran, event times it", called == 1 && ms >= 0.0f);
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  CHECK(cudaStreamDestroy(stream));

  unsigned flags = 0;
  CHECK(cudaGetDeviceFlags(&flags));
  verdict("device flags readable", true);
  CHECK(cudaProfilerStart());
  CHECK(cudaProfilerStop());
  verdict("profiler start/stop", true);
}

static void prefetchOfDeviceMemory() {
  float *device;
  CHECK(cudaMalloc(&device, 1024));
  int dev;
  CHECK(cudaGetDevice(&dev));
  cudaError_t status = cudaMemPrefetchAsync(device, 1024, onDevice(dev), 0);
  printf("cudaMemPrefetchAsync of device memory: %s\n",
         cudaGetErrorName(status));
  cudaGetLastError();
  CHECK(cudaFree(device));
}

int main() {
  printf("cudaSetDeviceFlags before any other call: %s\n",
         cudaGetErrorName(cudaSetDeviceFlags(cudaDeviceScheduleAuto)));
  CHECK(cudaSetDevice(0));
  occupancy();
  streamOrderedAllocation();
  registeredHostMemory();
  managedMemoryHints();
  pitchedMemset();
  streamsEventsAndFlags();
  prefetchOfDeviceMemory();
  printf("Result = %s\n", allPassed ? "PASS" : "FAIL");
  return allPassed ? EXIT_SUCCESS : EXIT_FAILURE;
}
