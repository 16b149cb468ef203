// Every gemm entry point of libcublas against a CPU reference computed
// here in double (std::complex<double>): cublas{S,D,C,Z}gemm,
// {S,D}gemmStridedBatched, {S,D}gemmBatched, GemmEx, GemmStridedBatchedEx
// and GemmBatchedEx with float, double, complex, half and bfloat16
// matrices. Each case runs every op(A) x op(B) in {N, T, C}^2 on
// non-square shapes whose leading dimensions exceed the rows, with
// alpha/beta ordinary, alpha == 0, beta == 0 over a NaN-filled C (C must
// not be read), and scalars in host and device memory. Every byte of C's
// buffer outside the product (the rows past M in each column, the gaps
// between batches) must keep its value.
//
// Inputs are made from random bit patterns of the stored type, so their
// exact values are known without any conversion of ours; half and
// bfloat16 results are decoded here from their bits. An element passes
// when |ours - reference| <= 2 (eps_acc (K + 2) S + eps_out |reference|),
// with S = |alpha| sum_p |a_ip b_pj| + |beta c_ij| (the classical bound of
// a recursive sum), eps_acc the unit roundoff of the accumulation (float:
// 2^-24, double: 2^-53) and eps_out the output type's (half 2^-11,
// bfloat16 2^-8).
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using Complex = std::complex<double>;

enum Kind { F32, F64, C32, C64, F16, BF16 };

static size_t sizeOf(Kind K) {
  switch (K) {
  case F32:
    return 4;
  case F64:
  case C32:
    return 8;
  case C64:
    return 16;
  case F16:
  case BF16:
    return 2;
  }
  return 0;
}

static bool isComplex(Kind K) { return K == C32 || K == C64; }

static double unitRoundoff(Kind K) {
  switch (K) {
  case F64:
  case C64:
    return std::ldexp(1.0, -53);
  case F16:
    return std::ldexp(1.0, -11);
  case BF16:
    return std::ldexp(1.0, -8);
  default:
    return std::ldexp(1.0, -24);
  }
}

static uint64_t RngState = 0x2545f4914f6cdd1dull;
static uint32_t nextRandom() {
  RngState ^= RngState << 13;
  RngState ^= RngState >> 7;
  RngState ^= RngState << 17;
  return (uint32_t)(RngState >> 16);
}

// A value in [-2, 2) with a few significant bits, exact in every type.
static double randomReal() {
  return ((int)(nextRandom() % 4096) - 2048) / 1024.0;
}

static double halfValue(uint16_t Bits) {
  int Exponent = (Bits >> 10) & 31, Mantissa = Bits & 1023;
  double Magnitude = Exponent == 0
                         ? std::ldexp((double)Mantissa, -24)
                         : std::ldexp(1024.0 + Mantissa, Exponent - 25);
  if (Exponent == 31)
    Magnitude = Mantissa ? NAN : INFINITY;
  return (Bits & 0x8000) ? -Magnitude : Magnitude;
}

static double bfloat16Value(uint16_t Bits) {
  uint32_t Word = (uint32_t)Bits << 16;
  float F;
  memcpy(&F, &Word, 4);
  return F;
}

// A random finite normal value of the 16-bit type, |x| in [1/16, 4).
static uint16_t randomHalfBits() {
  uint16_t Sign = (nextRandom() & 1) << 15;
  uint16_t Exponent = 11 + nextRandom() % 6;
  return Sign | Exponent << 10 | (nextRandom() & 1023);
}

static uint16_t randomBfloat16Bits() {
  uint16_t Sign = (nextRandom() & 1) << 15;
  uint16_t Exponent = 123 + nextRandom() % 6;
  return Sign | Exponent << 7 | (nextRandom() & 127);
}

static Complex decode(Kind K, const unsigned char *P) {
  switch (K) {
  case F32: {
    float V[1];
    memcpy(V, P, 4);
    return V[0];
  }
  case F64: {
    double V[1];
    memcpy(V, P, 8);
    return V[0];
  }
  case C32: {
    float V[2];
    memcpy(V, P, 8);
    return Complex(V[0], V[1]);
  }
  case C64: {
    double V[2];
    memcpy(V, P, 16);
    return Complex(V[0], V[1]);
  }
  case F16:
  case BF16: {
    uint16_t Bits;
    memcpy(&Bits, P, 2);
    return K == F16 ? halfValue(Bits) : bfloat16Value(Bits);
  }
  }
  return 0;
}

