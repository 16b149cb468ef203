/*===- cu2hsaco.c - Compile CUDA-style .cu kernels to AMD code objects -----===*
 *
 *   cu2hsaco kernel.cu -o k.hsaco --offload-arch=gfx90a [--wave32|--wave64]
 *            [--strategy=best|bpermute] [-O0|-O1|-O2|-O3] [--emit-llvm|-S]
 *            [-I dir] [-D name[=value]]
 *
 * clang-22 compiles the file's device side to NVVM bitcode (no NVIDIA SDK:
 * -nocudainc -nocudalib and our include/, with cuda_runtime.h pre-included
 * as nvcc does; frame pointers
 * omitted, which CUDA mode would otherwise keep in every non-inlined
 * function), nvvm-to-amdgpu
 * retargets it and lowers its warp intrinsics, LLVM's default pipeline
 * optimizes it for the chosen processor, the AMDGPU backend emits an object
 * and ld.lld links it into a code object (v4, loadable by the HIP 5.2
 * runtime). --emit-llvm stops after optimization, -S after the backend.
 *
 * clang emits line tables so that every diagnostic can name the source
 * line; they are dropped before the backend. After optimization, any call
 * or use of a function or variable the file only declares is an error
 * naming it (a code object is linked from this file alone).
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef CU2HSACO_LLVM_BIN
#define CU2HSACO_LLVM_BIN "/usr/lib/llvm-22/bin"
#endif
#ifndef CU2HSACO_INCLUDE_DIR
#define CU2HSACO_INCLUDE_DIR "."
#endif
#ifndef CU2HSACO_GENERATED_INCLUDE_DIR
#define CU2HSACO_GENERATED_INCLUDE_DIR "."
#endif

enum { MaxArgs = 256 };

typedef enum { EmitObject, EmitAssembly, EmitLLVM } OutputKind;

typedef struct {
  const char *Input;
  const char *Output;
  const char *OptLevel; /* "0".."3" */
  OutputKind Kind;
  bool Verbose;
  bool KeepLineTables;             /* -lineinfo, -g, -G */
  bool FastMath;                   /* --use_fast_math */
  const char *ClangExtra[MaxArgs]; /* -I, -D, -U, -isystem, -include, -std */
  unsigned NumClangExtra;
  char PassOptions[2048]; /* for warpParseRetargetOptions */
} DriverOptions;

/* Prints the usage (to stdout for --help) and exits with Status. */
static void usage(int Status) {
  fprintf(Status ? stderr : stdout,
          "usage: cu2hsaco FILE.cu -o OUT [--offload-arch=gfxNNN] "
          "[--wave32|--wave64]\n"
          "                [--strategy=best|bpermute]"
          "\n"
          "                [-O0|-O1|-O2|-O3] [--emit-llvm|-S] [-I DIR] "
          "[-D NAME[=VALUE]] [-v]\n"
          "                [--rocm-device-lib-path=DIR]\n"
          "                nvcc's: [-U NAME] [-isystem DIR] [-include "
          "FILE] [-std=c++NN] [-lineinfo|-g]\n"
          "                [-arch=sm_NN] [-gencode ...] [-x cu] "
          "[-Xcompiler OPTS] [--expt-relaxed-constexpr]\n"
          "                [--use_fast_math]\n");
  exit(Status);
}

static void note(const char *Format, const char *Detail) {
  fprintf(stderr, "cu2hsaco: note: ");
  fprintf(stderr, Format, Detail);
  fputc('\n', stderr);
}

static void fail(const char *Format, const char *Detail) {
  fprintf(stderr, "cu2hsaco: error: ");
  fprintf(stderr, Format, Detail);
  fputc('\n', stderr);
  exit(1);
}

static void appendPassOption(DriverOptions *Options, const char *Option) {
  size_t Used = strlen(Options->PassOptions);
  snprintf(Options->PassOptions + Used, sizeof(Options->PassOptions) - Used,
           "%s;", Option);
}

static void addClangArg(DriverOptions *Options, const char *Arg) {
  if (Options->NumClangExtra == MaxArgs)
    fail("%s", "too many -I/-D options");
  Options->ClangExtra[Options->NumClangExtra++] = Arg;
}

static bool startsWith(const char *Text, const char *Prefix) {
  return strncmp(Text, Prefix, strlen(Prefix)) == 0;
}

/* The value of an nvcc flag Name written "Name=V" or "Name V" (then the
 * next argument, consumed), or NULL if Arg is not that flag. */
