// cublasLtMatmul as llm.c calls it (dev/cuda/matmul_forward.cu and
// llmc/matmul.cuh's matmul_cublaslt): a matmul descriptor with TRANSA = T,
// TRANSB = N, an epilogue and a bias pointer; layouts of the weights
// (C x OC), the input (C x BT) and the output (OC x BT); a preference with
// a workspace; the heuristic query for one algorithm; then the product, in
// place (C == D). The epilogues: DEFAULT, BIAS, GELU, GELU_BIAS; GELU_AUX
// and GELU_AUX_BIAS (GELU's input stored in the auxiliary matrix, as
// llm.c's forward pass with gelu_fusion >= 1), DGELU (the product times
// GELU's derivative at the auxiliary matrix, llm.c's backward pass with
// gelu_fusion 2), DGELU_BGRAD, BGRADA and BGRADB (the bias gradient:
// sums of D's rows, of op(A)'s rows over K, of op(B)'s columns over K,
// llm.c's dweight product). Also: C apart from D with beta != 0 and other
// leading dimensions (the auxiliary matrix's too), every transpose pair,
// strided batches (a bias and an auxiliary batch stride), bfloat16 and
// half inputs and outputs, scalars in device memory, attributes read back,
// and an epilogue we do not compute (RELU_AUX), for which the heuristic
// offers no algorithm.
//
// The reference is computed here in double: x = alpha op(A) op(B) +
// beta C + bias, D = act(x), act the identity, the tanh approximation of
// GELU (llm.c's CPU reference), 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715
// x^3))), or for DGELU x times that function's derivative at the auxiliary
// element. Inputs are multiples of 1/256 in [-1, 1) (the auxiliary input
// of DGELU four times that), exact in every type. An element of D (and of
// the stored auxiliary matrix, against x) passes when |ours - reference|
// <= 2 eps_acc (K + 2) S + 8 eps_out (|x| + |ref|), S the sum of the
// magnitudes of the terms of x, eps the unit roundoffs (float 2^-24,
// bfloat16 2^-8, half 2^-11): the product's error bound (GELU's slope and
// its derivative are below 1.13 in magnitude) plus a few ulps for tanhf
// and the output's rounding. A bias gradient of op(A) or op(B) passes
// when within 2 eps_acc K S + eps_out |ref| (S the magnitudes of the K
// terms; the sums of these inputs are exact in float); one of D's rows
// (D's elements summed rounded, or not) when within the sum over the row
// of 2 eps_acc (K + 2) S + 16 eps_acc |x| + (eps_out + 2 eps_acc N) |d|
// (d an element's reference) plus eps_out |ref|. Every byte of the bias
// and auxiliary buffers outside what the epilogue writes must keep its
// value.
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

static int Failures;

