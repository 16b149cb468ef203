/*===- DevicePrintf.c - CUDA's device printf and assert on AMD GPUs -------===*
 *
 * clang lowers device printf as nvcc does, to vprintf(format, buffer): the
 * arguments, after C's default promotions (float to double, char and short
 * to int), stored in a local buffer each at its natural alignment, and
 * NVIDIA's printf service decodes that buffer by the format. A failed
 * device assert calls __assertfail(message, file, line, function, size),
 * which prints CUDA's message to stderr and stops the kernel.
 *
 * On AMD GPUs the HIP runtime prints for the device through the hostcall
 * buffer, which ROCm's OCKL library (ockl.bc, rocm-device-libs) writes:
 *
 *   desc = __ockl_printf_begin(0)           (__ockl_fprintf_stderr_begin())
 *   desc = __ockl_printf_append_string_n(desc, format, length + 1, last)
 *   desc = __ockl_printf_append_args(desc, 1, value, 0, ..., last)
 *   desc = __ockl_printf_append_string_n(desc, string, length + 1, last)
 *
 * one call per argument, the value in 64 bits (ints zero-extended, doubles
 * as their bits, pointers as addresses), a %s argument as its characters;
 * this is the sequence clang emits for HIP's printf. So each vprintf call
 * becomes that sequence, its arguments loaded from the buffer at the
 * offsets the format gives (PrintfFormat.c, which wavesim shares); printf
 * returns the number of arguments, as CUDA's does. The format must be a
 * constant string once clang has optimized (inlined wrappers are fine):
 * without it the buffer cannot be decoded, and the call is an error naming
 * its source line. __assertfail becomes a call of the module's one
 * __cucc_assert_fail (noinline, cold), which prints CUDA's message,
 *   <file>:<line>: <function>: block: [x,y,z], thread: [x,y,z] Assertion
 *   `<expression>` failed.
 * the same way to stderr, then llvm.trap; the function is clang's
 * __PRETTY_FUNCTION__, whose template arguments "[T = int]" are written
 * as nvcc's front end writes them, "[with T = int]".
 *
 * The OCKL functions are linked from ockl.bc (warpLinkPrintfLibrary) with
 * the hostcall code under them; the entry points stay out of line and
 * keep their signatures (noinline, linkonce_odr, so no interprocedural
 * pass rewrites them), which is what lets wavesim run the same module:
 * it replaces them by name with its host model of the printf service.
 *
 *===----------------------------------------------------------------------===*/

#include "retarget/DevicePrintf.h"

#include "retarget/PrintfFormat.h"
#include "support/IRUtils.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The OCKL printf entry points this file calls. */
static const char *const OcklEntryPoints[] = {
    "__ockl_printf_begin",           "__ockl_printf_append_args",
    "__ockl_printf_append_string_n", "__ockl_fprintf_stderr_begin",
    "__ockl_fprintf_append_args",    "__ockl_fprintf_append_string_n"};
enum { NumOcklEntryPoints = sizeof(OcklEntryPoints) / sizeof(char *) };

static const char StrlenHelper[] = "__cucc_printf_strlen";
static const char AssertFormat[] =
    "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` "
    "failed.\n";

typedef struct {
  LLVMModuleRef M;
  LLVMBuilderRef B;
  LLVMContextRef Ctx;
  LLVMTypeRef I1, I8, I32, I64, Ptr;
  bool ToStderr; /* an assert's message */
  bool LastArgZero; /* the planted bug printf-last-arg-zero */
} Emitter;

static Emitter emitterFor(LLVMModuleRef M, LLVMBuilderRef B) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  Emitter E = {M,
               B,
               Ctx,
               LLVMInt1TypeInContext(Ctx),
               LLVMInt8TypeInContext(Ctx),
               LLVMInt32TypeInContext(Ctx),
               LLVMInt64TypeInContext(Ctx),
               LLVMPointerTypeInContext(Ctx, 0),
               false,
               false};
  return E;
}

/* Function Name of type Type, declared if the module lacks it. */
static LLVMValueRef declare(Emitter *E, const char *Name, LLVMTypeRef Type) {
  LLVMValueRef F = LLVMGetNamedFunction(E->M, Name);
  return F ? F : LLVMAddFunction(E->M, Name, Type);
}

