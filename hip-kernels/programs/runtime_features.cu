// runtime_features.cu - The parts of the CUDA runtime API that real programs
// use beyond cudaMalloc/cudaMemcpy/<<<>>>, each checked against the CPU:
//   1. cudaDeviceGetAttribute(cudaDevAttrWarpSize), cudaMemGetInfo and the
//      driver and runtime versions (only their relations are printed)
//   2. cudaMallocManaged: the host writes, a kernel updates, the host reads
//      after cudaDeviceSynchronize
//   3. cudaMallocPitch with cudaMemcpy2D in both directions (into a host
//      buffer with a wider pitch whose padding must stay untouched) and a
//      2D kernel that walks the rows by the pitch
//   4. cudaLaunchKernel with an argument array (the C form and the
//      template form) on a __launch_bounds__ kernel; cudaFuncGetAttributes
//      and cudaOccupancyMaxActiveBlocksPerMultiprocessor on that kernel
//   5. cudaMemcpyAsync with cudaMemcpyDefault (host to device, device to
//      device, device to host) in a stream
//   6. cudaPointerGetAttributes on device, managed, pinned host and plain
//      malloc memory (only the memory type is printed)
//   7. cudaFuncSetAttribute(cudaFuncAttributeMaxDynamicSharedMemorySize)
//      and a launch with 64 KiB of dynamic extern __shared__ memory,
//      staged and read back across the block after __syncthreads()
//   8. cudaLaunchHostFunc and cudaStreamAddCallback behind a kernel and a
//      copy into pinned memory: they run in order, after the copy
//   9. cudaGetSymbolAddress and cudaGetSymbolSize on a __device__ array
//  10. a grid and a block with x, y and z extents, every thread writing its
//      3D indices
//  11. a kernel taking a struct by value and const __restrict__ pointers
//  12. mapped pinned memory (cudaHostAllocMapped, cudaHostGetDevicePointer)
// Everything is integer arithmetic (or floating point on small integers),
// so the results are exact; the printed lines hold no addresses, pitches,
// timings or device names.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "CUDA error %s (%d) at %s:%d: %s\n",                     \
              cudaGetErrorName(err_), (int)err_, __FILE__, __LINE__, #call);   \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

static bool allOk = true;

static void verdict(const char *what, bool ok) {
  printf("%-52s %s\n", what, ok ? "OK" : "MISMATCH");
  allOk &= ok;
}

static unsigned checksum(const void *data, size_t bytes) {
  const unsigned char *p = static_cast<const unsigned char *>(data);
  unsigned h = 2166136261u;
  for (size_t i = 0; i < bytes; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

static const char *memoryTypeName(cudaMemoryType type) {
  switch (type) {
  case cudaMemoryTypeUnregistered: return "cudaMemoryTypeUnregistered";
  case cudaMemoryTypeHost: return "cudaMemoryTypeHost";
  case cudaMemoryTypeDevice: return "cudaMemoryTypeDevice";
  case cudaMemoryTypeManaged: return "cudaMemoryTypeManaged";
  }
  return "(unknown memory type)";
}

// ---- Kernels --------------------------------------------------------------

__global__ void managedUpdate(int *data, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * 3 + i;
}

__global__ void pitched2D(int *base, size_t pitch, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    int *row = reinterpret_cast<int *>(reinterpret_cast<char *>(base) + y * pitch);
    row[x] = row[x] * 2 + y * 1000 + x;
  }
}

constexpr int kBoundedThreads = 128;

__global__ void __launch_bounds__(kBoundedThreads, 2)
    scaleAdd(unsigned *data, int n, unsigned scale, unsigned add) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    data[i] = data[i] * scale + add;
}

constexpr int kDynamicBytes = 64 * 1024;
constexpr int kDynamicInts = kDynamicBytes / (int)sizeof(int);
constexpr int kDynamicThreads = 256;

