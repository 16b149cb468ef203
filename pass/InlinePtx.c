/*===- InlinePtx.c - Rewrite known inline PTX into NVVM intrinsics ---------===*
 *
 * CUDA code reaches warp operations through inline PTX too: clang's
 * __activemask() is `activemask.b32`, and CUB reads %laneid and
 * %lanemask_* and shuffles with `shfl.sync` (and with `shfl.sync r0|p`
 * followed by a predicated add in its reduce and scan steps). Each form
 * the pass understands is a row of the InlinePtx table generated from
 * tablegen/WarpPatterns.td: the asm text, its constraints, the intrinsic
 * that computes the same thing and which asm operand feeds each parameter.
 * A call whose asm matches a row exactly (whitespace aside) becomes a call
 * of the intrinsic, lowered afterwards like one written in the source;
 * anything else is left alone, for nvvm-to-amdgpu to report.
 *
 *===----------------------------------------------------------------------===*/

#include "InlinePtx.h"

#include "IRUtils.h"
#include "WarpPatterns.h"

#include <ctype.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <string.h>

static bool isWordCharacter(char C) {
  return isalnum((unsigned char)C) || C == '_' || C == '$' || C == '%' ||
         C == '.';
}

/* The length of the PTX comment starting at Text (// to the end of the
 * line, or a block comment), 0 when none starts there. */
static size_t getCommentLength(const char *Text, size_t Length) {
  if (Length < 2 || Text[0] != '/' || (Text[1] != '/' && Text[1] != '*'))
    return 0;
  const char *End = Text[1] == '/' ? memchr(Text, '\n', Length) : NULL;
  if (Text[1] == '*')
    for (size_t I = 2; I + 1 < Length && !End; ++I)
      if (Text[I] == '*' && Text[I + 1] == '/')
        End = Text + I + 2;
  return End ? (size_t)(End - Text) : Length;
}

bool warpNormalizeAsm(const char *Asm, size_t Length, char *Out, size_t Size) {
  size_t N = 0;
  bool SpaceSeen = false;
  for (size_t I = 0; I < Length; ++I) {
    size_t Comment = getCommentLength(Asm + I, Length - I);
    if (Comment) {
      SpaceSeen = N > 0;
      I += Comment - 1;
      continue;
    }
    char C = Asm[I];
    if (isspace((unsigned char)C)) {
      SpaceSeen = N > 0;
      continue;
    }
    if (SpaceSeen && isWordCharacter(Out[N - 1]) && isWordCharacter(C)) {
      if (N + 1 >= Size)
        return false;
      Out[N++] = ' ';
    }
    SpaceSeen = false;
    if (N + 1 >= Size)
      return false;
    Out[N++] = C;
  }
  Out[N] = '\0';
  return true;
}

/* Whether the call's constraints, clobbers (~{...}) aside, are Expected. */
static bool constraintsMatch(const char *Constraints, size_t Length,
                             const char *Expected) {
  char Kept[256];
  size_t N = 0;
  for (const char *Entry = Constraints; Entry < Constraints + Length;) {
    const char *Comma = memchr(Entry, ',', Constraints + Length - Entry);
    size_t EntryLength = (Comma ? Comma : Constraints + Length) - Entry;
    if (Entry[0] != '~') {
      if (N + EntryLength + 2 > sizeof(Kept))
        return false;
      if (N)
        Kept[N++] = ',';
      memcpy(Kept + N, Entry, EntryLength);
      N += EntryLength;
    }
    Entry += EntryLength + 1;
  }
  Kept[N] = '\0';
  return strcmp(Kept, Expected) == 0;
}

static unsigned countOutputs(const char *Constraints) {
  unsigned Count = 0;
  for (const char *C = Constraints; *C; ++C)
    Count += *C == '=';
  return Count;
}

/* The type of the pattern's intrinsic (none of them is overloaded). */
static LLVMTypeRef patternIntrinsicType(LLVMContextRef Ctx,
                                        const WarpInlinePtxPattern *P) {
  const char *Name = P->IntrinsicName;
  return LLVMIntrinsicGetType(Ctx, LLVMLookupIntrinsicID(Name, strlen(Name)),
                              NULL, 0);
}

