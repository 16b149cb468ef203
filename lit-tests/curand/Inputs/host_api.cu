// host_api.cu - cuRAND host API calls (XORWOW, Philox4_32_10 and
// MRG32k3a, device and host generators) printed in the format of
// lit-tests/oracle/nvidia/curand-host/curand_host_api.cu (the program that
// captured NVIDIA's output on an H100: expected.h100.txt beside it),
// record for record under the same names, for compare-records.py. Sizes
// are those of the oracle that expose the layout: 1, 5, 4097 and 8200
// words, offsets 3 and 4099 (and 100000, past MRG32k3a's 81920 states),
// consecutive calls of several kinds.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <curand.h>
#include <vector>

static bool printedIndex(size_t I, size_t N) {
  if (N <= 64 || I < 32 || I + 16 >= N)
    return true;
  const size_t Marks[] = {4096, 8192, 12288, 16384, 32768, 65536};
  for (size_t M : Marks)
    if (I + 12 >= M && I < M + 12)
      return true;
  return false;
}

struct Bench {
  curandRngType_t Type;
  bool Host;
  const char *Tag;
  void *Buffer;

  curandGenerator_t make(unsigned long long Seed, unsigned long long Offset,
                         int Ordering = -1) {
    curandGenerator_t G;
    if (Host)
      curandCreateGeneratorHost(&G, Type);
    else
      curandCreateGenerator(&G, Type);
    curandSetPseudoRandomGeneratorSeed(G, Seed);
    if (Offset)
      curandSetGeneratorOffset(G, Offset);
    if (Ordering >= 0)
      curandSetGeneratorOrdering(G, (curandOrdering_t)Ordering);
    return G;
  }

  void save(const char *What, size_t Size, size_t N, curandStatus_t S) {
    if (S != CURAND_STATUS_SUCCESS) {
      printf("status %s.%s %d\n", Tag, What, (int)S);
      return;
    }
    std::vector<unsigned char> Copy(Size * N);
    if (Host)
      memcpy(Copy.data(), Buffer, Size * N);
    else
      cudaMemcpy(Copy.data(), Buffer, Size * N, cudaMemcpyDeviceToHost);
    printf("record %s.%s %zu\n", Tag, What, N);
    for (size_t I = 0; I < N; ++I) {
      if (!printedIndex(I, N))
        continue;
      unsigned long long V = 0;
      memcpy(&V, Copy.data() + I * Size, Size);
      printf(Size == 4 ? "%zu %08llx\n" : "%zu %016llx\n", I, V);
    }
  }
};

static const unsigned long long SeedA = 1234, SeedB = 0x123456789abcdefull;

static void runBench(Bench &B) {
  char What[96];
  unsigned *U = (unsigned *)B.Buffer;
  float *F = (float *)B.Buffer;
  double *D = (double *)B.Buffer;
  const size_t Sizes[] = {1, 5, 4097};
  for (size_t N : Sizes) {
    curandGenerator_t G = B.make(SeedA, 0);
    snprintf(What, sizeof What, "raw.seedA.n%zu", N);
    B.save(What, 4, N, curandGenerate(G, U, N));
    curandDestroyGenerator(G);
  }
  curandGenerator_t G = B.make(SeedB, 0);
  B.save("raw.seedB.n4100", 4, 4100, curandGenerate(G, U, 4100));
  curandDestroyGenerator(G);
  const unsigned long long Offsets[] = {3, 4099, 100000};
  for (unsigned long long O : Offsets) {
    if (O == 100000 && B.Type != CURAND_RNG_PSEUDO_MRG32K3A)
      continue;
    G = B.make(SeedA, O);
    snprintf(What, sizeof What, "raw.seedA.offset%llu.n8200", O);
    B.save(What, 4, 8200, curandGenerate(G, U, 8200));
    curandDestroyGenerator(G);
  }
  G = B.make(SeedA, 0);
  B.save("raw.calls.first5", 4, 5, curandGenerate(G, U, 5));
  B.save("raw.calls.then7", 4, 7, curandGenerate(G, U, 7));
  B.save("raw.calls.then4100", 4, 4100, curandGenerate(G, U, 4100));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 0);
  B.save("normal.calls.first6", 4, 6, curandGenerateNormal(G, F, 6, 0, 1));
  B.save("normal.calls.then10", 4, 10, curandGenerateNormal(G, F, 10, 0, 1));
  B.save("uniform.calls.then5", 4, 5, curandGenerateUniform(G, F, 5));
  B.save("raw.calls.then8", 4, 8, curandGenerate(G, U, 8));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 0);
  B.save("uniform.n4100", 4, 4100, curandGenerateUniform(G, F, 4100));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 0);
  B.save("uniformDouble.n4100", 8, 4100,
         curandGenerateUniformDouble(G, D, 4100));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 0);
  B.save("normal.n4100", 4, 4100, curandGenerateNormal(G, F, 4100, 0, 1));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 0);
  B.save("normalDouble.n4100", 8, 4100,
         curandGenerateNormalDouble(G, D, 4100, 0, 1));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 3);
  B.save("normal.offset3.n4100", 4, 4100,
         curandGenerateNormal(G, F, 4100, 5.0f, 2.0f));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 0);
  B.save("logNormal.n4100", 4, 4100,
         curandGenerateLogNormal(G, F, 4100, 0.5f, 0.25f));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 0);
  B.save("logNormalDouble.n4100", 8, 4100,
         curandGenerateLogNormalDouble(G, D, 4100, 0.5, 0.25));
  curandDestroyGenerator(G);
  const int Orderings[] = {100, 101, 103};
  for (int O : Orderings) {
    G = B.make(SeedA, 0, O);
    snprintf(What, sizeof What, "raw.ordering%d.n16390", O);
    B.save(What, 4, 16390, curandGenerate(G, U, 16390));
    curandDestroyGenerator(G);
  }
}

int main() {
  void *Device, *Host = malloc(16390 * 8);
  cudaMalloc(&Device, 16390 * 8);
  const curandRngType_t Types[] = {CURAND_RNG_PSEUDO_XORWOW,
                                   CURAND_RNG_PSEUDO_PHILOX4_32_10,
                                   CURAND_RNG_PSEUDO_MRG32K3A};
  const char *Names[] = {"xorwow", "philox", "mrg32k3a"};
  for (int T = 0; T < 3; ++T)
    for (int H = 0; H < 2; ++H) {
      char Tag[64];
      snprintf(Tag, sizeof Tag, "%s.%s", Names[T], H ? "host" : "device");
      Bench B{Types[T], H != 0, Tag, H ? Host : Device};
      runBench(B);
    }
  Bench B{CURAND_RNG_PSEUDO_DEFAULT, false, "default.device", Device};
  curandGenerator_t G = B.make(SeedA, 0);
  B.save("raw.n16", 4, 16, curandGenerate(G, (unsigned *)Device, 16));
  curandDestroyGenerator(G);
  return 0;
}
