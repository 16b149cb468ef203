// curand_host_api.cu - What NVIDIA's cuRAND host API (curand.h, -lcurand)
// produces, captured on an H100 for lit-tests/curand/: for XORWOW,
// Philox4_32_10, MRG32k3a and Sobol32, on device generators
// (curandCreateGenerator) and host ones (curandCreateGeneratorHost), with
// two seeds, offsets, sizes that expose how outputs map to the
// generator's states (1..16, 4096 +- a few, 100000), consecutive calls,
// each distribution, each ordering, the status codes of bad arguments,
// and the device API's double and Poisson distributions and MRG32k3a
// states that the host generators build on.
//
// It prints "record <name> <count>" and then "<index> <hex bits>" lines
// for a subset of each record's indices (all up to 64, else the heads,
// the neighbourhoods of 4096, 8192, 16384, 32768 and the tails) and
// "status <name> <value>" lines; with a directory argument it also writes
// every value of every generator's records there (full.<generator>.bin,
// raw, for finding the orderings).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

static FILE *Full;

static bool printedIndex(size_t I, size_t N) {
  if (N <= 64 || I < 32 || I + 16 >= N)
    return true;
  const size_t Marks[] = {4096, 8192, 12288, 16384, 32768, 65536};
  for (size_t M : Marks)
    if (I + 12 >= M && I < M + 12)
      return true;
  return false;
}

static void record(const char *Name, const void *Data, size_t Size,
                   size_t N) {
  printf("record %s %zu\n", Name, N);
  const unsigned char *Bytes = (const unsigned char *)Data;
  for (size_t I = 0; I < N; ++I) {
    if (!printedIndex(I, N))
      continue;
    unsigned long long V = 0;
    memcpy(&V, Bytes + I * Size, Size);
    if (Size == 4)
      printf("%zu %08llx\n", I, V);
    else
      printf("%zu %016llx\n", I, V);
  }
  if (Full) {
    char Header[64] = {0};
    snprintf(Header, sizeof Header, "%s", Name);
    unsigned long long Meta[2] = {Size, N};
    fwrite(Header, 1, 64, Full);
    fwrite(Meta, 8, 2, Full);
    fwrite(Data, Size, N, Full);
  }
}

static void status(const char *Name, long long Value) {
  printf("status %s %lld\n", Name, Value);
  fflush(stdout);
}

/* One generator under test: its type, host or device, and the buffer the
 * generation functions write (device memory for device generators). */
struct Bench {
  curandRngType_t Type;
  bool Host;
  const char *Tag;
  void *Buffer;
  std::vector<unsigned char> Copy;

  curandGenerator_t make(unsigned long long Seed, unsigned long long Offset,
                         int Ordering = -1) {
    curandGenerator_t G;
    curandStatus_t S = Host ? curandCreateGeneratorHost(&G, Type)
                            : curandCreateGenerator(&G, Type);
    if (S != CURAND_STATUS_SUCCESS) {
      printf("create failed %d\n", (int)S);
      exit(1);
    }
    if (Type < CURAND_RNG_QUASI_DEFAULT)
      curandSetPseudoRandomGeneratorSeed(G, Seed);
    if (Offset)
      curandSetGeneratorOffset(G, Offset);
    if (Ordering >= 0) {
      char Name[96];
      snprintf(Name, sizeof Name, "%s.set-ordering-%d", Tag, Ordering);
      status(Name, curandSetGeneratorOrdering(G, (curandOrdering_t)Ordering));
    }
    return G;
  }

  void *out() { return Buffer; }

  /* Copies N values of Size bytes back and records them. */
  void save(const char *What, size_t Size, size_t N, curandStatus_t S) {
    char Name[96];
    snprintf(Name, sizeof Name, "%s.%s", Tag, What);
    if (S != CURAND_STATUS_SUCCESS) {
      status(Name, S);
      return;
    }
    Copy.resize(Size * N);
    if (Host)
      memcpy(Copy.data(), Buffer, Size * N);
    else
      cudaMemcpy(Copy.data(), Buffer, Size * N, cudaMemcpyDeviceToHost);
    record(Name, Copy.data(), Size, N);
  }
};

enum { MaxValues = 300000 };
static const unsigned long long SeedA = 1234, SeedB = 0x123456789abcdefull;

