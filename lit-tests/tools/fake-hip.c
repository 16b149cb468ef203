/*===- fake-hip.c - A HIP runtime whose one device is tgemu ---------------===*
 *
 *   CUCC_DEVICE=hip CUCC_HIP_LIBRARY=build/lib/libfake-amdhip64.so \
 *   FAKE_HIP_ARCH=gfx942 ./program
 *
 * libfake-amdhip64.so implements, with HIP 5.2's signatures and meaning,
 * every call that runtime/HipBackend.c resolves from libamdhip64 (its
 * Symbols[] table), for one emulated AMD GPU whose kernels run as machine
 * code on tgemu, the ISA-level emulator (WARP_TGEMU_DIR, see its
 * README.md).
 *
 * Why: a program that cucc builds runs on an AMD GPU through the HIP
 * backend, which loads the code objects cucc bundled with
 * hipModuleLoadData and launches them with hipModuleLaunchKernel. Without
 * an AMD GPU that path never runs; with this library in place of the HIP
 * runtime it runs whole, on the machine code the AMDGPU backend made,
 * from the program's own cudaMalloc to its kernels' last instruction, so
 * that the programs' output can be compared with an NVIDIA GPU's
 * (lit-tests/machine-code/programs.test).
 *
 * How: device memory is one arena, a sparse file of 4 GiB in a private
 * temporary directory (removed from it once mapped), mapped MAP_SHARED at
 * ARENA_BASE (0x5ee000000000) here and, at the same address, by the Python
 * worker that runs the kernels (tgemu-launch.py, which inherits the file
 * as its descriptor 3). So every device pointer (hipMalloc,
 * hipHostMalloc, hipMallocManaged, a pointer stored in device memory)
 * means the same memory in both processes, copies and fills are memcpy
 * and memset here, and a kernel's arguments go to the worker as their
 * bytes. Code objects are loaded into the arena too, by the worker
 * (hsaco_image.py, at an address allocated here), so that __device__ and
 * __constant__ variables are device memory that hipModuleGetGlobal can
 * hand out. Allocations are first-fit from a sorted list of blocks,
 * 256-byte aligned; a copy or fill of device memory must stay inside one
 * allocation, as HIP checks. Every operation is synchronous: a stream is
 * a handle, an event records the host's clock. One worker serves every
 * launch of the process (tgemu translates each instruction once); a
 * launch the emulator cannot finish is hipErrorLaunchFailure, with the
 * worker's reason on stderr, and if the worker died the modules it had
 * loaded fail from then on (the next load starts another).
 *
 * The device: FAKE_HIP_ARCH names its processor (default gfx942; tgemu
 * models gfx90a and gfx942 as CDNA, wave64; gfx11 as RDNA3 and gfx12 as
 * RDNA4, wave32), its name is "tgemu <gfx> (fake HIP)", one compute unit
 * with 64 KiB of LDS, 1024 threads a block. FAKE_HIP_TIMEOUT bounds a
 * launch (seconds, default 600); FAKE_HIP_TRACE=1 prints each launch and
 * how long it took to stderr.
 *
 * Like HIP 5.2, hipModuleLoadData refuses a code object whose ELF header
 * says v5 or later (see headerReadableByComgr24).
 *
 * Limits: memory that hipHostRegister pins stays the program's own, which
 * the worker cannot see (copies through it work; a kernel must not touch
 * it); the 'extra' form of kernel arguments, and anything else it does not
 * model, returns an error instead of pretending.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__
#endif

#include <hip/hip_runtime_api.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef FAKE_HIP_PYTHON
#define FAKE_HIP_PYTHON "python3"
#endif
#ifndef FAKE_HIP_LAUNCHER
#define FAKE_HIP_LAUNCHER "tgemu-launch.py"
#endif
#ifndef FAKE_HIP_TGEMU_DIR
#define FAKE_HIP_TGEMU_DIR "../shared/tgemu"
#endif

#define ARENA_BASE ((uintptr_t)0x5ee000000000ull)

enum {
  DeviceAlignment = 256,
  ImageAlignment = 4096,
  WorkerArenaFd = 3,
  MaxReply = 4096,
  LdsBytes = 64 * 1024,
  MaxThreads = 1024,
  ThreadsPerCU = 2048,
  MaxBlocksPerCU = 32,
  HandleMagic = 0x68697066 /* "fpih" */
};

static const size_t ArenaBytes = (size_t)4 << 30;

/*===-- Messages ----------------------------------------------------------===*/

static void say(const char *Format, ...) {
  va_list Args;
  va_start(Args, Format);
  fprintf(stderr, "fake-hip: ");
  vfprintf(stderr, Format, Args);
  fputc('\n', stderr);
  va_end(Args);
}

/*===-- Growing text: the worker's requests -------------------------------===*/

typedef struct {
  char *Data;
  size_t Length, Capacity;
  bool Failed;
} Text;

static void textAppend(Text *T, const char *Format, ...) {
  for (;;) {
    va_list Args;
    va_start(Args, Format);
    size_t Room = T->Capacity - T->Length;
    int Needed =
        vsnprintf(T->Data ? T->Data + T->Length : NULL, Room, Format, Args);
    va_end(Args);
    if (Needed < 0) {
      T->Failed = true;
      return;
    }
    if ((size_t)Needed < Room) {
      T->Length += (size_t)Needed;
      return;
    }
    size_t Capacity = T->Capacity ? T->Capacity : 256;
    while (Capacity - T->Length <= (size_t)Needed)
      Capacity *= 2;
    char *Grown = realloc(T->Data, Capacity);
    if (!Grown) {
      T->Failed = true;
      return;
    }
    T->Data = Grown;
    T->Capacity = Capacity;
  }
}

static void textAppendJsonString(Text *T, const char *S) {
  textAppend(T, "\"");
  for (const unsigned char *C = (const unsigned char *)S; *C; ++C) {
    if (*C == '"' || *C == '\\')
      textAppend(T, "\\%c", *C);
    else if (*C < 0x20)
      textAppend(T, "\\u%04x", *C);
    else
      textAppend(T, "%c", *C);
  }
  textAppend(T, "\"");
}

/*===-- The device's state ------------------------------------------------===*/

/* What an arena block holds. */
typedef enum {
  BlockFree,
  BlockDevice,
  BlockHost,
  BlockManaged,
  BlockModule
} BlockKind;

typedef struct {
  size_t Offset, Bytes;
  BlockKind Kind;
} Block;

typedef struct {
  uintptr_t Base;
  size_t Bytes;
} Registration;

/* Everything below is guarded by Lock, except what init sets once. */
static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t InitOnce = PTHREAD_ONCE_INIT;
static hipError_t InitError;
static char Arch[64];      /* gfx942 */
static char ArchName[128]; /* gfx942:sramecc+:xnack- */
static int WaveSize;
static char TempDir[PATH_MAX];
static int ArenaFd = -1;
static unsigned char *Arena;
static Block *Blocks;
static size_t NumBlocks, BlockCapacity;
static Registration *Registered;
static size_t NumRegistered;
static unsigned ModulesCreated;

