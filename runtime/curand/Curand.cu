// Curand.cu - libcurand: cuRAND's host API (include/curand.h) over the
// device generators of include/curand_kernel.h, compiled by this build's
// cucc (cmake/CudaLibraries.cmake); its kernels run on the program's CUDA
// runtime, in the generator's stream.
//
// NVIDIA's host generators lay their outputs out in a fixed way (their
// default orderings, found from an H100's output:
// lit-tests/oracle/nvidia/curand-host/, docs/curand.md), which these
// kernels repeat:
//
//  XORWOW: 4096 states, state t = curand_init(seed, t, 0). A generator
//    keeps a slot counter p (from the offset); a call's m-th slot is slot
//    s = p + m, of state s % 4096, which takes that state's words
//    w * (s / 4096) ... + w - 1: w = 1 for a word or a float uniform,
//    2 for a normal pair or a double uniform, 4 for a double normal pair.
//    p moves by the slots used.
//  Philox4_32_10: output e (= p + index) of a float kind comes from
//    word e % 4 of counter 0 of subsequence e / 4; of a double kind, from
//    double e % 4 of the eight words of counters 0 and 1 of subsequence
//    e / 4. p moves by the outputs made.
//  MRG32k3a: XORWOW's pattern over 81920 states (4096 with
//    CURAND_ORDERING_PSEUDO_LEGACY), one draw a slot for a word, a uniform
//    or a double uniform, two for a normal pair of either precision.
//  Poisson (not NVIDIA's layout, which is not known): curand_poisson from
//    the slot's state.
//
// Host generators (curandCreateGeneratorHost) make the same values on the
// device and copy them into the caller's memory. lit-tests/curand/ builds
// this file into a test program with -D PLANTED_ORDERING_BUG (states one
// subsequence off), -D PLANTED_OFFSET_BUG (offsets one off) or
// -D PLANTED_MRG_STATES_BUG (MRG32k3a's legacy 4096 states in every
// ordering) to see its checks fail.
#include <curand.h>
#include <curand_kernel.h>

#include <stdlib.h>

struct curandGenerator_st {
  curandRngType_t Type;
  int Host;
  unsigned long long Seed;
  unsigned long long Position; /* p: slots (XORWOW) or outputs (Philox) */
  curandOrdering_t Ordering;
  cudaStream_t Stream;
};

enum {
  XorwowStates = 4096,
  MrgStates = 81920,
  MrgLegacyStates = 4096,
  MrgSlotsPerThread = 64,
  BlockSize = 256
};

/* What a call makes: its outputs' type and how they come from words. */
enum OutputKind {
  KindBits,
  KindUniform,
  KindNormal,
  KindLogNormal,
  KindUniformDouble,
  KindNormalDouble,
  KindLogNormalDouble
};

struct Request {
  OutputKind Kind;
  void *Out;
  size_t Count;
  double Mean, Stddev;
};

/*===-- Distributions of words --------------------------------------------===*/

static __device__ double uniformDouble(unsigned X, unsigned Y) {
  unsigned long long Z = (unsigned long long)X ^ ((unsigned long long)Y << 21);
  return Z * (1.0 / 9007199254740992.0) + (0.5 / 9007199254740992.0);
}

/* Box-Muller over four words: radius from the first double, angle (in
 * units of pi, in (0, 2)) from the second. */
static __device__ double2 normalDoublePair(const unsigned W[4]) {
  double U = uniformDouble(W[0], W[1]);
  unsigned long long Z =
      (unsigned long long)W[2] ^ ((unsigned long long)W[3] << 21);
  double V = Z * (2.0 / 9007199254740992.0) + (1.0 / 9007199254740992.0);
  double Radius = sqrt(-2.0 * log(U));
  double2 Pair;
  sincospi(V, &Pair.x, &Pair.y);
  Pair.x *= Radius;
  Pair.y *= Radius;
  return Pair;
}

/* A normal pair at Index and Index + 1, or with Only = 0 or 1 that one of
 * the pair at Index. */
template <typename T>
static __device__ void storePair(void *Out, size_t Index, int Only, T A,
                                 T B) {
  if (Only >= 0) {
    ((T *)Out)[Index] = Only ? B : A;
    return;
  }
  ((T *)Out)[Index] = A;
  ((T *)Out)[Index + 1] = B;
}

