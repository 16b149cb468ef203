/*===- hip-runner.c - Check code objects; run the suite on HIP -----*- C -*-===*
 *
 *   hip-runner --validate FILE [--expect-isa=ISA] [--expect-kernel=NAME]...
 *   hip-runner --run FILE [--filter=PATTERNS]
 *   hip-runner --probe
 *   hip-runner --list
 *
 * --validate reads a code object with the code object manager (comgr): the
 * ELF header (relocatable or executable, EM_AMDGPU, code object version),
 * the ISA name and, from the metadata's amdhsa.kernels, each kernel's name,
 * kernarg segment size and wavefront size; and the variables the loader can
 * find by name (the object symbols comgr lists, kernel descriptors aside:
 * __device__ and __constant__ variables) with their sizes. It needs no GPU.
 * --expect-isa takes a processor (gfx90a) or a full target id (gfx90a:xnack-,
 * or with the amdgcn-amd-amdhsa-- prefix).
 *
 * --run loads the code object with the HIP runtime and runs the suite's
 * cases (suite.h) for the kernels it holds, narrowed by --filter. Without
 * an AMD GPU it prints "no AMD GPU (hipErrorNoDevice): hardware run
 * skipped" and exits 77 (lit-tests/hip: tests that need a GPU require the
 * feature amdgpu, which lit.local.cfg sets from --probe). --probe exits 0
 * when an AMD GPU is present and 77 when not. --list prints the suite.
 *
 * Exit status: 0 success, 1 invalid code object, failed expectation or
 * failed cases, 2 usage, 77 no GPU.
 *
 * The Debian HIP 5.2 runtime loads code object v2 to v5 (its HSA loader
 * rejects v6, LLVM 22's default) for the processors it knows (up to gfx90a
 * and gfx1010-gfx1035); cu2hsaco emits v5. The runtime has comgr 2.4 name
 * each code object's ISA, which it cannot for a v5 header, so --run hands
 * the runtime the code object with its header saying v4 (the same e_flags;
 * the metadata, which the runtime lays the arguments out by, says v5).
 *
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L

#include "suite.h"

#include <amd_comgr.h>
#include <hip/hip_runtime_api.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EXIT_INVALID = 1, EXIT_USAGE = 2, EXIT_SKIP = 77 };
enum {
  MAX_KERNELS = 256,
  MAX_VARIABLES = 256,
  MAX_EXPECTED = 64,
  NAME_SIZE = 256
};

static const char SKIP_LINE[] =
    "no AMD GPU (hipErrorNoDevice): hardware run skipped";

/*===----------------------------------------------------------------------===*
 * Reading a code object
 *===----------------------------------------------------------------------===*/

typedef struct KernelInfo {
  char Name[NAME_SIZE];
  char KernargSize[32];
  char WavefrontSize[32];
  char GroupSegmentSize[32];
  char MaxFlatWorkgroupSize[32];
} KernelInfo;

typedef struct CodeObject {
  const char *Path;
  unsigned char *Bytes;
  size_t Size;
  int Relocatable; /* ET_REL; else an executable (ET_DYN) */
  int Version;     /* code object version, from EI_ABIVERSION */
  char Isa[NAME_SIZE];
  int IsaFromMetadata;      /* comgr could not name the ISA */
  char MetadataVersion[32]; /* amdhsa.version, "1.1" */
  KernelInfo Kernels[MAX_KERNELS];
  size_t NumKernels;
  char Variables[MAX_VARIABLES][NAME_SIZE];
  uint64_t VariableSizes[MAX_VARIABLES];
  size_t NumVariables;
} CodeObject;

static void printError(const char *Path, const char *Message) {
  fprintf(stderr, "hip-runner: error: %s: %s\n", Path, Message);
}

