/*===- PrimitiveLowering.c - Lower votes, match, redux, syncwarp, elect ----===*
 *
 * Everything here is built on llvm.amdgcn.ballot, which sees exactly the
 * lanes of the wave executing the call. A CUDA warp's 32 bits of a ballot
 * are the ballot itself on wave32 and hardware lanes warpBase..warpBase+31
 * of it on wave64, where the wave's other half is another CUDA warp. The
 * members of a call are the lanes of its membermask M that execute it;
 * lanes of M that do not (exited, or past the end of the block) take no
 * part, as exited threads on NVIDIA hardware:
 *
 *   ballot(M, p)  = warpBallot(p) & M       activemask() = warpBallot(true)
 *   all(M, p)     = (warpBallot(!p) & M) == 0
 *   any(M, p)     = (warpBallot(p) & M) != 0
 *   uni(M, p)     = all(M, p) || all(M, !p)
 *   elect(M)      = leader = cttz(warpBallot(true) & M); lane == leader
 *   match.all(M, v) = (members, true) if every member's v equals the
 *                     leader's (read with ds_bpermute), else (0, false)
 *
 * where members = activemask() & M and leader = its lowest lane. The
 * result of match.all names the members only, as measured on an NVIDIA H100
 * (the PTX ISA: "mask of non-exited threads in membermask"). The legacy
 * vote.* forms take the executing lanes as M. match.any and redux need the
 * members to be split into groups: a waterfall loop (below) takes one key
 * per trip and finishes the lanes holding it together. match.any keys on the
 * value, and its result is this warp's ballot of "my value is the key" & M.
 * redux keys on the membermask and the CUDA warp, and each trip reduces with
 * llvm.amdgcn.wave.reduce over the remaining lanes, the others contributing
 * the operation's identity; so membermasks that differ between lanes of a
 * warp, as CUDA allows, each get their own reduction. The float forms
 * reduce an integer key whose unsigned order is the float order with
 * -0.0 < +0.0, and treat NaN as PTX says (canonical NaN 0x7fffffff).
 *
 * bar.warp.sync (__syncwarp) is a wavefront-scope release/acquire fence pair
 * around llvm.amdgcn.wave.barrier: a wave's lanes execute in lockstep, so
 * the barrier only has to keep the compiler from moving memory accesses
 * across it.
 *
 *===----------------------------------------------------------------------===*/

#include "primitives/PrimitiveLowering.h"

#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"

#include <llvm-c/DebugInfo.h>

typedef struct {
  LLVMModuleRef M;
  LLVMBuilderRef B;
  WarpLanes *Lanes;
  const WarpLoweringOptions *Options;
  LLVMTypeRef I1, I32, I64;
} PrimitiveBuilder;

static const uint32_t CanonicalNaN = 0x7fffffff;

static LLVMValueRef constI32(PrimitiveBuilder *PB, uint32_t Value) {
  return warpConstInt(PB->I32, Value);
}

static LLVMValueRef constI1(PrimitiveBuilder *PB, bool Value) {
  return warpConstInt(PB->I1, Value);
}

static bool isWave64(PrimitiveBuilder *PB) { return PB->Lanes->WaveSize == 64; }

/* The wave-wide ballot of Pred: i64 on wave64, i32 on wave32. */
static LLVMValueRef buildWaveBallot(PrimitiveBuilder *PB, LLVMValueRef Pred) {
  LLVMTypeRef Type = isWave64(PB) ? PB->I64 : PB->I32;
  return warpBuildOverloadedCall(PB->M, PB->B, "llvm.amdgcn.ballot", Type,
                                 &Pred, 1, "ballot");
}

/* The 32 bits of this lane's CUDA warp in the ballot of Pred. */
static LLVMValueRef buildWarpBallot(PrimitiveBuilder *PB, LLVMValueRef Pred) {
  LLVMValueRef Ballot = buildWaveBallot(PB, Pred);
  if (!isWave64(PB))
    return Ballot;
  LLVMValueRef Base = warpGetWarpBase(PB->Lanes);
  if (PB->Options->PlantedBug == WarpBugBallotWrongHalf)
    Base = LLVMBuildXor(PB->B, Base, constI32(PB, 32), "");
  LLVMValueRef Shift = LLVMBuildZExt(PB->B, Base, PB->I64, "");
  LLVMValueRef Half = LLVMBuildLShr(PB->B, Ballot, Shift, "");
  return LLVMBuildTrunc(PB->B, Half, PB->I32, "warp.ballot");
}

