/*===- wavesim-intrinsics.c - Host models of the amdgcn intrinsics
 *----------===*
 *
 * What each amdgcn intrinsic a kernel calls does on the host: per-lane
 * ones (work-item ids, mbcnt, trap, s.sleep) read the active lane, and
 * cross-lane ones suspend the lane at its call site until the scheduler
 * runs its group, then a combine function computes every lane's result
 * from the wave's operands (the data movements are amdgpu-lane-ops.c's
 * models, which the shuffle oracle shares).
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "amdgpu-lane-ops.h"
#include "wavesim-internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint32_t lanesBelow(unsigned Lane, unsigned FirstLane) {
  if (Lane <= FirstLane)
    return 0;
  unsigned Count = Lane - FirstLane;
  return Count >= 32 ? ~0u : (1u << Count) - 1;
}

static uint32_t hostMbcntLo(uint32_t Mask, uint32_t Accumulator) {
  unsigned Lane = wavesimActive->Current->HwLane;
  return Accumulator + (uint32_t)__builtin_popcount(Mask & lanesBelow(Lane, 0));
}

static uint32_t hostMbcntHi(uint32_t Mask, uint32_t Accumulator) {
  unsigned Lane = wavesimActive->Current->HwLane;
  return Accumulator +
         (uint32_t)__builtin_popcount(Mask & lanesBelow(Lane, 32));
}

/* llvm.amdgcn.s.getreg: the compute-unit field of the hardware id
 * register (what %smid reads: gfx9's HW_ID bits 14:8, gfx10's HW_ID1 bits
 * 20:10) is the number of the host thread that runs the block, each an
 * emulated compute unit (wavesim-pool.c); any other field reads 0. */
static uint32_t hostGetReg(uint32_t Field) {
  unsigned Id = Field & 63, Offset = Field >> 6 & 31;
  bool UnitId = (Id == 4 && Offset == 8) || (Id == 23 && Offset == 10);
  return UnitId ? wavesimActive->Worker : 0;
}

/* llvm.readsteadycounter: AMD's 100 MHz real-time counter, from the
 * host's monotonic clock. */
static uint64_t hostSteadyCounter(void) {
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return (uint64_t)Now.tv_sec * 100000000u + (uint64_t)Now.tv_nsec / 10;
}

/* llvm.trap (what a failed device assert becomes): the lane stops for good
 * and the launch fails once the block's other lanes have run as far as
 * they can. */
static void hostTrap(void) {
  Runner *R = wavesimActive;
  Lane *L = R->Current;
  L->State = LaneTrapped;
  --R->NumLive;
  if (!R->Trapped)
    R->Trapped = L;
  wavesimSuspendLane(R, L);
  abort(); /* a trapped lane is never resumed */
}

static uint32_t hostWorkItemIdX(void) {
  return wavesimActive->Current->WorkItem[0];
}
static uint32_t hostWorkItemIdY(void) {
  return wavesimActive->Current->WorkItem[1];
}
static uint32_t hostWorkItemIdZ(void) {
  return wavesimActive->Current->WorkItem[2];
}
static uint32_t hostWorkGroupIdX(void) { return wavesimActive->BlockId[0]; }
static uint32_t hostWorkGroupIdY(void) { return wavesimActive->BlockId[1]; }
static uint32_t hostWorkGroupIdZ(void) { return wavesimActive->BlockId[2]; }
static void *hostDispatchPtr(void) { return wavesimActive->Packet; }
static void *hostImplicitArgPtr(void) { return wavesimActive->ImplicitArgs; }

/* llvm.amdgcn.groupstaticsize: the kernel's shared memory that is not
 * dynamic. */
static uint32_t hostGroupStaticSize(void) {
  return (uint32_t)wavesimActive->K->StaticShared;
}

/* Parks the current lane at a cross-lane call site until its group runs. */
static uint64_t waitWithOperands(uint32_t Site, uint64_t Op0, uint64_t Op1,
                                 uint64_t Op2, uint64_t Op3) {
  Runner *R = wavesimActive;
  Lane *L = R->Current;
  L->Site = Site;
  L->Operands[0] = Op0;
  L->Operands[1] = Op1;
  L->Operands[2] = Op2;
  L->Operands[3] = Op3;
  L->State = LaneAtSite;
  wavesimSuspendLane(R, L);
  return L->Result;
}