static LLVMValueRef callNamed(Emitter *E, const char *Name, LLVMTypeRef Result,
                              LLVMTypeRef *Params, LLVMValueRef *Args,
                              unsigned NumArgs) {
  LLVMTypeRef Type = LLVMFunctionType(Result, Params, NumArgs, false);
  return LLVMBuildCall2(E->B, Type, declare(E, Name, Type), Args, NumArgs, "");
}

/*===-- Constant strings --------------------------------------------------===*/

/* The byte offset a constant-index GEP adds, or false if an index is not a
 * constant. */
static bool constantGEPOffset(LLVMModuleRef M, LLVMValueRef GEP,
                              uint64_t *Offset) {
  LLVMTargetDataRef DL = LLVMGetModuleDataLayout(M);
  LLVMTypeRef Type = LLVMGetGEPSourceElementType(GEP);
  unsigned NumOperands = (unsigned)LLVMGetNumOperands(GEP);
  *Offset = 0;
  for (unsigned I = 1; I < NumOperands; ++I) {
    LLVMValueRef Index = LLVMGetOperand(GEP, I);
    if (!LLVMIsAConstantInt(Index))
      return false;
    int64_t Value = LLVMConstIntGetSExtValue(Index);
    if (I == 1) {
      *Offset += (uint64_t)Value * LLVMABISizeOfType(DL, Type);
      continue;
    }
    if (LLVMGetTypeKind(Type) == LLVMStructTypeKind) {
      *Offset += LLVMOffsetOfElement(DL, Type, (unsigned)Value);
      Type = LLVMStructGetTypeAtIndex(Type, (unsigned)Value);
    } else {
      Type = LLVMGetElementType(Type);
      *Offset += (uint64_t)Value * LLVMABISizeOfType(DL, Type);
    }
  }
  return true;
}

static bool isAddressCast(LLVMValueRef V) {
  LLVMOpcode Op = LLVMIsAConstantExpr(V)   ? LLVMGetConstOpcode(V)
                  : LLVMIsAInstruction(V) ? LLVMGetInstructionOpcode(V)
                                          : (LLVMOpcode)0;
  return Op == LLVMAddrSpaceCast || Op == LLVMBitCast;
}

static bool isGEP(LLVMValueRef V) {
  return (LLVMIsAConstantExpr(V) &&
          LLVMGetConstOpcode(V) == LLVMGetElementPtr) ||
         LLVMIsAGetElementPtrInst(V);
}

/* The C string V points to when it is known at compile time (into a
 * constant global's initializer), with its length; else NULL. */
static const char *constantString(LLVMModuleRef M, LLVMValueRef V,
                                  size_t *Length) {
  uint64_t Offset = 0;
  for (;;) {
    if (isAddressCast(V)) {
      V = LLVMGetOperand(V, 0);
      continue;
    }
    uint64_t Step;
    if (isGEP(V) && constantGEPOffset(M, V, &Step)) {
      Offset += Step;
      V = LLVMGetOperand(V, 0);
      continue;
    }
    break;
  }
  if (!LLVMIsAGlobalVariable(V) || !LLVMIsGlobalConstant(V) ||
      LLVMIsDeclaration(V))
    return NULL;
  LLVMValueRef Init = LLVMGetInitializer(V);
  static const char Empty[] = "";
  if (LLVMIsAConstantAggregateZero(Init)) {
    *Length = 0;
    return Empty;
  }
  if (!LLVMIsAConstantDataSequential(Init) || !LLVMIsConstantString(Init))
    return NULL;
  size_t Bytes;
  const char *Data = LLVMGetAsString(Init, &Bytes);
  if (Offset >= Bytes)
    return NULL;
  const char *End = memchr(Data + Offset, 0, Bytes - Offset);
  if (!End)
    return NULL;
  *Length = (size_t)(End - (Data + Offset));
  return Data + Offset;
}

