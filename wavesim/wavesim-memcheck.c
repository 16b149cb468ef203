/*===- wavesim-memcheck.c - Every memory access of a kernel checked -------===*
 *
 * On a GPU a kernel that stores outside its memory faults, and the launch
 * fails with cudaErrorIllegalAddress; on the host the same store would
 * corrupt the runtime's memory or kill the process. So every load, store,
 * atomic and llvm.memcpy/memmove/memset of the rewritten module is checked
 * before it runs against what a lane may touch:
 *
 *   - the runtime's allocations (device, managed, pinned and registered
 *     host memory: wavesimAddRange), to the byte, so that a store in the
 *     slack a page-rounded allocation leaves is caught too;
 *   - the module's own globals (__device__, __constant__, string
 *     literals), which the rewrite lists in @__wavesim_globals;
 *   - the block's shared memory: each static shared variable whole, the
 *     extern (dynamic) array only for the bytes this launch gives it; an
 *     access through an address-space-3 pointer must land there;
 *   - the lane's own stack (private memory, through any pointer), the
 *     dispatch packet, the implicit kernel arguments and the kernel's byref
 *     arguments.
 *
 * The check is inline and cheap: each function keeps, per underlying base
 * pointer (the object its accesses are offsets of), a slot holding the
 * last valid range found for it, and an access within that range goes on
 * after three compares; otherwise __wavesim_check looks the address up in
 * the tables and refills the slot, or fails the launch with
 * WaveSimIllegalAddress (WaveSimIllegalSharedAddress through a shared
 * pointer), naming kernel, block, thread, the access, the address, where
 * it lies and the source line (the access's !dbg location, which cucc
 * keeps with -lineinfo or -g). Accesses at constant offsets inside an
 * alloca or a global need no check. CUCC_WAVESIM_MEMCHECK=0 turns the
 * instrumentation off (faults then still end the launch, through the
 * SIGSEGV handler of wavesim-faults.c, where the host's mapping faults).
 *
 * Integer division: x86 raises SIGFPE for a division by zero and for
 * INT_MIN / -1, an AMD GPU does not. The AMDGPU backend's expansion (run as
 * gfx942 and gfx1100 machine code on tgemu:
 * lit-tests/wavesim-faults/divide-by-zero.test) gives, in 32 and 64 bits,
 *   udiv(a, 0) = a == 0 ? 2 : a + 1      urem(a, 0) = a
 *   sdiv(a, 0) = the same on |a|, with a's sign      srem(a, 0) = a
 *   sdiv(MIN, -1) = MIN                  srem(MIN, -1) = 0
 * and each division of the module computes that with selects around a
 * divisor made safe.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-memcheck.h"

#include "wavesim-faults.h"
#include "wavesim-internal.h"

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-- The table of valid memory -----------------------------------------===*/

typedef enum { RangeAllocation, RangeGlobal, RangeStack, RangeGuard } RangeKind;

typedef struct {
  uintptr_t Begin, End;
  RangeKind Kind;
} MemRange;

static pthread_rwlock_t TableLock = PTHREAD_RWLOCK_INITIALIZER;
static MemRange *Table; /* sorted by Begin */
static size_t TableCount, TableCapacity;

/* The index of the first range beginning after Address. */
static size_t upperBound(uintptr_t Address) {
  size_t Low = 0, High = TableCount;
  while (Low < High) {
    size_t Mid = (Low + High) / 2;
    if (Table[Mid].Begin <= Address)
      Low = Mid + 1;
    else
      High = Mid;
  }
  return Low;
}

static void addRange(uintptr_t Begin, uintptr_t End, RangeKind Kind) {
  pthread_rwlock_wrlock(&TableLock);
  if (TableCount == TableCapacity) {
    TableCapacity = TableCapacity ? 2 * TableCapacity : 256;
    Table = realloc(Table, TableCapacity * sizeof(MemRange));
  }
  size_t At = upperBound(Begin);
  memmove(&Table[At + 1], &Table[At], (TableCount - At) * sizeof(MemRange));
  Table[At] = (MemRange){Begin, End, Kind};
  ++TableCount;
  pthread_rwlock_unlock(&TableLock);
}

/* Bumped by every removal: a thread's LastFound stays valid until then. */
static atomic_uint TableGeneration;
static _Thread_local MemRange LastFound;
static _Thread_local unsigned LastFoundGeneration;

static void removeRange(uintptr_t Begin, RangeKind Kind) {
  pthread_rwlock_wrlock(&TableLock);
  atomic_fetch_add(&TableGeneration, 1);
  for (size_t I = upperBound(Begin); I-- > 0 && Table[I].Begin == Begin;)
    if (Table[I].Kind == Kind) {
      memmove(&Table[I], &Table[I + 1],
              (TableCount - I - 1) * sizeof(MemRange));
      --TableCount;
      break;
    }
  pthread_rwlock_unlock(&TableLock);
}

/* The range holding [Begin, End) whole, if one does (ranges registered
 * twice, a registered host range inside another, may overlap: the few
 * before the candidate are looked at too). */
static bool findRange(uintptr_t Begin, uintptr_t End, MemRange *Found) {
  enum { OverlapsLookedAt = 8 };
  bool Hit = false;
  pthread_rwlock_rdlock(&TableLock);
  size_t I = upperBound(Begin);
  for (unsigned Seen = 0; I-- > 0 && Seen < OverlapsLookedAt && !Hit; ++Seen)
    if (Table[I].Begin <= Begin && End <= Table[I].End && Begin < End) {
      *Found = Table[I];
      Hit = true;
    }
  pthread_rwlock_unlock(&TableLock);
  return Hit;
}

/* The allocations or globals nearest below and above Address. */
static void findNeighbours(uintptr_t Address, MemRange *Below,
                           MemRange *Above) {
  Below->End = Above->End = 0;
  pthread_rwlock_rdlock(&TableLock);
  size_t At = upperBound(Address);
  for (size_t I = At; I-- > 0;)
    if (Table[I].Kind == RangeAllocation || Table[I].Kind == RangeGlobal) {
      *Below = Table[I];
      break;
    }
  for (size_t I = At; I < TableCount; ++I)
    if (Table[I].Kind == RangeAllocation || Table[I].Kind == RangeGlobal) {
      *Above = Table[I];
      break;
    }
  pthread_rwlock_unlock(&TableLock);
}

