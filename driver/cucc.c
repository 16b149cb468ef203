/*===- cucc.c - nvcc for AMD GPUs: whole CUDA programs
 * ----------------------===*
 *
 *   cucc app.cu -o app [--offload-arch=gfx90a,gfx942,...] [-O2] [-c]
 *        [-I DIR] [-D NAME] [-L DIR] [-l LIB] [-Xcompiler OPTS] ...
 *
 * Builds a program as nvcc does, from .cu files (device and host code),
 * C and C++ files (host code) and objects and libraries:
 *
 *  - a .cu file's device side is compiled once to NVVM bitcode and then, for
 *    each processor, retargeted, optimized and emitted as a code object
 *    (DeviceCompile.c, what cu2hsaco does); the code objects and their
 *    optimized bitcode, which wavesim runs, go into one clang offload
 *    bundle (runtime/OffloadBundle.h);
 *  - its host side is compiled by clang in CUDA mode with that bundle as
 *    the GPU binary: the object registers the bundle, its kernels and its
 *    __device__/__constant__ variables with the runtime at startup
 *    (__cudaRegisterFatBinary, __cudaRegisterFunction, __cudaRegisterVar),
 *    and <<<...>>> calls cudaLaunchKernel;
 *  - everything is linked by clang++ with the CUDA runtime over HIP or
 *    wavesim (runtime/), as nvcc links NVIDIA's: static by default
 *    (libcudart_static.a: the program needs no library of ours to run),
 *    or shared or none (--cudart), from the toolkit's lib64/ beside cucc's
 *    bin/ (cmake/CudaToolkit.cmake).
 *
 * Device code is whole-program per .cu file, as nvcc without -rdc; with
 * -rdc=true or -dc it stays relocatable, and the link (or -dlink) links
 * every object's device code first, as nvlink does (DeviceLink.c). With
 * -c each source becomes an object; objects and libraries link as usual.
 * Processors, inputs and every file the build writes are checked before
 * anything is compiled (DeviceCompile.c); $CUCC_LLVM_BIN can name another
 * directory of LLVM 22's clang, clang++ and ld.lld.
 *
 *===----------------------------------------------------------------------===*/

#include "DeviceCompile.h"
#include "DeviceLink.h"
#include "NvccOptions.h"

#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CUCC_RUNTIME_DIR
#define CUCC_RUNTIME_DIR "."
#endif

enum { MaxInputs = 256, MaxProcessors = 16 };

/* The processors a program is built for when no --offload-arch says:
 * CDNA2 and CDNA3 (wave64), RDNA2 and RDNA3 (wave32). The first is what
 * wavesim emulates by default. */
static const char DefaultProcessors[] = "gfx90a,gfx942,gfx1030,gfx1100";

typedef enum { SourceCuda, SourceCxx, SourceC, LinkInput } InputKind;

/* nvcc's --cudart: which CUDA runtime a program links. */
typedef enum { CudartStatic, CudartShared, CudartNone } CudartKind;

typedef struct {
  const char *Path;
  InputKind Kind;
} Input;

typedef struct {
  Input Inputs[MaxInputs];
  unsigned NumInputs;
  const char *Output;
  bool CompileOnly;
  bool AllCuda; /* -x cu */
  char *Processors[MaxProcessors];
  unsigned NumProcessors;
  const char *ProcessorsFrom; /* "--offload-arch", "$CUCC_OFFLOAD_ARCH" */
  DeviceOptions Device;
  RdcOptions Rdc;                      /* -rdc, -dc, -dlink: DeviceLink.c */
  const char *HostArgs[DriverMaxArgs]; /* -Xcompiler, -g */
  unsigned NumHostArgs;
  const char *LinkArgs[DriverMaxArgs]; /* -L, -l, -Wl, -Xlinker, in order */
  unsigned NumLinkArgs;
  NvccOptions Nvcc; /* the build's options: -M, -E, -shared, --keep, ... */
  CudartKind Cudart;
} Options;