static int readWholeFile(CodeObject *CO) {
  FILE *F = fopen(CO->Path, "rb");
  if (!F) {
    printError(CO->Path, "cannot open the file");
    return -1;
  }
  long Size = -1;
  if (!fseek(F, 0, SEEK_END))
    Size = ftell(F);
  rewind(F);
  CO->Bytes = Size >= 0 ? malloc((size_t)Size + 1) : NULL;
  CO->Size = Size >= 0 ? (size_t)Size : 0;
  int Failed = !CO->Bytes || fread(CO->Bytes, 1, CO->Size, F) != CO->Size;
  fclose(F);
  if (Failed) {
    free(CO->Bytes);
    CO->Bytes = NULL;
    printError(CO->Path, "cannot read the file");
    return -1;
  }
  return 0;
}

static unsigned readLE16(const unsigned char *P) {
  return (unsigned)P[0] | (unsigned)P[1] << 8;
}

/* ELF identification and header fields used here. */
enum {
  ELF_HEADER_SIZE = 64,
  EI_CLASS_OFFSET = 4,
  EI_DATA_OFFSET = 5,
  EI_OSABI_OFFSET = 7,
  EI_ABIVERSION_OFFSET = 8,
  E_TYPE_OFFSET = 16,
  E_MACHINE_OFFSET = 18,
  ELFCLASS64_VALUE = 2,
  ELFDATA2LSB_VALUE = 1,
  ELFOSABI_AMDGPU_HSA_VALUE = 64,
  ET_REL_VALUE = 1,
  ET_DYN_VALUE = 3,
  EM_AMDGPU_VALUE = 224
};

/* What a file that is not an AMDGPU ELF object looks like, for the error. */
static void describeNonElf(const CodeObject *CO, char *Out, size_t OutSize) {
  static const char Bundle[] = "__CLANG_OFFLOAD_BUNDLE__";
  if (CO->Size >= sizeof Bundle - 1 &&
      !memcmp(CO->Bytes, Bundle, sizeof Bundle - 1)) {
    snprintf(Out, OutSize,
             "not an AMD GPU code object: a clang offload bundle (extract "
             "it with clang-offload-bundler, or compile with "
             "--no-gpu-bundle-output)");
    return;
  }
  char Start[3 * 8 + 1] = "";
  for (size_t I = 0; I < CO->Size && I < 8; ++I)
    snprintf(Start + 3 * I, sizeof Start - 3 * I, " %02x", CO->Bytes[I]);
  snprintf(Out, OutSize,
           "not an AMD GPU code object: no ELF header (%zu bytes, starting%s)",
           CO->Size, CO->Size ? Start : " empty");
}

/* EI_ABIVERSION of ELFOSABI_AMDGPU_HSA: 0 is v2, 1 v3, ... 4 v6. */
static int checkElfHeader(CodeObject *CO) {
  char Message[256];
  const unsigned char *H = CO->Bytes;
  if (CO->Size < ELF_HEADER_SIZE || memcmp(H, "\177ELF", 4)) {
    describeNonElf(CO, Message, sizeof Message);
    printError(CO->Path, Message);
    return -1;
  }
  unsigned Machine = readLE16(H + E_MACHINE_OFFSET);
  unsigned Type = readLE16(H + E_TYPE_OFFSET);
  if (H[EI_CLASS_OFFSET] != ELFCLASS64_VALUE ||
      H[EI_DATA_OFFSET] != ELFDATA2LSB_VALUE || Machine != EM_AMDGPU_VALUE) {
    snprintf(Message, sizeof Message,
             "not an AMD GPU code object: an ELF file for machine %u, not "
             "EM_AMDGPU (224)",
             Machine);
    printError(CO->Path, Message);
    return -1;
  }
  if (H[EI_OSABI_OFFSET] != ELFOSABI_AMDGPU_HSA_VALUE) {
    snprintf(Message, sizeof Message,
             "OS ABI %u is not AMDGPU_HSA (64): not an HSA code object",
             H[EI_OSABI_OFFSET]);
    printError(CO->Path, Message);
    return -1;
  }
  if (Type != ET_REL_VALUE && Type != ET_DYN_VALUE) {
    snprintf(Message, sizeof Message,
             "ELF type %u is neither relocatable (1) nor shared object (3)",
             Type);
    printError(CO->Path, Message);
    return -1;
  }
  CO->Relocatable = Type == ET_REL_VALUE;
  CO->Version = H[EI_ABIVERSION_OFFSET] + 2;
  return 0;
}

