//===- GemmKernel.cuh - The tiled matrix product kernel -----------------===//
//
// D = epilogue(alpha op(A) op(B) + beta C), the kernel behind every gemm of
// libcublas (Gemm.cu, where D is C) and cublasLtMatmul (LtMatmul.cu, where
// D may be another matrix and the epilogue adds a bias, then applies GELU,
// storing its input in an auxiliary matrix, or multiplies by GELU's
// derivative at the auxiliary matrix's values).
// A template over the stored and the computed types; our pipeline
// compiles it for each AMD processor and for wavesim.
//
// A block of 16 x 16 threads computes a 64 x 64 tile of D, each thread a
// 4 x 4 block of it (rows 4 tx .. 4 tx + 3, columns 4 ty .. 4 ty + 3). The
// K dimension goes by 16: the block copies a 64 x 16 slice of op(A) and a
// 16 x 64 slice of op(B) into shared memory, converted to the compute
// type, reading global memory along whichever dimension is contiguous for
// the operand's transpose, then each thread reads its four rows and four
// columns as one 16-byte LDS access each (ds_read_b128 for float) and does
// 16 multiply-adds.
//
// As reference BLAS and cuBLAS: alpha == 0 reads neither A nor B, and
// beta == 0 does not read C (NaN there does not propagate). Scalars are
// the kernel's arguments or, in CUBLAS_POINTER_MODE_DEVICE, read by it.
//
//===----------------------------------------------------------------------===//

#ifndef GEMM_KERNEL_CUH
#define GEMM_KERNEL_CUH

#include "BlasArguments.cuh"
#include "BlasScalars.cuh"

