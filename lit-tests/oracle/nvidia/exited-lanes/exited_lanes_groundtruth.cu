//===- exited_lanes_groundtruth.cu - warp primitives with exited lanes ----===//
//
// Records what every lane gets from every CUDA warp primitive when the
// member mask names lanes that have EXITED (returned early) or were NEVER
// LAUNCHED (the partial last warp of a block of 48, 40, 33 or 63 threads),
// and when lanes exit inside a loop while the others keep calling the
// primitive with the full mask or with __activemask(). The kernel is
// exited_lanes_kernel.cuh (shared with the AMD replay); this host program
// builds the cases, runs them on the GPU, checks every defined lane against
// a reference written from the CUDA programming guide and the PTX ISA, and
// writes the vectors (layout and the rules for which results are defined:
// FORMAT.md beside this file).
//
// Primitives: __shfl_sync / _up / _down / _xor (int and float, widths 32,
// 16 and 8, b per lane at run time), inline PTX shfl.sync.*.b32 d|p with b
// and c at run time, shuffles with a constant b; __ballot_sync, __all_sync,
// __any_sync, __uni_sync; __activemask(); __match_any_sync and
// __match_all_sync on 32 and 64 bits; the nine integer __reduce_*_sync
// forms; __syncwarp with a shared-memory exchange; elect.sync.
//
// Usage: exited_lanes_groundtruth [--out=FILE] [--perturb] [--no-gpu]
//   --out=FILE  write the vector file.
//   --perturb   compare against a deliberately wrong reference: match.all
//               returns the whole membermask (what our lowering returned
//               before it learnt the PTX rule); must report mismatches.
//   --no-gpu    harness self-test without a GPU: the "hardware" outputs are
//               the unperturbed reference's (the file gets flag bit 0).
// Exit status: 0 when every defined lane matched, 1 on a mismatch, 2 on a
// CUDA or usage error, 3 when a launch did not finish (a hang).
//
//===----------------------------------------------------------------------===//

#include "exited_lanes_kernel.cuh"

#include <cuda_runtime.h>

#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

const char *const PrimNames[ElNumPrims] = {
    "shfl_idx.i32",       "shfl_up.i32",         "shfl_down.i32",
    "shfl_xor.i32",       "shfl_idx.f32",        "shfl_up.f32",
    "shfl_down.f32",      "shfl_xor.f32",        "shfl.idx.b32|p",
    "shfl.up.b32|p",      "shfl.down.b32|p",     "shfl.bfly.b32|p",
    "shfl_idx.const0",    "shfl_up.const1",      "shfl_down.const1",
    "shfl_xor.const1",    "shfl_xor.const16",    "ballot_sync",
    "all_sync",           "any_sync",            "uni_sync",
    "activemask",         "match_any_sync.b32",  "match_all_sync.b32",
    "match_any_sync.b64", "match_all_sync.b64",  "reduce_add_sync.u32",
    "reduce_add_sync.s32", "reduce_min_sync.u32", "reduce_min_sync.s32",
    "reduce_max_sync.u32", "reduce_max_sync.s32", "reduce_and_sync",
    "reduce_or_sync",     "reduce_xor_sync",     "syncwarp_exchange",
    "elect_sync"};

// How the lanes of a case exit: the trip count of each lane.
enum TripPattern : uint32_t {
  TpNone = 0,       // all lanes call once
  TpMod5 = 1,       // t % 5 == 3 exit first (t = threadIdx.x)
  TpOdd = 2,        // odd lanes exit first
  TpUpper = 3,      // lanes 16..31 exit first
  TpAllButOne = 4,  // all exit but lane 6 (warp 0) / lane 31 (warp 1)
  TpRandom = 5,     // a random half exits first
  TpLoopMod5 = 6,   // loop: lane calls t % 5 times (0..4)
  TpLoopRandom = 7, // loop: 0..8 times at random
  TpLoopGroups = 8, // loop: 8 - lane / 4 times (8..1)
  TpLoopMod7 = 9,   // loop: 1 + (3 t) % 7 times (1..7)
  TpCount = 10
};
const char *const TripNames[TpCount] = {
    "exit:none",  "exit:t%5==3",    "exit:odd",        "exit:upper16",
    "exit:all-but-one", "exit:random", "loop:t%5",     "loop:random0-8",
    "loop:8-lane/4", "loop:1+3t%7"};

enum Scenario : uint32_t { ScExited = 0, ScPartial = 1, ScLoop = 2 };
const char *const ScenarioNames[3] = {"exited", "partial-warp", "loop"};

const int NumPatterns = 8;
const char *const PatternNames[NumPatterns] = {
    "equal", "distinct", "lane%3", "lane/8", "random", "random4",
    "hi_differs", "lo%3_hi/8"};

enum { NumBSets = 3 };

const uint32_t Magic0 = 0x54495845u; // "EXIT"
const uint32_t Magic1 = 0x31305447u; // "GT01"
const uint32_t RecordWords = 10 + 32;

