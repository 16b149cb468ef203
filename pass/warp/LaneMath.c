/*===- LaneMath.c - CUDA lanes on AMD waves --------------------------------===*
 *
 * The hardware lane comes from llvm.amdgcn.mbcnt.lo/hi counting the bits of
 * an all-ones mask below this lane; it does not depend on the exec mask, so
 * it is computed once at function entry.
 *
 *===----------------------------------------------------------------------===*/

#include "warp/LaneMath.h"

#include "support/IRUtils.h"
#include "warp/WarpPatterns.h"

#include <string.h>

/* The value of F's string attribute Kind; empty when F has none. */
static const char *getFunctionAttribute(LLVMValueRef F, const char *Kind,
                                        unsigned *Length) {
  LLVMAttributeRef Attr = LLVMGetStringAttributeAtIndex(
      F, LLVMAttributeFunctionIndex, Kind, (unsigned)strlen(Kind));
  *Length = 0;
  return Attr ? LLVMGetStringAttributeValue(Attr, Length) : "";
}

static bool hasPrefix(const char *Text, size_t Length, const char *Prefix) {
  size_t PrefixLength = strlen(Prefix);
  return Length >= PrefixLength && strncmp(Text, Prefix, PrefixLength) == 0;
}

bool warpArchDefaultsToWave32(const char *Arch, size_t Length) {
  return hasPrefix(Arch, Length, "gfx10") || hasPrefix(Arch, Length, "gfx11") ||
         hasPrefix(Arch, Length, "gfx12");
}

/* The wave size that "target-features" sets: 32, 64, or 0 when it does not
 * say. As in LLVM, the last mention of a feature wins. */
static unsigned waveSizeFromFeatures(const char *Features, size_t Length) {
  unsigned WaveSize = 0;
  const char *End = Features + Length;
  for (const char *Token = Features; Token < End;) {
    const char *Comma = memchr(Token, ',', (size_t)(End - Token));
    size_t TokenLength = (size_t)((Comma ? Comma : End) - Token);
    if (TokenLength == 16 && hasPrefix(Token, TokenLength, "+wavefrontsize32"))
      WaveSize = 32;
    if (TokenLength == 16 && hasPrefix(Token, TokenLength, "+wavefrontsize64"))
      WaveSize = 64;
    Token += TokenLength + 1;
  }
  return WaveSize;
}

unsigned warpFunctionTarget(LLVMValueRef F) {
  unsigned Length;
  const char *CPU = getFunctionAttribute(F, "target-cpu", &Length);
  static const struct {
    const char *Prefix;
    unsigned Target;
  } Families[] = {
      {"gfx90a", WarpTargetGFX90A}, {"gfx94", WarpTargetGFX90A},
      {"gfx95", WarpTargetGFX90A},  {"gfx9", WarpTargetGFX9},
      {"gfx10", WarpTargetGFX10},   {"gfx11", WarpTargetGFX11},
      {"gfx12", WarpTargetGFX12},
  };
  for (size_t I = 0; I < sizeof(Families) / sizeof(Families[0]); ++I)
    if (hasPrefix(CPU, Length, Families[I].Prefix))
      return Families[I].Target;
  return 0;
}

unsigned warpFunctionWaveSize(LLVMValueRef F, WarpWaveSize Default) {
  unsigned Length;
  const char *Features = getFunctionAttribute(F, "target-features", &Length);
  unsigned WaveSize = waveSizeFromFeatures(Features, Length);
  if (WaveSize)
    return WaveSize;
  const char *CPU = getFunctionAttribute(F, "target-cpu", &Length);
  if (warpArchDefaultsToWave32(CPU, Length))
    return 32;
  return Default == WarpWave32 ? 32 : 64;
}

LLVMValueRef laneConstLike(LLVMValueRef V, uint32_t Value) {
  return warpConstInt(LLVMTypeOf(V), Value);
}

bool laneIsConst(LLVMValueRef V, uint32_t *Value) {
  if (!LLVMIsAConstantInt(V))
    return false;
  *Value = (uint32_t)LLVMConstIntGetZExtValue(V);
  return true;
}

WarpLanes warpLanesOf(LLVMModuleRef M, LLVMValueRef Function,
                      unsigned WaveSize) {
  WarpLanes Lanes = {M, Function, WaveSize, NULL, NULL, NULL, false, 0};
  return Lanes;
}

unsigned warpLanesTarget(WarpLanes *Lanes) {
  if (!Lanes->KnowsTarget) {
    Lanes->Target = warpFunctionTarget(Lanes->Function);
    Lanes->KnowsTarget = true;
  }
  return Lanes->Target;
}

