/*===- LaneVersioning.c - One branch on the block shape --------------------===*
 *
 * The smallest single-entry single-exit region holding every shuffle whose
 * observed lanes narrow where threadIdx.x % 32 is the lane, and every
 * select, branch and combining step whose lane condition reads threadIdx.x,
 * is versioned: its entry branches on `blockDim.y * blockDim.z == 1 ||
 * blockDim.x % 32 == 0` (computed once in the function's entry block,
 * uniform: one s_cbranch) to a copy of the region, whose instructions are
 * marked as executed under that condition, or to the original blocks;
 * values the region defines and later code uses meet in phis at its exit.
 * The code before and after the region is shared. Blocks are split so that
 * the region starts at the first such instruction and ends after the last
 * (dominator and post-dominator trees: BlockDominators.h). Where no region
 * keeps every narrowing (the observed-lane analysis runs on the marked
 * region and must find what it finds for the whole function under the
 * condition), the whole function is versioned instead, its entry's static
 * allocas serving both copies.
 *
 * Whether a copy gains anything is asked of the analyses themselves: they
 * run with and without the tid-x-lanes promise (the same condition), and
 * the function is versioned only when some shuffle's observed lanes differ
 * or some scan chain is rewritten only with it.
 *
 *===----------------------------------------------------------------------===*/

#include "lanes/LaneVersioning.h"

#include "lanes/DemandedLanes.h"
#include "lanes/LinearLane.h"
#include "lanes/WarpChains.h"
#include "retarget/Retarget.h"
#include "support/BlockDominators.h"
#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"
#include "warp/WarpPatterns.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

/*===-- Which functions ---------------------------------------------------===*/

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

/* The shuffles of F observed in fewer lanes where threadIdx.x % 32 is
 * the lane, and those lanes, or that start a scan chain only there. */
typedef struct {
  LLVMValueRef *Shuffles;
  uint32_t *Shaped;
  bool *Chain;
  unsigned Count;
} Gains;

static Gains findGains(LLVMValueRef F, WarpLanes *Lanes,
                       const WarpLoweringOptions *Options) {
  unsigned WaveSize = Lanes->WaveSize;
  WarpLoweringOptions Promised = *Options;
  Promised.TidXIsLane = true;
  WarpDemandedLanes *General = warpAnalyzeDemandedLanes(F, WaveSize, Options);
  WarpDemandedLanes *Shaped = warpAnalyzeDemandedLanes(F, WaveSize, &Promised);
  Gains G = {NULL, NULL, NULL, 0};
  unsigned Capacity = 0;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I)) {
      if (!isShuffleCall(I))
        continue;
      bool Chain = warpIsScanChainStart(I, Lanes, &Promised) &&
                   !warpIsScanChainStart(I, Lanes, Options);
      if (!Chain &&
          warpDemandedLanes(General, I) == warpDemandedLanes(Shaped, I))
        continue;
      if (G.Count == Capacity) {
        Capacity = Capacity ? 2 * Capacity : 8;
        G.Shuffles = realloc(G.Shuffles, Capacity * sizeof(LLVMValueRef));
        G.Shaped = realloc(G.Shaped, Capacity * sizeof(uint32_t));
        G.Chain = realloc(G.Chain, Capacity * sizeof(bool));
      }
      G.Shuffles[G.Count] = I;
      G.Chain[G.Count] = Chain;
      G.Shaped[G.Count++] = warpDemandedLanes(Shaped, I);
    }
  warpDisposeDemandedLanes(General);
  warpDisposeDemandedLanes(Shaped);
  return G;
}

static void disposeGains(Gains *G) {
  free(G->Shuffles);
  free(G->Shaped);
  free(G->Chain);
}

/*===-- Values and sets ---------------------------------------------------===*/

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

static ValueMap createValueMap(unsigned Count) {
  ValueMap Map = {NULL, NULL, 16};
  while (Map.Size < 2 * Count)
    Map.Size *= 2;
  Map.Keys = calloc(Map.Size, sizeof(LLVMValueRef));
  Map.Values = calloc(Map.Size, sizeof(LLVMValueRef));
  return Map;
}

static void disposeValueMap(ValueMap *Map) {
  free(Map->Keys);
  free(Map->Values);
}

static bool isMember(const ValueMap *Set, LLVMValueRef Key) {
  return Set->Keys[slotOf(Set, Key)] != NULL;
}