/* Writes output Index of R from the words of one slot: for the pair kinds
 * both values, at Index and Index + 1, or with Only = 0 or 1 that one of
 * the pair at Index. */
static __device__ void storeSlot(const Request &R, size_t Index,
                                 const unsigned *W, int Only = -1) {
  switch (R.Kind) {
  case KindBits:
    ((unsigned *)R.Out)[Index] = W[0];
    return;
  case KindUniform:
    ((float *)R.Out)[Index] = __curand_uniform(W[0]);
    return;
  case KindUniformDouble:
    ((double *)R.Out)[Index] = uniformDouble(W[0], W[1]);
    return;
  case KindNormal:
  case KindLogNormal: {
    float2 Pair = __curand_box_muller(W[0], W[1]);
    float Mean = (float)R.Mean, Stddev = (float)R.Stddev;
    float A = Mean + Stddev * Pair.x, B = Mean + Stddev * Pair.y;
    if (R.Kind == KindLogNormal) {
      A = expf(A);
      B = expf(B);
    }
    storePair(R.Out, Index, Only, A, B);
    return;
  }
  case KindNormalDouble:
  case KindLogNormalDouble: {
    double2 Pair = normalDoublePair(W);
    double A = R.Mean + R.Stddev * Pair.x, B = R.Mean + R.Stddev * Pair.y;
    if (R.Kind == KindLogNormalDouble) {
      A = exp(A);
      B = exp(B);
    }
    storePair(R.Out, Index, Only, A, B);
    return;
  }
  }
}

static __host__ __device__ int wordsPerSlot(OutputKind Kind) {
  switch (Kind) {
  case KindBits:
  case KindUniform:
    return 1;
  case KindNormal:
  case KindLogNormal:
  case KindUniformDouble:
    return 2;
  default:
    return 4;
  }
}

static __host__ __device__ int outputsPerSlot(OutputKind Kind) {
  return Kind == KindBits || Kind == KindUniform ||
                 Kind == KindUniformDouble
             ? 1
             : 2;
}

/*===-- XORWOW ------------------------------------------------------------===*/

/* Thread t owns state t and the call's slots s = First + m with
 * s % 4096 == t. */
static __global__ void xorwowKernel(unsigned long long Seed,
                                    unsigned long long First, size_t Slots,
                                    Request R) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long Slot =
      First + (T + XorwowStates - First % XorwowStates) % XorwowStates;
  if (Slot >= First + Slots)
    return;
  int Width = wordsPerSlot(R.Kind), PerSlot = outputsPerSlot(R.Kind);
  curandStateXORWOW_t S;
  unsigned long long Subsequence = T;
#ifdef PLANTED_ORDERING_BUG
  Subsequence += 1;
#endif
  unsigned long long Row = Slot / XorwowStates;
  curand_init(Seed, Subsequence, (unsigned long long)Width * Row, &S);
  /* The thread's slots are consecutive rows: its words follow on. */
  for (; Slot < First + Slots; Slot += XorwowStates) {
    unsigned W[4];
    for (int K = 0; K < Width; ++K)
      W[K] = curand(&S);
    storeSlot(R, (size_t)(Slot - First) * PerSlot, W);
  }
}

/*===-- MRG32k3a ---------------------------------------------------------===*/

/* Writes output Index of R (both of a pair at Index and Index + 1) from a
 * slot's states' draws, the way the device API's distributions turn them
 * into values. */
