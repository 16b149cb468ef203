/*===- fuzz-warp-ir.c - libFuzzer harness for the warp lowerings -----------===*
 *
 * Feeds arbitrary bytes to the three lowerings and checks that none of them
 * crashes or turns a valid module into an invalid one. Each input is parsed
 * as bitcode (when it starts with 'BC' 0xC0DE) or textual IR in a fresh
 * LLVMContext; inputs that do not parse or do not verify are skipped at
 * once. A valid module is cloned, and each clone goes through one of
 *
 *   nvvm-shfl-to-amdgpu<wave64|wave32; strategy=best|bpermute>   (4)
 *   nvvm-warp-to-amdgpu<wave64|wave32; strategy=best|bpermute>   (4)
 *   nvvm-to-amdgpu<gfx90a|gfx942|gfx1100;wave64 and gfx1100;wave32,
 *                  strategy=best; gfx90a;wave64 and gfx1100;wave32,
 *                  strategy=bpermute>                            (6)
 *
 * through the C entry points, and is verified again: a module that no
 * longer verifies is printed as the pass, its options and the verifier's
 * message, then abort()s, which libFuzzer reports as a crash. Diagnostics
 * the pass reports (calls it cannot lower) are the expected answer to odd
 * input: they are counted, not printed. ASan, UBSan and LSan (in the
 * instrumented tree, make fuzz) report the rest. A module without function
 * bodies, which mutated text often is, goes through the first options of
 * each pass only: the others differ in code that never runs there.
 *
 * At exit the harness prints how many inputs it saw and how many valid
 * modules reached the passes, so a run can show it was not just rejecting
 * garbage; with FUZZ_WARP_STATS=FILE it also appends that line to FILE
 * (for run-fuzz.sh, whose workers' logs may be cut short).
 *
 * FUZZ_WARP_PLANT_BUG=break-ir makes the harness itself break every module
 * a pass has changed (a use ahead of its definition in the entry block), so
 * a test can show that a pass producing invalid IR is caught.
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/IRReader.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { PassShuffles, PassWarp, PassRetarget } PassKind;

typedef struct {
  PassKind Kind;
  const char *Params; /* as between the pass name's <> */
  WarpLoweringOptions Lowering;
  WarpRetargetOptions Retarget;
} PassConfig;

/* Retargeting: every processor family of the fast-path table with the
 * best strategy, and both wave sizes with ds_bpermute only (which does not
 * depend on the processor). Each run builds an AMDGPU TargetMachine, the
 * costliest part of a run on a small module. */
static PassConfig Configs[] = {
    {.Kind = PassShuffles, .Params = "wave64;strategy=best"},
    {.Kind = PassShuffles, .Params = "wave64;strategy=bpermute"},
    {.Kind = PassShuffles, .Params = "wave32;strategy=best"},
    {.Kind = PassShuffles, .Params = "wave32;strategy=bpermute"},
    {.Kind = PassWarp, .Params = "wave64;strategy=best"},
    {.Kind = PassWarp, .Params = "wave64;strategy=bpermute"},
    {.Kind = PassWarp, .Params = "wave32;strategy=best"},
    {.Kind = PassWarp, .Params = "wave32;strategy=bpermute"},
    {.Kind = PassRetarget, .Params = "gfx90a;wave64;strategy=best"},
    {.Kind = PassRetarget, .Params = "gfx942;wave64;strategy=best"},
    {.Kind = PassRetarget, .Params = "gfx1100;wave64;strategy=best"},
    {.Kind = PassRetarget, .Params = "gfx1100;wave32;strategy=best"},
    {.Kind = PassRetarget, .Params = "gfx90a;wave64;strategy=bpermute"},
    {.Kind = PassRetarget, .Params = "gfx1100;wave32;strategy=bpermute"},
};
enum { NumConfigs = sizeof(Configs) / sizeof(Configs[0]) };

static const char *const PassNames[] = {
    "nvvm-shfl-to-amdgpu", "nvvm-warp-to-amdgpu", "nvvm-to-amdgpu"};
/* How warp-lower (lit-tests/tools) is told to run each pass. */
static const char *const WarpLowerFlags[] = {"", "--warp=", "--retarget="};

typedef struct {
  unsigned long long Inputs;       /* calls of LLVMFuzzerTestOneInput */
  unsigned long long ValidModules; /* parsed and verified: reached the passes */
  unsigned long long WithBodies;   /* of those, with a function body */
  unsigned long long PassRuns;
  unsigned long long CallsLowered;
  unsigned long long Diagnostics;
} HarnessStats;

