/*===- NvccOptions.c - nvcc's command line as build systems write it -----===*
 *
 * Build systems drive nvcc with more than a compile's flags: CMake writes
 * its objects and flags to --options-file files, asks for dependency files
 * with -MD -MT -MF, forwards what nvcc does not know with
 * -forward-unknown-to-host-compiler, identifies the compiler from
 * --version and from the `#$ NAME=value` lines of -v, and takes the host
 * linker and the implicit link directories from the link line -v prints.
 * Makefiles add -ccbin, -m64, -Xcompiler=..., --threads and the like. This
 * file takes those options for cucc (cucc.c runs the steps): each with
 * nvcc's meaning, or, where AMD has no counterpart (ptxas, nvlink, thread
 * counts, the host compiler's path), accepted with a note that -v shows.
 *
 * Dependency files are rewritten from clang's rule into nvcc's layout
 * ("obj.o : src.cu \", a prerequisite a line, -MP's empty rules), so that a
 * build sees what it sees from nvcc.
 *
 *===----------------------------------------------------------------------===*/

#include "NvccOptions.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void nvccOptionsInit(NvccOptions *N, const char **HostArgs,
                     unsigned *NumHostArgs, const char **LinkArgs,
                     unsigned *NumLinkArgs) {
  memset(N, 0, sizeof(*N));
  N->HostArgs = HostArgs;
  N->NumHostArgs = NumHostArgs;
  N->LinkArgs = LinkArgs;
  N->NumLinkArgs = NumLinkArgs;
}

/*===-- Response files and long option names ------------------------------===*/

typedef struct {
  char **Items;
  int Count;
  int Capacity;
} ArgVector;

static void pushArg(ArgVector *V, char *Arg) {
  if (V->Count + 1 >= V->Capacity) {
    V->Capacity = V->Capacity ? 2 * V->Capacity : 64;
    V->Items = realloc(V->Items, (size_t)V->Capacity * sizeof(char *));
  }
  V->Items[V->Count++] = Arg;
  V->Items[V->Count] = NULL;
}

static char *readTextFile(const char *Path) {
  FILE *F = fopen(Path, "rb");
  if (!F)
    driverFail("cannot read the options file '%s': %s", Path, strerror(errno));
  size_t Size = 0, Capacity = 4096;
  char *Text = malloc(Capacity);
  size_t Got;
  while ((Got = fread(Text + Size, 1, Capacity - Size - 1, F)) > 0) {
    Size += Got;
    if (Size + 1 == Capacity)
      Text = realloc(Text, Capacity *= 2);
  }
  fclose(F);
  Text[Size] = '\0';
  return Text;
}

/* The next word of Text from *Cursor, as a shell splits words: blanks
 * separate, '...' is literal, "..." keeps blanks and takes \" and \\, a
 * backslash elsewhere escapes the next character. NULL at the end. */
static char *nextWord(const char *Text, size_t *Cursor) {
  const char *C = Text + *Cursor;
  while (*C && isspace((unsigned char)*C))
    ++C;
  if (!*C) {
    *Cursor = (size_t)(C - Text);
    return NULL;
  }
  char *Word = malloc(strlen(C) + 1);
  size_t Length = 0;
  char Quote = 0;
  for (; *C && (Quote || !isspace((unsigned char)*C)); ++C) {
    if (Quote == '\'' && *C == '\'')
      Quote = 0;
    else if (Quote == '\'')
      Word[Length++] = *C;
    else if (*C == '\\' && C[1] && (!Quote || strchr("\"\\$`", C[1])))
      Word[Length++] = *++C;
    else if (*C == '"')
      Quote = Quote ? 0 : '"';
    else if (!Quote && *C == '\'')
      Quote = '\'';
    else
      Word[Length++] = *C;
  }
  if (Quote)
    driverFail("unterminated %c quote in an options file", Quote);
  Word[Length] = '\0';
  *Cursor = (size_t)(C - Text);
  return Word;
}

