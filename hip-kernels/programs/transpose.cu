// transpose.cu - Out-of-place matrix transpose with 2D grids and blocks:
//   copy     a plain tiled copy, the bandwidth baseline
//   naive    reads rows, writes columns straight to global memory
//   tiled    stages a TILE x TILE tile in shared memory so that reads and
//            writes are both coalesced
//   padded   the same with one extra column per shared row, so that the
//            column reads from shared memory hit different banks
// Each block of TILE x ROWS threads moves a TILE x TILE tile (each thread
// TILE / ROWS elements). Matrices are non-square and not multiples of the
// tile (517x389, 33x31, 1x1000, 1000x1), element values are their own
// row-major index, and every output element is checked exactly; float and
// int elements, 32x8 and 16x16 thread tiles.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define checkCudaErrors(val) checkImpl((val), #val, __FILE__, __LINE__)
static void checkImpl(cudaError_t result, const char *expr, const char *file, int line) {
  if (result != cudaSuccess) {
    fprintf(stderr, "CUDA error at %s:%d code=%d (%s) \"%s\"\n", file, line, (int)result,
            cudaGetErrorString(result), expr);
    exit(EXIT_FAILURE);
  }
}

template <typename T, int TILE, int ROWS>
__global__ void copyTiles(T *__restrict__ out, const T *__restrict__ in, int rows, int cols) {
  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < cols && y + j < rows) out[(y + j) * cols + x] = in[(y + j) * cols + x];
}

template <typename T, int TILE, int ROWS>
__global__ void transposeNaive(T *__restrict__ out, const T *__restrict__ in, int rows, int cols) {
  const int x = blockIdx.x * TILE + threadIdx.x;  // input column
  const int y = blockIdx.y * TILE + threadIdx.y;  // input row
  for (int j = 0; j < TILE; j += ROWS)
    if (x < cols && y + j < rows) out[x * rows + (y + j)] = in[(y + j) * cols + x];
}

// PAD = 0: the tiled version, PAD = 1: no shared-memory bank conflicts.
template <typename T, int TILE, int ROWS, int PAD>
__global__ void transposeShared(T *__restrict__ out, const T *__restrict__ in, int rows, int cols) {
  __shared__ T tile[TILE][TILE + PAD];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  // The block's output tile sits at the transposed tile position.
  x = blockIdx.y * TILE + threadIdx.x;  // output column = input row
  y = blockIdx.x * TILE + threadIdx.y;  // output row = input column
  for (int j = 0; j < TILE; j += ROWS)
    if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

enum Method { COPY, NAIVE, TILED, PADDED };
static const char *methodNames[] = {"copy", "naive", "tiled", "padded"};

template <typename T> const char *typeName();
template <> const char *typeName<float>() { return "float"; }
template <> const char *typeName<int>() { return "int"; }

template <typename T, int TILE, int ROWS>
bool runTranspose(int rows, int cols, Method method) {
  const size_t count = (size_t)rows * cols, bytes = count * sizeof(T);
  std::vector<T> host(count), result(count);
  for (size_t i = 0; i < count; ++i) host[i] = (T)i;

  T *d_in = nullptr, *d_out = nullptr;
  checkCudaErrors(cudaMalloc(&d_in, bytes));
  checkCudaErrors(cudaMalloc(&d_out, bytes));
  checkCudaErrors(cudaMemcpy(d_in, host.data(), bytes, cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_out, 0, bytes));

  const dim3 block(TILE, ROWS);
  const dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));
  checkCudaErrors(cudaEventRecord(start, 0));
  switch (method) {
  case COPY: copyTiles<T, TILE, ROWS><<<grid, block>>>(d_out, d_in, rows, cols); break;
  case NAIVE: transposeNaive<T, TILE, ROWS><<<grid, block>>>(d_out, d_in, rows, cols); break;
  case TILED: transposeShared<T, TILE, ROWS, 0><<<grid, block>>>(d_out, d_in, rows, cols); break;
  case PADDED: transposeShared<T, TILE, ROWS, 1><<<grid, block>>>(d_out, d_in, rows, cols); break;
  }
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaEventRecord(stop, 0));
  checkCudaErrors(cudaEventSynchronize(stop));
  float ms = 0.f;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  fprintf(stderr, "%s %dx%d %s<%d,%d>: %.4f ms, %.2f GB/s\n", typeName<T>(), rows, cols,
          methodNames[method], TILE, ROWS, ms, ms > 0 ? 2.0 * bytes / ms / 1e6 : 0.0);
  checkCudaErrors(cudaMemcpy(result.data(), d_out, bytes, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaFree(d_in));
  checkCudaErrors(cudaFree(d_out));

  // The output of a transpose is cols x rows: out[c][r] = in[r][c].
  size_t bad = 0;
  unsigned hash = 2166136261u;
  for (int r = 0; r < (method == COPY ? rows : cols); ++r)
    for (int c = 0; c < (method == COPY ? cols : rows); ++c) {
      const size_t outIndex = (size_t)r * (method == COPY ? cols : rows) + c;
      const T want = method == COPY ? host[outIndex] : host[(size_t)c * cols + r];
      bad += result[outIndex] != want;
      hash = (hash ^ (unsigned)(long long)result[outIndex]) * 16777619u;
    }
  printf("%-5s %4dx%-4d %-6s tile=%dx%d grid=(%u,%u): hash=0x%08x %s\n", typeName<T>(), rows,
         cols, methodNames[method], TILE, ROWS, grid.x, grid.y, hash, bad ? "MISMATCH" : "OK");
  return bad == 0;
}

int main() {
  const int shapes[][2] = {{517, 389}, {33, 31}, {1, 1000}, {1000, 1}, {64, 96}};
  bool ok = true;
  for (const auto &shape : shapes)
    for (int m = COPY; m <= PADDED; ++m)
      ok &= runTranspose<float, 32, 8>(shape[0], shape[1], (Method)m);
  for (int m = NAIVE; m <= PADDED; ++m) ok &= runTranspose<int, 16, 16>(300, 200, (Method)m);
  ok &= runTranspose<float, 16, 4>(129, 250, PADDED);
  printf("Result = %s\n", ok ? "PASS" : "FAIL");
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