static bool isBlockMember(const ValueMap *Set, LLVMBasicBlockRef BB) {
  return isMember(Set, LLVMBasicBlockAsValue(BB));
}

static LLVMBasicBlockRef lookupBlock(const ValueMap *Map,
                                     LLVMBasicBlockRef BB) {
  return LLVMValueAsBasicBlock(lookupValue(Map, LLVMBasicBlockAsValue(BB)));
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

/*===-- The region --------------------------------------------------------===*/

/* A select or conditional branch whose condition has more known lanes
 * where threadIdx.x % 32 is the lane. */
static bool hasShapeDependentCondition(LLVMValueRef I, unsigned WaveSize) {
  LLVMValueRef Cond;
  if (LLVMIsASelectInst(I))
    Cond = LLVMGetOperand(I, 0);
  else if (LLVMIsABranchInst(I) && LLVMIsConditional(I))
    Cond = LLVMGetCondition(I);
  else
    return false;
  WarpLaneCondition General = warpLaneConditionOf(Cond, WaveSize, false);
  WarpLaneCondition Shaped = warpLaneConditionOf(Cond, WaveSize, true);
  return General.MayBeTrue != Shaped.MayBeTrue ||
         General.MayBeFalse != Shaped.MayBeFalse;
}

/* What the region must hold: the narrowing shuffles (and the casts they
 * move), the selects and branches whose conditions depend on the shape,
 * and the operations in the same block that combine such a select's
 * result (a scan step's add). */
static ValueMap collectKeys(LLVMValueRef F, const Gains *G,
                            unsigned WaveSize) {
  ValueMap Keys = createValueMap(countValues(F));
  for (unsigned K = 0; K < G->Count; ++K) {
    LLVMValueRef Shuffle = G->Shuffles[K];
    mapValue(&Keys, Shuffle, Shuffle);
    /* A float moved as its bits: the scan chain matcher looks through the
     * cast only while the shuffle is its single user. */
    const WarpShufflePattern *P =
        warpFindShufflePattern(warpCalleeName(Shuffle));
    LLVMValueRef Moved = LLVMGetOperand(Shuffle, P && P->HasMemberMask);
    if (LLVMIsABitCastInst(Moved) && LLVMGetInstructionParent(Moved) ==
                                         LLVMGetInstructionParent(Shuffle))
      mapValue(&Keys, Moved, Moved);
  }
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I)) {
      if (!hasShapeDependentCondition(I, WaveSize))
        continue;
      mapValue(&Keys, I, I);
      if (!LLVMIsASelectInst(I))
        continue;
      for (LLVMUseRef U = LLVMGetFirstUse(I); U; U = LLVMGetNextUse(U)) {
        LLVMValueRef User = LLVMGetUser(U);
        if (LLVMIsABinaryOperator(User) &&
            LLVMGetInstructionParent(User) == BB)
          mapValue(&Keys, User, User);
      }
    }
  return Keys;
}

/* From First (its block's instructions before it stay outside) to Exit
 * (outside), whose block is split after Last where Last is not NULL. */
typedef struct {
  LLVMBasicBlockRef Entry, Exit;
  LLVMValueRef First, Last;
} RegionBounds;

static bool followsInBlock(LLVMValueRef A, LLVMValueRef B) {
  for (LLVMValueRef I = A; I; I = LLVMGetNextInstruction(I))
    if (I == B)
      return true;
  return false;
}

/* The nearest block that dominates every key's block and the nearest that
 * post-dominates every key's (a key branch's successors' instead), each
 * dominating or post-dominating the other. */
