//===- exited_lanes_kernel.cuh - Warp primitives next to exited lanes -----===//
//
// The kernel of the exited-lanes ground truth, shared word for word by the
// NVIDIA program that records it (exited_lanes_groundtruth.cu, built by
// nvcc against the CUDA SDK) and by its replay on AMD
// (lit-tests/primitives/Inputs/exited_lanes.cu, built by cu2hsaco against
// hip-kernels/cuda_device.h), so that both run the same code.
//
// Why: a member mask may name lanes that have exited (returned early) or
// were never launched (the partial last warp of a block whose size is not a
// multiple of 32). CUDA defines the warp primitives over the *non-exited*
// lanes of the mask, and lanes may exit at different trips of a loop while
// the others keep calling a primitive with the full mask or __activemask().
//
// Each CUDA warp runs one case (Cases[8 * C .. 8 * C + 7], C = the warp's
// index in the grid): a primitive, a shuffle width, a mask kind (the case's
// mask, or __activemask() taken at the call), value inputs and shuffle
// operands, and per lane a trip count. Lane L calls the primitive in trips
// 0 .. Trips[32 * C + L] - 1 and returns at the start of the next trip
// (trip 0 = exits before any call), so trips of 0 and 1 give "these lanes
// have exited", and larger ones lanes that exit inside a loop. A lane that
// is alive but not in the mask skips the call. Per (case, trip, lane) the
// kernel writes the result, the predicate, 1 in Exec if it called, and the
// mask it passed. FORMAT.md beside this file describes the cases and the
// outputs.
//
//===----------------------------------------------------------------------===//

#ifndef EXITED_LANES_KERNEL_CUH
#define EXITED_LANES_KERNEL_CUH

enum {
  ElMaxTrips = 8,    // trips recorded per case
  ElNumVariants = 8, // input vectors per value pattern (trip t: variant+t)
  ElCaseWords = 8,   // u32 words per case
  ElSlots = 64       // exchange slots per buffer: 2 warps of 32
};

enum ElPrim : unsigned {
  // Shuffles, b per lane from BTable; width from the case (constant at
  // each call site: one call per width).
  ElShflIdxI32 = 0,
  ElShflUpI32 = 1,
  ElShflDownI32 = 2,
  ElShflXorI32 = 3,
  ElShflIdxF32 = 4,
  ElShflUpF32 = 5,
  ElShflDownF32 = 6,
  ElShflXorF32 = 7,
  // Inline PTX shfl.sync.<mode>.b32 d|p with b and c both runtime values.
  ElShflIdxP = 8,
  ElShflUpP = 9,
  ElShflDownP = 10,
  ElShflBflyP = 11,
  // Shuffles with a constant b (the fast paths on AMD).
  ElShflIdxConst0 = 12,
  ElShflUpConst1 = 13,
  ElShflDownConst1 = 14,
  ElShflXorConst1 = 15,
  ElShflXorConst16 = 16,
  ElBallot = 17,
  ElAll = 18,
  ElAny = 19,
  ElUni = 20,
  ElActiveMask = 21,
  ElMatchAny32 = 22,
  ElMatchAll32 = 23,
  ElMatchAny64 = 24,
  ElMatchAll64 = 25,
  ElReduceAddU32 = 26,
  ElReduceAddS32 = 27,
  ElReduceMinU32 = 28,
  ElReduceMinS32 = 29,
  ElReduceMaxU32 = 30,
  ElReduceMaxS32 = 31,
  ElReduceAnd = 32,
  ElReduceOr = 33,
  ElReduceXor = 34,
  ElSyncWarp = 35, // write a slot, __syncwarp(M), read the next member's
  ElElect = 36,
  ElNumPrims = 37
};

enum ElMaskKind : unsigned { ElMaskGiven = 0, ElMaskActive = 1 };

// The exchange slot of block slot K before any lane writes it.
#define EL_SENTINEL(K) (0x5e000000u + (unsigned)(K))

#define EL_BY_WIDTH(W, R, CALL)                                                \
  switch (W) {                                                                 \
  case 8:                                                                      \
    R = CALL(8);                                                               \
    break;                                                                     \
  case 16:                                                                     \
    R = CALL(16);                                                              \
    break;                                                                     \
  default:                                                                     \
    R = CALL(32);                                                              \
    break;                                                                     \
  }

#define EL_SHFL_P(MODE)                                                        \
  asm volatile("{ .reg .pred p; shfl.sync." MODE ".b32 %0|p, %2, %3, %4, %5; " \
               "selp.u32 %1, 1, 0, p; }"                                       \
               : "=r"(R), "=r"(Bit)                                            \
               : "r"(V), "r"(B), "r"(Clamp), "r"(M))

