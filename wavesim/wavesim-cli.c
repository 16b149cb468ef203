/*===- wavesim-cli.c - Run one kernel of an AMDGPU module on wavesim -------===*
 *
 * For the lit tests and for manual use: loads a module, builds the kernel
 * arguments from the command line (buffers and scalars, in parameter
 * order), launches the kernel and prints every buffer afterwards, 16
 * values a line, so FileCheck can pin the results. Buffers are host
 * memory, as all device memory is on wavesim.
 * Errors (an unmodeled intrinsic, a deadlock) go to stderr with exit code 1;
 * a lane stack still mapped after the simulator is disposed is exit code 3.
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MaxArgs = 32, ValuesPerLine = 16 };

typedef enum {
  IntBuffer,
  FloatBuffer,
  IntStruct, /* i32s passed by value, for a byref parameter (a struct) */
  IntScalar,
  FloatScalar,
  LongScalar,
  DoubleScalar
} ArgKind;

typedef struct {
  ArgKind Kind;
  size_t Count; /* buffers: elements */
  void *Host;   /* buffers: contents */
  union {
    int32_t I32;
    float F32;
    int64_t I64;
    double F64;
  } Scalar;
} Arg;

static void usage(void) {
  fprintf(stderr,
          "usage: wavesim [--wave=32|64] --kernel=NAME [--grid=X[,Y[,Z]]]\n"
          "               [--block=X[,Y[,Z]]] [--dynamic-shared=BYTES] "
          "[ARG...]\n"
          "               [--repeat=N] [--stats]\n"
          "               [--switch=asm|ucontext] [--plant-bug=BUG] FILE\n"
          "ARG, one per kernel parameter in order:\n"
          "  --int-buffer=SPEC | --float-buffer=SPEC   i32 / f32 array; SPEC\n"
          "      is N (zeros), N:iota (0..N-1), N:V (all V) or V0,V1,...\n"
          "  --int=V | --float=V | --long=V | --double=V\n"
          "  --int-struct=V0,V1,...   i32s passed by value (a byref struct)\n");
  exit(2);
}

static bool parseDims(const char *Text, unsigned Dims[3]) {
  Dims[0] = Dims[1] = Dims[2] = 1;
  for (unsigned D = 0; D < 3; ++D) {
    char *End;
    unsigned long V = strtoul(Text, &End, 10);
    if (End == Text || V == 0 || V > 0xFFFFFFFFul)
      return false;
    Dims[D] = (unsigned)V;
    if (!*End)
      return true;
    if (*End != ',')
      return false;
    Text = End + 1;
  }
  return false;
}

static void setElement(Arg *A, size_t I, double V) {
  if (A->Kind == IntBuffer || A->Kind == IntStruct)
    ((int32_t *)A->Host)[I] = (int32_t)(int64_t)V;
  else
    ((float *)A->Host)[I] = (float)V;
}

/* N, N:iota, N:V, or a comma-separated list of values. */
static bool parseBuffer(const char *Spec, Arg *A) {
  size_t Element = 4;
  if (strchr(Spec, ',')) {
    A->Count = 1;
    for (const char *C = Spec; *C; ++C)
      A->Count += *C == ',';
    A->Host = calloc(A->Count, Element);
    const char *P = Spec;
    for (size_t I = 0; I < A->Count; ++I) {
      char *End;
      double V = strtod(P, &End);
      if (End == P || (*End && *End != ','))
        return false;
      setElement(A, I, V);
      P = End + 1;
    }
    return true;
  }
  char *End;
  unsigned long N = strtoul(Spec, &End, 10);
  if (End == Spec || N == 0)
    return false;
  A->Count = N;
  A->Host = calloc(N, Element);
  if (!*End)
    return true;
  if (*End != ':')
    return false;
  const char *Init = End + 1;
  bool Iota = !strcmp(Init, "iota");
  double Fill = 0;
  if (!Iota) {
    Fill = strtod(Init, &End);
    if (End == Init || *End)
      return false;
  }
  for (size_t I = 0; I < N; ++I)
    setElement(A, I, Iota ? (double)I : Fill);
  return true;
}

static bool parseScalar(ArgKind Kind, const char *Text, Arg *A) {
  char *End;
  A->Kind = Kind;
  switch (Kind) {
  case IntScalar:
    A->Scalar.I32 = (int32_t)strtol(Text, &End, 0);
    break;
  case LongScalar:
    A->Scalar.I64 = strtoll(Text, &End, 0);
    break;
  case FloatScalar:
    A->Scalar.F32 = strtof(Text, &End);
    break;
  default:
    A->Scalar.F64 = strtod(Text, &End);
    break;
  }
  return End != Text && !*End;
}

static bool isBuffer(const Arg *A) {
  return A->Kind == IntBuffer || A->Kind == FloatBuffer;
}

static void printBuffer(unsigned Index, const Arg *A) {
  for (size_t I = 0; I < A->Count; ++I) {
    if (I % ValuesPerLine == 0)
      printf("%sbuf%u[%zu]:", I ? "\n" : "", Index, I);
    if (A->Kind == IntBuffer)
      printf(" %d", ((const int32_t *)A->Host)[I]);
    else
      printf(" %g", (double)((const float *)A->Host)[I]);
  }
  printf("\n");
}

static double seconds(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (double)T.tv_sec + (double)T.tv_nsec * 1e-9;
}

static const char *valueOf(const char *Arg, const char *Option) {
  size_t N = strlen(Option);
  return strncmp(Arg, Option, N) == 0 ? Arg + N : NULL;
}

