// runtime_api_probe.cu - Records what the CUDA runtime answers to edge cases
// of its API, one line per probe, so that another implementation of the
// runtime can be compared with it line by line. Only deterministic things
// are printed: the cudaGetErrorName of each result and details such as
// whether a pointer is NULL. Sections:
//   probes       allocation, free, memcpy, device selection, events,
//                streams, launch configuration limits, symbols, the
//                last-error state, cudaLaunchKernel with a non-kernel
//   error codes  every code 0..1000 whose cudaGetErrorName is not
//                "unrecognized error code": code, name, string
//   assert       last, since it poisons the context: a kernel that fails a
//                device assert(), and what the runtime answers afterwards
// Build with nvcc only (device assert); run: ./probe > expected.txt. The
// assert message the device prints goes to stderr.
#include <cuda_runtime.h>
#include <cassert>
#include <cstdio>
#include <cstdlib>
#include <cstring>

__device__ int d_symbol[4];
__constant__ float c_symbol[8];

__global__ void noop() {}

__global__ void writeValue(int *out, int value) {
  if (threadIdx.x == 0 && blockIdx.x == 0) *out = value;
}

__global__ void useDynamicShared(int *out) {
  extern __shared__ int dyn[];
  dyn[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) *out = dyn[blockDim.x - 1];
}