/* Where per-function values go: after the entry block's allocas. */
static void positionAtFunctionEntry(LLVMBuilderRef B, LLVMValueRef F) {
  LLVMBasicBlockRef Entry = LLVMGetEntryBasicBlock(F);
  LLVMValueRef I = LLVMGetFirstInstruction(Entry);
  /* An entry block may start with phis of no incoming values. */
  while (I && (LLVMIsAPHINode(I) || LLVMIsAAllocaInst(I)))
    I = LLVMGetNextInstruction(I);
  LLVMPositionBuilder(B, Entry, I);
}

static void buildLanes(WarpLanes *Lanes) {
  LLVMContextRef Ctx = LLVMGetModuleContext(Lanes->M);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  positionAtFunctionEntry(B, Lanes->Function);
  LLVMTypeRef I32 = LLVMInt32TypeInContext(Ctx);
  LLVMValueRef AllLanes = LLVMConstAllOnes(I32);
  LLVMValueRef Zero = LLVMConstNull(I32);
  bool Wave32 = Lanes->WaveSize == 32;
  LLVMValueRef LoArgs[] = {AllLanes, Zero};
  LLVMValueRef Lo =
      warpBuildIntrinsicCall(Lanes->M, B, "llvm.amdgcn.mbcnt.lo", LoArgs, 2,
                             Wave32 ? "cuda.lane" : "lane.lo");
  if (Wave32) {
    Lanes->HwLane = Lo;
    Lanes->CudaLane = Lo;
    Lanes->WarpBase = Zero;
  } else {
    LLVMValueRef HiArgs[] = {AllLanes, Lo};
    LLVMValueRef HwLane = warpBuildIntrinsicCall(
        Lanes->M, B, "llvm.amdgcn.mbcnt.hi", HiArgs, 2, "hw.lane");
    Lanes->HwLane = HwLane;
    Lanes->CudaLane =
        LLVMBuildAnd(B, HwLane, LLVMConstInt(I32, 31, false), "cuda.lane");
    Lanes->WarpBase =
        LLVMBuildAnd(B, HwLane, LLVMConstInt(I32, 32, false), "warp.base");
  }
  LLVMDisposeBuilder(B);
}

LLVMValueRef warpGetHwLane(WarpLanes *Lanes) {
  if (!Lanes->HwLane)
    buildLanes(Lanes);
  return Lanes->HwLane;
}

LLVMValueRef warpGetCudaLane(WarpLanes *Lanes) {
  if (!Lanes->CudaLane)
    buildLanes(Lanes);
  return Lanes->CudaLane;
}

LLVMValueRef warpGetWarpBase(WarpLanes *Lanes) {
  if (!Lanes->WarpBase)
    buildLanes(Lanes);
  return Lanes->WarpBase;
}

LLVMValueRef warpBuildReadLane(LLVMModuleRef M, LLVMBuilderRef B,
                               LLVMValueRef HwLane, LLVMValueRef Data) {
  LLVMValueRef Address =
      LLVMBuildShl(B, HwLane, laneConstLike(HwLane, 2), "shfl.addr");
  LLVMValueRef Args[] = {Address, Data};
  return warpBuildIntrinsicCall(M, B, "llvm.amdgcn.ds.bpermute", Args, 2,
                                "shfl.bits");
}

LLVMValueRef laneAnd(LLVMBuilderRef B, LLVMValueRef X, LLVMValueRef Y) {
  uint32_t C;
  if (laneIsConst(X, &C) && (C & 31) == 31)
    return Y;
  if (laneIsConst(Y, &C) && (C & 31) == 31)
    return X;
  if ((laneIsConst(X, &C) && C == 0) || (laneIsConst(Y, &C) && C == 0))
    return laneConstLike(X, 0);
  return LLVMBuildAnd(B, X, Y, "");
}

/* X op Y for an operation whose identity element is 0. */
static LLVMValueRef buildWithZeroIdentity(LLVMBuilderRef B, LLVMOpcode Op,
                                          LLVMValueRef X, LLVMValueRef Y) {
  uint32_t C;
  if (laneIsConst(X, &C) && C == 0)
    return Y;
  if (laneIsConst(Y, &C) && C == 0)
    return X;
  return LLVMBuildBinOp(B, Op, X, Y, "");
}

LLVMValueRef laneOr(LLVMBuilderRef B, LLVMValueRef X, LLVMValueRef Y) {
  return buildWithZeroIdentity(B, LLVMOr, X, Y);
}

LLVMValueRef laneXor(LLVMBuilderRef B, LLVMValueRef X, LLVMValueRef Y) {
  return buildWithZeroIdentity(B, LLVMXor, X, Y);
}

LLVMValueRef laneField(LLVMBuilderRef B, LLVMValueRef V, unsigned Shift) {
  LLVMValueRef Shifted =
      Shift ? LLVMBuildLShr(B, V, laneConstLike(V, Shift), "") : V;
  return LLVMBuildAnd(B, Shifted, laneConstLike(V, 31), "");
}
