/*===- PtxTranslate.c - Inline PTX to LLVM IR ------------------------------===*
 *
 * CUDA code writes PTX by hand in inline asm: CUB's shuffle-and-add steps,
 * bit tricks (bfe, prmt, lop3), carry chains, cache-hinted loads, special
 * registers. nvvm-warp-to-amdgpu replaces each such call with the IR its
 * PTX means, before the warp intrinsics are lowered, so that the shuffles,
 * votes and the rest in it go through the same exact lowerings as the ones
 * written with CUDA's intrinsics.
 *
 * The asm string is parsed (PtxParser.c); each instruction is matched
 * against the forms of tablegen/PtxInstructions.td (opcode, type suffixes,
 * modifier groups, operand kinds), whose recipe (PtxRecipes*.c) builds it.
 * PTX registers are tracked as SSA values, one per name and scope: a write
 * replaces the value, a guarded write selects between the new and the old
 * one. Asm operands are registers too: inputs start with the call's
 * operands, outputs with their tied inputs, and the outputs' final values
 * replace the call's result.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/PtxTranslate.h"

#include "support/IRUtils.h"

#include <llvm-c/DebugInfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "PtxForms.inc"

/*===-- Diagnostics and statement queries ---------------------------------===*/

bool ptxUnsupported(PtxLowering *L, const char *Format, ...) {
  if (L->Why[0])
    return false;
  va_list Args;
  va_start(Args, Format);
  vsnprintf(L->Why, L->WhySize, Format, Args);
  va_end(Args);
  return false;
}

bool ptxHas(const PtxLowering *L, const char *Name) {
  for (unsigned I = 0; I < L->S->NumSuffixes; ++I)
    if (!strcmp(L->S->Suffixes[I], Name))
      return true;
  return false;
}

/* Whether Word is one of the space-separated words of List. */
static bool listHas(const char *List, const char *Word) {
  size_t Length = strlen(Word);
  for (const char *C = List; C && *C;) {
    const char *End = strchr(C, ' ');
    size_t WordLength = End ? (size_t)(End - C) : strlen(C);
    if (WordLength == Length && !strncmp(C, Word, Length))
      return true;
    C = End ? End + 1 : NULL;
  }
  return false;
}

/*===-- Types and constants -----------------------------------------------===*/

PtxType ptxMakeType(PtxTypeKind Kind, unsigned Bits) {
  PtxType Type = {Kind, Bits};
  return Type;
}

bool ptxIsFloat(PtxType Type) { return Type.Kind == PtxFloat; }
bool ptxIsSigned(PtxType Type) { return Type.Kind == PtxSigned; }

LLVMTypeRef ptxLLVMType(const PtxLowering *L, PtxType Type) {
  if (Type.Kind == PtxFloat)
    return Type.Bits == 16   ? LLVMHalfTypeInContext(L->Ctx)
           : Type.Bits == 32 ? LLVMFloatTypeInContext(L->Ctx)
                             : LLVMDoubleTypeInContext(L->Ctx);
  return LLVMIntTypeInContext(L->Ctx, Type.Bits);
}

LLVMValueRef ptxInt(PtxLowering *L, unsigned Bits, uint64_t Value) {
  return LLVMConstInt(LLVMIntTypeInContext(L->Ctx, Bits), Value, false);
}

static unsigned bitWidth(LLVMTypeRef Type) {
  switch (LLVMGetTypeKind(Type)) {
  case LLVMIntegerTypeKind:
    return LLVMGetIntTypeWidth(Type);
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind:
    return 16;
  case LLVMFloatTypeKind:
    return 32;
  case LLVMDoubleTypeKind:
    return 64;
  case LLVMPointerTypeKind:
    return LLVMGetPointerAddressSpace(Type) == 3 ||
                   LLVMGetPointerAddressSpace(Type) == 5
               ? 32
               : 64;
  default:
    return 0;
  }
}

/* Value as an integer of its own width (floats bitcast, pointers as
 * integers). */
static LLVMValueRef asBits(PtxLowering *L, LLVMValueRef Value) {
  LLVMTypeRef Type = LLVMTypeOf(Value);
  LLVMTypeRef IntType = LLVMIntTypeInContext(L->Ctx, bitWidth(Type));
  if (LLVMGetTypeKind(Type) == LLVMIntegerTypeKind)
    return Value;
  if (LLVMGetTypeKind(Type) == LLVMPointerTypeKind)
    return LLVMBuildPtrToInt(L->B, Value, IntType, "");
  return LLVMBuildBitCast(L->B, Value, IntType, "");
}

