/*===- DeviceLibs.c - CUDA's math on AMD: OCML linked into the module ------===*
 *
 * CUDA's math API (include/crt/math_functions.h) calls AMD's OCML, the math
 * library of the ROCm device libraries (Debian: rocm-device-libs), which
 * ships as LLVM bitcode: ocml.bc, and the oclc_* "control libraries" that
 * select its variants, each a single constant:
 *
 *   __oclc_ISA_version               major * 1000 + minor * 100 + stepping
 *   __oclc_wavefrontsize64           wave size
 *   __oclc_daz_opt                   f32 denormals flushed (nvcc -ftz)
 *   __oclc_unsafe_math_opt           fast, less accurate variants (never:
 *                                    nvcc's --use_fast_math replaces a
 *                                    few functions by intrinsics, the
 *                                    header's business, and leaves erfcf
 *                                    & co. as accurate as ever)
 *   __oclc_finite_only_opt           no infinities or NaNs
 *   __oclc_correctly_rounded_sqrt32  f32 sqrt correctly rounded
 *
 * ROCm 5.2 has no ISA-version library for gfx942, gfx11 or gfx12, so these
 * constants are defined here for whatever processor the module targets,
 * rather than picked from files; the values are those of the files that
 * exist (gfx90a is 9010, gfx940 9400).
 *
 * Code can also reach math without the header: libstdc++'s std::exp(float)
 * is __builtin_expf, which clang emits as llvm.exp.f32. The AMDGPU backend
 * has no lowering for some of these intrinsics (tanh) and only the
 * hardware's approximation for others (sin, cos), so
 * warpMapMathIntrinsicsToOCML turns every transcendental intrinsic call
 * into the OCML function of the same name before OCML is linked (OCML's own
 * llvm.sin/llvm.exp calls, its native_* forms, must stay as they are).
 *
 * warpLinkDeviceLibraries links only what the module calls: OCML's
 * functions are linkonce_odr, which the IR linker materializes on demand.
 * They are then made internal, so that the optimizer inlines them and
 * drops the rest, and given the module's target-cpu, target-features and
 * denormal mode, as clang does for -mlink-builtin-bitcode.
 *
 *===----------------------------------------------------------------------===*/

#include "retarget/DeviceLibs.h"

#include "support/IRUtils.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The llvm.<name>.f32/.f64 intrinsics sent to __ocml_<name>_f32/_f64. */
static const char *const TranscendentalNames[] = {
    "sin",  "cos", "tan",  "asin",  "acos", "atan", "atan2", "sinh", "cosh",
    "tanh", "exp", "exp2", "exp10", "log",  "log2", "log10", "pow"};

static bool startsWith(const char *Text, const char *Prefix) {
  return strncmp(Text, Prefix, strlen(Prefix)) == 0;
}

/* "__ocml_<name>_f32" for "llvm.<name>.f32" (or f64), if <name> is one of
 * TranscendentalNames; else false. */
static bool ocmlNameFor(const char *Intrinsic, char *Out, size_t OutSize) {
  if (!startsWith(Intrinsic, "llvm."))
    return false;
  const char *Name = Intrinsic + 5;
  const char *Dot = strchr(Name, '.');
  if (!Dot || (strcmp(Dot, ".f32") && strcmp(Dot, ".f64")))
    return false;
  size_t Length = (size_t)(Dot - Name);
  for (size_t I = 0; I < sizeof(TranscendentalNames) / sizeof(char *); ++I) {
    if (strlen(TranscendentalNames[I]) == Length &&
        !strncmp(Name, TranscendentalNames[I], Length)) {
      snprintf(Out, OutSize, "__ocml_%.*s_%s", (int)Length, Name, Dot + 1);
      return true;
    }
  }
  return false;
}

