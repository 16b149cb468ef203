// softmax.cu - PyTorch-style persistent warp softmax and log-softmax.
//
// As PyTorch's softmax_warp_forward does: each warp handles WARP_BATCH
// rows of up to 2^log2_elements columns, each lane keeps WARP_ITERATIONS
// elements in registers, and the row max and the row sum of exponentials
// are warp_reduce'd with WARP_SHFL_XOR over a warp of WARP_SIZE lanes
// (the next power of two of the row length, at most 32, so short rows use
// logical warps of 4, 8 or 16 lanes). Elements past the row's end are
// -infinity. Instantiated for float rows, and __half rows accumulated in
// float, with rows of 4 to 1024 elements, softmax and log-softmax.
#include "corpus.h"

template <typename T>
__device__ __forceinline__ T WARP_SHFL_XOR(T Value, int LaneMask,
                                           int Width = warpSize,
                                           unsigned Mask = 0xffffffff) {
  return __shfl_xor_sync(Mask, Value, LaneMask, Width);
}

template <typename T> struct Add {
  __device__ __forceinline__ T operator()(T A, T B) const { return A + B; }
};
template <typename T> struct Max {
  __device__ __forceinline__ T operator()(T A, T B) const {
    return A < B ? B : A;
  }
};

template <typename acc_t, int WARP_BATCH, int WARP_SIZE,
          template <typename> class ReduceOp>
__device__ __forceinline__ void warp_reduce(acc_t *Sum) {
  ReduceOp<acc_t> R;
#pragma unroll
  for (int Offset = WARP_SIZE / 2; Offset > 0; Offset /= 2) {
#pragma unroll
    for (int I = 0; I < WARP_BATCH; ++I) {
      acc_t B = WARP_SHFL_XOR(Sum[I], Offset, WARP_SIZE);
      Sum[I] = R(Sum[I], B);
    }
  }
}

constexpr int log2_ceil_32(int Log2Elements) {
  return Log2Elements < 5 ? Log2Elements : 5;
}

template <typename input_t, typename output_t, typename acc_t,
          int log2_elements, bool is_log_softmax>
__global__ void softmax_warp_forward(output_t *Dst, const input_t *Src,
                                     int BatchSize, int Stride,
                                     int ElementCount) {
  constexpr int next_power_of_two = 1 << log2_elements;
  constexpr int WARP_SIZE = 1 << log2_ceil_32(log2_elements);
  constexpr int WARP_ITERATIONS = next_power_of_two / WARP_SIZE;
  constexpr int WARP_BATCH = next_power_of_two <= 128 ? 2 : 1;

  int FirstBatch = (blockDim.y * blockIdx.x + threadIdx.y) * WARP_BATCH;
  int LocalBatches = BatchSize - FirstBatch;
  if (LocalBatches > WARP_BATCH)
    LocalBatches = WARP_BATCH;
  int LocalIdx = threadIdx.x;
  Src += FirstBatch * Stride + LocalIdx;
  Dst += FirstBatch * Stride + LocalIdx;

  acc_t Elements[WARP_BATCH][WARP_ITERATIONS];
#pragma unroll
  for (int I = 0; I < WARP_BATCH; ++I) {
    int BatchElementCount = I >= LocalBatches ? 0 : ElementCount;
#pragma unroll
    for (int It = 0; It < WARP_ITERATIONS; ++It) {
      int Element = LocalIdx + It * WARP_SIZE;
      Elements[I][It] = Element < BatchElementCount
                            ? (acc_t)Src[I * ElementCount + It * WARP_SIZE]
                            : -__builtin_inff();
    }
  }

  acc_t MaxValue[WARP_BATCH];
#pragma unroll
  for (int I = 0; I < WARP_BATCH; ++I) {
    MaxValue[I] = Elements[I][0];
#pragma unroll
    for (int It = 1; It < WARP_ITERATIONS; ++It)
      MaxValue[I] =
          MaxValue[I] > Elements[I][It] ? MaxValue[I] : Elements[I][It];
  }
  warp_reduce<acc_t, WARP_BATCH, WARP_SIZE, Max>(MaxValue);

  acc_t Sum[WARP_BATCH] = {};
#pragma unroll
  for (int I = 0; I < WARP_BATCH; ++I) {
#pragma unroll
    for (int It = 0; It < WARP_ITERATIONS; ++It) {
      if (is_log_softmax) {
        Sum[I] += __builtin_expf(Elements[I][It] - MaxValue[I]);
      } else {
        Elements[I][It] = __builtin_expf(Elements[I][It] - MaxValue[I]);
        Sum[I] += Elements[I][It];
      }
    }
  }
  warp_reduce<acc_t, WARP_BATCH, WARP_SIZE, Add>(Sum);

#pragma unroll
  for (int I = 0; I < WARP_BATCH; ++I) {
    if (I >= LocalBatches)
      break;
    if (is_log_softmax)
      Sum[I] = __builtin_logf(Sum[I]);
#pragma unroll
    for (int It = 0; It < WARP_ITERATIONS; ++It) {
      int Element = LocalIdx + It * WARP_SIZE;
      if (Element < ElementCount) {
        acc_t Out = is_log_softmax ? Elements[I][It] - MaxValue[I] - Sum[I]
                                   : Elements[I][It] / Sum[I];
        Dst[I * ElementCount + It * WARP_SIZE] = (output_t)Out;
      }
    }
  }
}