static bool findBounds(LLVMValueRef F, const ValueMap *Keys,
                       RegionBounds *R) {
  WarpBlockTrees *T = warpComputeBlockTrees(F);
  LLVMBasicBlockRef Entry = NULL, Exit = NULL;
  bool Found = true;
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB && Found;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I && Found;
         I = LLVMGetNextInstruction(I)) {
      if (!isMember(Keys, I))
        continue;
      Entry = Entry ? warpCommonDominator(T, Entry, BB) : BB;
      if (LLVMIsABranchInst(I)) {
        for (unsigned S = 0; S < LLVMGetNumSuccessors(I) && Found; ++S) {
          LLVMBasicBlockRef To = LLVMGetSuccessor(I, S);
          Exit = Exit ? warpCommonPostDominator(T, Exit, To) : To;
          Found = Exit != NULL;
        }
      } else {
        Exit = Exit ? warpCommonPostDominator(T, Exit, BB) : BB;
      }
      Found = Entry && Exit;
    }
  for (unsigned Round = 0; Found; ++Round) {
    bool Dominates = warpBlockDominates(T, Entry, Exit);
    bool PostDominates = warpBlockPostDominates(T, Exit, Entry);
    if (Dominates && PostDominates)
      break;
    if (!Dominates)
      Entry = warpCommonDominator(T, Entry, Exit);
    if (!PostDominates && Entry)
      Exit = warpCommonPostDominator(T, Exit, Entry);
    Found = Round < 64 && Entry && Exit;
  }
  warpDisposeBlockTrees(T);
  if (!Found)
    return false;
  R->Entry = Entry;
  R->Exit = Exit;
  R->First = LLVMGetBasicBlockTerminator(Entry);
  for (LLVMValueRef I = LLVMGetFirstInstruction(Entry); I;
       I = LLVMGetNextInstruction(I))
    if (isMember(Keys, I)) {
      R->First = I;
      break;
    }
  R->Last = NULL;
  for (LLVMValueRef I = LLVMGetFirstInstruction(Exit); I;
       I = LLVMGetNextInstruction(I))
    if (isMember(Keys, I)) {
      if (LLVMIsATerminatorInst(I))
        return false;
      R->Last = I;
    }
  return Entry != Exit || (R->Last && followsInBlock(R->First, R->Last));
}

/* Splits the blocks at the bounds: R->Entry becomes the region's first
 * block, entered by an unconditional branch from *Head (the rest of its
 * old block), R->Exit the block it exits to. */
static void splitAtBounds(LLVMContextRef Ctx, RegionBounds *R,
                          LLVMBasicBlockRef *Head) {
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  if (R->Last) {
    LLVMBasicBlockRef Part =
        warpSplitBlockBefore(LLVMGetNextInstruction(R->Last), "lane.exit");
    LLVMPositionBuilderAtEnd(B, Part);
    LLVMBuildBr(B, R->Exit);
    if (R->Entry == R->Exit)
      R->Entry = Part;
  }
  *Head = warpSplitBlockBefore(R->First, "lane.region");
  LLVMPositionBuilderAtEnd(B, *Head);
  LLVMBuildBr(B, R->Entry);
  LLVMDisposeBuilder(B);
}

/* The blocks reachable from Entry without passing Exit, in *Blocks and as
 * the set Region; their count. */
static unsigned collectRegion(LLVMValueRef F, LLVMBasicBlockRef Entry,
                              LLVMBasicBlockRef Exit,
                              LLVMBasicBlockRef **Blocks, ValueMap *Region) {
  unsigned NumBlocks = LLVMCountBasicBlocks(F), Count = 0;
  *Blocks = malloc(NumBlocks * sizeof(LLVMBasicBlockRef));
  *Region = createValueMap(countValues(F));
  (*Blocks)[Count++] = Entry;
  mapValue(Region, LLVMBasicBlockAsValue(Entry), LLVMBasicBlockAsValue(Entry));
  for (unsigned Next = 0; Next < Count; ++Next) {
    LLVMValueRef Term = LLVMGetBasicBlockTerminator((*Blocks)[Next]);
    for (unsigned S = 0; S < LLVMGetNumSuccessors(Term); ++S) {
      LLVMBasicBlockRef To = LLVMGetSuccessor(Term, S);
      if (To == Exit || isBlockMember(Region, To))
        continue;
      (*Blocks)[Count++] = To;
      mapValue(Region, LLVMBasicBlockAsValue(To), LLVMBasicBlockAsValue(To));
    }
  }
  return Count;
}

/* Whether only Head branches into the region (to Entry) and the region
 * leaves only to Exit. */
static bool isSingleEntrySingleExit(LLVMValueRef F, const ValueMap *Region,
                                    LLVMBasicBlockRef Head,
                                    LLVMBasicBlockRef Entry,
                                    LLVMBasicBlockRef Exit) {
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB)) {
    bool Inside = isBlockMember(Region, BB);
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(BB);
    for (unsigned S = 0; S < LLVMGetNumSuccessors(Term); ++S) {
      LLVMBasicBlockRef To = LLVMGetSuccessor(Term, S);
      bool ToInside = isBlockMember(Region, To);
      if (ToInside && !Inside && (BB != Head || To != Entry))
        return false;
      if (Inside && (To == Entry || (!ToInside && To != Exit)))
        return false;
    }
  }
  return true;
}

