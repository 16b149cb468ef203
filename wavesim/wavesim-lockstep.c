/*===- wavesim-lockstep.c - Shared memory in lockstep, as a wave runs it ---===*
 *
 * On an AMD GPU the lanes of a wave execute each instruction together: a
 * store to shared memory by one lane is seen by every lane's next load,
 * with no barrier between. Warp-synchronous CUDA code relies on it (the
 * volatile shared-memory scans and reductions, a lane reading what the
 * other lanes of its warp just wrote, transposes through shared memory
 * within a warp). wavesim runs each lane on a fiber of its own that only
 * meets the others at cross-lane sites; this pass adds such a site, a
 * llvm.amdgcn.wave.barrier (which wavesim runs as "every lane of the wave
 * that can still get here arrives, then they go on together", with the
 * hardware's reconvergence), wherever the order of two shared-memory
 * accesses of different lanes could be observed:
 *
 *   before an access to shared memory (address space 3, or a flat pointer,
 *   which may point there) that follows, on some path with no barrier
 *   (s.barrier, wave.barrier or a site added here) between, a store to
 *   shared memory, or that is itself a store following a load.
 *
 * Loads that follow only loads (a tiled loop reading what a __syncthreads
 * published) get no site, so the usual kernels run as fast as before. A
 * call to a function that is not an intrinsic may access shared memory:
 * after it, the next access gets a site; a function other than a kernel
 * starts as if it had accessed both. Atomics count as loads and stores.
 * Global memory is not ordered this way: between barriers, a lane does not
 * see another lane's global stores in hardware order.
 *
 * The memory intrinsics count too: llvm.memcpy and llvm.memmove load their
 * source and store their destination, llvm.memset stores. A copy of a
 * fixed size from shared memory to shared memory (what clang emits for a
 * struct assignment, `colors[xrefs[i]] = colors[i]` of a float3 in
 * HeCBench's dxtc2) is one call that a lane runs whole, so lanes running
 * one after another would each read what the lanes before them wrote; on
 * the GPU every lane of the wave loads before any stores. Such a copy is
 * split first into a copy to a private temporary and one from it, and the
 * rule above puts a meeting point between them. (A copy of a size known
 * only at run time is left whole: it gets a meeting point before it.)
 *
 * For the tests only, WAVESIM_PLANT_BUG=no-lockstep in the environment
 * leaves the module as it is (lit-tests/machine-code/warp-synchronous.test
 * shows that wavesim then disagrees with the machine code), and
 * WAVESIM_PLANT_BUG=whole-shared-copies leaves shared-to-shared copies
 * whole (lit-tests/shared-struct-copies shows the wrong values then).
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim-lockstep.h"

#include "wavesim-ir.h"

#include <llvm-c/Core.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { FlatAddressSpace = 0, SharedAddressSpace = 3 };

/* What happened to shared memory since the last point where the lanes of
 * the wave last met. */
enum { SawLoad = 1, SawStore = 2 };

static const char *calleeName(LLVMValueRef Call) {
  LLVMValueRef Callee = LLVMGetCalledValue(Call);
  if (!Callee || !LLVMIsAFunction(Callee))
    return NULL;
  size_t Length;
  return LLVMGetValueName2(Callee, &Length);
}

static bool isWaveMeetingPoint(LLVMValueRef I) {
  if (!LLVMIsACallInst(I))
    return false;
  const char *Name = calleeName(I);
  return Name && (!strcmp(Name, "llvm.amdgcn.s.barrier") ||
                  !strcmp(Name, "llvm.amdgcn.wave.barrier"));
}

/* Shared memory, or a flat pointer that may point into it (what a
 * volatile pointer to shared memory stays: LLVM does not narrow volatile
 * accesses to their address space). */
static bool isSharedPointer(LLVMValueRef Pointer) {
  unsigned Space = LLVMGetPointerAddressSpace(LLVMTypeOf(Pointer));
  return Space == SharedAddressSpace || Space == FlatAddressSpace;
}

/* llvm.memcpy and llvm.memmove (and their .inline forms): operand 0 is
 * the destination, 1 the source. */
static bool isMemoryCopy(LLVMValueRef I) {
  if (!LLVMIsACallInst(I))
    return false;
  const char *Name = calleeName(I);
  return Name && (startsWith(Name, "llvm.memcpy.") ||
                  startsWith(Name, "llvm.memmove."));
}

static bool isMemorySet(LLVMValueRef I) {
  if (!LLVMIsACallInst(I))
    return false;
  const char *Name = calleeName(I);
  return Name && startsWith(Name, "llvm.memset.");
}