#define CHECK(Call)                                                            \
  do {                                                                         \
    cublasStatus_t S = (Call);                                                 \
    if (S != CUBLAS_STATUS_SUCCESS) {                                          \
      printf("FAIL %s: %s\n", #Call, cublasLtGetStatusName(S));              \
      ++Failures;                                                              \
    }                                                                          \
  } while (0)

static uint64_t RngState = 0x243f6a8885a308d3ull;
static double randomValue() {
  RngState ^= RngState << 13;
  RngState ^= RngState >> 7;
  RngState ^= RngState << 17;
  return ((int)((RngState >> 16) % 512) - 256) / 256.0;
}

enum Kind { F32, BF16, F16 };

static size_t sizeOf(Kind K) { return K == F32 ? 4 : 2; }
static cudaDataType dataType(Kind K) {
  return K == F32 ? CUDA_R_32F : K == BF16 ? CUDA_R_16BF : CUDA_R_16F;
}
static double unitRoundoff(Kind K) {
  return std::ldexp(1.0, K == F32 ? -24 : K == BF16 ? -8 : -11);
}

// Exact for the multiples of 1/256 below 1 in magnitude the inputs are.
static void encode(Kind K, double V, unsigned char *P) {
  float F = (float)V;
  uint32_t Bits;
  memcpy(&Bits, &F, 4);
  if (K == F32) {
    memcpy(P, &F, 4);
    return;
  }
  uint16_t Half;
  if (K == BF16) {
    Half = (uint16_t)(Bits >> 16);
  } else {
    int Exponent = (int)((Bits >> 23) & 255) - 127 + 15;
    Half = (uint16_t)((Bits >> 16) & 0x8000);
    if (F != 0)
      Half |= (uint16_t)(Exponent << 10 | ((Bits >> 13) & 1023));
  }
  memcpy(P, &Half, 2);
}

static double decode(Kind K, const unsigned char *P) {
  if (K == F32) {
    float F;
    memcpy(&F, P, 4);
    return F;
  }
  uint16_t Half;
  memcpy(&Half, P, 2);
  if (K == BF16) {
    uint32_t Bits = (uint32_t)Half << 16;
    float F;
    memcpy(&F, &Bits, 4);
    return F;
  }
  int Exponent = (Half >> 10) & 31, Mantissa = Half & 1023;
  double Magnitude = Exponent == 0
                         ? std::ldexp((double)Mantissa, -24)
                         : std::ldexp(1024.0 + Mantissa, Exponent - 25);
  if (Exponent == 31)
    Magnitude = Mantissa ? NAN : INFINITY;
  return (Half & 0x8000) ? -Magnitude : Magnitude;
}

static double gelu(double X) {
  return 0.5 * X * (1 + std::tanh(std::sqrt(2 / M_PI) *
                                  (X + 0.044715 * X * X * X)));
}

// d/dx gelu(x), from the definition above.
static double geluDerivative(double X) {
  double Scale = std::sqrt(2 / M_PI);
  double T = std::tanh(Scale * (X + 0.044715 * X * X * X));
  return 0.5 * (1 + T) +
         0.5 * X * (1 - T * T) * Scale * (1 + 3 * 0.044715 * X * X);
}

// What an epilogue computes, as cuBLASLt's documentation of
// cublasLtEpilogue_t describes it.
static bool addsBias(cublasLtEpilogue_t E) {
  return E == CUBLASLT_EPILOGUE_BIAS || E == CUBLASLT_EPILOGUE_GELU_BIAS ||
         E == CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
}
static bool appliesGelu(cublasLtEpilogue_t E) {
  return E == CUBLASLT_EPILOGUE_GELU || E == CUBLASLT_EPILOGUE_GELU_BIAS ||
         E == CUBLASLT_EPILOGUE_GELU_AUX ||
         E == CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
}
static bool storesAux(cublasLtEpilogue_t E) {
  return E == CUBLASLT_EPILOGUE_GELU_AUX ||
         E == CUBLASLT_EPILOGUE_GELU_AUX_BIAS;
}
static bool appliesGeluDerivative(cublasLtEpilogue_t E) {
  return E == CUBLASLT_EPILOGUE_DGELU || E == CUBLASLT_EPILOGUE_DGELU_BGRAD;
}
static bool usesAux(cublasLtEpilogue_t E) {
  return storesAux(E) || appliesGeluDerivative(E);
}
static bool writesBiasGradient(cublasLtEpilogue_t E) {
  return E == CUBLASLT_EPILOGUE_DGELU_BGRAD ||
         E == CUBLASLT_EPILOGUE_BGRADA || E == CUBLASLT_EPILOGUE_BGRADB;
}

struct Case {
  const char *Name;
  Kind In, Out;
  cublasOperation_t OpA, OpB;
  int M, N, K, Batch;
  cublasLtEpilogue_t Epilogue;
  float Alpha, Beta;
  bool InPlace, DeviceScalars;
  int AuxLdExtra; // the auxiliary matrix's leading dimension is M + this
};

static void *toDevice(const std::vector<unsigned char> &Host) {
  void *D;
  cudaMalloc(&D, Host.size());
  cudaMemcpy(D, Host.data(), Host.size(), cudaMemcpyHostToDevice);
  return D;
}

static std::vector<unsigned char> fromDevice(const void *D, size_t Bytes) {
  std::vector<unsigned char> Host(Bytes);
  cudaMemcpy(Host.data(), D, Bytes, cudaMemcpyDeviceToHost);
  return Host;
}

static std::vector<unsigned char> randomMatrix(Kind K, size_t Count,
                                               double Scale = 1) {
  std::vector<unsigned char> Bytes(Count * sizeOf(K));
  for (size_t I = 0; I < Count; ++I)
    encode(K, Scale * randomValue(), &Bytes[I * sizeOf(K)]);
  return Bytes;
}

// The matrices of a case, on the host as made and in device memory.
struct Operands {
  int RowsA, ColsA, RowsB, ColsB, Lda, Ldb, Ldc, Ldd, AuxLd;
  long long StrideA, StrideB, StrideC, StrideD, StrideAux, StrideBias;
  int BiasLength;
  std::vector<unsigned char> A, B, C, D, Aux, Bias;
  void *DevA, *DevB, *DevC, *DevD, *DevAux, *DevBias;
};

static Operands makeOperands(const Case &C) {
  Operands O;
  bool TA = C.OpA != CUBLAS_OP_N, TB = C.OpB != CUBLAS_OP_N;
  O.RowsA = TA ? C.K : C.M, O.ColsA = TA ? C.M : C.K;
  O.RowsB = TB ? C.N : C.K, O.ColsB = TB ? C.K : C.N;
  O.Lda = O.RowsA + (C.InPlace ? 0 : 3);
  O.Ldb = O.RowsB + (C.InPlace ? 0 : 1);
  O.Ldc = C.M + (C.InPlace ? 0 : 2);
  O.Ldd = C.InPlace ? O.Ldc : C.M + 5;
  O.AuxLd = C.M + C.AuxLdExtra;
  O.StrideA = (long long)O.Lda * O.ColsA;
  O.StrideB = (long long)O.Ldb * O.ColsB;
  O.StrideC = (long long)O.Ldc * C.N;
  O.StrideD = (long long)O.Ldd * C.N;
  O.StrideAux = (long long)O.AuxLd * C.N + (C.Batch > 1 ? 8 : 0);
  O.BiasLength = C.Epilogue == CUBLASLT_EPILOGUE_BGRADB ? C.N : C.M;
  O.StrideBias = O.BiasLength + 4;
  O.A = randomMatrix(C.In, O.StrideA * C.Batch);
  O.B = randomMatrix(C.In, O.StrideB * C.Batch);
  O.C = randomMatrix(C.Out, O.StrideC * C.Batch);
  O.D = randomMatrix(C.Out, O.StrideD * C.Batch);
  O.Aux = randomMatrix(C.Out, O.StrideAux * C.Batch, 4);
  O.Bias = randomMatrix(C.Out, O.StrideBias * C.Batch);
  O.DevA = toDevice(O.A), O.DevB = toDevice(O.B), O.DevC = toDevice(O.C);
  O.DevD = C.InPlace ? O.DevC : toDevice(O.D);
  O.DevAux = toDevice(O.Aux), O.DevBias = toDevice(O.Bias);
  return O;
}

static void freeOperands(const Case &C, Operands &O) {
  cudaFree(O.DevA);
  cudaFree(O.DevB);
  cudaFree(O.DevC);
  if (!C.InPlace)
    cudaFree(O.DevD);
  cudaFree(O.DevAux);
  cudaFree(O.DevBias);
}

static void setLong(cublasLtMatmulDesc_t Desc,
                    cublasLtMatmulDescAttributes_t Attribute, int64_t Value) {
  CHECK(cublasLtMatmulDescSetAttribute(Desc, Attribute, &Value,
                                       sizeof(Value)));
}

static cublasLtMatmulDesc_t makeDescriptor(const Case &C, const Operands &O) {
  cublasLtMatmulDesc_t Desc;
  CHECK(cublasLtMatmulDescCreate(&Desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_TRANSA,
                                       &C.OpA, sizeof(C.OpA)));
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_TRANSB,
                                       &C.OpB, sizeof(C.OpB)));
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_EPILOGUE,
                                       &C.Epilogue, sizeof(C.Epilogue)));
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                                       &O.DevBias, sizeof(O.DevBias)));
  if (C.Batch > 1)
    setLong(Desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, O.StrideBias);
  if (usesAux(C.Epilogue)) {
    CHECK(cublasLtMatmulDescSetAttribute(
        Desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &O.DevAux,
        sizeof(O.DevAux)));
    setLong(Desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, O.AuxLd);
    if (C.Batch > 1)
      setLong(Desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE,
              O.StrideAux);
    int32_t AuxType = dataType(C.Out);
    CHECK(cublasLtMatmulDescSetAttribute(
        Desc, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &AuxType,
        sizeof(AuxType)));
  }
  if (C.DeviceScalars) {
    cublasLtPointerMode_t Mode = CUBLASLT_POINTER_MODE_DEVICE;
    CHECK(cublasLtMatmulDescSetAttribute(
        Desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode)));
  }
  return Desc;
}

