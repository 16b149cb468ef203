/*===- LaneVersioning.c - One branch on the block shape --------------------===*
 *
 * The whole function is versioned: a new entry block reads the block's
 * sizes and branches on `blockDim.y * blockDim.z == 1 || blockDim.x % 32 ==
 * 0` (uniform: one s_cbranch) to a copy of every block, whose thread index
 * reads are marked as executed under that condition, or to the original
 * blocks. The entry block's static allocas move to the new entry and serve
 * both copies, which never both run. Whether the copy gains anything is
 * asked of the observed-lane analysis itself: it runs with and without the
 * tid-x-lanes promise (the same condition), and the function is versioned
 * only when some shuffle's observed lanes differ.
 *
 *===----------------------------------------------------------------------===*/

#include "LaneVersioning.h"

#include "DemandedLanes.h"
#include "IRUtils.h"
#include "LinearLane.h"

#include <stdlib.h>
#include <string.h>

/*===-- Which functions -----------------------------------------------------===*/

static bool isShuffleCall(LLVMValueRef I) {
  return LLVMIsACallInst(I) &&
         !strncmp(warpCalleeName(I), "llvm.nvvm.shfl.", 15);
}

/* Whether F reads threadIdx.x (*Amdgpu: as the AMDGPU work-item id) and
 * has nothing the copy below cannot clone. */
static bool canVersion(LLVMValueRef F, bool *Amdgpu) {
  bool ReadsX = false;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB)) {
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(BB);
    if (!Term)
      return false;
    LLVMOpcode Op = LLVMGetInstructionOpcode(Term);
    if (Op != LLVMBr && Op != LLVMSwitch && Op != LLVMRet &&
        Op != LLVMUnreachable)
      return false;
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I)) {
      unsigned Dim;
      if (warpIsThreadIndexRead(I, &Dim) && Dim == 0) {
        ReadsX = true;
        *Amdgpu = !strncmp(warpCalleeName(I), "llvm.amdgcn.", 12);
      }
    }
  }
  return ReadsX;
}

/* Whether a shuffle of F is observed in fewer lanes where threadIdx.x % 32
 * is the lane. */
static bool shapeNarrowsShuffles(LLVMValueRef F, unsigned WaveSize,
                                 const WarpLoweringOptions *Options) {
  WarpLoweringOptions Promised = *Options;
  Promised.TidXIsLane = true;
  WarpDemandedLanes *General = warpAnalyzeDemandedLanes(F, WaveSize, Options);
  WarpDemandedLanes *Shaped = warpAnalyzeDemandedLanes(F, WaveSize, &Promised);
  bool Narrows = false;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB && !Narrows;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I && !Narrows;
         I = LLVMGetNextInstruction(I))
      Narrows = isShuffleCall(I) && warpDemandedLanes(General, I) !=
                                        warpDemandedLanes(Shaped, I);
  warpDisposeDemandedLanes(General);
  warpDisposeDemandedLanes(Shaped);
  return Narrows;
}

/*===-- The copy ------------------------------------------------------------===*/

/* Original value -> its copy, open addressing; Size is a power of two. */
typedef struct {
  LLVMValueRef *Keys, *Values;
  unsigned Size;
} ValueMap;

static unsigned slotOf(const ValueMap *Map, LLVMValueRef Key) {
  uintptr_t X = (uintptr_t)Key;
  unsigned H = (unsigned)((X >> 4) ^ (X >> 17)) & (Map->Size - 1);
  while (Map->Keys[H] && Map->Keys[H] != Key)
    H = (H + 1) & (Map->Size - 1);
  return H;
}

static void mapValue(ValueMap *Map, LLVMValueRef Key, LLVMValueRef Value) {
  unsigned H = slotOf(Map, Key);
  Map->Keys[H] = Key;
  Map->Values[H] = Value;
}

static LLVMValueRef lookupValue(const ValueMap *Map, LLVMValueRef Key) {
  unsigned H = slotOf(Map, Key);
  return Map->Keys[H] ? Map->Values[H] : Key;
}

