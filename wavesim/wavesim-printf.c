/*===- wavesim-printf.c - Device printf on wavesim, as CUDA prints it ------===*
 *
 * The module calls ROCm's OCKL printf functions (pass/retarget/DevicePrintf.c):
 *
 *   desc = __ockl_printf_begin(version)   or __ockl_fprintf_stderr_begin()
 *   desc = __ockl_printf_append_string_n(desc, string, bytes, last)
 *   desc = __ockl_printf_append_args(desc, count, a0, ..., a6, last)
 *
 * (and __ockl_fprintf_append_* for stderr). On an AMD GPU they send the
 * message through the hostcall buffer and the HIP runtime prints it. Here
 * each becomes a host function of the same signature that gathers the
 * message of its lane: the format (the first string), then the values (64
 * bits each) and strings (their characters, copied at the call, as CUDA
 * copies them). With the last piece the message is formatted as an NVIDIA
 * GPU prints it: PrintfFormat.c's reading of the format, the one the pass
 * decoded CUDA's buffer with, each conversion then formatted by the C
 * library (an H100's output is glibc's: "(nil)", "-nan", "0x1p+0"), what
 * is not a CUDA conversion printed as text. The message goes whole to the
 * sink.
 *
 * A wave barrier before each begin makes the lanes that print together
 * start together; each then runs to its next cross-lane site, printing its
 * whole message, in lane order: a CUDA warp's lines for one printf call
 * come in lane order too.
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim-printf.h"

#include "wavesim-internal.h"

#include "retarget/PrintfFormat.h"
#include "wavesim-internal.h"

#include <llvm-c/Core.h>
#include <llvm-c/Error.h>
#include <llvm-c/Orc.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*===-- The sink ----------------------------------------------------------===*/

static WaveSimPrintfSink Sink;
static void *SinkContext;

void wavesimSetPrintfSink(WaveSimPrintfSink NewSink, void *Context) {
  Sink = NewSink;
  SinkContext = Context;
}

void wavesimPrintfWrite(int Stream, const char *Text, size_t Length) {
  if (Sink) {
    Sink(SinkContext, Stream, Text, Length);
    return;
  }
  FILE *Out = Stream == WaveSimStderr ? stderr : stdout;
  fwrite(Text, 1, Length, Out);
}

/* A block's messages are held for printing in block order (the pool
 * decides, wavesim-pool.c); anything else is printed at once. */
static void emit(int Stream, const char *Text, size_t Length) {
  Runner *R = wavesimActive;
  if (R && wavesimHoldOutput(R, Stream, Text, Length))
    return;
  wavesimPrintfWrite(Stream, Text, Length);
}

/*===-- Messages being gathered -------------------------------------------===*/

typedef struct {
  bool IsString;
  uint64_t Value;
  char *Text; /* a string's characters; NULL for a null pointer */
} Piece;

typedef struct {
  bool InUse;
  int Stream;
  Piece *Pieces;
  unsigned Count, Capacity;
} Message;

/* Lanes of blocks on several threads print at once: a message, once open,
 * belongs to its lane alone and stays where it is. */
static pthread_mutex_t MessagesLock = PTHREAD_MUTEX_INITIALIZER;
static Message **Messages;
static unsigned NumMessages;

/* A free message's descriptor (its index + 1). */
static uint64_t openMessage(int Stream) {
  pthread_mutex_lock(&MessagesLock);
  unsigned I = 0;
  while (I < NumMessages && Messages[I]->InUse)
    ++I;
  if (I == NumMessages) {
    Messages = realloc(Messages, (NumMessages + 1) * sizeof(Message *));
    Messages[NumMessages++] = calloc(1, sizeof(Message));
  }
  Messages[I]->InUse = true;
  Messages[I]->Stream = Stream;
  Messages[I]->Count = 0;
  pthread_mutex_unlock(&MessagesLock);
  return I + 1;
}

static Message *messageOf(uint64_t Desc) {
  pthread_mutex_lock(&MessagesLock);
  Message *M = Desc && Desc <= NumMessages && Messages[Desc - 1]->InUse
                   ? Messages[Desc - 1]
                   : NULL;
  pthread_mutex_unlock(&MessagesLock);
  return M;
}