static const char *flagValue(const char *Name, int argc, char **argv, int *I) {
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
    const char *Value = flagValue(Names[N], argc, argv, I);
    if (Value) {
      note("ignoring the NVIDIA target '%s'; the AMD processor is "
           "--offload-arch",
           Value);
      return true;
    }
  }
  return false;
}

/* nvcc's flags that pass to clang as they are, or respelled. */
static bool takeClangFlag(DriverOptions *Options, int argc, char **argv,
                          int *I) {
  static const char *const WithValue[] = {"-I", "-D", "-U", "-isystem",
                                          "-include"};
  const char *Arg = argv[*I];
  for (size_t N = 0; N < sizeof(WithValue) / sizeof(WithValue[0]); ++N) {
    size_t Length = strlen(WithValue[N]);
    if (!strcmp(Arg, WithValue[N]) && *I + 1 < argc) {
      addClangArg(Options, Arg);
      addClangArg(Options, argv[++*I]);
      return true;
    }
    if (Length == 2 && !strncmp(Arg, WithValue[N], 2) && Arg[2]) {
      addClangArg(Options, Arg);
      return true;
    }
  }
  const char *Std = flagValue("-std", argc, argv, I);
  if (!Std)
    Std = flagValue("--std", argc, argv, I);
  if (Std) {
    static char Spelled[MaxArgs][32];
    static unsigned NumSpelled;
    if (NumSpelled == MaxArgs || strlen(Std) > 20)
      fail("unsupported -std value '%s'", Std);
    snprintf(Spelled[NumSpelled], sizeof(Spelled[0]), "-std=%s", Std);
    addClangArg(Options, Spelled[NumSpelled++]);
    return true;
  }
  if (!strcmp(Arg, "-w") || (startsWith(Arg, "-W") && Arg[2])) {
    addClangArg(Options, Arg);
    return true;
  }
  return false;
}

/* The nvcc flags cu2hsaco knows; false for any other. */
static bool takeNvccFlag(DriverOptions *Options, int argc, char **argv,
                         int *I) {
  const char *Arg = argv[*I];
  const char *Value;
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
    appendPassOption(Options, "fast-math");
    return true;
  }
  if (!strcmp(Arg, "-G") || !strcmp(Arg, "--device-debug")) {
    note("%s: device debugging is not supported; keeping line tables as "
         "-lineinfo does",
         Arg);
    Options->KeepLineTables = true;
    return true;
  }
  /* What clang's CUDA mode does anyway. */
  if (!strcmp(Arg, "--expt-relaxed-constexpr") ||
      !strcmp(Arg, "--expt-extended-lambda") ||
      !strcmp(Arg, "--extended-lambda"))
    return true;
  if ((Value = flagValue("-x", argc, argv, I))) {
    if (strcmp(Value, "cu") && strcmp(Value, "cuda"))
      fail("-x %s: cu2hsaco compiles CUDA (-x cu) only", Value);
    return true;
  }
  if ((Value = flagValue("-Xcompiler", argc, argv, I)) ||
      (Value = flagValue("--compiler-options", argc, argv, I))) {
    note("ignoring the host compiler options '%s' (device code only)", Value);
    return true;
  }
  if (!strcmp(Arg, "-rdc=true") || !strcmp(Arg, "-rdc") ||
      !strcmp(Arg, "-dc") || !strcmp(Arg, "--relocatable-device-code=true"))
    fail("%s: separate compilation of device code is not supported; a "
         "code object is linked from one .cu file",
         Arg);
  return false;
}

static DriverOptions parseArgs(int argc, char **argv) {
  DriverOptions Options;
  memset(&Options, 0, sizeof(Options));
  Options.OptLevel = "2";
  for (int I = 1; I < argc; ++I) {
    const char *Arg = argv[I];
    if (!strcmp(Arg, "-o") && I + 1 < argc)
      Options.Output = argv[++I];
    else if (!strncmp(Arg, "--offload-arch=", 15))
      appendPassOption(&Options, Arg + 15);
    else if (!strcmp(Arg, "--wave32") || !strcmp(Arg, "--wave64"))
      appendPassOption(&Options, Arg + 2);
    else if (!strncmp(Arg, "--plant-bug=", 12) ||
             !strncmp(Arg, "--strategy=", 11))
      appendPassOption(&Options, Arg + 2);
    else if (strlen(Arg) == 3 && !strncmp(Arg, "-O", 2) &&
             strchr("0123", Arg[2]))
      Options.OptLevel = Arg + 2;
    else if (!strncmp(Arg, "--rocm-device-lib-path=", 23)) {
      char Option[1100];
      snprintf(Option, sizeof(Option), "device-libs=%s", Arg + 23);
      appendPassOption(&Options, Option);
    } else if (!strcmp(Arg, "--emit-llvm"))
      Options.Kind = EmitLLVM;
    else if (!strcmp(Arg, "-S"))
      Options.Kind = EmitAssembly;
    else if (!strcmp(Arg, "-v"))
      Options.Verbose = true;
    else if (!strcmp(Arg, "--help") || !strcmp(Arg, "-h"))
      usage(0);
    else if (takeNvccFlag(&Options, argc, argv, &I))
      continue;
    else if (Arg[0] != '-' && !Options.Input)
      Options.Input = Arg;
    else if (Arg[0] == '-')
      fail("unknown option '%s' (cu2hsaco --help lists the options it "
           "takes)",
           Arg);
    else
      usage(2);
  }
  if (!Options.Input || !Options.Output)
    usage(2);
  return Options;
}