static uint64_t waitAtCrossLaneSite(uint32_t Site, uint64_t Op0, uint64_t Op1) {
  return waitWithOperands(Site, Op0, Op1, 0, 0);
}

static uint32_t hostDsBPermute(uint32_t Site, uint32_t Address, uint32_t Data) {
  return (uint32_t)waitAtCrossLaneSite(Site, Address, Data);
}

static void hostBarrier(uint32_t Site) {
  Runner *R = wavesimActive;
  Lane *L = R->Current;
  L->Site = Site;
  L->State = LaneAtSite;
  ++R->NumAtBarrier;
  wavesimSuspendLane(R, L);
}

static uint32_t hostReadLaneI32(uint32_t Site, uint32_t Value, uint32_t Lane) {
  return (uint32_t)waitAtCrossLaneSite(Site, Value, Lane);
}

static uint64_t hostReadLaneI64(uint32_t Site, uint64_t Value, uint32_t Lane) {
  return waitAtCrossLaneSite(Site, Value, Lane);
}

static float hostReadLaneF32(uint32_t Site, float Value, uint32_t Lane) {
  uint32_t Bits;
  memcpy(&Bits, &Value, 4);
  Bits = (uint32_t)waitAtCrossLaneSite(Site, Bits, Lane);
  memcpy(&Value, &Bits, 4);
  return Value;
}

static double hostReadLaneF64(uint32_t Site, double Value, uint32_t Lane) {
  uint64_t Bits;
  memcpy(&Bits, &Value, 8);
  Bits = waitAtCrossLaneSite(Site, Bits, Lane);
  memcpy(&Value, &Bits, 8);
  return Value;
}

/* llvm.amdgcn.ballot's argument is an i1; the host ABI leaves the bits
 * above bit 0 of its register undefined. */
static uint64_t hostBallotI64(uint32_t Site, uint32_t Predicate) {
  return waitAtCrossLaneSite(Site, Predicate & 1, 0);
}

static uint32_t hostBallotI32(uint32_t Site, uint32_t Predicate) {
  return (uint32_t)waitAtCrossLaneSite(Site, Predicate & 1, 0);
}

static uint32_t hostReadFirstLaneI32(uint32_t Site, uint32_t Value) {
  return (uint32_t)waitAtCrossLaneSite(Site, Value, 0);
}

static uint64_t hostReadFirstLaneI64(uint32_t Site, uint64_t Value) {
  return waitAtCrossLaneSite(Site, Value, 0);
}

static float hostReadFirstLaneF32(uint32_t Site, float Value) {
  return hostReadLaneF32(Site, Value, 0);
}

static double hostReadFirstLaneF64(uint32_t Site, double Value) {
  return hostReadLaneF64(Site, Value, 0);
}

static uint32_t hostWaveReduceI32(uint32_t Site, uint32_t Value,
                                  uint32_t Strategy) {
  return (uint32_t)waitAtCrossLaneSite(Site, Value, Strategy);
}

static uint64_t hostWaveReduceI64(uint32_t Site, uint64_t Value,
                                  uint32_t Strategy) {
  return waitAtCrossLaneSite(Site, Value, Strategy);
}

/* A wave runs in lockstep: every lane of the group is here together, so
 * what one lane stored before the call is there for the others after it. */
/* s_sleep is a hint on an AMD GPU. Here the lane stops until nothing else
 * of its block can go on (and in a cooperative launch until its block is
 * next scheduled), so that a lane polling what another lane or block
 * writes (a spinning barrier) lets that lane run. */
static void hostSleep(uint32_t Clocks) {
  (void)Clocks;
  Runner *R = wavesimActive;
  Lane *L = R->Current;
  L->State = LaneSleeping;
  ++R->NumSleeping;
  wavesimSuspendLane(R, L);
}

static void hostWaveBarrier(uint32_t Site) {
  (void)waitAtCrossLaneSite(Site, 0, 0);
}

/* The controls of update.dpp and the permlanes, packed into one operand;
 * i1 arguments have undefined bits above bit 0 in the host ABI. */
enum { DppRowMaskShift = 16, DppBankMaskShift = 20, DppBoundCtrlShift = 24 };