static void markRegion(LLVMBasicBlockRef *Blocks, unsigned NumBlocks) {
  for (unsigned K = 0; K < NumBlocks; ++K)
    for (LLVMValueRef I = LLVMGetFirstInstruction(Blocks[K]); I;
         I = LLVMGetNextInstruction(I))
      warpMarkUnderBlockShape(I);
}

/* Whether the shuffles narrow as much, and the same scan chains are found,
 * with only the region marked as running under the block shape condition
 * as with the whole function. */
static bool regionKeepsGains(LLVMValueRef F, LLVMBasicBlockRef *Blocks,
                             unsigned NumBlocks, const Gains *G,
                             WarpLanes *Lanes,
                             const WarpLoweringOptions *Options) {
  markRegion(Blocks, NumBlocks);
  WarpDemandedLanes *D =
      warpAnalyzeDemandedLanes(F, Lanes->WaveSize, Options);
  bool Keeps = true;
  for (unsigned K = 0; K < G->Count && Keeps; ++K)
    Keeps = warpDemandedLanes(D, G->Shuffles[K]) == G->Shaped[K] &&
            (!G->Chain[K] ||
             warpIsScanChainStart(G->Shuffles[K], Lanes, Options));
  warpDisposeDemandedLanes(D);
  warpForgetBlockShapeMarks(F);
  return Keeps;
}

/*===-- The copy ----------------------------------------------------------===*/

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

/* Points the copies' operands, successors and incoming edges at copies,
 * and marks them as running where the block shape condition holds. */
static void remapCopies(LLVMBasicBlockRef *Blocks, unsigned NumBlocks,
                        const ValueMap *Map) {
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
      warpMarkUnderBlockShape(Clone);
    }
}

/* Gives Exit's phis the copies' incoming edges. */
static void addCopiedIncoming(LLVMBasicBlockRef Exit, const ValueMap *Region,
                              const ValueMap *Map) {
  for (LLVMValueRef Phi = LLVMGetFirstInstruction(Exit);
       Phi && LLVMIsAPHINode(Phi); Phi = LLVMGetNextInstruction(Phi)) {
    unsigned Count = LLVMCountIncoming(Phi);
    for (unsigned E = 0; E < Count; ++E) {
      LLVMBasicBlockRef From = LLVMGetIncomingBlock(Phi, E);
      if (!isBlockMember(Region, From))
        continue;
      LLVMValueRef Value = lookupValue(Map, LLVMGetIncomingValue(Phi, E));
      LLVMBasicBlockRef Copy = lookupBlock(Map, From);
      LLVMAddIncoming(Phi, &Value, &Copy, 1);
    }
  }
}

/* Whether User, outside the region, reads I other than as one of Exit's
 * phis on an edge from the region. */
static bool readsEscaping(LLVMValueRef User, LLVMValueRef I,
                          const ValueMap *Region, LLVMBasicBlockRef Exit) {
  if (!LLVMIsAInstruction(User) ||
      isBlockMember(Region, LLVMGetInstructionParent(User)))
    return false;
  if (!LLVMIsAPHINode(User) || LLVMGetInstructionParent(User) != Exit)
    return true;
  for (unsigned E = 0; E < LLVMCountIncoming(User); ++E)
    if (LLVMGetIncomingValue(User, E) == I &&
        !isBlockMember(Region, LLVMGetIncomingBlock(User, E)))
      return true;
  return false;
}

/* A phi at the top of Exit: I from the region, its copy from the copies,
 * itself from any other predecessor (reached from Exit, so it holds the
 * value the region last gave). */
static LLVMValueRef buildExitPhi(LLVMBuilderRef B, LLVMValueRef F,
                                 LLVMValueRef I, LLVMBasicBlockRef Exit,
                                 const ValueMap *Region, const ValueMap *Copies,
                                 const ValueMap *Map) {
  LLVMPositionBuilderBefore(B, LLVMGetFirstInstruction(Exit));
  LLVMValueRef Phi = LLVMBuildPhi(B, LLVMTypeOf(I), "lane.merge");
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB)) {
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(BB);
    for (unsigned S = 0; Term && S < LLVMGetNumSuccessors(Term); ++S) {
      if (LLVMGetSuccessor(Term, S) != Exit)
        continue;
      LLVMValueRef Value = isBlockMember(Region, BB)   ? I
                           : isBlockMember(Copies, BB) ? lookupValue(Map, I)
                                                       : Phi;
      LLVMAddIncoming(Phi, &Value, &BB, 1);
    }
  }
  return Phi;
}