// Writes V, exact in K (a float, double or complex type).
static void encodeExact(Kind K, Complex V, unsigned char *P) {
  float F[2] = {(float)V.real(), (float)V.imag()};
  double D[2] = {V.real(), V.imag()};
  if (K == F32 || K == C32)
    memcpy(P, F, sizeOf(K));
  else
    memcpy(P, D, sizeOf(K));
}

static void fillRandom(Kind K, std::vector<unsigned char> &Bytes) {
  for (size_t I = 0; I < Bytes.size(); I += sizeOf(K)) {
    uint16_t Bits;
    switch (K) {
    case F16:
    case BF16:
      Bits = K == F16 ? randomHalfBits() : randomBfloat16Bits();
      memcpy(&Bytes[I], &Bits, 2);
      break;
    default:
      encodeExact(K, Complex(randomReal(), isComplex(K) ? randomReal() : 0),
                  &Bytes[I]);
    }
  }
}

static void fillNaN(Kind K, std::vector<unsigned char> &Bytes) {
  for (size_t I = 0; I < Bytes.size(); I += sizeOf(K)) {
    uint16_t Bits = K == F16 ? 0x7e00 : 0x7fc0;
    if (K == F16 || K == BF16)
      memcpy(&Bytes[I], &Bits, 2);
    else
      encodeExact(K, Complex(NAN, isComplex(K) ? NAN : 0), &Bytes[I]);
  }
}

enum Api {
  Gemm,          // cublas{S,D,C,Z}gemm by the kind
  StridedBatched, // cublas{S,D}gemmStridedBatched
  Batched,        // cublas{S,D}gemmBatched
  GemmEx,
  StridedBatchedEx,
  BatchedEx,
};

struct Case {
  const char *Name;
  Api Call;
  Kind In, Out;
  int M, N, K;
  int Batch;
  Complex Alpha, Beta;
  bool NaNInC;
  bool DeviceScalars;
};

static const cublasOperation_t Ops[] = {CUBLAS_OP_N, CUBLAS_OP_T,
                                        CUBLAS_OP_C};
static const char OpNames[] = "NTC";

static cudaDataType dataType(Kind K) {
  switch (K) {
  case F32:
    return CUDA_R_32F;
  case F64:
    return CUDA_R_64F;
  case C32:
    return CUDA_C_32F;
  case C64:
    return CUDA_C_64F;
  case F16:
    return CUDA_R_16F;
  case BF16:
    return CUDA_R_16BF;
  }
  return CUDA_R_32F;
}

// The type of alpha and beta: the compute type's.
static Kind scalarKind(Kind In) {
  return In == F16 || In == BF16 ? F32 : In;
}

