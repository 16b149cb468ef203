// warp_primitives.cu - The warp primitives of the NVIDIA ground truth, for
// replay on AMD through cu2hsaco.
//
// lit-tests/oracle/nvidia/warp-primitives/warp_primitives_groundtruth.cu
// recorded, on an H100, what every lane of a warp gets from the CUDA vote,
// activemask, match, reduce, __syncwarp and elect primitives. This is its
// kernel, written against our include/ headers so that cu2hsaco
// compiles it without an NVIDIA SDK, with one change: each CUDA warp of the
// block runs its own case (membermask, primitive and inputs indexed by the
// warp), so a 64-thread block checks two records at once, in the two halves
// of a wave64 or in two wave32s. As on the GPU, only the lanes of the
// membermask call the primitive. primitive-replay.c launches it on wavesim.
#include <cuda_runtime.h>

enum Prim : unsigned {
  P_BALLOT = 0,
  P_ALL = 1,
  P_ANY = 2,
  P_UNI = 3,
  P_ACTIVEMASK = 4,
  P_ACTIVEMASK_NESTED = 5,
  P_MATCH_ANY_32 = 6,
  P_MATCH_ALL_32 = 7,
  P_MATCH_ANY_64 = 8,
  P_MATCH_ALL_64 = 9,
  P_REDUCE_ADD_U32 = 10,
  P_REDUCE_ADD_S32 = 11,
  P_REDUCE_MIN_U32 = 12,
  P_REDUCE_MIN_S32 = 13,
  P_REDUCE_MAX_U32 = 14,
  P_REDUCE_MAX_S32 = 15,
  P_REDUCE_AND = 16,
  P_REDUCE_OR = 17,
  P_REDUCE_XOR = 18,
  P_SYNCWARP = 19,
  P_ELECT = 20
};

extern "C" __global__ void warpPrimitives(const unsigned *Prims,
                                          const unsigned *Masks,
                                          const unsigned long long *In,
                                          unsigned *Out, unsigned char *Pred,
                                          unsigned char *Exec) {
  __shared__ unsigned long long Sh[1024];
  const unsigned Lane = threadIdx.x % 32;
  const unsigned WarpBase = threadIdx.x - Lane;
  const unsigned C = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const unsigned P = Prims[C];
  const unsigned M = Masks[C];
  const unsigned long long V64 = In[C * 32 + Lane];
  const unsigned V = (unsigned)V64;
  unsigned R = 0;
  int Pr = 0;
  int Ex = 0;
  Sh[threadIdx.x] = 0;
  if ((M >> Lane) & 1u) {
    Ex = 1;
    switch (P) {
    case P_BALLOT:
      R = __ballot_sync(M, V & 1u);
      Pr = R != 0;
      break;
    case P_ALL:
      R = __all_sync(M, V & 1u);
      Pr = R != 0;
      break;
    case P_ANY:
      R = __any_sync(M, V & 1u);
      Pr = R != 0;
      break;
    case P_UNI:
      R = __uni_sync(M, V & 1u);
      Pr = R != 0;
      break;
    case P_ACTIVEMASK:
      R = __activemask();
      break;
    case P_ACTIVEMASK_NESTED:
      // Two different asm strings so the compiler cannot merge them. The
      // ground truth tells them apart by a PTX comment ("// then"), which
      // cu2hsaco does not accept in inline PTX; extra white space does the
      // same job.
      if (V & 1u) {
        asm volatile("activemask.b32 %0;" : "=r"(R));
        Pr = 1;
      } else {
        asm volatile("activemask.b32  %0;" : "=r"(R));
        Pr = 0;
      }
      break;
    case P_MATCH_ANY_32:
      R = __match_any_sync(M, V);
      break;
    case P_MATCH_ALL_32:
      R = __match_all_sync(M, V, &Pr);
      break;
    case P_MATCH_ANY_64:
      R = __match_any_sync(M, V64);
      break;
    case P_MATCH_ALL_64:
      R = __match_all_sync(M, V64, &Pr);
      break;
    case P_REDUCE_ADD_U32:
      R = __reduce_add_sync(M, V);
      break;
    case P_REDUCE_ADD_S32:
      R = (unsigned)__reduce_add_sync(M, (int)V);
      break;
    case P_REDUCE_MIN_U32:
      R = __reduce_min_sync(M, V);
      break;
    case P_REDUCE_MIN_S32:
      R = (unsigned)__reduce_min_sync(M, (int)V);
      break;
    case P_REDUCE_MAX_U32:
      R = __reduce_max_sync(M, V);
      break;
    case P_REDUCE_MAX_S32:
      R = (unsigned)__reduce_max_sync(M, (int)V);
      break;
    case P_REDUCE_AND:
      R = __reduce_and_sync(M, V);
      break;
    case P_REDUCE_OR:
      R = __reduce_or_sync(M, V);
      break;
    case P_REDUCE_XOR:
      R = __reduce_xor_sync(M, V);
      break;
    case P_SYNCWARP: {
      volatile unsigned long long *VS = Sh + WarpBase;
      VS[Lane] = V64;
      __syncwarp(M);
      // Next member of M above this lane, cyclically.
      unsigned Above = M & ~((2u << Lane) - 1u);
      unsigned Next = Above ? __ffs(Above) - 1 : __ffs(M) - 1;
      R = (unsigned)VS[Next];
      break;
    }
    case P_ELECT: {
      unsigned Leader, IsLeader;
      asm volatile(
          "{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }"
          : "=r"(Leader), "=r"(IsLeader)
          : "r"(M));
      R = Leader;
      Pr = IsLeader;
      break;
    }
    default:
      break;
    }
  }
  Out[C * 32 + Lane] = R;
  Pred[C * 32 + Lane] = (unsigned char)(Pr != 0);
  Exec[C * 32 + Lane] = (unsigned char)Ex;
}
