// device_api_mrg32k3a.cu - include/curand_kernel.h's MRG32k3a device API
// printed as lit-tests/oracle/nvidia/curand-host/curand_host_api.cu's
// deviceApi kernel prints NVIDIA's (records deviceapi.mrg32k3a.offset0 and
// .offset4099 of expected.h100.txt): 8 states of seed 1234 at
// subsequences 0 to 16383, eight words, two uniforms, two normals, four
// double uniforms, four double normals, a double and a float log-normal,
// two Poisson draws each of lambda 0.5, 4 and 50. Columns 28 to 31 of a row
// (lambda 1000, where our curand_poisson's method is not NVIDIA's, and the
// words after it) are left out.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <curand_kernel.h>

enum { States = 8, Columns = 32, Compared = 28 };

__global__ void deviceApi(unsigned long long Seed, unsigned long long Offset,
                          double *Out) {
  unsigned T = threadIdx.x;
  const unsigned Subsequences[States] = {0, 1, 2, 3, 4095, 4096, 8191, 16383};
  curandStateMRG32k3a_t S;
  curand_init(Seed, Subsequences[T], Offset, &S);
#ifdef PLANTED_SKIP_BUG
  skipahead(1, &S);
#endif
  double *R = Out + T * Columns;
  for (int K = 0; K < 8; ++K)
    R[K] = curand(&S);
  for (int K = 8; K < 10; ++K)
    R[K] = curand_uniform(&S);
  for (int K = 10; K < 12; ++K)
    R[K] = curand_normal(&S);
  for (int K = 12; K < 16; ++K)
    R[K] = curand_uniform_double(&S);
  for (int K = 16; K < 20; ++K)
    R[K] = curand_normal_double(&S);
  R[20] = curand_log_normal_double(&S, 0.5, 0.25);
  R[21] = curand_log_normal(&S, 0.5f, 0.25f);
  const double Lambdas[] = {0.5, 4.0, 50.0};
  for (int K = 0; K < 3; ++K) {
    R[22 + 2 * K] = curand_poisson(&S, Lambdas[K]);
    R[23 + 2 * K] = curand_poisson(&S, Lambdas[K]);
  }
}

/* The oracle's printed indices of a 256-value record: 0-31 and 240-255. */
static bool printedIndex(int I) { return I < 32 || I >= 240; }

int main() {
  double *D, Host[States * Columns];
  cudaMalloc(&D, sizeof Host);
  const unsigned long long Offsets[] = {0, 4099};
  for (unsigned long long O : Offsets) {
    deviceApi<<<1, States>>>(1234, O, D);
    cudaMemcpy(Host, D, sizeof Host, cudaMemcpyDeviceToHost);
    printf("record deviceapi.mrg32k3a.offset%llu %d\n", O, States * Columns);
    for (int I = 0; I < States * Columns; ++I) {
      if (!printedIndex(I) || I % Columns >= Compared)
        continue;
      unsigned long long Bits;
      memcpy(&Bits, &Host[I], 8);
      printf("%d %016llx\n", I, Bits);
    }
  }
  return 0;
}
