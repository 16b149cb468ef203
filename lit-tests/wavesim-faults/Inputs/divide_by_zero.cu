// Integer division and remainder by zero, and INT_MIN / -1, in i32 and
// i64, signed and unsigned: undefined in C++, no error on a GPU, and on an
// AMD GPU the quotient the AMDGPU backend's expansion computes. The
// operands come from memory, so no compiler folds them. Run as machine
// code on tgemu (CUCC_DEVICE=hip with libfake-amdhip64) this prints what
// gfx942 and gfx1100 compute; wavesim must print the same bytes.
#include <climits>
#include <cstdio>

__global__ void divide32(const int *A, const int *B, int *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  unsigned UA = (unsigned)A[I], UB = (unsigned)B[I];
  Out[4 * I + 0] = A[I] / B[I];
  Out[4 * I + 1] = A[I] % B[I];
  Out[4 * I + 2] = (int)(UA / UB);
  Out[4 * I + 3] = (int)(UA % UB);
}

__global__ void divide64(const long long *A, const long long *B,
                         long long *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  unsigned long long UA = (unsigned long long)A[I];
  unsigned long long UB = (unsigned long long)B[I];
  Out[4 * I + 0] = A[I] / B[I];
  Out[4 * I + 1] = A[I] % B[I];
  Out[4 * I + 2] = (long long)(UA / UB);
  Out[4 * I + 3] = (long long)(UA % UB);
}

int main() {
  const long long Dividends[] = {0,       1,        7,         -7,
                                 100,     -100,     INT_MAX,   INT_MIN,
                                 LLONG_MAX, LLONG_MIN, 0x12345678, -1};
  enum { NumDividends = sizeof(Dividends) / sizeof(Dividends[0]) };
  enum { N = 2 * NumDividends + 2 };
  int A32[N], B32[N];
  long long A64[N], B64[N];
  for (int I = 0; I < NumDividends; ++I) {
    A64[I] = Dividends[I];
    B64[I] = 0;
    A64[NumDividends + I] = Dividends[I];
    B64[NumDividends + I] = 3 - I; /* some nonzero, -1 among them */
  }
  A64[N - 2] = LLONG_MIN;
  B64[N - 2] = -1;
  A64[N - 1] = INT_MIN;
  B64[N - 1] = -1;
  for (int I = 0; I < N; ++I) {
    A32[I] = (int)A64[I];
    B32[I] = (int)B64[I];
  }
  int *DA32, *DB32, *DOut32;
  long long *DA64, *DB64, *DOut64;
  cudaMalloc(&DA32, sizeof(A32));
  cudaMalloc(&DB32, sizeof(B32));
  cudaMalloc(&DOut32, 4 * sizeof(A32));
  cudaMalloc(&DA64, sizeof(A64));
  cudaMalloc(&DB64, sizeof(B64));
  cudaMalloc(&DOut64, 4 * sizeof(A64));
  cudaMemcpy(DA32, A32, sizeof(A32), cudaMemcpyHostToDevice);
  cudaMemcpy(DB32, B32, sizeof(B32), cudaMemcpyHostToDevice);
  cudaMemcpy(DA64, A64, sizeof(A64), cudaMemcpyHostToDevice);
  cudaMemcpy(DB64, B64, sizeof(B64), cudaMemcpyHostToDevice);
  divide32<<<1, 64>>>(DA32, DB32, DOut32, N);
  divide64<<<1, 64>>>(DA64, DB64, DOut64, N);
  cudaError_t Error = cudaDeviceSynchronize();
  int Out32[4 * N];
  long long Out64[4 * N];
  cudaMemcpy(Out32, DOut32, sizeof(Out32), cudaMemcpyDeviceToHost);
  cudaMemcpy(Out64, DOut64, sizeof(Out64), cudaMemcpyDeviceToHost);
  printf("synchronize: %s\n", cudaGetErrorName(Error));
  for (int I = 0; I < N; ++I)
    printf("i32 %d, %d: / %d  %% %d  u/ %u  u%% %u\n", A32[I], B32[I],
           Out32[4 * I], Out32[4 * I + 1], (unsigned)Out32[4 * I + 2],
           (unsigned)Out32[4 * I + 3]);
  for (int I = 0; I < N; ++I)
    printf("i64 %lld, %lld: / %lld  %% %lld  u/ %llu  u%% %llu\n", A64[I],
           B64[I], Out64[4 * I], Out64[4 * I + 1],
           (unsigned long long)Out64[4 * I + 2],
           (unsigned long long)Out64[4 * I + 3]);
  return 0;
}
