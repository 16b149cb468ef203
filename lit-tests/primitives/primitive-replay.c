/*===- primitive-replay.c - NVIDIA warp-primitive ground truth on wavesim --===*
 *
 * lit-tests/oracle/nvidia/warp-primitives/vectors.bin.gz holds what every
 * lane of a warp got from 21 CUDA warp primitives (votes, activemask,
 * match, reduce, __syncwarp, elect) on an NVIDIA H100 (layout: FORMAT.md
 * there). This tool replays those records through our lowering: it loads
 * Inputs/warp_primitives.cu compiled by `cu2hsaco --emit-llvm` into wavesim
 * and runs each record in a block of 64 threads, the record in CUDA warp 0
 * and another record of the same primitive (next membermask, next value
 * pattern) in warp 1. Both are checked, and as every record is the
 * partner of one other, each runs once in each half of a wave64 (or in
 * each of two wave32s) while the other half holds different data. Every
 * lane of the record's membermask must match the recorded result and
 * predicate, and exactly those lanes may run.
 *
 * It also checks the host reference that FORMAT.md states in words against
 * the vectors (the semantic oracle, written here from that text), so a
 * misreading of the format shows up as a mismatch there rather than as
 * a lowering bug.
 *
 * Float redux.sync (llvm.nvvm.redux.sync.f{min,max}[.abs][.NaN]) is an
 * sm_100a instruction, so no H100 vector exists: --redux-f32 runs
 *Inputs/redux_f32.ll, lowered by `warp-lower --retarget`, on random inputs
 *(NaNs of several payloads and both signs, +-0, +-inf, denormals) over many
 *masks and compares every lane bitwise with a model written from the PTX ISA's
 *description.
 *
 * --exited-lanes replays the second NVIDIA ground truth,
 * lit-tests/oracle/nvidia/exited-lanes/ (member masks naming lanes that
 * have exited or were never launched, lanes exiting inside loops), through
 * Inputs/exited_lanes.cu: the same launches, every defined lane compared.
 *
 * usage: primitive-replay [--wave=32|64] [--only=PRIM] [--max-records=N]
 *                         VECTORS.bin [MODULE.ll]
 *        primitive-replay --redux-f32 [--wave=32|64] [--cases=N] MODULE.ll
 *        primitive-replay --exited-lanes [--wave=32|64] VECTORS.bin
 *                         [MODULE.ll]
 * Without MODULE only the semantic oracle runs. Exit 0 when nothing
 * mismatched, 1 on any mismatch, 2 on a usage, file or wavesim error.
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim-device.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  WarpLanes = 32,
  BlockThreads = 64,
  WarpsPerBlock = BlockThreads / WarpLanes,
  HeaderBytes = 32,
  NumPrims = 21,
  NumPatterns = 8,
  ShownPerKind = 4
};

/*===-- The vector file ---------------------------------------------------===*/

typedef struct {
  uint32_t Prim, Mask, Pattern, ExecMask, PredMask, OkMask;
  uint64_t In[WarpLanes];
  uint32_t Out[WarpLanes];
} Record;

_Static_assert(sizeof(Record) == 408, "FORMAT.md: records are 408 bytes");

typedef enum {
  PBallot,
  PAll,
  PAny,
  PUni,
  PActiveMask,
  PActiveMaskNested,
  PMatchAny32,
  PMatchAll32,
  PMatchAny64,
  PMatchAll64,
  PReduceAddU32,
  PReduceAddS32,
  PReduceMinU32,
  PReduceMinS32,
  PReduceMaxU32,
  PReduceMaxS32,
  PReduceAnd,
  PReduceOr,
  PReduceXor,
  PSyncWarp,
  PElect
} Prim;

static const char *const PrimNames[NumPrims] = {"ballot_sync",
                                                "all_sync",
                                                "any_sync",
                                                "uni_sync",
                                                "activemask",
                                                "activemask_nested",
                                                "match_any_sync.b32",
                                                "match_all_sync.b32",
                                                "match_any_sync.b64",
                                                "match_all_sync.b64",
                                                "reduce_add_sync.u32",
                                                "reduce_add_sync.s32",
                                                "reduce_min_sync.u32",
                                                "reduce_min_sync.s32",
                                                "reduce_max_sync.u32",
                                                "reduce_max_sync.s32",
                                                "reduce_and_sync",
                                                "reduce_or_sync",
                                                "reduce_xor_sync",
                                                "syncwarp_exchange",
                                                "elect_sync"};

static const char *const PatternNames[NumPatterns] = {
    "equal",  "distinct", "lane%3",     "lane/8",
    "random", "random4",  "hi_differs", "lo%3_hi/8"};

static uint32_t readLE32(const unsigned char *P) {
  return (uint32_t)P[0] | (uint32_t)P[1] << 8 | (uint32_t)P[2] << 16 |
         (uint32_t)P[3] << 24;
}

/* Reads and checks the header; returns the records or NULL. */
static Record *readVectors(const char *Path, uint32_t *Count) {
  FILE *F = fopen(Path, "rb");
  if (!F) {
    fprintf(stderr, "primitive-replay: cannot open '%s'\n", Path);
    return NULL;
  }
  unsigned char Header[HeaderBytes];
  Record *Records = NULL;
  if (fread(Header, 1, HeaderBytes, F) != HeaderBytes ||
      memcmp(Header, "WARPGT01", 8) || readLE32(Header + 8) != 1 ||
      readLE32(Header + 12) != sizeof(Record) ||
      readLE32(Header + 20) != NumPrims) {
    fprintf(stderr,
            "primitive-replay: '%s' is not a version 1 warp-primitives "
            "vector file (FORMAT.md)\n",
            Path);
  } else {
    *Count = readLE32(Header + 16);
    Records = malloc((size_t)*Count * sizeof(Record));
    if (fread(Records, sizeof(Record), *Count, F) != *Count) {
      fprintf(stderr, "primitive-replay: '%s' ends before record %u\n", Path,
              *Count);
      free(Records);
      Records = NULL;
    }
  }
  fclose(F);
  return Records;
}

/*===-- The host reference, from FORMAT.md --------------------------------===*/

typedef struct {
  uint32_t Out;
  bool Pred;
} LaneResult;

static bool inMask(uint32_t Mask, unsigned Lane) { return Mask >> Lane & 1; }

/* Bit j: the vote predicate (in[j] & 1) of lane j. */
static uint32_t predicateBits(const Record *R) {
  uint32_t Bits = 0;
  for (unsigned J = 0; J < WarpLanes; ++J)
    Bits |= (uint32_t)(R->In[J] & 1) << J;
  return Bits;
}

/* The lanes of the mask whose value equals lane L's (low 32 bits, or all
 * 64 for the .b64 forms). */
static uint32_t matchingLanes(const Record *R, unsigned L, bool Wide) {
  uint32_t Bits = 0;
  for (unsigned J = 0; J < WarpLanes; ++J) {
    bool Equal =
        Wide ? R->In[J] == R->In[L] : (uint32_t)R->In[J] == (uint32_t)R->In[L];
    if (inMask(R->Mask, J) && Equal)
      Bits |= 1u << J;
  }
  return Bits;
}

static uint32_t reduceStep(Prim P, uint32_t Acc, uint32_t X) {
  switch (P) {
  case PReduceAddU32:
  case PReduceAddS32:
    return Acc + X;
  case PReduceMinU32:
    return X < Acc ? X : Acc;
  case PReduceMinS32:
    return (int32_t)X < (int32_t)Acc ? X : Acc;
  case PReduceMaxU32:
    return X > Acc ? X : Acc;
  case PReduceMaxS32:
    return (int32_t)X > (int32_t)Acc ? X : Acc;
  case PReduceAnd:
    return Acc & X;
  case PReduceOr:
    return Acc | X;
  default:
    return Acc ^ X;
  }
}

/* Reduction over the lanes of the mask, starting from the first one. */
static uint32_t reduceMask(const Record *R) {
  unsigned First = (unsigned)__builtin_ctz(R->Mask);
  uint32_t Acc = (uint32_t)R->In[First];
  for (unsigned J = First + 1; J < WarpLanes; ++J)
    if (inMask(R->Mask, J))
      Acc = reduceStep((Prim)R->Prim, Acc, (uint32_t)R->In[J]);
  return Acc;
}

