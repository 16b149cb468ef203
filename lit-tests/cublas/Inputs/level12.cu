// libcublas's BLAS-1 and BLAS-2 routines in float and double against CPU
// references computed here in double: axpy, scal, copy, swap, dot, asum,
// nrm2, amax, amin, gemv (N, T, C) and ger, with unit, strided and
// negative increments (reference BLAS: element i of a vector with inc < 0
// is at (n - 1 - i) |inc|), vectors long enough for every reduction block
// (70,000 elements), alpha/beta special cases (alpha == 0, beta == 0 over
// a NaN-filled y), results and scalars in host and device memory. Memory
// between a vector's elements (or below a matrix's leading dimension)
// must keep its value. nrm2 must neither overflow (1e30f's, 1e300's) nor
// underflow (1e-30f's, 1e-300's), as reference BLAS's scaled sums do; amax
// and amin return the 1-based index of the first extreme magnitude.
//
// Tolerances: sums (dot, asum, gemv) 2 eps (n + 2) S, S the sum of the
// terms' magnitudes (the bound of a recursive sum), eps 2^-24 (float) or
// 2^-53 (double); nrm2 2 eps (n + 2) |reference|; element-wise results
// (axpy, scal, ger) one rounding: 2 eps |reference|; copy, swap and the
// indices exactly.
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

static uint64_t RngState = 0x9e3779b97f4a7c15ull;
static double randomReal() {
  RngState ^= RngState << 13;
  RngState ^= RngState >> 7;
  RngState ^= RngState << 17;
  return ((int)((RngState >> 16) % 4096) - 2048) / 1024.0;
}

static int Failures;

static void check(bool Ok, const char *What, const char *Type, double Got,
                  double Want, double Tolerance) {
  if (!Ok && Failures++ < 20)
    printf("FAIL %s %s: %.17g, reference %.17g, tolerance %.3g\n", What, Type,
           Got, Want, Tolerance);
}

static bool close(double Got, double Want, double Tolerance) {
  return std::fabs(Got - Want) <= Tolerance;
}

template <typename T> const char *typeName();
template <> const char *typeName<float>() { return "float"; }
template <> const char *typeName<double>() { return "double"; }

template <typename T> double eps() {
  return sizeof(T) == 4 ? std::ldexp(1.0, -24) : std::ldexp(1.0, -53);
}

