/*===- PtxTranslate.h - Inline PTX to LLVM IR --------------------*- C -*-===*
 *
 * The translator's state while it rewrites one inline asm call, and the
 * helpers that the instruction recipes (PtxRecipes*.c) build on. Each form
 * of tablegen/PtxInstructions.td names a recipe; the translator runs every
 * recipe twice, first checking (L->Checking: nothing is built, a recipe
 * only says whether it supports the statement) and, when every statement
 * passed, building, so that asm that cannot be translated is left intact
 * for a diagnostic.
 *
 *===----------------------------------------------------------------------===*/

#ifndef NVVMWARP_PTXTRANSLATE_H
#define NVVMWARP_PTXTRANSLATE_H

#include "ptx/PtxParser.h"
#include "support/Diagnostics.h"

#include <llvm-c/Core.h>
#include <stdbool.h>

typedef struct PtxLowering PtxLowering;
typedef bool (*PtxRecipe)(PtxLowering *L);

/* What an instruction's operand may be. */
typedef enum {
  PtxDest,            /* a register, asm operand or _ */
  PtxDestOrPair,      /* that, or d|p */
  PtxDestOrVector,    /* that, or {a, b, ...} */
  PtxSource,          /* a register, asm operand or immediate */
  PtxSourceOrVector,  /* that, or {a, b, ...} */
  PtxPredicateSource, /* a predicate, maybe !p */
  PtxAddressOperand   /* [a+offset] */
} PtxOperandSpec;

enum { PtxMaxModifierGroups = 8, PtxMaxFormOperands = 6 };

/* One row of the table generated from tablegen/PtxInstructions.td. */
typedef struct {
  const char *Opcode;
  /* Space-separated accepted types per type suffix; NULL: no such suffix. */
  const char *TypeSlots[2];
  /* Space-separated options of each group of modifiers, of which at most
   * one may appear; a leading '!' marks a group one of which must. */
  const char *Modifiers[PtxMaxModifierGroups];
  PtxOperandSpec Operands[PtxMaxFormOperands];
  unsigned MinOperands, MaxOperands;
  PtxRecipe Recipe;
  /* Warp forms: the NVVM intrinsic, and the instruction operand that feeds
   * each of its parameters. */
  const char *Intrinsic;
  unsigned Params[4];
  unsigned NumParams;
} PtxForm;

typedef struct {
  char Name[PtxMaxName];
  PtxType Type;
  LLVMValueRef Value; /* iN holding the bits, i1 for a predicate */
  unsigned Depth;
} PtxRegister;

enum { PtxMaxRegisters = 256, PtxMaxAsmOperands = 32 };

struct PtxLowering {
  LLVMModuleRef M;
  LLVMContextRef Ctx;
  LLVMBuilderRef B;
  LLVMValueRef Call;
  bool Checking;
  bool Volatile; /* asm volatile: its memory accesses stay */

  /* The statement being translated. */
  const PtxStatement *S;
  const PtxForm *Form;
  PtxType Types[2];
  unsigned NumTypes;
  const char *Modifiers[PtxMaxModifierGroups]; /* chosen option, or NULL */
  LLVMValueRef Guard;                          /* i1, NULL when unguarded */

  PtxRegister Registers[PtxMaxRegisters];
  unsigned NumRegisters;
  unsigned Depth;
  LLVMValueRef Carry;            /* the condition code's carry flag, i1 */
  LLVMBasicBlockRef GuardedHead; /* see ptxBeginGuarded */

  char *Why;
  size_t WhySize;
};

/* Fails the statement with a reason (printf-style). Returns false. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
bool ptxUnsupported(PtxLowering *L, const char *Format, ...);

/* Whether the statement has suffix Name. */
bool ptxHas(const PtxLowering *L, const char *Name);

/* The LLVM type of a PTX type: iN, half/float/double, or i1. */
LLVMTypeRef ptxLLVMType(const PtxLowering *L, PtxType Type);
PtxType ptxMakeType(PtxTypeKind Kind, unsigned Bits);
bool ptxIsFloat(PtxType Type);
bool ptxIsSigned(PtxType Type);

/* Operand Index (its first part) as a value of Type. */
LLVMValueRef ptxRead(PtxLowering *L, unsigned Index, PtxType Type);
LLVMValueRef ptxReadValue(PtxLowering *L, const PtxValue *V, PtxType Type);
/* Operand Index as an address in address space AddressSpace. */
LLVMValueRef ptxReadAddress(PtxLowering *L, unsigned Index,
                            unsigned AddressSpace);
/* Whether operand Index is an immediate (or an "n" asm operand); its value
 * then goes to *Value. */
bool ptxReadConstant(PtxLowering *L, unsigned Index, uint64_t *Value);

/* Writes Value to operand Index (the first part of a pair), through the
 * guard. */
void ptxWrite(PtxLowering *L, unsigned Index, LLVMValueRef Value);
void ptxWriteValue(PtxLowering *L, const PtxValue *V, LLVMValueRef Value);
/* Writes the i1 Predicate to the |p part of operand Index, if it has one. */
void ptxWritePredicate(PtxLowering *L, unsigned Index, LLVMValueRef Predicate);

/* Guarded memory accesses run only where the guard holds: the builder is
 * put in a block entered when it does; ptxEndGuarded joins the flow again
 * and returns Value (built inside) merged with Otherwise. Without a guard
 * both only return their argument. */
void ptxBeginGuarded(PtxLowering *L);
LLVMValueRef ptxEndGuarded(PtxLowering *L, LLVMValueRef Value,
                           LLVMValueRef Otherwise);

/* Constants and intrinsic calls at the builder's position. */
LLVMValueRef ptxInt(PtxLowering *L, unsigned Bits, uint64_t Value);
LLVMValueRef ptxCallIntrinsic(PtxLowering *L, const char *Name,
                              LLVMTypeRef *Overloads, unsigned NumOverloads,
                              LLVMValueRef *Args, unsigned NumArgs);

/* Replaces every inline asm call that is PTX the translator supports with
 * the IR it means. Other asm is left alone. Returns the number replaced. */
unsigned warpRewriteInlinePtx(LLVMModuleRef M);

/* The same for the inline asm calls Calls, in that order (a caller that
 * walks the module's instructions anyway collects them). */
unsigned warpRewriteInlinePtxCalls(LLVMModuleRef M, LLVMValueRef *Calls,
                                   unsigned NumCalls);

/* The function a PTX exit in a device function calls (noreturn): the
 * optimizer inlines the device function into its kernel, where
 * warpLowerDeferredExits makes it the kernel's return; one left in a device
 * function is reported through Diags, which counts the errors. */
#define WarpDeferredExitName "__cucc_ptx_exit"
void warpLowerDeferredExits(LLVMModuleRef M, WarpDiagnostics *Diags);

/* Why inline asm call Call cannot be translated: writes a message naming
 * the instruction (with its suffixes) to Why. */
void warpExplainInlinePtx(LLVMValueRef Call, char *Why, size_t WhySize);

#endif