void wavesimAddRange(const void *Base, size_t Bytes) {
  addRange((uintptr_t)Base, (uintptr_t)Base + Bytes, RangeAllocation);
}

void wavesimRemoveRange(const void *Base) {
  removeRange((uintptr_t)Base, RangeAllocation);
}

void wavesimMemcheckAddStack(void *Mapping) {
  uintptr_t Base = (uintptr_t)Mapping;
  addRange(Base, Base + GuardBytes, RangeGuard);
  addRange(Base + GuardBytes, Base + GuardBytes + LaneStackBytes, RangeStack);
}

void wavesimMemcheckRemoveStack(void *Mapping) {
  uintptr_t Base = (uintptr_t)Mapping;
  removeRange(Base, RangeGuard);
  removeRange(Base + GuardBytes, RangeStack);
}

MemStackPart wavesimMemcheckStackPart(uintptr_t Address, uintptr_t *Mapping) {
  MemRange Found;
  if (!findRange(Address, Address + 1, &Found) ||
      (Found.Kind != RangeStack && Found.Kind != RangeGuard))
    return MemNotLaneStack;
  *Mapping = Found.Kind == RangeGuard ? Found.Begin : Found.Begin - GuardBytes;
  return Found.Kind == RangeGuard ? MemLaneGuard : MemLaneStack;
}

/*===-- What the rewrite records ------------------------------------------===*/

typedef enum {
  AccessLoad,
  AccessStore,
  AccessAtomic,
  AccessCopyFrom,
  AccessCopyTo,
  AccessFill
} AccessKind;

enum { FlatSpace = 0, SharedSpace = 3, PrivateSpace = 5 };

typedef struct {
  AccessKind Kind;
  unsigned AddressSpace;
  char Location[160]; /* "file.cu:12:7", or "" without line tables */
} AccessSite;

typedef struct {
  unsigned Count;
  unsigned *Params;
  uint64_t *Bytes;
} ByRefParams;

struct MemcheckModule {
  bool Instrumented;
  AccessSite *Sites;
  unsigned NumSites;
  unsigned NumGlobals;     /* entries of @__wavesim_globals */
  uintptr_t *GlobalBegins; /* those registered in the table */
  ByRefParams *ByRef;      /* by kernel */
  char **DisplayNames;     /* by kernel */
};

static MemcheckModule *moduleOf(WaveSim *S) {
  if (!S->Memcheck)
    S->Memcheck = calloc(1, sizeof(MemcheckModule));
  return S->Memcheck;
}

bool wavesimMemcheckEnabled(void) {
  const char *Value = getenv("CUCC_WAVESIM_MEMCHECK");
  return Value && strcmp(Value, "0") != 0;
}

static const char *nameOf(LLVMValueRef V) {
  size_t Length;
  return LLVMGetValueName2(V, &Length);
}

static bool startsWith(const char *S, const char *Prefix) {
  return !strncmp(S, Prefix, strlen(Prefix));
}

/*===-- Division as the AMDGPU backend computes it ------------------------===*/

/* For the tests only: WAVESIM_PLANT_BUG=division-by-zero-is-zero makes
 * every division and remainder by zero 0, a plausible model that is not
 * AMD's (lit-tests/wavesim-faults/divide-by-zero.test shows it fails). */
static _Thread_local bool ZeroQuotientBug;

static bool isDivision(LLVMOpcode Op) {
  return Op == LLVMSDiv || Op == LLVMUDiv || Op == LLVMSRem || Op == LLVMURem;
}

/* A divisor that can be neither 0 nor (for a signed division) -1. */
static bool isHarmlessDivisor(LLVMValueRef Divisor, bool Signed) {
  if (!LLVMIsAConstantInt(Divisor))
    return false;
  long long Value = LLVMConstIntGetSExtValue(Divisor);
  return Value != 0 && !(Signed && Value == -1);
}

/* a == 0 ? 2 : a + 1, what udiv(a, 0) gives. */
static LLVMValueRef unsignedQuotientByZero(LLVMBuilderRef B, LLVMValueRef A) {
  LLVMTypeRef T = LLVMTypeOf(A);
  LLVMValueRef IsZero = LLVMBuildICmp(B, LLVMIntEQ, A, LLVMConstNull(T), "");
  LLVMValueRef Next = LLVMBuildAdd(B, A, LLVMConstInt(T, 1, 0), "");
  return LLVMBuildSelect(B, IsZero, LLVMConstInt(T, 2, 0), Next, "");
}

