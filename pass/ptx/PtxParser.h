/*===- PtxParser.h - The PTX that inline asm can hold, parsed ----*- C -*-===*
 *
 * Inline asm in CUDA code is a short PTX fragment: instructions, `{ }`
 * blocks with `.reg` declarations of their own, guard predicates, and
 * operands that are registers, asm operands ($N as clang prints %N in IR),
 * immediates, [address] operands, {vectors} and `d|p` pairs. The parser
 * turns the text into statements; PtxTranslate.c gives them meaning.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_PTXPARSER_H
#define NVVMWARP_PTXPARSER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { PtxMaxName = 40, PtxMaxSuffixes = 8, PtxMaxOperands = 8 };

/* A PTX type: .b32 is {PtxBits, 32}, .pred {PtxPredicate, 1}. */
typedef enum {
  PtxNoType,
  PtxBits,
  PtxUnsigned,
  PtxSigned,
  PtxFloat,
  PtxPredicate
} PtxTypeKind;

typedef struct {
  PtxTypeKind Kind;
  unsigned Bits;
} PtxType;

/* Parses a type suffix without its dot ("u32", "pred"). */
bool ptxParseType(const char *Name, PtxType *Type);

typedef enum {
  PtxValueRegister, /* a declared register or %special register */
  PtxValueAsm,      /* $N */
  PtxValueInteger,  /* 42, 0x2a, -1 */
  PtxValueFloat32,  /* 0f3F800000: Bits holds the float's bits */
  PtxValueFloat64,  /* 0d..., or a decimal literal such as 1.5 */
  PtxValueSink      /* _ */
} PtxValueKind;

/* One simple operand. */
typedef struct {
  PtxValueKind Kind;
  bool Negated; /* !p */
  char Name[PtxMaxName];
  unsigned AsmIndex;
  uint64_t Bits;
} PtxValue;

typedef enum {
  PtxOperandSimple,  /* Parts[0] */
  PtxOperandPair,    /* Parts[0]|Parts[1] */
  PtxOperandAddress, /* [Parts[0] + Offset], or [Offset] with NumParts 0 */
  PtxOperandVector   /* {Parts[0], ..., Parts[NumParts - 1]} */
} PtxOperandKind;

typedef struct {
  PtxOperandKind Kind;
  PtxValue Parts[4];
  unsigned NumParts;
  int64_t Offset;
} PtxOperand;

typedef enum {
  PtxStatementInstruction,
  PtxStatementDeclaration, /* .reg: Operands hold the names (below) */
  PtxStatementOpen,        /* { */
  PtxStatementClose        /* } */
} PtxStatementKind;

typedef struct {
  PtxStatementKind Kind;
  bool Guarded;
  PtxValue Guard; /* @p or @!p */
  char Opcode[PtxMaxName];
  char Suffixes[PtxMaxSuffixes][16];
  unsigned NumSuffixes;
  PtxOperand Operands[PtxMaxOperands];
  unsigned NumOperands;
  /* A declaration's type; each name is Operands[i].Parts[0].Name, and
   * Parts[0].Bits is N for `name<N>` (name0 ... nameN-1), 0 otherwise. */
  PtxType DeclaredType;
  const char *Text; /* the statement in the asm string */
  size_t Length;
} PtxStatement;

typedef struct {
  PtxStatement *Statements;
  unsigned NumStatements;
} PtxProgram;

/* Parses Length bytes of Asm. On failure returns false with a message in
 * Why (naming the offending text); Program is then empty. */
bool ptxParse(const char *Asm, size_t Length, PtxProgram *Program, char *Why,
              size_t WhySize);

void ptxDisposeProgram(PtxProgram *Program);

/* "add.cc.u32" for an instruction statement. */
void ptxFormatInstructionName(const PtxStatement *S, char *Out, size_t Size);

#endif
