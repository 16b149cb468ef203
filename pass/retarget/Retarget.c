/*===- Retarget.c - Turn a clang CUDA device module into an AMDGPU one -----===*
 *
 * clang's CUDA device compile produces an NVPTX module. This rewrites what
 * ties it to NVPTX so that the AMDGPU backend can compile it, keeping CUDA's
 * meaning:
 *
 *   - triple amdgcn-amd-amdhsa and its datalayout; code object v5, which the
 *     HIP 5.2 runtime loads; target-cpu/target-features of the chosen
 *     processor and wave size on every function;
 *   - ptx_kernel functions and nvvm.annotations kernels -> amdgpu_kernel
 *     (KernelSignature.c);
 *   - %tid/%ctaid -> workitem/workgroup ids; %ntid/%nctaid from code
 *     object v5's implicit kernel arguments (group sizes, block counts), as
 *     HIP's code reads blockDim and gridDim;
 *     %laneid -> CUDA lane; %warpsize -> 32; %lanemask_* from the CUDA lane;
 *   - CUDA's atomics keep their scope: clang leaves device-scope ones
 *     unscoped, which become AMDGPU's agent scope with HIP's metadata;
 *     the .cta/.sys NVVM atomics (atomic*_block, atomic*_system) become
 *     workgroup- and system-scope atomicrmw/cmpxchg;
 *   - dp4a and dp2a -> AMD's dot-product instructions where they match,
 *     else byte arithmetic (DotProducts.c);
 *   - __syncthreads -> workgroup release fence, s_barrier, acquire fence;
 *     membar.{cta,gl,sys} -> seq_cst fences of workgroup/agent/system scope;
 *     __nanosleep -> s_sleep;
 *   - device printf (vprintf) and a failed assert (__assertfail) print
 *     through ROCm's OCKL printf (DevicePrintf.c);
 *   - allocas move to the AMDGPU private address space (5); device
 *     functions' byval arguments become private copies (ByvalArguments.c);
 *   - symbols get the visibility a code object needs (CodeObjectSymbols.c).
 *
 * NVPTX's global (1), shared (3) and constant (4) address spaces are
 * AMDGPU's too, and generic (0) is AMDGPU's flat, so pointers stay as they
 * are. Any other NVVM intrinsic or inline PTX is reported, never kept
 * silently. Inline PTX is translated first (PtxTranslate.c: its special
 * registers become the intrinsics mapped here), and the warp intrinsics
 * are lowered last, by warpLowerWarpIntrinsics, unless the options say
 * retarget-only: then they stay calls (opaque, convergent) so that LLVM's
 * optimizer for the AMDGPU processor can run first and hand the lowering
 * constant offsets, unrolled loops and inlined helpers, as the drivers do
 * (driver/DeviceCompile.c).
 *
 *===----------------------------------------------------------------------===*/

#include "NVVMWarpToAMDGPU.h"

#include "ptx/PtxTranslate.h"
#include "retarget/ByvalArguments.h"
#include "retarget/DeviceLibs.h"
#include "retarget/DevicePrintf.h"
#include "retarget/DotProducts.h"
#include "retarget/KernelSignature.h"
#include "retarget/Retarget.h"
#include "support/Diagnostics.h"
#include "support/IRUtils.h"
#include "testing/PlantedBugs.h"
#include "warp/LaneMath.h"
#include "warp/ShflSemantics.h"
#include "warp/WarpPatterns.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char AMDGPUTriple[] = "amdgcn-amd-amdhsa";
static const char NVVMPrefix[] = "llvm.nvvm.";

/* Code object v5's implicit kernel arguments (llvm.amdgcn.implicitarg.ptr,
 * after the explicit ones in the kernarg segment): u32
 * hidden_block_count_{x,y,z} at 0, 4, 8 and u16 hidden_group_size_{x,y,z}
 * at 12, 14, 16. */
enum { BlockCountOffset = 0, GroupSizeOffset = 12, MaxBlockThreads = 1024 };
/* HSA dispatch packet: u16 workgroup_size_{x,y,z} at 4, 6, 8, u32
 * grid_size_{x,y,z} (in work-items) at 12, 16, 20, u32 group_segment_size
 * at 28. */
enum {
  WorkgroupSizeOffset = 4,
  GridSizeOffset = 12,
  GroupSegmentSizeOffset = 28
};
enum { PrivateAddressSpace = 5 };

static bool setError(char **ErrorMessage, const char *Format, const char *Arg,
                     size_t ArgLength) {
  size_t Size = strlen(Format) + ArgLength + 1;
  *ErrorMessage = malloc(Size);
  snprintf(*ErrorMessage, Size, Format, (int)ArgLength, Arg);
  return false;
}