/* A private constant global holding Text and its NUL. */
static LLVMValueRef addString(Emitter *E, const char *Text, size_t Length) {
  LLVMValueRef Init =
      LLVMConstStringInContext2(E->Ctx, Text, Length, /*DontNull=*/false);
  LLVMValueRef G =
      LLVMAddGlobal(E->M, LLVMTypeOf(Init), ".cucc.printf.string");
  LLVMSetInitializer(G, Init);
  LLVMSetGlobalConstant(G, true);
  LLVMSetLinkage(G, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(G, LLVMGlobalUnnamedAddr);
  LLVMSetAlignment(G, 1);
  /* Globals are in the AMDGPU global address space; the calls take flat
   * pointers. */
  return LLVMTypeOf(G) == E->Ptr ? G : LLVMConstAddrSpaceCast(G, E->Ptr);
}

/*===-- The OCKL calls ----------------------------------------------------===*/

/* i64 __cucc_printf_strlen(ptr S): strlen(S) + 1, or 0 for a null S (the
 * length __ockl_printf_append_string_n takes; HIP prints "(null)" then). */
static LLVMValueRef getStrlenHelper(Emitter *E) {
  LLVMValueRef F = LLVMGetNamedFunction(E->M, StrlenHelper);
  if (F)
    return F;
  LLVMTypeRef Type = LLVMFunctionType(E->I64, &E->Ptr, 1, false);
  F = LLVMAddFunction(E->M, StrlenHelper, Type);
  LLVMSetLinkage(F, LLVMInternalLinkage);
  LLVMBasicBlockRef Entry = LLVMAppendBasicBlockInContext(E->Ctx, F, "entry");
  LLVMBasicBlockRef Loop = LLVMAppendBasicBlockInContext(E->Ctx, F, "loop");
  LLVMBasicBlockRef Done = LLVMAppendBasicBlockInContext(E->Ctx, F, "done");
  LLVMBasicBlockRef Null = LLVMAppendBasicBlockInContext(E->Ctx, F, "null");
  LLVMBuilderRef B = LLVMCreateBuilderInContext(E->Ctx);
  LLVMValueRef S = LLVMGetParam(F, 0);
  LLVMPositionBuilderAtEnd(B, Entry);
  LLVMBuildCondBr(B, LLVMBuildIsNull(B, S, ""), Null, Loop);
  LLVMPositionBuilderAtEnd(B, Loop);
  LLVMValueRef Index = LLVMBuildPhi(B, E->I64, "i");
  LLVMValueRef Char = LLVMBuildLoad2(
      B, E->I8, LLVMBuildGEP2(B, E->I8, S, &Index, 1, ""), "");
  LLVMValueRef Next =
      LLVMBuildAdd(B, Index, LLVMConstInt(E->I64, 1, false), "");
  LLVMValueRef Zero64 = LLVMConstInt(E->I64, 0, false);
  LLVMBasicBlockRef Incoming[2] = {Entry, Loop};
  LLVMValueRef Values[2] = {Zero64, Next};
  LLVMAddIncoming(Index, Values, Incoming, 2);
  LLVMBuildCondBr(B,
                  LLVMBuildICmp(B, LLVMIntEQ, Char,
                                LLVMConstInt(E->I8, 0, false), ""),
                  Done, Loop);
  LLVMPositionBuilderAtEnd(B, Done);
  LLVMBuildRet(B, Next);
  LLVMPositionBuilderAtEnd(B, Null);
  LLVMBuildRet(B, Zero64);
  LLVMDisposeBuilder(B);
  return F;
}

static LLVMValueRef beginMessage(Emitter *E) {
  if (E->ToStderr)
    return callNamed(E, "__ockl_fprintf_stderr_begin", E->I64, NULL, NULL, 0);
  LLVMValueRef Version = LLVMConstInt(E->I64, 0, false);
  return callNamed(E, "__ockl_printf_begin", E->I64, &E->I64, &Version, 1);
}

static LLVMValueRef appendValue(Emitter *E, LLVMValueRef Desc,
                                LLVMValueRef Value, bool Last) {
  LLVMTypeRef Params[10] = {E->I64, E->I32, E->I64, E->I64, E->I64,
                            E->I64, E->I64, E->I64, E->I64, E->I32};
  LLVMValueRef Zero = LLVMConstInt(E->I64, 0, false);
  LLVMValueRef Args[10] = {Desc, LLVMConstInt(E->I32, 1, false),
                           Value, Zero,
                           Zero, Zero,
                           Zero, Zero,
                           Zero, LLVMConstInt(E->I32, Last, false)};
  return callNamed(E,
                   E->ToStderr ? "__ockl_fprintf_append_args"
                               : "__ockl_printf_append_args",
                   E->I64, Params, Args, 10);
}

/* Appends the string at S; Length (its bytes with the NUL, 0 for null) is
 * computed at run time when NULL. */
static LLVMValueRef appendString(Emitter *E, LLVMValueRef Desc, LLVMValueRef S,
                                 LLVMValueRef Length, bool Last) {
  if (!Length) {
    LLVMValueRef Helper = getStrlenHelper(E);
    Length = LLVMBuildCall2(E->B, LLVMGlobalGetValueType(Helper), Helper, &S,
                            1, "");
  }
  LLVMTypeRef Params[4] = {E->I64, E->Ptr, E->I64, E->I32};
  LLVMValueRef Args[4] = {Desc, S, Length, LLVMConstInt(E->I32, Last, false)};
  return callNamed(E,
                   E->ToStderr ? "__ockl_fprintf_append_string_n"
                               : "__ockl_printf_append_string_n",
                   E->I64, Params, Args, 4);
}

/* Appends a string argument, its length a constant when it is one. */
static LLVMValueRef appendStringArg(Emitter *E, LLVMValueRef Desc,
                                    LLVMValueRef S, bool Last) {
  size_t Length;
  LLVMValueRef Known =
      constantString(E->M, S, &Length)
          ? LLVMConstInt(E->I64, (unsigned long long)Length + 1, false)
          : NULL;
  return appendString(E, Desc, S, Known, Last);
}

/*===-- Reading CUDA's argument buffer ------------------------------------===*/

typedef struct {
  PrintfArgKind Kind;
  LLVMValueRef Value; /* i64, or ptr for strings */
} PrintfArg;

/* The bytes the buffer holds when it is an alloca (after casts), else
 * UINT64_MAX. */
static uint64_t bufferBytes(LLVMModuleRef M, LLVMValueRef Buffer) {
  while (isAddressCast(Buffer))
    Buffer = LLVMGetOperand(Buffer, 0);
  if (!LLVMIsAAllocaInst(Buffer))
    return UINT64_MAX;
  LLVMValueRef Count = LLVMGetOperand(Buffer, 0);
  if (!LLVMIsAConstantInt(Count))
    return UINT64_MAX;
  return LLVMConstIntGetZExtValue(Count) *
         LLVMABISizeOfType(LLVMGetModuleDataLayout(M),
                           LLVMGetAllocatedType(Buffer));
}

/* The argument of Kind at Offset of the buffer, as an i64 (a ptr for a
 * string). Past the buffer's end, or without a buffer, it is 0: the call
 * passed fewer arguments than its format names. */
static LLVMValueRef loadArg(Emitter *E, LLVMValueRef Buffer, uint64_t Size,
                            uint64_t Offset, PrintfArgKind Kind) {
  unsigned Bytes = printfArgBytes(Kind);
  if (LLVMIsNull(Buffer) || Offset + Bytes > Size)
    return Kind == PrintfArgString ? LLVMConstNull(E->Ptr)
                                   : LLVMConstInt(E->I64, 0, false);
  LLVMValueRef Index = LLVMConstInt(E->I64, Offset, false);
  LLVMValueRef Address = LLVMBuildGEP2(E->B, E->I8, Buffer, &Index, 1, "");
  LLVMTypeRef Type = Kind == PrintfArgInt ? E->I32
                     : Kind == PrintfArgPointer || Kind == PrintfArgString
                         ? E->Ptr
                         : E->I64;
  LLVMValueRef Value = LLVMBuildLoad2(E->B, Type, Address, "");
  LLVMSetAlignment(Value, Bytes);
  if (Kind == PrintfArgInt)
    return LLVMBuildZExt(E->B, Value, E->I64, "");
  if (Kind == PrintfArgString)
    return Value;
  if (Kind == PrintfArgPointer)
    return LLVMBuildPtrToInt(E->B, Value, E->I64, "");
  return Value;
}

/* The arguments Format names, read from Buffer in order; returns their
 * count (at most Max). */
static unsigned decodeArgs(Emitter *E, const char *Format, size_t Length,
                           LLVMValueRef Buffer, PrintfArg *Args,
                           unsigned Max) {
  uint64_t Size = bufferBytes(E->M, Buffer);
  uint64_t Offset = 0;
  unsigned Count = 0;
  PrintfSpec Spec;
  for (size_t Pos = 0; printfNextSpec(Format, Length, Pos, &Spec);
       Pos = Spec.End) {
    PrintfArgKind Kinds[3] = {Spec.StarWidth ? PrintfArgInt : PrintfArgNone,
                              Spec.StarPrecision ? PrintfArgInt
                                                 : PrintfArgNone,
                              printfValueKind(&Spec)};
    for (unsigned K = 0; K < 3 && Count < Max; ++K) {
      if (Kinds[K] == PrintfArgNone)
        continue;
      unsigned Bytes = printfArgBytes(Kinds[K]);
      Offset = (Offset + Bytes - 1) / Bytes * Bytes;
      Args[Count].Kind = Kinds[K];
      Args[Count].Value = loadArg(E, Buffer, Size, Offset, Kinds[K]);
      ++Count;
      Offset += Bytes;
    }
  }
  return Count;
}

/* The message: the format, then each argument. */
static void emitMessage(Emitter *E, LLVMValueRef Format, size_t FormatLength,
                        const PrintfArg *Args, unsigned NumArgs) {
  LLVMValueRef Desc = beginMessage(E);
  Desc = appendString(
      E, Desc, Format,
      LLVMConstInt(E->I64, (unsigned long long)FormatLength + 1, false),
      NumArgs == 0);
  for (unsigned I = 0; I < NumArgs; ++I) {
    bool Last = I + 1 == NumArgs;
    Desc = Args[I].Kind == PrintfArgString
               ? appendStringArg(E, Desc, Args[I].Value, Last)
               : appendValue(E, Desc, Args[I].Value, Last);
  }
}

enum { MaxPrintfArgs = 256 };

static bool lowerVprintf(Emitter *E, LLVMValueRef Call,
                         WarpDiagnostics *Diags) {
  LLVMValueRef Format = LLVMGetOperand(Call, 0);
  LLVMValueRef Buffer = LLVMGetOperand(Call, 1);
  size_t Length;
  const char *Text = constantString(E->M, Format, &Length);
  if (!Text) {
    warpReportUse(Diags, Call, "vprintf",
                  "device printf with a format that is not a constant string: "
                  "CUDA lays its arguments out by the format, which must be "
                  "known when compiling for an AMD GPU");
    return false;
  }
  LLVMPositionBuilderBefore(E->B, Call);
  PrintfArg Args[MaxPrintfArgs];
  unsigned NumArgs = decodeArgs(E, Text, Length, Buffer, Args, MaxPrintfArgs);
  if (E->LastArgZero && NumArgs)
    Args[NumArgs - 1].Value = Args[NumArgs - 1].Kind == PrintfArgString
                                  ? LLVMConstNull(E->Ptr)
                                  : LLVMConstInt(E->I64, 0, false);
  emitMessage(E, Format, Length, Args, NumArgs);
  /* CUDA's printf returns the number of arguments it parsed. */
  LLVMReplaceAllUsesWith(Call, LLVMConstInt(E->I32, NumArgs, false));
  LLVMInstructionEraseFromParent(Call);
  return true;
}

/*===-- Assert ------------------------------------------------------------===*/

/* clang's __PRETTY_FUNCTION__ writes a template's arguments "[T = int]",
 * nvcc's front end "[with T = int]": the latter, as a new string, when
 * Function is a constant string that has them; else Function. */
static LLVMValueRef functionNameAsNvcc(Emitter *E, LLVMValueRef Function) {
  size_t Length;
  const char *Text = constantString(E->M, Function, &Length);
  if (!Text || Length < 4 || Text[Length - 1] != ']')
    return Function;
  const char *Open = NULL;
  for (const char *P = Text; P + 1 < Text + Length; ++P)
    if (P[0] == ' ' && P[1] == '[')
      Open = P + 2;
  if (!Open || !strstr(Open, " = ") || !strncmp(Open, "with ", 5))
    return Function;
  size_t Head = (size_t)(Open - Text);
  char *Written = malloc(Length + 6);
  memcpy(Written, Text, Head);
  memcpy(Written + Head, "with ", 5);
  memcpy(Written + Head + 5, Open, Length - Head);
  LLVMValueRef Name = addString(E, Written, Length + 5);
  free(Written);
  return Name;
}

static LLVMValueRef readSpecialRegister(Emitter *E, const char *Register) {
  char Name[64];
  snprintf(Name, sizeof(Name), "llvm.nvvm.read.ptx.sreg.%s", Register);
  LLVMValueRef Value = callNamed(E, Name, E->I32, NULL, NULL, 0);
  return LLVMBuildZExt(E->B, Value, E->I64, "");
}

/* The index of the parameter of Call's function that Value is, directly
 * or through the one store to an alloca it is loaded from (unoptimized
 * IR), or -1. */
static int forwardedParameter(LLVMValueRef Call, LLVMValueRef Value) {
  LLVMValueRef F = LLVMGetBasicBlockParent(LLVMGetInstructionParent(Call));
  if (LLVMIsALoadInst(Value) &&
      LLVMIsAAllocaInst(LLVMGetOperand(Value, 0))) {
    LLVMValueRef Stored = NULL;
    for (LLVMUseRef U = LLVMGetFirstUse(LLVMGetOperand(Value, 0)); U;
         U = LLVMGetNextUse(U)) {
      LLVMValueRef User = LLVMGetUser(U);
      if (!LLVMIsAStoreInst(User))
        continue;
      if (Stored)
        return -1;
      Stored = LLVMGetOperand(User, 0);
    }
    Value = Stored;
  }
  for (unsigned I = 0; Value && I < LLVMCountParams(F); ++I)
    if (LLVMGetParam(F, I) == Value)
      return (int)I;
  return -1;
}

/* A function that passes its parameter on as __assertfail's function name
 * (our headers' __assert_fail, before it is inlined: the drivers retarget
 * unoptimized IR) gets from each direct caller the name as nvcc writes
 * it. */
static void rewriteForwardedFunctionNames(Emitter *E, LLVMValueRef Call) {
  int Index = forwardedParameter(Call, LLVMGetOperand(Call, 3));
  if (Index < 0)
    return;
  LLVMValueRef F = LLVMGetBasicBlockParent(LLVMGetInstructionParent(Call));
  for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef Caller = LLVMGetUser(U);
    if (!LLVMIsACallInst(Caller) || LLVMGetCalledValue(Caller) != F)
      continue;
    LLVMValueRef Name = LLVMGetOperand(Caller, (unsigned)Index);
    LLVMValueRef Written = functionNameAsNvcc(E, Name);
    if (Written != Name)
      LLVMSetOperand(Caller, (unsigned)Index, Written);
  }
}