// The type's routines under one name.
static cublasStatus_t axpy(cublasHandle_t H, int N, const float *A,
                           const float *X, int IX, float *Y, int IY) {
  return cublasSaxpy(H, N, A, X, IX, Y, IY);
}
static cublasStatus_t axpy(cublasHandle_t H, int N, const double *A,
                           const double *X, int IX, double *Y, int IY) {
  return cublasDaxpy(H, N, A, X, IX, Y, IY);
}
static cublasStatus_t scal(cublasHandle_t H, int N, const float *A, float *X,
                           int IX) {
  return cublasSscal(H, N, A, X, IX);
}
static cublasStatus_t scal(cublasHandle_t H, int N, const double *A,
                           double *X, int IX) {
  return cublasDscal(H, N, A, X, IX);
}
static cublasStatus_t copy(cublasHandle_t H, int N, const float *X, int IX,
                           float *Y, int IY) {
  return cublasScopy(H, N, X, IX, Y, IY);
}
static cublasStatus_t copy(cublasHandle_t H, int N, const double *X, int IX,
                           double *Y, int IY) {
  return cublasDcopy(H, N, X, IX, Y, IY);
}
static cublasStatus_t swap(cublasHandle_t H, int N, float *X, int IX,
                           float *Y, int IY) {
  return cublasSswap(H, N, X, IX, Y, IY);
}
static cublasStatus_t swap(cublasHandle_t H, int N, double *X, int IX,
                           double *Y, int IY) {
  return cublasDswap(H, N, X, IX, Y, IY);
}
static cublasStatus_t dot(cublasHandle_t H, int N, const float *X, int IX,
                          const float *Y, int IY, float *R) {
  return cublasSdot(H, N, X, IX, Y, IY, R);
}
static cublasStatus_t dot(cublasHandle_t H, int N, const double *X, int IX,
                          const double *Y, int IY, double *R) {
  return cublasDdot(H, N, X, IX, Y, IY, R);
}
static cublasStatus_t asum(cublasHandle_t H, int N, const float *X, int IX,
                           float *R) {
  return cublasSasum(H, N, X, IX, R);
}
static cublasStatus_t asum(cublasHandle_t H, int N, const double *X, int IX,
                           double *R) {
  return cublasDasum(H, N, X, IX, R);
}
static cublasStatus_t nrm2(cublasHandle_t H, int N, const float *X, int IX,
                           float *R) {
  return cublasSnrm2(H, N, X, IX, R);
}
static cublasStatus_t nrm2(cublasHandle_t H, int N, const double *X, int IX,
                           double *R) {
  return cublasDnrm2(H, N, X, IX, R);
}
static cublasStatus_t amax(cublasHandle_t H, int N, const float *X, int IX,
                           int *R) {
  return cublasIsamax(H, N, X, IX, R);
}
static cublasStatus_t amax(cublasHandle_t H, int N, const double *X, int IX,
                           int *R) {
  return cublasIdamax(H, N, X, IX, R);
}
static cublasStatus_t amin(cublasHandle_t H, int N, const float *X, int IX,
                           int *R) {
  return cublasIsamin(H, N, X, IX, R);
}
static cublasStatus_t amin(cublasHandle_t H, int N, const double *X, int IX,
                           int *R) {
  return cublasIdamin(H, N, X, IX, R);
}
static cublasStatus_t gemv(cublasHandle_t H, cublasOperation_t Op, int M,
                           int N, const float *Alpha, const float *A, int Lda,
                           const float *X, int IX, const float *Beta,
                           float *Y, int IY) {
  return cublasSgemv(H, Op, M, N, Alpha, A, Lda, X, IX, Beta, Y, IY);
}
static cublasStatus_t gemv(cublasHandle_t H, cublasOperation_t Op, int M,
                           int N, const double *Alpha, const double *A,
                           int Lda, const double *X, int IX,
                           const double *Beta, double *Y, int IY) {
  return cublasDgemv(H, Op, M, N, Alpha, A, Lda, X, IX, Beta, Y, IY);
}
static cublasStatus_t ger(cublasHandle_t H, int M, int N, const float *Alpha,
                          const float *X, int IX, const float *Y, int IY,
                          float *A, int Lda) {
  return cublasSger(H, M, N, Alpha, X, IX, Y, IY, A, Lda);
}
static cublasStatus_t ger(cublasHandle_t H, int M, int N, const double *Alpha,
                          const double *X, int IX, const double *Y, int IY,
                          double *A, int Lda) {
  return cublasDger(H, M, N, Alpha, X, IX, Y, IY, A, Lda);
}

// Device memory holding a copy of a host vector, copied back on demand.
template <typename T> struct DeviceCopy {
  T *Ptr = nullptr;
  size_t Count;
  explicit DeviceCopy(const std::vector<T> &Host) : Count(Host.size()) {
    cudaMalloc((void **)&Ptr, Count * sizeof(T) + 1);
    cudaMemcpy(Ptr, Host.data(), Count * sizeof(T), cudaMemcpyHostToDevice);
  }
  ~DeviceCopy() { cudaFree(Ptr); }
  std::vector<T> get() const {
    std::vector<T> Host(Count);
    cudaMemcpy(Host.data(), Ptr, Count * sizeof(T), cudaMemcpyDeviceToHost);
    return Host;
  }
};

static size_t position(int I, int N, int Inc) {
  return Inc >= 0 ? (size_t)I * Inc : (size_t)(N - 1 - I) * -Inc;
}

static size_t footprint(int N, int Inc) {
  return N == 0 ? 1 : (size_t)(N - 1) * std::abs(Inc) + 1;
}

template <typename T> std::vector<T> randomVector(size_t Count) {
  std::vector<T> V(Count);
  for (T &E : V)
    E = (T)randomReal();
  return V;
}

