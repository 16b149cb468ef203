// project.h - The interface between the host code (main.cpp, plain C++)
// and the two CUDA files of the multi-file sample project: the launchers
// that vector_ops.cu and reduce_ops.cu define around their kernels. Only
// host types cross this boundary (device pointers are plain pointers from
// cudaMalloc), so main.cpp needs no CUDA compiler; each .cu keeps its
// kernels and its __constant__/__device__ variables to itself.
#ifndef MULTI_FILE_PROJECT_H
#define MULTI_FILE_PROJECT_H

#include <cuda_runtime.h>

#include <cstddef>

// The threads per block every launcher uses.
constexpr int kBlockSize = 256;
// The most coefficients setPolynomial takes.
constexpr int kMaxCoefficients = 8;

// ---- vector_ops.cu ------------------------------------------------------
extern "C" {
// Copies count (1..kMaxCoefficients) polynomial coefficients, lowest power
// first, into the file's __constant__ array.
cudaError_t setPolynomial(const unsigned *coefficients, int count);
// y[i] = p(x[i]) with the coefficients setPolynomial set, in 32-bit
// arithmetic that wraps; asynchronous in stream.
cudaError_t launchPolynomial(const unsigned *x, unsigned *y, int n, cudaStream_t stream);
}

// out[i] = a * x[i] + y[i] for floats holding small integers (exact).
cudaError_t launchSaxpy(float a, const float *x, const float *y, float *out, int n);
// Reverses each kBlockSize-long tile of in into out (the last tile may be
// shorter), staged through shared memory.
cudaError_t launchTileReverse(const int *in, int *out, int n);

// ---- reduce_ops.cu ------------------------------------------------------
// The sum of n ints (wrapping at 32 bits), by a shared-memory tree
// reduction in blocks and a second launch that adds the partial sums.
cudaError_t sumInts(const int *in, int n, int *sum);
// The same for floats, which must hold small integers so that the sum is
// exact whatever the order of the additions.
cudaError_t sumFloats(const float *in, int n, float *sum);
// The largest element of in and how many blocks took part, found with
// atomics on the file's __device__ variables and read back with
// cudaMemcpyFromSymbol.
cudaError_t maxAndBlocks(const int *in, int n, int *max, unsigned *blocks);

#endif
