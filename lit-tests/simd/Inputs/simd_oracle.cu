// simd_oracle.cu - Every SIMD-within-a-word intrinsic (__vadd4, __vmaxs2,
// __vcmpgtu4, __vsads2 ...) and every DPX function (__vimax3_s32,
// __viaddmin_s16x2_relu, __vibmax_u32 ...) of the CUDA Math API, on device,
// and the DPX functions' host forms, over 735,488 operand triples: all
// pairs of 344 edge words (bytes and halfwords 0, 1, 0x7f, 0x80, 0xff,
// 0x7fff, 0x8000, 0xffff ... repeated or mixed in a word), each with four
// third operands from the same words, and 262,144 hashed triples. Prints
// one 64-bit hash of each function's results (and of the predicates the
// __vib* functions set), then the same for the host forms. Built by nvcc
// and run on an NVIDIA GPU, it gives the expected output.
//
// `simd_oracle --detail` prints each function's results for all pairs of
// the first 24 edge words instead, to find which lanes differ.
// -D PLANTED flips one bit of __vavgs4's result for one operand pair.
#include <cstdio>
#include <cstring>

#define THREADS 4096
#define BLOCK 128
#define EDGE_WORDS 344
#define THIRDS 4
#define EDGE_CASES (EDGE_WORDS * EDGE_WORDS * THIRDS)
#define RANDOM_CASES 262144
#define CASES (EDGE_CASES + RANDOM_CASES)
#define DETAIL_WORDS 24

static const char *const SimdNames[] = {
    "__vabs2",      "__vabs4",      "__vabsdiffs2", "__vabsdiffs4",
    "__vabsdiffu2", "__vabsdiffu4", "__vabsss2",    "__vabsss4",
    "__vadd2",      "__vadd4",      "__vaddss2",    "__vaddss4",
    "__vaddus2",    "__vaddus4",    "__vavgs2",     "__vavgs4",
    "__vavgu2",     "__vavgu4",     "__vcmpeq2",    "__vcmpeq4",
    "__vcmpges2",   "__vcmpges4",   "__vcmpgeu2",   "__vcmpgeu4",
    "__vcmpgts2",   "__vcmpgts4",   "__vcmpgtu2",   "__vcmpgtu4",
    "__vcmples2",   "__vcmples4",   "__vcmpleu2",   "__vcmpleu4",
    "__vcmplts2",   "__vcmplts4",   "__vcmpltu2",   "__vcmpltu4",
    "__vcmpne2",    "__vcmpne4",    "__vhaddu2",    "__vhaddu4",
    "__vmaxs2",     "__vmaxs4",     "__vmaxu2",     "__vmaxu4",
    "__vmins2",     "__vmins4",     "__vminu2",     "__vminu4",
    "__vneg2",      "__vneg4",      "__vnegss2",    "__vnegss4",
    "__vsads2",     "__vsads4",     "__vsadu2",     "__vsadu4",
    "__vseteq2",    "__vseteq4",    "__vsetges2",   "__vsetges4",
    "__vsetgeu2",   "__vsetgeu4",   "__vsetgts2",   "__vsetgts4",
    "__vsetgtu2",   "__vsetgtu4",   "__vsetles2",   "__vsetles4",
    "__vsetleu2",   "__vsetleu4",   "__vsetlts2",   "__vsetlts4",
    "__vsetltu2",   "__vsetltu4",   "__vsetne2",    "__vsetne4",
    "__vsub2",      "__vsub4",      "__vsubss2",    "__vsubss4",
    "__vsubus2",    "__vsubus4"};

