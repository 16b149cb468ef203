// libcudacxx.cu - the libcu++ subsets that CUDA code uses with cooperative
// groups: cuda::atomic and cuda::atomic_ref (global and shared memory,
// integer, float and 64-bit, fetch_add/sub/and/or/xor/min/max, exchange,
// compare-exchange loops, the operators), cuda::barrier<thread_scope_block>
// (init, arrive_and_wait over phases that pass values between threads,
// arrive/wait with a token, a completion function, arrive_and_drop),
// cuda::memcpy_async with a barrier (block and per thread), and
// cuda::pipeline (a block's double-buffered pipeline, one split into
// producer and consumer threads, and a thread's own). Every printed value
// is deterministic (no value depends on the order of atomics); the
// program prints a hash and the first values of each result and checks
// them against a host reference where one is simple (PASS/FAIL). Written
// for nvcc; built unchanged by cucc.
#include <cooperative_groups.h>
#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/atomic>
#include <cuda/std/utility>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

// libcu++'s objects in __shared__ memory, as its documentation shows them.
#pragma nv_diag_suppress static_var_with_dynamic_init

enum { Threads = 128, Blocks = 3, Chunk = 256, Chunks = 6 };

__device__ unsigned mix(unsigned X) {
  X ^= X >> 16;
  X *= 0x7feb352dU;
  X ^= X >> 15;
  X *= 0x846ca68bU;
  X ^= X >> 16;
  return X;
}

struct Totals {
  int Count;
  unsigned Bits, Max, Min, Xor;
  float FloatSum;
  unsigned long long Wide;
  int CasMax;
  int Shared[Blocks];
  int Sub;
};

__global__ void atomicsKernel(Totals *T, unsigned *Ref) {
  unsigned Id = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned V = mix(Id + 17);
  cuda::atomic_ref<int, cuda::thread_scope_device> Count(T->Count);
  Count.fetch_add(1, cuda::memory_order_relaxed);
  ++Count;
  Count += 3;
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> Bits(T->Bits);
  Bits.fetch_or(1u << (V % 32));
  cuda::atomic_ref<unsigned> Max(T->Max), Min(T->Min), Xor(T->Xor);
  Max.fetch_max(V);
  Min.fetch_min(V);
  Xor.fetch_xor(V);
  Xor ^= V >> 7;
  cuda::atomic_ref<float, cuda::thread_scope_device> Sum(T->FloatSum);
  Sum.fetch_add((float)(V % 64));
  cuda::atomic_ref<unsigned long long> Wide(T->Wide);
  Wide.fetch_add((unsigned long long)V << 8);
  cuda::std::atomic_ref<int> Cas(T->CasMax);
  int Want = (int)(V % 100000), Seen = Cas.load();
  while (Seen < Want && !Cas.compare_exchange_weak(Seen, Want))
    ;
  cuda::atomic_ref<int> Sub(T->Sub);
  Sub -= 2;
  Sub.fetch_sub(1);
  __shared__ int LocalCount;
  cuda::atomic_ref<int, cuda::thread_scope_block> Local(LocalCount);
  if (threadIdx.x == 0)
    Local.store(0, cuda::memory_order_relaxed);
  __syncthreads();
  Local.fetch_add((int)(V % 7), cuda::memory_order_relaxed);
  __syncthreads();
  if (threadIdx.x == 0)
    T->Shared[blockIdx.x] = Local.load();
  // exchange: the value is each thread's own, whatever the order.
  cuda::atomic_ref<unsigned> Own(Ref[Id]);
  unsigned Old = Own.exchange(V);
  Own.store(Old ^ Own.load(cuda::memory_order_acquire));
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst,
                            cuda::thread_scope_device);
}

struct CountPhases {
  int *Counter;
  __device__ void operator()() const { ++*Counter; }
};