/* Field Index of a struct type, or the type itself when it is not one. */
static LLVMTypeRef fieldType(LLVMTypeRef Type, unsigned Index) {
  if (LLVMGetTypeKind(Type) != LLVMStructTypeKind)
    return Index == 0 ? Type : NULL;
  return Index < LLVMCountStructElementTypes(Type)
             ? LLVMStructGetTypeAtIndex(Type, Index)
             : NULL;
}

/* An asm operand or result of type Have stands for the intrinsic's of type
 * Want: the same type, or a 32-bit register for a predicate, as
 * setp.ne.u32 and selp.u32 convert them. */
static bool typeFits(LLVMTypeRef Have, LLVMTypeRef Want) {
  if (!Have || !Want)
    return false;
  if (Have == Want)
    return true;
  return LLVMGetTypeKind(Have) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(Have) == 32 &&
         LLVMGetTypeKind(Want) == LLVMIntegerTypeKind &&
         LLVMGetIntTypeWidth(Want) == 1;
}

/* Whether the IR types of Call's operands and result fit the pattern's
 * intrinsic: text and constraints alone do not fix them (an "r" operand
 * may be bound to an i64). */
static bool typesFit(LLVMValueRef Call, const WarpInlinePtxPattern *P) {
  LLVMTypeRef FnType =
      patternIntrinsicType(LLVMGetTypeContext(LLVMTypeOf(Call)), P);
  LLVMTypeRef Params[4];
  LLVMGetParamTypes(FnType, Params);
  unsigned NumOutputs = countOutputs(P->Constraints);
  for (unsigned I = 0; I < P->NumOperands; ++I) {
    LLVMValueRef Operand = LLVMGetOperand(Call, P->Operands[I] - NumOutputs);
    if (!typeFits(LLVMTypeOf(Operand), Params[I]))
      return false;
  }
  LLVMTypeRef Result = LLVMGetReturnType(FnType);
  LLVMTypeRef AsmType = LLVMTypeOf(Call);
  switch (P->Result) {
  case WarpPtxNoResult:
    return true;
  case WarpPtxValue:
    return typeFits(AsmType, fieldType(Result, 0));
  case WarpPtxValuePredicate:
    return LLVMGetTypeKind(AsmType) == LLVMStructTypeKind &&
           fieldType(AsmType, 0) == fieldType(Result, 0) &&
           typeFits(fieldType(AsmType, 1), fieldType(Result, 1));
  case WarpPtxAddIfPredicate:
    return AsmType == fieldType(Result, 0) &&
           LLVMTypeOf(LLVMGetOperand(Call, P->AddOperand - NumOutputs)) ==
               AsmType;
  }
  return false;
}

/* The pattern for the inline asm call Call, or NULL. */
static const WarpInlinePtxPattern *matchInlinePtx(LLVMValueRef Call) {
  LLVMValueRef Asm = LLVMGetCalledValue(Call);
  size_t Length;
  const char *Text = LLVMGetInlineAsmAsmString(Asm, &Length);
  char Normalized[512];
  if (!warpNormalizeAsm(Text, Length, Normalized, sizeof(Normalized)))
    return NULL;
  const WarpInlinePtxPattern *P = warpFindInlinePtxPattern(Normalized);
  if (!P)
    return NULL;
  const char *Constraints = LLVMGetInlineAsmConstraintString(Asm, &Length);
  if (!constraintsMatch(Constraints, Length, P->Constraints) ||
      !typesFit(Call, P))
    return NULL;
  return P;
}

/* The intrinsic's argument from asm operand Operand: an i32 becomes the i1
 * a predicate parameter wants as setp.ne.u32 p, x, 0 would make it. */
static LLVMValueRef buildArgument(LLVMBuilderRef B, LLVMValueRef Call,
                                  unsigned NumOutputs, unsigned Operand,
                                  LLVMTypeRef ParamType) {
  LLVMValueRef Value = LLVMGetOperand(Call, Operand - NumOutputs);
  if (LLVMTypeOf(Value) == ParamType)
    return Value;
  return LLVMBuildICmp(B, LLVMIntNE, Value, LLVMConstNull(LLVMTypeOf(Value)),
                       "");
}