static void usage(int Status) {
  fprintf(Status ? stderr : stdout,
          "usage: cucc [options] FILE... [-o OUT]   (nvcc for AMD GPUs)\n"
          "  FILE: .cu (CUDA), .c/.cpp/.cc/.cxx (host code), .o/.a/.so; "
          "@FILE and\n"
          "    --options-file FILE (-optf) read more options from FILE\n"
          "  -c  compile to objects   -E  preprocess   -shared  link a "
          "shared library\n"
          "  -dc, -rdc=true  relocatable device code   -dlink  device-link "
          "objects\n"
          "  -M -MM -MD -MMD -MF FILE -MT TARGET -MP  dependency files, as "
          "nvcc writes them\n"
          "  --offload-arch=gfxNNN[,gfxNNN...]  AMD processors (else "
          "$CUCC_OFFLOAD_ARCH, else\n"
          "    %s); nvcc's -arch, -gencode, --generate-code name\n"
          "    NVIDIA architectures (sm_NN, native, all, all-major): "
          "accepted, and they\n"
          "    name no AMD processor\n"
          "  -O0..-O3  -g  -lineinfo  -G  -I DIR  -D NAME[=VALUE]  -U NAME  "
          "-isystem DIR\n"
          "  -include FILE  -std=c++NN  -w  -W...  -Werror KIND  "
          "--use_fast_math  -x cu\n"
          "  -L DIR  -l LIB  -Wl,...  -Xlinker OPTS  -Xcompiler OPTS  "
          "-forward-unknown-to-host-compiler\n"
          "  -v (the steps, as nvcc -v prints them)  --dryrun  --version  "
          "--keep  --keep-dir DIR\n"
          "  --cudart=static|shared|none  the CUDA runtime linked (default "
          "static)\n"
          "  --wave32|--wave64  --strategy=best|exact|bpermute  "
          "--rocm-device-lib-path=DIR\n"
          "  --tid-x-lanes  threadIdx.x %% 32 is the warp lane (1-D blocks or "
          "blockDim.x a multiple of 32)\n"
          "  --no-launch-variants  kernels check the block shape themselves "
          "(no variant\n"
          "    for the runtime to pick at launch)\n"
          "  nvcc's options for ptxas, nvlink, fatbinary, threads, the host "
          "compiler's path\n"
          "    (-Xptxas, -maxrregcount, -Xnvlink, -t, -ccbin, -m64, ...) are "
          "accepted; -v\n"
          "    notes each one that changes nothing here\n"
          "Run the program: an AMD GPU through HIP, else wavesim on the CPU "
          "(CUCC_DEVICE=hip|wavesim|wavesim:gfxNNN).\n",
          DefaultProcessors);
  exit(Status);
}

static void addArg(const char **Args, unsigned *N, const char *Arg) {
  if (*N == DriverMaxArgs)
    driverFail("%s", "too many options");
  Args[(*N)++] = Arg;
}

/* A copy of List to split, which the arguments made from it point into for
 * the rest of the run (kept here, where it stays reachable). */
static char *copyToSplit(const char *List) {
  static char *Copies[64];
  static unsigned NumCopies;
  if (NumCopies == sizeof(Copies) / sizeof(Copies[0]))
    driverFail("%s", "too many comma-separated options");
  return Copies[NumCopies++] = strdup(List);
}

/* "a,b,c" as separate arguments, as nvcc's -Xcompiler and -Xlinker take. */
static void addCommaList(const char **Args, unsigned *N, const char *List,
                         const char *Prefix) {
  char *Copy = copyToSplit(List);
  for (char *Item = strtok(Copy, ","); Item; Item = strtok(NULL, ",")) {
    if (Prefix)
      addArg(Args, N, Prefix);
    addArg(Args, N, Item);
  }
}

static void addProcessors(Options *O, const char *List, const char *From) {
  O->ProcessorsFrom = From;
  char *Copy = copyToSplit(List);
  unsigned Before = O->NumProcessors;
  for (char *Item = strtok(Copy, ","); Item; Item = strtok(NULL, ",")) {
    if (O->NumProcessors == MaxProcessors)
      driverFail("%s", "too many --offload-arch processors");
    driverCheckProcessor(From, Item);
    O->Processors[O->NumProcessors++] = Item;
  }
  if (O->NumProcessors == Before)
    driverFail("%s=%s names no processor", From, List);
}

static const char *extensionOf(const char *Path) {
  const char *Slash = strrchr(Path, '/');
  const char *Dot = strrchr(Slash ? Slash : Path, '.');
  return Dot ? Dot + 1 : "";
}

