// warp_funcs.cu - The warp-level benchmark functions of `make bench`.
//
// Each function is one warp-level idiom, kept out of line
// (__attribute__((noinline))) so that its assembly can be cut out of the
// listing and measured alone, and called from a kernel that loads its
// operands from memory (so no argument is a compile-time constant). The
// file is written once against CUDA's API: cu2hsaco compiles it as it is;
// bench.sh compiles it as HIP with hip_compat.h force-included (as
// cu2hsaco force-includes cuda_runtime.h, so the file includes neither), which
// maps the same calls onto HIP 5.2's __shfl/__shfl_xor/__shfl_down/__shfl_up
// with an explicit width (32 unless the call names another), so both sides
// run the same source and differ only in the shuffle implementation.
//
// Each function observes what its rocPRIM 5.3 counterpart in
// rocprim_funcs.hip observes: the all-reduce returns the sum on every lane,
// the down reduce stores lane 0's sum through a pointer (only lane 0's is
// the warp's sum), the scans return every lane's prefix. Where a function
// needs its lane, it reads it as CUB-style CUDA code does, from PTX's
// %laneid (cu2hsaco translates it to the CUDA lane, 0-31); the HIP column
// reads HIP's __lane_id() instead, within 32 lanes as its shuffles are.
// The *_tid_* functions read it as most CUDA code does, threadIdx.x & 31.

#define FULL_MASK 0xffffffffu

#ifdef __HIP__
__device__ __forceinline__ unsigned laneId() { return __lane_id() % 32; }
#else
__device__ __forceinline__ unsigned laneId() {
  unsigned L;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(L));
  return L;
}
#endif

// Butterfly all-reduce of a full warp: every lane gets the sum.
extern "C" __device__ __attribute__((noinline)) float
bench_xor_allreduce_f32(float V) {
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    V += __shfl_xor_sync(FULL_MASK, V, Mask);
  return V;
}

extern "C" __device__ __attribute__((noinline)) int
bench_xor_allreduce_i32(int V) {
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    V += __shfl_xor_sync(FULL_MASK, V, Mask);
  return V;
}

// Tree reduction towards lane 0: only lane 0's result is the warp's sum,
// and lane 0 stores it.
extern "C" __device__ __attribute__((noinline)) void
bench_down_reduce_f32(float V, float *Out) {
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    V += __shfl_down_sync(FULL_MASK, V, Offset);
  if (laneId() == 0)
    *Out = V;
}

// Hillis-Steele inclusive scan over the 32 lanes.
extern "C" __device__ __attribute__((noinline)) float
bench_up_scan_f32(float V) {
  unsigned Lane = laneId();
  for (unsigned Delta = 1; Delta < 32; Delta *= 2) {
    float Up = __shfl_up_sync(FULL_MASK, V, Delta);
    if (Lane >= Delta)
      V += Up;
  }
  return V;
}

extern "C" __device__ __attribute__((noinline)) int
bench_up_scan_i32(int V) {
  unsigned Lane = laneId();
  for (unsigned Delta = 1; Delta < 32; Delta *= 2) {
    int Up = __shfl_up_sync(FULL_MASK, V, Delta);
    if (Lane >= Delta)
      V += Up;
  }
  return V;
}

// The down reduce and the inclusive scan as CUDA code usually writes them,
// with threadIdx.x & 31 as the lane (HIP's column: the same expression).
// That is the CUDA lane only where the block is one-dimensional or
// blockDim.x is a multiple of 32, so a lowering that proves the lane from
// %laneid does not see it here unless it checks the block shape.
extern "C" __device__ __attribute__((noinline)) void
bench_down_reduce_tid_f32(float V, float *Out) {
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    V += __shfl_down_sync(FULL_MASK, V, Offset);
  if ((threadIdx.x & 31) == 0)
    *Out = V;
}

extern "C" __device__ __attribute__((noinline)) int
bench_up_scan_tid_i32(int V) {
  unsigned Lane = threadIdx.x & 31;
  for (unsigned Delta = 1; Delta < 32; Delta *= 2) {
    int Up = __shfl_up_sync(FULL_MASK, V, Delta);
    if (Lane >= Delta)
      V += Up;
  }
  return V;
}

// All-reduce within each 16-lane half of the warp.
extern "C" __device__ __attribute__((noinline)) float
bench_xor_reduce_w16_f32(float V) {
  for (int Mask = 8; Mask > 0; Mask >>= 1)
    V += __shfl_xor_sync(FULL_MASK, V, Mask, 16);
  return V;
}

// Every lane reads lane 0.
extern "C" __device__ __attribute__((noinline)) float
bench_broadcast_f32(float V) {
  return __shfl_sync(FULL_MASK, V, 0);
}

extern "C" __global__ void bench_kernel_f32(float *Data, float *Sums) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = Data[I];
  bench_down_reduce_f32(V, &Sums[I / 32]);
  bench_down_reduce_tid_f32(V, &Sums[I / 32 + 1]);
  float R = bench_xor_allreduce_f32(V);
  R += bench_up_scan_f32(V);
  R += bench_xor_reduce_w16_f32(V);
  R += bench_broadcast_f32(V);
  Data[I] = R;
}

extern "C" __global__ void bench_kernel_i32(int *Data) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  int V = Data[I];
  Data[I] = bench_xor_allreduce_i32(V) + bench_up_scan_i32(V) +
            bench_up_scan_tid_i32(V);
}