static void addPiece(Message *M, Piece P) {
  if (M->Count == M->Capacity) {
    M->Capacity = M->Capacity ? 2 * M->Capacity : 16;
    M->Pieces = realloc(M->Pieces, M->Capacity * sizeof(Piece));
  }
  M->Pieces[M->Count++] = P;
}

/*===-- Formatting --------------------------------------------------------===*/

typedef struct {
  char *Data;
  size_t Length, Capacity;
} Text;

static void appendText(Text *T, const char *Data, size_t Length) {
  if (T->Length + Length + 1 > T->Capacity) {
    T->Capacity = (T->Length + Length + 1) * 2;
    T->Data = realloc(T->Data, T->Capacity);
  }
  memcpy(T->Data + T->Length, Data, Length);
  T->Length += Length;
  T->Data[T->Length] = '\0';
}

/* Appends the C library's formatting of one value. */
static void appendFormatted(Text *T, const char *Spec, ...) {
  va_list Args, Again;
  va_start(Args, Spec);
  va_copy(Again, Args);
  int Needed = vsnprintf(NULL, 0, Spec, Args);
  if (Needed > 0) {
    char *Out = malloc((size_t)Needed + 1);
    vsnprintf(Out, (size_t)Needed + 1, Spec, Again);
    appendText(T, Out, (size_t)Needed);
    free(Out);
  }
  va_end(Again);
  va_end(Args);
}

/* The C library's specification for Spec, its width and precision resolved
 * (Width and Precision -1: none), with the size the value is passed as. */
static void hostSpec(const PrintfSpec *Spec, bool LeftJustify, int Width,
                     int Precision, char *Out, size_t Size) {
  const char *Length = "";
  if (strchr("diuxXo", Spec->Conversion))
    Length = Spec->Longs ? "ll" : Spec->Shorts == 2 ? "hh"
                                : Spec->Shorts == 1 ? "h"
                                                    : "";
  int Used =
      snprintf(Out, Size, "%%%s%s", Spec->Flags, LeftJustify ? "-" : "");
  if (Width >= 0)
    Used += snprintf(Out + Used, Size - (size_t)Used, "%d", Width);
  if (Precision >= 0)
    Used += snprintf(Out + Used, Size - (size_t)Used, ".%d", Precision);
  snprintf(Out + Used, Size - (size_t)Used, "%s%c", Length, Spec->Conversion);
}

static double asDouble(uint64_t Bits) {
  double Value;
  memcpy(&Value, &Bits, sizeof(Value));
  return Value;
}

/* Appends one conversion's text. */
static void formatValue(Text *T, const PrintfSpec *Spec, bool LeftJustify,
                        int Width, int Precision, const Piece *Value) {
  char Host[64];
  hostSpec(Spec, LeftJustify, Width, Precision, Host, sizeof(Host));
  uint64_t V = Value && !Value->IsString ? Value->Value : 0;
  switch (Spec->Conversion) {
  case 'd':
  case 'i':
    if (Spec->Longs)
      appendFormatted(T, Host, (long long)V);
    else
      appendFormatted(T, Host, (int)(uint32_t)V);
    break;
  case 'u':
  case 'x':
  case 'X':
  case 'o':
    if (Spec->Longs)
      appendFormatted(T, Host, (unsigned long long)V);
    else
      appendFormatted(T, Host, (unsigned)(uint32_t)V);
    break;
  case 'c':
    appendFormatted(T, Host, (int)(uint32_t)V);
    break;
  case 'p':
    appendFormatted(T, Host, (void *)(uintptr_t)V);
    break;
  case 's':
    appendFormatted(T, Host, (const char *)(Value && Value->IsString ? Value->Text : NULL));
    break;
  default:
    appendFormatted(T, Host, asDouble(V));
    break;
  }
}

/* The pieces after the format, taken in order. */
typedef struct {
  const Message *M;
  unsigned Next;
} Cursor;

static const Piece *takePiece(Cursor *C) {
  return C->Next < C->M->Count ? &C->M->Pieces[C->Next++] : NULL;
}

static int takeInt(Cursor *C) {
  const Piece *P = takePiece(C);
  return P && !P->IsString ? (int)(uint32_t)P->Value : 0;
}

