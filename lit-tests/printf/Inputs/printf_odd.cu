// Device printf where the format and the arguments disagree, and null
// pointers: how an NVIDIA H100 decodes the argument buffer (by the
// format's conversions at their natural alignment, or by what was
// stored). Its output is printf_odd.h100.txt; these are not portable
// programs, only evidence for how cucc decodes the same buffer.
#include <cstdio>

__global__ void odd(const char *Null) {
  printf("null: [%s] [%p] [%10s]\n", Null, (void *)Null, Null);
  printf("long for %%d: %d %d\n", 0x100000005LL, 6);
  printf("int for %%lld: %lld %d\n", 5, 6);
  printf("int for %%f: %f %d\n", 3, 7);
  printf("extra args: %d\n", 1, 2, 3);
  printf("missing args: %d %d\n", 1);
  printf("unknown conversion: %y %d\n", 4);
  printf("char args: %c %d %hhd\n", (char)65, (char)-3, (signed char)-3);
  printf("short arg: %hd %d\n", (short)-2, (short)9);
  printf("float for %%e: %e %a\n", 1.0f / 3, 1.0f / 3);
}

int main() {
  odd<<<1, 1>>>(nullptr);
  cudaError_t Status = cudaDeviceSynchronize();
  printf("status %d\n", (int)Status);
  return 0;
}