static void expandInto(ArgVector *Out, int Argc, char **Argv, int Depth);

static void expandFile(ArgVector *Out, const char *Path, int Depth) {
  if (Depth > 16)
    driverFail("options files nest too deeply at '%s'", Path);
  char *Text = readTextFile(Path);
  ArgVector Words = {0};
  size_t Cursor = 0;
  for (char *Word; (Word = nextWord(Text, &Cursor));)
    pushArg(&Words, Word);
  free(Text);
  expandInto(Out, Words.Count, Words.Items, Depth + 1);
  free(Words.Items);
}

/* nvcc's long names of options cucc reads by their short name. */
static const struct {
  const char *Long, *Short;
} LongNames[] = {
    {"--output-file", "-o"},
    {"--include-path", "-I"},
    {"--system-include", "-isystem"},
    {"--pre-include", "-include"},
    {"--define-macro", "-D"},
    {"--undefine-macro", "-U"},
    {"--library", "-l"},
    {"--library-path", "-L"},
    {"--x", "-x"},
};

/* Appends Arg (and its value) respelled by its short name if it is a long
 * one; returns how many arguments it took, 0 if Arg is no long name. */
static int pushShortName(ArgVector *Out, int Argc, char **Argv, int I) {
  for (size_t N = 0; N < sizeof(LongNames) / sizeof(LongNames[0]); ++N) {
    int J = I;
    const char *Value = driverFlagValue(LongNames[N].Long, Argc, Argv, &J);
    if (!Value)
      continue;
    pushArg(Out, (char *)LongNames[N].Short);
    pushArg(Out, (char *)Value);
    return J - I + 1;
  }
  return 0;
}

static void expandInto(ArgVector *Out, int Argc, char **Argv, int Depth) {
  for (int I = 0; I < Argc; ++I) {
    const char *Arg = Argv[I];
    int J = I;
    const char *File = driverFlagValue("--options-file", Argc, Argv, &J);
    if (!File)
      File = driverFlagValue("-optf", Argc, Argv, &J);
    if (File) {
      expandFile(Out, File, Depth);
      I = J;
    } else if (Arg[0] == '@' && Arg[1] && access(Arg + 1, F_OK) == 0) {
      expandFile(Out, Arg + 1, Depth);
    } else {
      int Taken = pushShortName(Out, Argc, Argv, I);
      if (Taken)
        I += Taken - 1;
      else
        pushArg(Out, Argv[I]);
    }
  }
}

void nvccExpandArguments(int *Argc, char ***Argv) {
  ArgVector Out = {0};
  pushArg(&Out, (*Argv)[0]);
  expandInto(&Out, *Argc - 1, *Argv + 1, 0);
  *Argc = Out.Count;
  *Argv = Out.Items;
}

/*===-- The options
 * ---------------------------------------------------------===*/

static void addArgTo(const char **Args, unsigned *N, const char *Arg) {
  if (*N == DriverMaxArgs)
    driverFail("%s", "too many options");
  Args[(*N)++] = Arg;
}

/* nvcc's -Xcompiler list: comma-separated, and, as nvcc pastes it into a
 * command line, blank-separated too. */
static void addHostOptions(NvccOptions *N, const char *List) {
  char *Copy = strdup(List); /* the arguments point into it until exit */
  for (char *Item = strtok(Copy, ", \t"); Item; Item = strtok(NULL, ", \t"))
    addArgTo(N->HostArgs, N->NumHostArgs, Item);
}

/* The value of the first of the NULL-terminated Names argv[*I] is. */
static const char *valueOfAny(const char *const *Names, int Argc, char **Argv,
                              int *I) {
  for (; *Names; ++Names) {
    const char *Value = driverFlagValue(*Names, Argc, Argv, I);
    if (Value)
      return Value;
  }
  return NULL;
}

static bool isAnyOf(const char *Arg, const char *const *Names) {
  for (; *Names; ++Names)
    if (!strcmp(Arg, *Names))
      return true;
  return false;
}

