// cub_funcs.cu - NVIDIA's CUB 1.17 (Debian's libcub-dev, unmodified) warp
// primitives for the CUB column of `make bench`: real CUDA library code,
// whose steps are inline PTX, through cu2hsaco next to rocPRIM 5.3's
// equivalents (rocprim_funcs.hip).
//   cub_reduce_f32  WarpReduce<float>::Sum; only lane 0's result is the sum
//                   (CUB's contract, as rocPRIM's warp_reduce<.., false>),
//                   so lane 0 stores it (rocprim_down_reduce_f32)
//   cub_scan_i32    WarpScan<int>::InclusiveSum (rocprim_up_scan_i32)
// The functions are noinline and extern "C" so that their bodies can be cut
// out of the listing, and are called from a kernel that loads their
// operands. CUB's temporary storage is unused by its shuffle
// implementations, but its API takes one.

#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>

extern "C" __device__ __attribute__((noinline)) void
cub_reduce_f32(float V, float *Out) {
  __shared__ cub::WarpReduce<float>::TempStorage Temp;
  float Sum = cub::WarpReduce<float>(Temp).Sum(V);
  if (cub::LaneId() == 0)
    *Out = Sum;
}

extern "C" __device__ __attribute__((noinline)) int cub_scan_i32(int V) {
  __shared__ cub::WarpScan<int>::TempStorage Temp;
  int Out;
  cub::WarpScan<int>(Temp).InclusiveSum(V, Out);
  return Out;
}

extern "C" __global__ void cub_kernel(float *FData, int *IData, float *Sums) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  cub_reduce_f32(FData[I], &Sums[I / 32]);
  IData[I] = cub_scan_i32(IData[I]);
}
