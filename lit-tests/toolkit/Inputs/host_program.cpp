// A CUDA program's host-only .cpp file, as CMake and Makefiles compile it:
// with the host compiler (g++), the toolkit's include/ on the path. It
// includes the headers such files include, converts halves on the host and
// moves data through the device with the runtime API.
#include <cooperative_groups.h>
#include <cublas_v2.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <device_functions.h>

#include <cstdio>
#include <vector>

int main() {
  const int N = 1000;
  std::vector<int> In(N), Out(N);
  for (int I = 0; I < N; ++I)
    In[I] = 3 * I;
  int *Device = nullptr;
  cudaError_t Error = cudaMalloc(&Device, N * sizeof(int));
  if (Error == cudaSuccess)
    Error = cudaMemcpy(Device, In.data(), N * sizeof(int),
                       cudaMemcpyHostToDevice);
  if (Error == cudaSuccess)
    Error = cudaMemcpy(Out.data(), Device, N * sizeof(int),
                       cudaMemcpyDeviceToHost);
  cudaFree(Device);
  printf("round trip: %d .. %d: %s\n", Out[1], Out[N - 1],
         cudaGetErrorString(Error));
  __half Half = __float2half(0.1f);
  __nv_bfloat16 Bf16 = __float2bfloat16(0.1f);
  printf("0.1 as half %.13f, as bfloat16 %.13f\n", __half2float(Half),
         __bfloat162float(Bf16));
  return Error != cudaSuccess;
}