static InputKind kindOf(const Options *O, const char *Path) {
  static const char *const Cxx[] = {"cpp", "cc", "cxx", "C", "c++", "cp"};
  static const char *const Linked[] = {"o", "a", "so", "lo"};
  const char *Ext = extensionOf(Path);
  for (size_t I = 0; I < sizeof(Linked) / sizeof(Linked[0]); ++I)
    if (!strcmp(Ext, Linked[I]))
      return LinkInput;
  if (O->AllCuda || !strcmp(Ext, "cu"))
    return SourceCuda;
  if (!strcmp(Ext, "c"))
    return SourceC;
  for (size_t I = 0; I < sizeof(Cxx) / sizeof(Cxx[0]); ++I)
    if (!strcmp(Ext, Cxx[I]))
      return SourceCxx;
  if (strstr(Path, ".so."))
    return LinkInput;
  driverFail("%s: unknown kind of input (cucc takes .cu, .c, .cpp, .cc, "
             ".cxx, .o, .a and .so files)",
             Path);
}

/* --cudart=KIND, --cudart KIND, -cudart KIND (nvcc's spellings). */
static bool takeCudartFlag(Options *O, int argc, char **argv, int *I) {
  const char *Value = driverFlagValue("--cudart", argc, argv, I);
  if (!Value)
    Value = driverFlagValue("-cudart", argc, argv, I);
  if (!Value)
    return false;
  if (!strcmp(Value, "static"))
    O->Cudart = CudartStatic;
  else if (!strcmp(Value, "shared"))
    O->Cudart = CudartShared;
  else if (!strcmp(Value, "none"))
    O->Cudart = CudartNone;
  else
    driverFail("--cudart=%s: expected static, shared or none", Value);
  return true;
}

/* Link options: the runtime is linked as --cudart says, whatever names
 * nvcc's build lines give it. */
static bool takeLinkFlag(Options *O, int argc, char **argv, int *I) {
  const char *Arg = argv[*I], *Value;
  if (!strcmp(Arg, "-lcudart") || !strcmp(Arg, "-lcudart_static") ||
      !strcmp(Arg, "-lcudadevrt") || !strcmp(Arg, "-lcuda"))
    return true;
  if (!strcmp(Arg, "-l") || !strcmp(Arg, "-L")) {
    if (*I + 1 >= argc)
      driverFail("%s needs a value", Arg);
    addArg(O->LinkArgs, &O->NumLinkArgs, Arg);
    addArg(O->LinkArgs, &O->NumLinkArgs, argv[++*I]);
    return true;
  }
  if (!strncmp(Arg, "-l", 2) || !strncmp(Arg, "-L", 2) ||
      !strncmp(Arg, "-Wl,", 4) || !strcmp(Arg, "-pthread")) {
    addArg(O->LinkArgs, &O->NumLinkArgs, Arg);
    return true;
  }
  if ((Value = driverFlagValue("-Xlinker", argc, argv, I)) ||
      (Value = driverFlagValue("--linker-options", argc, argv, I))) {
    addCommaList(O->LinkArgs, &O->NumLinkArgs, Value, "-Xlinker");
    return true;
  }
  return false;
}

static const char *runtimeDir(void);

/* -v and --dryrun: the steps are printed (and with --dryrun not run),
 * after nvcc's `#$ NAME=value` lines, and the flags that change nothing
 * here are noted; without them a build's many compiles say nothing of
 * those flags. */
static void announceSteps(const Options *O) {
  driverSetDryRun(O->Nvcc.DryRun);
  if (!O->Device.Verbose && !O->Nvcc.DryRun)
    return;
  nvccPrintEnvironment(runtimeDir());
  driverShowIgnoredFlags(true);
}

