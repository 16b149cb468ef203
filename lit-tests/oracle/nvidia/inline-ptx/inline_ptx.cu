// inline_ptx.cu - NVIDIA ground truth for the inline PTX front end: one
// kernel per family of PTX instruction forms (ptx_int, ptx_bits, ptx_float,
// ptx_cvt, ptx_setp, ptx_carry, ptx_mem, ptx_atom, ptx_warp, ptx_sreg,
// ptx_approx), written the ways CUDA code writes inline asm (single
// instructions on %0 operands, { } blocks with local .reg declarations,
// guards @p / @!p, setp -> selp chains, vector pack/unpack, "+r" tied and
// "n" immediate operands, 0f/0d float literals, hex/decimal/negative
// immediates, %% special registers). Every result's raw bits are stored:
// NaNs are NOT canonicalised, so the H100's NaN payloads are visible.
//
// Grid 8 x 128 = 1024 threads. Threads 0..783 take every pair of 28 edge
// values (integers: 0, +-1, INT_MIN/MAX, 2^24+1, shift-sized numbers;
// floats: +-0, +-denormal min/max, +-FLT_MIN/MAX, +-inf, NaNs with payloads
// incl. signalling 0x7f800001 and negative 0xffc00001, values at rounding
// ties), threads 784..1023 hashed inputs (hashIndex). Each thread writes
// <Kernel>Results words at Out + thread * <Kernel>Results; the last word of
// each record is the number of words written before it (layout check).
// ptx_mem and ptx_atom also use a per-thread scratch area after the
// records, which is printed (and compared) too.
//
// main(argc, argv) runs the kernel named by argv[1] and prints its buffer
// as the wavesim CLI prints one ("buf0[k]: v ..."); capture: for K in
// kernels, ./program K > expected.K.nvidia.txt (nvcc -O2 -arch=sm_90).
// lit-tests/inline-ptx/nvidia-ground-truth.test compares each kernel,
// through cu2hsaco on wavesim, wave64 and wave32, word for word
// (ptx_approx within the PTX-documented error).
//
// Combinations ptxas (CUDA 13.0, sm_90) rejects, left out: rounding
// modifiers on cvt.f64.f32 (widening float conversion: "rounding modifier
// illegal"); redux.sync and/or/xor only exist as .b32 (not .u32/.s32);
// .sat on f64 arithmetic does not exist.
#include "../buffer_program.h"

enum { Blocks = 8, BlockThreads = 128, Total = Blocks * BlockThreads };
enum { Edges = 28, EdgePairs = Edges * Edges /* 784 */ };

enum {
  IntResults = 128,
  BitsResults = 112,
  FloatResults = 96,
  CvtResults = 128,
  SetpResults = 48,
  CarryResults = 40,
  MemResults = 64,
  MemScratch = 16,
  AtomResults = 64,
  AtomScratch = 24,
  WarpResults = 64,
  SregResults = 40,
  ApproxResults = 40,
};

/* ------------------------------------------------------------------ */
/* Inputs                                                              */
/* ------------------------------------------------------------------ */

__device__ unsigned edgeInt(unsigned K) {
  const unsigned V[Edges] = {
      0u,          1u,          0xffffffffu, 0x80000000u, 0x7fffffffu,
      2u,          31u,         32u,         33u,         63u,
      64u,         255u,        256u,        0x80u,       0xffffu,
      0x8000u,     0xfffffffeu, 7u,          0x01000001u, 0x12345678u,
      0x9abcdef0u, 0x00ff00ffu, 0xffff8000u, 0x80000001u, 0x40000000u,
      100u,        0xfffffff9u, 0x7fu};
  return V[K];
}

__device__ unsigned long long edgeLong(unsigned K) {
  const unsigned long long V[Edges] = {
      0ull,
      1ull,
      0xffffffffffffffffull,
      0x8000000000000000ull,
      0x7fffffffffffffffull,
      0xffffffffull,
      0x100000000ull,
      0x80000000ull,
      0xffffffff80000000ull,
      31ull,
      32ull,
      33ull,
      63ull,
      64ull,
      65ull,
      127ull,
      0x20000000000001ull, /* 2^53 + 1 */
      0x123456789abcdef0ull,
      0xfedcba9876543210ull,
      0x8000000000000001ull,
      0x7fffffffull,
      255ull,
      0x100000001ull,
      0xfffffffffffffffeull,
      7ull,
      0xdeadbeef00000000ull,
      0x00000000cafef00dull,
      0x01000001ull};
  return V[K];
}

__device__ float edgeFloat(unsigned K) {
  const unsigned Bits[Edges] = {
      0x00000000u, /* +0 */
      0x80000000u, /* -0 */
      0x00000001u, /* denormal min */
      0x80000001u, /* -denormal min */
      0x007fffffu, /* denormal max */
      0x807fffffu, /* -denormal max */
      0x00800000u, /* FLT_MIN */
      0x80800000u, /* -FLT_MIN */
      0x7f7fffffu, /* FLT_MAX */
      0xff7fffffu, /* -FLT_MAX */
      0x7f800000u, /* inf */
      0xff800000u, /* -inf */
      0x7fc00000u, /* canonical qNaN */
      0x7f800001u, /* signalling NaN */
      0xffc00001u, /* negative qNaN with payload */
      0x7fffffffu, /* qNaN all payload bits */
      0x3f800000u, /* 1 */
      0xbf800000u, /* -1 */
      0x3f000000u, /* 0.5 */
      0x3fc00000u, /* 1.5 */
      0x40200000u, /* 2.5 */
      0xc0200000u, /* -2.5 */
      0x3f800001u, /* 1 + ulp */
      0x4f000000u, /* 2^31 */
      0xcf000000u, /* -2^31 */
      0x4f800000u, /* 2^32 */
      0x5f000000u, /* 2^63 */
      0x3eaaaaabu  /* 1/3 */
  };
  return __uint_as_float(Bits[K]);
}

__device__ double edgeDouble(unsigned K) {
  const unsigned long long Bits[Edges] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull,
      0x8000000000000001ull, 0x000fffffffffffffull, 0x800fffffffffffffull,
      0x0010000000000000ull, 0x8010000000000000ull, 0x7fefffffffffffffull,
      0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
      0x7ff8000000000000ull, 0x7ff0000000000001ull, 0xfff8000000000001ull,
      0x7fffffffffffffffull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
      0x3fe0000000000000ull, 0x3ff8000000000000ull, 0x4004000000000000ull,
      0xc004000000000000ull, 0x3ff0000010000000ull, /* 1 + 2^-24: f32 tie */
      0x41e0000000000000ull,                        /* 2^31 */
      0x47efffffe0000000ull, /* FLT_MAX + half ulp: f32 overflow tie */
      0x36a0000000000000ull, /* 2^-149: f32 denormal min */
      0x43e0000000000000ull, /* 2^63 */
      0x3fd5555555555555ull};
  return __longlong_as_double((long long)Bits[K]);
}

__device__ unsigned short edgeHalf(unsigned K) {
  const unsigned short V[Edges] = {
      0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff,
      0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe01, 0x7fff, 0x3c00, 0xbc00,
      0x3800, 0x3e00, 0x3555, 0xffff, 0x7fff, 0x00ff, 0xff00, 15,
      16,     17,     0x1234, 0xfffe};
  return V[K];
}

/* Hashed floats: random bits for odd Which, moderate magnitudes
 * (2^-20..2^20) for even. */
__device__ float hashedFloat(unsigned I, unsigned Which) {
  unsigned H = hashIndex(I * 0x9e3779b9u + Which);
  if (Which & 1)
    return __uint_as_float(H);
  return __uint_as_float((H & 0x807fffffu) | ((107u + H % 41u) << 23));
}

__device__ double hashedDouble(unsigned I, unsigned Which) {
  unsigned long long H =
      (unsigned long long)hashIndex(I * 0x9e3779b9u + Which) << 32 |
      hashIndex(I * 0x85ebca6bu + Which + 7);
  if (Which & 1)
    return __longlong_as_double((long long)H);
  return __longlong_as_double((long long)((H & 0x800fffffffffffffull) |
                                          ((1003 + H % 41) << 52)));
}

struct In {
  unsigned I, Lane, A, B, C;
  unsigned long long A64, B64, C64;
  float FA, FB, FC;
  double DA, DB, DC;
  unsigned short HA, HB;
};

__device__ In inputs() {
  In X;
  unsigned I = blockIdx.x * blockDim.x + threadIdx.x;
  X.I = I;
  X.Lane = threadIdx.x % 32;
  if (I < EdgePairs) {
    unsigned P = I / Edges, Q = I % Edges;
    X.A = edgeInt(P);
    X.B = edgeInt(Q);
    X.A64 = edgeLong(P);
    X.B64 = edgeLong(Q);
    X.FA = edgeFloat(P);
    X.FB = edgeFloat(Q);
    X.DA = edgeDouble(P);
    X.DB = edgeDouble(Q);
    X.HA = edgeHalf(P);
    X.HB = edgeHalf(Q);
  } else {
    X.A = hashIndex(I);
    X.B = hashIndex(I + 77777);
    X.A64 = (unsigned long long)hashIndex(I + 5) << 32 | hashIndex(I + 6);
    X.B64 = (unsigned long long)hashIndex(I + 9) << 32 | hashIndex(I + 10);
    if (I % 3 == 0)
      X.B64 >>= 40; /* small divisors */
    X.FA = hashedFloat(I, I & 1);
    X.FB = hashedFloat(I, 2 + (I >> 1 & 1));
    X.DA = hashedDouble(I, I & 1);
    X.DB = hashedDouble(I, 2 + (I >> 1 & 1));
    X.HA = (unsigned short)hashIndex(I + 31);
    X.HB = (unsigned short)hashIndex(I + 32);
  }
  if (I & 1) {
    X.C = edgeInt((I * 11 + 5) % Edges);
    X.C64 = edgeLong((I * 11 + 5) % Edges);
    X.FC = edgeFloat((I * 11 + 5) % Edges);
    X.DC = edgeDouble((I * 11 + 5) % Edges);
  } else {
    X.C = hashIndex(I + 123);
    X.C64 = (unsigned long long)hashIndex(I + 124) << 32 | hashIndex(I + 125);
    X.FC = hashedFloat(I, 4 + (I >> 1 & 1));
    X.DC = hashedDouble(I, 4 + (I >> 1 & 1));
  }
  return X;
}

/* Stores results in order. */
struct Writer {
  unsigned *R;
  unsigned N;
  __device__ void put(unsigned X) { R[N++] = X; }
  __device__ void put64(unsigned long long X) {
    put((unsigned)X);
    put((unsigned)(X >> 32));
  }
  __device__ void putF(float X) { put(__float_as_uint(X)); }
  __device__ void putD(double X) {
    put64((unsigned long long)__double_as_longlong(X));
  }
  /* Zero-fills up to the record's last word, which gets the count. */
  __device__ void finish(unsigned Results) {
    unsigned Used = N;
    while (N < Results - 1)
      put(0);
    R[Results - 1] = Used;
  }
};

/* ------------------------------------------------------------------ */
/* ptx_int: integer arithmetic                                         */
/* ------------------------------------------------------------------ */

