/*===- DemandedLanes.c - The CUDA lanes whose values a program observes ----===*
 *
 * Two dataflow problems over one function, on 32-bit sets of CUDA lanes:
 *
 *   Reach(block)  forwards: the lanes that can execute the block. The entry
 *                 is reached by every lane; an edge taken on a condition
 *                 passes the lanes in which the condition can take it.
 *   Demanded(I)   backwards: the lanes in which I's value can be observed.
 *                 An operand of a store, return, branch, memory address or
 *                 divisor is observed wherever its block is reached; an
 *                 operand of an opaque call (cross-lane intrinsics and
 *                 inline asm included) in every lane; of a select, in the
 *                 lanes the condition picks it; of a phi, in the lanes that
 *                 arrive by its edge; of a shuffle with constant operands,
 *                 in the source lanes of the lanes its result is observed
 *                 in; of anything else lane-local, where its result is.
 *
 * Both only grow and are bounded, so iterating to a fixed point ends; a
 * function that takes too many rounds is given every lane (sound).
 *
 * The lanes in which a condition can take an edge or pick a select's operand
 * are LaneConditions.c's.
 *
 *===----------------------------------------------------------------------===*/

#include "lanes/DemandedLanes.h"

#include "lanes/LinearLane.h"
#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"
#include "warp/WarpPatterns.h"

#include <stdlib.h>
#include <string.h>

/*===-- The function's instructions ---------------------------------------===*/

typedef enum {
  UseLaneLocal,     /* operands observed where the result is */
  UseObservesReach, /* operands observed wherever the block is reached */
  UseOpaque,        /* operands observed in every lane */
  UseConstShuffle,  /* a shuffle with constant lane and clamp operands */
  UseSelect,
  UsePhi,
  UseDivision,         /* the divisor is observed wherever reached */
  UseShufflePredicate, /* extractvalue 1 of a shuffle: reads no value */
} UseKind;

typedef struct {
  LLVMValueRef Value;
  unsigned Index;
} SlotEntry;

struct WarpDemandedLanes {
  unsigned NumInstructions, TableSize;
  SlotEntry *Table; /* instruction -> index, open addressing */
  LLVMValueRef *Instructions;
  unsigned *BlockOf;
  unsigned char *Kind;
  unsigned char (*Source)[32]; /* per constant shuffle */
  uint32_t *Demanded;
  LLVMBasicBlockRef *Blocks;
  unsigned NumBlocks, BlockTableSize;
  SlotEntry *BlockTable;
  uint32_t *Reach;
  WarpLaneCondition *BranchCondition; /* per block, its terminator's */
  WarpLaneCondition *SelectCondition; /* per instruction, for selects */
  char *Arena;                        /* every array above */
  unsigned WaveSize;
  bool TidXIsLane;
  bool PlantShort;
};

static unsigned hashPointer(const void *P, unsigned Size) {
  uintptr_t X = (uintptr_t)P;
  X ^= X >> 17;
  X *= 0x9E3779B97F4A7C15ull;
  return (unsigned)(X >> 32) & (Size - 1);
}

static void tableInsert(SlotEntry *Table, unsigned Size, LLVMValueRef V,
                        unsigned Index) {
  unsigned H = hashPointer(V, Size);
  while (Table[H].Value)
    H = (H + 1) & (Size - 1);
  Table[H].Value = V;
  Table[H].Index = Index;
}

static bool tableFind(const SlotEntry *Table, unsigned Size, LLVMValueRef V,
                      unsigned *Index) {
  if (!Size)
    return false;
  unsigned H = hashPointer(V, Size);
  while (Table[H].Value) {
    if (Table[H].Value == V) {
      *Index = Table[H].Index;
      return true;
    }
    H = (H + 1) & (Size - 1);
  }
  return false;
}

static unsigned tableSizeFor(unsigned Count) {
  unsigned Size = 16;
  while (Size < 2 * Count)
    Size *= 2;
  return Size;
}

/* Target-independent intrinsics that compute a lane's result from that
 * lane's operands alone and have no other effect. */