namespace blas {
// Internal to each library that includes it (libcublas, libcublasLt): each
// registers its own instantiations with the program's runtime.
namespace {

constexpr int TileM = 64, TileN = 64, TileK = 16;
constexpr int ThreadsX = 16, ThreadsY = 16;
constexpr int Threads = ThreadsX * ThreadsY;
constexpr int PerThread = 4; // rows (and columns) of D each thread owns
constexpr int MaxGridZ = 65535;

// Four consecutive elements, aligned so that one LDS access reads them.
template <typename T> struct alignas(PerThread * sizeof(T)) Quad {
  T V[PerThread];
};

// One operand of the product. op(A) (M x K) has its element (i, p) at
// Base[i * StepOuter + p * StepDepth]; op(B) (K x N) has (p, j) at
// Base[p * StepDepth + j * StepOuter]. Batch b starts at Array[b] when
// there is an array of pointers, else at Base + b * Stride.
template <typename T> struct Operand {
  const T *Base;
  const T *const *Array;
  long long Stride;
  long long StepOuter, StepDepth;
  bool Conjugate;
};

// What the epilogue does after the bias: nothing, GELU (with Aux set, the
// value before it is stored there), or a product with GELU's derivative at
// Aux's element.
enum Activation { NoActivation, GeluActivation, GeluGradient };

// D (the output) has its batch b at DArray[b] or D + b * StrideD; C (the
// input beta scales) likewise. Bias, when there is one, is a vector of M
// elements per batch, BiasStride apart. Aux is an M x N matrix per batch,
// AuxStride apart.
template <typename TIn, typename TOut, typename TAcc> struct GemmParams {
  int M, N, K;
  Operand<TIn> A, B;
  TOut *D;
  TOut *const *DArray;
  long long StrideD;
  int Ldd;
  const TOut *C;
  const TOut *const *CArray;
  long long StrideC;
  int Ldc;
  TAcc Alpha, Beta;
  const TAcc *AlphaPtr, *BetaPtr; // CUBLAS_POINTER_MODE_DEVICE
  const TOut *Bias;
  long long BiasStride;
  Activation Act;
  TOut *Aux;
  long long AuxStride;
  int AuxLd;
  int BatchBase;
};

template <typename T>
__device__ const T *batchStart(const Operand<T> &Op, int Batch) {
  return Op.Array ? Op.Array[Batch] : Op.Base + Batch * Op.Stride;
}

// Inlined, so that Tile stays an LDS pointer (a call would take it as a
// flat one). Copies op(X)'s Outer x TileK slice at (Outer0, Depth0) into
// Tile[p][o], zero outside the matrix. Consecutive threads read
// consecutive addresses of global memory when either dimension is
// contiguous.
template <typename TIn, typename TAcc, int Outer>
__device__ __forceinline__ void
loadSlice(const Operand<TIn> &Op, const TIn *X, int Extent, int K, int Outer0,
          int Depth0, int Tid, Quad<TAcc> (*Tile)[Outer / PerThread + 1]) {
  bool OuterContiguous = Op.StepOuter == 1;
  for (int E = 0; E < Outer * TileK / Threads; ++E) {
    int Linear = Tid + E * Threads;
    int O = OuterContiguous ? Linear % Outer : Linear / TileK;
    int P = OuterContiguous ? Linear / Outer : Linear % TileK;
    int GlobalOuter = Outer0 + O, GlobalDepth = Depth0 + P;
    TAcc V = zero<TAcc>();
    if (GlobalOuter < Extent && GlobalDepth < K) {
      V = widen(X[GlobalOuter * Op.StepOuter + GlobalDepth * Op.StepDepth]);
      if (Op.Conjugate)
        V = conjugate(V);
    }
    Tile[P][O / PerThread].V[O % PerThread] = V;
  }
}

// V after the activation of element (I, J) of batch Batch's D.
template <typename TIn, typename TOut, typename TAcc>
__device__ TAcc activate(const GemmParams<TIn, TOut, TAcc> &P, int Batch,
                         int I, int J, TAcc V) {
  if (P.Act == NoActivation)
    return V;
  TOut *Aux = P.Aux ? P.Aux + Batch * P.AuxStride + I + (long long)J * P.AuxLd
                    : nullptr;
  if (P.Act == GeluGradient) {
#ifdef PLANTED_DGELU_BUG // GELU itself, not its derivative
    return mul(V, gelu(widen(*Aux)));
#endif
    return mul(V, geluDerivative(widen(*Aux)));
  }
#ifdef PLANTED_AUX_BUG // GELU's output stored, not its input
  V = gelu(V);
  if (Aux)
    narrowTo(*Aux, V);
  return V;
#endif
  if (Aux)
    narrowTo(*Aux, V);
  return gelu(V);
}

// With WithEpilogue false (every gemm of libcublas), the bias and GELU
// code is not even compiled.
template <typename TIn, typename TOut, typename TAcc, bool WithEpilogue>
__global__ void __launch_bounds__(Threads)
    gemmTiled(GemmParams<TIn, TOut, TAcc> P) {
  // One quad of padding per row keeps the transposed copies' stores from
  // landing on one bank.
  __shared__ Quad<TAcc> As[TileK][TileM / PerThread + 1];
  __shared__ Quad<TAcc> Bs[TileK][TileN / PerThread + 1];

  int Batch = P.BatchBase + blockIdx.z;
  const TIn *A = batchStart(P.A, Batch);
  const TIn *B = batchStart(P.B, Batch);
  TOut *D = P.DArray ? P.DArray[Batch] : P.D + Batch * P.StrideD;
  const TOut *C = P.CArray ? P.CArray[Batch] : P.C + Batch * P.StrideC;
  const TOut *Bias =
      WithEpilogue && P.Bias ? P.Bias + Batch * P.BiasStride : nullptr;
  TAcc Alpha = P.AlphaPtr ? load(P.AlphaPtr) : P.Alpha;
  TAcc Beta = P.BetaPtr ? load(P.BetaPtr) : P.Beta;

  int Tx = threadIdx.x, Ty = threadIdx.y, Tid = Tx + Ty * ThreadsX;
  int Row0 = blockIdx.x * TileM, Col0 = blockIdx.y * TileN;

  TAcc Acc[PerThread][PerThread];
  #pragma unroll
  for (int R = 0; R < PerThread; ++R)
    #pragma unroll
    for (int S = 0; S < PerThread; ++S)
      Acc[R][S] = zero<TAcc>();

  int K = isZero(Alpha) ? 0 : P.K;
  for (int Depth0 = 0; Depth0 < K; Depth0 += TileK) {
    loadSlice<TIn, TAcc, TileM>(P.A, A, P.M, K, Row0, Depth0, Tid, As);
    loadSlice<TIn, TAcc, TileN>(P.B, B, P.N, K, Col0, Depth0, Tid, Bs);
    __syncthreads();
    #pragma unroll
    for (int D = 0; D < TileK; ++D) {
      TAcc Rows[PerThread], Cols[PerThread];
      #pragma unroll
      for (int R = 0; R < PerThread; ++R) {
        Rows[R] = As[D][Tx].V[R];
        Cols[R] = Bs[D][Ty].V[R];
      }
      #pragma unroll
      for (int R = 0; R < PerThread; ++R)
        #pragma unroll
        for (int S = 0; S < PerThread; ++S)
          Acc[R][S] = madd(Acc[R][S], Rows[R], Cols[S]);
    }
    __syncthreads();
  }

  bool ReadC = !isZero(Beta);
  #pragma unroll
  for (int S = 0; S < PerThread; ++S) {
    int J = Col0 + Ty * PerThread + S;
    #pragma unroll
    for (int R = 0; R < PerThread; ++R) {
      int I = Row0 + Tx * PerThread + R;
      if (I >= P.M || J >= P.N)
        continue;
      TAcc V = mul(Alpha, Acc[R][S]);
      if (ReadC)
        V = madd(V, Beta, widen(C[I + (long long)J * P.Ldc]));
      if (WithEpilogue && Bias)
        V = add(V, widen(Bias[I]));
      if (WithEpilogue)
        V = activate(P, Batch, I, J, V);
      narrowTo(D[I + (long long)J * P.Ldd], V);
    }
  }
}

inline bool isGemmOperation(cublasOperation_t Op) {
  return Op == CUBLAS_OP_N || Op == CUBLAS_OP_T || Op == CUBLAS_OP_C;
}

template <typename T>
inline Operand<T> operandA(cublasOperation_t Op, const T *Base,
                             const T *const *Array, int Ld, long long Stride) {
  bool Transposed = Op != CUBLAS_OP_N;
  return {Base, Array, Stride, Transposed ? Ld : 1, Transposed ? 1 : Ld,
          Op == CUBLAS_OP_C};
}

template <typename T>
inline Operand<T> operandB(cublasOperation_t Op, const T *Base,
                             const T *const *Array, int Ld, long long Stride) {
  bool Transposed = Op != CUBLAS_OP_N;
  return {Base, Array, Stride, Transposed ? 1 : Ld, Transposed ? Ld : 1,
          Op == CUBLAS_OP_C};
}

// Launches the product of P's batches [0, BatchCount), in grids of at
// most MaxGridZ batches.
template <bool WithEpilogue, typename TIn, typename TOut, typename TAcc>
cublasStatus_t launchGemm(GemmParams<TIn, TOut, TAcc> P, int BatchCount,
                          cudaStream_t Stream) {
  dim3 Block(ThreadsX, ThreadsY);
  for (int Base = 0; Base < BatchCount; Base += MaxGridZ) {
    int Batches = BatchCount - Base < MaxGridZ ? BatchCount - Base : MaxGridZ;
    dim3 Grid((P.M + TileM - 1) / TileM, (P.N + TileN - 1) / TileN, Batches);
    P.BatchBase = Base;
    gemmTiled<TIn, TOut, TAcc, WithEpilogue><<<Grid, Block, 0, Stream>>>(P);
  }
  return launched();
}

} // namespace
} // namespace blas

#endif
