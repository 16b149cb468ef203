/*===- DeviceLink.c - Relocatable device code and its device link ---------===*
 *
 * nvcc -rdc=true keeps a file's device code relocatable, and nvlink links
 * the device code of a program's objects into one image before the host
 * link. cucc does the same with clang's -fgpu-rdc:
 *
 *  - the compile (-dc, -rdc=true -c): clang compiles the device side to
 *    NVVM bitcode that keeps every external function and variable, and the
 *    host side with that bitcode as its GPU binary, both with the same
 *    -cuid (a hash of the source's path and flags), so that both sides give
 *    a file-static kernel or variable the same externalized name. The
 *    bitcode, in LLVM's bitcode wrapper (which says its size), lands in the
 *    object's __nv_relfatbin section; the file's module id ("__nv_<hash>")
 *    in __nv_module_id. With -fgpu-rdc clang's registration code does not
 *    register the file's binary: its constructor calls
 *    __cudaRegisterLinkedBinary<module id>(registerGlobals, ...), which the
 *    device link defines.
 *  - the device link (-dlink, or a link through cucc): the bitcode of every
 *    input object and of every member of every static library (ar is read
 *    here) is linked into one module, a whole program: it is lowered for
 *    each processor as a single file's device code is (DeviceCompile.c),
 *    and the code objects and their bitcode bundled as cucc bundles a
 *    file's. A generated C file, compiled with -fPIC, embeds the bundle
 *    (.incbin) and defines every __cudaRegisterLinkedBinary<module id>: the
 *    first call registers the bundle (__cudaRegisterFatBinary), and each
 *    calls its file's registerGlobals with that one handle, so that every
 *    file's kernels and variables are found in the linked code object.
 *
 * A device symbol that no input defines, or that two define, is an error
 * naming the object, in nvlink's words. Objects without __nv_relfatbin
 * (whole-program .cu objects, plain C++) are left alone: the host link
 * takes them as they are.
 *
 *===----------------------------------------------------------------------===*/

#define _GNU_SOURCE /* realpath */

#include "DeviceLink.h"
#include "OffloadBundle.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/BitWriter.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Object.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
  MaxProcessors = 16,
  WrapperHeaderBytes = 20,
  WrapperMagic = 0x0B17C0DE, /* LLVM's bitcode wrapper */
  ArchiveHeaderBytes = 60,
  SharedAddressSpace = 3
};

static const char RelocatableSection[] = "__nv_relfatbin";
static const char ModuleIdSection[] = "__nv_module_id";
/* A section only device-link objects carry, so that a link through cucc
 * of objects one of which is already the device link does not link the
 * device code twice. */
static const char DeviceLinkMarker[] = ".cucc_device_link";

/*===-- Flags -------------------------------------------------------------===*/

static bool parseBoolean(const char *Flag, const char *Value) {
  if (!strcmp(Value, "true"))
    return true;
  if (!strcmp(Value, "false"))
    return false;
  driverFail("%s=%s: the value is true or false", Flag, Value);
}

bool deviceLinkTakeFlag(RdcOptions *Rdc, bool *CompileOnly, int argc,
                        char **argv, int *I) {
  static const char *const RdcNames[] = {"-rdc", "--relocatable-device-code"};
  const char *Arg = argv[*I];
  for (unsigned N = 0; N < 2; ++N) {
    const char *Value = driverFlagValue(RdcNames[N], argc, argv, I);
    if (Value) {
      Rdc->Relocatable = parseBoolean(RdcNames[N], Value);
      return true;
    }
    if (!strcmp(Arg, RdcNames[N]))
      driverFail("%s needs a value: %s=true or %s=false", Arg, Arg, Arg);
  }
  if (!strcmp(Arg, "-dc") || !strcmp(Arg, "--device-c")) {
    Rdc->Relocatable = *CompileOnly = true;
    return true;
  }
  if (!strcmp(Arg, "-dw") || !strcmp(Arg, "--device-w")) {
    Rdc->Relocatable = false;
    *CompileOnly = true;
    return true;
  }
  if (!strcmp(Arg, "-dlink") || !strcmp(Arg, "--device-link")) {
    Rdc->LinkOnly = true;
    return true;
  }
  return false;
}

/*===-- The compile -------------------------------------------------------===*/

static uint64_t hashBytes(uint64_t Hash, const char *Bytes, size_t Length) {
  for (size_t I = 0; I < Length; ++I)
    Hash = (Hash ^ (unsigned char)Bytes[I]) * 0x100000001b3ULL;
  return Hash;
}

/* -cuid=<hash of the source's absolute path and the flags that shape its
 * code>: the same for every build of the same file, different for two
 * files, so that two files' static kernels of one name stay two. */