static LLVMValueRef buildActiveMask(PrimitiveBuilder *PB) {
  return buildWarpBallot(PB, constI1(PB, true));
}

static LLVMValueRef buildIsZero(PrimitiveBuilder *PB, LLVMValueRef V) {
  return LLVMBuildICmp(PB->B, LLVMIntEQ, V, LLVMConstNull(LLVMTypeOf(V)), "");
}

/* Whether Pred is false on every member: all(M, !Pred). */
static LLVMValueRef buildNoMemberHas(PrimitiveBuilder *PB, LLVMValueRef Mask,
                                     LLVMValueRef Pred) {
  LLVMValueRef Ballot = buildWarpBallot(PB, Pred);
  if (Mask)
    Ballot = LLVMBuildAnd(PB->B, Ballot, Mask, "");
  return buildIsZero(PB, Ballot);
}

static LLVMValueRef buildNot(PrimitiveBuilder *PB, LLVMValueRef Pred) {
  return LLVMBuildXor(PB->B, Pred, constI1(PB, true), "");
}

static LLVMValueRef buildVote(PrimitiveBuilder *PB, WarpPrimitiveKind Kind,
                              LLVMValueRef Mask, LLVMValueRef Pred) {
  switch (Kind) {
  case WarpVoteAll:
    return buildNoMemberHas(PB, Mask, buildNot(PB, Pred));
  case WarpVoteAny:
    return buildNot(PB, buildNoMemberHas(PB, Mask, Pred));
  case WarpVoteUni:
    return LLVMBuildOr(PB->B, buildNoMemberHas(PB, Mask, Pred),
                       buildNoMemberHas(PB, Mask, buildNot(PB, Pred)), "");
  case WarpVoteBallot:
  default: {
    LLVMValueRef Ballot = buildWarpBallot(PB, Pred);
    return Mask ? LLVMBuildAnd(PB->B, Ballot, Mask, "") : Ballot;
  }
  }
}

/* The lanes of M that execute the call. */
static LLVMValueRef buildMembers(PrimitiveBuilder *PB, LLVMValueRef Mask) {
  return LLVMBuildAnd(PB->B, buildActiveMask(PB), Mask, "members");
}

/* The lowest of Members (32 if there is none). */
static LLVMValueRef buildLeader(PrimitiveBuilder *PB, LLVMValueRef Members) {
  LLVMValueRef Args[] = {Members, constI1(PB, false)};
  return warpBuildOverloadedCall(PB->M, PB->B, "llvm.cttz", PB->I32, Args, 2,
                                 "leader");
}

/* Value (i32 or i64) in CUDA lane Lane of this warp. */
static LLVMValueRef buildReadFromLane(PrimitiveBuilder *PB, LLVMValueRef Lane,
                                      LLVMValueRef Value) {
  LLVMValueRef HwLane = laneOr(PB->B, warpGetWarpBase(PB->Lanes), Lane);
  if (LLVMTypeOf(Value) == PB->I32)
    return warpBuildReadLane(PB->M, PB->B, HwLane, Value);
  LLVMValueRef Lo = LLVMBuildTrunc(PB->B, Value, PB->I32, "");
  LLVMValueRef Hi = LLVMBuildTrunc(
      PB->B, LLVMBuildLShr(PB->B, Value, LLVMConstInt(PB->I64, 32, false), ""),
      PB->I32, "");
  Lo = LLVMBuildZExt(PB->B, warpBuildReadLane(PB->M, PB->B, HwLane, Lo),
                     PB->I64, "");
  Hi = LLVMBuildZExt(PB->B, warpBuildReadLane(PB->M, PB->B, HwLane, Hi),
                     PB->I64, "");
  Hi = LLVMBuildShl(PB->B, Hi, LLVMConstInt(PB->I64, 32, false), "");
  return LLVMBuildOr(PB->B, Hi, Lo, "");
}