static unsigned countValues(LLVMValueRef F) {
  unsigned Count = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB)) {
    ++Count;
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      ++Count;
  }
  return Count;
}

static bool isStaticAlloca(LLVMValueRef I) {
  return LLVMIsAAllocaInst(I) && LLVMIsAConstantInt(LLVMGetOperand(I, 0));
}

/* Moves Entry's static allocas to the end of Check. */
static void hoistStaticAllocas(LLVMBuilderRef B, LLVMBasicBlockRef Entry,
                               LLVMBasicBlockRef Check) {
  LLVMPositionBuilderAtEnd(B, Check);
  LLVMValueRef Next;
  for (LLVMValueRef I = LLVMGetFirstInstruction(Entry); I; I = Next) {
    Next = LLVMGetNextInstruction(I);
    if (!isStaticAlloca(I))
      continue;
    LLVMInstructionRemoveFromParent(I);
    LLVMInsertIntoBuilder(B, I);
  }
}

/* Copies each of Blocks (their instructions' operands still the originals'
 * and phis empty) and maps every block and instruction to its copy. */
static void copyBlocks(LLVMContextRef Ctx, LLVMBuilderRef B, LLVMValueRef F,
                       LLVMBasicBlockRef *Blocks, unsigned NumBlocks,
                       ValueMap *Map) {
  for (unsigned K = 0; K < NumBlocks; ++K) {
    const char *Name = LLVMGetBasicBlockName(Blocks[K]);
    LLVMBasicBlockRef Copy = LLVMAppendBasicBlockInContext(Ctx, F, Name);
    mapValue(Map, LLVMBasicBlockAsValue(Blocks[K]),
             LLVMBasicBlockAsValue(Copy));
  }
  for (unsigned K = 0; K < NumBlocks; ++K) {
    LLVMBasicBlockRef Copy = LLVMValueAsBasicBlock(
        lookupValue(Map, LLVMBasicBlockAsValue(Blocks[K])));
    LLVMPositionBuilderAtEnd(B, Copy);
    for (LLVMValueRef I = LLVMGetFirstInstruction(Blocks[K]); I;
         I = LLVMGetNextInstruction(I)) {
      size_t Length;
      const char *Name = LLVMGetValueName2(I, &Length);
      LLVMValueRef Clone;
      if (LLVMIsAPHINode(I)) {
        Clone = LLVMBuildPhi(B, LLVMTypeOf(I), Name);
      } else {
        Clone = LLVMInstructionClone(I);
        LLVMInsertIntoBuilderWithName(B, Clone, Name);
      }
      mapValue(Map, I, Clone);
    }
  }
}

/* Points the copies' operands, successors and incoming edges at copies. */
static void remapCopies(LLVMBasicBlockRef *Blocks, unsigned NumBlocks,
                        const ValueMap *Map) {
  unsigned Dim;
  for (unsigned K = 0; K < NumBlocks; ++K)
    for (LLVMValueRef I = LLVMGetFirstInstruction(Blocks[K]); I;
         I = LLVMGetNextInstruction(I)) {
      LLVMValueRef Clone = lookupValue(Map, I);
      if (LLVMIsAPHINode(I)) {
        for (unsigned E = 0; E < LLVMCountIncoming(I); ++E) {
          LLVMValueRef Value = lookupValue(Map, LLVMGetIncomingValue(I, E));
          LLVMBasicBlockRef From = LLVMValueAsBasicBlock(lookupValue(
              Map, LLVMBasicBlockAsValue(LLVMGetIncomingBlock(I, E))));
          LLVMAddIncoming(Clone, &Value, &From, 1);
        }
        continue;
      }
      int NumOperands = LLVMGetNumOperands(Clone);
      for (int Op = 0; Op < NumOperands; ++Op) {
        LLVMValueRef Operand = LLVMGetOperand(Clone, (unsigned)Op);
        LLVMValueRef Mapped = lookupValue(Map, Operand);
        if (Mapped != Operand)
          LLVMSetOperand(Clone, (unsigned)Op, Mapped);
      }
      if (warpIsThreadIndexRead(Clone, &Dim))
        warpMarkUnderBlockShape(Clone);
    }
}