/* nvcc's options that have no AMD counterpart: accepted, and noted (with
 * -v) saying why nothing changes. */
static const struct {
  const char *Names[3];
  bool TakesValue;
  const char *Why;
} IgnoredOptions[] = {
    {{"-ccbin", "--compiler-bindir"},
     true,
     "host code is compiled by clang, cucc's host compiler"},
    {{"-t", "--threads"}, true, "cucc compiles one processor at a time"},
    {{"-split-compile", "--split-compile"},
     true,
     "cucc compiles one processor at a time"},
    {{"-Xnvlink", "--nvlink-options"}, true, "cucc has no nvlink"},
    {{"-Xfatbin", "--fatbin-options"},
     true,
     "cucc bundles code objects, not fatbins"},
    {{"-Xcudafe", "--cudafe-options"}, true, "cucc has no cudafe"},
    {{"-Xarchive", "--archive-options"}, true, "cucc makes no archives"},
    {{"-diag-suppress", "--diag-suppress"},
     true,
     "nvcc's diagnostic numbers name no clang diagnostic"},
    {{"-diag-error", "--diag-error"},
     true,
     "nvcc's diagnostic numbers name no clang diagnostic"},
    {{"-diag-warn", "--diag-warn"},
     true,
     "nvcc's diagnostic numbers name no clang diagnostic"},
    {{"-err-no", "--display-error-number"},
     false,
     "nvcc's diagnostic numbers name no clang diagnostic"},
    {{"-no-err-no", "--no-display-error-number"},
     false,
     "nvcc's diagnostic numbers name no clang diagnostic"},
    {{"-res-usage", "--resource-usage"},
     false,
     "the AMDGPU backend reports no resource usage here"},
    {{"-src-in-ptx", "--source-in-ptx"}, false, "cucc writes no PTX"},
    {{"-keep-device-functions", "--keep-device-functions"},
     false,
     "device functions are whole-program per file"},
    {{"-restrict", "--restrict"}, false, "an nvcc optimization hint"},
    {{"-allow-unsupported-compiler", "--allow-unsupported-compiler"},
     false,
     "clang is cucc's host compiler"},
    {{"-dopt", "--dopt"}, true, "device code is optimized at -O"},
    {{"-ftz", "--ftz"},
     true,
     "flushing of f32 denormals follows --use_fast_math"},
    {{"-prec-div", "--prec-div"},
     true,
     "division precision follows --use_fast_math"},
    {{"-prec-sqrt", "--prec-sqrt"},
     true,
     "square root precision follows --use_fast_math"},
    {{"-default-stream", "--default-stream"},
     true,
     "the runtime has the legacy default stream"},
    {{"-noprof", "--dont-use-profile"}, false, "cucc reads no profile"},
};

static bool takeIgnoredOption(int Argc, char **Argv, int *I) {
  const char *Arg = Argv[*I];
  int First = *I;
  for (size_t N = 0; N < sizeof(IgnoredOptions) / sizeof(IgnoredOptions[0]);
       ++N) {
    if (IgnoredOptions[N].TakesValue
            ? !valueOfAny(IgnoredOptions[N].Names, Argc, Argv, I)
            : !isAnyOf(Arg, IgnoredOptions[N].Names))
      continue;
    /* "-t 4" or "-t=4", as written. */
    driverNoteIgnored("ignoring %s%s%s: %s", Arg, *I > First ? " " : "",
                      *I > First ? Argv[*I] : "", IgnoredOptions[N].Why);
    return true;
  }
  return false;
}

/* -m64 (nvcc's default) is what cucc builds; -m32 it cannot. */
static bool takeMachineOption(int Argc, char **Argv, int *I) {
  static const char *const Names[] = {"-m", "--machine", NULL};
  const char *Arg = Argv[*I];
  const char *Bits = !strcmp(Arg, "-m64")   ? "64"
                     : !strcmp(Arg, "-m32") ? "32"
                                            : valueOfAny(Names, Argc, Argv, I);
  if (!Bits)
    return false;
  if (strcmp(Bits, "64"))
    driverFail("%s: cucc builds 64-bit programs only (-m64)", Arg);
  return true;
}