#define I2(OP, X, Y)                                                           \
  do {                                                                         \
    unsigned r_;                                                               \
    asm(OP " %0, %1, %2;" : "=r"(r_) : "r"(X), "r"(Y));                        \
    W.put(r_);                                                                 \
  } while (0)
#define I3(OP, X, Y, Z)                                                        \
  do {                                                                         \
    unsigned r_;                                                               \
    asm(OP " %0, %1, %2, %3;" : "=r"(r_) : "r"(X), "r"(Y), "r"(Z));            \
    W.put(r_);                                                                 \
  } while (0)
#define L2(OP, X, Y)                                                           \
  do {                                                                         \
    unsigned long long r_;                                                     \
    asm(OP " %0, %1, %2;" : "=l"(r_) : "l"(X), "l"(Y));                        \
    W.put64(r_);                                                               \
  } while (0)
#define H2(OP, X, Y)                                                           \
  do {                                                                         \
    unsigned short r_;                                                         \
    asm(OP " %0, %1, %2;" : "=h"(r_) : "h"(X), "h"(Y));                        \
    W.put(r_);                                                                 \
  } while (0)

__global__ void ptx_int(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * IntResults, 0};
  unsigned A = X.A, B = X.B, C = X.C;
  unsigned long long A64 = X.A64, B64 = X.B64, C64 = X.C64;
  unsigned short HA = X.HA, HB = X.HB, HC = (unsigned short)X.C;

  I2("add.s32", A, B);
  I2("add.u32", A, B);
  I2("sub.s32", A, B);
  I2("sub.u32", A, B);
  I2("add.sat.s32", A, B);
  I2("sub.sat.s32", A, B);
  L2("add.s64", A64, B64);
  L2("sub.u64", A64, B64);
  H2("add.s16", HA, HB);
  H2("add.u16", HA, HB);
  H2("sub.s16", HA, HB);
  H2("sub.u16", HA, HB);
  { /* immediates: negative decimal, hex, "n" */
    unsigned R;
    asm("add.s32 %0, %1, -17;" : "=r"(R) : "r"(A)); W.put(R);
    asm("add.u32 %0, %1, 0xFFFF0001;" : "=r"(R) : "r"(A)); W.put(R);
    asm("sub.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "n"(1000)); W.put(R);
    asm("add.sat.s32 %0, %1, 2147483647;" : "=r"(R) : "r"(A)); W.put(R);
    /* tied operand */
    R = A;
    asm("add.u32 %0, %0, %1;" : "+r"(R) : "r"(B)); W.put(R);
  }

  I2("mul.lo.s32", A, B);
  I2("mul.lo.u32", A, B);
  I2("mul.hi.s32", A, B);
  I2("mul.hi.u32", A, B);
  {
    unsigned long long R64;
    asm("mul.wide.s32 %0, %1, %2;" : "=l"(R64) : "r"(A), "r"(B)); W.put64(R64);
    asm("mul.wide.u32 %0, %1, %2;" : "=l"(R64) : "r"(A), "r"(B)); W.put64(R64);
    unsigned R;
    asm("mul.wide.s16 %0, %1, %2;" : "=r"(R) : "h"(HA), "h"(HB)); W.put(R);
    asm("mul.wide.u16 %0, %1, %2;" : "=r"(R) : "h"(HA), "h"(HB)); W.put(R);
    asm("mul.lo.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "n"(0x9e3779b9)); W.put(R);
  }
  L2("mul.lo.u64", A64, B64);
  L2("mul.lo.s64", A64, B64);
  L2("mul.hi.s64", A64, B64);
  L2("mul.hi.u64", A64, B64);
  H2("mul.lo.s16", HA, HB);
  H2("mul.hi.u16", HA, HB);
  H2("mul.hi.s16", HA, HB);

  I3("mad.lo.s32", A, B, C);
  I3("mad.lo.u32", A, B, C);
  I3("mad.hi.u32", A, B, C);
  I3("mad.hi.s32", A, B, C);
  I3("mad.hi.sat.s32", A, B, C);
  {
    unsigned long long R64;
    asm("mad.wide.s32 %0, %1, %2, %3;" : "=l"(R64) : "r"(A), "r"(B), "l"(C64)); W.put64(R64);
    asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(R64) : "r"(A), "r"(B), "l"(C64)); W.put64(R64);
    asm("mad.lo.u64 %0, %1, %2, %3;" : "=l"(R64) : "l"(A64), "l"(B64), "l"(C64)); W.put64(R64);
    asm("mad.hi.s64 %0, %1, %2, %3;" : "=l"(R64) : "l"(A64), "l"(B64), "l"(C64)); W.put64(R64);
    asm("mad.hi.u64 %0, %1, %2, %3;" : "=l"(R64) : "l"(A64), "l"(B64), "l"(C64)); W.put64(R64);
    unsigned short H;
    asm("mad.lo.s16 %0, %1, %2, %3;" : "=h"(H) : "h"(HA), "h"(HB), "h"(HC)); W.put(H);
    unsigned R;
    asm("mad.wide.u16 %0, %1, %2, %3;" : "=r"(R) : "h"(HA), "h"(HB), "r"(C)); W.put(R);
    /* a block: hi product plus a value, through a temporary */
    asm("{\n\t.reg .u32 t;\n\tmul.hi.u32 t, %1, %2;\n\tadd.u32 %0, t, %3;\n\t}"
        : "=r"(R) : "r"(A), "r"(B), "r"(C)); W.put(R);
  }

  I2("div.s32", A, B);
  I2("div.u32", A, B);
  I2("rem.s32", A, B);
  I2("rem.u32", A, B);
  L2("div.s64", A64, B64);
  L2("div.u64", A64, B64);
  L2("rem.s64", A64, B64);
  L2("rem.u64", A64, B64);
  H2("div.s16", HA, HB);
  H2("rem.u16", HA, HB);
  {
    unsigned R;
    asm("div.u32 %0, %1, 7;" : "=r"(R) : "r"(A)); W.put(R);
    asm("rem.s32 %0, %1, -3;" : "=r"(R) : "r"(A)); W.put(R);
  }

  {
    unsigned R;
    asm("abs.s32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
    asm("neg.s32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
    unsigned long long R64;
    asm("abs.s64 %0, %1;" : "=l"(R64) : "l"(A64)); W.put64(R64);
    asm("neg.s64 %0, %1;" : "=l"(R64) : "l"(A64)); W.put64(R64);
    unsigned short H;
    asm("abs.s16 %0, %1;" : "=h"(H) : "h"(HA)); W.put(H);
    asm("neg.s16 %0, %1;" : "=h"(H) : "h"(HA)); W.put(H);
  }
  I2("min.s32", A, B);
  I2("min.u32", A, B);
  I2("max.s32", A, B);
  I2("max.u32", A, B);
  L2("min.s64", A64, B64);
  L2("min.u64", A64, B64);
  L2("max.s64", A64, B64);
  L2("max.u64", A64, B64);
  H2("min.s16", HA, HB);
  H2("max.u16", HA, HB);
  H2("min.u16", HA, HB);
  H2("max.s16", HA, HB);
  {
    unsigned R;
    asm("max.s32 %0, %1, -1;" : "=r"(R) : "r"(A)); W.put(R);
    asm("min.u32 %0, %1, 1000;" : "=r"(R) : "r"(A)); W.put(R);
  }
  W.finish(IntResults);
}

/* ------------------------------------------------------------------ */
/* ptx_bits: mov, logic, shifts, bfe/bfi, brev/popc/clz, prmt, lop3    */
/* ------------------------------------------------------------------ */

template <unsigned L>
__device__ unsigned lop3(unsigned A, unsigned B, unsigned C) {
  unsigned D;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(D) : "r"(A), "r"(B), "r"(C), "n"(L));
  return D;
}
/* lop3 with the table in [Low, High) chosen at run time, by bisection. */
template <unsigned Low, unsigned High>
__device__ unsigned lop3Any(unsigned Table, unsigned A, unsigned B, unsigned C) {
  if constexpr (High - Low == 1) {
    return lop3<Low>(A, B, C);
  } else {
    constexpr unsigned Mid = (Low + High) / 2;
    return Table < Mid ? lop3Any<Low, Mid>(Table, A, B, C)
                       : lop3Any<Mid, High>(Table, A, B, C);
  }
}

__device__ unsigned bitfieldEdge(unsigned K) {
  const unsigned V[16] = {0u,  1u,  7u,   8u,   15u,  16u,  31u,   32u,
                          33u, 63u, 64u, 255u, 256u, 257u, 288u, 0xffffffffu};
  return V[K];
}

__global__ void ptx_bits(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * BitsResults, 0};
  unsigned A = X.A, B = X.B, C = X.C, I = X.I;
  unsigned long long A64 = X.A64, B64 = X.B64;
  unsigned short HA = X.HA, HB = X.HB;
  unsigned R;
  unsigned long long R64;
  unsigned short H;

  /* mov */
  asm("mov.b64 %0, {%1, %2};" : "=l"(R64) : "r"(A), "r"(B)); W.put64(R64);
  {
    unsigned Lo, Hi;
    asm("mov.b64 {%0, %1}, %2;" : "=r"(Lo), "=r"(Hi) : "l"(A64)); W.put(Lo); W.put(Hi);
    unsigned short H0, H1;
    asm("mov.b32 {%0, %1}, %2;" : "=h"(H0), "=h"(H1) : "r"(B)); W.put(H0 | (unsigned)H1 << 16);
    asm("mov.b32 %0, {%1, %2};" : "=r"(R) : "h"(HA), "h"(HB)); W.put(R);
  }
  asm("mov.u32 %0, 0xCAFEF00D;" : "=r"(R)); W.put(R);
  asm("mov.s32 %0, -123456;" : "=r"(R)); W.put(R);
  asm("mov.b16 %0, %1;" : "=h"(H) : "h"(HA)); W.put(H);
  asm("mov.u64 %0, %1;" : "=l"(R64) : "l"(B64)); W.put64(R64);
  {
    float F;
    double D;
    asm("mov.f32 %0, 0f3F800000;" : "=f"(F)); W.putF(F);
    asm("mov.f32 %0, 0fFFC00001;" : "=f"(F)); W.putF(F);
    asm("mov.f64 %0, 0d400921FB54442D18;" : "=d"(D)); W.putD(D);
    asm("mov.b32 %0, %1;" : "=f"(F) : "r"(A)); W.putF(F);
    asm("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; mov.pred q, p; selp.u32 %0, 7, 9, q; }"
        : "=r"(R) : "r"(A & 4)); W.put(R);
    (void)D;
  }

  /* logic */
  I2("and.b32", A, B);
  I2("or.b32", A, B);
  I2("xor.b32", A, B);
  asm("not.b32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  H2("and.b16", HA, HB);
  H2("or.b16", HA, HB);
  H2("xor.b16", HA, HB);
  asm("not.b16 %0, %1;" : "=h"(H) : "h"(HA)); W.put(H);
  L2("and.b64", A64, B64);
  L2("or.b64", A64, B64);
  L2("xor.b64", A64, B64);
  asm("not.b64 %0, %1;" : "=l"(R64) : "l"(A64)); W.put64(R64);
  asm("{ .reg .b64 x; xor.b64 x, %1, %2; not.b64 x, x; and.b64 %0, x, 0x0f0f0f0ff0f0f0f0; }"
      : "=l"(R64) : "l"(A64), "l"(B64)); W.put64(R64);
  asm("{ .reg .pred p, q, r, s; setp.ne.u32 p, %1, 0; setp.ne.u32 q, %2, 0;\n\t"
      "and.pred r, p, q; or.pred s, p, q; xor.pred p, r, s; not.pred q, q;\n\t"
      "and.pred s, s, q;\n\t"
      "selp.u32 %0, 1, 0, p; @s or.b32 %0, %0, 2; @r or.b32 %0, %0, 4; }"
      : "=r"(R) : "r"(A & 1), "r"(B & 1)); W.put(R);

  /* shifts: every amount 0..70 across threads, and the edge values */
  unsigned S = I % 71;
  I2("shl.b32", A, S);
  I2("shr.u32", A, S);
#ifdef PLANTED_SHR_LOGICAL
  I2("shr.u32", A, S);
#else
  I2("shr.s32", A, S);
#endif
  I2("shr.b32", A, S);
  I2("shl.b32", A, B);
  I2("shr.u32", A, B);
  I2("shr.s32", A, B);
  asm("shl.b64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "r"(S)); W.put64(R64);
  asm("shr.u64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "r"(S)); W.put64(R64);
  asm("shr.s64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "r"(S)); W.put64(R64);
  asm("shr.s64 %0, %1, %2;" : "=l"(R64) : "l"(A64), "r"(B)); W.put64(R64);
  asm("shl.b16 %0, %1, %2;" : "=h"(H) : "h"(HA), "r"(S)); W.put(H);
  asm("shr.u16 %0, %1, %2;" : "=h"(H) : "h"(HA), "r"(S)); W.put(H);
  asm("shr.s16 %0, %1, %2;" : "=h"(H) : "h"(HA), "r"(S)); W.put(H);
  asm("shl.b32 %0, %1, 40;" : "=r"(R) : "r"(A)); W.put(R);
  asm("shr.s32 %0, %1, 31;" : "=r"(R) : "r"(A)); W.put(R);
  asm("shr.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "n"(3)); W.put(R);
  R = A;
  asm("shl.b32 %0, %0, 1;" : "+r"(R)); W.put(R);

  /* bfe / bfi: pos and len over the edge values, and hashed 0..511 */
  unsigned Pos = bitfieldEdge(I % 16), Len = bitfieldEdge(I / 16 % 16);
  unsigned Pos2 = C & 0x1ff, Len2 = (C >> 9) & 0x1ff;
  if (I & 64) {
    Pos2 &= 0x3f;
    Len2 &= 0x3f;
  }
  I3("bfe.u32", A, Pos, Len);
  I3("bfe.s32", A, Pos, Len);
  I3("bfe.u32", B, Pos2, Len2);
  I3("bfe.s32", B, Pos2, Len2);
  asm("bfe.u64 %0, %1, %2, %3;" : "=l"(R64) : "l"(A64), "r"(Pos), "r"(Len)); W.put64(R64);
  asm("bfe.s64 %0, %1, %2, %3;" : "=l"(R64) : "l"(A64), "r"(Pos), "r"(Len)); W.put64(R64);
  asm("bfe.s64 %0, %1, %2, %3;" : "=l"(R64) : "l"(B64), "r"(Pos2), "r"(Len2)); W.put64(R64);
  asm("bfe.u32 %0, %1, 8, 8;" : "=r"(R) : "r"(A)); W.put(R);
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(R) : "r"(A), "r"(C), "r"(Pos), "r"(Len)); W.put(R);
  asm("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(R) : "r"(B), "r"(A), "r"(Pos2), "r"(Len2)); W.put(R);
  asm("bfi.b64 %0, %1, %2, %3, %4;" : "=l"(R64) : "l"(A64), "l"(B64), "r"(Pos), "r"(Len)); W.put64(R64);
  asm("bfi.b32 %0, %1, %2, 4, 12;" : "=r"(R) : "r"(A), "r"(B)); W.put(R);

  asm("brev.b32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("brev.b64 %0, %1;" : "=l"(R64) : "l"(A64)); W.put64(R64);
  asm("popc.b32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("popc.b64 %0, %1;" : "=r"(R) : "l"(A64)); W.put(R);
  asm("clz.b32 %0, %1;" : "=r"(R) : "r"(A)); W.put(R);
  asm("clz.b64 %0, %1;" : "=r"(R) : "l"(A64)); W.put(R);

  /* prmt: selector from the edge values / hashes, and random ones */
  unsigned Sel = B, Sel2 = hashIndex(I * 3 + 1);
  I3("prmt.b32", A, C, Sel);
  I3("prmt.b32", A, C, Sel2);
  I3("prmt.b32.f4e", A, C, Sel);
  I3("prmt.b32.b4e", A, C, Sel);
  I3("prmt.b32.rc8", A, C, Sel);
  I3("prmt.b32.ecl", A, C, Sel);
  I3("prmt.b32.ecr", A, C, Sel);
  I3("prmt.b32.rc16", A, C, Sel);
  I3("prmt.b32.f4e", A, C, Sel2);
  I3("prmt.b32.b4e", A, C, Sel2);
  I3("prmt.b32.rc8", A, C, Sel2);
  I3("prmt.b32.ecl", A, C, Sel2);
  I3("prmt.b32.ecr", A, C, Sel2);
  I3("prmt.b32.rc16", A, C, Sel2);
  asm("prmt.b32 %0, %1, %2, 0x5410;" : "=r"(R) : "r"(A), "r"(C)); W.put(R);
  asm("prmt.b32 %0, %1, 0, 0x8880;" : "=r"(R) : "r"(A)); W.put(R);
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(C), "n"(0x0123)); W.put(R);

  /* lop3: all 256 tables across threads (twice, differently paired) */
  W.put(lop3Any<0, 256>(I & 255, A, B, C));
  W.put(lop3Any<0, 256>((I * 37 + 11) & 255, C, A, B));
  asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(R) : "r"(A), "r"(B), "r"(C)); W.put(R);
  asm("lop3.b32 %0, %1, %2, %3, 150;" : "=r"(R) : "r"(A), "r"(B), "r"(C)); W.put(R);
  W.finish(BitsResults);
}

/* ------------------------------------------------------------------ */
/* ptx_float: f32/f64 arithmetic in every rounding mode, min/max/abs   */
/* ------------------------------------------------------------------ */

#define F2(OP)                                                                 \
  do {                                                                         \
    float r_;                                                                  \
    asm(OP " %0, %1, %2;" : "=f"(r_) : "f"(A), "f"(B));                        \
    W.putF(r_);                                                                \
  } while (0)
#define F3(OP)                                                                 \
  do {                                                                         \
    float r_;                                                                  \
    asm(OP " %0, %1, %2, %3;" : "=f"(r_) : "f"(A), "f"(B), "f"(C));            \
    W.putF(r_);                                                                \
  } while (0)
#define D2(OP)                                                                 \
  do {                                                                         \
    double r_;                                                                 \
    asm(OP " %0, %1, %2;" : "=d"(r_) : "d"(DA), "d"(DB));                      \
    W.putD(r_);                                                                \
  } while (0)

__global__ void ptx_float(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * FloatResults, 0};
  float A = X.FA, B = X.FB, C = X.FC, R;
  double DA = X.DA, DB = X.DB, DC = X.DC, RD;

  F2("add.f32");
  F2("add.rn.f32");
  F2("add.rz.f32");
  F2("add.rm.f32");
  F2("add.rp.f32");
  F2("add.ftz.f32");
  F2("add.sat.f32");
  F2("add.rn.ftz.sat.f32");
  F2("sub.f32");
  F2("sub.rn.f32");
  F2("sub.rz.f32");
  F2("sub.rm.f32");
  F2("sub.rp.f32");
  F2("sub.ftz.f32");
  F2("mul.f32");
  F2("mul.rn.f32");
  F2("mul.rz.f32");
  F2("mul.rm.f32");
  F2("mul.rp.f32");
  F2("mul.ftz.f32");
  F2("mul.sat.f32");
  F3("fma.rn.f32");
  F3("fma.rz.f32");
  F3("fma.rm.f32");
  F3("fma.rp.f32");
  F3("fma.rn.ftz.f32");
  F3("fma.rn.sat.f32");
  F3("fma.rn.ftz.sat.f32");
  F3("mad.rn.f32");
  F2("div.rn.f32");
  F2("div.rz.f32");
  F2("div.rm.f32");
  F2("div.rp.f32");
  F2("div.rn.ftz.f32");
  asm("add.f32 %0, %1, 0f3F800000;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("fma.rn.f32 %0, %1, 0fBF000000, %2;" : "=f"(R) : "f"(A), "f"(B)); W.putF(R);
  asm("mul.rn.f32 %0, %1, 0f7F800000;" : "=f"(R) : "f"(A)); W.putF(R);

  asm("abs.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("abs.ftz.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("neg.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  asm("neg.ftz.f32 %0, %1;" : "=f"(R) : "f"(A)); W.putF(R);
  F2("min.f32");
  F2("max.f32");
  F2("min.ftz.f32");
  F2("max.ftz.f32");
  F2("min.NaN.f32");
  F2("max.NaN.f32");

  D2("add.f64");
  D2("add.rn.f64");
  D2("add.rz.f64");
  D2("add.rm.f64");
  D2("add.rp.f64");
  D2("sub.rn.f64");
  D2("sub.rm.f64");
  D2("mul.rn.f64");
  D2("mul.rz.f64");
  D2("mul.rm.f64");
  D2("mul.rp.f64");
  D2("div.rn.f64");
  D2("div.rz.f64");
  D2("div.rm.f64");
  D2("div.rp.f64");
  D2("min.f64");
  D2("max.f64");
  asm("fma.rn.f64 %0, %1, %2, %3;" : "=d"(RD) : "d"(DA), "d"(DB), "d"(DC)); W.putD(RD);
  asm("fma.rz.f64 %0, %1, %2, %3;" : "=d"(RD) : "d"(DA), "d"(DB), "d"(DC)); W.putD(RD);
  asm("abs.f64 %0, %1;" : "=d"(RD) : "d"(DA)); W.putD(RD);
  asm("neg.f64 %0, %1;" : "=d"(RD) : "d"(DA)); W.putD(RD);
  asm("mul.rn.f64 %0, %1, 0d4000000000000000;" : "=d"(RD) : "d"(DA)); W.putD(RD);
  W.finish(FloatResults);
}

/* ------------------------------------------------------------------ */
/* ptx_cvt: conversions                                                */
/* ------------------------------------------------------------------ */

#define CV(OP, DC, DT, SC, SV, PUT)                                            \
  do {                                                                         \
    DT r_;                                                                     \
    asm(OP " %0, %1;" : DC(r_) : SC(SV));                                      \
    PUT(r_);                                                                   \
  } while (0)

__global__ void ptx_cvt(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * CvtResults, 0};
  unsigned A = X.A;
  unsigned long long A64 = X.A64;
  float F = X.FA;
  double D = X.DA;
  unsigned short H = X.HA;
#define PUTU(x) W.put((unsigned)(x))
#define PUTL(x) W.put64(x)
#define PUTF(x) W.putF(x)
#define PUTD(x) W.putD(x)

  /* int <-> int */
  CV("cvt.s8.s32", "=r", unsigned, "r", A, PUTU);
  CV("cvt.u8.u32", "=r", unsigned, "r", A, PUTU);
  CV("cvt.sat.u8.s32", "=r", unsigned, "r", A, PUTU);
  CV("cvt.sat.s8.s32", "=r", unsigned, "r", A, PUTU);
  CV("cvt.sat.s8.u32", "=r", unsigned, "r", A, PUTU);
  CV("cvt.u16.u32", "=h", unsigned short, "r", A, PUTU);
  CV("cvt.s16.s32", "=h", unsigned short, "r", A, PUTU);
  CV("cvt.sat.s16.s32", "=h", unsigned short, "r", A, PUTU);
  CV("cvt.sat.u16.s32", "=h", unsigned short, "r", A, PUTU);
  CV("cvt.u32.u16", "=r", unsigned, "h", H, PUTU);
  CV("cvt.s32.s16", "=r", unsigned, "h", H, PUTU);
  CV("cvt.s32.s8", "=r", unsigned, "r", A, PUTU);
  CV("cvt.u32.u8", "=r", unsigned, "r", A, PUTU);
  CV("cvt.u64.u32", "=l", unsigned long long, "r", A, PUTL);
  CV("cvt.s64.s32", "=l", unsigned long long, "r", A, PUTL);
  CV("cvt.s64.s16", "=l", unsigned long long, "h", H, PUTL);
  CV("cvt.u32.u64", "=r", unsigned, "l", A64, PUTU);
  CV("cvt.s32.s64", "=r", unsigned, "l", A64, PUTU);
  CV("cvt.sat.s32.s64", "=r", unsigned, "l", A64, PUTU);
  CV("cvt.sat.u32.s64", "=r", unsigned, "l", A64, PUTU);
  CV("cvt.sat.u32.u64", "=r", unsigned, "l", A64, PUTU);
  CV("cvt.sat.u32.s32", "=r", unsigned, "r", A, PUTU);
  CV("cvt.sat.s32.u32", "=r", unsigned, "r", A, PUTU);
  CV("cvt.sat.u64.s64", "=l", unsigned long long, "l", A64, PUTL);
  CV("cvt.sat.s64.u64", "=l", unsigned long long, "l", A64, PUTL);
  CV("cvt.sat.s16.s64", "=h", unsigned short, "l", A64, PUTU);

  /* float -> int */
  CV("cvt.rni.s32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rzi.s32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rmi.s32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rpi.s32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rni.u32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rzi.u32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rmi.u32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rpi.u32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rni.s64.f32", "=l", unsigned long long, "f", F, PUTL);
  CV("cvt.rzi.s64.f32", "=l", unsigned long long, "f", F, PUTL);
  CV("cvt.rmi.u64.f32", "=l", unsigned long long, "f", F, PUTL);
  CV("cvt.rpi.u64.f32", "=l", unsigned long long, "f", F, PUTL);
  CV("cvt.rni.s32.f64", "=r", unsigned, "d", D, PUTU);
  CV("cvt.rzi.s32.f64", "=r", unsigned, "d", D, PUTU);
  CV("cvt.rmi.u32.f64", "=r", unsigned, "d", D, PUTU);
  CV("cvt.rpi.u32.f64", "=r", unsigned, "d", D, PUTU);
  CV("cvt.rni.s64.f64", "=l", unsigned long long, "d", D, PUTL);
  CV("cvt.rzi.u64.f64", "=l", unsigned long long, "d", D, PUTL);
  CV("cvt.rmi.s64.f64", "=l", unsigned long long, "d", D, PUTL);
  CV("cvt.rpi.u64.f64", "=l", unsigned long long, "d", D, PUTL);
  CV("cvt.rzi.ftz.s32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rpi.ftz.s32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rni.sat.s32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rzi.sat.u32.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rni.s16.f32", "=h", unsigned short, "f", F, PUTU);
  CV("cvt.rzi.u16.f32", "=h", unsigned short, "f", F, PUTU);
  CV("cvt.rni.s8.f32", "=r", unsigned, "f", F, PUTU);
  CV("cvt.rzi.u8.f64", "=r", unsigned, "d", D, PUTU);

  /* int -> float */
  CV("cvt.rn.f32.s32", "=f", float, "r", A, PUTF);
  CV("cvt.rz.f32.s32", "=f", float, "r", A, PUTF);
  CV("cvt.rm.f32.s32", "=f", float, "r", A, PUTF);
  CV("cvt.rp.f32.s32", "=f", float, "r", A, PUTF);
  CV("cvt.rn.f32.u32", "=f", float, "r", A, PUTF);
  CV("cvt.rz.f32.u32", "=f", float, "r", A, PUTF);
  CV("cvt.rm.f32.u32", "=f", float, "r", A, PUTF);
  CV("cvt.rp.f32.u32", "=f", float, "r", A, PUTF);
  CV("cvt.rn.f32.s64", "=f", float, "l", A64, PUTF);
  CV("cvt.rz.f32.s64", "=f", float, "l", A64, PUTF);
  CV("cvt.rm.f32.u64", "=f", float, "l", A64, PUTF);
  CV("cvt.rp.f32.u64", "=f", float, "l", A64, PUTF);
  CV("cvt.rn.f64.s32", "=d", double, "r", A, PUTD);
  CV("cvt.rn.f64.u32", "=d", double, "r", A, PUTD);
  CV("cvt.rn.f64.s64", "=d", double, "l", A64, PUTD);
  CV("cvt.rz.f64.s64", "=d", double, "l", A64, PUTD);
  CV("cvt.rm.f64.u64", "=d", double, "l", A64, PUTD);
  CV("cvt.rp.f64.u64", "=d", double, "l", A64, PUTD);
  CV("cvt.rn.f32.s16", "=f", float, "h", H, PUTF);
  CV("cvt.rn.f32.u16", "=f", float, "h", H, PUTF);

  /* float <-> float */
  CV("cvt.rn.f32.f64", "=f", float, "d", D, PUTF);
  CV("cvt.rz.f32.f64", "=f", float, "d", D, PUTF);
  CV("cvt.rm.f32.f64", "=f", float, "d", D, PUTF);
  CV("cvt.rp.f32.f64", "=f", float, "d", D, PUTF);
  CV("cvt.rn.ftz.f32.f64", "=f", float, "d", D, PUTF);
  CV("cvt.rn.sat.f32.f64", "=f", float, "d", D, PUTF);
  CV("cvt.f64.f32", "=d", double, "f", F, PUTD);
  CV("cvt.ftz.f64.f32", "=d", double, "f", F, PUTD);
  CV("cvt.rni.f32.f32", "=f", float, "f", F, PUTF);
  CV("cvt.rzi.f32.f32", "=f", float, "f", F, PUTF);
  CV("cvt.rmi.f32.f32", "=f", float, "f", F, PUTF);
  CV("cvt.rpi.f32.f32", "=f", float, "f", F, PUTF);
  CV("cvt.rni.ftz.f32.f32", "=f", float, "f", F, PUTF);
  CV("cvt.sat.f32.f32", "=f", float, "f", F, PUTF);
  CV("cvt.ftz.f32.f32", "=f", float, "f", F, PUTF);
  CV("cvt.rni.f64.f64", "=d", double, "d", D, PUTD);
  CV("cvt.rmi.f64.f64", "=d", double, "d", D, PUTD);

  /* f16 */
  CV("cvt.rn.f16.f32", "=h", unsigned short, "f", F, PUTU);
  CV("cvt.rz.f16.f32", "=h", unsigned short, "f", F, PUTU);
  CV("cvt.rm.f16.f32", "=h", unsigned short, "f", F, PUTU);
  CV("cvt.rp.f16.f32", "=h", unsigned short, "f", F, PUTU);
  CV("cvt.rn.f16.f64", "=h", unsigned short, "d", D, PUTU);
  CV("cvt.f32.f16", "=f", float, "h", H, PUTF);
  CV("cvt.f64.f16", "=d", double, "h", H, PUTD);
  {
    unsigned R;
    asm("{ .reg .b16 h; .reg .f32 f<2>; cvt.rn.f16.f32 h, %1; cvt.f32.f16 f0, h;"
        " sub.f32 f1, %1, f0; mov.b32 %0, f1; }"
        : "=r"(R) : "f"(F)); W.put(R);
  }
#undef PUTU
#undef PUTL
#undef PUTF
#undef PUTD
  W.finish(CvtResults);
}

/* ------------------------------------------------------------------ */
/* ptx_setp: comparisons, predicate combination, selp, slct            */
/* ------------------------------------------------------------------ */

__global__ void ptx_setp(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * SetpResults, 0};
  unsigned A = X.A, B = X.B, C = X.C;
  unsigned long long A64 = X.A64, B64 = X.B64;
  float FA = X.FA, FB = X.FB, FC = X.FC;
  double DA = X.DA, DB = X.DB;
  unsigned short HA = X.HA, HB = X.HB;
  unsigned Bits = 0, K = 0, R;
  auto add = [&](unsigned P) { Bits |= P << K++; };
#define CMP(OP, T, X_, Y_)                                                     \
  asm("{ .reg .pred p; " OP " p, %1, %2; selp.u32 %0, 1, 0, p; }"             \
      : "=r"(R) : T(X_), T(Y_));                                               \
  add(R);
#define BEGIN Bits = 0, K = 0;
#define END W.put(Bits);
  BEGIN
  CMP("setp.eq.s32", "r", A, B) CMP("setp.ne.s32", "r", A, B)
  CMP("setp.lt.s32", "r", A, B) CMP("setp.le.s32", "r", A, B)
  CMP("setp.gt.s32", "r", A, B) CMP("setp.ge.s32", "r", A, B)
  CMP("setp.eq.u32", "r", A, B) CMP("setp.ne.u32", "r", A, B)
  CMP("setp.lt.u32", "r", A, B) CMP("setp.le.u32", "r", A, B)
  CMP("setp.gt.u32", "r", A, B) CMP("setp.ge.u32", "r", A, B)
  CMP("setp.lo.u32", "r", A, B) CMP("setp.ls.u32", "r", A, B)
  CMP("setp.hi.u32", "r", A, B) CMP("setp.hs.u32", "r", A, B)
  CMP("setp.eq.b32", "r", A, B) CMP("setp.ne.b32", "r", A, B)
  CMP("setp.lt.s64", "l", A64, B64) CMP("setp.le.s64", "l", A64, B64)
  CMP("setp.gt.s64", "l", A64, B64) CMP("setp.ge.s64", "l", A64, B64)
  CMP("setp.eq.s64", "l", A64, B64) CMP("setp.ne.b64", "l", A64, B64)
  CMP("setp.lo.u64", "l", A64, B64) CMP("setp.ls.u64", "l", A64, B64)
  CMP("setp.hi.u64", "l", A64, B64) CMP("setp.hs.u64", "l", A64, B64)
  CMP("setp.lt.s16", "h", HA, HB) CMP("setp.hs.u16", "h", HA, HB)
  CMP("setp.gt.u16", "h", HA, HB) CMP("setp.le.s16", "h", HA, HB)
  END
  BEGIN
  CMP("setp.eq.f32", "f", FA, FB) CMP("setp.ne.f32", "f", FA, FB)
  CMP("setp.lt.f32", "f", FA, FB) CMP("setp.le.f32", "f", FA, FB)
  CMP("setp.gt.f32", "f", FA, FB) CMP("setp.ge.f32", "f", FA, FB)
  CMP("setp.equ.f32", "f", FA, FB) CMP("setp.neu.f32", "f", FA, FB)
  CMP("setp.ltu.f32", "f", FA, FB) CMP("setp.leu.f32", "f", FA, FB)
  CMP("setp.gtu.f32", "f", FA, FB) CMP("setp.geu.f32", "f", FA, FB)
  CMP("setp.num.f32", "f", FA, FB) CMP("setp.nan.f32", "f", FA, FB)
  CMP("setp.eq.ftz.f32", "f", FA, FB) CMP("setp.lt.ftz.f32", "f", FA, FB)
  CMP("setp.eq.f64", "d", DA, DB) CMP("setp.ne.f64", "d", DA, DB)
  CMP("setp.lt.f64", "d", DA, DB) CMP("setp.le.f64", "d", DA, DB)
  CMP("setp.gt.f64", "d", DA, DB) CMP("setp.ge.f64", "d", DA, DB)
  CMP("setp.equ.f64", "d", DA, DB) CMP("setp.neu.f64", "d", DA, DB)
  CMP("setp.ltu.f64", "d", DA, DB) CMP("setp.leu.f64", "d", DA, DB)
  CMP("setp.gtu.f64", "d", DA, DB) CMP("setp.geu.f64", "d", DA, DB)
  CMP("setp.num.f64", "d", DA, DB) CMP("setp.nan.f64", "d", DA, DB)
  CMP("setp.gtu.ftz.f32", "f", FA, FB) CMP("setp.ne.ftz.f32", "f", FA, FB)
  END
#undef CMP
  /* immediates */
  BEGIN
  asm("{ .reg .pred p; setp.gt.s32 p, %1, -1; selp.u32 %0, 1, 0, p; }" : "=r"(R) : "r"(A)); add(R);
  asm("{ .reg .pred p; setp.lt.u32 p, %1, 0x80000000; selp.u32 %0, 1, 0, p; }" : "=r"(R) : "r"(A)); add(R);
  asm("{ .reg .pred p; setp.eq.f32 p, %1, 0f00000000; selp.u32 %0, 1, 0, p; }" : "=r"(R) : "f"(FA)); add(R);
  asm("{ .reg .pred p; setp.geu.f32 p, %1, 0f3F800000; selp.u32 %0, 1, 0, p; }" : "=r"(R) : "f"(FA)); add(R);
  asm("{ .reg .pred p; setp.lt.f64 p, %1, 0d0000000000000000; selp.u32 %0, 1, 0, p; }" : "=r"(R) : "d"(DA)); add(R);
  END

  /* .and/.or/.xor with a third predicate (also negated), and p|q */
  unsigned P, Q;
  asm("{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; setp.lt.and.s32 p|q, %2, %3, c;"
      " selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }"
      : "=r"(P), "=r"(Q) : "r"(A), "r"(B), "r"(C & 1));
  W.put(P | Q << 1);
  asm("{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; setp.ge.or.f32 p|q, %2, %3, !c;"
      " selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }"
      : "=r"(P), "=r"(Q) : "f"(FA), "f"(FB), "r"(C & 2));
  W.put(P | Q << 1);
  asm("{ .reg .pred p, c; setp.ne.u32 c, %3, 0; setp.nan.xor.f32 p, %1, %2, c;"
      " selp.u32 %0, 1, 0, p; }"
      : "=r"(P) : "f"(FA), "f"(FB), "r"(C & 4));
  W.put(P);
  asm("{ .reg .pred p, q, c; setp.eq.u32 c, %4, 0; setp.hi.xor.u32 p|q, %2, %3, !c;"
      " selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }"
      : "=r"(P), "=r"(Q) : "r"(A), "r"(B), "r"(C & 8));
  W.put(P | Q << 1);
  asm("{ .reg .pred p, q, c; setp.ne.u32 c, %4, 0; setp.leu.and.f64 p|q, %2, %3, !c;"
      " selp.u32 %0, 1, 0, p; selp.u32 %1, 1, 0, q; }"
      : "=r"(P), "=r"(Q) : "d"(DA), "d"(DB), "r"(C & 16));
  W.put(P | Q << 1);
  asm("{ .reg .pred p, c; setp.ne.u32 c, %3, 0; setp.ne.or.s64 p, %1, %2, c;"
      " selp.u32 %0, 1, 0, p; }"
      : "=r"(P) : "l"(A64), "l"(B64), "r"(C & 32));
  W.put(P);

  /* guards */
  asm("{ .reg .pred p; setp.lt.u32 p, %1, %2; @p mov.u32 %0, %1; @!p mov.u32 %0, %2; }"
      : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  R = C;
  asm("{ .reg .pred p; setp.gt.f32 p, %1, %2; @p add.u32 %0, %0, 1; }"
      : "+r"(R) : "f"(FA), "f"(FB)); W.put(R);

  /* selp */
  asm("{ .reg .pred p; setp.gt.u32 p, %3, 7; selp.b32 %0, %1, %2, p; }" : "=r"(R) : "r"(A), "r"(B), "r"(C)); W.put(R);
  asm("{ .reg .pred p; setp.lt.s32 p, %1, %2; selp.s32 %0, -1, 1, p; }" : "=r"(R) : "r"(A), "r"(B)); W.put(R);
  {
    unsigned long long R64;
    asm("{ .reg .pred p; setp.ne.u32 p, %3, 0; selp.b64 %0, %1, %2, p; }" : "=l"(R64) : "l"(A64), "l"(B64), "r"(C & 1)); W.put64(R64);
    float F;
    asm("{ .reg .pred p; setp.ltu.f32 p, %1, %2; selp.f32 %0, %1, %2, p; }" : "=f"(F) : "f"(FA), "f"(FB)); W.putF(F);
    asm("{ .reg .pred p; setp.ne.u32 p, %2, 0; selp.f32 %0, %1, 0f3F800000, p; }" : "=f"(F) : "f"(FA), "r"(C & 2)); W.putF(F);
    double D;
    asm("{ .reg .pred p; setp.gt.f64 p, %1, %2; selp.f64 %0, %1, %2, p; }" : "=d"(D) : "d"(DA), "d"(DB)); W.putD(D);
  }

  /* slct: integer and float selectors (-0, NaN, denormals in FB) */
  asm("slct.s32.s32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(C), "r"(B)); W.put(R);
  asm("slct.u32.s32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(C), "r"(B)); W.put(R);
  asm("slct.b32.f32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(C), "f"(FB)); W.put(R);
  asm("slct.ftz.b32.f32 %0, %1, %2, %3;" : "=r"(R) : "r"(A), "r"(C), "f"(FB)); W.put(R);
  {
    float F;
    asm("slct.f32.f32 %0, %1, %2, %3;" : "=f"(F) : "f"(FA), "f"(FC), "f"(FB)); W.putF(F);
    asm("slct.f32.s32 %0, %1, %2, %3;" : "=f"(F) : "f"(FA), "f"(FC), "r"(B)); W.putF(F);
    unsigned long long R64;
    asm("slct.u64.f32 %0, %1, %2, %3;" : "=l"(R64) : "l"(A64), "l"(B64), "f"(FB)); W.put64(R64);
    double D;
    asm("slct.f64.s32 %0, %1, %2, %3;" : "=d"(D) : "d"(DA), "d"(DB), "r"(A)); W.putD(D);
  }
#undef BEGIN
#undef END
  W.finish(SetpResults);
}

/* ------------------------------------------------------------------ */
/* ptx_carry: add/sub carry chains                                     */
/* ------------------------------------------------------------------ */

__global__ void ptx_carry(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * CarryResults, 0};
  unsigned A = X.A, B = X.B, C = X.C;
  unsigned S0, S1, S2, S3, S4;
  /* 128-bit add and sub of {A, B, C, ~A} and {B, A, ~C, C} */
  asm("add.cc.u32 %0, %4, %8;\n\taddc.cc.u32 %1, %5, %9;\n\t"
      "addc.cc.u32 %2, %6, %10;\n\taddc.u32 %3, %7, %11;"
      : "=r"(S0), "=r"(S1), "=r"(S2), "=r"(S3)
      : "r"(A), "r"(B), "r"(C), "r"(~A), "r"(B), "r"(A), "r"(~C), "r"(C));
  W.put(S0); W.put(S1); W.put(S2); W.put(S3);
  asm("sub.cc.u32 %0, %4, %8;\n\tsubc.cc.u32 %1, %5, %9;\n\t"
      "subc.cc.u32 %2, %6, %10;\n\tsubc.u32 %3, %7, %11;"
      : "=r"(S0), "=r"(S1), "=r"(S2), "=r"(S3)
      : "r"(A), "r"(B), "r"(C), "r"(~A), "r"(B), "r"(A), "r"(~C), "r"(C));
  W.put(S0); W.put(S1); W.put(S2); W.put(S3);
  /* all-ones words in the middle: the carry must ripple; the carry out
   * read with addc 0, 0 */
  asm("{\n\t.reg .u32 c;\n\tadd.cc.u32 %0, %5, %6;\n\taddc.cc.u32 %1, 0xffffffff, 0;\n\t"
      "addc.cc.u32 %2, %7, 0xffffffff;\n\taddc.cc.u32 %3, %6, %5;\n\taddc.u32 %4, 0, 0;\n\t}"
      : "=r"(S0), "=r"(S1), "=r"(S2), "=r"(S3), "=r"(S4)
      : "r"(A), "r"(B), "r"(C));
  W.put(S0); W.put(S1); W.put(S2); W.put(S3); W.put(S4);
  /* borrow out read with subc 0, 0 */
  asm("sub.cc.u32 %0, %3, %4;\n\tsubc.cc.u32 %1, 0, %5;\n\tsubc.u32 %2, 0, 0;"
      : "=r"(S0), "=r"(S1), "=r"(S2) : "r"(A), "r"(B), "r"(C));
  W.put(S0); W.put(S1); W.put(S2);
  /* signed forms */
  asm("add.cc.s32 %0, %2, %3; addc.s32 %1, %3, %2;"
      : "=r"(S0), "=r"(S1) : "r"(A), "r"(B));
  W.put(S0); W.put(S1);
  asm("sub.cc.s32 %0, %2, %3; subc.s32 %1, %3, %2;"
      : "=r"(S0), "=r"(S1) : "r"(A), "r"(B));
  W.put(S0); W.put(S1);
  /* tied accumulators: {S1:S0} += {B:A} twice */
  S0 = C; S1 = A;
  asm("add.cc.u32 %0, %0, %2; addc.u32 %1, %1, %3;" : "+r"(S0), "+r"(S1) : "r"(A), "r"(B));
  asm("add.cc.u32 %0, %0, %2; addc.u32 %1, %1, %3;" : "+r"(S0), "+r"(S1) : "r"(A), "r"(B));
  W.put(S0); W.put(S1);
  /* u64 */
  unsigned long long L0, L1, L2;
  unsigned long long P = X.A64, Q = X.B64, T = X.C64;
  asm("add.cc.u64 %0, %3, %4;\n\taddc.cc.u64 %1, %4, %5;\n\taddc.u64 %2, %5, %3;"
      : "=l"(L0), "=l"(L1), "=l"(L2) : "l"(P), "l"(Q), "l"(T));
  W.put64(L0); W.put64(L1); W.put64(L2);
  asm("sub.cc.u64 %0, %3, %4;\n\tsubc.cc.u64 %1, %4, %5;\n\tsubc.u64 %2, %5, %3;"
      : "=l"(L0), "=l"(L1), "=l"(L2) : "l"(P), "l"(Q), "l"(T));
  W.put64(L0); W.put64(L1); W.put64(L2);
  W.finish(CarryResults);
}

/* ------------------------------------------------------------------ */
/* ptx_mem: ld/st in every state space, cache operator, vector width   */
/* ------------------------------------------------------------------ */

/* Data no thread writes, for ld.global.nc. */
__device__ __align__(16) unsigned ReadOnly[8] = {
    0x01234567u, 0x89abcdefu, 0xdeadbeefu, 7u,
    0x80000000u, 0xffffffffu, 0x3f800000u, 0x7fc00001u};

__global__ void ptx_mem(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * MemResults, 0};
  unsigned A = X.A, B = X.B, C = X.C, I = X.I;
  unsigned *G = Out + Total * MemResults + I * MemScratch;
  __shared__ __align__(16) unsigned Tile[BlockThreads * 8];
  unsigned *Mine = &Tile[threadIdx.x * 8];
  unsigned Shared = (unsigned)__cvta_generic_to_shared(Mine);
  unsigned R, R1, R2, R3;
  unsigned long long R64;

  /* global: plain, cache operators, vectors, offsets */
  asm volatile("st.global.u32 [%0], %1;" ::"l"(G), "r"(A) : "memory");
  asm volatile("st.global.wb.u32 [%0+4], %1;" ::"l"(G), "r"(B) : "memory");
  asm volatile("st.global.cg.u32 [%0+8], %1;" ::"l"(G), "r"(C) : "memory");
  asm volatile("st.global.cs.u32 [%0+12], %1;" ::"l"(G), "r"(A ^ B) : "memory");
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.ca.u32 %0, [%1+4];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.cg.u32 %0, [%1+8];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.cs.u32 %0, [%1+12];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.lu.u32 %0, [%1+4];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.cv.u32 %0, [%1+8];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("st.global.v4.u32 [%0+16], {%1, %2, %3, %4};" ::"l"(G), "r"(B), "r"(C), "r"(A), "r"(~A) : "memory");
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4+16];"
               : "=r"(R), "=r"(R1), "=r"(R2), "=r"(R3) : "l"(G) : "memory");
  W.put(R); W.put(R1); W.put(R2); W.put(R3);
  asm volatile("st.global.wt.v2.u32 [%0+32], {%1, %2};" ::"l"(G), "r"(C), "r"(B) : "memory");
  asm volatile("ld.global.v2.u32 {%0, %1}, [%2+32];" : "=r"(R), "=r"(R1) : "l"(G) : "memory");
  W.put(R); W.put(R1);
  asm volatile("ld.global.u64 %0, [%1+24];" : "=l"(R64) : "l"(G) : "memory"); W.put64(R64);
  asm volatile("st.global.u64 [%0+40], %1;" ::"l"(G), "l"(X.A64) : "memory");
  {
    double D;
    asm volatile("ld.global.f64 %0, [%1+40];" : "=d"(D) : "l"(G) : "memory"); W.putD(D);
    float F0, F1;
    asm volatile("ld.global.v2.f32 {%0, %1}, [%2+40];" : "=f"(F0), "=f"(F1) : "l"(G) : "memory");
    W.putF(F0); W.putF(F1);
  }
  /* sub-word */
  asm volatile("st.global.u8 [%0+49], %1;" ::"l"(G), "r"(A) : "memory");
  asm volatile("st.global.u16 [%0+50], %1;" ::"l"(G), "h"(X.HB) : "memory");
  asm volatile("st.global.u8 [%0+48], %1;" ::"l"(G), "r"(B) : "memory");
  asm volatile("ld.global.u32 %0, [%1+48];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.u8 %0, [%1+49];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.s8 %0, [%1+49];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  asm volatile("ld.global.s16 %0, [%1+50];" : "=r"(R) : "l"(G) : "memory"); W.put(R);
  {
    unsigned short H;
    asm volatile("ld.global.u16 %0, [%1+50];" : "=h"(H) : "l"(G) : "memory"); W.put(H);
  }
  /* read-only path */
  asm("ld.global.nc.u32 %0, [%1];" : "=r"(R) : "l"(&ReadOnly[A & 7])); W.put(R);
  asm("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
      : "=r"(R), "=r"(R1), "=r"(R2), "=r"(R3) : "l"(&ReadOnly[(I & 1) * 4]));
  W.put(R ^ R1 ^ R2 ^ R3);
  asm("ld.global.nc.v2.f32 {%0, %1}, [%2+8];" : "=r"(R), "=r"(R1) : "l"(ReadOnly)); W.put(R + R1);
  /* guarded */
  R = C;
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %2, 0; @p ld.global.u32 %0, [%1]; }"
               : "+r"(R) : "l"(G), "r"(B & 1) : "memory"); W.put(R);
  asm volatile("{ .reg .pred p; setp.eq.u32 p, %2, 0; @!p st.global.u32 [%0+52], %1; }"
               ::"l"(G), "r"(A), "r"(A & 2) : "memory");

  /* shared, addressed by a 32-bit register from __cvta_generic_to_shared */
  asm volatile("st.shared.v2.u32 [%0], {%1, %2};" ::"r"(Shared), "r"(A), "r"(B) : "memory");
  asm volatile("st.shared.u32 [%0+8], %1;" ::"r"(Shared), "r"(A ^ B) : "memory");
  asm volatile("st.shared.u32 [%0+12], %1;" ::"r"(Shared), "r"(A + B) : "memory");
  asm volatile("st.shared.v4.u32 [%0+16], {%1, %2, %3, %4};" ::"r"(Shared), "r"(C), "r"(~C), "r"(I), "r"(B) : "memory");
  asm volatile("ld.shared.u32 %0, [%1+4];" : "=r"(R) : "r"(Shared) : "memory"); W.put(R);
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(R), "=r"(R1), "=r"(R2), "=r"(R3) : "r"(Shared) : "memory");
  W.put(R); W.put(R1); W.put(R2); W.put(R3);
  asm volatile("ld.shared.u64 %0, [%1+16];" : "=l"(R64) : "r"(Shared) : "memory"); W.put64(R64);
  asm volatile("ld.shared.s16 %0, [%1+2];" : "=r"(R) : "r"(Shared) : "memory"); W.put(R);
  asm volatile("ld.shared.v2.u32 {%0, %1}, [%2+24];" : "=r"(R), "=r"(R1) : "r"(Shared) : "memory");
  W.put(R); W.put(R1);
  /* generic pointers to shared and global */
  asm volatile("ld.u32 %0, [%1+8];" : "=r"(R) : "l"(Mine) : "memory"); W.put(R);
  asm volatile("st.u32 [%0+28], %1;" ::"l"(Mine), "r"(C * 3) : "memory");
  asm volatile("ld.shared.u32 %0, [%1+28];" : "=r"(R) : "r"(Shared) : "memory"); W.put(R);
  asm volatile("ld.v2.u32 {%0, %1}, [%2+16];" : "=r"(R), "=r"(R1) : "l"(G) : "memory"); W.put(R); W.put(R1);
  asm volatile("st.v2.u32 [%0+56], {%1, %2};" ::"l"(G), "r"(~B), "r"(~C) : "memory");

  /* local */
  __align__(16) unsigned Loc[4];
  unsigned Local = (unsigned)__cvta_generic_to_local(Loc);
  asm volatile("st.local.u32 [%0], %1;" ::"r"(Local), "r"(B) : "memory");
  asm volatile("st.local.u32 [%0+4], %1;" ::"r"(Local), "r"(C) : "memory");
  asm volatile("st.local.v2.u32 [%0+8], {%1, %2};" ::"r"(Local), "r"(A), "r"(~A) : "memory");
  asm volatile("ld.local.u32 %0, [%1+4];" : "=r"(R) : "r"(Local) : "memory"); W.put(R);
  asm volatile("ld.local.v2.u32 {%0, %1}, [%2+8];" : "=r"(R), "=r"(R1) : "r"(Local) : "memory"); W.put(R); W.put(R1);
  asm volatile("ld.u32 %0, [%1];" : "=r"(R) : "l"(Loc) : "memory"); W.put(R);

  /* fences and the barrier: read the neighbour's shared words */
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("membar.cta;" ::: "memory");
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  asm volatile("bar.sync 0;" ::: "memory");
  unsigned Next = (unsigned)__cvta_generic_to_shared(&Tile[((threadIdx.x + 1) % BlockThreads) * 8]);
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(R) : "r"(Next) : "memory"); W.put(R);
  asm volatile("ld.shared.u32 %0, [%1+28];" : "=r"(R) : "r"(Next) : "memory"); W.put(R);
  W.finish(MemResults);
}

/* ------------------------------------------------------------------ */
/* ptx_atom: atom and red, each thread on its own words                */
/* ------------------------------------------------------------------ */

__global__ void ptx_atom(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * AtomResults, 0};
  unsigned A = X.A, B = X.B, C = X.C, I = X.I;
  unsigned *G = Out + Total * AtomResults + I * AtomScratch;
  __shared__ __align__(16) unsigned Tile[BlockThreads * 8];
  unsigned *Mine = &Tile[threadIdx.x * 8];
  unsigned S = (unsigned)__cvta_generic_to_shared(Mine);
  unsigned R;
  unsigned long long R64;
  float F;

  /* global: G[0..] start as A, B, C, ... */
  for (int K = 0; K < AtomScratch; ++K)
    G[K] = K % 3 == 0 ? A : K % 3 == 1 ? B : C;
  asm volatile("atom.global.add.u32 %0, [%1], %2;" : "=r"(R) : "l"(G), "r"(B) : "memory"); W.put(R);
  asm volatile("atom.global.exch.b32 %0, [%1+4], %2;" : "=r"(R) : "l"(G), "r"(A) : "memory"); W.put(R);
  asm volatile("atom.global.cas.b32 %0, [%1+8], %2, %3;" : "=r"(R) : "l"(G), "r"(C), "r"(A) : "memory"); W.put(R); /* matches */
  asm volatile("atom.global.cas.b32 %0, [%1+12], %2, %3;" : "=r"(R) : "l"(G), "r"(B), "r"(C) : "memory"); W.put(R); /* iff A == B */
  asm volatile("atom.global.inc.u32 %0, [%1+16], %2;" : "=r"(R) : "l"(G), "r"(C) : "memory"); W.put(R); /* old B, bound C */
  asm volatile("atom.global.dec.u32 %0, [%1+20], %2;" : "=r"(R) : "l"(G), "r"(A) : "memory"); W.put(R); /* old C, bound A */
  asm volatile("atom.global.min.s32 %0, [%1+24], %2;" : "=r"(R) : "l"(G), "r"(B) : "memory"); W.put(R);
  asm volatile("atom.global.max.s32 %0, [%1+28], %2;" : "=r"(R) : "l"(G), "r"(A) : "memory"); W.put(R);
  asm volatile("atom.global.min.u32 %0, [%1+32], %2;" : "=r"(R) : "l"(G), "r"(A) : "memory"); W.put(R);
  asm volatile("atom.global.max.u32 %0, [%1+36], %2;" : "=r"(R) : "l"(G), "r"(B) : "memory"); W.put(R);
  asm volatile("atom.global.and.b32 %0, [%1+40], %2;" : "=r"(R) : "l"(G), "r"(A) : "memory"); W.put(R);
  asm volatile("atom.global.or.b32 %0, [%1+44], %2;" : "=r"(R) : "l"(G), "r"(A) : "memory"); W.put(R);
  asm volatile("atom.global.xor.b32 %0, [%1+48], %2;" : "=r"(R) : "l"(G), "r"(B) : "memory"); W.put(R);
  asm volatile("atom.global.add.u64 %0, [%1+56], %2;" : "=l"(R64) : "l"(G), "l"(X.B64) : "memory"); W.put64(R64);
  asm volatile("atom.global.cas.b64 %0, [%1+56], %2, %3;" : "=l"(R64) : "l"(G), "l"(X.A64), "l"(X.C64) : "memory"); W.put64(R64);
  asm volatile("atom.global.add.f32 %0, [%1+64], %2;" : "=f"(F) : "l"(G), "f"(X.FB) : "memory"); W.putF(F);
  /* generic */
  asm volatile("atom.add.u32 %0, [%1+68], %2;" : "=r"(R) : "l"(G), "r"(7) : "memory"); W.put(R);
  asm volatile("atom.exch.b32 %0, [%1+72], %2;" : "=r"(R) : "l"(G), "r"(I) : "memory"); W.put(R);
  /* red, read back later through the scratch */
  asm volatile("red.global.add.u32 [%0+76], %1;" ::"l"(G), "r"(A) : "memory");
  asm volatile("red.global.min.s32 [%0+80], %1;" ::"l"(G), "r"(A) : "memory");
  asm volatile("red.global.max.u32 [%0+84], %1;" ::"l"(G), "r"(A) : "memory");
  asm volatile("red.global.xor.b32 [%0+88], %1;" ::"l"(G), "r"(A) : "memory");
  asm volatile("red.global.dec.u32 [%0+92], %1;" ::"l"(G), "r"(B) : "memory");

  /* shared */
  Mine[0] = A; Mine[1] = B; Mine[2] = C; Mine[3] = A ^ B;
  Mine[4] = B; Mine[5] = C; Mine[6] = A; Mine[7] = 0;
  asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(R) : "r"(S), "r"(C) : "memory"); W.put(R);
  asm volatile("atom.shared.inc.u32 %0, [%1+4], %2;" : "=r"(R) : "r"(S), "r"(A) : "memory"); W.put(R); /* old B, bound A */
  asm volatile("atom.shared.dec.u32 %0, [%1+8], %2;" : "=r"(R) : "r"(S), "r"(B) : "memory"); W.put(R); /* old C, bound B */
  asm volatile("atom.shared.cas.b32 %0, [%1+12], %2, %3;" : "=r"(R) : "r"(S), "r"(A ^ B), "r"(C) : "memory"); W.put(R);
  asm volatile("atom.shared.exch.b32 %0, [%1+16], %2;" : "=r"(R) : "r"(S), "r"(A) : "memory"); W.put(R);
  asm volatile("atom.shared.min.u32 %0, [%1+20], %2;" : "=r"(R) : "r"(S), "r"(A) : "memory"); W.put(R);
  asm volatile("atom.shared.max.s32 %0, [%1+24], %2;" : "=r"(R) : "r"(S), "r"(B) : "memory"); W.put(R);
  asm volatile("atom.shared.or.b32 %0, [%1+28], %2;" : "=r"(R) : "r"(S), "r"(B) : "memory"); W.put(R);
  asm volatile("red.shared.add.u32 [%0+28], %1;" ::"r"(S), "r"(C) : "memory");
  asm volatile("red.shared.and.b32 [%0+20], %1;" ::"r"(S), "r"(C) : "memory");
  asm volatile("red.shared.inc.u32 [%0+4], %1;" ::"r"(S), "r"(C) : "memory");
  asm volatile("red.shared.min.s32 [%0+24], %1;" ::"r"(S), "r"(A) : "memory");
  /* generic on shared */
  asm volatile("atom.add.u32 %0, [%1+8], %2;" : "=r"(R) : "l"(Mine), "r"(1) : "memory"); W.put(R);
  asm volatile("atom.max.s32 %0, [%1+12], %2;" : "=r"(R) : "l"(Mine), "r"(A) : "memory"); W.put(R);
  asm volatile("{ .reg .u32 s, o; ld.shared.v4.u32 {%0, %1, %2, %3}, [%4]; }"
               : "=r"(R), "=r"(X.A), "=r"(X.B), "=r"(X.C) : "r"(S) : "memory");
  W.put(R); W.put(X.A); W.put(X.B); W.put(X.C);
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4+16];"
               : "=r"(R), "=r"(X.A), "=r"(X.B), "=r"(X.C) : "r"(S) : "memory");
  W.put(R); W.put(X.A); W.put(X.B); W.put(X.C);
  /* shared u64 */
  asm volatile("st.shared.u64 [%0], %1;" ::"r"(S), "l"(X.A64) : "memory");
  asm volatile("atom.shared.add.u64 %0, [%1], %2;" : "=l"(R64) : "r"(S), "l"(X.C64) : "memory"); W.put64(R64);
  asm volatile("ld.shared.u64 %0, [%1];" : "=l"(R64) : "r"(S) : "memory"); W.put64(R64);
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  W.finish(AtomResults);
}