/* The member of the mask after lane L, wrapping to the lowest one. */
static unsigned nextMember(uint32_t Mask, unsigned L) {
  uint32_t Above = L == 31 ? 0 : Mask & ~((2u << L) - 1);
  return (unsigned)__builtin_ctz(Above ? Above : Mask);
}

/* What lane L of the mask gets, as FORMAT.md's "Host reference" says. */
static LaneResult referenceLane(const Record *R, unsigned L) {
  uint32_t M = R->Mask, Votes = predicateBits(R) & M;
  bool Mine = R->In[L] & 1;
  switch ((Prim)R->Prim) {
  case PBallot:
    return (LaneResult){Votes, Votes != 0};
  case PAll:
    return (LaneResult){Votes == M, Votes == M};
  case PAny:
    return (LaneResult){Votes != 0, Votes != 0};
  case PUni: {
    bool Uniform = Votes == M || Votes == 0;
    return (LaneResult){Uniform, Uniform};
  }
  case PActiveMask:
    return (LaneResult){M, false};
  case PActiveMaskNested:
    return (LaneResult){Mine ? Votes : M & ~Votes, Mine};
  case PMatchAny32:
  case PMatchAny64:
    return (LaneResult){matchingLanes(R, L, R->Prim == PMatchAny64), false};
  case PMatchAll32:
  case PMatchAll64: {
    bool AllEqual = matchingLanes(R, L, R->Prim == PMatchAll64) == M;
    return (LaneResult){AllEqual ? M : 0, AllEqual};
  }
  case PSyncWarp:
    return (LaneResult){(uint32_t)R->In[nextMember(M, L)], false};
  case PElect: {
    unsigned Leader = (unsigned)__builtin_ctz(M);
    return (LaneResult){Leader, L == Leader};
  }
  default:
    return (LaneResult){reduceMask(R), false};
  }
}

/*===-- Tallies and reports -----------------------------------------------===*/

typedef struct {
  size_t Cases, BadCases, Lanes, BadLanes;
  unsigned Shown;
} Tally;

static void printTable(const char *First, const char *const *Names,
                       const Tally *Tallies, unsigned Count) {
  printf("%-24s %8s %8s %10s %10s\n", First, "cases", "badcases", "lanes",
         "badlanes");
  for (unsigned I = 0; I < Count; ++I)
    if (Tallies[I].Cases)
      printf("%-24s %8zu %8zu %10zu %10zu\n", Names[I], Tallies[I].Cases,
             Tallies[I].BadCases, Tallies[I].Lanes, Tallies[I].BadLanes);
}

static Tally sumTallies(const Tally *Tallies, unsigned Count) {
  Tally Sum = {0, 0, 0, 0, 0};
  for (unsigned I = 0; I < Count; ++I) {
    Sum.Cases += Tallies[I].Cases;
    Sum.BadCases += Tallies[I].BadCases;
    Sum.Lanes += Tallies[I].Lanes;
    Sum.BadLanes += Tallies[I].BadLanes;
  }
  return Sum;
}

/* The semantic oracle: FORMAT.md's reference against every lane of the
 * mask in every selected record, and exec_mask against the mask. */
static size_t checkReference(const Record *Records, const uint32_t *Selected,
                             uint32_t NumSelected) {
  Tally Tallies[NumPrims];
  memset(Tallies, 0, sizeof(Tallies));
  for (uint32_t I = 0; I < NumSelected; ++I) {
    const Record *R = &Records[Selected[I]];
    Tally *T = &Tallies[R->Prim];
    size_t Bad = R->ExecMask != R->Mask;
    for (unsigned L = 0; L < WarpLanes; ++L) {
      if (!inMask(R->Mask, L))
        continue;
      LaneResult Want = referenceLane(R, L);
      bool Pred = inMask(R->PredMask, L);
      ++T->Lanes;
      if (Want.Out == R->Out[L] && Want.Pred == Pred)
        continue;
      ++Bad;
      if (T->Shown++ < ShownPerKind)
        printf("  REFERENCE MISMATCH record %u %s mask=0x%08x lane %u: "
               "vectors 0x%08x pred %d, reference 0x%08x pred %d\n",
               Selected[I], PrimNames[R->Prim], R->Mask, L, R->Out[L], Pred,
               Want.Out, Want.Pred);
    }
    ++T->Cases;
    T->BadCases += Bad != 0;
    T->BadLanes += Bad;
  }
  Tally Sum = sumTallies(Tallies, NumPrims);
  printf("semantic oracle (FORMAT.md's reference against the vectors): %zu "
         "records, %zu lanes, %zu mismatching lanes\n",
         Sum.Cases, Sum.Lanes, Sum.BadLanes);
  return Sum.BadLanes;
}

/*===-- Running kernels on wavesim ----------------------------------------===*/

typedef struct {
  void *Device;
  size_t Bytes;
} Buffer;

static bool allocCopy(Device *D, Buffer *B, const void *Host, size_t Bytes) {
  B->Bytes = Bytes;
  if (D->Alloc(D, &B->Device, Bytes) ||
      D->CopyToDevice(D, B->Device, Host, Bytes)) {
    fprintf(stderr, "primitive-replay: %s\n", D->Error);
    return false;
  }
  return true;
}

static WaveSim *loadModule(const char *Path, unsigned WaveSize, Device *D) {
  char Error[1024];
  WaveSim *S = wavesimLoad(Path, WaveSize, Error, sizeof(Error));
  if (!S) {
    fprintf(stderr, "primitive-replay: %s\n", Error);
    return NULL;
  }
  wavesimDevice(S, D);
  return S;
}

/* Launches Kernel with one block per WarpsPerBlock cases, the buffers'
 * device pointers as its arguments, and copies the buffers from FirstOut on
 * back into HostOut. */
static bool launch(Device *D, const char *Kernel, unsigned NumBlocks,
                   Buffer *Buffers, unsigned NumBuffers, void **HostOut,
                   unsigned FirstOut) {
  void *Args[8];
  for (unsigned I = 0; I < NumBuffers; ++I)
    Args[I] = &Buffers[I].Device;
  const unsigned Grid[3] = {NumBlocks, 1, 1}, Block[3] = {BlockThreads, 1, 1};
  if (D->Launch(D, Kernel, Grid, Block, Args)) {
    fprintf(stderr, "primitive-replay: %s\n", D->Error);
    return false;
  }
  for (unsigned I = FirstOut; I < NumBuffers; ++I)
    if (D->CopyToHost(D, HostOut[I - FirstOut], Buffers[I].Device,
                      Buffers[I].Bytes)) {
      fprintf(stderr, "primitive-replay: %s\n", D->Error);
      return false;
    }
  return true;
}

/*===-- Replaying the vectors ---------------------------------------------===*/

/* The record that shares a block with record I: the same primitive, the
 * next membermask (masks are distinct) and the next value pattern. */
static uint32_t partnerOf(uint32_t I, uint32_t Count) {
  return (uint32_t)(((uint64_t)I + NumPrims * (NumPatterns + 1)) % Count);
}

typedef struct {
  uint32_t *Prims, *Masks, *Out;
  uint64_t *In;
  uint8_t *Pred, *Exec;
} CaseArrays;

/* The outputs start as 0xab bytes, so a lane that does not store shows. */
static void allocCases(CaseArrays *A, size_t NumCases) {
  size_t Lanes = NumCases * WarpLanes;
  A->Prims = calloc(NumCases, sizeof(uint32_t));
  A->Masks = calloc(NumCases, sizeof(uint32_t));
  A->In = calloc(Lanes, sizeof(uint64_t));
  A->Out = malloc(Lanes * sizeof(uint32_t));
  A->Pred = malloc(Lanes);
  A->Exec = malloc(Lanes);
  memset(A->Out, 0xab, Lanes * sizeof(uint32_t));
  memset(A->Pred, 0xab, Lanes);
  memset(A->Exec, 0xab, Lanes);
}

static void freeCases(CaseArrays *A) {
  free(A->Prims);
  free(A->Masks);
  free(A->In);
  free(A->Out);
  free(A->Pred);
  free(A->Exec);
}