// Values passed between threads through shared memory, phase by phase.
__global__ void barrierKernel(unsigned *Out, const unsigned *In) {
  __shared__ cuda::barrier<cuda::thread_scope_block> Bar;
  __shared__ cuda::barrier<cuda::thread_scope_block, CountPhases> Counted;
  __shared__ unsigned Buf[2][Threads];
  __shared__ int Phases;
  __shared__ unsigned Tok[Threads];
  __shared__ alignas(16) unsigned Copy[Threads * 2];
  cg::thread_block Block = cg::this_thread_block();
  unsigned T = threadIdx.x;
  if (T == 0) {
    init(&Bar, blockDim.x);
    Phases = 0;
    init(&Counted, blockDim.x, CountPhases{&Phases});
  }
  __syncthreads();
  unsigned V = mix(blockIdx.x * 1000 + T);
  for (int P = 0; P < 5; ++P) {
    Buf[P & 1][T] = V;
    Bar.arrive_and_wait();
    V = V * 31 + Buf[P & 1][(T + 1 + P) % Threads] + (Buf[P & 1][(T * 5) % Threads] >> 3);
  }
  Out[blockIdx.x * Threads * 8 + T] = V;
  // arrive, independent work, then wait with the token.
  Tok[T] = V ^ 0xabcdef;
  auto Token = Counted.arrive();
  unsigned Local = mix(V);
  Counted.wait(cuda::std::move(Token));
  Out[blockIdx.x * Threads * 8 + Threads + T] = Local + Tok[(T + 3) % Threads];
  Counted.arrive_and_wait();
  // half the threads drop out; the rest go on for two more phases.
  if (T % 2)
    Counted.arrive_and_drop();
  else {
    for (int P = 0; P < 2; ++P) {
      Buf[1][T] = V + P;
      Counted.arrive_and_wait();
      V ^= Buf[1][(T + 2) % Threads];
      Counted.arrive_and_wait();
    }
  }
  __syncthreads();
  Out[blockIdx.x * Threads * 8 + 2 * Threads + T] = V;
  if (T == 0)
    Out[blockIdx.x * Threads * 8 + 3 * Threads] = Phases;
  // memcpy_async with the barrier: the block copies, then each thread.
  cuda::memcpy_async(Block, Copy, In + blockIdx.x * Threads * 2,
                     sizeof(unsigned) * Threads * 2, Bar);
  Bar.arrive_and_wait();
  Out[blockIdx.x * Threads * 8 + 4 * Threads + T] =
      Copy[(T * 7) % (Threads * 2)] + Copy[Threads * 2 - 1 - T];
  Bar.arrive_and_wait();
  cuda::memcpy_async(Copy + T * 2, In + ((T * 2 + 64) % (Threads * 2)),
                     cuda::aligned_size_t<8>(8), Bar);
  Bar.arrive_and_wait();
  Out[blockIdx.x * Threads * 8 + 5 * Threads + T] =
      Copy[(T * 2 + 9) % (Threads * 2)];
}

// A double-buffered block pipeline: stage i + 1 is copied while stage i is
// summed.
__global__ void pipelineKernel(unsigned *Out, const unsigned *In) {
  cg::thread_block Block = cg::this_thread_block();
  __shared__ unsigned Stage[2][Chunk];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> State;
  auto Pipe = cuda::make_pipeline(Block, &State);
  const unsigned *Src = In + blockIdx.x * Chunk * Chunks;
  unsigned Acc = 0;
  Pipe.producer_acquire();
  cuda::memcpy_async(Block, Stage[0], Src, sizeof(unsigned) * Chunk, Pipe);
  Pipe.producer_commit();
  for (int C = 0; C < Chunks; ++C) {
    if (C + 1 < Chunks) {
      Pipe.producer_acquire();
      cuda::memcpy_async(Block, Stage[(C + 1) & 1], Src + (C + 1) * Chunk,
                         sizeof(unsigned) * Chunk, Pipe);
      Pipe.producer_commit();
    }
    Pipe.consumer_wait();
    for (int K = 0; K < 4; ++K)
      Acc = Acc * 3 + Stage[C & 1][(threadIdx.x * 4 + K * 7 + C) % Chunk];
    Pipe.consumer_release();
  }
  Out[blockIdx.x * Threads + threadIdx.x] = Acc;
}

// Warp 0 produces, the other warps consume.
__global__ void splitPipelineKernel(unsigned *Out, const unsigned *In) {
  cg::thread_block Block = cg::this_thread_block();
  __shared__ unsigned Stage[2][Chunk];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> State;
  auto Pipe = cuda::make_pipeline(Block, &State, 32);
  const unsigned *Src = In + blockIdx.x * Chunk * Chunks;
  unsigned T = threadIdx.x;
  unsigned Acc = 0;
  for (int C = 0; C < Chunks; ++C) {
    if (T < 32) {
      Pipe.producer_acquire();
      cuda::memcpy_async(Stage[C & 1] + T * (Chunk / 32),
                         Src + C * Chunk + T * (Chunk / 32),
                         sizeof(unsigned) * (Chunk / 32), Pipe);
      Pipe.producer_commit();
    } else {
      Pipe.consumer_wait();
      for (int K = 0; K < 3; ++K)
        Acc = Acc * 5 + Stage[C & 1][(T * 3 + K * 11 + C) % Chunk];
      Pipe.consumer_release();
    }
  }
  Out[blockIdx.x * Threads + T] = Acc;
}

// Each thread's own pipeline.
__global__ void threadPipelineKernel(unsigned *Out, const unsigned *In) {
  __shared__ unsigned Mine[Threads][4];
  auto Pipe = cuda::make_pipeline();
  unsigned T = threadIdx.x, Acc = 0;
  for (int C = 0; C < 3; ++C) {
    Pipe.producer_acquire();
    cuda::memcpy_async(Mine[T], In + ((T + C * 40) % Threads) * 4,
                       sizeof(unsigned) * 4, Pipe);
    Pipe.producer_commit();
    cuda::pipeline_consumer_wait_prior<0>(Pipe);
    Acc = Acc * 7 + Mine[T][C] + Mine[T][3 - C];
    Pipe.consumer_release();
  }
  Out[blockIdx.x * Threads + T] = Acc;
}