static const char AssertHelper[] = "__cucc_assert_fail";

/* void __cucc_assert_fail(ptr message, ptr file, i32 line, ptr function):
 * CUDA's message to stderr, then the kernel stops. One per module, out of
 * line and cold, as HIP's __assert_fail, so that an assert costs its caller
 * one call. */
static LLVMValueRef getAssertHelper(Emitter *E) {
  static const char *const Registers[6] = {"ctaid.x", "ctaid.y", "ctaid.z",
                                           "tid.x",   "tid.y",   "tid.z"};
  LLVMValueRef F = LLVMGetNamedFunction(E->M, AssertHelper);
  if (F)
    return F;
  LLVMTypeRef Params[4] = {E->Ptr, E->Ptr, E->I32, E->Ptr};
  F = LLVMAddFunction(E->M, AssertHelper,
                      LLVMFunctionType(LLVMVoidTypeInContext(E->Ctx), Params,
                                       4, false));
  LLVMSetLinkage(F, LLVMInternalLinkage);
  static const char *const Attributes[] = {"noinline", "cold", "noreturn",
                                           "nounwind"};
  for (unsigned I = 0; I < 4; ++I)
    LLVMAddAttributeAtIndex(
        F, LLVMAttributeFunctionIndex,
        LLVMCreateEnumAttribute(
            E->Ctx,
            LLVMGetEnumAttributeKindForName(Attributes[I],
                                            strlen(Attributes[I])),
            0));
  LLVMBuilderRef Caller = E->B;
  E->B = LLVMCreateBuilderInContext(E->Ctx);
  LLVMPositionBuilderAtEnd(E->B,
                           LLVMAppendBasicBlockInContext(E->Ctx, F, "entry"));
  PrintfArg Args[10];
  Args[0] = (PrintfArg){PrintfArgString, LLVMGetParam(F, 1)};
  Args[1] = (PrintfArg){PrintfArgInt,
                        LLVMBuildZExt(E->B, LLVMGetParam(F, 2), E->I64, "")};
  Args[2] = (PrintfArg){PrintfArgString, LLVMGetParam(F, 3)};
  for (unsigned I = 0; I < 6; ++I)
    Args[3 + I] =
        (PrintfArg){PrintfArgInt, readSpecialRegister(E, Registers[I])};
  Args[9] = (PrintfArg){PrintfArgString, LLVMGetParam(F, 0)};
  E->ToStderr = true;
  emitMessage(E, addString(E, AssertFormat, sizeof(AssertFormat) - 1),
              sizeof(AssertFormat) - 1, Args, 10);
  E->ToStderr = false;
  warpBuildIntrinsicCall(E->M, E->B, "llvm.trap", NULL, 0, "");
  LLVMBuildUnreachable(E->B);
  LLVMDisposeBuilder(E->B);
  E->B = Caller;
  return F;
}

