/*===- PtxParser.c - The PTX that inline asm can hold, parsed -------------===*
 *
 * A hand-written recursive-descent parser over the asm string as clang
 * leaves it in IR: asm operands are $N (or ${N}, ${N:mod}), PTX registers
 * %name. Comments (// and block) are skipped. Everything the parser does not
 * know (labels, directives other than .reg) is an error naming the text, so
 * that nothing is guessed at.
 *
 *===----------------------------------------------------------------------===*/

#include "ptx/PtxParser.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *Text;
  const char *End;
  const char *Cursor;
  char *Why;
  size_t WhySize;
  bool Failed;
} Parser;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static bool fail(Parser *P, const char *Format, ...) {
  if (P->Failed)
    return false;
  P->Failed = true;
  va_list Args;
  va_start(Args, Format);
  int N = vsnprintf(P->Why, P->WhySize, Format, Args);
  va_end(Args);
  size_t Used = N < 0 ? 0 : (size_t)N;
  if (Used < P->WhySize) {
    size_t Rest = (size_t)(P->End - P->Cursor);
    snprintf(P->Why + Used, P->WhySize - Used, " at \"%.*s\"",
             (int)(Rest < 24 ? Rest : 24), P->Cursor);
  }
  return false;
}

static void skipSpace(Parser *P) {
  while (P->Cursor < P->End) {
    if (isspace((unsigned char)*P->Cursor)) {
      ++P->Cursor;
    } else if (P->End - P->Cursor >= 2 && P->Cursor[0] == '/' &&
               P->Cursor[1] == '/') {
      while (P->Cursor < P->End && *P->Cursor != '\n')
        ++P->Cursor;
    } else if (P->End - P->Cursor >= 2 && P->Cursor[0] == '/' &&
               P->Cursor[1] == '*') {
      P->Cursor += 2;
      while (P->Cursor + 1 < P->End &&
             !(P->Cursor[0] == '*' && P->Cursor[1] == '/'))
        ++P->Cursor;
      P->Cursor = P->Cursor + 1 < P->End ? P->Cursor + 2 : P->End;
    } else {
      return;
    }
  }
}

static bool atChar(Parser *P, char C) {
  skipSpace(P);
  return P->Cursor < P->End && *P->Cursor == C;
}

static bool accept(Parser *P, char C) {
  if (!atChar(P, C))
    return false;
  ++P->Cursor;
  return true;
}

static bool expect(Parser *P, char C) {
  return accept(P, C) || fail(P, "expected '%c'", C);
}

static bool isIdentifierStart(char C) {
  return isalpha((unsigned char)C) || C == '_' || C == '%' || C == '$';
}

static bool isIdentifierChar(char C) {
  return isalnum((unsigned char)C) || C == '_' || C == '$';
}

/* Reads an identifier (letters, digits, _ and $; a leading %) into Out. */
static bool readIdentifier(Parser *P, char *Out, size_t Size) {
  skipSpace(P);
  const char *Start = P->Cursor;
  if (P->Cursor < P->End && *P->Cursor == '%')
    ++P->Cursor;
  while (P->Cursor < P->End && isIdentifierChar(*P->Cursor))
    ++P->Cursor;
  size_t Length = (size_t)(P->Cursor - Start);
  if (Length == 0 || (Length == 1 && *Start == '%'))
    return fail(P, "expected a name");
  if (Length >= Size)
    return fail(P, "name too long");
  memcpy(Out, Start, Length);
  Out[Length] = '\0';
  return true;
}

bool ptxParseType(const char *Name, PtxType *Type) {
  static const struct {
    const char *Name;
    PtxTypeKind Kind;
    unsigned Bits;
  } Types[] = {{"b8", PtxBits, 8},       {"b16", PtxBits, 16},
               {"b32", PtxBits, 32},     {"b64", PtxBits, 64},
               {"u8", PtxUnsigned, 8},   {"u16", PtxUnsigned, 16},
               {"u32", PtxUnsigned, 32}, {"u64", PtxUnsigned, 64},
               {"s8", PtxSigned, 8},     {"s16", PtxSigned, 16},
               {"s32", PtxSigned, 32},   {"s64", PtxSigned, 64},
               {"f16", PtxFloat, 16},    {"f32", PtxFloat, 32},
               {"f64", PtxFloat, 64},    {"pred", PtxPredicate, 1}};
  for (size_t I = 0; I < sizeof(Types) / sizeof(Types[0]); ++I)
    if (!strcmp(Name, Types[I].Name)) {
      Type->Kind = Types[I].Kind;
      Type->Bits = Types[I].Bits;
      return true;
    }
  return false;
}

/* An integer literal: decimal, 0x hex, 0b binary or 0 octal, optionally
 * negative and with PTX's U suffix. */
