// cublasLtMatmul as llm.c's matmul_forward calls it (dev/cuda/
// matmul_forward.cu): a matmul descriptor with TRANSA = T, TRANSB = N, an
// epilogue (DEFAULT, BIAS, GELU, GELU_BIAS) and a bias pointer; layouts of
// the weights (C x OC), the input (C x BT) and the output (OC x BT); a
// preference with a workspace; the heuristic query for one algorithm; then
// the product, in place (C == D). Also: C apart from D with beta != 0 and
// other leading dimensions, every transpose pair, strided batches (and a
// bias batch stride), bfloat16 and half inputs and outputs, scalars in
// device memory, attributes read back, and an epilogue we do not compute
// (RELU_AUX), for which the heuristic offers no algorithm.
//
// The reference is computed here in double: D = act(alpha op(A) op(B) +
// beta C + bias), act the tanh approximation of GELU (llm.c's CPU
// reference), 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))). Inputs are
// multiples of 1/256 in [-1, 1), exact in every type. An element passes
// when |ours - reference| <= 2 eps_acc (K + 2) S + 8 eps_out (|x| + |ref|),
// S the sum of the magnitudes of the terms of x (the pre-activation), eps
// the unit roundoffs (float 2^-24, bfloat16 2^-8, half 2^-11): the
// product's error bound (GELU's slope is below 1.13) plus a few ulps for
// tanhf and the output's rounding.
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

struct Case {
  const char *Name;
  Kind In, Out;
  cublasOperation_t OpA, OpB;
  int M, N, K, Batch;
  cublasLtEpilogue_t Epilogue;
  float Alpha, Beta;
  bool InPlace, DeviceScalars;
};

static void *toDevice(const std::vector<unsigned char> &Host) {
  void *D;
  cudaMalloc(&D, Host.size());
  cudaMemcpy(D, Host.data(), Host.size(), cudaMemcpyHostToDevice);
  return D;
}

static std::vector<unsigned char> randomMatrix(Kind K, size_t Count) {
  std::vector<unsigned char> Bytes(Count * sizeOf(K));
  for (size_t I = 0; I < Count; ++I)
    encode(K, randomValue(), &Bytes[I * sizeOf(K)]);
  return Bytes;
}