static char *compilationUnitId(const DeviceOptions *Device,
                               const char *Source) {
  char Absolute[PATH_MAX];
  const char *Path = realpath(Source, Absolute) ? Absolute : Source;
  uint64_t Hash = hashBytes(0xcbf29ce484222325ULL, Path, strlen(Path) + 1);
  for (unsigned I = 0; I < Device->NumClangArgs; ++I)
    Hash =
        hashBytes(Hash, Device->ClangArgs[I], strlen(Device->ClangArgs[I]) + 1);
  char Flag[40];
  snprintf(Flag, sizeof(Flag), "-cuid=%016llx", (unsigned long long)Hash);
  return strdup(Flag);
}

static void putLittleEndian32(unsigned char *P, uint32_t Value) {
  for (unsigned I = 0; I < 4; ++I)
    P[I] = (unsigned char)(Value >> (8 * I));
}

static uint32_t getLittleEndian32(const unsigned char *P) {
  return (uint32_t)P[0] | (uint32_t)P[1] << 8 | (uint32_t)P[2] << 16 |
         (uint32_t)P[3] << 24;
}

static void *readWholeFile(const char *Path, size_t *Bytes) {
  FILE *F = fopen(Path, "rb");
  struct stat Info;
  if (!F || fstat(fileno(F), &Info) != 0)
    driverFail("cannot read '%s': %s", Path, strerror(errno));
  void *Data = malloc(Info.st_size ? (size_t)Info.st_size : 1);
  if (fread(Data, 1, (size_t)Info.st_size, F) != (size_t)Info.st_size)
    driverFail("cannot read '%s'", Path);
  fclose(F);
  *Bytes = (size_t)Info.st_size;
  return Data;
}

/* Bitcode as LLVM's bitcode wrapper: a header that says where the bitcode
 * starts and how long it is, so that the device link can tell the pieces
 * of a section that `ld -r` concatenated. */
static void writeWrappedBitcode(const char *Bitcode, const char *Output) {
  size_t Bytes;
  void *Data = readWholeFile(Bitcode, &Bytes);
  unsigned char Header[WrapperHeaderBytes] = {0};
  putLittleEndian32(Header, WrapperMagic);
  putLittleEndian32(Header + 8, WrapperHeaderBytes);
  putLittleEndian32(Header + 12, (uint32_t)Bytes);
  FILE *F = fopen(Output, "wb");
  if (!F || fwrite(Header, 1, sizeof(Header), F) != sizeof(Header) ||
      fwrite(Data, 1, Bytes, F) != Bytes || fclose(F) != 0)
    driverFail("cannot write '%s': %s", Output, strerror(errno));
  free(Data);
}

const char *deviceCompileRelocatable(DeviceOptions *Device,
                                     const char *Source) {
  char *UnitId = compilationUnitId(Device, Source);
  deviceOptionsAddClangArg(Device, "-fgpu-rdc");
  /* The registration code of CUDA's own runtime (__cudaRegisterLinkedBinary)
   * rather than clang's offloading entries for its linker wrapper. */
  deviceOptionsAddClangArg(Device, "--no-offload-new-driver");
  deviceOptionsAddClangArg(Device, UnitId);
  const char *Bitcode = driverScratchPath("device-rdc.bc");
  deviceCompileToNVVM(Device, Source, Bitcode);
  const char *Wrapped = driverScratchPath("device-rdc.bcw");
  writeWrappedBitcode(Bitcode, Wrapped);
  return Wrapped;
}

/*===-- Symbol tables -----------------------------------------------------===*/

/* Names and the input that first declared or defined each. */
typedef struct {
  const char **Names;
  const char **Labels;
  size_t Capacity; /* a power of two */
  size_t Count;
} SymbolTable;

static size_t slotOf(const SymbolTable *T, const char *Name) {
  size_t Slot =
      hashBytes(0xcbf29ce484222325ULL, Name, strlen(Name)) & (T->Capacity - 1);
  while (T->Names[Slot] && strcmp(T->Names[Slot], Name))
    Slot = (Slot + 1) & (T->Capacity - 1);
  return Slot;
}

static const char *symbolLabel(const SymbolTable *T, const char *Name) {
  if (!T->Capacity)
    return NULL;
  return T->Labels[slotOf(T, Name)];
}

static void growSymbolTable(SymbolTable *T) {
  SymbolTable Bigger = {NULL, NULL, T->Capacity ? 2 * T->Capacity : 256, 0};
  Bigger.Names = calloc(Bigger.Capacity, sizeof(char *));
  Bigger.Labels = calloc(Bigger.Capacity, sizeof(char *));
  for (size_t I = 0; I < T->Capacity; ++I)
    if (T->Names[I]) {
      size_t Slot = slotOf(&Bigger, T->Names[I]);
      Bigger.Names[Slot] = T->Names[I];
      Bigger.Labels[Slot] = T->Labels[I];
      ++Bigger.Count;
    }
  free(T->Names);
  free(T->Labels);
  *T = Bigger;
}

