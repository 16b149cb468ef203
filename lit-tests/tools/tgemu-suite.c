/*===- tgemu-suite.c - The bundled kernel suite on machine code (tgemu) ----===*
 *
 *   tgemu-suite --source=FILE.cu [--filter=PATTERNS] [--max-elements=N]
 *               [--tgemu=DIR] [--fresh-process] [--timeout=SECONDS]
 *               K.hsaco...
 *
 * Runs the suite cases (hip-kernels/suite.c) of the kernels from one source
 * file against their CPU references on tgemu, an ISA-level emulator of AMD
 * GPUs (DIR, by default the one CMake was given as WARP_TGEMU_DIR),
 * executing each K.hsaco in turn, that file compiled by cu2hsaco for gfx9
 * (CDNA, wave64), gfx11 or gfx12 (wave32), one report per code object.
 *
 * Why: wavesim (wavesim-suite) runs our lowered IR. What the AMDGPU backend
 * makes of it afterwards (register allocation, exec masks, DPP encodings,
 * its own bugs) only shows in the machine code, which tgemu executes
 * instruction by instruction with semantics generated from AMD's ISA
 * pseudo-code. It is slow (seconds to translate a kernel's instructions),
 * so --max-elements=N runs only the sizes of at most N elements
 * (suiteRunUpTo).
 *
 * How: this is a Device (device.h) whose allocations are host buffers,
 * files in a temporary directory mapped MAP_SHARED. Each launch goes as one
 * JSON line to a Python worker, tgemu-launch.py, with the kernel, grid and
 * block, the files of the buffers its pointer arguments point into with the
 * offsets, and the bytes of the other arguments (their sizes and kinds come
 * from the code object's metadata, which the worker reads). The worker maps
 * the same files, runs the kernel with tgemu's run_hsaco.launch and
 * answers "ok" or "error MESSAGE"; what the kernel wrote is then in these
 * buffers. One worker serves every launch of every code object, so that
 * tgemu translates an instruction once (the same instruction in another
 * kernel or code object of the same family costs nothing more: running
 * several code objects in one call is much faster than one call each); if
 * it dies (an emulator fault), the launch fails and the next one starts a
 * new worker. --fresh-process gives each launch its own.
 *
 * Exit status: 0 when every run passed, 1 when one failed, 2 on a usage
 * error or when a code object cannot be read or run on tgemu (the others
 * still run).
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "suite.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef TGEMU_SUITE_PYTHON
#define TGEMU_SUITE_PYTHON "python3"
#endif
#ifndef TGEMU_SUITE_LAUNCHER
#define TGEMU_SUITE_LAUNCHER "tgemu-launch.py"
#endif
#ifndef TGEMU_SUITE_DIR
#define TGEMU_SUITE_DIR "../shared/tgemu"
#endif

enum { MAX_PARAMS = 16, MAX_REQUEST = 16384, MAX_REPLY = 1024 };

/*===----------------------------------------------------------------------===*
 * Buffers: files mapped here and in the worker
 *===----------------------------------------------------------------------===*/

typedef struct Buffer {
  char Path[512];
  unsigned char *Base; /* NULL once freed */
  size_t Bytes;
} Buffer;

/* A kernel's explicit parameters, from the worker's "meta" answer. */
typedef struct KernelInfo {
  char Name[128];
  unsigned NumParams;
  unsigned Size[MAX_PARAMS];
  int IsBuffer[MAX_PARAMS];
} KernelInfo;

typedef struct Worker {
  pid_t Pid; /* 0 when none runs */
  FILE *To, *From;
} Worker;

typedef struct TgemuDevice {
  const char *Hsaco, *TgemuDir, *Launcher, *Python;
  char TempDir[512];
  Buffer *Buffers;
  size_t NumBuffers, Capacity, Created;
  KernelInfo *Kernels;
  size_t NumKernels;
  Worker W;
  int FreshProcess;
  unsigned Timeout;
  char Target[32]; /* gfx942 */
  char Name[1200];
} TgemuDevice;

static int fail(Device *D, const char *Message, const char *Detail) {
  snprintf(D->Error, sizeof D->Error, "%s%s%s", Message, *Detail ? ": " : "",
           Detail);
  return -1;
}