static void runBench(Bench &B) {
  char What[96];
  bool Quasi = B.Type >= CURAND_RNG_QUASI_DEFAULT;
  unsigned *U = (unsigned *)B.out();
  float *F = (float *)B.out();
  double *D = (double *)B.out();
  const size_t Sizes[] = {1,  2,    3,    4,    5,    7,    8,     16,
                          33, 4095, 4096, 4097, 8200, 16390, 100000};
  for (size_t N : Sizes) {
    curandGenerator_t G = B.make(SeedA, 0);
    snprintf(What, sizeof What, "raw.seedA.n%zu", N);
    B.save(What, 4, N, curandGenerate(G, U, N));
    curandDestroyGenerator(G);
  }
  curandGenerator_t G = B.make(SeedB, 0);
  B.save("raw.seedB.n4100", 4, 4100, curandGenerate(G, U, 4100));
  curandDestroyGenerator(G);
  const unsigned long long Offsets[] = {1, 3, 4099, 100000};
  for (unsigned long long O : Offsets) {
    G = B.make(SeedA, O);
    snprintf(What, sizeof What, "raw.seedA.offset%llu.n8200", O);
    B.save(What, 4, 8200, curandGenerate(G, U, 8200));
    curandDestroyGenerator(G);
  }
  /* Consecutive calls on one generator. */
  G = B.make(SeedA, 0);
  B.save("raw.calls.first5", 4, 5, curandGenerate(G, U, 5));
  B.save("raw.calls.then7", 4, 7, curandGenerate(G, U, 7));
  B.save("raw.calls.then4100", 4, 4100, curandGenerate(G, U, 4100));
  B.save("raw.calls.then16", 4, 16, curandGenerate(G, U, 16));
  curandDestroyGenerator(G);
  G = B.make(SeedA, 0);
  B.save("normal.calls.first6", 4, 6, curandGenerateNormal(G, F, 6, 0, 1));
  B.save("normal.calls.then10", 4, 10, curandGenerateNormal(G, F, 10, 0, 1));
  B.save("uniform.calls.then5", 4, 5, curandGenerateUniform(G, F, 5));
  B.save("raw.calls.then8", 4, 8, curandGenerate(G, U, 8));
  curandDestroyGenerator(G);

  const size_t DistSizes[] = {2, 16, 4100, 100000};
  for (size_t N : DistSizes) {
    G = B.make(SeedA, 0);
    snprintf(What, sizeof What, "uniform.n%zu", N);
    B.save(What, 4, N, curandGenerateUniform(G, F, N));
    curandDestroyGenerator(G);
    G = B.make(SeedA, 0);
    snprintf(What, sizeof What, "uniformDouble.n%zu", N);
    B.save(What, 8, N, curandGenerateUniformDouble(G, D, N));
    curandDestroyGenerator(G);
    G = B.make(SeedA, 0);
    snprintf(What, sizeof What, "normal.n%zu", N);
    B.save(What, 4, N, curandGenerateNormal(G, F, N, 0.0f, 1.0f));
    curandDestroyGenerator(G);
    G = B.make(SeedA, 0);
    snprintf(What, sizeof What, "normalDouble.n%zu", N);
    B.save(What, 8, N, curandGenerateNormalDouble(G, D, N, 0.0, 1.0));
    curandDestroyGenerator(G);
  }
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
  const double Lambdas[] = {0.5, 4.0, 50.0, 1000.0};
  for (double L : Lambdas) {
    G = B.make(SeedA, 0);
    snprintf(What, sizeof What, "poisson.lambda%g.n4100", L);
    B.save(What, 4, 4100, curandGeneratePoisson(G, U, 4100, L));
    curandDestroyGenerator(G);
  }
  G = B.make(SeedA, 0);
  B.save("poisson.lambda4.n100000", 4, 100000,
         curandGeneratePoisson(G, U, 100000, 4.0));
  curandDestroyGenerator(G);

  if (!Quasi) {
    for (int O = 100; O <= 104; ++O) {
      G = B.make(SeedA, 0, O);
      snprintf(What, sizeof What, "raw.ordering%d.n16390", O);
      B.save(What, 4, 16390, curandGenerate(G, U, 16390));
      curandDestroyGenerator(G);
      G = B.make(SeedA, 0, O);
      snprintf(What, sizeof What, "normal.ordering%d.n4100", O);
      B.save(What, 4, 4100, curandGenerateNormal(G, F, 4100, 0, 1));
      curandDestroyGenerator(G);
    }
  } else {
    const unsigned Dims[] = {2, 3};
    for (unsigned Dim : Dims) {
      G = B.make(0, 0);
      snprintf(What, sizeof What, "set-dims-%u", Dim);
      status(What, curandSetQuasiRandomGeneratorDimensions(G, Dim));
      snprintf(What, sizeof What, "raw.dims%u.n%u", Dim, Dim * 4100);
      B.save(What, 4, Dim * 4100, curandGenerate(G, U, Dim * 4100));
      curandDestroyGenerator(G);
    }
  }
}