/* Adds Name unless it is there; returns the label it has. */
static const char *addSymbol(SymbolTable *T, const char *Name,
                             const char *Label) {
  if (2 * (T->Count + 1) > T->Capacity)
    growSymbolTable(T);
  size_t Slot = slotOf(T, Name);
  if (!T->Names[Slot]) {
    T->Names[Slot] = strdup(Name);
    T->Labels[Slot] = Label;
    ++T->Count;
  }
  return T->Labels[Slot];
}

static void freeSymbolTable(SymbolTable *T) {
  for (size_t I = 0; I < T->Capacity; ++I)
    free((void *)T->Names[I]);
  free(T->Names);
  free(T->Labels);
}

/*===-- Reading the inputs ------------------------------------------------===*/

typedef struct {
  const char *Label; /* "a.o", "libb.a(b.o)" */
  const char *Bitcode;
  size_t Bytes;
} DeviceUnit;

typedef struct {
  DeviceUnit *Units;
  unsigned NumUnits;
  SymbolTable ModuleIds; /* module id -> the object that carries it */
  bool HasDeviceLinkObject;
  /* The mapped inputs, unmapped when the link is done. */
  void **Maps;
  size_t *MapSizes;
  unsigned NumMaps;
} LinkInputs;

static void addUnit(LinkInputs *L, const char *Label, const char *Bitcode,
                    size_t Bytes) {
  L->Units = realloc(L->Units, (L->NumUnits + 1) * sizeof(DeviceUnit));
  L->Units[L->NumUnits++] = (DeviceUnit){Label, Bitcode, Bytes};
}

/* The pieces of a __nv_relfatbin section: one wrapped bitcode per file
 * (several if `ld -r` joined objects), each aligned as its section was. */
static void addRelocatableSection(LinkInputs *L, const char *Label,
                                  const char *Data, size_t Size) {
  const unsigned char *Bytes = (const unsigned char *)Data;
  size_t Pos = 0;
  while (Pos + WrapperHeaderBytes <= Size) {
    if (getLittleEndian32(Bytes + Pos) != WrapperMagic) {
      if (Bytes[Pos])
        driverFail("%s: its device code (section %s) is not what cucc -dc "
                   "writes; compile it again with cucc -dc",
                   Label, RelocatableSection);
      ++Pos; /* the padding between two files' pieces */
      continue;
    }
    uint32_t Offset = getLittleEndian32(Bytes + Pos + 8);
    uint32_t Length = getLittleEndian32(Bytes + Pos + 12);
    if (Offset < WrapperHeaderBytes || Pos + Offset + Length > Size)
      driverFail("%s: its device code (section %s) is truncated", Label,
                 RelocatableSection);
    addUnit(L, Label, Data + Pos + Offset, Length);
    Pos += Offset + Length;
  }
}

/* The module ids of a __nv_module_id section, each NUL-terminated and
 * padded with NULs. */
static void addModuleIds(LinkInputs *L, const char *Label, const char *Data,
                         size_t Size) {
  for (size_t Pos = 0; Pos < Size;) {
    size_t Length = strnlen(Data + Pos, Size - Pos);
    if (Length) {
      char *Id = strndup(Data + Pos, Length);
      const char *First = addSymbol(&L->ModuleIds, Id, Label);
      if (First != Label)
        driverFail("%s and %s both carry the device code of module %s: "
                   "they were compiled from sources of the same name in "
                   "different directories; compile them with their paths "
                   "from one directory",
                   First, Label, Id);
      free(Id);
    }
    Pos += Length + 1;
  }
}

/* ELF64, little-endian, ET_REL: Data holds at least its 64-byte header. */
static bool isRelocatableElf(const unsigned char *Data, size_t Size) {
  return Size >= 64 &&
         !memcmp(Data,
                 "\x7f"
                 "ELF\x02\x01",
                 6) &&
         Data[16] == 1 && Data[17] == 0;
}

/* Member: the object is a static library's, whose device-link object (a
 * library CMake resolved the device symbols of) the host link only takes
 * if nothing else defines its registration. */