static Options parseArgs(int argc, char **argv) {
  Options O;
  memset(&O, 0, sizeof(O));
  deviceOptionsInit(&O.Device);
  nvccOptionsInit(&O.Nvcc, O.HostArgs, &O.NumHostArgs, O.LinkArgs,
                  &O.NumLinkArgs);
  driverShowIgnoredFlags(false);
  /* An unknown option is the host compiler's if
   * -forward-unknown-to-host-compiler stands anywhere. */
  const char *Unknown = NULL;
  const char *Sources[MaxInputs];
  unsigned NumSources = 0;
  bool LaunchVariants = true;
  for (int I = 1; I < argc; ++I) {
    const char *Arg = argv[I], *Value;
    if (!strcmp(Arg, "-o") && I + 1 < argc)
      O.Output = argv[++I];
    else if (!strcmp(Arg, "-c") || !strcmp(Arg, "--compile"))
      O.CompileOnly = true;
    else if (!strncmp(Arg, "--offload-arch=", 15))
      addProcessors(&O, Arg + 15, "--offload-arch");
    else if (!strcmp(Arg, "--help") || !strcmp(Arg, "-h"))
      usage(0);
    else if (!strcmp(Arg, "--no-launch-variants"))
      LaunchVariants = false;
    else if ((Value = driverFlagValue("-x", argc, argv, &I))) {
      if (strcmp(Value, "cu") && strcmp(Value, "cuda"))
        driverFail("-x %s: cucc takes -x cu (every source is CUDA) only",
                   Value);
      O.AllCuda = true;
    } else if (nvccTakeOption(&O.Nvcc, argc, argv, &I) ||
               deviceLinkTakeFlag(&O.Rdc, &O.CompileOnly, argc, argv, &I) ||
               takeCudartFlag(&O, argc, argv, &I))
      continue;
    else if (deviceOptionsTake(&O.Device, argc, argv, &I)) {
      /* Before the link flags: -lineinfo is no -l. */
      if (!strcmp(Arg, "-g"))
        addArg(O.HostArgs, &O.NumHostArgs, "-g");
    } else if (takeLinkFlag(&O, argc, argv, &I))
      continue;
    else if (Arg[0] == '-') {
      addArg(O.HostArgs, &O.NumHostArgs, Arg);
      Unknown = Unknown ? Unknown : Arg;
    } else if (NumSources < MaxInputs)
      Sources[NumSources++] = Arg;
    else
      driverFail("%s", "too many input files");
  }
  if (Unknown && !O.Nvcc.ForwardUnknown)
    driverFail("unknown option '%s' (cucc --help lists the options it "
               "takes; -forward-unknown-to-host-compiler passes such "
               "options to the host compiler)",
               Unknown);
  /* The runtime launches a kernel's variant for the block shape. */
  if (LaunchVariants)
    deviceOptionsAddPassOption(&O.Device, "launch-variants");
  announceSteps(&O);
  /* -x cu applies to every source, wherever it stands. */
  for (unsigned I = 0; I < NumSources; ++I)
    O.Inputs[O.NumInputs++] = (Input){Sources[I], kindOf(&O, Sources[I])};
  if (!O.NumInputs)
    usage(2);
  const char *FromEnvironment = getenv("CUCC_OFFLOAD_ARCH");
  if (!O.NumProcessors && FromEnvironment && *FromEnvironment)
    addProcessors(&O, FromEnvironment, "$CUCC_OFFLOAD_ARCH");
  if (!O.NumProcessors)
    addProcessors(&O, DefaultProcessors, "the default");
  /* -shared links a library: its objects' code must be relocatable. */
  if (O.Nvcc.Shared)
    addArg(O.HostArgs, &O.NumHostArgs, "-fPIC");
  return O;
}

/*===-- Compiling ---------------------------------------------------------===*/

/* The device code of a .cu file for every processor: a code object and
 * its bitcode each, bundled at the path returned. */
static const char *buildBundle(const Options *O, const char *Source) {
  const char *Bitcode = driverScratchPath("device.bc");
  deviceCompileToNVVM(&O->Device, Source, Bitcode);
  /* --dryrun: the processors' compiles run in cucc, on clang's output. */
  if (driverIsDryRun())
    return driverScratchPath("device.bundle");
  LLVMMemoryBufferRef Buffer;
  char *Error = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(Bitcode, &Buffer, &Error))
    driverFail("cannot read '%s': %s", Bitcode, Error);
  const char *Bundle =
      deviceBundleForProcessors(&O->Device, O->Processors, O->NumProcessors,
                                Buffer, Source, deviceCheckDefined, Source);
  LLVMDisposeMemoryBuffer(Buffer);
  return Bundle;
}