static __device__ void storeMrgSlot(const Request &R, size_t Index,
                                    curandStateMRG32k3a_t *S) {
  switch (R.Kind) {
  case KindBits:
    ((unsigned *)R.Out)[Index] = curand(S);
    return;
  case KindUniform:
    ((float *)R.Out)[Index] = curand_uniform(S);
    return;
  case KindUniformDouble:
    ((double *)R.Out)[Index] = curand_uniform_double(S);
    return;
  case KindNormal:
  case KindLogNormal: {
    float2 Pair = curand_normal2(S);
    float Mean = (float)R.Mean, Stddev = (float)R.Stddev;
    float A = Mean + Stddev * Pair.x, B = Mean + Stddev * Pair.y;
    if (R.Kind == KindLogNormal) {
      A = expf(A);
      B = expf(B);
    }
    ((float *)R.Out)[Index] = A;
    ((float *)R.Out)[Index + 1] = B;
    return;
  }
  case KindNormalDouble:
  case KindLogNormalDouble: {
    double2 Pair = curand_normal2_double(S);
    double A = R.Mean + R.Stddev * Pair.x, B = R.Mean + R.Stddev * Pair.y;
    if (R.Kind == KindLogNormalDouble) {
      A = exp(A);
      B = exp(B);
    }
    ((double *)R.Out)[Index] = A;
    ((double *)R.Out)[Index + 1] = B;
    return;
  }
  }
}

/* Thread k makes the slots s = First + m for m in [k * MrgSlotsPerThread,
 * (k + 1) * MrgSlotsPerThread): slot s takes state s % States after the
 * draws of the rows before s / States (a slot draws as many values as it
 * makes outputs). Consecutive slots are consecutive subsequences: the
 * thread moves from one to the next by the 2^76-draw jump. */
static __global__ void mrgKernel(unsigned long long Seed,
                                 unsigned long long First, size_t Slots,
                                 unsigned States, Request R) {
  size_t Begin =
      ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * MrgSlotsPerThread;
  if (Begin >= Slots)
    return;
  size_t End = Begin + MrgSlotsPerThread < Slots ? Begin + MrgSlotsPerThread
                                                 : Slots;
  __curand_mrg_matrix Next1, Next2, Row1, Row2;
  __curand_mrg_power(Next1, 1, 1, 76);
  __curand_mrg_power(Next2, 0, 1, 76);
  int PerSlot = outputsPerSlot(R.Kind);
  unsigned long long Slot = First + Begin, Row = ~0ull;
  curandStateMRG32k3a_t Base;
  for (size_t M = Begin; M < End; ++M, ++Slot) {
    unsigned long long Subsequence = Slot % States;
#ifdef PLANTED_ORDERING_BUG
    Subsequence += 1;
#endif
    if (M == Begin || Slot % States == 0) {
      curand_init(Seed, Subsequence, 0, &Base);
    } else {
      __curand_mrg_apply(Next1, Base.s1, 1);
      __curand_mrg_apply(Next2, Base.s2, 0);
    }
    if (Slot / States != Row) {
      Row = Slot / States;
      __curand_mrg_power(Row1, 1, PerSlot * Row, 0);
      __curand_mrg_power(Row2, 0, PerSlot * Row, 0);
    }
    curandStateMRG32k3a_t S = Base;
    __curand_mrg_apply(Row1, S.s1, 1);
    __curand_mrg_apply(Row2, S.s2, 0);
    storeMrgSlot(R, M * PerSlot, &S);
  }
}

/*===-- Philox4_32_10 -----------------------------------------------------===*/

/* Word K (0..7) of output E's subsequence: counters 0 and 1. */
static __device__ unsigned philoxWord(unsigned long long Seed,
                                      unsigned long long Sub, int K) {
#ifdef PLANTED_ORDERING_BUG
  Sub += 1;
#endif
  uint4 Counter = make_uint4(K / 4, 0, (unsigned)Sub, (unsigned)(Sub >> 32));
  uint2 Key = make_uint2((unsigned)Seed, (unsigned)(Seed >> 32));
  uint4 Out = __curand_philox10(Counter, Key);
  unsigned Words[4] = {Out.x, Out.y, Out.z, Out.w};
  return Words[K % 4];
}

/* The words output E (a global output index) is made of. */
static __device__ void philoxOutputWords(unsigned long long Seed,
                                         unsigned long long E, int Double,
                                         unsigned *W) {
  if (!Double) {
    W[0] = philoxWord(Seed, E / 4, (int)(E % 4));
    return;
  }
  W[0] = philoxWord(Seed, E / 4, (int)(E % 4) * 2);
  W[1] = philoxWord(Seed, E / 4, (int)(E % 4) * 2 + 1);
}