/* Bits (an integer) resized to Bits bits, sign-extended when Signed. */
static LLVMValueRef resize(PtxLowering *L, LLVMValueRef Value, unsigned Bits,
                           bool Signed) {
  unsigned Have = LLVMGetIntTypeWidth(LLVMTypeOf(Value));
  LLVMTypeRef Type = LLVMIntTypeInContext(L->Ctx, Bits);
  if (Have == Bits)
    return Value;
  if (Have > Bits)
    return LLVMBuildTrunc(L->B, Value, Type, "");
  return Signed ? LLVMBuildSExt(L->B, Value, Type, "")
                : LLVMBuildZExt(L->B, Value, Type, "");
}

/* Register bits as a value of Type. */
static LLVMValueRef fromBits(PtxLowering *L, LLVMValueRef Bits, PtxType Type) {
  if (Type.Kind == PtxPredicate) {
    if (LLVMGetIntTypeWidth(LLVMTypeOf(Bits)) == 1)
      return Bits;
    return LLVMBuildICmp(L->B, LLVMIntNE, Bits, LLVMConstNull(LLVMTypeOf(Bits)),
                         "");
  }
  LLVMValueRef Sized = resize(L, Bits, Type.Bits, ptxIsSigned(Type));
  if (ptxIsFloat(Type))
    return LLVMBuildBitCast(L->B, Sized, ptxLLVMType(L, Type), "");
  return Sized;
}

/*===-- Registers ---------------------------------------------------------===*/

static PtxRegister *findRegister(PtxLowering *L, const char *Name) {
  for (unsigned I = L->NumRegisters; I-- > 0;)
    if (!strcmp(L->Registers[I].Name, Name))
      return &L->Registers[I];
  return NULL;
}

static PtxRegister *declareRegister(PtxLowering *L, const char *Name,
                                    PtxType Type, LLVMValueRef Value) {
  if (L->NumRegisters == PtxMaxRegisters) {
    ptxUnsupported(L, "more than %d registers", PtxMaxRegisters);
    return NULL;
  }
  PtxRegister *R = &L->Registers[L->NumRegisters++];
  snprintf(R->Name, sizeof(R->Name), "%s", Name);
  R->Type = Type;
  R->Value = Value;
  R->Depth = L->Depth;
  return R;
}

static void closeScope(PtxLowering *L) {
  while (L->NumRegisters && L->Registers[L->NumRegisters - 1].Depth == L->Depth)
    --L->NumRegisters;
  --L->Depth;
}

/* The name under which asm operand N is a register. */
static void asmRegisterName(unsigned N, char *Out, size_t Size) {
  snprintf(Out, Size, "$%u", N);
}

/* The special registers inline PTX may read, without their '%', and
 * their widths. Each is read with its NVVM intrinsic, which the
 * retargeting maps to AMDGPU's counterpart. */
static const struct {
  const char *Name;
  unsigned Bits;
} SpecialRegisters[] = {{"laneid", 32},      {"warpid", 32},
                        {"nwarpid", 32},     {"lanemask_eq", 32},
                        {"lanemask_lt", 32}, {"lanemask_le", 32},
                        {"lanemask_gt", 32}, {"lanemask_ge", 32},
                        {"tid.x", 32},       {"tid.y", 32},
                        {"tid.z", 32},       {"ntid.x", 32},
                        {"ntid.y", 32},      {"ntid.z", 32},
                        {"ctaid.x", 32},     {"ctaid.y", 32},
                        {"ctaid.z", 32},     {"nctaid.x", 32},
                        {"nctaid.y", 32},    {"nctaid.z", 32},
                        {"clock", 32},       {"clock64", 64},
                        {"globaltimer", 64}, {"smid", 32},
                        {"nsmid", 32},       {"dynamic_smem_size", 32}};

LLVMValueRef ptxCallIntrinsic(PtxLowering *L, const char *Name,
                              LLVMTypeRef *Overloads, unsigned NumOverloads,
                              LLVMValueRef *Args, unsigned NumArgs) {
  unsigned ID = LLVMLookupIntrinsicID(Name, strlen(Name));
  LLVMValueRef F =
      LLVMGetIntrinsicDeclaration(L->M, ID, Overloads, NumOverloads);
  LLVMTypeRef FnType =
      LLVMIntrinsicGetType(L->Ctx, ID, Overloads, NumOverloads);
  return LLVMBuildCall2(L->B, FnType, F, Args, NumArgs, "");
}

/* The NVVM intrinsic that reads special register Name ("%tid.x"):
 * llvm.nvvm.read.ptx.sreg.<name> with '_' spelled '.' (lanemask.lt), or as
 * it is (dynamic_smem_size). Returns false when LLVM has neither. */