static struct {
  pid_t Pid; /* 0 when none runs */
  int Socket;
  FILE *Replies;
  unsigned Generation; /* how many have started */
} Worker = {0, -1, NULL, 0};

/*===-- Start and end -----------------------------------------------------===*/

/* "gfx942" -> 64, "gfx1100" -> 32; 0 for a processor tgemu does not model
 * (as tgemu-launch.py's arch_of). */
static int waveSizeOf(const char *Gfx) {
  size_t Length = strlen(Gfx);
  if (strncmp(Gfx, "gfx", 3) != 0)
    return 0;
  if (Length == 6 && Gfx[3] == '9')
    return !strcmp(Gfx, "gfx90a") || !strcmp(Gfx, "gfx942") ? 64 : 0;
  if (Length == 7 && (!strncmp(Gfx + 3, "11", 2) || !strncmp(Gfx + 3, "12", 2)))
    return 32;
  return 0;
}

static void initialize(void) {
  const char *Wanted = getenv("FAKE_HIP_ARCH");
  snprintf(Arch, sizeof(Arch), "%s", Wanted && *Wanted ? Wanted : "gfx942");
  WaveSize = waveSizeOf(Arch);
  if (!WaveSize) {
    say("FAKE_HIP_ARCH=%s: tgemu models gfx90a, gfx942, gfx11xx and gfx12xx",
        Arch);
    InitError = hipErrorNoDevice;
    return;
  }
  /* HIP names a CDNA processor with its target features. */
  snprintf(ArchName, sizeof(ArchName), "%s%s", Arch,
           WaveSize == 64 ? ":sramecc+:xnack-" : "");
  const char *Tmp = getenv("TMPDIR");
  snprintf(TempDir, sizeof(TempDir), "%s/fake-hip.XXXXXX",
           Tmp && *Tmp ? Tmp : "/tmp");
  if (!mkdtemp(TempDir)) {
    say("mkdtemp %s: %s", TempDir, strerror(errno));
    TempDir[0] = '\0';
    InitError = hipErrorNoDevice;
    return;
  }
  char Path[PATH_MAX + 16];
  snprintf(Path, sizeof(Path), "%s/arena", TempDir);
  ArenaFd = open(Path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  void *Mapped = MAP_FAILED;
  if (ArenaFd >= 0 && ftruncate(ArenaFd, (off_t)ArenaBytes) == 0)
    Mapped = mmap((void *)ARENA_BASE, ArenaBytes, PROT_READ | PROT_WRITE,
                  MAP_SHARED | MAP_FIXED_NOREPLACE, ArenaFd, 0);
  int Errno = errno;
  unlink(Path);
  if (Mapped != (void *)ARENA_BASE) {
    if (Mapped != MAP_FAILED)
      munmap(Mapped, ArenaBytes);
    say("cannot map the device memory at %#lx: %s", (unsigned long)ARENA_BASE,
        Mapped == MAP_FAILED ? strerror(Errno) : "placed elsewhere");
    InitError = hipErrorNoDevice;
    return;
  }
  Arena = Mapped;
  Blocks = malloc(16 * sizeof(Block));
  if (!Blocks) {
    InitError = hipErrorNoDevice;
    return;
  }
  BlockCapacity = 16;
  Blocks[0] = (Block){0, ArenaBytes, BlockFree};
  NumBlocks = 1;
}

static hipError_t ready(void) {
  pthread_once(&InitOnce, initialize);
  return InitError;
}

static void stopWorker(void) {
  if (!Worker.Pid)
    return;
  fclose(Worker.Replies); /* closes the socket: the worker reads EOF */
  Worker.Replies = NULL;
  Worker.Socket = -1;
  waitpid(Worker.Pid, NULL, 0);
  Worker.Pid = 0;
}

/* At exit: the worker ends when its requests do; what is left of the
 * temporary directory goes. */
__attribute__((destructor)) static void finish(void) {
  stopWorker();
  if (TempDir[0])
    rmdir(TempDir);
}

/*===-- The worker --------------------------------------------------------===*/

static int sendAll(int Socket, const char *Data, size_t Length) {
  while (Length) {
    ssize_t Sent = send(Socket, Data, Length, MSG_NOSIGNAL);
    if (Sent < 0 && errno == EINTR)
      continue;
    if (Sent <= 0)
      return -1;
    Data += Sent;
    Length -= (size_t)Sent;
  }
  return 0;
}

/* The environment without LD_PRELOAD: the worker runs none of our code, and
 * in a sanitizer build need not carry the preloaded runtime. */
static char **workerEnvironment(void) {
  extern char **environ;
  size_t Count = 0;
  while (environ[Count])
    ++Count;
  char **Out = calloc(Count + 1, sizeof(char *));
  if (!Out)
    return NULL;
  size_t Kept = 0;
  for (size_t I = 0; I < Count; ++I)
    if (strncmp(environ[I], "LD_PRELOAD=", 11) != 0)
      Out[Kept++] = environ[I];
  return Out;
}

static int request(const char *Line, char *Reply, size_t ReplySize);

/* A worker of its own, the arena mapped in it. */
static int startWorker(char *Reply, size_t ReplySize) {
  int Pair[2];
  char **Environment = workerEnvironment();
  if (!Environment ||
      socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, Pair) != 0) {
    free(Environment);
    snprintf(Reply, ReplySize, "cannot start the tgemu worker: %s",
             strerror(errno));
    return -1;
  }
  const char *Python = FAKE_HIP_PYTHON;
  char *const Argv[] = {(char *)Python, (char *)FAKE_HIP_LAUNCHER,
                        (char *)FAKE_HIP_TGEMU_DIR, NULL};
  pid_t Pid = fork();
  if (Pid < 0) {
    close(Pair[0]);
    close(Pair[1]);
    free(Environment);
    snprintf(Reply, ReplySize, "fork: %s", strerror(errno));
    return -1;
  }
  if (Pid == 0) {
    /* Out of the way of 0, 1 and 3 first, then into place (dup2 leaves
     * the copies without FD_CLOEXEC). */
    int Channel = fcntl(Pair[1], F_DUPFD_CLOEXEC, 10);
    int Memory = fcntl(ArenaFd, F_DUPFD_CLOEXEC, 10);
    if (Channel < 0 || Memory < 0 || dup2(Channel, 0) < 0 ||
        dup2(Channel, 1) < 0 || dup2(Memory, WorkerArenaFd) < 0)
      _exit(127);
    if (strchr(Python, '/'))
      execve(Python, Argv, Environment);
    else
      execvpe(Python, Argv, Environment);
    _exit(127);
  }
  free(Environment);
  close(Pair[1]);
  Worker.Pid = Pid;
  Worker.Socket = Pair[0];
  Worker.Replies = fdopen(Pair[0], "r");
  ++Worker.Generation;
  if (!Worker.Replies) {
    close(Pair[0]);
    Worker.Socket = -1;
    waitpid(Pid, NULL, 0);
    Worker.Pid = 0;
    snprintf(Reply, ReplySize, "fdopen: %s", strerror(errno));
    return -1;
  }
  char Line[256];
  snprintf(Line, sizeof(Line),
           "{\"op\": \"arena\", \"path\": \"/proc/self/fd/%d\", "
           "\"address\": %lu, \"bytes\": %zu}",
           WorkerArenaFd, (unsigned long)ARENA_BASE, ArenaBytes);
  if (!request(Line, Reply, ReplySize))
    return 0;
  stopWorker(); /* one without the arena can run nothing */
  return -1;
}