static bool isLaneLocalIntrinsic(const char *Name) {
  static const char *const Prefixes[] = {
      "llvm.smin.",
      "llvm.smax.",
      "llvm.umin.",
      "llvm.umax.",
      "llvm.minnum.",
      "llvm.maxnum.",
      "llvm.minimum.",
      "llvm.maximum.",
      "llvm.fabs.",
      "llvm.fma.",
      "llvm.fmuladd.",
      "llvm.copysign.",
      "llvm.abs.",
      "llvm.ctpop.",
      "llvm.ctlz.",
      "llvm.cttz.",
      "llvm.bswap.",
      "llvm.bitreverse.",
      "llvm.fshl.",
      "llvm.fshr.",
      "llvm.floor.",
      "llvm.ceil.",
      "llvm.trunc.",
      "llvm.rint.",
      "llvm.nearbyint.",
      "llvm.round.",
      "llvm.sqrt.",
      "llvm.canonicalize.",
      "llvm.sadd.sat.",
      "llvm.uadd.sat.",
      "llvm.ssub.sat.",
      "llvm.usub.sat.",
      "llvm.nvvm.fmin.",
      "llvm.nvvm.fmax.",
      "llvm.nvvm.read.ptx.sreg.",
      "llvm.amdgcn.workitem.id.",
      "llvm.amdgcn.mbcnt.",
  };
  for (size_t I = 0; I < sizeof(Prefixes) / sizeof(Prefixes[0]); ++I)
    if (!strncmp(Name, Prefixes[I], strlen(Prefixes[I])))
      return true;
  return false;
}

static UseKind classifyCall(LLVMValueRef Call, unsigned char *Source) {
  const WarpShufflePattern *P = warpShufflePatternOf(Call);
  uint32_t InRange;
  if (P)
    return warpConstantShuffleMap(Call, P, Source, &InRange) ? UseConstShuffle
                                                         : UseOpaque;
  return isLaneLocalIntrinsic(warpCalleeName(Call)) ? UseLaneLocal : UseOpaque;
}

static UseKind classify(LLVMValueRef I, unsigned char *Source) {
  switch (LLVMGetInstructionOpcode(I)) {
  case LLVMCall:
    return classifyCall(I, Source);
  case LLVMStore:
  case LLVMLoad:
  case LLVMRet:
  case LLVMBr:
  case LLVMSwitch:
  case LLVMIndirectBr:
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
  case LLVMVAArg:
    return UseObservesReach;
  case LLVMSelect:
    return UseSelect;
  case LLVMPHI:
    return UsePhi;
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
    return UseDivision;
  case LLVMExtractValue:
    if (LLVMGetNumIndices(I) == 1 && LLVMGetIndices(I)[0] == 1 &&
        warpShufflePatternOf(LLVMGetOperand(I, 0)))
      return UseShufflePredicate;
    return UseLaneLocal;
  case LLVMInvoke:
  case LLVMCallBr:
  case LLVMResume:
  case LLVMCleanupRet:
  case LLVMCatchRet:
  case LLVMCatchSwitch:
  case LLVMCatchPad:
  case LLVMCleanupPad:
  case LLVMLandingPad:
  case LLVMFence:
    return UseOpaque;
  default:
    return UseLaneLocal;
  }
}

/* The next Count * Size bytes of the block at Base (8-aligned), or where
 * they would be when Base is NULL; *Used grows past them. */
static void *carve(char *Base, size_t *Used, size_t Count, size_t Size) {
  size_t Offset = (*Used + 7) & ~(size_t)7;
  *Used = Offset + Count * Size;
  return Base ? Base + Offset : NULL;
}

/* The lanes where Cond, used by User, can be true and false: where User
 * runs only if the block shape makes threadIdx.x % 32 the lane
 * (LaneVersioning.c marks it), Cond is evaluated so. */
static WarpLaneCondition conditionAt(const WarpDemandedLanes *D,
                                     LLVMValueRef User, LLVMValueRef Cond) {
  return warpLaneConditionOf(Cond, D->WaveSize,
                             D->TidXIsLane || warpIsUnderBlockShape(User));
}