/* Runs Call in a child process, so that a call NVIDIA's library does not
 * survive costs nothing else, and prints its status (or how it died). */
template <typename CallT> static void childStatus(const char *Name, CallT Call) {
  fflush(stdout);
  pid_t Pid = fork();
  if (Pid == 0) {
    status(Name, (long long)Call());
    _exit(0);
  }
  int Wait = 0;
  waitpid(Pid, &Wait, 0);
  if (!WIFEXITED(Wait))
    printf("status %s died\n", Name);
}

static void statuses() {
  int Version = 0;
  status("version.status", curandGetVersion(&Version));
  status("version", Version);
  curandGenerator_t G;
  status("create.bad-type", curandCreateGenerator(&G, (curandRngType_t)12345));
  status("create-host.bad-type",
         curandCreateGeneratorHost(&G, (curandRngType_t)12345));
  float *F;
  cudaMalloc(&F, 1 << 20);
  curandCreateGenerator(&G, CURAND_RNG_PSEUDO_DEFAULT);
  status("normal.odd", curandGenerateNormal(G, F, 3, 0, 1));
  status("normal.one", curandGenerateNormal(G, F, 1, 0, 1));
  status("normalDouble.odd", curandGenerateNormalDouble(G, (double *)F, 5, 0, 1));
  status("logNormal.odd", curandGenerateLogNormal(G, F, 7, 0, 1));
  status("logNormalDouble.odd",
         curandGenerateLogNormalDouble(G, (double *)F, 7, 0, 1));
  status("normal.n0", curandGenerateNormal(G, F, 0, 0, 1));
  status("uniform.n0", curandGenerateUniform(G, F, 0));
  status("raw.n0", curandGenerate(G, (unsigned *)F, 0));
  status("poisson.lambda0", curandGeneratePoisson(G, (unsigned *)F, 16, 0.0));
  status("poisson.lambda-1", curandGeneratePoisson(G, (unsigned *)F, 16, -1.0));
  status("longlong.xorwow",
         curandGenerateLongLong(G, (unsigned long long *)F, 16));
  status("ordering.quasi-on-pseudo",
         curandSetGeneratorOrdering(G, CURAND_ORDERING_QUASI_DEFAULT));
  status("ordering.bad", curandSetGeneratorOrdering(G, (curandOrdering_t)999));
  status("dims.on-pseudo", curandSetQuasiRandomGeneratorDimensions(G, 2));
  status("stream.null", curandSetStream(G, 0));
  status("destroy", curandDestroyGenerator(G));
  curandCreateGenerator(&G, CURAND_RNG_QUASI_SOBOL32);
  status("sobol.seed", curandSetPseudoRandomGeneratorSeed(G, 5));
  status("sobol.dims0", curandSetQuasiRandomGeneratorDimensions(G, 0));
  status("sobol.dims20000", curandSetQuasiRandomGeneratorDimensions(G, 20000));
  status("sobol.dims20001", curandSetQuasiRandomGeneratorDimensions(G, 20001));
  status("sobol.ordering-pseudo",
         curandSetGeneratorOrdering(G, CURAND_ORDERING_PSEUDO_DEFAULT));
  curandSetQuasiRandomGeneratorDimensions(G, 3);
  status("sobol.dims3.n7", curandGenerate(G, (unsigned *)F, 7));
  status("sobol.dims3.normal.n6", curandGenerateNormal(G, F, 6, 0, 1));
  curandDestroyGenerator(G);
  curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_PHILOX4_32_10);
  float HostBuf[16];
  status("host.normal.odd", curandGenerateNormal(G, HostBuf, 3, 0, 1));
  status("host.uniform.n16", curandGenerateUniform(G, HostBuf, 16));
  curandDestroyGenerator(G);
  childStatus("destroy.null", [] { return curandDestroyGenerator(0); });
  childStatus("generate.null-generator", [F] {
    return curandGenerate(0, (unsigned *)F, 16);
  });
  childStatus("create.null-out", [] {
    return curandCreateGenerator(0, CURAND_RNG_PSEUDO_DEFAULT);
  });
  childStatus("version.null", [] { return curandGetVersion(0); });
  cudaFree(F);
}