static int comgrFailed(const CodeObject *CO, amd_comgr_status_t Status,
                       const char *What) {
  if (Status == AMD_COMGR_STATUS_SUCCESS)
    return 0;
  const char *Text = NULL;
  char Message[384];
  amd_comgr_status_string(Status, &Text);
  snprintf(Message, sizeof Message, "comgr: %s: %s", What,
           Text ? Text : "unknown status");
  printError(CO->Path, Message);
  return 1;
}

/* The string value of a metadata node (comgr gives numbers as strings). */
static int metadataText(amd_comgr_metadata_node_t Node, char *Out,
                        size_t OutSize) {
  amd_comgr_metadata_kind_t Kind;
  size_t Size = 0;
  if (amd_comgr_get_metadata_kind(Node, &Kind) != AMD_COMGR_STATUS_SUCCESS ||
      Kind != AMD_COMGR_METADATA_KIND_STRING ||
      amd_comgr_get_metadata_string(Node, &Size, NULL) !=
          AMD_COMGR_STATUS_SUCCESS ||
      Size > OutSize)
    return -1;
  return amd_comgr_get_metadata_string(Node, &Size, Out) ==
                 AMD_COMGR_STATUS_SUCCESS
             ? 0
             : -1;
}

/* Map[Key] as text, or "?" when it is missing or not a scalar. */
static void lookupText(amd_comgr_metadata_node_t Map, const char *Key,
                       char *Out, size_t OutSize) {
  amd_comgr_metadata_node_t Value;
  snprintf(Out, OutSize, "?");
  if (amd_comgr_metadata_lookup(Map, Key, &Value) != AMD_COMGR_STATUS_SUCCESS)
    return;
  if (metadataText(Value, Out, OutSize))
    snprintf(Out, OutSize, "?");
  amd_comgr_destroy_metadata(Value);
}

/* amdhsa.version: [major, minor]. */
static void readMetadataVersion(CodeObject *CO,
                                amd_comgr_metadata_node_t Root) {
  amd_comgr_metadata_node_t List, Item;
  char Major[16] = "?", Minor[16] = "?";
  snprintf(CO->MetadataVersion, sizeof CO->MetadataVersion, "?");
  if (amd_comgr_metadata_lookup(Root, "amdhsa.version", &List) !=
      AMD_COMGR_STATUS_SUCCESS)
    return;
  if (amd_comgr_index_list_metadata(List, 0, &Item) ==
      AMD_COMGR_STATUS_SUCCESS) {
    metadataText(Item, Major, sizeof Major);
    amd_comgr_destroy_metadata(Item);
  }
  if (amd_comgr_index_list_metadata(List, 1, &Item) ==
      AMD_COMGR_STATUS_SUCCESS) {
    metadataText(Item, Minor, sizeof Minor);
    amd_comgr_destroy_metadata(Item);
  }
  amd_comgr_destroy_metadata(List);
  snprintf(CO->MetadataVersion, sizeof CO->MetadataVersion, "%s.%s", Major,
           Minor);
}

static void readKernel(KernelInfo *K, amd_comgr_metadata_node_t Map) {
  lookupText(Map, ".name", K->Name, sizeof K->Name);
  lookupText(Map, ".kernarg_segment_size", K->KernargSize,
             sizeof K->KernargSize);
  lookupText(Map, ".wavefront_size", K->WavefrontSize, sizeof K->WavefrontSize);
  lookupText(Map, ".group_segment_fixed_size", K->GroupSegmentSize,
             sizeof K->GroupSegmentSize);
  lookupText(Map, ".max_flat_workgroup_size", K->MaxFlatWorkgroupSize,
             sizeof K->MaxFlatWorkgroupSize);
}

