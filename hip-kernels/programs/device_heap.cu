// device_heap.cu - malloc, free, new and delete in device code, and
// virtual functions of objects a kernel creates: each thread allocates a
// buffer, fills it and publishes it; a second kernel reads every buffer
// back; objects of two classes are made with new and called through their
// base class; a request larger than the heap gets NULL. Prints what it
// found and PASS or FAIL. An argument sets cudaLimitMallocHeapSize to that
// many bytes first: a heap too small for every buffer fails the check.
#include <cstdio>
#include <cstdint>
#include <cstdlib>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));        \
      return 1;                                                                \
    }                                                                          \
  } while (0)

struct Shape {
  __device__ virtual ~Shape() {}
  __device__ virtual int area() const = 0;
};
struct Square : Shape {
  int side;
  __device__ explicit Square(int s) : side(s) {}
  __device__ int area() const override { return side * side; }
};
struct Rect : Shape {
  int w, h;
  __device__ Rect(int a, int b) : w(a), h(b) {}
  __device__ int area() const override { return w * h; }
};

__global__ void allocate(int **slots, int *misaligned, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int count = 1 + t % 7;
  int *p = (int *)malloc(count * sizeof(int));
  if (!p) {
    slots[t] = nullptr;
    return;
  }
  if ((uintptr_t)p % 16)
    atomicAdd(misaligned, 1);
  for (int i = 0; i < count; ++i)
    p[i] = t * 100 + i;
  slots[t] = p;
}

__global__ void readBack(int **slots, long long *sums, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  long long sum = -1;
  if (int *p = slots[t]) {
    sum = 0;
    for (int i = 0; i < 1 + t % 7; ++i)
      sum += p[i];
    free(p);
  }
  sums[t] = sum;
}

__global__ void shapes(int *areas, int n) {
  int t = threadIdx.x;
  if (t >= n)
    return;
  Shape *s = t % 2 ? (Shape *)new Square(t) : (Shape *)new Rect(t, t + 1);
  areas[t] = s->area();
  delete s;
}

__global__ void tooLarge(int *isNull) {
  void *p = malloc((size_t)1 << 40);
  *isNull = p == nullptr;
}

int main(int argc, char **argv) {
  const int n = 1000, threads = 128;
  if (argc > 1)
    CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, atoll(argv[1])));
  int **slots, *misaligned, *areas, *isNull;
  long long *sums;
  CHECK(cudaMalloc(&slots, n * sizeof(int *)));
  CHECK(cudaMalloc(&sums, n * sizeof(long long)));
  CHECK(cudaMalloc(&misaligned, sizeof(int)));
  CHECK(cudaMalloc(&areas, 64 * sizeof(int)));
  CHECK(cudaMalloc(&isNull, sizeof(int)));
  CHECK(cudaMemset(misaligned, 0, sizeof(int)));
  allocate<<<(n + threads - 1) / threads, threads>>>(slots, misaligned, n);
  CHECK(cudaGetLastError());
  readBack<<<(n + threads - 1) / threads, threads>>>(slots, sums, n);
  shapes<<<1, 64>>>(areas, 64);
  tooLarge<<<1, 1>>>(isNull);
  CHECK(cudaDeviceSynchronize());

  long long hostSums[n];
  int hostAreas[64], hostMisaligned, hostNull;
  CHECK(cudaMemcpy(hostSums, sums, sizeof(hostSums), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hostAreas, areas, sizeof(hostAreas),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&hostMisaligned, misaligned, sizeof(int),
                   cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&hostNull, isNull, sizeof(int), cudaMemcpyDeviceToHost));

  int wrong = 0;
  long long total = 0;
  for (int t = 0; t < n; ++t) {
    long long expected = 0;
    for (int i = 0; i < 1 + t % 7; ++i)
      expected += t * 100 + i;
    wrong += hostSums[t] != expected;
    total += hostSums[t];
  }
  long long areaTotal = 0;
  for (int t = 0; t < 64; ++t) {
    int expected = t % 2 ? t * t : t * (t + 1);
    wrong += hostAreas[t] != expected;
    areaTotal += hostAreas[t];
  }
  printf("sum of buffers %lld, wrong %d, misaligned %d\n", total, wrong,
         hostMisaligned);
  printf("sum of areas %lld\n", areaTotal);
  printf("malloc(1 TiB) %s\n", hostNull ? "NULL" : "not NULL");
  bool pass = !wrong && !hostMisaligned && hostNull;
  printf("%s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
