// device_functions.h - CUDA's device built-in functions other than math and
// the warp primitives: block barriers (with their count/and/or forms),
// memory fences, every atomic, the integer intrinsics, clocks, and the
// cache-hinted loads and stores. Each is written over clang's NVVM builtins
// or generic atomics, which nvvm-to-amdgpu and the AMDGPU backend map:
//   - atomics are relaxed read-modify-writes of the scope CUDA names: the
//     atomic* forms device scope (clang's NVPTX atomics carry no scope,
//     which nvvm-to-amdgpu reads as CUDA does: AMDGPU's agent scope, as
//     HIP's atomicAdd, not atomic on fine-grained host memory), atomic*_block
//     and atomic*_system the NVVM builtins of CTA and system scope;
//   - the cache hints (__ldg, __ldcg, __stcs, ...) are plain loads and stores:
//     they change only caching on NVIDIA hardware, never a value;
//   - clock() and clock64() read llvm.readcyclecounter (s_memtime on gfx9);
//   - float-to-integer conversions saturate, as PTX's cvt;
//   - a failed assert stops the kernel without printing its message.
#ifndef __DEVICE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__

// Device code alone: a host compiler (g++) sees nothing here.
#if defined(__CUDA__)

#include "device_launch_parameters.h"

/*===-- Barriers and fences -----------------------------------------------===*/

/* __syncthreads() is clang's builtin (llvm.nvvm.barrier0). */

static __device__ inline unsigned __cuda_block_rank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

/* The number of threads of the block with Pred != 0, after a barrier; the
 * and/or forms compare it. A block-wide count in shared memory, cleared by
 * the first thread before the barrier that orders it. */
static __device__ inline int __syncthreads_count(int Pred) {
  __shared__ unsigned Count;
  if (__cuda_block_rank() == 0)
    Count = 0;
  __syncthreads();
  if (Pred)
    __atomic_fetch_add(&Count, 1u, __ATOMIC_RELAXED);
  __syncthreads();
  unsigned Result = Count;
  __syncthreads();
  return (int)Result;
}
static __device__ inline int __syncthreads_and(int Pred) {
  return __syncthreads_count(!Pred) == 0;
}
static __device__ inline int __syncthreads_or(int Pred) {
  return __syncthreads_count(Pred) != 0;
}

static __device__ inline void __threadfence_block() { __nvvm_membar_cta(); }
static __device__ inline void __threadfence() { __nvvm_membar_gl(); }
static __device__ inline void __threadfence_system() { __nvvm_membar_sys(); }

/* Ends the kernel with an error the host sees at its next synchronization,
 * as PTX's trap does. */
static __device__ inline void __trap(void) { __builtin_trap(); }

/* A hint to wait about Nanoseconds: s_sleep on AMD; on wavesim the lane
 * lets the others run, so a polling loop sees what it waits for. */
static __device__ inline void __nanosleep(unsigned Nanoseconds) {
  __nvvm_nanosleep(Nanoseconds);
}

/*===-- Atomics -----------------------------------------------------------===*/

