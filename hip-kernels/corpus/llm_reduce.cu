// llm_reduce.cu - The warp and block reductions of LLM inference engines,
// in FasterTransformer's and llama.cpp's idioms.
//
// FasterTransformer: warpReduceSum / warpReduceMax as a __shfl_xor_sync
// butterfly with FINAL_MASK and width 32, blockReduceSum / blockReduceMax
// through a `static __shared__ T shared[32]`, the batched
// warpReduceSumV2<T, NUM> over several values at once, and overloads for
// packed __half2 adding both halves in one shuffle. llama.cpp:
// warp_reduce_sum of float, float2 (sum and sum of squares together) and
// half2, warp_reduce_max, and rms_norm_f32 / soft_max_f32 templated on the
// block size. Instantiated for float, double, int, __half and __half2.
#include "corpus.h"

#define FINAL_MASK 0xffffffff

namespace ft {

template <typename T> __device__ __forceinline__ T add(T A, T B) {
  return A + B;
}

template <typename T> __inline__ __device__ T warpReduceSum(T Val) {
#pragma unroll
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    Val = add(Val, __shfl_xor_sync(FINAL_MASK, Val, Mask, 32));
  return Val;
}

template <typename T> __inline__ __device__ T warpReduceMax(T Val) {
#pragma unroll
  for (int Mask = 16; Mask > 0; Mask >>= 1) {
    T Other = __shfl_xor_sync(FINAL_MASK, Val, Mask, 32);
    Val = Val > Other ? Val : Other;
  }
  return Val;
}

__inline__ __device__ __half2 warpReduceMax(__half2 Val) {
#pragma unroll
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    Val = __hmax2(Val, __shfl_xor_sync(FINAL_MASK, Val, Mask, 32));
  return Val;
}

// Every thread gets the block's sum; blockDim.x <= 1024.
template <typename T> __inline__ __device__ T blockReduceSum(T Val) {
  static __shared__ T Shared[32];
  int Lane = threadIdx.x & 0x1f;
  int Wid = threadIdx.x >> 5;
  Val = warpReduceSum<T>(Val);
  if (Lane == 0)
    Shared[Wid] = Val;
  __syncthreads();
  Val = (threadIdx.x < (blockDim.x / 32.f)) ? Shared[Lane] : (T)(0.0f);
  Val = warpReduceSum<T>(Val);
  return Val;
}

template <typename T> __inline__ __device__ T blockReduceMax(T Val) {
  static __shared__ T Shared[32];
  int Lane = threadIdx.x & 0x1f;
  int Wid = threadIdx.x >> 5;
  Val = warpReduceMax(Val);
  if (Lane == 0)
    Shared[Wid] = Val;
  __syncthreads();
  Val = (threadIdx.x < (blockDim.x / 32.f)) ? Shared[Lane] : (T)-1e20f;
  Val = warpReduceMax(Val);
  return Val;
}

template <typename T, int NUM>
__inline__ __device__ void warpReduceSumV2(T *Val) {
#pragma unroll
  for (int I = 0; I < NUM; I++) {
#pragma unroll
    for (int Mask = 16; Mask > 0; Mask >>= 1)
      Val[I] += __shfl_xor_sync(FINAL_MASK, Val[I], Mask, 32);
  }
}

template <typename T, int NUM>
__inline__ __device__ void blockReduceSumV2(T *Val) {
  static __shared__ T Shared[NUM][33];
  int Lane = threadIdx.x & 0x1f;
  int Wid = threadIdx.x >> 5;
  warpReduceSumV2<T, NUM>(Val);
  if (Lane == 0) {
#pragma unroll
    for (int I = 0; I < NUM; I++)
      Shared[I][Wid] = Val[I];
  }
  __syncthreads();
  bool IsMask = threadIdx.x < (blockDim.x / 32.f);
#pragma unroll
  for (int I = 0; I < NUM; I++)
    Val[I] = IsMask ? Shared[I][Lane] : (T)(0.0f);
  warpReduceSumV2<T, NUM>(Val);
}

} // namespace ft