static const char *const DpxNames[] = {
    "__vimax3_s32",        "__vimax3_s32_relu",   "__vimax3_u32",
    "__vimax3_s16x2",      "__vimax3_s16x2_relu", "__vimax3_u16x2",
    "__vimin3_s32",        "__vimin3_s32_relu",   "__vimin3_u32",
    "__vimin3_s16x2",      "__vimin3_s16x2_relu", "__vimin3_u16x2",
    "__vimax_s32_relu",    "__vimax_s16x2_relu",  "__vimin_s32_relu",
    "__vimin_s16x2_relu",  "__viaddmax_s32",      "__viaddmax_s32_relu",
    "__viaddmax_u32",      "__viaddmax_s16x2",    "__viaddmax_s16x2_relu",
    "__viaddmax_u16x2",    "__viaddmin_s32",      "__viaddmin_s32_relu",
    "__viaddmin_u32",      "__viaddmin_s16x2",    "__viaddmin_s16x2_relu",
    "__viaddmin_u16x2",    "__vibmax_s32",        "__vibmax_s32.pred",
    "__vibmax_u32",        "__vibmax_u32.pred",   "__vibmax_s16x2",
    "__vibmax_s16x2.pred", "__vibmax_u16x2",      "__vibmax_u16x2.pred",
    "__vibmin_s32",        "__vibmin_s32.pred",   "__vibmin_u32",
    "__vibmin_u32.pred",   "__vibmin_s16x2",      "__vibmin_s16x2.pred",
    "__vibmin_u16x2",      "__vibmin_u16x2.pred"};

#define SIMD_RESULTS ((int)(sizeof(SimdNames) / sizeof(SimdNames[0])))
#define DPX_RESULTS ((int)(sizeof(DpxNames) / sizeof(DpxNames[0])))
#define RESULTS (SIMD_RESULTS + DPX_RESULTS)

__host__ __device__ unsigned hashWord(unsigned x) {
  x ^= x >> 16;
  x *= 0x7feb352dU;
  x ^= x >> 15;
  x *= 0x846ca68bU;
  x ^= x >> 16;
  return x;
}

// Words of edge bytes repeated (8), of edge halfwords repeated (16), every
// pair of edge halfwords (256), and edge bytes mixed (64).
__host__ __device__ unsigned edgeWord(int i) {
  const unsigned char bytes[8] = {0x00, 0x01, 0x7f, 0x80,
                                  0x81, 0xfe, 0xff, 0x40};
  const unsigned short halves[16] = {
      0x0000, 0x0001, 0x007f, 0x0080, 0x00ff, 0x0100, 0x7ffe, 0x7fff,
      0x8000, 0x8001, 0xff7f, 0xff80, 0xfffe, 0xffff, 0x4000, 0xc000};
  if (i < 8)
    return bytes[i] * 0x01010101u;
  if (i < 24)
    return halves[i - 8] * 0x00010001u;
  if (i < 280)
    return (unsigned)halves[(i - 24) >> 4] << 16 | halves[(i - 24) & 15];
  int k = i - 280;
  return bytes[k & 7] | bytes[(k >> 3) & 7] << 8 |
         bytes[(k * 3 + 1) & 7] << 16 | (unsigned)bytes[(k * 5 + 2) & 7] << 24;
}

__host__ __device__ void operands(int n, unsigned *a, unsigned *b,
                                  unsigned *c) {
  if (n < EDGE_CASES) {
    int i = n / (EDGE_WORDS * THIRDS), j = n / THIRDS % EDGE_WORDS;
    int k = n % THIRDS;
    *a = edgeWord(i);
    *b = edgeWord(j);
    *c = edgeWord((i * 7 + j * 3 + k * 89) % EDGE_WORDS);
    return;
  }
  unsigned s = (unsigned)(n - EDGE_CASES) * 3u;
  *a = hashWord(s * 2654435761u + 1u);
  *b = hashWord((s + 1) * 2654435761u + 2u);
  *c = hashWord((s + 2) * 2654435761u + 3u);
}

