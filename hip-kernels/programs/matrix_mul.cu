// matrix_mul.cu - C = A * B with shared-memory tiling, a template on the
// element type and the tile size (16x16 and 32x32 thread blocks), next to
// a naive one-thread-per-output kernel. The sizes are not square and not
// multiples of either tile (A is 100x150, B is 150x90, and a 33x65 by
// 65x17 product), so partial tiles are padded with zeros in shared memory.
// The matrices hold small integers, so every float product and sum is
// exact and every output element is compared exactly with the CPU's.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCudaErrors(call)                                                  \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      fprintf(stderr, "CUDA error in %s at line %d: %s (%s)\n", __FILE__,      \
              __LINE__, cudaGetErrorString(err), cudaGetErrorName(err));       \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

// A is M x K, B is K x N, C is M x N, all row-major.
template <typename T>
__global__ void matMulNaive(const T *__restrict__ A, const T *__restrict__ B, T *__restrict__ C,
                            int M, int N, int K) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= M || col >= N) return;
  T acc = T(0);
  for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}

template <typename T, int TILE>
__global__ void matMulTiled(const T *__restrict__ A, const T *__restrict__ B, T *__restrict__ C,
                            int M, int N, int K) {
  __shared__ T As[TILE][TILE];
  __shared__ T Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;
  T acc = T(0);
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    const int aCol = t * TILE + tx;
    const int bRow = t * TILE + ty;
    As[ty][tx] = (row < M && aCol < K) ? A[row * K + aCol] : T(0);
    Bs[ty][tx] = (bRow < K && col < N) ? B[bRow * N + col] : T(0);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}

template <typename T> const char *typeName();
template <> const char *typeName<float>() { return "float"; }
template <> const char *typeName<int>() { return "int"; }

// TILE == 0 runs the naive kernel with 16x16 blocks.
template <typename T, int TILE>
bool runMatMul(int M, int N, int K, unsigned seed) {
  std::vector<T> A((size_t)M * K), B((size_t)K * N), C((size_t)M * N), want((size_t)M * N);
  for (auto &a : A) {
    seed = seed * 1664525u + 1013904223u;
    a = (T)((int)((seed >> 16) % 9u) - 4);  // -4 .. 4
  }
  for (auto &b : B) {
    seed = seed * 1664525u + 1013904223u;
    b = (T)((int)((seed >> 16) % 7u) - 3);  // -3 .. 3
  }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      T acc = T(0);
      for (int k = 0; k < K; ++k) acc += A[(size_t)i * K + k] * B[(size_t)k * N + j];
      want[(size_t)i * N + j] = acc;
    }

  T *d_A = nullptr, *d_B = nullptr, *d_C = nullptr;
  checkCudaErrors(cudaMalloc(&d_A, A.size() * sizeof(T)));
  checkCudaErrors(cudaMalloc(&d_B, B.size() * sizeof(T)));
  checkCudaErrors(cudaMalloc(&d_C, C.size() * sizeof(T)));
  checkCudaErrors(cudaMemcpy(d_A, A.data(), A.size() * sizeof(T), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpy(d_B, B.data(), B.size() * sizeof(T), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_C, 0, C.size() * sizeof(T)));

  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  const int edge = TILE == 0 ? 16 : TILE;
  const dim3 threads(edge, edge);
  const dim3 grid((N + edge - 1) / edge, (M + edge - 1) / edge);
  checkCudaErrors(cudaEventRecord(start));
  if (TILE == 0)
    matMulNaive<T><<<grid, threads>>>(d_A, d_B, d_C, M, N, K);
  else
    matMulTiled<T, TILE == 0 ? 16 : TILE><<<grid, threads>>>(d_A, d_B, d_C, M, N, K);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaEventRecord(stop));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0.f;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  fprintf(stderr, "%s %dx%dx%d tile=%d: %.4f ms, %.2f GFLOP/s\n", typeName<T>(), M, N, K, TILE, ms,
          ms > 0 ? 2.0 * M * N * K / ms / 1e6 : 0.0);
  checkCudaErrors(cudaMemcpy(C.data(), d_C, C.size() * sizeof(T), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(d_A));
  checkCudaErrors(cudaFree(d_B));
  checkCudaErrors(cudaFree(d_C));

  size_t bad = 0;
  long long total = 0;
  unsigned hash = 2166136261u;
  for (size_t i = 0; i < C.size(); ++i) {
    bad += C[i] != want[i];
    total += (long long)C[i];
    hash = (hash ^ (unsigned)(int)C[i]) * 16777619u;
  }
  printf("%-5s %s M=%d N=%d K=%d grid=(%u,%u) block=(%u,%u): C[0][0]=%lld C[M-1][N-1]=%lld "
         "sum=%lld hash=0x%08x %s\n",
         typeName<T>(), TILE == 0 ? "naive   " : (TILE == 16 ? "tiled16 " : "tiled32 "), M, N, K,
         grid.x, grid.y, threads.x, threads.y, (long long)C[0], (long long)C[C.size() - 1], total,
         hash, bad ? "MISMATCH" : "OK");
  return bad == 0;
}

int main() {
  bool ok = true;
  ok &= runMatMul<float, 0>(100, 90, 150, 1u);
  ok &= runMatMul<float, 16>(100, 90, 150, 1u);
  ok &= runMatMul<float, 32>(100, 90, 150, 1u);
  ok &= runMatMul<int, 16>(100, 90, 150, 2u);
  ok &= runMatMul<int, 32>(33, 17, 65, 3u);
  ok &= runMatMul<float, 32>(33, 17, 65, 3u);
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