namespace llama {

static __device__ __forceinline__ float warp_reduce_sum(float X) {
#pragma unroll
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    X += __shfl_xor_sync(0xffffffff, X, Offset, 32);
  return X;
}

static __device__ __forceinline__ float2 warp_reduce_sum(float2 A) {
#pragma unroll
  for (int Offset = 16; Offset > 0; Offset >>= 1) {
    A.x += __shfl_xor_sync(0xffffffff, A.x, Offset, 32);
    A.y += __shfl_xor_sync(0xffffffff, A.y, Offset, 32);
  }
  return A;
}

static __device__ __forceinline__ __half2 warp_reduce_sum(__half2 A) {
#pragma unroll
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    A = A + __shfl_xor_sync(0xffffffff, A, Offset, 32);
  return A;
}

static __device__ __forceinline__ float warp_reduce_max(float X) {
#pragma unroll
  for (int Offset = 16; Offset > 0; Offset >>= 1) {
    float Other = __shfl_xor_sync(0xffffffff, X, Offset, 32);
    X = X > Other ? X : Other;
  }
  return X;
}

template <int block_size>
__global__ void rms_norm_f32(const float *X, float *Dst, const int NCols,
                             const float Eps) {
  const int Row = blockIdx.x * blockDim.y + threadIdx.y;
  const int Tid = threadIdx.x;
  float Tmp = 0.0f;
  for (int Col = Tid; Col < NCols; Col += block_size) {
    const float Xi = X[Row * NCols + Col];
    Tmp += Xi * Xi;
  }
  Tmp = warp_reduce_sum(Tmp);
  if (block_size > 32) {
    __shared__ float SSum[32];
    int WarpId = threadIdx.x / 32;
    int LaneId = threadIdx.x % 32;
    if (LaneId == 0)
      SSum[WarpId] = Tmp;
    __syncthreads();
    Tmp = SSum[LaneId];
    Tmp = warp_reduce_sum(Tmp);
  }
  const float Mean = Tmp / NCols;
  const float Scale = 1.0f / __builtin_sqrtf(Mean + Eps);
  for (int Col = Tid; Col < NCols; Col += block_size)
    Dst[Row * NCols + Col] = Scale * X[Row * NCols + Col];
}

template <int block_size>
__global__ void norm_f32(const float *X, float *Dst, const int NCols,
                         const float Eps) {
  const int Row = blockIdx.x * blockDim.y + threadIdx.y;
  float2 MeanVar = {0.f, 0.f};
  for (int Col = threadIdx.x; Col < NCols; Col += block_size) {
    const float Xi = X[Row * NCols + Col];
    MeanVar.x += Xi;
    MeanVar.y += Xi * Xi;
  }
  MeanVar = warp_reduce_sum(MeanVar);
  if (block_size > 32) {
    __shared__ float2 SSum[32];
    if (threadIdx.x % 32 == 0)
      SSum[threadIdx.x / 32] = MeanVar;
    __syncthreads();
    MeanVar = SSum[threadIdx.x % 32];
    MeanVar = warp_reduce_sum(MeanVar);
  }
  const float Mean = MeanVar.x / NCols;
  const float Var = MeanVar.y / NCols - Mean * Mean;
  const float Inv = 1.0f / __builtin_sqrtf(Var + Eps);
  for (int Col = threadIdx.x; Col < NCols; Col += block_size)
    Dst[Row * NCols + Col] = (X[Row * NCols + Col] - Mean) * Inv;
}

template <int block_size>
__global__ void soft_max_f32(const float *X, float *Dst, const int NCols,
                             const float Scale) {
  __shared__ float Buf[block_size / 32];
  const int Row = blockIdx.x;
  float MaxVal = -__builtin_inff();
  for (int Col = threadIdx.x; Col < NCols; Col += block_size)
    MaxVal = __builtin_fmaxf(MaxVal, X[Row * NCols + Col] * Scale);
  MaxVal = warp_reduce_max(MaxVal);
  if (block_size > 32) {
    if (threadIdx.x % 32 == 0)
      Buf[threadIdx.x / 32] = MaxVal;
    __syncthreads();
    MaxVal = threadIdx.x % 32 < block_size / 32 ? Buf[threadIdx.x % 32]
                                                : -__builtin_inff();
    MaxVal = warp_reduce_max(MaxVal);
    __syncthreads();
  }
  float Sum = 0.f;
  for (int Col = threadIdx.x; Col < NCols; Col += block_size) {
    const float E = __builtin_expf(X[Row * NCols + Col] * Scale - MaxVal);
    Sum += E;
    Dst[Row * NCols + Col] = E;
  }
  Sum = warp_reduce_sum(Sum);
  if (block_size > 32) {
    if (threadIdx.x % 32 == 0)
      Buf[threadIdx.x / 32] = Sum;
    __syncthreads();
    Sum = threadIdx.x % 32 < block_size / 32 ? Buf[threadIdx.x % 32] : 0.f;
    Sum = warp_reduce_sum(Sum);
  }
  const float Inv = 1.f / Sum;
  for (int Col = threadIdx.x; Col < NCols; Col += block_size)
    Dst[Row * NCols + Col] *= Inv;
}

} // namespace llama