static void divideAsAMD(LLVMBuilderRef B, LLVMValueRef I) {
  LLVMOpcode Op = LLVMGetInstructionOpcode(I);
  bool Signed = Op == LLVMSDiv || Op == LLVMSRem;
  bool Remainder = Op == LLVMSRem || Op == LLVMURem;
  LLVMValueRef A = LLVMGetOperand(I, 0), D = LLVMGetOperand(I, 1);
  LLVMTypeRef T = LLVMTypeOf(A);
  LLVMPositionBuilderBefore(B, I);
  LLVMValueRef Zero = LLVMConstNull(T);
  LLVMValueRef ByZero = LLVMBuildICmp(B, LLVMIntEQ, D, Zero, "");
  LLVMValueRef Unsafe = ByZero;
  if (Signed) {
    unsigned Bits = LLVMGetIntTypeWidth(T);
    LLVMValueRef Min = LLVMBuildShl(B, LLVMConstInt(T, 1, 0),
                                    LLVMConstInt(T, Bits - 1, 0), "");
    LLVMValueRef IsMin = LLVMBuildICmp(B, LLVMIntEQ, A, Min, "");
    LLVMValueRef ByMinusOne =
        LLVMBuildICmp(B, LLVMIntEQ, D, LLVMConstAllOnes(T), "");
    Unsafe = LLVMBuildOr(B, ByZero, LLVMBuildAnd(B, IsMin, ByMinusOne, ""), "");
  }
  /* MIN / 1 and MIN % 1 are what MIN / -1 and MIN % -1 give on AMD. */
  LLVMValueRef Safe = LLVMBuildSelect(B, Unsafe, LLVMConstInt(T, 1, 0), D, "");
  LLVMValueRef Result = LLVMBuildBinOp(B, Op, A, Safe, "");
  LLVMValueRef IfZero = A; /* the remainders */
  if (!Remainder && !Signed)
    IfZero = unsignedQuotientByZero(B, A);
  if (!Remainder && Signed) {
    LLVMValueRef Negative = LLVMBuildICmp(B, LLVMIntSLT, A, Zero, "");
    LLVMValueRef Magnitude =
        LLVMBuildSelect(B, Negative, LLVMBuildNeg(B, A, ""), A, "");
    LLVMValueRef Quotient = unsignedQuotientByZero(B, Magnitude);
    IfZero = LLVMBuildSelect(B, Negative, LLVMBuildNeg(B, Quotient, ""),
                             Quotient, "");
  }
  if (ZeroQuotientBug)
    IfZero = Zero;
  Result = LLVMBuildSelect(B, ByZero, IfZero, Result, "");
  LLVMReplaceAllUsesWith(I, Result);
  LLVMInstructionEraseFromParent(I);
}

void wavesimDivideAsAMD(LLVMModuleRef M, LLVMBuilderRef B) {
  const char *Bug = getenv("WAVESIM_PLANT_BUG");
  ZeroQuotientBug = Bug && !strcmp(Bug, "division-by-zero-is-zero");
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;) {
        LLVMValueRef Next = LLVMGetNextInstruction(I);
        LLVMOpcode Op = LLVMGetInstructionOpcode(I);
        if (isDivision(Op) &&
            LLVMGetTypeKind(LLVMTypeOf(I)) == LLVMIntegerTypeKind &&
            !isHarmlessDivisor(LLVMGetOperand(I, 1),
                               Op == LLVMSDiv || Op == LLVMSRem))
          divideAsAMD(B, I);
        I = Next;
      }
}

/*===-- Instrumenting the accesses ----------------------------------------===*/

typedef struct {
  LLVMContextRef Ctx;
  LLVMTargetDataRef TD;
  LLVMBuilderRef B;
  LLVMTypeRef I32, I64, Ptr, SlotType;
  LLVMValueRef Check; /* the inline fast path, a function always inlined */
  MemcheckModule *MC;
  /* Per function: the slots, one per underlying base pointer. */
  LLVMValueRef *Bases, *Slots;
  unsigned NumSlots, SlotCapacity;
  LLVMValueRef SlotInsertPoint;
} Instrumenter;

static bool isGEP(LLVMValueRef V) {
  return LLVMIsAGetElementPtrInst(V) ||
         (LLVMIsAConstantExpr(V) && LLVMGetConstOpcode(V) == LLVMGetElementPtr);
}

static bool isPointerCast(LLVMValueRef V) {
  if (LLVMIsAAddrSpaceCastInst(V) || LLVMIsABitCastInst(V))
    return true;
  if (!LLVMIsAConstantExpr(V))
    return false;
  LLVMOpcode Op = LLVMGetConstOpcode(V);
  return Op == LLVMAddrSpaceCast || Op == LLVMBitCast;
}

/* Adds the constant offset of GEP to *Offset; false if an index varies. */
static bool addConstantOffset(LLVMTargetDataRef TD, LLVMValueRef GEP,
                              int64_t *Offset) {
  LLVMTypeRef T = LLVMGetGEPSourceElementType(GEP);
  unsigned N = (unsigned)LLVMGetNumOperands(GEP);
  for (unsigned I = 1; I < N; ++I) {
    LLVMValueRef Index = LLVMGetOperand(GEP, I);
    if (!LLVMIsAConstantInt(Index))
      return false;
    int64_t Value = LLVMConstIntGetSExtValue(Index);
    if (I == 1) {
      *Offset += Value * (int64_t)LLVMABISizeOfType(TD, T);
      continue;
    }
    if (LLVMGetTypeKind(T) == LLVMStructTypeKind) {
      *Offset += (int64_t)LLVMOffsetOfElement(TD, T, (unsigned)Value);
      T = LLVMStructGetTypeAtIndex(T, (unsigned)Value);
      continue;
    }
    T = LLVMGetElementType(T);
    *Offset += Value * (int64_t)LLVMABISizeOfType(TD, T);
  }
  return true;
}

/* The object Pointer is an offset of (through GEPs and casts), and whether
 * that offset is a known constant. */
static LLVMValueRef underlyingBase(LLVMTargetDataRef TD, LLVMValueRef Pointer,
                                   int64_t *Offset, bool *Constant) {
  *Offset = 0;
  *Constant = true;
  for (;;) {
    if (isGEP(Pointer)) {
      if (*Constant && !addConstantOffset(TD, Pointer, Offset))
        *Constant = false;
      Pointer = LLVMGetOperand(Pointer, 0);
    } else if (isPointerCast(Pointer)) {
      Pointer = LLVMGetOperand(Pointer, 0);
    } else {
      return Pointer;
    }
  }
}

/* The module is instrumented before its shared globals are placed behind
 * the block's base (wavesim-shared.c); the extern (dynamic) ones, still
 * declarations, may be smaller than their type. */
static bool isDynamicShared(const MemcheckModule *MC, LLVMValueRef G) {
  (void)MC;
  return LLVMGetPointerAddressSpace(LLVMTypeOf(G)) == SharedSpace &&
         LLVMIsDeclaration(G);
}

/* An access that cannot go wrong: at a constant offset inside an alloca
 * (of a constant count) or a global of a known size. */
