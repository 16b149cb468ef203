//===- shfl_groundtruth.cu - shfl.sync ground truth on NVIDIA hardware ----===//
//
// Checks the project's reference model of PTX `shfl.sync`
// (pass/ShflSemantics.{h,c}, shflEvaluate) against a real NVIDIA GPU.
//
// Every warp runs one inline-PTX `shfl.sync.<mode>.b32 d|p, a, b, c, mask`
// with mask 0xffffffff and with b and c loaded from memory, so they reach the
// instruction as runtime registers rather than immediates that ptxas could
// fold. The 32 lanes hold distinct 32-bit patterns, among them -0.0, infinities,
// denormals and f32 NaNs with payloads (quiet and signalling, both signs), so a
// lane that receives a value can be traced to the lane that sent it bit for
// bit. The table is rotated per warp so that neighbouring warps disagree.
//
// Two sweeps run, each with the four modes:
//   * exhaustive: b in 0..63 and c in 0..8191 (clamp bits 0-4, segment mask
//     bits 8-12, and the unused bits 5-7, plus b's bit 5);
//   * random: 2^20 (b, c) pairs per mode, full 32-bit values from a seeded
//     generator, so the bits the model ignores are set too.
// For each lane the host compares the received bits with the bits of lane
// shflEvaluate(...).SrcLane and the predicate with .InRange.
//
// With --perturb-model the host compares against a deliberately wrong model
// (the clamp bits of c forced to 31). That run must report mismatches: it
// proves that the harness can fail.
//
// Usage: shfl_groundtruth [--perturb-model] [--seed=N]
// Exit status: 0 when every lane matched the model, 1 on any mismatch, 2 on a
// CUDA or usage error.
//
//===----------------------------------------------------------------------===//

#include "../../../pass/warp/ShflSemantics.h"

#include <cuda_runtime.h>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

void checkCuda(cudaError_t Err, const char *What) {
  if (Err == cudaSuccess)
    return;
  std::fprintf(stderr, "CUDA error in %s: %s\n", What,
               cudaGetErrorString(Err));
  std::exit(2);
}

// The 32 lane values. Distinct, and heavy on patterns that a float path would
// be tempted to change: signed zeros, NaN payloads, signalling NaNs,
// denormals.
const uint32_t LaneTable[CudaWarpSize] = {
    0x80000000u, // -0.0
    0x00000000u, // +0.0
    0x7fc00000u, // canonical quiet NaN
    0x7fc00001u, // quiet NaN, payload 1
    0xffc00001u, // negative quiet NaN, payload 1
    0x7f800001u, // signalling NaN, payload 1
    0xff800001u, // negative signalling NaN, payload 1
    0x7fbfffffu, // signalling NaN, largest payload
    0xffffffffu, // negative quiet NaN, all payload bits
    0x7fffffffu, // quiet NaN, all payload bits
    0x7fa5a5a5u, // signalling NaN, mixed payload
    0xffd00dfeu, // negative quiet NaN, mixed payload
    0x7f800000u, // +inf
    0xff800000u, // -inf
    0x00000001u, // smallest denormal
    0x80000001u, // negative smallest denormal
    0x007fffffu, // largest denormal
    0x807fffffu, // negative largest denormal
    0x3f800000u, // 1.0
    0xbf800000u, // -1.0
    0x7f7fffffu, // largest finite
    0xff7fffffu, // negative largest finite
    0x00800000u, // smallest normal
    0x12345678u,
    0x9abcdef0u,
    0xdeadbeefu,
    0xcafef00du,
    0x0badc0deu,
    0x55555555u,
    0xaaaaaaaau,
    0x01020304u,
    0xfedcba98u,
};

__constant__ uint32_t DeviceLaneTable[CudaWarpSize];

// Rotation of LaneTable used by warp `Case`: lane L holds
// LaneTable[(L + rotation) % 32]. Any cheap mix of the index will do.
__host__ __device__ unsigned caseRotation(uint32_t Case) {
  uint32_t H = Case * 0x9e3779b9u;
  return (H >> 27) & 31;
}

__host__ __device__ uint32_t laneValue(uint32_t Case, unsigned Lane) {
#ifdef __CUDA_ARCH__
  return DeviceLaneTable[(Lane + caseRotation(Case)) & 31];
#else
  return LaneTable[(Lane + caseRotation(Case)) & 31];
#endif
}