static HarnessStats Stats;
static int PlantBreakIR;

/*===-- Setup and statistics ---------------------------------------===*/

static void formatStats(char *Line, size_t Size) {
  snprintf(Line, Size,
           "fuzz-warp-ir: %llu inputs, %llu valid modules reached the passes "
           "(%.1f%%), %llu with function bodies, %llu pass runs, %llu calls "
           "lowered, %llu diagnostics\n",
           Stats.Inputs, Stats.ValidModules,
           Stats.Inputs ? 100.0 * Stats.ValidModules / Stats.Inputs : 0.0,
           Stats.WithBodies, Stats.PassRuns, Stats.CallsLowered,
           Stats.Diagnostics);
}

static void printStats(void) {
  char Line[256];
  formatStats(Line, sizeof(Line));
  fputs(Line, stderr);
  const char *Path = getenv("FUZZ_WARP_STATS");
  FILE *File = Path && *Path ? fopen(Path, "a") : NULL;
  if (File) {
    fputs(Line, File);
    fclose(File);
  }
}

static void parseConfig(PassConfig *Config) {
  char *Error = NULL;
  bool Ok =
      Config->Kind == PassRetarget
          ? warpParseRetargetOptions(Config->Params, &Config->Retarget, &Error)
          : warpParseOptions(Config->Params, &Config->Lowering, &Error);
  if (!Ok) {
    fprintf(stderr, "fuzz-warp-ir: bad options '%s': %s\n", Config->Params,
            Error);
    exit(2);
  }
}

int LLVMFuzzerInitialize(int *Argc, char ***Argv) {
  (void)Argc;
  (void)Argv;
  for (unsigned I = 0; I < NumConfigs; ++I)
    parseConfig(&Configs[I]);
  const char *Plant = getenv("FUZZ_WARP_PLANT_BUG");
  if (Plant && *Plant) {
    if (strcmp(Plant, "break-ir") != 0) {
      fprintf(stderr,
              "fuzz-warp-ir: unknown FUZZ_WARP_PLANT_BUG '%s' (break-ir)\n",
              Plant);
      exit(2);
    }
    PlantBreakIR = 1;
  }
  atexit(printStats);
  return 0;
}

/*===-- One input --------------------------------------------------===*/

static void countDiagnostic(void *Context, const char *Message) {
  (void)Message;
  ++*(unsigned long long *)Context;
}

/* LLVM's own warnings (debug info dropped, bitcode oddities) are noise here;
 * without a handler an error-severity one would exit the process. */
static void ignoreLLVMDiagnostic(LLVMDiagnosticInfoRef Info, void *Context) {
  (void)Info;
  (void)Context;
}

static int isBitcode(const uint8_t *Data, size_t Size) {
  return Size >= 4 && Data[0] == 'B' && Data[1] == 'C' && Data[2] == 0xC0 &&
         Data[3] == 0xDE;
}

/* The offset of the next occurrence of Token at or after From, or Size. */
static size_t findToken(const uint8_t *Data, size_t Size, size_t From,
                        const char *Token) {
  size_t Length = strlen(Token);
  for (size_t At = From; At + Length <= Size; ++At) {
    const uint8_t *Hit = memchr(Data + At, Token[0], Size - At);
    if (!Hit)
      return Size;
    At = (size_t)(Hit - Data);
    if (At + Length <= Size && memcmp(Hit, Token, Length) == 0)
      return At;
  }
  return Size;
}

/* LLVM 22's IR parser runs past the end of an inline asm constraint that
 * starts a multi-letter code with '^' (two letters assumed) or '@' (a digit
 * and that many letters assumed) without the letters behind it: `opt -S`
 * dies on `call i32 asm "", "=r,@,r"(i32 0, i32 1)`, under ASan "=r,r,r,r@x,r"
 * is a heap overflow in InlineAsm::ConstraintInfo::Parse, and a '^' near the
 * end of the constraints made the fuzzer SEGV there. That bug is LLVM's, not
 * the passes', so text with either character among the constraints is not
 * parsed. After `asm` and its keywords come the asm string and, after a comma,
 * the constraints (a string in IR text holds no '"': it is written \22). */