static unsigned hashWords(const unsigned *W, size_t N) {
  unsigned H = 2166136261u;
  for (size_t I = 0; I < N; ++I) {
    H ^= W[I];
    H *= 16777619u;
  }
  return H;
}

static void show(const char *Name, const std::vector<unsigned> &W) {
  printf("%-28s %08x  %u %u %u %u\n", Name, hashWords(W.data(), W.size()),
         W[0], W[1], W[W.size() / 2], W.back());
}

template <typename T> static std::vector<T> fromDevice(const T *D, size_t N) {
  std::vector<T> H(N);
  cudaMemcpy(H.data(), D, N * sizeof(T), cudaMemcpyDeviceToHost);
  return H;
}

int main() {
  bool Ok = true;
  // Atomics.
  Totals Init = {};
  Init.Min = 0xffffffffu;
  Init.CasMax = -1;
  Totals *DT;
  unsigned *DRef;
  cudaMalloc(&DT, sizeof(Totals));
  cudaMalloc(&DRef, Blocks * Threads * sizeof(unsigned));
  cudaMemcpy(DT, &Init, sizeof(Totals), cudaMemcpyHostToDevice);
  cudaMemset(DRef, 0, Blocks * Threads * sizeof(unsigned));
  atomicsKernel<<<Blocks, Threads>>>(DT, DRef);
  printf("atomics: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  Totals H;
  cudaMemcpy(&H, DT, sizeof(Totals), cudaMemcpyDeviceToHost);
  printf("  count %d bits %08x max %08x min %08x xor %08x fsum %.1f wide %llx "
         "casmax %d sub %d shared %d %d %d\n",
         H.Count, H.Bits, H.Max, H.Min, H.Xor, H.FloatSum, H.Wide, H.CasMax,
         H.Sub, H.Shared[0], H.Shared[1], H.Shared[2]);
  show("  exchange", fromDevice(DRef, Blocks * Threads));
  Ok &= H.Count == 5 * Blocks * Threads && H.Sub == -3 * Blocks * Threads;

  std::vector<unsigned> In(Blocks * Chunk * Chunks);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = (unsigned)(I * 2654435761u) >> 5;
  unsigned *DIn, *DOut;
  cudaMalloc(&DIn, In.size() * sizeof(unsigned));
  cudaMalloc(&DOut, Blocks * Threads * 8 * sizeof(unsigned));
  cudaMemcpy(DIn, In.data(), In.size() * sizeof(unsigned),
             cudaMemcpyHostToDevice);

  cudaMemset(DOut, 0, Blocks * Threads * 8 * sizeof(unsigned));
  barrierKernel<<<Blocks, Threads>>>(DOut, DIn);
  printf("barrier: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  std::vector<unsigned> B = fromDevice(DOut, Blocks * Threads * 8);
  static const char *const Parts[] = {"  phases", "  token", "  drop",
                                      "  completions", "  memcpy(block)",
                                      "  memcpy(thread)"};
  for (int P = 0; P < 6; ++P) {
    std::vector<unsigned> Part;
    for (int Bl = 0; Bl < Blocks; ++Bl)
      Part.insert(Part.end(), B.begin() + Bl * Threads * 8 + P * Threads,
                  B.begin() + Bl * Threads * 8 + (P + 1) * Threads);
    show(Parts[P], Part);
  }
  // Phases completed: token, arrive_and_wait, then four with the drops.
  Ok &= B[3 * Threads] == 6;
  // memcpy(block): a host reference.
  for (int Bl = 0; Bl < Blocks; ++Bl)
    for (int T = 0; T < Threads; ++T) {
      const unsigned *C = &In[Bl * Threads * 2];
      Ok &= B[Bl * Threads * 8 + 4 * Threads + T] ==
            C[(T * 7) % (Threads * 2)] + C[Threads * 2 - 1 - T];
    }

  const struct {
    const char *Name;
    void (*Kernel)(unsigned *, const unsigned *);
  } Pipes[] = {{"pipeline(block)", pipelineKernel},
               {"pipeline(split)", splitPipelineKernel},
               {"pipeline(thread)", threadPipelineKernel}};
  for (const auto &P : Pipes) {
    cudaMemset(DOut, 0, Blocks * Threads * sizeof(unsigned));
    P.Kernel<<<Blocks, Threads>>>(DOut, DIn);
    printf("%s: %s\n", P.Name, cudaGetErrorString(cudaDeviceSynchronize()));
    show("  result", fromDevice(DOut, Blocks * Threads));
  }
  printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
