/*===- DeviceCompile.c - CUDA device code to AMD code objects -------------===*
 *
 * clang-22 compiles a file's device side to NVVM bitcode (no NVIDIA SDK:
 * -nocudainc -nocudalib and our include/, with cuda_runtime.h pre-included
 * as nvcc does; frame pointers omitted, which CUDA mode would otherwise
 * keep in every non-inlined function), nvvm-to-amdgpu retargets it and
 * lowers its warp intrinsics, LLVM's default pipeline optimizes it for the
 * chosen processor, the AMDGPU backend emits an object and ld.lld links it
 * into a code object (v4, loadable by the HIP 5.2 runtime).
 *
 * clang emits line tables so that every diagnostic can name the source
 * line; they are dropped before the backend unless -lineinfo asks to keep
 * them. After optimization, any call or use of a function or variable the
 * file only declares is an error naming it (a code object is linked from
 * one file alone).
 *
 *===----------------------------------------------------------------------===*/

#include "DeviceCompile.h"
#include "NVVMWarpToAMDGPU.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef DRIVER_LLVM_BIN
#define DRIVER_LLVM_BIN "/usr/lib/llvm-22/bin"
#endif
#ifndef DRIVER_INCLUDE_DIR
#define DRIVER_INCLUDE_DIR "."
#endif
#ifndef DRIVER_GENERATED_INCLUDE_DIR
#define DRIVER_GENERATED_INCLUDE_DIR "."
#endif

static const char *ToolName = "cu2hsaco";

void driverSetName(const char *Name) { ToolName = Name; }

void driverNote(const char *Format, const char *Detail) {
  fprintf(stderr, "%s: note: ", ToolName);
  fprintf(stderr, Format, Detail);
  fputc('\n', stderr);
}

void driverFail(const char *Format, const char *Detail) {
  fprintf(stderr, "%s: error: ", ToolName);
  fprintf(stderr, Format, Detail);
  fputc('\n', stderr);
  exit(1);
}

void deviceOptionsInit(DeviceOptions *Options) {
  memset(Options, 0, sizeof(*Options));
  Options->OptLevel = "2";
}

void deviceOptionsAddPassOption(DeviceOptions *Options, const char *Option) {
  size_t Used = strlen(Options->PassOptions);
  snprintf(Options->PassOptions + Used, sizeof(Options->PassOptions) - Used,
           "%s;", Option);
}

void deviceOptionsAddClangArg(DeviceOptions *Options, const char *Arg) {
  if (Options->NumClangArgs == DriverMaxArgs)
    driverFail("%s", "too many -I/-D options");
  Options->ClangArgs[Options->NumClangArgs++] = Arg;
}

static bool startsWith(const char *Text, const char *Prefix) {
  return strncmp(Text, Prefix, strlen(Prefix)) == 0;
}

const char *driverFlagValue(const char *Name, int argc, char **argv, int *I) {
  const char *Arg = argv[*I];
  size_t Length = strlen(Name);
  if (strncmp(Arg, Name, Length) != 0)
    return NULL;
  if (Arg[Length] == '=')
    return Arg + Length + 1;
  if (Arg[Length] == '\0' && *I + 1 < argc)
    return argv[++*I];
  return NULL;
}

/* nvcc's flags that name NVIDIA targets: accepted, with a note, since the
 * AMD processor is --offload-arch. */
static bool takeNvidiaTargetFlag(int argc, char **argv, int *I) {
  static const char *const Names[] = {"-arch",    "--gpu-architecture",
                                      "-gencode", "--generate-code",
                                      "-code",    "--gpu-code"};
  for (size_t N = 0; N < sizeof(Names) / sizeof(Names[0]); ++N) {
    const char *Value = driverFlagValue(Names[N], argc, argv, I);
    if (Value) {
      driverNote("ignoring the NVIDIA target '%s'; the AMD processor is "
                 "--offload-arch",
                 Value);
      return true;
    }
  }
  return false;
}