/* One thread per slot: one output, or two of the pair kinds. A pair is
 * made from outputs E and E + 1 with E even; from an odd position, a
 * call's outputs straddle two pairs. */
static __global__ void philoxKernel(unsigned long long Seed,
                                    unsigned long long First, size_t Slots,
                                    Request R) {
  size_t M = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (M >= Slots)
    return;
  int PerSlot = outputsPerSlot(R.Kind);
  int Double = R.Kind >= KindUniformDouble;
  unsigned W[4];
  if (PerSlot == 1) {
    philoxOutputWords(Seed, First + M, Double, W);
    storeSlot(R, M, W);
    return;
  }
  for (int K = 0; K < 2; ++K) {
    unsigned long long E = First + 2 * M + K;
    philoxOutputWords(Seed, E & ~1ull, Double, W);
    philoxOutputWords(Seed, E | 1, Double, W + (Double ? 2 : 1));
    storeSlot(R, 2 * M + K, W, (int)(E & 1));
  }
}

/*===-- The host API ------------------------------------------------------===*/

static int isPseudo(curandRngType_t Type) {
  return Type == CURAND_RNG_PSEUDO_DEFAULT ||
         Type == CURAND_RNG_PSEUDO_XORWOW ||
         Type == CURAND_RNG_PSEUDO_PHILOX4_32_10 ||
         Type == CURAND_RNG_PSEUDO_MRG32K3A;
}

