// dp4a_ptx.cu - PTX's dp4a and dp2a.lo/.hi in every sign combination (a
// and b each .s32 or .u32; CUDA's __dp4a has only the same-sign ones),
// written as inline PTX, as NVIDIA's headers write __dp4a, over the edge
// and hashed words of dp4a_intrinsics.cu with accumulators that wrap. One
// thread per pair of words (24 x 24, 9 blocks of 64); prints one line of 12
// hex words per thread: run with nvcc on an NVIDIA GPU, it gives the
// expected output.
#include <cstdio>

#define WORDS 24
#define RESULTS 12
#define THREADS 64

__device__ unsigned hashWord(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

__device__ unsigned inputWord(int i) {
  const unsigned edges[8] = {0u,          0xffffffffu, 0x80808080u,
                             0x7f7f7f7fu, 0x80007fffu, 0x7fff8000u,
                             0x017f80ffu, 0xff80017fu};
  return i < 8 ? edges[i] : hashWord(i * 2654435761u);
}

#define DOT(Name, Instruction)                                                 \
  __device__ unsigned Name(unsigned a, unsigned b, unsigned c) {               \
    unsigned d;                                                                \
    asm(Instruction " %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));    \
    return d;                                                                  \
  }
DOT(dp4aSS, "dp4a.s32.s32")
DOT(dp4aSU, "dp4a.s32.u32")
DOT(dp4aUS, "dp4a.u32.s32")
DOT(dp4aUU, "dp4a.u32.u32")
DOT(dp2aLoSS, "dp2a.lo.s32.s32")
DOT(dp2aLoSU, "dp2a.lo.s32.u32")
DOT(dp2aLoUS, "dp2a.lo.u32.s32")
DOT(dp2aLoUU, "dp2a.lo.u32.u32")
DOT(dp2aHiSS, "dp2a.hi.s32.s32")
DOT(dp2aHiSU, "dp2a.hi.s32.u32")
DOT(dp2aHiUS, "dp2a.hi.u32.s32")
DOT(dp2aHiUU, "dp2a.hi.u32.u32")

__global__ void dotProducts(unsigned *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int i = g / WORDS, j = g % WORDS;
  unsigned a = inputWord(i), b = inputWord(j);
  unsigned c = inputWord((i + j) % WORDS) ^ 0x7ffff000u;
  unsigned *o = out + g * RESULTS;
  o[0] = dp4aSS(a, b, c);
  o[1] = dp4aSU(a, b, c);
  o[2] = dp4aUS(a, b, c);
  o[3] = dp4aUU(a, b, c);
  o[4] = dp2aLoSS(a, b, c);
  o[5] = dp2aLoSU(a, b, c);
  o[6] = dp2aLoUS(a, b, c);
  o[7] = dp2aLoUU(a, b, c);
  o[8] = dp2aHiSS(a, b, c);
  o[9] = dp2aHiSU(a, b, c);
  o[10] = dp2aHiUS(a, b, c);
  o[11] = dp2aHiUU(a, b, c);
}

int main() {
  const int n = WORDS * WORDS * RESULTS;
  unsigned *d, *h = new unsigned[n];
  cudaMalloc(&d, n * sizeof(unsigned));
  dotProducts<<<WORDS * WORDS / THREADS, THREADS>>>(d);
  cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (int k = 0; k < n; k += RESULTS) {
    for (int r = 0; r < RESULTS; ++r)
      printf("%08x%c", h[k + r], r + 1 < RESULTS ? ' ' : '\n');
  }
  delete[] h;
  return 0;
}