/* nvcc's flags that pass to clang as they are, or respelled. */
static bool takeClangFlag(DeviceOptions *Options, int argc, char **argv,
                          int *I) {
  static const char *const WithValue[] = {"-I", "-D", "-U", "-isystem",
                                          "-include"};
  const char *Arg = argv[*I];
  for (size_t N = 0; N < sizeof(WithValue) / sizeof(WithValue[0]); ++N) {
    size_t Length = strlen(WithValue[N]);
    if (!strcmp(Arg, WithValue[N]) && *I + 1 < argc) {
      deviceOptionsAddClangArg(Options, Arg);
      deviceOptionsAddClangArg(Options, argv[++*I]);
      return true;
    }
    if (Length == 2 && !strncmp(Arg, WithValue[N], 2) && Arg[2]) {
      deviceOptionsAddClangArg(Options, Arg);
      return true;
    }
  }
  const char *Std = driverFlagValue("-std", argc, argv, I);
  if (!Std)
    Std = driverFlagValue("--std", argc, argv, I);
  if (Std) {
    static char Spelled[DriverMaxArgs][32];
    static unsigned NumSpelled;
    if (NumSpelled == DriverMaxArgs || strlen(Std) > 20)
      driverFail("unsupported -std value '%s'", Std);
    snprintf(Spelled[NumSpelled], sizeof(Spelled[0]), "-std=%s", Std);
    deviceOptionsAddClangArg(Options, Spelled[NumSpelled++]);
    return true;
  }
  if (!strcmp(Arg, "-w") ||
      (startsWith(Arg, "-W") && Arg[2] && !startsWith(Arg, "-Wl,"))) {
    deviceOptionsAddClangArg(Options, Arg);
    return true;
  }
  return false;
}

/* nvcc's options of the device compile. */
static bool takeNvccFlag(DeviceOptions *Options, int argc, char **argv,
                         int *I) {
  const char *Arg = argv[*I];
  /* nvcc's own warning about old NVIDIA targets: nothing to say here. */
  if (!strcmp(Arg, "-Wno-deprecated-gpu-targets") ||
      !strcmp(Arg, "--Wno-deprecated-gpu-targets"))
    return true;
  if (takeNvidiaTargetFlag(argc, argv, I) ||
      takeClangFlag(Options, argc, argv, I))
    return true;
  if (!strcmp(Arg, "-lineinfo") || !strcmp(Arg, "--generate-line-info") ||
      !strcmp(Arg, "-g")) {
    Options->KeepLineTables = true;
    return true;
  }
  if (!strcmp(Arg, "--use_fast_math") || !strcmp(Arg, "-use_fast_math")) {
    Options->FastMath = true;
    deviceOptionsAddPassOption(Options, "fast-math");
    return true;
  }
  if (!strcmp(Arg, "-G") || !strcmp(Arg, "--device-debug")) {
    driverNote("%s: device debugging is not supported; keeping line tables "
               "as -lineinfo does",
               Arg);
    Options->KeepLineTables = true;
    return true;
  }
  /* ptxas's options and register limits: AMD's backend allocates
   * registers for the occupancy the kernel's launch bounds allow. */
  if (driverFlagValue("-Xptxas", argc, argv, I) ||
      driverFlagValue("--ptxas-options", argc, argv, I) ||
      driverFlagValue("-maxrregcount", argc, argv, I) ||
      driverFlagValue("--maxrregcount", argc, argv, I))
    return true;
  /* What clang's CUDA mode does anyway. */
  if (!strcmp(Arg, "--expt-relaxed-constexpr") ||
      !strcmp(Arg, "--expt-extended-lambda") ||
      !strcmp(Arg, "--extended-lambda"))
    return true;
  if (!strcmp(Arg, "-rdc=true") || !strcmp(Arg, "-rdc") ||
      !strcmp(Arg, "-dc") || !strcmp(Arg, "--relocatable-device-code=true"))
    driverFail("%s: separate compilation of device code is not supported; a "
               "code object is linked from one .cu file",
               Arg);
  return false;
}

bool deviceOptionsTake(DeviceOptions *Options, int argc, char **argv, int *I) {
  const char *Arg = argv[*I];
  if (!strcmp(Arg, "--wave32") || !strcmp(Arg, "--wave64") ||
      !strcmp(Arg, "--tid-x-lanes") || startsWith(Arg, "--plant-bug=") ||
      startsWith(Arg, "--strategy=")) {
    deviceOptionsAddPassOption(Options, Arg + 2);
    return true;
  }
  if (strlen(Arg) == 3 && startsWith(Arg, "-O") && strchr("0123", Arg[2])) {
    Options->OptLevel = Arg + 2;
    return true;
  }
  if (startsWith(Arg, "--rocm-device-lib-path=")) {
    char Option[1100];
    snprintf(Option, sizeof(Option), "device-libs=%s", Arg + 23);
    deviceOptionsAddPassOption(Options, Option);
    return true;
  }
  if (!strcmp(Arg, "-v")) {
    Options->Verbose = true;
    return true;
  }
  return takeNvccFlag(Options, argc, argv, I);
}

