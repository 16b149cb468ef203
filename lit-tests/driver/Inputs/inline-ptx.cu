// Inline PTX that has no AMDGPU mapping.
#include <cuda_runtime.h>
extern "C" __global__ void k(int *o) {
  int r;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(r));
  *o = r;
}
