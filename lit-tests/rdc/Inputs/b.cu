// RDC ground truth, part 2: definitions a.cu uses, and a file-static kernel
// of the same name as a.cu's.
#include <cuda_runtime.h>

__device__ int scale = 1;
__device__ int table[4] = {10, 20, 30, 40};
extern __device__ int counter_a; // defined in a.cu

__device__ int combine(int x, int y) { return x * y + counter_a; }

static __global__ void local_kernel(int *out) { out[threadIdx.x] = 200 + combine(threadIdx.x, scale); }

void launchB(int *out) { local_kernel<<<1, 4>>>(out); }