static void scanObject(LinkInputs *L, const char *Label, const char *Data,
                       size_t Size, bool Member) {
  if (!isRelocatableElf((const unsigned char *)Data, Size))
    return;
  LLVMMemoryBufferRef Buffer =
      LLVMCreateMemoryBufferWithMemoryRange(Data, Size, Label, 0);
  char *Error = NULL;
  LLVMBinaryRef Binary = LLVMCreateBinary(Buffer, NULL, &Error);
  if (!Binary) {
    /* Not an object LLVM reads: the host link will say what it is. */
    LLVMDisposeMessage(Error);
    LLVMDisposeMemoryBuffer(Buffer);
    return;
  }
  LLVMSectionIteratorRef Section = LLVMObjectFileCopySectionIterator(Binary);
  for (; !LLVMObjectFileIsSectionIteratorAtEnd(Binary, Section);
       LLVMMoveToNextSection(Section)) {
    const char *Name = LLVMGetSectionName(Section);
    if (!Name)
      continue;
    const char *Contents = LLVMGetSectionContents(Section);
    size_t Bytes = (size_t)LLVMGetSectionSize(Section);
    if (!strcmp(Name, RelocatableSection))
      addRelocatableSection(L, Label, Contents, Bytes);
    else if (!strcmp(Name, ModuleIdSection))
      addModuleIds(L, Label, Contents, Bytes);
    else if (!strcmp(Name, DeviceLinkMarker) && !Member)
      L->HasDeviceLinkObject = true;
  }
  LLVMDisposeSectionIterator(Section);
  LLVMDisposeBinary(Binary);
  LLVMDisposeMemoryBuffer(Buffer);
}

static size_t parseDecimal(const char *Field, size_t Width) {
  size_t Value = 0;
  for (size_t I = 0; I < Width && isdigit((unsigned char)Field[I]); ++I)
    Value = Value * 10 + (size_t)(Field[I] - '0');
  return Value;
}

/* A member's name: "b.o/" (GNU), "/123" (at 123 in the long names), or
 * "#1/12" (BSD: the name opens the member's data, which it shortens). */
static char *memberName(const char *Header, const char *LongNames,
                        size_t LongNamesSize, const char **Body,
                        size_t *BodySize) {
  if (Header[0] == '/' && isdigit((unsigned char)Header[1])) {
    size_t Offset = parseDecimal(Header + 1, 15);
    if (!LongNames || Offset >= LongNamesSize)
      return strdup("?");
    const char *Name = LongNames + Offset;
    size_t Length = 0;
    while (Offset + Length < LongNamesSize && Name[Length] != '/' &&
           Name[Length] != '\n')
      ++Length;
    return strndup(Name, Length);
  }
  if (!strncmp(Header, "#1/", 3)) {
    size_t Length = parseDecimal(Header + 3, 13);
    if (Length > *BodySize)
      Length = *BodySize;
    char *Name = strndup(*Body, Length);
    *Body += Length;
    *BodySize -= Length;
    return Name;
  }
  size_t Length = 0;
  while (Length < 16 && Header[Length] != '/' && Header[Length] != ' ')
    ++Length;
  return strndup(Header, Length);
}

static char *memberLabel(const char *Archive, const char *Member) {
  size_t Size = strlen(Archive) + strlen(Member) + 3;
  char *Label = malloc(Size);
  snprintf(Label, Size, "%s(%s)", Archive, Member);
  return Label;
}

/* Every member of a static library, as the linker's --whole-archive would
 * see them: device code that only the host calls into is linked too. (A
 * thin archive holds no members: its objects are read where they are by
 * the host link, and would need the device link too; none is made here.) */
static void scanArchive(LinkInputs *L, const char *Path, const char *Data,
                        size_t Size) {
  const char *LongNames = NULL;
  size_t LongNamesSize = 0;
  for (size_t Pos = 8; Pos + ArchiveHeaderBytes <= Size;) {
    const char *Header = Data + Pos;
    size_t MemberSize = parseDecimal(Header + 48, 10);
    if (memcmp(Header + 58, "`\n", 2) ||
        Pos + ArchiveHeaderBytes + MemberSize > Size)
      driverFail("%s: a malformed static library", Path);
    const char *Body = Header + ArchiveHeaderBytes;
    size_t BodySize = MemberSize;
    if (!strncmp(Header, "// ", 3)) {
      LongNames = Body;
      LongNamesSize = BodySize;
    } else if (Header[0] != '/' || isdigit((unsigned char)Header[1])) {
      char *Name =
          memberName(Header, LongNames, LongNamesSize, &Body, &BodySize);
      scanObject(L, memberLabel(Path, Name), Body, BodySize, true);
      free(Name);
    } /* else a symbol table ("/", "/SYM64/") */
    Pos += ArchiveHeaderBytes + MemberSize + (MemberSize & 1);
  }
}

static void scanInput(LinkInputs *L, const char *Path, const char *Label) {
  int Fd = open(Path, O_RDONLY);
  struct stat Info;
  if (Fd < 0 || fstat(Fd, &Info) != 0)
    driverFail("cannot read '%s': %s", Path, strerror(errno));
  size_t Size = (size_t)Info.st_size;
  char Header[64] = {0};
  bool IsArchive = Size >= 8 && pread(Fd, Header, 8, 0) == 8 &&
                   !memcmp(Header, "!<arch>\n", 8);
  if (!IsArchive && (Size < sizeof(Header) ||
                     pread(Fd, Header, sizeof(Header), 0) != sizeof(Header) ||
                     !isRelocatableElf((const unsigned char *)Header, Size))) {
    close(Fd); /* a shared library, a linker script, a thin archive */
    return;
  }
  void *Data = mmap(NULL, Size, PROT_READ, MAP_PRIVATE, Fd, 0);
  close(Fd);
  if (Data == MAP_FAILED)
    driverFail("cannot read '%s': %s", Path, strerror(errno));
  L->Maps = realloc(L->Maps, (L->NumMaps + 1) * sizeof(void *));
  L->MapSizes = realloc(L->MapSizes, (L->NumMaps + 1) * sizeof(size_t));
  L->Maps[L->NumMaps] = Data;
  L->MapSizes[L->NumMaps++] = Size;
  if (IsArchive)
    scanArchive(L, Path, Data, Size);
  else
    scanObject(L, Label, Data, Size, false);
}

