/*===- wavesim-module.c - Read a module and check that wavesim runs it ----===*
 *
 * Before wavesim rewrites a module for the host (wavesim-rewrite.c), the
 * module is read (textual IR or bitcode, from a file or a buffer), its wave
 * size is found and it is checked: it verifies, and every function its
 * kernels call is defined, a target-independent intrinsic, or an amdgcn
 * intrinsic wavesim models, with immediates the models know. A module that
 * fails is refused with a message naming the caller and the callee.
 *
 *===----------------------------------------------------------------------===*/

#include "amdgpu-lane-ops.h"
#include "wavesim-internal.h"
#include "wavesim-ir.h"
#include "wavesim-math.h"
#include "wavesim-printf.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <stdio.h>
#include <string.h>

/* The IR in a file ("-": standard input), or NULL with a message. */
LLVMMemoryBufferRef wavesimReadFile(const char *Path, char *Error,
                                    size_t ErrorSize) {
  LLVMMemoryBufferRef Buffer;
  char *Message = NULL;
  LLVMBool Failed =
      strcmp(Path, "-") == 0
          ? LLVMCreateMemoryBufferWithSTDIN(&Buffer, &Message)
          : LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buffer, &Message);
  if (!Failed)
    return Buffer;
  wavesimFormatError(Error, ErrorSize, "cannot read '%s': %s", Path, Message);
  LLVMDisposeMessage(Message);
  return NULL;
}

/* Parses Buffer (textual IR or bitcode) and disposes of it. */
LLVMModuleRef wavesimParseModule(LLVMContextRef Ctx, LLVMMemoryBufferRef Buffer,
                                 const char *Name, char *Error,
                                 size_t ErrorSize) {
  LLVMModuleRef M = NULL;
  char *Message = NULL;
  if (LLVMParseIRInContext2(Ctx, Buffer, &M, &Message)) {
    wavesimFormatError(Error, ErrorSize, "cannot parse '%s': %s", Name,
                       Message);
    LLVMDisposeMessage(Message);
    M = NULL;
  }
  LLVMDisposeMemoryBuffer(Buffer);
  return M;
}

bool wavesimVerifyModule(LLVMModuleRef M, const char *What, char *Error,
                         size_t ErrorSize) {
  char *Message = NULL;
  bool Broken = LLVMVerifyModule(M, LLVMReturnStatusAction, &Message);
  if (Broken)
    wavesimFormatError(Error, ErrorSize, "%s does not verify: %s", What,
                       Message);
  LLVMDisposeMessage(Message);
  return !Broken;
}

static LaneOpsTarget targetOf(LLVMValueRef F) {
  static const char Kind[] = "target-cpu";
  LLVMAttributeRef Attr = LLVMGetStringAttributeAtIndex(
      F, LLVMAttributeFunctionIndex, Kind, sizeof(Kind) - 1);
  unsigned Length = 0;
  const char *CPU = Attr ? LLVMGetStringAttributeValue(Attr, &Length) : "";
  return laneOpsTargetOf(CPU, Length);
}

static const char *targetCPU(LLVMValueRef F) {
  static const char Kind[] = "target-cpu";
  static _Thread_local char Name[64];
  LLVMAttributeRef Attr = LLVMGetStringAttributeAtIndex(
      F, LLVMAttributeFunctionIndex, Kind, sizeof(Kind) - 1);
  unsigned Length = 0;
  const char *CPU = Attr ? LLVMGetStringAttributeValue(Attr, &Length) : "";
  snprintf(Name, sizeof(Name), "%.*s", (int)Length, CPU);
  return Name;
}

/* Whether F's target-features hold Feature (e.g. "+wavefrontsize32"). */
static bool hasTargetFeature(LLVMValueRef F, const char *Feature) {
  static const char Kind[] = "target-features";
  LLVMAttributeRef Attr = LLVMGetStringAttributeAtIndex(
      F, LLVMAttributeFunctionIndex, Kind, sizeof(Kind) - 1);
  unsigned Length = 0;
  const char *Features = Attr ? LLVMGetStringAttributeValue(Attr, &Length) : "";
  size_t FeatureLength = strlen(Feature);
  for (const char *P = Features; P + FeatureLength <= Features + Length;) {
    const char *Comma = memchr(P, ',', (size_t)(Features + Length - P));
    size_t TokenLength =
        Comma ? (size_t)(Comma - P) : (size_t)(Features + Length - P);
    if (TokenLength == FeatureLength && !memcmp(P, Feature, FeatureLength))
      return true;
    if (!Comma)
      break;
    P = Comma + 1;
  }
  return false;
}

/* The wave size the module's kernels were compiled for: 32 if the first
 * kernel has +wavefrontsize32, else 64 (what gfx9 has, and what
 * nvvm-to-amdgpu writes for wave64 on any processor). */