static bool specialRegisterIntrinsic(const char *Name, char *Out, size_t Size) {
  snprintf(Out, Size, "llvm.nvvm.read.ptx.sreg.%s", Name + 1);
  if (LLVMLookupIntrinsicID(Out, strlen(Out)))
    return true;
  for (char *C = Out; *C; ++C)
    if (*C == '_')
      *C = '.';
  return LLVMLookupIntrinsicID(Out, strlen(Out)) != 0;
}

static LLVMValueRef readSpecialRegister(PtxLowering *L, const char *Name) {
  char Intrinsic[64];
  specialRegisterIntrinsic(Name, Intrinsic, sizeof(Intrinsic));
  return ptxCallIntrinsic(L, Intrinsic, NULL, 0, NULL, 0);
}

static bool isSpecialRegister(const char *Name) {
  char Intrinsic[64];
  if (Name[0] != '%' ||
      !specialRegisterIntrinsic(Name, Intrinsic, sizeof(Intrinsic)))
    return false;
  for (size_t I = 0; I < sizeof(SpecialRegisters) / sizeof(SpecialRegisters[0]);
       ++I)
    if (!strcmp(Name + 1, SpecialRegisters[I].Name))
      return true;
  return false;
}

/*===-- Reading and writing operands --------------------------------------===*/

/* An immediate as a value of Type. */
static LLVMValueRef immediate(PtxLowering *L, const PtxValue *V, PtxType Type) {
  if (Type.Kind == PtxPredicate)
    return ptxInt(L, 1, V->Bits != 0);
  if (!ptxIsFloat(Type)) {
    unsigned Bits = V->Kind == PtxValueFloat32 ? 32 : 64;
    return resize(L, ptxInt(L, Bits, V->Bits), Type.Bits, false);
  }
  LLVMTypeRef FloatType = ptxLLVMType(L, Type);
  LLVMValueRef Value;
  if (V->Kind == PtxValueInteger)
    Value = LLVMConstReal(LLVMDoubleTypeInContext(L->Ctx),
                          (double)(int64_t)V->Bits);
  else if (V->Kind == PtxValueFloat32)
    Value = LLVMBuildBitCast(L->B, ptxInt(L, 32, V->Bits),
                             LLVMFloatTypeInContext(L->Ctx), "");
  else
    Value = LLVMBuildBitCast(L->B, ptxInt(L, 64, V->Bits),
                             LLVMDoubleTypeInContext(L->Ctx), "");
  unsigned Have = bitWidth(LLVMTypeOf(Value));
  if (Have > Type.Bits)
    return LLVMBuildFPTrunc(L->B, Value, FloatType, "");
  if (Have < Type.Bits)
    return LLVMBuildFPExt(L->B, Value, FloatType, "");
  return Value;
}

LLVMValueRef ptxReadValue(PtxLowering *L, const PtxValue *V, PtxType Type) {
  LLVMValueRef Value;
  if (V->Kind == PtxValueInteger || V->Kind == PtxValueFloat32 ||
      V->Kind == PtxValueFloat64) {
    Value = immediate(L, V, Type);
  } else {
    char Name[PtxMaxName];
    if (V->Kind == PtxValueAsm)
      asmRegisterName(V->AsmIndex, Name, sizeof(Name));
    else
      snprintf(Name, sizeof(Name), "%s", V->Name);
    PtxRegister *R = findRegister(L, Name);
    LLVMValueRef Bits = R ? R->Value : readSpecialRegister(L, Name);
    Value = fromBits(L, Bits, Type);
  }
  if (V->Negated)
    Value = LLVMBuildNot(L->B, Value, "");
  return Value;
}

LLVMValueRef ptxRead(PtxLowering *L, unsigned Index, PtxType Type) {
  return ptxReadValue(L, &L->S->Operands[Index].Parts[0], Type);
}

bool ptxReadConstant(PtxLowering *L, unsigned Index, uint64_t *Value) {
  const PtxValue *V = &L->S->Operands[Index].Parts[0];
  if (V->Kind == PtxValueInteger) {
    *Value = V->Bits;
    return true;
  }
  if (V->Kind != PtxValueAsm)
    return false;
  char Name[PtxMaxName];
  asmRegisterName(V->AsmIndex, Name, sizeof(Name));
  PtxRegister *R = findRegister(L, Name);
  if (!R || !R->Value || !LLVMIsAConstantInt(R->Value))
    return false;
  *Value = LLVMConstIntGetZExtValue(R->Value);
  return true;
}

