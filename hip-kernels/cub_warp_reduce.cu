// cub_warp_reduce.cu - Warp sums as CUB's WarpReduceShfl computes them:
// each step is CUB's inline PTX, a shfl.sync.down whose predicate (the
// source lane is in the logical warp and not past its last valid lane)
// guards the add, with shfl_c = last_lane | (32 - LOGICAL_WARP_THREADS) << 8.
// Logical warps of 32, 16 and 8 lanes; lane ids from %laneid as CUB reads
// them. Offsets 1, 2, 4, ... below the logical width leave the logical
// warp's sum in its first lane, added in a fixed tree:
//   step k: lane l adds lane l + 2^k when l + 2^k <= last_lane.
//
// Kernel(In, Out, N): logical warp g (threads g*L .. g*L+L-1) sums
// In[g*L .. min(g*L+L, N)) and its first lane writes Out[g], for every
// logical warp that holds an element. A full logical warp reduces with
// last_lane = L - 1, the cut-off last one with last_lane = valid - 1; its
// lanes past N hold a poison value that the predicate keeps out. Launch
// with blockDim.x a multiple of 32.
#include "warp_ops.h"

static __device__ inline unsigned cubLaneId() {
  unsigned Ret;
  asm("mov.u32 %0, %%laneid;" : "=r"(Ret));
  return Ret;
}

template <int LOGICAL_WARP_THREADS> struct WarpReduceShfl {
  static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == 32;
  static constexpr int STEPS = LOGICAL_WARP_THREADS == 32   ? 5
                               : LOGICAL_WARP_THREADS == 16 ? 4
                                                            : 3;
  static constexpr unsigned SHFL_C = (32 - LOGICAL_WARP_THREADS) << 8;

  unsigned lane_id, warp_id, member_mask;

  __device__ WarpReduceShfl()
      : lane_id(cubLaneId()),
        warp_id(IS_ARCH_WARP ? 0 : lane_id / LOGICAL_WARP_THREADS),
        member_mask(IS_ARCH_WARP ? 0xffffffffu
                                 : (0xffffffffu >> (32 - LOGICAL_WARP_THREADS))
                                       << (warp_id * LOGICAL_WARP_THREADS)) {
    if (!IS_ARCH_WARP)
      lane_id = lane_id % LOGICAL_WARP_THREADS;
  }

  __device__ unsigned ReduceStep(unsigned input, int last_lane, int offset) {
    unsigned output;
    int shfl_c = last_lane | SHFL_C;
    asm volatile("{"
                 "  .reg .u32 r0;"
                 "  .reg .pred p;"
                 "  shfl.sync.down.b32 r0|p, %1, %2, %3, %5;"
                 "  @p add.u32 r0, r0, %4;"
                 "  mov.u32 %0, r0;"
                 "}"
                 : "=r"(output)
                 : "r"(input), "r"(offset), "r"(shfl_c), "r"(input),
                   "r"(member_mask));
    return output;
  }

  __device__ float ReduceStep(float input, int last_lane, int offset) {
    float output;
    int shfl_c = last_lane | SHFL_C;
    asm volatile("{"
                 "  .reg .f32 r0;"
                 "  .reg .pred p;"
                 "  shfl.sync.down.b32 r0|p, %1, %2, %3, %5;"
                 "  @p add.f32 r0, r0, %4;"
                 "  mov.f32 %0, r0;"
                 "}"
                 : "=f"(output)
                 : "f"(input), "r"(offset), "r"(shfl_c), "f"(input),
                   "r"(member_mask));
    return output;
  }

  template <typename T> __device__ T Reduce(T input, int valid_items) {
    int last_lane = valid_items - 1;
#pragma unroll
    for (int STEP = 0; STEP < STEPS; STEP++)
      input = ReduceStep(input, last_lane, 1 << STEP);
    return input;
  }
};

// What lanes past N hold: a sum it gets into is wrong (NaN for floats).
template <typename T> static __device__ T poison();
template <> __device__ unsigned poison<unsigned>() { return 0x3fffffffu; }
template <> __device__ float poison<float>() { return __builtin_nanf(""); }

template <int L, typename T>
static __device__ void cubReduceKernel(const T *In, T *Out, int N) {
  unsigned I = globalThread();
  unsigned First = I / L * L;
  if (First >= (unsigned)N)
    return;
  WarpReduceShfl<L> Reduce;
  T V = I < (unsigned)N ? In[I] : poison<T>();
  if (First + L <= (unsigned)N)
    V = Reduce.Reduce(V, L);
  else
    V = Reduce.Reduce(V, N - (int)First);
  if (Reduce.lane_id == 0)
    Out[I / L] = V;
}

extern "C" __global__ void cub_warp_reduce_u32_l32(const unsigned *In,
                                                   unsigned *Out, int N) {
  cubReduceKernel<32>(In, Out, N);
}
extern "C" __global__ void cub_warp_reduce_u32_l16(const unsigned *In,
                                                   unsigned *Out, int N) {
  cubReduceKernel<16>(In, Out, N);
}
extern "C" __global__ void cub_warp_reduce_u32_l8(const unsigned *In,
                                                  unsigned *Out, int N) {
  cubReduceKernel<8>(In, Out, N);
}
extern "C" __global__ void cub_warp_reduce_f32_l32(const float *In, float *Out,
                                                   int N) {
  cubReduceKernel<32>(In, Out, N);
}
extern "C" __global__ void cub_warp_reduce_f32_l16(const float *In, float *Out,
                                                   int N) {
  cubReduceKernel<16>(In, Out, N);
}
extern "C" __global__ void cub_warp_reduce_f32_l8(const float *In, float *Out,
                                                  int N) {
  cubReduceKernel<8>(In, Out, N);
}