static cublasStatus_t callGemm(cublasHandle_t H, const Case &C,
                               cublasOperation_t OpA, cublasOperation_t OpB,
                               const void *Alpha, const void *Beta,
                               const void *A, int Lda, long long StrideA,
                               const void *B, int Ldb, long long StrideB,
                               void *Out, int Ldc, long long StrideC,
                               void **Pointers) {
  int M = C.M, N = C.N, K = C.K;
  cublasComputeType_t Compute =
      C.In == F64 || C.In == C64 ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F;
  switch (C.Call) {
  case Gemm:
    switch (C.In) {
    case F32:
      return cublasSgemm(H, OpA, OpB, M, N, K, (const float *)Alpha,
                         (const float *)A, Lda, (const float *)B, Ldb,
                         (const float *)Beta, (float *)Out, Ldc);
    case F64:
      return cublasDgemm(H, OpA, OpB, M, N, K, (const double *)Alpha,
                         (const double *)A, Lda, (const double *)B, Ldb,
                         (const double *)Beta, (double *)Out, Ldc);
    case C32:
      return cublasCgemm(H, OpA, OpB, M, N, K, (const cuComplex *)Alpha,
                         (const cuComplex *)A, Lda, (const cuComplex *)B, Ldb,
                         (const cuComplex *)Beta, (cuComplex *)Out, Ldc);
    case C64:
      return cublasZgemm(H, OpA, OpB, M, N, K, (const cuDoubleComplex *)Alpha,
                         (const cuDoubleComplex *)A, Lda,
                         (const cuDoubleComplex *)B, Ldb,
                         (const cuDoubleComplex *)Beta,
                         (cuDoubleComplex *)Out, Ldc);
    default:
      return CUBLAS_STATUS_NOT_SUPPORTED;
    }
  case StridedBatched:
    if (C.In == F32)
      return cublasSgemmStridedBatched(
          H, OpA, OpB, M, N, K, (const float *)Alpha, (const float *)A, Lda,
          StrideA, (const float *)B, Ldb, StrideB, (const float *)Beta,
          (float *)Out, Ldc, StrideC, C.Batch);
    return cublasDgemmStridedBatched(
        H, OpA, OpB, M, N, K, (const double *)Alpha, (const double *)A, Lda,
        StrideA, (const double *)B, Ldb, StrideB, (const double *)Beta,
        (double *)Out, Ldc, StrideC, C.Batch);
  case Batched:
    if (C.In == F32)
      return cublasSgemmBatched(
          H, OpA, OpB, M, N, K, (const float *)Alpha,
          (const float *const *)Pointers, Lda,
          (const float *const *)(Pointers + C.Batch), Ldb,
          (const float *)Beta, (float *const *)(Pointers + 2 * C.Batch), Ldc,
          C.Batch);
    return cublasDgemmBatched(
        H, OpA, OpB, M, N, K, (const double *)Alpha,
        (const double *const *)Pointers, Lda,
        (const double *const *)(Pointers + C.Batch), Ldb,
        (const double *)Beta, (double *const *)(Pointers + 2 * C.Batch), Ldc,
        C.Batch);
  case GemmEx:
    return cublasGemmEx(H, OpA, OpB, M, N, K, Alpha, A, dataType(C.In), Lda,
                        B, dataType(C.In), Ldb, Beta, Out, dataType(C.Out),
                        Ldc, Compute, CUBLAS_GEMM_DEFAULT);
  case StridedBatchedEx:
    return cublasGemmStridedBatchedEx(
        H, OpA, OpB, M, N, K, Alpha, A, dataType(C.In), Lda, StrideA, B,
        dataType(C.In), Ldb, StrideB, Beta, Out, dataType(C.Out), Ldc,
        StrideC, C.Batch, Compute, CUBLAS_GEMM_DEFAULT);
  case BatchedEx:
    return cublasGemmBatchedEx(
        H, OpA, OpB, M, N, K, Alpha, (const void *const *)Pointers,
        dataType(C.In), Lda, (const void *const *)(Pointers + C.Batch),
        dataType(C.In), Ldb, Beta, (void *const *)(Pointers + 2 * C.Batch),
        dataType(C.Out), Ldc, C.Batch, Compute, CUBLAS_GEMM_DEFAULT);
  }
  return CUBLAS_STATUS_NOT_SUPPORTED;
}

static Complex opElement(Kind K, const std::vector<unsigned char> &X,
                         cublasOperation_t Op, int Ld, long long Offset,
                         int I, int J) {
  long long Index = Op == CUBLAS_OP_N ? I + (long long)J * Ld
                                      : J + (long long)I * Ld;
  Complex V = decode(K, &X[(Offset + Index) * sizeOf(K)]);
  return Op == CUBLAS_OP_C ? std::conj(V) : V;
}

static void *toDevice(const std::vector<unsigned char> &Bytes) {
  void *D = nullptr;
  cudaMalloc(&D, Bytes.size());
  cudaMemcpy(D, Bytes.data(), Bytes.size(), cudaMemcpyHostToDevice);
  return D;
}