/* Sends one request and reads its answer into Reply: 0 for "ok ...", 1
 * for "error MESSAGE" (Reply holds the message), -1 when there is no
 * worker to answer (Reply says why; the next request starts another). */
static int request(const char *Line, char *Reply, size_t ReplySize) {
  if (!Worker.Pid && startWorker(Reply, ReplySize))
    return -1;
  if (sendAll(Worker.Socket, Line, strlen(Line)) != 0 ||
      sendAll(Worker.Socket, "\n", 1) != 0 ||
      !fgets(Reply, (int)ReplySize, Worker.Replies)) {
    int Status = 0;
    fclose(Worker.Replies);
    Worker.Replies = NULL;
    Worker.Socket = -1;
    waitpid(Worker.Pid, &Status, 0);
    Worker.Pid = 0;
    if (WIFSIGNALED(Status))
      snprintf(Reply, ReplySize,
               "the tgemu worker (tgemu-launch.py) died: killed by signal %d",
               WTERMSIG(Status));
    else
      snprintf(Reply, ReplySize,
               "the tgemu worker (tgemu-launch.py) died: exit status %d",
               WEXITSTATUS(Status));
    return -1;
  }
  Reply[strcspn(Reply, "\n")] = '\0';
  if (!strncmp(Reply, "ok", 2) && (Reply[2] == '\0' || Reply[2] == ' '))
    return 0;
  if (!strncmp(Reply, "error ", 6))
    memmove(Reply, Reply + 6, strlen(Reply + 6) + 1);
  return 1;
}

/*===-- The arena's allocator ---------------------------------------------===*/

/* Room for two more blocks: what splitting one takes. */
static bool reserveBlocks(void) {
  if (NumBlocks + 2 <= BlockCapacity)
    return true;
  Block *Grown = realloc(Blocks, 2 * BlockCapacity * sizeof(Block));
  if (!Grown)
    return false;
  Blocks = Grown;
  BlockCapacity *= 2;
  return true;
}

static void insertBlock(size_t Index, Block B) {
  memmove(&Blocks[Index + 1], &Blocks[Index],
          (NumBlocks - Index) * sizeof(Block));
  Blocks[Index] = B;
  ++NumBlocks;
}

static void removeBlock(size_t Index) {
  memmove(&Blocks[Index], &Blocks[Index + 1],
          (NumBlocks - Index - 1) * sizeof(Block));
  --NumBlocks;
}

/* The first free block that holds Bytes at Alignment; NULL when none. */
static void *allocate(size_t Bytes, size_t Alignment, BlockKind Kind) {
  size_t Need = (Bytes + DeviceAlignment - 1) & ~(size_t)(DeviceAlignment - 1);
  if (!Need || Need < Bytes || !reserveBlocks())
    return NULL;
  for (size_t I = 0; I < NumBlocks; ++I) {
    Block *B = &Blocks[I];
    if (B->Kind != BlockFree)
      continue;
    size_t Start = (B->Offset + Alignment - 1) & ~(Alignment - 1);
    size_t Pad = Start - B->Offset;
    if (Pad > B->Bytes || B->Bytes - Pad < Need)
      continue;
    /* [pad: free][Need: Kind][rest: free] */
    size_t Rest = B->Bytes - Pad - Need;
    Block Used = {Start, Need, Kind};
    if (Pad) {
      B->Bytes = Pad;
      insertBlock(++I, Used);
    } else {
      *B = Used;
    }
    if (Rest)
      insertBlock(I + 1, (Block){Start + Need, Rest, BlockFree});
    return Arena + Start;
  }
  return NULL;
}

/* The index of the block that starts at Ptr, or NumBlocks. */
static size_t blockAt(const void *Ptr) {
  uintptr_t P = (uintptr_t)Ptr;
  if (P < (uintptr_t)Arena || P >= (uintptr_t)Arena + ArenaBytes)
    return NumBlocks;
  size_t Offset = P - (uintptr_t)Arena, Low = 0, High = NumBlocks;
  while (Low < High) {
    size_t Mid = (Low + High) / 2;
    if (Blocks[Mid].Offset < Offset)
      Low = Mid + 1;
    else
      High = Mid;
  }
  return Low < NumBlocks && Blocks[Low].Offset == Offset ? Low : NumBlocks;
}

static void release(size_t I) {
  if (I >= NumBlocks)
    return;
  Blocks[I].Kind = BlockFree;
  if (I + 1 < NumBlocks && Blocks[I + 1].Kind == BlockFree) {
    Blocks[I].Bytes += Blocks[I + 1].Bytes;
    removeBlock(I + 1);
  }
  if (I > 0 && Blocks[I - 1].Kind == BlockFree) {
    Blocks[I - 1].Bytes += Blocks[I].Bytes;
    removeBlock(I);
  }
}

static bool inArena(const void *Ptr) {
  uintptr_t P = (uintptr_t)Ptr, Base = (uintptr_t)Arena;
  return Arena && P >= Base && P - Base < ArenaBytes;
}

/* Whether [Ptr, Ptr + Bytes) is device memory: inside one allocation (or
 * loaded code object) of the arena. */
static bool inAllocation(const void *Ptr, size_t Bytes) {
  if (!inArena(Ptr))
    return false;
  size_t Offset = (uintptr_t)Ptr - (uintptr_t)Arena, Low = 0, High = NumBlocks;
  while (Low < High) { /* the last block that starts at or before Offset */
    size_t Mid = (Low + High) / 2;
    if (Blocks[Mid].Offset <= Offset)
      Low = Mid + 1;
    else
      High = Mid;
  }
  const Block *B = &Blocks[Low - 1];
  return B->Kind != BlockFree && Offset - B->Offset <= B->Bytes &&
         Bytes <= B->Bytes - (Offset - B->Offset);
}

/*===-- Errors ------------------------------------------------------------===*/