/* Runs Argv, its output going to ours; returns its exit status. */
static int runTool(char *const *Argv, bool Verbose) {
  if (Verbose) {
    for (unsigned I = 0; Argv[I]; ++I)
      fprintf(stderr, "%s%s", I ? " " : "", Argv[I]);
    fputc('\n', stderr);
  }
  if (access(Argv[0], X_OK) != 0)
    fail("%s not found (install clang-22 and lld-22: make deps)", Argv[0]);
  pid_t Child = fork();
  if (Child == 0) {
    execv(Argv[0], Argv);
    _exit(127);
  }
  int Status = 0;
  if (Child < 0 || waitpid(Child, &Status, 0) < 0)
    fail("cannot run %s", Argv[0]);
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : 128;
}

/* The CUDA headers: include/cu2hsaco beside an installed cu2hsaco's bin/
 * (with the generated ones), else the source tree's include/ and the
 * build's generated headers (*Generated). */
static const char *findIncludeDir(const char **Generated) {
  *Generated = CU2HSACO_GENERATED_INCLUDE_DIR;
  static char Installed[4096];
  char Self[4096];
  ssize_t Length = readlink("/proc/self/exe", Self, sizeof(Self) - 1);
  if (Length > 0) {
    Self[Length] = '\0';
    char *Slash = strrchr(Self, '/');
    if (Slash) {
      *Slash = '\0';
      snprintf(Installed, sizeof(Installed), "%s/../include/cu2hsaco", Self);
      char Probe[4160];
      snprintf(Probe, sizeof(Probe), "%s/cuda_runtime.h", Installed);
      if (access(Probe, R_OK) == 0) {
        *Generated = Installed;
        return Installed;
      }
    }
  }
  return CU2HSACO_INCLUDE_DIR;
}

static void compileToNVVM(const DriverOptions *Options, const char *Bitcode) {
  char OptFlag[8];
  snprintf(OptFlag, sizeof(OptFlag), "-O%s", Options->OptLevel);
  const char *Generated;
  const char *Include = findIncludeDir(&Generated);
  const char *Argv[MaxArgs + 32] = {CU2HSACO_LLVM_BIN "/clang",
                                    "-x",
                                    "cuda",
                                    "--cuda-device-only",
                                    "--cuda-gpu-arch=sm_80",
                                    "-nocudainc",
                                    "-nocudalib",
                                    "--cuda-path=/nonexistent",
                                    "-Xclang",
                                    "-target-feature",
                                    "-Xclang",
                                    "+ptx70",
                                    "-isystem",
                                    Include,
                                    "-isystem",
                                    Generated,
                                    "-include",
                                    "cuda_runtime.h",
                                    OptFlag,
                                    "-fomit-frame-pointer",
                                    "-gline-tables-only",
                                    "-emit-llvm",
                                    "-c"};
  unsigned N = 23;
  if (Options->FastMath) {
    /* nvcc's --use_fast_math: the math functions that have an intrinsic
     * become it (include/crt/math_functions.h), f32 denormals flush. */
    Argv[N++] = "-D__USE_FAST_MATH__";
    Argv[N++] = "-fcuda-flush-denormals-to-zero";
  }
  for (unsigned I = 0; I < Options->NumClangExtra; ++I)
    Argv[N++] = Options->ClangExtra[I];
  Argv[N++] = Options->Input;
  Argv[N++] = "-o";
  Argv[N++] = Bitcode;
  Argv[N] = NULL;
  int Status = runTool((char *const *)Argv, Options->Verbose);
  if (Status != 0) {
    char Detail[32];
    snprintf(Detail, sizeof(Detail), "%d", Status);
    fail("clang failed on the device code (exit status %s)", Detail);
  }
}