static int asmConstraintsHaveMultiLetterCode(const uint8_t *Asm,
                                             const uint8_t *End) {
  const uint8_t *P = Asm + 3;
  for (int Keyword = 0; Keyword < 4 && P < End && *P != '"'; ++Keyword) {
    while (P < End && *P == ' ')
      ++P;
    while (P < End && *P >= 'a' && *P <= 'z')
      ++P;
    while (P < End && *P == ' ')
      ++P;
  }
  if (P >= End || *P != '"')
    return 0;
  const uint8_t *Close = memchr(P + 1, '"', (size_t)(End - P - 1));
  if (!Close)
    return 0;
  for (P = Close + 1; P < End && (*P == ' ' || *P == ','); ++P)
    ;
  if (P >= End || *P != '"')
    return 0;
  Close = memchr(P + 1, '"', (size_t)(End - P - 1));
  if (!Close)
    return 0;
  size_t Length = (size_t)(Close - P - 1);
  return memchr(P + 1, '@', Length) || memchr(P + 1, '^', Length);
}

static int hasMultiLetterAsmConstraint(const uint8_t *Data, size_t Size) {
  for (size_t At = findToken(Data, Size, 0, "asm"); At < Size;
       At = findToken(Data, Size, At + 1, "asm"))
    if (asmConstraintsHaveMultiLetterCode(Data + At, Data + Size))
      return 1;
  return 0;
}

/* The module in Data, or NULL when it is neither valid bitcode nor valid
 * textual IR. */
static LLVMModuleRef parseModule(LLVMContextRef Ctx, const uint8_t *Data,
                                 size_t Size) {
  LLVMModuleRef M = NULL;
  if (isBitcode(Data, Size)) {
    LLVMMemoryBufferRef Buffer = LLVMCreateMemoryBufferWithMemoryRange(
        (const char *)Data, Size, "input.bc", 0);
    int Failed = LLVMParseBitcodeInContext2(Ctx, Buffer, &M);
    LLVMDisposeMemoryBuffer(Buffer);
    return Failed ? NULL : M;
  }
  if (hasMultiLetterAsmConstraint(Data, Size))
    return NULL;
  /* The IR lexer needs a NUL-terminated buffer, which the copy provides;
   * the parser takes ownership of it. */
  LLVMMemoryBufferRef Buffer = LLVMCreateMemoryBufferWithMemoryRangeCopy(
      (const char *)Data, Size, "input.ll");
  char *Error = NULL;
  if (LLVMParseIRInContext(Ctx, Buffer, &M, &Error)) {
    LLVMDisposeMessage(Error);
    return NULL;
  }
  return M;
}

static int moduleVerifies(LLVMModuleRef M, char **Message) {
  return !LLVMVerifyModule(M, LLVMReturnStatusAction, Message);
}

/* The planted bug: a use of a later value ahead of everything in the entry
 * block of the first function that has one. */
static void breakModule(LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (LLVMIsDeclaration(F))
      continue;
    LLVMValueRef First = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(F));
    LLVMValueRef Later = NULL;
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        LLVMTypeKind Kind = LLVMGetTypeKind(LLVMTypeOf(I));
        if (I != First && Kind != LLVMVoidTypeKind && Kind != LLVMTokenTypeKind)
          Later = I;
      }
    if (!Later)
      continue;
    LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
    LLVMPositionBuilderBefore(B, First);
    LLVMBuildFreeze(B, Later, "planted");
    LLVMDisposeBuilder(B);
    return;
  }
}

static WarpLoweringResult runPass(LLVMModuleRef M, const PassConfig *Config) {
  unsigned long long *Count = &Stats.Diagnostics;
  switch (Config->Kind) {
  case PassShuffles:
    return warpLowerShuffles(M, &Config->Lowering, countDiagnostic, Count);
  case PassWarp:
    return warpLowerWarpIntrinsics(M, &Config->Lowering, countDiagnostic,
                                   Count);
  case PassRetarget:
    return warpRetargetModule(M, &Config->Retarget, countDiagnostic, Count);
  }
  abort();
}

static void reportInvalidIR(const PassConfig *Config, const char *Message,
                            const WarpLoweringResult *Result) {
  fprintf(stderr,
          "fuzz-warp-ir: %s<%s> produced a module that does not verify "
          "(%u calls lowered, %u diagnostics)%s:\n%s\n"
          "fuzz-warp-ir: reproduce with: warp-lower '%s%s' INPUT.ll\n",
          PassNames[Config->Kind], Config->Params, Result->NumLowered,
          Result->NumErrors, PlantBreakIR ? " [planted bug break-ir]" : "",
          Message, WarpLowerFlags[Config->Kind], Config->Params);
  printStats();
  abort();
}

