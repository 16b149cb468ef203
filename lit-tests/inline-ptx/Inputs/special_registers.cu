// special_registers.cu - The special registers whose values are not fixed
// by the launch: %warpid (CUDA's warp number here), %nwarpid, %clock64 read
// twice, %globaltimer, and %smid below %nsmid. One word per thread, 0 when
// every property holds.
#include <cuda_runtime.h>

__global__ void special_registers(unsigned *Out) {
  unsigned Warp, Warps, Unit, Units;
  unsigned long long Before, After, Time;
  asm("mov.u32 %0, %%warpid;" : "=r"(Warp));
  asm("mov.u32 %0, %%nwarpid;" : "=r"(Warps));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(Before));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Time));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(After));
  asm volatile("mov.u32 %0, %%smid;" : "=r"(Unit));
  asm("mov.u32 %0, %%nsmid;" : "=r"(Units));
  unsigned T = threadIdx.x + blockDim.x * threadIdx.y;
  unsigned Threads = blockDim.x * blockDim.y;
  Out[T] = (Warp != T / 32) | (Warps != (Threads + 31) / 32) << 1 |
           (After < Before) << 2 | (Time == 0) << 3 | (Unit >= Units) << 4;
}