static void appendHostArgs(const Options *O, const char **Argv, unsigned *N,
                           char *OptFlag) {
  snprintf(OptFlag, 8, "-O%s", O->Device.OptLevel);
  Argv[(*N)++] = OptFlag;
  /* nvcc hands host code to GCC, whose optimizer leaves real programs'
   * wrapping signed arithmetic working where clang's folds it away
   * (NVIDIA's simpleOccupancy compares i * i past 2^31): wrap. */
  Argv[(*N)++] = "-fwrapv";
  for (unsigned I = 0; I < O->NumHostArgs; ++I)
    Argv[(*N)++] = O->HostArgs[I];
}

/* A .cu file: its device code bundled (or, relocatable, its bitcode), its
 * host code compiled around it. */
static void compileCuda(const Options *O, const char *Source,
                        const char *Object) {
  DeviceOptions Device = O->Device;
  const char *Bundle = O->Rdc.Relocatable || O->Rdc.LinkOnly
                           ? deviceCompileRelocatable(&Device, Source)
                           : buildBundle(O, Source);
  const char *Argv[3 * DriverMaxArgs + 40] = {driverToolPath("clang")};
  unsigned N = 1;
  char OptFlag[8];
  deviceAppendCudaArgs(&Device, Argv, &N);
  Argv[N++] = "--cuda-host-only";
  Argv[N++] = "-Xclang";
  Argv[N++] = "-fcuda-include-gpubinary";
  Argv[N++] = "-Xclang";
  Argv[N++] = Bundle;
  appendHostArgs(O, Argv, &N, OptFlag);
  Argv[N++] = "-c";
  Argv[N++] = Source;
  Argv[N++] = "-o";
  Argv[N++] = Object;
  Argv[N] = NULL;
  driverRunTool((char *const *)Argv, O->Device.Verbose,
                "compiling the host code of %s", Source);
}

/* clang's arguments for the host side of In: CUDA mode, host side only,
 * for a .cu file; C or C++ seeing the runtime API through the same headers
 * (cuda_runtime.h gives a host compile its host side) for the others. Then
 * the host compiler's options. */
static void appendHostSideArgs(const Options *O, const Input *In,
                               const char **Argv, unsigned *N, char *OptFlag) {
  if (In->Kind == SourceCuda) {
    deviceAppendCudaArgs(&O->Device, Argv, N);
    Argv[(*N)++] = "--cuda-host-only";
  } else {
    const char *Generated;
    const char *Include = driverIncludeDir(&Generated);
    Argv[(*N)++] = "-x";
    Argv[(*N)++] = In->Kind == SourceC ? "c" : "c++";
    Argv[(*N)++] = "-isystem";
    Argv[(*N)++] = Include;
    Argv[(*N)++] = "-isystem";
    Argv[(*N)++] = Generated;
    for (unsigned I = 0; I < O->Device.NumClangArgs; ++I)
      Argv[(*N)++] = O->Device.ClangArgs[I];
  }
  appendHostArgs(O, Argv, N, OptFlag);
}

/* A C or C++ file: host code. */
static void compileHost(const Options *O, const Input *In, const char *Object) {
  const char *Argv[3 * DriverMaxArgs + 40] = {driverToolPath("clang")};
  unsigned N = 1;
  char OptFlag[8];
  appendHostSideArgs(O, In, Argv, &N, OptFlag);
  Argv[N++] = "-c";
  Argv[N++] = In->Path;
  Argv[N++] = "-o";
  Argv[N++] = Object;
  Argv[N] = NULL;
  driverRunTool((char *const *)Argv, O->Device.Verbose, "compiling %s",
                In->Path);
}

/* -E: the host side of In preprocessed, to Output or standard output. */
static void preprocess(const Options *O, const Input *In, const char *Output) {
  const char *Argv[3 * DriverMaxArgs + 40] = {driverToolPath("clang")};
  unsigned N = 1;
  char OptFlag[8];
  appendHostSideArgs(O, In, Argv, &N, OptFlag);
  Argv[N++] = "-E";
  Argv[N++] = In->Path;
  if (Output) {
    Argv[N++] = "-o";
    Argv[N++] = Output;
  }
  Argv[N] = NULL;
  driverRunTool((char *const *)Argv, O->Device.Verbose, "preprocessing %s",
                In->Path);
}

/* clang's make rule of the headers In includes at Rule: -M's (all), or
 * -MM's (those outside system directories). */