static void formatMessage(const Message *M, Text *T) {
  const Piece *Format = M->Count ? &M->Pieces[0] : NULL;
  if (!Format || !Format->IsString || !Format->Text)
    return;
  const char *F = Format->Text;
  size_t Length = strlen(F), Pos = 0;
  Cursor C = {M, 1};
  PrintfSpec Spec;
  while (printfNextSpec(F, Length, Pos, &Spec)) {
    appendText(T, F + Pos, Spec.Start - Pos);
    Pos = Spec.End;
    if (!Spec.Conversion) {
      appendText(T, F + Spec.Start, Spec.End - Spec.Start);
      continue;
    }
    if (Spec.Conversion == '%') {
      appendText(T, "%", 1);
      continue;
    }
    /* A negative '*' width left-justifies; a negative '*' precision is
     * none. */
    int Width = Spec.StarWidth ? takeInt(&C) : Spec.Width;
    bool LeftJustify = Spec.StarWidth && Width < 0;
    if (LeftJustify)
      Width = Width == INT32_MIN ? INT32_MAX : -Width;
    int Precision = Spec.StarPrecision ? takeInt(&C) : Spec.Precision;
    if (Precision < 0)
      Precision = -1;
    formatValue(T, &Spec, LeftJustify, Width, Precision, takePiece(&C));
  }
  appendText(T, F + Pos, Length - Pos);
}

static void finishMessage(Message *M) {
  Text T = {NULL, 0, 0};
  formatMessage(M, &T);
  if (T.Length)
    emit(M->Stream, T.Data, T.Length);
  free(T.Data);
  for (unsigned I = 0; I < M->Count; ++I)
    free(M->Pieces[I].Text);
  M->Count = 0;
  pthread_mutex_lock(&MessagesLock);
  M->InUse = false;
  pthread_mutex_unlock(&MessagesLock);
}

/*===-- The host model of the OCKL functions ------------------------------===*/

static uint64_t hostPrintfBegin(uint64_t Version) {
  (void)Version;
  return openMessage(WaveSimStdout);
}

/* Only a failed assert prints to stderr: its trap is told from __trap()'s
 * by this mark. */
static uint64_t hostStderrBegin(void) {
  if (wavesimActive && wavesimActive->Current)
    wavesimActive->Current->Asserting = true;
  return openMessage(WaveSimStderr);
}

static uint64_t hostAppendArgs(uint64_t Desc, uint32_t Count, uint64_t A0,
                               uint64_t A1, uint64_t A2, uint64_t A3,
                               uint64_t A4, uint64_t A5, uint64_t A6,
                               uint32_t Last) {
  Message *M = messageOf(Desc);
  if (!M)
    return Desc;
  uint64_t Values[7] = {A0, A1, A2, A3, A4, A5, A6};
  for (uint32_t I = 0; I < Count && I < 7; ++I)
    addPiece(M, (Piece){false, Values[I], NULL});
  if (Last)
    finishMessage(M);
  return Desc;
}

/* Bytes counts the NUL (0 for a null pointer, which prints "(null)"). */
static uint64_t hostAppendString(uint64_t Desc, const char *String,
                                 uint64_t Bytes, uint32_t Last) {
  Message *M = messageOf(Desc);
  if (!M)
    return Desc;
  char *Copy = NULL;
  if (String) {
    Copy = malloc(Bytes + 1);
    memcpy(Copy, String, Bytes);
    Copy[Bytes] = '\0';
  }
  addPiece(M, (Piece){true, 0, Copy});
  if (Last)
    finishMessage(M);
  return Desc;
}

typedef struct {
  const char *Ockl;     /* the entry point */
  const char *HostName; /* its name in the host module */
  void *Address;
  bool Begins; /* starts a message */
} PrintfFunction;

static const PrintfFunction Functions[] = {
    {"__ockl_printf_begin", "__wavesim_printf_begin", (void *)hostPrintfBegin,
     true},
    {"__ockl_fprintf_stderr_begin", "__wavesim_fprintf_stderr_begin",
     (void *)hostStderrBegin, true},
    {"__ockl_printf_append_args", "__wavesim_printf_append_args",
     (void *)hostAppendArgs, false},
    {"__ockl_fprintf_append_args", "__wavesim_fprintf_append_args",
     (void *)hostAppendArgs, false},
    {"__ockl_printf_append_string_n", "__wavesim_printf_append_string_n",
     (void *)hostAppendString, false},
    {"__ockl_fprintf_append_string_n", "__wavesim_fprintf_append_string_n",
     (void *)hostAppendString, false},
};
enum { NumFunctions = sizeof(Functions) / sizeof(Functions[0]) };