static int allocBuffer(Device *D, void **DevicePtr, size_t Bytes) {
  TgemuDevice *T = D->Context;
  if (T->NumBuffers == T->Capacity) {
    size_t Capacity = T->Capacity ? 2 * T->Capacity : 16;
    Buffer *Grown = realloc(T->Buffers, Capacity * sizeof *Grown);
    if (!Grown)
      return fail(D, "out of host memory", "");
    T->Buffers = Grown;
    T->Capacity = Capacity;
  }
  Buffer *B = &T->Buffers[T->NumBuffers];
  snprintf(B->Path, sizeof B->Path, "%s/buffer%zu", T->TempDir, T->Created++);
  int Fd = open(B->Path, O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (Fd < 0)
    return fail(D, B->Path, strerror(errno));
  void *Base = MAP_FAILED;
  if (ftruncate(Fd, (off_t)(Bytes ? Bytes : 1)) == 0)
    Base = mmap(NULL, Bytes ? Bytes : 1, PROT_READ | PROT_WRITE, MAP_SHARED, Fd,
                0);
  int Errno = errno;
  close(Fd);
  if (Base == MAP_FAILED) {
    unlink(B->Path);
    return fail(D, B->Path, strerror(Errno));
  }
  B->Base = Base;
  B->Bytes = Bytes ? Bytes : 1;
  ++T->NumBuffers;
  *DevicePtr = Base;
  return 0;
}

static Buffer *findBuffer(TgemuDevice *T, const void *Ptr) {
  const unsigned char *P = Ptr;
  for (size_t I = 0; I < T->NumBuffers; ++I) {
    Buffer *B = &T->Buffers[I];
    if (B->Base && P >= B->Base && P < B->Base + B->Bytes)
      return B;
  }
  return NULL;
}

static int freeBuffer(Device *D, void *DevicePtr) {
  TgemuDevice *T = D->Context;
  Buffer *B = findBuffer(T, DevicePtr);
  if (!B || B->Base != DevicePtr)
    return fail(D, "free of a pointer that is no allocation", "");
  munmap(B->Base, B->Bytes);
  unlink(B->Path);
  *B = T->Buffers[--T->NumBuffers];
  return 0;
}

static int copyToDevice(Device *D, void *DevicePtr, const void *Host,
                        size_t Bytes) {
  (void)D;
  memcpy(DevicePtr, Host, Bytes);
  return 0;
}

static int copyToHost(Device *D, void *Host, const void *DevicePtr,
                      size_t Bytes) {
  (void)D;
  memcpy(Host, DevicePtr, Bytes);
  return 0;
}

/*===----------------------------------------------------------------------===*
 * The worker: tgemu-launch.py on two pipes
 *===----------------------------------------------------------------------===*/

static void stopWorker(Worker *W) {
  if (!W->Pid)
    return;
  fclose(W->To);
  fclose(W->From);
  waitpid(W->Pid, NULL, 0);
  W->Pid = 0;
}

static int startWorker(TgemuDevice *T, Device *D) {
  int ToChild[2], FromChild[2];
  if (pipe(ToChild))
    return fail(D, "pipe", strerror(errno));
  if (pipe(FromChild)) {
    close(ToChild[0]);
    close(ToChild[1]);
    return fail(D, "pipe", strerror(errno));
  }
  fflush(NULL);
  pid_t Pid = fork();
  if (Pid < 0)
    return fail(D, "fork", strerror(errno));
  if (Pid == 0) {
    dup2(ToChild[0], 0);
    dup2(FromChild[1], 1);
    close(ToChild[0]);
    close(ToChild[1]);
    close(FromChild[0]);
    close(FromChild[1]);
    /* The worker runs none of our code: in a sanitizer build (make
     * check-asan) it need not carry the preloaded ASan runtime. */
    unsetenv("LD_PRELOAD");
    execlp(T->Python, T->Python, T->Launcher, T->TgemuDir, (char *)NULL);
    fprintf(stderr, "tgemu-suite: cannot run %s: %s\n", T->Python,
            strerror(errno));
    _exit(127);
  }
  close(ToChild[0]);
  close(FromChild[1]);
  T->W.Pid = Pid;
  T->W.To = fdopen(ToChild[1], "w");
  T->W.From = fdopen(FromChild[0], "r");
  if (!T->W.To || !T->W.From)
    return fail(D, "fdopen", strerror(errno));
  return 0;
}

/* Sends one request line and reads the answer into Reply. On an "error"
 * answer, or when the worker is gone, the message is left in D->Error and
 * -1 returned; a worker that died is reaped, and the next request starts
 * another. */
static int request(TgemuDevice *T, Device *D, const char *Line, char *Reply,
                   size_t ReplySize) {
  if (!T->W.Pid && startWorker(T, D))
    return -1;
  int Sent = fputs(Line, T->W.To) >= 0 && fputc('\n', T->W.To) != EOF &&
             fflush(T->W.To) == 0;
  if (!Sent || !fgets(Reply, (int)ReplySize, T->W.From)) {
    int Status = 0;
    fclose(T->W.To);
    fclose(T->W.From);
    waitpid(T->W.Pid, &Status, 0);
    T->W.Pid = 0;
    char Why[64];
    if (WIFSIGNALED(Status))
      snprintf(Why, sizeof Why, "killed by signal %d", WTERMSIG(Status));
    else
      snprintf(Why, sizeof Why, "exit status %d", WEXITSTATUS(Status));
    return fail(D, "the tgemu worker (tgemu-launch.py) died", Why);
  }
  Reply[strcspn(Reply, "\n")] = '\0';
  if (!strncmp(Reply, "ok", 2) && (Reply[2] == '\0' || Reply[2] == ' '))
    return 0;
  return fail(D, "tgemu", strncmp(Reply, "error ", 6) ? Reply : Reply + 6);
}

/* Appends Text to Out as a JSON string. */
static void appendJsonString(char *Out, size_t OutSize, const char *Text) {
  size_t Used = strlen(Out);
  if (Used + 1 < OutSize)
    Out[Used++] = '"';
  for (const unsigned char *C = (const unsigned char *)Text;
       *C && Used + 8 < OutSize; ++C) {
    if (*C == '"' || *C == '\\')
      Used += (size_t)snprintf(Out + Used, OutSize - Used, "\\%c", *C);
    else if (*C < 0x20)
      Used += (size_t)snprintf(Out + Used, OutSize - Used, "\\u%04x", *C);
    else
      Out[Used++] = (char)*C;
  }
  if (Used + 1 < OutSize)
    Out[Used++] = '"';
  Out[Used < OutSize ? Used : OutSize - 1] = '\0';
}

static void appendf(char *Out, size_t OutSize, const char *Format,
                    const char *Text) {
  size_t Used = strlen(Out);
  snprintf(Out + Used, OutSize - Used, Format, Text);
}

/* The start of a request naming the code object and Kernel. */
static void beginRequest(TgemuDevice *T, const char *Op, const char *Kernel,
                         char *Out, size_t OutSize) {
  snprintf(Out, OutSize, "{\"op\": \"%s\", \"hsaco\": ", Op);
  appendJsonString(Out, OutSize, T->Hsaco);
  appendf(Out, OutSize, "%s", ", \"kernel\": ");
  appendJsonString(Out, OutSize, Kernel);
}

/* Kernel's parameters, asked of the worker once; NULL with D->Error set if
 * the worker cannot tell. The first answer also names the processor. */
static const KernelInfo *kernelInfo(TgemuDevice *T, Device *D,
                                    const char *Kernel) {
  for (size_t I = 0; I < T->NumKernels; ++I)
    if (!strcmp(T->Kernels[I].Name, Kernel))
      return &T->Kernels[I];
  char Line[2048], Reply[MAX_REPLY];
  beginRequest(T, "meta", Kernel, Line, sizeof Line);
  appendf(Line, sizeof Line, "%s", "}");
  if (request(T, D, Line, Reply, sizeof Reply))
    return NULL;
  KernelInfo *Grown =
      realloc(T->Kernels, (T->NumKernels + 1) * sizeof *T->Kernels);
  if (!Grown) {
    fail(D, "out of host memory", "");
    return NULL;
  }
  T->Kernels = Grown;
  KernelInfo *K = &T->Kernels[T->NumKernels];
  memset(K, 0, sizeof *K);
  snprintf(K->Name, sizeof K->Name, "%s", Kernel);
  /* "ok gfx942 cdna 8:global_buffer 8:global_buffer 4:by_value" */
  char *Save = NULL, *Word = strtok_r(Reply + 2, " ", &Save);
  if (Word && !T->Target[0])
    snprintf(T->Target, sizeof T->Target, "%s", Word);
  Word = Word ? strtok_r(NULL, " ", &Save) : NULL; /* tgemu's arch */
  while ((Word = strtok_r(NULL, " ", &Save))) {
    char *Kind = strchr(Word, ':');
    unsigned Size = (unsigned)strtoul(Word, NULL, 10);
    if (!Kind || K->NumParams == MAX_PARAMS || Size == 0 || Size > 8) {
      fail(D, "a kernel parameter tgemu-suite cannot pass", Word);
      return NULL;
    }
    K->Size[K->NumParams] = Size;
    K->IsBuffer[K->NumParams++] = !strcmp(Kind + 1, "global_buffer");
  }
  ++T->NumKernels;
  return K;
}

/*===----------------------------------------------------------------------===*
 * Launch
 *===----------------------------------------------------------------------===*/

static int launchKernel(Device *D, const char *Kernel, const unsigned Grid[3],
                        const unsigned Block[3], void **Args) {
  TgemuDevice *T = D->Context;
  const KernelInfo *K = kernelInfo(T, D, Kernel);
  if (!K)
    return -1;
  static char Line[MAX_REQUEST];
  char Buffers[MAX_REQUEST / 2] = "", Params[1024] = "", Item[64];
  const Buffer *Used[MAX_PARAMS];
  size_t NumUsed = 0;
  for (unsigned I = 0; I < K->NumParams; ++I) {
    const char *Sep = I ? ", " : "";
    if (K->IsBuffer[I] && K->Size[I] == sizeof(void *)) {
      const unsigned char *Ptr;
      memcpy(&Ptr, Args[I], sizeof Ptr);
      const Buffer *B = Ptr ? findBuffer(T, Ptr) : NULL;
      if (Ptr && !B) {
        snprintf(Item, sizeof Item, "parameter %u", I);
        return fail(D, Item, "points into no allocation");
      }
      if (!B) {
        snprintf(Item, sizeof Item, "%s[\"bytes\", \"%016x\"]", Sep, 0u);
        appendf(Params, sizeof Params, "%s", Item);
        continue;
      }
      size_t Index = 0;
      while (Index < NumUsed && Used[Index] != B)
        ++Index;
      if (Index == NumUsed) {
        Used[NumUsed++] = B;
        appendf(Buffers, sizeof Buffers, "%s", Index ? ", [" : "[");
        appendJsonString(Buffers, sizeof Buffers, B->Path);
        snprintf(Item, sizeof Item, ", %zu]", B->Bytes);
        appendf(Buffers, sizeof Buffers, "%s", Item);
      }
      snprintf(Item, sizeof Item, "%s[\"buffer\", %zu, %zu]", Sep, Index,
               (size_t)(Ptr - B->Base));
      appendf(Params, sizeof Params, "%s", Item);
      continue;
    }
    /* By value: the little-endian bytes, as hex. */
    const unsigned char *Bytes = Args[I];
    snprintf(Item, sizeof Item, "%s[\"bytes\", \"", Sep);
    for (unsigned J = 0; J < K->Size[I]; ++J)
      snprintf(Item + strlen(Item), sizeof Item - strlen(Item), "%02x",
               Bytes[J]);
    appendf(Params, sizeof Params, "%s\"]", Item);
  }
  beginRequest(T, "launch", Kernel, Line, sizeof Line);
  snprintf(Line + strlen(Line), sizeof Line - strlen(Line),
           ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], "
           "\"buffers\": [%s], \"args\": [%s], \"timeout\": %u}",
           Grid[0], Grid[1], Grid[2], Block[0], Block[1], Block[2], Buffers,
           Params, T->Timeout);
  char Reply[MAX_REPLY];
  int Failed = request(T, D, Line, Reply, sizeof Reply);
  if (T->FreshProcess)
    stopWorker(&T->W);
  return Failed;
}