static LLVMValueRef buildPair(PrimitiveBuilder *PB, LLVMValueRef Call,
                              LLVMValueRef First, LLVMValueRef Second) {
  LLVMValueRef Pair = LLVMGetPoison(LLVMTypeOf(Call));
  Pair = LLVMBuildInsertValue(PB->B, Pair, First, 0, "");
  return LLVMBuildInsertValue(PB->B, Pair, Second, 1, "");
}

static LLVMValueRef buildMatchAll(PrimitiveBuilder *PB, LLVMValueRef Call,
                                  LLVMValueRef Mask, LLVMValueRef Value) {
  LLVMValueRef Members = buildMembers(PB, Mask);
  LLVMValueRef LeaderValue =
      buildReadFromLane(PB, buildLeader(PB, Members), Value);
  LLVMValueRef Differs =
      LLVMBuildICmp(PB->B, LLVMIntNE, Value, LeaderValue, "");
  LLVMValueRef AllEqual = buildNoMemberHas(PB, Mask, Differs);
  LLVMValueRef Result =
      LLVMBuildSelect(PB->B, AllEqual, Members, constI32(PB, 0), "");
  return buildPair(PB, Call, Result, AllEqual);
}

static LLVMValueRef buildElect(PrimitiveBuilder *PB, LLVMValueRef Call,
                               LLVMValueRef Mask) {
  LLVMValueRef Leader = buildLeader(PB, buildMembers(PB, Mask));
  LLVMValueRef IsLeader = LLVMBuildICmp(
      PB->B, LLVMIntEQ, warpGetCudaLane(PB->Lanes), Leader, "is.leader");
  return buildPair(PB, Call, Leader, IsLeader);
}

static void buildSyncWarp(PrimitiveBuilder *PB) {
  warpBuildFence(PB->B, LLVMAtomicOrderingRelease, "wavefront");
  warpBuildIntrinsicCall(PB->M, PB->B, "llvm.amdgcn.wave.barrier", NULL, 0, "");
  warpBuildFence(PB->B, LLVMAtomicOrderingAcquire, "wavefront");
}

/*===-- Waterfall loops ---------------------------------------------------===*
 *
 * Each trip takes the key of the lowest lane still pending (readlane at the
 * cttz of a ballot) and finishes the lanes holding it together. The loop is
 * uniform: every lane that reached the call stays in it until the ballot of
 * pending lanes is empty, and carries its own result in a phi that only its
 * group's trip sets. So no value is uniform inside a divergent loop and
 * used after it: LLVM 22.1's SIFoldOperands folds the SGPR-to-VGPR copy of
 * such a value into its use past the loop exit, which gives every lane the
 * last trip's value (wave64 lanes read the other CUDA warp's result).
 *
 *===----------------------------------------------------------------------===*/

typedef struct {
  LLVMBasicBlockRef Entry, Loop;
  LLVMValueRef Pending; /* phi: this lane has no result yet */
  LLVMValueRef InGroup; /* pending, and its key is the trip's key */
} Waterfall;

/* Splits Call's block and starts the loop, leaving B in it after InGroup. */
static Waterfall beginWaterfall(PrimitiveBuilder *PB, LLVMValueRef Call,
                                LLVMValueRef Key) {
  LLVMContextRef Ctx = LLVMGetModuleContext(PB->M);
  Waterfall W;
  W.Entry = warpSplitBlockBefore(Call, "waterfall.done");
  W.Loop = LLVMInsertBasicBlockInContext(Ctx, LLVMGetInstructionParent(Call),
                                         "waterfall");
  LLVMPositionBuilderAtEnd(PB->B, W.Entry);
  LLVMBuildBr(PB->B, W.Loop);
  LLVMPositionBuilderAtEnd(PB->B, W.Loop);
  W.Pending = LLVMBuildPhi(PB->B, PB->I1, "pending");
  LLVMValueRef True = constI1(PB, true);
  LLVMAddIncoming(W.Pending, &True, &W.Entry, 1);

  LLVMValueRef Ballot = buildWaveBallot(PB, W.Pending);
  LLVMValueRef CttzArgs[] = {Ballot, True};
  LLVMValueRef First = warpBuildOverloadedCall(
      PB->M, PB->B, "llvm.cttz", LLVMTypeOf(Ballot), CttzArgs, 2, "trip.lane");
  First = LLVMBuildTruncOrBitCast(PB->B, First, PB->I32, "");
  LLVMValueRef ReadArgs[] = {Key, First};
  LLVMValueRef TripKey =
      warpBuildOverloadedCall(PB->M, PB->B, "llvm.amdgcn.readlane",
                              LLVMTypeOf(Key), ReadArgs, 2, "trip.key");
  LLVMValueRef HasKey = LLVMBuildICmp(PB->B, LLVMIntEQ, Key, TripKey, "");
  W.InGroup = LLVMBuildAnd(PB->B, W.Pending, HasKey, "in.group");
  return W;
}