/* ------------------------------------------------------------------ */
/* ptx_warp: shfl, vote, match, redux, activemask, elect               */
/* ------------------------------------------------------------------ */

template <int Mode, unsigned Width>
__device__ void shflAll(Writer &W, unsigned &Preds, unsigned &K, unsigned V,
                        unsigned Off) {
  constexpr unsigned Cup = (32 - Width) << 8, Cother = Cup | 0x1f;
  unsigned R, P;
  if (Mode == 0)
    asm volatile("{ .reg .pred p; shfl.sync.up.b32 %0|p, %2, %3, %4, 0xffffffff; selp.u32 %1, 1, 0, p; }"
                 : "=r"(R), "=r"(P) : "r"(V), "r"(Off), "n"(Cup));
  else if (Mode == 1)
    asm volatile("{ .reg .pred p; shfl.sync.down.b32 %0|p, %2, %3, %4, 0xffffffff; selp.u32 %1, 1, 0, p; }"
                 : "=r"(R), "=r"(P) : "r"(V), "r"(Off), "n"(Cother));
  else if (Mode == 2)
    asm volatile("{ .reg .pred p; shfl.sync.bfly.b32 %0|p, %2, %3, %4, 0xffffffff; selp.u32 %1, 1, 0, p; }"
                 : "=r"(R), "=r"(P) : "r"(V), "r"(Off), "n"(Cother));
  else
    asm volatile("{ .reg .pred p; shfl.sync.idx.b32 %0|p, %2, %3, %4, 0xffffffff; selp.u32 %1, 1, 0, p; }"
                 : "=r"(R), "=r"(P) : "r"(V), "r"(Off), "n"(Cother));
  W.put(R);
  Preds |= P << K++;
}