/* Makes the code after the region read the values it defines through
 * phis at Exit. */
static void mergeEscapingValues(LLVMBuilderRef B, LLVMValueRef F,
                                LLVMBasicBlockRef *Blocks, unsigned NumBlocks,
                                LLVMBasicBlockRef Exit, const ValueMap *Region,
                                const ValueMap *Copies, const ValueMap *Map) {
  for (unsigned K = 0; K < NumBlocks; ++K)
    for (LLVMValueRef I = LLVMGetFirstInstruction(Blocks[K]); I;
         I = LLVMGetNextInstruction(I)) {
      unsigned Count = 0;
      for (LLVMUseRef U = LLVMGetFirstUse(I); U; U = LLVMGetNextUse(U))
        Count += readsEscaping(LLVMGetUser(U), I, Region, Exit);
      if (!Count)
        continue;
      /* Collected first: changing a user changes the use list. */
      LLVMValueRef *Users = malloc(Count * sizeof(LLVMValueRef));
      unsigned N = 0;
      for (LLVMUseRef U = LLVMGetFirstUse(I); U; U = LLVMGetNextUse(U))
        if (readsEscaping(LLVMGetUser(U), I, Region, Exit))
          Users[N++] = LLVMGetUser(U);
      LLVMValueRef Phi = buildExitPhi(B, F, I, Exit, Region, Copies, Map);
      for (unsigned J = 0; J < N; ++J) {
        bool InExit = LLVMIsAPHINode(Users[J]) &&
                      LLVMGetInstructionParent(Users[J]) == Exit;
        for (unsigned Op = 0; Op < (unsigned)LLVMGetNumOperands(Users[J]);
             ++Op)
          if (LLVMGetOperand(Users[J], Op) == I &&
              (!InExit || !isBlockMember(Region, LLVMGetIncomingBlock(
                                                     Users[J], Op))))
            LLVMSetOperand(Users[J], Op, Phi);
      }
      free(Users);
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

/* Before the first instruction of F's entry that is neither a phi nor a
 * static alloca. */
static void positionAtFunctionStart(LLVMBuilderRef B, LLVMValueRef F) {
  LLVMValueRef I = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(F));
  while (LLVMIsAPHINode(I) || isStaticAlloca(I))
    I = LLVMGetNextInstruction(I);
  LLVMPositionBuilderBefore(B, I);
}

static void nameBlock(LLVMBasicBlockRef BB, const char *Name) {
  LLVMSetValueName2(LLVMBasicBlockAsValue(BB), Name, strlen(Name));
}

/* Copies the region's blocks and branches from Head to the copy where the
 * block shape condition holds. */
static void versionRegion(LLVMModuleRef M, LLVMValueRef F, LLVMBuilderRef B,
                          LLVMBasicBlockRef *Blocks, unsigned NumBlocks,
                          const ValueMap *Region, LLVMBasicBlockRef Head,
                          LLVMBasicBlockRef Exit, bool Amdgpu,
                          const WarpLoweringOptions *Options) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  ValueMap Map = createValueMap(countValues(F));
  copyBlocks(Ctx, B, F, Blocks, NumBlocks, &Map);
  remapCopies(Blocks, NumBlocks, &Map);
  ValueMap Copies = createValueMap(NumBlocks);
  for (unsigned K = 0; K < NumBlocks; ++K) {
    LLVMValueRef Copy = lookupValue(&Map, LLVMBasicBlockAsValue(Blocks[K]));
    mapValue(&Copies, Copy, Copy);
  }
  addCopiedIncoming(Exit, Region, &Map);
  mergeEscapingValues(B, F, Blocks, NumBlocks, Exit, Region, &Copies, &Map);

  positionAtFunctionStart(B, F);
  LLVMValueRef Holds = buildShapeCondition(M, B, Amdgpu, Options);
  nameBlock(lookupBlock(&Map, Blocks[0]), "lane.fast");
  nameBlock(Blocks[0], "lane.general");
  LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(Head));
  LLVMPositionBuilderAtEnd(B, Head);
  LLVMBuildCondBr(B, Holds, lookupBlock(&Map, Blocks[0]), Blocks[0]);
  disposeValueMap(&Copies);
  disposeValueMap(&Map);
}