/* Compares the lanes of case C (record Index, run in CUDA warp Warp). */
static void compareCase(const CaseArrays *A, size_t C, const Record *R,
                        uint32_t Index, unsigned Warp, unsigned WaveSize,
                        Tally *T) {
  size_t Bad = 0;
  unsigned FirstHwLane = (unsigned)(C % WarpsPerBlock * WarpLanes) % WaveSize;
  for (unsigned L = 0; L < WarpLanes; ++L) {
    size_t I = C * WarpLanes + L;
    bool Member = inMask(R->Mask, L);
    uint32_t Want = Member ? R->Out[L] : 0;
    bool WantPred = inMask(R->PredMask, L);
    T->Lanes += Member;
    if (A->Exec[I] == Member && A->Out[I] == Want && A->Pred[I] == WantPred)
      continue;
    ++Bad;
    if (T->Shown++ < ShownPerKind)
      printf("  MISMATCH record %u %s mask=0x%08x pattern=%s warp %u "
             "(hardware lane %u) lane %u in=0x%016" PRIx64
             ": expected 0x%08x pred %d exec %d, got 0x%08x pred %d exec %d\n",
             Index, PrimNames[R->Prim], R->Mask, PatternNames[R->Pattern % 8],
             Warp, FirstHwLane + L, L, R->In[L], Want, WantPred, Member,
             A->Out[I], A->Pred[I], A->Exec[I]);
  }
  ++T->Cases;
  T->BadCases += Bad != 0;
  T->BadLanes += Bad;
}

/* Block I runs selected record I in CUDA warp 0 and its partner in warp 1;
 * as partnerOf is a rotation, with every record selected each one runs
 * once in each warp. Both are compared. Returns the mismatching lanes, or
 * -1 on an error. */
static long replay(const char *ModulePath, unsigned WaveSize,
                   const Record *Records, uint32_t Count,
                   const uint32_t *Selected, uint32_t NumSelected) {
  Device D;
  WaveSim *S = loadModule(ModulePath, WaveSize, &D);
  if (!S)
    return -1;
  size_t NumCases = (size_t)NumSelected * WarpsPerBlock;
  CaseArrays A;
  allocCases(&A, NumCases);
  uint32_t *CaseRecord = malloc(NumCases * sizeof(uint32_t));
  for (size_t C = 0; C < NumCases; ++C) {
    uint32_t Own = Selected[C / WarpsPerBlock];
    CaseRecord[C] = C % WarpsPerBlock ? partnerOf(Own, Count) : Own;
    const Record *R = &Records[CaseRecord[C]];
    A.Prims[C] = R->Prim;
    A.Masks[C] = R->Mask;
    memcpy(&A.In[C * WarpLanes], R->In, sizeof(R->In));
  }

  Buffer Buffers[6] = {{NULL, 0}};
  bool Ok = allocCopy(&D, &Buffers[0], A.Prims, NumCases * 4) &&
            allocCopy(&D, &Buffers[1], A.Masks, NumCases * 4) &&
            allocCopy(&D, &Buffers[2], A.In, NumCases * WarpLanes * 8) &&
            allocCopy(&D, &Buffers[3], A.Out, NumCases * WarpLanes * 4) &&
            allocCopy(&D, &Buffers[4], A.Pred, NumCases * WarpLanes) &&
            allocCopy(&D, &Buffers[5], A.Exec, NumCases * WarpLanes);
  void *HostOut[3] = {A.Out, A.Pred, A.Exec};
  Ok = Ok && launch(&D, "warpPrimitives", NumSelected, Buffers, 6, HostOut, 3);
  long Bad = -1;
  if (Ok) {
    Tally Tallies[NumPrims];
    memset(Tallies, 0, sizeof(Tallies));
    for (size_t C = 0; C < NumCases; ++C) {
      const Record *R = &Records[CaseRecord[C]];
      compareCase(&A, C, R, CaseRecord[C], (unsigned)(C % WarpsPerBlock),
                  WaveSize, &Tallies[R->Prim]);
    }
    printf("replay on wavesim wave%u: block i runs record i in CUDA warp 0 "
           "and record i+%u in warp 1\n",
           WaveSize, NumPrims * (NumPatterns + 1));
    printTable("primitive", PrimNames, Tallies, NumPrims);
    Tally Sum = sumTallies(Tallies, NumPrims);
    printf("TOTAL: %u records, %zu lanes checked, %zu mismatching lanes\n",
           NumSelected, Sum.Lanes, Sum.BadLanes);
    Bad = (long)Sum.BadLanes;
  }
  for (unsigned I = 0; I < 6; ++I)
    D.Free(&D, Buffers[I].Device);
  free(CaseRecord);
  freeCases(&A);
  wavesimDispose(S);
  return Bad;
}

/*===-- Float redux.sync --------------------------------------------------===*/

enum { NumFloatVariants = 8, CanonicalNaN = 0x7fffffff };

/* In the order of the kernel's calls in Inputs/redux_f32.ll. */
static const char *const FloatVariantNames[NumFloatVariants] = {
    "redux.sync.fmin",         "redux.sync.fmin.abs",    "redux.sync.fmin.NaN",
    "redux.sync.fmin.abs.NaN", "redux.sync.fmax",        "redux.sync.fmax.abs",
    "redux.sync.fmax.NaN",     "redux.sync.fmax.abs.NaN"};

static bool isMaxVariant(unsigned V) { return V >= 4; }
static bool isAbsVariant(unsigned V) { return V & 1; }
static bool isNaNVariant(unsigned V) { return V & 2; }

static bool isNaNBits(uint32_t Bits) {
  return (Bits & 0x7f800000) == 0x7f800000 && (Bits & 0x7fffff);
}

/* A key whose unsigned order is the order of the non-NaN floats, with
 * -0.0 below +0.0. */
static uint32_t orderKey(uint32_t Bits) {
  return Bits >> 31 ? ~Bits : Bits | 0x80000000u;
}

/* redux.sync.f32 per the PTX ISA: min or max over the lanes of the mask,
 * of |x| with .abs; NaN inputs are ignored, and the result is the canonical
 * NaN only when every input is NaN, or, with .NaN, when any is. */
static uint32_t reduxF32Model(unsigned Variant, uint32_t Mask,
                              const uint32_t *Bits) {
  bool SawNaN = false, SawNumber = false;
  uint32_t Best = 0;
  for (unsigned L = 0; L < WarpLanes; ++L) {
    if (!inMask(Mask, L))
      continue;
    uint32_t X = isAbsVariant(Variant) ? Bits[L] & 0x7fffffffu : Bits[L];
    if (isNaNBits(X)) {
      SawNaN = true;
      continue;
    }
    bool Better = isMaxVariant(Variant) ? orderKey(X) > orderKey(Best)
                                        : orderKey(X) < orderKey(Best);
    if (!SawNumber || Better)
      Best = X;
    SawNumber = true;
  }
  if (!SawNumber || (SawNaN && isNaNVariant(Variant)))
    return CanonicalNaN;
  return Best;
}