// Counts, and reports the first few of, the failed comparisons of a case.
struct Verdict {
  const char *Name;
  int Wrong = 0;
  void check(const char *What, int Batch, int I, int J, double Got,
             double Want, double Tolerance) {
    if (std::fabs(Got - Want) <= Tolerance || Wrong++ >= 3)
      return;
    printf("FAIL %s: batch %d %s(%d,%d) = %.9g, reference %.9g, tolerance "
           "%.3g\n",
           Name, Batch, What, I, J, Got, Want, Tolerance);
  }
  void unchanged(const char *What, const std::vector<unsigned char> &Before,
                 const std::vector<unsigned char> &After,
                 const std::vector<bool> &Written) {
    for (size_t I = 0; I < Before.size(); ++I)
      if (!Written[I] && Before[I] != After[I] && Wrong++ < 3)
        printf("FAIL %s: %s byte %zu changed\n", Name, What, I);
  }
};

static void runCase(cublasLtHandle_t Lt, const Case &C, void *Workspace,
                    size_t WorkspaceBytes) {
  int Before = Failures;
  Operands O = makeOperands(C);
  float Scalars[2] = {C.Alpha, C.Beta};
  float *DScalars;
  cudaMalloc((void **)&DScalars, sizeof(Scalars));
  cudaMemcpy(DScalars, Scalars, sizeof(Scalars), cudaMemcpyHostToDevice);

  cublasLtMatmulDesc_t Desc = makeDescriptor(C, O);
  cublasLtMatrixLayout_t Layouts[4];
  const int Shapes[4][3] = {{O.RowsA, O.ColsA, O.Lda},
                            {O.RowsB, O.ColsB, O.Ldb},
                            {C.M, C.N, O.Ldc},
                            {C.M, C.N, O.Ldd}};
  const long long Strides[4] = {O.StrideA, O.StrideB, O.StrideC, O.StrideD};
  for (int I = 0; I < 4; ++I) {
    CHECK(cublasLtMatrixLayoutCreate(&Layouts[I],
                                     dataType(I < 2 ? C.In : C.Out),
                                     Shapes[I][0], Shapes[I][1],
                                     Shapes[I][2]));
    if (C.Batch > 1) {
      CHECK(cublasLtMatrixLayoutSetAttribute(
          Layouts[I], CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &C.Batch,
          sizeof(C.Batch)));
      int64_t Stride = Strides[I];
      CHECK(cublasLtMatrixLayoutSetAttribute(
          Layouts[I], CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &Stride,
          sizeof(Stride)));
    }
  }
  cublasLtMatmulPreference_t Preference;
  CHECK(cublasLtMatmulPreferenceCreate(&Preference));
  CHECK(cublasLtMatmulPreferenceSetAttribute(
      Preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &WorkspaceBytes,
      sizeof(WorkspaceBytes)));
  cublasLtMatmulHeuristicResult_t Heuristic;
  int Returned = 0;
  CHECK(cublasLtMatmulAlgoGetHeuristic(
      Lt, Desc, Layouts[0], Layouts[1], Layouts[2], Layouts[3], Preference, 1,
      &Heuristic, &Returned));
  if (Returned != 1) {
    printf("FAIL %s: %d algorithms\n", C.Name, Returned);
    ++Failures;
  }
  const float *Alpha = C.DeviceScalars ? DScalars : Scalars;
  const float *Beta = C.DeviceScalars ? DScalars + 1 : Scalars + 1;
  CHECK(cublasLtMatmul(Lt, Desc, Alpha, O.DevA, Layouts[0], O.DevB,
                       Layouts[1], Beta, O.DevC, Layouts[2], O.DevD,
                       Layouts[3], &Heuristic.algo, Workspace, WorkspaceBytes,
                       0));
  cudaDeviceSynchronize();
  std::vector<unsigned char> Got =
      fromDevice(O.DevD, C.InPlace ? O.C.size() : O.D.size());
  std::vector<unsigned char> GotAux = fromDevice(O.DevAux, O.Aux.size());
  std::vector<unsigned char> GotBias = fromDevice(O.DevBias, O.Bias.size());

  size_t InSize = sizeOf(C.In), OutSize = sizeOf(C.Out);
  bool TA = C.OpA != CUBLAS_OP_N, TB = C.OpB != CUBLAS_OP_N;
  double EpsAcc = std::ldexp(1.0, -24), EpsOut = unitRoundoff(C.Out);
  auto ElementA = [&](int Batch, int I, int P) {
    size_t Index = Batch * O.StrideA + (TA ? P + (size_t)I * O.Lda
                                           : I + (size_t)P * O.Lda);
    return decode(C.In, &O.A[Index * InSize]);
  };
  auto ElementB = [&](int Batch, int P, int J) {
    size_t Index = Batch * O.StrideB + (TB ? J + (size_t)P * O.Ldb
                                           : P + (size_t)J * O.Ldb);
    return decode(C.In, &O.B[Index * InSize]);
  };
  Verdict V{C.Name};
  std::vector<bool> AuxWritten(O.Aux.size()), BiasWritten(O.Bias.size());
  for (int Batch = 0; Batch < C.Batch; ++Batch) {
    // Sums of D's rows and their tolerances, for DGELU_BGRAD.
    std::vector<double> RowSum(C.M), RowTolerance(C.M);
    for (int J = 0; J < C.N; ++J)
      for (int I = 0; I < C.M; ++I) {
        double X = 0, S = 0;
        for (int P = 0; P < C.K; ++P) {
          double Term = ElementA(Batch, I, P) * ElementB(Batch, P, J);
          X += Term;
          S += std::fabs(Term);
        }
        X *= C.Alpha;
        S *= std::fabs(C.Alpha);
        if (C.Beta != 0) {
          double Old = decode(
              C.Out, &O.C[(Batch * O.StrideC + I + (size_t)J * O.Ldc) *
                          OutSize]);
          X += C.Beta * Old;
          S += std::fabs(C.Beta * Old);
        }
        if (addsBias(C.Epilogue)) {
          double B = decode(C.Out,
                            &O.Bias[(Batch * O.StrideBias + I) * OutSize]);
          X += B;
          S += std::fabs(B);
        }
        size_t AuxIndex = Batch * O.StrideAux + I + (size_t)J * O.AuxLd;
        double Want = X;
        if (appliesGelu(C.Epilogue))
          Want = gelu(X);
        if (appliesGeluDerivative(C.Epilogue))
          Want = X * geluDerivative(decode(C.Out, &O.Aux[AuxIndex * OutSize]));
        double Tolerance = 2 * EpsAcc * (C.K + 2) * S +
                           8 * EpsOut * (std::fabs(X) + std::fabs(Want));
        double Mine = decode(
            C.Out, &Got[(Batch * O.StrideD + I + (size_t)J * O.Ldd) *
                        OutSize]);
        V.check("D", Batch, I, J, Mine, Want, Tolerance);
        if (storesAux(C.Epilogue)) {
          V.check("aux", Batch, I, J,
                  decode(C.Out, &GotAux[AuxIndex * OutSize]), X,
                  2 * EpsAcc * (C.K + 2) * S + 8 * EpsOut * std::fabs(X));
          for (size_t Byte = 0; Byte < OutSize; ++Byte)
            AuxWritten[AuxIndex * OutSize + Byte] = true;
        }
        RowSum[I] += Want;
        RowTolerance[I] += 2 * EpsAcc * (C.K + 2) * S +
                           16 * EpsAcc * std::fabs(X) +
                           (EpsOut + 2 * EpsAcc * C.N) * std::fabs(Want);
      }
    if (!writesBiasGradient(C.Epilogue))
      continue;
    for (int E = 0; E < O.BiasLength; ++E) {
      double Want = 0, S = 0;
      for (int P = 0; P < C.K; ++P) {
        double Term = C.Epilogue == CUBLASLT_EPILOGUE_BGRADA
                          ? ElementA(Batch, E, P)
                          : ElementB(Batch, P, E);
        Want += Term;
        S += std::fabs(Term);
      }
      double Tolerance = 2 * EpsAcc * C.K * S + EpsOut * std::fabs(Want);
      if (C.Epilogue == CUBLASLT_EPILOGUE_DGELU_BGRAD)
        Want = RowSum[E],
        Tolerance = RowTolerance[E] + EpsOut * std::fabs(RowSum[E]);
      size_t Index = Batch * O.StrideBias + E;
      V.check("bias gradient", Batch, E, 0,
              decode(C.Out, &GotBias[Index * OutSize]), Want, Tolerance);
      for (size_t Byte = 0; Byte < OutSize; ++Byte)
        BiasWritten[Index * OutSize + Byte] = true;
    }
  }
  V.unchanged("aux", O.Aux, GotAux, AuxWritten);
  V.unchanged("bias", O.Bias, GotBias, BiasWritten);
  Failures += V.Wrong != 0;

  for (cublasLtMatrixLayout_t L : Layouts)
    CHECK(cublasLtMatrixLayoutDestroy(L));
  CHECK(cublasLtMatmulPreferenceDestroy(Preference));
  CHECK(cublasLtMatmulDescDestroy(Desc));
  freeOperands(C, O);
  cudaFree(DScalars);
  printf("%s %s\n", Failures == Before ? "PASS" : "FAIL", C.Name);
}

