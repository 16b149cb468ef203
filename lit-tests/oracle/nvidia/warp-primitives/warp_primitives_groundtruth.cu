//===- warp_primitives_groundtruth.cu - vote/match/redux/etc. ground truth ===//
//
// Records NVIDIA hardware behaviour of the warp primitives that the next
// lowering covers, as replayable vectors, and checks each against a host-side
// reference written from the CUDA programming guide / PTX ISA semantics:
//
//   __ballot_sync, __all_sync, __any_sync, __uni_sync      (vote.sync.*)
//   __activemask() inside a divergent branch (two forms)    (activemask.b32)
//   __match_any_sync / __match_all_sync, 32 and 64 bit      (match.sync.*)
//   __reduce_{add,min,max}_sync (int and unsigned),
//   __reduce_{and,or,xor}_sync                              (redux.sync.*)
//   __syncwarp(mask) with a shared-memory exchange          (bar.warp.sync)
//   elect.sync (inline PTX, sm_90+)
//
// One warp (one block of 32 threads) runs one case: a (primitive, membermask,
// value pattern). Only lanes whose bit is set in the membermask enter the
// branch that calls the primitive; the others branch around it, as CUDA
// requires for *_sync with a partial mask. Masks and values are loaded from
// global memory so that nothing is folded at compile time.
//
// Usage: warp_primitives_groundtruth [--perturb] [--out=FILE]
//                                    [--random-masks=N] [--seed=N]
//   --perturb   compare against a deliberately wrong reference (ballot that
//               ignores the membermask); must report mismatches (exit 1).
//   --out=FILE  write the vector file (layout: FORMAT.md beside this file).
// Exit status: 0 when every lane matched the reference, 1 on any mismatch,
// 2 on a CUDA or usage error.
//
//===----------------------------------------------------------------------===//

#include <cuda_runtime.h>

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

enum Prim : uint32_t {
  P_BALLOT = 0,
  P_ALL = 1,
  P_ANY = 2,
  P_UNI = 3,
  P_ACTIVEMASK = 4,        // activemask inside `if (lane in mask)`
  P_ACTIVEMASK_NESTED = 5, // ... and inside a second branch on (value & 1)
  P_MATCH_ANY_32 = 6,
  P_MATCH_ALL_32 = 7,
  P_MATCH_ANY_64 = 8,
  P_MATCH_ALL_64 = 9,
  P_REDUCE_ADD_U32 = 10,
  P_REDUCE_ADD_S32 = 11,
  P_REDUCE_MIN_U32 = 12,
  P_REDUCE_MIN_S32 = 13,
  P_REDUCE_MAX_U32 = 14,
  P_REDUCE_MAX_S32 = 15,
  P_REDUCE_AND = 16,
  P_REDUCE_OR = 17,
  P_REDUCE_XOR = 18,
  P_SYNCWARP = 19, // write shared, __syncwarp(mask), read next member's slot
  P_ELECT = 20,
  P_COUNT = 21
};

const char *const PrimNames[P_COUNT] = {
    "ballot_sync",        "all_sync",           "any_sync",
    "uni_sync",           "activemask",         "activemask_nested",
    "match_any_sync.b32", "match_all_sync.b32", "match_any_sync.b64",
    "match_all_sync.b64", "reduce_add_sync.u32", "reduce_add_sync.s32",
    "reduce_min_sync.u32", "reduce_min_sync.s32", "reduce_max_sync.u32",
    "reduce_max_sync.s32", "reduce_and_sync",    "reduce_or_sync",
    "reduce_xor_sync",    "syncwarp_exchange",  "elect_sync"};

const int NumPatterns = 8;
const char *const PatternNames[NumPatterns] = {
    "equal",      "distinct",  "lane%3",     "lane/8",
    "random",     "random4",   "hi_differs", "lo%3_hi/8"};

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

