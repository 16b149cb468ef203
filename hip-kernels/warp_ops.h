// warp_ops.h - Device-side building blocks shared by the bundled kernels:
// lane and warp numbering, the member mask of a (possibly partial) warp,
// the reduction operators, and the warp and block reductions built from
// __shfl_down_sync and __shfl_xor_sync.
//
// A warp is 32 CUDA lanes on every target. When blockDim.x is not a multiple
// of 32 the block's last warp is partial: its missing lanes do not exist (on
// NVIDIA they are never launched, on AMD they are inactive lanes of the
// wave). Code that may run in such a warp names only the lanes that exist in
// its member mask and never uses a value shuffled from a missing lane; the
// helpers below take the number of lanes that exist (`Active`) for that.
#ifndef HIPKERNELS_WARP_OPS_H
#define HIPKERNELS_WARP_OPS_H

#include "cuda_device.h"

#define FULL_WARP_MASK 0xffffffffu

// Four floats moved by one 16-byte load, as CUDA's float4.
struct __attribute__((aligned(16))) PackedFloat4 {
  float x, y, z, w;
};

static __device__ inline unsigned laneId() { return threadIdx.x & 31u; }
static __device__ inline unsigned warpInBlock() { return threadIdx.x >> 5; }
static __device__ inline unsigned globalThread() {
  return blockIdx.x * blockDim.x + threadIdx.x;
}

// How many lanes of this thread's warp exist in the block (1..32).
static __device__ inline unsigned activeLanesOfMyWarp() {
  unsigned First = warpInBlock() * 32u;
  unsigned Left = blockDim.x - First;
  return Left < 32u ? Left : 32u;
}

// The member mask naming lanes 0..Active-1.
static __device__ inline unsigned maskOfLanes(unsigned Active) {
  return Active >= 32u ? FULL_WARP_MASK : (1u << Active) - 1u;
}

// Reduction operators; identity() is what padding lanes contribute.
struct SumF32 {
  static __device__ float identity() { return 0.0f; }
  static __device__ float apply(float A, float B) { return A + B; }
};
struct MaxF32 {
  static __device__ float identity() { return -__builtin_inff(); }
  static __device__ float apply(float A, float B) { return A > B ? A : B; }
};
struct SumI32 {
  static __device__ int identity() { return 0; }
  static __device__ int apply(int A, int B) { return A + B; }
};
struct MaxI32 {
  static __device__ int identity() { return -0x7fffffff - 1; }
  static __device__ int apply(int A, int B) { return A > B ? A : B; }
};
struct SumF64 {
  static __device__ double identity() { return 0.0; }
  static __device__ double apply(double A, double B) { return A + B; }
};
struct SumI64 {
  static __device__ long long identity() { return 0; }
  static __device__ long long apply(long long A, long long B) { return A + B; }
};
struct MaxI64 {
  static __device__ long long identity() { return -0x7fffffffffffffffll - 1; }
  static __device__ long long apply(long long A, long long B) {
    return A > B ? A : B;
  }
};

// Butterfly all-reduce of a full warp: every lane gets the result.
template <typename Op, typename T>
static __device__ inline T warpAllReduce(T V) {
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    V = Op::apply(V, __shfl_xor_sync(FULL_WARP_MASK, V, Mask));
  return V;
}

// Tree reduction towards lane 0 over the lanes 0..Active-1 that exist. A
// lane adds its partner only when the partner exists, so lane 0 ends with
// the reduction of exactly those lanes (an added lane's partial result only
// ever holds lanes above it). Only lane 0's result is meaningful.
template <typename Op, typename T>
static __device__ inline T warpReduceToLane0(T V, unsigned Active) {
  unsigned Mask = maskOfLanes(Active);
  unsigned Lane = laneId();
  for (unsigned Offset = 16; Offset > 0; Offset >>= 1) {
    T Other = __shfl_down_sync(Mask, V, Offset);
    if (Lane + Offset < Active)
      V = Op::apply(V, Other);
  }
  return V;
}

// Block reduction for any blockDim.x in 1..1024: each warp reduces to its
// lane 0, the warps' results meet in shared memory, warp 0 reduces them.
// Thread 0 gets the result. Every thread of the block must call it.
template <typename Op, typename T>
static __device__ inline T blockReduce(T V, T *WarpResults) {
  unsigned Warp = warpInBlock();
  unsigned NumWarps = (blockDim.x + 31u) / 32u;
  V = warpReduceToLane0<Op>(V, activeLanesOfMyWarp());
  if (laneId() == 0)
    WarpResults[Warp] = V;
  __syncthreads();
  if (Warp == 0) {
    V = laneId() < NumWarps ? WarpResults[laneId()] : Op::identity();
    V = warpReduceToLane0<Op>(V, activeLanesOfMyWarp());
  }
  return V;
}

#endif
