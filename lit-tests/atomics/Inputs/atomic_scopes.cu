// Every CUDA atomic in its device, _block and _system form, and
// cuda::atomic_ref of system and device scope, contended by all threads of
// a 2 x 64 grid (the _block forms by the 64 threads of a block, on the
// block's own words), each leaving a value fixed by the number of threads
// whatever their order (lit-tests/atomics/atomic-scopes.test derives them).
// 32 words per form: 0 device, 1 and 2 the blocks' _block, 3 _system, 4
// cuda::atomic_ref of system scope, 5 of device scope.
#include <cuda/atomic>

enum { Words = 32 };

struct Device {
  template <class T, class... V> static __device__ T add(T *A, V... X) {
    return atomicAdd(A, X...);
  }
  template <class T, class... V> static __device__ T sub(T *A, V... X) {
    return atomicSub(A, X...);
  }
  template <class T, class... V> static __device__ T exch(T *A, V... X) {
    return atomicExch(A, X...);
  }
  template <class T, class... V> static __device__ T min(T *A, V... X) {
    return atomicMin(A, X...);
  }
  template <class T, class... V> static __device__ T max(T *A, V... X) {
    return atomicMax(A, X...);
  }
  template <class T, class... V> static __device__ T and_(T *A, V... X) {
    return atomicAnd(A, X...);
  }
  template <class T, class... V> static __device__ T or_(T *A, V... X) {
    return atomicOr(A, X...);
  }
  template <class T, class... V> static __device__ T xor_(T *A, V... X) {
    return atomicXor(A, X...);
  }
  template <class T, class... V> static __device__ T cas(T *A, V... X) {
    return atomicCAS(A, X...);
  }
  template <class T, class... V> static __device__ T inc(T *A, V... X) {
    return atomicInc(A, X...);
  }
  template <class T, class... V> static __device__ T dec(T *A, V... X) {
    return atomicDec(A, X...);
  }
};
struct Block {
  template <class T, class... V> static __device__ T add(T *A, V... X) {
    return atomicAdd_block(A, X...);
  }
  template <class T, class... V> static __device__ T sub(T *A, V... X) {
    return atomicSub_block(A, X...);
  }
  template <class T, class... V> static __device__ T exch(T *A, V... X) {
    return atomicExch_block(A, X...);
  }
  template <class T, class... V> static __device__ T min(T *A, V... X) {
    return atomicMin_block(A, X...);
  }
  template <class T, class... V> static __device__ T max(T *A, V... X) {
    return atomicMax_block(A, X...);
  }
  template <class T, class... V> static __device__ T and_(T *A, V... X) {
    return atomicAnd_block(A, X...);
  }
  template <class T, class... V> static __device__ T or_(T *A, V... X) {
    return atomicOr_block(A, X...);
  }
  template <class T, class... V> static __device__ T xor_(T *A, V... X) {
    return atomicXor_block(A, X...);
  }
  template <class T, class... V> static __device__ T cas(T *A, V... X) {
    return atomicCAS_block(A, X...);
  }
  template <class T, class... V> static __device__ T inc(T *A, V... X) {
    return atomicInc_block(A, X...);
  }
  template <class T, class... V> static __device__ T dec(T *A, V... X) {
    return atomicDec_block(A, X...);
  }
};
struct System {
  template <class T, class... V> static __device__ T add(T *A, V... X) {
    return atomicAdd_system(A, X...);
  }
  template <class T, class... V> static __device__ T sub(T *A, V... X) {
    return atomicSub_system(A, X...);
  }
  template <class T, class... V> static __device__ T exch(T *A, V... X) {
    return atomicExch_system(A, X...);
  }
  template <class T, class... V> static __device__ T min(T *A, V... X) {
    return atomicMin_system(A, X...);
  }
  template <class T, class... V> static __device__ T max(T *A, V... X) {
    return atomicMax_system(A, X...);
  }
  template <class T, class... V> static __device__ T and_(T *A, V... X) {
    return atomicAnd_system(A, X...);
  }
  template <class T, class... V> static __device__ T or_(T *A, V... X) {
    return atomicOr_system(A, X...);
  }
  template <class T, class... V> static __device__ T xor_(T *A, V... X) {
    return atomicXor_system(A, X...);
  }
  template <class T, class... V> static __device__ T cas(T *A, V... X) {
    return atomicCAS_system(A, X...);
  }
  template <class T, class... V> static __device__ T inc(T *A, V... X) {
    return atomicInc_system(A, X...);
  }
  template <class T, class... V> static __device__ T dec(T *A, V... X) {
    return atomicDec_system(A, X...);
  }
};

/* The initial values: 0, except the min and and words and the halfword
 * beside the 16-bit compare-and-swap. */
__global__ void init(unsigned *W) {
  unsigned *F = W + (blockIdx.x * blockDim.x + threadIdx.x) * Words;
  if (blockIdx.x * blockDim.x + threadIdx.x >= 6)
    return;
  for (int K = 0; K < Words; ++K)
    F[K] = 0;
  F[4] = 0xffffffffu;                // unsigned min
  F[6] = F[7] = 0xffffffffu;         // unsigned long long min
  F[12] = 0xffffffffu;               // and
  F[17] = 0xbeef0000u;               // above the 16-bit compare-and-swap
}