LLVMValueRef ptxReadAddress(PtxLowering *L, unsigned Index,
                            unsigned AddressSpace) {
  const PtxOperand *Op = &L->S->Operands[Index];
  unsigned Bits = AddressSpace == 3 || AddressSpace == 5 ? 32 : 64;
  LLVMValueRef Base = ptxInt(L, Bits, 0);
  if (Op->NumParts)
    Base = ptxReadValue(L, &Op->Parts[0], ptxMakeType(PtxBits, Bits));
  if (Op->Offset)
    Base = LLVMBuildAdd(L->B, Base, ptxInt(L, Bits, (uint64_t)Op->Offset), "");
  return LLVMBuildIntToPtr(L->B, Base,
                           LLVMPointerTypeInContext(L->Ctx, AddressSpace), "");
}

void ptxWriteValue(PtxLowering *L, const PtxValue *V, LLVMValueRef Value) {
  if (V->Kind == PtxValueSink)
    return;
  char Name[PtxMaxName];
  if (V->Kind == PtxValueAsm)
    asmRegisterName(V->AsmIndex, Name, sizeof(Name));
  else
    snprintf(Name, sizeof(Name), "%s", V->Name);
  PtxRegister *R = findRegister(L, Name);
  LLVMValueRef Bits;
  if (R->Type.Kind == PtxPredicate)
    Bits = fromBits(L, asBits(L, Value), R->Type);
  else
    Bits = resize(L, asBits(L, Value), R->Type.Bits, false);
  if (L->Guard)
    Bits = LLVMBuildSelect(L->B, L->Guard, Bits, R->Value, "");
  R->Value = Bits;
}

void ptxWrite(PtxLowering *L, unsigned Index, LLVMValueRef Value) {
  ptxWriteValue(L, &L->S->Operands[Index].Parts[0], Value);
}

void ptxWritePredicate(PtxLowering *L, unsigned Index, LLVMValueRef Predicate) {
  const PtxOperand *Op = &L->S->Operands[Index];
  if (Op->Kind == PtxOperandPair)
    ptxWriteValue(L, &Op->Parts[1], Predicate);
}

/*===-- Guarded memory accesses -------------------------------------------===*/

void ptxBeginGuarded(PtxLowering *L) {
  if (!L->Guard)
    return;
  /* The call's block splits before the call; Head ends with the branch. */
  LLVMBasicBlockRef Tail = LLVMGetInstructionParent(L->Call);
  LLVMBasicBlockRef Head = warpSplitBlockBefore(L->Call, "ptx.join");
  LLVMBasicBlockRef Body =
      LLVMInsertBasicBlockInContext(L->Ctx, Tail, "ptx.guarded");
  LLVMPositionBuilderAtEnd(L->B, Head);
  LLVMBuildCondBr(L->B, L->Guard, Body, Tail);
  LLVMPositionBuilderAtEnd(L->B, Body);
  L->GuardedHead = Head;
}

LLVMValueRef ptxEndGuarded(PtxLowering *L, LLVMValueRef Value,
                           LLVMValueRef Otherwise) {
  if (!L->Guard)
    return Value;
  LLVMBasicBlockRef Body = LLVMGetInsertBlock(L->B);
  LLVMBuildBr(L->B, LLVMGetInstructionParent(L->Call));
  LLVMPositionBuilderBefore(L->B, L->Call);
  if (!Value)
    return NULL;
  LLVMValueRef Phi = LLVMBuildPhi(L->B, LLVMTypeOf(Value), "");
  LLVMValueRef Values[] = {Value, Otherwise};
  LLVMBasicBlockRef Blocks[] = {Body, L->GuardedHead};
  LLVMAddIncoming(Phi, Values, Blocks, 2);
  return Phi;
}

/*===-- Matching statements against the forms -----------------------------===*/

static bool isDestValue(const PtxValue *V) {
  return !V->Negated && (V->Kind == PtxValueRegister ||
                         V->Kind == PtxValueAsm || V->Kind == PtxValueSink);
}

static bool isSourceValue(const PtxValue *V) { return V->Kind != PtxValueSink; }