bool warpParseRetargetOptions(const char *Params, WarpRetargetOptions *Options,
                              char **ErrorMessage) {
  memset(Options, 0, sizeof(*Options));
  strcpy(Options->OffloadArch, "gfx90a");
  snprintf(Options->DeviceLibDir, sizeof(Options->DeviceLibDir), "%s",
           WARP_DEVICE_LIB_DIR);
  *ErrorMessage = NULL;
  /* Non-architecture options go on to the shuffle options' parser, each
   * followed by ';' (the last one had none) and the NUL. */
  size_t ParamsLength = strlen(Params);
  char *ShuffleParams = calloc(ParamsLength + 2, 1);
  for (const char *Start = Params; *Start;) {
    size_t Length = strcspn(Start, ";");
    if (Length > 3 && strncmp(Start, "gfx", 3) == 0) {
      if (Length >= sizeof(Options->OffloadArch)) {
        free(ShuffleParams);
        return setError(ErrorMessage,
                        "nvvm-to-amdgpu: processor name too long: '%.*s'",
                        Start, Length);
      }
      memcpy(Options->OffloadArch, Start, Length);
      Options->OffloadArch[Length] = '\0';
    } else if (strncmp(Start, "sm_", 3) == 0 ||
               strncmp(Start, "compute_", 8) == 0) {
      free(ShuffleParams);
      return setError(ErrorMessage,
                      "nvvm-to-amdgpu: '%.*s' is an NVIDIA architecture; "
                      "the processor is an AMD one, named gfxNNN (gfx90a, "
                      "gfx942, gfx1100, ...)",
                      Start, Length);
    } else if (Length == 9 && strncmp(Start, "fast-math", 9) == 0) {
      Options->FastMath = true;
    } else if (Length == 13 && strncmp(Start, "retarget-only", 13) == 0) {
      Options->RetargetOnly = true;
    } else if (Length > 12 && strncmp(Start, "device-libs=", 12) == 0) {
      if (Length - 12 >= sizeof(Options->DeviceLibDir)) {
        free(ShuffleParams);
        return setError(ErrorMessage,
                        "nvvm-to-amdgpu: device library path too long: '%.*s'",
                        Start, Length);
      }
      memcpy(Options->DeviceLibDir, Start + 12, Length - 12);
      Options->DeviceLibDir[Length - 12] = '\0';
    } else if (Length) {
      if (Length == 6 && strncmp(Start, "wave32", 6) == 0)
        Options->WaveSize = 32;
      if (Length == 6 && strncmp(Start, "wave64", 6) == 0)
        Options->WaveSize = 64;
      strncat(ShuffleParams, Start, Length);
      strcat(ShuffleParams, ";");
    }
    Start += Length + (Start[Length] == ';');
  }
  bool Ok = warpParseOptions(ShuffleParams, &Options->Lowering, ErrorMessage);
  free(ShuffleParams);
  return Ok;
}

/*===-- Module-level changes ---------------------------------------===*/

/* Arch's datalayout, from an AMDGPU TargetMachine, or NULL without the
 * AMDGPU target. Building the machine costs more than the rest of
 * retargeting a small module, so the last answer is kept, per thread
 * (pipelines may run on several). */
static const char *getAMDGPUDataLayout(const char *Arch) {
  static _Thread_local char CachedArch[32], CachedLayout[512];
  if (CachedLayout[0] && strcmp(CachedArch, Arch) == 0)
    return CachedLayout;
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMTargetRef Target;
  char *Error = NULL;
  if (LLVMGetTargetFromTriple(AMDGPUTriple, &Target, &Error)) {
    LLVMDisposeMessage(Error);
    return NULL;
  }
  LLVMTargetMachineRef TM = LLVMCreateTargetMachine(
      Target, AMDGPUTriple, Arch, "", LLVMCodeGenLevelDefault, LLVMRelocPIC,
      LLVMCodeModelDefault);
  LLVMTargetDataRef DL = LLVMCreateTargetDataLayout(TM);
  char *Layout = LLVMCopyStringRepOfTargetData(DL);
  CachedLayout[0] = '\0';
  if (strlen(Layout) < sizeof(CachedLayout) &&
      strlen(Arch) < sizeof(CachedArch)) {
    strcpy(CachedLayout, Layout);
    strcpy(CachedArch, Arch);
  }
  LLVMDisposeMessage(Layout);
  LLVMDisposeTargetData(DL);
  LLVMDisposeTargetMachine(TM);
  return CachedLayout[0] ? CachedLayout : NULL;
}

static bool setAMDGPUDataLayout(LLVMModuleRef M, const char *Arch) {
  const char *Layout = getAMDGPUDataLayout(Arch);
  if (!Layout)
    return false;
  LLVMSetDataLayout(M, Layout);
  LLVMSetTarget(M, AMDGPUTriple);
  return true;
}

/* Code object v5, the newest HIP 5.2 loads (its runtime fills v5's hidden
 * arguments: block counts, group sizes), unless the module names a version
 * already (a second flag of the same name would not verify). */
static void setCodeObjectVersion(LLVMModuleRef M) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  LLVMValueRef Version = LLVMConstInt(LLVMInt32TypeInContext(Ctx), 500, false);
  const char Key[] = "amdhsa_code_object_version";
  if (LLVMGetModuleFlag(M, Key, sizeof(Key) - 1))
    return;
  LLVMAddModuleFlag(M, LLVMModuleFlagBehaviorError, Key, sizeof(Key) - 1,
                    LLVMValueAsMetadata(Version));
}

/* Kernels that old front ends mark with !nvvm.annotations {f, "kernel", 1}. */
static void markAnnotatedKernels(LLVMModuleRef M) {
  unsigned Count = LLVMGetNamedMetadataNumOperands(M, "nvvm.annotations");
  if (!Count)
    return;
  LLVMValueRef *Nodes = calloc(Count, sizeof(LLVMValueRef));
  LLVMGetNamedMetadataOperands(M, "nvvm.annotations", Nodes);
  for (unsigned I = 0; I < Count; ++I) {
    unsigned NumOps = LLVMGetMDNodeNumOperands(Nodes[I]);
    if (NumOps < 3)
      continue;
    LLVMValueRef *Ops = calloc(NumOps, sizeof(LLVMValueRef));
    LLVMGetMDNodeOperands(Nodes[I], Ops);
    unsigned Length = 0;
    const char *Key = Ops[1] ? LLVMGetMDString(Ops[1], &Length) : NULL;
    if (Ops[0] && LLVMIsAFunction(Ops[0]) && Key && Length == 6 &&
        strncmp(Key, "kernel", 6) == 0)
      LLVMSetFunctionCallConv(Ops[0], LLVMPTXKernelCallConv);
    free(Ops);
  }
  free(Nodes);
}

/*===-- Per-call rewrites ------------------------------------------===*/

