// streams_events.cu - Overlapping copies and kernels with streams:
//   1. pinned host buffers (cudaMallocHost and cudaHostAlloc); the input is
//      split into chunks, each chunk goes through its own stream
//      (cudaMemcpyAsync in, kernel, cudaMemcpyAsync out); events around the
//      whole thing time it (the time goes to stderr only); every stream is
//      synchronized with cudaStreamSynchronize
//   2. a dependency between streams: a non-blocking stream waits
//      (cudaStreamWaitEvent) for an event recorded after a producer kernel
//      in another stream, then consumes its output; cudaMemsetAsync
//   3. the same computation without streams (cudaMemcpy, default stream)
// The chunk kernel stages each block's part of its chunk through __shared__
// memory: after a __syncthreads() every thread reads the element that the
// thread at the mirror position of its block loaded (a block-wise reversal,
// so the data crosses warps), mixes it, and after a second __syncthreads()
// adds its right-hand neighbour's mixed value, the block's last thread its
// first thread's (a block-local rotation).
// It does 32-bit integer arithmetic that wraps, so the results are exact;
// each phase is checked against the CPU and the printed lines hold only
// checksums, verdicts and the status of cudaEventQuery and cudaStreamQuery
// on finished work.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
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

constexpr int ROUNDS = 4;

__host__ __device__ inline unsigned mix(unsigned v, unsigned index) {
  for (int r = 0; r < ROUNDS; ++r) {
    v = v * 1664525u + 1013904223u + index;
    v ^= v >> 15;
  }
  return v;
}

constexpr int BLOCK = 256;

// One block per BLOCK consecutive elements of the chunk (the last block may
// hold fewer: count of them). base is the index of the chunk's first
// element in the whole array.
__global__ void mixKernel(const unsigned *__restrict__ in, unsigned *__restrict__ out, int n,
                          unsigned base) {
  __shared__ unsigned staged[BLOCK];
  __shared__ unsigned mixed[BLOCK];
  const int t = threadIdx.x;
  const int first = blockIdx.x * BLOCK;
  const int count = min(BLOCK, n - first);
  const int i = first + t;
  if (t < count) staged[t] = in[i];
  __syncthreads();
  if (t < count) mixed[t] = mix(staged[count - 1 - t], base + (unsigned)i);
  __syncthreads();
  if (t < count) out[i] = mixed[t] + (mixed[(t + 1) % count] ^ 0x9e3779b9u);
}

// What mixKernel computes for the n elements from in, whose first has index
// base in the whole array (blocks start at multiples of BLOCK from in).
static void mixReference(const unsigned *in, unsigned *out, int n, unsigned base) {
  std::vector<unsigned> mixed(BLOCK);
  for (int first = 0; first < n; first += BLOCK) {
    const int count = n - first < BLOCK ? n - first : BLOCK;
    for (int t = 0; t < count; ++t)
      mixed[t] = mix(in[first + count - 1 - t], base + (unsigned)(first + t));
    for (int t = 0; t < count; ++t)
      out[first + t] = mixed[t] + (mixed[(t + 1) % count] ^ 0x9e3779b9u);
  }
}

// Producer and consumer for phase 2.
__global__ void produce(unsigned *buf, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) buf[i] += (unsigned)i * 3u + 1u;  // buf was zeroed by cudaMemsetAsync
}

__global__ void consume(const unsigned *__restrict__ buf, unsigned *__restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = buf[i] + buf[n - 1 - i];
}