bool wavesimIsPrintfFunction(const char *Name) {
  for (unsigned I = 0; I < NumFunctions; ++I)
    if (!strcmp(Name, Functions[I].HostName))
      return true;
  return false;
}

/*===-- Rewriting the module ----------------------------------------------===*/

static void waveBarrierBeforeCalls(LLVMModuleRef M, LLVMValueRef F) {
  static const char Name[] = "llvm.amdgcn.wave.barrier";
  LLVMValueRef Barrier = LLVMGetIntrinsicDeclaration(
      M, LLVMLookupIntrinsicID(Name, sizeof(Name) - 1), NULL, 0);
  LLVMTypeRef Type = LLVMGlobalGetValueType(Barrier);
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  for (LLVMUseRef U = LLVMGetFirstUse(F); U; U = LLVMGetNextUse(U)) {
    LLVMValueRef Call = LLVMGetUser(U);
    if (!LLVMIsACallInst(Call))
      continue;
    LLVMPositionBuilderBefore(B, Call);
    LLVMBuildCall2(B, Type, Barrier, NULL, 0, "");
  }
  LLVMDisposeBuilder(B);
}

static bool isLocalOrDiscardable(LLVMValueRef F) {
  LLVMLinkage L = LLVMGetLinkage(F);
  return L == LLVMInternalLinkage || L == LLVMPrivateLinkage ||
         L == LLVMLinkOnceODRLinkage || L == LLVMLinkOnceAnyLinkage;
}

/* Definitions nothing uses any more: the hostcall code under the entry
 * points, which wavesim could not run. */
static void eraseDeadFunctions(LLVMModuleRef M) {
  bool Erased = true;
  while (Erased) {
    Erased = false;
    LLVMValueRef Next;
    for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = Next) {
      Next = LLVMGetNextFunction(F);
      if (!LLVMIsDeclaration(F) && !LLVMGetFirstUse(F) &&
          isLocalOrDiscardable(F)) {
        LLVMDeleteFunction(F);
        Erased = true;
      }
    }
  }
}

void wavesimPrintfPrepareModule(LLVMModuleRef M) {
  bool Replaced = false;
  for (unsigned I = 0; I < NumFunctions; ++I) {
    LLVMValueRef F = LLVMGetNamedFunction(M, Functions[I].Ockl);
    if (!F)
      continue;
    if (Functions[I].Begins)
      waveBarrierBeforeCalls(M, F);
    LLVMValueRef Host = LLVMAddFunction(M, Functions[I].HostName,
                                        LLVMGlobalGetValueType(F));
    LLVMReplaceAllUsesWith(F, Host);
    LLVMDeleteFunction(F);
    Replaced = true;
  }
  if (Replaced)
    eraseDeadFunctions(M);
}

bool wavesimPrintfDefineSymbols(LLVMOrcLLJITRef J, char *Error,
                                size_t ErrorSize) {
  LLVMOrcCSymbolMapPair Symbols[NumFunctions];
  for (unsigned I = 0; I < NumFunctions; ++I) {
    Symbols[I].Name = LLVMOrcLLJITMangleAndIntern(J, Functions[I].HostName);
    Symbols[I].Sym.Address =
        (LLVMOrcExecutorAddress)(uintptr_t)Functions[I].Address;
    Symbols[I].Sym.Flags.GenericFlags =
        LLVMJITSymbolGenericFlagsCallable | LLVMJITSymbolGenericFlagsExported;
    Symbols[I].Sym.Flags.TargetFlags = 0;
  }
  LLVMErrorRef Err =
      LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(J),
                            LLVMOrcAbsoluteSymbols(Symbols, NumFunctions));
  if (!Err)
    return true;
  char *Message = LLVMGetErrorMessage(Err);
  snprintf(Error, ErrorSize, "cannot define the printf model: %s", Message);
  LLVMDisposeErrorMessage(Message);
  return false;
}