/* An intrinsic result as the asm output of type Type: i1 becomes 0/1, as
 * selp.u32 d, 1, 0, p makes it. */
static LLVMValueRef buildOutput(LLVMBuilderRef B, LLVMValueRef Value,
                                LLVMTypeRef Type) {
  if (LLVMTypeOf(Value) == Type)
    return Value;
  return LLVMBuildZExt(B, Value, Type, "");
}

static LLVMValueRef buildField(LLVMBuilderRef B, LLVMValueRef Value,
                               unsigned Index) {
  if (LLVMGetTypeKind(LLVMTypeOf(Value)) != LLVMStructTypeKind)
    return Value;
  return LLVMBuildExtractValue(B, Value, Index, "");
}

static void rewriteCall(LLVMModuleRef M, LLVMBuilderRef B, LLVMValueRef Call,
                        const WarpInlinePtxPattern *P) {
  LLVMPositionBuilderBefore(B, Call);
  LLVMSetCurrentDebugLocation2(B, LLVMInstructionGetDebugLoc(Call));
  LLVMTypeRef FnType = patternIntrinsicType(LLVMGetModuleContext(M), P);
  LLVMTypeRef ParamTypes[4];
  LLVMGetParamTypes(FnType, ParamTypes);
  unsigned NumOutputs = countOutputs(P->Constraints);
  LLVMValueRef Args[4];
  for (unsigned I = 0; I < P->NumOperands; ++I)
    Args[I] = buildArgument(B, Call, NumOutputs, P->Operands[I], ParamTypes[I]);
  LLVMValueRef Result =
      warpBuildIntrinsicCall(M, B, P->IntrinsicName, Args, P->NumOperands, "");

  LLVMTypeRef AsmType = LLVMTypeOf(Call);
  LLVMValueRef Replacement = NULL;
  switch (P->Result) {
  case WarpPtxNoResult:
    break;
  case WarpPtxValue:
    Replacement = buildOutput(B, buildField(B, Result, 0), AsmType);
    break;
  case WarpPtxValuePredicate: {
    LLVMTypeRef PredType = LLVMStructGetTypeAtIndex(AsmType, 1);
    LLVMValueRef Pair = LLVMGetPoison(AsmType);
    Pair = LLVMBuildInsertValue(B, Pair, buildField(B, Result, 0), 0, "");
    Replacement = LLVMBuildInsertValue(
        B, Pair, buildOutput(B, buildField(B, Result, 1), PredType), 1, "");
    break;
  }
  case WarpPtxAddIfPredicate: {
    LLVMValueRef Value = buildField(B, Result, 0);
    LLVMValueRef Addend = LLVMGetOperand(Call, P->AddOperand - NumOutputs);
    bool IsFloat = LLVMGetTypeKind(AsmType) == LLVMFloatTypeKind;
    LLVMValueRef Sum = IsFloat ? LLVMBuildFAdd(B, Value, Addend, "")
                               : LLVMBuildAdd(B, Value, Addend, "");
    Replacement = LLVMBuildSelect(B, buildField(B, Result, 1), Sum, Value, "");
    break;
  }
  }
  if (Replacement)
    LLVMReplaceAllUsesWith(Call, Replacement);
  LLVMInstructionEraseFromParent(Call);
}

static bool isInlineAsmCall(LLVMValueRef I) {
  return LLVMIsACallInst(I) && LLVMIsAInlineAsm(LLVMGetCalledValue(I));
}

unsigned warpRewriteInlinePtx(LLVMModuleRef M) {
  unsigned NumRewritten = 0;
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB)) {
      LLVMValueRef Next;
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I; I = Next) {
        Next = LLVMGetNextInstruction(I);
        const WarpInlinePtxPattern *P =
            isInlineAsmCall(I) ? matchInlinePtx(I) : NULL;
        if (!P)
          continue;
        rewriteCall(M, B, I, P);
        ++NumRewritten;
      }
    }
  LLVMDisposeBuilder(B);
  return NumRewritten;
}