// The handle's pointer mode picks where scalars and results live.
template <typename T> struct Scalars {
  cublasHandle_t H;
  bool Device;
  T *DevicePtr = nullptr;
  T Host[2];
  Scalars(cublasHandle_t H, bool Device, T Alpha, T Beta = 0)
      : H(H), Device(Device) {
    Host[0] = Alpha;
    Host[1] = Beta;
    cublasSetPointerMode(H, Device ? CUBLAS_POINTER_MODE_DEVICE
                                   : CUBLAS_POINTER_MODE_HOST);
    cudaMalloc((void **)&DevicePtr, sizeof(Host));
    cudaMemcpy(DevicePtr, Host, sizeof(Host), cudaMemcpyHostToDevice);
  }
  ~Scalars() { cudaFree(DevicePtr); }
  const T *alpha() const { return Device ? DevicePtr : Host; }
  const T *beta() const { return Device ? DevicePtr + 1 : Host + 1; }
};

// A reduction's result, wherever the pointer mode puts it.
template <typename T, typename Call>
T reduced(cublasHandle_t H, bool Device, Call Routine) {
  cublasSetPointerMode(H, Device ? CUBLAS_POINTER_MODE_DEVICE
                                 : CUBLAS_POINTER_MODE_HOST);
  T Result = (T)-12345, *DeviceResult;
  cudaMalloc((void **)&DeviceResult, sizeof(T));
  cudaMemcpy(DeviceResult, &Result, sizeof(T), cudaMemcpyHostToDevice);
  cublasStatus_t Status = Routine(Device ? DeviceResult : &Result);
  if (Device)
    cudaMemcpy(&Result, DeviceResult, sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(DeviceResult);
  if (Status != CUBLAS_STATUS_SUCCESS && Failures++ < 20)
    printf("FAIL reduction status %s\n", cublasGetStatusName(Status));
  return Result;
}

// Elements not at a vector's positions must keep their values.
template <typename T>
void checkGaps(const char *What, const std::vector<T> &Before,
               const std::vector<T> &After, int N, int Inc) {
  std::vector<bool> Used(Before.size());
  for (int I = 0; I < N; ++I)
    Used[position(I, N, Inc)] = true;
  for (size_t K = 0; K < Before.size(); ++K)
    if (!Used[K] && !(Before[K] == After[K]))
      check(false, What, "gap", After[K], Before[K], 0);
}

template <typename T> void testElementwise(cublasHandle_t H, bool Device) {
  const char *Type = typeName<T>();
  const int N = 1000;
  const int Incs[][2] = {{1, 1}, {2, -3}, {-1, 2}};
  for (auto &Inc : Incs) {
    std::vector<T> X = randomVector<T>(footprint(N, Inc[0]));
    std::vector<T> Y = randomVector<T>(footprint(N, Inc[1]));
    for (T Alpha : {(T)1.5, (T)0}) {
      DeviceCopy<T> DX(X), DY(Y);
      Scalars<T> S(H, Device, Alpha);
      axpy(H, N, S.alpha(), DX.Ptr, Inc[0], DY.Ptr, Inc[1]);
      std::vector<T> Got = DY.get();
      for (int I = 0; I < N; ++I) {
        double Want = (double)Y[position(I, N, Inc[1])] +
                      (double)Alpha * X[position(I, N, Inc[0])];
        double G = Got[position(I, N, Inc[1])];
        check(close(G, Want, 2 * eps<T>() * std::fabs(Want)), "axpy", Type,
              G, Want, 2 * eps<T>() * std::fabs(Want));
      }
      checkGaps("axpy", Y, Got, N, Inc[1]);
    }
    if (Inc[0] > 0) {
      DeviceCopy<T> DX(X);
      Scalars<T> S(H, Device, (T)-0.75);
      scal(H, N, S.alpha(), DX.Ptr, Inc[0]);
      std::vector<T> Got = DX.get();
      for (int I = 0; I < N; ++I) {
        double Want = -0.75 * X[position(I, N, Inc[0])];
        check(Got[position(I, N, Inc[0])] == (T)Want, "scal", Type,
              Got[position(I, N, Inc[0])], Want, 0);
      }
      checkGaps("scal", X, Got, N, Inc[0]);
    }
    {
      DeviceCopy<T> DX(X), DY(Y);
      copy(H, N, DX.Ptr, Inc[0], DY.Ptr, Inc[1]);
      std::vector<T> Got = DY.get();
      for (int I = 0; I < N; ++I)
        check(Got[position(I, N, Inc[1])] == X[position(I, N, Inc[0])],
              "copy", Type, Got[position(I, N, Inc[1])],
              X[position(I, N, Inc[0])], 0);
      checkGaps("copy", Y, Got, N, Inc[1]);
    }
    {
      DeviceCopy<T> DX(X), DY(Y);
      swap(H, N, DX.Ptr, Inc[0], DY.Ptr, Inc[1]);
      std::vector<T> GotX = DX.get(), GotY = DY.get();
      for (int I = 0; I < N; ++I) {
        size_t PX = position(I, N, Inc[0]), PY = position(I, N, Inc[1]);
        check(GotX[PX] == Y[PY] && GotY[PY] == X[PX], "swap", Type, GotX[PX],
              Y[PY], 0);
      }
    }
  }
}

template <typename T> void testReductions(cublasHandle_t H, bool Device) {
  const char *Type = typeName<T>();
  const int Sizes[] = {1, 1000, 70000};
  const int Incs[][2] = {{1, 1}, {3, -2}};
  for (int N : Sizes)
    for (auto &Inc : Incs) {
      std::vector<T> X = randomVector<T>(footprint(N, Inc[0]));
      std::vector<T> Y = randomVector<T>(footprint(N, Inc[1]));
      DeviceCopy<T> DX(X), DY(Y);
      double Dot = 0, DotMagnitude = 0, Asum = 0, Squares = 0;
      int Max = 0, Min = 0;
      for (int I = 0; I < N; ++I) {
        double A = X[position(I, N, Inc[0])], B = Y[position(I, N, Inc[1])];
        Dot += A * B;
        DotMagnitude += std::fabs(A * B);
        double Forward = X[(size_t)I * Inc[0]];
        Asum += std::fabs(Forward);
        Squares += Forward * Forward;
        if (!Max || std::fabs(Forward) > std::fabs(X[(Max - 1) * Inc[0]]))
          Max = I + 1;
        if (!Min || std::fabs(Forward) < std::fabs(X[(Min - 1) * Inc[0]]))
          Min = I + 1;
      }
      double Tolerance = 2 * eps<T>() * (N + 2);
      T Got = reduced<T>(H, Device, [&](T *R) {
        return dot(H, N, DX.Ptr, Inc[0], DY.Ptr, Inc[1], R);
      });
      check(close(Got, Dot, Tolerance * DotMagnitude), "dot", Type, Got, Dot,
            Tolerance * DotMagnitude);
      Got = reduced<T>(H, Device,
                       [&](T *R) { return asum(H, N, DX.Ptr, Inc[0], R); });
      check(close(Got, Asum, Tolerance * Asum), "asum", Type, Got, Asum,
            Tolerance * Asum);
      Got = reduced<T>(H, Device,
                       [&](T *R) { return nrm2(H, N, DX.Ptr, Inc[0], R); });
      double Norm = std::sqrt(Squares);
      check(close(Got, Norm, Tolerance * Norm), "nrm2", Type, Got, Norm,
            Tolerance * Norm);
      int Index = reduced<int>(
          H, Device, [&](int *R) { return amax(H, N, DX.Ptr, Inc[0], R); });
      check(Index == Max, "amax", Type, Index, Max, 0);
      Index = reduced<int>(
          H, Device, [&](int *R) { return amin(H, N, DX.Ptr, Inc[0], R); });
      check(Index == Min, "amin", Type, Index, Min, 0);
    }

  // Ties: the first index of the extreme magnitude, whatever its sign.
  std::vector<T> Ties(3000, (T)0.5);
  Ties[1700] = (T)-3;
  Ties[2900] = (T)3;
  Ties[40] = (T)0.25;
  Ties[2000] = (T)-0.25;
  DeviceCopy<T> DTies(Ties);
  int Index = reduced<int>(
      H, Device, [&](int *R) { return amax(H, 3000, DTies.Ptr, 1, R); });
  check(Index == 1701, "amax tie", Type, Index, 1701, 0);
  Index = reduced<int>(
      H, Device, [&](int *R) { return amin(H, 3000, DTies.Ptr, 1, R); });
  check(Index == 41, "amin tie", Type, Index, 41, 0);

  // Empty vectors and non-positive increments: 0.
  Index = reduced<int>(H, Device,
                       [&](int *R) { return amax(H, 0, DTies.Ptr, 1, R); });
  check(Index == 0, "amax n=0", Type, Index, 0, 0);
  T Zero = reduced<T>(H, Device,
                      [&](T *R) { return nrm2(H, 10, DTies.Ptr, 0, R); });
  check(Zero == 0, "nrm2 incx=0", Type, Zero, 0, 0);
  Zero = reduced<T>(H, Device,
                    [&](T *R) { return asum(H, -1, DTies.Ptr, 1, R); });
  check(Zero == 0, "asum n<0", Type, Zero, 0, 0);

  // nrm2 of magnitudes whose squares overflow or underflow.
  const double Huge = sizeof(T) == 4 ? 1e30 : 1e300;
  for (double Magnitude : {Huge, 1 / Huge}) {
    std::vector<T> X(5000);
    for (size_t I = 0; I < X.size(); ++I)
      X[I] = (T)(I % 2 ? Magnitude : -Magnitude * 0.5);
    DeviceCopy<T> DX(X);
    T Got = reduced<T>(H, Device,
                       [&](T *R) { return nrm2(H, 5000, DX.Ptr, 1, R); });
    double Want = std::sqrt(2500 * 1.25) * (double)(T)Magnitude;
    double Tolerance = 2 * eps<T>() * 5002 * Want;
    check(close(Got, Want, Tolerance), "nrm2 scaled", Type, Got, Want,
          Tolerance);
  }
}

template <typename T> void testLevel2(cublasHandle_t H, bool Device) {
  const char *Type = typeName<T>();
  const int M = 70, N = 45, Lda = M + 3;
  std::vector<T> A = randomVector<T>((size_t)Lda * N);
  const cublasOperation_t Ops[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  const T Pairs[][2] = {{(T)1.5, (T)-0.5}, {(T)1, (T)0}, {(T)0, (T)2}};
  const int IncX = 2, IncY = -1;
  for (cublasOperation_t Op : Ops)
    for (auto &Pair : Pairs) {
      int Rows = Op == CUBLAS_OP_N ? M : N, Cols = Op == CUBLAS_OP_N ? N : M;
      std::vector<T> X = randomVector<T>(footprint(Cols, IncX));
      std::vector<T> Y = randomVector<T>(footprint(Rows, IncY));
      if (Pair[1] == 0)
        for (T &E : Y)
          E = NAN;
      DeviceCopy<T> DA(A), DX(X), DY(Y);
      Scalars<T> S(H, Device, Pair[0], Pair[1]);
      cublasStatus_t Status = gemv(H, Op, M, N, S.alpha(), DA.Ptr, Lda,
                                   DX.Ptr, IncX, S.beta(), DY.Ptr, IncY);
      std::vector<T> Got = DY.get();
      check(Status == CUBLAS_STATUS_SUCCESS, "gemv status", Type, Status, 0,
            0);
      for (int I = 0; I < Rows; ++I) {
        double Sum = 0, Magnitude = 0;
        for (int J = 0; J < Cols; ++J) {
          double E = Op == CUBLAS_OP_N ? A[I + (size_t)J * Lda]
                                       : A[J + (size_t)I * Lda];
          Sum += E * X[position(J, Cols, IncX)];
          Magnitude += std::fabs(E * X[position(J, Cols, IncX)]);
        }
        double Want = Pair[0] * Sum;
        Magnitude *= std::fabs((double)Pair[0]);
        if (Pair[1] != 0) {
          Want += Pair[1] * (double)Y[position(I, Rows, IncY)];
          Magnitude += std::fabs(Pair[1] * (double)Y[position(I, Rows, IncY)]);
        }
        double Tolerance = 2 * eps<T>() * (Cols + 2) * Magnitude;
        double G = Got[position(I, Rows, IncY)];
        check(close(G, Want, Tolerance), Op == CUBLAS_OP_N ? "gemv N"
                                         : Op == CUBLAS_OP_T ? "gemv T"
                                                             : "gemv C",
              Type, G, Want, Tolerance);
      }
    }

  // ger: A + alpha x y^T, rows past M untouched.
  for (T Alpha : {(T)-1.25, (T)0}) {
    const int GerIncX = -2, GerIncY = 3;
    std::vector<T> X = randomVector<T>(footprint(M, GerIncX));
    std::vector<T> Y = randomVector<T>(footprint(N, GerIncY));
    DeviceCopy<T> DA(A), DX(X), DY(Y);
    Scalars<T> S(H, Device, Alpha);
    ger(H, M, N, S.alpha(), DX.Ptr, GerIncX, DY.Ptr, GerIncY, DA.Ptr, Lda);
    std::vector<T> Got = DA.get();
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < Lda; ++I) {
        size_t K = I + (size_t)J * Lda;
        double Want = I < M ? A[K] + (double)Alpha *
                                         X[position(I, M, GerIncX)] *
                                         Y[position(J, N, GerIncY)]
                            : A[K];
        double Tolerance = 4 * eps<T>() * std::fabs(Want);
        check(close(Got[K], Want, Tolerance), "ger", Type, Got[K], Want,
              Tolerance);
      }
  }
}

template <typename T> void testMatrixCopies() {
  const int Rows = 13, Cols = 7, Lda = 16, Ldb = 19;
  std::vector<T> A = randomVector<T>((size_t)Lda * Cols);
  std::vector<T> B(Ldb * Cols, (T)7), Back(Lda * Cols, (T)9);
  DeviceCopy<T> DB(B);
  cublasSetMatrix(Rows, Cols, sizeof(T), A.data(), Lda, DB.Ptr, Ldb);
  cublasGetMatrix(Rows, Cols, sizeof(T), DB.Ptr, Ldb, Back.data(), Lda);
  std::vector<T> OnDevice = DB.get();
  for (int J = 0; J < Cols; ++J)
    for (int I = 0; I < Lda; ++I) {
      T Want = I < Rows ? A[I + J * Lda] : (T)9;
      check(Back[I + J * Lda] == Want, "Set/GetMatrix", typeName<T>(),
            Back[I + J * Lda], Want, 0);
      if (I < Rows)
        check(OnDevice[I + J * Ldb] == Want, "SetMatrix", typeName<T>(),
              OnDevice[I + J * Ldb], Want, 0);
    }
  std::vector<T> X = randomVector<T>(3 * 50), Y(2 * 50, (T)5);
  DeviceCopy<T> DY(Y);
  cublasSetVector(50, sizeof(T), X.data(), 3, DY.Ptr, 2);
  std::vector<T> Got = DY.get();
  for (int I = 0; I < 100; ++I) {
    T Want = I % 2 ? (T)5 : X[I / 2 * 3];
    check(Got[I] == Want, "SetVector", typeName<T>(), Got[I], Want, 0);
  }
}

template <typename T> void testType(cublasHandle_t H) {
  for (bool Device : {false, true}) {
    int Before = Failures;
    testElementwise<T>(H, Device);
    testReductions<T>(H, Device);
    testLevel2<T>(H, Device);
    printf("%s %s %s pointers\n", Failures == Before ? "PASS" : "FAIL",
           typeName<T>(), Device ? "device" : "host");
  }
  int Before = Failures;
  testMatrixCopies<T>();
  printf("%s %s Set/Get\n", Failures == Before ? "PASS" : "FAIL",
         typeName<T>());
}

int main() {
  cublasHandle_t H;
  if (cublasCreate(&H) != CUBLAS_STATUS_SUCCESS) {
    printf("FAIL cublasCreate\n");
    return 1;
  }
  testType<float>(H);
  testType<double>(H);
  cublasDestroy(H);
  printf("%d failures\n", Failures);
  return Failures != 0;
}
