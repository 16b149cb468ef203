/*===- PtxRecipesMemory.c - Inline PTX recipes: memory, control ------------===*
 *
 * The recipes of loads, stores and atomics in each state space, and of
 * fences, barriers, trap and exit.
 * PtxRecipeBuilders.h says what every recipe does.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/PtxRecipeBuilders.h"

#include "support/IRUtils.h"

#include <string.h>

/*===-- Memory ------------------------------------------------------------===*/

/* The address space of ld/st/atom/red's state space modifier. */
static bool addressSpace(PtxLowering *L, unsigned *Space) {
  static const struct {
    const char *Name;
    unsigned Space;
  } Spaces[] = {{"global", 1}, {"shared", 3}, {"const", 4}, {"local", 5}};
  *Space = 0;
  for (size_t I = 0; I < sizeof(Spaces) / sizeof(Spaces[0]); ++I)
    if (ptxHas(L, Spaces[I].Name))
      *Space = Spaces[I].Space;
  if (ptxHas(L, "param"))
    return ptxUnsupported(L, ".param state space in inline asm");
  return true;
}

static unsigned vectorLength(const PtxLowering *L) {
  return ptxHas(L, "v4") ? 4 : ptxHas(L, "v2") ? 2 : 1;
}

static bool checkVectorOperand(PtxLowering *L, unsigned Index) {
  unsigned Lanes = vectorLength(L);
  const PtxOperand *Op = &L->S->Operands[Index];
  unsigned Have = Op->Kind == PtxOperandVector ? Op->NumParts : 1;
  if (Have != Lanes)
    return ptxUnsupported(L, ".v%u access with %u operand%s", Lanes, Have,
                          Have == 1 ? "" : "s");
  if (type0(L).Kind == PtxPredicate)
    return ptxUnsupported(L, "memory access of .pred");
  return true;
}

/* The memory type of one element (b8 .. b64, f16 .. f64). */
static LLVMTypeRef elementType(PtxLowering *L) {
  PtxType Type = type0(L);
  return ptxIsFloat(Type) ? ptxLLVMType(L, Type)
                          : LLVMIntTypeInContext(L->Ctx, Type.Bits);
}

static const char *scopeName(PtxLowering *L) {
  if (ptxHas(L, "cta"))
    return "workgroup";
  if (ptxHas(L, "sys"))
    return "";
  return "agent";
}

static void setAtomic(PtxLowering *L, LLVMValueRef Access,
                      LLVMAtomicOrdering Ordering) {
  LLVMSetOrdering(Access, Ordering);
  const char *Scope = scopeName(L);
  LLVMSetAtomicSyncScopeID(Access,
                           LLVMGetSyncScopeID(L->Ctx, Scope, strlen(Scope)));
}

bool ptxLowerLoad(PtxLowering *L) {
  unsigned Space;
  if (!addressSpace(L, &Space) || !checkVectorOperand(L, 0))
    return false;
  bool Atomic = ptxHas(L, "relaxed") || ptxHas(L, "acquire");
  if (Atomic && vectorLength(L) > 1)
    return ptxUnsupported(L, "vector atomic loads");
  if (L->Checking)
    return true;
  unsigned Lanes = vectorLength(L);
  LLVMTypeRef Element = elementType(L);
  LLVMTypeRef Type = Lanes > 1 ? LLVMVectorType(Element, Lanes) : Element;
  unsigned Bytes = Lanes * type0(L).Bits / 8;
  LLVMValueRef Address = ptxReadAddress(L, 1, Space);
  ptxBeginGuarded(L);
  LLVMValueRef Value = LLVMBuildLoad2(L->B, Type, Address, "");
  LLVMSetAlignment(Value, Bytes);
  if (Atomic)
    setAtomic(L, Value,
              ptxHas(L, "acquire") ? LLVMAtomicOrderingAcquire
                                   : LLVMAtomicOrderingMonotonic);
  else if (L->Volatile || ptxHas(L, "volatile") || ptxHas(L, "cv"))
    LLVMSetVolatile(Value, true);
  Value = ptxEndGuarded(L, Value, LLVMGetPoison(Type));
  const PtxOperand *Dest = &L->S->Operands[0];
  for (unsigned I = 0; I < Lanes; ++I) {
    LLVMValueRef Part =
        Lanes > 1 ? LLVMBuildExtractElement(L->B, Value, ptxInt(L, 32, I), "")
                  : Value;
    /* ld.s8 and ld.s16 sign-extend into the register. */
    if (ptxIsSigned(type0(L)) && type0(L).Bits < 32)
      Part = LLVMBuildSExt(L->B, Part, LLVMInt32TypeInContext(L->Ctx), "");
    ptxWriteValue(L, &Dest->Parts[I], Part);
  }
  return true;
}