static int readKernels(CodeObject *CO, amd_comgr_metadata_node_t Root) {
  amd_comgr_metadata_node_t List;
  size_t Count = 0;
  if (amd_comgr_metadata_lookup(Root, "amdhsa.kernels", &List) !=
      AMD_COMGR_STATUS_SUCCESS)
    return 0; /* no kernels */
  int Failed = comgrFailed(CO, amd_comgr_get_metadata_list_size(List, &Count),
                           "amdhsa.kernels is not a list");
  for (size_t I = 0; !Failed && I < Count && I < MAX_KERNELS; ++I) {
    amd_comgr_metadata_node_t Map;
    Failed = comgrFailed(CO, amd_comgr_index_list_metadata(List, I, &Map),
                         "reading amdhsa.kernels");
    if (Failed)
      break;
    readKernel(&CO->Kernels[CO->NumKernels++], Map);
    amd_comgr_destroy_metadata(Map);
  }
  amd_comgr_destroy_metadata(List);
  return Failed ? -1 : 0;
}

/* The ISA name from comgr; where comgr cannot name it (comgr 2.4 reads
 * only code object v2 to v4 headers and processors up to gfx1035), the
 * metadata's amdhsa.target, with a note. */
static int readIsaName(CodeObject *CO, amd_comgr_data_t Data,
                       amd_comgr_metadata_node_t Root) {
  size_t IsaSize = sizeof CO->Isa;
  amd_comgr_status_t Status =
      amd_comgr_get_data_isa_name(Data, &IsaSize, CO->Isa);
  if (Status == AMD_COMGR_STATUS_SUCCESS)
    return 0;
  lookupText(Root, "amdhsa.target", CO->Isa, sizeof CO->Isa);
  if (!strcmp(CO->Isa, "?"))
    return comgrFailed(CO, Status, "get_data_isa_name") ? -1 : 0;
  CO->IsaFromMetadata = 1;
  return 0;
}

static int endsWith(const char *Text, const char *Suffix) {
  size_t Length = strlen(Text), SuffixLength = strlen(Suffix);
  return Length >= SuffixLength &&
         !strcmp(Text + Length - SuffixLength, Suffix);
}

/* amd_comgr_iterate_symbols' callback: keeps the object symbols other than
 * kernel descriptors (NAME.kd). */
static amd_comgr_status_t addVariable(amd_comgr_symbol_t Symbol,
                                      void *UserData) {
  CodeObject *CO = UserData;
  amd_comgr_symbol_type_t Type;
  char Name[NAME_SIZE];
  uint64_t Size = 0, NameLength = 0;
  if (amd_comgr_symbol_get_info(Symbol, AMD_COMGR_SYMBOL_INFO_TYPE, &Type) ||
      Type != AMD_COMGR_SYMBOL_TYPE_OBJECT ||
      amd_comgr_symbol_get_info(Symbol, AMD_COMGR_SYMBOL_INFO_NAME_LENGTH,
                                &NameLength) ||
      NameLength >= NAME_SIZE || CO->NumVariables == MAX_VARIABLES)
    return AMD_COMGR_STATUS_SUCCESS;
  memset(Name, 0, sizeof Name);
  if (amd_comgr_symbol_get_info(Symbol, AMD_COMGR_SYMBOL_INFO_NAME, Name) ||
      endsWith(Name, ".kd"))
    return AMD_COMGR_STATUS_SUCCESS;
  amd_comgr_symbol_get_info(Symbol, AMD_COMGR_SYMBOL_INFO_SIZE, &Size);
  strcpy(CO->Variables[CO->NumVariables], Name);
  CO->VariableSizes[CO->NumVariables++] = Size;
  return AMD_COMGR_STATUS_SUCCESS;
}