static bool operandFits(const PtxOperand *Op, PtxOperandSpec Spec) {
  bool Simple = Op->Kind == PtxOperandSimple;
  bool AllDest = true, AllSource = true;
  for (unsigned I = 0; I < Op->NumParts; ++I) {
    AllDest &= isDestValue(&Op->Parts[I]);
    AllSource &= isSourceValue(&Op->Parts[I]);
  }
  switch (Spec) {
  case PtxDest:
    return Simple && AllDest;
  case PtxDestOrPair:
    return (Simple || Op->Kind == PtxOperandPair) && AllDest;
  case PtxDestOrVector:
    return (Simple || Op->Kind == PtxOperandVector) && AllDest;
  case PtxSource:
    return Simple && AllSource && !Op->Parts[0].Negated;
  case PtxSourceOrVector:
    return (Simple || Op->Kind == PtxOperandVector) && AllSource;
  case PtxPredicateSource:
    return Simple && AllSource;
  case PtxAddressOperand:
    return Op->Kind == PtxOperandAddress;
  }
  return false;
}

/* Whether statement S is an instance of form F; fills L's types and
 * modifiers when it is. */
static bool matchForm(PtxLowering *L, const PtxStatement *S, const PtxForm *F) {
  if (strcmp(S->Opcode, F->Opcode))
    return false;
  L->NumTypes = 0;
  memset(L->Modifiers, 0, sizeof(L->Modifiers));
  for (unsigned I = 0; I < S->NumSuffixes; ++I) {
    const char *Suffix = S->Suffixes[I];
    PtxType Type;
    if (L->NumTypes < 2 && F->TypeSlots[L->NumTypes] &&
        listHas(F->TypeSlots[L->NumTypes], Suffix) &&
        ptxParseType(Suffix, &Type)) {
      L->Types[L->NumTypes++] = Type;
      continue;
    }
    bool Claimed = false;
    for (unsigned G = 0; G < PtxMaxModifierGroups && F->Modifiers[G]; ++G) {
      const char *Options = F->Modifiers[G] + (F->Modifiers[G][0] == '!');
      if (!L->Modifiers[G] && listHas(Options, Suffix)) {
        L->Modifiers[G] = Suffix;
        Claimed = true;
        break;
      }
    }
    if (!Claimed)
      return false;
  }
  for (unsigned Slot = 0; Slot < 2; ++Slot)
    if (F->TypeSlots[Slot] && L->NumTypes <= Slot)
      return false;
  for (unsigned G = 0; G < PtxMaxModifierGroups && F->Modifiers[G]; ++G)
    if (F->Modifiers[G][0] == '!' && !L->Modifiers[G])
      return false;
  if (S->NumOperands < F->MinOperands || S->NumOperands > F->MaxOperands)
    return false;
  for (unsigned I = 0; I < S->NumOperands; ++I)
    if (!operandFits(&S->Operands[I], F->Operands[I]))
      return false;
  return true;
}

static const PtxForm *findForm(PtxLowering *L, const PtxStatement *S) {
  for (size_t I = 0; I < sizeof(PtxFormTable) / sizeof(PtxFormTable[0]); ++I)
    if (matchForm(L, S, &PtxFormTable[I]))
      return &PtxFormTable[I];
  return NULL;
}

static bool isKnownOpcode(const char *Opcode) {
  for (size_t I = 0; I < sizeof(PtxFormTable) / sizeof(PtxFormTable[0]); ++I)
    if (!strcmp(PtxFormTable[I].Opcode, Opcode))
      return true;
  return false;
}

/* Every register a statement names exists (special registers only as
 * sources). */
static bool checkNames(PtxLowering *L, const PtxStatement *S) {
  const PtxValue *Values[1 + PtxMaxOperands * 4];
  bool IsDest[1 + PtxMaxOperands * 4];
  unsigned N = 0;
  if (S->Guarded) {
    IsDest[N] = false;
    Values[N++] = &S->Guard;
  }
  for (unsigned I = 0; I < S->NumOperands; ++I) {
    const PtxOperand *Op = &S->Operands[I];
    bool Dest = L->Form->Operands[I] == PtxDest ||
                L->Form->Operands[I] == PtxDestOrPair ||
                L->Form->Operands[I] == PtxDestOrVector;
    for (unsigned P = 0; P < Op->NumParts; ++P) {
      IsDest[N] = Dest;
      Values[N++] = &Op->Parts[P];
    }
  }
  for (unsigned I = 0; I < N; ++I) {
    const PtxValue *V = Values[I];
    char Name[PtxMaxName];
    if (V->Kind == PtxValueAsm)
      asmRegisterName(V->AsmIndex, Name, sizeof(Name));
    else if (V->Kind == PtxValueRegister)
      snprintf(Name, sizeof(Name), "%s", V->Name);
    else
      continue;
    if (findRegister(L, Name))
      continue;
    if (V->Kind == PtxValueAsm)
      return ptxUnsupported(L, "asm operand %%%u does not exist", V->AsmIndex);
    if (!isSpecialRegister(Name))
      return ptxUnsupported(L, "register '%s' is not declared", Name);
    if (IsDest[I])
      return ptxUnsupported(L, "special register '%s' written", Name);
  }
  return true;
}