// The 32 lane values of a pattern. A 32-bit primitive uses the low half.
void makeValues(int Pattern, uint64_t Seed, uint32_t MaskIdx, uint64_t *V) {
  uint64_t S = Seed ^ (uint64_t(MaskIdx) * 0x100000001b3ull) ^
               (uint64_t(Pattern) << 56);
  static const uint32_t Few[4] = {0u, 1u, 0x7fffffffu, 0x80000000u};
  for (uint32_t L = 0; L < 32; ++L) {
    uint32_t Lo = 0, Hi = 0;
    switch (Pattern) {
    case 0: Lo = 0x80000005u; Hi = 0x01234567u; break;
    case 1: Lo = L * 0x9e3779b1u + 0x2468ace1u; Hi = hiOf(Lo); break;
    case 2: Lo = uint32_t(int32_t(L % 3) - 1); Hi = hiOf(Lo); break;
    case 3: Lo = (L / 8) * 0x40000001u; Hi = hiOf(Lo); break;
    case 4: { uint64_t R = splitmix64(S); Lo = uint32_t(R); Hi = uint32_t(R >> 32); break; }
    case 5: Lo = Few[splitmix64(S) & 3]; Hi = hiOf(Lo); break;
    case 6: Lo = 0xcafebabeu; Hi = L % 2; break;
    case 7: Lo = L % 3; Hi = L / 8; break;
    }
    V[L] = (uint64_t(Hi) << 32) | Lo;
  }
}

} // namespace

__global__ void warpKernel(const uint32_t *Prims, const uint32_t *Masks,
                           const unsigned long long *In, uint32_t *Out,
                           uint8_t *Pred, uint8_t *Exec) {
  __shared__ unsigned long long Sh[32];
  const uint32_t C = blockIdx.x;
  const uint32_t Lane = threadIdx.x;
  const uint32_t P = Prims[C];
  const uint32_t M = Masks[C];
  const unsigned long long V64 = In[C * 32 + Lane];
  const uint32_t V = uint32_t(V64);
  uint32_t R = 0;
  int Pr = 0;
  int Ex = 0;
  Sh[Lane] = 0;
  if ((M >> Lane) & 1u) {
    Ex = 1;
    switch (P) {
    case P_BALLOT: R = __ballot_sync(M, V & 1u); Pr = R != 0; break;
    case P_ALL: R = __all_sync(M, V & 1u); Pr = R != 0; break;
    case P_ANY: R = __any_sync(M, V & 1u); Pr = R != 0; break;
    case P_UNI: R = __uni_sync(M, V & 1u); Pr = R != 0; break;
    case P_ACTIVEMASK: R = __activemask(); break;
    case P_ACTIVEMASK_NESTED:
      // Two different asm strings so the compiler cannot merge them.
      if (V & 1u) {
        asm volatile("activemask.b32 %0; // then" : "=r"(R));
        Pr = 1;
      } else {
        asm volatile("activemask.b32 %0; // else" : "=r"(R));
        Pr = 0;
      }
      break;
    case P_MATCH_ANY_32: R = __match_any_sync(M, V); break;
    case P_MATCH_ALL_32: R = __match_all_sync(M, V, &Pr); break;
    case P_MATCH_ANY_64: R = __match_any_sync(M, V64); break;
    case P_MATCH_ALL_64: R = __match_all_sync(M, V64, &Pr); break;
    case P_REDUCE_ADD_U32: R = __reduce_add_sync(M, V); break;
    case P_REDUCE_ADD_S32: R = uint32_t(__reduce_add_sync(M, int(V))); break;
    case P_REDUCE_MIN_U32: R = __reduce_min_sync(M, V); break;
    case P_REDUCE_MIN_S32: R = uint32_t(__reduce_min_sync(M, int(V))); break;
    case P_REDUCE_MAX_U32: R = __reduce_max_sync(M, V); break;
    case P_REDUCE_MAX_S32: R = uint32_t(__reduce_max_sync(M, int(V))); break;
    case P_REDUCE_AND: R = __reduce_and_sync(M, V); break;
    case P_REDUCE_OR: R = __reduce_or_sync(M, V); break;
    case P_REDUCE_XOR: R = __reduce_xor_sync(M, V); break;
    case P_SYNCWARP: {
      volatile unsigned long long *VS = Sh;
      VS[Lane] = V64;
      __syncwarp(M);
      // Next member of M above this lane, cyclically.
      uint32_t Above = M & ~((2u << Lane) - 1u);
      uint32_t Next = Above ? __ffs(Above) - 1 : __ffs(M) - 1;
      R = uint32_t(VS[Next]);
      break;
    }
    case P_ELECT: {
#if __CUDA_ARCH__ >= 900
      uint32_t Leader, IsLeader;
      asm volatile("{\n\t.reg .pred p;\n\t"
                   "elect.sync %0|p, %2;\n\t"
                   "selp.u32 %1, 1, 0, p;\n\t}"
                   : "=r"(Leader), "=r"(IsLeader)
                   : "r"(M));
      R = Leader;
      Pr = IsLeader;
#else
      R = 0xffffffffu;
#endif
      break;
    }
    default: break;
    }
  }
  Out[C * 32 + Lane] = R;
  Pred[C * 32 + Lane] = uint8_t(Pr != 0);
  Exec[C * 32 + Lane] = uint8_t(Ex);
}