static bool provablyInBounds(const Instrumenter *In, LLVMValueRef Base,
                             int64_t Offset, uint64_t Bytes) {
  uint64_t Size;
  if (LLVMIsAAllocaInst(Base)) {
    LLVMValueRef Count = LLVMGetOperand(Base, 0);
    if (!LLVMIsAConstantInt(Count))
      return false;
    Size = LLVMABISizeOfType(In->TD, LLVMGetAllocatedType(Base)) *
           LLVMConstIntGetZExtValue(Count);
  } else if (LLVMIsAGlobalVariable(Base) && !isDynamicShared(In->MC, Base)) {
    Size = LLVMABISizeOfType(In->TD, LLVMGlobalGetValueType(Base));
  } else {
    return false;
  }
  return Offset >= 0 && Bytes && (uint64_t)Offset + Bytes <= Size;
}

static LLVMValueRef slotFor(Instrumenter *In, LLVMValueRef Base) {
  for (unsigned I = 0; I < In->NumSlots; ++I)
    if (In->Bases[I] == Base)
      return In->Slots[I];
  if (In->NumSlots == In->SlotCapacity) {
    In->SlotCapacity = In->SlotCapacity ? 2 * In->SlotCapacity : 16;
    In->Bases = realloc(In->Bases, In->SlotCapacity * sizeof(LLVMValueRef));
    In->Slots = realloc(In->Slots, In->SlotCapacity * sizeof(LLVMValueRef));
  }
  /* In the entry block, [-1, 0): empty, so the first access looks up. */
  LLVMBuilderRef Entry = LLVMCreateBuilderInContext(In->Ctx);
  LLVMPositionBuilderBefore(Entry, In->SlotInsertPoint);
  LLVMValueRef Slot = LLVMBuildAlloca(Entry, In->SlotType, "memcheck.slot");
  LLVMValueRef Empty[2] = {LLVMConstAllOnes(In->I64), LLVMConstNull(In->I64)};
  LLVMBuildStore(Entry, LLVMConstArray2(In->I64, Empty, 2), Slot);
  LLVMDisposeBuilder(Entry);
  In->Bases[In->NumSlots] = Base;
  In->Slots[In->NumSlots++] = Slot;
  return Slot;
}

static int formatLocation(LLVMMetadataRef Location, char *Out, size_t Size) {
  unsigned Line = LLVMDILocationGetLine(Location);
  unsigned Column = LLVMDILocationGetColumn(Location);
  LLVMMetadataRef Scope = LLVMDILocationGetScope(Location);
  LLVMMetadataRef File = Scope ? LLVMDIScopeGetFile(Scope) : NULL;
  unsigned Length = 0;
  const char *Name = File ? LLVMDIFileGetFilename(File, &Length) : "";
  if (Column)
    return snprintf(Out, Size, "%.*s:%u:%u", (int)Length, Name, Line, Column);
  return snprintf(Out, Size, "%.*s:%u", (int)Length, Name, Line);
}

/* "file.cu:12:7", the source line of the kernel or function the access
 * was inlined into first, then where the inlined code came from. */
static void describeLocation(LLVMValueRef I, char *Out, size_t Size) {
  Out[0] = 0;
  LLVMMetadataRef Inner = LLVMInstructionGetDebugLoc(I);
  if (!Inner)
    return;
  LLVMMetadataRef Outer = Inner;
  while (LLVMDILocationGetInlinedAt(Outer))
    Outer = LLVMDILocationGetInlinedAt(Outer);
  int Used = formatLocation(Outer, Out, Size);
  if (Outer == Inner || Used < 0 || (size_t)Used + 16 >= Size)
    return;
  Used += snprintf(Out + Used, Size - (size_t)Used, ", inlined from ");
  formatLocation(Inner, Out + Used, Size - (size_t)Used);
}

static unsigned addSite(MemcheckModule *MC, LLVMValueRef I, AccessKind Kind,
                        unsigned AddressSpace) {
  MC->Sites = realloc(MC->Sites, (MC->NumSites + 1) * sizeof(AccessSite));
  AccessSite *Site = &MC->Sites[MC->NumSites];
  Site->Kind = Kind;
  Site->AddressSpace = AddressSpace;
  describeLocation(I, Site->Location, sizeof(Site->Location));
  return MC->NumSites++;
}

/* Before I: the check that [Pointer, Pointer + Bytes) may be accessed. */
static void checkAccess(Instrumenter *In, LLVMValueRef I, LLVMValueRef Pointer,
                        LLVMValueRef Bytes, AccessKind Kind) {
  int64_t Offset;
  bool Constant;
  LLVMValueRef Base = underlyingBase(In->TD, Pointer, &Offset, &Constant);
  if (LLVMIsAConstantInt(Bytes) &&
      (LLVMConstIntGetZExtValue(Bytes) == 0 ||
       (Constant &&
        provablyInBounds(In, Base, Offset, LLVMConstIntGetZExtValue(Bytes)))))
    return;
  unsigned Space = LLVMGetPointerAddressSpace(LLVMTypeOf(Pointer));
  unsigned Site = addSite(In->MC, I, Kind, Space);
  LLVMValueRef Slot = slotFor(In, Base);
  LLVMPositionBuilderBefore(In->B, I);
  LLVMValueRef Args[4] = {LLVMBuildPtrToInt(In->B, Pointer, In->I64, ""),
                          LLVMBuildZExtOrBitCast(In->B, Bytes, In->I64, ""),
                          LLVMConstInt(In->I32, Site, 0), Slot};
  LLVMValueRef Call = LLVMBuildCall2(In->B, LLVMGlobalGetValueType(In->Check),
                                     In->Check, Args, 4, "");
  LLVMInstructionSetDebugLoc(Call, LLVMInstructionGetDebugLoc(I));
}

static LLVMValueRef constBytes(Instrumenter *In, LLVMTypeRef T) {
  return LLVMConstInt(In->I64, LLVMStoreSizeOfType(In->TD, T), 0);
}

static const char *calleeName(LLVMValueRef Call) {
  LLVMValueRef Callee = LLVMGetCalledValue(Call);
  return Callee && LLVMIsAFunction(Callee) ? nameOf(Callee) : "";
}

