/* A host program in C: the runtime API through cuda_runtime_api.h, a kernel
 * through a launcher in a .cu file. */
#include <cuda_runtime_api.h>
#include <stdio.h>

void launchSquare(int *values, int n);

int main(void) {
  int host[300], *device = NULL;
  for (int i = 0; i < 300; ++i)
    host[i] = i;
  cudaMalloc((void **)&device, sizeof(host));
  cudaMemcpy(device, host, sizeof(host), cudaMemcpyHostToDevice);
  launchSquare(device, 300);
  cudaError_t error = cudaMemcpy(host, device, sizeof(host),
                                 cudaMemcpyDeviceToHost);
  cudaFree(device);
  printf("%s: %d %d\n", cudaGetErrorName(error), host[17], host[299]);
  return error != cudaSuccess;
}
