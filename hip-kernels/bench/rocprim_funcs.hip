// rocprim_funcs.hip - rocPRIM 5.3's warp primitives for the peer column of
// `make bench`.
//
// Three out-of-line functions, each rocPRIM's equivalent of one idiom of
// warp_funcs.cu over a logical warp of 32 lanes, so that bench_report.py can
// set AMD's own library next to our lowering of the CUDA code:
//   rocprim_xor_allreduce_f32  warp_reduce<float, 32, true>: every lane gets
//                              the sum (bench_xor_allreduce_f32)
//   rocprim_down_reduce_f32    warp_reduce<float, 32, false>: only lane 0's
//                              result is the sum, so lane 0 stores it
//                              (bench_down_reduce_f32); lane 0 of each
//                              logical warp of 32, as rocPRIM's own
//                              logical_lane_id<32>() and CUDA's %laneid
//                              count lanes (on wave64, lanes 0 and 32)
//   rocprim_up_scan_i32        warp_scan<int, 32>::inclusive_scan
//                              (bench_up_scan_i32)
// bench.sh compiles this file with the same clang-22 as the HIP column
// (-x hip --cuda-device-only -nogpulib -O3), against HIP 5.2's own headers
// (-nogpuinc: clang's HIP wrappers do not fit HIP 5.2's fp16 header, which
// rocPRIM includes) and Debian's librocprim-dev 5.3, both from
// /usr/include. The functions are noinline and extern "C" so that their
// bodies can be cut out of the listing, and are called from a kernel that
// loads their operands, so they are emitted and no operand is a
// compile-time constant.
//
// rocPRIM 5.3 picks its DPP implementations here, whose storage types are
// empty; the API still takes a storage reference, so each function declares
// one. Its row_bcast DPP controls do not exist on gfx10+ outside the targets
// it lists as Navi (gfx1010-gfx1031), so it does not build for gfx11 or
// gfx12; bench.sh reports that instead of numbers.

#include <rocprim/rocprim.hpp>

extern "C" __device__ __attribute__((noinline)) float
rocprim_xor_allreduce_f32(float V) {
  using WarpReduce = rocprim::warp_reduce<float, 32, true>;
  WarpReduce::storage_type Storage;
  float Out;
  WarpReduce().reduce(V, Out, Storage, rocprim::plus<float>());
  return Out;
}

extern "C" __device__ __attribute__((noinline)) void
rocprim_down_reduce_f32(float V, float *Out) {
  using WarpReduce = rocprim::warp_reduce<float, 32, false>;
  WarpReduce::storage_type Storage;
  float Sum;
  WarpReduce().reduce(V, Sum, Storage, rocprim::plus<float>());
  if (rocprim::lane_id() % 32 == 0)
    *Out = Sum;
}

extern "C" __device__ __attribute__((noinline)) int
rocprim_up_scan_i32(int V) {
  using WarpScan = rocprim::warp_scan<int, 32>;
  WarpScan::storage_type Storage;
  int Out;
  WarpScan().inclusive_scan(V, Out, Storage, rocprim::plus<int>());
  return Out;
}

extern "C" __global__ void rocprim_kernel(float *FData, int *IData,
                                          float *Sums) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = FData[I];
  rocprim_down_reduce_f32(V, &Sums[I / 32]);
  FData[I] = rocprim_xor_allreduce_f32(V);
  IData[I] = rocprim_up_scan_i32(IData[I]);
}