static unsigned checksum(const unsigned *p, size_t n) {
  unsigned h = 2166136261u;
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

int main() {
  const int n = 1 << 17;
  const int numStreams = 4;
  const int chunk = n / numStreams;
  const size_t bytes = n * sizeof(unsigned);

  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  fprintf(stderr, "device: %s, %d SMs, asyncEngineCount=%d\n", prop.name,
          prop.multiProcessorCount, prop.asyncEngineCount);

  unsigned *h_in = nullptr, *h_out = nullptr;
  CUDA_CHECK(cudaMallocHost(&h_in, bytes));
  CUDA_CHECK(cudaHostAlloc(&h_out, bytes, cudaHostAllocDefault));
  for (int i = 0; i < n; ++i) h_in[i] = (unsigned)i * 2654435761u;
  for (int i = 0; i < n; ++i) h_out[i] = 0xdeadbeefu;

  // The chunks start at multiples of BLOCK, so the blocks of phase 1 (one
  // grid per chunk) and of phase 3 (one grid for everything) are the same.
  static_assert(chunk % BLOCK == 0, "a chunk is a whole number of blocks");
  std::vector<unsigned> want(n);
  mixReference(h_in, want.data(), n, 0u);

  unsigned *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, bytes));
  CUDA_CHECK(cudaMalloc(&d_out, bytes));

  cudaStream_t streams[numStreams];
  for (int s = 0; s < numStreams; ++s) CUDA_CHECK(cudaStreamCreate(&streams[s]));
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));

  // Phase 1: chunks in streams.
  CUDA_CHECK(cudaEventRecord(start, 0));
  for (int s = 0; s < numStreams; ++s) {
    const int offset = s * chunk;
    CUDA_CHECK(cudaMemcpyAsync(d_in + offset, h_in + offset, chunk * sizeof(unsigned),
                               cudaMemcpyHostToDevice, streams[s]));
    mixKernel<<<(chunk + BLOCK - 1) / BLOCK, BLOCK, 0, streams[s]>>>(d_in + offset,
                                                                    d_out + offset, chunk,
                                                                    (unsigned)offset);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpyAsync(h_out + offset, d_out + offset, chunk * sizeof(unsigned),
                               cudaMemcpyDeviceToHost, streams[s]));
  }
  CUDA_CHECK(cudaEventRecord(stop, 0));
  CUDA_CHECK(cudaEventSynchronize(stop));
  for (int s = 0; s < numStreams; ++s) CUDA_CHECK(cudaStreamSynchronize(streams[s]));
  float ms = 0.f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  fprintf(stderr, "phase 1: %d streams, %.3f ms\n", numStreams, ms);

  bool phase1 = true;
  for (int i = 0; i < n; ++i) phase1 &= h_out[i] == want[i];
  printf("phase 1: %d streams x %d elements: checksum=0x%08x %s\n", numStreams, chunk,
         checksum(h_out, n), phase1 ? "OK" : "MISMATCH");
  printf("phase 1: cudaEventQuery(stop) after synchronize = %s\n",
         cudaGetErrorName(cudaEventQuery(stop)));
  bool queriesOk = true;
  for (int s = 0; s < numStreams; ++s) queriesOk &= cudaStreamQuery(streams[s]) == cudaSuccess;
  printf("phase 1: cudaStreamQuery of every stream after synchronize = %s\n",
         queriesOk ? "cudaSuccess" : "not cudaSuccess");

  // Phase 2: producer in streams[0], consumer in a non-blocking stream that
  // waits for an event.
  cudaStream_t consumerStream;
  CUDA_CHECK(cudaStreamCreateWithFlags(&consumerStream, cudaStreamNonBlocking));
  cudaEvent_t produced;
  CUDA_CHECK(cudaEventCreateWithFlags(&produced, cudaEventDisableTiming));
  unsigned *d_buf = nullptr;
  CUDA_CHECK(cudaMalloc(&d_buf, bytes));
  CUDA_CHECK(cudaMemsetAsync(d_buf, 0, bytes, streams[0]));
  produce<<<(n + 511) / 512, 512, 0, streams[0]>>>(d_buf, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaEventRecord(produced, streams[0]));
  CUDA_CHECK(cudaStreamWaitEvent(consumerStream, produced, 0));
  consume<<<(n + 511) / 512, 512, 0, consumerStream>>>(d_buf, d_out, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, consumerStream));
  CUDA_CHECK(cudaStreamSynchronize(consumerStream));

  bool phase2 = true;
  for (int i = 0; i < n; ++i) {
    const unsigned a = (unsigned)i * 3u + 1u, b = (unsigned)(n - 1 - i) * 3u + 1u;
    phase2 &= h_out[i] == a + b;
  }
  printf("phase 2: event dependency between streams: checksum=0x%08x %s\n", checksum(h_out, n),
         phase2 ? "OK" : "MISMATCH");
  printf("phase 2: cudaEventQuery(produced) = %s\n", cudaGetErrorName(cudaEventQuery(produced)));

  // Phase 3: no streams.
  std::vector<unsigned> sync(n);
  CUDA_CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice));
  mixKernel<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(d_in, d_out, n, 0u);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(sync.data(), d_out, bytes, cudaMemcpyDeviceToHost));
  bool phase3 = sync == want;
  printf("phase 3: default stream: checksum=0x%08x %s\n", checksum(sync.data(), n),
         phase3 ? "OK" : "MISMATCH");

  CUDA_CHECK(cudaEventDestroy(produced));
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaStreamDestroy(consumerStream));
  for (int s = 0; s < numStreams; ++s) CUDA_CHECK(cudaStreamDestroy(streams[s]));
  CUDA_CHECK(cudaFree(d_buf));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));
  CUDA_CHECK(cudaFreeHost(h_in));
  CUDA_CHECK(cudaFreeHost(h_out));

  const bool ok = phase1 && phase2 && phase3 && queriesOk;
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
