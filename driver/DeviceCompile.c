/*===- DeviceCompile.c - CUDA device code to AMD code objects -------------===*
 *
 * clang-22 compiles a file's device side to NVVM bitcode (no NVIDIA SDK:
 * -nocudainc -nocudalib and our include/, with cuda_runtime.h pre-included
 * as nvcc does; frame pointers omitted, which CUDA mode would otherwise
 * keep in every non-inlined function), nvvm-to-amdgpu retargets it and
 * lowers its warp intrinsics, LLVM's default pipeline optimizes it for the
 * chosen processor, the AMDGPU backend emits an object and ld.lld links it
 * into a code object (v5, loadable by the HIP 5.2 runtime).
 *
 * clang emits line tables so that every diagnostic can name the source
 * line; they are dropped before the backend unless -lineinfo asks to keep
 * them. After optimization, any call or use of a function or variable the
 * file only declares is an error naming it (a code object is linked from
 * one file alone).
 *
 * A driver's mistakes are caught before anything runs, each in one line
 * naming what is wrong: a processor LLVM's AMDGPU backend does not know
 * (or an NVIDIA architecture where an AMD processor belongs), an input that
 * cannot be read, an output that cannot be written or that is an input.
 * A tool that fails or dies of a signal is named with what it was doing,
 * and LLVM's fatal errors name the file and processor instead of aborting.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE /* sigabbrev_np */

#include "DeviceCompile.h"
#include "NVVMWarpToAMDGPU.h"
#include "pipeline/UnrollCostShim.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/Support.h>
#include <llvm-c/Target.h>

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* "<driver>: <Kind>: " and the message, on a line of standard error. */
static void printMessage(const char *Kind, const char *Format, va_list Args) {
  fprintf(stderr, "%s: %s: ", ToolName, Kind);
  vfprintf(stderr, Format, Args);
  fputc('\n', stderr);
}

void driverNote(const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  printMessage("note", Format, Args);
  va_end(Args);
}

/* The notes of driverNoteIgnored, each text once; those after NumShown
 * wait for driverShowIgnoredFlags(true). */
static bool ShowIgnoredFlags = true;
static char *IgnoredNotes[64];
static unsigned NumIgnoredNotes, NumShown;

static void showIgnoredNotes(void) {
  for (; NumShown < NumIgnoredNotes; ++NumShown)
    driverNote("%s", IgnoredNotes[NumShown]);
}

void driverShowIgnoredFlags(bool Show) {
  ShowIgnoredFlags = Show;
  if (Show)
    showIgnoredNotes();
  else
    NumShown = NumIgnoredNotes;
}

void driverNoteIgnored(const char *Format, ...) {
  char Text[1024];
  va_list Args;
  va_start(Args, Format);
  vsnprintf(Text, sizeof(Text), Format, Args);
  va_end(Args);
  for (unsigned I = 0; I < NumIgnoredNotes; ++I)
    if (!strcmp(IgnoredNotes[I], Text))
      return;
  if (NumIgnoredNotes == sizeof(IgnoredNotes) / sizeof(IgnoredNotes[0]))
    return;
  IgnoredNotes[NumIgnoredNotes++] = strdup(Text);
  if (ShowIgnoredFlags)
    showIgnoredNotes();
}

void driverError(const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  printMessage("error", Format, Args);
  va_end(Args);
}