// Each block stages kDynamicInts ints in dynamic shared memory (no static
// shared memory: on AMD GPUs all 64 KiB of a workgroup's LDS are needed),
// then every thread reads elements other threads loaded.
__global__ void bigShared(const int *__restrict__ in, int *__restrict__ out) {
  extern __shared__ int staged[];
  const int *src = in + blockIdx.x * kDynamicInts;
  int *dst = out + blockIdx.x * kDynamicInts;
  for (int k = threadIdx.x; k < kDynamicInts; k += blockDim.x) staged[k] = src[k];
  __syncthreads();
  for (int k = threadIdx.x; k < kDynamicInts; k += blockDim.x)
    dst[k] = staged[kDynamicInts - 1 - k] ^ (staged[(k * 769) % kDynamicInts] << 1);
}

__global__ void fillPattern(int *out, int n, int salt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = i * 7 + salt;
}

constexpr int kTableSize = 40;
__device__ int d_table[kTableSize];

__global__ void tableTimesTwo(int *out) {
  const int i = threadIdx.x;
  if (i < kTableSize) out[i] = d_table[i] * 2;
}

__global__ void addThroughPointer(int *table, int n, int add) {
  const int i = threadIdx.x;
  if (i < n) table[i] += add;
}

// Two words per thread: its indices, and the grid's and block's extents.
__global__ void indices3D(unsigned *out) {
  const unsigned block = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  const unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const unsigned linear = block * (blockDim.x * blockDim.y * blockDim.z) + thread;
  out[2 * linear] = blockIdx.x << 20 | blockIdx.y << 16 | blockIdx.z << 12 | threadIdx.x << 8 |
                    threadIdx.y << 4 | threadIdx.z;
  out[2 * linear + 1] = gridDim.x << 20 | gridDim.y << 16 | gridDim.z << 12 | blockDim.x << 8 |
                        blockDim.y << 4 | blockDim.z;
}

// Members of every size, so that the layout and the padding matter.
struct Affine {
  char tag;
  short shift;
  int scale;
  double bias;
  float weights[3];
  unsigned long long salt;
};

__global__ void applyAffine(Affine p, const int *__restrict__ in, const float *__restrict__ extra,
                            long long *__restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (long long)in[i] * p.scale + p.shift + p.tag + (long long)p.bias +
             (long long)(p.weights[i % 3] * extra[i]) + (long long)(p.salt >> (i % 13));
}

__global__ void writeMapped(unsigned *mapped, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) mapped[i] = 0xc0de0000u | (unsigned)i;
}

// ---- Host functions for the stream ---------------------------------------

struct StreamLog {
  const int *pinned;  // what the copy before the host function wrote
  int n;
  int salt;
  int calls;           // incremented by each host function, in order
  int hostFnOrder;     // calls when cudaLaunchHostFunc's function ran
  int callbackOrder;   // calls when cudaStreamAddCallback's function ran
  bool hostFnSawData;  // the copy had completed
  cudaError_t callbackStatus;
};

static void hostFunction(void *userData) {
  StreamLog *log = static_cast<StreamLog *>(userData);
  bool same = true;
  for (int i = 0; i < log->n; ++i) same &= log->pinned[i] == i * 7 + log->salt;
  log->hostFnSawData = same;
  log->hostFnOrder = ++log->calls;
}

static void streamCallback(cudaStream_t, cudaError_t status, void *userData) {
  StreamLog *log = static_cast<StreamLog *>(userData);
  log->callbackStatus = status;
  log->callbackOrder = ++log->calls;
}