template <int Mode>
__device__ void shflWidths(Writer &W, unsigned &Preds, unsigned &K, unsigned V,
                           unsigned Off) {
  shflAll<Mode, 32>(W, Preds, K, V, Off);
  shflAll<Mode, 16>(W, Preds, K, V, Off);
  shflAll<Mode, 8>(W, Preds, K, V, Off);
  shflAll<Mode, 4>(W, Preds, K, V, Off);
}

__global__ void ptx_warp(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * WarpResults, 0};
  unsigned A = X.A, I = X.I, Lane = X.Lane, Warp = I / 32;
  unsigned R, P, Preds = 0, K = 0;
  const unsigned Full = 0xffffffffu;

  /* offsets: warp-uniform for half the warps, lane-dependent (incl. > 31)
   * for the others */
  unsigned Off = Warp & 1 ? (Lane * 7 + Warp) % 40 : Warp % 9;
  shflWidths<0>(W, Preds, K, A, Off);
  shflWidths<1>(W, Preds, K, A, Off);
  shflWidths<2>(W, Preds, K, A, Off);
  shflWidths<3>(W, Preds, K, A, Off);
  W.put(Preds);
  /* immediate lane and clamp, register c */
  asm volatile("shfl.sync.idx.b32 %0, %1, 5, 0x1f, 0xffffffff;" : "=r"(R) : "r"(A)); W.put(R);
  asm volatile("shfl.sync.bfly.b32 %0, %1, %2, %3, %4;" : "=r"(R) : "r"(A), "r"(Lane % 8), "r"(0x1f), "r"(Full)); W.put(R);
  /* the issue's example */
  {
    int r, p;
    asm volatile("{ .reg .pred q; shfl.sync.down.b32 %0|q, %2, %3, %4, %5; selp.s32 %1, 1, 0, q; }"
                 : "=r"(r), "=r"(p) : "r"(A), "r"(3), "r"(0x1f), "r"(Full));
    W.put(r); W.put(p);
  }
  /* CUB's scan step */
  asm volatile("{ .reg .s32 r0; .reg .pred p; shfl.sync.up.b32 r0|p, %1, %2, %3, %5; @p add.s32 r0, r0, %4; mov.s32 %0, r0; }"
               : "=r"(R) : "r"(A), "r"(4), "r"(0), "r"(A), "r"(Full)); W.put(R);
  /* CUB's reduce step (bfly with a guard) */
  asm volatile("{ .reg .u32 acc; .reg .pred ok; shfl.sync.bfly.b32 acc|ok, %1, %2, %3, %4; @!ok mov.u32 acc, 0; add.u32 %0, acc, %1; }"
               : "=r"(R) : "r"(A), "r"(2), "r"(0x81f), "r"(Full)); W.put(R);

  /* votes: lane-dependent predicates */
  unsigned Bit = A & 1, Uni = Warp & 2 ? 1u : (Lane < 31);
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }" : "=r"(R) : "r"(Bit), "r"(Full)); W.put(R);
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, !p, 0xffffffff; }" : "=r"(R) : "r"(A & 2)); W.put(R);
  unsigned V = 0;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(R) : "r"(Uni), "r"(Full)); V |= R;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.any.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(R) : "r"(Bit), "r"(Full)); V |= R << 1;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.uni.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(R) : "r"(Uni), "r"(Full)); V |= R << 2;
  asm volatile("{ .reg .pred p, q; setp.eq.u32 p, %1, 0; vote.sync.any.pred q, !p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(R) : "r"((unsigned)(Lane == 40)), "r"(Full)); V |= R << 3;
  asm volatile("{ .reg .pred p, q; setp.ne.u32 p, %1, 0; vote.sync.all.pred q, p, %2; selp.u32 %0, 1, 0, q; }" : "=r"(R) : "r"(Bit), "r"(Full)); V |= R << 4;
  W.put(V);

  /* match */
  unsigned Key = Warp & 1 ? (A & 3) : Lane / 8;
  asm volatile("match.any.sync.b32 %0, %1, %2;" : "=r"(R) : "r"(Key), "r"(Full)); W.put(R);
  unsigned Same = Warp % 3 == 0 ? 0x1234u : Warp % 3 == 1 ? (Lane == 17) : Warp;
  asm volatile("{ .reg .pred p; match.all.sync.b32 %0|p, %2, %3; selp.u32 %1, 1, 0, p; }" : "=r"(R), "=r"(P) : "r"(Same), "r"(Full)); W.put(R); W.put(P);
  asm volatile("match.all.sync.b32 %0, %1, 0xffffffff;" : "=r"(R) : "r"(Key)); W.put(R);

  /* redux */
  asm volatile("redux.sync.add.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.add.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.min.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.min.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.max.u32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.max.s32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);
  asm volatile("redux.sync.and.b32 %0, %1, %2;" : "=r"(R) : "r"(A | (1u << Lane)), "r"(Full)); W.put(R);
  asm volatile("redux.sync.or.b32 %0, %1, %2;" : "=r"(R) : "r"(A & 0x0f0f0f0fu), "r"(Full)); W.put(R);
  asm volatile("redux.sync.xor.b32 %0, %1, %2;" : "=r"(R) : "r"(A), "r"(Full)); W.put(R);

  /* activemask, elect, bar.warp.sync */
  asm volatile("activemask.b32 %0;" : "=r"(R)); W.put(R);
  R = 0;
  if (Lane & 1)
    asm volatile("activemask.b32 %0;" : "=r"(R));
  W.put(R);
  asm volatile("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }" : "=r"(R), "=r"(P) : "r"(Full)); W.put(R); W.put(P);
  asm volatile("bar.warp.sync %0;" ::"r"(Full));
  asm volatile("bar.warp.sync -1;");
  W.finish(WarpResults);
}

/* ------------------------------------------------------------------ */
/* ptx_sreg: special registers                                         */
/* ------------------------------------------------------------------ */

/* Words SregNondeterministic.. hold raw values the test ignores. */
enum { SregNondeterministic = 30 };

__global__ void ptx_sreg(unsigned *Out) {
  In X = inputs();
  Writer W = {Out + X.I * SregResults, 0};
  unsigned R;
#define SREG(NAME)                                                             \
  asm volatile("mov.u32 %0, %%" NAME ";" : "=r"(R));                           \
  W.put(R);
  SREG("laneid") SREG("lanemask_eq") SREG("lanemask_lt") SREG("lanemask_le")
  SREG("lanemask_gt") SREG("lanemask_ge")
  SREG("tid.x") SREG("tid.y") SREG("tid.z")
  SREG("ntid.x") SREG("ntid.y") SREG("ntid.z")
  SREG("ctaid.x") SREG("ctaid.y") SREG("ctaid.z")
  SREG("nctaid.x") SREG("nctaid.y") SREG("nctaid.z")
  SREG("dynamic_smem_size")
#undef SREG
  asm("{ .reg .u32 t<3>; mov.u32 t0, %%ctaid.x; mov.u32 t1, %%ntid.x; mov.u32 t2, %%tid.x;"
      " mad.lo.u32 %0, t0, t1, t2; }" : "=r"(R)); W.put(R);
  /* properties of the nondeterministic ones */
  unsigned Warpid, Nwarpid, Smid, Nsmid, Clk0, Clk1;
  unsigned long long C0, C1, G0, G1;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(Warpid));
  asm volatile("mov.u32 %0, %%nwarpid;" : "=r"(Nwarpid));
  asm volatile("mov.u32 %0, %%smid;" : "=r"(Smid));
  asm volatile("mov.u32 %0, %%nsmid;" : "=r"(Nsmid));
  asm volatile("mov.u32 %0, %%clock;" : "=r"(Clk0));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(C0));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(G0));
  asm volatile("mov.u64 %0, %%clock64;" : "=l"(C1));
  asm volatile("mov.u32 %0, %%clock;" : "=r"(Clk1));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(G1));
  W.put(Warpid < Nwarpid);
  W.put(Smid < Nsmid);
  W.put(C1 >= C0);
  W.put(Clk1 - Clk0 < 0x80000000u);
  W.put(G1 >= G0);
  while (W.N < SregNondeterministic)
    W.put(0);
  W.put(Warpid);
  W.put(Nwarpid);
  W.put(Smid);
  W.put(Nsmid);
  W.put((unsigned)(C1 - C0));
  W.put(Clk1 - Clk0);
  W.put((unsigned)(G1 - G0));
  W.finish(SregResults);
}

