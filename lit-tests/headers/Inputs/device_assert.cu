// A kernel that checks its input with <cassert>'s assert, as CUDA code
// does, in a file written for nvcc.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale_checked(int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    assert(values[i] >= 0 && "inputs must be non-negative");
    values[i] *= 2;
  }
}