/*===-- Scratch files and tools -------------------------------------------===*/

static char ScratchDir[] = "/tmp/cucc.XXXXXX";
static char **ScratchFiles;
static unsigned NumScratchFiles;

static void removeScratchFiles(void) {
  for (unsigned I = 0; I < NumScratchFiles; ++I) {
    unlink(ScratchFiles[I]);
    free(ScratchFiles[I]);
  }
  free(ScratchFiles);
  rmdir(ScratchDir);
}

const char *driverScratchPath(const char *Name) {
  if (!NumScratchFiles) {
    if (!mkdtemp(ScratchDir))
      driverFail("%s", "cannot create a temporary directory");
    atexit(removeScratchFiles);
  }
  size_t Size = sizeof(ScratchDir) + strlen(Name) + 24;
  char *Path = malloc(Size);
  snprintf(Path, Size, "%s/%u-%s", ScratchDir, NumScratchFiles, Name);
  ScratchFiles =
      realloc(ScratchFiles, (NumScratchFiles + 1) * sizeof(*ScratchFiles));
  ScratchFiles[NumScratchFiles++] = Path;
  return Path;
}

int driverRunTool(char *const *Argv, bool Verbose) {
  if (Verbose) {
    for (unsigned I = 0; Argv[I]; ++I)
      fprintf(stderr, "%s%s", I ? " " : "", Argv[I]);
    fputc('\n', stderr);
  }
  if (access(Argv[0], X_OK) != 0)
    driverFail("%s not found (install clang-22 and lld-22: make deps)",
               Argv[0]);
  fflush(NULL);
  pid_t Child = fork();
  if (Child == 0) {
    execv(Argv[0], Argv);
    _exit(127);
  }
  int Status = 0;
  if (Child < 0 || waitpid(Child, &Status, 0) < 0)
    driverFail("cannot run %s", Argv[0]);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128;
}

const char *driverInstalledDir(const char *Dir, const char *File) {
  static char Installed[4][4096];
  static unsigned Next;
  char Self[4000];
  ssize_t Length = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (Length <= 0)
    return NULL;
  Self[Length] = '\0';
  char *Slash = strrchr(Self, '/');
  if (!Slash)
    return NULL;
  *Slash = '\0';
  char *Path = Installed[Next++ % 4];
  snprintf(Path, sizeof(Installed[0]), "%s/../%s", Self, Dir);
  char Probe[8200];
  snprintf(Probe, sizeof(Probe), "%s/%s", Path, File);
  return access(Probe, R_OK) == 0 ? Path : NULL;
}

/* include/cu2hsaco beside an installed driver's bin/ (with the generated
 * headers), else the source tree's include/ and the build's generated
 * headers (*Generated). */
const char *driverIncludeDir(const char **Generated) {
  const char *Installed =
      driverInstalledDir("include/cu2hsaco", "cuda_runtime.h");
  *Generated = Installed ? Installed : DRIVER_GENERATED_INCLUDE_DIR;
  return Installed ? Installed : DRIVER_INCLUDE_DIR;
}

/*===-- The device compile ------------------------------------------------===*/

void deviceAppendCudaArgs(const DeviceOptions *Options, const char **Argv,
                          unsigned *N) {
  const char *Generated;
  const char *Include = driverIncludeDir(&Generated);
  /* CUDA 12.0's API (include/crt/host_defines.h): clang's <<<...>>> then
   * calls __cudaPushCallConfiguration and cudaLaunchKernel. */
  static const char *const Cuda[] = {"-x",
                                     "cuda",
                                     "--cuda-gpu-arch=sm_80",
                                     "-nocudainc",
                                     "-nocudalib",
                                     "--cuda-path=/nonexistent",
                                     "-Xclang",
                                     "-target-sdk-version=12.0",
                                     "-D__CUDACC__",
                                     /* What nvcc defines for every file it
                                      * compiles: code tests it to mark
                                      * functions __host__ __device__. */
                                     "-D__NVCC__"};
  for (size_t I = 0; I < sizeof(Cuda) / sizeof(Cuda[0]); ++I)
    Argv[(*N)++] = Cuda[I];
  Argv[(*N)++] = "-isystem";
  Argv[(*N)++] = Include;
  Argv[(*N)++] = "-isystem";
  Argv[(*N)++] = Generated;
  Argv[(*N)++] = "-include";
  Argv[(*N)++] = "cuda_runtime.h";
  for (unsigned I = 0; I < Options->NumClangArgs; ++I)
    Argv[(*N)++] = Options->ClangArgs[I];
}