int main(int argc, char **argv) {
  unsigned WaveSize = 64, Grid[3] = {1, 1, 1}, Block[3] = {1, 1, 1};
  unsigned Repeat = 1;
  size_t DynamicShared = 0;
  const char *KernelName = NULL, *Path = NULL, *Bug = NULL, *Switch = NULL;
  bool Stats = false;
  static Arg Args[MaxArgs];
  unsigned NumArgs = 0;

  for (int I = 1; I < argc; ++I) {
    const char *A = argv[I], *V;
    if ((V = valueOf(A, "--wave=")))
      WaveSize = (unsigned)atoi(V);
    else if ((V = valueOf(A, "--kernel=")))
      KernelName = V;
    else if ((V = valueOf(A, "--grid="))) {
      if (!parseDims(V, Grid))
        usage();
    } else if ((V = valueOf(A, "--block="))) {
      if (!parseDims(V, Block))
        usage();
    } else if ((V = valueOf(A, "--dynamic-shared=")))
      DynamicShared = (size_t)strtoull(V, NULL, 10);
    else if ((V = valueOf(A, "--repeat=")))
      Repeat = (unsigned)atoi(V);
    else if (!strcmp(A, "--stats"))
      Stats = true;
    else if ((V = valueOf(A, "--switch=")))
      Switch = V;
    else if ((V = valueOf(A, "--plant-bug=")))
      Bug = V;
    else if (NumArgs < MaxArgs && (V = valueOf(A, "--int-buffer="))) {
      Args[NumArgs].Kind = IntBuffer;
      if (!parseBuffer(V, &Args[NumArgs++]))
        usage();
    } else if (NumArgs < MaxArgs && (V = valueOf(A, "--float-buffer="))) {
      Args[NumArgs].Kind = FloatBuffer;
      if (!parseBuffer(V, &Args[NumArgs++]))
        usage();
    } else if (NumArgs < MaxArgs && (V = valueOf(A, "--int-struct="))) {
      Args[NumArgs].Kind = IntStruct;
      if (!parseBuffer(V, &Args[NumArgs++]))
        usage();
    } else if (NumArgs < MaxArgs && (V = valueOf(A, "--int="))) {
      if (!parseScalar(IntScalar, V, &Args[NumArgs++]))
        usage();
    } else if (NumArgs < MaxArgs && (V = valueOf(A, "--float="))) {
      if (!parseScalar(FloatScalar, V, &Args[NumArgs++]))
        usage();
    } else if (NumArgs < MaxArgs && (V = valueOf(A, "--long="))) {
      if (!parseScalar(LongScalar, V, &Args[NumArgs++]))
        usage();
    } else if (NumArgs < MaxArgs && (V = valueOf(A, "--double="))) {
      if (!parseScalar(DoubleScalar, V, &Args[NumArgs++]))
        usage();
    } else if (A[0] != '-' || !strcmp(A, "-"))
      Path = A;
    else
      usage();
  }
  if (!KernelName || !Path || Repeat < 1)
    usage();

  char Error[1024];
  WaveSim *S = wavesimLoad(Path, WaveSize, Error, sizeof(Error));
  if (!S) {
    fprintf(stderr, "wavesim: error: %s\n", Error);
    return 1;
  }
  if ((Bug && wavesimPlantBug(S, Bug)) ||
      (Switch && wavesimSetContextSwitch(S, Switch))) {
    wavesimDispose(S);
    usage();
  }
  void *KernelArgs[MaxArgs];
  for (unsigned I = 0; I < NumArgs; ++I) {
    Arg *A = &Args[I];
    KernelArgs[I] = isBuffer(A)            ? (void *)&A->Host
                    : A->Kind == IntStruct ? A->Host
                                           : (void *)&A->Scalar;
    if (isBuffer(A)) /* the kernel's memory, for the memory check */
      wavesimAddRange(A->Host, A->Count * 4);
  }
  WaveSimStatus Status = WaveSimOk;
  double Start = seconds();
  for (unsigned R = 0; R < Repeat && Status == WaveSimOk; ++R)
    Status = wavesimLaunch(S, KernelName, Grid, Block, DynamicShared,
                           KernelArgs, Error, sizeof(Error));
  double Elapsed = seconds() - Start;
  if (Status != WaveSimOk)
    fprintf(stderr, "wavesim: error: %s\n", Error);
  else
    for (unsigned I = 0; I < NumArgs; ++I)
      if (isBuffer(&Args[I]))
        printBuffer(I, &Args[I]);

  if (Stats) {
    WaveSimStats St;
    wavesimGetStats(S, &St);
    fprintf(stderr,
            "wavesim: %llu launches, %llu blocks, %llu lanes, %llu resumes, "
            "%llu cross-lane groups, %llu barriers in %.3f s: %.3g lanes/s, "
            "%.3g context switches/s\n",
            (unsigned long long)St.Launches, (unsigned long long)St.Blocks,
            (unsigned long long)St.Lanes, (unsigned long long)St.Resumes,
            (unsigned long long)St.CrossLaneCalls,
            (unsigned long long)St.Barriers, Elapsed,
            (double)St.Lanes / Elapsed, 2.0 * (double)St.Resumes / Elapsed);
  }
  wavesimDispose(S);
  for (unsigned I = 0; I < NumArgs; ++I) {
    if (isBuffer(&Args[I]))
      wavesimRemoveRange(Args[I].Host);
    free(Args[I].Host);
  }
  unsigned Leaked = wavesimLiveStacks();
  if (Leaked) {
    fprintf(stderr, "wavesim: error: %u lane stacks still mapped\n", Leaked);
    return 3;
  }
  return Status == WaveSimOk ? 0 : 1;
}