static uint64_t splitmix64(uint64_t *State) {
  uint64_t Z = (*State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

static uint32_t randomSign(uint64_t *S) {
  return (uint32_t)(splitmix64(S) & 1) << 31;
}

/* Quiet and signalling NaNs with random payloads, and the all-ones ones. */
static uint32_t randomNaN(uint64_t *S) {
  static const uint32_t Fixed[] = {0x7fc00000u, 0x7f800001u, 0x7fffffffu,
                                   0x7fa5a5a5u};
  uint64_t R = splitmix64(S);
  uint32_t Payload = (uint32_t)(R >> 8) & 0x7fffff;
  uint32_t Magnitude =
      R & 4 ? Fixed[R >> 4 & 3] : 0x7f800000u | (Payload ? Payload : 1);
  return randomSign(S) | Magnitude;
}

static uint32_t randomSpecial(uint64_t *S) {
  static const uint32_t Magnitudes[] = {0x00000000u, 0x7f800000u, 0x00000001u,
                                        0x007fffffu, 0x00400000u, 0x7f7fffffu,
                                        0x00800000u, 0x3f800000u};
  uint64_t R = splitmix64(S);
  if ((R & 7) == 0)
    return randomNaN(S);
  return randomSign(S) | Magnitudes[R >> 3 & 7];
}

static uint32_t randomNormal(uint64_t *S) {
  uint64_t R = splitmix64(S);
  uint32_t Exponent = 112 + (uint32_t)(R % 32);
  return randomSign(S) | Exponent << 23 | ((uint32_t)(R >> 20) & 0x7fffff);
}

/* One lane's input for a case of kind Kind; Shared is a per-case value
 * that some kinds repeat with either sign. */
static uint32_t floatInput(uint64_t *S, unsigned Kind, uint32_t Shared) {
  uint64_t R = splitmix64(S);
  switch (Kind) {
  case 0:
    return randomNormal(S);
  case 1:
    return R & 1 ? randomSpecial(S) : randomNormal(S);
  case 2:
    return R & 1 ? randomNaN(S) : randomSpecial(S);
  case 3:
    return randomNaN(S);
  case 4: /* +-0.0 and the odd NaN */
    return R % 16 == 0 ? randomNaN(S) : randomSign(S);
  case 5: /* +-x for two magnitudes: .abs ties and sign order */
    return randomSign(S) | (R & 2 ? Shared : 0x3f800000u);
  case 6: /* denormals and zeros of both signs */
    return randomSign(S) | ((R & 3) ? (uint32_t)(R >> 8) & 0x7fffff : 0);
  case 7:
    return R & 1 ? randomSign(S) | 0x7f800000u
                 : (R & 2 ? randomNaN(S) : randomSign(S) | 0x7f7fffffu);
  default:
    return (uint32_t)(R >> 16);
  }
}

enum { NumFloatKinds = 9 };

/* Full, single lanes, low/high runs, strided and random masks in turn. */
static uint32_t floatMask(uint64_t *S, uint32_t Case) {
  uint64_t R = splitmix64(S);
  unsigned K = (unsigned)(R >> 32) % 31 + 1;
  switch (Case / NumFloatKinds % 7) {
  case 0:
    return 0xffffffffu;
  case 1:
    return 1u << (R & 31);
  case 2:
    return (1u << K) - 1;
  case 3:
    return ~((1u << (32 - K)) - 1);
  case 4:
    return R & 1 ? 0x55555555u : 0x88888888u;
  case 5: {
    uint32_t M = (uint32_t)R & (uint32_t)(R >> 32);
    return M ? M : 1;
  }
  default:
    return (uint32_t)R ? (uint32_t)R : 0x80000000u;
  }
}

typedef struct {
  size_t WithNaN, AllNaN, BothZeros, Denormals, Infinities, OppositeSigns;
} FloatCoverage;

/* Counts the cases whose mask lanes hold each kind of special input, so
 * the test can show they occur. */
static void countCoverage(FloatCoverage *Cov, uint32_t Mask,
                          const uint32_t *Bits) {
  unsigned NaNs = 0, Members = 0;
  bool PosZero = false, NegZero = false, Denormal = false, Inf = false,
       Opposite = false;
  for (unsigned L = 0; L < WarpLanes; ++L) {
    if (!inMask(Mask, L))
      continue;
    uint32_t X = Bits[L], Magnitude = X & 0x7fffffffu;
    ++Members;
    NaNs += isNaNBits(X);
    PosZero |= X == 0;
    NegZero |= X == 0x80000000u;
    Denormal |= Magnitude && Magnitude < 0x00800000u;
    Inf |= Magnitude == 0x7f800000u;
    for (unsigned J = 0; J < L; ++J)
      Opposite |=
          inMask(Mask, J) && !isNaNBits(X) && Bits[J] == (X ^ 0x80000000u);
  }
  Cov->WithNaN += NaNs != 0;
  Cov->AllNaN += NaNs == Members;
  Cov->BothZeros += PosZero && NegZero;
  Cov->Denormals += Denormal;
  Cov->Infinities += Inf;
  Cov->OppositeSigns += Opposite;
}

static long replayReduxF32(const char *ModulePath, unsigned WaveSize,
                           uint32_t NumCases) {
  NumCases = (NumCases + WarpsPerBlock - 1) / WarpsPerBlock * WarpsPerBlock;
  Device D;
  WaveSim *S = loadModule(ModulePath, WaveSize, &D);
  if (!S)
    return -1;
  uint32_t *Masks = malloc(NumCases * sizeof(uint32_t));
  uint32_t *In = malloc((size_t)NumCases * WarpLanes * 4);
  size_t OutCount = (size_t)NumCases * NumFloatVariants * WarpLanes;
  uint32_t *Out = malloc(OutCount * 4);
  uint64_t Seed = 0x5eed0f10a7ull;
  for (uint32_t C = 0; C < NumCases; ++C) {
    unsigned Kind = C % NumFloatKinds;
    Masks[C] = floatMask(&Seed, C);
    uint32_t Shared = randomNormal(&Seed) & 0x7fffffffu;
    for (unsigned L = 0; L < WarpLanes; ++L)
      In[C * WarpLanes + L] = floatInput(&Seed, Kind, Shared);
  }
  FloatCoverage Cov = {0, 0, 0, 0, 0, 0};
  for (uint32_t C = 0; C < NumCases; ++C)
    countCoverage(&Cov, Masks[C], &In[C * WarpLanes]);
  printf("inputs: %u cases; among the mask's lanes: NaN in %zu (all NaN in "
         "%zu), both +0.0 and -0.0 in %zu, denormals in %zu, infinities in "
         "%zu, x and -x in %zu\n",
         NumCases, Cov.WithNaN, Cov.AllNaN, Cov.BothZeros, Cov.Denormals,
         Cov.Infinities, Cov.OppositeSigns);
  /* Lanes outside the mask must not write: they keep this. */
  memset(Out, 0xab, OutCount * 4);

  Buffer Buffers[3] = {{NULL, 0}};
  bool Ok = allocCopy(&D, &Buffers[0], Masks, NumCases * 4) &&
            allocCopy(&D, &Buffers[1], In, (size_t)NumCases * WarpLanes * 4) &&
            allocCopy(&D, &Buffers[2], Out, OutCount * 4);
  void *HostOut[1] = {Out};
  Ok = Ok &&
       launch(&D, "reduxF32", NumCases / WarpsPerBlock, Buffers, 3, HostOut, 2);
  long Bad = -1;
  if (Ok) {
    Tally Tallies[NumFloatVariants];
    memset(Tallies, 0, sizeof(Tallies));
    for (uint32_t C = 0; C < NumCases; ++C)
      for (unsigned V = 0; V < NumFloatVariants; ++V) {
        Tally *T = &Tallies[V];
        uint32_t Want = reduxF32Model(V, Masks[C], &In[C * WarpLanes]);
        const uint32_t *Got = &Out[((size_t)C * NumFloatVariants + V) * 32];
        size_t BadLanes = 0;
        for (unsigned L = 0; L < WarpLanes; ++L) {
          bool Member = inMask(Masks[C], L);
          uint32_t Expected = Member ? Want : 0xabababab;
          T->Lanes += Member;
          if (Got[L] == Expected)
            continue;
          ++BadLanes;
          if (T->Shown++ < ShownPerKind)
            printf("  MISMATCH case %u %s mask=0x%08x lane %u in=0x%08x: "
                   "expected 0x%08x, got 0x%08x\n",
                   C, FloatVariantNames[V], Masks[C], L, In[C * WarpLanes + L],
                   Expected, Got[L]);
        }
        ++T->Cases;
        T->BadCases += BadLanes != 0;
        T->BadLanes += BadLanes;
      }
    printf("redux.sync.f32 on wavesim wave%u against the PTX ISA model\n",
           WaveSize);
    printTable("variant", FloatVariantNames, Tallies, NumFloatVariants);
    Tally Sum = sumTallies(Tallies, NumFloatVariants);
    printf("TOTAL: %u cases, %zu lanes checked, %zu mismatching lanes\n",
           NumCases, Sum.Lanes, Sum.BadLanes);
    Bad = (long)Sum.BadLanes;
  }
  for (unsigned I = 0; I < 3; ++I)
    D.Free(&D, Buffers[I].Device);
  free(Masks);
  free(In);
  free(Out);
  wavesimDispose(S);
  return Bad;
}

/*===-- Exited and never-launched lanes (--exited-lanes) ------------------===*
 *
 * lit-tests/oracle/nvidia/exited-lanes/vectors.bin.gz (layout: FORMAT.md
 * there) holds what every lane got from 37 warp primitives on an H100 when
 * the member mask named lanes that had exited or were never launched, and
 * when lanes exited inside a loop. The file carries its launches, cases
 * and inputs; the same kernel (Inputs/exited_lanes.cu) runs the same
 * launches here, and every lane whose result FORMAT.md calls defined must
 * match, as must the set of lanes that called.
 *
 *===----------------------------------------------------------------------===*/

enum {
  ElNumPrims = 37,
  ElMaxTrips = 8,
  ElCaseWords = 8,
  ElSlots = 64,
  ElHeaderBytes = 64,
  ElNumTripPatterns = 10,
  ElNumSituations = 64,
  ElShown = 6
};

/* The primitive ids of FORMAT.md. */
enum {
  ElShflBflyP = 11,
  ElShflIdxConst0 = 12,
  ElShflXorConst16 = 16,
  ElBallot = 17,
  ElAll,
  ElAny,
  ElUni,
  ElActiveMask,
  ElMatchAny32,
  ElMatchAll32,
  ElMatchAny64,
  ElMatchAll64,
  ElReduceAddU32,
  ElReduceAddS32,
  ElReduceMinU32,
  ElReduceMinS32,
  ElReduceMaxU32,
  ElReduceMaxS32,
  ElReduceAnd,
  ElReduceOr,
  ElReduceXor,
  ElSyncWarp,
  ElElect
};

static const char *const ElPrimNames[ElNumPrims] = {"shfl_idx.i32",
                                                    "shfl_up.i32",
                                                    "shfl_down.i32",
                                                    "shfl_xor.i32",
                                                    "shfl_idx.f32",
                                                    "shfl_up.f32",
                                                    "shfl_down.f32",
                                                    "shfl_xor.f32",
                                                    "shfl.idx.b32|p",
                                                    "shfl.up.b32|p",
                                                    "shfl.down.b32|p",
                                                    "shfl.bfly.b32|p",
                                                    "shfl_idx.const0",
                                                    "shfl_up.const1",
                                                    "shfl_down.const1",
                                                    "shfl_xor.const1",
                                                    "shfl_xor.const16",
                                                    "ballot_sync",
                                                    "all_sync",
                                                    "any_sync",
                                                    "uni_sync",
                                                    "activemask",
                                                    "match_any_sync.b32",
                                                    "match_all_sync.b32",
                                                    "match_any_sync.b64",
                                                    "match_all_sync.b64",
                                                    "reduce_add_sync.u32",
                                                    "reduce_add_sync.s32",
                                                    "reduce_min_sync.u32",
                                                    "reduce_min_sync.s32",
                                                    "reduce_max_sync.u32",
                                                    "reduce_max_sync.s32",
                                                    "reduce_and_sync",
                                                    "reduce_or_sync",
                                                    "reduce_xor_sync",
                                                    "syncwarp_exchange",
                                                    "elect_sync"};

static const char *const ElTripNames[ElNumTripPatterns] = {
    "exit:none",        "exit:t%5==3", "exit:odd", "exit:upper16",
    "exit:all-but-one", "exit:random", "loop:t%5", "loop:random0-8",
    "loop:8-lane/4",    "loop:1+3t%7"};

static const char *const ElScenarioNames[3] = {"exited", "partial-warp",
                                               "loop"};

typedef struct {
  uint32_t Scenario, BlockDim, NumBlocks, FirstCase;
} ElLaunch;

/* Words: prim, width, mask kind (0 given, 1 __activemask()), mask, value
 * pattern, first variant, shuffle operand set, trip pattern. */
typedef struct {
  uint32_t Words[ElCaseWords];
  uint8_t Trip[WarpLanes];
} ElCase;

typedef struct {
  uint32_t Case, Trip, Launched, Alive, Exec, Pred, Checked, Ok, MaskUsed,
      MaskDiffers;
  uint32_t Out[WarpLanes];
} ElRecord;

_Static_assert(sizeof(ElCase) == 64, "FORMAT.md: cases are 64 bytes");
_Static_assert(sizeof(ElRecord) == 168, "FORMAT.md: records are 168 bytes");

typedef struct {
  uint32_t NumLaunches, NumCases, NumRecords, NumPatterns, NumVariants,
      NumBSets, Flags;
  ElLaunch *Launches;
  uint64_t *Inputs; /* [pattern][variant][lane] */
  uint32_t *BTable; /* [set][lane] */
  ElCase *Cases;
  ElRecord *Records;
  unsigned char *Bytes;
} ElFile;

/* Reads a whole file into memory; NULL on failure. */
static unsigned char *readWhole(const char *Path, size_t *Size) {
  FILE *F = fopen(Path, "rb");
  if (!F) {
    fprintf(stderr, "primitive-replay: cannot open '%s'\n", Path);
    return NULL;
  }
  size_t Cap = 1 << 20, N = 0;
  unsigned char *Buf = malloc(Cap);
  size_t Got;
  while ((Got = fread(Buf + N, 1, Cap - N, F)) > 0) {
    N += Got;
    if (N == Cap)
      Buf = realloc(Buf, Cap *= 2);
  }
  fclose(F);
  *Size = N;
  return Buf;
}

static bool readExitedLanes(const char *Path, ElFile *E) {
  size_t Size;
  memset(E, 0, sizeof(*E));
  unsigned char *B = E->Bytes = readWhole(Path, &Size);
  if (!B)
    return false;
  bool Ok = Size >= ElHeaderBytes && !memcmp(B, "EXITGT01", 8) &&
            readLE32(B + 8) == 1 && readLE32(B + 12) == ElNumPrims &&
            readLE32(B + 40) == ElMaxTrips &&
            readLE32(B + 44) == sizeof(ElRecord);
  if (Ok) {
    E->NumLaunches = readLE32(B + 16);
    E->NumCases = readLE32(B + 20);
    E->NumRecords = readLE32(B + 24);
    E->NumPatterns = readLE32(B + 28);
    E->NumVariants = readLE32(B + 32);
    E->NumBSets = readLE32(B + 36);
    E->Flags = readLE32(B + 56);
    size_t At = ElHeaderBytes;
    E->Launches = (ElLaunch *)(B + At);
    At += (size_t)E->NumLaunches * sizeof(ElLaunch);
    E->Inputs = (uint64_t *)(B + At);
    At += (size_t)E->NumPatterns * E->NumVariants * WarpLanes * 8;
    E->BTable = (uint32_t *)(B + At);
    At += (size_t)E->NumBSets * WarpLanes * 4;
    E->Cases = (ElCase *)(B + At);
    At += (size_t)E->NumCases * sizeof(ElCase);
    E->Records = (ElRecord *)(B + At);
    At += (size_t)E->NumRecords * sizeof(ElRecord);
    Ok = At == Size && E->NumVariants == ElMaxTrips;
  }
  if (!Ok) {
    fprintf(stderr,
            "primitive-replay: '%s' is not a version 1 exited-lanes vector "
            "file (FORMAT.md)\n",
            Path);
    free(B);
    E->Bytes = NULL;
  }
  return Ok;
}

/* The launch that holds case C. */
static const ElLaunch *launchOf(const ElFile *E, uint32_t C) {
  uint32_t I = 0;
  while (I + 1 < E->NumLaunches && C >= E->Launches[I + 1].FirstCase)
    ++I;
  return &E->Launches[I];
}

static uint32_t warpOf(const ElFile *E, uint32_t C) {
  const ElLaunch *L = launchOf(E, C);
  return (C - L->FirstCase) % ((L->BlockDim + 31) / 32);
}

static uint32_t elLaunchedLanes(uint32_t BlockDim, uint32_t Warp) {
  uint32_t N = BlockDim > Warp * 32 ? BlockDim - Warp * 32 : 0;
  return N >= 32 ? 0xffffffffu : (1u << N) - 1;
}

static bool elIsShuffle(uint32_t P) { return P <= ElShflXorConst16; }

/* The lanes expected at trip T: alive (launched and not yet returned),
 * their member mask, and those that call (alive members). */
typedef struct {
  uint32_t Alive, Mask, Callers;
} ElTripLanes;

static ElTripLanes elTripLanes(const ElFile *E, uint32_t C, uint32_t T) {
  const ElCase *K = &E->Cases[C];
  uint32_t Launched = elLaunchedLanes(launchOf(E, C)->BlockDim, warpOf(E, C));
  ElTripLanes R = {0, 0, 0};
  for (unsigned L = 0; L < WarpLanes; ++L)
    if (inMask(Launched, L) && K->Trip[L] > T)
      R.Alive |= 1u << L;
  R.Mask = K->Words[2] ? R.Alive : K->Words[3];
  R.Callers = R.Alive & R.Mask;
  return R;
}

static const uint64_t *elValues(const ElFile *E, uint32_t C, uint32_t T) {
  const ElCase *K = &E->Cases[C];
  uint32_t Variant = (K->Words[5] + T) % E->NumVariants;
  return &E->Inputs[((size_t)K->Words[4] * E->NumVariants + Variant) *
                    WarpLanes];
}

typedef struct {
  uint32_t Out;
  bool Pred, Defined;
} ElLaneRef;

/* FORMAT.md's reference for lane L of a trip with callers A and member
 * mask M; Slots are the exchange slots after this trip's writes. */
static ElLaneRef elReference(const ElFile *E, uint32_t C, uint32_t T,
                             uint32_t M, uint32_t A, const uint64_t *Slots,
                             unsigned L) {
  const ElCase *K = &E->Cases[C];
  const uint32_t P = K->Words[0], Width = K->Words[1];
  const uint64_t *V = elValues(E, C, T);
  uint32_t Votes = 0;
  for (unsigned J = 0; J < WarpLanes; ++J)
    Votes |= (uint32_t)(inMask(A, J) && (V[J] & 1)) << J;
  if (elIsShuffle(P)) {
    static const uint32_t ConstB[5] = {0, 1, 1, 1, 16};
    unsigned Mode = P <= ElShflBflyP ? P % 4 : P - ElShflIdxConst0;
    if (P == ElShflXorConst16)
      Mode = 3;
    uint32_t B = P <= ElShflBflyP ? E->BTable[K->Words[6] * WarpLanes + L] + T
                                  : ConstB[P - ElShflIdxConst0];
    uint32_t CVal = Mode == 1 ? 0 : 31, Seg = 32 - Width;
    uint32_t BVal = B & 31, MaxLane = (L & Seg) | (CVal & ~Seg);
    int J;
    bool InRange;
    switch (Mode) {
    case 0:
      J = (int)((L & Seg) | (BVal & ~Seg));
      InRange = (uint32_t)J <= MaxLane;
      break;
    case 1:
      J = (int)L - (int)BVal;
      InRange = J >= (int)MaxLane;
      break;
    case 2:
      J = (int)(L + BVal);
      InRange = (uint32_t)J <= MaxLane;
      break;
    default:
      J = (int)(L ^ BVal);
      InRange = (uint32_t)J <= MaxLane;
      break;
    }
    unsigned Src = InRange ? (unsigned)J : L;
    bool WithPred = P >= 8 && P <= ElShflBflyP;
    return (ElLaneRef){(uint32_t)V[Src], WithPred && InRange, inMask(A, Src)};
  }
  switch (P) {
  case ElBallot:
    return (ElLaneRef){Votes, Votes != 0, true};
  case ElAll:
    return (ElLaneRef){Votes == A, Votes == A, true};
  case ElAny:
    return (ElLaneRef){Votes != 0, Votes != 0, true};
  case ElUni: {
    bool U = Votes == A || Votes == 0;
    return (ElLaneRef){U, U, true};
  }
  case ElActiveMask:
    return (ElLaneRef){A, false, true};
  case ElMatchAny32:
  case ElMatchAny64:
  case ElMatchAll32:
  case ElMatchAll64: {
    bool Wide = P == ElMatchAny64 || P == ElMatchAll64;
    uint32_t Same = 0;
    for (unsigned J = 0; J < WarpLanes; ++J)
      if (inMask(A, J) &&
          (Wide ? V[J] == V[L] : (uint32_t)V[J] == (uint32_t)V[L]))
        Same |= 1u << J;
    if (P == ElMatchAny32 || P == ElMatchAny64)
      return (ElLaneRef){Same, false, true};
    return (ElLaneRef){Same == A ? A : 0, Same == A, true};
  }
  case ElSyncWarp:
    return (ElLaneRef){(uint32_t)Slots[nextMember(M, L)], false, true};
  case ElElect: {
    unsigned Leader = (unsigned)__builtin_ctz(A);
    return (ElLaneRef){Leader, L == Leader, true};
  }
  default:
    break;
  }
  uint32_t Acc = 0;
  bool First = true;
  for (unsigned J = 0; J < WarpLanes; ++J) {
    if (!inMask(A, J))
      continue;
    Acc = First ? (uint32_t)V[J]
                : reduceStep(P == ElReduceAddU32 || P == ElReduceAddS32
                                 ? PReduceAddU32
                             : P == ElReduceMinU32 ? PReduceMinU32
                             : P == ElReduceMinS32 ? PReduceMinS32
                             : P == ElReduceMaxU32 ? PReduceMaxU32
                             : P == ElReduceMaxS32 ? PReduceMaxS32
                             : P == ElReduceAnd    ? PReduceAnd
                             : P == ElReduceOr     ? PReduceOr
                                                   : PReduceXor,
                             Acc, (uint32_t)V[J]);
    First = false;
  }
  return (ElLaneRef){Acc, false, true};
}

/* The exchange slots of a case, trip by trip: before any write, slot K of
 * buffer B holds the sentinel 0x5e000000 + 64 B + K; at each trip the
 * callers write their value into buffer (trip & 1). */
typedef struct {
  uint32_t Case;
  uint64_t Slots[2][WarpLanes];
} ElExchange;

static void elAdvanceExchange(const ElFile *E, ElExchange *X, uint32_t C,
                              uint32_t T, uint32_t Callers) {
  if (X->Case != C) {
    X->Case = C;
    uint32_t Warp = warpOf(E, C);
    for (unsigned B = 0; B < 2; ++B)
      for (unsigned L = 0; L < WarpLanes; ++L)
        X->Slots[B][L] = 0x5e000000u + B * ElSlots + Warp * 32 + L;
  }
  const uint64_t *V = elValues(E, C, T);
  for (unsigned L = 0; L < WarpLanes; ++L)
    if (inMask(Callers, L))
      X->Slots[T & 1][L] = V[L];
}

typedef struct {
  size_t Records, Lanes, Undefined, Bad, UndefinedSame;
} ElTally;

typedef struct {
  ElTally ByPrim[ElNumPrims];
  char Names[ElNumSituations][64];
  ElTally BySituation[ElNumSituations];
  unsigned NumSituations;
  size_t CallersBad, Shown;
} ElReport;

static ElTally *elSituation(ElReport *R, const ElFile *E, uint32_t C) {
  const ElLaunch *L = launchOf(E, C);
  const ElCase *K = &E->Cases[C];
  char Name[64];
  snprintf(Name, sizeof(Name), "%s/%u/%s%s", ElScenarioNames[L->Scenario % 3],
           L->BlockDim, ElTripNames[K->Words[7] % ElNumTripPatterns],
           L->Scenario != 2 ? ""
           : K->Words[2]    ? "/activemask"
                            : "/0xffffffff");
  for (unsigned I = 0; I < R->NumSituations; ++I)
    if (!strcmp(R->Names[I], Name))
      return &R->BySituation[I];
  if (R->NumSituations == ElNumSituations)
    return &R->BySituation[ElNumSituations - 1];
  strcpy(R->Names[R->NumSituations], Name);
  return &R->BySituation[R->NumSituations++];
}

static void elCount(ElReport *R, ElTally *Situation, uint32_t P, size_t Lanes,
                    size_t Undefined, size_t Bad, size_t UndefinedSame) {
  ElTally *Ts[2] = {&R->ByPrim[P], Situation};
  for (unsigned I = 0; I < 2; ++I) {
    ++Ts[I]->Records;
    Ts[I]->Lanes += Lanes;
    Ts[I]->Undefined += Undefined;
    Ts[I]->Bad += Bad;
    Ts[I]->UndefinedSame += UndefinedSame;
  }
}

static ElTally elPrintReport(const ElReport *R, bool Replayed) {
  ElTally Sum = {0, 0, 0, 0, 0};
  printf("%-24s %8s %10s %10s %10s\n", "primitive", "records", "lanes",
         "undefined", "badlanes");
  for (unsigned P = 0; P < ElNumPrims; ++P) {
    const ElTally *T = &R->ByPrim[P];
    printf("%-24s %8zu %10zu %10zu %10zu\n", ElPrimNames[P], T->Records,
           T->Lanes, T->Undefined, T->Bad);
    Sum.Records += T->Records;
    Sum.Lanes += T->Lanes;
    Sum.Undefined += T->Undefined;
    Sum.Bad += T->Bad;
    Sum.UndefinedSame += T->UndefinedSame;
  }
  printf("%-40s %8s %10s %10s %10s\n", "situation", "records", "lanes",
         "undefined", "badlanes");
  for (unsigned I = 0; I < R->NumSituations; ++I) {
    const ElTally *T = &R->BySituation[I];
    printf("%-40s %8zu %10zu %10zu %10zu\n", R->Names[I], T->Records, T->Lanes,
           T->Undefined, T->Bad);
  }
  if (Replayed)
    printf("undefined lanes (shuffles reading a lane that exited or is not a "
           "member): %zu, not compared; AMD gave NVIDIA's value in %zu\n",
           Sum.Undefined, Sum.UndefinedSame);
  return Sum;
}

/* The semantic oracle: FORMAT.md's reference and its rule for defined
 * lanes, recomputed from the cases, against every record. */
static size_t elCheckReference(const ElFile *E) {
  ElReport *R = calloc(1, sizeof(ElReport));
  ElExchange X = {UINT32_MAX, {{0}}};
  size_t CheckedBad = 0;
  for (uint32_t I = 0; I < E->NumRecords; ++I) {
    const ElRecord *Rec = &E->Records[I];
    const uint32_t C = Rec->Case, P = E->Cases[C].Words[0];
    ElTripLanes TL = elTripLanes(E, C, Rec->Trip);
    elAdvanceExchange(E, &X, C, Rec->Trip, TL.Callers);
    size_t Lanes = 0, Undefined = 0, Bad = 0;
    uint32_t Checked = 0;
    R->CallersBad += Rec->Exec != TL.Callers || Rec->Alive != TL.Alive;
    for (unsigned L = 0; L < WarpLanes; ++L) {
      if (!inMask(TL.Callers, L))
        continue;
      ElLaneRef Want = elReference(E, C, Rec->Trip, TL.Mask, TL.Callers,
                                   X.Slots[Rec->Trip & 1], L);
      if (!Want.Defined || Rec->MaskDiffers) {
        ++Undefined;
        continue;
      }
      Checked |= 1u << L;
      ++Lanes;
      bool Pred = inMask(Rec->Pred, L);
      if (Want.Out == Rec->Out[L] && Want.Pred == Pred)
        continue;
      ++Bad;
      if (R->Shown++ < ElShown)
        printf("  REFERENCE MISMATCH record %u case %u trip %u %s lane %u: "
               "vectors 0x%08x pred %d, reference 0x%08x pred %d\n",
               I, C, Rec->Trip, ElPrimNames[P], L, Rec->Out[L], Pred, Want.Out,
               Want.Pred);
    }
    CheckedBad += Checked != Rec->Checked;
    elCount(R, elSituation(R, E, C), P, Lanes, Undefined, Bad, 0);
  }
  ElTally Sum = {0, 0, 0, 0, 0};
  for (unsigned P = 0; P < ElNumPrims; ++P) {
    Sum.Records += R->ByPrim[P].Records;
    Sum.Lanes += R->ByPrim[P].Lanes;
    Sum.Undefined += R->ByPrim[P].Undefined;
    Sum.Bad += R->ByPrim[P].Bad;
  }
  printf("semantic oracle (FORMAT.md's reference against the vectors): %zu "
         "records, %zu lanes, %zu undefined, %zu mismatching lanes, %zu "
         "records with other callers, %zu with another set of defined "
         "lanes\n",
         Sum.Records, Sum.Lanes, Sum.Undefined, Sum.Bad, R->CallersBad,
         CheckedBad);
  size_t Bad = Sum.Bad + R->CallersBad + CheckedBad;
  free(R);
  return Bad;
}

typedef struct {
  uint32_t *Out, *MaskUsed;
  uint8_t *Pred, *Exec;
} ElOutputs;

/* Runs launch L on the device; fills O for its cases. */
static bool elRunLaunch(Device *D, const ElFile *E, const ElLaunch *L,
                        ElOutputs *O) {
  const uint32_t NC = L->NumBlocks * ((L->BlockDim + 31) / 32);
  const size_t NOut = (size_t)NC * ElMaxTrips * WarpLanes;
  uint32_t *Words = malloc((size_t)NC * ElCaseWords * 4);
  uint8_t *Trips = malloc((size_t)NC * WarpLanes);
  for (uint32_t C = 0; C < NC; ++C) {
    const ElCase *K = &E->Cases[L->FirstCase + C];
    memcpy(&Words[C * ElCaseWords], K->Words, sizeof(K->Words));
    memcpy(&Trips[C * WarpLanes], K->Trip, WarpLanes);
  }
  uint32_t *Zero = calloc(NOut, 4);
  Buffer Buffers[8] = {{NULL, 0}};
  bool Ok =
      allocCopy(D, &Buffers[0], Words, (size_t)NC * ElCaseWords * 4) &&
      allocCopy(D, &Buffers[1], Trips, (size_t)NC * WarpLanes) &&
      allocCopy(D, &Buffers[2], E->Inputs,
                (size_t)E->NumPatterns * E->NumVariants * WarpLanes * 8) &&
      allocCopy(D, &Buffers[3], E->BTable,
                (size_t)E->NumBSets * WarpLanes * 4) &&
      allocCopy(D, &Buffers[4], Zero, NOut * 4) &&
      allocCopy(D, &Buffers[5], Zero, NOut) &&
      allocCopy(D, &Buffers[6], Zero, NOut) &&
      allocCopy(D, &Buffers[7], Zero, NOut * 4);
  void *Args[8];
  for (unsigned I = 0; I < 8; ++I)
    Args[I] = &Buffers[I].Device;
  const unsigned Grid[3] = {L->NumBlocks, 1, 1}, Block[3] = {L->BlockDim, 1, 1};
  if (Ok && D->Launch(D, "exitedLanes", Grid, Block, Args)) {
    fprintf(stderr, "primitive-replay: %s\n", D->Error);
    Ok = false;
  }
  void *Host[4] = {O->Out, O->Pred, O->Exec, O->MaskUsed};
  for (unsigned I = 0; Ok && I < 4; ++I)
    if (D->CopyToHost(D, Host[I], Buffers[4 + I].Device,
                      Buffers[4 + I].Bytes)) {
      fprintf(stderr, "primitive-replay: %s\n", D->Error);
      Ok = false;
    }
  for (unsigned I = 0; I < 8; ++I)
    if (Buffers[I].Device)
      D->Free(D, Buffers[I].Device);
  free(Words);
  free(Trips);
  free(Zero);
  return Ok;
}

/* Compares one record with what the replay of its case gave. */
static void elCompare(ElReport *R, const ElFile *E, uint32_t Index,
                      const ElOutputs *O, uint32_t FirstCase,
                      unsigned WaveSize) {
  const ElRecord *Rec = &E->Records[Index];
  const uint32_t C = Rec->Case, P = E->Cases[C].Words[0];
  const size_t Base =
      ((size_t)(C - FirstCase) * ElMaxTrips + Rec->Trip) * WarpLanes;
  size_t Lanes = 0, Undefined = 0, Bad = 0, Same = 0;
  uint32_t Exec = 0;
  for (unsigned L = 0; L < WarpLanes; ++L)
    Exec |= (uint32_t)(O->Exec[Base + L] != 0) << L;
  if (Exec != Rec->Exec) {
    ++R->CallersBad;
    if (R->Shown++ < ElShown)
      printf("  CALLERS MISMATCH record %u case %u trip %u %s: NVIDIA "
             "0x%08x, AMD 0x%08x\n",
             Index, C, Rec->Trip, ElPrimNames[P], Rec->Exec, Exec);
  }
  for (unsigned L = 0; L < WarpLanes; ++L) {
    if (!inMask(Rec->Exec, L))
      continue;
    if (!inMask(Rec->Checked, L)) {
      ++Undefined;
      Same += O->Out[Base + L] == Rec->Out[L];
      continue;
    }
    ++Lanes;
    bool Pred = O->Pred[Base + L] != 0, WantPred = inMask(Rec->Pred, L);
    if (O->Out[Base + L] == Rec->Out[L] && Pred == WantPred &&
        O->MaskUsed[Base + L] == Rec->MaskUsed && inMask(Exec, L))
      continue;
    ++Bad;
    if (R->Shown++ < ElShown) {
      const ElLaunch *La = launchOf(E, C);
      uint32_t Warp = warpOf(E, C);
      printf("  MISMATCH record %u case %u %s %s block %u warp %u "
             "(hardware lane %u) trip %u mask 0x%08x alive 0x%08x lane %u: "
             "expected 0x%08x pred %d mask 0x%08x, got 0x%08x pred %d mask "
             "0x%08x\n",
             Index, C, ElPrimNames[P],
             ElTripNames[E->Cases[C].Words[7] % ElNumTripPatterns],
             La->BlockDim, Warp, (Warp * 32 + L) % WaveSize, Rec->Trip,
             Rec->MaskUsed, Rec->Alive, L, Rec->Out[L], WantPred, Rec->MaskUsed,
             O->Out[Base + L], Pred, O->MaskUsed[Base + L]);
    }
  }
  elCount(R, elSituation(R, E, C), P, Lanes, Undefined, Bad, Same);
}

/* Runs every launch of the file on wavesim and compares every record.
 * Returns the mismatching lanes and records, or -1 on an error. */
static long elReplay(const char *ModulePath, unsigned WaveSize,
                     const ElFile *E) {
  Device D;
  WaveSim *S = loadModule(ModulePath, WaveSize, &D);
  if (!S)
    return -1;
  ElReport *R = calloc(1, sizeof(ElReport));
  long Result = 0;
  uint32_t NextRecord = 0;
  for (uint32_t I = 0; I < E->NumLaunches && Result >= 0; ++I) {
    const ElLaunch *L = &E->Launches[I];
    const uint32_t NC = L->NumBlocks * ((L->BlockDim + 31) / 32);
    const size_t NOut = (size_t)NC * ElMaxTrips * WarpLanes;
    ElOutputs O = {malloc(NOut * 4), malloc(NOut * 4), malloc(NOut),
                   malloc(NOut)};
    if (!elRunLaunch(&D, E, L, &O))
      Result = -1;
    while (Result >= 0 && NextRecord < E->NumRecords &&
           E->Records[NextRecord].Case < L->FirstCase + NC)
      elCompare(R, E, NextRecord++, &O, L->FirstCase, WaveSize);
    free(O.Out);
    free(O.MaskUsed);
    free(O.Pred);
    free(O.Exec);
  }
  if (Result >= 0) {
    printf("replay on wavesim wave%u: %u launches of blocks of 64, 48, 40, "
           "33 and 63 threads, as on the H100\n",
           WaveSize, E->NumLaunches);
    ElTally Sum = elPrintReport(R, true);
    printf("TOTAL: %zu records, %zu lanes checked, %zu mismatching lanes, "
           "%zu records whose callers differ\n",
           Sum.Records, Sum.Lanes, Sum.Bad, R->CallersBad);
    Result = (long)(Sum.Bad + R->CallersBad);
  }
  free(R);
  wavesimDispose(S);
  return Result;
}

static int exitedLanesMain(const char *VectorsPath, const char *ModulePath,
                           unsigned WaveSize) {
  ElFile E;
  if (!readExitedLanes(VectorsPath, &E))
    return 2;
  printf("exited-lanes vectors: %u launches, %u cases, %u records%s\n",
         E.NumLaunches, E.NumCases, E.NumRecords,
         E.Flags & 1 ? " (self-test file, not hardware)" : "");
  size_t Bad = elCheckReference(&E);
  long Replayed = ModulePath ? elReplay(ModulePath, WaveSize, &E) : 0;
  free(E.Bytes);
  if (Replayed < 0)
    return 2;
  return Bad || Replayed ? 1 : 0;
}

/*===-- Command line ------------------------------------------------------===*/

static void usage(void) {
  fprintf(stderr,
          "usage: primitive-replay [--wave=32|64] [--only=PRIM] "
          "[--max-records=N] VECTORS.bin [MODULE.ll]\n"
          "       primitive-replay --redux-f32 [--wave=32|64] [--cases=N] "
          "MODULE.ll\n"
          "       primitive-replay --exited-lanes [--wave=32|64] VECTORS.bin "
          "[MODULE.ll]\n");
  exit(2);
}

static const char *valueOf(const char *Arg, const char *Option) {
  size_t N = strlen(Option);
  return strncmp(Arg, Option, N) ? NULL : Arg + N;
}

static int findPrim(const char *Name) {
  for (int P = 0; P < NumPrims; ++P)
    if (!strcmp(Name, PrimNames[P]))
      return P;
  return -1;
}

/* The records of the chosen primitive (all if Only < 0), at most
 * MaxPerPrim of each, in file order. */
static uint32_t selectRecords(const Record *Records, uint32_t Count, int Only,
                              uint32_t MaxPerPrim, uint32_t *Selected) {
  uint32_t Taken[NumPrims] = {0}, N = 0;
  for (uint32_t I = 0; I < Count; ++I) {
    uint32_t P = Records[I].Prim;
    if (P >= NumPrims || (Only >= 0 && P != (uint32_t)Only) ||
        Taken[P] >= MaxPerPrim)
      continue;
    ++Taken[P];
    Selected[N++] = I;
  }
  return N;
}

int main(int argc, char **argv) {
  unsigned WaveSize = 64;
  int Only = -1;
  uint32_t MaxPerPrim = UINT32_MAX, NumFloatCases = 8192;
  bool ReduxF32 = false, ExitedLanes = false;
  const char *Paths[2] = {NULL, NULL};
  unsigned NumPaths = 0;
  for (int I = 1; I < argc; ++I) {
    const char *A = argv[I], *V;
    if ((V = valueOf(A, "--wave="))) {
      WaveSize = (unsigned)atoi(V);
      if (WaveSize != 32 && WaveSize != 64)
        usage();
    } else if ((V = valueOf(A, "--only="))) {
      if ((Only = findPrim(V)) < 0) {
        fprintf(stderr, "primitive-replay: no primitive named '%s'\n", V);
        usage();
      }
    } else if ((V = valueOf(A, "--max-records=")))
      MaxPerPrim = (uint32_t)strtoul(V, NULL, 0);
    else if ((V = valueOf(A, "--cases=")))
      NumFloatCases = (uint32_t)strtoul(V, NULL, 0);
    else if (!strcmp(A, "--redux-f32"))
      ReduxF32 = true;
    else if (!strcmp(A, "--exited-lanes"))
      ExitedLanes = true;
    else if (A[0] != '-' && NumPaths < 2)
      Paths[NumPaths++] = A;
    else
      usage();
  }

  if (ReduxF32) {
    if (NumPaths != 1 || !NumFloatCases)
      usage();
    long Bad = replayReduxF32(Paths[0], WaveSize, NumFloatCases);
    return Bad < 0 ? 2 : Bad > 0;
  }
  if (NumPaths < 1)
    usage();
  if (ExitedLanes)
    return exitedLanesMain(Paths[0], Paths[1], WaveSize);
  uint32_t Count;
  Record *Records = readVectors(Paths[0], &Count);
  if (!Records)
    return 2;
  uint32_t *Selected = malloc(Count * sizeof(uint32_t));
  uint32_t NumSelected =
      selectRecords(Records, Count, Only, MaxPerPrim, Selected);
  size_t Bad = checkReference(Records, Selected, NumSelected);
  long Replayed = 0;
  if (Paths[1])
    Replayed =
        replay(Paths[1], WaveSize, Records, Count, Selected, NumSelected);
  free(Selected);
  free(Records);
  if (Replayed < 0)
    return 2;
  return Bad || Replayed ? 1 : 0;
}