typedef struct {
  LLVMModuleRef M;
  LLVMBuilderRef B;
  WarpLanes *Lanes;
  const char *Arch;
  WarpPlantedBug PlantedBug;
} RewriteContext;

static LLVMValueRef buildIntrinsic(RewriteContext *R, const char *Name) {
  return warpBuildIntrinsicCall(R->M, R->B, Name, NULL, 0, "");
}

static LLVMValueRef i32Const(RewriteContext *R, uint32_t Value) {
  return LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(R->M)), Value,
                      false);
}

/* The Bits-wide field at Offset from Base (a pointer to constant memory the
 * launch fills, so invariant). */
static LLVMValueRef buildLaunchFieldLoad(RewriteContext *R, LLVMValueRef Base,
                                         unsigned Offset, unsigned Bits) {
  LLVMContextRef Ctx = LLVMGetModuleContext(R->M);
  LLVMValueRef Index = LLVMConstInt(LLVMInt64TypeInContext(Ctx), Offset, 0);
  LLVMValueRef Field = LLVMBuildInBoundsGEP2(R->B, LLVMInt8TypeInContext(Ctx),
                                             Base, &Index, 1, "");
  LLVMTypeRef FieldType = LLVMIntTypeInContext(Ctx, Bits);
  LLVMValueRef Load = LLVMBuildLoad2(R->B, FieldType, Field, "");
  LLVMSetAlignment(Load, Bits / 8);
  LLVMSetMetadata(Load, LLVMGetMDKindIDInContext(Ctx, "invariant.load", 14),
                  LLVMMDNodeInContext(Ctx, NULL, 0));
  return Load;
}

static LLVMValueRef zextToI32(RewriteContext *R, LLVMValueRef Value) {
  LLVMTypeRef I32 = LLVMInt32TypeInContext(LLVMGetModuleContext(R->M));
  return LLVMTypeOf(Value) == I32 ? Value
                                  : LLVMBuildZExt(R->B, Value, I32, "");
}

/* A field of the HSA dispatch packet, zero-extended to i32. */
static LLVMValueRef buildDispatchField(RewriteContext *R, unsigned Offset,
                                       unsigned Bits) {
  LLVMValueRef Packet = buildIntrinsic(R, "llvm.amdgcn.dispatch.ptr");
  return zextToI32(R, buildLaunchFieldLoad(R, Packet, Offset, Bits));
}

/* A field of the implicit kernel arguments. The intrinsic works in device
 * functions too: the backend passes the pointer down to the callees that
 * use it. */
static LLVMValueRef buildImplicitArgLoad(RewriteContext *R, unsigned Offset,
                                         unsigned Bits) {
  LLVMValueRef Args = buildIntrinsic(R, "llvm.amdgcn.implicitarg.ptr");
  return buildLaunchFieldLoad(R, Args, Offset, Bits);
}

/* Whether the kernels get code object v5's implicit arguments: the version
 * setCodeObjectVersion asks for, unless the module named an older one. */
static bool hasV5ImplicitArgs(RewriteContext *R) {
  return warpCodeObjectVersion(R->M) >= 500;
}

/* Threads per block: hidden_group_size (in code object v4, the packet's
 * workgroup_size), known to the optimizer to be in [1, 1024] (!range,
 * !noundef) as clang's __builtin_amdgcn_workgroup_size_* makes it. */
static LLVMValueRef buildBlockDim(RewriteContext *R, unsigned Dim) {
  LLVMContextRef Ctx = LLVMGetModuleContext(R->M);
  LLVMValueRef Load =
      hasV5ImplicitArgs(R)
          ? buildImplicitArgLoad(R, GroupSizeOffset + 2 * Dim, 16)
          : buildLaunchFieldLoad(R,
                                 buildIntrinsic(R, "llvm.amdgcn.dispatch.ptr"),
                                 WorkgroupSizeOffset + 2 * Dim, 16);
  LLVMTypeRef I16 = LLVMInt16TypeInContext(Ctx);
  LLVMMetadataRef Bounds[2] = {
      LLVMValueAsMetadata(LLVMConstInt(I16, 1, false)),
      LLVMValueAsMetadata(LLVMConstInt(I16, MaxBlockThreads + 1, false))};
  LLVMSetMetadata(Load, LLVMGetMDKindIDInContext(Ctx, "range", 5),
                  LLVMMetadataAsValue(Ctx, LLVMMDNodeInContext2(Ctx, Bounds,
                                                                2)));
  LLVMSetMetadata(Load, LLVMGetMDKindIDInContext(Ctx, "noundef", 7),
                  LLVMMDNodeInContext(Ctx, NULL, 0));
  return zextToI32(R, Load);
}

LLVMValueRef warpBuildBlockDim(LLVMModuleRef M, LLVMBuilderRef B,
                               unsigned Dim) {
  RewriteContext R = {M, B, NULL, "", WarpNoPlantedBug};
  return buildBlockDim(&R, Dim);
}

/* Blocks per grid: the launch's block count. A CUDA (or HIP) launch is
 * always whole blocks, grid size in blocks times block size, so
 * hidden_remainder_* (the size of a last partial workgroup, which only a
 * launch given in work-items can make) is 0 and gridDim is the count
 * alone, as CUDA defines it. Code object v4 has no block count: the
 * packet's grid size in work-items over the block size, exact for the
 * same reason. */
static LLVMValueRef buildGridDim(RewriteContext *R, unsigned Dim) {
  if (hasV5ImplicitArgs(R))
    return buildImplicitArgLoad(R, BlockCountOffset + 4 * Dim, 32);
  LLVMValueRef Items = buildDispatchField(R, GridSizeOffset + 4 * Dim, 32);
  return LLVMBuildExactUDiv(R->B, Items, buildBlockDim(R, Dim), "");
}