static curandStatus_t createGenerator(curandGenerator_t *Generator,
                                      curandRngType_t Type, int Host) {
  if (!Generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (!isPseudo(Type))
    return CURAND_STATUS_TYPE_ERROR;
  curandGenerator_t G = (curandGenerator_t)calloc(1, sizeof *G);
  if (!G)
    return CURAND_STATUS_ALLOCATION_FAILED;
  G->Type = Type == CURAND_RNG_PSEUDO_DEFAULT ? CURAND_RNG_PSEUDO_XORWOW : Type;
  G->Host = Host;
  G->Ordering = CURAND_ORDERING_PSEUDO_DEFAULT;
  *Generator = G;
  return CURAND_STATUS_SUCCESS;
}

extern "C" {

curandStatus_t curandCreateGenerator(curandGenerator_t *Generator,
                                     curandRngType_t Type) {
  return createGenerator(Generator, Type, 0);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *Generator,
                                         curandRngType_t Type) {
  return createGenerator(Generator, Type, 1);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t Generator) {
  if (!Generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  free(Generator);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int *Version) {
  if (!Version)
    return CURAND_STATUS_OUT_OF_RANGE;
  *Version = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CURAND_STATUS_OUT_OF_RANGE;
  switch (Type) {
  case MAJOR_VERSION:
    *Value = CURAND_VER_MAJOR;
    return CURAND_STATUS_SUCCESS;
  case MINOR_VERSION:
    *Value = CURAND_VER_MINOR;
    return CURAND_STATUS_SUCCESS;
  case PATCH_LEVEL:
    *Value = CURAND_VER_PATCH;
    return CURAND_STATUS_SUCCESS;
  default:
    return CURAND_STATUS_OUT_OF_RANGE;
  }
}

curandStatus_t curandSetStream(curandGenerator_t Generator,
                               cudaStream_t Stream) {
  if (!Generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  Generator->Stream = Stream;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t Generator,
                                                  unsigned long long Seed) {
  if (!Generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  Generator->Seed = Seed;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t Generator,
                                        unsigned long long Offset) {
  if (!Generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  Generator->Position = Offset;
#ifdef PLANTED_OFFSET_BUG
  Generator->Position += 1;
#endif
  return CURAND_STATUS_SUCCESS;
}

/* BEST, DEFAULT and LEGACY lay out the same values for XORWOW and Philox
 * (NVIDIA's do too); MRG32k3a's LEGACY has fewer states. SEEDED and
 * DYNAMIC are not provided. */
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t Generator,
                                          curandOrdering_t Ordering) {
  if (!Generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (Ordering != CURAND_ORDERING_PSEUDO_BEST &&
      Ordering != CURAND_ORDERING_PSEUDO_DEFAULT &&
      Ordering != CURAND_ORDERING_PSEUDO_LEGACY)
    return CURAND_STATUS_OUT_OF_RANGE;
  Generator->Ordering = Ordering;
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetQuasiRandomGeneratorDimensions(
    curandGenerator_t Generator, unsigned int Dimensions) {
  (void)Dimensions;
  if (!Generator)
    return CURAND_STATUS_NOT_INITIALIZED;
  return CURAND_STATUS_TYPE_ERROR;
}

} // extern "C"

static size_t outputSize(OutputKind Kind) {
  return Kind >= KindUniformDouble ? sizeof(double) : sizeof(float);
}

/* Runs R's kernel into device memory (a scratch buffer for a host
 * generator, copied out after) and moves the generator's position. */
static curandStatus_t generate(curandGenerator_t G, Request R) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  int PerSlot = outputsPerSlot(R.Kind);
  /* NVIDIA's host generators take an odd count of normals (the last pair
   * loses its second value); its device generators do not. */
  size_t Wanted = R.Count;
  if (R.Count % PerSlot) {
    if (!G->Host)
      return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
    R.Count += 1;
  }
  if (!R.Count)
    return CURAND_STATUS_SUCCESS;
  void *Caller = R.Out;
  size_t Bytes = R.Count * outputSize(R.Kind);
  if (G->Host && cudaMalloc(&R.Out, Bytes) != cudaSuccess)
    return CURAND_STATUS_ALLOCATION_FAILED;
  size_t Slots = R.Count / PerSlot;
  if (G->Type == CURAND_RNG_PSEUDO_XORWOW) {
    xorwowKernel<<<XorwowStates / BlockSize, BlockSize, 0, G->Stream>>>(
        G->Seed, G->Position, Slots, R);
    G->Position += Slots;
  } else if (G->Type == CURAND_RNG_PSEUDO_MRG32K3A) {
    unsigned States = G->Ordering == CURAND_ORDERING_PSEUDO_LEGACY
                          ? MrgLegacyStates
                          : MrgStates;
#ifdef PLANTED_MRG_STATES_BUG
    States = MrgLegacyStates;
#endif
    size_t Threads = (Slots + MrgSlotsPerThread - 1) / MrgSlotsPerThread;
    size_t Blocks = (Threads + BlockSize - 1) / BlockSize;
    mrgKernel<<<(unsigned)Blocks, BlockSize, 0, G->Stream>>>(
        G->Seed, G->Position, Slots, States, R);
    G->Position += Slots;
  } else {
    size_t Blocks = (Slots + BlockSize - 1) / BlockSize;
    philoxKernel<<<(unsigned)Blocks, BlockSize, 0, G->Stream>>>(
        G->Seed, G->Position, Slots, R);
    G->Position += R.Count;
  }
  curandStatus_t Status = cudaGetLastError() == cudaSuccess
                              ? CURAND_STATUS_SUCCESS
                              : CURAND_STATUS_LAUNCH_FAILURE;
  if (G->Host) {
    if (cudaMemcpy(Caller, R.Out, Wanted * outputSize(R.Kind),
                   cudaMemcpyDeviceToHost) !=
        cudaSuccess)
      Status = CURAND_STATUS_LAUNCH_FAILURE;
    cudaFree(R.Out);
  }
  return Status;
}

/*===-- Poisson -----------------------------------------------------------===*/

/* Output e = p + m of a Poisson call comes from the generator's state of
 * slot e (as a word's would: state e % States for XORWOW and MRG32k3a,
 * subsequence e for Philox) through the device API's curand_poisson; a
 * row of states (e / States) starts PoissonRowDraws draws further on. */
enum : unsigned long long { PoissonRowDraws = 1ull << 20 };

template <typename State>
static __global__ void poissonKernel(unsigned long long Seed,
                                     unsigned long long First, size_t Count,
                                     unsigned long long States, double Lambda,
                                     unsigned *Out) {
  size_t M = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (M >= Count)
    return;
  unsigned long long E = First + M;
  State S;
  curand_init(Seed, E % States, PoissonRowDraws * (E / States), &S);
#ifdef PLANTED_POISSON_BUG
  Lambda *= 1.05;
#endif
  Out[M] = curand_poisson(&S, Lambda);
}

static curandStatus_t generatePoisson(curandGenerator_t G, unsigned *Out,
                                      size_t Count, double Lambda) {
  if (!Count)
    return CURAND_STATUS_SUCCESS;
  unsigned *Device = Out;
  if (G->Host && cudaMalloc(&Device, Count * sizeof *Out) != cudaSuccess)
    return CURAND_STATUS_ALLOCATION_FAILED;
  unsigned Blocks = (unsigned)((Count + BlockSize - 1) / BlockSize);
  if (G->Type == CURAND_RNG_PSEUDO_XORWOW)
    poissonKernel<curandStateXORWOW_t><<<Blocks, BlockSize, 0, G->Stream>>>(
        G->Seed, G->Position, Count, XorwowStates, Lambda, Device);
  else if (G->Type == CURAND_RNG_PSEUDO_MRG32K3A)
    poissonKernel<curandStateMRG32k3a_t>
        <<<Blocks, BlockSize, 0, G->Stream>>>(
            G->Seed, G->Position, Count,
            G->Ordering == CURAND_ORDERING_PSEUDO_LEGACY ? MrgLegacyStates
                                                         : MrgStates,
            Lambda, Device);
  else
    poissonKernel<curandStatePhilox4_32_10_t>
        <<<Blocks, BlockSize, 0, G->Stream>>>(G->Seed, G->Position, Count,
                                              ~0ull, Lambda, Device);
  G->Position += Count;
  curandStatus_t Status = cudaGetLastError() == cudaSuccess
                              ? CURAND_STATUS_SUCCESS
                              : CURAND_STATUS_LAUNCH_FAILURE;
  if (G->Host) {
    if (cudaMemcpy(Out, Device, Count * sizeof *Out,
                   cudaMemcpyDeviceToHost) != cudaSuccess)
      Status = CURAND_STATUS_LAUNCH_FAILURE;
    cudaFree(Device);
  }
  return Status;
}

static Request request(OutputKind Kind, void *Out, size_t Count,
                       double Mean = 0, double Stddev = 1) {
  Request R = {Kind, Out, Count, Mean, Stddev};
  return R;
}

extern "C" {

curandStatus_t curandGenerate(curandGenerator_t G, unsigned int *Out,
                              size_t Count) {
  return generate(G, request(KindBits, Out, Count));
}

curandStatus_t curandGenerateLongLong(curandGenerator_t G,
                                      unsigned long long *Out, size_t Count) {
  (void)Out;
  (void)Count;
  return G ? CURAND_STATUS_TYPE_ERROR : CURAND_STATUS_NOT_INITIALIZED;
}

curandStatus_t curandGenerateUniform(curandGenerator_t G, float *Out,
                                     size_t Count) {
  return generate(G, request(KindUniform, Out, Count));
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t G, double *Out,
                                           size_t Count) {
  return generate(G, request(KindUniformDouble, Out, Count));
}

curandStatus_t curandGenerateNormal(curandGenerator_t G, float *Out,
                                    size_t Count, float Mean, float Stddev) {
  return generate(G, request(KindNormal, Out, Count, Mean, Stddev));
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t G, double *Out,
                                          size_t Count, double Mean,
                                          double Stddev) {
  return generate(G, request(KindNormalDouble, Out, Count, Mean, Stddev));
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t G, float *Out,
                                       size_t Count, float Mean,
                                       float Stddev) {
  return generate(G, request(KindLogNormal, Out, Count, Mean, Stddev));
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t G, double *Out,
                                             size_t Count, double Mean,
                                             double Stddev) {
  return generate(G, request(KindLogNormalDouble, Out, Count, Mean, Stddev));
}

/* Poisson values: the distribution, not NVIDIA's values (its host
 * generators' method is not known here: docs/curand.md). Arguments are
 * checked as cuRAND checks them. */
curandStatus_t curandGeneratePoisson(curandGenerator_t G, unsigned int *Out,
                                     size_t Count, double Lambda) {
  if (!G)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (!(Lambda > 0))
    return CURAND_STATUS_OUT_OF_RANGE;
  return generatePoisson(G, Out, Count, Lambda);
}

} // extern "C"