static bool translateInstruction(PtxLowering *L, const PtxStatement *S) {
  L->S = S;
  L->Form = findForm(L, S);
  if (!L->Form) {
    char Name[128];
    ptxFormatInstructionName(S, Name, sizeof(Name));
    if (!strcmp(S->Opcode, "bra"))
      return ptxUnsupported(L, "labels and branches are not supported");
    if (!isKnownOpcode(S->Opcode))
      return ptxUnsupported(L, "unknown instruction '%s'", Name);
    return ptxUnsupported(L, "'%s' is not a supported form of '%s'", Name,
                          S->Opcode);
  }
  if (!checkNames(L, S))
    return false;
  L->Guard = NULL;
  if (S->Guarded && !L->Checking)
    L->Guard = ptxReadValue(L, &S->Guard, ptxMakeType(PtxPredicate, 1));
  return L->Form->Recipe(L);
}

static bool declareRegisters(PtxLowering *L, const PtxStatement *S) {
  LLVMValueRef Zero =
      LLVMConstNull(S->DeclaredType.Kind == PtxPredicate
                        ? LLVMInt1TypeInContext(L->Ctx)
                        : LLVMIntTypeInContext(L->Ctx, S->DeclaredType.Bits));
  PtxType Type = S->DeclaredType;
  if (Type.Kind != PtxPredicate)
    Type.Kind = PtxBits;
  for (unsigned I = 0; I < S->NumOperands; ++I) {
    const PtxValue *V = &S->Operands[I].Parts[0];
    if (!V->Bits) {
      if (!declareRegister(L, V->Name, Type, Zero))
        return false;
      continue;
    }
    for (uint64_t K = 0; K < V->Bits; ++K) {
      char Name[PtxMaxName + 4];
      snprintf(Name, sizeof(Name), "%s%u", V->Name, (unsigned)K);
      if (!declareRegister(L, Name, Type, Zero))
        return false;
    }
  }
  return true;
}

static bool translateProgram(PtxLowering *L, const PtxProgram *P) {
  for (unsigned I = 0; I < P->NumStatements; ++I) {
    const PtxStatement *S = &P->Statements[I];
    bool Ok = true;
    switch (S->Kind) {
    case PtxStatementOpen:
      ++L->Depth;
      break;
    case PtxStatementClose:
      closeScope(L);
      break;
    case PtxStatementDeclaration:
      Ok = declareRegisters(L, S);
      break;
    case PtxStatementInstruction:
      Ok = translateInstruction(L, S);
      break;
    }
    if (!Ok) {
      char Message[512];
      snprintf(Message, sizeof(Message), "%s", L->Why);
      snprintf(L->Why, L->WhySize, "in \"%.*s\": %s", (int)S->Length, S->Text,
               Message);
      return false;
    }
  }
  return true;
}

/*===-- Asm operands ------------------------------------------------------===*/

typedef struct {
  unsigned NumOutputs;
  unsigned NumInputs;
  LLVMTypeRef OutputTypes[PtxMaxAsmOperands];
  int TiedInput[PtxMaxAsmOperands]; /* per output: the input, or -1 */
  bool MemoryClobber;
} AsmOperands;