unsigned warpMapMathIntrinsicsToOCML(LLVMModuleRef M) {
  unsigned Mapped = 0;
  LLVMValueRef Next;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = Next) {
    Next = LLVMGetNextFunction(F);
    size_t Length;
    char Name[64];
    if (!LLVMGetIntrinsicID(F) ||
        !ocmlNameFor(LLVMGetValueName2(F, &Length), Name, sizeof(Name)))
      continue;
    LLVMValueRef OCML = LLVMGetNamedFunction(M, Name);
    if (!OCML)
      OCML = LLVMAddFunction(M, Name, LLVMGlobalGetValueType(F));
    for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U))
      ++Mapped;
    LLVMReplaceAllUsesWith(F, OCML);
    LLVMDeleteFunction(F);
  }
  return Mapped;
}

static bool needsOCML(LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    size_t Length;
    if (LLVMIsDeclaration(F) && LLVMGetFirstUse(F) &&
        startsWith(LLVMGetValueName2(F, &Length), "__ocml_"))
      return true;
  }
  return false;
}

/* __oclc_ISA_version for a processor name "gfx" MAJOR MINOR STEPPING, the
 * last two one hex digit each (gfx90a: 9, 0, 10; gfx1100: 11, 0, 0). */
static bool isaVersion(const char *Arch, unsigned *Version) {
  size_t Length = strlen(Arch);
  if (!startsWith(Arch, "gfx") || Length < 6 || Length > 8)
    return false;
  char Major[3] = {0};
  memcpy(Major, Arch + 3, Length - 5);
  char Minor[2] = {Arch[Length - 2], 0}, Stepping[2] = {Arch[Length - 1], 0};
  char *End;
  unsigned long Value = strtoul(Major, &End, 10);
  if (*End)
    return false;
  *Version = (unsigned)Value * 1000 + (unsigned)strtoul(Minor, NULL, 16) * 100 +
             (unsigned)strtoul(Stepping, NULL, 16);
  return true;
}

/* Gives the control variable Name, if the linked library declares it, its
 * value for this compilation. */
static void defineControl(LLVMModuleRef M, const char *Name, unsigned Value) {
  LLVMValueRef G = LLVMGetNamedGlobal(M, Name);
  if (!G || !LLVMIsDeclaration(G))
    return;
  LLVMSetInitializer(G, LLVMConstInt(LLVMGlobalGetValueType(G), Value, 0));
  LLVMSetGlobalConstant(G, 1);
  LLVMSetLinkage(G, LLVMInternalLinkage);
  LLVMSetVisibility(G, LLVMDefaultVisibility);
}

const char *warpModuleFunctionAttribute(LLVMModuleRef M, const char *Kind,
                                        char *Out, size_t OutSize) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (LLVMIsDeclaration(F))
      continue;
    LLVMAttributeRef A = LLVMGetStringAttributeAtIndex(
        F, LLVMAttributeFunctionIndex, Kind, (unsigned)strlen(Kind));
    if (!A)
      continue;
    unsigned Length;
    const char *Value = LLVMGetStringAttributeValue(A, &Length);
    snprintf(Out, OutSize, "%.*s", (int)Length, Value);
    return Out;
  }
  return NULL;
}

typedef struct {
  char **Names;
  size_t Count;
} NameList;

/* The names of what Library defines, which the link brings into the
 * module (and which are then made internal). */
static NameList definedNames(LLVMModuleRef Library) {
  NameList List = {NULL, 0};
  size_t Capacity = 0;
  for (int Pass = 0; Pass < 2; ++Pass) {
    LLVMValueRef GV =
        Pass ? LLVMGetFirstGlobal(Library) : LLVMGetFirstFunction(Library);
    for (; GV; GV = Pass ? LLVMGetNextGlobal(GV) : LLVMGetNextFunction(GV)) {
      if (LLVMIsDeclaration(GV))
        continue;
      if (List.Count == Capacity) {
        Capacity = Capacity ? 2 * Capacity : 512;
        List.Names = realloc(List.Names, Capacity * sizeof(char *));
      }
      size_t Length;
      List.Names[List.Count++] = strdup(LLVMGetValueName2(GV, &Length));
    }
  }
  return List;
}

