// When device printf output appears relative to the host's own stdout
// writes: CUDA flushes its printf buffer at synchronization points (not at
// the launch), into the host process's stdout. Its output on an NVIDIA
// H100, stdout redirected to a file, is printf_sync.h100.txt.
#include <cstdio>

__global__ void say(int Step) { printf("device step %d\n", Step); }

int main() {
  printf("host 1\n");
  say<<<1, 1>>>(1);
  printf("host 2, after the launch\n");
  cudaDeviceSynchronize();
  printf("host 3, after cudaDeviceSynchronize\n");
  say<<<1, 1>>>(2);
  int *Buffer, Value = 0;
  cudaMalloc(&Buffer, sizeof(int));
  cudaMemcpy(&Value, Buffer, sizeof(int), cudaMemcpyDeviceToHost);
  printf("host 4, after a blocking cudaMemcpy\n");
  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  say<<<1, 1, 0, Stream>>>(3);
  cudaStreamSynchronize(Stream);
  printf("host 5, after cudaStreamSynchronize\n");
  say<<<1, 1>>>(4);
  printf("host 6, exiting without a synchronization\n");
  return 0;
}