/*===----------------------------------------------------------------------===*
 * Driver
 *===----------------------------------------------------------------------===*/

static int usage(void) {
  fprintf(stderr, "usage: tgemu-suite --source=FILE.cu [--filter=PATTERNS] "
                  "[--max-elements=N]\n"
                  "                   [--tgemu=DIR] [--fresh-process] "
                  "[--timeout=SECONDS] K.hsaco...\n");
  return 2;
}

static void cleanUp(TgemuDevice *T) {
  stopWorker(&T->W);
  while (T->NumBuffers) {
    Buffer *B = &T->Buffers[--T->NumBuffers];
    munmap(B->Base, B->Bytes);
    unlink(B->Path);
  }
  rmdir(T->TempDir);
  free(T->Buffers);
  free(T->Kernels);
}

/* Runs the suite on one code object: 0 when every run passed, 1 when one
 * failed, 2 when the code object cannot be run. */
static int runCodeObject(TgemuDevice *T, Device *D, const char *Hsaco,
                         const char *Kernels, size_t MaxElements) {
  T->Hsaco = Hsaco;
  T->NumKernels = 0;
  T->Target[0] = '\0';
  if (access(Hsaco, R_OK)) {
    fprintf(stderr, "tgemu-suite: cannot read %s\n", Hsaco);
    return 2;
  }
  /* The first kernel's parameters name the processor for the report, and
   * show that the code object holds the kernels. */
  char First[128];
  snprintf(First, sizeof First, "%.*s", (int)strcspn(Kernels, ","), Kernels);
  if (!kernelInfo(T, D, First)) {
    fprintf(stderr, "tgemu-suite: %s: %s\n", Hsaco, D->Error);
    return 2;
  }
  if (T->FreshProcess)
    stopWorker(&T->W);
  snprintf(T->Name, sizeof T->Name, "tgemu %s (machine code), %s", T->Target,
           Hsaco);
  D->Name = T->Name;
  fflush(stdout);
  return suiteRunUpTo(D, Kernels, MaxElements, stdout) ? 1 : 0;
}