bool ptxLowerStore(PtxLowering *L) {
  unsigned Space;
  if (!addressSpace(L, &Space) || !checkVectorOperand(L, 1))
    return false;
  bool Atomic = ptxHas(L, "relaxed") || ptxHas(L, "release");
  if (Atomic && vectorLength(L) > 1)
    return ptxUnsupported(L, "vector atomic stores");
  if (Space == 4)
    return ptxUnsupported(L, "st.const");
  if (L->Checking)
    return true;
  unsigned Lanes = vectorLength(L);
  LLVMTypeRef Element = elementType(L);
  PtxType ElementType = ptxIsFloat(type0(L)) ? type0(L) : bitsOf(type0(L));
  const PtxOperand *Source = &L->S->Operands[1];
  LLVMValueRef Value;
  if (Lanes == 1) {
    Value = ptxReadValue(L, &Source->Parts[0], ElementType);
  } else {
    Value = LLVMGetPoison(LLVMVectorType(Element, Lanes));
    for (unsigned I = 0; I < Lanes; ++I)
      Value = LLVMBuildInsertElement(
          L->B, Value, ptxReadValue(L, &Source->Parts[I], ElementType),
          ptxInt(L, 32, I), "");
  }
  LLVMValueRef Address = ptxReadAddress(L, 0, Space);
  ptxBeginGuarded(L);
  LLVMValueRef Store = LLVMBuildStore(L->B, Value, Address);
  LLVMSetAlignment(Store, Lanes * type0(L).Bits / 8);
  if (Atomic)
    setAtomic(L, Store,
              ptxHas(L, "release") ? LLVMAtomicOrderingRelease
                                   : LLVMAtomicOrderingMonotonic);
  else if (L->Volatile || ptxHas(L, "volatile"))
    LLVMSetVolatile(Store, true);
  ptxEndGuarded(L, NULL, NULL);
  return true;
}

/* atom/red.add.f32 as PTX defines it: rounded to nearest, subnormal
 * inputs and result flushed to zero, a NaN result canonical (an H100's
 * atomic unit does so; AMD's does not), by a compare-and-swap loop.
 * Returns the old value. */
static LLVMValueRef buildAtomicAddF32(PtxLowering *L, LLVMValueRef Address,
                                      LLVMValueRef Value,
                                      LLVMAtomicOrdering Ordering,
                                      unsigned ScopeID) {
  LLVMTypeRef I32 = LLVMInt32TypeInContext(L->Ctx);
  LLVMTypeRef F32 = LLVMFloatTypeInContext(L->Ctx);
  if (!L->Guard) {
    warpSplitBlockBefore(L->Call, "ptx.atomic.done");
    LLVMPositionBuilderAtEnd(
        L->B, LLVMGetPreviousBasicBlock(LLVMGetInstructionParent(L->Call)));
  }
  LLVMBasicBlockRef Entry = LLVMGetInsertBlock(L->B);
  LLVMValueRef Initial = LLVMBuildLoad2(L->B, I32, Address, "");
  LLVMSetAlignment(Initial, 4);
  LLVMSetVolatile(Initial, true);
  LLVMBasicBlockRef Loop = LLVMInsertBasicBlockInContext(
      L->Ctx, LLVMGetNextBasicBlock(Entry), "ptx.cas");
  LLVMBasicBlockRef Done = LLVMInsertBasicBlockInContext(
      L->Ctx, LLVMGetNextBasicBlock(Loop), "ptx.cas.done");
  LLVMBuildBr(L->B, Loop);
  LLVMPositionBuilderAtEnd(L->B, Loop);
  LLVMValueRef Old = LLVMBuildPhi(L->B, I32, "");
  LLVMValueRef Sum =
      LLVMBuildFAdd(L->B, flushDenormal(L, fromBitsAs(L, Old, F32)),
                    flushDenormal(L, Value), "");
  LLVMValueRef New = canonicalNaN(L, flushDenormal(L, Sum));
  LLVMValueRef Pair = LLVMBuildAtomicCmpXchgSyncScope(
      L->B, Address, Old, New,
      Ordering == LLVMAtomicOrderingMonotonic
          ? LLVMAtomicOrderingMonotonic
          : LLVMAtomicOrderingSequentiallyConsistent,
      LLVMAtomicOrderingMonotonic, ScopeID);
  LLVMValueRef Seen = LLVMBuildExtractValue(L->B, Pair, 0, "");
  LLVMValueRef Stored = LLVMBuildExtractValue(L->B, Pair, 1, "");
  LLVMValueRef Incoming[] = {Initial, Seen};
  LLVMBasicBlockRef From[] = {Entry, Loop};
  LLVMAddIncoming(Old, Incoming, From, 2);
  LLVMBuildCondBr(L->B, Stored, Done, Loop);
  LLVMPositionBuilderAtEnd(L->B, Done);
  if (!L->Guard) {
    LLVMBuildBr(L->B, LLVMGetInstructionParent(L->Call));
    LLVMPositionBuilderBefore(L->B, L->Call);
  }
  return fromBitsAs(L, Old, F32);
}