static const struct {
  hipError_t Code;
  const char *Name, *String;
} Errors[] = {
    {hipSuccess, "hipSuccess", "no error"},
    {hipErrorInvalidValue, "hipErrorInvalidValue", "invalid argument"},
    {hipErrorOutOfMemory, "hipErrorOutOfMemory", "out of memory"},
    {hipErrorNotInitialized, "hipErrorNotInitialized", "initialization error"},
    {hipErrorInvalidPitchValue, "hipErrorInvalidPitchValue",
     "invalid pitch argument"},
    {hipErrorInvalidMemcpyDirection, "hipErrorInvalidMemcpyDirection",
     "invalid copy direction for memcpy"},
    {hipErrorInvalidDeviceFunction, "hipErrorInvalidDeviceFunction",
     "invalid device function"},
    {hipErrorNoDevice, "hipErrorNoDevice",
     "no ROCm-capable device is detected"},
    {hipErrorInvalidDevice, "hipErrorInvalidDevice", "invalid device ordinal"},
    {hipErrorInvalidImage, "hipErrorInvalidImage",
     "device kernel image is invalid"},
    {hipErrorNoBinaryForGpu, "hipErrorNoBinaryForGpu",
     "no kernel image is available for execution on the device"},
    {hipErrorInvalidHandle, "hipErrorInvalidHandle", "invalid resource handle"},
    {hipErrorNotFound, "hipErrorNotFound", "named symbol not found"},
    {hipErrorNotReady, "hipErrorNotReady", "device not ready"},
    {hipErrorLaunchOutOfResources, "hipErrorLaunchOutOfResources",
     "too many resources requested for launch"},
    {hipErrorHostMemoryAlreadyRegistered, "hipErrorHostMemoryAlreadyRegistered",
     "part or all of the requested memory range is already mapped"},
    {hipErrorHostMemoryNotRegistered, "hipErrorHostMemoryNotRegistered",
     "pointer does not correspond to a registered memory region"},
    {hipErrorLaunchFailure, "hipErrorLaunchFailure",
     "unspecified launch failure"},
    {hipErrorNotSupported, "hipErrorNotSupported", "operation not supported"},
    {hipErrorUnknown, "hipErrorUnknown", "unknown error"},
};

const char *hipGetErrorName(hipError_t hip_error) {
  for (size_t I = 0; I < sizeof(Errors) / sizeof(Errors[0]); ++I)
    if (Errors[I].Code == hip_error)
      return Errors[I].Name;
  return "hipErrorUnknown";
}

const char *hipGetErrorString(hipError_t hipError) {
  for (size_t I = 0; I < sizeof(Errors) / sizeof(Errors[0]); ++I)
    if (Errors[I].Code == hipError)
      return Errors[I].String;
  return "unknown error";
}

/*===-- Device ------------------------------------------------------------===*/

hipError_t hipGetDeviceCount(int *count) {
  if (!count)
    return hipErrorInvalidValue;
  hipError_t Error = ready();
  *count = Error ? 0 : 1;
  return Error;
}

hipError_t hipSetDevice(int deviceId) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  return deviceId == 0 ? hipSuccess : hipErrorInvalidDevice;
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int deviceId) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!prop)
    return hipErrorInvalidValue;
  if (deviceId != 0)
    return hipErrorInvalidDevice;
  memset(prop, 0, sizeof(*prop));
  snprintf(prop->name, sizeof(prop->name), "tgemu %s (fake HIP)", Arch);
  snprintf(prop->gcnArchName, sizeof(prop->gcnArchName), "%s", ArchName);
  /* gfx942 -> 9.4, gfx90a -> 9.0, gfx1100 -> 11.0, as HIP's. */
  const char *Number = Arch + 3;
  bool Short = strlen(Number) == 3;
  prop->major =
      Short ? Number[0] - '0' : (Number[0] - '0') * 10 + (Number[1] - '0');
  char Minor = Number[Short ? 1 : 2];
  prop->minor = Minor >= '0' && Minor <= '9' ? Minor - '0' : 0;
  prop->gcnArch = prop->major * 100 + prop->minor * 10;
  prop->totalGlobalMem = ArenaBytes;
  prop->sharedMemPerBlock = LdsBytes;
  prop->regsPerBlock = 512 * WaveSize;
  prop->warpSize = WaveSize;
  prop->maxThreadsPerBlock = MaxThreads;
  /* HIP 5's limits, not CUDA's (1024 x 1024 x 64, 2^31-1 x 65535 x 65535). */
  prop->maxThreadsDim[0] = prop->maxThreadsDim[1] = prop->maxThreadsDim[2] =
      MaxThreads;
  prop->maxGridSize[0] = prop->maxGridSize[1] = prop->maxGridSize[2] =
      INT32_MAX;
  prop->clockRate = 1000000;
  prop->memoryClockRate = 1000000;
  prop->memoryBusWidth = 64;
  prop->totalConstMem = LdsBytes;
  prop->multiProcessorCount = 1;
  prop->l2CacheSize = 4 << 20;
  prop->maxThreadsPerMultiProcessor = ThreadsPerCU;
  prop->clockInstructionRate = 1000000;
  prop->arch = (hipDeviceArch_t){
      .hasGlobalInt32Atomics = 1,
      .hasGlobalFloatAtomicExch = 1,
      .hasSharedInt32Atomics = 1,
      .hasSharedFloatAtomicExch = 1,
      .hasFloatAtomicAdd = 1,
      .hasGlobalInt64Atomics = 1,
      .hasSharedInt64Atomics = 1,
      .hasDoubles = 1,
      .hasWarpVote = 1,
      .hasWarpBallot = 1,
      .hasWarpShuffle = 1,
      .hasFunnelShift = 1,
      .hasThreadFenceSystem = 1,
      .hasSyncThreadsExt = 1,
      .has3dGrid = 1,
  };
  prop->concurrentKernels = 1;
  prop->maxSharedMemoryPerMultiProcessor = LdsBytes;
  prop->canMapHostMemory = 1;
  prop->cooperativeLaunch = 1;
  prop->memPitch = INT32_MAX;
  prop->textureAlignment = 256;
  prop->texturePitchAlignment = 256;
  prop->managedMemory = 1;
  prop->directManagedMemAccessFromHost = 1;
  prop->concurrentManagedAccess = 1;
  return hipSuccess;
}

/* Every operation finished when it was issued. */
hipError_t hipDeviceSynchronize(void) { return ready(); }

/* Every operation has finished; memory and modules stay (the CUDA runtime
 * unloads its modules itself before it resets the device). */
hipError_t hipDeviceReset(void) { return ready(); }

/*===-- Memory ------------------------------------------------------------===*/

static hipError_t allocateKind(void **Ptr, size_t Bytes, BlockKind Kind) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!Ptr)
    return hipErrorInvalidValue;
  if (!Bytes) {
    *Ptr = NULL;
    return hipSuccess;
  }
  pthread_mutex_lock(&Lock);
  *Ptr = allocate(Bytes, DeviceAlignment, Kind);
  pthread_mutex_unlock(&Lock);
  return *Ptr ? hipSuccess : hipErrorOutOfMemory;
}