// One warp per case. Modes, b and c come from memory. The mode is uniform in
// a warp, so the whole warp takes the same branch and executes one shfl.sync
// with the full member mask.
__global__ void shflKernel(const uint8_t *Modes, const uint32_t *Bs,
                           const uint32_t *Cs, uint32_t NumCases,
                           uint32_t *OutBits, uint8_t *OutPred) {
  uint32_t Tid = blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t Case = Tid / CudaWarpSize;
  unsigned Lane = Tid % CudaWarpSize;
  if (Case >= NumCases)
    return; // Whole warps only: NumCases counts warps.

  uint32_t A = laneValue(Case, Lane);
  uint32_t B = Bs[Case];
  uint32_t C = Cs[Case];
  uint32_t Mask = 0xffffffffu;
  uint32_t D = 0;
  uint32_t P = 0;
  switch (Modes[Case]) {
  case ShflUp:
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "shfl.sync.up.b32 %0|p, %2, %3, %4, %5;\n\t"
                 "selp.u32 %1, 1, 0, p;\n\t}"
                 : "=r"(D), "=r"(P)
                 : "r"(A), "r"(B), "r"(C), "r"(Mask));
    break;
  case ShflDown:
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "shfl.sync.down.b32 %0|p, %2, %3, %4, %5;\n\t"
                 "selp.u32 %1, 1, 0, p;\n\t}"
                 : "=r"(D), "=r"(P)
                 : "r"(A), "r"(B), "r"(C), "r"(Mask));
    break;
  case ShflBfly:
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "shfl.sync.bfly.b32 %0|p, %2, %3, %4, %5;\n\t"
                 "selp.u32 %1, 1, 0, p;\n\t}"
                 : "=r"(D), "=r"(P)
                 : "r"(A), "r"(B), "r"(C), "r"(Mask));
    break;
  case ShflIdx:
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "shfl.sync.idx.b32 %0|p, %2, %3, %4, %5;\n\t"
                 "selp.u32 %1, 1, 0, p;\n\t}"
                 : "=r"(D), "=r"(P)
                 : "r"(A), "r"(B), "r"(C), "r"(Mask));
    break;
  default:
    D = 0x0badf00du; // Never happens; shows up as a mismatch if it does.
    P = 2;
    break;
  }
  OutBits[Tid] = D;
  OutPred[Tid] = (uint8_t)P;
}

// A list of (mode, b, c) cases, one warp each.
struct Sweep {
  const char *Name;
  std::vector<uint8_t> Modes;
  std::vector<uint32_t> Bs;
  std::vector<uint32_t> Cs;

  void add(ShflMode Mode, uint32_t B, uint32_t C) {
    Modes.push_back((uint8_t)Mode);
    Bs.push_back(B);
    Cs.push_back(C);
  }
};

Sweep makeExhaustiveSweep() {
  Sweep S;
  S.Name = "exhaustive (b 0..63, c 0..8191)";
  for (int M = 0; M < ShflNumModes; ++M)
    for (uint32_t B = 0; B < 64; ++B)
      for (uint32_t C = 0; C < 8192; ++C)
        S.add((ShflMode)M, B, C);
  return S;
}