/* ------------------------------------------------------------------ */
/* ptx_approx: the approximate instructions, with their inputs         */
/* ------------------------------------------------------------------ */

/* Word positions (the test's --near groups). */
enum {
  ApX = 0,        /* input x */
  ApRcp = 1,      /* rcp.approx.f32, rcp.approx.ftz.f32 */
  ApSqrt = 3,     /* sqrt.approx.f32, .ftz */
  ApRsqrt = 5,    /* rsqrt.approx.f32, .ftz */
  ApEx2 = 7,      /* ex2.approx.f32, .ftz (input e) */
  ApLg2 = 9,      /* lg2.approx.f32, .ftz */
  ApY = 11,       /* input y in [-pi, pi] */
  ApSinCos = 12,  /* sin.approx.f32 y, cos.approx.f32 y, sin/cos .ftz */
  ApTanh = 16,    /* tanh.approx.f32 e */
  ApZ = 17,       /* divisor z */
  ApDiv = 18,     /* div.approx.f32 v/z, div.approx.ftz, div.full.f32, .ftz */
  ApD = 22,       /* input d (2 words) */
  ApRcp64 = 24,   /* rcp.approx.ftz.f64 d (2 words) */
  ApRsqrt64 = 26, /* rsqrt.approx.f64, rsqrt.approx.ftz.f64 (2 + 2 words) */
  /* The results PTX bounds in absolute error (lg2 for x in [0.5, 2], sin,
   * cos), plus 4.0f rounded to nearest: their distance in ulps measures
   * absolute error (one ulp of [2, 4) is 2^-22, of [4, 8) 2^-21). */
  ApLg2Plus4 = 30, /* lg2, lg2.ftz (+ 4 only for x in [0.5, 2]) */
  ApSinCosPlus4 = 32, /* sin, cos, sin.ftz, cos.ftz */
  ApV = 36,          /* dividend v of div.* v/z */
  ApE = 37,          /* input e of ex2 and tanh */
  ApEnd = 38
};