/* atom and red: atomicrmw or cmpxchg, relaxed at GPU scope unless the
 * statement says otherwise. */
bool ptxLowerAtomic(PtxLowering *L) {
  static const struct {
    const char *Op;
    LLVMAtomicRMWBinOp Int, Signed, Float;
  } Ops[] = {
      {"and", LLVMAtomicRMWBinOpAnd, LLVMAtomicRMWBinOpAnd, 0},
      {"or", LLVMAtomicRMWBinOpOr, LLVMAtomicRMWBinOpOr, 0},
      {"xor", LLVMAtomicRMWBinOpXor, LLVMAtomicRMWBinOpXor, 0},
      {"exch", LLVMAtomicRMWBinOpXchg, LLVMAtomicRMWBinOpXchg,
       LLVMAtomicRMWBinOpXchg},
      {"add", LLVMAtomicRMWBinOpAdd, LLVMAtomicRMWBinOpAdd,
       LLVMAtomicRMWBinOpFAdd},
      {"inc", LLVMAtomicRMWBinOpUIncWrap, 0, 0},
      {"dec", LLVMAtomicRMWBinOpUDecWrap, 0, 0},
      {"min", LLVMAtomicRMWBinOpUMin, LLVMAtomicRMWBinOpMin,
       LLVMAtomicRMWBinOpFMin},
      {"max", LLVMAtomicRMWBinOpUMax, LLVMAtomicRMWBinOpMax,
       LLVMAtomicRMWBinOpFMax},
  };
  bool Red = opcodeIs(L, "red");
  const char *OpName = L->Modifiers[3];
  bool Cas = !strcmp(OpName, "cas");
  unsigned Space;
  if (!addressSpace(L, &Space))
    return false;
  unsigned Sources = L->S->NumOperands - (Red ? 1 : 2);
  if (Sources != (Cas ? 2u : 1u))
    return ptxUnsupported(L, "%s.%s takes %u source operand%s", L->S->Opcode,
                          OpName, Cas ? 2 : 1, Cas ? "s" : "");
  PtxType Type = type0(L);
  size_t Found = 0;
  for (; Found < sizeof(Ops) / sizeof(Ops[0]); ++Found)
    if (!strcmp(Ops[Found].Op, OpName))
      break;
  LLVMAtomicRMWBinOp Op = 0;
  if (!Cas) {
    Op = ptxIsFloat(Type)         ? Ops[Found].Float
         : Type.Kind == PtxSigned ? Ops[Found].Signed
                                  : Ops[Found].Int;
    bool Valid = Op != 0 || !strcmp(OpName, "exch"); /* Xchg is 0 */
    if (ptxIsFloat(Type) && strcmp(OpName, "add") && strcmp(OpName, "exch"))
      Valid = false;
    if (Type.Kind == PtxSigned &&
        (!strcmp(OpName, "inc") || !strcmp(OpName, "dec")))
      Valid = false;
    if (!Valid)
      return ptxUnsupported(L, "%s.%s on this type", L->S->Opcode, OpName);
  }
  if (L->Checking)
    return true;
  LLVMAtomicOrdering Ordering =
      ptxHas(L, "acquire")   ? LLVMAtomicOrderingAcquire
      : ptxHas(L, "release") ? LLVMAtomicOrderingRelease
      : ptxHas(L, "acq_rel") ? LLVMAtomicOrderingAcquireRelease
                             : LLVMAtomicOrderingMonotonic;
  const char *Scope = scopeName(L);
  unsigned ScopeID = LLVMGetSyncScopeID(L->Ctx, Scope, strlen(Scope));
  PtxType ValueType = ptxIsFloat(Type) ? Type : bitsOf(Type);
  unsigned First = Red ? 1 : 2;
  LLVMValueRef Value = ptxRead(L, First, ValueType);
  LLVMValueRef Swap = Cas ? ptxRead(L, First + 1, ValueType) : NULL;
  LLVMValueRef Address = ptxReadAddress(L, Red ? 0 : 1, Space);
  ptxBeginGuarded(L);
  LLVMValueRef Old;
  if (Cas) {
    /* A failed exchange stores nothing: no release. */
    LLVMAtomicOrdering Failure = Ordering == LLVMAtomicOrderingRelease
                                     ? LLVMAtomicOrderingMonotonic
                                 : Ordering == LLVMAtomicOrderingAcquireRelease
                                     ? LLVMAtomicOrderingAcquire
                                     : Ordering;
    LLVMValueRef Pair = LLVMBuildAtomicCmpXchgSyncScope(
        L->B, Address, Value, Swap, Ordering, Failure, ScopeID);
    Old = LLVMBuildExtractValue(L->B, Pair, 0, "");
  } else if (Op == LLVMAtomicRMWBinOpFAdd && Type.Bits == 32) {
    Old = buildAtomicAddF32(L, Address, Value, Ordering, ScopeID);
  } else {
    Old = LLVMBuildAtomicRMWSyncScope(L->B, Op, Address, Value, Ordering,
                                      ScopeID);
  }
  Old = ptxEndGuarded(L, Old, LLVMGetPoison(LLVMTypeOf(Old)));
  if (!Red)
    ptxWrite(L, 0, Old);
  return true;
}

