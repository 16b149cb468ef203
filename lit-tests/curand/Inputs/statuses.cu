// statuses.cu - The status codes of cuRAND host API calls with bad or
// edge arguments, printed as "status NAME VALUE" under the names that
// lit-tests/oracle/nvidia/curand-host/curand_host_api.cu gives the same
// calls (NVIDIA's codes: expected.h100.txt there), and libcurand's
// version beside CURAND_VERSION.
#include <cstdio>
#include <cuda_runtime.h>
#include <curand.h>

static void status(const char *Name, long long Value) {
  printf("status %s %lld\n", Name, Value);
}

int main() {
  int Version = 0;
  curandStatus_t VersionStatus = curandGetVersion(&Version);
  printf("version %d %s CURAND_VERSION\n", (int)VersionStatus,
         Version == CURAND_VERSION ? "==" : "!=");
  curandGenerator_t G;
  status("create.bad-type", curandCreateGenerator(&G, (curandRngType_t)12345));
  status("create-host.bad-type",
         curandCreateGeneratorHost(&G, (curandRngType_t)12345));
  float *F;
  cudaMalloc(&F, 1 << 12);
  curandCreateGenerator(&G, CURAND_RNG_PSEUDO_DEFAULT);
  status("normal.odd", curandGenerateNormal(G, F, 3, 0, 1));
  status("normal.one", curandGenerateNormal(G, F, 1, 0, 1));
  status("normalDouble.odd",
         curandGenerateNormalDouble(G, (double *)F, 5, 0, 1));
  status("logNormal.odd", curandGenerateLogNormal(G, F, 7, 0, 1));
  status("logNormalDouble.odd",
         curandGenerateLogNormalDouble(G, (double *)F, 7, 0, 1));
  status("normal.n0", curandGenerateNormal(G, F, 0, 0, 1));
  status("uniform.n0", curandGenerateUniform(G, F, 0));
  status("raw.n0", curandGenerate(G, (unsigned *)F, 0));
  status("poisson.lambda0", curandGeneratePoisson(G, (unsigned *)F, 16, 0.0));
  status("poisson.lambda-1",
         curandGeneratePoisson(G, (unsigned *)F, 16, -1.0));
  status("longlong.xorwow",
         curandGenerateLongLong(G, (unsigned long long *)F, 16));
  status("ordering.quasi-on-pseudo",
         curandSetGeneratorOrdering(G, CURAND_ORDERING_QUASI_DEFAULT));
  status("ordering.bad", curandSetGeneratorOrdering(G, (curandOrdering_t)999));
  status("dims.on-pseudo", curandSetQuasiRandomGeneratorDimensions(G, 2));
  status("stream.null", curandSetStream(G, 0));
  status("destroy", curandDestroyGenerator(G));
  curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  float HostBuf[16];
  status("host.normal.odd", curandGenerateNormal(G, HostBuf, 3, 0, 1));
  status("host.uniform.n16", curandGenerateUniform(G, HostBuf, 16));
  curandDestroyGenerator(G);
  status("destroy.null", curandDestroyGenerator(0));
  status("generate.null-generator", curandGenerate(0, (unsigned *)F, 16));
  status("create.null-out",
         curandCreateGenerator(0, CURAND_RNG_PSEUDO_DEFAULT));
  cudaFree(F);
  return 0;
}