static bool takeDependencyOption(NvccOptions *N, int Argc, char **Argv,
                                 int *I) {
  static const char *const Only[] = {"-M", "--generate-dependencies", NULL};
  static const char *const OnlyNonSystem[] = {
      "-MM", "--generate-nonsystem-dependencies", NULL};
  static const char *const WithCompile[] = {
      "-MD", "--generate-dependencies-with-compile", NULL};
  static const char *const WithCompileNonSystem[] = {
      "-MMD", "--generate-nonsystem-dependencies-with-compile", NULL};
  static const char *const Phony[] = {"-MP", "--generate-dependency-targets",
                                      NULL};
  static const char *const File[] = {"-MF", "--dependency-output", NULL};
  static const char *const Target[] = {"-MT", "--dependency-target-name", NULL};
  const char *Arg = Argv[*I], *Value;
  if (isAnyOf(Arg, Only) || isAnyOf(Arg, OnlyNonSystem)) {
    N->Dependencies = DependenciesOnly;
    N->NonSystemDependencies = isAnyOf(Arg, OnlyNonSystem);
  } else if (isAnyOf(Arg, WithCompile) || isAnyOf(Arg, WithCompileNonSystem)) {
    N->Dependencies = DependenciesWithCompile;
    N->NonSystemDependencies = isAnyOf(Arg, WithCompileNonSystem);
  } else if (isAnyOf(Arg, Phony)) {
    N->PhonyTargets = true;
  } else if ((Value = valueOfAny(File, Argc, Argv, I))) {
    N->DependencyFile = Value;
  } else if ((Value = valueOfAny(Target, Argc, Argv, I))) {
    N->DependencyTarget = Value;
  } else {
    return false;
  }
  return true;
}

/* What the build asks of the compile: the phase, the outputs, the
 * intermediate files, the host compiler's and linker's options. */
static bool takeBuildOption(NvccOptions *N, int Argc, char **Argv, int *I) {
  static const char *const Preprocess[] = {"-E", "--preprocess", NULL};
  static const char *const Shared[] = {"-shared", "--shared", NULL};
  static const char *const DryRun[] = {"-dryrun", "--dryrun", NULL};
  static const char *const Keep[] = {"-keep", "--keep", "-save-temps",
                                     "--save-temps", NULL};
  static const char *const KeepDir[] = {"-keep-dir", "--keep-dir", NULL};
  static const char *const OutputDirectory[] = {"-odir", "--output-directory",
                                                NULL};
  static const char *const Forward[] = {"-forward-unknown-to-host-compiler",
                                        "--forward-unknown-to-host-compiler",
                                        "-forward-unknown-to-host-linker",
                                        "--forward-unknown-to-host-linker",
                                        "-forward-unknown-opts",
                                        "--forward-unknown-opts",
                                        NULL};
  static const char *const HostOptions[] = {"-Xcompiler", "--compiler-options",
                                            NULL};
  const char *Arg = Argv[*I], *Value;
  if (isAnyOf(Arg, Preprocess))
    N->Preprocess = true;
  else if (isAnyOf(Arg, Shared))
    N->Shared = true;
  else if (isAnyOf(Arg, DryRun))
    N->DryRun = true;
  else if (isAnyOf(Arg, Forward))
    N->ForwardUnknown = true;
  else if (isAnyOf(Arg, Keep))
    N->KeepDir = N->KeepDir ? N->KeepDir : ".";
  else if ((Value = valueOfAny(KeepDir, Argc, Argv, I)))
    N->KeepDir = Value;
  else if ((Value = valueOfAny(OutputDirectory, Argc, Argv, I)))
    N->OutputDirectory = Value;
  else if ((Value = valueOfAny(HostOptions, Argc, Argv, I)))
    addHostOptions(N, Value);
  else
    return false;
  return true;
}

