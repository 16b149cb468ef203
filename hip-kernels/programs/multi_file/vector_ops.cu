// vector_ops.cu - Element-wise kernels of the multi-file sample project and
// their launchers (declared in project.h): a polynomial whose coefficients
// live in this file's __constant__ memory (set here with
// cudaMemcpyToSymbol), saxpy, and a tile reversal through shared memory.
#include "project.h"

__constant__ unsigned c_coefficients[kMaxCoefficients];
__constant__ int c_degree;

__global__ void polynomialKernel(const unsigned *__restrict__ x, unsigned *__restrict__ y,
                                 int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const unsigned v = x[i];
  unsigned acc = c_coefficients[c_degree];
  for (int k = c_degree - 1; k >= 0; --k) acc = acc * v + c_coefficients[k];
  y[i] = acc;
}

__global__ void saxpyKernel(float a, const float *__restrict__ x, const float *__restrict__ y,
                            float *__restrict__ out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = a * x[i] + y[i];
}

__global__ void tileReverseKernel(const int *__restrict__ in, int *__restrict__ out, int n) {
  __shared__ int tile[kBlockSize];
  const int first = blockIdx.x * kBlockSize;
  const int count = min(kBlockSize, n - first);
  const int t = threadIdx.x;
  if (t < count) tile[t] = in[first + t];
  __syncthreads();
  if (t < count) out[first + t] = tile[count - 1 - t];
}

extern "C" cudaError_t setPolynomial(const unsigned *coefficients, int count) {
  if (count < 1 || count > kMaxCoefficients) return cudaErrorInvalidValue;
  cudaError_t err = cudaMemcpyToSymbol(c_coefficients, coefficients, count * sizeof(unsigned));
  if (err != cudaSuccess) return err;
  const int degree = count - 1;
  return cudaMemcpyToSymbol(c_degree, &degree, sizeof(degree));
}

extern "C" cudaError_t launchPolynomial(const unsigned *x, unsigned *y, int n,
                                        cudaStream_t stream) {
  polynomialKernel<<<(n + kBlockSize - 1) / kBlockSize, kBlockSize, 0, stream>>>(x, y, n);
  return cudaGetLastError();
}

cudaError_t launchSaxpy(float a, const float *x, const float *y, float *out, int n) {
  // Fewer blocks than elements: the grid-stride loop covers the rest.
  saxpyKernel<<<8, kBlockSize>>>(a, x, y, out, n);
  return cudaGetLastError();
}

cudaError_t launchTileReverse(const int *in, int *out, int n) {
  tileReverseKernel<<<(n + kBlockSize - 1) / kBlockSize, kBlockSize>>>(in, out, n);
  return cudaGetLastError();
}