static hipError_t freeKind(void *Ptr, BlockKind Kind, BlockKind Also) {
  hipError_t Error = ready();
  if (Error || !Ptr)
    return Error;
  pthread_mutex_lock(&Lock);
  size_t I = blockAt(Ptr);
  bool Found =
      I < NumBlocks && (Blocks[I].Kind == Kind || Blocks[I].Kind == Also);
  if (Found)
    release(I);
  pthread_mutex_unlock(&Lock);
  return Found ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipMalloc(void **ptr, size_t size) {
  return allocateKind(ptr, size, BlockDevice);
}

hipError_t hipFree(void *ptr) {
  return freeKind(ptr, BlockDevice, BlockManaged);
}

hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags) {
  const unsigned Known = hipHostMallocPortable | hipHostMallocMapped |
                         hipHostMallocWriteCombined | hipHostMallocNumaUser |
                         hipHostMallocCoherent | hipHostMallocNonCoherent;
  if (flags & ~Known)
    return hipErrorInvalidValue;
  return allocateKind(ptr, size, BlockHost);
}

hipError_t hipHostFree(void *ptr) {
  return freeKind(ptr, BlockHost, BlockHost);
}

hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags) {
  if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
    return hipErrorInvalidValue;
  return allocateKind(dev_ptr, size, BlockManaged);
}

/* The memory stays the program's: copies through it work. */
hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes,
                           unsigned int flags) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  const unsigned Known =
      hipHostRegisterPortable | hipHostRegisterMapped | hipHostRegisterIoMemory;
  if (!hostPtr || !sizeBytes || (flags & ~Known))
    return hipErrorInvalidValue;
  uintptr_t Base = (uintptr_t)hostPtr;
  pthread_mutex_lock(&Lock);
  Error = hipSuccess;
  for (size_t I = 0; I < NumRegistered && !Error; ++I)
    if (Base < Registered[I].Base + Registered[I].Bytes &&
        Registered[I].Base < Base + sizeBytes)
      Error = hipErrorHostMemoryAlreadyRegistered;
  if (!Error) {
    Registration *Grown =
        realloc(Registered, (NumRegistered + 1) * sizeof(Registration));
    if (Grown) {
      Registered = Grown;
      Registered[NumRegistered++] = (Registration){Base, sizeBytes};
    } else {
      Error = hipErrorOutOfMemory;
    }
  }
  pthread_mutex_unlock(&Lock);
  return Error;
}

hipError_t hipHostUnregister(void *hostPtr) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  Error = hipErrorHostMemoryNotRegistered;
  pthread_mutex_lock(&Lock);
  for (size_t I = 0; I < NumRegistered; ++I)
    if (Registered[I].Base == (uintptr_t)hostPtr) {
      Registered[I] = Registered[--NumRegistered];
      Error = hipSuccess;
      break;
    }
  pthread_mutex_unlock(&Lock);
  return Error;
}

hipError_t hipMemGetInfo(size_t *free, size_t *total) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!free || !total)
    return hipErrorInvalidValue;
  size_t Free = 0;
  pthread_mutex_lock(&Lock);
  for (size_t I = 0; I < NumBlocks; ++I)
    if (Blocks[I].Kind == BlockFree)
      Free += Blocks[I].Bytes;
  pthread_mutex_unlock(&Lock);
  *free = Free;
  *total = ArenaBytes;
  return hipSuccess;
}

/* A copy's device sides, those its kind names and any in the arena, must
 * each lie in one allocation; Span is how far each side reaches. */
static hipError_t checkCopy(void *Dst, size_t DstSpan, const void *Src,
                            size_t SrcSpan, hipMemcpyKind Kind) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if ((unsigned)Kind > hipMemcpyDefault)
    return hipErrorInvalidMemcpyDirection;
  if (!DstSpan && !SrcSpan)
    return hipSuccess;
  if (!Dst || !Src)
    return hipErrorInvalidValue;
  bool DeviceDst = inArena(Dst) || Kind == hipMemcpyHostToDevice ||
                   Kind == hipMemcpyDeviceToDevice;
  bool DeviceSrc = inArena(Src) || Kind == hipMemcpyDeviceToHost ||
                   Kind == hipMemcpyDeviceToDevice;
  pthread_mutex_lock(&Lock);
  bool Valid = (!DeviceDst || inAllocation(Dst, DstSpan)) &&
               (!DeviceSrc || inAllocation(Src, SrcSpan));
  pthread_mutex_unlock(&Lock);
  return Valid ? hipSuccess : hipErrorInvalidValue;
}

hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes,
                     hipMemcpyKind kind) {
  hipError_t Error = checkCopy(dst, sizeBytes, src, sizeBytes, kind);
  if (!Error && sizeBytes)
    memmove(dst, src, sizeBytes);
  return Error;
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes,
                          hipMemcpyKind kind, hipStream_t stream) {
  (void)stream;
  return hipMemcpy(dst, src, sizeBytes, kind);
}

hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch,
                       size_t width, size_t height, hipMemcpyKind kind) {
  if (width > dpitch || width > spitch)
    return hipErrorInvalidPitchValue;
  size_t DstSpan = height && width ? dpitch * (height - 1) + width : 0;
  size_t SrcSpan = height && width ? spitch * (height - 1) + width : 0;
  hipError_t Error = checkCopy(dst, DstSpan, src, SrcSpan, kind);
  if (Error || !DstSpan)
    return Error;
  for (size_t Row = 0; Row < height; ++Row)
    memmove((char *)dst + Row * dpitch, (const char *)src + Row * spitch,
            width);
  return hipSuccess;
}

hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                            size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t stream) {
  (void)stream;
  return hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

hipError_t hipMemset(void *dst, int value, size_t sizeBytes) {
  hipError_t Error = ready();
  if (Error || !sizeBytes)
    return Error;
  pthread_mutex_lock(&Lock);
  bool Valid = inAllocation(dst, sizeBytes);
  pthread_mutex_unlock(&Lock);
  if (!Valid)
    return hipErrorInvalidValue;
  memset(dst, value, sizeBytes);
  return hipSuccess;
}

hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes,
                          hipStream_t stream) {
  (void)stream;
  return hipMemset(dst, value, sizeBytes);
}

/*===-- Streams and events ------------------------------------------------===*/

struct ihipStream_t {
  unsigned Magic, Flags;
};

struct ihipEvent_t {
  unsigned Magic, Flags;
  bool Recorded;
  double Seconds;
};

/* The null stream and hipStreamPerThread are streams too. */
static bool validStream(hipStream_t Stream) {
  return !Stream || Stream == (hipStream_t)2 || Stream->Magic == HandleMagic;
}

static bool validEvent(hipEvent_t Event) {
  return Event && Event->Magic == HandleMagic;
}

hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!stream || (flags != hipStreamDefault && flags != hipStreamNonBlocking))
    return hipErrorInvalidValue;
  struct ihipStream_t *S = calloc(1, sizeof(*S));
  if (!S)
    return hipErrorOutOfMemory;
  *S = (struct ihipStream_t){HandleMagic, flags};
  *stream = S;
  return hipSuccess;
}

hipError_t hipStreamDestroy(hipStream_t stream) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!stream || stream == (hipStream_t)2 || !validStream(stream))
    return hipErrorInvalidHandle;
  stream->Magic = 0;
  free(stream);
  return hipSuccess;
}