/* %lanemask_*: bits of the CUDA lanes below, at, above this one. */
static LLVMValueRef buildLaneMask(RewriteContext *R, const char *Which) {
  LLVMValueRef Lane = warpGetCudaLane(R->Lanes);
  LLVMValueRef One = i32Const(R, 1);
  LLVMValueRef Eq = LLVMBuildShl(R->B, One, Lane, "");
  LLVMValueRef Lt = LLVMBuildSub(R->B, Eq, One, "");
  if (!strcmp(Which, "eq"))
    return Eq;
  if (!strcmp(Which, "lt"))
    return Lt;
  if (!strcmp(Which, "ge"))
    return LLVMBuildNot(R->B, Lt, "");
  LLVMValueRef Le = LLVMBuildOr(R->B, Lt, Eq, "");
  return !strcmp(Which, "le") ? Le : LLVMBuildNot(R->B, Le, "");
}

/* %warpid: the thread's linear index in its block over 32, CUDA's warp
 * number (PTX allows any id; code uses it as this); %nwarpid: the block's
 * warp count. */
static LLVMValueRef buildWarpNumber(RewriteContext *R, bool Count) {
  LLVMValueRef X = buildIntrinsic(R, "llvm.amdgcn.workitem.id.x");
  LLVMValueRef Y = buildIntrinsic(R, "llvm.amdgcn.workitem.id.y");
  LLVMValueRef Z = buildIntrinsic(R, "llvm.amdgcn.workitem.id.z");
  LLVMValueRef NX = buildBlockDim(R, 0), NY = buildBlockDim(R, 1);
  LLVMValueRef Linear;
  if (Count)
    Linear = LLVMBuildAdd(R->B,
                          LLVMBuildMul(R->B, LLVMBuildMul(R->B, NX, NY, ""),
                                       buildBlockDim(R, 2), ""),
                          i32Const(R, CudaWarpSize - 1), "");
  else
    Linear = LLVMBuildAdd(
        R->B, X,
        LLVMBuildMul(R->B, NX,
                     LLVMBuildAdd(R->B, Y, LLVMBuildMul(R->B, NY, Z, ""), ""),
                     ""),
        "");
  return LLVMBuildLShr(R->B, Linear, i32Const(R, 5), "");
}

/* %clock, %clock64 (the cycle counter) and %globaltimer (nanoseconds; AMD's
 * steady counter runs at 100 MHz). */
static LLVMValueRef buildTimer(RewriteContext *R, const char *Register) {
  LLVMContextRef Ctx = LLVMGetModuleContext(R->M);
  LLVMTypeRef I64 = LLVMInt64TypeInContext(Ctx);
  if (!strcmp(Register, "globaltimer"))
    return LLVMBuildMul(R->B, buildIntrinsic(R, "llvm.readsteadycounter"),
                        LLVMConstInt(I64, 10, false), "");
  LLVMValueRef Cycles = buildIntrinsic(R, "llvm.readcyclecounter");
  if (!strcmp(Register, "clock64"))
    return Cycles;
  return LLVMBuildTrunc(R->B, Cycles, LLVMInt32TypeInContext(Ctx), "");
}

/* %smid: the compute unit running the wave, from the hardware id register
 * (gfx9's HW_ID bits 14:8: SE, SH, CU; gfx10 and later HW_ID1 bits 20:10:
 * SE, SA, WGP); %nsmid: the bound on it those bits give. */
static LLVMValueRef buildUnitId(RewriteContext *R, bool Bound) {
  bool Gfx9 = !strncmp(R->Arch, "gfx9", 4);
  if (Bound)
    return i32Const(R, Gfx9 ? 1u << 7 : 1u << 11);
  unsigned Id = Gfx9 ? 4 : 23, Offset = Gfx9 ? 8 : 10, Size = Gfx9 ? 7 : 11;
  LLVMValueRef Field = i32Const(R, Id | Offset << 6 | (Size - 1) << 11);
  return warpBuildIntrinsicCall(R->M, R->B, "llvm.amdgcn.s.getreg", &Field, 1,
                                "");
}

/* The value replacing `llvm.nvvm.read.ptx.sreg.<Register>`, or NULL. */
static LLVMValueRef buildSpecialRegister(RewriteContext *R,
                                         const char *Register) {
  static const char *const Dims[] = {"x", "y", "z"};
  static const char *const WorkItem[] = {"llvm.amdgcn.workitem.id.x",
                                         "llvm.amdgcn.workitem.id.y",
                                         "llvm.amdgcn.workitem.id.z"};
  static const char *const WorkGroup[] = {"llvm.amdgcn.workgroup.id.x",
                                          "llvm.amdgcn.workgroup.id.y",
                                          "llvm.amdgcn.workgroup.id.z"};
  for (unsigned Dim = 0; Dim < 3; ++Dim) {
    char Name[16];
    snprintf(Name, sizeof(Name), "tid.%s", Dims[Dim]);
    if (!strcmp(Register, Name))
      return buildIntrinsic(R, WorkItem[Dim]);
    snprintf(Name, sizeof(Name), "ctaid.%s", Dims[Dim]);
    if (!strcmp(Register, Name))
      return buildIntrinsic(R, WorkGroup[Dim]);
    snprintf(Name, sizeof(Name), "ntid.%s", Dims[Dim]);
    if (!strcmp(Register, Name))
      return buildBlockDim(R, Dim);
    snprintf(Name, sizeof(Name), "nctaid.%s", Dims[Dim]);
    if (!strcmp(Register, Name))
      return buildGridDim(R, Dim);
  }
  if (!strcmp(Register, "laneid"))
    return warpGetCudaLane(R->Lanes);
  if (!strcmp(Register, "warpsize"))
    return i32Const(R, CudaWarpSize);
  if (!strcmp(Register, "warpid") || !strcmp(Register, "nwarpid"))
    return buildWarpNumber(R, Register[0] == 'n');
  if (!strcmp(Register, "clock") || !strcmp(Register, "clock64") ||
      !strcmp(Register, "globaltimer"))
    return buildTimer(R, Register);
  if (!strcmp(Register, "smid") || !strcmp(Register, "nsmid"))
    return buildUnitId(R, Register[0] == 'n');
  if (!strcmp(Register, "dynamic_smem_size"))
    /* The dispatch's group segment less the kernel's static LDS. */
    return LLVMBuildSub(R->B, buildDispatchField(R, GroupSegmentSizeOffset, 32),
                        buildIntrinsic(R, "llvm.amdgcn.groupstaticsize"), "");
  if (!strncmp(Register, "lanemask.", 9) && strlen(Register) == 11 &&
      strstr("eq lt le gt ge", Register + 9))
    return buildLaneMask(R, Register + 9);
  return NULL;
}