int main() {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  fprintf(stderr, "device: %s\n", prop.name);

  // 1. Attributes and versions.
  int warpSize = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&warpSize, cudaDevAttrWarpSize, device));
  printf("cudaDevAttrWarpSize = %d\n", warpSize);
  verdict("warp size is 32", warpSize == 32);
  size_t freeBytes = 0, totalBytes = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeBytes, &totalBytes));
  verdict("cudaMemGetInfo: 0 < free <= total", 0 < freeBytes && freeBytes <= totalBytes);
  int driverVersion = 0, runtimeVersion = 0;
  CUDA_CHECK(cudaDriverGetVersion(&driverVersion));
  CUDA_CHECK(cudaRuntimeGetVersion(&runtimeVersion));
  verdict("driver and runtime versions are positive", driverVersion > 0 && runtimeVersion > 0);

  // 2. Managed memory.
  {
    const int n = 5000;
    int *m = nullptr;
    CUDA_CHECK(cudaMallocManaged(&m, n * sizeof(int)));
    for (int i = 0; i < n; ++i) m[i] = i - 2500;
    managedUpdate<<<(n + 255) / 256, 256>>>(m, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    bool ok = true;
    for (int i = 0; i < n; ++i) ok &= m[i] == (i - 2500) * 3 + i;
    printf("managed: checksum=0x%08x\n", checksum(m, n * sizeof(int)));
    verdict("managed: host writes, kernel updates, host reads", ok);
    CUDA_CHECK(cudaFree(m));
  }

  // 3. Pitched memory and 2D copies.
  {
    const int width = 37, height = 19;
    const size_t rowBytes = width * sizeof(int);
    const int hostStride = width + 5;  // ints per row of the host result
    std::vector<int> src(width * height), dst(hostStride * height, -7);
    for (int i = 0; i < width * height; ++i) src[i] = i * 13 - 4000;
    int *image = nullptr;
    size_t pitch = 0;
    CUDA_CHECK(cudaMallocPitch((void **)&image, &pitch, rowBytes, height));
    verdict("cudaMallocPitch: pitch >= row bytes", pitch >= rowBytes);
    CUDA_CHECK(cudaMemcpy2D(image, pitch, src.data(), rowBytes, rowBytes, height,
                            cudaMemcpyHostToDevice));
    const dim3 block(16, 8);
    const dim3 grid((width + block.x - 1) / block.x, (height + block.y - 1) / block.y);
    pitched2D<<<grid, block>>>(image, pitch, width, height);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy2D(dst.data(), hostStride * sizeof(int), image, pitch, rowBytes, height,
                            cudaMemcpyDeviceToHost));
    bool ok = true, paddingKept = true;
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x)
        ok &= dst[y * hostStride + x] == src[y * width + x] * 2 + y * 1000 + x;
      for (int x = width; x < hostStride; ++x) paddingKept &= dst[y * hostStride + x] == -7;
    }
    printf("pitched: %dx%d ints, checksum=0x%08x\n", width, height,
           checksum(dst.data(), dst.size() * sizeof(int)));
    verdict("pitched: cudaMemcpy2D both ways, 2D kernel", ok);
    verdict("pitched: host padding untouched", paddingKept);
    CUDA_CHECK(cudaFree(image));
  }

  // 4. cudaLaunchKernel, function attributes, occupancy.
  {
    const int n = 3000;
    std::vector<unsigned> host(n);
    for (int i = 0; i < n; ++i) host[i] = (unsigned)i * 2654435761u;
    unsigned *data = nullptr;
    CUDA_CHECK(cudaMalloc(&data, n * sizeof(unsigned)));
    CUDA_CHECK(cudaMemcpy(data, host.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice));
    int count = n;
    unsigned scale = 5u, add = 0x1234u;
    void *args[] = {&data, &count, &scale, &add};
    CUDA_CHECK(cudaLaunchKernel((const void *)scaleAdd, dim3(4), dim3(kBoundedThreads), args, 0,
                                0));
    scale = 3u;
    add = 0xffff0000u;
    CUDA_CHECK(cudaLaunchKernel(scaleAdd, dim3(7), dim3(kBoundedThreads), args));
    std::vector<unsigned> back(n);
    CUDA_CHECK(cudaMemcpy(back.data(), data, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i) ok &= back[i] == (host[i] * 5u + 0x1234u) * 3u + 0xffff0000u;
    printf("cudaLaunchKernel: checksum=0x%08x\n", checksum(back.data(), n * sizeof(unsigned)));
    verdict("cudaLaunchKernel with an argument array, twice", ok);

    cudaFuncAttributes attributes;
    const cudaError_t attrStatus = cudaFuncGetAttributes(&attributes, scaleAdd);
    printf("cudaFuncGetAttributes(scaleAdd) = %s\n", cudaGetErrorName(attrStatus));
    verdict("maxThreadsPerBlock >= the launch's 128",
            attrStatus == cudaSuccess && attributes.maxThreadsPerBlock >= kBoundedThreads);
    int blocksPerSM = 0;
    const cudaError_t occStatus =
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, scaleAdd, kBoundedThreads, 0);
    printf("cudaOccupancyMaxActiveBlocksPerMultiprocessor = %s\n", cudaGetErrorName(occStatus));
    verdict("active blocks per multiprocessor >= 1", occStatus == cudaSuccess && blocksPerSM >= 1);
    CUDA_CHECK(cudaFree(data));
  }

  // 5. cudaMemcpyAsync with cudaMemcpyDefault, and 6. pointer attributes.
  {
    const int n = 4096;
    const size_t bytes = n * sizeof(int);
    int *pinnedIn = nullptr, *pinnedOut = nullptr, *devA = nullptr, *devB = nullptr;
    int *managed = nullptr;
    CUDA_CHECK(cudaMallocHost(&pinnedIn, bytes));
    CUDA_CHECK(cudaMallocHost(&pinnedOut, bytes));
    CUDA_CHECK(cudaMalloc(&devA, bytes));
    CUDA_CHECK(cudaMalloc(&devB, bytes));
    CUDA_CHECK(cudaMallocManaged(&managed, bytes));
    int *plain = static_cast<int *>(malloc(bytes));
    for (int i = 0; i < n; ++i) pinnedIn[i] = i ^ 0x5a5a;
    for (int i = 0; i < n; ++i) pinnedOut[i] = -1;
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreate(&stream));
    CUDA_CHECK(cudaMemcpyAsync(devA, pinnedIn, bytes, cudaMemcpyDefault, stream));
    CUDA_CHECK(cudaMemcpyAsync(devB, devA, bytes, cudaMemcpyDefault, stream));
    CUDA_CHECK(cudaMemcpyAsync(pinnedOut, devB, bytes, cudaMemcpyDefault, stream));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    verdict("cudaMemcpyAsync(cudaMemcpyDefault): H->D->D->H",
            memcmp(pinnedIn, pinnedOut, bytes) == 0);

    const struct {
      const char *what;
      const void *ptr;
    } pointers[] = {{"cudaMalloc", devA},
                    {"cudaMallocManaged", managed},
                    {"cudaMallocHost", pinnedIn},
                    {"malloc", plain}};
    for (const auto &p : pointers) {
      cudaPointerAttributes attributes;
      memset(&attributes, 0, sizeof(attributes));
      const cudaError_t status = cudaPointerGetAttributes(&attributes, p.ptr);
      if (status == cudaSuccess)
        printf("cudaPointerGetAttributes(%s pointer): type = %s\n", p.what,
               memoryTypeName(attributes.type));
      else
        printf("cudaPointerGetAttributes(%s pointer) = %s\n", p.what, cudaGetErrorName(status));
    }
    (void)cudaGetLastError();
    free(plain);
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(managed));
    CUDA_CHECK(cudaFree(devA));
    CUDA_CHECK(cudaFree(devB));
    CUDA_CHECK(cudaFreeHost(pinnedIn));
    CUDA_CHECK(cudaFreeHost(pinnedOut));
  }

  // 7. 64 KiB of dynamic shared memory.
  {
    const int blocks = 3;
    const int n = blocks * kDynamicInts;
    std::vector<int> host(n), back(n);
    for (int i = 0; i < n; ++i) host[i] = (int)((unsigned)i * 2246822519u >> 3);
    int *in = nullptr, *out = nullptr;
    CUDA_CHECK(cudaMalloc(&in, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&out, n * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    // Beyond 48 KiB a launch needs the attribute first.
    bigShared<<<blocks, kDynamicThreads, kDynamicBytes>>>(in, out);
    printf("64 KiB dynamic shared memory without the attribute: launch = %s\n",
           cudaGetErrorName(cudaGetLastError()));
    CUDA_CHECK(
        cudaFuncSetAttribute(bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize, kDynamicBytes));
    bigShared<<<blocks, kDynamicThreads, kDynamicBytes>>>(in, out);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(back.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int b = 0; b < blocks; ++b) {
      const int *src = &host[b * kDynamicInts];
      for (int k = 0; k < kDynamicInts; ++k)
        ok &= back[b * kDynamicInts + k] ==
              (src[kDynamicInts - 1 - k] ^ (src[(k * 769) % kDynamicInts] << 1));
    }
    printf("64 KiB dynamic shared memory: checksum=0x%08x\n",
           checksum(back.data(), n * sizeof(int)));
    verdict("64 KiB dynamic shared memory after the attribute", ok);
    CUDA_CHECK(cudaFree(in));
    CUDA_CHECK(cudaFree(out));
  }

  // 8. Host functions in a stream.
  {
    const int n = 1000, salt = 99;
    int *device = nullptr, *pinned = nullptr;
    CUDA_CHECK(cudaMalloc(&device, n * sizeof(int)));
    CUDA_CHECK(cudaMallocHost(&pinned, n * sizeof(int)));
    for (int i = 0; i < n; ++i) pinned[i] = 0;
    StreamLog log = {pinned, n, salt, 0, 0, 0, false, cudaErrorUnknown};
    cudaStream_t stream;
    CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    fillPattern<<<(n + 127) / 128, 128, 0, stream>>>(device, n, salt);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyAsync(pinned, device, n * sizeof(int), cudaMemcpyDeviceToHost, stream));
    CUDA_CHECK(cudaLaunchHostFunc(stream, hostFunction, &log));
    CUDA_CHECK(cudaStreamAddCallback(stream, streamCallback, &log, 0));
    CUDA_CHECK(cudaStreamSynchronize(stream));
    printf("host function: order %d, saw the copy: %s\n", log.hostFnOrder,
           log.hostFnSawData ? "yes" : "no");
    printf("stream callback: order %d, status %s\n", log.callbackOrder,
           cudaGetErrorName(log.callbackStatus));
    verdict("cudaLaunchHostFunc then cudaStreamAddCallback",
            log.calls == 2 && log.hostFnOrder == 1 && log.hostFnSawData &&
                log.callbackOrder == 2 && log.callbackStatus == cudaSuccess);
    CUDA_CHECK(cudaStreamDestroy(stream));
    CUDA_CHECK(cudaFree(device));
    CUDA_CHECK(cudaFreeHost(pinned));
  }

  // 9. Symbol address and size.
  {
    void *address = nullptr;
    size_t size = 0;
    CUDA_CHECK(cudaGetSymbolAddress(&address, d_table));
    CUDA_CHECK(cudaGetSymbolSize(&size, d_table));
    printf("cudaGetSymbolSize(d_table) = %zu\n", size);
    int host[kTableSize], back[kTableSize], doubled[kTableSize];
    for (int i = 0; i < kTableSize; ++i) host[i] = i * i - 300;
    CUDA_CHECK(cudaMemcpy(address, host, size, cudaMemcpyHostToDevice));
    int *out = nullptr;
    CUDA_CHECK(cudaMalloc(&out, sizeof(doubled)));
    tableTimesTwo<<<1, 64>>>(out);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(doubled, out, sizeof(doubled), cudaMemcpyDeviceToHost));
    addThroughPointer<<<1, 64>>>(static_cast<int *>(address), kTableSize, 11);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyFromSymbol(back, d_table, sizeof(back)));
    bool ok = size == sizeof(host);
    for (int i = 0; i < kTableSize; ++i)
      ok &= doubled[i] == host[i] * 2 && back[i] == host[i] + 11;
    verdict("symbol written through its address, read as d_table", ok);
    CUDA_CHECK(cudaFree(out));
  }

  // 10. A 3D grid of 3D blocks.
  {
    const dim3 grid(3, 2, 4), block(4, 3, 2);
    const unsigned threads = grid.x * grid.y * grid.z * block.x * block.y * block.z;
    unsigned *out = nullptr;
    CUDA_CHECK(cudaMalloc(&out, 2 * threads * sizeof(unsigned)));
    CUDA_CHECK(cudaMemset(out, 0xff, 2 * threads * sizeof(unsigned)));
    indices3D<<<grid, block>>>(out);
    CUDA_CHECK(cudaGetLastError());
    std::vector<unsigned> back(2 * threads);
    CUDA_CHECK(cudaMemcpy(back.data(), out, back.size() * sizeof(unsigned), cudaMemcpyDeviceToHost));
    bool ok = true;
    const unsigned extents = grid.x << 20 | grid.y << 16 | grid.z << 12 | block.x << 8 |
                             block.y << 4 | block.z;
    unsigned linear = 0;
    for (unsigned bz = 0; bz < grid.z; ++bz)
      for (unsigned by = 0; by < grid.y; ++by)
        for (unsigned bx = 0; bx < grid.x; ++bx)
          for (unsigned tz = 0; tz < block.z; ++tz)
            for (unsigned ty = 0; ty < block.y; ++ty)
              for (unsigned tx = 0; tx < block.x; ++tx, ++linear)
                ok &= back[2 * linear] ==
                          (bx << 20 | by << 16 | bz << 12 | tx << 8 | ty << 4 | tz) &&
                      back[2 * linear + 1] == extents;
    printf("3D launch: %u threads, last thread wrote 0x%06x 0x%06x\n", threads,
           back[2 * threads - 2], back[2 * threads - 1]);
    verdict("3D launch: every thread's blockIdx/threadIdx", ok);
    CUDA_CHECK(cudaFree(out));
  }

  // 11. A struct by value.
  {
    const int n = 777;
    Affine p;
    memset(&p, 0, sizeof(p));
    p.tag = 'Q';
    p.shift = -1234;
    p.scale = 37;
    p.bias = 65536.0;
    p.weights[0] = 1.0f;
    p.weights[1] = -2.0f;
    p.weights[2] = 0.5f;
    p.salt = 0x0123456789abcdefull;
    std::vector<int> in(n);
    std::vector<float> extra(n);
    for (int i = 0; i < n; ++i) {
      in[i] = i * 31 - 9000;
      extra[i] = (float)(2 * (i % 50));
    }
    int *dIn = nullptr;
    float *dExtra = nullptr;
    long long *dOut = nullptr;
    CUDA_CHECK(cudaMalloc(&dIn, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dExtra, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dOut, n * sizeof(long long)));
    CUDA_CHECK(cudaMemcpy(dIn, in.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dExtra, extra.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    applyAffine<<<(n + 63) / 64, 64>>>(p, dIn, dExtra, dOut, n);
    CUDA_CHECK(cudaGetLastError());
    std::vector<long long> back(n);
    CUDA_CHECK(cudaMemcpy(back.data(), dOut, n * sizeof(long long), cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; ++i)
      ok &= back[i] == (long long)in[i] * p.scale + p.shift + p.tag + (long long)p.bias +
                           (long long)(p.weights[i % 3] * extra[i]) +
                           (long long)(p.salt >> (i % 13));
    printf("struct by value (%zu bytes): checksum=0x%08x\n", sizeof(Affine),
           checksum(back.data(), n * sizeof(long long)));
    verdict("struct by value, const __restrict__ inputs", ok);
    CUDA_CHECK(cudaFree(dIn));
    CUDA_CHECK(cudaFree(dExtra));
    CUDA_CHECK(cudaFree(dOut));
  }

  // 12. Mapped pinned memory.
  {
    const int n = 2048;
    unsigned *host = nullptr, *mapped = nullptr;
    CUDA_CHECK(cudaHostAlloc(&host, n * sizeof(unsigned), cudaHostAllocMapped));
    for (int i = 0; i < n; ++i) host[i] = 0;
    CUDA_CHECK(cudaHostGetDevicePointer((void **)&mapped, host, 0));
    writeMapped<<<(n + 255) / 256, 256>>>(mapped, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    bool ok = true;
    for (int i = 0; i < n; ++i) ok &= host[i] == (0xc0de0000u | (unsigned)i);
    verdict("mapped pinned memory written by a kernel", ok);
    CUDA_CHECK(cudaFreeHost(host));
  }

  printf("Result = %s\n", allOk ? "PASS" : "FAIL");
  return allOk ? EXIT_SUCCESS : EXIT_FAILURE;
}
