/*===- wavesim-memcheck-instrument.c - A check before every access --------===*
 *
 * The compile-time half of the memory check (wavesim-memcheck.c says what
 * is checked and why): before the kernels' wrappers are built, each load,
 * store, atomic and llvm.memcpy/memmove/memset of the rewritten module gets
 * an inline check of its address against a per-function slot holding the
 * last valid range of its underlying base, which calls __wavesim_check
 * when it misses. Each checked access is recorded as an access site (its
 * kind, address space and source line), the module's globals are listed
 * in @__wavesim_globals for the table, and each kernel's byref parameters
 * and demangled name are noted. Every function also gets stack probes, so
 * that a lane out of stack faults in its own guard page.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE

#include "wavesim-internal.h"
#include "wavesim-ir.h"
#include "wavesim-memcheck-module.h"
#include "wavesim-memcheck.h"

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MemcheckModule *moduleOf(WaveSim *S) {
  if (!S->Memcheck)
    S->Memcheck = calloc(1, sizeof(MemcheckModule));
  return S->Memcheck;
}

bool wavesimMemcheckEnabled(void) {
  const char *Value = getenv("CUCC_WAVESIM_MEMCHECK");
  return Value && strcmp(Value, "0") != 0;
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