void deviceCompileToNVVM(const DeviceOptions *Options, const char *Input,
                         const char *Bitcode) {
  char OptFlag[8];
  snprintf(OptFlag, sizeof(OptFlag), "-O%s", Options->OptLevel);
  const char *Argv[DriverMaxArgs + 40] = {DRIVER_LLVM_BIN "/clang"};
  unsigned N = 1;
  deviceAppendCudaArgs(Options, Argv, &N);
  static const char *const Device[] = {"--cuda-device-only",
                                       "-Xclang",
                                       "-target-feature",
                                       "-Xclang",
                                       "+ptx70",
                                       "-fomit-frame-pointer",
                                       "-gline-tables-only",
                                       "-emit-llvm",
                                       "-c"};
  for (size_t I = 0; I < sizeof(Device) / sizeof(Device[0]); ++I)
    Argv[N++] = Device[I];
  Argv[N++] = OptFlag;
  if (Options->FastMath) {
    /* nvcc's --use_fast_math: the math functions that have an intrinsic
     * become it (include/crt/math_functions.h), f32 denormals flush. */
    Argv[N++] = "-D__USE_FAST_MATH__";
    Argv[N++] = "-fcuda-flush-denormals-to-zero";
  }
  Argv[N++] = Input;
  Argv[N++] = "-o";
  Argv[N++] = Bitcode;
  Argv[N] = NULL;
  int Status = driverRunTool((char *const *)Argv, Options->Verbose);
  if (Status != 0) {
    char Detail[32];
    snprintf(Detail, sizeof(Detail), "%d", Status);
    driverFail("clang failed on the device code (exit status %s)", Detail);
  }
}

static void printDiagnostic(void *Context, const char *Message) {
  fprintf(stderr, "%s: error: %s\n", ToolName, Message);
  (void)Context;
}

static LLVMModuleRef loadBitcode(LLVMContextRef Ctx, const char *Path) {
  LLVMMemoryBufferRef Buffer;
  LLVMModuleRef M;
  char *Error = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buffer, &Error))
    driverFail("cannot read clang's output: %s", Error);
  /* The module is materialized whole, so the buffer can go. */
  bool Failed = LLVMParseBitcodeInContext2(Ctx, Buffer, &M);
  LLVMDisposeMemoryBuffer(Buffer);
  if (Failed)
    driverFail("%s", "cannot parse clang's bitcode");
  return M;
}

static void initializeAMDGPU(void) {
  static bool Done;
  if (Done)
    return;
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
  /* OCKL's hostcall code (device printf) holds inline asm. */
  LLVMInitializeAMDGPUAsmParser();
  Done = true;
}

static LLVMTargetMachineRef createTargetMachine(const WarpRetargetOptions *R) {
  LLVMTargetRef Target;
  char *Error = NULL;
  if (LLVMGetTargetFromTriple("amdgcn-amd-amdhsa", &Target, &Error))
    driverFail("%s", Error);
  /* The retargeted functions carry their target-features; the machine
   * needs only the processor. */
  return LLVMCreateTargetMachine(Target, "amdgcn-amd-amdhsa", R->OffloadArch,
                                 "", LLVMCodeGenLevelDefault, LLVMRelocPIC,
                                 LLVMCodeModelDefault);
}

static void optimize(LLVMModuleRef M, LLVMTargetMachineRef TM,
                     const char *OptLevel) {
  char Pipeline[32];
  snprintf(Pipeline, sizeof(Pipeline), "default<O%s>", OptLevel);
  LLVMPassBuilderOptionsRef PBO = LLVMCreatePassBuilderOptions();
  LLVMErrorRef Err = LLVMRunPasses(M, Pipeline, TM, PBO);
  LLVMDisposePassBuilderOptions(PBO);
  if (Err)
    driverFail("optimization failed: %s", LLVMGetErrorMessage(Err));
}

/* Whether F is an exported definition that only this module's code can
 * call: every function but the kernels, as a code object is linked from one
 * file. (Inline functions and templates are linkonce_odr, dropped when
 * unused anyway; so are the OCKL printf entry points, which must keep their
 * signatures: pass/DevicePrintf.c.) */
static bool isModulePrivateDefinition(LLVMValueRef F) {
  if (LLVMIsDeclaration(F) || LLVMGetIntrinsicID(F) ||
      LLVMGetFunctionCallConv(F) == LLVMAMDGPUKERNELCallConv)
    return false;
  LLVMLinkage Linkage = LLVMGetLinkage(F);
  return Linkage == LLVMExternalLinkage || Linkage == LLVMWeakAnyLinkage ||
         Linkage == LLVMWeakODRLinkage;
}

