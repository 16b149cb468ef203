// Device-scope atomics that AMD hardware has instructions for, contended
// by every thread (lit-tests/atomics/hardware-atomics.test): a float and a
// double add, an int max and an unsigned or.
__global__ void hardware_atomics(unsigned *W) {
  unsigned Tid = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd((float *)W, 1.0f);
  atomicAdd((double *)(W + 2), 0.5);
  atomicMax((int *)(W + 4), (int)Tid);
  atomicOr(W + 5, 1u << (Tid % 32));
}