static bool parseInteger(Parser *P, PtxValue *V) {
  bool Negative = accept(P, '-');
  skipSpace(P);
  const char *Start = P->Cursor;
  int Base = 10;
  if (P->End - Start > 2 && Start[0] == '0' &&
      (Start[1] == 'x' || Start[1] == 'X')) {
    Base = 16;
    Start += 2;
  } else if (P->End - Start > 2 && Start[0] == '0' &&
             (Start[1] == 'b' || Start[1] == 'B')) {
    Base = 2;
    Start += 2;
  } else if (P->End - Start > 1 && Start[0] == '0' &&
             isdigit((unsigned char)Start[1])) {
    Base = 8;
  }
  uint64_t Value = 0;
  const char *C = Start;
  for (; C < P->End && isxdigit((unsigned char)*C); ++C) {
    int Digit = isdigit((unsigned char)*C)
                    ? *C - '0'
                    : tolower((unsigned char)*C) - 'a' + 10;
    if (Digit >= Base)
      break;
    Value = Value * (uint64_t)Base + (uint64_t)Digit;
  }
  if (C == Start)
    return fail(P, "expected a number");
  if (C < P->End && (*C == 'U' || *C == 'u'))
    ++C;
  P->Cursor = C;
  V->Kind = PtxValueInteger;
  V->Bits = Negative ? (uint64_t)0 - Value : Value;
  return true;
}

/* 0fXXXXXXXX, 0dXXXXXXXXXXXXXXXX, or a decimal literal with a '.' or an
 * exponent. Returns false without failing when the text is none of them. */
static bool parseFloat(Parser *P, PtxValue *V) {
  skipSpace(P);
  const char *Start = P->Cursor;
  bool Negative = Start < P->End && *Start == '-';
  const char *Digits = Start + Negative;
  if (P->End - Digits >= 10 && Digits[0] == '0' &&
      (Digits[1] == 'f' || Digits[1] == 'F' || Digits[1] == 'd' ||
       Digits[1] == 'D')) {
    bool Double = Digits[1] == 'd' || Digits[1] == 'D';
    unsigned Count = Double ? 16 : 8;
    if (P->End - Digits < 2 + Count)
      return false;
    uint64_t Bits = 0;
    for (unsigned I = 0; I < Count; ++I) {
      char C = Digits[2 + I];
      if (!isxdigit((unsigned char)C))
        return false;
      Bits = Bits << 4 | (uint64_t)(isdigit((unsigned char)C)
                                        ? C - '0'
                                        : tolower((unsigned char)C) - 'a' + 10);
    }
    if (Negative)
      Bits ^= (uint64_t)1 << (Double ? 63 : 31);
    V->Kind = Double ? PtxValueFloat64 : PtxValueFloat32;
    V->Bits = Bits;
    P->Cursor = Digits + 2 + Count;
    return true;
  }
  const char *C = Digits;
  while (C < P->End && isdigit((unsigned char)*C))
    ++C;
  if (C == Digits || C >= P->End || (*C != '.' && *C != 'e' && *C != 'E'))
    return false;
  char Buffer[64];
  size_t Length = (size_t)(P->End - Start) < 63 ? (size_t)(P->End - Start) : 63;
  memcpy(Buffer, Start, Length);
  Buffer[Length] = '\0';
  char *Stop;
  double Value = strtod(Buffer, &Stop);
  if (Stop == Buffer)
    return false;
  P->Cursor = Start + (Stop - Buffer);
  V->Kind = PtxValueFloat64;
  memcpy(&V->Bits, &Value, sizeof(Value));
  return true;
}

/* $N, ${N} or ${N:modifier}. */
static bool parseAsmOperand(Parser *P, PtxValue *V) {
  ++P->Cursor; /* $ */
  bool Braced = P->Cursor < P->End && *P->Cursor == '{';
  P->Cursor += Braced;
  if (P->Cursor >= P->End || !isdigit((unsigned char)*P->Cursor))
    return fail(P, "expected an asm operand number");
  unsigned Index = 0;
  while (P->Cursor < P->End && isdigit((unsigned char)*P->Cursor))
    Index = Index * 10 + (unsigned)(*P->Cursor++ - '0');
  if (Braced) {
    if (P->Cursor < P->End && *P->Cursor == ':')
      return fail(P, "asm operand modifiers are not supported");
    if (!expect(P, '}'))
      return false;
  }
  V->Kind = PtxValueAsm;
  V->AsmIndex = Index;
  return true;
}

/* A register name, continued by PTX's .x/.y/.z component suffix for
 * special registers such as %tid.x. */