unsigned wavesimModuleWaveSize(LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (isKernel(F) && !LLVMIsDeclaration(F))
      return hasTargetFeature(F, "+wavefrontsize32") ? 32 : 64;
  return 64;
}

/* The immediate operands of update.dpp and ds.swizzle must be ones the
 * models know, and the caller's target-cpu (if any) must have the control
 * or instruction, as the AMDGPU backend would require. */
static bool checkImmediates(LLVMValueRef Call, LLVMValueRef Caller,
                            const char *Name, char *Error, size_t ErrorSize) {
  LaneOpsTarget Target = targetOf(Caller);
  const char *CallerName = nameOf(Caller);
  if (!strcmp(Name, "llvm.amdgcn.update.dpp.i32")) {
    unsigned Ctrl = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(Call, 2));
    if (laneOpsDppControlValid(Ctrl, Target))
      return true;
    wavesimFormatError(
        Error, ErrorSize,
        "@%s calls %s with dpp_ctrl 0x%x, which is not a DPP control%s%s",
        CallerName, Name, Ctrl, Target ? " of " : "",
        Target ? targetCPU(Caller) : "");
    return false;
  }
  if (!strcmp(Name, "llvm.amdgcn.ds.swizzle")) {
    unsigned Offset =
        (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(Call, 1));
    if (laneOpsSwizzleOffsetModelled(Offset))
      return true;
    wavesimFormatError(
        Error, ErrorSize,
        "@%s calls %s with offset 0x%x: the rotate and FFT modes are "
        "not modelled",
        CallerName, Name, Offset);
    return false;
  }
  if (startsWith(Name, "llvm.amdgcn.permlane") &&
      !laneOpsHasPermlane16(Target)) {
    wavesimFormatError(Error, ErrorSize, "@%s calls %s, which %s does not have",
                       CallerName, Name, targetCPU(Caller));
    return false;
  }
  return true;
}

/* Every function the kernels call must be defined, a target-independent
 * intrinsic, or an amdgcn intrinsic wavesim models; modeled amdgcn
 * intrinsics may only be called directly. A wave64 ballot needs 64 bits. */
bool wavesimCheckCallees(LLVMModuleRef M, unsigned WaveSize, char *Error,
                         size_t ErrorSize) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (!LLVMIsDeclaration(F) || !LLVMGetFirstUse(F))
      continue;
    const char *Name = nameOf(F);
    bool Modeled =
        wavesimFindSiteIntrinsic(Name) || wavesimFindLaneIntrinsic(Name) >= 0 ||
        wavesimFindMathIntrinsic(Name) || wavesimIsPrintfFunction(Name);
    for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
      LLVMValueRef User = LLVMGetUser(U);
      LLVMValueRef Caller =
          LLVMIsAInstruction(User)
              ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(User))
              : NULL;
      const char *CallerName = Caller ? nameOf(Caller) : "a global";
      if (startsWith(Name, "llvm.amdgcn.") && !Modeled) {
        wavesimFormatError(
            Error, ErrorSize,
            "@%s calls %s, which wavesim does not model (it models "
            "workitem.id, workgroup.id, dispatch.ptr, implicitarg.ptr, "
            "mbcnt.lo/hi, "
            "ds.bpermute, readlane and readfirstlane (i32, i64, f32, "
            "f64), ballot, wave.reduce (integer, i32 and i64), "
            "wave.barrier, s.barrier, update.dpp.i32, ds.swizzle, "
            "permlane16.i32 and permlanex16.i32, sdot4, udot4 and "
            "sudot4, and OCML's rcp, rsq, fract, frexp, class, fmed3 and "
            "trig.preop)",
            CallerName, Name);
        return false;
      }
      if (WaveSize == 64 && !strcmp(Name, "llvm.amdgcn.ballot.i32")) {
        wavesimFormatError(
            Error, ErrorSize,
            "@%s calls llvm.amdgcn.ballot.i32, which is invalid on "
            "wave64 (a ballot has a bit per lane: use "
            "llvm.amdgcn.ballot.i64)",
            CallerName);
        return false;
      }
      if (startsWith(Name, "llvm.nvvm.") || startsWith(Name, "llvm.r600.")) {
        wavesimFormatError(Error, ErrorSize,
                           "@%s calls %s, which is not an AMDGPU intrinsic",
                           CallerName, Name);
        return false;
      }
      if (!startsWith(Name, "llvm.") && !Modeled) {
        wavesimFormatError(
            Error, ErrorSize,
            "@%s calls the external function @%s; wavesim links no "
            "device library",
            CallerName, Name);
        return false;
      }
      if (Modeled && (!LLVMIsACallInst(User) || calleeOf(User) != F)) {
        wavesimFormatError(Error, ErrorSize,
                           "@%s uses %s other than by calling it directly",
                           CallerName, Name);
        return false;
      }
      if (Modeled && !checkImmediates(User, Caller, Name, Error, ErrorSize))
        return false;
    }
  }
  return true;
}