static void listHeaders(const Options *O, const Input *In, const char *Flag,
                        const char *Rule) {
  const char *Argv[3 * DriverMaxArgs + 40] = {driverToolPath("clang")};
  unsigned N = 1;
  char OptFlag[8];
  appendHostSideArgs(O, In, Argv, &N, OptFlag);
  Argv[N++] = Flag;
  Argv[N++] = "-MF";
  Argv[N++] = Rule;
  Argv[N++] = In->Path;
  Argv[N] = NULL;
  driverRunTool((char *const *)Argv, O->Device.Verbose,
                "listing the headers of %s", In->Path);
}

/* -M, -MD and their kin: the headers In includes, from clang's
 * preprocessor (the host side, as nvcc's), written by Target's rule as
 * nvcc writes it to Output (standard output if NULL). */
static void writeDependencies(const Options *O, const Input *In,
                              const char *Target, const char *Output) {
  const char *Rule = driverScratchPath("clang.d");
  const char *NonSystemRule = NULL;
  listHeaders(O, In, "-M", Rule);
  if (O->Nvcc.NonSystemDependencies) {
    NonSystemRule = driverScratchPath("clang-nonsystem.d");
    listHeaders(O, In, "-MM", NonSystemRule);
  }
  if (!driverIsDryRun())
    nvccWriteDependencies(Rule, NonSystemRule, Output, Target,
                          O->Nvcc.PhonyTargets);
}

/* "dir/app.cu" becomes "app.o", in the current directory as nvcc -c
 * writes it. */
static char *objectNameOf(const char *Source) {
  const char *Slash = strrchr(Source, '/');
  const char *Base = Slash ? Slash + 1 : Source;
  const char *Dot = strrchr(Base, '.');
  size_t Length = Dot ? (size_t)(Dot - Base) : strlen(Base);
  char *Name = malloc(Length + 3);
  snprintf(Name, Length + 3, "%.*s.o", (int)Length, Base);
  return Name;
}

/* The toolkit's library directory: lib64/ beside cucc's bin/ (installed,
 * or the build tree's), else the build tree's lib/. */
static const char *runtimeDir(void) {
  const char *Toolkit = driverInstalledDir("lib64", "libcudart_static.a");
  return Toolkit ? Toolkit : CUCC_RUNTIME_DIR;
}

/* The runtime's libraries as nvcc links them; the directory's other
 * libraries (-lcublas) are found again at run time through the RUNPATH,
 * which a program with the static runtime alone does not need. */
static void appendRuntimeLibraries(const Options *O, const char **Argv,
                                   unsigned *N) {
  Argv[(*N)++] = "-lcudadevrt";
  if (O->Cudart == CudartStatic) {
    static const char *const Static[] = {"-lcudart_static", "-lrt", "-lpthread",
                                         "-ldl"};
    for (size_t I = 0; I < sizeof(Static) / sizeof(Static[0]); ++I)
      Argv[(*N)++] = Static[I];
  } else if (O->Cudart == CudartShared) {
    Argv[(*N)++] = "-lcudart";
  }
}

static void linkProgram(const Options *O, const char **Objects,
                        unsigned NumObjects) {
  const char *Argv[MaxInputs + DriverMaxArgs + 16] = {
      driverToolPath("clang++")};
  unsigned N = 1;
  char RuntimePath[4200], Rpath[4200];
  const char *Dir = runtimeDir();
  snprintf(RuntimePath, sizeof(RuntimePath), "-L%s", Dir);
  snprintf(Rpath, sizeof(Rpath), "-Wl,-rpath,%s", Dir);
  if (O->Nvcc.Shared)
    Argv[N++] = "-shared";
  for (unsigned I = 0; I < NumObjects; ++I)
    Argv[N++] = Objects[I];
  for (unsigned I = 0; I < O->NumLinkArgs; ++I)
    Argv[N++] = O->LinkArgs[I];
  /* As nvcc's: host compiler options (-fopenmp, -pthread) reach the link. */
  for (unsigned I = 0; I < O->NumHostArgs; ++I)
    Argv[N++] = O->HostArgs[I];
  Argv[N++] = RuntimePath;
  Argv[N++] = Rpath;
  appendRuntimeLibraries(O, Argv, &N);
  Argv[N++] = "-o";
  Argv[N++] = O->Output ? O->Output : "a.out";
  Argv[N] = NULL;
  driverRunTool((char *const *)Argv, O->Device.Verbose, "linking %s",
                O->Output ? O->Output : "a.out");
}