namespace {

// Reference result of one lane. Returns {value, predicate}.
struct Ref {
  uint32_t R;
  int P;
};

Ref reference(uint32_t P, uint32_t M, const uint64_t *V, uint32_t L,
              bool Perturb) {
  auto In = [&](uint32_t J) { return (M >> J) & 1u; };
  uint32_t Lo[32];
  for (int J = 0; J < 32; ++J)
    Lo[J] = uint32_t(V[J]);
  uint32_t PredBits = 0;
  for (uint32_t J = 0; J < 32; ++J)
    if (Lo[J] & 1u)
      PredBits |= 1u << J;
  switch (P) {
  case P_BALLOT: {
    uint32_t B = Perturb ? PredBits : (PredBits & M); // planted bug
    return {B, B != 0};
  }
  case P_ALL: { int A = (PredBits & M) == M; return {uint32_t(A), A}; }
  case P_ANY: { int A = (PredBits & M) != 0; return {uint32_t(A), A}; }
  case P_UNI: {
    int A = (PredBits & M) == M || (PredBits & M) == 0;
    return {uint32_t(A), A};
  }
  case P_ACTIVEMASK: return {M, 0};
  case P_ACTIVEMASK_NESTED: {
    int Mine = Lo[L] & 1u;
    return {Mine ? (M & PredBits) : (M & ~PredBits), Mine};
  }
  case P_MATCH_ANY_32:
  case P_MATCH_ANY_64: {
    bool Wide = P == P_MATCH_ANY_64;
    uint32_t R = 0;
    for (uint32_t J = 0; J < 32; ++J)
      if (In(J) && (Wide ? V[J] == V[L] : Lo[J] == Lo[L]))
        R |= 1u << J;
    return {R, 0};
  }
  case P_MATCH_ALL_32:
  case P_MATCH_ALL_64: {
    bool Wide = P == P_MATCH_ALL_64;
    bool Eq = true;
    for (uint32_t J = 0; J < 32; ++J)
      if (In(J) && (Wide ? V[J] != V[L] : Lo[J] != Lo[L]))
        Eq = false;
    return {Eq ? M : 0u, Eq};
  }
  case P_SYNCWARP: {
    uint32_t Above = M & ~uint32_t((2ull << L) - 1u);
    uint32_t Next = Above ? __builtin_ctz(Above) : __builtin_ctz(M);
    return {Lo[Next], 0};
  }
  case P_ELECT: {
    uint32_t Leader = __builtin_ctz(M);
    return {Leader, L == Leader};
  }
  default: break;
  }
  // Reductions.
  bool First = true;
  uint32_t Acc = 0;
  for (uint32_t J = 0; J < 32; ++J) {
    if (!In(J))
      continue;
    uint32_t X = Lo[J];
    if (First) {
      Acc = X;
      First = false;
      continue;
    }
    switch (P) {
    case P_REDUCE_ADD_U32:
    case P_REDUCE_ADD_S32: Acc += X; break;
    case P_REDUCE_MIN_U32: Acc = std::min(Acc, X); break;
    case P_REDUCE_MAX_U32: Acc = std::max(Acc, X); break;
    case P_REDUCE_MIN_S32: Acc = uint32_t(std::min(int32_t(Acc), int32_t(X))); break;
    case P_REDUCE_MAX_S32: Acc = uint32_t(std::max(int32_t(Acc), int32_t(X))); break;
    case P_REDUCE_AND: Acc &= X; break;
    case P_REDUCE_OR: Acc |= X; break;
    case P_REDUCE_XOR: Acc ^= X; break;
    }
  }
  return {Acc, 0};
}

// Which primitives define a predicate output that the reference checks.
bool checksPred(uint32_t P) {
  return P <= P_UNI || P == P_ACTIVEMASK_NESTED || P == P_MATCH_ALL_32 ||
         P == P_MATCH_ALL_64 || P == P_ELECT;
}

void put32(std::vector<uint8_t> &B, uint32_t X) {
  for (int I = 0; I < 4; ++I)
    B.push_back(uint8_t(X >> (8 * I)));
}
void put64(std::vector<uint8_t> &B, uint64_t X) {
  put32(B, uint32_t(X));
  put32(B, uint32_t(X >> 32));
}

} // namespace