int main(int argc, char **argv) {
  TgemuDevice T;
  memset(&T, 0, sizeof T);
  T.TgemuDir = TGEMU_SUITE_DIR;
  T.Launcher = TGEMU_SUITE_LAUNCHER;
  T.Python = TGEMU_SUITE_PYTHON;
  T.Timeout = 600;
  const char *Source = NULL, *Filter = NULL;
  size_t MaxElements = 0;
  int NumObjects = 0;
  for (int I = 1; I < argc; ++I) {
    if (!strncmp(argv[I], "--source=", 9))
      Source = argv[I] + 9;
    else if (!strncmp(argv[I], "--filter=", 9))
      Filter = argv[I] + 9;
    else if (!strncmp(argv[I], "--max-elements=", 15))
      MaxElements = (size_t)strtoull(argv[I] + 15, NULL, 10);
    else if (!strncmp(argv[I], "--tgemu=", 8))
      T.TgemuDir = argv[I] + 8;
    else if (!strncmp(argv[I], "--timeout=", 10))
      T.Timeout = (unsigned)strtoul(argv[I] + 10, NULL, 10);
    else if (!strcmp(argv[I], "--fresh-process"))
      T.FreshProcess = 1;
    else if (argv[I][0] != '-')
      argv[++NumObjects] = argv[I];
    else
      return usage();
  }
  if (!NumObjects || !Source)
    return usage();

  char Kernels[4096];
  suiteSelectKernels(Source, Filter, Kernels, sizeof Kernels);
  if (!Kernels[0]) {
    fprintf(stderr, "tgemu-suite: no suite case for %s\n", Source);
    return 2;
  }
  char RunHsaco[1024];
  snprintf(RunHsaco, sizeof RunHsaco, "%s/run_hsaco.py", T.TgemuDir);
  if (access(RunHsaco, R_OK)) {
    fprintf(stderr, "tgemu-suite: cannot read %s\n", RunHsaco);
    return 2;
  }
  const char *Tmp = getenv("TMPDIR");
  snprintf(T.TempDir, sizeof T.TempDir, "%s/tgemu-suite.XXXXXX",
           Tmp && *Tmp ? Tmp : "/tmp");
  if (!mkdtemp(T.TempDir)) {
    fprintf(stderr, "tgemu-suite: mkdtemp: %s\n", strerror(errno));
    return 2;
  }
  /* A worker that dies must not take this process down with SIGPIPE. */
  signal(SIGPIPE, SIG_IGN);

  Device D;
  memset(&D, 0, sizeof D);
  D.Context = &T;
  D.Alloc = allocBuffer;
  D.Free = freeBuffer;
  D.CopyToDevice = copyToDevice;
  D.CopyToHost = copyToHost;
  D.Launch = launchKernel;
  int Status = 0;
  for (int I = 1; I <= NumObjects; ++I) {
    int Result = runCodeObject(&T, &D, argv[I], Kernels, MaxElements);
    Status = Result > Status ? Result : Status;
  }
  cleanUp(&T);
  return Status;
}