/* A static library -lNAME names in the -L directories, as the linker
 * finds it; NULL if there is none or a shared one comes first (no device
 * code there). */
static char *findStaticLibrary(const DeviceLinkRequest *R, const char *Name) {
  char Path[PATH_MAX];
  for (unsigned I = 0; I < R->NumLinkArgs; ++I) {
    const char *Arg = R->LinkArgs[I], *Dir = NULL;
    if (!strcmp(Arg, "-L") && I + 1 < R->NumLinkArgs)
      Dir = R->LinkArgs[++I];
    else if (!strncmp(Arg, "-L", 2))
      Dir = Arg + 2;
    if (!Dir)
      continue;
    if (Name[0] == ':') {
      snprintf(Path, sizeof(Path), "%s/%s", Dir, Name + 1);
      if (access(Path, R_OK) == 0)
        return strdup(Path);
      continue;
    }
    snprintf(Path, sizeof(Path), "%s/lib%s.so", Dir, Name);
    if (access(Path, R_OK) == 0)
      return NULL;
    snprintf(Path, sizeof(Path), "%s/lib%s.a", Dir, Name);
    if (access(Path, R_OK) == 0)
      return strdup(Path);
  }
  return NULL;
}

static void scanLibraryArgs(LinkInputs *L, const DeviceLinkRequest *R) {
  for (unsigned I = 0; I < R->NumLinkArgs; ++I) {
    const char *Arg = R->LinkArgs[I], *Name = NULL;
    if (!strcmp(Arg, "-l") && I + 1 < R->NumLinkArgs)
      Name = R->LinkArgs[++I];
    else if (!strncmp(Arg, "-l", 2))
      Name = Arg + 2;
    else if (!strcmp(Arg, "-L"))
      ++I;
    char *Library = Name ? findStaticLibrary(R, Name) : NULL;
    if (Library)
      scanInput(L, Library, Library); /* labels point into it: kept */
  }
}

static void releaseInputs(LinkInputs *L) {
  for (unsigned I = 0; I < L->NumMaps; ++I)
    munmap(L->Maps[I], L->MapSizes[I]);
  free(L->Maps);
  free(L->MapSizes);
  free(L->Units);
  freeSymbolTable(&L->ModuleIds);
}

/*===-- Linking the device code -------------------------------------------===*/

static bool isLLVMName(const char *Name) { return !strncmp(Name, "llvm.", 5); }

static bool isStrongDefinition(LLVMValueRef GV) {
  return !LLVMIsDeclaration(GV) && LLVMGetLinkage(GV) == LLVMExternalLinkage;
}

/* Records what M, the device code of Label, declares and defines: a
 * definition of a name another input defined is nvlink's "Multiple
 * definition". */
static void recordSymbol(SymbolTable *Defined, SymbolTable *Declared,
                         LLVMValueRef GV, const char *Label) {
  size_t Length;
  const char *Name = LLVMGetValueName2(GV, &Length);
  if (!Length || isLLVMName(Name))
    return;
  if (LLVMIsDeclaration(GV)) {
    addSymbol(Declared, Name, Label);
    return;
  }
  if (!isStrongDefinition(GV))
    return;
  const char *First = addSymbol(Defined, Name, Label);
  if (First != Label)
    driverFail("Multiple definition of '%s' in '%s', first defined in '%s'",
               Name, Label, First);
}

static void recordSymbols(SymbolTable *Defined, SymbolTable *Declared,
                          LLVMModuleRef M, const char *Label) {
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    recordSymbol(Defined, Declared, F, Label);
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G))
    recordSymbol(Defined, Declared, G, Label);
}

/* Whether Name is Base plus clang's suffix of an externalized file-static
 * variable, "__static__<hex>"; *BaseLength is Base's length. */
static bool isExternalizedStatic(const char *Name, size_t Length,
                                 size_t *BaseLength) {
  static const char Suffix[] = "__static__";
  const char *At = strstr(Name, Suffix);
  if (!At)
    return false;
  const char *Hex = At + sizeof(Suffix) - 1;
  if (!*Hex || Hex + strspn(Hex, "0123456789abcdef") != Name + Length)
    return false;
  *BaseLength = (size_t)(At - Name);
  return true;
}