/* __assertfail(message, file, line, function, size): a call of the
 * module's __cucc_assert_fail, the function's name as nvcc writes it. */
static void lowerAssertFail(Emitter *E, LLVMValueRef Call) {
  LLVMValueRef Helper = getAssertHelper(E);
  LLVMPositionBuilderBefore(E->B, Call);
  LLVMValueRef Args[4] = {LLVMGetOperand(Call, 0), LLVMGetOperand(Call, 1),
                          LLVMGetOperand(Call, 2),
                          functionNameAsNvcc(E, LLVMGetOperand(Call, 3))};
  LLVMValueRef Failed = LLVMBuildCall2(
      E->B, LLVMGlobalGetValueType(Helper), Helper, Args, 4, "");
  LLVMSetInstructionCallConv(Failed, LLVMGetFunctionCallConv(Helper));
  LLVMInstructionEraseFromParent(Call);
}

/* The direct calls of the function Name. */
static unsigned collectCalls(LLVMModuleRef M, const char *Name,
                             LLVMValueRef **Calls) {
  LLVMValueRef F = LLVMGetNamedFunction(M, Name);
  unsigned Count = 0;
  *Calls = NULL;
  if (!F)
    return 0;
  for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef User = LLVMGetUser(U);
    if (!LLVMIsACallInst(User) || LLVMGetCalledValue(User) != F)
      continue;
    *Calls = realloc(*Calls, (Count + 1) * sizeof(LLVMValueRef));
    (*Calls)[Count++] = User;
  }
  return Count;
}