/* SawLoad and/or SawStore for a shared-memory access, else 0. */
static unsigned sharedAccessKind(LLVMValueRef I) {
  if (isMemoryCopy(I))
    return (isSharedPointer(LLVMGetOperand(I, 0)) ? SawStore : 0) |
           (isSharedPointer(LLVMGetOperand(I, 1)) ? SawLoad : 0);
  if (isMemorySet(I))
    return isSharedPointer(LLVMGetOperand(I, 0)) ? SawStore : 0;
  if (LLVMIsALoadInst(I))
    return isSharedPointer(LLVMGetOperand(I, 0)) ? SawLoad : 0;
  if (LLVMIsAStoreInst(I))
    return isSharedPointer(LLVMGetOperand(I, 1)) ? SawStore : 0;
  if (LLVMIsAAtomicRMWInst(I) || LLVMIsAAtomicCmpXchgInst(I))
    return isSharedPointer(LLVMGetOperand(I, 0)) ? SawLoad | SawStore : 0;
  return 0;
}

/* A call that may touch shared memory behind the caller's back. */
static bool isOpaqueCall(LLVMValueRef I) {
  if (!LLVMIsACallInst(I) && !LLVMIsAInvokeInst(I))
    return false;
  LLVMValueRef Callee = LLVMGetCalledValue(I);
  if (LLVMIsAInlineAsm(Callee))
    return false;
  return !LLVMIsAFunction(Callee) || !LLVMGetIntrinsicID(Callee);
}

static bool needsMeeting(unsigned State, unsigned Access) {
  return (Access & SawStore) ? State != 0 : (State & SawStore) != 0;
}

/* The state after I, given the state before it; Meet says whether a
 * meeting point goes before I. */
static unsigned transfer(LLVMValueRef I, unsigned State, bool *Meet) {
  *Meet = false;
  if (isWaveMeetingPoint(I))
    return 0;
  unsigned Access = sharedAccessKind(I);
  if (Access) {
    if (needsMeeting(State, Access)) {
      *Meet = true;
      State = 0;
    }
    return State | Access;
  }
  return isOpaqueCall(I) ? SawLoad | SawStore : State;
}

static unsigned blockIndexOf(LLVMBasicBlockRef *Blocks, unsigned N,
                             LLVMBasicBlockRef BB) {
  for (unsigned I = 0; I < N; ++I)
    if (Blocks[I] == BB)
      return I;
  return 0;
}

static unsigned runBlock(LLVMBasicBlockRef BB, unsigned State) {
  bool Meet;
  for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
       I = LLVMGetNextInstruction(I))
    State = transfer(I, State, &Meet);
  return State;
}

static bool functionAccessesShared(LLVMValueRef F) {
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      if (sharedAccessKind(I))
        return true;
  return false;
}

/* A copy that may read and write shared memory, of a size known here. */
static bool isSplittableSharedCopy(LLVMValueRef I) {
  return isMemoryCopy(I) && isSharedPointer(LLVMGetOperand(I, 0)) &&
         isSharedPointer(LLVMGetOperand(I, 1)) &&
         LLVMIsAConstantInt(LLVMGetOperand(I, 2));
}

/* A call of Copy's intrinsic (memcpy or memmove, overloaded on its
 * pointer types) with Copy's size and volatility, from Source to
 * Destination. */
static void buildCopy(LLVMModuleRef M, LLVMBuilderRef B, LLVMValueRef Copy,
                      LLVMValueRef Destination, LLVMValueRef Source) {
  LLVMTypeRef Types[3] = {LLVMTypeOf(Destination), LLVMTypeOf(Source),
                          LLVMTypeOf(LLVMGetOperand(Copy, 2))};
  LLVMValueRef Intrinsic = LLVMGetIntrinsicDeclaration(
      M, LLVMGetIntrinsicID(LLVMGetCalledValue(Copy)), Types, 3);
  LLVMValueRef Args[4] = {Destination, Source, LLVMGetOperand(Copy, 2),
                          LLVMGetOperand(Copy, 3)};
  LLVMBuildCall2(B, LLVMGlobalGetValueType(Intrinsic), Intrinsic, Args, 4, "");
}

/* Copy (shared to shared, N bytes) becomes a copy to a private [N x i8]
 * and one from it: every lane's load, then every lane's store. */