/* nvcc's name for a dependency file of Path: its extension, if any,
 * replaced by .d. */
static char *dependencyFileOf(const char *Path) {
  const char *Slash = strrchr(Path, '/');
  const char *Dot = strrchr(Slash ? Slash + 1 : Path, '.');
  size_t Length = Dot ? (size_t)(Dot - Path) : strlen(Path);
  char *Name = malloc(Length + 3);
  snprintf(Name, Length + 3, "%.*s.d", (int)Length, Path);
  return Name;
}

/* The target of a source's dependency rule: -MT, else its object (-c), else
 * the object nvcc -c would write, in the -odir directory if given. */
static const char *dependencyTarget(const Options *O, const Input *In,
                                    const char *Object) {
  if (O->Nvcc.DependencyTarget)
    return O->Nvcc.DependencyTarget;
  if (Object)
    return Object;
  char *Name = objectNameOf(In->Path);
  if (!O->Nvcc.OutputDirectory)
    return Name;
  size_t Size = strlen(O->Nvcc.OutputDirectory) + strlen(Name) + 2;
  char *InDirectory = malloc(Size);
  snprintf(InDirectory, Size, "%s/%s", O->Nvcc.OutputDirectory, Name);
  free(Name);
  return InDirectory;
}

/* -E, -M, -MM: no compile; each source preprocessed, or its dependency
 * rule written, to -o (or -MF) or standard output. */
static int preprocessOnly(const Options *O, unsigned NumSources) {
  bool Dependencies = O->Nvcc.Dependencies == DependenciesOnly;
  const char *Output = Dependencies && O->Nvcc.DependencyFile
                           ? O->Nvcc.DependencyFile
                           : O->Output;
  if (Output && NumSources > 1)
    driverFail("%s names one output: give one source file",
               Dependencies && O->Nvcc.DependencyFile ? "-MF" : "-o");
  for (unsigned I = 0; I < O->NumInputs; ++I) {
    const Input *In = &O->Inputs[I];
    if (In->Kind == LinkInput)
      continue;
    driverCheckInput(In->Path);
    if (Output)
      driverCheckOutput(Output, &In->Path, 1);
    if (Dependencies)
      writeDependencies(O, In, dependencyTarget(O, In, NULL), Output);
    else
      preprocess(O, In, Output);
  }
  return 0;
}

/* -MD, -MMD: the dependency file of a source compiled to Object (NULL when
 * the program is linked at once): -MF, else -o's name, else the source's,
 * with .d for its extension. */
static void writeDependenciesOfCompile(const Options *O, const Input *In,
                                       const char *Object) {
  const char *File = O->Nvcc.DependencyFile;
  if (!File)
    File = dependencyFileOf(O->Output ? O->Output : objectNameOf(In->Path));
  writeDependencies(O, In, dependencyTarget(O, In, Object), File);
}

/* With -v: the AMD processors built, and why nvcc's architectures are not
 * they. CMake's compiler identification reads the architecture it detected
 * from "-arch compute_NN" in the output of -v. */
static void noteProcessors(const Options *O) {
  char List[MaxProcessors * 16] = "";
  for (unsigned P = 0; P < O->NumProcessors; ++P)
    snprintf(List + strlen(List), sizeof(List) - strlen(List), "%s%s",
             P ? "," : "", O->Processors[P]);
  bool Default = !strcmp(O->ProcessorsFrom, "the default");
  driverNote("building for %s (%s%s): NVIDIA architectures, nvcc's default "
             "-arch compute_%s or any -arch/-gencode given, name no AMD "
             "processor",
             List, Default ? "" : "from ",
             Default ? "the default; --offload-arch or $CUCC_OFFLOAD_ARCH "
                       "names others"
                     : O->ProcessorsFrom,
             NVCC_DEFAULT_ARCHITECTURE);
}

/* The device link of Objects' relocatable device code into Output (nvcc's
 * nvlink step): always with -dlink, else only if there is some. Inputs
 * name the objects in messages. */