hipError_t hipStreamSynchronize(hipStream_t stream) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  return validStream(stream) ? hipSuccess : hipErrorInvalidHandle;
}

hipError_t hipStreamQuery(hipStream_t stream) {
  return hipStreamSynchronize(stream);
}

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                              unsigned int flags) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (flags)
    return hipErrorInvalidValue;
  return validStream(stream) && validEvent(event) ? hipSuccess
                                                  : hipErrorInvalidHandle;
}

hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  const unsigned Known = hipEventBlockingSync | hipEventDisableTiming |
                         hipEventInterprocess | hipEventReleaseToDevice |
                         hipEventReleaseToSystem;
  if (!event || (flags & ~Known))
    return hipErrorInvalidValue;
  struct ihipEvent_t *E = calloc(1, sizeof(*E));
  if (!E)
    return hipErrorOutOfMemory;
  *E = (struct ihipEvent_t){HandleMagic, flags, false, 0};
  *event = E;
  return hipSuccess;
}

hipError_t hipEventDestroy(hipEvent_t event) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!validEvent(event))
    return hipErrorInvalidHandle;
  event->Magic = 0;
  free(event);
  return hipSuccess;
}

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!validEvent(event) || !validStream(stream))
    return hipErrorInvalidHandle;
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  event->Seconds = (double)Now.tv_sec + (double)Now.tv_nsec * 1e-9;
  event->Recorded = true;
  return hipSuccess;
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  return validEvent(event) ? hipSuccess : hipErrorInvalidHandle;
}

hipError_t hipEventQuery(hipEvent_t event) {
  return hipEventSynchronize(event);
}

/* As CUDA: both events recorded, neither without timing. */
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!ms)
    return hipErrorInvalidValue;
  if (!validEvent(start) || !validEvent(stop) || !start->Recorded ||
      !stop->Recorded || ((start->Flags | stop->Flags) & hipEventDisableTiming))
    return hipErrorInvalidHandle;
  *ms = (float)((stop->Seconds - start->Seconds) * 1e3);
  return hipSuccess;
}

/*===-- Modules -----------------------------------------------------------===*/

struct ihipModuleSymbol_t {
  unsigned Magic;
  struct ihipModule_t *Module;
  char *Name;
  /* From the code object's metadata. */
  unsigned Wave, Group, Private, Vgprs, Sgprs, MaxThreads;
  unsigned NumParams;
  unsigned *ParamSize;
  struct ihipModuleSymbol_t *Next;
};

struct ihipModule_t {
  unsigned Magic;
  char Path[PATH_MAX]; /* the name the worker knows it by */
  unsigned char *Base; /* its block of the arena */
  unsigned Generation; /* of the worker that loaded it */
  struct ihipModuleSymbol_t *Functions;
};

/* The bytes of the ELF file at Image: its header, program and section
 * headers and the sections that have contents; 0 if it is no AMDGPU code
 * object. */
static size_t elfBytes(const unsigned char *Image) {
  enum { EM_AMDGPU_ = 224, SHT_NOBITS_ = 8 };
  if (memcmp(Image, "\177ELF", 4) != 0 || Image[4] != 2 || Image[5] != 1)
    return 0;
  uint16_t Machine, PhEntSize, PhNum, ShEntSize, ShNum;
  uint64_t PhOff, ShOff;
  memcpy(&Machine, Image + 0x12, 2);
  memcpy(&PhOff, Image + 0x20, 8);
  memcpy(&ShOff, Image + 0x28, 8);
  memcpy(&PhEntSize, Image + 0x36, 2);
  memcpy(&PhNum, Image + 0x38, 2);
  memcpy(&ShEntSize, Image + 0x3A, 2);
  memcpy(&ShNum, Image + 0x3C, 2);
  if (Machine != EM_AMDGPU_)
    return 0;
  uint64_t End = 64;
  if (PhOff + (uint64_t)PhEntSize * PhNum > End)
    End = PhOff + (uint64_t)PhEntSize * PhNum;
  if (ShOff + (uint64_t)ShEntSize * ShNum > End)
    End = ShOff + (uint64_t)ShEntSize * ShNum;
  for (unsigned I = 0; I < PhNum; ++I) {
    uint64_t Offset, FileSize;
    memcpy(&Offset, Image + PhOff + I * PhEntSize + 8, 8);
    memcpy(&FileSize, Image + PhOff + I * PhEntSize + 32, 8);
    if (Offset + FileSize > End)
      End = Offset + FileSize;
  }
  for (unsigned I = 0; I < ShNum; ++I) {
    uint32_t Type;
    uint64_t Offset, Size;
    memcpy(&Type, Image + ShOff + I * ShEntSize + 4, 4);
    memcpy(&Offset, Image + ShOff + I * ShEntSize + 24, 8);
    memcpy(&Size, Image + ShOff + I * ShEntSize + 32, 8);
    if (Type != SHT_NOBITS_ && Offset + Size > End)
      End = Offset + Size;
  }
  return (size_t)End;
}

static bool writeFile(const char *Path, const void *Data, size_t Bytes) {
  int Fd = open(Path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (Fd < 0)
    return false;
  const char *P = Data;
  while (Bytes) {
    ssize_t Written = write(Fd, P, Bytes);
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0) {
      close(Fd);
      return false;
    }
    P += Written;
    Bytes -= (size_t)Written;
  }
  return close(Fd) == 0;
}

/* A request naming the module's code object, and its answer; -1 without
 * asking if the worker that loaded it died. */
static int moduleRequest(struct ihipModule_t *M, const char *Op,
                         const char *Rest, char *Reply) {
  if (M->Generation && (M->Generation != Worker.Generation || !Worker.Pid)) {
    snprintf(Reply, MaxReply, "the tgemu worker that loaded the module died");
    return -1;
  }
  Text T = {0};
  textAppend(&T, "{\"op\": \"%s\", \"hsaco\": ", Op);
  textAppendJsonString(&T, M->Path);
  textAppend(&T, "%s}", Rest);
  if (T.Failed) {
    free(T.Data);
    snprintf(Reply, MaxReply, "out of host memory");
    return -1;
  }
  int Status = request(T.Data, Reply, MaxReply);
  free(T.Data);
  return Status;
}

/* HIP 5.2 has comgr name the ISA of each code object it loads (ROCclr's
 * createKernelMetadataMap) and refuses one comgr cannot name, and the
 * comgr it comes with (2.4) names none whose ELF header says code object
 * v5 or later, EI_ABIVERSION 3 and up (lit-tests/hip/comgr-v5-header.test
 * shows comgr's answer). */
static bool headerReadableByComgr24(const unsigned char *Image) {
  enum { AbiVersionByte = 8, AbiVersionV5 = 3 };
  return Image[AbiVersionByte] < AbiVersionV5;
}

/* The code object is written to a file for the worker, which loads it into
 * an arena block of the size it asks for; the file goes once it is read. */