// Backward pass of softmax: grad_input = output * (grad - sum(grad * out)).
template <typename T, typename acc_t, int log2_elements>
__global__ void softmax_warp_backward(T *GradInput, const T *Grad,
                                      const T *Output, int BatchSize,
                                      int ElementCount) {
  constexpr int WARP_SIZE = 1 << log2_ceil_32(log2_elements);
  constexpr int WARP_ITERATIONS = (1 << log2_elements) / WARP_SIZE;
  int Batch = blockDim.y * blockIdx.x + threadIdx.y;
  if (Batch >= BatchSize)
    return;
  acc_t G[WARP_ITERATIONS], O[WARP_ITERATIONS];
  acc_t Sum[1] = {0};
#pragma unroll
  for (int It = 0; It < WARP_ITERATIONS; ++It) {
    int E = threadIdx.x + It * WARP_SIZE;
    bool In = E < ElementCount;
    G[It] = In ? (acc_t)Grad[Batch * ElementCount + E] : acc_t(0);
    O[It] = In ? (acc_t)Output[Batch * ElementCount + E] : acc_t(0);
    Sum[0] += G[It] * O[It];
  }
  warp_reduce<acc_t, 1, WARP_SIZE, Add>(Sum);
#pragma unroll
  for (int It = 0; It < WARP_ITERATIONS; ++It) {
    int E = threadIdx.x + It * WARP_SIZE;
    if (E < ElementCount)
      GradInput[Batch * ElementCount + E] = (T)(O[It] * (G[It] - Sum[0]));
  }
}

#define SOFTMAX(IN, OUT, ACC, LOG2)                                            \
  template __global__ void softmax_warp_forward<IN, OUT, ACC, LOG2, false>(    \
      OUT *, const IN *, int, int, int);                                       \
  template __global__ void softmax_warp_forward<IN, OUT, ACC, LOG2, true>(     \
      OUT *, const IN *, int, int, int);
SOFTMAX(float, float, float, 2)
SOFTMAX(float, float, float, 3)
SOFTMAX(float, float, float, 4)
SOFTMAX(float, float, float, 7)
SOFTMAX(float, float, float, 10)
SOFTMAX(__half, __half, float, 3)
SOFTMAX(__half, __half, float, 5)
SOFTMAX(__half, float, float, 9)

template __global__ void softmax_warp_backward<float, float, 5>(float *,
                                                                const float *,
                                                                const float *,
                                                                int, int);
template __global__ void softmax_warp_backward<float, float, 8>(float *,
                                                                const float *,
                                                                const float *,
                                                                int, int);
template __global__ void softmax_warp_backward<__half, float, 4>(__half *,
                                                                 const __half *,
                                                                 const __half *,
                                                                 int, int);
template __global__ void
softmax_warp_backward<double, double, 6>(double *, const double *,
                                         const double *, int, int);