/* Closes the loop on this trip's value TripValue, which the group's lanes
 * keep; returns it per lane, with B before Call, after the loop. */
static LLVMValueRef endWaterfall(PrimitiveBuilder *PB, Waterfall *W,
                                 LLVMValueRef Call, LLVMValueRef TripValue) {
  LLVMTypeRef Type = LLVMTypeOf(TripValue);
  LLVMPositionBuilder(PB->B, W->Loop, W->Pending);
  LLVMValueRef Kept = LLVMBuildPhi(PB->B, Type, "kept");
  LLVMPositionBuilderAtEnd(PB->B, W->Loop);
  LLVMValueRef Result =
      LLVMBuildSelect(PB->B, W->InGroup, TripValue, Kept, "result");
  LLVMValueRef StillPending = LLVMBuildAnd(
      PB->B, W->Pending, buildNot(PB, W->InGroup), "still.pending");
  LLVMValueRef Left = buildWaveBallot(PB, StillPending);
  LLVMValueRef Again = LLVMBuildICmp(PB->B, LLVMIntNE, Left,
                                     LLVMConstNull(LLVMTypeOf(Left)), "again");
  LLVMBuildCondBr(PB->B, Again, W->Loop, LLVMGetInstructionParent(Call));

  LLVMValueRef Zero = LLVMConstNull(Type);
  LLVMAddIncoming(Kept, &Zero, &W->Entry, 1);
  LLVMAddIncoming(Kept, &Result, &W->Loop, 1);
  LLVMAddIncoming(W->Pending, &StillPending, &W->Loop, 1);
  LLVMPositionBuilderBefore(PB->B, Call);
  return Result;
}

static LLVMValueRef buildMatchAny(PrimitiveBuilder *PB, LLVMValueRef Call,
                                  LLVMValueRef Mask, LLVMValueRef Value) {
  Waterfall W = beginWaterfall(PB, Call, Value);
  LLVMValueRef Equal = buildWarpBallot(PB, W.InGroup);
  Equal = endWaterfall(PB, &W, Call, Equal);
  return LLVMBuildAnd(PB->B, Equal, Mask, "match");
}

/*===-- redux.sync --------------------------------------------------------===*/

static bool isFloatRedux(WarpReduxOp Op) {
  return Op == WarpReduxFMin || Op == WarpReduxFMax;
}

/* The llvm.amdgcn.wave.reduce operation, and the value that leaves it
 * unchanged; the float forms reduce keys as unsigned integers. */
static const char *getWaveReduceName(WarpReduxOp Op, uint32_t *Identity) {
  switch (Op) {
  case WarpReduxAdd:
    *Identity = 0;
    return "llvm.amdgcn.wave.reduce.add";
  case WarpReduxMin:
    *Identity = 0x7fffffff;
    return "llvm.amdgcn.wave.reduce.min";
  case WarpReduxMax:
    *Identity = 0x80000000;
    return "llvm.amdgcn.wave.reduce.max";
  case WarpReduxUMin:
  case WarpReduxFMin:
    *Identity = 0xffffffff;
    return "llvm.amdgcn.wave.reduce.umin";
  case WarpReduxUMax:
  case WarpReduxFMax:
    *Identity = 0;
    return "llvm.amdgcn.wave.reduce.umax";
  case WarpReduxAnd:
    *Identity = 0xffffffff;
    return "llvm.amdgcn.wave.reduce.and";
  case WarpReduxOr:
    *Identity = 0;
    return "llvm.amdgcn.wave.reduce.or";
  case WarpReduxXor:
  default:
    *Identity = 0;
    return "llvm.amdgcn.wave.reduce.xor";
  }
}