bool ptxLowerFence(PtxLowering *L) {
  if (L->Checking)
    return true;
  const char *Scope = ptxHas(L, "cta")                      ? "workgroup"
                      : ptxHas(L, "gl") || ptxHas(L, "gpu") ? "agent"
                                                            : "";
  bool AcqRel = opcodeIs(L, "fence") && !ptxHas(L, "sc");
  warpBuildFence(L->B,
                 AcqRel ? LLVMAtomicOrderingAcquireRelease
                        : LLVMAtomicOrderingSequentiallyConsistent,
                 Scope);
  return true;
}

/* bar.sync 0 / barrier.sync 0 is __syncthreads; named barriers and thread
 * counts have no AMDGPU counterpart. */
bool ptxLowerBarrier(PtxLowering *L) {
  uint64_t Id;
  if (!ptxReadConstant(L, 0, &Id) || Id != 0)
    return ptxUnsupported(L, "named barriers (an id other than 0)");
  if (L->S->NumOperands > 1)
    return ptxUnsupported(L, "a barrier with a thread count");
  if (L->Checking)
    return true;
  LLVMValueRef Zero = ptxInt(L, 32, 0);
  ptxCallIntrinsic(L, "llvm.nvvm.barrier.cta.sync.aligned.all", NULL, 0, &Zero,
                   1);
  return true;
}

bool ptxLowerTrap(PtxLowering *L) {
  if (L->Checking)
    return true;
  ptxCallIntrinsic(L, "llvm.trap", NULL, 0, NULL, 0);
  return true;
}

/* exit ends the thread: in a kernel that is returning from it, as a
 * guarded exit returns in the lanes of its guard. A thread that exits no
 * longer takes part in barriers, on an H100 as on AMD (a wave that ends
 * leaves the barrier's count). In a device function (CUB's ThreadExit,
 * which the drivers retarget before the optimizer inlines it) it becomes
 * a call of WarpDeferredExitName, which warpLowerDeferredExits turns into
 * the kernel's return once the function is inlined. */
static void buildDeferredExit(PtxLowering *L) {
  LLVMModuleRef M = LLVMGetGlobalParent(
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(L->Call)));
  LLVMTypeRef Type =
      LLVMFunctionType(LLVMVoidTypeInContext(L->Ctx), NULL, 0, false);
  LLVMValueRef Exit = LLVMGetNamedFunction(M, WarpDeferredExitName);
  if (!Exit) {
    Exit = LLVMAddFunction(M, WarpDeferredExitName, Type);
    const char *const Attributes[] = {"noreturn", "nounwind"};
    for (unsigned I = 0; I < 2; ++I)
      LLVMAddAttributeAtIndex(
          Exit, LLVMAttributeFunctionIndex,
          LLVMCreateEnumAttribute(
              L->Ctx,
              LLVMGetEnumAttributeKindForName(Attributes[I],
                                              strlen(Attributes[I])),
              0));
  }
  LLVMBuildCall2(L->B, Type, Exit, NULL, 0, "");
  LLVMBuildUnreachable(L->B);
}

bool ptxLowerExit(PtxLowering *L) {
  if (L->Checking)
    return true;
  LLVMValueRef F = LLVMGetBasicBlockParent(LLVMGetInstructionParent(L->Call));
  LLVMBasicBlockRef Tail = LLVMGetInstructionParent(L->Call);
  LLVMBasicBlockRef Head = warpSplitBlockBefore(L->Call, "ptx.after.exit");
  LLVMPositionBuilderAtEnd(L->B, Head);
  if (L->Guard) {
    LLVMBasicBlockRef Exit =
        LLVMInsertBasicBlockInContext(L->Ctx, Tail, "ptx.exit");
    LLVMBuildCondBr(L->B, L->Guard, Exit, Tail);
    LLVMPositionBuilderAtEnd(L->B, Exit);
  }
  if (warpIsKernel(F))
    LLVMBuildRetVoid(L->B);
  else
    buildDeferredExit(L);
  LLVMPositionBuilderBefore(L->B, L->Call);
  return true;
}
