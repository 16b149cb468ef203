// A C++ target of the project that uses the CUDA runtime API only, as
// libraries and tools do: it links CUDA::cudart and is built by the C++
// compiler against the toolkit's headers.
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1) {
    printf("no device\n");
    return 1;
  }
  int value = 41, *device = nullptr;
  cudaMalloc(&device, sizeof(int));
  cudaMemcpy(device, &value, sizeof(int), cudaMemcpyHostToDevice);
  value = 0;
  cudaMemcpy(&value, device, sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(device);
  int runtime = 0;
  cudaRuntimeGetVersion(&runtime);
  printf("round trip %d, runtime %s\n", value,
         runtime >= 11000 ? "11.0 or later" : "older than 11.0");
  printf("%s\n", value == 41 ? "PASS" : "FAIL");
  return value == 41 ? 0 : 1;
}