/* atomic*: the device-scope forms. */
static __device__ inline int atomicAdd(int *Address, int Value) {
  return __atomic_fetch_add(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicAdd(unsigned int *Address,
                                                unsigned int Value) {
  return __atomic_fetch_add(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned long long int
atomicAdd(unsigned long long int *Address, unsigned long long int Value) {
  return __atomic_fetch_add(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline long long int atomicAdd(long long int *Address,
                                                 long long int Value) {
  return __atomic_fetch_add(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline float atomicAdd(float *Address, float Value) {
  return __atomic_fetch_add(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline double atomicAdd(double *Address, double Value) {
  return __atomic_fetch_add(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline int atomicSub(int *Address, int Value) {
  return __atomic_fetch_sub(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicSub(unsigned int *Address,
                                                unsigned int Value) {
  return __atomic_fetch_sub(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline int atomicExch(int *Address, int Value) {
  return __atomic_exchange_n(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicExch(unsigned int *Address,
                                                 unsigned int Value) {
  return __atomic_exchange_n(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned long long int
atomicExch(unsigned long long int *Address, unsigned long long int Value) {
  return __atomic_exchange_n(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline int atomicMin(int *Address, int Value) {
  return __atomic_fetch_min(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicMin(unsigned int *Address,
                                                unsigned int Value) {
  return __atomic_fetch_min(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned long long int
atomicMin(unsigned long long int *Address, unsigned long long int Value) {
  return __atomic_fetch_min(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline long long int atomicMin(long long int *Address,
                                                 long long int Value) {
  return __atomic_fetch_min(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline int atomicMax(int *Address, int Value) {
  return __atomic_fetch_max(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicMax(unsigned int *Address,
                                                unsigned int Value) {
  return __atomic_fetch_max(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned long long int
atomicMax(unsigned long long int *Address, unsigned long long int Value) {
  return __atomic_fetch_max(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline long long int atomicMax(long long int *Address,
                                                 long long int Value) {
  return __atomic_fetch_max(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline int atomicAnd(int *Address, int Value) {
  return __atomic_fetch_and(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicAnd(unsigned int *Address,
                                                unsigned int Value) {
  return __atomic_fetch_and(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned long long int
atomicAnd(unsigned long long int *Address, unsigned long long int Value) {
  return __atomic_fetch_and(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline int atomicOr(int *Address, int Value) {
  return __atomic_fetch_or(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicOr(unsigned int *Address,
                                               unsigned int Value) {
  return __atomic_fetch_or(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned long long int
atomicOr(unsigned long long int *Address, unsigned long long int Value) {
  return __atomic_fetch_or(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline int atomicXor(int *Address, int Value) {
  return __atomic_fetch_xor(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicXor(unsigned int *Address,
                                                unsigned int Value) {
  return __atomic_fetch_xor(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned long long int
atomicXor(unsigned long long int *Address, unsigned long long int Value) {
  return __atomic_fetch_xor(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline float atomicExch(float *Address, float Value) {
  float Old;
  __atomic_exchange(Address, &Value, &Old, __ATOMIC_RELAXED);
  return Old;
}
static __device__ inline int atomicCAS(int *Address, int Compare, int Value) {
  __atomic_compare_exchange_n(Address, &Compare, Value, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  return Compare;
}
static __device__ inline unsigned int
atomicCAS(unsigned int *Address, unsigned int Compare, unsigned int Value) {
  __atomic_compare_exchange_n(Address, &Compare, Value, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  return Compare;
}
static __device__ inline unsigned long long int
atomicCAS(unsigned long long int *Address, unsigned long long int Compare,
          unsigned long long int Value) {
  __atomic_compare_exchange_n(Address, &Compare, Value, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  return Compare;
}
static __device__ inline unsigned short int
atomicCAS(unsigned short int *Address, unsigned short int Compare,
          unsigned short int Value) {
  __atomic_compare_exchange_n(Address, &Compare, Value, false, __ATOMIC_RELAXED,
                              __ATOMIC_RELAXED);
  return Compare;
}
/* ((old >= Value) ? 0 : old + 1) and (((old == 0) || (old > Value)) ?
 * Value : old - 1): LLVM's uinc_wrap and udec_wrap. */
static __device__ inline unsigned int atomicInc(unsigned int *Address,
                                                unsigned int Value) {
  return __atomic_fetch_uinc(Address, Value, __ATOMIC_RELAXED);
}
static __device__ inline unsigned int atomicDec(unsigned int *Address,
                                                unsigned int Value) {
  return __atomic_fetch_udec(Address, Value, __ATOMIC_RELAXED);
}

/* atomic*_block and atomic*_system: clang's NVVM builtins of CTA and system
 * scope (__nvvm_atom_cta_*, __nvvm_atom_sys_*: relaxed, PTX's atom.cta and
 * atom.sys), which nvvm-to-amdgpu makes atomics of workgroup and system
 * scope. clang's unsigned min/max builtins compute the signed ones (one
 * NVVM intrinsic serves both), so those are the device-scope form (block)
 * and a compare-and-swap loop of system scope (system). */
static __device__ inline int atomicAdd_block(int *Address, int Value) {
  return __nvvm_atom_cta_add_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicAdd_block(unsigned int *Address,
                                                      unsigned int Value) {
  return (unsigned int)__nvvm_atom_cta_add_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicAdd_block(unsigned long long int *Address, unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_cta_add_gen_ll(
      (long long *)Address, (long long)Value);
}
static __device__ inline long long int atomicAdd_block(long long int *Address,
                                                       long long int Value) {
  return __nvvm_atom_cta_add_gen_ll(Address, Value);
}
static __device__ inline float atomicAdd_block(float *Address, float Value) {
  return __nvvm_atom_cta_add_gen_f(Address, Value);
}
static __device__ inline double atomicAdd_block(double *Address, double Value) {
  return __nvvm_atom_cta_add_gen_d(Address, Value);
}
static __device__ inline int atomicSub_block(int *Address, int Value) {
  return __nvvm_atom_cta_add_gen_i(Address, (int)(0u - (unsigned)Value));
}
static __device__ inline unsigned int atomicSub_block(unsigned int *Address,
                                                      unsigned int Value) {
  return (unsigned int)__nvvm_atom_cta_add_gen_i((int *)Address,
                                                 (int)(0u - Value));
}
static __device__ inline int atomicExch_block(int *Address, int Value) {
  return __nvvm_atom_cta_xchg_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicExch_block(unsigned int *Address,
                                                       unsigned int Value) {
  return (unsigned int)__nvvm_atom_cta_xchg_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicExch_block(unsigned long long int *Address,
                 unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_cta_xchg_gen_ll(
      (long long *)Address, (long long)Value);
}
static __device__ inline float atomicExch_block(float *Address, float Value) {
  return __builtin_bit_cast(
      float, __nvvm_atom_cta_xchg_gen_i((int *)Address,
                                        __builtin_bit_cast(int, Value)));
}
static __device__ inline int atomicMin_block(int *Address, int Value) {
  return __nvvm_atom_cta_min_gen_i(Address, Value);
}
static __device__ inline long long int atomicMin_block(long long int *Address,
                                                       long long int Value) {
  return __nvvm_atom_cta_min_gen_ll(Address, Value);
}
static __device__ inline unsigned int atomicMin_block(unsigned int *Address,
                                                      unsigned int Value) {
  return atomicMin(Address, Value);
}
static __device__ inline unsigned long long int
atomicMin_block(unsigned long long int *Address, unsigned long long int Value) {
  return atomicMin(Address, Value);
}
static __device__ inline int atomicMax_block(int *Address, int Value) {
  return __nvvm_atom_cta_max_gen_i(Address, Value);
}
static __device__ inline long long int atomicMax_block(long long int *Address,
                                                       long long int Value) {
  return __nvvm_atom_cta_max_gen_ll(Address, Value);
}
static __device__ inline unsigned int atomicMax_block(unsigned int *Address,
                                                      unsigned int Value) {
  return atomicMax(Address, Value);
}
static __device__ inline unsigned long long int
atomicMax_block(unsigned long long int *Address, unsigned long long int Value) {
  return atomicMax(Address, Value);
}
static __device__ inline int atomicAnd_block(int *Address, int Value) {
  return __nvvm_atom_cta_and_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicAnd_block(unsigned int *Address,
                                                      unsigned int Value) {
  return (unsigned int)__nvvm_atom_cta_and_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicAnd_block(unsigned long long int *Address, unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_cta_and_gen_ll(
      (long long *)Address, (long long)Value);
}
static __device__ inline int atomicOr_block(int *Address, int Value) {
  return __nvvm_atom_cta_or_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicOr_block(unsigned int *Address,
                                                     unsigned int Value) {
  return (unsigned int)__nvvm_atom_cta_or_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicOr_block(unsigned long long int *Address, unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_cta_or_gen_ll((long long *)Address,
                                                           (long long)Value);
}
static __device__ inline int atomicXor_block(int *Address, int Value) {
  return __nvvm_atom_cta_xor_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicXor_block(unsigned int *Address,
                                                      unsigned int Value) {
  return (unsigned int)__nvvm_atom_cta_xor_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicXor_block(unsigned long long int *Address, unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_cta_xor_gen_ll(
      (long long *)Address, (long long)Value);
}
static __device__ inline int atomicCAS_block(int *Address, int Compare,
                                             int Value) {
  return __nvvm_atom_cta_cas_gen_i(Address, Compare, Value);
}
static __device__ inline unsigned int atomicCAS_block(unsigned int *Address,
                                                      unsigned int Compare,
                                                      unsigned int Value) {
  return (unsigned int)__nvvm_atom_cta_cas_gen_i((int *)Address, (int)Compare,
                                                 (int)Value);
}
static __device__ inline unsigned long long int
atomicCAS_block(unsigned long long int *Address, unsigned long long int Compare,
                unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_cta_cas_gen_ll(
      (long long *)Address, (long long)Compare, (long long)Value);
}
static __device__ inline unsigned short int
atomicCAS_block(unsigned short int *Address, unsigned short int Compare,
                unsigned short int Value) {
  return __nvvm_atom_cta_cas_gen_us(Address, Compare, Value);
}
static __device__ inline unsigned int atomicInc_block(unsigned int *Address,
                                                      unsigned int Value) {
  return __nvvm_atom_cta_inc_gen_ui(Address, Value);
}
static __device__ inline unsigned int atomicDec_block(unsigned int *Address,
                                                      unsigned int Value) {
  return __nvvm_atom_cta_dec_gen_ui(Address, Value);
}
/* The system-scope compare-and-swap, and the unsigned min (Max false) or
 * max (Max true) of system scope through it: the old value, replaced only
 * while it is larger (smaller) than Value. */
static __device__ inline unsigned int
__cuda_system_cas(unsigned int *Address, unsigned int Compare,
                  unsigned int Value) {
  return (unsigned int)__nvvm_atom_sys_cas_gen_i((int *)Address, (int)Compare,
                                                 (int)Value);
}
static __device__ inline unsigned long long int
__cuda_system_cas(unsigned long long int *Address,
                  unsigned long long int Compare,
                  unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_sys_cas_gen_ll(
      (long long *)Address, (long long)Compare, (long long)Value);
}
template <bool Max, class T>
static __device__ inline T __cuda_system_minmax(T *Address, T Value) {
  T Old = __atomic_load_n(Address, __ATOMIC_RELAXED);
  while (Max ? Old < Value : Value < Old) {
    T Seen = __cuda_system_cas(Address, Old, Value);
    if (Seen == Old)
      break;
    Old = Seen;
  }
  return Old;
}
static __device__ inline int atomicAdd_system(int *Address, int Value) {
  return __nvvm_atom_sys_add_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicAdd_system(unsigned int *Address,
                                                       unsigned int Value) {
  return (unsigned int)__nvvm_atom_sys_add_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicAdd_system(unsigned long long int *Address,
                 unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_sys_add_gen_ll(
      (long long *)Address, (long long)Value);
}
static __device__ inline long long int atomicAdd_system(long long int *Address,
                                                        long long int Value) {
  return __nvvm_atom_sys_add_gen_ll(Address, Value);
}
static __device__ inline float atomicAdd_system(float *Address, float Value) {
  return __nvvm_atom_sys_add_gen_f(Address, Value);
}
static __device__ inline double atomicAdd_system(double *Address,
                                                 double Value) {
  return __nvvm_atom_sys_add_gen_d(Address, Value);
}
static __device__ inline int atomicSub_system(int *Address, int Value) {
  return __nvvm_atom_sys_add_gen_i(Address, (int)(0u - (unsigned)Value));
}
static __device__ inline unsigned int atomicSub_system(unsigned int *Address,
                                                       unsigned int Value) {
  return (unsigned int)__nvvm_atom_sys_add_gen_i((int *)Address,
                                                 (int)(0u - Value));
}
static __device__ inline int atomicExch_system(int *Address, int Value) {
  return __nvvm_atom_sys_xchg_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicExch_system(unsigned int *Address,
                                                        unsigned int Value) {
  return (unsigned int)__nvvm_atom_sys_xchg_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicExch_system(unsigned long long int *Address,
                  unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_sys_xchg_gen_ll(
      (long long *)Address, (long long)Value);
}
static __device__ inline float atomicExch_system(float *Address, float Value) {
  return __builtin_bit_cast(
      float, __nvvm_atom_sys_xchg_gen_i((int *)Address,
                                        __builtin_bit_cast(int, Value)));
}
static __device__ inline int atomicMin_system(int *Address, int Value) {
  return __nvvm_atom_sys_min_gen_i(Address, Value);
}
static __device__ inline long long int atomicMin_system(long long int *Address,
                                                        long long int Value) {
  return __nvvm_atom_sys_min_gen_ll(Address, Value);
}
static __device__ inline unsigned int atomicMin_system(unsigned int *Address,
                                                       unsigned int Value) {
  return __cuda_system_minmax<false>(Address, Value);
}
static __device__ inline unsigned long long int
atomicMin_system(unsigned long long int *Address,
                 unsigned long long int Value) {
  return __cuda_system_minmax<false>(Address, Value);
}
static __device__ inline int atomicMax_system(int *Address, int Value) {
  return __nvvm_atom_sys_max_gen_i(Address, Value);
}
static __device__ inline long long int atomicMax_system(long long int *Address,
                                                        long long int Value) {
  return __nvvm_atom_sys_max_gen_ll(Address, Value);
}
static __device__ inline unsigned int atomicMax_system(unsigned int *Address,
                                                       unsigned int Value) {
  return __cuda_system_minmax<true>(Address, Value);
}
static __device__ inline unsigned long long int
atomicMax_system(unsigned long long int *Address,
                 unsigned long long int Value) {
  return __cuda_system_minmax<true>(Address, Value);
}
static __device__ inline int atomicAnd_system(int *Address, int Value) {
  return __nvvm_atom_sys_and_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicAnd_system(unsigned int *Address,
                                                       unsigned int Value) {
  return (unsigned int)__nvvm_atom_sys_and_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicAnd_system(unsigned long long int *Address,
                 unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_sys_and_gen_ll(
      (long long *)Address, (long long)Value);
}
static __device__ inline int atomicOr_system(int *Address, int Value) {
  return __nvvm_atom_sys_or_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicOr_system(unsigned int *Address,
                                                      unsigned int Value) {
  return (unsigned int)__nvvm_atom_sys_or_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicOr_system(unsigned long long int *Address, unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_sys_or_gen_ll((long long *)Address,
                                                           (long long)Value);
}
static __device__ inline int atomicXor_system(int *Address, int Value) {
  return __nvvm_atom_sys_xor_gen_i(Address, Value);
}
static __device__ inline unsigned int atomicXor_system(unsigned int *Address,
                                                       unsigned int Value) {
  return (unsigned int)__nvvm_atom_sys_xor_gen_i((int *)Address, (int)Value);
}
static __device__ inline unsigned long long int
atomicXor_system(unsigned long long int *Address,
                 unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_sys_xor_gen_ll(
      (long long *)Address, (long long)Value);
}
static __device__ inline int atomicCAS_system(int *Address, int Compare,
                                              int Value) {
  return __nvvm_atom_sys_cas_gen_i(Address, Compare, Value);
}
static __device__ inline unsigned int atomicCAS_system(unsigned int *Address,
                                                       unsigned int Compare,
                                                       unsigned int Value) {
  return (unsigned int)__nvvm_atom_sys_cas_gen_i((int *)Address, (int)Compare,
                                                 (int)Value);
}
static __device__ inline unsigned long long int
atomicCAS_system(unsigned long long int *Address,
                 unsigned long long int Compare, unsigned long long int Value) {
  return (unsigned long long int)__nvvm_atom_sys_cas_gen_ll(
      (long long *)Address, (long long)Compare, (long long)Value);
}
static __device__ inline unsigned short int
atomicCAS_system(unsigned short int *Address, unsigned short int Compare,
                 unsigned short int Value) {
  return __nvvm_atom_sys_cas_gen_us(Address, Compare, Value);
}
static __device__ inline unsigned int atomicInc_system(unsigned int *Address,
                                                       unsigned int Value) {
  return __nvvm_atom_sys_inc_gen_ui(Address, Value);
}
static __device__ inline unsigned int atomicDec_system(unsigned int *Address,
                                                       unsigned int Value) {
  return __nvvm_atom_sys_dec_gen_ui(Address, Value);
}

/*===-- Integer intrinsics ------------------------------------------------===*/

static __device__ inline int __popc(unsigned int X) {
  return __builtin_popcount(X);
}
static __device__ inline int __popcll(unsigned long long X) {
  return __builtin_popcountll(X);
}
static __device__ inline int __clz(int X) {
  return X ? __builtin_clz((unsigned)X) : 32;
}
static __device__ inline int __clzll(long long X) {
  return X ? __builtin_clzll((unsigned long long)X) : 64;
}
static __device__ inline int __ffs(int X) { return __builtin_ffs(X); }
static __device__ inline int __ffsll(long long X) { return __builtin_ffsll(X); }
static __device__ inline unsigned int __brev(unsigned int X) {
  return __builtin_bitreverse32(X);
}
static __device__ inline unsigned long long __brevll(unsigned long long X) {
  return __builtin_bitreverse64(X);
}
/* Byte I of the result is byte (S >> 4 * I) & 7 of the pair {Y, X}. */
static __device__ inline unsigned int
__byte_perm(unsigned int X, unsigned int Y, unsigned int S) {
  unsigned long long Pair = ((unsigned long long)Y << 32) | X;
  unsigned int Result = 0;
  for (int I = 0; I < 4; ++I)
    Result |= (unsigned)((Pair >> (8 * ((S >> (4 * I)) & 7))) & 0xff)
              << (8 * I);
  return Result;
}
static __device__ inline unsigned int
__funnelshift_l(unsigned int Lo, unsigned int Hi, unsigned int Shift) {
  return __builtin_elementwise_fshl(Hi, Lo, Shift & 31);
}
static __device__ inline unsigned int
__funnelshift_lc(unsigned int Lo, unsigned int Hi, unsigned int Shift) {
  return Shift >= 32 ? Lo : __builtin_elementwise_fshl(Hi, Lo, Shift);
}
static __device__ inline unsigned int
__funnelshift_r(unsigned int Lo, unsigned int Hi, unsigned int Shift) {
  return __builtin_elementwise_fshr(Hi, Lo, Shift & 31);
}
static __device__ inline unsigned int
__funnelshift_rc(unsigned int Lo, unsigned int Hi, unsigned int Shift) {
  return Shift >= 32 ? Hi : __builtin_elementwise_fshr(Hi, Lo, Shift);
}
/* 24-bit multiplies: the low 24 bits of each operand, sign-extended for
 * __mul24. */
static __device__ inline int __mul24(int X, int Y) {
  return ((X << 8) >> 8) * ((Y << 8) >> 8);
}
static __device__ inline unsigned int __umul24(unsigned int X, unsigned int Y) {
  return (X & 0xffffff) * (Y & 0xffffff);
}
static __device__ inline int __mulhi(int X, int Y) {
  return (int)(((long long)X * Y) >> 32);
}
static __device__ inline unsigned int __umulhi(unsigned int X, unsigned int Y) {
  return (unsigned)(((unsigned long long)X * Y) >> 32);
}
static __device__ inline long long __mul64hi(long long X, long long Y) {
  return (long long)(((__int128)X * Y) >> 64);
}
static __device__ inline unsigned long long __umul64hi(unsigned long long X,
                                                       unsigned long long Y) {
  return (unsigned long long)(((unsigned __int128)X * Y) >> 64);
}
/* |X - Y| + Z with the exact difference: computed unsigned, since the signed
 * subtraction can overflow. */
static __device__ inline unsigned int __sad(int X, int Y, unsigned int Z) {
  return Z + (X > Y ? (unsigned)X - (unsigned)Y : (unsigned)Y - (unsigned)X);
}
static __device__ inline unsigned int __usad(unsigned int X, unsigned int Y,
                                             unsigned int Z) {
  return Z + (X > Y ? X - Y : Y - X);
}
static __device__ inline int __hadd(int X, int Y) {
  return (int)(((long long)X + Y) >> 1);
}
static __device__ inline int __rhadd(int X, int Y) {
  return (int)(((long long)X + Y + 1) >> 1);
}
static __device__ inline unsigned int __uhadd(unsigned int X, unsigned int Y) {
  return (unsigned)(((unsigned long long)X + Y) >> 1);
}
static __device__ inline unsigned int __urhadd(unsigned int X, unsigned int Y) {
  return (unsigned)(((unsigned long long)X + Y + 1) >> 1);
}
/* Dot products of packed integers plus C (PTX dp4a, dp2a), wrapping at 32
 * bits: __dp4a multiplies the four bytes of X and Y, __dp2a_lo/_hi the two
 * 16-bit halves of X with bytes 0-1 / 2-3 of Y; signed operands
 * sign-extend their parts, unsigned ones zero-extend them. Each is one call
 * of PTX's NVVM intrinsic (clang has no builtin for it, so it is declared by
 * its LLVM name), which nvvm-to-amdgpu turns into AMD's dot-product
 * instruction where the processor has one and into exact byte arithmetic
 * elsewhere (pass/retarget/DotProducts.c). Byte arithmetic written here
 * would be reassociated across neighbouring calls before the backend could
 * see a dot product in it. The i1 of dp2a picks the high bytes of Y. */
extern "C" {
__device__ int __cucc_idp4a_s_s(int, int, int) __asm__("llvm.nvvm.idp4a.s.s");
__device__ unsigned int __cucc_idp4a_u_u(unsigned int, unsigned int,
                                         unsigned int)
    __asm__("llvm.nvvm.idp4a.u.u");
__device__ int __cucc_idp2a_s_s(int, int, bool, int)
    __asm__("llvm.nvvm.idp2a.s.s");
__device__ unsigned int __cucc_idp2a_u_u(unsigned int, unsigned int, bool,
                                         unsigned int)
    __asm__("llvm.nvvm.idp2a.u.u");
}
static __device__ inline int __dp4a(int X, int Y, int C) {
  return __cucc_idp4a_s_s(X, Y, C);
}
static __device__ inline unsigned int __dp4a(unsigned int X, unsigned int Y,
                                             unsigned int C) {
  return __cucc_idp4a_u_u(X, Y, C);
}
static __device__ inline int __dp4a(char4 X, char4 Y, int C) {
  return __cucc_idp4a_s_s(*(int *)&X, *(int *)&Y, C);
}
static __device__ inline unsigned int __dp4a(uchar4 X, uchar4 Y,
                                             unsigned int C) {
  return __cucc_idp4a_u_u(*(unsigned int *)&X, *(unsigned int *)&Y, C);
}
static __device__ inline int __dp2a_lo(int X, int Y, int C) {
  return __cucc_idp2a_s_s(X, Y, false, C);
}
static __device__ inline unsigned int __dp2a_lo(unsigned int X, unsigned int Y,
                                                unsigned int C) {
  return __cucc_idp2a_u_u(X, Y, false, C);
}
static __device__ inline int __dp2a_lo(short2 X, char4 Y, int C) {
  return __cucc_idp2a_s_s(*(int *)&X, *(int *)&Y, false, C);
}
static __device__ inline unsigned int __dp2a_lo(ushort2 X, uchar4 Y,
                                                unsigned int C) {
  return __cucc_idp2a_u_u(*(unsigned int *)&X, *(unsigned int *)&Y, false, C);
}
static __device__ inline int __dp2a_hi(int X, int Y, int C) {
  return __cucc_idp2a_s_s(X, Y, true, C);
}
static __device__ inline unsigned int __dp2a_hi(unsigned int X, unsigned int Y,
                                                unsigned int C) {
  return __cucc_idp2a_u_u(X, Y, true, C);
}
static __device__ inline int __dp2a_hi(short2 X, char4 Y, int C) {
  return __cucc_idp2a_s_s(*(int *)&X, *(int *)&Y, true, C);
}
static __device__ inline unsigned int __dp2a_hi(ushort2 X, uchar4 Y,
                                                unsigned int C) {
  return __cucc_idp2a_u_u(*(unsigned int *)&X, *(unsigned int *)&Y, true, C);
}

/*===-- Assert ------------------------------------------------------------===*/

/* What <assert.h>'s assert calls in device code, as nvcc's headers declare
 * it; nvvm-to-amdgpu makes a failed assert stop the kernel (llvm.trap). */
extern "C" __device__ void __assertfail(const char *Message, const char *File,
                                        unsigned Line, const char *Function,
                                        size_t CharSize);
static __device__ inline void __assert_fail(const char *Message,
                                            const char *File, unsigned Line,
                                            const char *Function) {
  __assertfail(Message, File, Line, Function, sizeof(char));
}

/*===-- Device heap -------------------------------------------------------===*/

/* Declared as CUDA declares them, so that headers mentioning them parse
 * (clang's <new> wrapper defines device operator new over them). There is
 * no device heap yet: cu2hsaco reports a call to either as an undefined
 * function, naming its source line. */
extern "C" {
__device__ void *malloc(__SIZE_TYPE__ Size);
__device__ void free(void *Pointer);
}

/*===-- Address conversions -----------------------------------------------===*/

/* Generic pointers to and from the state spaces' own addresses, as inline
 * PTX takes them (ld.shared with a 32-bit "r" operand). */
static __device__ inline size_t __cvta_generic_to_global(const void *P) {
  return (size_t)(const __attribute__((address_space(1))) char *)P;
}
static __device__ inline void *__cvta_global_to_generic(size_t A) {
  return (void *)(__attribute__((address_space(1))) char *)A;
}
static __device__ inline size_t __cvta_generic_to_shared(const void *P) {
  return (size_t)(const __attribute__((address_space(3))) char *)P;
}
static __device__ inline void *__cvta_shared_to_generic(size_t A) {
  return (void *)(__attribute__((address_space(3))) char *)A;
}
static __device__ inline size_t __cvta_generic_to_constant(const void *P) {
  return (size_t)(const __attribute__((address_space(4))) char *)P;
}
static __device__ inline void *__cvta_constant_to_generic(size_t A) {
  return (void *)(__attribute__((address_space(4))) char *)A;
}
static __device__ inline size_t __cvta_generic_to_local(const void *P) {
  return (size_t)(const __attribute__((address_space(5))) char *)P;
}
static __device__ inline void *__cvta_local_to_generic(size_t A) {
  return (void *)(__attribute__((address_space(5))) char *)A;
}

/*===-- Clocks ------------------------------------------------------------===*/

static __device__ inline long long clock64() {
  return (long long)__builtin_readcyclecounter();
}
static __device__ inline long clock() { return (long)clock64(); }

/*===-- Cache-hinted loads and stores -------------------------------------===*/

template <typename T> static __device__ inline T __ldg(const T *P) {
  return *P;
}
template <typename T> static __device__ inline T __ldcg(const T *P) {
  return *P;
}
template <typename T> static __device__ inline T __ldca(const T *P) {
  return *P;
}
template <typename T> static __device__ inline T __ldcs(const T *P) {
  return *P;
}
template <typename T> static __device__ inline T __ldlu(const T *P) {
  return *P;
}
template <typename T> static __device__ inline T __ldcv(const T *P) {
  return *(const volatile T *)P;
}
template <typename T> static __device__ inline void __stwb(T *P, T V) {
  *P = V;
}
template <typename T> static __device__ inline void __stcg(T *P, T V) {
  *P = V;
}
template <typename T> static __device__ inline void __stcs(T *P, T V) {
  *P = V;
}
template <typename T> static __device__ inline void __stwt(T *P, T V) {
  *(volatile T *)P = V;
}

/*===-- Reinterpretation and conversions ----------------------------------===*/

static __device__ inline float __int_as_float(int X) {
  return __builtin_bit_cast(float, X);
}
static __device__ inline float __uint_as_float(unsigned int X) {
  return __builtin_bit_cast(float, X);
}
static __device__ inline int __float_as_int(float X) {
  return __builtin_bit_cast(int, X);
}
static __device__ inline unsigned int __float_as_uint(float X) {
  return __builtin_bit_cast(unsigned int, X);
}
static __device__ inline double __longlong_as_double(long long X) {
  return __builtin_bit_cast(double, X);
}
static __device__ inline long long __double_as_longlong(double X) {
  return __builtin_bit_cast(long long, X);
}
static __device__ inline int __double2hiint(double X) {
  return (int)(__double_as_longlong(X) >> 32);
}
static __device__ inline int __double2loint(double X) {
  return (int)__double_as_longlong(X);
}
static __device__ inline double __hiloint2double(int Hi, int Lo) {
  return __longlong_as_double(
      (long long)((unsigned long long)(unsigned)Hi << 32 | (unsigned)Lo));
}

/* Float to integer as PTX's cvt.rni/rzi/rpi/rmi: an integral value X
 * converted with saturation. A NaN converts as an H100 converts it: to 0
 * from float to a 32-bit integer, to the sign bit alone otherwise
 * (lit-tests/oracle/nvidia/rounding-intrinsics). */
template <class I, class F> static __device__ inline I __cuda_saturate(F X) {
  const bool Signed = (I)-1 < (I)0;
  const int Bits = 8 * sizeof(I);
  const F Half = (F)(1ull << (Bits - 1)); /* 2^(Bits-1), exact */
  const F Above = Signed ? Half : 2 * Half;
  const F Below = Signed ? -Half : (F)0;
  if (X != X)
    return sizeof(F) == 4 && Bits == 32 ? (I)0 : (I)(1ull << (Bits - 1));
  if (X >= Above)
    return Signed ? (I)((1ull << (Bits - 1)) - 1) : (I)-1;
  if (X <= Below)
    return Signed ? (I)(1ull << (Bits - 1)) : (I)0;
  return (I)X;
}
static __device__ inline int __float2int_rn(float X) {
  return __cuda_saturate<int>(__builtin_rintf(X));
}
static __device__ inline int __float2int_rz(float X) {
  return __cuda_saturate<int>(__builtin_truncf(X));
}
static __device__ inline int __float2int_ru(float X) {
  return __cuda_saturate<int>(__builtin_ceilf(X));
}
static __device__ inline int __float2int_rd(float X) {
  return __cuda_saturate<int>(__builtin_floorf(X));
}
static __device__ inline unsigned int __float2uint_rn(float X) {
  return __cuda_saturate<unsigned int>(__builtin_rintf(X));
}
static __device__ inline unsigned int __float2uint_rz(float X) {
  return __cuda_saturate<unsigned int>(__builtin_truncf(X));
}
static __device__ inline unsigned int __float2uint_ru(float X) {
  return __cuda_saturate<unsigned int>(__builtin_ceilf(X));
}
static __device__ inline unsigned int __float2uint_rd(float X) {
  return __cuda_saturate<unsigned int>(__builtin_floorf(X));
}
static __device__ inline long long __float2ll_rn(float X) {
  return __cuda_saturate<long long>(__builtin_rintf(X));
}
static __device__ inline long long __float2ll_rz(float X) {
  return __cuda_saturate<long long>(__builtin_truncf(X));
}
static __device__ inline long long __float2ll_ru(float X) {
  return __cuda_saturate<long long>(__builtin_ceilf(X));
}
static __device__ inline long long __float2ll_rd(float X) {
  return __cuda_saturate<long long>(__builtin_floorf(X));
}
static __device__ inline unsigned long long __float2ull_rn(float X) {
  return __cuda_saturate<unsigned long long>(__builtin_rintf(X));
}
static __device__ inline unsigned long long __float2ull_rz(float X) {
  return __cuda_saturate<unsigned long long>(__builtin_truncf(X));
}
static __device__ inline unsigned long long __float2ull_ru(float X) {
  return __cuda_saturate<unsigned long long>(__builtin_ceilf(X));
}
static __device__ inline unsigned long long __float2ull_rd(float X) {
  return __cuda_saturate<unsigned long long>(__builtin_floorf(X));
}
static __device__ inline int __double2int_rn(double X) {
  return __cuda_saturate<int>(__builtin_rint(X));
}
static __device__ inline int __double2int_rz(double X) {
  return __cuda_saturate<int>(__builtin_trunc(X));
}
static __device__ inline int __double2int_ru(double X) {
  return __cuda_saturate<int>(__builtin_ceil(X));
}
static __device__ inline int __double2int_rd(double X) {
  return __cuda_saturate<int>(__builtin_floor(X));
}
static __device__ inline unsigned int __double2uint_rn(double X) {
  return __cuda_saturate<unsigned int>(__builtin_rint(X));
}
static __device__ inline unsigned int __double2uint_rz(double X) {
  return __cuda_saturate<unsigned int>(__builtin_trunc(X));
}
static __device__ inline unsigned int __double2uint_ru(double X) {
  return __cuda_saturate<unsigned int>(__builtin_ceil(X));
}
static __device__ inline unsigned int __double2uint_rd(double X) {
  return __cuda_saturate<unsigned int>(__builtin_floor(X));
}
static __device__ inline long long __double2ll_rn(double X) {
  return __cuda_saturate<long long>(__builtin_rint(X));
}
static __device__ inline long long __double2ll_rz(double X) {
  return __cuda_saturate<long long>(__builtin_trunc(X));
}
static __device__ inline long long __double2ll_ru(double X) {
  return __cuda_saturate<long long>(__builtin_ceil(X));
}
static __device__ inline long long __double2ll_rd(double X) {
  return __cuda_saturate<long long>(__builtin_floor(X));
}
static __device__ inline unsigned long long __double2ull_rn(double X) {
  return __cuda_saturate<unsigned long long>(__builtin_rint(X));
}
static __device__ inline unsigned long long __double2ull_rz(double X) {
  return __cuda_saturate<unsigned long long>(__builtin_trunc(X));
}
static __device__ inline unsigned long long __double2ull_ru(double X) {
  return __cuda_saturate<unsigned long long>(__builtin_ceil(X));
}
static __device__ inline unsigned long long __double2ull_rd(double X) {
  return __cuda_saturate<unsigned long long>(__builtin_floor(X));
}
/* Integer to float, and double to float, rounded to nearest. */
static __device__ inline float __int2float_rn(int X) { return (float)X; }
static __device__ inline float __uint2float_rn(unsigned int X) {
  return (float)X;
}
static __device__ inline float __ll2float_rn(long long X) { return (float)X; }
static __device__ inline float __ull2float_rn(unsigned long long X) {
  return (float)X;
}
static __device__ inline double __int2double_rn(int X) { return (double)X; }
static __device__ inline double __uint2double_rn(unsigned int X) {
  return (double)X;
}
static __device__ inline double __ll2double_rn(long long X) {
  return (double)X;
}
static __device__ inline double __ull2double_rn(unsigned long long X) {
  return (double)X;
}
static __device__ inline float __double2float_rn(double X) { return (float)X; }

#endif // __CUDA__

#endif