static void eraseIfUnused(LLVMModuleRef M, const char *Name) {
  LLVMValueRef F = LLVMGetNamedFunction(M, Name);
  if (F && !LLVMGetFirstUse(F))
    LLVMDeleteFunction(F);
}

unsigned warpLowerDevicePrintf(LLVMModuleRef M, WarpPlantedBug PlantedBug,
                               WarpDiagnostics *Diags) {
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  Emitter E = emitterFor(M, B);
  E.LastArgZero = PlantedBug == WarpBugPrintfLastArgZero;
  unsigned Lowered = 0;
  LLVMValueRef *Calls;
  unsigned NumCalls = collectCalls(M, "vprintf", &Calls);
  for (unsigned I = 0; I < NumCalls; ++I)
    Lowered += lowerVprintf(&E, Calls[I], Diags);
  free(Calls);
  NumCalls = collectCalls(M, "__assertfail", &Calls);
  for (unsigned I = 0; I < NumCalls; ++I, ++Lowered) {
    rewriteForwardedFunctionNames(&E, Calls[I]);
    lowerAssertFail(&E, Calls[I]);
  }
  free(Calls);
  eraseIfUnused(M, "vprintf");
  eraseIfUnused(M, "__assertfail");
  LLVMDisposeBuilder(B);
  return Lowered;
}