static bool parseRegister(Parser *P, PtxValue *V) {
  if (!readIdentifier(P, V->Name, sizeof(V->Name)))
    return false;
  if (V->Name[0] == '%' && P->End - P->Cursor >= 2 && P->Cursor[0] == '.' &&
      strchr("xyzw", P->Cursor[1]) &&
      (P->End - P->Cursor == 2 || !isIdentifierChar(P->Cursor[2]))) {
    size_t Length = strlen(V->Name);
    if (Length + 3 > sizeof(V->Name))
      return fail(P, "name too long");
    V->Name[Length] = '.';
    V->Name[Length + 1] = P->Cursor[1];
    V->Name[Length + 2] = '\0';
    P->Cursor += 2;
  }
  V->Kind = !strcmp(V->Name, "_") ? PtxValueSink : PtxValueRegister;
  return true;
}

static bool parseValue(Parser *P, PtxValue *V) {
  memset(V, 0, sizeof(*V));
  if (accept(P, '!')) {
    if (!parseValue(P, V))
      return false;
    if (V->Kind != PtxValueRegister && V->Kind != PtxValueAsm)
      return fail(P, "'!' applies only to a predicate");
    V->Negated = !V->Negated;
    return true;
  }
  skipSpace(P);
  if (P->Cursor >= P->End)
    return fail(P, "expected an operand");
  char C = *P->Cursor;
  if (C == '$')
    return parseAsmOperand(P, V);
  if (isdigit((unsigned char)C) || C == '-') {
    if (parseFloat(P, V))
      return true;
    return parseInteger(P, V);
  }
  if (isIdentifierStart(C))
    return parseRegister(P, V);
  return fail(P, "unexpected character '%c'", C);
}

/* [base], [base+offset], [base-offset], [offset]. */
static bool parseAddress(Parser *P, PtxOperand *Op) {
  Op->Kind = PtxOperandAddress;
  skipSpace(P);
  if (P->Cursor < P->End &&
      (isdigit((unsigned char)*P->Cursor) || *P->Cursor == '-')) {
    PtxValue Offset;
    if (!parseInteger(P, &Offset))
      return false;
    Op->Offset = (int64_t)Offset.Bits;
    return expect(P, ']');
  }
  if (!parseValue(P, &Op->Parts[0]))
    return false;
  Op->NumParts = 1;
  if (Op->Parts[0].Kind != PtxValueRegister && Op->Parts[0].Kind != PtxValueAsm)
    return fail(P, "an address is a register or an asm operand");
  bool Plus = accept(P, '+');
  if (Plus || atChar(P, '-')) {
    PtxValue Offset;
    if (!parseInteger(P, &Offset))
      return false;
    Op->Offset = (int64_t)Offset.Bits;
  }
  return expect(P, ']');
}

static bool parseOperand(Parser *P, PtxOperand *Op) {
  memset(Op, 0, sizeof(*Op));
  if (accept(P, '['))
    return parseAddress(P, Op);
  if (accept(P, '{')) {
    Op->Kind = PtxOperandVector;
    do {
      if (Op->NumParts == 4)
        return fail(P, "a vector has at most 4 elements");
      if (!parseValue(P, &Op->Parts[Op->NumParts++]))
        return false;
    } while (accept(P, ','));
    return expect(P, '}');
  }
  if (!parseValue(P, &Op->Parts[0]))
    return false;
  Op->NumParts = 1;
  if (accept(P, '|')) {
    Op->Kind = PtxOperandPair;
    Op->NumParts = 2;
    return parseValue(P, &Op->Parts[1]);
  }
  return true;
}

/* .reg .type name, name<N>, ...; (after ".reg"). */
static bool parseDeclaration(Parser *P, PtxStatement *S) {
  S->Kind = PtxStatementDeclaration;
  char Name[PtxMaxName];
  if (!expect(P, '.') || !readIdentifier(P, Name, sizeof(Name)))
    return false;
  if (!strcmp(Name, "v2") || !strcmp(Name, "v4"))
    return fail(P, "vector registers (.reg .%s) are not supported", Name);
  if (!ptxParseType(Name, &S->DeclaredType))
    return fail(P, "unknown register type '.%s'", Name);
  do {
    if (S->NumOperands == PtxMaxOperands)
      return fail(P, "too many names in one .reg declaration");
    PtxValue *V = &S->Operands[S->NumOperands++].Parts[0];
    if (!readIdentifier(P, V->Name, sizeof(V->Name)))
      return false;
    V->Kind = PtxValueRegister;
    if (accept(P, '<')) {
      PtxValue Count;
      if (!parseInteger(P, &Count) || !expect(P, '>'))
        return false;
      if (Count.Bits == 0 || Count.Bits > 64)
        return fail(P, "register count out of range");
      V->Bits = Count.Bits;
    }
  } while (accept(P, ','));
  return expect(P, ';');
}