/*===-- Atomics' scopes --------------------------------------------===*/

/* !noalias.addrspace of CUDA's atomics: not private memory, [5, 6), where
 * PTX leaves an atomic undefined (as clang's HIP atomicAdd is marked). */
static void markNotPrivate(LLVMContextRef Ctx, LLVMValueRef Atomic) {
  LLVMTypeRef I32 = LLVMInt32TypeInContext(Ctx);
  LLVMMetadataRef Range[2] = {
      LLVMValueAsMetadata(LLVMConstInt(I32, PrivateAddressSpace, false)),
      LLVMValueAsMetadata(LLVMConstInt(I32, PrivateAddressSpace + 1, false))};
  LLVMValueRef Node =
      LLVMMetadataAsValue(Ctx, LLVMMDNodeInContext2(Ctx, Range, 2));
  LLVMSetMetadata(
      Atomic, LLVMGetMDKindIDInContext(Ctx, "noalias.addrspace", 17), Node);
}

/* A device-scope atomicrmw or cmpxchg, marked as clang marks HIP's
 * atomicAdd and atomicCAS: an atomicrmw may also assume coarse-grained
 * memory that is not a peer's, so the backend uses the hardware's float
 * and min/max atomics where it has them instead of a compare-and-swap
 * loop (on fine-grained memory these are not atomic, as HIP's are not).
 * A float add may also flush subnormals, as PTX's atom.add.f32 does (an
 * H100 flushes its inputs and result), which gfx90a's instruction does. */
static void makeDeviceScope(LLVMContextRef Ctx, LLVMValueRef Atomic) {
  LLVMSetAtomicSyncScopeID(Atomic, LLVMGetSyncScopeID(Ctx, "agent", 5));
  markNotPrivate(Ctx, Atomic);
  if (!LLVMIsAAtomicRMWInst(Atomic))
    return;
  static const char *const Promises[] = {"amdgpu.no.fine.grained.memory",
                                         "amdgpu.no.remote.memory",
                                         "amdgpu.ignore.denormal.mode"};
  bool FloatAdd =
      LLVMGetAtomicRMWBinOp(Atomic) == LLVMAtomicRMWBinOpFAdd &&
      LLVMGetTypeKind(LLVMTypeOf(Atomic)) == LLVMFloatTypeKind;
  LLVMValueRef Empty = LLVMMDNodeInContext(Ctx, NULL, 0);
  for (unsigned I = 0; I < 2 + FloatAdd; ++I)
    LLVMSetMetadata(Atomic,
                    LLVMGetMDKindIDInContext(Ctx, Promises[I],
                                             strlen(Promises[I])),
                    Empty);
}

/* clang's NVPTX code gives CUDA C++'s atomic read-modify-writes no scope,
 * system scope in IR, yet they are CUDA's device-scope atomics: NVPTX
 * emits them as PTX's atom without a scope, which is .gpu, and clang's
 * CUDA headers write only the _block and _system forms as the .cta and
 * .sys intrinsics (rewriteScopedAtomic). Each becomes a device-scope one.
 * Atomic loads and stores keep the system scope NVPTX gives them
 * (ld.relaxed.sys). Runs before inline PTX is translated, whose atom.sys is
 * a system-scope atomicrmw. */
static void scopeDeviceAtomics(LLVMModuleRef M) {
  LLVMContextRef Ctx = LLVMGetModuleContext(M);
  unsigned System = LLVMGetSyncScopeID(Ctx, "", 0);
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I))
        if ((LLVMIsAAtomicRMWInst(I) || LLVMIsAAtomicCmpXchgInst(I)) &&
            LLVMGetAtomicSyncScopeID(I) == System)
          makeDeviceScope(Ctx, I);
}

/* llvm.nvvm.atomic.<op>.gen.<i|f>.<cta|sys>.*, Suffix from <op> (clang's
 * __nvvm_atom_cta_* and __nvvm_atom_sys_*, relaxed, as PTX's atom.cta and
 * atom.sys): an atomicrmw or cmpxchg of workgroup or system scope, or NULL.
 * A system-scope one must work on fine-grained and host memory, so it
 * carries no promise about the memory's kind. */