/* Reads the call's constraint string. */
static bool readConstraints(PtxLowering *L, AsmOperands *A) {
  LLVMValueRef Asm = LLVMGetCalledValue(L->Call);
  size_t Length;
  const char *Text = LLVMGetInlineAsmConstraintString(Asm, &Length);
  memset(A, 0, sizeof(*A));
  for (unsigned I = 0; I < PtxMaxAsmOperands; ++I)
    A->TiedInput[I] = -1;
  const char *End = Text + Length;
  for (const char *Entry = Text; Entry < End;) {
    const char *Comma = memchr(Entry, ',', (size_t)(End - Entry));
    size_t N = (size_t)((Comma ? Comma : End) - Entry);
    if (N > 0 && Entry[0] == '~') {
      A->MemoryClobber |= N == 9 && !strncmp(Entry, "~{memory}", 9);
    } else if (memchr(Entry, '*', N) || memchr(Entry, 'm', N)) {
      return ptxUnsupported(L, "memory constraints ('m') are not supported");
    } else if (N > 0 && Entry[0] == '=') {
      if (A->NumOutputs + A->NumInputs >= PtxMaxAsmOperands)
        return ptxUnsupported(L, "too many asm operands");
      ++A->NumOutputs;
    } else {
      if (A->NumOutputs + A->NumInputs >= PtxMaxAsmOperands)
        return ptxUnsupported(L, "too many asm operands");
      if (N > 0 && Entry[0] >= '0' && Entry[0] <= '9') {
        unsigned Output = (unsigned)atoi(Entry);
        if (Output < A->NumOutputs)
          A->TiedInput[Output] = (int)A->NumInputs;
      }
      ++A->NumInputs;
    }
    Entry += N + 1;
  }
  LLVMTypeRef Result = LLVMTypeOf(L->Call);
  for (unsigned I = 0; I < A->NumOutputs; ++I) {
    LLVMTypeRef Type =
        A->NumOutputs == 1 ? Result : LLVMStructGetTypeAtIndex(Result, I);
    if (!bitWidth(Type))
      return ptxUnsupported(L, "an asm output of this type is not supported");
    A->OutputTypes[I] = Type;
  }
  for (unsigned I = 0; I < A->NumInputs; ++I)
    if (!bitWidth(LLVMTypeOf(LLVMGetOperand(L->Call, I))))
      return ptxUnsupported(L, "an asm input of this type is not supported");
  return true;
}

/* Declares $0 ... $N as registers holding the asm operands. */
static bool declareAsmOperands(PtxLowering *L, const AsmOperands *A) {
  for (unsigned I = 0; I < A->NumOutputs + A->NumInputs; ++I) {
    bool IsOutput = I < A->NumOutputs;
    LLVMValueRef Value = NULL;
    LLVMTypeRef Type;
    if (IsOutput) {
      Type = A->OutputTypes[I];
      if (A->TiedInput[I] >= 0)
        Value = LLVMGetOperand(L->Call, (unsigned)A->TiedInput[I]);
    } else {
      Value = LLVMGetOperand(L->Call, I - A->NumOutputs);
      Type = LLVMTypeOf(Value);
    }
    unsigned Bits = bitWidth(Type);
    if (!Value)
      Value = LLVMConstNull(LLVMIntTypeInContext(L->Ctx, Bits));
    if (L->Checking)
      Value = LLVMIsAConstantInt(Value) ? Value : NULL;
    else
      Value = resize(L, asBits(L, Value), Bits, false);
    char Name[PtxMaxName];
    asmRegisterName(I, Name, sizeof(Name));
    if (!declareRegister(L, Name, ptxMakeType(PtxBits, Bits), Value))
      return false;
  }
  return true;
}

/* The outputs' final values, as the call's result. */
static LLVMValueRef buildResult(PtxLowering *L, const AsmOperands *A) {
  LLVMValueRef Result = NULL;
  LLVMTypeRef ResultType = LLVMTypeOf(L->Call);
  if (A->NumOutputs > 1)
    Result = LLVMGetPoison(ResultType);
  for (unsigned I = 0; I < A->NumOutputs; ++I) {
    char Name[PtxMaxName];
    asmRegisterName(I, Name, sizeof(Name));
    LLVMValueRef Bits = findRegister(L, Name)->Value;
    LLVMTypeRef Type = A->OutputTypes[I];
    LLVMValueRef Value;
    if (LLVMGetTypeKind(Type) == LLVMPointerTypeKind)
      Value = LLVMBuildIntToPtr(L->B, Bits, Type, "");
    else if (LLVMGetTypeKind(Type) == LLVMIntegerTypeKind)
      Value = Bits;
    else
      Value = LLVMBuildBitCast(L->B, Bits, Type, "");
    Result = A->NumOutputs == 1
                 ? Value
                 : LLVMBuildInsertValue(L->B, Result, Value, I, "");
  }
  return Result;
}

/*===-- Entry points ------------------------------------------------------===*/

/* Translates Call's asm: checks it first and, when Build, replaces the call
 * with what it means. Returns false with the reason in Why. */