static uint32_t hostUpdateDpp(uint32_t Site, uint32_t Old, uint32_t Src,
                              uint32_t Ctrl, uint32_t RowMask,
                              uint32_t BankMask, uint32_t BoundCtrl) {
  uint64_t Controls = (Ctrl & 0x1ff) | (RowMask & 15) << DppRowMaskShift |
                      (BankMask & 15) << DppBankMaskShift |
                      (uint64_t)(BoundCtrl & 1) << DppBoundCtrlShift;
  return (uint32_t)waitWithOperands(Site, Old, Src, Controls, 0);
}

static uint32_t hostDsSwizzle(uint32_t Site, uint32_t Src, uint32_t Offset) {
  return (uint32_t)waitAtCrossLaneSite(Site, Src, Offset);
}

static uint32_t hostPermlane(uint32_t Site, uint32_t Old, uint32_t Src,
                             uint32_t SelLo, uint32_t SelHi,
                             uint32_t FetchInactive, uint32_t BoundCtrl) {
  return (uint32_t)waitWithOperands(Site, Old, Src,
                                    (uint64_t)SelHi << 32 | SelLo,
                                    (FetchInactive & 1) | (BoundCtrl & 1) << 1);
}

static LaneOpsWave laneOpsWave(const Runner *R, uint64_t Exec) {
  LaneOpsWave W = {R->S->WaveSize, Exec, R->S->LaneOpsBugs};
  return W;
}

/* Operand Index of every lane of Exec, as 32 bits. */
static void gatherOperand(const Lane *WaveLanes, uint64_t Exec, unsigned Index,
                          uint32_t *Values) {
  for (unsigned I = 0; I < MaxWave; ++I)
    Values[I] = Exec >> I & 1 ? (uint32_t)WaveLanes[I].Operands[Index] : 0;
}

static void scatterResults(Lane *WaveLanes, uint64_t Exec,
                           const uint32_t *Values) {
  for (unsigned I = 0; I < MaxWave; ++I)
    if (Exec >> I & 1)
      WaveLanes[I].Result = Values[I];
}

/* Operand Index of the group's first lane: the immediate operands, and the
 * scalar ones the hardware reads once for the wave. */
static uint64_t uniformOperand(const Lane *WaveLanes, uint64_t Exec,
                               unsigned Index) {
  return WaveLanes[__builtin_ctzll(Exec)].Operands[Index];
}

static void combineBPermute(const Runner *R, const SiteIntrinsic *Op,
                            Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint32_t Address[MaxWave], Data[MaxWave], Out[MaxWave];
  gatherOperand(WaveLanes, Exec, 0, Address);
  gatherOperand(WaveLanes, Exec, 1, Data);
  laneOpsBPermute(&W, Address, Data, Out);
  scatterResults(WaveLanes, Exec, Out);
}

/* The lane operand is meant to be uniform; each lane's own is used. */
static void combineReadLane(const Runner *R, const SiteIntrinsic *Op,
                            Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint64_t Values[MaxWave];
  for (unsigned I = 0; I < MaxWave; ++I)
    Values[I] = Exec >> I & 1 ? WaveLanes[I].Operands[0] : 0;
  for (unsigned I = 0; I < R->S->WaveSize; ++I)
    if (Exec >> I & 1)
      WaveLanes[I].Result =
          laneOpsReadLane(&W, Values, (unsigned)WaveLanes[I].Operands[1], I);
}

static void combineUpdateDpp(const Runner *R, const SiteIntrinsic *Op,
                             Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint32_t Old[MaxWave], Src[MaxWave], Out[MaxWave];
  gatherOperand(WaveLanes, Exec, 0, Old);
  gatherOperand(WaveLanes, Exec, 1, Src);
  uint64_t Controls = uniformOperand(WaveLanes, Exec, 2);
  laneOpsUpdateDpp(&W, Old, Src, Controls & 0x1ff,
                   Controls >> DppRowMaskShift & 15,
                   Controls >> DppBankMaskShift & 15,
                   Controls >> DppBoundCtrlShift & 1, Out);
  scatterResults(WaveLanes, Exec, Out);
}

static void combineDsSwizzle(const Runner *R, const SiteIntrinsic *Op,
                             Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint32_t Src[MaxWave], Out[MaxWave];
  gatherOperand(WaveLanes, Exec, 0, Src);
  laneOpsDsSwizzle(&W, Src, (unsigned)uniformOperand(WaveLanes, Exec, 1), Out);
  scatterResults(WaveLanes, Exec, Out);
}