/*===-- Linking OCKL ------------------------------------------------------===*/

static bool callsOckl(LLVMModuleRef M) {
  for (unsigned I = 0; I < NumOcklEntryPoints; ++I) {
    LLVMValueRef F = LLVMGetNamedFunction(M, OcklEntryPoints[I]);
    if (F && LLVMIsDeclaration(F) && LLVMGetFirstUse(F))
      return true;
  }
  return false;
}

static bool isEntryPoint(const char *Name) {
  for (unsigned I = 0; I < NumOcklEntryPoints; ++I)
    if (!strcmp(Name, OcklEntryPoints[I]))
      return true;
  return false;
}

/* OCKL's control constants that the linked code reads: the ABI version,
 * which places the hostcall buffer among the implicit arguments (offset 80
 * in code object v5's, which Retarget.c asks for; 24 in v4's), and the wave
 * size. */
static void defineControl(LLVMModuleRef M, const char *Name, unsigned Value) {
  LLVMValueRef G = LLVMGetNamedGlobal(M, Name);
  if (!G || !LLVMIsDeclaration(G))
    return;
  LLVMSetInitializer(G, LLVMConstInt(LLVMGlobalGetValueType(G), Value, 0));
  LLVMSetGlobalConstant(G, 1);
  LLVMSetLinkage(G, LLVMInternalLinkage);
  LLVMSetVisibility(G, LLVMDefaultVisibility);
}