static void numberFunction(WarpDemandedLanes *D, LLVMValueRef F) {
  unsigned NumInstructions = 0, NumBlocks = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB), ++NumBlocks)
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      ++NumInstructions;
  D->NumInstructions = NumInstructions;
  D->NumBlocks = NumBlocks;
  D->TableSize = tableSizeFor(NumInstructions);
  D->BlockTableSize = tableSizeFor(NumBlocks);
  /* One zeroed block holds every array: sized by a first pass over the
   * same carving. */
  for (int Pass = 0; Pass < 2; ++Pass) {
    char *Base = Pass ? D->Arena : NULL;
    size_t Used = 0;
    D->Table = carve(Base, &Used, D->TableSize, sizeof(SlotEntry));
    D->BlockTable = carve(Base, &Used, D->BlockTableSize, sizeof(SlotEntry));
    D->Instructions = carve(Base, &Used, NumInstructions, sizeof(LLVMValueRef));
    D->BlockOf = carve(Base, &Used, NumInstructions, sizeof(unsigned));
    D->Kind = carve(Base, &Used, NumInstructions, 1);
    D->Source = carve(Base, &Used, NumInstructions, sizeof(*D->Source));
    D->Demanded = carve(Base, &Used, NumInstructions, sizeof(uint32_t));
    D->Blocks = carve(Base, &Used, NumBlocks, sizeof(LLVMBasicBlockRef));
    D->Reach = carve(Base, &Used, NumBlocks, sizeof(uint32_t));
    D->BranchCondition =
        carve(Base, &Used, NumBlocks, sizeof(WarpLaneCondition));
    D->SelectCondition =
        carve(Base, &Used, NumInstructions, sizeof(WarpLaneCondition));
    if (!Pass)
      D->Arena = calloc(1, Used ? Used : 1);
  }
  unsigned Index = 0, Block = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB), ++Block) {
    D->Blocks[Block] = BB;
    tableInsert(D->BlockTable, D->BlockTableSize, LLVMBasicBlockAsValue(BB),
                Block);
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(BB);
    WarpLaneCondition Always = {WarpAllLanes, WarpAllLanes};
    D->BranchCondition[Block] =
        Term && LLVMIsABranchInst(Term) && LLVMIsConditional(Term)
            ? conditionAt(D, Term, LLVMGetCondition(Term))
            : Always;
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I), ++Index) {
      D->Instructions[Index] = I;
      D->BlockOf[Index] = Block;
      D->Kind[Index] = (unsigned char)classify(I, D->Source[Index]);
      if (D->Kind[Index] == UseSelect)
        D->SelectCondition[Index] = conditionAt(D, I, LLVMGetOperand(I, 0));
      tableInsert(D->Table, D->TableSize, I, Index);
    }
  }
}

static unsigned blockIndex(const WarpDemandedLanes *D, LLVMBasicBlockRef BB) {
  unsigned Index = 0;
  tableFind(D->BlockTable, D->BlockTableSize, LLVMBasicBlockAsValue(BB),
            &Index);
  return Index;
}

/* The lanes of From's reach that its terminator sends to To. */
static uint32_t edgeLanes(const WarpDemandedLanes *D, unsigned From,
                          LLVMBasicBlockRef To) {
  LLVMValueRef Term = LLVMGetBasicBlockTerminator(D->Blocks[From]);
  uint32_t Reach = D->Reach[From];
  if (!Term || !LLVMIsABranchInst(Term) || !LLVMIsConditional(Term))
    return Reach;
  WarpLaneCondition Cond = D->BranchCondition[From];
  uint32_t Lanes = 0;
  if (LLVMGetSuccessor(Term, 0) == To)
    Lanes |= Cond.MayBeTrue;
  if (LLVMGetSuccessor(Term, 1) == To)
    Lanes |= Cond.MayBeFalse;
  return Reach & Lanes;
}

enum { MaxRounds = 64 };

static bool computeReach(WarpDemandedLanes *D) {
  D->Reach[0] = WarpAllLanes;
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    bool Changed = false;
    for (unsigned B = 0; B < D->NumBlocks; ++B) {
      LLVMValueRef Term = LLVMGetBasicBlockTerminator(D->Blocks[B]);
      unsigned NumSuccessors = Term ? LLVMGetNumSuccessors(Term) : 0;
      for (unsigned S = 0; S < NumSuccessors; ++S) {
        LLVMBasicBlockRef To = LLVMGetSuccessor(Term, S);
        unsigned T = blockIndex(D, To);
        uint32_t New = D->Reach[T] | edgeLanes(D, B, To);
        Changed |= New != D->Reach[T];
        D->Reach[T] = New;
      }
    }
    if (!Changed)
      return true;
  }
  return false;
}

/* Adds Lanes to the demanded set of V if it is one of F's instructions. */
static bool demand(WarpDemandedLanes *D, LLVMValueRef V, uint32_t Lanes) {
  unsigned Index;
  if (!Lanes || !LLVMIsAInstruction(V) ||
      !tableFind(D->Table, D->TableSize, V, &Index))
    return false;
  uint32_t New = D->Demanded[Index] | Lanes;
  bool Changed = New != D->Demanded[Index];
  D->Demanded[Index] = New;
  return Changed;
}

static bool demandOperands(WarpDemandedLanes *D, LLVMValueRef I,
                           uint32_t Lanes) {
  bool Changed = false;
  int NumOperands = LLVMGetNumOperands(I);
  for (int Op = 0; Op < NumOperands; ++Op)
    Changed |= demand(D, LLVMGetOperand(I, (unsigned)Op), Lanes);
  return Changed;
}

