// cub_nan_reduce.cu - NaNs through CUB 1.17's WarpReduce<float>::Sum, whose
// steps are inline PTX add.f32: the payload lane 0's sum has when a NaN
// enters at any lane (four payloads: quiet, signalling, negative, the
// canonical one) or is made at any step of the tree (+inf and -inf in the
// two lanes that step adds), next to sums without a NaN. One warp per case
// (blocks of 64 threads: two warps, the two halves of a wave64), and only
// lane 0 (PTX's %laneid) stores, as CUB's contract has it (its other lanes are not the
// sum), so the lowering may narrow the reduction to what lane 0 observes.
// Captured on an H100 with CUB 1.17 (nvcc -O2 -arch=sm_90 -I <dir holding
// 1.17's cub/>): expected.nan_reduce.nvidia.txt; our side runs the same
// kernel on wavesim (lit-tests/corpus/cub-nan-reduce.test).
#include <cub/warp/warp_reduce.cuh>

#include "../buffer_program.h"

enum { LanePayloads = 4, StepCases = 10, PlainCases = 2 };
enum { NumCases = 32 * LanePayloads + StepCases + PlainCases };

__device__ unsigned payload(unsigned Kind) {
  const unsigned Payloads[LanePayloads] = {0x7fc00001u, 0x7fa00001u,
                                           0xffc12345u, 0x7fffffffu};
  return Payloads[Kind];
}

// Lane's input of case Case: an ordinary float (a multiple of 1/4 below
// 64), or the case's NaN or infinity.
__device__ float caseInput(unsigned Case, unsigned Lane) {
  float Plain = (float)(hashIndex(Case * 32 + Lane) & 0xff) * 0.25f;
  if (Case < 32 * LanePayloads)
    return Lane == Case % 32 ? __uint_as_float(payload(Case / 32)) : Plain;
  Case -= 32 * LanePayloads;
  if (Case >= StepCases)
    return Plain;
  // Step S (offset 2^S) adds lane A + 2^S into lane A, for A a multiple of
  // 2^(S+1): A = 0 or the last such lane.
  unsigned Step = Case / 2, Offset = 1u << Step;
  unsigned A = Case % 2 ? 32 - 2 * Offset : 0;
  if (Lane == A)
    return __uint_as_float(0x7f800000u);
  if (Lane == A + Offset)
    return __uint_as_float(0xff800000u);
  return Plain;
}

__global__ void cub_nan_reduce(unsigned *Out) {
  __shared__ cub::WarpReduce<float>::TempStorage Temp[2];
  unsigned Warp = threadIdx.x / 32, Lane = threadIdx.x % 32;
  unsigned Case = blockIdx.x * 2 + Warp;
  float Sum = cub::WarpReduce<float>(Temp[Warp]).Sum(caseInput(Case, Lane));
  if (cub::LaneId() == 0)
    Out[Case] = __float_as_uint(Sum);
}

#ifndef NO_MAIN
int main() { return runAndPrint(cub_nan_reduce, NumCases / 2, 64, NumCases); }
#endif
