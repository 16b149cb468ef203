// struct_params.cu - Kernels that take structs by value, as CUTLASS (a
// Params struct per kernel), thrust/CUB (functors and iterators passed by
// value) and PyTorch (TensorInfo with sizes and strides) pass them. clang
// passes each as a byval pointer, which nvvm-to-amdgpu turns into a byref
// kernarg parameter and a private copy. The kernels write their copies,
// reduce with warp shuffles and take structs of several sizes and
// alignments, one holding a double and one a half. Instantiated for int,
// float, double and __half.
#include "corpus.h"

template <typename T> struct GemvParams {
  const T *Matrix;
  const T *Vector;
  T *Out;
  int Rows, Cols;
  T Alpha, Beta;
};

template <typename T> __device__ T warpSum(T V) {
  for (int Offset = 16; Offset > 0; Offset /= 2)
    V += __shfl_xor_sync(FULL_MASK, V, Offset);
  return V;
}

// One warp per row: y = alpha * A x + beta * y, CUTLASS-style Params.
template <typename T> __global__ void gemv(GemvParams<T> P) {
  int Row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  if (Row >= P.Rows)
    return;
  T Acc = T(0);
  for (int C = threadIdx.x % 32; C < P.Cols; C += 32)
    Acc += P.Matrix[(long long)Row * P.Cols + C] * P.Vector[C];
  Acc = warpSum(Acc);
  if (threadIdx.x % 32 == 0)
    P.Out[Row] = P.Alpha * Acc + P.Beta * P.Out[Row];
}

template __global__ void gemv<int>(GemvParams<int>);
template __global__ void gemv<float>(GemvParams<float>);
template __global__ void gemv<double>(GemvParams<double>);
template __global__ void gemv<__half>(GemvParams<__half>);

// thrust-style: a functor and a counting iterator, both by value.
struct Saxpy {
  float A;
  __device__ float operator()(float X, float Y) const { return A * X + Y; }
};
struct CountingIterator {
  long long Base;
  __device__ long long operator[](int I) const { return Base + I; }
};

template <typename Op>
__global__ void transformReduce(Op F, CountingIterator It, const float *X,
                                float *Y, float *Sum, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = 0;
  if (I < N) {
    Y[I] = F(X[I], (float)It[I]);
    V = Y[I];
  }
  V = warpSum(V);
  if (threadIdx.x % 32 == 0)
    atomicAdd(Sum, V);
}

template __global__ void transformReduce<Saxpy>(Saxpy, CountingIterator,
                                                const float *, float *, float *,
                                                int);

// PyTorch-style TensorInfo: sizes and strides by value, the kernel walks
// its own copy of the index.
struct TensorInfo {
  float *Data;
  int Sizes[4];
  int Strides[4];
  int Dims;
};

__global__ void rowMax(TensorInfo In, float *Out) {
  int Row = blockIdx.x;
  float Best = -__builtin_inff();
  for (int C = threadIdx.x; C < In.Sizes[In.Dims - 1]; C += blockDim.x)
    Best = __builtin_fmaxf(
        Best, In.Data[Row * In.Strides[0] + C * In.Strides[In.Dims - 1]]);
  for (int Offset = 16; Offset > 0; Offset /= 2)
    Best = __builtin_fmaxf(Best, __shfl_down_sync(FULL_MASK, Best, Offset));
  In.Dims = 0; // the kernel's own copy
  if (threadIdx.x % 32 == 0)
    Out[Row * (blockDim.x / 32) + threadIdx.x / 32] = Best + In.Dims;
}

// An over-aligned struct, as vectorised loads want.
struct __attribute__((aligned(16))) Float4 {
  float X, Y, Z, W;
};

__global__ void broadcastAdd(Float4 Bias, Float4 *Data, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Float4 Lane0 = Bias;
  Lane0.X = __shfl_sync(FULL_MASK, Lane0.X + I, 0);
  if (I < N) {
    Data[I].X += Lane0.X;
    Data[I].Y += Bias.Y;
    Data[I].Z += Bias.Z;
    Data[I].W += Bias.W;
  }
}