static uint32_t sourceLanes(const unsigned char *Source, uint32_t Lanes) {
  uint32_t Read = 0;
  for (unsigned L = 0; L < 32; ++L)
    if (Lanes >> L & 1)
      Read |= 1u << Source[L];
  return Read;
}

/* Propagates demand from instruction Index to its operands. */
static bool propagate(WarpDemandedLanes *D, unsigned Index) {
  LLVMValueRef I = D->Instructions[Index];
  uint32_t Result = D->Demanded[Index];
  uint32_t Reach = D->Reach[D->BlockOf[Index]];
  switch ((UseKind)D->Kind[Index]) {
  case UseLaneLocal:
    return demandOperands(D, I, Result);
  case UseObservesReach:
    return demandOperands(D, I, Reach | Result);
  case UseOpaque:
    return demandOperands(D, I, WarpAllLanes);
  case UseShufflePredicate:
    return false;
  case UseDivision: {
    bool Changed = demand(D, LLVMGetOperand(I, 0), Result);
    return demand(D, LLVMGetOperand(I, 1), Result | Reach) || Changed;
  }
  case UseConstShuffle: {
    unsigned Value = LLVMGetNumArgOperands(I) == 4 ? 1 : 0;
    return demand(D, LLVMGetOperand(I, Value),
                  sourceLanes(D->Source[Index], Result));
  }
  case UseSelect: {
    WarpLaneCondition Cond = D->SelectCondition[Index];
    bool Changed = demand(D, LLVMGetOperand(I, 0), Result);
    Changed =
        demand(D, LLVMGetOperand(I, 1), Result & Cond.MayBeTrue) || Changed;
    return demand(D, LLVMGetOperand(I, 2), Result & Cond.MayBeFalse) || Changed;
  }
  case UsePhi:
  default: {
    bool Changed = false;
    unsigned Count = LLVMCountIncoming(I);
    for (unsigned K = 0; K < Count; ++K) {
      LLVMBasicBlockRef From = LLVMGetIncomingBlock(I, K);
      uint32_t Edge =
          edgeLanes(D, blockIndex(D, From), LLVMGetInstructionParent(I));
      Changed |= demand(D, LLVMGetIncomingValue(I, K), Result & Edge);
    }
    return Changed;
  }
  }
}

static bool computeDemanded(WarpDemandedLanes *D) {
  for (unsigned Round = 0; Round < MaxRounds; ++Round) {
    bool Changed = false;
    for (unsigned Index = D->NumInstructions; Index-- > 0;)
      Changed |= propagate(D, Index);
    if (!Changed)
      return true;
  }
  return false;
}

WarpDemandedLanes *
warpAnalyzeDemandedLanes(LLVMValueRef F, unsigned WaveSize,
                         const WarpLoweringOptions *Options) {
  WarpDemandedLanes *D = calloc(1, sizeof(WarpDemandedLanes));
  D->PlantShort = Options->PlantedBug == WarpBugDemandedLaneShort;
  D->WaveSize = WaveSize;
  D->TidXIsLane = Options->TidXIsLane;
  numberFunction(D, F);
  if (!D->NumBlocks || !computeReach(D) || !computeDemanded(D))
    memset(D->Demanded, 0xff, D->NumInstructions * sizeof(uint32_t));
  return D;
}

uint32_t warpDemandedLanes(const WarpDemandedLanes *D, LLVMValueRef V) {
  unsigned Index;
  if (!D || !tableFind(D->Table, D->TableSize, V, &Index))
    return WarpAllLanes;
  uint32_t Lanes = D->Demanded[Index];
  if (D->PlantShort && Lanes)
    Lanes &= Lanes - 1;
  return Lanes;
}

void warpFoldObservedSelects(WarpDemandedLanes *D) {
  for (unsigned Index = 0; D && Index < D->NumInstructions; ++Index) {
    if (D->Kind[Index] != UseSelect)
      continue;
    LLVMValueRef Select = D->Instructions[Index];
    uint32_t Lanes = warpDemandedLanes(D, Select);
    WarpLaneCondition Cond = D->SelectCondition[Index];
    unsigned Picked = !(Lanes & Cond.MayBeFalse)  ? 1
                      : !(Lanes & Cond.MayBeTrue) ? 2
                                                  : 0;
    if (!Lanes || !Picked)
      continue;
    LLVMReplaceAllUsesWith(Select, LLVMGetOperand(Select, Picked));
    LLVMInstructionEraseFromParent(Select);
    D->Kind[Index] = UseLaneLocal;
  }
}

void warpDisposeDemandedLanes(WarpDemandedLanes *D) {
  if (!D)
    return;
  free(D->Arena);
  free(D);
}