/* opcode.suffix.suffix operand, ...; */
static bool parseInstruction(Parser *P, PtxStatement *S) {
  S->Kind = PtxStatementInstruction;
  skipSpace(P);
  const char *Start = P->Cursor;
  while (P->Cursor < P->End && isIdentifierChar(*P->Cursor))
    ++P->Cursor;
  size_t Length = (size_t)(P->Cursor - Start);
  if (Length == 0 || Length >= sizeof(S->Opcode))
    return fail(P, "expected an instruction");
  memcpy(S->Opcode, Start, Length);
  S->Opcode[Length] = '\0';
  if (P->Cursor < P->End && *P->Cursor == ':')
    return fail(P, "labels and branches are not supported");
  while (P->Cursor < P->End && *P->Cursor == '.') {
    ++P->Cursor;
    const char *Suffix = P->Cursor;
    while (P->Cursor < P->End && isIdentifierChar(*P->Cursor))
      ++P->Cursor;
    size_t SuffixLength = (size_t)(P->Cursor - Suffix);
    if (S->NumSuffixes == PtxMaxSuffixes ||
        SuffixLength >= sizeof(S->Suffixes[0]) || SuffixLength == 0)
      return fail(P, "malformed instruction suffix");
    memcpy(S->Suffixes[S->NumSuffixes], Suffix, SuffixLength);
    S->Suffixes[S->NumSuffixes++][SuffixLength] = '\0';
  }
  if (accept(P, ';'))
    return true;
  do {
    if (S->NumOperands == PtxMaxOperands)
      return fail(P, "too many operands");
    if (!parseOperand(P, &S->Operands[S->NumOperands++]))
      return false;
  } while (accept(P, ','));
  return expect(P, ';');
}

static bool parseStatement(Parser *P, PtxStatement *S) {
  memset(S, 0, sizeof(*S));
  skipSpace(P);
  S->Text = P->Cursor;
  bool Ok;
  if (accept(P, '{')) {
    S->Kind = PtxStatementOpen;
    Ok = true;
  } else if (accept(P, '}')) {
    S->Kind = PtxStatementClose;
    Ok = true;
  } else if (P->End - P->Cursor > 4 && !strncmp(P->Cursor, ".reg", 4) &&
             !isIdentifierChar(P->Cursor[4])) {
    P->Cursor += 4;
    Ok = parseDeclaration(P, S);
  } else if (atChar(P, '.')) {
    Ok = fail(P, "directives other than .reg are not supported");
  } else {
    if (accept(P, '@')) {
      S->Guarded = true;
      if (!parseValue(P, &S->Guard))
        return false;
      if (S->Guard.Kind != PtxValueRegister && S->Guard.Kind != PtxValueAsm)
        return fail(P, "a guard is a predicate register");
    }
    Ok = parseInstruction(P, S);
  }
  S->Length = (size_t)(P->Cursor - S->Text);
  return Ok;
}

bool ptxParse(const char *Asm, size_t Length, PtxProgram *Program, char *Why,
              size_t WhySize) {
  Parser P = {Asm, Asm + Length, Asm, Why, WhySize, false};
  Program->Statements = NULL;
  Program->NumStatements = 0;
  unsigned Capacity = 0;
  int Depth = 0;
  for (;;) {
    skipSpace(&P);
    /* Statements may also be separated by empty ones: `;;` or `\n;`. */
    while (accept(&P, ';'))
      skipSpace(&P);
    if (P.Cursor >= P.End)
      break;
    if (Program->NumStatements == Capacity) {
      Capacity = Capacity ? 2 * Capacity : 16;
      Program->Statements =
          realloc(Program->Statements, Capacity * sizeof(PtxStatement));
    }
    PtxStatement *S = &Program->Statements[Program->NumStatements++];
    if (!parseStatement(&P, S))
      break;
    Depth += S->Kind == PtxStatementOpen;
    if (S->Kind == PtxStatementClose && --Depth < 0) {
      fail(&P, "unbalanced '}'");
      break;
    }
  }
  if (!P.Failed && Depth != 0)
    fail(&P, "unbalanced '{'");
  if (P.Failed)
    ptxDisposeProgram(Program);
  return !P.Failed;
}

void ptxDisposeProgram(PtxProgram *Program) {
  free(Program->Statements);
  Program->Statements = NULL;
  Program->NumStatements = 0;
}

void ptxFormatInstructionName(const PtxStatement *S, char *Out, size_t Size) {
  size_t N = (size_t)snprintf(Out, Size, "%s", S->Opcode);
  for (unsigned I = 0; I < S->NumSuffixes && N < Size; ++I)
    N += (size_t)snprintf(Out + N, Size - N, ".%s", S->Suffixes[I]);
}