union ElBits {
  unsigned U;
  float F;
};

// One call of primitive P by a lane of the mask M. Slots are this warp's 32
// exchange slots of the trip's buffer.
static __device__ unsigned elCall(unsigned P, unsigned W, unsigned M,
                                  unsigned long long V64, unsigned B,
                                  volatile unsigned long long *Slots,
                                  unsigned Lane, int *Pr) {
  const unsigned V = (unsigned)V64;
  const int Src = (int)B;
  const unsigned Seg = (32u - W) << 8;
  unsigned R = 0, Bit = 0, Clamp = 0;
  ElBits X, Y;
  X.U = V;
  Y.U = 0;
  *Pr = 0;
  switch (P) {
#define EL_IDX_I(WD) __shfl_sync(M, (int)V, Src, WD)
#define EL_UP_I(WD) __shfl_up_sync(M, (int)V, B, WD)
#define EL_DOWN_I(WD) __shfl_down_sync(M, (int)V, B, WD)
#define EL_XOR_I(WD) __shfl_xor_sync(M, (int)V, Src, WD)
#define EL_IDX_F(WD) __shfl_sync(M, X.F, Src, WD)
#define EL_UP_F(WD) __shfl_up_sync(M, X.F, B, WD)
#define EL_DOWN_F(WD) __shfl_down_sync(M, X.F, B, WD)
#define EL_XOR_F(WD) __shfl_xor_sync(M, X.F, Src, WD)
#define EL_IDX_0(WD) __shfl_sync(M, (int)V, 0, WD)
#define EL_UP_1(WD) __shfl_up_sync(M, (int)V, 1, WD)
#define EL_DOWN_1(WD) __shfl_down_sync(M, (int)V, 1, WD)
#define EL_XOR_1(WD) __shfl_xor_sync(M, (int)V, 1, WD)
#define EL_XOR_16(WD) __shfl_xor_sync(M, (int)V, 16, WD)
  case ElShflIdxI32:
    EL_BY_WIDTH(W, R, (unsigned)EL_IDX_I);
    break;
  case ElShflUpI32:
    EL_BY_WIDTH(W, R, (unsigned)EL_UP_I);
    break;
  case ElShflDownI32:
    EL_BY_WIDTH(W, R, (unsigned)EL_DOWN_I);
    break;
  case ElShflXorI32:
    EL_BY_WIDTH(W, R, (unsigned)EL_XOR_I);
    break;
  case ElShflIdxF32:
    EL_BY_WIDTH(W, Y.F, EL_IDX_F);
    R = Y.U;
    break;
  case ElShflUpF32:
    EL_BY_WIDTH(W, Y.F, EL_UP_F);
    R = Y.U;
    break;
  case ElShflDownF32:
    EL_BY_WIDTH(W, Y.F, EL_DOWN_F);
    R = Y.U;
    break;
  case ElShflXorF32:
    EL_BY_WIDTH(W, Y.F, EL_XOR_F);
    R = Y.U;
    break;
  case ElShflIdxP:
    Clamp = Seg | 31u;
    EL_SHFL_P("idx");
    *Pr = (int)Bit;
    break;
  case ElShflUpP:
    Clamp = Seg;
    EL_SHFL_P("up");
    *Pr = (int)Bit;
    break;
  case ElShflDownP:
    Clamp = Seg | 31u;
    EL_SHFL_P("down");
    *Pr = (int)Bit;
    break;
  case ElShflBflyP:
    Clamp = Seg | 31u;
    EL_SHFL_P("bfly");
    *Pr = (int)Bit;
    break;
  case ElShflIdxConst0:
    EL_BY_WIDTH(W, R, (unsigned)EL_IDX_0);
    break;
  case ElShflUpConst1:
    EL_BY_WIDTH(W, R, (unsigned)EL_UP_1);
    break;
  case ElShflDownConst1:
    EL_BY_WIDTH(W, R, (unsigned)EL_DOWN_1);
    break;
  case ElShflXorConst1:
    EL_BY_WIDTH(W, R, (unsigned)EL_XOR_1);
    break;
  case ElShflXorConst16:
    EL_BY_WIDTH(W, R, (unsigned)EL_XOR_16);
    break;
  case ElBallot:
    R = __ballot_sync(M, V & 1u);
    *Pr = R != 0;
    break;
  case ElAll:
    R = __all_sync(M, V & 1u);
    *Pr = R != 0;
    break;
  case ElAny:
    R = __any_sync(M, V & 1u);
    *Pr = R != 0;
    break;
  case ElUni:
    R = __uni_sync(M, V & 1u);
    *Pr = R != 0;
    break;
  case ElActiveMask:
    R = __activemask();
    break;
  case ElMatchAny32:
    R = __match_any_sync(M, V);
    break;
  case ElMatchAll32:
    R = __match_all_sync(M, V, Pr);
    break;
  case ElMatchAny64:
    R = __match_any_sync(M, V64);
    break;
  case ElMatchAll64:
    R = __match_all_sync(M, V64, Pr);
    break;
  case ElReduceAddU32:
    R = __reduce_add_sync(M, V);
    break;
  case ElReduceAddS32:
    R = (unsigned)__reduce_add_sync(M, (int)V);
    break;
  case ElReduceMinU32:
    R = __reduce_min_sync(M, V);
    break;
  case ElReduceMinS32:
    R = (unsigned)__reduce_min_sync(M, (int)V);
    break;
  case ElReduceMaxU32:
    R = __reduce_max_sync(M, V);
    break;
  case ElReduceMaxS32:
    R = (unsigned)__reduce_max_sync(M, (int)V);
    break;
  case ElReduceAnd:
    R = __reduce_and_sync(M, V);
    break;
  case ElReduceOr:
    R = __reduce_or_sync(M, V);
    break;
  case ElReduceXor:
    R = __reduce_xor_sync(M, V);
    break;
  case ElSyncWarp: {
    Slots[Lane] = V64;
    __syncwarp(M);
    // The next member of M above this lane, cyclically; it may have exited.
    unsigned Above = M & ~((2u << Lane) - 1u);
    unsigned Next = Above ? __ffs(Above) - 1 : __ffs(M) - 1;
    R = (unsigned)Slots[Next];
    break;
  }
  case ElElect: {
    unsigned IsLeader = 0;
    asm volatile("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }"
                 : "=r"(R), "=r"(IsLeader)
                 : "r"(M));
    *Pr = (int)IsLeader;
    break;
  }
  default:
    break;
  }
  return R;
}