template <typename T>
__global__ void ft_block_sum_kernel(const T *In, T *Out, int Cols) {
  T Acc = T(0);
  for (int C = threadIdx.x; C < Cols; C += blockDim.x)
    Acc = Acc + In[blockIdx.x * Cols + C];
  T Sum = ft::blockReduceSum<T>(Acc);
  T Max = ft::blockReduceMax<T>(Acc);
  if (threadIdx.x == 0) {
    Out[2 * blockIdx.x] = Sum;
    Out[2 * blockIdx.x + 1] = Max;
  }
}

template <typename T, int NUM>
__global__ void ft_block_sum_v2_kernel(const T *In, T *Out, int Cols) {
  T Acc[NUM];
#pragma unroll
  for (int I = 0; I < NUM; ++I)
    Acc[I] = In[(blockIdx.x * NUM + I) * Cols + threadIdx.x % Cols];
  ft::blockReduceSumV2<T, NUM>(Acc);
  if (threadIdx.x == 0) {
#pragma unroll
    for (int I = 0; I < NUM; ++I)
      Out[blockIdx.x * NUM + I] = Acc[I];
  }
}

__global__ void ft_half2_max_kernel(const __half2 *In, __half2 *Out) {
  __half2 V = In[blockIdx.x * blockDim.x + threadIdx.x];
  V = ft::warpReduceMax(V);
  V = ft::warpReduceSum(V);
  if (threadIdx.x % 32 == 0)
    Out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = V;
}

// Dot product of a half2 row with a half2 vector, accumulated packed.
extern "C" __global__ void llama_mul_mat_vec_h2(const __half2 *A,
                                                const __half2 *V, __half *Dst,
                                                int NCols2) {
  __half2 Acc = {0, 0};
  for (int Col = threadIdx.x; Col < NCols2; Col += 32)
    Acc = Acc + A[blockIdx.x * NCols2 + Col] * V[Col];
  Acc = llama::warp_reduce_sum(Acc);
  if (threadIdx.x == 0)
    Dst[blockIdx.x] = Acc.x + Acc.y;
}

template __global__ void ft_block_sum_kernel<float>(const float *, float *,
                                                    int);
template __global__ void ft_block_sum_kernel<double>(const double *, double *,
                                                     int);
template __global__ void ft_block_sum_kernel<int>(const int *, int *, int);
template __global__ void ft_block_sum_kernel<__half>(const __half *, __half *,
                                                     int);
template __global__ void ft_block_sum_v2_kernel<float, 2>(const float *,
                                                          float *, int);
template __global__ void ft_block_sum_v2_kernel<float, 4>(const float *,
                                                          float *, int);
template __global__ void ft_block_sum_v2_kernel<__half, 3>(const __half *,
                                                           __half *, int);
template __global__ void ft_block_sum_v2_kernel<double, 2>(const double *,
                                                           double *, int);

template __global__ void llama::rms_norm_f32<32>(const float *, float *,
                                                 const int, const float);
template __global__ void llama::rms_norm_f32<1024>(const float *, float *,
                                                   const int, const float);
template __global__ void llama::norm_f32<32>(const float *, float *, const int,
                                             const float);
template __global__ void llama::norm_f32<256>(const float *, float *, const int,
                                              const float);
template __global__ void llama::soft_max_f32<32>(const float *, float *,
                                                 const int, const float);
template __global__ void llama::soft_max_f32<512>(const float *, float *,
                                                  const int, const float);