// The SIMD intrinsics (device only in CUDA); returns how many results.
__device__ int simdResults(unsigned a, unsigned b, unsigned *r) {
  unsigned *p = r;
  *p++ = __vabs2(a);
  *p++ = __vabs4(a);
  *p++ = __vabsdiffs2(a, b);
  *p++ = __vabsdiffs4(a, b);
  *p++ = __vabsdiffu2(a, b);
  *p++ = __vabsdiffu4(a, b);
  *p++ = __vabsss2(a);
  *p++ = __vabsss4(a);
  *p++ = __vadd2(a, b);
  *p++ = __vadd4(a, b);
  *p++ = __vaddss2(a, b);
  *p++ = __vaddss4(a, b);
  *p++ = __vaddus2(a, b);
  *p++ = __vaddus4(a, b);
  *p++ = __vavgs2(a, b);
  *p++ = __vavgs4(a, b);
#ifdef PLANTED
  if (a == 0x80808080u && b == 0x7f7f7f7fu)
    p[-1] ^= 0x100;
#endif
  *p++ = __vavgu2(a, b);
  *p++ = __vavgu4(a, b);
  *p++ = __vcmpeq2(a, b);
  *p++ = __vcmpeq4(a, b);
  *p++ = __vcmpges2(a, b);
  *p++ = __vcmpges4(a, b);
  *p++ = __vcmpgeu2(a, b);
  *p++ = __vcmpgeu4(a, b);
  *p++ = __vcmpgts2(a, b);
  *p++ = __vcmpgts4(a, b);
  *p++ = __vcmpgtu2(a, b);
  *p++ = __vcmpgtu4(a, b);
  *p++ = __vcmples2(a, b);
  *p++ = __vcmples4(a, b);
  *p++ = __vcmpleu2(a, b);
  *p++ = __vcmpleu4(a, b);
  *p++ = __vcmplts2(a, b);
  *p++ = __vcmplts4(a, b);
  *p++ = __vcmpltu2(a, b);
  *p++ = __vcmpltu4(a, b);
  *p++ = __vcmpne2(a, b);
  *p++ = __vcmpne4(a, b);
  *p++ = __vhaddu2(a, b);
  *p++ = __vhaddu4(a, b);
  *p++ = __vmaxs2(a, b);
  *p++ = __vmaxs4(a, b);
  *p++ = __vmaxu2(a, b);
  *p++ = __vmaxu4(a, b);
  *p++ = __vmins2(a, b);
  *p++ = __vmins4(a, b);
  *p++ = __vminu2(a, b);
  *p++ = __vminu4(a, b);
  *p++ = __vneg2(a);
  *p++ = __vneg4(a);
  *p++ = __vnegss2(a);
  *p++ = __vnegss4(a);
  *p++ = __vsads2(a, b);
  *p++ = __vsads4(a, b);
  *p++ = __vsadu2(a, b);
  *p++ = __vsadu4(a, b);
  *p++ = __vseteq2(a, b);
  *p++ = __vseteq4(a, b);
  *p++ = __vsetges2(a, b);
  *p++ = __vsetges4(a, b);
  *p++ = __vsetgeu2(a, b);
  *p++ = __vsetgeu4(a, b);
  *p++ = __vsetgts2(a, b);
  *p++ = __vsetgts4(a, b);
  *p++ = __vsetgtu2(a, b);
  *p++ = __vsetgtu4(a, b);
  *p++ = __vsetles2(a, b);
  *p++ = __vsetles4(a, b);
  *p++ = __vsetleu2(a, b);
  *p++ = __vsetleu4(a, b);
  *p++ = __vsetlts2(a, b);
  *p++ = __vsetlts4(a, b);
  *p++ = __vsetltu2(a, b);
  *p++ = __vsetltu4(a, b);
  *p++ = __vsetne2(a, b);
  *p++ = __vsetne4(a, b);
  *p++ = __vsub2(a, b);
  *p++ = __vsub4(a, b);
  *p++ = __vsubss2(a, b);
  *p++ = __vsubss4(a, b);
  *p++ = __vsubus2(a, b);
  *p++ = __vsubus4(a, b);
  return (int)(p - r);
}