// Inputs: [pattern][variant][lane] values (trip t of a case reads variant
// (variant + t) % ElNumVariants of its pattern); BTable: [set][lane]
// shuffle operands (trip t adds t). Out, Pred, Exec, MaskUsed:
// [case][trip][lane]. The host offsets Cases, Trips and the outputs to the
// launch's first case.
extern "C" __global__ void exitedLanes(const unsigned *Cases,
                                       const unsigned char *Trips,
                                       const unsigned long long *Inputs,
                                       const unsigned *BTable, unsigned *Out,
                                       unsigned char *Pred,
                                       unsigned char *Exec,
                                       unsigned *MaskUsed) {
  __shared__ unsigned long long Sh[2 * ElSlots];
  const unsigned T = threadIdx.x;
  const unsigned Lane = T % 32;
  const unsigned Warp = T / 32;
  for (unsigned K = T; K < 2 * ElSlots; K += blockDim.x)
    Sh[K] = EL_SENTINEL(K);
  __syncthreads();

  const unsigned C = blockIdx.x * ((blockDim.x + 31) / 32) + Warp;
  const unsigned *Info = Cases + ElCaseWords * C;
  const unsigned P = Info[0], W = Info[1], Kind = Info[2], Given = Info[3];
  const unsigned Pattern = Info[4], Variant = Info[5], BSet = Info[6];
  const unsigned Trip = Trips[32 * C + Lane];
  for (unsigned I = 0;; ++I) {
    if (I >= Trip)
      return; // this lane exits, inside the loop when I > 0
    const unsigned long long V64 =
        Inputs[(Pattern * ElNumVariants + (Variant + I) % ElNumVariants) * 32 +
               Lane];
    const unsigned B = BTable[BSet * 32 + Lane] + I;
    const unsigned O = (C * ElMaxTrips + I) * 32 + Lane;
    const unsigned M = Kind == ElMaskActive ? __activemask() : Given;
    if (!((M >> Lane) & 1u))
      continue; // alive, not a member: skips this trip's call
    int Pr = 0;
    volatile unsigned long long *Slots = Sh + (I & 1u) * ElSlots + Warp * 32;
    Out[O] = elCall(P, W, M, V64, B, Slots, Lane, &Pr);
    Pred[O] = (unsigned char)(Pr != 0);
    Exec[O] = 1;
    MaskUsed[O] = M;
  }
}

#endif