/* One pass with one set of options on a clone of M, then the verifier. */
static void checkConfig(LLVMModuleRef M, const PassConfig *Config) {
  LLVMModuleRef Clone = LLVMCloneModule(M);
  WarpLoweringResult Result = runPass(Clone, Config);
  ++Stats.PassRuns;
  Stats.CallsLowered += Result.NumLowered;
  if (PlantBreakIR && Result.NumLowered)
    breakModule(Clone);
  char *Message = NULL;
  if (!moduleVerifies(Clone, &Message))
    reportInvalidIR(Config, Message, &Result);
  LLVMDisposeMessage(Message);
  LLVMDisposeModule(Clone);
}

static int hasFunctionBody(LLVMModuleRef M) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (!LLVMIsDeclaration(F))
      return 1;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  ++Stats.Inputs;
  LLVMContextRef Ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(Ctx, ignoreLLVMDiagnostic, NULL);
  LLVMModuleRef M = parseModule(Ctx, Data, Size);
  char *Message = NULL;
  if (M && moduleVerifies(M, &Message)) {
    ++Stats.ValidModules;
    int AllConfigs = hasFunctionBody(M);
    Stats.WithBodies += AllConfigs;
    for (unsigned I = 0; I < NumConfigs; ++I)
      if (AllConfigs || I == 0 || Configs[I].Kind != Configs[I - 1].Kind)
        checkConfig(M, &Configs[I]);
  }
  LLVMDisposeMessage(Message);
  if (M)
    LLVMDisposeModule(M);
  LLVMContextDispose(Ctx);
  return 0;
}

/*===-- Mutations that keep IR valid -------------------------------===*/
/* Byte mutations of textual IR mostly give text that does not parse. Half
 * of the mutations here are made on IR tokens instead: a warp intrinsic
 * swapped for one of the same signature (the IR parser declares intrinsics
 * on use), a processor or wave size for another, an integer operand for an
 * edge value; the other half, and any that finds nothing to change, are
 * libFuzzer's own (with the dictionary). */

size_t LLVMFuzzerMutate(uint8_t *Data, size_t Size, size_t MaxSize);

/* Interchangeable tokens: each class lists spellings that can replace one
 * another wherever one of them appears. */
static const char *const TokenClasses[][9] = {
    {".idx.i32(", ".up.i32(", ".down.i32(", ".bfly.i32("},
    {".idx.f32(", ".up.f32(", ".down.f32(", ".bfly.f32("},
    {".idx.i32p(", ".up.i32p(", ".down.i32p(", ".bfly.i32p("},
    {".idx.f32p(", ".up.f32p(", ".down.f32p(", ".bfly.f32p("},
    {"vote.all", "vote.any", "vote.uni"},
    {"redux.sync.add(", "redux.sync.min(", "redux.sync.umin(",
     "redux.sync.max(", "redux.sync.umax(", "redux.sync.and(", "redux.sync.or(",
     "redux.sync.xor("},
    {"redux.sync.fmin(", "redux.sync.fmin.abs(", "redux.sync.fmin.NaN(",
     "redux.sync.fmin.abs.NaN(", "redux.sync.fmax(", "redux.sync.fmax.abs(",
     "redux.sync.fmax.NaN(", "redux.sync.fmax.abs.NaN("},
    {"sreg.laneid(", "sreg.tid.x(", "sreg.warpsize(", "sreg.lanemask.lt(",
     "sreg.lanemask.ge(", "sreg.ntid.x(", "sreg.ctaid.x("},
    {"\"gfx90a\"", "\"gfx942\"", "\"gfx1100\"", "\"gfx1200\"", "\"gfx1030\"",
     "\"gfx908\"", "\"sm_80\""},
    {"+wavefrontsize32", "+wavefrontsize64"},
    {"define ptx_kernel void", "define void"},
    {"i1 true", "i1 false"},
};
enum { NumTokenClasses = sizeof(TokenClasses) / sizeof(TokenClasses[0]) };

static const char *const EdgeIntegers[] = {
    "0",     "1",      "2",          "8",           "15",        "16",   "17",
    "31",    "32",     "33",         "63",          "64",        "-1",   "255",
    "4127",  "6175",   "7199",       "7711",        "7967",      "8223", "7936",
    "65535", "-65536", "2147483647", "-2147483648", "4294967295"};