hipError_t hipModuleLoadData(hipModule_t *module, const void *image) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!module || !image)
    return hipErrorInvalidValue;
  size_t Bytes = elfBytes(image);
  if (!Bytes)
    return hipErrorInvalidImage;
  /* Quietly, as HIP does unless AMD_LOG_LEVEL is set: the backend then
   * tries the copy whose header says v4. */
  if (!headerReadableByComgr24(image))
    return hipErrorInvalidImage;
  struct ihipModule_t *M = calloc(1, sizeof(*M));
  if (!M)
    return hipErrorOutOfMemory;
  M->Magic = HandleMagic;
  char Reply[MaxReply], Rest[128];
  pthread_mutex_lock(&Lock);
  snprintf(M->Path, sizeof(M->Path), "%s/module%u.hsaco", TempDir,
           ModulesCreated++);
  if (!writeFile(M->Path, image, Bytes)) {
    say("cannot write %s: %s", M->Path, strerror(errno));
    unlink(M->Path);
    pthread_mutex_unlock(&Lock);
    free(M);
    return hipErrorOutOfMemory;
  }
  /* "ok BYTES TARGET" */
  int Status = moduleRequest(M, "image", "", Reply);
  unsigned long long Needed = 0;
  char Target[64] = "";
  if (!Status && sscanf(Reply, "ok %llu %63s", &Needed, Target) != 2) {
    snprintf(Reply, sizeof(Reply), "the worker answered no size");
    Status = 1;
  }
  Error = Status ? hipErrorInvalidImage : hipSuccess;
  if (!Error && strcmp(Target, Arch) != 0) {
    snprintf(Reply, sizeof(Reply), "code object for %s, device %s", Target,
             Arch);
    Error = hipErrorNoBinaryForGpu;
  }
  if (!Error && !(M->Base = allocate(Needed, ImageAlignment, BlockModule))) {
    snprintf(Reply, sizeof(Reply), "no room for %llu bytes", Needed);
    Error = hipErrorOutOfMemory;
  }
  if (!Error) {
    snprintf(Rest, sizeof(Rest), ", \"address\": %lu, \"bytes\": %llu",
             (unsigned long)(uintptr_t)M->Base, Needed);
    if (moduleRequest(M, "load", Rest, Reply)) {
      release(blockAt(M->Base));
      Error = hipErrorInvalidImage;
    }
  }
  M->Generation = Worker.Generation; /* from now on, only that worker's */
  unlink(M->Path);
  pthread_mutex_unlock(&Lock);
  if (Error) {
    say("hipModuleLoadData: %s", Reply);
    free(M);
    return Error;
  }
  *module = M;
  return hipSuccess;
}

static bool validModule(hipModule_t M) { return M && M->Magic == HandleMagic; }

static bool validFunction(hipFunction_t F) {
  return F && F->Magic == HandleMagic;
}

static void freeFunction(struct ihipModuleSymbol_t *F) {
  F->Magic = 0;
  free(F->Name);
  free(F->ParamSize);
  free(F);
}

hipError_t hipModuleUnload(hipModule_t module) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!validModule(module))
    return hipErrorInvalidHandle;
  char Reply[MaxReply];
  pthread_mutex_lock(&Lock);
  moduleRequest(module, "unload", "", Reply);
  release(blockAt(module->Base));
  pthread_mutex_unlock(&Lock);
  for (struct ihipModuleSymbol_t *F = module->Functions, *Next; F; F = Next) {
    Next = F->Next;
    freeFunction(F);
  }
  module->Magic = 0;
  free(module);
  return hipSuccess;
}

/* The value of "KEY=N" in the worker's answer. */
static unsigned field(const char *Reply, const char *Key) {
  size_t Length = strlen(Key);
  for (const char *P = Reply; (P = strstr(P, Key)); P += Length)
    if ((P == Reply || P[-1] == ' ') && P[Length] == '=')
      return (unsigned)strtoul(P + Length + 1, NULL, 10);
  return 0;
}

/* The function's metadata from "ok wave=64 group=32 ... params=8:k,4:k". */
static bool parseKernel(struct ihipModuleSymbol_t *F, const char *Reply) {
  F->Wave = field(Reply, "wave");
  F->Group = field(Reply, "group");
  F->Private = field(Reply, "private");
  F->Vgprs = field(Reply, "vgprs");
  F->Sgprs = field(Reply, "sgprs");
  F->MaxThreads = field(Reply, "max_threads");
  const char *Params = strstr(Reply, " params=");
  if (!Params)
    return false;
  Params += 8;
  size_t Count = 0;
  for (const char *P = Params; *P; ++P)
    Count += *P == ':';
  F->ParamSize = calloc(Count ? Count : 1, sizeof(unsigned));
  if (!F->ParamSize)
    return false;
  for (const char *P = Params; *P && F->NumParams < Count;) {
    char *End;
    unsigned long Size = strtoul(P, &End, 10);
    if (End == P || *End != ':' || !Size)
      return false;
    F->ParamSize[F->NumParams++] = (unsigned)Size;
    P = strchr(End, ',');
    if (!P)
      break;
    ++P;
  }
  return F->NumParams == Count;
}

/* The module's function Name, from the worker's answer about it. */
static hipError_t newFunction(hipModule_t Module, const char *Name,
                              hipFunction_t *Function) {
  char Reply[MaxReply];
  Text Rest = {0};
  textAppend(&Rest, ", \"kernel\": ");
  textAppendJsonString(&Rest, Name);
  if (Rest.Failed) {
    free(Rest.Data);
    return hipErrorOutOfMemory;
  }
  int Status = moduleRequest(Module, "kernel", Rest.Data, Reply);
  free(Rest.Data);
  if (Status == 1)
    return hipErrorNotFound;
  if (Status < 0) {
    say("hipModuleGetFunction(%s): %s", Name, Reply);
    return hipErrorLaunchFailure;
  }
  struct ihipModuleSymbol_t *F = calloc(1, sizeof(*F));
  if (!F || !(F->Name = strdup(Name))) {
    free(F);
    return hipErrorOutOfMemory;
  }
  F->Magic = HandleMagic;
  F->Module = Module;
  if (!parseKernel(F, Reply)) {
    say("hipModuleGetFunction(%s): cannot read the worker's answer '%s'", Name,
        Reply);
    freeFunction(F);
    return hipErrorUnknown;
  }
  F->Next = Module->Functions;
  Module->Functions = F;
  *Function = F;
  return hipSuccess;
}

hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module,
                                const char *kname) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!function || !kname)
    return hipErrorInvalidValue;
  if (!validModule(module))
    return hipErrorInvalidHandle;
  pthread_mutex_lock(&Lock);
  struct ihipModuleSymbol_t *F = module->Functions;
  while (F && strcmp(F->Name, kname) != 0)
    F = F->Next;
  if (F)
    *function = F;
  else
    Error = newFunction(module, kname, function);
  pthread_mutex_unlock(&Lock);
  return Error;
}

hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes,
                              hipModule_t hmod, const char *name) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!name)
    return hipErrorInvalidValue;
  if (!validModule(hmod))
    return hipErrorInvalidHandle;
  char Reply[MaxReply];
  Text Rest = {0};
  textAppend(&Rest, ", \"name\": ");
  textAppendJsonString(&Rest, name);
  if (Rest.Failed) {
    free(Rest.Data);
    return hipErrorOutOfMemory;
  }
  pthread_mutex_lock(&Lock);
  int Status = moduleRequest(hmod, "symbol", Rest.Data, Reply);
  pthread_mutex_unlock(&Lock);
  free(Rest.Data);
  unsigned long long Address = 0, Size = 0;
  if (!Status && sscanf(Reply, "ok %llu %llu", &Address, &Size) != 2) {
    say("hipModuleGetGlobal(%s): cannot read the worker's answer '%s'", name,
        Reply);
    return hipErrorUnknown;
  }
  if (Status < 0) {
    say("hipModuleGetGlobal(%s): %s", name, Reply);
    return hipErrorLaunchFailure;
  }
  if (Status)
    return hipErrorNotFound;
  if (dptr)
    *dptr = (hipDeviceptr_t)(uintptr_t)Address;
  if (bytes)
    *bytes = (size_t)Size;
  return hipSuccess;
}

/*===-- Launches ----------------------------------------------------------===*/

static double now(void) {
  struct timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return (double)Now.tv_sec + (double)Now.tv_nsec * 1e-9;
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX,
                                 unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ,
                                 unsigned int sharedMemBytes,
                                 hipStream_t stream, void **kernelParams,
                                 void **extra) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!validFunction(f) || !validStream(stream))
    return hipErrorInvalidHandle;
  if (extra) {
    say("hipModuleLaunchKernel(%s): arguments through 'extra' are not "
        "modelled",
        f->Name);
    return hipErrorNotSupported;
  }
  unsigned long long Threads =
      (unsigned long long)blockDimX * blockDimY * blockDimZ;
  if (!gridDimX || !gridDimY || !gridDimZ || !Threads ||
      Threads > (f->MaxThreads ? f->MaxThreads : MaxThreads) ||
      (f->NumParams && !kernelParams))
    return hipErrorInvalidValue;
  if ((unsigned long long)f->Group + sharedMemBytes > LdsBytes)
    return hipErrorInvalidValue;
  Text Rest = {0};
  textAppend(&Rest, ", \"kernel\": ");
  textAppendJsonString(&Rest, f->Name);
  const char *Timeout = getenv("FAKE_HIP_TIMEOUT");
  textAppend(&Rest,
             ", \"grid\": [%u, %u, %u], \"block\": [%u, %u, %u], "
             "\"shared\": %u, \"timeout\": %lu, \"args\": [",
             gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ,
             sharedMemBytes,
             Timeout && *Timeout ? strtoul(Timeout, NULL, 10) : 600ul);
  for (unsigned I = 0; I < f->NumParams; ++I) {
    const unsigned char *Bytes = kernelParams[I];
    textAppend(&Rest, "%s\"", I ? ", " : "");
    for (unsigned J = 0; J < f->ParamSize[I]; ++J)
      textAppend(&Rest, "%02x", Bytes[J]);
    textAppend(&Rest, "\"");
  }
  textAppend(&Rest, "]");
  if (Rest.Failed) {
    free(Rest.Data);
    return hipErrorOutOfMemory;
  }
  char Reply[MaxReply];
  double Start = now();
  pthread_mutex_lock(&Lock);
  int Status = moduleRequest(f->Module, "run", Rest.Data, Reply);
  pthread_mutex_unlock(&Lock);
  free(Rest.Data);
  if (getenv("FAKE_HIP_TRACE") && *getenv("FAKE_HIP_TRACE") == '1')
    say("%s<<<(%u,%u,%u), (%u,%u,%u), %u>>>: %.2f s%s", f->Name, gridDimX,
        gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes,
        now() - Start, Status ? " (failed)" : "");
  if (!Status)
    return hipSuccess;
  say("%s<<<(%u,%u,%u), (%u,%u,%u), %u>>>: %s", f->Name, gridDimX, gridDimY,
      gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes, Reply);
  return hipErrorLaunchFailure;
}

hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attrib,
                               hipFunction_t hfunc) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!value)
    return hipErrorInvalidValue;
  if (!validFunction(hfunc))
    return hipErrorInvalidHandle;
  switch (attrib) {
  case HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *value = (int)(hfunc->MaxThreads ? hfunc->MaxThreads : MaxThreads);
    return hipSuccess;
  case HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    *value = (int)hfunc->Group;
    return hipSuccess;
  case HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
    *value = 0;
    return hipSuccess;
  case HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    *value = (int)hfunc->Private;
    return hipSuccess;
  case HIP_FUNC_ATTRIBUTE_NUM_REGS:
    *value = (int)hfunc->Vgprs;
    return hipSuccess;
  case HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    *value = LdsBytes - (int)hfunc->Group;
    return hipSuccess;
  default:
    return hipErrorNotSupported;
  }
}

/* What fits on a compute unit at once: its 2048 threads in whole waves,
 * its LDS, its registers (512 VGPRs a lane on each of 4 SIMDs of 8 waves on
 * CDNA, 2 SIMDs of 16 on RDNA), at most 32 blocks. */
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, hipFunction_t f, int blockSize, size_t dynSharedMemPerBlk) {
  hipError_t Error = ready();
  if (Error)
    return Error;
  if (!numBlocks || blockSize <= 0)
    return hipErrorInvalidValue;
  if (!validFunction(f))
    return hipErrorInvalidHandle;
  unsigned Limit = f->MaxThreads ? f->MaxThreads : MaxThreads;
  if ((unsigned)blockSize > Limit ||
      f->Group + dynSharedMemPerBlk > (size_t)LdsBytes) {
    *numBlocks = 0;
    return hipSuccess;
  }
  unsigned Wave = f->Wave ? f->Wave : (unsigned)WaveSize;
  unsigned WavesPerBlock = ((unsigned)blockSize + Wave - 1) / Wave;
  unsigned Simds = Wave == 64 ? 4 : 2, WavesPerSimd = Wave == 64 ? 8 : 16;
  unsigned Vgprs = (f->Vgprs + 7) & ~7u;
  if (Vgprs && 512 / Vgprs < WavesPerSimd)
    WavesPerSimd = 512 / Vgprs;
  unsigned Blocks = Simds * WavesPerSimd / WavesPerBlock;
  if (Blocks > ThreadsPerCU / (WavesPerBlock * Wave))
    Blocks = ThreadsPerCU / (WavesPerBlock * Wave);
  size_t Lds = f->Group + dynSharedMemPerBlk;
  if (Lds && Blocks > LdsBytes / Lds)
    Blocks = (unsigned)(LdsBytes / Lds);
  *numBlocks = (int)(Blocks < MaxBlocksPerCU ? Blocks : MaxBlocksPerCU);
  return hipSuccess;
}