void checkCuda(cudaError_t Err, const char *What) {
  if (Err == cudaSuccess)
    return;
  std::fprintf(stderr, "CUDA error in %s: %s\n", What,
               cudaGetErrorString(Err));
  std::exit(2);
}

uint64_t splitmix64(uint64_t &S) {
  uint64_t Z = (S += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

uint32_t hiOf(uint32_t Lo) { return (Lo * 0x85ebca77u) ^ 0x5bd1e995u; }

// The 32 lane values of (pattern, variant). The structured patterns keep
// their equality classes in every variant (a lane-uniform xor).
void makeValues(int Pattern, uint32_t Variant, uint64_t Seed, uint64_t *V) {
  uint64_t S = Seed ^ (uint64_t(Pattern) << 56) ^ (uint64_t(Variant) << 48);
  static const uint32_t Few[4] = {0u, 1u, 0x7fffffffu, 0x80000000u};
  const uint32_t XLo = Variant * 0x10204081u, XHi = Variant * 0x01000193u;
  for (uint32_t L = 0; L < 32; ++L) {
    uint32_t Lo = 0, Hi = 0;
    switch (Pattern) {
    case 0: Lo = 0x80000005u ^ XLo; Hi = 0x01234567u ^ XHi; break;
    case 1: Lo = L * 0x9e3779b1u + 0x2468ace1u + Variant * 0x3c6ef372u; Hi = hiOf(Lo); break;
    case 2: Lo = uint32_t(int32_t(L % 3) - 1) ^ XLo; Hi = hiOf(Lo); break;
    case 3: Lo = ((L / 8) * 0x40000001u) ^ XLo; Hi = hiOf(Lo); break;
    case 4: { uint64_t R = splitmix64(S); Lo = uint32_t(R); Hi = uint32_t(R >> 32); break; }
    case 5: Lo = Few[splitmix64(S) & 3]; Hi = hiOf(Lo); break;
    case 6: Lo = 0xcafebabeu ^ XLo; Hi = (L % 2) ^ XHi; break;
    case 7: Lo = (L % 3) ^ XLo; Hi = (L / 8) ^ XHi; break;
    }
    V[L] = (uint64_t(Hi) << 32) | Lo;
  }
}

struct CaseSpec {
  uint32_t Words[ElCaseWords]; // prim, width, kind, mask, pattern, variant,
                               // bset, trip pattern
  uint8_t Trip[32];
};

struct LaunchSpec {
  uint32_t Scenario, BlockDim, NumBlocks, FirstCase;
};

// A primitive with its width, value pattern and shuffle operand set.
struct Variant {
  uint32_t Prim, Width, Pattern, BSet;
};

bool isShuffle(uint32_t P) { return P <= ElShflXorConst16; }
bool hasRuntimeB(uint32_t P) { return P <= ElShflBflyP; }

std::vector<Variant> makeVariants() {
  std::vector<Variant> Vs;
  const uint32_t Widths[3] = {32, 16, 8};
  for (uint32_t P = 0; P < ElNumPrims; ++P) {
    if (hasRuntimeB(P)) {
      for (uint32_t W : Widths)
        for (uint32_t B = 0; B < 2; ++B)
          Vs.push_back({P, W, B ? 4u : 1u, B});
    } else if (isShuffle(P)) {
      for (uint32_t W : Widths)
        Vs.push_back({P, W, 1, 2});
    } else {
      for (uint32_t Pat = 0; Pat < (uint32_t)NumPatterns; ++Pat)
        Vs.push_back({P, 32, Pat, 2});
    }
  }
  return Vs;
}

// Lane trip counts of warp Warp of a block of BlockDim threads.
void makeTrips(uint32_t Tp, uint32_t BlockDim, uint32_t Warp, uint64_t &Rng,
               uint8_t *Trip) {
  uint32_t Half = uint32_t(splitmix64(Rng));
  uint64_t R = splitmix64(Rng);
  for (uint32_t L = 0; L < 32; ++L) {
    uint32_t T = Warp * 32 + L;
    uint32_t N = 1;
    switch (Tp) {
    case TpNone: N = 1; break;
    case TpMod5: N = T % 5 != 3; break;
    case TpOdd: N = L % 2 == 0; break;
    case TpUpper: N = L < 16; break;
    case TpAllButOne: N = L == (Warp ? 31u : 6u); break;
    case TpRandom: N = (Half >> L) & 1u; break;
    case TpLoopMod5: N = T % 5; break;
    case TpLoopRandom:
      N = uint32_t((R >> (2 * L)) & 3u) + uint32_t((R >> (L + 20)) & 1u) * 4 +
          ((L * 7 + uint32_t(R)) % 9 == 0);
      if (N > ElMaxTrips) N = ElMaxTrips;
      break;
    case TpLoopGroups: N = 8 - L / 4; break;
    case TpLoopMod7: N = 1 + (3 * T) % 7; break;
    }
    Trip[L] = T < BlockDim ? uint8_t(N) : 0;
  }
}

uint32_t launchedLanes(uint32_t BlockDim, uint32_t Warp) {
  uint32_t N = BlockDim > Warp * 32 ? BlockDim - Warp * 32 : 0;
  return N >= 32 ? 0xffffffffu : (1u << N) - 1u;
}

uint32_t aliveAt(const CaseSpec &C, uint32_t Launched, uint32_t Trip) {
  uint32_t A = 0;
  for (uint32_t L = 0; L < 32; ++L)
    if (((Launched >> L) & 1u) && C.Trip[L] > Trip)
      A |= 1u << L;
  return A;
}

struct Tables {
  std::vector<uint64_t> Inputs; // [pattern][variant][lane]
  std::vector<uint32_t> BTable; // [bset][lane]
  std::vector<LaunchSpec> Launches;
  std::vector<CaseSpec> Cases;
};

CaseSpec makeCase(const Variant &V, uint32_t Kind, uint32_t Tp,
                  uint32_t BlockDim, uint32_t Warp, uint32_t Index,
                  uint64_t &Rng) {
  CaseSpec C;
  C.Words[0] = V.Prim;
  C.Words[1] = V.Width;
  C.Words[2] = Kind;
  C.Words[3] = Kind == ElMaskActive ? 0u : 0xffffffffu;
  C.Words[4] = V.Pattern;
  C.Words[5] = (Index * 3u) % ElNumVariants;
  C.Words[6] = V.BSet;
  C.Words[7] = Tp;
  makeTrips(Tp, BlockDim, Warp, Rng, C.Trip);
  return C;
}

// A random mask naming a lane of Alive.
uint32_t randomMask(uint64_t &Rng, uint32_t Alive) {
  for (;;) {
    uint32_t M = uint32_t(splitmix64(Rng));
    if (M & Alive)
      return M;
  }
}

Tables makeTables(uint64_t Seed) {
  Tables Tb;
  Tb.Inputs.resize(size_t(NumPatterns) * ElNumVariants * 32);
  for (int P = 0; P < NumPatterns; ++P)
    for (uint32_t V = 0; V < ElNumVariants; ++V)
      makeValues(P, V, Seed, &Tb.Inputs[(P * ElNumVariants + V) * 32]);
  Tb.BTable.resize(NumBSets * 32);
  uint64_t S = Seed ^ 0xb5e7;
  for (uint32_t L = 0; L < 32; ++L) {
    Tb.BTable[L] = 5;
    Tb.BTable[32 + L] = uint32_t(splitmix64(S) & 63);
    Tb.BTable[64 + L] = 0;
  }

  std::vector<Variant> Vs = makeVariants();
  uint64_t Rng = Seed ^ 0xca5e5;

  // Exited lanes: blocks of 64, one case per warp, in order.
  {
    LaunchSpec L = {ScExited, 64, 0, uint32_t(Tb.Cases.size())};
    const uint32_t Fixed[5] = {0xffffffffu, 0x0000ffffu, 0x55555555u,
                               0x7f7f7f7fu, 0xfffffff0u};
    for (const Variant &V : Vs)
      for (uint32_t Tp = TpNone; Tp <= TpRandom; ++Tp)
        for (uint32_t MI = 0; MI < 6; ++MI) {
          uint32_t Index = uint32_t(Tb.Cases.size());
          uint32_t Warp = (Index - L.FirstCase) % 2;
          CaseSpec C = makeCase(V, ElMaskGiven, Tp, 64, Warp, Index, Rng);
          uint32_t Alive = aliveAt(C, 0xffffffffu, 0);
          C.Words[3] = MI < 5 ? Fixed[MI] : randomMask(Rng, Alive);
          if (C.Words[3] & Alive) // else no lane would call
            Tb.Cases.push_back(C);
        }
    if ((Tb.Cases.size() - L.FirstCase) % 2) // pad with a warp that exits
      Tb.Cases.push_back(makeCase(Vs[0], ElMaskGiven, TpNone, 0, 1,
                                  uint32_t(Tb.Cases.size()), Rng));
    L.NumBlocks = uint32_t(Tb.Cases.size() - L.FirstCase) / 2;
    Tb.Launches.push_back(L);
  }
  // Partial last warps: both warps of a block run the same primitive.
  for (uint32_t BlockDim : {48u, 40u, 33u, 63u}) {
    LaunchSpec L = {ScPartial, BlockDim, 0, uint32_t(Tb.Cases.size())};
    for (const Variant &V : Vs)
      for (uint32_t Tp : {uint32_t(TpNone), uint32_t(TpMod5)})
        for (uint32_t MI = 0; MI < 2; ++MI) {
          for (uint32_t Warp = 0; Warp < 2; ++Warp) {
            CaseSpec C = makeCase(V, ElMaskGiven, Tp, BlockDim, Warp,
                                  uint32_t(Tb.Cases.size()), Rng);
            uint32_t Alive = aliveAt(C, launchedLanes(BlockDim, Warp), 0);
            if (MI)
              C.Words[3] = randomMask(Rng, Alive);
            Tb.Cases.push_back(C);
          }
          ++L.NumBlocks;
        }
    Tb.Launches.push_back(L);
  }
  // Lanes exiting inside a loop, the others calling with the full mask or
  // with __activemask().
  for (uint32_t BlockDim : {64u, 40u}) {
    LaunchSpec L = {ScLoop, BlockDim, 0, uint32_t(Tb.Cases.size())};
    std::vector<uint32_t> Tps;
    if (BlockDim == 64)
      Tps = {TpLoopMod5, TpLoopRandom, TpLoopGroups};
    else
      Tps = {TpLoopMod7};
    for (const Variant &V : Vs)
      for (uint32_t Tp : Tps)
        for (uint32_t Kind : {uint32_t(ElMaskGiven), uint32_t(ElMaskActive)}) {
          for (uint32_t Warp = 0; Warp < 2; ++Warp)
            Tb.Cases.push_back(makeCase(V, Kind, Tp, BlockDim, Warp,
                                        uint32_t(Tb.Cases.size()), Rng));
          ++L.NumBlocks;
        }
    Tb.Launches.push_back(L);
  }
  return Tb;
}

// The PTX ISA's shfl.sync source lane and predicate (docs/semantics.md).
void shflModel(uint32_t Mode, uint32_t Lane, uint32_t B, uint32_t C,
               uint32_t &Src, bool &InRange) {
  uint32_t BVal = B & 31, CVal = C & 31, Seg = (C >> 8) & 31;
  uint32_t MaxLane = (Lane & Seg) | (CVal & ~Seg), MinLane = Lane & Seg;
  int J = 0;
  switch (Mode) {
  case 0: J = int(MinLane | (BVal & ~Seg)); InRange = uint32_t(J) <= MaxLane; break;
  case 1: J = int(Lane) - int(BVal); InRange = J >= int(MaxLane); break;
  case 2: J = int(Lane + BVal); InRange = uint32_t(J) <= MaxLane; break;
  default: J = int(Lane ^ BVal); InRange = uint32_t(J) <= MaxLane; break;
  }
  Src = InRange ? uint32_t(J) : Lane;
}

struct LaneRef {
  uint32_t Out;
  bool Pred;
  bool Defined; // the value is defined (the predicate always is)
  uint32_t Src;  // shuffles: the lane read
};

// The reference of lane L of a trip whose callers are A, with member mask
// M, lane values V and the exchange slots as this trip's writes left them.
LaneRef reference(uint32_t P, uint32_t Width, uint32_t M, uint32_t A,
                  const uint64_t *V, const uint32_t *BRow, uint32_t Trip,
                  const uint64_t *Slots, uint32_t L, bool Perturb) {
  uint32_t Lo[32], Votes = 0;
  for (uint32_t J = 0; J < 32; ++J) {
    Lo[J] = uint32_t(V[J]);
    if (((A >> J) & 1u) && (Lo[J] & 1u))
      Votes |= 1u << J;
  }
  if (isShuffle(P)) {
    uint32_t Mode = P <= ElShflBflyP ? P % 4 : P - ElShflIdxConst0;
    static const uint32_t ConstB[5] = {0, 1, 1, 1, 16};
    uint32_t B = hasRuntimeB(P) ? BRow[L] + Trip : ConstB[P - ElShflIdxConst0];
    if (P == ElShflXorConst16)
      Mode = 3;
    uint32_t C = ((32 - Width) << 8) | (Mode == 1 ? 0u : 31u);
    uint32_t Src;
    bool InRange;
    shflModel(Mode, L, B, C, Src, InRange);
    bool WithPred = P >= ElShflIdxP && P <= ElShflBflyP;
    return {Lo[Src], WithPred && InRange, ((A >> Src) & 1u) != 0, Src};
  }
  switch (P) {
  case ElBallot: return {Votes, Votes != 0, true};
  case ElAll: return {Votes == A, Votes == A, true};
  case ElAny: return {Votes != 0, Votes != 0, true};
  case ElUni: {
    bool U = Votes == A || Votes == 0;
    return {U, U, true};
  }
  case ElActiveMask: return {A, false, true};
  case ElMatchAny32:
  case ElMatchAny64:
  case ElMatchAll32:
  case ElMatchAll64: {
    bool Wide = P == ElMatchAny64 || P == ElMatchAll64;
    uint32_t Same = 0;
    for (uint32_t J = 0; J < 32; ++J)
      if (((A >> J) & 1u) && (Wide ? V[J] == V[L] : Lo[J] == Lo[L]))
        Same |= 1u << J;
    if (P == ElMatchAny32 || P == ElMatchAny64)
      return {Same, false, true};
    bool AllEqual = Same == A;
    return {AllEqual ? (Perturb ? M : A) : 0u, AllEqual, true};
  }
  case ElSyncWarp: {
    uint32_t Above = M & ~uint32_t((2ull << L) - 1u);
    uint32_t Next = Above ? __builtin_ctz(Above) : __builtin_ctz(M);
    return {uint32_t(Slots[Next]), false, true};
  }
  case ElElect: {
    uint32_t Leader = __builtin_ctz(A);
    return {Leader, L == Leader, true};
  }
  default: break;
  }
  bool First = true;
  uint32_t Acc = 0;
  for (uint32_t J = 0; J < 32; ++J) {
    if (!((A >> J) & 1u))
      continue;
    uint32_t X = Lo[J];
    if (First) {
      Acc = X;
      First = false;
      continue;
    }
    switch (P) {
    case ElReduceAddU32:
    case ElReduceAddS32: Acc += X; break;
    case ElReduceMinU32: Acc = X < Acc ? X : Acc; break;
    case ElReduceMaxU32: Acc = X > Acc ? X : Acc; break;
    case ElReduceMinS32: Acc = int32_t(X) < int32_t(Acc) ? X : Acc; break;
    case ElReduceMaxS32: Acc = int32_t(X) > int32_t(Acc) ? X : Acc; break;
    case ElReduceAnd: Acc &= X; break;
    case ElReduceOr: Acc |= X; break;
    case ElReduceXor: Acc ^= X; break;
    }
  }
  return {Acc, false, true};
}

void put32(std::vector<uint8_t> &B, uint32_t X) {
  for (int I = 0; I < 4; ++I)
    B.push_back(uint8_t(X >> (8 * I)));
}
void put64(std::vector<uint8_t> &B, uint64_t X) {
  put32(B, uint32_t(X));
  put32(B, uint32_t(X >> 32));
}

struct Outputs {
  std::vector<uint32_t> Out, MaskUsed;
  std::vector<uint8_t> Pred, Exec;
};

// Runs every launch on the GPU. A launch that does not finish within
// 30 seconds is reported as a hang.
void runOnGpu(const Tables &Tb, Outputs &O) {
  const size_t NC = Tb.Cases.size(), NOut = NC * ElMaxTrips * 32;
  std::vector<uint32_t> Words(NC * ElCaseWords);
  std::vector<uint8_t> Trips(NC * 32);
  for (size_t C = 0; C < NC; ++C) {
    std::memcpy(&Words[C * ElCaseWords], Tb.Cases[C].Words, ElCaseWords * 4);
    std::memcpy(&Trips[C * 32], Tb.Cases[C].Trip, 32);
  }
  unsigned *DWords, *DB, *DOut, *DMask;
  unsigned char *DTrips, *DPred, *DExec;
  unsigned long long *DIn;
  checkCuda(cudaMalloc(&DWords, Words.size() * 4), "malloc");
  checkCuda(cudaMalloc(&DTrips, Trips.size()), "malloc");
  checkCuda(cudaMalloc(&DIn, Tb.Inputs.size() * 8), "malloc");
  checkCuda(cudaMalloc(&DB, Tb.BTable.size() * 4), "malloc");
  checkCuda(cudaMalloc(&DOut, NOut * 4), "malloc");
  checkCuda(cudaMalloc(&DMask, NOut * 4), "malloc");
  checkCuda(cudaMalloc(&DPred, NOut), "malloc");
  checkCuda(cudaMalloc(&DExec, NOut), "malloc");
  checkCuda(cudaMemcpy(DWords, Words.data(), Words.size() * 4, cudaMemcpyHostToDevice), "cpy");
  checkCuda(cudaMemcpy(DTrips, Trips.data(), Trips.size(), cudaMemcpyHostToDevice), "cpy");
  checkCuda(cudaMemcpy(DIn, Tb.Inputs.data(), Tb.Inputs.size() * 8, cudaMemcpyHostToDevice), "cpy");
  checkCuda(cudaMemcpy(DB, Tb.BTable.data(), Tb.BTable.size() * 4, cudaMemcpyHostToDevice), "cpy");
  checkCuda(cudaMemset(DOut, 0, NOut * 4), "memset");
  checkCuda(cudaMemset(DMask, 0, NOut * 4), "memset");
  checkCuda(cudaMemset(DPred, 0, NOut), "memset");
  checkCuda(cudaMemset(DExec, 0, NOut), "memset");
  for (size_t I = 0; I < Tb.Launches.size(); ++I) {
    const LaunchSpec &L = Tb.Launches[I];
    size_t F = L.FirstCase, FO = F * ElMaxTrips * 32;
    exitedLanes<<<L.NumBlocks, L.BlockDim>>>(
        DWords + F * ElCaseWords, DTrips + F * 32, DIn, DB, DOut + FO,
        DPred + FO, DExec + FO, DMask + FO);
    checkCuda(cudaGetLastError(), "launch");
    auto Start = std::chrono::steady_clock::now();
    cudaError_t Q;
    while ((Q = cudaStreamQuery(0)) == cudaErrorNotReady) {
      if (std::chrono::steady_clock::now() - Start > std::chrono::seconds(30)) {
        std::printf("HANG: launch %zu (%s, block %u) did not finish in 30 s\n",
                    I, ScenarioNames[L.Scenario], L.BlockDim);
        std::fflush(stdout);
        std::_Exit(3);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    checkCuda(Q, "kernel");
    std::printf("launch %zu: %s, %u blocks of %u threads: done in %.1f ms\n", I,
                ScenarioNames[L.Scenario], L.NumBlocks, L.BlockDim,
                std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - Start).count());
  }
  O.Out.resize(NOut);
  O.MaskUsed.resize(NOut);
  O.Pred.resize(NOut);
  O.Exec.resize(NOut);
  checkCuda(cudaMemcpy(O.Out.data(), DOut, NOut * 4, cudaMemcpyDeviceToHost), "cpy");
  checkCuda(cudaMemcpy(O.MaskUsed.data(), DMask, NOut * 4, cudaMemcpyDeviceToHost), "cpy");
  checkCuda(cudaMemcpy(O.Pred.data(), DPred, NOut, cudaMemcpyDeviceToHost), "cpy");
  checkCuda(cudaMemcpy(O.Exec.data(), DExec, NOut, cudaMemcpyDeviceToHost), "cpy");
}

struct Tally {
  size_t Records = 0, Lanes = 0, Unchecked = 0, Bad = 0;
};

// A situation: scenario, block size, how lanes exit, and the mask kind of
// the loops.
std::string situationName(const LaunchSpec &L, const CaseSpec &C) {
  char Name[96];
  std::snprintf(Name, sizeof(Name), "%s/%u/%s%s", ScenarioNames[L.Scenario],
                L.BlockDim, TripNames[C.Words[7]],
                L.Scenario != ScLoop ? ""
                : C.Words[2] == ElMaskActive ? "/activemask"
                                             : "/0xffffffff");
  return Name;
}

Tally &tallyOf(std::vector<std::pair<std::string, Tally>> &Ts,
               const std::string &Name) {
  for (auto &T : Ts)
    if (T.first == Name)
      return T.second;
  Ts.push_back({Name, Tally()});
  return Ts.back().second;
}

} // namespace

int main(int Argc, char **Argv) {
  bool Perturb = false, NoGpu = false;
  const char *OutPath = nullptr;
  const uint64_t Seed = 0xe71ed1a9e5ull;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--perturb"))
      Perturb = true;
    else if (!std::strcmp(Argv[I], "--no-gpu"))
      NoGpu = true;
    else if (!std::strncmp(Argv[I], "--out=", 6))
      OutPath = Argv[I] + 6;
    else {
      std::fprintf(stderr, "usage: %s [--out=FILE] [--perturb] [--no-gpu]\n",
                   Argv[0]);
      return 2;
    }
  }
  Tables Tb = makeTables(Seed);
  const size_t NC = Tb.Cases.size();
  std::printf("reference: %s\n",
              Perturb ? "PERTURBED (match.all returns the whole membermask)"
                      : "CUDA programming guide / PTX ISA semantics");
  std::printf("seed 0x%" PRIx64 ", %zu launches, %zu cases (warps)\n", Seed,
              Tb.Launches.size(), NC);

  Outputs O;
  if (NoGpu) {
    std::printf("NO GPU: the outputs are the reference's (self-test)\n");
  } else {
    cudaDeviceProp Prop;
    int Dev = 0, Drv = 0, Rt = 0;
    checkCuda(cudaGetDevice(&Dev), "cudaGetDevice");
    checkCuda(cudaGetDeviceProperties(&Prop, Dev), "cudaGetDeviceProperties");
    cudaDriverGetVersion(&Drv);
    cudaRuntimeGetVersion(&Rt);
    std::printf("GPU: %s, compute capability %d.%d, CUDA driver %d, runtime %d\n",
                Prop.name, Prop.major, Prop.minor, Drv, Rt);
    runOnGpu(Tb, O);
  }

  // Records: one per (case, trip) in which a lane is expected to call or
  // did call; compared lane by lane with the reference.
  std::vector<uint8_t> Recs;
  size_t NumRecords = 0, ExecBad = 0, Diverged = 0;
  // What the undefined shuffle lanes got: their own value, the source
  // lane's input of this trip, 0, something else.
  size_t UndefOwn = 0, UndefSource = 0, UndefZero = 0, UndefOther = 0;
  Tally ByPrim[ElNumPrims];
  std::vector<std::pair<std::string, Tally>> BySituation;
  if (NoGpu) {
    O.Out.assign(NC * ElMaxTrips * 32, 0);
    O.MaskUsed.assign(O.Out.size(), 0);
    O.Pred.assign(O.Out.size(), 0);
    O.Exec.assign(O.Out.size(), 0);
  }
  int Shown = 0;
  size_t CaseInLaunch = 0, LaunchIdx = 0;
  for (size_t C = 0; C < NC; ++C) {
    while (LaunchIdx + 1 < Tb.Launches.size() &&
           C >= Tb.Launches[LaunchIdx + 1].FirstCase)
      ++LaunchIdx;
    const LaunchSpec &LS = Tb.Launches[LaunchIdx];
    CaseInLaunch = C - LS.FirstCase;
    const uint32_t WarpsPerBlock = (LS.BlockDim + 31) / 32;
    const uint32_t Warp = uint32_t(CaseInLaunch % WarpsPerBlock);
    const CaseSpec &CS = Tb.Cases[C];
    const uint32_t P = CS.Words[0], Width = CS.Words[1], Kind = CS.Words[2];
    const uint32_t Launched = launchedLanes(LS.BlockDim, Warp);
    uint64_t Slots[2][32];
    for (uint32_t B = 0; B < 2; ++B)
      for (uint32_t L = 0; L < 32; ++L)
        Slots[B][L] = EL_SENTINEL(B * ElSlots + Warp * 32 + L);
    for (uint32_t I = 0; I < ElMaxTrips; ++I) {
      const uint32_t Alive = aliveAt(CS, Launched, I);
      const uint32_t M = Kind == ElMaskActive ? Alive : CS.Words[3];
      const uint32_t A = Alive & M;
      const size_t Base = (C * ElMaxTrips + I) * 32;
      const uint64_t *V =
          &Tb.Inputs[(CS.Words[4] * ElNumVariants +
                      (CS.Words[5] + I) % ElNumVariants) * 32];
      const uint32_t *BRow = &Tb.BTable[CS.Words[6] * 32];
      if (P == ElSyncWarp)
        for (uint32_t L = 0; L < 32; ++L)
          if ((A >> L) & 1u)
            Slots[I & 1][L] = V[L];
      LaneRef Ref[32];
      for (uint32_t L = 0; L < 32; ++L)
        Ref[L] = ((A >> L) & 1u) ? reference(P, Width, M, A, V, BRow, I,
                                              Slots[I & 1], L, Perturb)
                                 : LaneRef{0, false, false, 0};
      if (NoGpu) {
        for (uint32_t L = 0; L < 32; ++L)
          if ((A >> L) & 1u) {
            LaneRef R = reference(P, Width, M, A, V, BRow, I, Slots[I & 1], L,
                                  false);
            O.Out[Base + L] = R.Out;
            O.Pred[Base + L] = R.Pred;
            O.Exec[Base + L] = 1;
            O.MaskUsed[Base + L] = M;
          }
      }
      uint32_t Exec = 0, PredMask = 0, MaskDiffers = 0;
      for (uint32_t L = 0; L < 32; ++L) {
        Exec |= uint32_t(O.Exec[Base + L] != 0) << L;
        PredMask |= uint32_t(O.Pred[Base + L] != 0) << L;
        if (O.Exec[Base + L] && O.MaskUsed[Base + L] != M)
          MaskDiffers |= 1u << L;
      }
      if (!A && !Exec)
        continue; // nobody called, as expected
      // With __activemask() as the mask, lanes that were not converged
      // would pass another mask: the record is then not checked.
      bool Converged = !MaskDiffers;
      Diverged += !Converged;
      if (Exec != A) {
        ++ExecBad;
        std::printf("  EXEC MISMATCH case %zu trip %u %s: called 0x%08x, "
                    "expected 0x%08x\n",
                    C, I, PrimNames[P], Exec, A);
      }
      uint32_t Checked = 0, Ok = 0;
      Tally &TP = ByPrim[P], &TT = tallyOf(BySituation, situationName(LS, CS));
      for (uint32_t L = 0; L < 32; ++L) {
        if (!((A >> L) & 1u))
          continue;
        bool Defined = Converged && Ref[L].Defined;
        if (!Defined) {
          uint32_t Got = O.Out[Base + L];
          if (Got == uint32_t(V[L]))
            ++UndefOwn;
          else if (Got == uint32_t(V[Ref[L].Src]))
            ++UndefSource;
          else if (Got == 0)
            ++UndefZero;
          else
            ++UndefOther;
          ++TP.Unchecked;
          ++TT.Unchecked;
          continue;
        }
        Checked |= 1u << L;
        ++TP.Lanes;
        ++TT.Lanes;
        bool Good = O.Exec[Base + L] && O.Out[Base + L] == Ref[L].Out &&
                    (O.Pred[Base + L] != 0) == Ref[L].Pred;
        if (Good) {
          Ok |= 1u << L;
          continue;
        }
        ++TP.Bad;
        ++TT.Bad;
        if (Shown++ < 12)
          std::printf("  MISMATCH case %zu trip %u %s %s block %u warp %u "
                      "mask 0x%08x pattern %s lane %u: hw 0x%08x pred %d, "
                      "ref 0x%08x pred %d\n",
                      C, I, PrimNames[P], TripNames[CS.Words[7]], LS.BlockDim,
                      Warp, M, PatternNames[CS.Words[4]], L, O.Out[Base + L],
                      O.Pred[Base + L], Ref[L].Out, Ref[L].Pred);
      }
      ++TP.Records;
      ++TT.Records;
      uint32_t Used = Exec ? O.MaskUsed[Base + __builtin_ctz(Exec)] : 0;
      put32(Recs, uint32_t(C));
      put32(Recs, I);
      put32(Recs, Launched);
      put32(Recs, Alive);
      put32(Recs, Exec);
      put32(Recs, PredMask);
      put32(Recs, Checked);
      put32(Recs, Ok);
      put32(Recs, Used);
      put32(Recs, MaskDiffers);
      for (uint32_t L = 0; L < 32; ++L)
        put32(Recs, O.Out[Base + L]);
      ++NumRecords;
    }
  }

  size_t TotLanes = 0, TotBad = 0, TotUnchecked = 0;
  std::printf("%-22s %8s %10s %10s %10s\n", "primitive", "records", "lanes",
              "undefined", "badlanes");
  for (uint32_t P = 0; P < ElNumPrims; ++P) {
    const Tally &T = ByPrim[P];
    std::printf("%-22s %8zu %10zu %10zu %10zu\n", PrimNames[P], T.Records,
                T.Lanes, T.Unchecked, T.Bad);
    TotLanes += T.Lanes;
    TotBad += T.Bad;
    TotUnchecked += T.Unchecked;
  }
  std::printf("%-40s %8s %10s %10s %10s\n", "situation", "records", "lanes",
              "undefined", "badlanes");
  for (const auto &S : BySituation)
    std::printf("%-40s %8zu %10zu %10zu %10zu\n", S.first.c_str(),
                S.second.Records, S.second.Lanes, S.second.Unchecked,
                S.second.Bad);
  std::printf("TOTAL: %zu records, %zu lanes checked, %zu mismatching lanes, "
              "%zu undefined lanes not checked, %zu records whose callers "
              "differ, %zu records with unconverged __activemask()\n",
              NumRecords, TotLanes, TotBad, TotUnchecked, ExecBad, Diverged);

  std::printf("undefined shuffle lanes (source exited or not a member) got: "
              "their own value %zu, the source lane's input %zu, 0 %zu, "
              "other %zu\n",
              UndefOwn, UndefSource, UndefZero, UndefOther);

  // The known H100 measurement: 48 threads, t % 5 == 3 exit,
  // __match_all_sync(0xffffffff, equal values).
  for (size_t C = 0; C < NC; ++C) {
    const CaseSpec &CS = Tb.Cases[C];
    if (CS.Words[0] != ElMatchAll32 || CS.Words[7] != TpMod5 ||
        CS.Words[3] != 0xffffffffu || CS.Words[4] != 0)
      continue;
    size_t LI = 0;
    while (LI + 1 < Tb.Launches.size() && C >= Tb.Launches[LI + 1].FirstCase)
      ++LI;
    if (Tb.Launches[LI].BlockDim != 48)
      continue;
    uint32_t Warp = uint32_t((C - Tb.Launches[LI].FirstCase) % 2);
    size_t Base = C * ElMaxTrips * 32;
    for (uint32_t L = 0; L < 32; ++L)
      if (O.Exec[Base + L]) {
        std::printf("block of 48, t%%5==3 exited: "
                    "__match_all_sync(0xffffffff, equal values) in warp %u "
                    "gives 0x%08x, p = %u\n",
                    Warp, O.Out[Base + L], unsigned(O.Pred[Base + L]));
        break;
      }
  }

  if (OutPath) {
    std::vector<uint8_t> File;
    put32(File, Magic0);
    put32(File, Magic1);
    put32(File, 1);                     // version
    put32(File, ElNumPrims);            // primitive ids
    put32(File, uint32_t(Tb.Launches.size()));
    put32(File, uint32_t(NC));
    put32(File, uint32_t(NumRecords));
    put32(File, NumPatterns);
    put32(File, ElNumVariants);
    put32(File, NumBSets);
    put32(File, ElMaxTrips);
    put32(File, RecordWords * 4);       // record size
    put64(File, Seed);
    put32(File, (NoGpu ? 1u : 0u) | (Perturb ? 2u : 0u));
    put32(File, 0);
    for (const LaunchSpec &L : Tb.Launches) {
      put32(File, L.Scenario);
      put32(File, L.BlockDim);
      put32(File, L.NumBlocks);
      put32(File, L.FirstCase);
    }
    for (uint64_t X : Tb.Inputs)
      put64(File, X);
    for (uint32_t X : Tb.BTable)
      put32(File, X);
    for (const CaseSpec &CS : Tb.Cases) {
      for (uint32_t W : CS.Words)
        put32(File, W);
      File.insert(File.end(), CS.Trip, CS.Trip + 32);
    }
    File.insert(File.end(), Recs.begin(), Recs.end());
    FILE *F = std::fopen(OutPath, "wb");
    if (!F || std::fwrite(File.data(), 1, File.size(), F) != File.size()) {
      std::fprintf(stderr, "cannot write %s\n", OutPath);
      return 2;
    }
    std::fclose(F);
    std::printf("wrote %zu bytes (%zu records) to %s\n", File.size(),
                NumRecords, OutPath);
  }
  return TotBad || ExecBad ? 1 : 0;
}
