// retire_count.cu - the retirement counter of CUDA's threadFenceReduction
// sample and of the programming guide's __threadfence() example, in an
// ordinary launch: each block writes its partial sum (through a volatile
// pointer), fences, and takes a ticket from an atomic counter; the block
// that draws the last ticket sums every partial. Also a persistent-threads
// kernel whose blocks take work items from an atomic queue until it is
// empty, and a block that spins (no __nanosleep) until every other block
// has checked in. Self-checking against the host.
#include <cstdio>

__device__ unsigned Retired;

__global__ void sumKernel(const float *In, unsigned N, volatile float *Partial,
                          float *Total) {
  __shared__ float Sums[256];
  __shared__ bool IsLast;
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  Sums[threadIdx.x] = I < N ? In[I] : 0.0f;
  __syncthreads();
  for (unsigned Stride = blockDim.x / 2; Stride; Stride /= 2) {
    if (threadIdx.x < Stride)
      Sums[threadIdx.x] += Sums[threadIdx.x + Stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    Partial[blockIdx.x] = Sums[0];
    __threadfence();
    unsigned Ticket = atomicInc(&Retired, gridDim.x);
#ifdef PLANT_EARLY_LAST
    IsLast = Ticket == gridDim.x - 2;
#else
    IsLast = Ticket == gridDim.x - 1;
#endif
  }
  __syncthreads();
  if (IsLast && threadIdx.x == 0) {
    float All = 0;
    for (unsigned B = 0; B < gridDim.x; ++B)
      All += Partial[B];
    *Total = All;
    Retired = 0;
  }
}

__global__ void persistentKernel(unsigned *Next, unsigned Items,
                                 unsigned *Out) {
  __shared__ unsigned Item;
  for (;;) {
    if (threadIdx.x == 0)
      Item = atomicAdd(Next, 1);
    __syncthreads();
    if (Item >= Items)
      return;
    Out[Item * blockDim.x + threadIdx.x] = Item * 3 + threadIdx.x;
    __syncthreads();
  }
}

// Block 0 waits, without __nanosleep, until all the others have arrived.
__global__ void checkInKernel(volatile unsigned *Arrived, unsigned *Saw) {
  if (threadIdx.x == 0) {
    if (blockIdx.x == 0) {
      while (*Arrived != gridDim.x - 1)
        ;
      *Saw = *Arrived;
    } else {
      atomicAdd((unsigned *)Arrived, 1);
    }
  }
}

int main() {
  const unsigned N = 64 * 256;
  float *In, *Partial, *Total;
  cudaMallocManaged(&In, N * sizeof(float));
  cudaMallocManaged(&Partial, 64 * sizeof(float));
  cudaMallocManaged(&Total, sizeof(float));
  for (unsigned I = 0; I < N; ++I)
    In[I] = (float)(I % 7);
  float Expected = 0;
  for (unsigned I = 0; I < N; ++I)
    Expected += In[I];
  bool Ok = true;
  for (int Repeat = 0; Repeat < 3; ++Repeat) {
    *Total = -1;
    sumKernel<<<64, 256>>>(In, N, Partial, Total);
    cudaError_t E = cudaDeviceSynchronize();
    printf("retirement counter: %s, total %.0f, expected %.0f\n",
           cudaGetErrorName(E), *Total, Expected);
    Ok &= E == cudaSuccess && *Total == Expected;
  }

  const unsigned Items = 1000, Threads = 64;
  unsigned *Next, *Out;
  cudaMallocManaged(&Next, sizeof(unsigned));
  cudaMallocManaged(&Out, Items * Threads * sizeof(unsigned));
  *Next = 0;
  persistentKernel<<<6, Threads>>>(Next, Items, Out);
  cudaError_t E = cudaDeviceSynchronize();
  unsigned Right = 0;
  for (unsigned I = 0; I < Items * Threads; ++I)
    Right += Out[I] == I / Threads * 3 + I % Threads;
  printf("persistent threads: %s, %u of %u items right\n",
         cudaGetErrorName(E), Right, Items * Threads);
  Ok &= E == cudaSuccess && Right == Items * Threads;

  unsigned *Arrived, *Saw;
  cudaMallocManaged(&Arrived, sizeof(unsigned));
  cudaMallocManaged(&Saw, sizeof(unsigned));
  *Arrived = 0;
  *Saw = 0;
  checkInKernel<<<12, 32>>>(Arrived, Saw);
  E = cudaDeviceSynchronize();
  printf("check-in spin: %s, block 0 saw %u of 11\n", cudaGetErrorName(E),
         *Saw);
  Ok &= E == cudaSuccess && *Saw == 11;
  printf("%s\n", Ok ? "PASS" : "FAIL");
  return Ok ? 0 : 1;
}