/* The device API's pieces that the host generators build on. */
template <typename StateT>
__global__ void deviceApi(unsigned long long Seed, unsigned long long Offset,
                          double *Out) {
  unsigned T = threadIdx.x;
  const unsigned Subsequences[8] = {0, 1, 2, 3, 4095, 4096, 8191, 16383};
  StateT S;
  curand_init(Seed, Subsequences[T], Offset, &S);
  double *R = Out + T * 32;
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
  const double Lambdas[] = {0.5, 4.0, 50.0, 1000.0};
  for (int K = 0; K < 4; ++K) {
    R[22 + 2 * K] = curand_poisson(&S, Lambdas[K]);
    R[23 + 2 * K] = curand_poisson(&S, Lambdas[K]);
  }
  R[30] = curand(&S);
  R[31] = curand(&S);
}

template <typename StateT> static void deviceApiRecords(const char *Tag) {
  double *D, Host[8 * 32];
  cudaMalloc(&D, sizeof Host);
  const unsigned long long Offsets[] = {0, 4099};
  for (unsigned long long O : Offsets) {
    deviceApi<StateT><<<1, 8>>>(SeedA, O, D);
    cudaMemcpy(Host, D, sizeof Host, cudaMemcpyDeviceToHost);
    char Name[96];
    snprintf(Name, sizeof Name, "deviceapi.%s.offset%llu", Tag, O);
    record(Name, Host, 8, 8 * 32);
  }
  cudaFree(D);
}

int main(int argc, char **argv) {
  void *Device;
  cudaMalloc(&Device, MaxValues * 8);
  void *HostBuffer = malloc(MaxValues * 8);
  const curandRngType_t Types[] = {
      CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10,
      CURAND_RNG_PSEUDO_MRG32K3A, CURAND_RNG_QUASI_SOBOL32};
  const char *Names[] = {"xorwow", "philox", "mrg32k3a", "sobol32"};
  for (int T = 0; T < 4; ++T)
    for (int H = 0; H < 2; ++H) {
      char Tag[64];
      snprintf(Tag, sizeof Tag, "%s.%s", Names[T], H ? "host" : "device");
      Bench B{Types[T], H != 0, Tag, H ? HostBuffer : Device, {}};
      char Path[512];
      if (argc > 1) {
        snprintf(Path, sizeof Path, "%s/full.%s.bin", argv[1], Tag);
        Full = fopen(Path, "wb");
      }
      runBench(B);
      if (Full)
        fclose(Full);
      Full = 0;
    }
  /* The default generator is XORWOW: its first words, to show it. */
  Bench B{CURAND_RNG_PSEUDO_DEFAULT, false, "default.device", Device, {}};
  curandGenerator_t G = B.make(SeedA, 0);
  B.save("raw.n16", 4, 16, curandGenerate(G, (unsigned *)Device, 16));
  curandDestroyGenerator(G);
  curandDirectionVectors32_t *Vectors;
  curandGetDirectionVectors32(&Vectors, CURAND_DIRECTION_VECTORS_32_JOEKUO6);
  record("sobol32.direction-vectors.dims4", Vectors, 4, 4 * 32);
  deviceApiRecords<curandStateXORWOW_t>("xorwow");
  deviceApiRecords<curandStatePhilox4_32_10_t>("philox");
  deviceApiRecords<curandStateMRG32k3a_t>("mrg32k3a");
  statuses();
  return 0;
}