// splitmix64: small, seedable, good enough to spread bits.
uint64_t nextRandom(uint64_t &State) {
  uint64_t Z = (State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

Sweep makeRandomSweep(uint64_t Seed, uint32_t PerMode) {
  Sweep S;
  S.Name = "random (full 32-bit b and c)";
  uint64_t State = Seed;
  for (int M = 0; M < ShflNumModes; ++M)
    for (uint32_t I = 0; I < PerMode; ++I) {
      uint64_t R = nextRandom(State);
      S.add((ShflMode)M, (uint32_t)R, (uint32_t)(R >> 32));
    }
  return S;
}

// The lane of the table rotation for `Case` that holds `Bits`, or -1.
int laneHolding(uint32_t Case, uint32_t Bits) {
  for (unsigned L = 0; L < CudaWarpSize; ++L)
    if (laneValue(Case, L) == Bits)
      return (int)L;
  return -1;
}

struct ModeCounts {
  uint64_t Lanes = 0;
  uint64_t Mismatches = 0;
  uint64_t BadValue = 0;
  uint64_t BadPred = 0;
};

// Runs `S` on the GPU and compares every lane with the model. Returns the
// number of mismatching lanes.
uint64_t runSweep(const Sweep &S, bool PerturbModel) {
  const uint32_t NumCases = (uint32_t)S.Modes.size();
  const size_t NumLanes = (size_t)NumCases * CudaWarpSize;

  uint8_t *DModes = nullptr;
  uint32_t *DBs = nullptr, *DCs = nullptr, *DBits = nullptr;
  uint8_t *DPred = nullptr;
  checkCuda(cudaMalloc(&DModes, NumCases), "cudaMalloc");
  checkCuda(cudaMalloc(&DBs, NumCases * sizeof(uint32_t)), "cudaMalloc");
  checkCuda(cudaMalloc(&DCs, NumCases * sizeof(uint32_t)), "cudaMalloc");
  checkCuda(cudaMalloc(&DBits, NumLanes * sizeof(uint32_t)), "cudaMalloc");
  checkCuda(cudaMalloc(&DPred, NumLanes), "cudaMalloc");
  checkCuda(cudaMemcpy(DModes, S.Modes.data(), NumCases,
                       cudaMemcpyHostToDevice),
            "cudaMemcpy modes");
  checkCuda(cudaMemcpy(DBs, S.Bs.data(), NumCases * sizeof(uint32_t),
                       cudaMemcpyHostToDevice),
            "cudaMemcpy b");
  checkCuda(cudaMemcpy(DCs, S.Cs.data(), NumCases * sizeof(uint32_t),
                       cudaMemcpyHostToDevice),
            "cudaMemcpy c");
  // Poison the outputs so that a lane the kernel never wrote cannot pass.
  checkCuda(cudaMemset(DBits, 0xa5, NumLanes * sizeof(uint32_t)),
            "cudaMemset");
  checkCuda(cudaMemset(DPred, 0xa5, NumLanes), "cudaMemset");

  const unsigned BlockSize = 256;
  const unsigned NumBlocks =
      (unsigned)((NumLanes + BlockSize - 1) / BlockSize);
  shflKernel<<<NumBlocks, BlockSize>>>(DModes, DBs, DCs, NumCases, DBits,
                                       DPred);
  checkCuda(cudaGetLastError(), "shflKernel launch");
  checkCuda(cudaDeviceSynchronize(), "shflKernel");

  std::vector<uint32_t> Bits(NumLanes);
  std::vector<uint8_t> Pred(NumLanes);
  checkCuda(cudaMemcpy(Bits.data(), DBits, NumLanes * sizeof(uint32_t),
                       cudaMemcpyDeviceToHost),
            "cudaMemcpy bits");
  checkCuda(cudaMemcpy(Pred.data(), DPred, NumLanes, cudaMemcpyDeviceToHost),
            "cudaMemcpy pred");
  checkCuda(cudaFree(DModes), "cudaFree");
  checkCuda(cudaFree(DBs), "cudaFree");
  checkCuda(cudaFree(DCs), "cudaFree");
  checkCuda(cudaFree(DBits), "cudaFree");
  checkCuda(cudaFree(DPred), "cudaFree");

  const int MaxReportedPerMode = 4;
  ModeCounts Counts[ShflNumModes];
  for (uint32_t Case = 0; Case < NumCases; ++Case) {
    ShflMode Mode = (ShflMode)S.Modes[Case];
    uint32_t B = S.Bs[Case];
    uint32_t C = S.Cs[Case];
    // The planted bug: a model that ignores the clamp bits of c.
    uint32_t ModelC = PerturbModel ? (C | 31u) : C;
    ModeCounts &MC = Counts[Mode];
    for (unsigned Lane = 0; Lane < CudaWarpSize; ++Lane) {
      ShflOutcome Want = shflEvaluate(Mode, Lane, B, ModelC);
      uint32_t WantBits = laneValue(Case, Want.SrcLane);
      size_t I = (size_t)Case * CudaWarpSize + Lane;
      uint32_t GotBits = Bits[I];
      unsigned GotPred = Pred[I];
      ++MC.Lanes;
      bool ValueOk = GotBits == WantBits;
      bool PredOk = GotPred == (Want.InRange ? 1u : 0u);
      if (ValueOk && PredOk)
        continue;
      ++MC.Mismatches;
      MC.BadValue += !ValueOk;
      MC.BadPred += !PredOk;
      if (MC.Mismatches <= (uint64_t)MaxReportedPerMode)
        std::printf("  MISMATCH mode=%-4s b=0x%08" PRIx32 " c=0x%08" PRIx32
                    " lane=%2u: got 0x%08" PRIx32
                    " (lane %d) p=%u, expected 0x%08" PRIx32
                    " (lane %u) p=%d\n",
                    shflModeName(Mode), B, C, Lane, GotBits,
                    laneHolding(Case, GotBits), GotPred, WantBits,
                    Want.SrcLane, Want.InRange ? 1 : 0);
    }
  }

  uint64_t Total = 0;
  std::printf("  %s: %" PRIu32 " warps, %zu lane cases\n", S.Name, NumCases,
              NumLanes);
  for (int M = 0; M < ShflNumModes; ++M) {
    const ModeCounts &MC = Counts[M];
    std::printf("    %-4s %10" PRIu64 " lanes, %10" PRIu64
                " mismatches (value %" PRIu64 ", predicate %" PRIu64 ")\n",
                shflModeName((ShflMode)M), MC.Lanes, MC.Mismatches,
                MC.BadValue, MC.BadPred);
    Total += MC.Mismatches;
  }
  return Total;
}

void printDeviceInfo() {
  int Dev = 0;
  checkCuda(cudaGetDevice(&Dev), "cudaGetDevice");
  cudaDeviceProp Prop;
  checkCuda(cudaGetDeviceProperties(&Prop, Dev), "cudaGetDeviceProperties");
  int Driver = 0, Runtime = 0;
  checkCuda(cudaDriverGetVersion(&Driver), "cudaDriverGetVersion");
  checkCuda(cudaRuntimeGetVersion(&Runtime), "cudaRuntimeGetVersion");
  std::printf("GPU: %s, compute capability %d.%d, %d SMs\n", Prop.name,
              Prop.major, Prop.minor, Prop.multiProcessorCount);
  std::printf("CUDA driver API %d.%d, runtime %d.%d, built with CUDART_VERSION "
              "%d, nvcc %d.%d.%d\n",
              Driver / 1000, (Driver % 1000) / 10, Runtime / 1000,
              (Runtime % 1000) / 10, CUDART_VERSION, __CUDACC_VER_MAJOR__,
              __CUDACC_VER_MINOR__, __CUDACC_VER_BUILD__);
}

} // namespace

int main(int Argc, char **Argv) {
  bool PerturbModel = false;
  uint64_t Seed = 0x5f1a2024c0ffee01ull;
  for (int I = 1; I < Argc; ++I) {
    if (std::strcmp(Argv[I], "--perturb-model") == 0) {
      PerturbModel = true;
    } else if (std::strncmp(Argv[I], "--seed=", 7) == 0) {
      Seed = std::strtoull(Argv[I] + 7, nullptr, 0);
    } else {
      std::fprintf(stderr,
                   "usage: %s [--perturb-model] [--seed=N]\n", Argv[0]);
      return 2;
    }
  }

  // The lane values must be distinct, or a wrong source lane could pass.
  for (unsigned I = 0; I < CudaWarpSize; ++I)
    for (unsigned J = I + 1; J < CudaWarpSize; ++J)
      if (LaneTable[I] == LaneTable[J]) {
        std::fprintf(stderr, "lane table entries %u and %u are equal\n", I, J);
        return 2;
      }

  printDeviceInfo();
  checkCuda(cudaMemcpyToSymbol(DeviceLaneTable, LaneTable, sizeof(LaneTable)),
            "cudaMemcpyToSymbol");
  std::printf("model: %s\n",
              PerturbModel ? "PERTURBED (shflEvaluate with c | 31; mismatches "
                             "expected)"
                           : "shflEvaluate (pass/warp/ShflSemantics.c)");
  std::printf("random seed: 0x%016" PRIx64 "\n", Seed);

  uint64_t Cases = 0, Mismatches = 0;
  Sweep Exhaustive = makeExhaustiveSweep();
  Mismatches += runSweep(Exhaustive, PerturbModel);
  Cases += Exhaustive.Modes.size() * CudaWarpSize;
  Exhaustive = Sweep(); // Free the host copies before the next sweep.

  Sweep Random = makeRandomSweep(Seed, 1u << 20);
  Mismatches += runSweep(Random, PerturbModel);
  Cases += Random.Modes.size() * CudaWarpSize;

  std::printf("shfl ground truth%s: %" PRIu64 " cases, %" PRIu64
              " mismatches\n",
              PerturbModel ? " (perturbed model)" : "", Cases, Mismatches);
  return Mismatches == 0 ? 0 : 1;
}
