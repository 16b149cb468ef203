/*===- suite.c - Test cases of the bundled kernels; the runner -----*- C -*-===*
 *
 * The table of test cases (Cases, at the end) and the code that runs one:
 * generate seeded inputs, compute the expected output on the CPU, copy the
 * inputs to the device, launch, copy the output back and compare.
 *
 * Every buffer a kernel sees carries guard elements past its end: the input
 * guard holds NaN (or a huge integer), so a kernel that reads past N
 * corrupts its result, and the output guard holds a sentinel that must
 * survive the launch. Output elements the kernel should write start as the
 * sentinel too, so one it forgets fails the comparison.
 *
 * Tolerances. Integer results and results that move or select a value
 * (max, broadcast, gather) must match bit for bit. A float sum must satisfy
 * |got - want| <= Tolerance * S, S being the sum of the magnitudes of its
 * terms; the report's max_err is the largest |got - want| / S. The sum
 * inputs are multiples of 2^-8 (2^-44 for double) with magnitude in
 * [0.5, 1], and the sizes keep S below 2^16 (at most 32 for double), so every
 * partial sum is exact in any order: a correct kernel shows max_err 0, and
 * a lost or doubled term is off by at least 0.5, far above the tolerance.
 * The CUB-style reductions instead add arbitrary floats and their reference
 * adds in the kernel's tree order, so they must match bit for bit.
 *
 * Kernels whose output depends on the order of their atomics (stream
 * compaction, warp-aggregated counters) start with their counters at 0, and
 * their output is checked for what holds in every order (the warps' output
 * ranges partition the output; each counter's slots are a permutation) and
 * then put in the order the reference uses before the comparison.
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "suite.h"

#include <fnmatch.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*===----------------------------------------------------------------------===*
 * The vocabulary of the table
 *===----------------------------------------------------------------------===*/

typedef enum { TYPE_F32, TYPE_I32, TYPE_F64, TYPE_I64 } ElemType;

/* A kernel's parameters, grid and output, as the .cu files document them. */
typedef enum {
  LAYOUT_ELEMENTS,      /* K(In, Out, N): Out[i], i < N */
  LAYOUT_ELEMENT_PAIRS, /* K(In, Out, N): Out[2i] and Out[2i+1], i < N */
  LAYOUT_WARPS,         /* K(In, Out, N): Out[w], w < ceil(N / 32) */
  LAYOUT_SRC_PER_WARP,  /* K(In, SrcLanes, Out, N): SrcLanes[i / 32], Out[i] */
  LAYOUT_SRC_PER_LANE,  /* K(In, SrcLanes, Out, N): SrcLanes[i], Out[i] */
  LAYOUT_BLOCKS,        /* K(In, Out, N): grid-stride loop, Out[blockIdx.x] */
  LAYOUT_ROWS_BY_WARP,  /* K(M, Out, Rows, Cols, Pitch): a warp per row */
  LAYOUT_ROWS_BY_BLOCK, /* K(M, Out, Rows, Cols, Pitch): a block per row */
  LAYOUT_SEGMENTS,      /* K(In, Out, N): Out[s], s < ceil(N / Param) */
  LAYOUT_TILES,         /* K(In, Out, N): Out[i], i < N; Param x Param tiles,
                           a lane per column, a grid-stride loop */
  LAYOUT_COMPACTED,     /* K(In, Out, N): a counter, (base, count) per warp,
                           the kept elements (stream_compact.cu) */
  LAYOUT_COUNTERS       /* K(Keys, Out, N): Param counters, then a slot per
                           thread (warp_agg_atomic.cu) */
} LayoutKind;

typedef enum { OP_SUM, OP_MAX } ReduceOp;

typedef enum {
  GEN_F32_GRID,       /* +-[0.5, 1] in steps of 2^-8 (sums are exact) */
  GEN_F32_ANY,        /* [-1, 1) with 24 random bits */
  GEN_F32_BELOW_ZERO, /* [-2, -1): a stray 0 changes a maximum */
  GEN_F64_GRID,       /* +-[0.5, 1) in steps of 2^-44 (sums are exact) */
  GEN_F64_ANY,        /* [-1, 1) with 53 random bits */
  GEN_I32_SMALL,      /* [-1000, 1000]: a block's sum of 10^6 fits */
  GEN_I32_WIDE,       /* [-2^24, 2^24]: a warp's sum fits */
  GEN_I32_ANY,        /* any 32-bit value */
  GEN_I64_WIDE,       /* [-2^58, 2^58): a warp's sum fits */
  GEN_I64_ANY,        /* any 64-bit value */
  GEN_I32_KEEP_MIX,   /* per warp, none, all or some of the lanes > 0 */
  GEN_I32_KEYS,       /* per warp, a pattern of shared keys and lanes < 0 */
  GEN_I32_TINY        /* [-32, 31]: values and their bits repeat in a warp */
} GenKind;

/* One problem size. */
typedef struct Shape {
  size_t N;       /* elements; rows when Cols is not 0 */
  size_t Cols;    /* matrix columns, 0 for vectors */
  unsigned Block; /* threads per block; 0 takes the case's */
} Shape;

typedef struct SuiteCase SuiteCase;
typedef struct Problem Problem;
typedef void (*ReferenceFn)(const SuiteCase *C, Problem *P);

struct SuiteCase {
  const char *Kernel;    /* the extern "C" symbol */
  const char *Source;    /* its file under hip-kernels/ */
  ElemType Type;         /* of In and Out */
  LayoutKind Layout;     /* parameters, grid and output */
  unsigned Block;        /* threads per block unless the shape says */
  GenKind Gen;           /* how In is filled */
  uint64_t Seed;         /* mixed with the shape for each size */
  ReferenceFn Reference; /* fills the expected output */
  ReduceOp Op;           /* for the references that reduce */
  unsigned Param;        /* scans, gathers: segment width; rows: the pitch
                            is a multiple of Param elements */
  double Tolerance;      /* 0: bit for bit; else see the file comment */
  const Shape *Shapes;   /* ends with N == 0 */
};

/* One run of a case: the launch and the host side of every buffer. */
struct Problem {
  size_t N;           /* the kernel's N; rows for matrices */
  size_t Cols, Pitch; /* matrices only */
  unsigned Grid, Block;
  size_t InCount;  /* elements the kernel may read */
  size_t SrcCount; /* source lanes, 0 if none */
  size_t OutCount; /* elements the kernel must write */
  void *In;        /* InCount + GUARD */
  int *Src;        /* SrcCount */
  void *Want;      /* OutCount */
  double *Scale;   /* OutCount: S of the file comment, 1 if exact */
  void *Got;       /* OutCount + GUARD */
};

enum { GUARD = 64, MAX_BLOCKS_STRIDED = 256, MAX_BLOCKS_TILED = 64 };
static const unsigned char SENTINEL_BYTE = 0xa5;

/*===----------------------------------------------------------------------===*
 * Elements
 *===----------------------------------------------------------------------===*/

static size_t elemSize(ElemType T) {
  return T == TYPE_F32 || T == TYPE_I32 ? 4 : 8;
}

static int isFloat(ElemType T) { return T == TYPE_F32 || T == TYPE_F64; }

static double getF(ElemType T, const void *Buf, size_t I) {
  if (T == TYPE_F32)
    return ((const float *)Buf)[I];
  return ((const double *)Buf)[I];
}

static long long getI(ElemType T, const void *Buf, size_t I) {
  if (T == TYPE_I32)
    return ((const int32_t *)Buf)[I];
  return ((const int64_t *)Buf)[I];
}

static void putF(ElemType T, void *Buf, size_t I, double V) {
  if (T == TYPE_F32)
    ((float *)Buf)[I] = (float)V;
  else
    ((double *)Buf)[I] = V;
}