bool nvccTakeOption(NvccOptions *N, int Argc, char **Argv, int *I) {
  if (!strcmp(Argv[*I], "--version") || !strcmp(Argv[*I], "-V")) {
    nvccPrintVersion();
    exit(0);
  }
  return takeBuildOption(N, Argc, Argv, I) ||
         takeDependencyOption(N, Argc, Argv, I) ||
         takeMachineOption(Argc, Argv, I) || takeIgnoredOption(Argc, Argv, I);
}

/*===-- What nvcc prints
 * ----------------------------------------------------===*/

void nvccPrintVersion(void) {
  /* CMake tells nvcc from clang by the first line, and FindCUDAToolkit and
   * CMake read the version from " V12.0.0". */
  printf("nvcc: NVIDIA (R) Cuda compiler driver\n"
         "cucc: nvcc for AMD GPUs, not NVIDIA's (clang-22 and LLVM's AMDGPU "
         "backend; programs run through HIP or on wavesim)\n"
         "Cuda compilation tools, release %d.%d, V%d.%d.%d\n"
         "Build cuda_%d.%d.r%d.%d/compiler.cucc_0\n",
         NVCC_RELEASE_MAJOR, NVCC_RELEASE_MINOR, NVCC_RELEASE_MAJOR,
         NVCC_RELEASE_MINOR, NVCC_RELEASE_BUILD, NVCC_RELEASE_MAJOR,
         NVCC_RELEASE_MINOR, NVCC_RELEASE_MAJOR, NVCC_RELEASE_MINOR);
}

/* The directory of the running driver (nvcc's _HERE_). */
static const char *driverBinDir(void) {
  static char Dir[4096];
  ssize_t Length = readlink("/proc/self/exe", Dir, sizeof(Dir) - 1);
  if (Length <= 0)
    return ".";
  Dir[Length] = '\0';
  char *Slash = strrchr(Dir, '/');
  if (Slash)
    *Slash = '\0';
  return Dir;
}

static void printIncludeOption(const char *Dir, const char *Before) {
  char Option[4200];
  snprintf(Option, sizeof(Option), "-I%s", Dir);
  fputs(Before, stderr);
  driverPrintArgument(stderr, Option);
}

void nvccPrintEnvironment(const char *RuntimeDir) {
  const char *Here = driverBinDir();
  const char *Path = getenv("PATH");
  const char *LibraryPath = getenv("LD_LIBRARY_PATH");
  char ToolDir[4200];
  snprintf(ToolDir, sizeof(ToolDir), "%s", driverToolPath("clang"));
  *strrchr(ToolDir, '/') = '\0';
  /* nvcc's lines, in nvcc's order. CMake takes the toolkit root from TOP,
   * the library root from NVVMIR_LIBRARY_DIR's parent's parent (cucc has
   * no libdevice: the name is where nvcc's would be), the implicit include
   * and link directories from INCLUDES and LIBRARIES. */
  fprintf(stderr,
          "#$ _NVVM_BRANCH_=nvvm\n"
          "#$ _SPACE_= \n"
          "#$ _CUDART_=cudart\n"
          "#$ _HERE_=%s\n"
          "#$ _THERE_=%s\n"
          "#$ _TARGET_SIZE_=\n"
          "#$ _TARGET_DIR_=\n"
          "#$ TOP=%s/..\n"
          "#$ NVVMIR_LIBRARY_DIR=%s/../nvvm/libdevice\n"
          "#$ LD_LIBRARY_PATH=%s%s%s\n"
          "#$ PATH=%s:%s%s%s\n",
          Here, Here, Here, Here, RuntimeDir, LibraryPath ? ":" : "",
          LibraryPath ? LibraryPath : "", ToolDir, Here, Path ? ":" : "",
          Path ? Path : "");
  const char *Generated;
  const char *Include = driverIncludeDir(&Generated);
  fputs("#$ INCLUDES=", stderr);
  printIncludeOption(Include, "");
  if (strcmp(Generated, Include))
    printIncludeOption(Generated, " ");
  char Libraries[4200];
  snprintf(Libraries, sizeof(Libraries), "-L%s", RuntimeDir);
  fputs("\n#$ LIBRARIES=  ", stderr);
  driverPrintArgument(stderr, Libraries);
  fputs("\n#$ CUDAFE_FLAGS=\n#$ PTXAS_FLAGS=\n", stderr);
}