static void combinePermlane(const Runner *R, const SiteIntrinsic *Op,
                            Lane *WaveLanes, uint64_t Exec, bool Cross) {
  (void)Op;
  LaneOpsWave W = laneOpsWave(R, Exec);
  uint32_t Old[MaxWave], Src[MaxWave], Out[MaxWave];
  gatherOperand(WaveLanes, Exec, 0, Old);
  gatherOperand(WaveLanes, Exec, 1, Src);
  uint64_t Select = uniformOperand(WaveLanes, Exec, 2);
  uint64_t Flags = uniformOperand(WaveLanes, Exec, 3);
  laneOpsPermlane16(&W, Cross, Old, Src, (uint32_t)Select,
                    (uint32_t)(Select >> 32), Flags & 1, Flags >> 1 & 1, Out);
  scatterResults(WaveLanes, Exec, Out);
}

static void combinePermlane16(const Runner *R, const SiteIntrinsic *Op,
                              Lane *WaveLanes, uint64_t Exec) {
  combinePermlane(R, Op, WaveLanes, Exec, false);
}

static void combinePermlaneX16(const Runner *R, const SiteIntrinsic *Op,
                               Lane *WaveLanes, uint64_t Exec) {
  combinePermlane(R, Op, WaveLanes, Exec, true);
}

static void giveEveryLane(Lane *WaveLanes, uint64_t Exec, uint64_t Value) {
  for (unsigned I = 0; I < MaxWave; ++I)
    if (Exec >> I & 1)
      WaveLanes[I].Result = Value;
}

static uint64_t waveLanesMask(unsigned WaveSize) {
  return WaveSize == 64 ? ~0ull : (1ull << WaveSize) - 1;
}

/* Bit i is lane i's predicate for each lane i of the group, else 0. */
static void combineBallot(const Runner *R, const SiteIntrinsic *Op,
                          Lane *WaveLanes, uint64_t Exec) {
  (void)Op;
  uint64_t Ballot = 0;
  for (unsigned I = 0; I < R->S->WaveSize; ++I)
    if (Exec >> I & 1 && WaveLanes[I].Operands[0])
      Ballot |= 1ull << I;
  if (R->S->BugBallotIgnoresExec)
    Ballot |= waveLanesMask(R->S->WaveSize) & ~Exec;
  giveEveryLane(WaveLanes, Exec, Ballot);
}

/* Every lane gets the value of the lowest-numbered lane of the group. */
static void combineReadFirstLane(const Runner *R, const SiteIntrinsic *Op,
                                 Lane *WaveLanes, uint64_t Exec) {
  (void)R;
  (void)Op;
  unsigned First = (unsigned)__builtin_ctzll(Exec);
  giveEveryLane(WaveLanes, Exec, WaveLanes[First].Operands[0]);
}

static uint64_t truncateTo(uint64_t Value, unsigned Bits) {
  return Bits == 64 ? Value : Value & ((1ull << Bits) - 1);
}

static int64_t signedValue(uint64_t Value, unsigned Bits) {
  return Bits == 64 ? (int64_t)Value : (int64_t)(int32_t)(uint32_t)Value;
}

/* The operation's identity: the result over a group of lanes starts there,
 * so wave.reduce.sub gives 0 - (sum of the lanes). */
static uint64_t reduceIdentity(ReduceKind Kind, unsigned Bits) {
  uint64_t SignBit = 1ull << (Bits - 1);
  switch (Kind) {
  case ReduceUMin:
  case ReduceAnd:
    return truncateTo(~0ull, Bits);
  case ReduceMin:
    return SignBit - 1;
  case ReduceMax:
    return SignBit;
  default:
    return 0;
  }
}

static uint64_t reduceStep(ReduceKind Kind, unsigned Bits, uint64_t Acc,
                           uint64_t X) {
  switch (Kind) {
  case ReduceUMin:
    return X < Acc ? X : Acc;
  case ReduceMin:
    return signedValue(X, Bits) < signedValue(Acc, Bits) ? X : Acc;
  case ReduceUMax:
    return X > Acc ? X : Acc;
  case ReduceMax:
    return signedValue(X, Bits) > signedValue(Acc, Bits) ? X : Acc;
  case ReduceAdd:
    return truncateTo(Acc + X, Bits);
  case ReduceSub:
    return truncateTo(Acc - X, Bits);
  case ReduceAnd:
    return Acc & X;
  case ReduceOr:
    return Acc | X;
  case ReduceXor:
    return Acc ^ X;
  case ReduceNone:
    break;
  }
  abort();
}

