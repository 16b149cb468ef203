// cub_warp_scan.cu - NVIDIA CUB 1.17's WarpScan<int>::InclusiveSum
// (Debian's libcub-dev, unmodified), whose steps are CUB's inline PTX
// (shfl.sync.up.b32 with |p, then @p add.s32), for cub-warp-scan.test.
//   cub_scan_32, cub_scan_16  the sum over logical warps of 32 and 16 lanes
//                             as noinline functions, whose bodies the test
//                             reads in the listing
//   cub_warp_scan             InclusiveSum and ExclusiveSum (with the
//                             aggregate) over logical warps of 32, 16, 8
//                             and 4 lanes, with the inputs and at the
//                             words of cub_warp in
//                             ../../oracle/nvidia/cub/cub_primitives.cu,
//                             so that its H100 output
//                             (expected.warp.nvidia.txt) is the reference
//                             for these words; the others stay 0
#include <cub/warp/warp_scan.cuh>

#include "../../oracle/nvidia/buffer_program.h"

extern "C" __device__ __attribute__((noinline)) int cub_scan_32(int V) {
  __shared__ cub::WarpScan<int>::TempStorage Temp;
  int Out;
  cub::WarpScan<int>(Temp).InclusiveSum(V, Out);
  return Out;
}

extern "C" __device__ __attribute__((noinline)) int cub_scan_16(int V) {
  __shared__ cub::WarpScan<int, 16>::TempStorage Temp;
  int Out;
  cub::WarpScan<int, 16>(Temp).InclusiveSum(V, Out);
  return Out;
}

// A thread's exclusive prefixes of its four items, as CUB's BlockScan
// computes them from the warp's ExclusiveSum of the thread's sums.
extern "C" __device__ __attribute__((noinline)) void
cub_exclusive_items(int *Items) {
  __shared__ cub::WarpScan<int>::TempStorage Temp;
  int Sum = Items[0] + Items[1] + Items[2] + Items[3];
  int Prefix;
  cub::WarpScan<int>(Temp).ExclusiveSum(Sum, Prefix);
  for (int K = 0; K < 4; ++K) {
    int Item = Items[K];
    Items[K] = Prefix;
    Prefix += Item;
  }
}

extern "C" __global__ void cub_scan_kernel(int *Data) {
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Data[I] = cub_scan_32(Data[I]) + cub_scan_16(Data[I + 1]);
  cub_exclusive_items(Data + 4 * I);
}

// cub_primitives.cu's smallInt.
__device__ int smallInt(unsigned I, unsigned Salt) {
  return (int)(hashIndex(I * 7919u + Salt) % 2001u) - 1000;
}

// Words 5, 6 and 7 of cub_primitives.cu's warpReduceAndScan<LOGICAL>.
template <int LOGICAL> __device__ void warpScan(unsigned *R, unsigned T) {
  typedef cub::WarpScan<int, LOGICAL> ScanInt;
  __shared__ typename ScanInt::TempStorage SI[128 / LOGICAL];
  const unsigned W = threadIdx.x / LOGICAL;
  int V = smallInt(T, LOGICAL);
  int Inclusive, Exclusive, Aggregate;
  ScanInt(SI[W]).InclusiveSum(V, Inclusive);
  R[5] = Inclusive;
  ScanInt(SI[W]).ExclusiveSum(V, Exclusive, Aggregate);
  R[6] = Exclusive;
  R[7] = Aggregate;
}

__global__ void cub_warp_scan(unsigned *Out) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *R = Out + T * 4 * 12;
  warpScan<32>(R, T);
  warpScan<16>(R + 12, T);
  warpScan<8>(R + 24, T);
  warpScan<4>(R + 36, T);
}
