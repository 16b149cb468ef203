// Conversions and arithmetic of cuda_fp16.h and cuda_bf16.h whose results
// are fixed by IEEE 754 round-to-nearest-even (half-values.test lists them),
// and a __half2 shuffle between lanes.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void half_values(const int *in, int *out) {
  int lane = threadIdx.x;
  __half2 mine = __halves2half2(__int2half_rn(lane), __int2half_rn(-lane));
  __half2 theirs = __shfl_xor_sync(0xffffffffu, mine, 1);
  if (lane != 0)
    return;
  float third = 1.0f / (float)in[0]; // in[0] = 3, not a constant to fold
  out[0] = __half_as_ushort(__float2half(third));
  out[1] = __half_as_ushort(__float2half(65520.0f));
  out[2] = __half_as_ushort(__float2half(5.9604645e-8f));
  out[3] = __half_as_ushort(__hadd(__float2half(1.5f), __float2half(2.25f)));
  out[4] = (int)__half2float(__ushort_as_half(0x7bff));
  out[5] = __half_as_ushort(__hmax(__ushort_as_half(0x7e00), __float2half(2.0f)));
  out[6] = (int)__builtin_bit_cast(unsigned, theirs);
  out[7] = __bfloat16_as_ushort(__float2bfloat16(third));
  out[8] = __bfloat16_as_ushort(__float2bfloat16(3.0f));
  out[9] = __bfloat16_as_ushort(
      __hadd(__float2bfloat16(1.0f), __float2bfloat16(0.00390625f)));
}