/* Thread Tid of T on the form's words F. */
template <class S> __device__ void contend(unsigned *F, unsigned Tid) {
  int *I = (int *)F;
  S::add(I + 0, 1);                                  // T
  S::sub(I + 1, 2);                                  // -2T
  atomicAdd(F + 2, S::exch(F + 3, Tid + 1));         // F2 + F3 = T(T+1)/2
  S::min(F + 4, Tid + 5);                            // 5
  S::max(F + 5, 0x80000000u + Tid);                  // 0x80000000 + T-1
  S::min((unsigned long long *)(F + 6), (1ull << 63) + Tid); // 2^63
  S::max((unsigned long long *)(F + 8), (1ull << 63) + Tid); // 2^63 + T-1
  S::min(I + 10, (int)Tid - 100);                    // -100
  S::max(I + 11, (int)Tid);                          // T-1
  S::and_(F + 12, ~(1u << (Tid % 32)));              // 0
  S::or_(F + 13, 1u << (Tid % 32));                  // 0xffffffff
  S::xor_(F + 14, Tid + 1);                          // 1 ^ 2 ^ ... ^ T
  for (unsigned Old = F[15], Seen;                   // T, by CAS
       (Seen = S::cas(F + 15, Old, Old + 1)) != Old; Old = Seen)
    ;
  unsigned short *H = (unsigned short *)(F + 17);    // T, 0xbeef above
  for (unsigned short Old = *H, Seen;
       (Seen = S::cas(H, Old, (unsigned short)(Old + 1))) != Old; Old = Seen)
    ;
  S::inc(F + 18, 9u);                                // T mod 10
  S::dec(F + 19, 1000u);                             // 1001 - T
  S::add((float *)(F + 20), 1.0f);                   // T
  S::add((double *)(F + 22), 0.5);                   // T / 2
  S::add((unsigned long long *)(F + 24), 1ull << 32); // T << 32
  atomicAdd((float *)(F + 26), S::exch((float *)(F + 27), (float)Tid + 1));
  S::add((long long *)(F + 28), -1ll);               // -T
}

template <cuda::thread_scope Scope>
__device__ void contendLibcu(unsigned *F, unsigned Tid) {
  using namespace cuda;
  atomic_ref<int, Scope>(*(int *)&F[0]).fetch_add(1);             // T
  atomic_ref<int, Scope>(*(int *)&F[1]).fetch_sub(2);             // -2T
  atomicAdd(F + 2, atomic_ref<unsigned, Scope>(F[3]).exchange(Tid + 1));
  atomic_ref<unsigned, Scope>(F[4]).fetch_min(Tid + 5);           // 5
  atomic_ref<unsigned, Scope>(F[5]).fetch_max(0x80000000u + Tid);
  atomic_ref<unsigned, Scope>(F[12]).fetch_and(~(1u << (Tid % 32)));
  atomic_ref<unsigned, Scope>(F[13]).fetch_or(1u << (Tid % 32));
  atomic_ref<unsigned, Scope>(F[14]).fetch_xor(Tid + 1, memory_order_relaxed);
  atomic_ref<unsigned, Scope> C(F[15]);
  unsigned Old = C.load(memory_order_relaxed);
  while (!C.compare_exchange_weak(Old, Old + 1, memory_order_acq_rel))
    ;
  atomic_ref<char, Scope> Byte(*((char *)&F[16] + 1));            // 1 byte
  char Expected = 0;
  if (Byte.compare_exchange_strong(Expected, 7))
    atomicAdd(F + 16, 1u << 16);                   // one winner: 0x10700
  atomic_ref<float, Scope>(*(float *)&F[20]).fetch_add(1.0f);     // T
  atomic_ref<double, Scope>(*(double *)&F[22]).fetch_add(0.5);    // T / 2
  atomic_ref<unsigned long long, Scope>(*(unsigned long long *)&F[24])
      .fetch_add(1ull << 32, memory_order_release);               // T << 32
  int **P = (int **)&F[28];
  atomic_ref<int *, Scope>(*P).fetch_add(1);                      // 4T bytes
}

__global__ void atomic_scopes(unsigned *W) {
  unsigned Tid = blockIdx.x * blockDim.x + threadIdx.x;
  contend<Device>(W, Tid);
  contend<Block>(W + (1 + blockIdx.x) * Words, threadIdx.x);
  contend<System>(W + 3 * Words, Tid);
  contendLibcu<cuda::thread_scope_system>(W + 4 * Words, Tid);
  contendLibcu<cuda::thread_scope_device>(W + 5 * Words, Tid);
}

#include <cstdio>

int main() {
  unsigned *W;
  cudaMalloc(&W, 6 * Words * sizeof(unsigned));
  init<<<1, 6>>>(W);
  atomic_scopes<<<2, 64>>>(W);
  unsigned Host[6 * Words];
  cudaMemcpy(Host, W, sizeof(Host), cudaMemcpyDeviceToHost);
  for (int Form = 0; Form < 6; ++Form) {
    /* An exchange's olds and the last value: the values 0, 1 ... T once. */
    unsigned *F = Host + Form * Words;
    float Sum = *(float *)&F[26] + *(float *)&F[27];
    F[2] += F[3];
    F[3] = 0;
    *(float *)&F[26] = Sum;
    F[27] = 0;
    printf("form %d:", Form);
    for (int K = 0; K < Words; ++K)
      printf(" %x", Host[Form * Words + K]);
    printf("\n");
  }
  return 0;
}