static LLVMValueRef rewriteScopedAtomic(RewriteContext *R, LLVMValueRef Call,
                                        const char *Suffix) {
  static const struct {
    const char *Name;
    LLVMAtomicRMWBinOp Int, Float;
  } Ops[] = {{"add", LLVMAtomicRMWBinOpAdd, LLVMAtomicRMWBinOpFAdd},
             {"exch", LLVMAtomicRMWBinOpXchg, LLVMAtomicRMWBinOpXchg},
             {"max", LLVMAtomicRMWBinOpMax, 0},
             {"min", LLVMAtomicRMWBinOpMin, 0},
             {"inc", LLVMAtomicRMWBinOpUIncWrap, 0},
             {"dec", LLVMAtomicRMWBinOpUDecWrap, 0},
             {"and", LLVMAtomicRMWBinOpAnd, 0},
             {"or", LLVMAtomicRMWBinOpOr, 0},
             {"xor", LLVMAtomicRMWBinOpXor, 0},
             {"cas", 0, 0}};
  const char *Gen = strstr(Suffix, ".gen.");
  if (!Gen || (Gen[5] != 'i' && Gen[5] != 'f') ||
      (strncmp(Gen + 6, ".cta.", 5) && strncmp(Gen + 6, ".sys.", 5)))
    return NULL;
  const char *Scope = Gen[7] == 'c' ? "workgroup" : "";
  LLVMContextRef Ctx = LLVMGetModuleContext(R->M);
  unsigned ScopeID = LLVMGetSyncScopeID(Ctx, Scope, strlen(Scope));
  size_t NameLength = (size_t)(Gen - Suffix);
  unsigned Op = 0, NumOps = sizeof(Ops) / sizeof(Ops[0]);
  while (Op < NumOps && (strlen(Ops[Op].Name) != NameLength ||
                         strncmp(Ops[Op].Name, Suffix, NameLength)))
    ++Op;
  if (Op == NumOps)
    return NULL;
  LLVMValueRef Address = LLVMGetOperand(Call, 0);
  LLVMValueRef Value = LLVMGetOperand(Call, 1);
  LLVMValueRef Atomic;
  if (!strcmp(Ops[Op].Name, "cas")) {
    if (Gen[5] != 'i')
      return NULL;
    Atomic = LLVMBuildAtomicCmpXchgSyncScope(
        R->B, Address, Value, LLVMGetOperand(Call, 2),
        LLVMAtomicOrderingMonotonic, LLVMAtomicOrderingMonotonic, ScopeID);
  } else {
    bool Float = Gen[5] == 'f';
    if (Float && !Ops[Op].Float)
      return NULL;
    Atomic = LLVMBuildAtomicRMWSyncScope(
        R->B, Float ? Ops[Op].Float : Ops[Op].Int, Address, Value,
        LLVMAtomicOrderingMonotonic, ScopeID);
  }
  markNotPrivate(Ctx, Atomic);
  return LLVMIsAAtomicCmpXchgInst(Atomic)
             ? LLVMBuildExtractValue(R->B, Atomic, 0, "")
             : Atomic;
}

/* Rewrites a call of an NVVM intrinsic other than a shuffle. Returns false
 * when the intrinsic has no AMDGPU mapping here. */
static bool rewriteNVVMCall(RewriteContext *R, LLVMValueRef Call,
                            const char *Name) {
  const char *Suffix = Name + sizeof(NVVMPrefix) - 1;
  LLVMPositionBuilderBefore(R->B, Call);
  LLVMValueRef Replacement = NULL;
  if (!strncmp(Suffix, "read.ptx.sreg.", 14)) {
    Replacement = buildSpecialRegister(R, Suffix + 14);
    if (!Replacement)
      return false;
  } else if (!strncmp(Suffix, "atomic.", 7)) {
    Replacement = rewriteScopedAtomic(R, Call, Suffix + 7);
    if (!Replacement)
      return false;
  } else if (!strncmp(Suffix, "idp4a.", 6) || !strncmp(Suffix, "idp2a.", 6)) {
    Replacement = warpBuildDotProduct(R->M, R->B, Call, Suffix, R->Arch);
    if (!Replacement)
      return false;
  } else if (!strcmp(Suffix, "barrier.cta.sync.aligned.all") ||
             !strcmp(Suffix, "barrier.cta.sync.all")) {
    /* LLVM's IR reader already upgrades llvm.nvvm.barrier0 to these. */
    uint32_t BarrierId;
    if (!laneIsConst(LLVMGetOperand(Call, 0), &BarrierId) || BarrierId != 0)
      return false;
    warpBuildFence(R->B, LLVMAtomicOrderingRelease, "workgroup");
    if (R->PlantedBug != WarpBugDropBarrier)
      buildIntrinsic(R, "llvm.amdgcn.s.barrier");
    warpBuildFence(R->B, LLVMAtomicOrderingAcquire, "workgroup");
  } else if (!strcmp(Suffix, "membar.cta")) {
    warpBuildFence(R->B, LLVMAtomicOrderingSequentiallyConsistent, "workgroup");
  } else if (!strcmp(Suffix, "membar.gl")) {
    warpBuildFence(R->B, LLVMAtomicOrderingSequentiallyConsistent, "agent");
  } else if (!strcmp(Suffix, "membar.sys")) {
    warpBuildFence(R->B, LLVMAtomicOrderingSequentiallyConsistent, "");
  } else if (!strcmp(Suffix, "nanosleep")) {
    /* __nanosleep(ns): s_sleep 1 (64 clocks), a hint only, as on NVIDIA;
     * wavesim runs the other lanes (and blocks of a cooperative launch)
     * there, so a polling loop lets what it waits for happen. */
    LLVMValueRef One = i32Const(R, 1);
    warpBuildIntrinsicCall(R->M, R->B, "llvm.amdgcn.s.sleep", &One, 1, "");
  } else {
    return false;
  }
  if (Replacement)
    LLVMReplaceAllUsesWith(Call, Replacement);
  LLVMInstructionEraseFromParent(Call);
  return true;
}

/* "llvm.lifetime.start" or "llvm.lifetime.end" when User is a call of
 * that intrinsic, else NULL. */
static const char *lifetimeMarkerName(LLVMValueRef User) {
  static const char *const Markers[] = {"llvm.lifetime.start",
                                        "llvm.lifetime.end"};
  if (!LLVMIsACallInst(User))
    return NULL;
  LLVMValueRef Callee = LLVMGetCalledValue(User);
  unsigned ID = LLVMIsAFunction(Callee) ? LLVMGetIntrinsicID(Callee) : 0;
  for (unsigned I = 0; ID && I < 2; ++I)
    if (ID == LLVMLookupIntrinsicID(Markers[I], strlen(Markers[I])))
      return Markers[I];
  return NULL;
}