/*===-- Dependency files
 * ----------------------------------------------------===*/

/* The prerequisites of the rule in Text, as written (escaped blanks and
 * all): the words after the first ": ", line continuations skipped. */
static unsigned splitPrerequisites(char *Text, char ***Words) {
  char *C = strstr(Text, ": ");
  unsigned Count = 0, Capacity = 64;
  *Words = malloc(Capacity * sizeof(char *));
  if (!C)
    return 0;
  C += 2;
  for (;;) {
    while (*C == ' ' || *C == '\t' || *C == '\n' ||
           (*C == '\\' && C[1] == '\n'))
      C += *C == '\\' ? 2 : 1;
    if (!*C)
      break;
    char *Start = C;
    while (*C && *C != ' ' && *C != '\t' && *C != '\n' &&
           !(*C == '\\' && C[1] == '\n'))
      C += *C == '\\' && C[1] ? 2 : 1;
    bool End = !*C;
    *C = '\0';
    if (Count == Capacity)
      *Words = realloc(*Words, (Capacity *= 2) * sizeof(char *));
    (*Words)[Count++] = Start;
    if (End)
      break;
    ++C;
  }
  return Count;
}

/* Whether Path names a file in Dir. */
static bool isUnder(const char *Path, const char *Dir) {
  size_t Length = strlen(Dir);
  return !strncmp(Path, Dir, Length) && Path[Length] == '/';
}

static bool isListed(const char *Word, char **Words, unsigned Count) {
  for (unsigned I = 0; I < Count; ++I)
    if (!strcmp(Word, Words[I]))
      return true;
  return false;
}

/* Of the prerequisites of -M's rule (Words), those -MM keeps: the ones its
 * rule lists, and the CUDA headers, which nvcc -MM lists (the toolkit's are
 * -I directories to nvcc, system ones to clang). */
static unsigned keepNonSystem(char **Words, unsigned Count,
                              const char *NonSystemRule) {
  char *Text = readTextFile(NonSystemRule);
  char **Kept;
  unsigned NumKept = splitPrerequisites(Text, &Kept);
  const char *Generated;
  const char *Include = driverIncludeDir(&Generated);
  unsigned N = 0;
  for (unsigned I = 0; I < Count; ++I)
    if (isListed(Words[I], Kept, NumKept) || isUnder(Words[I], Include) ||
        isUnder(Words[I], Generated))
      Words[N++] = Words[I];
  free(Kept);
  free(Text);
  return N;
}

void nvccWriteDependencies(const char *ClangRule, const char *NonSystemRule,
                           const char *Output, const char *Target,
                           bool PhonyTargets) {
  char *Text = readTextFile(ClangRule);
  char **Words;
  unsigned Count = splitPrerequisites(Text, &Words);
  if (NonSystemRule)
    Count = keepNonSystem(Words, Count, NonSystemRule);
  FILE *Out = Output ? fopen(Output, "w") : stdout;
  if (!Out)
    driverFail("cannot write '%s': %s", Output, strerror(errno));
  fprintf(Out, "%s :", Target);
  for (unsigned I = 0; I < Count; ++I)
    fprintf(Out, "%s%s", I ? " \\\n    " : " ", Words[I]);
  fputc('\n', Out);
  if (PhonyTargets)
    for (unsigned I = 1; I < Count; ++I)
      fprintf(Out, "\n%s:\n", Words[I]);
  if (Output ? fclose(Out) != 0 : fflush(Out) != 0)
    driverFail("cannot write '%s': %s", Output ? Output : "standard output",
               strerror(errno));
  free(Words);
  free(Text);
}