static bool linkDeviceCode(const Options *O, const char *const *Objects,
                           const char *const *Inputs, unsigned NumObjects,
                           const char *Output) {
  /* --dryrun compiled nothing whose device code could be read. */
  if (O->Nvcc.DryRun)
    return false;
  DeviceLinkRequest Request = {.Device = &O->Device,
                               .Processors = O->Processors,
                               .NumProcessors = O->NumProcessors,
                               .Inputs = Objects,
                               .Labels = Inputs,
                               .NumInputs = NumObjects,
                               .LinkArgs = O->LinkArgs,
                               .NumLinkArgs = O->NumLinkArgs,
                               .Name = O->Output ? O->Output : "a.out"};
  return deviceLink(&Request, Output, O->Rdc.LinkOnly);
}

int main(int argc, char **argv) {
  driverSetName("cucc");
  nvccExpandArguments(&argc, &argv);
  Options O = parseArgs(argc, argv);
  if (O.Nvcc.KeepDir)
    driverKeepScratchFiles(O.Nvcc.KeepDir);
  if (O.Rdc.LinkOnly && !O.Output)
    O.Output = "a_dlink.o"; /* nvcc's name */
  unsigned NumSources = 0;
  for (unsigned I = 0; I < O.NumInputs; ++I)
    NumSources += O.Inputs[I].Kind != LinkInput;
  if (O.Nvcc.Dependencies == DependenciesOnly || O.Nvcc.Preprocess)
    return preprocessOnly(&O, NumSources);
  if (O.Device.Verbose || O.Nvcc.DryRun)
    noteProcessors(&O);
  if (O.CompileOnly && O.Output && NumSources != 1)
    driverFail("%s", "-c -o names one object: give one source file");
  if (O.Nvcc.Dependencies && O.Nvcc.DependencyFile && NumSources != 1)
    driverFail("%s", "-MF names one dependency file: give one source file");

  const char *Objects[MaxInputs];
  char *ObjectNames[MaxInputs] = {NULL}; /* those objectNameOf made */
  const char *Paths[MaxInputs];
  for (unsigned I = 0; I < O.NumInputs; ++I) {
    const Input *In = &O.Inputs[I];
    Paths[I] = In->Path;
    driverCheckInput(In->Path);
    driverSetScratchStem(In->Path);
    if (In->Kind == LinkInput)
      Objects[I] = In->Path;
    else if (O.CompileOnly && !O.Output)
      Objects[I] = ObjectNames[I] = objectNameOf(In->Path);
    else
      Objects[I] = O.CompileOnly ? O.Output : driverScratchPath("host.o");
  }
  /* Every file the build writes, before anything is written. */
  for (unsigned I = 0; I < O.NumInputs; ++I)
    if (O.CompileOnly && O.Inputs[I].Kind != LinkInput)
      driverCheckOutput(Objects[I], Paths, O.NumInputs);
  if (!O.CompileOnly)
    driverCheckOutput(O.Output ? O.Output : "a.out", Paths, O.NumInputs);

  for (unsigned I = 0; I < O.NumInputs; ++I) {
    const Input *In = &O.Inputs[I];
    if (In->Kind == LinkInput)
      continue;
    driverSetScratchStem(In->Path);
    if (O.Nvcc.Dependencies == DependenciesWithCompile)
      writeDependenciesOfCompile(&O, In, O.CompileOnly ? Objects[I] : NULL);
    if (In->Kind == SourceCuda)
      compileCuda(&O, In->Path, Objects[I]);
    else
      compileHost(&O, In, Objects[I]);
  }
  if (O.Rdc.LinkOnly && !O.CompileOnly)
    linkDeviceCode(&O, Objects, Paths, O.NumInputs, O.Output);
  else if (!O.CompileOnly) {
    /* The device-link object first, as nvcc links it: a static library's
     * own (CMake's resolved device symbols) is then not taken too. */
    const char *Linked[MaxInputs + 1] = {driverScratchPath("device-link.o")};
    memcpy(Linked + 1, Objects, O.NumInputs * sizeof(*Objects));
    if (linkDeviceCode(&O, Objects, Paths, O.NumInputs, Linked[0]))
      linkProgram(&O, Linked, O.NumInputs + 1);
    else
      linkProgram(&O, Objects, O.NumInputs);
  }
  for (unsigned I = 0; I < O.NumInputs; ++I)
    free(ObjectNames[I]);
  return 0;
}