// The DPX functions (host and device in CUDA); returns how many results.
__host__ __device__ int dpxResults(unsigned a, unsigned b, unsigned c,
                                   unsigned *r) {
  unsigned *p = r;
  int sa = (int)a, sb = (int)b, sc = (int)c;
  bool hi = false, lo = false;
  *p++ = (unsigned)__vimax3_s32(sa, sb, sc);
  *p++ = (unsigned)__vimax3_s32_relu(sa, sb, sc);
  *p++ = __vimax3_u32(a, b, c);
  *p++ = __vimax3_s16x2(a, b, c);
  *p++ = __vimax3_s16x2_relu(a, b, c);
  *p++ = __vimax3_u16x2(a, b, c);
  *p++ = (unsigned)__vimin3_s32(sa, sb, sc);
  *p++ = (unsigned)__vimin3_s32_relu(sa, sb, sc);
  *p++ = __vimin3_u32(a, b, c);
  *p++ = __vimin3_s16x2(a, b, c);
  *p++ = __vimin3_s16x2_relu(a, b, c);
  *p++ = __vimin3_u16x2(a, b, c);
  *p++ = (unsigned)__vimax_s32_relu(sa, sb);
  *p++ = __vimax_s16x2_relu(a, b);
  *p++ = (unsigned)__vimin_s32_relu(sa, sb);
  *p++ = __vimin_s16x2_relu(a, b);
  *p++ = (unsigned)__viaddmax_s32(sa, sb, sc);
  *p++ = (unsigned)__viaddmax_s32_relu(sa, sb, sc);
  *p++ = __viaddmax_u32(a, b, c);
  *p++ = __viaddmax_s16x2(a, b, c);
  *p++ = __viaddmax_s16x2_relu(a, b, c);
  *p++ = __viaddmax_u16x2(a, b, c);
  *p++ = (unsigned)__viaddmin_s32(sa, sb, sc);
  *p++ = (unsigned)__viaddmin_s32_relu(sa, sb, sc);
  *p++ = __viaddmin_u32(a, b, c);
  *p++ = __viaddmin_s16x2(a, b, c);
  *p++ = __viaddmin_s16x2_relu(a, b, c);
  *p++ = __viaddmin_u16x2(a, b, c);
  *p++ = (unsigned)__vibmax_s32(sa, sb, &lo);
  *p++ = lo;
  *p++ = __vibmax_u32(a, b, &lo);
  *p++ = lo;
  *p++ = __vibmax_s16x2(a, b, &hi, &lo);
  *p++ = hi * 2u + lo;
  *p++ = __vibmax_u16x2(a, b, &hi, &lo);
  *p++ = hi * 2u + lo;
  *p++ = (unsigned)__vibmin_s32(sa, sb, &lo);
  *p++ = lo;
  *p++ = __vibmin_u32(a, b, &lo);
  *p++ = lo;
  *p++ = __vibmin_s16x2(a, b, &hi, &lo);
  *p++ = hi * 2u + lo;
  *p++ = __vibmin_u16x2(a, b, &hi, &lo);
  *p++ = hi * 2u + lo;
  return (int)(p - r);
}

#define HASH_START 0xcbf29ce484222325ull
#define HASH_PRIME 0x100000001b3ull

__host__ __device__ unsigned long long mix(unsigned long long h, unsigned r) {
  return (h ^ r) * HASH_PRIME;
}

// Thread t hashes cases t, t + THREADS, ... of every function.
__global__ void hashAll(unsigned long long *hashes, int *counts) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long h[RESULTS];
  for (int f = 0; f < RESULTS; ++f)
    h[f] = HASH_START;
  for (int n = t; n < CASES; n += THREADS) {
    unsigned a, b, c, r[RESULTS];
    operands(n, &a, &b, &c);
    counts[t] =
        simdResults(a, b, r) * 1000 + dpxResults(a, b, c, r + SIMD_RESULTS);
    for (int f = 0; f < RESULTS; ++f)
      h[f] = mix(h[f], r[f]);
  }
  for (int f = 0; f < RESULTS; ++f)
    hashes[t * RESULTS + f] = h[f];
}

