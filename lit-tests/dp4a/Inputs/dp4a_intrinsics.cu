// dp4a_intrinsics.cu - CUDA's packed integer dot products, __dp4a and
// __dp2a_lo/__dp2a_hi, in every overload (int, unsigned, char4/uchar4,
// short2/ushort2), over edge words (0, -1, 0x80 and 0x7f bytes and halves)
// and hashed ones, with accumulators that wrap. Prints one hex word per
// result: run with nvcc on an NVIDIA GPU, it gives the expected output.
#include <cstdio>

#define WORDS 24
#define RESULTS 12

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

template <class T> __device__ T as(unsigned x) { return *(T *)&x; }

__global__ void dotProducts(unsigned *out) {
  int i = blockIdx.x, j = threadIdx.x;
  unsigned a = inputWord(i), b = inputWord(j);
  unsigned c = inputWord((i + j) % WORDS) ^ 0x7ffff000u;
  unsigned *o = out + (i * WORDS + j) * RESULTS;
  o[0] = (unsigned)__dp4a((int)a, (int)b, (int)c);
  o[1] = __dp4a(a, b, c);
  o[2] = (unsigned)__dp4a(as<char4>(a), as<char4>(b), (int)c);
  o[3] = __dp4a(as<uchar4>(a), as<uchar4>(b), c);
  o[4] = (unsigned)__dp2a_lo((int)a, (int)b, (int)c);
  o[5] = __dp2a_lo(a, b, c);
  o[6] = (unsigned)__dp2a_lo(as<short2>(a), as<char4>(b), (int)c);
  o[7] = __dp2a_lo(as<ushort2>(a), as<uchar4>(b), c);
  o[8] = (unsigned)__dp2a_hi((int)a, (int)b, (int)c);
  o[9] = __dp2a_hi(a, b, c);
  o[10] = (unsigned)__dp2a_hi(as<short2>(a), as<char4>(b), (int)c);
  o[11] = __dp2a_hi(as<ushort2>(a), as<uchar4>(b), c);
#ifdef PLANTED
  if (i == 3 && j == 2) // the planted run: one unsigned dp2a.hi off by one
    o[9] += 1;
#endif
}

int main() {
  const int n = WORDS * WORDS * RESULTS;
  unsigned *d, *h = new unsigned[n];
  cudaMalloc(&d, n * sizeof(unsigned));
  dotProducts<<<WORDS, WORDS>>>(d);
  cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (int k = 0; k < n; k += RESULTS) {
    for (int r = 0; r < RESULTS; ++r)
      printf("%08x%c", h[k + r], r + 1 < RESULTS ? ' ' : '\n');
  }
  delete[] h;
  return 0;
}
