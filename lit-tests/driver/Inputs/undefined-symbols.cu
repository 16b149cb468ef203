// Device code that calls or reads what the file only declares: a C
// function and an extern __device__ function defined in another file, and
// an extern __device__ variable (separate compilation, which a code object
// cannot do). Device printf and assert are not among them: they print
// through OCKL (lit-tests/printf/).
#include <cuda_runtime.h>
#include <stddef.h>
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ float fast_tanh(float);
__device__ int defined_in_another_file(int);
extern __device__ int counter_in_another_file;

extern "C" __global__ void uses_undefined(float *out, int *n) {
  int t = threadIdx.x;
  if (out[t] < 0)
    printf("negative at %d\n", t);
  out[t] = fast_tanh(out[t]);
  n[t] = defined_in_another_file(n[t]) + counter_in_another_file;
}
