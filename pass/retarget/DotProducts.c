/*===- DotProducts.c - PTX's dp4a and dp2a on AMD processors -------------===*
 *
 * NVVM's packed integer dot products plus an accumulator, each part of an
 * operand sign-extended (s) or zero-extended (u) as the intrinsic's first
 * and second letters say for its first and second operand:
 *
 *   llvm.nvvm.idp4a.<a>.<b>(A, B, C)        C + sum of A.byte[i] * B.byte[i]
 *   llvm.nvvm.idp2a.<a>.<b>(A, B, Hi, C)    C + sum of A.half[i] *
 *                                               B.byte[2 * Hi + i], i < 2
 *
 * wrapping at 32 bits: PTX's dp4a and dp2a never saturate. An idp4a
 * becomes the AMDGPU intrinsic of the same signs, clamp off, where the
 * processor has it (the processors LLVM 22 selects it for, its AMDGPU.td
 * features dot1-insts and dot7-insts: v_dot4_i32_i8 or v_dot4c_i32_i8 and
 * v_dot4_u32_u8; dot8-insts: gfx11's v_dot4_i32_iu8, with a sign per
 * operand, for the mixed forms):
 *
 *   s.s   llvm.amdgcn.sdot4      gfx906, gfx908, gfx90a, gfx942, gfx950,
 *   u.u   llvm.amdgcn.udot4      gfx1011, gfx1012, gfx103x, gfx11, gfx12
 *   s.u   llvm.amdgcn.sudot4     gfx11, gfx12
 *   u.s
 *
 * Everything else, idp2a everywhere (no instruction multiplies halves by
 * bytes), is the definition above in IR: one product per part, which the
 * backend's dot4 combine may still match.
 *
 *===----------------------------------------------------------------------===*/

#include "retarget/DotProducts.h"

#include "support/IRUtils.h"

#include <stdbool.h>
#include <string.h>

/* Whether Arch is Name, or Name followed by a target-id feature
 * (":xnack+"). */
static bool archIs(const char *Arch, const char *Name) {
  size_t Length = strlen(Name);
  return !strncmp(Arch, Name, Length) &&
         (Arch[Length] == '\0' || Arch[Length] == ':');
}

static bool archStartsWith(const char *Arch, const char *Prefix) {
  return !strncmp(Arch, Prefix, strlen(Prefix));
}

/* v_dot4 of signed bytes and of unsigned bytes. */
static bool hasSameSignDot4(const char *Arch) {
  static const char *const Processors[] = {
      "gfx906",  "gfx908",  "gfx90a",          "gfx942",
      "gfx950",  "gfx1011", "gfx1012",         "gfx9-4-generic",
      "gfx1030", "gfx1031", "gfx1032",         "gfx1033",
      "gfx1034", "gfx1035", "gfx1036",         "gfx10-3-generic"};
  for (size_t I = 0; I < sizeof(Processors) / sizeof(Processors[0]); ++I)
    if (archIs(Arch, Processors[I]))
      return true;
  return archStartsWith(Arch, "gfx11") || archStartsWith(Arch, "gfx12");
}

/* v_dot4_i32_iu8: each operand's bytes signed or unsigned. */
static bool hasMixedSignDot4(const char *Arch) {
  return archStartsWith(Arch, "gfx11") || archStartsWith(Arch, "gfx12");
}

/* Part Index of Word's Bits-wide parts, extended to i32. */
static LLVMValueRef buildPart(LLVMBuilderRef B, LLVMValueRef Word,
                              unsigned Index, unsigned Bits, bool Signed) {
  LLVMTypeRef I32 = LLVMTypeOf(Word);
  LLVMContextRef Ctx = LLVMGetTypeContext(I32);
  if (Index)
    Word = LLVMBuildLShr(B, Word, LLVMConstInt(I32, Index * Bits, false), "");
  LLVMValueRef Part =
      LLVMBuildTrunc(B, Word, LLVMIntTypeInContext(Ctx, Bits), "");
  return Signed ? LLVMBuildSExt(B, Part, I32, "")
                : LLVMBuildZExt(B, Part, I32, "");
}