static int readWithComgr(CodeObject *CO) {
  amd_comgr_data_t Data;
  amd_comgr_data_kind_t Kind = CO->Relocatable ? AMD_COMGR_DATA_KIND_RELOCATABLE
                                               : AMD_COMGR_DATA_KIND_EXECUTABLE;
  if (comgrFailed(CO, amd_comgr_create_data(Kind, &Data), "create_data"))
    return -1;
  amd_comgr_metadata_node_t Root;
  int Failed =
      comgrFailed(CO,
                  amd_comgr_set_data(Data, CO->Size, (const char *)CO->Bytes),
                  "set_data") ||
      comgrFailed(CO, amd_comgr_get_data_metadata(Data, &Root),
                  "get_data_metadata");
  if (!Failed) {
    Failed = readIsaName(CO, Data, Root) != 0;
    readMetadataVersion(CO, Root);
    Failed = Failed || readKernels(CO, Root) != 0 ||
             comgrFailed(CO, amd_comgr_iterate_symbols(Data, addVariable, CO),
                         "iterate_symbols");
    amd_comgr_destroy_metadata(Root);
  }
  amd_comgr_release_data(Data);
  return Failed ? -1 : 0;
}

/* Reads and checks Path; on failure the reason has been printed. */
static int loadCodeObject(CodeObject *CO, const char *Path) {
  memset(CO, 0, sizeof *CO);
  CO->Path = Path;
  if (readWholeFile(CO) || checkElfHeader(CO) || readWithComgr(CO))
    return -1;
  return 0;
}

static const KernelInfo *findKernel(const CodeObject *CO, const char *Name) {
  for (size_t I = 0; I < CO->NumKernels; ++I)
    if (!strcmp(CO->Kernels[I].Name, Name))
      return &CO->Kernels[I];
  return NULL;
}

static void printCodeObject(const CodeObject *CO) {
  printf("code object: %s\n", CO->Path);
  printf("elf: %s, EM_AMDGPU, code object v%d\n",
         CO->Relocatable ? "relocatable (ET_REL)"
                         : "executable (ET_DYN shared object)",
         CO->Version);
  printf("isa: %s\n", CO->Isa);
  if (CO->IsaFromMetadata)
    printf("note: the ISA is the metadata's amdhsa.target; this comgr cannot "
           "name it from the ELF header\n");
  printf("metadata version: %s\n", CO->MetadataVersion);
  printf("kernels: %zu\n", CO->NumKernels);
  for (size_t I = 0; I < CO->NumKernels; ++I) {
    const KernelInfo *K = &CO->Kernels[I];
    printf("kernel: %s kernarg_segment_size=%s wavefront_size=%s "
           "group_segment_fixed_size=%s max_flat_workgroup_size=%s\n",
           K->Name, K->KernargSize, K->WavefrontSize, K->GroupSegmentSize,
           K->MaxFlatWorkgroupSize);
  }
  printf("variables: %zu\n", CO->NumVariables);
  for (size_t I = 0; I < CO->NumVariables; ++I)
    printf("variable: %s size=%llu\n", CO->Variables[I],
           (unsigned long long)CO->VariableSizes[I]);
}

/*===----------------------------------------------------------------------===*
 * --validate
 *===----------------------------------------------------------------------===*/

static const char *skipTriplePrefix(const char *Isa) {
  static const char Prefix[] = "amdgcn-amd-amdhsa--";
  return strncmp(Isa, Prefix, sizeof Prefix - 1) ? Isa
                                                 : Isa + sizeof Prefix - 1;
}

/* A processor matches the processor part of the target id; a target id
 * with features must match whole. */
static int isaMatches(const char *Isa, const char *Expected) {
  const char *Actual = skipTriplePrefix(Isa);
  const char *Wanted = skipTriplePrefix(Expected);
  if (strchr(Wanted, ':'))
    return !strcmp(Actual, Wanted);
  size_t Length = strcspn(Actual, ":");
  return strlen(Wanted) == Length && !strncmp(Actual, Wanted, Length);
}