static void putI(ElemType T, void *Buf, size_t I, long long V) {
  if (T == TYPE_I32)
    ((int32_t *)Buf)[I] = (int32_t)V;
  else
    ((int64_t *)Buf)[I] = V;
}

static void copyElem(ElemType T, void *Dst, size_t J, const void *Src,
                     size_t I) {
  size_t Size = elemSize(T);
  memcpy((char *)Dst + J * Size, (const char *)Src + I * Size, Size);
}

/* A value that spoils any sum or maximum it gets into. */
static void putPoison(ElemType T, void *Buf, size_t I) {
  if (isFloat(T))
    putF(T, Buf, I, NAN);
  else
    putI(T, Buf, I, T == TYPE_I32 ? 0x3fffffffll : 0x3fffffffffffffffll);
}

static void formatElem(ElemType T, const void *Buf, size_t I, char *Out,
                       size_t OutSize) {
  if (isFloat(T))
    snprintf(Out, OutSize, "%.17g", getF(T, Buf, I));
  else
    snprintf(Out, OutSize, "%lld", getI(T, Buf, I));
}

/*===----------------------------------------------------------------------===*
 * Seeded inputs
 *===----------------------------------------------------------------------===*/

/* splitmix64: small, fast and the same on every host. */
static uint64_t nextRandom(uint64_t *State) {
  uint64_t Z = (*State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

static double signOf(uint64_t R) { return (R >> 63) ? -1.0 : 1.0; }

/* Warp W's elements for stream compaction, which keeps those > 0: by turns
 * none, all, about half, 1 in 8 and 7 in 8 of its lanes. */
static long long keepMix(uint64_t R, size_t W) {
  long long Positive = 1 + (long long)(R >> 34),
            NotPositive = -(long long)(R >> 34);
  switch (W % 5) {
  case 0:
    return NotPositive;
  case 1:
    return Positive;
  case 2:
    return (R & 1) ? Positive : NotPositive;
  case 3:
    return (R & 7) == 0 ? Positive : NotPositive;
  default:
    return (R & 7) != 0 ? Positive : NotPositive;
  }
}

/* Lane L of warp W's key for the warp-aggregated increment: a key < 0 is an
 * inactive thread, else the counter is key mod the number of counters (at
 * least 32). By turns the warp's lanes share one counter, take 32 distinct
 * ones, alternate between two, pick from 4 at random, pick any with half
 * of them inactive, are mostly inactive with the rest on 3 counters, or
 * form 4 groups of 8 lanes less lanes 5 and 17. */
static long long keyPattern(uint64_t R, size_t W, size_t L) {
  long long Inactive = -1 - (long long)((R >> 40) % 1000);
  switch (W % 7) {
  case 0:
    return (long long)(W * 7);
  case 1:
    return (long long)(W * 32 + L);
  case 2:
    return (long long)(W + (L & 1));
  case 3:
    return (long long)(R % 4);
  case 4:
    return (R & 1) ? Inactive : (long long)((R >> 8) % 1000);
  case 5:
    return R % 8 == 0 ? (long long)((R >> 8) % 3) : Inactive;
  default:
    return L == 5 || L == 17 ? Inactive : (long long)(W + L / 8);
  }
}

static void generateOne(GenKind G, ElemType T, uint64_t R, void *Buf,
                        size_t I) {
  switch (G) {
  case GEN_F32_GRID:
    putF(T, Buf, I, signOf(R) * (double)(128 + R % 129) / 256.0);
    return;
  case GEN_F32_ANY:
    putF(T, Buf, I, (double)(R >> 40) / 8388608.0 - 1.0);
    return;
  case GEN_F32_BELOW_ZERO:
    putF(T, Buf, I, -1.0 - (double)(R >> 40) / 16777216.0);
    return;
  case GEN_F64_GRID:
    putF(T, Buf, I,
         signOf(R) * (double)((1ull << 43) | (R & ((1ull << 43) - 1))) /
             17592186044416.0);
    return;
  case GEN_F64_ANY:
    putF(T, Buf, I, (double)(R >> 11) / 4503599627370496.0 - 1.0);
    return;
  case GEN_I32_SMALL:
    putI(T, Buf, I, (long long)(R % 2001) - 1000);
    return;
  case GEN_I32_WIDE:
    putI(T, Buf, I, (long long)(R % ((1ull << 25) + 1)) - (1ll << 24));
    return;
  case GEN_I32_ANY:
    putI(T, Buf, I, (int32_t)(uint32_t)R);
    return;
  case GEN_I64_WIDE:
    putI(T, Buf, I, (long long)(R >> 5) - (1ll << 58));
    return;
  case GEN_I64_ANY:
    putI(T, Buf, I, (long long)R);
    return;
  case GEN_I32_KEEP_MIX:
    putI(T, Buf, I, keepMix(R, I / 32));
    return;
  case GEN_I32_KEYS:
    putI(T, Buf, I, keyPattern(R, I / 32, I % 32));
    return;
  case GEN_I32_TINY:
    putI(T, Buf, I, (long long)(R % 64) - 32);
    return;
  }
}

static uint64_t shapeSeed(const SuiteCase *C, const Shape *S) {
  uint64_t State = C->Seed ^ ((uint64_t)S->N * 0x100000001b3ull) ^
                   ((uint64_t)S->Cols << 32) ^ S->Block;
  return nextRandom(&State);
}

/* In[0 .. InCount) random (the padding of matrix rows poisoned), the guard
 * poisoned; source lanes in [-40, 100], most outside 0..31. */
static void generateInputs(const SuiteCase *C, const Shape *S, Problem *P) {
  uint64_t State = shapeSeed(C, S);
  for (size_t I = 0; I < P->InCount; ++I) {
    uint64_t R = nextRandom(&State);
    if (P->Cols && I % P->Pitch >= P->Cols)
      putPoison(C->Type, P->In, I);
    else
      generateOne(C->Gen, C->Type, R, P->In, I);
  }
  for (size_t I = P->InCount; I < P->InCount + GUARD; ++I)
    putPoison(C->Type, P->In, I);
  for (size_t I = 0; I < P->SrcCount; ++I)
    P->Src[I] = (int)(nextRandom(&State) % 141) - 40;
}

/*===----------------------------------------------------------------------===*
 * CPU references
 *===----------------------------------------------------------------------===*/

/* A running reduction: floats in double (exact for the grid inputs) with
 * the sum of magnitudes, integers in 64 bits. */
typedef struct Acc {
  double F, Magnitude;
  long long I;
} Acc;

static Acc accStart(const SuiteCase *C) {
  Acc A = {0.0, 0.0, 0};
  if (C->Op == OP_MAX) {
    A.F = -INFINITY;
    A.I = C->Type == TYPE_I32 ? INT32_MIN : INT64_MIN;
  }
  return A;
}

static void accAdd(const SuiteCase *C, Acc *A, const void *In, size_t I) {
  if (isFloat(C->Type)) {
    double X = getF(C->Type, In, I);
    A->F = C->Op == OP_SUM ? A->F + X : (X > A->F ? X : A->F);
    A->Magnitude += fabs(X);
    return;
  }
  long long X = getI(C->Type, In, I);
  A->I = C->Op == OP_SUM ? A->I + X : (X > A->I ? X : A->I);
}

static void accStore(const SuiteCase *C, const Acc *A, Problem *P, size_t K) {
  P->Scale[K] = 1.0;
  if (!isFloat(C->Type)) {
    putI(C->Type, P->Want, K, A->I);
    return;
  }
  putF(C->Type, P->Want, K, A->F);
  if (C->Op == OP_SUM && A->Magnitude > 0.0)
    P->Scale[K] = A->Magnitude;
}

static size_t minSize(size_t A, size_t B) { return A < B ? A : B; }

static size_t ceilDiv(size_t A, size_t B) { return (A + B - 1) / B; }

/* Want[K] = In[J], or the 0 a padding lane holds when J >= N. */
static void expectLane(const SuiteCase *C, Problem *P, size_t K, size_t J) {
  P->Scale[K] = 1.0;
  if (J < P->N)
    copyElem(C->Type, P->Want, K, P->In, J);
  else
    memset((char *)P->Want + K * elemSize(C->Type), 0, elemSize(C->Type));
}

/* Out[i]: the reduction of the 32-lane warp holding i. */
static void refWarpAllReduce(const SuiteCase *C, Problem *P) {
  for (size_t First = 0; First < P->N; First += 32) {
    size_t End = minSize(First + 32, P->N);
    Acc A = accStart(C);
    for (size_t I = First; I < End; ++I)
      accAdd(C, &A, P->In, I);
    for (size_t I = First; I < End; ++I)
      accStore(C, &A, P, I);
  }
}

/* Out[w]: the reduction of warp w. */
static void refWarpReduce(const SuiteCase *C, Problem *P) {
  for (size_t First = 0; First < P->N; First += 32) {
    size_t End = minSize(First + 32, P->N);
    Acc A = accStart(C);
    for (size_t I = First; I < End; ++I)
      accAdd(C, &A, P->In, I);
    accStore(C, &A, P, First / 32);
  }
}

/* Out[i]: the inclusive prefix of i's segment of Param lanes. */
static void refSegmentScan(const SuiteCase *C, Problem *P) {
  for (size_t First = 0; First < P->N; First += C->Param) {
    size_t End = minSize(First + C->Param, P->N);
    Acc A = accStart(C);
    for (size_t I = First; I < End; ++I) {
      accAdd(C, &A, P->In, I);
      accStore(C, &A, P, I);
    }
  }
}

/* Out[i]: lane SrcLanes[i / 32] mod 32 of i's warp. */
static void refBroadcastPerWarp(const SuiteCase *C, Problem *P) {
  for (size_t I = 0; I < P->N; ++I) {
    unsigned Lane = (unsigned)P->Src[I / 32] & 31u;
    expectLane(C, P, I, (I & ~(size_t)31) + Lane);
  }
}

/* Out[i]: lane SrcLanes[i] mod Param of i's segment of Param lanes. */
static void refGatherPerLane(const SuiteCase *C, Problem *P) {
  size_t Width = C->Param;
  for (size_t I = 0; I < P->N; ++I) {
    unsigned Lane = (unsigned)P->Src[I] & (unsigned)(Width - 1);
    expectLane(C, P, I, I / Width * Width + Lane);
  }
}

/* Out[2i]: lane 37 mod 32 = 5 of i's warp; Out[2i+1]: lane -1 mod 16 = 15
 * of i's half warp. */
static void refBroadcastConstant(const SuiteCase *C, Problem *P) {
  for (size_t I = 0; I < P->N; ++I) {
    expectLane(C, P, 2 * I, (I & ~(size_t)31) + 5);
    expectLane(C, P, 2 * I + 1, (I & ~(size_t)15) + 15);
  }
}

/* Out[b]: the reduction of the elements block b visits in its grid-stride
 * loop: [b*Block + k*Grid*Block, +Block) for k = 0, 1, ... */
static void refBlockStrided(const SuiteCase *C, Problem *P) {
  size_t Stride = (size_t)P->Grid * P->Block;
  for (size_t B = 0; B < P->Grid; ++B) {
    Acc A = accStart(C);
    for (size_t First = B * P->Block; First < P->N; First += Stride) {
      size_t End = minSize(First + P->Block, P->N);
      for (size_t I = First; I < End; ++I)
        accAdd(C, &A, P->In, I);
    }
    accStore(C, &A, P, B);
  }
}

/* Out[r]: the reduction of row r's Cols elements. */
static void refRows(const SuiteCase *C, Problem *P) {
  for (size_t R = 0; R < P->N; ++R) {
    Acc A = accStart(C);
    for (size_t Col = 0; Col < P->Cols; ++Col)
      accAdd(C, &A, P->In, R * P->Pitch + Col);
    accStore(C, &A, P, R);
  }
}

/* Out[s]: the sum of segment s of Param lanes as CUB's WarpReduceShfl adds
 * it (cub_warp_reduce.cu): at offsets 1, 2, 4, ... below Param, every lane l
 * at once adds lane l + offset when that lane is valid; lane 0 ends with the
 * sum. Floats are added in float in that order, so the result is bit-exact;
 * integers wrap as unsigned 32-bit. */
static void refCubTree(const SuiteCase *C, Problem *P) {
  size_t Width = C->Param;
  for (size_t First = 0; First < P->N; First += Width) {
    size_t Valid = minSize(Width, P->N - First);
    float F[32];
    uint32_t U[32];
    for (size_t L = 0; L < Valid; ++L) {
      F[L] = C->Type == TYPE_F32 ? ((const float *)P->In)[First + L] : 0.0f;
      U[L] = C->Type == TYPE_F32 ? 0 : ((const uint32_t *)P->In)[First + L];
    }
    /* Ascending lanes read lane L + Offset before it changes. */
    for (size_t Offset = 1; Offset < Width; Offset *= 2)
      for (size_t L = 0; L + Offset < Valid; ++L) {
        F[L] = F[L + Offset] + F[L];
        U[L] = U[L + Offset] + U[L];
      }
    size_t K = First / Width;
    P->Scale[K] = 1.0;
    if (C->Type == TYPE_F32)
      ((float *)P->Want)[K] = F[0];
    else
      ((uint32_t *)P->Want)[K] = U[0];
  }
}

/* Out[i]: the element at i's transposed place in its tile of Param x Param,
 * or the 0 read past N. */
static void refTranspose(const SuiteCase *C, Problem *P) {
  size_t Side = C->Param, Area = Side * Side;
  for (size_t I = 0; I < P->N; ++I) {
    size_t Row = I % Area / Side, Col = I % Side;
    expectLane(C, P, I, I / Area * Area + Col * Side + Row);
  }
}

/* The kept elements of In (those > 0) warp by warp, as canonicalCompacted
 * orders the kernel's output: Out[0] the number kept, Out[1 + 2w] and
 * Out[2 + 2w] warp w's base and count with the warps in order, then the kept
 * elements; the rest of Data keeps the sentinel. */
static void refCompacted(const SuiteCase *C, Problem *P) {
  size_t NumWarps = ceilDiv(P->N, 32);
  const int32_t *In = P->In;
  int32_t *Want = P->Want, *Data = Want + 1 + 2 * NumWarps;
  int32_t Kept = 0;
  memset(Data, SENTINEL_BYTE, P->N * sizeof *Data);
  for (size_t W = 0; W < NumWarps; ++W) {
    int32_t Base = Kept;
    for (size_t I = 32 * W; I < minSize(32 * W + 32, P->N); ++I)
      if (In[I] > 0)
        Data[Kept++] = In[I];
    Want[1 + 2 * W] = Base;
    Want[2 + 2 * W] = Kept - Base;
  }
  Want[0] = Kept;
  for (size_t K = 0; K < P->OutCount; ++K)
    P->Scale[K] = 1.0;
  (void)C;
}

/* Counter c: the number of threads i < N with Keys[i] >= 0 and Keys[i] mod
 * Param = c; slot i: -1 for the other threads, else the slots handed out in
 * the order of the threads, as canonicalCounters renames the kernel's. */
static void refCounters(const SuiteCase *C, Problem *P) {
  const int32_t *Keys = P->In;
  int32_t *Want = P->Want, *Slots = Want + C->Param;
  for (size_t K = 0; K < C->Param; ++K)
    Want[K] = 0;
  for (size_t I = 0; I < P->N; ++I)
    Slots[I] = Keys[I] < 0 ? -1 : Want[Keys[I] % (int32_t)C->Param]++;
  for (size_t K = 0; K < P->OutCount; ++K)
    P->Scale[K] = 1.0;
}

/* The divergent warp primitives of warp_redux_divergent.cu: every lane of
 * the 32-lane warp holding i takes part, the lanes past N with the value 0. */
static int32_t laneValueOrZero(const Problem *P, size_t J) {
  return J < P->N ? ((const int32_t *)P->In)[J] : 0;
}

/* Out[i]: the maximum of V over i's warp's lanes with V & 4 if i has it,
 * else the minimum over the lanes without. */
static void refReduxArms(const SuiteCase *C, Problem *P) {
  int32_t *Want = P->Want;
  for (size_t I = 0; I < P->N; ++I) {
    int32_t V = laneValueOrZero(P, I), R = V;
    for (size_t J = I & ~(size_t)31; J < (I | 31) + 1; ++J) {
      int32_t U = laneValueOrZero(P, J);
      if ((U & 4) == (V & 4))
        R = (V & 4) ? (U > R ? U : R) : (U < R ? U : R);
    }
    Want[I] = R;
    P->Scale[I] = 1.0;
  }
  (void)C;
}

/* Out[i]: over trips t = 0 .. lane % 5, the sum of V + t over the lanes l of
 * i's warp still in the loop (l % 5 >= t), wrapping as 32-bit integers. */
static void refReduxLoop(const SuiteCase *C, Problem *P) {
  int32_t *Want = P->Want;
  for (size_t I = 0; I < P->N; ++I) {
    uint32_t Acc = 0;
    for (size_t T = 0; T <= I % 32 % 5; ++T)
      for (size_t J = I & ~(size_t)31; J < (I | 31) + 1; ++J)
        if (J % 32 % 5 >= T)
          Acc += (uint32_t)laneValueOrZero(P, J) + (uint32_t)T;
    Want[I] = (int32_t)Acc;
    P->Scale[I] = 1.0;
  }
  (void)C;
}

/* Out[i]: for V odd, the mask of the lanes of i's warp with an odd value of
 * the same V >> 3 (an arithmetic shift); else 0. */
static void refMatchBranch(const SuiteCase *C, Problem *P) {
  int32_t *Want = P->Want;
  for (size_t I = 0; I < P->N; ++I) {
    int32_t V = laneValueOrZero(P, I);
    uint32_t Mask = 0;
    for (size_t J = I & ~(size_t)31; (V & 1) && J < (I | 31) + 1; ++J) {
      int32_t U = laneValueOrZero(P, J);
      /* V / 8 rounded down: >> on a negative int is implementation-defined
       * in C. */
      if ((U & 1) && (U - (U & 7)) / 8 == (V - (V & 7)) / 8)
        Mask |= 1u << (J % 32);
    }
    Want[I] = (int32_t)Mask;
    P->Scale[I] = 1.0;
  }
  (void)C;
}

/* device_symbols.cu's device_calls_i32: Out[i] = the wrapped sum of V over
 * i's warp + (i even ? D + Coeff : D * Coeff), D the digit sum of V & 0xffff
 * and Coeff = {3, 5, 7, 11}[i & 3] (+ the retirement counter, which
 * retirement_sum_i32 has reset to 0). */
static void refDeviceCalls(const SuiteCase *C, Problem *P) {
  static const int32_t Coeffs[4] = {3, 5, 7, 11};
  int32_t *Want = P->Want;
  for (size_t I = 0; I < P->N; ++I) {
    uint32_t Sum = 0;
    for (size_t J = I & ~(size_t)31; J < (I | 31) + 1; ++J)
      Sum += (uint32_t)laneValueOrZero(P, J);
    int32_t Digits = 0;
    for (int32_t D = laneValueOrZero(P, I) & 0xffff; D; D /= 10)
      Digits += D % 10;
    int32_t Coeff = Coeffs[I & 3];
    int32_t Combined = (I & 1) ? Digits * Coeff : Digits + Coeff;
    Want[I] = (int32_t)(Sum + (uint32_t)Combined);
    P->Scale[I] = 1.0;
  }
  (void)C;
}

/*===----------------------------------------------------------------------===*
 * Outputs that depend on the order of atomics
 *===----------------------------------------------------------------------===*/

/* The counters the kernels increment start at 0. */
static void clearCounters(const SuiteCase *C, Problem *P) {
  if (C->Layout == LAYOUT_COMPACTED)
    ((int32_t *)P->Got)[0] = 0;
  else if (C->Layout == LAYOUT_COUNTERS)
    memset(P->Got, 0, C->Param * sizeof(int32_t));
}

typedef struct WarpRange {
  int32_t Base, Count;
  size_t Warp;
} WarpRange;

static int byBaseThenCount(const void *A, const void *B) {
  const WarpRange *X = A, *Y = B;
  if (X->Base != Y->Base)
    return X->Base < Y->Base ? -1 : 1;
  return (X->Count > Y->Count) - (X->Count < Y->Count);
}

/* Checks that the warps' ranges [base, base + count) partition Data[0 ..
 * counter), then moves each warp's elements to where they would be had the
 * warps reserved in order, and sets the bases to match. Returns -1 with a
 * message in Detail if the ranges are not a partition. */
static int canonicalCompacted(Problem *P, char *Detail, size_t DetailSize) {
  size_t NumWarps = ceilDiv(P->N, 32);
  int32_t *Got = P->Got, *Data = Got + 1 + 2 * NumWarps;
  long long Total = Got[0], Sum = 0;
  if (Total < 0 || Total > (long long)P->N) {
    snprintf(Detail, DetailSize, "counter Out[0] = %lld, not in 0..%zu", Total,
             P->N);
    return -1;
  }
  WarpRange *Ranges = malloc((NumWarps + 1) * sizeof *Ranges);
  int32_t *Copy = malloc((size_t)Total * sizeof *Copy + 1);
  int Failed = !Ranges || !Copy;
  if (Failed)
    snprintf(Detail, DetailSize, "out of host memory");
  for (size_t W = 0; W < NumWarps && !Failed; ++W) {
    WarpRange R = {Got[1 + 2 * W], Got[2 + 2 * W], W};
    Ranges[W] = R;
    Sum += R.Count;
    if (R.Count < 0 || R.Count > 32 || R.Base < 0 ||
        (long long)R.Base + R.Count > Total) {
      snprintf(Detail, DetailSize,
               "warp %zu: base %d, count %d: not inside Data[0..%lld)", W,
               (int)R.Base, (int)R.Count, Total);
      Failed = 1;
    }
  }
  if (!Failed && Sum != Total) {
    snprintf(Detail, DetailSize,
             "the warps' counts add up to %lld, the counter to %lld", Sum,
             Total);
    Failed = 1;
  }
  if (!Failed) {
    qsort(Ranges, NumWarps, sizeof *Ranges, byBaseThenCount);
    for (size_t K = 1; K < NumWarps && !Failed; ++K)
      if (Ranges[K].Base < Ranges[K - 1].Base + Ranges[K - 1].Count) {
        snprintf(Detail, DetailSize, "warps %zu and %zu overlap in Data",
                 Ranges[K - 1].Warp, Ranges[K].Warp);
        Failed = 1;
      }
  }
  if (!Failed) {
    memcpy(Copy, Data, (size_t)Total * sizeof *Copy);
    int32_t Prefix = 0;
    for (size_t W = 0; W < NumWarps; ++W) {
      int32_t Base = Got[1 + 2 * W], Count = Got[2 + 2 * W];
      memcpy(Data + Prefix, Copy + Base, (size_t)Count * sizeof *Copy);
      Got[1 + 2 * W] = Prefix;
      Prefix += Count;
    }
  }
  free(Ranges);
  free(Copy);
  return Failed ? -1 : 0;
}

/* Checks that the slots of each counter's threads are a permutation of
 * 0 .. (its number of active threads) - 1, then renames them to the slots of
 * refCounters: the threads in index order. Returns -1 with a message in
 * Detail otherwise. */
static int canonicalCounters(const SuiteCase *C, Problem *P, char *Detail,
                             size_t DetailSize) {
  size_t NumCounters = C->Param;
  const int32_t *Keys = P->In;
  int32_t *Slots = (int32_t *)P->Got + NumCounters;
  size_t *Start = calloc(NumCounters + 1, sizeof *Start);
  unsigned char *Seen = calloc(P->N + 1, 1);
  int Failed = !Start || !Seen;
  if (Failed)
    snprintf(Detail, DetailSize, "out of host memory");
  for (size_t I = 0; I < P->N && !Failed; ++I)
    if (Keys[I] >= 0)
      ++Start[Keys[I] % (int32_t)NumCounters + 1];
  for (size_t K = 0; K < NumCounters && !Failed; ++K)
    Start[K + 1] += Start[K];
  for (size_t I = 0; I < P->N && !Failed; ++I) {
    if (Keys[I] < 0)
      continue;
    size_t Counter = (size_t)(Keys[I] % (int32_t)NumCounters);
    long long Slot = Slots[I];
    size_t Count = Start[Counter + 1] - Start[Counter];
    if (Slot < 0 || Slot >= (long long)Count) {
      snprintf(Detail, DetailSize,
               "Out[%zu] = %lld: counter %zu has %zu active threads",
               NumCounters + I, Slot, Counter, Count);
      Failed = 1;
    } else if (Seen[Start[Counter] + (size_t)Slot]++) {
      snprintf(Detail, DetailSize,
               "Out[%zu]: slot %lld of counter %zu handed out twice",
               NumCounters + I, Slot, Counter);
      Failed = 1;
    }
  }
  if (!Failed) {
    /* Start[c] is now counter c's next slot in thread order. */
    memset(Start, 0, NumCounters * sizeof *Start);
    for (size_t I = 0; I < P->N; ++I)
      if (Keys[I] >= 0)
        Slots[I] = (int32_t)Start[Keys[I] % (int32_t)NumCounters]++;
  }
  free(Start);
  free(Seen);
  return Failed ? -1 : 0;
}

/* Puts the output of a kernel whose result depends on the order of its
 * atomics into the form its reference has; 0 when it could. */
static int canonicalOutput(const SuiteCase *C, Problem *P, char *Detail,
                           size_t DetailSize) {
  if (C->Layout == LAYOUT_COMPACTED)
    return canonicalCompacted(P, Detail, DetailSize);
  if (C->Layout == LAYOUT_COUNTERS)
    return canonicalCounters(C, P, Detail, DetailSize);
  return 0;
}

/*===----------------------------------------------------------------------===*
 * One run
 *===----------------------------------------------------------------------===*/

static int isRowLayout(LayoutKind L) {
  return L == LAYOUT_ROWS_BY_WARP || L == LAYOUT_ROWS_BY_BLOCK;
}

static int hasSrcLanes(LayoutKind L) {
  return L == LAYOUT_SRC_PER_WARP || L == LAYOUT_SRC_PER_LANE;
}

/* The launch and buffer sizes of case C at shape S. */
static void planProblem(const SuiteCase *C, const Shape *S, Problem *P) {
  memset(P, 0, sizeof *P);
  P->N = S->N;
  P->Block = S->Block ? S->Block : C->Block;
  P->InCount = S->N;
  size_t Grid = ceilDiv(S->N, P->Block);
  switch (C->Layout) {
  case LAYOUT_ELEMENTS:
    P->OutCount = S->N;
    break;
  case LAYOUT_ELEMENT_PAIRS:
    P->OutCount = 2 * S->N;
    break;
  case LAYOUT_WARPS:
    P->OutCount = ceilDiv(S->N, 32);
    break;
  case LAYOUT_SRC_PER_WARP:
    P->OutCount = S->N;
    P->SrcCount = ceilDiv(S->N, 32);
    break;
  case LAYOUT_SRC_PER_LANE:
    P->OutCount = S->N;
    P->SrcCount = S->N;
    break;
  case LAYOUT_BLOCKS:
    Grid = minSize(Grid, MAX_BLOCKS_STRIDED);
    P->OutCount = Grid;
    break;
  case LAYOUT_ROWS_BY_WARP:
  case LAYOUT_ROWS_BY_BLOCK:
    P->Cols = S->Cols;
    P->Pitch = ceilDiv(S->Cols, C->Param) * C->Param;
    P->InCount = S->N * P->Pitch;
    P->OutCount = S->N;
    Grid =
        C->Layout == LAYOUT_ROWS_BY_WARP ? ceilDiv(S->N * 32, P->Block) : S->N;
    break;
  case LAYOUT_SEGMENTS:
    P->OutCount = ceilDiv(S->N, C->Param);
    break;
  case LAYOUT_TILES: {
    size_t Lanes = ceilDiv(S->N, (size_t)C->Param * C->Param) * C->Param;
    Grid = minSize(ceilDiv(Lanes, P->Block), MAX_BLOCKS_TILED);
    P->OutCount = S->N;
    break;
  }
  case LAYOUT_COMPACTED:
    P->OutCount = 1 + 2 * ceilDiv(S->N, 32) + S->N;
    break;
  case LAYOUT_COUNTERS:
    P->OutCount = C->Param + S->N;
    break;
  }
  P->Grid = (unsigned)Grid;
}

static void freeProblem(Problem *P) {
  free(P->In);
  free(P->Src);
  free(P->Want);
  free(P->Scale);
  free(P->Got);
}

static int allocateProblem(const SuiteCase *C, Problem *P) {
  size_t Size = elemSize(C->Type);
  P->In = malloc((P->InCount + GUARD) * Size);
  P->Src = malloc((P->SrcCount + 1) * sizeof(int));
  P->Want = malloc((P->OutCount + 1) * Size);
  P->Scale = malloc((P->OutCount + 1) * sizeof(double));
  P->Got = malloc((P->OutCount + GUARD) * Size);
  return P->In && P->Src && P->Want && P->Scale && P->Got ? 0 : -1;
}

/* The device side of one run. */
typedef struct DeviceBuffers {
  void *In, *Src, *Out;
} DeviceBuffers;

static void freeDeviceBuffers(Device *D, DeviceBuffers *B) {
  if (B->In)
    D->Free(D, B->In);
  if (B->Src)
    D->Free(D, B->Src);
  if (B->Out)
    D->Free(D, B->Out);
}

static int copyInputs(Device *D, const SuiteCase *C, const Problem *P,
                      DeviceBuffers *B) {
  size_t Size = elemSize(C->Type);
  size_t InBytes = (P->InCount + GUARD) * Size;
  size_t OutBytes = (P->OutCount + GUARD) * Size;
  if (D->Alloc(D, &B->In, InBytes) || D->Alloc(D, &B->Out, OutBytes))
    return -1;
  if (P->SrcCount && D->Alloc(D, &B->Src, P->SrcCount * sizeof(int)))
    return -1;
  if (D->CopyToDevice(D, B->In, P->In, InBytes) ||
      D->CopyToDevice(D, B->Out, P->Got, OutBytes))
    return -1;
  if (P->SrcCount &&
      D->CopyToDevice(D, B->Src, P->Src, P->SrcCount * sizeof(int)))
    return -1;
  return 0;
}

static int launchKernel(Device *D, const SuiteCase *C, const Problem *P,
                        DeviceBuffers *B) {
  unsigned Grid[3] = {P->Grid, 1, 1};
  unsigned Block[3] = {P->Block, 1, 1};
  int N = (int)P->N, Cols = (int)P->Cols, Pitch = (int)P->Pitch;
  void *Args[5];
  if (isRowLayout(C->Layout)) {
    void *RowArgs[5] = {&B->In, &B->Out, &N, &Cols, &Pitch};
    memcpy(Args, RowArgs, sizeof RowArgs);
  } else if (hasSrcLanes(C->Layout)) {
    void *SrcArgs[4] = {&B->In, &B->Src, &B->Out, &N};
    memcpy(Args, SrcArgs, sizeof SrcArgs);
  } else {
    void *PlainArgs[3] = {&B->In, &B->Out, &N};
    memcpy(Args, PlainArgs, sizeof PlainArgs);
  }
  return D->Launch(D, C->Kernel, Grid, Block, Args);
}

/* Inputs to the device, launch, output back. On failure the device's
 * message is in D->Error. */
static int runOnDevice(Device *D, const SuiteCase *C, Problem *P) {
  DeviceBuffers B = {NULL, NULL, NULL};
  size_t OutBytes = (P->OutCount + GUARD) * elemSize(C->Type);
  int Failed = copyInputs(D, C, P, &B) || launchKernel(D, C, P, &B) ||
               D->CopyToHost(D, P->Got, B.Out, OutBytes);
  freeDeviceBuffers(D, &B);
  return Failed ? -1 : 0;
}

/*===----------------------------------------------------------------------===*
 * Comparison and report
 *===----------------------------------------------------------------------===*/

typedef struct Verdict {
  double MaxError;
  size_t Wrong;      /* elements over the tolerance */
  size_t FirstWrong; /* valid when Wrong > 0 */
  int GuardHit;      /* the kernel wrote past OutCount */
} Verdict;

/* The error of element K: 0 when its bits match; for float sums |got -
 * want| / S; otherwise the difference, at least 1 (a NaN counts as
 * infinite). */
static double elemError(const SuiteCase *C, const Problem *P, size_t K) {
  size_t Size = elemSize(C->Type);
  if (!memcmp((const char *)P->Got + K * Size, (const char *)P->Want + K * Size,
              Size))
    return 0.0;
  double Diff;
  if (isFloat(C->Type))
    Diff = fabs(getF(C->Type, P->Got, K) - getF(C->Type, P->Want, K));
  else
    Diff = fabs((double)getI(C->Type, P->Got, K) -
                (double)getI(C->Type, P->Want, K));
  if (isnan(Diff))
    return INFINITY;
  if (C->Tolerance > 0.0)
    return Diff / P->Scale[K];
  return Diff >= 1.0 ? Diff : 1.0;
}

static Verdict compareOutputs(const SuiteCase *C, const Problem *P) {
  Verdict V = {0.0, 0, 0, 0};
  for (size_t K = 0; K < P->OutCount; ++K) {
    double Error = elemError(C, P, K);
    if (Error > V.MaxError)
      V.MaxError = Error;
    if (Error > C->Tolerance && V.Wrong++ == 0)
      V.FirstWrong = K;
  }
  size_t Size = elemSize(C->Type);
  const unsigned char *Guard =
      (const unsigned char *)P->Got + P->OutCount * Size;
  for (size_t I = 0; I < GUARD * Size; ++I)
    V.GuardHit |= Guard[I] != SENTINEL_BYTE;
  return V;
}

static void formatShape(const Problem *P, char *Out, size_t OutSize) {
  if (P->Cols && P->Pitch != P->Cols)
    snprintf(Out, OutSize, "%zux%zu pitch %zu", P->N, P->Cols, P->Pitch);
  else if (P->Cols)
    snprintf(Out, OutSize, "%zux%zu", P->N, P->Cols);
  else
    snprintf(Out, OutSize, "n=%zu", P->N);
}

static void reportLine(FILE *Report, const SuiteCase *C, const Problem *P,
                       double MaxError, int Passed, const char *Detail) {
  char ShapeText[64], Launch[48];
  formatShape(P, ShapeText, sizeof ShapeText);
  snprintf(Launch, sizeof Launch, "grid=%u block=%u", P->Grid, P->Block);
  fprintf(Report, "%-24s %-22s %-22s max_err=%-9.3g tol=%-7.3g %s%s%s\n",
          C->Kernel, ShapeText, Launch, MaxError, C->Tolerance,
          Passed ? "PASS" : "FAIL", *Detail ? "  " : "", Detail);
}

static void describeFailure(const SuiteCase *C, const Problem *P,
                            const Verdict *V, char *Out, size_t OutSize) {
  char Got[48], Want[48];
  if (!V->Wrong) {
    snprintf(Out, OutSize, "wrote past the end of Out");
    return;
  }
  formatElem(C->Type, P->Got, V->FirstWrong, Got, sizeof Got);
  formatElem(C->Type, P->Want, V->FirstWrong, Want, sizeof Want);
  snprintf(Out, OutSize, "%zu of %zu wrong; first Out[%zu] = %s, want %s%s",
           V->Wrong, P->OutCount, V->FirstWrong, Got, Want,
           V->GuardHit ? "; wrote past the end" : "");
}

/* Runs case C at shape S and reports it; returns 1 on failure. */
static int runShape(Device *D, const SuiteCase *C, const Shape *S,
                    FILE *Report) {
  Problem P;
  char Detail[600] = "";
  planProblem(C, S, &P);
  if (allocateProblem(C, &P)) {
    freeProblem(&P);
    reportLine(Report, C, &P, INFINITY, 0, "out of host memory");
    return 1;
  }
  generateInputs(C, S, &P);
  C->Reference(C, &P);
  memset(P.Got, SENTINEL_BYTE, (P.OutCount + GUARD) * elemSize(C->Type));
  clearCounters(C, &P);

  int Passed = 0;
  double MaxError = INFINITY;
  D->Error[0] = '\0';
  if (runOnDevice(D, C, &P)) {
    snprintf(Detail, sizeof Detail, "device: %s", D->Error);
  } else if (canonicalOutput(C, &P, Detail, sizeof Detail)) {
    /* Detail says why the output cannot be right in any order. */
  } else {
    Verdict V = compareOutputs(C, &P);
    MaxError = V.MaxError;
    Passed = !V.Wrong && !V.GuardHit;
    if (!Passed)
      describeFailure(C, &P, &V, Detail, sizeof Detail);
  }
  reportLine(Report, C, &P, MaxError, Passed, Detail);
  freeProblem(&P);
  return !Passed;
}

/*===----------------------------------------------------------------------===*
 * The table
 *===----------------------------------------------------------------------===*/

/* Warp-level kernels: n below, at and just past a warp, odd, and 10^6. */
static const Shape WarpShapes[] = {
    {1, 0, 0},   {7, 0, 0},    {31, 0, 0},   {32, 0, 0},      {33, 0, 0},
    {100, 0, 0}, {1001, 0, 0}, {4097, 0, 0}, {1000000, 0, 0}, {0, 0, 0}};

/* Block reductions: block sizes that fill whole wave64 waves (64, 256,
 * 1024), whole warps but half a wave (96, 160) and a partial last warp
 * (1000 = 31 warps + 8 lanes; 33 and 1 beyond the required range). */
static const Shape BlockShapes[] = {
    {1, 0, 64},         {31, 0, 64},       {4097, 0, 64},      {1000000, 0, 64},
    {95, 0, 96},        {4097, 0, 96},     {1000000, 0, 96},   {31, 0, 160},
    {4097, 0, 160},     {1000000, 0, 160}, {1000000, 0, 256},  {1, 0, 1000},
    {1000, 0, 1000},    {4097, 0, 1000},   {1000000, 0, 1000}, {1023, 0, 1024},
    {1000000, 0, 1024}, {100, 0, 33},      {7, 0, 1},          {0, 0, 0}};

/* Rows x columns for a warp per row: fewer columns than lanes (or than one
 * quad), odd sizes, 10^6 elements square and in 16 long rows. */
static const Shape RowWarpShapes[] = {
    {1, 1, 0},       {5, 3, 0},      {7, 33, 0}, {33, 1000, 0},
    {1000, 1000, 0}, {16, 62501, 0}, {0, 0, 0}};

/* The same for a block per row, over the block sizes of BlockShapes. */
static const Shape RowBlockShapes[] = {
    {1, 1, 64},    {5, 3, 160},       {7, 33, 96},       {33, 1000, 1000},
    {3, 4099, 33}, {1000, 1000, 256}, {16, 62501, 1024}, {0, 0, 0}};

/* Kernels that need blockDim.x a multiple of 32, over blocks that leave half
 * of a wave64 empty (32, 96) as well as whole ones. */
static const Shape WarpMultipleShapes[] = {
    {1, 0, 32},       {7, 0, 96},        {31, 0, 64},   {32, 0, 32},
    {33, 0, 96},      {100, 0, 256},     {1001, 0, 96}, {4097, 0, 32},
    {1000000, 0, 96}, {1000000, 0, 256}, {0, 0, 0}};

/* Transposes (blockDim.x at most 256): fewer elements than a tile, a last
 * tile cut off, whole tiles, and sizes whose grid is capped so that warps
 * loop over several tiles. */
static const Shape TileShapes[] = {
    {1, 0, 32},       {200, 0, 64},      {256, 0, 96},  {1000, 0, 256},
    {1024, 0, 32},    {1025, 0, 96},     {4097, 0, 64}, {65536, 0, 256},
    {1000000, 0, 32}, {1000000, 0, 256}, {0, 0, 0}};

#define TOL_F32_SUM 1e-6
#define TOL_F64_SUM 1e-12

/* Kernel, source, type, layout, block, input, seed, reference, op, param,
 * tolerance, sizes. */
static const SuiteCase Cases[] = {
    {"warp_allreduce_sum_f32", "warp_allreduce.cu", TYPE_F32, LAYOUT_ELEMENTS,
     256, GEN_F32_GRID, 0x1001, refWarpAllReduce, OP_SUM, 0, TOL_F32_SUM,
     WarpShapes},
    {"warp_allreduce_max_f32", "warp_allreduce.cu", TYPE_F32, LAYOUT_ELEMENTS,
     256, GEN_F32_ANY, 0x1002, refWarpAllReduce, OP_MAX, 0, 0, WarpShapes},
    {"warp_allreduce_sum_i32", "warp_allreduce.cu", TYPE_I32, LAYOUT_ELEMENTS,
     256, GEN_I32_WIDE, 0x1003, refWarpAllReduce, OP_SUM, 0, 0, WarpShapes},
    {"warp_allreduce_max_i32", "warp_allreduce.cu", TYPE_I32, LAYOUT_ELEMENTS,
     256, GEN_I32_ANY, 0x1004, refWarpAllReduce, OP_MAX, 0, 0, WarpShapes},

    {"warp_reduce_sum_f32", "warp_reduce.cu", TYPE_F32, LAYOUT_WARPS, 128,
     GEN_F32_GRID, 0x2001, refWarpReduce, OP_SUM, 0, TOL_F32_SUM, WarpShapes},
    {"warp_reduce_sum_i32", "warp_reduce.cu", TYPE_I32, LAYOUT_WARPS, 128,
     GEN_I32_WIDE, 0x2002, refWarpReduce, OP_SUM, 0, 0, WarpShapes},

    {"warp_scan_i32_w32", "warp_scan.cu", TYPE_I32, LAYOUT_ELEMENTS, 256,
     GEN_I32_WIDE, 0x3001, refSegmentScan, OP_SUM, 32, 0, WarpShapes},
    {"warp_scan_i32_w8", "warp_scan.cu", TYPE_I32, LAYOUT_ELEMENTS, 256,
     GEN_I32_WIDE, 0x3002, refSegmentScan, OP_SUM, 8, 0, WarpShapes},
    {"warp_scan_f32_w32", "warp_scan.cu", TYPE_F32, LAYOUT_ELEMENTS, 256,
     GEN_F32_GRID, 0x3003, refSegmentScan, OP_SUM, 32, TOL_F32_SUM, WarpShapes},
    {"warp_scan_f32_w8", "warp_scan.cu", TYPE_F32, LAYOUT_ELEMENTS, 256,
     GEN_F32_GRID, 0x3004, refSegmentScan, OP_SUM, 8, TOL_F32_SUM, WarpShapes},

    {"warp_broadcast_f32", "warp_broadcast.cu", TYPE_F32, LAYOUT_SRC_PER_WARP,
     256, GEN_F32_ANY, 0x4001, refBroadcastPerWarp, OP_SUM, 32, 0, WarpShapes},
    {"warp_gather_i32_w8", "warp_broadcast.cu", TYPE_I32, LAYOUT_SRC_PER_LANE,
     256, GEN_I32_ANY, 0x4002, refGatherPerLane, OP_SUM, 8, 0, WarpShapes},
    {"warp_broadcast_const_i32", "warp_broadcast.cu", TYPE_I32,
     LAYOUT_ELEMENT_PAIRS, 256, GEN_I32_ANY, 0x4003, refBroadcastConstant,
     OP_SUM, 0, 0, WarpShapes},

    {"block_reduce_sum_f32", "block_reduce.cu", TYPE_F32, LAYOUT_BLOCKS, 0,
     GEN_F32_GRID, 0x5001, refBlockStrided, OP_SUM, 0, TOL_F32_SUM,
     BlockShapes},
    {"block_reduce_max_f32", "block_reduce.cu", TYPE_F32, LAYOUT_BLOCKS, 0,
     GEN_F32_BELOW_ZERO, 0x5002, refBlockStrided, OP_MAX, 0, 0, BlockShapes},
    {"block_reduce_sum_i32", "block_reduce.cu", TYPE_I32, LAYOUT_BLOCKS, 0,
     GEN_I32_SMALL, 0x5003, refBlockStrided, OP_SUM, 0, 0, BlockShapes},

    {"row_sum_warp_f32", "row_reduce.cu", TYPE_F32, LAYOUT_ROWS_BY_WARP, 256,
     GEN_F32_GRID, 0x6001, refRows, OP_SUM, 1, TOL_F32_SUM, RowWarpShapes},
    {"row_sum_warp_f32x4", "row_reduce.cu", TYPE_F32, LAYOUT_ROWS_BY_WARP, 256,
     GEN_F32_GRID, 0x6002, refRows, OP_SUM, 4, TOL_F32_SUM, RowWarpShapes},
    {"row_sum_block_f32", "row_reduce.cu", TYPE_F32, LAYOUT_ROWS_BY_BLOCK, 0,
     GEN_F32_GRID, 0x6003, refRows, OP_SUM, 1, TOL_F32_SUM, RowBlockShapes},
    {"row_sum_block_f32x4", "row_reduce.cu", TYPE_F32, LAYOUT_ROWS_BY_BLOCK, 0,
     GEN_F32_GRID, 0x6004, refRows, OP_SUM, 4, TOL_F32_SUM, RowBlockShapes},

    {"warp_allreduce_sum_f64", "shfl64.cu", TYPE_F64, LAYOUT_ELEMENTS, 256,
     GEN_F64_GRID, 0x7001, refWarpAllReduce, OP_SUM, 0, TOL_F64_SUM,
     WarpShapes},
    {"warp_allreduce_sum_i64", "shfl64.cu", TYPE_I64, LAYOUT_ELEMENTS, 256,
     GEN_I64_WIDE, 0x7002, refWarpAllReduce, OP_SUM, 0, 0, WarpShapes},
    {"warp_reduce_sum_f64", "shfl64.cu", TYPE_F64, LAYOUT_WARPS, 256,
     GEN_F64_GRID, 0x7003, refWarpReduce, OP_SUM, 0, TOL_F64_SUM, WarpShapes},
    {"warp_reduce_max_i64", "shfl64.cu", TYPE_I64, LAYOUT_WARPS, 256,
     GEN_I64_ANY, 0x7004, refWarpReduce, OP_MAX, 0, 0, WarpShapes},
    {"warp_scan_f64_w32", "shfl64.cu", TYPE_F64, LAYOUT_ELEMENTS, 256,
     GEN_F64_GRID, 0x7005, refSegmentScan, OP_SUM, 32, TOL_F64_SUM, WarpShapes},
    {"warp_broadcast_f64", "shfl64.cu", TYPE_F64, LAYOUT_SRC_PER_WARP, 256,
     GEN_F64_ANY, 0x7006, refBroadcastPerWarp, OP_SUM, 32, 0, WarpShapes},

    {"stream_compact_i32", "stream_compact.cu", TYPE_I32, LAYOUT_COMPACTED, 256,
     GEN_I32_KEEP_MIX, 0x8001, refCompacted, OP_SUM, 0, 0, WarpMultipleShapes},

    /* Param: NUM_COUNTERS of warp_agg_atomic.cu. */
    {"warp_agg_inc_i32", "warp_agg_atomic.cu", TYPE_I32, LAYOUT_COUNTERS, 128,
     GEN_I32_KEYS, 0x9001, refCounters, OP_SUM, 61, 0, WarpMultipleShapes},

    {"warp_transpose_f32_32", "warp_transpose.cu", TYPE_F32, LAYOUT_TILES, 256,
     GEN_F32_ANY, 0xa001, refTranspose, OP_SUM, 32, 0, TileShapes},
    {"warp_transpose_i32_16", "warp_transpose.cu", TYPE_I32, LAYOUT_TILES, 256,
     GEN_I32_ANY, 0xa002, refTranspose, OP_SUM, 16, 0, TileShapes},

    {"cub_warp_reduce_u32_l32", "cub_warp_reduce.cu", TYPE_I32, LAYOUT_SEGMENTS,
     128, GEN_I32_ANY, 0xb001, refCubTree, OP_SUM, 32, 0, WarpMultipleShapes},
    {"cub_warp_reduce_u32_l16", "cub_warp_reduce.cu", TYPE_I32, LAYOUT_SEGMENTS,
     128, GEN_I32_ANY, 0xb002, refCubTree, OP_SUM, 16, 0, WarpMultipleShapes},
    {"cub_warp_reduce_u32_l8", "cub_warp_reduce.cu", TYPE_I32, LAYOUT_SEGMENTS,
     128, GEN_I32_ANY, 0xb003, refCubTree, OP_SUM, 8, 0, WarpMultipleShapes},
    {"cub_warp_reduce_f32_l32", "cub_warp_reduce.cu", TYPE_F32, LAYOUT_SEGMENTS,
     128, GEN_F32_ANY, 0xb004, refCubTree, OP_SUM, 32, 0, WarpMultipleShapes},
    {"cub_warp_reduce_f32_l16", "cub_warp_reduce.cu", TYPE_F32, LAYOUT_SEGMENTS,
     128, GEN_F32_ANY, 0xb005, refCubTree, OP_SUM, 16, 0, WarpMultipleShapes},
    {"cub_warp_reduce_f32_l8", "cub_warp_reduce.cu", TYPE_F32, LAYOUT_SEGMENTS,
     128, GEN_F32_ANY, 0xb006, refCubTree, OP_SUM, 8, 0, WarpMultipleShapes},

    {"redux_arms_i32", "warp_redux_divergent.cu", TYPE_I32, LAYOUT_ELEMENTS,
     128, GEN_I32_TINY, 0xc001, refReduxArms, OP_SUM, 0, 0, WarpMultipleShapes},
    {"redux_loop_i32", "warp_redux_divergent.cu", TYPE_I32, LAYOUT_ELEMENTS,
     128, GEN_I32_SMALL, 0xc002, refReduxLoop, OP_SUM, 0, 0,
     WarpMultipleShapes},
    {"match_branch_i32", "warp_redux_divergent.cu", TYPE_I32, LAYOUT_ELEMENTS,
     128, GEN_I32_TINY, 0xc003, refMatchBranch, OP_SUM, 0, 0,
     WarpMultipleShapes},

    /* retirement_sum_i32 first: device_calls_i32 reads the counter it
     * resets. */
    {"retirement_sum_i32", "device_symbols.cu", TYPE_I32, LAYOUT_BLOCKS, 0,
     GEN_I32_SMALL, 0xd002, refBlockStrided, OP_SUM, 0, 0, WarpMultipleShapes},
    {"device_calls_i32", "device_symbols.cu", TYPE_I32, LAYOUT_ELEMENTS, 128,
     GEN_I32_ANY, 0xd001, refDeviceCalls, OP_SUM, 0, 0, WarpMultipleShapes},
};

enum { NUM_CASES = sizeof Cases / sizeof Cases[0] };

/*===----------------------------------------------------------------------===*
 * Entry points
 *===----------------------------------------------------------------------===*/

size_t suiteNumCases(void) { return NUM_CASES; }

const char *suiteCaseKernel(size_t I) {
  return I < NUM_CASES ? Cases[I].Kernel : NULL;
}

const char *suiteCaseSource(size_t I) {
  return I < NUM_CASES ? Cases[I].Source : NULL;
}

int suiteFilterMatches(const char *KernelFilter, const char *Kernel) {
  if (!KernelFilter || !*KernelFilter)
    return 1;
  const char *Item = KernelFilter;
  while (*Item) {
    const char *End = strchr(Item, ',');
    size_t Length = End ? (size_t)(End - Item) : strlen(Item);
    char Pattern[256];
    if (Length > 0 && Length < sizeof Pattern) {
      memcpy(Pattern, Item, Length);
      Pattern[Length] = '\0';
      if (fnmatch(Pattern, Kernel, 0) == 0)
        return 1;
    }
    Item += Length + (End ? 1 : 0);
  }
  return 0;
}

int suiteRun(Device *D, const char *KernelFilter, FILE *Report) {
  return suiteRunUpTo(D, KernelFilter, 0, Report);
}

int suiteRunUpTo(Device *D, const char *KernelFilter, size_t MaxElements,
                 FILE *Report) {
  int Failures = 0, Runs = 0, Matched = 0;
  fprintf(Report, "suite on %s\n", D->Name ? D->Name : "(unnamed device)");
  for (size_t I = 0; I < NUM_CASES; ++I) {
    const SuiteCase *C = &Cases[I];
    if (!suiteFilterMatches(KernelFilter, C->Kernel))
      continue;
    ++Matched;
    for (const Shape *S = C->Shapes; S->N; ++S) {
      if (MaxElements && S->N * (S->Cols ? S->Cols : 1) > MaxElements)
        continue;
      Failures += runShape(D, C, S, Report);
      ++Runs;
    }
  }
  if (!Matched) {
    fprintf(Report, "no test case matches the filter '%s'\n", KernelFilter);
    return 1;
  }
  fprintf(Report, "%d kernels, %d runs: %d passed, %d failed\n", Matched, Runs,
          Runs - Failures, Failures);
  return Failures;
}

void suiteSelectKernels(const char *Source, const char *Filter, char *Out,
                        size_t OutSize) {
  Out[0] = '\0';
  for (size_t I = 0; I < suiteNumCases(); ++I) {
    const char *Kernel = suiteCaseKernel(I);
    if (strcmp(suiteCaseSource(I), Source) != 0 ||
        (Filter && !suiteFilterMatches(Filter, Kernel)))
      continue;
    size_t Used = strlen(Out);
    snprintf(Out + Used, OutSize - Used, "%s%s", Used ? "," : "", Kernel);
  }
}