void driverFail(const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  printMessage("error", Format, Args);
  va_end(Args);
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

/*===-- Processors and paths, checked before anything runs ----------------===*/

/* The gfx processors LLVM's AMDGPU backend knows, in ISA order, the
 * generic ones (gfx11-generic) last. LLVM's C API cannot list them, and
 * LLVMCreateTargetMachine takes any name (an unknown one warns at every
 * function, then instruction selection fails), so the build asked llc of
 * the same LLVM (cmake/gen-amdgpu-processors.py). */
static const char *const KnownProcessors[] = {
#include "AMDGPUProcessors.inc"
};
enum {
  NumKnownProcessors = sizeof(KnownProcessors) / sizeof(KnownProcessors[0])
};

static bool isGenericProcessor(const char *Name) {
  return strstr(Name, "-generic") != NULL;
}

static bool namesNvidiaArchitecture(const char *Name) {
  return startsWith(Name, "sm_") || startsWith(Name, "compute_") ||
         startsWith(Name, "lto_");
}

static bool isKnownProcessor(const char *Name) {
  for (unsigned I = 0; I < NumKnownProcessors; ++I)
    if (!strcmp(KnownProcessors[I], Name))
      return true;
  return false;
}

/* "gfx600, gfx601, ..., gfx1251": the processors one can name. */
static void listKnownProcessors(char *List, size_t Size) {
  size_t Used = 0;
  List[0] = '\0';
  for (unsigned I = 0; I < NumKnownProcessors && Used < Size; ++I)
    if (!isGenericProcessor(KnownProcessors[I]))
      Used += (size_t)snprintf(List + Used, Size - Used, "%s%s",
                               Used ? ", " : "", KnownProcessors[I]);
}

void driverCheckProcessor(const char *Flag, const char *Name) {
  if (namesNvidiaArchitecture(Name))
    driverFail("%s=%s: %s is an NVIDIA architecture; AMD processors are "
               "named gfxNNN, e.g. gfx90a, gfx942, gfx1100 (nvcc's "
               "-arch=%s is accepted, and ignored)",
               Flag, Name, Name, Name);
  const char *Colon = strchr(Name, ':');
  if (Colon) {
    char Processor[64];
    snprintf(Processor, sizeof(Processor), "%.*s", (int)(Colon - Name), Name);
    driverCheckProcessor(Flag, Processor);
    driverFail("%s=%s: target features ('%s') are not supported; name the "
               "processor alone, %s",
               Flag, Name, Colon + 1, Processor);
  }
  if (!isKnownProcessor(Name)) {
    char Known[2048];
    listKnownProcessors(Known, sizeof(Known));
    driverFail("unknown AMD processor '%s' (known: %s)", Name, Known);
  }
  if (isGenericProcessor(Name))
    driverFail("%s=%s: generic processors need code object version 6, and "
               "%s writes version 5 (what ROCm 5.2 loads): name one "
               "processor of the family",
               Flag, Name, ToolName);
}

void driverCheckInput(const char *Path) {
  if (access(Path, R_OK) != 0)
    driverFail("cannot read '%s': %s", Path, strerror(errno));
}

/* The directory a new file at Path goes into. */
static void directoryOf(const char *Path, char *Dir, size_t Size) {
  const char *Slash = strrchr(Path, '/');
  if (!Slash)
    snprintf(Dir, Size, ".");
  else if (Slash == Path)
    snprintf(Dir, Size, "/");
  else
    snprintf(Dir, Size, "%.*s", (int)(Slash - Path), Path);
}

static bool isSameFile(const struct stat *A, const char *Path) {
  struct stat B;
  return stat(Path, &B) == 0 && A->st_dev == B.st_dev && A->st_ino == B.st_ino;
}

/* A file that exists is written if it is writable (as /dev/null is) or
 * replaced, as linkers and clang do, if its directory is writable; "-" is
 * standard output, as LLVM's tools take it. */
void driverCheckOutput(const char *Output, const char *const *Inputs,
                       unsigned NumInputs) {
  if (!strcmp(Output, "-"))
    return;
  struct stat Existing;
  if (stat(Output, &Existing) == 0) {
    for (unsigned I = 0; I < NumInputs; ++I)
      if (isSameFile(&Existing, Inputs[I]))
        driverFail("-o %s would overwrite the input '%s'", Output, Inputs[I]);
    if (S_ISDIR(Existing.st_mode))
      driverFail("cannot write '%s': %s", Output, strerror(EISDIR));
    if (access(Output, W_OK) == 0)
      return;
  } else if (errno != ENOENT) {
    driverFail("cannot write '%s': %s", Output, strerror(errno));
  }
  char Dir[4096];
  directoryOf(Output, Dir, sizeof(Dir));
  if (access(Dir, W_OK | X_OK) != 0)
    driverFail("cannot write '%s': %s", Output, strerror(errno));
}

/* nvcc's flags that name NVIDIA targets: accepted, with a note, since the
 * AMD processor is --offload-arch. An AMD processor given there would be
 * ignored too: an error says where it goes. */
static bool takeNvidiaTargetFlag(int argc, char **argv, int *I) {
  static const char *const Names[] = {"-arch",    "--gpu-architecture",
                                      "-gencode", "--generate-code",
                                      "-code",    "--gpu-code"};
  for (size_t N = 0; N < sizeof(Names) / sizeof(Names[0]); ++N) {
    const char *Value = driverFlagValue(Names[N], argc, argv, I);
    if (!Value)
      continue;
    if (strstr(Value, "gfx"))
      driverFail("%s %s: nvcc's %s names NVIDIA targets; an AMD processor "
                 "is chosen with --offload-arch=gfxNNN",
                 Names[N], Value, Names[N]);
    driverNoteIgnored("ignoring the NVIDIA target '%s'; the AMD processor "
                      "is --offload-arch",
                      Value);
    return true;
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
  /* CMake's spelling of a system include directory for nvcc. */
  if (startsWith(Arg, "-isystem=") && Arg[9]) {
    deviceOptionsAddClangArg(Options, "-isystem");
    deviceOptionsAddClangArg(Options, Arg + 9);
    return true;
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

/* nvcc's warnings that clang has no name for. */
static bool isNvccOnlyWarning(const char *Name) {
  static const char *const Names[] = {
      "deprecated-gpu-targets", "ext-lambda-captures-this",
      "default-stream-launch", "missing-launch-bounds",
      "cross-execution-space-call"};
  for (size_t N = 0; N < sizeof(Names) / sizeof(Names[0]); ++N)
    if (!strcmp(Name, Names[N]))
      return true;
  return false;
}

/* nvcc's -Werror KIND,... (CMake's -Werror all-warnings): all-warnings is
 * clang's -Werror, a kind clang knows is -Werror=KIND. */
static void addWarningsAsErrors(DeviceOptions *Options, const char *Kinds) {
  char Copy[512];
  snprintf(Copy, sizeof(Copy), "%s", Kinds);
  for (char *Kind = strtok(Copy, ","); Kind; Kind = strtok(NULL, ",")) {
    static char Spelled[32][80];
    static unsigned NumSpelled;
    if (isNvccOnlyWarning(Kind)) {
      driverNoteIgnored("-Werror %s: an nvcc warning clang does not give",
                        Kind);
      continue;
    }
    if (NumSpelled == sizeof(Spelled) / sizeof(Spelled[0]))
      driverFail("%s", "too many -Werror kinds");
    if (!strcmp(Kind, "all-warnings"))
      snprintf(Spelled[NumSpelled], sizeof(Spelled[0]), "-Werror");
    else
      snprintf(Spelled[NumSpelled], sizeof(Spelled[0]), "-Werror=%s", Kind);
    deviceOptionsAddClangArg(Options, Spelled[NumSpelled++]);
  }
}

/* nvcc's warning options: -Werror takes nvcc's kinds, -W and -Wno- of a
 * warning only nvcc gives are noted (clang would warn of an unknown
 * option). The others reach clang (takeClangFlag). */
static bool takeNvccWarningFlag(DeviceOptions *Options, int argc, char **argv,
                                int *I) {
  const char *Arg = argv[*I];
  const char *Kinds;
  if ((Kinds = driverFlagValue("-Werror", argc, argv, I)) ||
      (Kinds = driverFlagValue("--Werror", argc, argv, I))) {
    addWarningsAsErrors(Options, Kinds);
    return true;
  }
  if (startsWith(Arg, "--W"))
    ++Arg;
  const char *Name = startsWith(Arg, "-Wno-") ? Arg + 5 : Arg + 2;
  if (startsWith(Arg, "-W") && isNvccOnlyWarning(Name)) {
    if (strcmp(Name, "deprecated-gpu-targets"))
      driverNoteIgnored("%s: a warning only nvcc gives", Arg);
    return true;
  }
  return false;
}

/* nvcc's options of the device compile. */
static bool takeNvccFlag(DeviceOptions *Options, int argc, char **argv,
                         int *I) {
  const char *Arg = argv[*I];
  if (takeNvccWarningFlag(Options, argc, argv, I) ||
      takeNvidiaTargetFlag(argc, argv, I) ||
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
  const char *Fmad;
  if ((Fmad = driverFlagValue("-fmad", argc, argv, I)) ||
      (Fmad = driverFlagValue("--fmad", argc, argv, I))) {
    if (strcmp(Fmad, "true") && strcmp(Fmad, "false"))
      driverFail("%s: nvcc's --fmad is true or false", Arg);
    Options->NoFMAContraction = !strcmp(Fmad, "false");
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
  const char *Value;
  if ((Value = driverFlagValue("-Xptxas", argc, argv, I)) ||
      (Value = driverFlagValue("--ptxas-options", argc, argv, I)) ||
      (Value = driverFlagValue("-maxrregcount", argc, argv, I)) ||
      (Value = driverFlagValue("--maxrregcount", argc, argv, I))) {
    driverNoteIgnored("ignoring %s%s%s: AMD's backend allocates registers "
                      "for the occupancy the launch bounds allow",
                      Arg, strchr(Arg, '=') ? "" : " ",
                      strchr(Arg, '=') ? "" : Value);
    return true;
  }
  /* What clang's CUDA mode does anyway. */
  if (!strcmp(Arg, "--expt-relaxed-constexpr") ||
      !strcmp(Arg, "--expt-extended-lambda") ||
      !strcmp(Arg, "--extended-lambda"))
    return true;
  /* Whole-program device code is what a code object of one file is;
   * cucc takes separate compilation (DeviceLink.c) before this. */
  if (!strcmp(Arg, "-rdc=false") ||
      !strcmp(Arg, "--relocatable-device-code=false"))
    return true;
  if (!strcmp(Arg, "-rdc=true") || !strcmp(Arg, "-rdc") ||
      !strcmp(Arg, "-dc") || !strcmp(Arg, "--relocatable-device-code=true"))
    driverFail("%s: %s makes a code object of one .cu file; relocatable "
               "device code is cucc's (cucc -dc, then cucc -dlink or a link "
               "through cucc)",
               Arg, ToolName);
  return false;
}

bool deviceOptionsTake(DeviceOptions *Options, int argc, char **argv, int *I) {
  const char *Arg = argv[*I];
  if (!strcmp(Arg, "--wave32") || !strcmp(Arg, "--wave64") ||
      !strcmp(Arg, "--tid-x-lanes") || !strcmp(Arg, "--launch-variants") ||
      startsWith(Arg, "--plant-bug=") || startsWith(Arg, "--strategy=")) {
    deviceOptionsAddPassOption(Options, Arg + 2);
    return true;
  }
  if (strlen(Arg) == 3 && startsWith(Arg, "-O") && strchr("0123", Arg[2])) {
    Options->OptLevel = Arg + 2;
    return true;
  }
  /* nvcc's -O 3 and --optimize=3. */
  if (!strcmp(Arg, "-O") || !strcmp(Arg, "--optimize") ||
      startsWith(Arg, "--optimize=")) {
    const char *Level =
        driverFlagValue(Arg[1] == 'O' ? "-O" : "--optimize", argc, argv, I);
    if (!Level || strlen(Level) != 1 || !strchr("0123", Level[0]))
      driverFail("%s: the optimization level is 0, 1, 2 or 3", Arg);
    Options->OptLevel = Level;
    return true;
  }
  if (startsWith(Arg, "--rocm-device-lib-path=")) {
    char Option[1100];
    snprintf(Option, sizeof(Option), "device-libs=%s", Arg + 23);
    deviceOptionsAddPassOption(Options, Option);
    return true;
  }
  if (!strcmp(Arg, "-v") || !strcmp(Arg, "--verbose")) {
    Options->Verbose = true;
    return true;
  }
  return takeNvccFlag(Options, argc, argv, I);
}

/*===-- Scratch files and tools -------------------------------------------===*/

static char ScratchDir[] = "/tmp/cucc.XXXXXX";
static char **ScratchFiles;
static unsigned NumScratchFiles;
static const char *KeepDir; /* --keep: where scratch files go, and stay */
static char ScratchStem[256] = "cucc";

void driverKeepScratchFiles(const char *Dir) { KeepDir = Dir; }

void driverSetScratchStem(const char *Source) {
  const char *Slash = strrchr(Source, '/');
  const char *Base = Slash ? Slash + 1 : Source;
  const char *Dot = strrchr(Base, '.');
  int Length = Dot && Dot != Base ? (int)(Dot - Base) : (int)strlen(Base);
  snprintf(ScratchStem, sizeof(ScratchStem), "%.*s", Length, Base);
}

/* "DIR/app.3-device.bc": kept, named after the source, numbered so that
 * the processors' files of one source stay apart. */
static const char *keptPath(const char *Name) {
  static unsigned NumKept;
  size_t Size = strlen(KeepDir) + strlen(ScratchStem) + strlen(Name) + 32;
  char *Path = malloc(Size);
  snprintf(Path, Size, "%s/%s.%u-%s", KeepDir, ScratchStem, NumKept++, Name);
  return Path;
}

static void removeScratchFiles(void) {
  for (unsigned I = 0; I < NumScratchFiles; ++I) {
    unlink(ScratchFiles[I]);
    free(ScratchFiles[I]);
  }
  free(ScratchFiles);
  rmdir(ScratchDir);
}

const char *driverScratchPath(const char *Name) {
  if (KeepDir)
    return keptPath(Name);
  if (!NumScratchFiles) {
    if (!mkdtemp(ScratchDir))
      driverFail("cannot create a temporary directory '%s': %s", ScratchDir,
                 strerror(errno));
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

const char *driverToolPath(const char *Tool) {
  static char Paths[4][4200];
  static unsigned Next;
  const char *Dir = getenv("CUCC_LLVM_BIN");
  char *Path = Paths[Next++ % 4];
  snprintf(Path, sizeof(Paths[0]), "%s/%s", Dir && *Dir ? Dir : DRIVER_LLVM_BIN,
           Tool);
  return Path;
}

static const char *baseName(const char *Path) {
  const char *Slash = strrchr(Path, '/');
  return Slash ? Slash + 1 : Path;
}

/* "SIGSEGV (Segmentation fault)". */
static void describeSignal(int Signal, char *Text, size_t Size) {
  const char *Name = sigabbrev_np(Signal);
  if (Name)
    snprintf(Text, Size, "SIG%s (%s)", Name, strsignal(Signal));
  else
    snprintf(Text, Size, "%d", Signal);
}

static bool DryRun;

void driverSetDryRun(bool Dry) { DryRun = Dry; }

bool driverIsDryRun(void) { return DryRun; }

/* What a shell takes as part of a word, unquoted. */
static bool isPlainArgument(const char *Arg) {
  if (!*Arg)
    return false;
  for (const char *C = Arg; *C; ++C)
    if (!isalnum((unsigned char)*C) && !strchr("_-./=,+:@%^", *C))
      return false;
  return true;
}

void driverPrintArgument(FILE *Stream, const char *Arg) {
  if (isPlainArgument(Arg)) {
    fputs(Arg, Stream);
    return;
  }
  fputc('"', Stream);
  for (const char *C = Arg; *C; ++C) {
    if (strchr("\\\"$`", *C))
      fputc('\\', Stream);
    fputc(*C, Stream);
  }
  fputc('"', Stream);
}

void driverRunTool(char *const *Argv, bool Verbose, const char *Doing, ...) {
  if (Verbose || DryRun) {
    fputs("#$ ", stderr);
    for (unsigned I = 0; Argv[I]; ++I) {
      if (I)
        fputc(' ', stderr);
      driverPrintArgument(stderr, Argv[I]);
    }
    fputc('\n', stderr);
  }
  if (DryRun)
    return;
  if (access(Argv[0], X_OK) != 0)
    driverFail("%s not found (%s)", Argv[0],
               getenv("CUCC_LLVM_BIN")
                   ? "$CUCC_LLVM_BIN names the directory of LLVM 22's tools"
                   : "install clang-22 and lld-22: make deps");
  char What[4400];
  va_list Args;
  va_start(Args, Doing);
  vsnprintf(What, sizeof(What), Doing, Args);
  va_end(Args);
  fflush(NULL);
  pid_t Child;
  int Error = posix_spawn(&Child, Argv[0], NULL, NULL, Argv, environ);
  if (Error)
    driverFail("cannot run %s: %s", Argv[0], strerror(Error));
  int Status = 0;
  while (waitpid(Child, &Status, 0) < 0)
    if (errno != EINTR)
      driverFail("cannot wait for %s: %s", Argv[0], strerror(errno));
  const char *Tool = baseName(Argv[0]);
  if (WIFSIGNALED(Status)) {
    char Signal[128];
    describeSignal(WTERMSIG(Status), Signal, sizeof(Signal));
    driverFail("%s was killed by signal %s while %s", Tool, Signal, What);
  }
  if (WEXITSTATUS(Status) != 0)
    driverFail("%s failed while %s (exit status %d)", Tool, What,
               WEXITSTATUS(Status));
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

/* include/ beside the driver's bin/, as in a CUDA toolkit (an install,
 * or the build tree, whose include/ links the source tree's headers and
 * the generated ones), else the source tree's include/ and the build's
 * generated headers (*Generated). */
const char *driverIncludeDir(const char **Generated) {
  const char *Installed = driverInstalledDir("include", "cuda_runtime.h");
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
  static const char *const Cuda[] = {"-x", "cuda", "--cuda-gpu-arch=sm_80",
                                     "-nocudainc", "-nocudalib",
                                     "--cuda-path=/nonexistent", "-Xclang",
                                     "-target-sdk-version=12.0", "-D__CUDACC__",
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
  const char *Argv[DriverMaxArgs + 40] = {driverToolPath("clang")};
  unsigned N = 1;
  deviceAppendCudaArgs(Options, Argv, &N);
  static const char *const Device[] = {"--cuda-device-only",
                                       "-Xclang",
                                       "-target-feature",
                                       "-Xclang",
                                       "+ptx70",
                                       "-fomit-frame-pointer",
                                       "-gline-tables-only",
                                       /* IR ready for optimization, none
                                        * done: AMDGPU's, in
                                        * deviceLowerModule. */
                                       "-Xclang",
                                       "-disable-llvm-optzns",
                                       "-emit-llvm",
                                       "-c"};
  for (size_t I = 0; I < sizeof(Device) / sizeof(Device[0]); ++I)
    Argv[N++] = Device[I];
  Argv[N++] = OptFlag;
  /* nvcc's --fmad=true (its default) contracts a multiply and an add into
   * an FMA across statements, which clang's CUDA mode does by default
   * (-ffp-contract=fast); --fmad=false contracts none. */
  if (Options->NoFMAContraction)
    Argv[N++] = "-ffp-contract=off";
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
  driverRunTool((char *const *)Argv, Options->Verbose,
                "compiling the device code of %s", Input);
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
    driverFail("cannot read clang's output '%s': %s", Path, Error);
  /* The module is materialized whole, so the buffer can go. */
  bool Failed = LLVMParseBitcodeInContext2(Ctx, Buffer, &M);
  LLVMDisposeMemoryBuffer(Buffer);
  if (Failed)
    driverFail("cannot parse clang's bitcode '%s'", Path);
  return M;
}

/* The compile in progress ("compiling app.cu for gfx600"), which LLVM's
 * fatal errors name. */
static char Compiling[4200];

/* LLVM's report that it could not honour a loop pragma ("loop not
 * unrolled: the optimizer was unable to perform the requested
 * transformation"). nvcc says nothing when it cannot unroll a
 * `#pragma unroll` loop whose trip count is unknown, so neither do we. */
static bool isMissedTransformation(const char *Description) {
  return strstr(Description, "the optimizer was unable to perform the "
                             "requested transformation") != NULL;
}

/* What LLVM's default handler does with the optimizer's and the backend's
 * diagnostics (remarks off, warnings and notes printed, the first error
 * ends the compile), less the missed transformations. */
static void printLLVMDiagnostic(LLVMDiagnosticInfoRef Info, void *Context) {
  (void)Context;
  LLVMDiagnosticSeverity Severity = LLVMGetDiagInfoSeverity(Info);
  if (Severity == LLVMDSRemark)
    return;
  char *Description = LLVMGetDiagInfoDescription(Info);
  if (Severity == LLVMDSError)
    driverFail("%s (while %s)", Description, Compiling);
  if (!isMissedTransformation(Description))
    fprintf(stderr, "%s: %s\n",
            Severity == LLVMDSWarning ? "warning" : "note", Description);
  LLVMDisposeMessage(Description);
}

static void setCompiling(const char *Input, const char *Processor) {
  snprintf(Compiling, sizeof(Compiling), "compiling %s for %s", Input,
           Processor);
}

/* LLVM's fatal errors (instruction selection failing for a processor that
 * lacks an instruction, as gfx6 and gfx7 lack ds_bpermute) are errors
 * naming the file and the processor, not an abort. */
static void failOnLLVMFatalError(const char *Reason) {
  driverFail("LLVM's AMDGPU backend failed while %s: %s", Compiling, Reason);
}

/* For code object v5 the backend counts no stack for recursion, calls it
 * cannot see into or variable-sized allocas, and leaves it to the runtime
 * (.uses_dynamic_stack), which HIP 5.2 and tgemu's launchers do not
 * provide: these keep v4's assumptions (16 KiB for such a call, 4 KiB for
 * such an alloca) in the kernel's fixed private segment size. */
static void keepFixedStackAssumptions(void) {
  const char *const Argv[] = {"cucc",
                              "-amdgpu-assume-external-call-stack-size=16384",
                              "-amdgpu-assume-dynamic-stack-object-size=4096"};
  LLVMParseCommandLineOptions(3, Argv, NULL);
}

static void initializeAMDGPU(void) {
  static bool Done;
  if (Done)
    return;
  LLVMInstallFatalErrorHandler(failOnLLVMFatalError);
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
  /* OCKL's hostcall code (device printf) holds inline asm. */
  LLVMInitializeAMDGPUAsmParser();
  keepFixedStackAssumptions();
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

typedef struct {
  const WarpLoweringOptions *Options;
  WarpLoweringResult Result;
} LoweringRun;

static void lowerWarpIntrinsics(LLVMModuleRef M, void *Run) {
  LoweringRun *L = Run;
  L->Result = warpLowerWarpIntrinsics(M, L->Options, printDiagnostic, NULL);
}

/* LLVM's default<ON> pipeline for the processor with the warp lowering
 * where the plugin runs it, after inlining and full unrolling (whose
 * thresholds count what the warp intrinsics will cost: UnrollCost.h) and
 * before the optimizer's own passes. Then it runs again to fold the lane
 * arithmetic, without unrolling or vectorizing what the first run already
 * shaped: a loop it partially unrolled would otherwise be unrolled a second
 * time (HeCBench popcount's 64-step bit loop: 16 x 4, then 64 copies and
 * 66 VGPRs). */
static WarpLoweringResult optimizeAndLower(LLVMModuleRef M,
                                           LLVMTargetMachineRef TM,
                                           const char *OptLevel,
                                           const WarpLoweringOptions *Options) {
  char Pipeline[32];
  snprintf(Pipeline, sizeof(Pipeline), "default<O%s>", OptLevel);
  LoweringRun Run = {Options, {0, 0, 0}};
  LLVMErrorRef Err =
      warpRunPasses(M, Pipeline, TM, true, lowerWarpIntrinsics, &Run);
  if (!Err)
    Err = warpRunPasses(M, Pipeline, TM, false, NULL, NULL);
  if (Err)
    driverFail("optimization failed while %s: %s", Compiling,
               LLVMGetErrorMessage(Err));
  return Run.Result;
}

/* Whether F is an exported definition that only this module's code can
 * call: every function but the kernels, as a code object is linked from one
 * file. (Inline functions and templates are linkonce_odr, dropped when
 * unused anyway; so are the OCKL printf entry points, which must keep their
 * signatures: pass/retarget/DevicePrintf.c.) */
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

/* Device code is whole-program per file, as nvcc's without -rdc (and per
 * device link with it, DeviceLink.c): the __device__ functions become
 * internal, and the ones nothing uses any more (each inlined into every
 * caller) go. Left external, such a function stays in the code object
 * though no kernel reaches it, and if it uses a __shared__ variable the
 * AMDGPU backend, which gives LDS only to what a kernel reaches
 * (amdgpu-lower-module-lds), compiles that use to a trap and warns "local
 * memory global used by non-kernel function". */
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

/* LLVM 22's gfx11 True16 code generation crashes (a copy of a 16-bit
 * register, after register allocation) on some private arrays that
 * AMDGPU's optimizer turns into vectors of bytes: HeCBench nqueen's <20 x
 * i8>, for which HIP's own build of the same kernel crashes too. On gfx11
 * 16-bit values live in 32-bit VGPRs instead, as before True16. */
static void avoidTrue16(LLVMModuleRef M, const char *Processor) {
  if (strncmp(Processor, "gfx11", 5) != 0)
    return;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    LLVMAttributeRef Old = LLVMGetStringAttributeAtIndex(
        F, LLVMAttributeFunctionIndex, "target-features", 15);
    if (!Old)
      continue;
    unsigned Length;
    const char *Features = LLVMGetStringAttributeValue(Old, &Length);
    size_t Size = Length + sizeof(",-real-true16");
    char *New = malloc(Size);
    snprintf(New, Size, "%.*s,-real-true16", (int)Length, Features);
    LLVMAddAttributeAtIndex(
        F, LLVMAttributeFunctionIndex,
        LLVMCreateStringAttribute(LLVMGetModuleContext(M), "target-features",
                                  15, New, (unsigned)strlen(New)));
    free(New);
  }
}

static void failOnLoweringErrors(WarpLoweringResult Result, const char *Input) {
  if (Result.NumErrors)
    driverFail("%s: device code uses what %s cannot map (see above)", Input,
               ToolName);
}

/* The module is optimized once for the processor before the warp lowering
 * and once after: retargeting leaves the warp intrinsics as calls, so that
 * AMDGPU's cost models choose inlining, unrolling and vectorization and
 * the lowering sees constant offsets and canonical lane arithmetic; the
 * second run cleans up the code it builds (DPP moves folded into their
 * users, lane math shared). */
void deviceLowerModule(const DeviceOptions *Options, LLVMModuleRef M,
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
  Retarget.RetargetOnly = true;
  setCompiling(Input, Retarget.OffloadArch);
  LLVMContextSetDiagnosticHandler(LLVMGetModuleContext(M), printLLVMDiagnostic,
                                  NULL);

  failOnLoweringErrors(warpRetargetModule(M, &Retarget, printDiagnostic, NULL),
                       Input);
  if (LLVMVerifyModule(M, LLVMPrintMessageAction, NULL))
    driverFail("internal error: the retargeted module of %s does not verify",
               Input);
  internalizeDeviceFunctions(M);
  avoidTrue16(M, Retarget.OffloadArch);
  *TM = createTargetMachine(&Retarget);
  WarpLoweringResult Lowered =
      optimizeAndLower(M, *TM, Options->OptLevel, &Retarget.Lowering);
  failOnLoweringErrors(Lowered, Input);
  if (Options->Verbose)
    fprintf(stderr, "%s: %u warp intrinsics lowered for %s\n", ToolName,
            Lowered.NumLowered, Retarget.OffloadArch);
  eraseUnusedInternalFunctions(M);
  warpNarrowVolatileSharedAccesses(M);
}

void deviceCheckDefined(LLVMModuleRef M, const void *Input) {
  if (warpReportUndefinedSymbols(M, "", printDiagnostic, NULL))
    driverFail("%s: device code uses functions or variables that no file of "
               "a code object defines (see above)",
               (const char *)Input);
}

LLVMModuleRef deviceLowerForProcessor(const DeviceOptions *Options,
                                      LLVMContextRef Ctx, const char *Bitcode,
                                      const char *Input, const char *Processor,
                                      LLVMTargetMachineRef *TM) {
  LLVMModuleRef M = loadBitcode(Ctx, Bitcode);
  deviceLowerModule(Options, M, Input, Processor, TM);
  deviceCheckDefined(M, Input);
  if (!Options->KeepLineTables)
    LLVMStripModuleDebugInfo(M);
  return M;
}

void deviceEmitCodeObject(LLVMModuleRef M, LLVMTargetMachineRef TM,
                          const char *Input, const char *Output, bool Verbose) {
  const char *Object = driverScratchPath("device.o");
  char *Error = NULL;
  if (LLVMTargetMachineEmitToFile(TM, M, (char *)Object, LLVMObjectFile,
                                  &Error))
    driverFail("cannot write '%s' while %s: %s", Object, Compiling, Error);
  char *const Argv[] = {(char *)driverToolPath("ld.lld"),
                        "-shared",
                        "--no-undefined",
                        (char *)Object,
                        "-o",
                        (char *)Output,
                        NULL};
  driverRunTool(Argv, Verbose, "linking the code object of %s into %s", Input,
                Output);
}