static void listKernelNames(const CodeObject *CO, char *Out, size_t OutSize) {
  size_t Used = 0;
  Out[0] = '\0';
  for (size_t I = 0; I < CO->NumKernels && Used < OutSize; ++I)
    Used += (size_t)snprintf(Out + Used, OutSize - Used, "%s%s", I ? ", " : "",
                             CO->Kernels[I].Name);
  if (!CO->NumKernels)
    snprintf(Out, OutSize, "none");
}

typedef struct ValidateOptions {
  const char *Path;
  const char *ExpectIsa;
  const char *ExpectKernels[MAX_EXPECTED];
  int NumExpectKernels;
} ValidateOptions;

static int validate(const ValidateOptions *Options) {
  static CodeObject CO;
  if (loadCodeObject(&CO, Options->Path))
    return EXIT_INVALID;
  printCodeObject(&CO);
  int Failed = 0;
  char Message[1024];
  if (CO.Version < 2 || CO.Version > 5)
    printf("warning: the HIP 5.2 runtime loads code object v2 to v5, not "
           "v%d\n",
           CO.Version);
  if (Options->ExpectIsa && !isaMatches(CO.Isa, Options->ExpectIsa)) {
    snprintf(Message, sizeof Message, "ISA is %s, expected %s", CO.Isa,
             Options->ExpectIsa);
    printError(CO.Path, Message);
    Failed = 1;
  }
  for (int I = 0; I < Options->NumExpectKernels; ++I) {
    if (findKernel(&CO, Options->ExpectKernels[I]))
      continue;
    char Names[512];
    listKernelNames(&CO, Names, sizeof Names);
    snprintf(Message, sizeof Message, "no kernel named %s (kernels: %s)",
             Options->ExpectKernels[I], Names);
    printError(CO.Path, Message);
    Failed = 1;
  }
  free(CO.Bytes);
  if (Failed)
    return EXIT_INVALID;
  printf("valid\n");
  return 0;
}

/*===----------------------------------------------------------------------===*
 * The Device of device.h over the HIP runtime
 *===----------------------------------------------------------------------===*/

typedef struct HipContext {
  hipModule_t Module;
} HipContext;

/* 0 for hipSuccess; otherwise -1, with the call and error in D->Error. */
static int hipFailed(Device *D, hipError_t Status, const char *What) {
  if (Status == hipSuccess)
    return 0;
  snprintf(D->Error, sizeof D->Error, "%s: %s (%s)", What,
           hipGetErrorName(Status), hipGetErrorString(Status));
  return -1;
}

static int deviceAlloc(Device *D, void **DevicePtr, size_t Bytes) {
  return hipFailed(D, hipMalloc(DevicePtr, Bytes ? Bytes : 1), "hipMalloc");
}

static int deviceFree(Device *D, void *DevicePtr) {
  return hipFailed(D, hipFree(DevicePtr), "hipFree");
}

static int deviceCopyToDevice(Device *D, void *DevicePtr, const void *Host,
                              size_t Bytes) {
  return hipFailed(D, hipMemcpy(DevicePtr, Host, Bytes, hipMemcpyHostToDevice),
                   "hipMemcpy to device");
}

static int deviceCopyToHost(Device *D, void *Host, const void *DevicePtr,
                            size_t Bytes) {
  return hipFailed(D, hipMemcpy(Host, DevicePtr, Bytes, hipMemcpyDeviceToHost),
                   "hipMemcpy to host");
}

static int deviceLaunch(Device *D, const char *Kernel, const unsigned Grid[3],
                        const unsigned Block[3], void **Args) {
  HipContext *Hip = D->Context;
  hipFunction_t Function;
  if (hipFailed(D, hipModuleGetFunction(&Function, Hip->Module, Kernel),
                "hipModuleGetFunction") ||
      hipFailed(D,
                hipModuleLaunchKernel(Function, Grid[0], Grid[1], Grid[2],
                                      Block[0], Block[1], Block[2], 0, NULL,
                                      Args, NULL),
                "hipModuleLaunchKernel") ||
      hipFailed(D, hipDeviceSynchronize(), "kernel execution"))
    return -1;
  return 0;
}