static void instrumentInstruction(Instrumenter *In, LLVMValueRef I) {
  if (LLVMIsALoadInst(I)) {
    checkAccess(In, I, LLVMGetOperand(I, 0), constBytes(In, LLVMTypeOf(I)),
                AccessLoad);
  } else if (LLVMIsAStoreInst(I)) {
    LLVMValueRef Value = LLVMGetOperand(I, 0);
    checkAccess(In, I, LLVMGetOperand(I, 1), constBytes(In, LLVMTypeOf(Value)),
                AccessStore);
  } else if (LLVMIsAAtomicRMWInst(I) || LLVMIsAAtomicCmpXchgInst(I)) {
    LLVMValueRef Value = LLVMGetOperand(I, 1);
    checkAccess(In, I, LLVMGetOperand(I, 0), constBytes(In, LLVMTypeOf(Value)),
                AccessAtomic);
  } else if (LLVMIsACallInst(I)) {
    const char *Name = calleeName(I);
    bool Copy =
        startsWith(Name, "llvm.memcpy.") || startsWith(Name, "llvm.memmove.");
    bool Fill = startsWith(Name, "llvm.memset.");
    if (!Copy && !Fill)
      return;
    LLVMValueRef Length = LLVMGetOperand(I, 2);
    checkAccess(In, I, LLVMGetOperand(I, 0), Length,
                Copy ? AccessCopyTo : AccessFill);
    if (Copy)
      checkAccess(In, I, LLVMGetOperand(I, 1), Length, AccessCopyFrom);
  }
}

static void instrumentFunction(Instrumenter *In, LLVMValueRef F) {
  LLVMBasicBlockRef Entry = LLVMGetFirstBasicBlock(F);
  if (!Entry)
    return;
  In->NumSlots = 0;
  In->SlotInsertPoint = LLVMGetFirstInstruction(Entry);
  while (LLVMIsAAllocaInst(In->SlotInsertPoint))
    In->SlotInsertPoint = LLVMGetNextInstruction(In->SlotInsertPoint);
  for (LLVMBasicBlockRef BB = Entry; BB; BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      instrumentInstruction(In, I);
}

/* define internal void @__wavesim_check.inline(i64 %a, i64 %n, i32 %site,
 * ptr %slot) alwaysinline: a, a + n within the slot's [lo, hi) without
 * wrapping, or the call of __wavesim_check. */
static LLVMValueRef buildInlineCheck(Instrumenter *In, LLVMModuleRef M) {
  LLVMTypeRef Params[4] = {In->I64, In->I64, In->I32, In->Ptr};
  LLVMTypeRef Type =
      LLVMFunctionType(LLVMVoidTypeInContext(In->Ctx), Params, 4, 0);
  LLVMValueRef Slow = LLVMAddFunction(M, "__wavesim_check", Type);
  LLVMValueRef F = LLVMAddFunction(M, "__wavesim_check.inline", Type);
  LLVMSetLinkage(F, LLVMInternalLinkage);
  unsigned Always = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  LLVMAddAttributeAtIndex(F, LLVMAttributeFunctionIndex,
                          LLVMCreateEnumAttribute(In->Ctx, Always, 0));
  LLVMBasicBlockRef Entry = LLVMAppendBasicBlockInContext(In->Ctx, F, "");
  LLVMBasicBlockRef Lookup = LLVMAppendBasicBlockInContext(In->Ctx, F, "");
  LLVMBasicBlockRef Done = LLVMAppendBasicBlockInContext(In->Ctx, F, "");
  LLVMBuilderRef B = In->B;
  LLVMPositionBuilderAtEnd(B, Entry);
  LLVMValueRef A = LLVMGetParam(F, 0), N = LLVMGetParam(F, 1);
  LLVMValueRef SlotPtr = LLVMGetParam(F, 3);
  LLVMValueRef HighPtr =
      LLVMBuildGEP2(B, In->I64, SlotPtr,
                    (LLVMValueRef[]){LLVMConstInt(In->I64, 1, 0)}, 1, "");
  LLVMValueRef Low = LLVMBuildLoad2(B, In->I64, SlotPtr, "");
  LLVMValueRef High = LLVMBuildLoad2(B, In->I64, HighPtr, "");
  LLVMValueRef End = LLVMBuildAdd(B, A, N, "");
  LLVMValueRef Ok =
      LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntUGE, A, Low, ""),
                   LLVMBuildAnd(B, LLVMBuildICmp(B, LLVMIntULE, End, High, ""),
                                LLVMBuildICmp(B, LLVMIntUGE, End, A, ""), ""),
                   "");
  LLVMBuildCondBr(B, Ok, Done, Lookup);
  LLVMPositionBuilderAtEnd(B, Lookup);
  LLVMValueRef Args[4] = {A, N, LLVMGetParam(F, 2), SlotPtr};
  LLVMBuildCall2(B, Type, Slow, Args, 4, "");
  LLVMBuildBr(B, Done);
  LLVMPositionBuilderAtEnd(B, Done);
  LLVMBuildRetVoid(B);
  return F;
}

/* @__wavesim_globals: {ptr, i64} for each global the module defines,
 * shared memory aside, so that their addresses enter the table. */
static void listGlobals(Instrumenter *In, LLVMModuleRef M) {
  LLVMTypeRef Fields[2] = {In->Ptr, In->I64};
  LLVMTypeRef Entry = LLVMStructTypeInContext(In->Ctx, Fields, 2, 0);
  unsigned N = 0, Capacity = 16;
  LLVMValueRef *Entries = malloc(Capacity * sizeof(LLVMValueRef));
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G)) {
    if (LLVMIsDeclaration(G) || startsWith(nameOf(G), "llvm.") ||
        LLVMGetPointerAddressSpace(LLVMTypeOf(G)) == SharedSpace)
      continue;
    if (N == Capacity)
      Entries = realloc(Entries, (Capacity *= 2) * sizeof(LLVMValueRef));
    LLVMValueRef Values[2] = {
        LLVMConstAddrSpaceCast(G, In->Ptr),
        LLVMConstInt(In->I64,
                     LLVMABISizeOfType(In->TD, LLVMGlobalGetValueType(G)), 0)};
    Entries[N++] = LLVMConstStructInContext(In->Ctx, Values, 2, 0);
  }
  LLVMTypeRef ArrayType = LLVMArrayType2(Entry, N);
  LLVMValueRef Table = LLVMAddGlobal(M, ArrayType, "__wavesim_globals");
  LLVMSetInitializer(Table, LLVMConstArray2(Entry, Entries, N));
  LLVMSetGlobalConstant(Table, 1);
  In->MC->NumGlobals = N;
  free(Entries);
}