static void printDiagnostic(void *Context, const char *Message) {
  (void)Context;
  fprintf(stderr, "cu2hsaco: error: %s\n", Message);
}

static LLVMModuleRef loadBitcode(LLVMContextRef Ctx, const char *Path) {
  LLVMMemoryBufferRef Buffer;
  LLVMModuleRef M;
  char *Error = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Path, &Buffer, &Error))
    fail("cannot read clang's output: %s", Error);
  /* The module is materialized whole, so the buffer can go. */
  bool Failed = LLVMParseBitcodeInContext2(Ctx, Buffer, &M);
  LLVMDisposeMemoryBuffer(Buffer);
  if (Failed)
    fail("%s", "cannot parse clang's bitcode");
  return M;
}

static LLVMTargetMachineRef createTargetMachine(const WarpRetargetOptions *R) {
  LLVMTargetRef Target;
  char *Error = NULL;
  if (LLVMGetTargetFromTriple("amdgcn-amd-amdhsa", &Target, &Error))
    fail("%s", Error);
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
    fail("optimization failed: %s", LLVMGetErrorMessage(Err));
}

static void linkCodeObject(const char *Object, const char *Output,
                           bool Verbose) {
  char *const Argv[] = {CU2HSACO_LLVM_BIN "/ld.lld",
                        "-shared",
                        "--no-undefined",
                        (char *)Object,
                        "-o",
                        (char *)Output,
                        NULL};
  if (runTool(Argv, Verbose) != 0)
    fail("ld.lld could not link %s", Output);
}

/* Scratch files, removed at exit whichever way the driver ends. */
static char TempDir[] = "/tmp/cu2hsaco.XXXXXX";
static char Bitcode[64], Object[64];

static void removeScratchFiles(void) {
  unlink(Bitcode);
  unlink(Object);
  rmdir(TempDir);
}

int main(int argc, char **argv) {
  DriverOptions Options = parseArgs(argc, argv);
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
  WarpRetargetOptions Retarget;
  char *Error = NULL;
  if (!warpParseRetargetOptions(Options.PassOptions, &Retarget, &Error))
    fail("%s", Error);

  if (!mkdtemp(TempDir))
    fail("%s", "cannot create a temporary directory");
  snprintf(Bitcode, sizeof(Bitcode), "%s/device.bc", TempDir);
  snprintf(Object, sizeof(Object), "%s/device.o", TempDir);
  atexit(removeScratchFiles);

  compileToNVVM(&Options, Bitcode);
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMModuleRef M = loadBitcode(Ctx, Bitcode);

  WarpLoweringResult Lowered =
      warpRetargetModule(M, &Retarget, printDiagnostic, NULL);
  if (Lowered.NumErrors)
    fail("%s: device code uses what cu2hsaco cannot map (see above)",
         Options.Input);
  if (LLVMVerifyModule(M, LLVMPrintMessageAction, NULL))
    fail("%s", "internal error: the retargeted module does not verify");
  if (Options.Verbose)
    fprintf(stderr, "cu2hsaco: %u warp intrinsics lowered for %s\n",
            Lowered.NumLowered, Retarget.OffloadArch);

  LLVMTargetMachineRef TM = createTargetMachine(&Retarget);
  optimize(M, TM, Options.OptLevel);
  if (warpReportUndefinedSymbols(M, "", printDiagnostic, NULL))
    fail("%s: device code uses functions or variables that no file of a "
         "code object defines (see above)",
         Options.Input);
  if (!Options.KeepLineTables)
    LLVMStripModuleDebugInfo(M);

  if (Options.Kind == EmitLLVM) {
    if (LLVMPrintModuleToFile(M, Options.Output, &Error))
      fail("%s", Error);
  } else if (Options.Kind == EmitAssembly) {
    if (LLVMTargetMachineEmitToFile(TM, M, Options.Output, LLVMAssemblyFile,
                                    &Error))
      fail("%s", Error);
  } else {
    if (LLVMTargetMachineEmitToFile(TM, M, Object, LLVMObjectFile, &Error))
      fail("%s", Error);
    linkCodeObject(Object, Options.Output, Options.Verbose);
  }
  LLVMDisposeTargetMachine(TM);
  LLVMDisposeModule(M);
  LLVMContextDispose(Ctx);
  return 0;
}