/* Copies every block of F behind a new entry that branches on the block
 * shape condition. */
static void versionWholeFunction(LLVMModuleRef M, LLVMValueRef F,
                                 LLVMBuilderRef B, bool Amdgpu,
                                 const WarpLoweringOptions *Options) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  unsigned NumBlocks = LLVMCountBasicBlocks(F);
  LLVMBasicBlockRef *Blocks = malloc(NumBlocks * sizeof(LLVMBasicBlockRef));
  LLVMGetBasicBlocks(F, Blocks);
  LLVMBasicBlockRef Entry = Blocks[0];
  LLVMBasicBlockRef Check =
      LLVMInsertBasicBlockInContext(Ctx, Entry, "block.shape");
  hoistStaticAllocas(B, Entry, Check);

  ValueMap Map = createValueMap(countValues(F));
  copyBlocks(Ctx, B, F, Blocks, NumBlocks, &Map);
  remapCopies(Blocks, NumBlocks, &Map);

  LLVMPositionBuilderAtEnd(B, Check);
  LLVMValueRef Holds = buildShapeCondition(M, B, Amdgpu, Options);
  LLVMBuildCondBr(B, Holds, lookupBlock(&Map, Entry), Entry);
  disposeValueMap(&Map);
  free(Blocks);
}

/* A shuffle lowered for fewer lanes saves a few instructions (a select, a
 * cross-row move, a ds_bpermute); a copy of more than this many
 * instructions per such shuffle (CUB's block reductions read under
 * `threadIdx.x == 0`: 20-60) grows the kernel by more than its fast path
 * saves. Launch variants copy no code into the kernel. */
enum { MaxCopiedPerGain = 16 };

static bool worthCopying(unsigned Instructions, const Gains *G) {
  return Instructions <= MaxCopiedPerGain * G->Count;
}

static unsigned countInstructions(LLVMBasicBlockRef *Blocks,
                                  unsigned NumBlocks) {
  unsigned Count = 0;
  for (unsigned K = 0; K < NumBlocks; ++K)
    for (LLVMValueRef I = LLVMGetFirstInstruction(Blocks[K]); I;
         I = LLVMGetNextInstruction(I))
      ++Count;
  return Count;
}

/* Splits F at the smallest region holding every key and versions it, if
 * it keeps every narrowing and is worth copying; false (F maybe split,
 * still equivalent) otherwise. */
static bool tryVersionRegion(LLVMModuleRef M, LLVMValueRef F,
                             LLVMBuilderRef B, const Gains *G,
                             WarpLanes *Lanes, bool Amdgpu,
                             const WarpLoweringOptions *Options) {
  ValueMap Keys = collectKeys(F, G, Lanes->WaveSize);
  RegionBounds R;
  bool Found = findBounds(F, &Keys, &R);
  disposeValueMap(&Keys);
  if (!Found)
    return false;
  LLVMBasicBlockRef Head;
  splitAtBounds(LLVMGetModuleContext(M), &R, &Head);
  LLVMBasicBlockRef *Blocks;
  ValueMap Region;
  unsigned NumBlocks = collectRegion(F, R.Entry, R.Exit, &Blocks, &Region);
  bool Versioned =
      isSingleEntrySingleExit(F, &Region, Head, R.Entry, R.Exit) &&
      worthCopying(countInstructions(Blocks, NumBlocks), G) &&
      regionKeepsGains(F, Blocks, NumBlocks, G, Lanes, Options);
  if (Versioned)
    versionRegion(M, F, B, Blocks, NumBlocks, &Region, Head, R.Exit, Amdgpu,
                  Options);
  disposeValueMap(&Region);
  free(Blocks);
  return Versioned;
}

/* Whether F gains from the block shape condition (Gains non-empty). */
static bool findShapeGains(WarpLanes *Lanes,
                           const WarpLoweringOptions *Options, bool *Amdgpu,
                           Gains *G) {
  if (Options->TidXIsLane || Options->Strategy != WarpStrategyBest ||
      !canVersion(Lanes->Function, Amdgpu))
    return false;
  *G = findGains(Lanes->Function, Lanes, Options);
  if (G->Count)
    return true;
  disposeGains(G);
  return false;
}

/*===-- Copies of whole functions -----------------------------------------===*/

