// Device printf whose format is only known at run time: CUDA's argument
// buffer cannot be decoded without it, so cucc reports the call.
#include <cstdio>

__global__ void pick(const char *const *Formats, int Which, int Value) {
  printf(Formats[Which], Value);
}
