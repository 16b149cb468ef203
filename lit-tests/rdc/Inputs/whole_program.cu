// Whole-program device code (compiled without -rdc) for a static library
// that also holds relocatable device code: a kernel and a combine() of its
// own, in a code object of its own, which the device link must leave alone.
__device__ int combine(int x, int y) { return x - y; }

__global__ void whole_kernel(int *out) {
  out[threadIdx.x] = combine(threadIdx.x, 1);
}

void launchWhole(int *out) { whole_kernel<<<1, 4>>>(out); }