// One case, one pair of transposes. Returns the number of wrong elements
// (bytes outside the product that changed count too).
static int runOne(cublasHandle_t H, const Case &C, cublasOperation_t OpA,
                  cublasOperation_t OpB) {
  int RowsA = OpA == CUBLAS_OP_N ? C.M : C.K;
  int ColsA = OpA == CUBLAS_OP_N ? C.K : C.M;
  int RowsB = OpB == CUBLAS_OP_N ? C.K : C.N;
  int ColsB = OpB == CUBLAS_OP_N ? C.N : C.K;
  int Lda = RowsA + 3, Ldb = RowsB + 5, Ldc = C.M + 2;
  // Gaps between batches, so that a wrong stride shows.
  long long StrideA = (long long)Lda * ColsA + 7;
  long long StrideB = (long long)Ldb * ColsB + 11;
  long long StrideC = (long long)Ldc * C.N + 13;
  std::vector<unsigned char> A(StrideA * C.Batch * sizeOf(C.In));
  std::vector<unsigned char> B(StrideB * C.Batch * sizeOf(C.In));
  std::vector<unsigned char> Out(StrideC * C.Batch * sizeOf(C.Out));
  fillRandom(C.In, A);
  fillRandom(C.In, B);
  if (C.NaNInC)
    fillNaN(C.Out, Out);
  else
    fillRandom(C.Out, Out);

  Kind S = scalarKind(C.In);
  std::vector<unsigned char> Scalars(2 * sizeOf(S));
  encodeExact(S, C.Alpha, &Scalars[0]);
  encodeExact(S, C.Beta, &Scalars[sizeOf(S)]);

  void *DA = toDevice(A), *DB = toDevice(B), *DOut = toDevice(Out);
  void *DScalars = toDevice(Scalars);
  std::vector<void *> Pointers;
  for (int Which = 0; Which < 3; ++Which)
    for (int Batch = 0; Batch < C.Batch; ++Batch) {
      char *Base = (char *)(Which == 0 ? DA : Which == 1 ? DB : DOut);
      long long Stride = Which == 0 ? StrideA : Which == 1 ? StrideB : StrideC;
      Pointers.push_back(Base + Batch * Stride *
                                    sizeOf(Which == 2 ? C.Out : C.In));
    }
  void *DPointers = nullptr;
  cudaMalloc(&DPointers, Pointers.size() * sizeof(void *));
  cudaMemcpy(DPointers, Pointers.data(), Pointers.size() * sizeof(void *),
             cudaMemcpyHostToDevice);

  cublasSetPointerMode(H, C.DeviceScalars ? CUBLAS_POINTER_MODE_DEVICE
                                          : CUBLAS_POINTER_MODE_HOST);
  const unsigned char *ScalarBase =
      C.DeviceScalars ? (const unsigned char *)DScalars : Scalars.data();
  cublasStatus_t Status =
      callGemm(H, C, OpA, OpB, ScalarBase, ScalarBase + sizeOf(S), DA, Lda,
               StrideA, DB, Ldb, StrideB, DOut, Ldc, StrideC,
               (void **)DPointers);
  std::vector<unsigned char> Got(Out.size());
  cudaError_t Error = cudaDeviceSynchronize();
  cudaMemcpy(Got.data(), DOut, Got.size(), cudaMemcpyDeviceToHost);
  cudaFree(DA);
  cudaFree(DB);
  cudaFree(DOut);
  cudaFree(DScalars);
  cudaFree(DPointers);
  if (Status != CUBLAS_STATUS_SUCCESS || Error != cudaSuccess) {
    printf("FAIL %s %c%c: status %s, %s\n", C.Name, OpNames[OpA],
           OpNames[OpB], cublasGetStatusName(Status),
           cudaGetErrorString(Error));
    return 1;
  }

  double EpsAcc = unitRoundoff(scalarKind(C.In));
  double EpsOut = unitRoundoff(C.Out);
  size_t OutSize = sizeOf(C.Out);
  int Wrong = 0;
  for (long long Index = 0; Index < StrideC * C.Batch; ++Index) {
    int Batch = Index / StrideC;
    long long InBatch = Index % StrideC;
    int I = InBatch % Ldc, J = InBatch / Ldc;
    const unsigned char *Mine = &Got[Index * OutSize];
    if (I >= C.M || J >= C.N) {
      if (memcmp(Mine, &Out[Index * OutSize], OutSize)) {
        if (Wrong++ < 3)
          printf("FAIL %s %c%c: batch %d element %lld outside C changed\n",
                 C.Name, OpNames[OpA], OpNames[OpB], Batch, InBatch);
      }
      continue;
    }
    Complex Sum = 0;
    double Magnitude = 0;
    for (int P = 0; P < C.K; ++P) {
      Complex X = opElement(C.In, A, OpA, Lda, Batch * StrideA, I, P);
      Complex Y = opElement(C.In, B, OpB, Ldb, Batch * StrideB, P, J);
      Sum += X * Y;
      Magnitude += std::abs(X) * std::abs(Y);
    }
    Complex Reference = C.Alpha * Sum;
    Magnitude *= std::abs(C.Alpha);
    if (C.Beta != 0.0) {
      Complex Old = decode(C.Out, &Out[Index * OutSize]);
      Reference += C.Beta * Old;
      Magnitude += std::abs(C.Beta) * std::abs(Old);
    }
    Complex Value = decode(C.Out, Mine);
    double Tolerance =
        2 * (EpsAcc * (C.K + 2) * Magnitude + EpsOut * std::abs(Reference));
    if (!(std::abs(Value - Reference) <= Tolerance)) {
      if (Wrong++ < 3)
        printf("FAIL %s %c%c: batch %d C(%d,%d) = (%.9g, %.9g), reference "
               "(%.9g, %.9g), tolerance %.3g\n",
               C.Name, OpNames[OpA], OpNames[OpB], Batch, I, J, Value.real(),
               Value.imag(), Reference.real(), Reference.imag(), Tolerance);
    }
  }
  return Wrong;
}

