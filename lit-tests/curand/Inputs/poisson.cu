// poisson.cu - curandGeneratePoisson's values, as histograms: for each
// generator (XORWOW, Philox4_32_10, MRG32k3a; device generators, and one
// host generator that must give its device twin's values) and lambda 4,
// 50 (Knuth's method) and 1000 (rejection), 8192 values from seed 1234
// printed as "hist GENERATOR LAMBDA VALUE COUNT" lines, for
// poisson-check.py to compare with the Poisson distribution.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <curand.h>
#include <map>

enum { Count = 8192 };

static void generate(curandRngType_t Type, bool Host, double Lambda,
                     unsigned *Out) {
  curandGenerator_t G;
  if (Host)
    curandCreateGeneratorHost(&G, Type);
  else
    curandCreateGenerator(&G, Type);
  curandSetPseudoRandomGeneratorSeed(G, 1234);
  unsigned *Target = Out;
  if (!Host)
    cudaMalloc(&Target, Count * sizeof *Out);
  /* Two calls: the second continues the first. */
  int Status = curandGeneratePoisson(G, Target, Count / 2, Lambda);
  if (!Status)
    Status = curandGeneratePoisson(G, Target + Count / 2, Count / 2, Lambda);
  if (Status)
    printf("status %d\n", Status);
  if (!Host) {
    cudaMemcpy(Out, Target, Count * sizeof *Out, cudaMemcpyDeviceToHost);
    cudaFree(Target);
  }
  curandDestroyGenerator(G);
}

int main() {
  const curandRngType_t Types[] = {CURAND_RNG_PSEUDO_XORWOW,
                                   CURAND_RNG_PSEUDO_PHILOX4_32_10,
                                   CURAND_RNG_PSEUDO_MRG32K3A};
  const char *Names[] = {"xorwow", "philox", "mrg32k3a"};
  const double Lambdas[] = {4.0, 50.0, 1000.0};
  static unsigned Values[Count], HostValues[Count];
  for (int T = 0; T < 3; ++T)
    for (double Lambda : Lambdas) {
      generate(Types[T], false, Lambda, Values);
      std::map<unsigned, int> Histogram;
      for (unsigned V : Values)
        ++Histogram[V];
      for (auto &Bin : Histogram)
        printf("hist %s %g %u %d\n", Names[T], Lambda, Bin.first, Bin.second);
    }
  generate(CURAND_RNG_PSEUDO_MRG32K3A, false, 4.0, Values);
  generate(CURAND_RNG_PSEUDO_MRG32K3A, true, 4.0, HostValues);
  printf("host equals device: %s\n",
         memcmp(Values, HostValues, sizeof Values) ? "no" : "yes");
  return 0;
}