int main(int Argc, char **Argv) {
  bool Perturb = false;
  bool NoGpu = false; // harness self-test only: "hardware" := reference
  const char *OutPath = nullptr;
  int NumRandom = 64;
  uint64_t Seed = 0x77a9e5eed2024ull;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--perturb"))
      Perturb = true;
    else if (!std::strcmp(Argv[I], "--no-gpu"))
      NoGpu = true;
    else if (!std::strncmp(Argv[I], "--out=", 6))
      OutPath = Argv[I] + 6;
    else if (!std::strncmp(Argv[I], "--random-masks=", 15))
      NumRandom = std::atoi(Argv[I] + 15);
    else if (!std::strncmp(Argv[I], "--seed=", 7))
      Seed = std::strtoull(Argv[I] + 7, nullptr, 0);
    else {
      std::fprintf(stderr, "usage: %s [--perturb] [--out=FILE] "
                           "[--random-masks=N] [--seed=N]\n", Argv[0]);
      return 2;
    }
  }

  // Membermasks, deduplicated, in a fixed order.
  std::vector<uint32_t> Masks;
  auto Add = [&](uint32_t M) {
    if (M && std::find(Masks.begin(), Masks.end(), M) == Masks.end())
      Masks.push_back(M);
  };
  for (int B = 0; B < 32; ++B) Add(1u << B);
  Add(0xffffffffu);
  for (int K = 1; K < 32; ++K) Add((1u << K) - 1u);          // low k bits
  for (int K = 1; K < 32; ++K) Add(~((1u << (32 - K)) - 1u)); // high k bits
  for (uint32_t M : {0x55555555u, 0xaaaaaaaau, 0x11111111u, 0x22222222u,
                     0x44444444u, 0x88888888u, 0x01010101u, 0x80808080u})
    Add(M);
  size_t NumFixed = Masks.size();
  {
    uint64_t S = Seed;
    for (int I = 0; (int)Masks.size() < (int)NumFixed + NumRandom && I < 100000; ++I) {
      uint32_t A = uint32_t(splitmix64(S)), B = uint32_t(splitmix64(S));
      uint32_t M = (I % 3 == 0) ? A : (I % 3 == 1) ? (A & B) : (A | B);
      Add(M);
    }
  }

  // Cases: mask-major, then pattern, then primitive (so the inputs repeat in
  // neighbouring records and compress well).
  std::vector<uint32_t> CPrim, CMask, CPat;
  std::vector<uint64_t> CIn;
  for (uint32_t MI = 0; MI < Masks.size(); ++MI)
    for (int Pat = 0; Pat < NumPatterns; ++Pat) {
      uint64_t V[32];
      makeValues(Pat, Seed, MI, V);
      for (uint32_t P = 0; P < P_COUNT; ++P) {
        CPrim.push_back(P);
        CMask.push_back(Masks[MI]);
        CPat.push_back(uint32_t(Pat));
        CIn.insert(CIn.end(), V, V + 32);
      }
    }
  const size_t N = CPrim.size();

  std::vector<uint32_t> HOut(N * 32);
  std::vector<uint8_t> HPred(N * 32), HExec(N * 32);
  if (NoGpu) {
    std::printf("NO GPU: outputs are the unperturbed reference (self-test)\n");
    for (size_t C = 0; C < N; ++C)
      for (uint32_t L = 0; L < 32; ++L) {
        bool In = (CMask[C] >> L) & 1u;
        Ref R = In ? reference(CPrim[C], CMask[C], &CIn[C * 32], L, false)
                   : Ref{0, 0};
        HOut[C * 32 + L] = R.R;
        HPred[C * 32 + L] = In && R.P && checksPred(CPrim[C]);
        HExec[C * 32 + L] = In;
      }
  } else {
    cudaDeviceProp Prop;
    int Dev = 0;
    checkCuda(cudaGetDevice(&Dev), "cudaGetDevice");
    checkCuda(cudaGetDeviceProperties(&Prop, Dev), "cudaGetDeviceProperties");
    int DrvVer = 0, RtVer = 0;
    cudaDriverGetVersion(&DrvVer);
    cudaRuntimeGetVersion(&RtVer);
    std::printf("GPU: %s, compute capability %d.%d\n", Prop.name, Prop.major,
                Prop.minor);
    std::printf("CUDA driver %d, runtime %d\n", DrvVer, RtVer);
    std::printf("reference: %s\n", Perturb ? "PERTURBED (ballot ignores membermask)"
                                           : "CUDA programming guide semantics");
    std::printf("seed 0x%" PRIx64 ", %zu masks (%zu fixed + %zu random), %d "
                "patterns, %d primitives, %zu cases\n",
                Seed, Masks.size(), NumFixed, Masks.size() - NumFixed,
                NumPatterns, (int)P_COUNT, N);

    uint32_t *DPrim, *DMask, *DOut;
    unsigned long long *DIn;
    uint8_t *DPred, *DExec;
    checkCuda(cudaMalloc(&DPrim, N * 4), "malloc");
    checkCuda(cudaMalloc(&DMask, N * 4), "malloc");
    checkCuda(cudaMalloc(&DIn, N * 32 * 8), "malloc");
    checkCuda(cudaMalloc(&DOut, N * 32 * 4), "malloc");
    checkCuda(cudaMalloc(&DPred, N * 32), "malloc");
    checkCuda(cudaMalloc(&DExec, N * 32), "malloc");
    checkCuda(cudaMemcpy(DPrim, CPrim.data(), N * 4, cudaMemcpyHostToDevice), "cpy");
    checkCuda(cudaMemcpy(DMask, CMask.data(), N * 4, cudaMemcpyHostToDevice), "cpy");
    checkCuda(cudaMemcpy(DIn, CIn.data(), N * 32 * 8, cudaMemcpyHostToDevice), "cpy");
    warpKernel<<<unsigned(N), 32>>>(DPrim, DMask, DIn, DOut, DPred, DExec);
    checkCuda(cudaGetLastError(), "launch");
    checkCuda(cudaDeviceSynchronize(), "kernel");
    checkCuda(cudaMemcpy(HOut.data(), DOut, N * 32 * 4, cudaMemcpyDeviceToHost), "cpy");
    checkCuda(cudaMemcpy(HPred.data(), DPred, N * 32, cudaMemcpyDeviceToHost), "cpy");
    checkCuda(cudaMemcpy(HExec.data(), DExec, N * 32, cudaMemcpyDeviceToHost), "cpy");
  }
  size_t Cases[P_COUNT] = {}, Lanes[P_COUNT] = {}, BadLanes[P_COUNT] = {},
         BadCases[P_COUNT] = {};
  int Shown[P_COUNT] = {};
  size_t ExecBad = 0;
  std::vector<uint8_t> File;
  const uint32_t RecSize = 24 + 32 * 8 + 32 * 4;
  File.insert(File.end(), {'W', 'A', 'R', 'P', 'G', 'T', '0', '1'});
  put32(File, 1);            // version
  put32(File, RecSize);      // record size
  put32(File, uint32_t(N));  // number of records
  put32(File, P_COUNT);      // number of primitive ids
  put64(File, Seed);
  for (size_t C = 0; C < N; ++C) {
    uint32_t P = CPrim[C], M = CMask[C];
    const uint64_t *V = &CIn[C * 32];
    uint32_t ExecMask = 0, PredMask = 0, OkMask = 0;
    ++Cases[P];
    bool CaseBad = false;
    for (uint32_t L = 0; L < 32; ++L) {
      size_t I = C * 32 + L;
      if (HExec[I]) ExecMask |= 1u << L;
      if (HPred[I]) PredMask |= 1u << L;
      if (!((M >> L) & 1u)) {
        OkMask |= HExec[I] ? 0u : (1u << L);
        continue;
      }
      ++Lanes[P];
      Ref R = reference(P, M, V, L, Perturb);
      bool Ok = HExec[I] && HOut[I] == R.R &&
                (!checksPred(P) || int(HPred[I] != 0) == (R.P != 0));
      if (Ok) {
        OkMask |= 1u << L;
        continue;
      }
      ++BadLanes[P];
      CaseBad = true;
      if (Shown[P] < 4) {
        ++Shown[P];
        std::printf("  MISMATCH %s mask=0x%08x pattern=%s lane %u in=0x%016" PRIx64
                    ": hw 0x%08x pred %d, ref 0x%08x pred %d\n",
                    PrimNames[P], M, PatternNames[CPat[C]], L, V[L], HOut[I],
                    HPred[I], R.R, R.P);
      }
    }
    if (CaseBad)
      ++BadCases[P];
    if (ExecMask != M) {
      std::printf("  EXEC MISMATCH case %zu: exec 0x%08x mask 0x%08x\n", C,
                  ExecMask, M);
      ++ExecBad;
    }
    put32(File, P);
    put32(File, M);
    put32(File, CPat[C]);
    put32(File, ExecMask);
    put32(File, PredMask);
    put32(File, OkMask);
    for (int L = 0; L < 32; ++L) put64(File, V[L]);
    for (int L = 0; L < 32; ++L) put32(File, HOut[C * 32 + L]);
  }

  size_t TotBad = 0, TotLanes = 0;
  std::printf("%-22s %8s %8s %10s %10s\n", "primitive", "cases", "badcases",
              "lanes", "badlanes");
  for (int P = 0; P < (int)P_COUNT; ++P) {
    std::printf("%-22s %8zu %8zu %10zu %10zu\n", PrimNames[P], Cases[P],
                BadCases[P], Lanes[P], BadLanes[P]);
    TotBad += BadLanes[P];
    TotLanes += Lanes[P];
  }
  std::printf("TOTAL: %zu cases, %zu lanes checked, %zu mismatching lanes, "
              "%zu cases whose executing lanes differ from the mask\n",
              N, TotLanes, TotBad, ExecBad);
  TotBad += ExecBad;

  if (OutPath) {
    FILE *F = std::fopen(OutPath, "wb");
    if (!F || std::fwrite(File.data(), 1, File.size(), F) != File.size()) {
      std::fprintf(stderr, "cannot write %s\n", OutPath);
      return 2;
    }
    std::fclose(F);
    std::printf("wrote %zu bytes (%zu records of %u bytes) to %s\n",
                File.size(), N, RecSize, OutPath);
  }
  return TotBad ? 1 : 0;
}