/* With -fgpu-rdc clang gives a file-static __device__ or __constant__
 * variable that host code uses (cudaMemcpyToSymbol) the name Base__static__
 * <cuid hash>, which the host side registers; but device code emitted
 * before the host use was seen still refers to Base, an external
 * declaration nothing can define (the _ZL of a file-static name). It is
 * that definition: this file's own. */
static void resolveExternalizedStatics(LLVMModuleRef M) {
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G)) {
    size_t Length, BaseLength;
    const char *Name = LLVMGetValueName2(G, &Length);
    if (LLVMIsDeclaration(G) ||
        !isExternalizedStatic(Name, Length, &BaseLength))
      continue;
    char *Base = strndup(Name, BaseLength);
    LLVMValueRef Stale = LLVMGetNamedGlobal(M, Base);
    free(Base);
    if (Stale && LLVMIsDeclaration(Stale) &&
        LLVMTypeOf(Stale) == LLVMTypeOf(G)) {
      LLVMReplaceAllUsesWith(Stale, G);
      LLVMDeleteGlobal(Stale);
    }
  }
}

/* clang's --use_fast_math (-fcuda-flush-denormals-to-zero) sets the
 * module flag nvvm-reflect-ftz with "override" behaviour, so LLVM's linker
 * refuses two files compiled with and without it, which nvcc links. Its
 * one reader is libdevice's __nvvm_reflect, which the lowering does not
 * use (each function's denormal mode is an attribute of its own): it is
 * relinked as the maximum. Returns whether M set it. */
static bool relaxFlushToZeroFlag(LLVMModuleRef M) {
  static const char Flags[] = "llvm.module.flags";
  enum { ModuleFlagMax = 7 };
  unsigned NumFlags = LLVMGetNamedMetadataNumOperands(M, Flags);
  LLVMValueRef *Flag = calloc(NumFlags ? NumFlags : 1, sizeof(LLVMValueRef));
  LLVMGetNamedMetadataOperands(M, Flags, Flag);
  bool FlushToZero = false;
  for (unsigned I = 0; I < NumFlags; ++I) {
    LLVMValueRef Operands[3];
    unsigned Length;
    if (LLVMGetMDNodeNumOperands(Flag[I]) != 3)
      continue;
    LLVMGetMDNodeOperands(Flag[I], Operands);
    const char *Key = LLVMGetMDString(Operands[1], &Length);
    if (!Key || Length != 16 || strncmp(Key, "nvvm-reflect-ftz", 16))
      continue;
    FlushToZero = LLVMIsAConstantInt(Operands[2]) &&
                  LLVMConstIntGetZExtValue(Operands[2]) != 0;
    LLVMTypeRef I32 = LLVMInt32TypeInContext(LLVMGetModuleContext(M));
    LLVMReplaceMDNodeOperandWith(
        Flag[I], 0, LLVMValueAsMetadata(LLVMConstInt(I32, ModuleFlagMax, 0)));
  }
  free(Flag);
  return FlushToZero;
}

static void keepLinkError(LLVMDiagnosticInfoRef Info, void *Context) {
  char **Message = Context;
  if (LLVMGetDiagInfoSeverity(Info) != LLVMDSError || *Message)
    return;
  char *Description = LLVMGetDiagInfoDescription(Info);
  *Message = strdup(Description);
  LLVMDisposeMessage(Description);
}

/* The units' device code as one module's bitcode; Declared gets, for each
 * name a unit declares, the first unit that did; *AllFastMath whether every
 * unit was compiled with --use_fast_math. */
static LLVMMemoryBufferRef linkUnits(const LinkInputs *L, SymbolTable *Declared,
                                     bool *AllFastMath) {
  LLVMContextRef Ctx = LLVMContextCreate();
  char *LinkError = NULL;
  LLVMContextSetDiagnosticHandler(Ctx, keepLinkError, &LinkError);
  SymbolTable Defined = {0};
  LLVMModuleRef Linked = NULL;
  *AllFastMath = true;
  for (unsigned I = 0; I < L->NumUnits; ++I) {
    const DeviceUnit *U = &L->Units[I];
    LLVMMemoryBufferRef Buffer = LLVMCreateMemoryBufferWithMemoryRange(
        U->Bitcode, U->Bytes, U->Label, 0);
    LLVMModuleRef M;
    bool Failed = LLVMParseBitcodeInContext2(Ctx, Buffer, &M);
    LLVMDisposeMemoryBuffer(Buffer);
    if (Failed)
      driverFail("%s: cannot read its device code: %s", U->Label,
                 LinkError ? LinkError : "not LLVM 22's bitcode");
    resolveExternalizedStatics(M);
    *AllFastMath &= relaxFlushToZeroFlag(M);
    recordSymbols(&Defined, Declared, M, U->Label);
    if (!Linked)
      Linked = M;
    else if (LLVMLinkModules2(Linked, M))
      driverFail("cannot link the device code of %s: %s", U->Label,
                 LinkError ? LinkError : "the IR linker failed");
  }
  LLVMMemoryBufferRef Bitcode = LLVMWriteBitcodeToMemoryBuffer(Linked);
  LLVMDisposeModule(Linked);
  LLVMContextDispose(Ctx);
  freeSymbolTable(&Defined);
  free(LinkError);
  return Bitcode;
}