int main() {
  cublasHandle_t H;
  if (cublasCreate(&H) != CUBLAS_STATUS_SUCCESS) {
    printf("FAIL cublasCreate\n");
    return 1;
  }
  const Case Cases[] = {
      {"Sgemm", Gemm, F32, F32, 37, 29, 23, 1, 1.5, -0.5, false, false},
      {"Sgemm-tiles", Gemm, F32, F32, 70, 67, 40, 1, 1, 1, false, false},
      {"Sgemm-beta0-nan", Gemm, F32, F32, 37, 29, 23, 1, 1, 0, true, false},
      {"Sgemm-alpha0", Gemm, F32, F32, 37, 29, 23, 1, 0, 2, false, false},
      {"Sgemm-k0", Gemm, F32, F32, 9, 7, 0, 1, 1, 0.5, false, false},
      {"Sgemm-device", Gemm, F32, F32, 37, 29, 23, 1, -2, 0.25, false, true},
      {"Dgemm", Gemm, F64, F64, 37, 29, 23, 1, 1.5, -0.5, false, false},
      {"Dgemm-tiles", Gemm, F64, F64, 70, 67, 40, 1, 0.75, 1, false, true},
      {"Dgemm-beta0-nan", Gemm, F64, F64, 37, 29, 23, 1, 1, 0, true, false},
      {"Cgemm", Gemm, C32, C32, 21, 19, 17, 1, Complex(1.5, -0.5),
       Complex(0.5, 0.25), false, false},
      {"Zgemm", Gemm, C64, C64, 21, 19, 17, 1, Complex(-0.5, 1),
       Complex(0, 1), false, true},
      {"SgemmStridedBatched", StridedBatched, F32, F32, 37, 29, 23, 3, 1.5,
       -0.5, false, false},
      {"DgemmStridedBatched", StridedBatched, F64, F64, 37, 29, 23, 3, 1, 0,
       true, false},
      {"SgemmBatched", Batched, F32, F32, 19, 21, 13, 2, 1.5, 1, false, true},
      {"DgemmBatched", Batched, F64, F64, 19, 21, 13, 2, 1.5, 1, false,
       false},
      {"GemmEx-32F", GemmEx, F32, F32, 37, 29, 23, 1, 1.5, -0.5, false,
       false},
      {"GemmEx-16F", GemmEx, F16, F16, 37, 29, 23, 1, 1.5, -0.5, false,
       false},
      {"GemmEx-16F-32F", GemmEx, F16, F32, 37, 29, 23, 1, 1, 0, true, false},
      {"GemmEx-16BF", GemmEx, BF16, BF16, 37, 29, 23, 1, 1.5, -0.5, false,
       true},
      {"GemmEx-16BF-32F", GemmEx, BF16, F32, 37, 29, 23, 1, 1, 1, false,
       false},
      {"GemmEx-64F", GemmEx, F64, F64, 37, 29, 23, 1, 1, 0, true, false},
      {"GemmStridedBatchedEx-16F-32F", StridedBatchedEx, F16, F32, 33, 20, 19,
       3, 1, 0, false, false},
      {"GemmStridedBatchedEx-16BF", StridedBatchedEx, BF16, BF16, 33, 20, 19,
       2, 0.5, 1, false, false},
      {"GemmBatchedEx-32F", BatchedEx, F32, F32, 19, 21, 13, 2, 1, 0, true,
       false},
      {"GemmBatchedEx-16F", BatchedEx, F16, F16, 19, 21, 13, 2, 1, 0.5, false,
       true},
  };
  int Failed = 0;
  for (const Case &C : Cases) {
    int Wrong = 0;
    for (cublasOperation_t OpA : Ops)
      for (cublasOperation_t OpB : Ops)
        Wrong += runOne(H, C, OpA, OpB);
    printf("%s %s\n", Wrong ? "FAIL" : "PASS", C.Name);
    Failed += Wrong != 0;
  }
  cublasDestroy(H);
  printf("%d failed\n", Failed);
  return Failed != 0;
}