// Attributes read back; an epilogue we do not compute gets no algorithm.
static void checkDescriptors(cublasLtHandle_t Lt) {
  cublasLtMatmulDesc_t Desc;
  CHECK(cublasLtMatmulDescCreate(&Desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasOperation_t Op = CUBLAS_OP_T, Read = CUBLAS_OP_N;
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_TRANSA, &Op,
                                       sizeof(Op)));
  size_t Written = 0;
  CHECK(cublasLtMatmulDescGetAttribute(Desc, CUBLASLT_MATMUL_DESC_TRANSA,
                                       &Read, sizeof(Read), &Written));
  if (Read != CUBLAS_OP_T || Written != sizeof(Read)) {
    printf("FAIL TRANSA read back %d (%zu bytes)\n", Read, Written);
    ++Failures;
  }
  cublasLtEpilogue_t Aux = CUBLASLT_EPILOGUE_RELU_AUX;
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_EPILOGUE,
                                       &Aux, sizeof(Aux)));
  cublasLtMatrixLayout_t L;
  CHECK(cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, 8, 8, 8));
  int64_t Ld = 0;
  CHECK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_LD, &Ld,
                                         sizeof(Ld), &Written));
  cublasLtMatmulPreference_t Preference;
  CHECK(cublasLtMatmulPreferenceCreate(&Preference));
  cublasLtMatmulHeuristicResult_t Heuristic;
  int Returned = -1;
  cublasStatus_t Status = cublasLtMatmulAlgoGetHeuristic(
      Lt, Desc, L, L, L, L, Preference, 1, &Heuristic, &Returned);
  bool Ok = Ld == 8 && Status == CUBLAS_STATUS_NOT_SUPPORTED && Returned == 0;
  printf("%s descriptors (ld %lld, RELU_AUX: %s, %d algorithms)\n",
         Ok ? "PASS" : "FAIL", (long long)Ld, cublasLtGetStatusName(Status),
         Returned);
  Failures += !Ok;
  cublasLtMatrixLayoutDestroy(L);
  cublasLtMatmulPreferenceDestroy(Preference);
  cublasLtMatmulDescDestroy(Desc);
}