static void adoptLinkedSymbols(LLVMModuleRef M, NameList *Linked,
                               const char *CPU, const char *Features,
                               const char *Denormals) {
  for (size_t I = 0; I < Linked->Count; ++I) {
    const char *Name = Linked->Names[I];
    LLVMValueRef F = LLVMGetNamedFunction(M, Name);
    LLVMValueRef GV = F ? F : LLVMGetNamedGlobal(M, Name);
    free(Linked->Names[I]);
    if (!GV || LLVMIsDeclaration(GV))
      continue;
    LLVMSetLinkage(GV, LLVMInternalLinkage);
    LLVMSetVisibility(GV, LLVMDefaultVisibility);
    if (!F)
      continue;
    warpAddFunctionAttribute(F, "target-cpu", CPU);
    if (Features)
      warpAddFunctionAttribute(F, "target-features", Features);
    if (Denormals)
      warpAddFunctionAttribute(F, "denormal-fp-math-f32", Denormals);
  }
  free(Linked->Names);
}

bool warpReadDeviceLibrary(LLVMModuleRef M, const char *Dir, const char *File,
                           const char *What, LLVMModuleRef *Library,
                           char *Error, size_t ErrorSize) {
  char Path[4096];
  snprintf(Path, sizeof(Path), "%s/%s", Dir, File);
  LLVMMemoryBufferRef Buffer;
  char *Message = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buffer, &Message)) {
    snprintf(Error, ErrorSize,
             "cannot read %s %s: %s (install rocm-device-libs, or name its "
             "directory: cu2hsaco --rocm-device-lib-path=DIR, "
             "nvvm-to-amdgpu<device-libs=DIR>)",
             What, Path, Message);
    LLVMDisposeMessage(Message);
    return false;
  }
  bool Unreadable =
      LLVMParseBitcodeInContext2(LLVMGetModuleContext(M), Buffer, Library);
  LLVMDisposeMemoryBuffer(Buffer);
  if (Unreadable) {
    snprintf(Error, ErrorSize, "cannot parse %s", Path);
    return false;
  }
  LLVMSetDataLayout(*Library, LLVMGetDataLayoutStr(M));
  LLVMSetTarget(*Library, LLVMGetTarget(M));
  return true;
}

bool warpLinkDeviceLibraries(LLVMModuleRef M,
                             const WarpDeviceLibOptions *Options, char *Error,
                             size_t ErrorSize) {
  if (!needsOCML(M))
    return true;
  unsigned ISAVersion;
  if (!isaVersion(Options->OffloadArch, &ISAVersion)) {
    snprintf(Error, ErrorSize,
             "cannot tell the ISA version of '%s', which OCML's math needs "
             "(name a processor, not a generic target)",
             Options->OffloadArch);
    return false;
  }
  LLVMModuleRef Library;
  if (!warpReadDeviceLibrary(M, Options->BitcodeDir, "ocml.bc",
                             "AMD's math library", &Library, Error,
                             ErrorSize))
    return false;

  char Features[256], Denormals[64];
  const char *FeaturesValue =
      warpModuleFunctionAttribute(M, "target-features", Features,
                                  sizeof(Features));
  const char *DenormalsValue =
      warpModuleFunctionAttribute(M, "denormal-fp-math-f32", Denormals,
                                  sizeof(Denormals));
  NameList Linked = definedNames(Library);
  if (LLVMLinkModules2(M, Library)) {
    snprintf(Error, ErrorSize, "cannot link %s", "ocml.bc");
    return false;
  }
  adoptLinkedSymbols(M, &Linked, Options->OffloadArch, FeaturesValue,
                     DenormalsValue);

  defineControl(M, "__oclc_ISA_version", ISAVersion);
  defineControl(M, "__oclc_wavefrontsize64", Options->WaveSize == 64);
  defineControl(M, "__oclc_daz_opt", Options->FastMath);
  defineControl(M, "__oclc_unsafe_math_opt", 0);
  defineControl(M, "__oclc_finite_only_opt", 0);
  defineControl(M, "__oclc_correctly_rounded_sqrt32", !Options->FastMath);
  return true;
}