/* Every lane of the group gets the reduction over the group's lanes. */
static void combineWaveReduce(const Runner *R, const SiteIntrinsic *Op,
                              Lane *WaveLanes, uint64_t Exec) {
  uint64_t Acc = reduceIdentity(Op->Reduce, Op->Bits);
  for (unsigned I = 0; I < R->S->WaveSize; ++I)
    if (Exec >> I & 1)
      Acc = reduceStep(Op->Reduce, Op->Bits, Acc,
                       truncateTo(WaveLanes[I].Operands[0], Op->Bits));
  giveEveryLane(WaveLanes, Exec, Acc);
}

/* Releasing the group is all a wave barrier does. */
void wavesimCombineWaveBarrier(const Runner *R, const SiteIntrinsic *Op,
                               Lane *WaveLanes, uint64_t Exec) {
  (void)R;
  (void)Op;
  (void)WaveLanes;
  (void)Exec;
}

#define SITE(NAME, HOST, ADDRESS, COMBINE)                                     \
  { NAME, HOST, (void *)ADDRESS, COMBINE, ReduceNone, 0 }
#define WAVE_REDUCE(OP, KIND, BITS)                                            \
  {                                                                            \
    "llvm.amdgcn.wave.reduce." #OP ".i" #BITS,                                 \
        "__wavesim_wave_reduce_" #OP "_i" #BITS,                               \
        (void *)hostWaveReduceI##BITS, combineWaveReduce, KIND, BITS           \
  }

const SiteIntrinsic WaveSimSiteIntrinsics[] = {
    SITE("llvm.amdgcn.ds.bpermute", "__wavesim_ds_bpermute", hostDsBPermute,
         combineBPermute),
    SITE("llvm.amdgcn.readlane.i32", "__wavesim_readlane_i32", hostReadLaneI32,
         combineReadLane),
    SITE("llvm.amdgcn.readlane.i64", "__wavesim_readlane_i64", hostReadLaneI64,
         combineReadLane),
    SITE("llvm.amdgcn.readlane.f32", "__wavesim_readlane_f32", hostReadLaneF32,
         combineReadLane),
    SITE("llvm.amdgcn.readlane.f64", "__wavesim_readlane_f64", hostReadLaneF64,
         combineReadLane),
    SITE("llvm.amdgcn.readfirstlane.i32", "__wavesim_readfirstlane_i32",
         hostReadFirstLaneI32, combineReadFirstLane),
    SITE("llvm.amdgcn.readfirstlane.i64", "__wavesim_readfirstlane_i64",
         hostReadFirstLaneI64, combineReadFirstLane),
    SITE("llvm.amdgcn.readfirstlane.f32", "__wavesim_readfirstlane_f32",
         hostReadFirstLaneF32, combineReadFirstLane),
    SITE("llvm.amdgcn.readfirstlane.f64", "__wavesim_readfirstlane_f64",
         hostReadFirstLaneF64, combineReadFirstLane),
    SITE("llvm.amdgcn.ballot.i32", "__wavesim_ballot_i32", hostBallotI32,
         combineBallot),
    SITE("llvm.amdgcn.ballot.i64", "__wavesim_ballot_i64", hostBallotI64,
         combineBallot),
    WAVE_REDUCE(umin, ReduceUMin, 32),
    WAVE_REDUCE(umin, ReduceUMin, 64),
    WAVE_REDUCE(min, ReduceMin, 32),
    WAVE_REDUCE(min, ReduceMin, 64),
    WAVE_REDUCE(umax, ReduceUMax, 32),
    WAVE_REDUCE(umax, ReduceUMax, 64),
    WAVE_REDUCE(max, ReduceMax, 32),
    WAVE_REDUCE(max, ReduceMax, 64),
    WAVE_REDUCE(add, ReduceAdd, 32),
    WAVE_REDUCE(add, ReduceAdd, 64),
    WAVE_REDUCE(sub, ReduceSub, 32),
    WAVE_REDUCE(sub, ReduceSub, 64),
    WAVE_REDUCE(and, ReduceAnd, 32),
    WAVE_REDUCE(and, ReduceAnd, 64),
    WAVE_REDUCE(or, ReduceOr, 32),
    WAVE_REDUCE(or, ReduceOr, 64),
    WAVE_REDUCE(xor, ReduceXor, 32),
    WAVE_REDUCE(xor, ReduceXor, 64),
    SITE("llvm.amdgcn.wave.barrier", "__wavesim_wave_barrier", hostWaveBarrier,
         wavesimCombineWaveBarrier),
    SITE("llvm.amdgcn.update.dpp.i32", "__wavesim_update_dpp_i32",
         hostUpdateDpp, combineUpdateDpp),
    SITE("llvm.amdgcn.ds.swizzle", "__wavesim_ds_swizzle", hostDsSwizzle,
         combineDsSwizzle),
    SITE("llvm.amdgcn.permlane16.i32", "__wavesim_permlane16_i32", hostPermlane,
         combinePermlane16),
    SITE("llvm.amdgcn.permlanex16.i32", "__wavesim_permlanex16_i32",
         hostPermlane, combinePermlaneX16),
    SITE("llvm.amdgcn.s.barrier", "__wavesim_s_barrier", hostBarrier, NULL),
};
#undef WAVE_REDUCE
#undef SITE
const unsigned WaveSimNumSiteIntrinsics =
    sizeof(WaveSimSiteIntrinsics) / sizeof(WaveSimSiteIntrinsics[0]);