__global__ void staticShared(int *out) {
  __shared__ int buffer[1024];  // 4096 bytes
  buffer[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = buffer[1023 - threadIdx.x];
}

__global__ void failingAssert(int value) {
  assert(value == 0);
}

static void hostFunction() {}

static const char *name(cudaError_t e) { return cudaGetErrorName(e); }

static void line(const char *probe, cudaError_t e) { printf("%s: %s\n", probe, name(e)); }

static void lastErrors(const char *after) {
  const cudaError_t first = cudaGetLastError();
  const cudaError_t second = cudaGetLastError();
  printf("%s: cudaGetLastError -> %s, then -> %s\n", after, name(first), name(second));
}

int main() {
  setvbuf(stdout, nullptr, _IOLBF, 0);  // keep every line if a probe crashes
  printf("== probes\n");
  int count = -1;
  line("cudaGetDeviceCount", cudaGetDeviceCount(&count));
  printf("cudaGetDeviceCount: count>=1 %s\n", count >= 1 ? "yes" : "no");
  line("cudaFree(nullptr) as the first call", cudaFree(nullptr));

  int attr = 0;
  const struct {
    const char *label;
    cudaDeviceAttr attr;
  } attrs[] = {{"warpSize", cudaDevAttrWarpSize},
               {"maxThreadsPerBlock", cudaDevAttrMaxThreadsPerBlock},
               {"maxBlockDimX", cudaDevAttrMaxBlockDimX},
               {"maxBlockDimY", cudaDevAttrMaxBlockDimY},
               {"maxBlockDimZ", cudaDevAttrMaxBlockDimZ},
               {"maxGridDimX", cudaDevAttrMaxGridDimX},
               {"maxGridDimY", cudaDevAttrMaxGridDimY},
               {"maxGridDimZ", cudaDevAttrMaxGridDimZ},
               {"maxSharedMemoryPerBlock", cudaDevAttrMaxSharedMemoryPerBlock}};
  for (const auto &a : attrs) {
    attr = -1;
    const cudaError_t e = cudaDeviceGetAttribute(&attr, a.attr, 0);
    printf("cudaDeviceGetAttribute(%s): %s value=%d\n", a.label, name(e), attr);
  }

  // Allocation and free.
  void *p = (void *)0x1;
  cudaError_t e = cudaMalloc(&p, 0);
  printf("cudaMalloc(0 bytes): %s pointer=%s\n", name(e), p == nullptr ? "NULL" : "non-NULL");
  if (p != nullptr && p != (void *)0x1) line("cudaFree(that pointer)", cudaFree(p));
  lastErrors("after cudaMalloc(0)");

  line("cudaFree(nullptr)", cudaFree(nullptr));

  void *host = malloc(64);
  line("cudaFree(host malloc pointer)", cudaFree(host));
  lastErrors("after cudaFree(host pointer)");
  free(host);

  void *dev = nullptr;
  line("cudaMalloc(256)", cudaMalloc(&dev, 256));
  line("cudaFree(device pointer) first time", cudaFree(dev));
  line("cudaFree(device pointer) second time", cudaFree(dev));
  lastErrors("after double cudaFree");

  void *huge = (void *)0x1;
  e = cudaMalloc(&huge, (size_t)1 << 50);
  printf("cudaMalloc(2^50 bytes): %s pointer=%s\n", name(e), huge == nullptr ? "NULL" : "non-NULL");
  lastErrors("after cudaMalloc(2^50)");

  int *d_int = nullptr;
  line("cudaMalloc(64 ints)", cudaMalloc(&d_int, 64 * sizeof(int)));
  int hostInts[64] = {0};
  line("cudaMemcpy(kind=7)", cudaMemcpy(d_int, hostInts, sizeof(hostInts), (cudaMemcpyKind)7));
  lastErrors("after cudaMemcpy(kind=7)");
  line("cudaMemcpy(0 bytes, null pointers)", cudaMemcpy(nullptr, nullptr, 0, cudaMemcpyHostToDevice));
  line("cudaMemcpy(16 bytes to nullptr, HostToDevice)",
       cudaMemcpy(nullptr, hostInts, 16, cudaMemcpyHostToDevice));
  lastErrors("after cudaMemcpy to nullptr");
  line("cudaMemcpy(cudaMemcpyDefault, host to device)",
       cudaMemcpy(d_int, hostInts, sizeof(hostInts), cudaMemcpyDefault));
  line("cudaMemset(nullptr, 0, 16)", cudaMemset(nullptr, 0, 16));
  lastErrors("after cudaMemset(nullptr)");

  // Devices.
  line("cudaSetDevice(99)", cudaSetDevice(99));
  lastErrors("after cudaSetDevice(99)");
  line("cudaSetDevice(-1)", cudaSetDevice(-1));
  lastErrors("after cudaSetDevice(-1)");
  int current = -1;
  line("cudaGetDevice", cudaGetDevice(&current));
  printf("cudaGetDevice: device=%d\n", current);
  cudaDeviceProp prop;
  line("cudaGetDeviceProperties(99)", cudaGetDeviceProperties(&prop, 99));
  lastErrors("after cudaGetDeviceProperties(99)");

  // Events.
  cudaEvent_t a, b, untimedA, untimedB;
  line("cudaEventCreate", cudaEventCreate(&a));
  cudaEventCreate(&b);
  line("cudaEventQuery(never recorded)", cudaEventQuery(a));
  line("cudaEventSynchronize(never recorded)", cudaEventSynchronize(a));
  float ms = -1.f;
  line("cudaEventElapsedTime(neither recorded)", cudaEventElapsedTime(&ms, a, b));
  lastErrors("after cudaEventElapsedTime(neither recorded)");
  cudaEventRecord(a, 0);
  cudaEventSynchronize(a);
  line("cudaEventElapsedTime(end never recorded)", cudaEventElapsedTime(&ms, a, b));
  lastErrors("after cudaEventElapsedTime(end never recorded)");
  line("cudaEventElapsedTime(start never recorded)", cudaEventElapsedTime(&ms, b, a));
  lastErrors("after cudaEventElapsedTime(start never recorded)");
  cudaEventRecord(b, 0);
  cudaEventSynchronize(b);
  e = cudaEventElapsedTime(&ms, a, b);
  printf("cudaEventElapsedTime(both recorded): %s ms>=0 %s\n", name(e), ms >= 0.f ? "yes" : "no");
  e = cudaEventElapsedTime(&ms, b, a);
  printf("cudaEventElapsedTime(reversed order): %s\n", name(e));
  lastErrors("after cudaEventElapsedTime(reversed order)");
  line("cudaEventCreateWithFlags(cudaEventDisableTiming)",
       cudaEventCreateWithFlags(&untimedA, cudaEventDisableTiming));
  cudaEventCreateWithFlags(&untimedB, cudaEventDisableTiming);
  cudaEventRecord(untimedA, 0);
  cudaEventRecord(untimedB, 0);
  cudaEventSynchronize(untimedB);
  line("cudaEventQuery(recorded, complete)", cudaEventQuery(untimedB));
  line("cudaEventElapsedTime(DisableTiming events)", cudaEventElapsedTime(&ms, untimedA, untimedB));
  lastErrors("after cudaEventElapsedTime(DisableTiming)");
  line("cudaEventElapsedTime(timed start, DisableTiming end)",
       cudaEventElapsedTime(&ms, a, untimedB));
  lastErrors("after cudaEventElapsedTime(mixed)");
  line("cudaEventElapsedTime(null ms pointer)", cudaEventElapsedTime(nullptr, a, b));
  lastErrors("after cudaEventElapsedTime(null ms)");
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  cudaEventDestroy(untimedA);
  cudaEventDestroy(untimedB);

  // Streams.
  cudaStream_t stream;
  line("cudaStreamCreate", cudaStreamCreate(&stream));
  line("cudaStreamQuery(new stream)", cudaStreamQuery(stream));
  line("cudaStreamQuery(default stream 0)", cudaStreamQuery(0));
  line("cudaStreamSynchronize(new stream)", cudaStreamSynchronize(stream));
  line("cudaStreamDestroy", cudaStreamDestroy(stream));

  // Launch configuration.
  noop<<<1, 0>>>();
  lastErrors("launch <<<1, 0>>>");
  noop<<<0, 1>>>();
  lastErrors("launch <<<0, 1>>>");
  noop<<<1, 1025>>>();
  lastErrors("launch <<<1, 1025>>>");
  noop<<<1, 1024>>>();
  lastErrors("launch <<<1, 1024>>>");
  noop<<<1, dim3(1024, 2, 1)>>>();
  lastErrors("launch <<<1, (1024,2,1)>>>");
  noop<<<1, dim3(1, 1, 65)>>>();
  lastErrors("launch <<<1, (1,1,65)>>>");
  noop<<<dim3(1, 65536, 1), 1>>>();
  lastErrors("launch <<<(1,65536,1), 1>>>");
  noop<<<dim3(1, 65535, 1), 1>>>();
  lastErrors("launch <<<(1,65535,1), 1>>>");
  noop<<<dim3(1, 1, 65536), 1>>>();
  lastErrors("launch <<<(1,1,65536), 1>>>");
  line("cudaDeviceSynchronize after the launches", cudaDeviceSynchronize());

  useDynamicShared<<<1, 32, 64 * 1024>>>(d_int);
  lastErrors("launch with 64 KiB dynamic shared memory, no opt-in");
  useDynamicShared<<<1, 32, 48 * 1024>>>(d_int);
  lastErrors("launch with 48 KiB dynamic shared memory");
  line("cudaFuncSetAttribute(MaxDynamicSharedMemorySize, 65536)",
       cudaFuncSetAttribute(useDynamicShared, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536));
  useDynamicShared<<<1, 32, 64 * 1024>>>(d_int);
  lastErrors("launch with 64 KiB dynamic shared memory after opt-in");
  line("cudaDeviceSynchronize", cudaDeviceSynchronize());

  cudaFuncAttributes fattr;
  memset(&fattr, 0, sizeof(fattr));
  e = cudaFuncGetAttributes(&fattr, staticShared);
  printf("cudaFuncGetAttributes(staticShared): %s sharedSizeBytes=%zu\n", name(e),
         fattr.sharedSizeBytes);
  line("cudaFuncGetAttributes(host function)",
       cudaFuncGetAttributes(&fattr, (const void *)hostFunction));
  lastErrors("after cudaFuncGetAttributes(host function)");

  // Peek versus get.
  noop<<<1, 1025>>>();
  const cudaError_t peek1 = cudaPeekAtLastError();
  const cudaError_t peek2 = cudaPeekAtLastError();
  const cudaError_t get1 = cudaGetLastError();
  const cudaError_t peek3 = cudaPeekAtLastError();
  const cudaError_t get2 = cudaGetLastError();
  printf("after an invalid launch: peek -> %s, peek -> %s, get -> %s, peek -> %s, get -> %s\n",
         name(peek1), name(peek2), name(get1), name(peek3), name(get2));
  line("cudaSetDevice(99), then cudaDeviceSynchronize", cudaSetDevice(99));
  line("cudaDeviceSynchronize after cudaSetDevice(99)", cudaDeviceSynchronize());
  lastErrors("after cudaSetDevice(99) and cudaDeviceSynchronize");

  // Symbols.
  int values[4] = {1, 2, 3, 4};
  line("cudaMemcpyToSymbol(d_symbol, 16 bytes)", cudaMemcpyToSymbol(d_symbol, values, 16));
  line("cudaMemcpyToSymbol(d_symbol, 16 bytes, offset 8)",
       cudaMemcpyToSymbol(d_symbol, values, 16, 8));
  lastErrors("after cudaMemcpyToSymbol past the end");
  line("cudaMemcpyToSymbol(d_symbol, 8 bytes, offset 8)", cudaMemcpyToSymbol(d_symbol, values, 8, 8));
  line("cudaMemcpyToSymbol(d_symbol, 20 bytes)", cudaMemcpyToSymbol(d_symbol, values, 20));
  lastErrors("after cudaMemcpyToSymbol of 20 bytes");
  int readBack[4] = {0, 0, 0, 0};
  line("cudaMemcpyFromSymbol(d_symbol)", cudaMemcpyFromSymbol(readBack, d_symbol, 16));
  printf("cudaMemcpyFromSymbol(d_symbol): values %d %d %d %d\n", readBack[0], readBack[1],
         readBack[2], readBack[3]);
  int notASymbol = 0;
  line("cudaMemcpyToSymbol(host variable)", cudaMemcpyToSymbol(notASymbol, values, 4));
  lastErrors("after cudaMemcpyToSymbol(host variable)");
  line("cudaMemcpyToSymbol(device pointer from cudaMalloc)",
       cudaMemcpyToSymbol((const void *)d_int, values, 4, 0, cudaMemcpyHostToDevice));
  lastErrors("after cudaMemcpyToSymbol(device pointer)");
  line("cudaMemcpyToSymbol(d_symbol, kind=DeviceToHost)",
       cudaMemcpyToSymbol(d_symbol, values, 4, 0, cudaMemcpyDeviceToHost));
  lastErrors("after cudaMemcpyToSymbol(kind=DeviceToHost)");
  float cvals[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  line("cudaMemcpyToSymbol(c_symbol, 32 bytes)", cudaMemcpyToSymbol(c_symbol, cvals, 32));
  void *symAddr = nullptr;
  e = cudaGetSymbolAddress(&symAddr, d_symbol);
  printf("cudaGetSymbolAddress(d_symbol): %s pointer=%s\n", name(e),
         symAddr == nullptr ? "NULL" : "non-NULL");
  if (e == cudaSuccess) {
    writeValue<<<1, 1>>>((int *)symAddr, 42);
    line("kernel writes through that address", cudaDeviceSynchronize());
    line("cudaMemcpyFromSymbol", cudaMemcpyFromSymbol(readBack, d_symbol, 4));
    printf("cudaMemcpyFromSymbol: d_symbol[0]=%d\n", readBack[0]);
  }
  e = cudaGetSymbolAddress(&symAddr, c_symbol);
  printf("cudaGetSymbolAddress(c_symbol): %s\n", name(e));
  symAddr = (void *)0x1;
  e = cudaGetSymbolAddress(&symAddr, notASymbol);
  printf("cudaGetSymbolAddress(host variable): %s\n", name(e));
  lastErrors("after cudaGetSymbolAddress(host variable)");

  // cudaLaunchKernel.
  int value = 7;
  void *args[] = {&d_int, &value};
  line("cudaLaunchKernel(writeValue)",
       cudaLaunchKernel((const void *)writeValue, dim3(1), dim3(1), args, 0, 0));
  line("cudaDeviceSynchronize", cudaDeviceSynchronize());
  int got = 0;
  cudaMemcpy(&got, d_int, sizeof(int), cudaMemcpyDeviceToHost);
  printf("cudaLaunchKernel(writeValue): wrote %d\n", got);
  line("cudaLaunchKernel(host function)",
       cudaLaunchKernel((const void *)hostFunction, dim3(1), dim3(1), args, 0, 0));
  lastErrors("after cudaLaunchKernel(host function)");
  line("cudaLaunchKernel(nullptr)", cudaLaunchKernel((const void *)nullptr, dim3(1), dim3(1), args, 0, 0));
  lastErrors("after cudaLaunchKernel(nullptr)");
  line("cudaLaunchKernel(writeValue, 1025 threads)",
       cudaLaunchKernel((const void *)writeValue, dim3(1), dim3(1025), args, 0, 0));
  lastErrors("after cudaLaunchKernel(1025 threads)");
  line("cudaFree(d_int)", cudaFree(d_int));
  line("cudaDeviceSynchronize before the error-code table", cudaDeviceSynchronize());

  printf("== error codes\n");
  for (int code = 0; code <= 1000; ++code) {
    const char *n = cudaGetErrorName((cudaError_t)code);
    if (n == nullptr || strcmp(n, "unrecognized error code") == 0) continue;
    printf("%d %s %s\n", code, n, cudaGetErrorString((cudaError_t)code));
  }
  printf("name of code 1001: %s\n", cudaGetErrorName((cudaError_t)1001));
  printf("string of code 1001: %s\n", cudaGetErrorString((cudaError_t)1001));
  lastErrors("after the error-code table");

  printf("== assert\n");
  int *d_before = nullptr;
  line("cudaMalloc before the assert", cudaMalloc(&d_before, 16));
  failingAssert<<<1, 32>>>(1);
  lastErrors("launch of a kernel that fails assert");
  line("cudaDeviceSynchronize", cudaDeviceSynchronize());
  line("cudaDeviceSynchronize again", cudaDeviceSynchronize());
  line("cudaPeekAtLastError", cudaPeekAtLastError());
  lastErrors("then");
  int *d_after = nullptr;
  e = cudaMalloc(&d_after, 16);
  printf("cudaMalloc after the assert: %s pointer=%s\n", name(e),
         d_after == nullptr ? "NULL" : "non-NULL");
  line("cudaMemcpy after the assert", cudaMemcpy(hostInts, d_before, 16, cudaMemcpyDeviceToHost));
  line("cudaFree after the assert", cudaFree(d_before));
  noop<<<1, 1>>>();
  lastErrors("a launch after the assert");
  line("cudaGetDeviceCount after the assert", cudaGetDeviceCount(&count));
  line("cudaDeviceReset", cudaDeviceReset());
  lastErrors("after cudaDeviceReset");
  e = cudaMalloc(&d_after, 16);
  printf("cudaMalloc after cudaDeviceReset: %s\n", name(e));
  noop<<<1, 1>>>();
  lastErrors("a launch after cudaDeviceReset");
  line("cudaDeviceSynchronize after cudaDeviceReset", cudaDeviceSynchronize());
  printf("== end\n");
  return 0;
}
