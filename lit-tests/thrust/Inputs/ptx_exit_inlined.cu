// ptx_exit_inlined.cu - PTX "exit;" in __forceinline__ device functions, as
// CUB's ThreadExit is written: the drivers retarget before the optimizer
// inlines them, so the exit must still end the calling thread once the
// function lands in its kernel. Threads 3, 7, 11, ... leave through an
// unguarded exit, threads with t % 5 == 0 through a guarded @p exit; every
// other thread writes t + 1. CUDA's meaning: an exited thread writes
// nothing, so its word keeps the -1 the host put there.
#include <cstdio>

__device__ __forceinline__ void threadExit() { asm volatile("exit;"); }

__device__ __forceinline__ void exitIfMultipleOf5(unsigned T) {
  asm volatile("{ .reg .pred p; setp.eq.u32 p, %0, 0; @p exit; }" ::"r"(T % 5));
}

__global__ void exitKernel(int *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  if (T % 4 == 3)
    threadExit();
  exitIfMultipleOf5(T);
  Out[T] = (int)T + 1;
}

int main() {
  const unsigned N = 256;
  int *D, H[N];
  cudaMalloc(&D, N * sizeof(int));
  cudaMemset(D, 0xff, N * sizeof(int));
  exitKernel<<<2, N / 2>>>(D);
  cudaError_t Error = cudaMemcpy(H, D, sizeof(H), cudaMemcpyDeviceToHost);
  unsigned Wrong = 0;
  for (unsigned T = 0; T < N; ++T) {
    int Expected = (T % 4 == 3 || T % 5 == 0) ? -1 : (int)T + 1;
    if (H[T] != Expected && Wrong++ < 4)
      printf("word %u: %d, expected %d\n", T, H[T], Expected);
  }
  printf("%s: %s, %u words wrong\n", Wrong || Error ? "FAIL" : "PASS",
         cudaGetErrorString(Error), Wrong);
  return Wrong || Error;
}
