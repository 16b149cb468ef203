// device_functions.cu - CUDA's integer intrinsics, block-barrier counts and
// atomics, evaluated the same way on an NVIDIA GPU (nvcc, the real toolkit)
// and on AMD through cu2hsaco and our include/ headers (wavesim). The kernel
// makes its own inputs from the thread index (edge values for the first
// threads, a hash after), so no input buffer is needed, and writes Results
// words per thread plus the final values of contended atomics, which do not
// depend on the order the atomics run in. main() prints the buffer as the
// wavesim CLI prints a kernel's buffer (../buffer_program.h), so the two
// outputs compare word for word (lit-tests/headers/device-functions.test;
// -D PLANTED_WRONG_SAD is that test's planted bug).
#include "../buffer_program.h"

enum { Threads = 512, Results = 32, Atomics = 17 };

__device__ unsigned input(unsigned I, unsigned Which) {
  const unsigned Edge[] = {0u,          1u,          2u,          31u,
                           32u,         33u,         63u,         64u,
                           0x7fffffffu, 0x80000000u, 0x80000001u, 0xffffffffu,
                           0xfffffffeu, 0x00ffffffu, 0x00800000u, 0x01000000u};
  unsigned J = I * 3 + Which;
  return J < 16 ? Edge[J] : hashIndex(J * 0x9e3779b9u + Which);
}

__global__ void device_functions(unsigned *Out) {
  __shared__ unsigned SharedMin, SharedMax, SharedAnd;
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned A = input(I, 0), B = input(I, 1), C = input(I, 2);
  unsigned long long AB = ((unsigned long long)A << 32) | B;
  unsigned long long BC = ((unsigned long long)B << 32) | C;
  unsigned *R = Out + I * Results;
  R[0] = __popc(A);
  R[1] = __popcll(AB);
  R[2] = __clz((int)A);
  R[3] = __clzll((long long)AB);
  R[4] = __ffs((int)A);
  R[5] = __ffsll((long long)AB);
  R[6] = __brev(A);
  R[7] = (unsigned)(__brevll(AB) >> 7);
  R[8] = __byte_perm(A, B, C);
  R[9] = __funnelshift_l(A, B, C);
  R[10] = __funnelshift_lc(A, B, C & 63);
  R[11] = __funnelshift_r(A, B, C);
  R[12] = __funnelshift_rc(A, B, C & 63);
  R[13] = (unsigned)__mul24((int)A, (int)B);
  R[14] = __umul24(A, B);
  R[15] = (unsigned)__mulhi((int)A, (int)B);
  R[16] = __umulhi(A, B);
  R[17] =
      (unsigned)((unsigned long long)__mul64hi((long long)AB, (long long)BC) >>
                 13);
  R[18] = (unsigned)(__umul64hi(AB, BC) >> 9);
#ifdef PLANTED_WRONG_SAD
  R[19] = __usad(A, B, C); /* what the overflowing __sad computed */
#else
  R[19] = __sad((int)A, (int)B, C);
#endif
  R[20] = __usad(A, B, C);
  R[21] = (unsigned)__hadd((int)A, (int)B);
  R[22] = (unsigned)__rhadd((int)A, (int)B);
  R[23] = __uhadd(A, B);
  R[24] = __urhadd(A, B);
  R[25] = (unsigned)__syncthreads_count(A & 1);
  R[26] = (unsigned)__syncthreads_and(I != 37);
  R[27] = (unsigned)__syncthreads_or(I == 300);
  R[28] = (unsigned)__clz(0) + 100u * (unsigned)__clzll(0);
  R[29] = (unsigned)__ffs(0) + (unsigned)__ffsll(0);
  R[30] = __byte_perm(A, B, 0x3210u) ^ __byte_perm(A, B, 0x7654u);
  R[31] = __funnelshift_lc(A, B, 40) ^ __funnelshift_rc(A, B, 40);

  /* Contended atomics, all starting from 0 in global memory (per-block
   * ones from values set here): every final value is independent of the
   * order they run in. */
  unsigned *Atomic = Out + Threads * Results;
  if (threadIdx.x == 0) {
    SharedMin = 0xffffffffu;
    SharedMax = 0;
    SharedAnd = 0xffffffffu;
  }
  __syncthreads();
  atomicAdd(&Atomic[0], A & 0xffff);
  atomicSub(&Atomic[1], B & 0xff);
  atomicInc(&Atomic[2], 100u);
  atomicDec(&Atomic[3], 77u);
  atomicMin((int *)&Atomic[4], (int)A);
  atomicMax((int *)&Atomic[5], (int)A);
  atomicMin(&SharedMin, B);
  atomicMax(&SharedMax, B);
  atomicAnd(&SharedAnd, ~(1u << (I & 31)) | (A & 0x0f0f0000u));
  atomicOr(&Atomic[7], 1u << (C & 31));
  atomicXor(&Atomic[8], A);
  atomicAdd((float *)&Atomic[9], (float)(B & 0xff));
  /* A 64-bit word: slots 10 and 11. */
  atomicAdd((unsigned long long *)&Atomic[10], (unsigned long long)A);
  unsigned Old = Atomic[12], Assumed;
  do {
    Assumed = Old;
    Old = atomicCAS(&Atomic[12], Assumed, Assumed + (C & 0xfff));
  } while (Old != Assumed);
  atomicExch(&Atomic[13], 0x5a5a5a5au);
  atomicAdd_block(&Atomic[14], 1u);
  atomicAdd_system(&Atomic[15], 2u);
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicXor(&Atomic[6], SharedAnd * (blockIdx.x + 1));
    atomicXor(&Atomic[16], SharedMin ^ (SharedMax * (blockIdx.x + 3)));
  }
}

#ifndef NO_MAIN
int main() {
  return runAndPrint(device_functions, Threads / 128, 128,
                     Threads * Results + Atomics);
}
#endif