static bool translateCall(LLVMModuleRef M, LLVMBuilderRef B, LLVMValueRef Call,
                          bool Build, char *Why, size_t WhySize) {
  LLVMValueRef Asm = LLVMGetCalledValue(Call);
  size_t Length;
  const char *Text = LLVMGetInlineAsmAsmString(Asm, &Length);
  PtxProgram Program;
  if (!ptxParse(Text, Length, &Program, Why, WhySize))
    return false;
  PtxLowering *L = calloc(1, sizeof(PtxLowering));
  L->M = M;
  L->Ctx = LLVMGetModuleContext(M);
  L->B = B;
  L->Call = Call;
  L->Why = Why;
  L->WhySize = WhySize;
  L->Volatile = LLVMGetInlineAsmHasSideEffects(Asm);
  Why[0] = '\0';
  AsmOperands A;
  bool Ok = true;
  for (int Pass = 0; Pass < (Build ? 2 : 1) && Ok; ++Pass) {
    L->Checking = Pass == 0;
    L->NumRegisters = 0;
    L->Depth = 0;
    L->Carry = LLVMConstNull(LLVMInt1TypeInContext(L->Ctx));
    LLVMPositionBuilderBefore(B, Call);
    LLVMSetCurrentDebugLocation2(B, LLVMInstructionGetDebugLoc(Call));
    Ok = readConstraints(L, &A) && declareAsmOperands(L, &A) &&
         translateProgram(L, &Program);
  }
  if (Ok && Build) {
    if (A.MemoryClobber && L->Volatile)
      LLVMBuildFence(B, LLVMAtomicOrderingSequentiallyConsistent, true, "");
    LLVMValueRef Result = buildResult(L, &A);
    if (Result)
      LLVMReplaceAllUsesWith(Call, Result);
    LLVMInstructionEraseFromParent(Call);
  }
  free(L);
  ptxDisposeProgram(&Program);
  return Ok;
}

static bool isInlineAsmCall(LLVMValueRef I) {
  return LLVMIsACallInst(I) && LLVMIsAInlineAsm(LLVMGetCalledValue(I));
}

unsigned warpRewriteInlinePtxCalls(LLVMModuleRef M, LLVMValueRef *Calls,
                                   unsigned NumCalls) {
  unsigned NumRewritten = 0;
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  char Why[512];
  for (unsigned I = 0; I < NumCalls; ++I)
    NumRewritten += translateCall(M, B, Calls[I], true, Why, sizeof(Why));
  LLVMDisposeBuilder(B);
  return NumRewritten;
}

/* Call, in a kernel, becomes its return: what precedes it stays, the rest
 * of its block is left unreachable for the optimizer to drop. */
static void returnFromKernelAt(LLVMValueRef Call) {
  LLVMBasicBlockRef Head = warpSplitBlockBefore(Call, "ptx.exited");
  LLVMBuilderRef B = LLVMCreateBuilderInContext(
      LLVMGetTypeContext(LLVMTypeOf(Call)));
  LLVMPositionBuilderAtEnd(B, Head);
  LLVMBuildRetVoid(B);
  LLVMDisposeBuilder(B);
  LLVMInstructionEraseFromParent(Call);
}

void warpLowerDeferredExits(LLVMModuleRef M, WarpDiagnostics *Diags) {
  LLVMValueRef Exit = LLVMGetNamedFunction(M, WarpDeferredExitName);
  if (!Exit)
    return;
  LLVMUseRef Next;
  for (LLVMUseRef U = LLVMGetFirstUse(Exit); U; U = Next) {
    Next = LLVMGetNextUse(U);
    LLVMValueRef Call = LLVMGetUser(U);
    if (!LLVMIsACallInst(Call))
      continue;
    LLVMValueRef F = LLVMGetBasicBlockParent(LLVMGetInstructionParent(Call));
    if (warpIsKernel(F))
      returnFromKernelAt(Call);
    else
      warpReportUse(Diags, Call, "asm \"exit;\"",
                    "inline PTX that nvvm-to-amdgpu cannot translate: %s",
                    "exit outside a kernel (a device function that is not "
                    "inlined into its kernel)");
  }
  if (!LLVMGetFirstUse(Exit))
    LLVMDeleteFunction(Exit);
}

unsigned warpRewriteInlinePtx(LLVMModuleRef M) {
  unsigned NumCalls = 0, Capacity = 0;
  LLVMValueRef *Calls = NULL;
  /* Collected first: translating splits blocks. */
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        if (!isInlineAsmCall(I))
          continue;
        if (NumCalls == Capacity) {
          Capacity = Capacity ? 2 * Capacity : 16;
          Calls = realloc(Calls, Capacity * sizeof(LLVMValueRef));
        }
        Calls[NumCalls++] = I;
      }
  unsigned NumRewritten = warpRewriteInlinePtxCalls(M, Calls, NumCalls);
  free(Calls);
  return NumRewritten;
}

void warpExplainInlinePtx(LLVMValueRef Call, char *Why, size_t WhySize) {
  LLVMModuleRef M = LLVMGetGlobalParent(
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(Call)));
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  if (translateCall(M, B, Call, false, Why, WhySize))
    Why[0] = '\0';
  LLVMDisposeBuilder(B);
}
