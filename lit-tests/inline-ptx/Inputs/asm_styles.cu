// asm_styles.cu - Inline PTX written the ways CUDA code writes it, each
// checked against the same computation in CUDA C++ (which does not go
// through the inline PTX translator): one word per case and thread, 0 when
// they agree. Register names, instruction order, guards, braces, tied and
// immediate operands vary on purpose.
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__device__ unsigned mix(unsigned X) {
  X ^= X >> 16;
  X *= 0x7feb352du;
  X ^= X >> 15;
  return X;
}

__global__ void asm_styles(unsigned *Out) {
  const unsigned Lane = threadIdx.x % 32;
  const unsigned Tid = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned V = mix(Tid + 1), W = mix(Tid + 1000);
  unsigned *R = Out + Tid * 16;

  // The issue's example: the shuffle's predicate read out through selp.
  {
    int r, p;
    asm volatile("{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, %4, %5; "
                 "selp.s32 %1, 1, 0, q; }"
                 : "=r"(r), "=r"(p)
                 : "r"(V), "r"(3), "r"(0x1f), "r"(FULL));
    int Ref = __shfl_down_sync(FULL, (int)V, 3);
    R[0] = (r != Ref) | ((p != (Lane + 3 < 32)) << 1);
  }
  // CUB's reduce step with other register names and a negated guard.
  {
    unsigned r;
    asm volatile("{\n\t.reg .u32 acc;\n\t.reg .pred inRange;\n"
                 "\tshfl.sync.bfly.b32 acc|inRange, %1, %2, %3, %4;\n"
                 "\t@!inRange mov.u32 acc, 0;\n"
                 "\tadd.u32 %0, acc, %1;\n}"
                 : "=r"(r)
                 : "r"(V), "r"(4), "r"(0x1f), "r"(FULL));
    R[1] = r != V + __shfl_xor_sync(FULL, V, 4);
  }
  // CUB's 64-bit scan step: halves shuffled, repacked, added if valid.
  {
    unsigned long long In = ((unsigned long long)W << 32) | V, Out64;
    asm volatile("{ .reg .u64 r0; .reg .u32 lo; .reg .u32 hi; .reg .pred p;"
                 "  mov.b64 {lo, hi}, %1;"
                 "  shfl.sync.up.b32 lo|p, lo, %2, %3, %5;"
                 "  shfl.sync.up.b32 hi|p, hi, %2, %3, %5;"
                 "  mov.b64 r0, {lo, hi};"
                 "  @p add.u64 r0, r0, %4;"
                 "  mov.u64 %0, r0; }"
                 : "=l"(Out64)
                 : "l"(In), "r"(2), "r"(0), "l"(In), "r"(FULL));
    unsigned long long Up = __shfl_up_sync(FULL, In, 2);
    R[2] = Out64 != (Lane >= 2 ? Up + In : Up);
  }
  // CUB's match-any emulation: and, setp, ballot, guarded not.
  {
    unsigned Label = V & 3, Mask;
    asm("{\n    .reg .pred p;\n    and.b32 %0, %1, %2;"
        "    setp.eq.u32 p, %0, %2;\n    vote.ballot.sync.b32 %0, p, 0xffffffff;\n"
        "    @!p not.b32 %0, %0;\n}\n"
        : "=r"(Mask)
        : "r"(Label), "r"(1u));
    unsigned Ballot = __ballot_sync(FULL, (Label & 1) == 1);
    R[3] = Mask != ((Label & 1) == 1 ? Ballot : ~Ballot);
  }
  // Lane registers, vote through setp/selp, a tied operand.
  {
    unsigned Id, Lt, Any, Acc = V;
    asm("mov.u32 %0, %%laneid;" : "=r"(Id));
    asm("mov.b32 %0, %%lanemask_lt;" : "=r"(Lt));
    asm volatile("{ .reg .pred a, b; setp.ne.u32 a, %1, 0; "
                 "vote.sync.any.pred b, a, %2; selp.u32 %0, 1, 0, b; }"
                 : "=r"(Any)
                 : "r"(Lane == 31 ? 1u : 0u), "r"(FULL));
    asm("add.u32 %0, %0, %1;" : "+r"(Acc) : "r"(W));
    R[4] = (Id != Lane) | ((Lt != (1u << Lane) - 1) << 1) | ((Any != 1) << 2) |
           ((Acc != V + W) << 3);
  }
  // CUB's BFE, BFI and PRMT helpers; lop3 with an "n" table.
  {
    unsigned E, I, P, L3;
    asm("bfe.u32 %0, %1, %2, %3;" : "=r"(E) : "r"(V), "r"(5), "r"(7));
    asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(I) : "r"(W), "r"(V), "r"(8), "r"(4));
    asm("prmt.b32 %0, %1, %2, %3;" : "=r"(P) : "r"(V), "r"(W), "r"(0x3715));
    asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(L3) : "r"(V), "r"(W), "r"(Tid), "n"(0xE8));
    unsigned PRef = 0;
    const unsigned long long Bytes = ((unsigned long long)W << 32) | V;
    for (int K = 0; K < 4; ++K)
      PRef |= (unsigned)((Bytes >> (8 * ((0x3715 >> (4 * K)) & 7))) & 0xff) << (8 * K);
    unsigned Maj = (V & W) | (V & Tid) | (W & Tid);
    R[5] = (E != ((V >> 5) & 0x7f)) | ((I != ((V & ~0xf00u) | ((W & 0xf) << 8))) << 1) |
           ((P != PRef) << 2) | ((L3 != Maj) << 3);
  }
  // A 128-bit add as a carry chain.
  {
    unsigned A[4] = {V, ~0u, W, 1}, B[4] = {W, 1, ~V, 2}, S[4];
    asm("add.cc.u32 %0, %4, %8;\n\taddc.cc.u32 %1, %5, %9;\n\t"
        "addc.cc.u32 %2, %6, %10;\n\taddc.u32 %3, %7, %11;"
        : "=r"(S[0]), "=r"(S[1]), "=r"(S[2]), "=r"(S[3])
        : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]), "r"(B[0]), "r"(B[1]),
          "r"(B[2]), "r"(B[3]));
    unsigned Ref[4], Carry = 0;
    for (int K = 0; K < 4; ++K) {
      unsigned long long T = (unsigned long long)A[K] + B[K] + Carry;
      Ref[K] = (unsigned)T;
      Carry = (unsigned)(T >> 32);
    }
    R[6] = (S[0] != Ref[0]) | ((S[1] != Ref[1]) << 1) | ((S[2] != Ref[2]) << 2) |
           ((S[3] != Ref[3]) << 3);
  }
  // Cache-hinted and guarded memory accesses, an atomic, shared memory by
  // a 32-bit address.
  {
    __shared__ unsigned Tile[256];
    unsigned *Mine = Out + 4096 + Tid * 4;
    asm volatile("st.global.cg.v2.u32 [%0+8], {%1, %2};" ::"l"(Mine), "r"(V), "r"(W)
                 : "memory");
    unsigned X = 7, Y;
    asm volatile("{ .reg .pred odd; setp.ne.u32 odd, %2, 0;\n"
                 "  @odd ld.global.nc.u32 %0, [%1+8]; }"
                 : "+r"(X)
                 : "l"(Mine), "r"(Lane & 1));
    unsigned Old;
    asm volatile("atom.global.add.u32 %0, [%1], %2;" : "=r"(Old) : "l"(Mine + 3), "r"(5u));
    unsigned Shared = (unsigned)__cvta_generic_to_shared(&Tile[threadIdx.x]);
    asm volatile("st.shared.u32 [%0], %1;" ::"r"(Shared), "r"(W));
    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(Y) : "r"(Shared));
    R[7] = (X != ((Lane & 1) ? V : 7u)) | ((Old != W) << 1) | ((Mine[3] != W + 5) << 2) |
           ((Y != W) << 3);
  }
  // Shifts past the width, signed extraction, min/max and selects.
  {
    unsigned Sh, Sr;
    int Sa, Mn;
    asm("shl.b32 %0, %1, %2;" : "=r"(Sh) : "r"(V), "r"(Lane + 20));
    asm("shr.u32 %0, %1, %2;" : "=r"(Sr) : "r"(V), "r"(Lane + 20));
    asm("shr.s32 %0, %1, %2;" : "=r"(Sa) : "r"((int)V), "r"(Lane + 20));
    asm("{ .reg .s32 t; min.s32 t, %1, %2; max.s32 %0, t, -5; }"
        : "=r"(Mn) : "r"((int)V), "r"((int)W));
    unsigned N = Lane + 20;
    int M = (int)V < (int)W ? (int)V : (int)W;
    R[8] = (Sh != (N >= 32 ? 0 : V << N)) | ((Sr != (N >= 32 ? 0 : V >> N)) << 1) |
           ((Sa != ((int)V >> (N >= 32 ? 31 : N))) << 2) | ((Mn != (M > -5 ? M : -5)) << 3);
  }
  // Float: fma, conversions, comparisons with a combining predicate.
  {
    float F = (float)(int)(V >> 8) / 1024.0f, G = (float)(W >> 9) / 4096.0f, Fm, Rt;
    int I;
    unsigned Cmp;
    asm("fma.rn.f32 %0, %1, %2, 0f3F800000;" : "=f"(Fm) : "f"(F), "f"(G));
    asm("cvt.rzi.s32.f32 %0, %1;" : "=r"(I) : "f"(F));
    asm("{ .reg .pred p, q; setp.lt.f32 p|q, %1, %2; setp.gt.and.f32 p, %1, 0f00000000, p;"
        " selp.u32 %0, 1, 0, p; }"
        : "=r"(Cmp) : "f"(F), "f"(G));
    asm("cvt.rn.f32.s32 %0, %1;" : "=f"(Rt) : "r"((int)V));
    R[9] = (Fm != __fmaf_rn(F, G, 1.0f)) | ((I != (int)F) << 1) |
           ((Cmp != (F < G && F > 0.0f)) << 2) | ((Rt != (float)(int)V) << 3);
  }
#ifdef PLANTED_WRONG_REFERENCE
  R[10] = 1;
#endif
}

#ifndef NO_MAIN
int main() { return 0; }
#endif