int main() {
  cublasLtHandle_t Lt;
  CHECK(cublasLtCreate(&Lt));
  size_t WorkspaceBytes = 32 << 20;
  void *Workspace;
  cudaMalloc(&Workspace, WorkspaceBytes);
  const cublasOperation_t N = CUBLAS_OP_N, T = CUBLAS_OP_T;
  // llm.c's forward matmul: out (OC x BT) = weight^T (OC x C) inp (C x BT).
  const Case Cases[] = {
      {"llm.c default", F32, F32, T, N, 48, 40, 32, 1,
       CUBLASLT_EPILOGUE_DEFAULT, 1, 0, true, false, 0},
      {"llm.c bias", F32, F32, T, N, 48, 40, 32, 1, CUBLASLT_EPILOGUE_BIAS, 1,
       0, true, false, 0},
      {"llm.c gelu", F32, F32, T, N, 48, 40, 32, 1, CUBLASLT_EPILOGUE_GELU, 1,
       0, true, false, 0},
      {"llm.c gelu_bias", F32, F32, T, N, 70, 67, 33, 1,
       CUBLASLT_EPILOGUE_GELU_BIAS, 1, 0, true, false, 0},
      {"NN beta C apart", F32, F32, N, N, 37, 29, 23, 1,
       CUBLASLT_EPILOGUE_BIAS, 1.5f, -0.5f, false, false, 0},
      {"NT device scalars", F32, F32, N, T, 37, 29, 23, 1,
       CUBLASLT_EPILOGUE_GELU, -0.75f, 0.25f, false, true, 0},
      {"TT batched bias", F32, F32, T, T, 21, 19, 17, 3,
       CUBLASLT_EPILOGUE_GELU_BIAS, 1, 1, false, false, 0},
      {"bf16 gelu_bias", BF16, BF16, T, N, 48, 40, 32, 1,
       CUBLASLT_EPILOGUE_GELU_BIAS, 1, 0, true, false, 0},
      {"bf16 in f32 out", BF16, F32, N, N, 37, 29, 23, 2,
       CUBLASLT_EPILOGUE_BIAS, 1, 0.5f, false, false, 0},
      {"f16 bias", F16, F16, T, N, 37, 29, 23, 1, CUBLASLT_EPILOGUE_BIAS, 1,
       0, false, false, 0},
      // llm.c's forward pass with gelu_fusion >= 1: the fc layer's
      // pre-GELU values (OC x BT, leading dimension OC) stored.
      {"llm.c bf16 gelu_aux_bias", BF16, BF16, T, N, 72, 40, 32, 1,
       CUBLASLT_EPILOGUE_GELU_AUX_BIAS, 1, 0, true, false, 0},
      {"f32 gelu_aux_bias", F32, F32, T, N, 70, 67, 33, 1,
       CUBLASLT_EPILOGUE_GELU_AUX_BIAS, 1, 0, true, false, 0},
      {"NT batched gelu_aux aux ld", F32, F32, N, T, 37, 29, 23, 2,
       CUBLASLT_EPILOGUE_GELU_AUX, 0.75f, -0.5f, false, false, 3},
      {"bf16 TT gelu_aux aux ld", BF16, BF16, T, T, 21, 19, 17, 1,
       CUBLASLT_EPILOGUE_GELU_AUX, 1, 0, false, true, 5},
      // llm.c's backward pass with gelu_fusion 2: dinp (C x BT) = weight
      // (C x OC) dout (OC x BT), times GELU's derivative at pre_gelu.
      {"llm.c bf16 dgelu", BF16, BF16, N, N, 72, 40, 32, 1,
       CUBLASLT_EPILOGUE_DGELU, 1, 0, true, false, 0},
      {"f32 dgelu", F32, F32, N, N, 70, 67, 33, 1, CUBLASLT_EPILOGUE_DGELU, 1,
       0, true, false, 0},
      {"TN batched dgelu aux ld", F32, F32, T, N, 37, 29, 23, 3,
       CUBLASLT_EPILOGUE_DGELU, 1.25f, 0.5f, false, false, 7},
      {"f32 dgelu_bgrad", F32, F32, N, T, 37, 29, 23, 2,
       CUBLASLT_EPILOGUE_DGELU_BGRAD, 1, 0, false, false, 2},
      {"bf16 dgelu_bgrad", BF16, BF16, N, N, 48, 40, 32, 1,
       CUBLASLT_EPILOGUE_DGELU_BGRAD, 1, 0, true, false, 0},
      // llm.c's weight gradient: dweight (C x OC) += inp (C x BT)
      // dout^T, dbias (OC) the sums of dout over BT.
      {"llm.c bf16 bgradb", BF16, BF16, N, T, 32, 72, 40, 1,
       CUBLASLT_EPILOGUE_BGRADB, 1, 1, true, false, 0},
      {"f32 bgradb", F32, F32, N, T, 33, 70, 67, 1, CUBLASLT_EPILOGUE_BGRADB,
       1, 1, true, false, 0},
      {"TN batched bgradb", F32, F32, T, N, 37, 29, 23, 2,
       CUBLASLT_EPILOGUE_BGRADB, 1, 0.5f, false, false, 0},
      {"NN bgrada", F32, F32, N, N, 37, 29, 23, 1, CUBLASLT_EPILOGUE_BGRADA, 1,
       0, false, false, 0},
      {"bf16 TT batched bgrada", BF16, BF16, T, T, 21, 19, 17, 2,
       CUBLASLT_EPILOGUE_BGRADA, 1, 0, false, false, 0},
  };
  for (const Case &C : Cases)
    runCase(Lt, C, Workspace, WorkspaceBytes);
  checkDescriptors(Lt);
  cudaFree(Workspace);
  CHECK(cublasLtDestroy(Lt));
  printf("%d failed\n", Failures);
  return Failures != 0;
}