/* Intrinsics whose value depends only on the lane: renamed, not suspended. */
const LaneIntrinsic WaveSimLaneIntrinsics[] = {
    {"llvm.amdgcn.workitem.id.x", "__wavesim_workitem_id_x",
     (void *)hostWorkItemIdX},
    {"llvm.amdgcn.workitem.id.y", "__wavesim_workitem_id_y",
     (void *)hostWorkItemIdY},
    {"llvm.amdgcn.workitem.id.z", "__wavesim_workitem_id_z",
     (void *)hostWorkItemIdZ},
    {"llvm.amdgcn.workgroup.id.x", "__wavesim_workgroup_id_x",
     (void *)hostWorkGroupIdX},
    {"llvm.amdgcn.workgroup.id.y", "__wavesim_workgroup_id_y",
     (void *)hostWorkGroupIdY},
    {"llvm.amdgcn.workgroup.id.z", "__wavesim_workgroup_id_z",
     (void *)hostWorkGroupIdZ},
    {"llvm.amdgcn.dispatch.ptr", "__wavesim_dispatch_ptr",
     (void *)hostDispatchPtr},
    {"llvm.amdgcn.implicitarg.ptr", "__wavesim_implicitarg_ptr",
     (void *)hostImplicitArgPtr},
    {"llvm.amdgcn.mbcnt.lo", "__wavesim_mbcnt_lo", (void *)hostMbcntLo},
    {"llvm.amdgcn.mbcnt.hi", "__wavesim_mbcnt_hi", (void *)hostMbcntHi},
    {"llvm.trap", "__wavesim_trap", (void *)hostTrap},
    {"llvm.readsteadycounter", "__wavesim_steady_counter",
     (void *)hostSteadyCounter},
    {"llvm.amdgcn.s.getreg", "__wavesim_getreg", (void *)hostGetReg},
    {"llvm.amdgcn.groupstaticsize", "__wavesim_groupstaticsize",
     (void *)hostGroupStaticSize},
    {"llvm.amdgcn.s.sleep", "__wavesim_sleep", (void *)hostSleep},
};
const unsigned WaveSimNumLaneIntrinsics =
    sizeof(WaveSimLaneIntrinsics) / sizeof(WaveSimLaneIntrinsics[0]);

const SiteIntrinsic *wavesimFindSiteIntrinsic(const char *Name) {
  for (unsigned I = 0; I < WaveSimNumSiteIntrinsics; ++I)
    if (!strcmp(Name, WaveSimSiteIntrinsics[I].Intrinsic))
      return &WaveSimSiteIntrinsics[I];
  return NULL;
}

int wavesimFindLaneIntrinsic(const char *Name) {
  for (unsigned I = 0; I < WaveSimNumLaneIntrinsics; ++I)
    if (!strcmp(Name, WaveSimLaneIntrinsics[I].Intrinsic))
      return (int)I;
  return -1;
}