static void runCase(cublasLtHandle_t Lt, const Case &C, void *Workspace,
                    size_t WorkspaceBytes) {
  int Before = Failures;
  bool TA = C.OpA != CUBLAS_OP_N, TB = C.OpB != CUBLAS_OP_N;
  int RowsA = TA ? C.K : C.M, ColsA = TA ? C.M : C.K;
  int RowsB = TB ? C.N : C.K, ColsB = TB ? C.K : C.N;
  int Lda = RowsA + (C.InPlace ? 0 : 3), Ldb = RowsB + (C.InPlace ? 0 : 1);
  int Ldc = C.M + (C.InPlace ? 0 : 2), Ldd = C.InPlace ? Ldc : C.M + 5;
  long long StrideA = (long long)Lda * ColsA, StrideB = (long long)Ldb * ColsB;
  long long StrideC = (long long)Ldc * C.N, StrideD = (long long)Ldd * C.N;
  long long StrideBias = C.M + 4;
  std::vector<unsigned char> A = randomMatrix(C.In, StrideA * C.Batch);
  std::vector<unsigned char> B = randomMatrix(C.In, StrideB * C.Batch);
  std::vector<unsigned char> Cm = randomMatrix(C.Out, StrideC * C.Batch);
  std::vector<unsigned char> D = randomMatrix(C.Out, StrideD * C.Batch);
  std::vector<unsigned char> Bias = randomMatrix(C.Out, StrideBias * C.Batch);
  void *DA = toDevice(A), *DB = toDevice(B), *DC = toDevice(Cm);
  void *DD = C.InPlace ? DC : toDevice(D), *DBias = toDevice(Bias);
  float Scalars[2] = {C.Alpha, C.Beta};
  float *DScalars;
  cudaMalloc((void **)&DScalars, sizeof(Scalars));
  cudaMemcpy(DScalars, Scalars, sizeof(Scalars), cudaMemcpyHostToDevice);

  cublasLtMatmulDesc_t Desc;
  CHECK(cublasLtMatmulDescCreate(&Desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_TRANSA,
                                       &C.OpA, sizeof(C.OpA)));
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_TRANSB,
                                       &C.OpB, sizeof(C.OpB)));
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_EPILOGUE,
                                       &C.Epilogue, sizeof(C.Epilogue)));
  CHECK(cublasLtMatmulDescSetAttribute(Desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
                                       &DBias, sizeof(DBias)));
  if (C.Batch > 1)
    CHECK(cublasLtMatmulDescSetAttribute(
        Desc, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, &StrideBias,
        sizeof(StrideBias)));
  if (C.DeviceScalars) {
    cublasLtPointerMode_t Mode = CUBLASLT_POINTER_MODE_DEVICE;
    CHECK(cublasLtMatmulDescSetAttribute(
        Desc, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode)));
  }
  cublasLtMatrixLayout_t Layouts[4];
  const int Shapes[4][3] = {{RowsA, ColsA, Lda},
                            {RowsB, ColsB, Ldb},
                            {C.M, C.N, Ldc},
                            {C.M, C.N, Ldd}};
  const long long Strides[4] = {StrideA, StrideB, StrideC, StrideD};
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
  CHECK(cublasLtMatmul(Lt, Desc, Alpha, DA, Layouts[0], DB, Layouts[1], Beta,
                       DC, Layouts[2], DD, Layouts[3], &Heuristic.algo,
                       Workspace, WorkspaceBytes, 0));
  std::vector<unsigned char> Got(C.InPlace ? Cm.size() : D.size());
  cudaDeviceSynchronize();
  cudaMemcpy(Got.data(), DD, Got.size(), cudaMemcpyDeviceToHost);

  size_t InSize = sizeOf(C.In), OutSize = sizeOf(C.Out);
  bool Bias1 = C.Epilogue == CUBLASLT_EPILOGUE_BIAS ||
               C.Epilogue == CUBLASLT_EPILOGUE_GELU_BIAS;
  bool Gelu = C.Epilogue == CUBLASLT_EPILOGUE_GELU ||
              C.Epilogue == CUBLASLT_EPILOGUE_GELU_BIAS;
  int Wrong = 0;
  for (int Batch = 0; Batch < C.Batch; ++Batch)
    for (int J = 0; J < C.N; ++J)
      for (int I = 0; I < C.M; ++I) {
        double X = 0, S = 0;
        for (int P = 0; P < C.K; ++P) {
          size_t IA = Batch * StrideA + (TA ? P + (size_t)I * Lda
                                            : I + (size_t)P * Lda);
          size_t IB = Batch * StrideB + (TB ? J + (size_t)P * Ldb
                                            : P + (size_t)J * Ldb);
          double Term = decode(C.In, &A[IA * InSize]) *
                        decode(C.In, &B[IB * InSize]);
          X += Term;
          S += std::fabs(Term);
        }
        X *= C.Alpha;
        S *= std::fabs(C.Alpha);
        if (C.Beta != 0) {
          double Old =
              decode(C.Out, &Cm[(Batch * StrideC + I + (size_t)J * Ldc) *
                                OutSize]);
          X += C.Beta * Old;
          S += std::fabs(C.Beta * Old);
        }
        if (Bias1) {
          double V = decode(C.Out, &Bias[(Batch * StrideBias + I) * OutSize]);
          X += V;
          S += std::fabs(V);
        }
        double Want = Gelu ? gelu(X) : X;
        double Mine =
            decode(C.Out, &Got[(Batch * StrideD + I + (size_t)J * Ldd) *
                               OutSize]);
        double Tolerance = 2 * std::ldexp(1.0, -24) * (C.K + 2) * S +
                           8 * unitRoundoff(C.Out) *
                               (std::fabs(X) + std::fabs(Want));
        if (!(std::fabs(Mine - Want) <= Tolerance) && Wrong++ < 3)
          printf("FAIL %s: batch %d D(%d,%d) = %.9g, reference %.9g, "
                 "tolerance %.3g\n",
                 C.Name, Batch, I, J, Mine, Want, Tolerance);
      }
  Failures += Wrong != 0;

  for (cublasLtMatrixLayout_t L : Layouts)
    CHECK(cublasLtMatrixLayoutDestroy(L));
  CHECK(cublasLtMatmulPreferenceDestroy(Preference));
  CHECK(cublasLtMatmulDescDestroy(Desc));
  cudaFree(DA);
  cudaFree(DB);
  cudaFree(DC);
  if (!C.InPlace)
    cudaFree(DD);
  cudaFree(DBias);
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
       CUBLASLT_EPILOGUE_DEFAULT, 1, 0, true, false},
      {"llm.c bias", F32, F32, T, N, 48, 40, 32, 1, CUBLASLT_EPILOGUE_BIAS, 1,
       0, true, false},
      {"llm.c gelu", F32, F32, T, N, 48, 40, 32, 1, CUBLASLT_EPILOGUE_GELU, 1,
       0, true, false},
      {"llm.c gelu_bias", F32, F32, T, N, 70, 67, 33, 1,
       CUBLASLT_EPILOGUE_GELU_BIAS, 1, 0, true, false},
      {"NN beta C apart", F32, F32, N, N, 37, 29, 23, 1,
       CUBLASLT_EPILOGUE_BIAS, 1.5f, -0.5f, false, false},
      {"NT device scalars", F32, F32, N, T, 37, 29, 23, 1,
       CUBLASLT_EPILOGUE_GELU, -0.75f, 0.25f, false, true},
      {"TT batched bias", F32, F32, T, T, 21, 19, 17, 3,
       CUBLASLT_EPILOGUE_GELU_BIAS, 1, 1, false, false},
      {"bf16 gelu_bias", BF16, BF16, T, N, 48, 40, 32, 1,
       CUBLASLT_EPILOGUE_GELU_BIAS, 1, 0, true, false},
      {"bf16 in f32 out", BF16, F32, N, N, 37, 29, 23, 2,
       CUBLASLT_EPILOGUE_BIAS, 1, 0.5f, false, false},
      {"f16 bias", F16, F16, T, N, 37, 29, 23, 1, CUBLASLT_EPILOGUE_BIAS, 1,
       0, false, false},
  };
  for (const Case &C : Cases)
    runCase(Lt, C, Workspace, WorkspaceBytes);
  checkDescriptors(Lt);
  cudaFree(Workspace);
  CHECK(cublasLtDestroy(Lt));
  printf("%d failed\n", Failures);
  return Failures != 0;
}