static bool isDiscardableIfUnused(LLVMValueRef F) {
  LLVMLinkage Linkage = LLVMGetLinkage(F);
  return Linkage == LLVMInternalLinkage || Linkage == LLVMPrivateLinkage ||
         Linkage == LLVMLinkOnceAnyLinkage || Linkage == LLVMLinkOnceODRLinkage;
}

/* Device code is whole-program per file, as nvcc's without -rdc: the
 * __device__ functions become internal, and the ones nothing uses any
 * more (each inlined into every caller) go. Left external, such a function
 * stays in the code object though no kernel reaches it, and if it uses a
 * __shared__ variable the AMDGPU backend, which gives LDS only to what a
 * kernel reaches (amdgpu-lower-module-lds), compiles that use to a trap
 * and warns "local memory global used by non-kernel function". */
static void internalizeDeviceFunctions(LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (isModulePrivateDefinition(F)) {
      LLVMSetLinkage(F, LLVMInternalLinkage);
      LLVMSetVisibility(F, LLVMDefaultVisibility);
    }
}

/* Removes the local and inline functions nothing uses (what GlobalDCE does
 * at -O1 and up), and those only they used. */
static void eraseUnusedInternalFunctions(LLVMModuleRef M) {
  for (bool Erased = true; Erased;) {
    Erased = false;
    for (LLVMValueRef F = LLVMGetFirstFunction(M); F;) {
      LLVMValueRef Next = LLVMGetNextFunction(F);
      if (isDiscardableIfUnused(F) && !LLVMGetFirstUse(F) &&
          !LLVMIsDeclaration(F)) {
        LLVMDeleteFunction(F);
        Erased = true;
      }
      F = Next;
    }
  }
}

LLVMModuleRef deviceLowerForProcessor(const DeviceOptions *Options,
                                      LLVMContextRef Ctx, const char *Bitcode,
                                      const char *Input, const char *Processor,
                                      LLVMTargetMachineRef *TM) {
  initializeAMDGPU();
  char PassOptions[sizeof(Options->PassOptions) + 64];
  snprintf(PassOptions, sizeof(PassOptions), "%s%s%s", Options->PassOptions,
           Processor ? Processor : "", Processor ? ";" : "");
  WarpRetargetOptions Retarget;
  char *Error = NULL;
  if (!warpParseRetargetOptions(PassOptions, &Retarget, &Error))
    driverFail("%s", Error);

  LLVMModuleRef M = loadBitcode(Ctx, Bitcode);
  WarpLoweringResult Lowered =
      warpRetargetModule(M, &Retarget, printDiagnostic, NULL);
  if (Lowered.NumErrors) {
    char Message[4200];
    snprintf(Message, sizeof(Message),
             "%s: device code uses what %s cannot map (see above)", Input,
             ToolName);
    driverFail("%s", Message);
  }
  if (LLVMVerifyModule(M, LLVMPrintMessageAction, NULL))
    driverFail("%s", "internal error: the retargeted module does not verify");
  if (Options->Verbose)
    fprintf(stderr, "%s: %u warp intrinsics lowered for %s\n", ToolName,
            Lowered.NumLowered, Retarget.OffloadArch);

  internalizeDeviceFunctions(M);
  *TM = createTargetMachine(&Retarget);
  optimize(M, *TM, Options->OptLevel);
  eraseUnusedInternalFunctions(M);
  warpNarrowVolatileSharedAccesses(M);
  if (warpReportUndefinedSymbols(M, "", printDiagnostic, NULL))
    driverFail("%s: device code uses functions or variables that no file of "
               "a code object defines (see above)",
               Input);
  if (!Options->KeepLineTables)
    LLVMStripModuleDebugInfo(M);
  return M;
}

void deviceEmitCodeObject(LLVMModuleRef M, LLVMTargetMachineRef TM,
                          const char *Output, bool Verbose) {
  const char *Object = driverScratchPath("device.o");
  char *Error = NULL;
  if (LLVMTargetMachineEmitToFile(TM, M, (char *)Object, LLVMObjectFile,
                                  &Error))
    driverFail("%s", Error);
  char *const Argv[] = {DRIVER_LLVM_BIN "/ld.lld",
                        "-shared",
                        "--no-undefined",
                        (char *)Object,
                        "-o",
                        (char *)Output,
                        NULL};
  if (driverRunTool(Argv, Verbose) != 0)
    driverFail("ld.lld could not link %s", Output);
}