// Every function's results for all pairs of the first DETAIL_WORDS words.
__global__ void detailAll(unsigned *out) {
  int i = blockIdx.x, j = threadIdx.x;
  unsigned a = edgeWord(i), b = edgeWord(j);
  unsigned c = edgeWord((i * 7 + j * 3) % EDGE_WORDS);
  unsigned *r = out + (i * DETAIL_WORDS + j) * RESULTS;
  simdResults(a, b, r);
  dpxResults(a, b, c, r + SIMD_RESULTS);
}

static unsigned long long *hostDpxHashes() {
  static unsigned long long h[THREADS * DPX_RESULTS];
  for (int t = 0; t < THREADS; ++t) {
    unsigned long long *ht = h + t * DPX_RESULTS;
    for (int f = 0; f < DPX_RESULTS; ++f)
      ht[f] = HASH_START;
    for (int n = t; n < CASES; n += THREADS) {
      unsigned a, b, c, r[DPX_RESULTS];
      operands(n, &a, &b, &c);
      dpxResults(a, b, c, r);
      for (int f = 0; f < DPX_RESULTS; ++f)
        ht[f] = mix(ht[f], r[f]);
    }
  }
  return h;
}

// Folds the threads' hashes of function f, in thread order.
static unsigned long long fold(const unsigned long long *h, int stride, int f) {
  unsigned long long sum = HASH_START;
  for (int t = 0; t < THREADS; ++t) {
    sum = mix(sum, (unsigned)h[t * stride + f]);
    sum = mix(sum, (unsigned)(h[t * stride + f] >> 32));
  }
  return sum;
}

static const char *resultName(int f) {
  return f < SIMD_RESULTS ? SimdNames[f] : DpxNames[f - SIMD_RESULTS];
}

static int printDetail() {
  const int n = DETAIL_WORDS * DETAIL_WORDS * RESULTS;
  unsigned *d, *h = new unsigned[n];
  cudaMalloc(&d, n * sizeof(unsigned));
  detailAll<<<DETAIL_WORDS, DETAIL_WORDS>>>(d);
  cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (int f = 0; f < RESULTS; ++f)
    for (int i = 0; i < DETAIL_WORDS; ++i) {
      printf("%s a=%08x:", resultName(f), edgeWord(i));
      for (int j = 0; j < DETAIL_WORDS; ++j)
        printf(" %08x", h[(i * DETAIL_WORDS + j) * RESULTS + f]);
      printf("\n");
    }
  cudaFree(d);
  delete[] h;
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "--detail"))
    return printDetail();
  const int n = THREADS * RESULTS;
  unsigned long long *d, *h = new unsigned long long[n];
  int *dCounts, counts[THREADS];
  cudaMalloc(&d, n * sizeof(unsigned long long));
  cudaMalloc(&dCounts, sizeof(counts));
  hashAll<<<THREADS / BLOCK, BLOCK>>>(d, dCounts);
  cudaError_t err = cudaDeviceSynchronize();
  cudaMemcpy(h, d, n * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  cudaMemcpy(counts, dCounts, sizeof(counts), cudaMemcpyDeviceToHost);
  if (err != cudaSuccess) {
    printf("kernel failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  for (int t = 0; t < THREADS; ++t)
    if (counts[t] != SIMD_RESULTS * 1000 + DPX_RESULTS) {
      printf("thread %d evaluated %d results\n", t, counts[t]);
      return 1;
    }
  printf("%d cases, %d functions' results\n", CASES, RESULTS);
  for (int f = 0; f < RESULTS; ++f)
    printf("%-22s %016llx\n", resultName(f), fold(h, RESULTS, f));
  unsigned long long *hd = hostDpxHashes();
  for (int f = 0; f < DPX_RESULTS; ++f)
    printf("host %-22s %016llx\n", DpxNames[f], fold(hd, DPX_RESULTS, f));
  cudaFree(d);
  cudaFree(dCounts);
  delete[] h;
  return 0;
}
