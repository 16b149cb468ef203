/*===- IRUtils.h - Helpers shared by the passes --------------*- C -*-===*/

#ifndef NVVMWARP_IRUTILS_H
#define NVVMWARP_IRUTILS_H

#include <llvm-c/Core.h>
#include <stdbool.h>
#include <stdint.h>

/* Between these (one module at a time, per thread), the two calls below
 * remember the declarations they find in M, and warpConstInt the small
 * constants of M's i1 and i32: nothing may delete a function of M
 * meanwhile. */
void warpOpenLoweringCache(LLVMModuleRef M);
void warpCloseLoweringCache(void);

/* LLVMConstInt(Type, Value, false), without a lookup in the context for a
 * small i1 or i32 while a lowering cache is open. */
LLVMValueRef warpConstInt(LLVMTypeRef Type, uint64_t Value);

/* The name of the function Call calls directly, "" for an indirect call or
 * inline asm. */
const char *warpCalleeName(LLVMValueRef Call);

/* Calls the non-overloaded intrinsic Name at B's position. */
LLVMValueRef warpBuildIntrinsicCall(LLVMModuleRef M, LLVMBuilderRef B,
                                    const char *Name, LLVMValueRef *Args,
                                    unsigned NumArgs, const char *ResultName);

/* Calls the intrinsic Name overloaded on OverloadType (its result or first
 * operand type, e.g. llvm.amdgcn.ballot.i64). */
LLVMValueRef warpBuildOverloadedCall(LLVMModuleRef M, LLVMBuilderRef B,
                                     const char *Name, LLVMTypeRef OverloadType,
                                     LLVMValueRef *Args, unsigned NumArgs,
                                     const char *ResultName);

/* A fence of syncscope Scope ("" for the system scope) at B's position. */
void warpBuildFence(LLVMBuilderRef B, LLVMAtomicOrdering Ordering,
                    const char *Scope);

/* Whether F is a kernel: an NVPTX one (before retargeting) or an AMDGPU
 * one (after). */
bool warpIsKernel(LLVMValueRef F);

/* Adds the string attribute Kind=Value to function F. */
void warpAddFunctionAttribute(LLVMValueRef F, const char *Kind,
                              const char *Value);

/* Erases Old, which has no uses left, and gives New its name. */
void warpEraseGivingName(LLVMValueRef Old, LLVMValueRef New);

/* A growable array of values; {NULL, 0, 0} is empty, free(Items) frees it. */
typedef struct {
  LLVMValueRef *Items;
  unsigned Size, Capacity;
} WarpValueList;

/* Appends V to List, growing it as needed. */
void warpAppendValue(WarpValueList *List, LLVMValueRef V);

/* Splits I's block before I: the instructions before I (its phis among
 * them) move into a new block placed before it, which takes over the
 * block's name, predecessors and blockaddresses and is returned without a
 * terminator for the caller to add. I's block, renamed Name, keeps I and
 * what follows, so no phi anywhere is replaced and every value the caller
 * holds stays valid. */
LLVMBasicBlockRef warpSplitBlockBefore(LLVMValueRef I, const char *Name);

/* Deletes the function declarations named Prefix* that have no uses left. */
void warpEraseUnusedDeclarations(LLVMModuleRef M, const char *Prefix);

/* Deletes every intrinsic declaration that nothing uses. A module may
 * declare an intrinsic's name with other types than LLVM's as long as
 * nothing calls it, and the calls the passes build find declarations by
 * name: run first, it leaves only declarations of the intrinsics' own
 * types. */
void warpEraseUnusedIntrinsicDeclarations(LLVMModuleRef M);

/* The code object version M names in its amdhsa_code_object_version flag
 * (500 for v5), or 0 if none. */
unsigned warpCodeObjectVersion(LLVMModuleRef M);

#endif