/* The C++ runtime's demangler, where the program has one. */
extern char *__cxa_demangle(const char *Mangled, char *Buffer, size_t *Length,
                            int *Status) __attribute__((weak));

/* Each kernel's byref parameters (a struct passed by value points into
 * the launch's argument block) and its name as the source wrote it. */

static void describeKernels(WaveSim *S, LLVMModuleRef M, LLVMTargetDataRef TD) {
  MemcheckModule *MC = S->Memcheck;
  MC->ByRef = calloc(S->NumKernels ? S->NumKernels : 1, sizeof(ByRefParams));
  MC->DisplayNames = calloc(S->NumKernels ? S->NumKernels : 1, sizeof(char *));
  unsigned ByRefKind = LLVMGetEnumAttributeKindForName("byref", 5);
  for (unsigned K = 0; K < S->NumKernels; ++K) {
    int Status = -1;
    char *Demangled =
        __cxa_demangle ? __cxa_demangle(S->Kernels[K].Name, NULL, NULL, &Status)
                       : NULL;
    MC->DisplayNames[K] =
        Status == 0 && Demangled ? Demangled : strdup(S->Kernels[K].Name);
    if (Status != 0)
      free(Demangled);
    LLVMValueRef F = LLVMGetNamedFunction(M, S->Kernels[K].Name);
    unsigned NumParams = F ? LLVMCountParams(F) : 0;
    ByRefParams *P = &MC->ByRef[K];
    P->Params = calloc(NumParams + 1, sizeof(unsigned));
    P->Bytes = calloc(NumParams + 1, sizeof(uint64_t));
    for (unsigned I = 0; I < NumParams; ++I) {
      LLVMAttributeRef Attr = LLVMGetEnumAttributeAtIndex(F, I + 1, ByRefKind);
      if (!Attr)
        continue;
      P->Params[P->Count] = I;
      P->Bytes[P->Count++] =
          LLVMABISizeOfType(TD, LLVMGetTypeAttributeValue(Attr));
    }
  }
}

/* Every function touches each page of a large frame in turn, so that a
 * lane out of stack faults in its guard page rather than in the mapping
 * below it (another lane's stack). */
static void probeStacks(LLVMModuleRef M) {
  static const char Kind[] = "probe-stack", Value[] = "inline-asm";
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (!LLVMIsDeclaration(F))
      LLVMAddAttributeAtIndex(F, LLVMAttributeFunctionIndex,
                              LLVMCreateStringAttribute(Ctx, Kind,
                                                        sizeof(Kind) - 1, Value,
                                                        sizeof(Value) - 1));
}

void wavesimMemcheckInstrument(WaveSim *S, LLVMModuleRef M, LLVMBuilderRef B) {
  MemcheckModule *MC = moduleOf(S);
  LLVMTargetDataRef TD = LLVMGetModuleDataLayout(M);
  describeKernels(S, M, TD);
  probeStacks(M);
  if (!wavesimMemcheckEnabled())
    return;
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  Instrumenter In = {.Ctx = Ctx, .TD = TD, .B = B, .MC = MC};
  In.I32 = LLVMInt32TypeInContext(Ctx);
  In.I64 = LLVMInt64TypeInContext(Ctx);
  In.Ptr = LLVMPointerTypeInContext(Ctx, 0);
  In.SlotType = LLVMArrayType2(In.I64, 2);
  LLVMValueRef First = LLVMGetFirstFunction(M);
  In.Check = buildInlineCheck(&In, M);
  for (LLVMValueRef F = First; F && F != In.Check; F = LLVMGetNextFunction(F))
    if (!LLVMIsDeclaration(F) && !startsWith(nameOf(F), "__wavesim_check"))
      instrumentFunction(&In, F);
  free(In.Bases);
  free(In.Slots);
  listGlobals(&In, M);
  LLVMPassBuilderOptionsRef Options = LLVMCreatePassBuilderOptions();
  LLVMErrorRef Err = LLVMRunPasses(M, "always-inline", NULL, Options);
  if (Err)
    LLVMConsumeError(Err);
  LLVMDisposePassBuilderOptions(Options);
  MC->Instrumented = true;
}

/*===-- After compilation -------------------------------------------------===*/

bool wavesimMemcheckRegisterGlobals(WaveSim *S, char *Error, size_t ErrorSize) {
  MemcheckModule *MC = S->Memcheck;
  if (!MC || !MC->Instrumented)
    return true;
  LLVMOrcExecutorAddress Address;
  LLVMErrorRef Err = LLVMOrcLLJITLookup(S->JIT, &Address, "__wavesim_globals");
  if (Err) {
    char *Message = LLVMGetErrorMessage(Err);
    wavesimFormatError(Error, ErrorSize, "cannot find the module's globals: %s",
                       Message);
    LLVMDisposeErrorMessage(Message);
    return false;
  }
  const struct {
    uintptr_t Begin;
    uint64_t Bytes;
  } *Globals = (const void *)(uintptr_t)Address;
  MC->GlobalBegins = calloc(MC->NumGlobals + 1, sizeof(uintptr_t));
  for (unsigned I = 0; I < MC->NumGlobals; ++I) {
    MC->GlobalBegins[I] = Globals[I].Begin;
    addRange(Globals[I].Begin, Globals[I].Begin + Globals[I].Bytes,
             RangeGlobal);
  }
  return true;
}