/* C plus the products of A's parts of ABits (from part 0) with B's parts
 * of BBits (from part BFirst), Count of each, wrapping. */
static LLVMValueRef buildExactDot(LLVMBuilderRef B, LLVMValueRef A,
                                  LLVMValueRef BWord, LLVMValueRef C,
                                  unsigned Count, unsigned ABits,
                                  unsigned BBits, unsigned BFirst,
                                  bool ASigned, bool BSigned) {
  LLVMValueRef Sum = C;
  for (unsigned I = 0; I < Count; ++I) {
    LLVMValueRef Product =
        LLVMBuildMul(B, buildPart(B, A, I, ABits, ASigned),
                     buildPart(B, BWord, BFirst + I, BBits, BSigned), "");
    Sum = LLVMBuildAdd(B, Sum, Product, "");
  }
  return Sum;
}

/* The AMDGPU intrinsic for an idp4a of these signs on Arch, clamp off, or
 * NULL where the processor has none. */
static LLVMValueRef buildDot4Instruction(LLVMModuleRef M, LLVMBuilderRef B,
                                         LLVMValueRef A, LLVMValueRef BWord,
                                         LLVMValueRef C, bool ASigned,
                                         bool BSigned, const char *Arch) {
  LLVMTypeRef I1 = LLVMInt1TypeInContext(LLVMGetModuleContext(M));
  LLVMValueRef NoClamp = LLVMConstInt(I1, 0, false);
  if (ASigned == BSigned && hasSameSignDot4(Arch)) {
    LLVMValueRef Args[] = {A, BWord, C, NoClamp};
    return warpBuildIntrinsicCall(
        M, B, ASigned ? "llvm.amdgcn.sdot4" : "llvm.amdgcn.udot4", Args, 4,
        "");
  }
  if (ASigned != BSigned && hasMixedSignDot4(Arch)) {
    LLVMValueRef Args[] = {LLVMConstInt(I1, ASigned, false), A,
                           LLVMConstInt(I1, BSigned, false), BWord, C, NoClamp};
    return warpBuildIntrinsicCall(M, B, "llvm.amdgcn.sudot4", Args, 6, "");
  }
  return NULL;
}

LLVMValueRef warpBuildDotProduct(LLVMModuleRef M, LLVMBuilderRef B,
                                 LLVMValueRef Call, const char *Suffix,
                                 const char *Arch) {
  bool Dot4 = !strncmp(Suffix, "idp4a.", 6);
  if ((!Dot4 && strncmp(Suffix, "idp2a.", 6)) || strlen(Suffix) != 9 ||
      !strchr("su", Suffix[6]) || Suffix[7] != '.' || !strchr("su", Suffix[8]))
    return NULL;
  bool ASigned = Suffix[6] == 's', BSigned = Suffix[8] == 's';
  LLVMValueRef A = LLVMGetOperand(Call, 0), BWord = LLVMGetOperand(Call, 1);
  if (Dot4) {
    LLVMValueRef C = LLVMGetOperand(Call, 2);
    LLVMValueRef Dot =
        buildDot4Instruction(M, B, A, BWord, C, ASigned, BSigned, Arch);
    return Dot ? Dot
               : buildExactDot(B, A, BWord, C, 4, 8, 8, 0, ASigned, BSigned);
  }
  LLVMValueRef Hi = LLVMGetOperand(Call, 2);
  if (!LLVMIsAConstantInt(Hi))
    return NULL;
  unsigned BFirst = LLVMConstIntGetZExtValue(Hi) ? 2 : 0;
  return buildExactDot(B, A, BWord, LLVMGetOperand(Call, 3), 2, 16, 8, BFirst,
                       ASigned, BSigned);
}
