// half_misc.cu - shuffles and atomicAdd of cuda_fp16.h and cuda_bf16.h on a
// GPU: two warps move __half, __half2, __nv_bfloat16 and __nv_bfloat162
// values through __shfl_sync, __shfl_up_sync, __shfl_down_sync and
// __shfl_xor_sync (widths 32 and 8), and 256 threads add 1 (and 0.5, -2 in
// the pairs' other halves) into one value of each type with atomicAdd,
// sums every 16-bit type holds exactly whatever the order. Prints the bits.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void shuffles(unsigned *Out) {
  int L = threadIdx.x;
  __half H = __float2half(L * 0.5f - 3.0f);
  __half2 H2 = __floats2half2_rn(L * 0.25f, -L * 2.0f);
  __nv_bfloat16 B = __float2bfloat16(L * 3.0f - 7.0f);
  __nv_bfloat162 B2 = __floats2bfloat162_rn(L * 0.125f, 100.0f - L);
  unsigned *O = Out + L * 16;
  O[0] = __half_as_ushort(__shfl_sync(0xffffffffu, H, (L * 5) & 31));
  O[1] = __half_as_ushort(__shfl_up_sync(0xffffffffu, H, 3));
  O[2] = __half_as_ushort(__shfl_down_sync(0xffffffffu, H, 5));
  O[3] = __half_as_ushort(__shfl_xor_sync(0xffffffffu, H, 6));
  O[4] = __half_as_ushort(__shfl_xor_sync(0xffffffffu, H, 1, 8));
  __half2 S = __shfl_sync(0xffffffffu, H2, 31 - (L & 31));
  O[5] = __half_as_ushort(__low2half(S)) | __half_as_ushort(__high2half(S)) << 16;
  S = __shfl_up_sync(0xffffffffu, H2, 2, 8);
  O[6] = __half_as_ushort(__low2half(S)) | __half_as_ushort(__high2half(S)) << 16;
  S = __shfl_down_sync(0xffffffffu, H2, 1);
  O[7] = __half_as_ushort(__low2half(S)) | __half_as_ushort(__high2half(S)) << 16;
  S = __shfl_xor_sync(0xffffffffu, H2, 16);
  O[8] = __half_as_ushort(__low2half(S)) | __half_as_ushort(__high2half(S)) << 16;
  O[9] = __bfloat16_as_ushort(__shfl_sync(0xffffffffu, B, 7));
  O[10] = __bfloat16_as_ushort(__shfl_up_sync(0xffffffffu, B, 1));
  O[11] = __bfloat16_as_ushort(__shfl_down_sync(0xffffffffu, B, 4, 16));
  O[12] = __bfloat16_as_ushort(__shfl_xor_sync(0xffffffffu, B, 3));
  __nv_bfloat162 T = __shfl_xor_sync(0xffffffffu, B2, 5);
  O[13] = __bfloat16_as_ushort(__low2bfloat16(T)) |
          __bfloat16_as_ushort(__high2bfloat16(T)) << 16;
  T = __shfl_down_sync(0xffffffffu, B2, 9);
  O[14] = __bfloat16_as_ushort(__low2bfloat16(T)) |
          __bfloat16_as_ushort(__high2bfloat16(T)) << 16;
  T = __shfl_sync(0xffffffffu, B2, 0, 4);
  O[15] = __bfloat16_as_ushort(__low2bfloat16(T)) |
          __bfloat16_as_ushort(__high2bfloat16(T)) << 16;
}

struct Sums {
  __half H[2];
  __half2 H2;
  __nv_bfloat16 B[2];
  __nv_bfloat162 B2;
  unsigned OldH, OldB;
};

__global__ void atomics(Sums *S) {
  __half Old = atomicAdd(&S->H[1], __float2half(1.0f));
  atomicAdd(&S->H[0], __float2half(0.5f));
  atomicAdd(&S->H2, __floats2half2_rn(1.0f, 0.5f));
  __nv_bfloat16 OldB = atomicAdd(&S->B[1], __float2bfloat16(1.0f));
  atomicAdd(&S->B[0], __float2bfloat16(-1.0f));
  atomicAdd(&S->B2, __floats2bfloat162_rn(1.0f, -2.0f));
  atomicAdd(&S->OldH, (unsigned)__half2float(Old));
  atomicAdd(&S->OldB, (unsigned)__bfloat162float(OldB));
}

int main() {
  unsigned *D, H[64 * 16];
  cudaMalloc(&D, sizeof H);
  shuffles<<<1, 64>>>(D);
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  for (int L = 0; L < 64; L++) {
    printf("lane %2d:", L);
    for (int K = 0; K < 16; K++)
      printf(" %08x", H[L * 16 + K]);
    printf("\n");
  }
  Sums *DS, HS;
  cudaMalloc(&DS, sizeof HS);
  cudaMemset(DS, 0, sizeof HS);
  atomics<<<2, 128>>>(DS);
  cudaMemcpy(&HS, DS, sizeof HS, cudaMemcpyDeviceToHost);
  printf("atomicAdd: half %04x %04x half2 %04x %04x bf16 %04x %04x bf162 %04x "
         "%04x olds %u %u\n",
         __half_as_ushort(HS.H[0]), __half_as_ushort(HS.H[1]),
         __half_as_ushort(__low2half(HS.H2)), __half_as_ushort(__high2half(HS.H2)),
         __bfloat16_as_ushort(HS.B[0]), __bfloat16_as_ushort(HS.B[1]),
         __bfloat16_as_ushort(__low2bfloat16(HS.B2)),
         __bfloat16_as_ushort(__high2bfloat16(HS.B2)), HS.OldH, HS.OldB);
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