/* `blockDim.y * blockDim.z == 1 || blockDim.x % 32 == 0` at B's position. */
static LLVMValueRef buildShapeCondition(LLVMModuleRef M, LLVMBuilderRef B,
                                        bool Amdgpu,
                                        const WarpLoweringOptions *Options) {
  LLVMTypeRef I32 = LLVMInt32TypeInContext(LLVMGetModuleContext(M));
  if (Options->PlantedBug == WarpBugShapeCheckTrue)
    return LLVMConstInt(LLVMInt1TypeInContext(LLVMGetModuleContext(M)), 1, 0);
  static const char *const Ntid[] = {"llvm.nvvm.read.ptx.sreg.ntid.x",
                                     "llvm.nvvm.read.ptx.sreg.ntid.y",
                                     "llvm.nvvm.read.ptx.sreg.ntid.z"};
  LLVMValueRef Size[3];
  for (unsigned Dim = 0; Dim < 3; ++Dim)
    Size[Dim] = Amdgpu ? warpBuildBlockDim(M, B, Dim)
                       : warpBuildIntrinsicCall(M, B, Ntid[Dim], NULL, 0, "");
  LLVMValueRef Rows = LLVMBuildMul(B, Size[1], Size[2], "");
  LLVMValueRef OneD = LLVMBuildICmp(B, LLVMIntEQ, Rows,
                                    LLVMConstInt(I32, 1, false), "block.1d");
  LLVMValueRef Rest =
      LLVMBuildAnd(B, Size[0], LLVMConstInt(I32, 31, false), "");
  LLVMValueRef Whole = LLVMBuildICmp(B, LLVMIntEQ, Rest,
                                     LLVMConstNull(I32), "block.x.warps");
  return LLVMBuildOr(B, OneD, Whole, "tid.x.lanes");
}

bool warpVersionOnBlockShape(LLVMModuleRef M, LLVMValueRef F,
                             unsigned WaveSize,
                             const WarpLoweringOptions *Options) {
  bool Amdgpu = false;
  if (Options->TidXIsLane || Options->Strategy != WarpStrategyBest ||
      !canVersion(F, &Amdgpu) || !shapeNarrowsShuffles(F, WaveSize, Options))
    return false;
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  unsigned NumBlocks = LLVMCountBasicBlocks(F);
  LLVMBasicBlockRef *Blocks = malloc(NumBlocks * sizeof(LLVMBasicBlockRef));
  LLVMGetBasicBlocks(F, Blocks);
  LLVMBasicBlockRef Entry = Blocks[0];
  LLVMBasicBlockRef Check =
      LLVMInsertBasicBlockInContext(Ctx, Entry, "block.shape");
  hoistStaticAllocas(B, Entry, Check);

  ValueMap Map = {NULL, NULL, 16};
  while (Map.Size < 2 * countValues(F))
    Map.Size *= 2;
  Map.Keys = calloc(Map.Size, sizeof(LLVMValueRef));
  Map.Values = calloc(Map.Size, sizeof(LLVMValueRef));
  copyBlocks(Ctx, B, F, Blocks, NumBlocks, &Map);
  remapCopies(Blocks, NumBlocks, &Map);

  LLVMPositionBuilderAtEnd(B, Check);
  LLVMValueRef Holds = buildShapeCondition(M, B, Amdgpu, Options);
  LLVMBuildCondBr(
      B, Holds,
      LLVMValueAsBasicBlock(lookupValue(&Map, LLVMBasicBlockAsValue(Entry))),
      Entry);
  free(Map.Keys);
  free(Map.Values);
  free(Blocks);
  LLVMDisposeBuilder(B);
  return true;
}
