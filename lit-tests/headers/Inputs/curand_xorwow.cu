// Monte Carlo in the style of CUDA samples, with cuRAND's default
// generator (XORWOW, curandState), which include/curand_kernel.h does not
// provide yet.
#include <curand_kernel.h>

__global__ void setup(curandState *states, unsigned long long seed) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(seed, id, 0, &states[id]);
}