enum { NumEdgeIntegers = sizeof(EdgeIntegers) / sizeof(EdgeIntegers[0]) };

static uint64_t nextRandom(uint64_t *State) { /* splitmix64 */
  uint64_t Z = (*State += 0x9e3779b97f4a7c15ull);
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ull;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebull;
  return Z ^ (Z >> 31);
}

/* Replaces Length bytes at At with With; 0 when the result would not fit. */
static size_t replaceBytes(uint8_t *Data, size_t Size, size_t MaxSize,
                           size_t At, size_t Length, const char *With) {
  size_t NewLength = strlen(With);
  if (Size - Length + NewLength > MaxSize)
    return 0;
  memmove(Data + At + NewLength, Data + At + Length, Size - At - Length);
  memcpy(Data + At, With, NewLength);
  return Size - Length + NewLength;
}

/* One occurrence, chosen at random, of a token of a random class, replaced
 * by another token of that class. */
static size_t swapToken(uint8_t *Data, size_t Size, size_t MaxSize,
                        uint64_t *Rng) {
  const char *const *Class = TokenClasses[nextRandom(Rng) % NumTokenClasses];
  unsigned Members = 0;
  while (Members < 9 && Class[Members])
    ++Members;
  size_t Count = 0;
  for (unsigned T = 0; T < Members; ++T)
    for (size_t At = findToken(Data, Size, 0, Class[T]); At < Size;
         At = findToken(Data, Size, At + 1, Class[T]))
      ++Count;
  if (!Count)
    return 0;
  size_t Pick = nextRandom(Rng) % Count;
  for (unsigned T = 0; T < Members; ++T)
    for (size_t At = findToken(Data, Size, 0, Class[T]); At < Size;
         At = findToken(Data, Size, At + 1, Class[T]))
      if (Pick-- == 0) {
        unsigned Other = (T + 1 + nextRandom(Rng) % (Members - 1)) % Members;
        return replaceBytes(Data, Size, MaxSize, At, strlen(Class[T]),
                            Class[Other]);
      }
  return 0;
}

/* Whether an integer literal starts at At. */
static int startsInteger(const uint8_t *Data, size_t Size, size_t At) {
  return At < Size && (Data[At] == '-' || (Data[At] >= '0' && Data[At] <= '9'));
}

/* A random "i32 N" or "i64 N" literal gets an edge value or a random one. */
static size_t changeInteger(uint8_t *Data, size_t Size, size_t MaxSize,
                            uint64_t *Rng) {
  const char *Type = nextRandom(Rng) % 4 ? "i32 " : "i64 ";
  size_t Count = 0;
  for (size_t At = findToken(Data, Size, 0, Type); At < Size;
       At = findToken(Data, Size, At + 1, Type))
    if (startsInteger(Data, Size, At + 4))
      ++Count;
  if (!Count)
    return 0;
  size_t Pick = nextRandom(Rng) % Count;
  for (size_t At = findToken(Data, Size, 0, Type); At < Size;
       At = findToken(Data, Size, At + 1, Type)) {
    size_t Start = At + 4;
    if (!startsInteger(Data, Size, Start) || Pick-- != 0)
      continue;
    size_t End = Start + 1;
    while (End < Size && Data[End] >= '0' && Data[End] <= '9')
      ++End;
    char Random[24];
    const char *With = EdgeIntegers[nextRandom(Rng) % NumEdgeIntegers];
    if (nextRandom(Rng) % 4 == 0) {
      snprintf(Random, sizeof(Random), "%d", (int32_t)nextRandom(Rng));
      With = Random;
    }
    return replaceBytes(Data, Size, MaxSize, Start, End - Start, With);
  }
  return 0;
}

size_t LLVMFuzzerCustomMutator(uint8_t *Data, size_t Size, size_t MaxSize,
                               unsigned int Seed) {
  uint64_t Rng = Seed;
  if (!isBitcode(Data, Size) && nextRandom(&Rng) % 2)
    for (unsigned Try = 0; Try < 3; ++Try) {
      size_t NewSize = nextRandom(&Rng) % 3
                           ? swapToken(Data, Size, MaxSize, &Rng)
                           : changeInteger(Data, Size, MaxSize, &Rng);
      if (NewSize)
        return NewSize;
    }
  return LLVMFuzzerMutate(Data, Size, MaxSize);
}