static unsigned reportIfUndefined(LLVMValueRef GV, const SymbolTable *Declared,
                                  const char *Name) {
  size_t Length;
  const char *Symbol = LLVMGetValueName2(GV, &Length);
  if (!LLVMIsDeclaration(GV) || !LLVMGetFirstUse(GV) || isLLVMName(Symbol))
    return 0;
  const char *Label = symbolLabel(Declared, Symbol);
  driverError("Undefined reference to '%s' in '%s'", Symbol,
              Label ? Label : Name);
  return 1;
}

/* What the lowered program still uses and no input defines, each named
 * with the object that referred to it first (nvlink's words). */
static void failOnUndefinedSymbols(LLVMModuleRef M, const SymbolTable *Declared,
                                   const char *Name) {
  unsigned Errors = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (!LLVMGetIntrinsicID(F))
      Errors += reportIfUndefined(F, Declared, Name);
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G))
    if (LLVMGetPointerAddressSpace(LLVMTypeOf(G)) != SharedAddressSpace)
      Errors += reportIfUndefined(G, Declared, Name);
  if (Errors)
    exit(1);
}

const char *
deviceBundleForProcessors(const DeviceOptions *Device, char *const *Processors,
                          unsigned NumProcessors, LLVMMemoryBufferRef Bitcode,
                          const char *What, LoweredModuleCheck Check,
                          const void *CheckData) {
  BundleEntry Entries[1 + 2 * MaxProcessors];
  char Ids[1 + 2 * MaxProcessors][128];
  LLVMMemoryBufferRef Buffers[MaxProcessors];
  unsigned N = 0;
  Entries[N++] = (BundleEntry){BUNDLE_HOST_ID, NULL, 0};
  for (unsigned P = 0; P < NumProcessors && P < MaxProcessors; ++P) {
    LLVMContextRef Ctx = LLVMContextCreate();
    LLVMModuleRef M;
    if (LLVMParseBitcodeInContext2(Ctx, Bitcode, &M))
      driverFail("internal error: cannot read %s", What);
    LLVMTargetMachineRef TM;
    deviceLowerModule(Device, M, What, Processors[P], &TM);
    Check(M, CheckData);
    if (!Device->KeepLineTables)
      LLVMStripModuleDebugInfo(M);
    /* The bitcode before the backend, which changes the module. */
    Buffers[P] = LLVMWriteBitcodeToMemoryBuffer(M);
    const char *CodeObject = driverScratchPath("device.hsaco");
    deviceEmitCodeObject(M, TM, What, CodeObject, Device->Verbose);
    LLVMDisposeTargetMachine(TM);
    LLVMDisposeModule(M);
    LLVMContextDispose(Ctx);

    bundleEntryId(Ids[N], sizeof(Ids[N]), BUNDLE_CODE_OBJECT_KIND,
                  Processors[P]);
    Entries[N].Id = Ids[N];
    Entries[N].Data = readWholeFile(CodeObject, &Entries[N].Bytes);
    ++N;
    bundleEntryId(Ids[N], sizeof(Ids[N]), BUNDLE_BITCODE_KIND, Processors[P]);
    Entries[N].Id = Ids[N];
    Entries[N].Data = LLVMGetBufferStart(Buffers[P]);
    Entries[N].Bytes = LLVMGetBufferSize(Buffers[P]);
    ++N;
  }
  const char *Bundle = driverScratchPath("device.bundle");
  if (!bundleWrite(Bundle, Entries, N))
    driverFail("cannot write '%s': %s", Bundle, strerror(errno));
  for (unsigned P = 0; 1 + 2 * P < N; ++P) {
    free((void *)Entries[1 + 2 * P].Data);
    LLVMDisposeMemoryBuffer(Buffers[P]);
  }
  return Bundle;
}

typedef struct {
  const SymbolTable *Declared;
  const char *Name;
} LinkedSymbols;

static void checkLinkedSymbols(LLVMModuleRef M, const void *Data) {
  const LinkedSymbols *Linked = Data;
  failOnUndefinedSymbols(M, Linked->Declared, Linked->Name);
}

/*===-- The device-link object --------------------------------------------===*/