/* bits ^ (sign ? 0xffffffff : 0x80000000): unsigned order of the keys is
 * the order of the non-NaN floats, -0.0 below +0.0. Keys 0 and 0xffffffff
 * belong to NaNs only, so they can be the min/max identities. */
static LLVMValueRef buildFloatKey(PrimitiveBuilder *PB, LLVMValueRef Bits) {
  LLVMValueRef Sign = LLVMBuildAShr(PB->B, Bits, constI32(PB, 31), "");
  LLVMValueRef Flip = LLVMBuildOr(PB->B, Sign, constI32(PB, 0x80000000), "");
  return LLVMBuildXor(PB->B, Bits, Flip, "key");
}

static LLVMValueRef buildFloatFromKey(PrimitiveBuilder *PB, LLVMValueRef Key) {
  LLVMValueRef Sign = LLVMBuildAShr(PB->B, Key, constI32(PB, 31), "");
  LLVMValueRef Flip = LLVMBuildOr(PB->B, LLVMBuildNot(PB->B, Sign, ""),
                                  constI32(PB, 0x80000000), "");
  return LLVMBuildXor(PB->B, Key, Flip, "");
}

static LLVMValueRef buildRedux(PrimitiveBuilder *PB, LLVMValueRef Call,
                               const WarpPrimitivePattern *P, LLVMValueRef Mask,
                               LLVMValueRef Value) {
  uint32_t Identity;
  const char *ReduceName = getWaveReduceName(P->Op, &Identity);
  bool IsFloat = isFloatRedux(P->Op);
  LLVMValueRef Operand = Value, IsNaN = NULL;
  if (IsFloat) {
    LLVMValueRef Bits = LLVMBuildBitCast(PB->B, Value, PB->I32, "");
    LLVMValueRef Magnitude =
        LLVMBuildAnd(PB->B, Bits, constI32(PB, 0x7fffffff), "");
    if (P->Abs)
      Bits = Magnitude;
    IsNaN = LLVMBuildICmp(PB->B, LLVMIntUGT, Magnitude,
                          constI32(PB, 0x7f800000), "is.nan");
    Operand = LLVMBuildSelect(PB->B, IsNaN, constI32(PB, Identity),
                              buildFloatKey(PB, Bits), "");
  }

  /* One trip per membermask and CUDA warp. */
  LLVMValueRef Key = Mask;
  if (isWave64(PB)) {
    LLVMValueRef Warp =
        LLVMBuildZExt(PB->B, warpGetWarpBase(PB->Lanes), PB->I64, "");
    Key =
        LLVMBuildOr(PB->B, LLVMBuildZExt(PB->B, Mask, PB->I64, ""),
                    LLVMBuildShl(PB->B, Warp, LLVMConstInt(PB->I64, 32, 0), ""),
                    "redux.key");
  }
  Waterfall W = beginWaterfall(PB, Call, Key);
  LLVMValueRef Contribution =
      LLVMBuildSelect(PB->B, W.InGroup, Operand, constI32(PB, Identity), "");
  LLVMValueRef Args[] = {Contribution, constI32(PB, 0)};
  LLVMValueRef Reduced = warpBuildOverloadedCall(PB->M, PB->B, ReduceName,
                                                 PB->I32, Args, 2, "reduced");
  LLVMValueRef AnyNaN = NULL;
  if (IsFloat && P->PropagateNaN)
    AnyNaN = LLVMBuildNot(
        PB->B,
        buildIsZero(
            PB, buildWaveBallot(PB, LLVMBuildAnd(PB->B, W.InGroup, IsNaN, ""))),
        "any.nan");
  LLVMValueRef Result = Reduced;
  if (IsFloat) {
    LLVMValueRef AllNaN = LLVMBuildICmp(PB->B, LLVMIntEQ, Reduced,
                                        constI32(PB, Identity), "all.nan");
    LLVMValueRef GivesNaN =
        AnyNaN ? LLVMBuildOr(PB->B, AllNaN, AnyNaN, "") : AllNaN;
    LLVMValueRef Bits =
        LLVMBuildSelect(PB->B, GivesNaN, constI32(PB, CanonicalNaN),
                        buildFloatFromKey(PB, Reduced), "");
    Result = LLVMBuildBitCast(PB->B, Bits, LLVMTypeOf(Call), "");
  }
  return endWaterfall(PB, &W, Call, Result);
}