__global__ void ptx_approx(unsigned *Out) {
  In In_ = inputs();
  unsigned I = In_.I;
  Writer W = {Out + I * ApproxResults, 0};
  float X = I < Edges ? edgeFloat(I) : hashedFloat(I, 2 * (I & 1));
  if (I >= Edges && I % 4 == 0)
    X = (float)((int)(hashIndex(I) % 20001) - 10000) / 1000.0f; /* [-10, 10] */
  /* y in [-pi, pi], where PTX bounds sin/cos.approx; the edge values
   * beyond it (FLT_MAX, 2^31, ...) are replaced. */
  float Y = I < Edges ? edgeFloat(I)
                      : (float)((int)(hashIndex(I + 3) % 62833) - 31416) / 10000.0f;
  if (fabsf(Y) > 3.1415f && fabsf(Y) != __int_as_float(0x7f800000))
    Y = (float)I * 0.1f;
  /* every pair of edge values for the divisions */
  float V = I < EdgePairs ? edgeFloat(I / Edges) : hashedFloat(I, 5);
  float Z = I < EdgePairs ? edgeFloat(I % Edges) : hashedFloat(I, 6);
  double D = I < Edges ? edgeDouble(I) : hashedDouble(I, 2 * (I & 1));
  float R, E2 = I % 4 == 0 ? X * 12.8f : X * 0.0625f; /* [-128, 128] */
  double RD;
  W.putF(X);
  asm("rcp.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("sqrt.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("rsqrt.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("ex2.approx.f32 %0, %1;" : "=f"(R) : "f"(E2)); W.putF(R);
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(E2)); W.putF(R);
  asm("lg2.approx.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(X)); W.putF(R);
  W.putF(Y);
  asm("sin.approx.f32 %0, %1;" : "=f"(R) : "f"(Y)); W.putF(R);
  asm("cos.approx.f32 %0, %1;" : "=f"(R) : "f"(Y)); W.putF(R);
  asm("sin.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(Y)); W.putF(R);
  asm("cos.approx.ftz.f32 %0, %1;" : "=f"(R) : "f"(Y)); W.putF(R);
  asm("tanh.approx.f32 %0, %1;" : "=f"(R) : "f"(E2)); W.putF(R);
  W.putF(Z);
  asm("div.approx.f32 %0, %1, %2;" : "=f"(R) : "f"(V), "f"(Z)); W.putF(R);
  asm("div.approx.ftz.f32 %0, %1, %2;" : "=f"(R) : "f"(V), "f"(Z)); W.putF(R);
  asm("div.full.f32 %0, %1, %2;" : "=f"(R) : "f"(V), "f"(Z)); W.putF(R);
  asm("div.full.ftz.f32 %0, %1, %2;" : "=f"(R) : "f"(V), "f"(Z)); W.putF(R);
  W.putD(D);
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(RD) : "d"(D)); W.putD(RD);
  asm("rsqrt.approx.f64 %0, %1;" : "=d"(RD) : "d"(D)); W.putD(RD);
  asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(RD) : "d"(D)); W.putD(RD);
  for (unsigned K = 0; K < 2; ++K) /* the absolute bound holds near 1 */
    W.putF(X >= 0.5f && X <= 2.0f
               ? __fadd_rn(__uint_as_float(W.R[ApLg2 + K]), 4.0f)
               : __uint_as_float(W.R[ApLg2 + K]));
  for (unsigned K = 0; K < 4; ++K)
    W.putF(__fadd_rn(__uint_as_float(W.R[ApSinCos + K]), 4.0f));
  W.putF(V);
  W.putF(E2);
  W.finish(ApproxResults);
}

#ifndef NO_MAIN
#include <cstring>
struct KernelEntry {
  const char *Name;
  void (*Kernel)(unsigned *);
  int Words;
};
int main(int argc, char **argv) {
  const KernelEntry Kernels[] = {
      {"ptx_int", ptx_int, Total * IntResults},
      {"ptx_bits", ptx_bits, Total * BitsResults},
      {"ptx_float", ptx_float, Total * FloatResults},
      {"ptx_cvt", ptx_cvt, Total * CvtResults},
      {"ptx_setp", ptx_setp, Total * SetpResults},
      {"ptx_carry", ptx_carry, Total * CarryResults},
      {"ptx_mem", ptx_mem, Total * (MemResults + MemScratch)},
      {"ptx_atom", ptx_atom, Total * (AtomResults + AtomScratch)},
      {"ptx_warp", ptx_warp, Total * WarpResults},
      {"ptx_sreg", ptx_sreg, Total * SregResults},
      {"ptx_approx", ptx_approx, Total * ApproxResults},
  };
  for (const KernelEntry &K : Kernels)
    if (argc > 1 && !strcmp(argv[1], K.Name))
      return runAndPrint(K.Kernel, Blocks, BlockThreads, K.Words);
  fprintf(stderr, "usage: %s KERNEL (ptx_int ptx_bits ... ptx_approx)\n", argv[0]);
  return 2;
}
#endif