static const char RegistrationPrologue[] =
    "/* cucc's device link: the linked device code, and its registration\n"
    " * for every file whose objects carry a part of it. */\n"
    "typedef struct {\n"
    "  int Magic;\n"
    "  int Version;\n"
    "  const void *Data;\n"
    "  void *Unused;\n"
    "} FatBinaryWrapper;\n"
    "void **__cudaRegisterFatBinary(void *Wrapper);\n"
    "void __cudaRegisterFatBinaryEnd(void **Handle);\n"
    "__asm__(\".pushsection %s,\\\"\\\",@progbits\\n.byte 1\\n"
    ".popsection\");\n";

static const char RegistrationOfBundle[] =
    "__asm__(\".pushsection .nv_fatbin,\\\"a\\\",@progbits\\n.p2align 3\\n"
    "cucc_linked_device_code:\\n.incbin \\\"%s\\\"\\n.popsection\");\n"
    "extern const char cucc_linked_device_code[]\n"
    "    __attribute__((visibility(\"hidden\")));\n"
    "static const FatBinaryWrapper LinkedWrapper\n"
    "    __attribute__((section(\".nvFatBinSegment\"), aligned(8))) = {\n"
    "        0x466243b1, 1, cucc_linked_device_code, 0};\n"
    "static void **LinkedHandle;\n"
    "static void registerLinkedBinary(void (*RegisterGlobals)(void **)) {\n"
    "  if (!LinkedHandle) {\n"
    "    LinkedHandle = __cudaRegisterFatBinary((void *)&LinkedWrapper);\n"
    "    __cudaRegisterFatBinaryEnd(LinkedHandle);\n"
    "  }\n"
    "  RegisterGlobals(LinkedHandle);\n"
    "}\n";

static const char RegistrationOfModule[] =
    "__attribute__((visibility(\"hidden\")))\n"
    "void __cudaRegisterLinkedBinary%s(void (*RegisterGlobals)(void **),\n"
    "    void *FatbinWrapper, const char *ModuleId, void (*Dummy)(void *)) {\n"
    "  (void)FatbinWrapper;\n"
    "  (void)ModuleId;\n"
    "  (void)Dummy;\n"
    "  registerLinkedBinary(RegisterGlobals);\n"
    "}\n";

/* The host object: Bundle embedded, one __cudaRegisterLinkedBinary per
 * module id. */
static void writeDeviceLinkObject(const DeviceLinkRequest *R,
                                  const LinkInputs *L, const char *Bundle,
                                  const char *Output) {
  const char *Source = driverScratchPath("device-link.c");
  FILE *F = fopen(Source, "w");
  if (!F)
    driverFail("cannot write '%s': %s", Source, strerror(errno));
  fprintf(F, RegistrationPrologue, DeviceLinkMarker);
  if (Bundle) {
    fprintf(F, RegistrationOfBundle, Bundle);
    for (size_t I = 0; I < L->ModuleIds.Capacity; ++I)
      if (L->ModuleIds.Names[I])
        fprintf(F, RegistrationOfModule, L->ModuleIds.Names[I]);
  }
  if (fclose(F) != 0)
    driverFail("cannot write '%s': %s", Source, strerror(errno));
  char *const Argv[] = {(char *)driverToolPath("clang"),
                        "-x",
                        "c",
                        "-fPIC",
                        "-O2",
                        "-c",
                        (char *)Source,
                        "-o",
                        (char *)Output,
                        NULL};
  driverRunTool(Argv, R->Device->Verbose, "compiling the device link of %s",
                R->Name);
}

bool deviceLink(const DeviceLinkRequest *R, const char *Output, bool Always) {
  LinkInputs L = {0};
  for (unsigned I = 0; I < R->NumInputs; ++I)
    scanInput(&L, R->Inputs[I], R->Labels[I]);
  scanLibraryArgs(&L, R);
  if (!Always && (!L.NumUnits || L.HasDeviceLinkObject)) {
    releaseInputs(&L);
    return false;
  }
  const char *Bundle = NULL;
  if (L.NumUnits) {
    SymbolTable Declared = {0};
    bool AllFastMath;
    LLVMMemoryBufferRef Linked = linkUnits(&L, &Declared, &AllFastMath);
    /* nvcc's --use_fast_math is a compile flag: CMake's device link line
     * does not repeat it. */
    DeviceOptions Device = *R->Device;
    if (AllFastMath && !Device.FastMath) {
      Device.FastMath = true;
      deviceOptionsAddPassOption(&Device, "fast-math");
    }
    char What[4200];
    snprintf(What, sizeof(What), "the device code linked into %s", R->Name);
    LinkedSymbols Symbols = {&Declared, R->Name};
    Bundle =
        deviceBundleForProcessors(&Device, R->Processors, R->NumProcessors,
                                  Linked, What, checkLinkedSymbols, &Symbols);
    LLVMDisposeMemoryBuffer(Linked);
    freeSymbolTable(&Declared);
  }
  writeDeviceLinkObject(R, &L, Bundle, Output);
  releaseInputs(&L);
  return true;
}