/* AMDGPU allocas live in address space 5; users keep the pointer they
 * had (flat), but lifetime markers, which must name an alloca, move to the
 * new one. An alloca NVPTX put in another address space has no AMDGPU
 * meaning: it is reported, and moved too so that the module stays valid.
 * Returns the instruction that now stands where Alloca stood. */
static LLVMValueRef moveAllocaToPrivate(LLVMModuleRef M, LLVMBuilderRef B,
                                        LLVMValueRef Alloca,
                                        WarpDiagnostics *Diags) {
  unsigned AddressSpace = LLVMGetPointerAddressSpace(LLVMTypeOf(Alloca));
  if (AddressSpace == PrivateAddressSpace)
    return Alloca;
  if (AddressSpace != 0)
    warpReportUse(Diags, Alloca, "alloca",
                  "alloca in address space %u; only address space 0 maps to "
                  "AMDGPU's private memory",
                  AddressSpace);
  LLVMPositionBuilderBefore(B, Alloca);
  LLVMTypeRef Type = LLVMGetAllocatedType(Alloca);
  LLVMValueRef Count = LLVMGetOperand(Alloca, 0);
  LLVMValueRef Private = LLVMBuildArrayAlloca(B, Type, Count, "");
  LLVMSetAlignment(Private, LLVMGetAlignment(Alloca));
  LLVMValueRef Flat =
      LLVMBuildAddrSpaceCast(B, Private, LLVMTypeOf(Alloca), "");

  LLVMUseRef Next;
  for (LLVMUseRef Use = LLVMGetFirstUse(Alloca); Use; Use = Next) {
    Next = LLVMGetNextUse(Use);
    LLVMValueRef Marker = LLVMGetUser(Use);
    const char *Name = lifetimeMarkerName(Marker);
    if (!Name)
      continue;
    LLVMPositionBuilderBefore(B, Marker);
    warpBuildOverloadedCall(M, B, Name, LLVMTypeOf(Private), &Private, 1, "");
    LLVMInstructionEraseFromParent(Marker);
  }
  LLVMReplaceAllUsesWith(Alloca, Flat);
  warpEraseGivingName(Alloca, Private);
  return Flat;
}

static void rewriteFunction(LLVMModuleRef M, LLVMBuilderRef B, LLVMValueRef F,
                            const WarpRetargetOptions *Options,
                            unsigned WaveSize, WarpDiagnostics *Diags) {
  WarpLanes Lanes = warpLanesOf(M, F, WaveSize);
  RewriteContext R = {M, B, &Lanes, Options->OffloadArch,
                      Options->Lowering.PlantedBug};
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB)) {
    LLVMValueRef Next;
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I; I = Next) {
      Next = LLVMGetNextInstruction(I);
      if (LLVMIsAAllocaInst(I)) {
        /* The markers it moves may have been Next. */
        Next = LLVMGetNextInstruction(moveAllocaToPrivate(M, B, I, Diags));
        continue;
      }
      if (!LLVMIsACallInst(I))
        continue;
      LLVMValueRef Callee = LLVMGetCalledValue(I);
      if (LLVMIsAInlineAsm(Callee)) {
        size_t Length;
        const char *Asm = LLVMGetInlineAsmAsmString(Callee, &Length);
        char Subject[256], Why[512];
        snprintf(Subject, sizeof(Subject), "asm \"%.*s\"",
                 (int)(Length < 200 ? Length : 200), Asm);
        warpExplainInlinePtx(I, Why, sizeof(Why));
        warpReportUse(Diags, I, Subject,
                      "inline PTX that nvvm-to-amdgpu cannot translate: %s "
                      "(docs/inline-ptx.md lists the supported instructions)",
                      Why);
        continue;
      }
      if (!LLVMIsAFunction(Callee))
        continue;
      const char *Name = LLVMGetValueName2(Callee, &(size_t){0});
      if (strncmp(Name, NVVMPrefix, sizeof(NVVMPrefix) - 1) != 0 ||
          warpIsShuffleName(Name) || warpIsPrimitiveName(Name))
        continue;
      if (!rewriteNVVMCall(&R, I, Name))
        warpReportUse(
            Diags, I, Name,
            "NVVM intrinsic with no AMDGPU mapping in nvvm-to-amdgpu");
    }
  }
}

/* Device code's memcpy, memmove and memset (declared by
 * include/crt/common_functions.h, defined nowhere): LLVM's intrinsics,
 * which the backend expands. A call's value is its destination. */
static void lowerMemoryCall(LLVMBuilderRef B, const char *Name,
                            LLVMValueRef Call) {
  LLVMValueRef Dst = LLVMGetOperand(Call, 0);
  LLVMValueRef Second = LLVMGetOperand(Call, 1);
  LLVMValueRef Bytes = LLVMGetOperand(Call, 2);
  LLVMPositionBuilderBefore(B, Call);
  if (!strcmp(Name, "memset")) {
    LLVMContextRef Ctx = LLVMGetTypeContext(LLVMTypeOf(Second));
    LLVMValueRef Byte =
        LLVMBuildTrunc(B, Second, LLVMInt8TypeInContext(Ctx), "");
    LLVMBuildMemSet(B, Dst, Byte, Bytes, 1);
  } else if (!strcmp(Name, "memmove")) {
    LLVMBuildMemMove(B, Dst, 1, Second, 1, Bytes);
  } else {
    LLVMBuildMemCpy(B, Dst, 1, Second, 1, Bytes);
  }
  LLVMReplaceAllUsesWith(Call, Dst);
  LLVMInstructionEraseFromParent(Call);
}