/*===-- Constant operands
 * --------------------------------------------------===*/

/* The result when a constant operand decides it for every member, else
 * NULL. The calling lane is a member, so there is at least one. */
static LLVMValueRef foldConstantOperand(PrimitiveBuilder *PB, LLVMValueRef Call,
                                        const WarpPrimitivePattern *P,
                                        LLVMValueRef Mask, LLVMValueRef Value) {
  if (!Value || !LLVMIsAConstantInt(Value))
    return NULL;
  bool IsTrue = LLVMConstIntGetZExtValue(Value) != 0;
  switch (P->Kind) {
  case WarpVoteAll:
  case WarpVoteAny:
    return constI1(PB, IsTrue);
  case WarpVoteUni:
    return constI1(PB, true);
  case WarpVoteBallot:
    return IsTrue ? NULL : constI32(PB, 0);
  case WarpMatchAny:
    return LLVMBuildAnd(PB->B, buildActiveMask(PB), Mask, "match");
  case WarpMatchAll:
    return buildPair(PB, Call, buildMembers(PB, Mask), constI1(PB, true));
  case WarpRedux:
    if (P->Op == WarpReduxAdd || P->Op == WarpReduxXor)
      return NULL;
    return Value;
  default:
    return NULL;
  }
}

static LLVMValueRef buildPrimitive(PrimitiveBuilder *PB, LLVMValueRef Call,
                                   const WarpPrimitivePattern *P) {
  LLVMValueRef Mask =
      P->MaskOperand >= 0 ? LLVMGetOperand(Call, P->MaskOperand) : NULL;
  LLVMValueRef Value =
      P->ValueOperand >= 0 ? LLVMGetOperand(Call, P->ValueOperand) : NULL;
  LLVMValueRef Folded = foldConstantOperand(PB, Call, P, Mask, Value);
  if (Folded)
    return Folded;
  switch (P->Kind) {
  case WarpVoteAll:
  case WarpVoteAny:
  case WarpVoteUni:
  case WarpVoteBallot:
    return buildVote(PB, P->Kind, Mask, Value);
  case WarpActiveMask:
    return buildActiveMask(PB);
  case WarpMatchAny:
    return buildMatchAny(PB, Call, Mask, Value);
  case WarpMatchAll:
    return buildMatchAll(PB, Call, Mask, Value);
  case WarpRedux:
    return buildRedux(PB, Call, P, Mask, Value);
  case WarpElectSync:
    return buildElect(PB, Call, Mask);
  case WarpBarWarpSync:
  default:
    buildSyncWarp(PB);
    return NULL;
  }
}

void warpLowerPrimitiveCall(LLVMModuleRef M, LLVMBuilderRef B, WarpLanes *Lanes,
                            const WarpLoweringOptions *Options,
                            LLVMValueRef Call, const WarpPrimitivePattern *P) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  PrimitiveBuilder PB = {M,
                         B,
                         Lanes,
                         Options,
                         LLVMInt1TypeInContext(Ctx),
                         LLVMInt32TypeInContext(Ctx),
                         LLVMInt64TypeInContext(Ctx)};
  LLVMPositionBuilderBefore(B, Call);
  LLVMSetCurrentDebugLocation2(B, LLVMInstructionGetDebugLoc(Call));
  LLVMValueRef Result = buildPrimitive(&PB, Call, P);
  if (Result)
    LLVMReplaceAllUsesWith(Call, Result);
  LLVMInstructionEraseFromParent(Call);
}