static void splitSharedCopy(LLVMValueRef F, LLVMBuilderRef B,
                            LLVMValueRef Copy) {
  LLVMModuleRef M = LLVMGetGlobalParent(F);
  unsigned long long Bytes = LLVMConstIntGetZExtValue(LLVMGetOperand(Copy, 2));
  LLVMBasicBlockRef Entry = LLVMGetEntryBasicBlock(F);
  LLVMPositionBuilderBefore(B, LLVMGetFirstInstruction(Entry));
  LLVMTypeRef Bytes8 =
      LLVMArrayType2(LLVMInt8TypeInContext(LLVMGetModuleContext(M)), Bytes);
  LLVMValueRef Temporary = LLVMBuildAlloca(B, Bytes8, "lockstep.copy");
  LLVMSetAlignment(Temporary, 16);
  LLVMPositionBuilderBefore(B, Copy);
  buildCopy(M, B, Copy, Temporary, LLVMGetOperand(Copy, 1));
  buildCopy(M, B, Copy, LLVMGetOperand(Copy, 0), Temporary);
  LLVMInstructionEraseFromParent(Copy);
}

static void splitSharedCopies(LLVMValueRef F, LLVMBuilderRef B) {
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;) {
      LLVMValueRef Next = LLVMGetNextInstruction(I);
      if (isSplittableSharedCopy(I))
        splitSharedCopy(F, B, I);
      I = Next;
    }
}

static unsigned insertInFunction(LLVMValueRef F, LLVMBuilderRef B,
                                 LLVMValueRef WaveBarrier,
                                 LLVMTypeRef WaveBarrierType) {
  unsigned N = LLVMCountBasicBlocks(F);
  LLVMBasicBlockRef *Blocks = malloc(N * sizeof(LLVMBasicBlockRef));
  unsigned *In = calloc(N, sizeof(unsigned));
  LLVMGetBasicBlocks(F, Blocks);
  /* Entry: a kernel starts with nothing done; another function may be
   * called right after its caller's accesses. */
  In[0] = LLVMGetFunctionCallConv(F) == LLVMAMDGPUKERNELCallConv
              ? 0
              : SawLoad | SawStore;
  /* The states only grow (two bits a block): iterate to the fixpoint. */
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned I = 0; I < N; ++I) {
      unsigned Out = runBlock(Blocks[I], In[I]);
      LLVMValueRef Term = LLVMGetBasicBlockTerminator(Blocks[I]);
      unsigned NumSucc = Term ? LLVMGetNumSuccessors(Term) : 0;
      for (unsigned S = 0; S < NumSucc; ++S) {
        unsigned J = blockIndexOf(Blocks, N, LLVMGetSuccessor(Term, S));
        if ((In[J] | Out) != In[J]) {
          In[J] |= Out;
          Changed = true;
        }
      }
    }
  }
  unsigned Inserted = 0;
  for (unsigned I = 0; I < N; ++I) {
    unsigned State = In[I];
    for (LLVMValueRef Inst = LLVMGetFirstInstruction(Blocks[I]); Inst;
         Inst = LLVMGetNextInstruction(Inst)) {
      bool Meet;
      State = transfer(Inst, State, &Meet);
      if (!Meet)
        continue;
      LLVMPositionBuilderBefore(B, Inst);
      LLVMBuildCall2(B, WaveBarrierType, WaveBarrier, NULL, 0, "");
      ++Inserted;
    }
  }
  free(In);
  free(Blocks);
  return Inserted;
}

unsigned wavesimInsertLockstepPoints(LLVMModuleRef M) {
  const char *Planted = getenv("WAVESIM_PLANT_BUG");
  if (Planted && !strcmp(Planted, "no-lockstep"))
    return 0;
  bool SplitCopies = !Planted || strcmp(Planted, "whole-shared-copies");
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMTypeRef Type = LLVMFunctionType(LLVMVoidTypeInContext(Ctx), NULL, 0, 0);
  LLVMValueRef WaveBarrier = NULL;
  LLVMBuilderRef B = LLVMCreateBuilderInContext(Ctx);
  unsigned Inserted = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (LLVMIsDeclaration(F) || !functionAccessesShared(F))
      continue;
    if (!WaveBarrier) {
      WaveBarrier = LLVMGetNamedFunction(M, "llvm.amdgcn.wave.barrier");
      if (!WaveBarrier)
        WaveBarrier = LLVMAddFunction(M, "llvm.amdgcn.wave.barrier", Type);
    }
    if (SplitCopies)
      splitSharedCopies(F, B);
    Inserted += insertInFunction(F, B, WaveBarrier, Type);
  }
  LLVMDisposeBuilder(B);
  return Inserted;
}
