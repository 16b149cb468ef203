// Inline PTX that has no AMDGPU mapping (a sleep).
#include <cuda_runtime.h>
extern "C" __global__ void k(int *o) {
  int r;
  asm volatile("nanosleep.u32 %0;" ::"r"(100));
  r = 1;
  *o = r;
}
