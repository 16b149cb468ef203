// The CUDA release a program compiled by cucc sees, as CMake's
// identification program reads it (__CUDACC_VER_MAJOR__/MINOR/BUILD) and
// as code tests it (CUDART_VERSION).
#include <cstdio>

int main() {
  std::printf("Cuda compilation tools, release %d.%d, V%d.%d.%d\n",
              __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__,
              __CUDACC_VER_MAJOR__, __CUDACC_VER_MINOR__,
              __CUDACC_VER_BUILD__);
  std::printf("CUDART_VERSION %d\n", CUDART_VERSION);
  return 0;
}