/*===----------------------------------------------------------------------===*
 * --probe and --run
 *===----------------------------------------------------------------------===*/

/* The number of AMD GPUs; 0 (with the skip line printed) when there is
 * none, -1 on another runtime error. */
static int countGpus(void) {
  int Count = 0;
  hipError_t Status = hipGetDeviceCount(&Count);
  if (Status == hipErrorNoDevice || (Status == hipSuccess && Count == 0)) {
    printf("%s\n", SKIP_LINE);
    return 0;
  }
  if (Status != hipSuccess) {
    fprintf(stderr, "hip-runner: error: hipGetDeviceCount: %s (%s)\n",
            hipGetErrorName(Status), hipGetErrorString(Status));
    return -1;
  }
  return Count;
}

/* Prints the devices and, for lit.local.cfg, the first one's processor. */
static int probe(void) {
  int Count = countGpus();
  if (Count <= 0)
    return Count == 0 ? EXIT_SKIP : EXIT_INVALID;
  hipDeviceProp_t Properties;
  printf("AMD GPU: %d device(s)\n", Count);
  if (hipGetDeviceProperties(&Properties, 0) != hipSuccess)
    return 0;
  printf("device 0: %s (%s)\n", Properties.name, Properties.gcnArchName);
  printf("offload-arch: %.*s\n", (int)strcspn(Properties.gcnArchName, ":"),
         Properties.gcnArchName);
  return 0;
}

/* The kernels of CO that have test cases and match Filter, as a filter of
 * exact names for suiteRun; notes the kernels without a case. */
static int selectKernels(const CodeObject *CO, const char *Filter, char *Out,
                         size_t OutSize) {
  size_t Used = 0;
  int Selected = 0;
  Out[0] = '\0';
  for (size_t I = 0; I < CO->NumKernels; ++I) {
    const char *Name = CO->Kernels[I].Name;
    if (!suiteFilterMatches(Filter, Name))
      continue;
    int HasCase = 0;
    for (size_t C = 0; C < suiteNumCases(); ++C)
      HasCase |= !strcmp(suiteCaseKernel(C), Name);
    if (!HasCase) {
      printf("note: kernel %s has no test case\n", Name);
      continue;
    }
    int Written =
        snprintf(Out + Used, OutSize - Used, "%s%s", Selected ? "," : "", Name);
    if (Written < 0 || (size_t)Written >= OutSize - Used)
      return -1;
    Used += (size_t)Written;
    ++Selected;
  }
  return Selected;
}

static int deviceMatchesIsa(const CodeObject *CO, const char *GcnArch) {
  char Processor[64];
  snprintf(Processor, sizeof Processor, "%.*s", (int)strcspn(GcnArch, ":"),
           GcnArch);
  return isaMatches(CO->Isa, Processor);
}

static int runSuite(const CodeObject *CO, const char *Filter) {
  static char Selected[MAX_KERNELS * NAME_SIZE];
  int NumSelected = selectKernels(CO, Filter, Selected, sizeof Selected);
  if (NumSelected <= 0) {
    fprintf(stderr, "hip-runner: error: %s: no kernel with a test case%s%s\n",
            CO->Path, Filter ? " matches " : "", Filter ? Filter : "");
    return EXIT_INVALID;
  }
  HipContext Hip;
  char Name[320];
  hipDeviceProp_t Properties;
  Device D = {Name,
              &Hip,
              deviceAlloc,
              deviceFree,
              deviceCopyToDevice,
              deviceCopyToHost,
              deviceLaunch,
              ""};
  if (hipFailed(&D, hipSetDevice(0), "hipSetDevice") ||
      hipFailed(&D, hipGetDeviceProperties(&Properties, 0),
                "hipGetDeviceProperties")) {
    fprintf(stderr, "hip-runner: error: %s\n", D.Error);
    return EXIT_INVALID;
  }
  if (!deviceMatchesIsa(CO, Properties.gcnArchName)) {
    fprintf(stderr, "hip-runner: error: %s is for %s; device 0 is %s\n",
            CO->Path, CO->Isa, Properties.gcnArchName);
    return EXIT_INVALID;
  }
  if (hipFailed(&D, hipModuleLoadData(&Hip.Module, CO->Bytes),
                "hipModuleLoadData")) {
    fprintf(stderr, "hip-runner: error: %s: %s\n", CO->Path, D.Error);
    return EXIT_INVALID;
  }
  snprintf(Name, sizeof Name, "AMD GPU %s (%s), HIP runtime", Properties.name,
           Properties.gcnArchName);
  int Failures = suiteRun(&D, Selected, stdout);
  hipModuleUnload(Hip.Module);
  return Failures ? EXIT_INVALID : 0;
}