static void lowerMemoryFunctions(LLVMModuleRef M, LLVMBuilderRef B) {
  static const char *const Names[] = {"memcpy", "memmove", "memset"};
  for (size_t N = 0; N < sizeof(Names) / sizeof(Names[0]); ++N) {
    LLVMValueRef F = LLVMGetNamedFunction(M, Names[N]);
    if (!F || !LLVMIsDeclaration(F) || LLVMCountParams(F) != 3)
      continue;
    LLVMUseRef U = LLVMGetFirstUse(F);
    while (U) {
      LLVMValueRef Call = LLVMGetUser(U);
      U = LLVMGetNextUse(U);
      if (LLVMIsACallInst(Call) && LLVMGetCalledValue(Call) == F)
        lowerMemoryCall(B, Names[N], Call);
    }
    if (!LLVMGetFirstUse(F))
      LLVMDeleteFunction(F);
  }
}

/* clang's threadIdx, blockIdx, blockDim and gridDim are weak declarations
 * of empty structs whose members read special registers. Optimized code
 * never keeps their address, but at -O0 the `this` of their conversion
 * operators does: give them a definition (one private byte each). */
static void defineBuiltinVariables(LLVMModuleRef M) {
  static const char *const Names[] = {"threadIdx", "blockIdx", "blockDim",
                                      "gridDim"};
  for (size_t I = 0; I < sizeof(Names) / sizeof(Names[0]); ++I) {
    LLVMValueRef G = LLVMGetNamedGlobal(M, Names[I]);
    if (!G || !LLVMIsDeclaration(G))
      continue;
    LLVMSetInitializer(G, LLVMConstNull(LLVMGlobalGetValueType(G)));
    LLVMSetLinkage(G, LLVMPrivateLinkage);
    LLVMSetGlobalConstant(G, true);
  }
}

/* An error about the whole module, led by the pass's name. */
static void reportModuleError(WarpDiagnosticHandler Handler,
                              void *HandlerContext, const char *Problem) {
  char Message[1600];
  snprintf(Message, sizeof(Message), "nvvm-to-amdgpu: %s", Problem);
  if (Handler)
    Handler(HandlerContext, Message);
  else
    fprintf(stderr, "error: %s\n", Message);
}

WarpLoweringResult warpRetargetModule(LLVMModuleRef M,
                                      const WarpRetargetOptions *Options,
                                      WarpDiagnosticHandler Handler,
                                      void *HandlerContext) {
  WarpDiagnostics Diags = {"nvvm-to-amdgpu", Handler, HandlerContext, 0};
  WarpLoweringResult Result = {0, 0, 0};
  const char *Arch = Options->OffloadArch;
  bool Wave32Default = warpArchDefaultsToWave32(Arch, strlen(Arch));
  unsigned WaveSize =
      Options->WaveSize ? Options->WaveSize : (Wave32Default ? 32 : 64);
  bool IsGfx9 = strncmp(Arch, "gfx9", 4) == 0;
  if ((IsGfx9 && WaveSize == 32) || !setAMDGPUDataLayout(M, Arch)) {
    char Message[160];
    snprintf(Message, sizeof(Message),
             "cannot target %s with wave%u (AMDGPU target missing, or a gfx9 "
             "processor asked for wave32)",
             Arch, WaveSize);
    reportModuleError(Handler, HandlerContext, Message);
    Result.NumErrors = 1;
    return Result;
  }
  warpEraseUnusedIntrinsicDeclarations(M);
  setCodeObjectVersion(M);
  markAnnotatedKernels(M);
  warpLowerByvalArguments(M);
  defineBuiltinVariables(M);
  scopeDeviceAtomics(M);
  warpRewriteInlinePtx(M);
  /* Reads %ctaid and %tid, which the loop below maps. */
  warpLowerDevicePrintf(M, Options->Lowering.PlantedBug, &Diags);

  const char *Features =
      WaveSize == 32 ? "+wavefrontsize32" : "+wavefrontsize64";
  LLVMBuilderRef B = LLVMCreateBuilderInContext(LLVMGetModuleContext(M));
  lowerMemoryFunctions(M, B);
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F;
       F = LLVMGetNextFunction(F)) {
    if (LLVMGetIntrinsicID(F))
      continue;
    /* Declarations too: clang gives them NVPTX's processor. */
    warpAddFunctionAttribute(F, "target-cpu", Arch);
    warpAddFunctionAttribute(F, "target-features", Features);
    if (LLVMIsDeclaration(F))
      continue;
    if (LLVMGetFunctionCallConv(F) == LLVMPTXKernelCallConv)
      warpMakeAMDGPUKernel(M, F, &Diags);
    rewriteFunction(M, B, F, Options, WaveSize, &Diags);
  }
  LLVMDisposeBuilder(B);

  /* Retargeting only, the warp intrinsics stay calls for an optimizer to
   * run over before warpLowerWarpIntrinsics (the drivers' flow). */
  if (!Options->RetargetOnly)
    Result = warpLowerWarpIntrinsics(M, &Options->Lowering, Handler,
                                     HandlerContext);
  Result.NumErrors += Diags.NumErrors;
  /* The NVVM intrinsics lowered and the flat lifetime markers moved. */
  warpEraseUnusedIntrinsicDeclarations(M);
  warpSetCodeObjectVisibility(M);

  warpMapMathIntrinsicsToOCML(M);
  WarpDeviceLibOptions Libs = {Options->DeviceLibDir, Arch, WaveSize,
                               Options->FastMath};
  char LinkError[1536];
  if (!warpLinkDeviceLibraries(M, &Libs, LinkError, sizeof(LinkError)) ||
      !warpLinkPrintfLibrary(M, &Libs, LinkError, sizeof(LinkError))) {
    reportModuleError(Handler, HandlerContext, LinkError);
    ++Result.NumErrors;
  }
  return Result;
}