void wavesimMemcheckDispose(WaveSim *S) {
  MemcheckModule *MC = S->Memcheck;
  if (!MC)
    return;
  for (unsigned I = 0; MC->GlobalBegins && I < MC->NumGlobals; ++I)
    removeRange(MC->GlobalBegins[I], RangeGlobal);
  for (unsigned K = 0; MC->ByRef && K < S->NumKernels; ++K) {
    free(MC->ByRef[K].Params);
    free(MC->ByRef[K].Bytes);
    free(MC->DisplayNames[K]);
  }
  free(MC->ByRef);
  free(MC->DisplayNames);
  free(MC->GlobalBegins);
  free(MC->Sites);
  free(MC);
  S->Memcheck = NULL;
}

const char *wavesimKernelDisplayName(const Runner *R) {
  const MemcheckModule *MC = R->S->Memcheck;
  unsigned K = (unsigned)(R->K - R->S->Kernels);
  return MC && MC->DisplayNames ? MC->DisplayNames[K] : R->K->Name;
}

const char *wavesimMemcheckSiteLocation(const Runner *R, unsigned Site) {
  const MemcheckModule *MC = R->S->Memcheck;
  return MC && Site < MC->NumSites ? MC->Sites[Site].Location : "";
}

/*===-- The check at run time ---------------------------------------------===*/

static bool within(uintptr_t Begin, uintptr_t End, uintptr_t Low,
                   uintptr_t High) {
  return Low <= Begin && End <= High;
}

static void fill(uint64_t *Slot, uintptr_t Low, uintptr_t High) {
  Slot[0] = Low;
  Slot[1] = High;
}

/* The block's shared memory: static variables whole, the dynamic array for
 * the bytes of this launch (the dispatch packet's group segment less the
 * kernel's static bytes). */
static bool inSharedMemory(const Runner *R, uintptr_t Begin, uintptr_t End,
                           uint64_t *Slot) {
  const WaveSim *S = R->S;
  uint32_t Segment;
  memcpy(&Segment, R->Packet + 28, sizeof(Segment));
  size_t Dynamic = Segment - R->K->StaticShared;
  for (unsigned I = 0; I < S->NumSharedVars; ++I) {
    const SharedVariable *V = &S->SharedVars[I];
    uintptr_t Low = (uintptr_t)R->Shared + V->Offset;
    uintptr_t High = Low + (V->Dynamic ? Dynamic : V->Bytes);
    if (within(Begin, End, Low, High)) {
      fill(Slot, Low, High);
      return true;
    }
  }
  return false;
}

/* The launch's own memory: the dispatch packet, the implicit arguments,
 * the byref arguments. */
static bool inLaunchMemory(const Runner *R, uintptr_t Begin, uintptr_t End,
                           uint64_t *Slot) {
  uintptr_t Packet = (uintptr_t)R->Packet;
  if (within(Begin, End, Packet, Packet + sizeof(R->Packet))) {
    fill(Slot, Packet, Packet + sizeof(R->Packet));
    return true;
  }
  uintptr_t Implicit = (uintptr_t)R->ImplicitArgs;
  if (within(Begin, End, Implicit, Implicit + sizeof(R->ImplicitArgs))) {
    fill(Slot, Implicit, Implicit + sizeof(R->ImplicitArgs));
    return true;
  }
  const MemcheckModule *MC = R->S->Memcheck;
  const ByRefParams *P = &MC->ByRef[R->K - R->S->Kernels];
  for (unsigned I = 0; I < P->Count; ++I) {
    uintptr_t Low = (uintptr_t)R->Args[P->Params[I]];
    if (within(Begin, End, Low, Low + P->Bytes[I])) {
      fill(Slot, Low, Low + P->Bytes[I]);
      return true;
    }
  }
  return false;
}

static const char *accessVerb(AccessKind Kind) {
  static const char *const Verbs[] = {
      "load", "store", "atomic", "memcpy read", "memcpy write", "memset write"};
  return Verbs[Kind];
}

static const char *plural(unsigned long long N) { return N == 1 ? "" : "s"; }

/* Where [Address, End) lies, in words: near which allocation or global. */
static void describeAddress(uintptr_t Address, uintptr_t End, char *Out,
                            size_t Size) {
  MemRange Below, Above;
  findNeighbours(Address, &Below, &Above);
  static const char *const What[] = {"allocation", "global"};
  if (Below.End && Address < Below.End) {
    snprintf(Out, Size,
             "running %llu byte%s past the end of the %llu-byte "
             "%s at %#llx",
             (unsigned long long)(End - Below.End), plural(End - Below.End),
             (unsigned long long)(Below.End - Below.Begin), What[Below.Kind],
             (unsigned long long)Below.Begin);
    return;
  }
  if (Below.End && Address >= Below.End && Address - Below.End < 4096) {
    snprintf(Out, Size, "%llu byte%s past the end of the %llu-byte %s at %#llx",
             (unsigned long long)(Address - Below.End),
             plural(Address - Below.End),
             (unsigned long long)(Below.End - Below.Begin), What[Below.Kind],
             (unsigned long long)Below.Begin);
    return;
  }
  if (Above.End && Above.Begin - Address <= 4096) {
    snprintf(Out, Size, "%llu byte%s before the %llu-byte %s at %#llx",
             (unsigned long long)(Above.Begin - Address),
             plural(Above.Begin - Address),
             (unsigned long long)(Above.End - Above.Begin), What[Above.Kind],
             (unsigned long long)Above.Begin);
    return;
  }
  snprintf(Out, Size, "outside every allocation");
}