/* The runtime's comgr (2.4) names no ISA for a code object v5 header, and
 * the runtime refuses a code object whose ISA comgr cannot name; v4's
 * header has the same e_flags, and the metadata still says v5. */
static void labelHeaderForComgr(CodeObject *CO) {
  if (CO->Version == 5)
    CO->Bytes[EI_ABIVERSION_OFFSET] = 4 - 2;
}

static int run(const char *Path, const char *Filter) {
  static CodeObject CO;
  if (loadCodeObject(&CO, Path))
    return EXIT_INVALID;
  labelHeaderForComgr(&CO);
  if (CO.Relocatable) {
    printError(Path, "a relocatable object cannot be loaded; link it with "
                     "ld.lld -shared");
    return EXIT_INVALID;
  }
  int Count = countGpus();
  int Status = Count == 0  ? EXIT_SKIP
               : Count < 0 ? EXIT_INVALID
                           : runSuite(&CO, Filter);
  free(CO.Bytes);
  return Status;
}

static int list(void) {
  for (size_t I = 0; I < suiteNumCases(); ++I)
    printf("%-26s %s\n", suiteCaseKernel(I), suiteCaseSource(I));
  return 0;
}

/*===----------------------------------------------------------------------===*
 * Command line
 *===----------------------------------------------------------------------===*/

static int usage(void) {
  fprintf(stderr, "usage: hip-runner --validate FILE [--expect-isa=ISA] "
                  "[--expect-kernel=NAME]...\n"
                  "       hip-runner --run FILE [--filter=PATTERNS]\n"
                  "       hip-runner --probe\n"
                  "       hip-runner --list\n");
  return EXIT_USAGE;
}

static const char *optionValue(const char *Arg, const char *Name) {
  size_t Length = strlen(Name);
  return strncmp(Arg, Name, Length) ? NULL : Arg + Length;
}

int main(int Argc, char **Argv) {
  if (Argc < 2)
    return usage();
  const char *Mode = Argv[1];
  if (!strcmp(Mode, "--probe"))
    return Argc == 2 ? probe() : usage();
  if (!strcmp(Mode, "--list"))
    return Argc == 2 ? list() : usage();
  if (Argc < 3 || (strcmp(Mode, "--validate") && strcmp(Mode, "--run")))
    return usage();

  ValidateOptions Validate = {Argv[2], NULL, {NULL}, 0};
  const char *Filter = NULL;
  int IsRun = !strcmp(Mode, "--run");
  for (int I = 3; I < Argc; ++I) {
    const char *Value;
    if (IsRun && (Value = optionValue(Argv[I], "--filter=")))
      Filter = Value;
    else if (!IsRun && (Value = optionValue(Argv[I], "--expect-isa=")))
      Validate.ExpectIsa = Value;
    else if (!IsRun && (Value = optionValue(Argv[I], "--expect-kernel=")) &&
             Validate.NumExpectKernels < MAX_EXPECTED)
      Validate.ExpectKernels[Validate.NumExpectKernels++] = Value;
    else
      return usage();
  }
  return IsRun ? run(Argv[2], Filter) : validate(&Validate);
}