static void copyAttributes(LLVMValueRef From, LLVMValueRef To) {
  for (int Index = -1; Index <= (int)LLVMCountParams(From); ++Index) {
    unsigned Count = LLVMGetAttributeCountAtIndex(From, (unsigned)Index);
    if (!Count)
      continue;
    LLVMAttributeRef *Attributes = malloc(Count * sizeof(LLVMAttributeRef));
    LLVMGetAttributesAtIndex(From, (unsigned)Index, Attributes);
    for (unsigned K = 0; K < Count; ++K)
      LLVMAddAttributeAtIndex(To, (unsigned)Index, Attributes[K]);
    free(Attributes);
  }
}

/* The function's own metadata but its debug info: one DISubprogram
 * cannot describe two functions. */
static void copyFunctionMetadata(LLVMValueRef From, LLVMValueRef To) {
  unsigned DebugKind = LLVMGetMDKindIDInContext(
      LLVMGetTypeContext(LLVMTypeOf(From)), "dbg", 3);
  size_t Count;
  LLVMValueMetadataEntry *Entries = LLVMGlobalCopyAllMetadata(From, &Count);
  for (unsigned K = 0; K < Count; ++K) {
    unsigned Kind = LLVMValueMetadataEntriesGetKind(Entries, K);
    if (Kind != DebugKind)
      LLVMGlobalSetMetadata(To, Kind,
                            LLVMValueMetadataEntriesGetMetadata(Entries, K));
  }
  LLVMDisposeValueMetadataEntries(Entries);
}

LLVMValueRef warpCloneUnderBlockShape(LLVMModuleRef M, LLVMValueRef F,
                                      const char *Name) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMValueRef Clone = LLVMAddFunction(M, Name, LLVMGlobalGetValueType(F));
  LLVMSetLinkage(Clone, LLVMGetLinkage(F));
  LLVMSetVisibility(Clone, LLVMGetVisibility(F));
  LLVMSetFunctionCallConv(Clone, LLVMGetFunctionCallConv(F));
  copyAttributes(F, Clone);
  copyFunctionMetadata(F, Clone);

  ValueMap Map = createValueMap(countValues(F) + LLVMCountParams(F));
  for (unsigned P = 0; P < LLVMCountParams(F); ++P) {
    size_t Length;
    const char *ParamName = LLVMGetValueName2(LLVMGetParam(F, P), &Length);
    LLVMSetValueName2(LLVMGetParam(Clone, P), ParamName, Length);
    mapValue(&Map, LLVMGetParam(F, P), LLVMGetParam(Clone, P));
  }
  unsigned NumBlocks = LLVMCountBasicBlocks(F);
  LLVMBasicBlockRef *Blocks = malloc(NumBlocks * sizeof(LLVMBasicBlockRef));
  LLVMGetBasicBlocks(F, Blocks);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  copyBlocks(Ctx, B, Clone, Blocks, NumBlocks, &Map);
  remapCopies(Blocks, NumBlocks, &Map);
  LLVMDisposeBuilder(B);
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(Clone); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      LLVMInstructionSetDebugLoc(I, NULL);
  disposeValueMap(&Map);
  free(Blocks);
  return Clone;
}

bool warpGainsFromBlockShape(LLVMModuleRef M, LLVMValueRef F,
                             const WarpLoweringOptions *Options) {
  WarpLanes Lanes =
      warpLanesOf(M, F, warpFunctionWaveSize(F, Options->DefaultWave));
  bool Amdgpu = false;
  Gains G;
  if (!findShapeGains(&Lanes, Options, &Amdgpu, &G))
    return false;
  disposeGains(&G);
  return true;
}

bool warpVersionOnBlockShape(LLVMModuleRef M, WarpLanes *Lanes,
                             const WarpLoweringOptions *Options) {
  LLVMValueRef F = Lanes->Function;
  bool Amdgpu = false;
  Gains G;
  if (!findShapeGains(Lanes, Options, &Amdgpu, &G))
    return false;
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  bool Versioned = tryVersionRegion(M, F, B, &G, Lanes, Amdgpu, Options);
  /* countValues counts the blocks too. */
  if (!Versioned &&
      worthCopying(countValues(F) - LLVMCountBasicBlocks(F), &G)) {
    versionWholeFunction(M, F, B, Amdgpu, Options);
    Versioned = true;
  }
  LLVMDisposeBuilder(B);
  disposeGains(&G);
  return Versioned;
}