static _Noreturn void reportIllegal(Runner *R, const AccessSite *Site,
                                    unsigned SiteIndex, uintptr_t Address,
                                    uint64_t Bytes, const char *Where,
                                    WaveSimStatus Status) {
  const Lane *L = R->Current;
  const char *Location = wavesimMemcheckSiteLocation(R, SiteIndex);
  wavesimFaultLane(
      R, Status,
      "illegal address in kernel %s, block (%u,%u,%u), thread (%u,%u,%u): "
      "%s of %llu byte%s at 0x%llx, %s%s%s",
      wavesimKernelDisplayName(R), R->BlockId[0], R->BlockId[1], R->BlockId[2],
      L->WorkItem[0], L->WorkItem[1], L->WorkItem[2], accessVerb(Site->Kind),
      (unsigned long long)Bytes, plural(Bytes), (unsigned long long)Address,
      Where, *Location ? ", at " : "", Location);
}

/* The running lane's own stack (independent lanes all run on the first
 * one's), told without the table's lock: a lane's private accesses are
 * most of the slow path's calls, each function starting with an empty
 * cache. */
static bool inOwnStack(const Runner *R, uintptr_t Begin, uintptr_t End,
                       uint64_t *Slot) {
  if (!R->Stacks || !R->Current)
    return false;
  unsigned Lane =
      R->K->LanesIndependent ? 0 : (unsigned)(R->Current - R->Lanes);
  uintptr_t Low = (uintptr_t)R->Stacks[Lane] + GuardBytes;
  uintptr_t High = Low + LaneStackBytes;
  uintptr_t Frame = (uintptr_t)__builtin_frame_address(0); /* as below */
  if (Frame < Low || Frame >= High || Begin < Low || End > High)
    return false;
  fill(Slot, Low, High);
  return true;
}

/* The slow path of every check: fills Slot with the valid range holding
 * [Address, Address + Bytes), or fails the launch. */
void wavesimMemcheckCheck(uint64_t Address, uint64_t Bytes, uint32_t SiteIndex,
                          uint64_t *Slot) __asm__("__wavesim_check");
void wavesimMemcheckCheck(uint64_t Address, uint64_t Bytes, uint32_t SiteIndex,
                          uint64_t *Slot) {
  Runner *R = wavesimActive;
  const AccessSite *Site = &R->S->Memcheck->Sites[SiteIndex];
  uintptr_t Begin = (uintptr_t)Address, End = Begin + Bytes;
  char Where[200];
  if (!Bytes)
    return;
  if (End < Begin) {
    reportIllegal(R, Site, SiteIndex, Begin, Bytes, "past the address space",
                  WaveSimIllegalAddress);
  }
  if (inOwnStack(R, Begin, End, Slot) || inSharedMemory(R, Begin, End, Slot))
    return;
  if (Site->AddressSpace == SharedSpace)
    reportIllegal(R, Site, SiteIndex, Begin, Bytes,
                  "outside the block's shared memory",
                  WaveSimIllegalSharedAddress);
  if (inLaunchMemory(R, Begin, End, Slot))
    return;
  unsigned Generation = atomic_load(&TableGeneration);
  if (LastFoundGeneration == Generation && LastFound.Begin <= Begin &&
      End <= LastFound.End) {
    fill(Slot, LastFound.Begin, LastFound.End);
    return;
  }
  MemRange Found;
  if (findRange(Begin, End, &Found)) {
    bool Stack = Found.Kind == RangeStack || Found.Kind == RangeGuard;
    if (!Stack) {
      LastFound = Found;
      LastFoundGeneration = Generation;
      fill(Slot, Found.Begin, Found.End);
      return;
    }
    /* The frame, not a local's address: under ASan a local may live in a
     * fake stack on the heap (detect_stack_use_after_return). */
    uintptr_t Frame = (uintptr_t)__builtin_frame_address(0), Own = 0;
    bool OnLaneStack = wavesimMemcheckStackPart(Frame, &Own) != MemNotLaneStack;
    uintptr_t Mapping =
        Found.Kind == RangeGuard ? Found.Begin : Found.Begin - GuardBytes;
    if (Found.Kind == RangeStack && OnLaneStack && Mapping == Own) {
      fill(Slot, Found.Begin, Found.End);
      return;
    }
    if (Found.Kind == RangeGuard && Mapping == Own)
      wavesimFaultLane(R, WaveSimStackOverflow,
                       "stack overflow in kernel %s, block (%u,%u,%u), thread "
                       "(%u,%u,%u): the lane used its %u KiB of stack "
                       "(unbounded recursion?)",
                       wavesimKernelDisplayName(R), R->BlockId[0],
                       R->BlockId[1], R->BlockId[2], R->Current->WorkItem[0],
                       R->Current->WorkItem[1], R->Current->WorkItem[2],
                       (unsigned)LaneStackBytes / 1024);
    reportIllegal(R, Site, SiteIndex, Begin, Bytes,
                  "in another lane's private memory", WaveSimIllegalAddress);
  }
  if (Site->AddressSpace == PrivateSpace)
    reportIllegal(R, Site, SiteIndex, Begin, Bytes,
                  "outside the lane's private memory", WaveSimIllegalAddress);
  describeAddress(Begin, End, Where, sizeof(Where));
  reportIllegal(R, Site, SiteIndex, Begin, Bytes, Where, WaveSimIllegalAddress);
}

bool wavesimMemcheckDefineSymbols(LLVMOrcLLJITRef J, char *Error,
                                  size_t ErrorSize) {
  LLVMOrcCSymbolMapPair Symbol;
  Symbol.Name = LLVMOrcLLJITMangleAndIntern(J, "__wavesim_check");
  Symbol.Sym.Address = (LLVMOrcExecutorAddress)(uintptr_t)wavesimMemcheckCheck;
  Symbol.Sym.Flags.GenericFlags =
      LLVMJITSymbolGenericFlagsCallable | LLVMJITSymbolGenericFlagsExported;
  Symbol.Sym.Flags.TargetFlags = 0;
  LLVMErrorRef Err = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(J),
                                           LLVMOrcAbsoluteSymbols(&Symbol, 1));
  if (!Err)
    return true;
  char *Message = LLVMGetErrorMessage(Err);
  wavesimFormatError(Error, ErrorSize, "cannot define the memory check: %s",
                     Message);
  LLVMDisposeErrorMessage(Message);
  return false;
}