/* Names of the functions Library defines (what the link may bring in). */
static char **definedFunctions(LLVMModuleRef Library, unsigned *Count) {
  char **Names = NULL;
  *Count = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(Library); F;
       F = LLVMGetNextFunction(F)) {
    if (LLVMIsDeclaration(F))
      continue;
    Names = realloc(Names, (*Count + 1) * sizeof(char *));
    Names[(*Count)++] = strdup(LLVMGetValueName2(F, &(size_t){0}));
  }
  return Names;
}

/* The linked functions get the module's processor; the entry points stay
 * out of line and keep their signatures; the rest is internal, for the
 * optimizer to inline. */
static void adoptLinkedFunctions(LLVMModuleRef M, char **Names, unsigned Count,
                                 const char *CPU, const char *Features) {
  unsigned NoInline = LLVMGetEnumAttributeKindForName("noinline", 8);
  unsigned AlwaysInline = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  for (unsigned I = 0; I < Count; ++I) {
    LLVMValueRef F = LLVMGetNamedFunction(M, Names[I]);
    bool Entry = isEntryPoint(Names[I]);
    free(Names[I]);
    if (!F || LLVMIsDeclaration(F))
      continue;
    warpAddFunctionAttribute(F, "target-cpu", CPU);
    if (Features)
      warpAddFunctionAttribute(F, "target-features", Features);
    if (!Entry) {
      LLVMSetLinkage(F, LLVMInternalLinkage);
      LLVMSetVisibility(F, LLVMDefaultVisibility);
      continue;
    }
    LLVMSetLinkage(F, LLVMLinkOnceODRLinkage);
    LLVMSetVisibility(F, LLVMHiddenVisibility);
    LLVMRemoveEnumAttributeAtIndex(F, LLVMAttributeFunctionIndex,
                                   AlwaysInline);
    LLVMAddAttributeAtIndex(F, LLVMAttributeFunctionIndex,
                            LLVMCreateEnumAttribute(Ctx, NoInline, 0));
  }
  free(Names);
}

bool warpLinkPrintfLibrary(LLVMModuleRef M, const WarpDeviceLibOptions *Options,
                           char *Error, size_t ErrorSize) {
  if (!callsOckl(M))
    return true;
  LLVMModuleRef Library;
  if (!warpReadDeviceLibrary(M, Options->BitcodeDir, "ockl.bc",
                             "AMD's OCKL library (device printf and assert)",
                             &Library, Error, ErrorSize))
    return false;
  char Features[256];
  const char *FeaturesValue =
      warpModuleFunctionAttribute(M, "target-features", Features,
                                  sizeof(Features));
  unsigned Count;
  char **Names = definedFunctions(Library, &Count);
  if (LLVMLinkModules2(M, Library)) {
    for (unsigned I = 0; I < Count; ++I)
      free(Names[I]);
    free(Names);
    snprintf(Error, ErrorSize, "cannot link %s", "ockl.bc");
    return false;
  }
  adoptLinkedFunctions(M, Names, Count, Options->OffloadArch, FeaturesValue);
  defineControl(M, "__oclc_ABI_version",
                warpCodeObjectVersion(M) >= 500 ? 500 : 400);
  defineControl(M, "__oclc_wavefrontsize64", Options->WaveSize == 64);
  return true;
}
