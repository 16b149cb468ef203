/*===- wavesim-shared.c - Each block's shared memory, reached from its base ===*
 *
 * On an AMD GPU every workgroup has its own LDS; here blocks run at the
 * same time on several host threads (wavesim-pool.c), so a shared-memory
 * (addrspace(3)) global cannot be one host variable. The module is
 * rewritten so that shared memory is reached through the running block's
 * base address:
 *
 *  - every defined shared global gets an offset in one layout for the
 *    module (its alignment kept); every extern (dynamic) one is the dynamic
 *    area, which starts after all of them (WaveSim::DynamicSharedOffset),
 *    so that two extern __shared__ arrays of different names alias, as on
 *    AMD and NVIDIA GPUs;
 *  - a constant expression that uses one (a GEP into it, an addrspacecast
 *    to a flat pointer) becomes instructions where it is used (for a phi,
 *    at the end of the incoming block);
 *  - a function that uses them calls __wavesim_shared_base() once in its
 *    entry block (the runner's Shared: a lane's block never changes, so
 *    neither does the base during a call) and each use becomes base +
 *    offset.
 *
 * The globals themselves become unused declarations. The bases lie below
 * 4 GiB (wavesim-pool.c maps them so), so a 32-bit shared address, as PTX
 * and AMDGPU both use, converts back to the pointer.
 *
 *===----------------------------------------------------------------------===*/

#include "wavesim-internal.h"
#include "wavesim-ir.h"

#include <llvm-c/Comdat.h>
#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SharedAddressSpace = 3, DynamicSharedAlignment = 16 };

static const char SharedBaseName[] = "__wavesim_shared_base";

static bool isSharedGlobal(LLVMValueRef V) {
  return LLVMIsAGlobalVariable(V) &&
         LLVMGetPointerAddressSpace(LLVMTypeOf(V)) == SharedAddressSpace;
}

/* Whether constant C is, or is built from, a shared global. */
static bool mentionsShared(LLVMValueRef C) {
  if (isSharedGlobal(C))
    return true;
  if (!LLVMIsAConstantExpr(C))
    return false;
  int N = LLVMGetNumOperands(C);
  for (int I = 0; I < N; ++I)
    if (mentionsShared(LLVMGetOperand(C, (unsigned)I)))
      return true;
  return false;
}

static size_t alignUp(size_t X, size_t Alignment) {
  return (X + Alignment - 1) / Alignment * Alignment;
}

typedef struct {
  LLVMValueRef Global;
  size_t Offset;
} Placement;

/* Offsets of the defined shared globals in module order, each at its
 * alignment; the extern ones at the dynamic area after them all. */
static Placement *layOut(WaveSim *S, LLVMModuleRef M, unsigned *Count) {
  LLVMTargetDataRef TD = LLVMGetModuleDataLayout(M);
  Placement *Places = NULL;
  unsigned N = 0;
  size_t End = 0;
  for (LLVMValueRef G = LLVMGetFirstGlobal(M); G; G = LLVMGetNextGlobal(G)) {
    if (!isSharedGlobal(G))
      continue;
    Places = realloc(Places, (N + 1) * sizeof(Placement));
    Places[N].Global = G;
    Places[N].Offset = 0;
    if (!LLVMIsDeclaration(G)) {
      size_t Alignment = LLVMGetAlignment(G) ? LLVMGetAlignment(G) : 1;
      size_t Bytes = (size_t)LLVMABISizeOfType(TD, LLVMGlobalGetValueType(G));
      Places[N].Offset = alignUp(End, Alignment);
      End = Places[N].Offset + Bytes;
    }
    ++N;
  }
  S->DynamicSharedOffset = alignUp(End, DynamicSharedAlignment);
  S->SharedVars = calloc(N + 1, sizeof(SharedVariable));
  S->NumSharedVars = N;
  for (unsigned I = 0; I < N; ++I) {
    LLVMValueRef G = Places[I].Global;
    bool Dynamic = LLVMIsDeclaration(G);
    if (Dynamic)
      Places[I].Offset = S->DynamicSharedOffset;
    S->SharedVars[I] = (SharedVariable){
        Places[I].Offset,
        Dynamic ? 0 : (size_t)LLVMABISizeOfType(TD, LLVMGlobalGetValueType(G)),
        Dynamic};
  }
  *Count = N;
  return Places;
}

/* llvm.used and llvm.compiler.used keep globals alive for the device
 * linker; the shared ones are about to be declarations and leave them. */
static void dropFromUsedLists(LLVMModuleRef M) {
  static const char *const Lists[] = {"llvm.used", "llvm.compiler.used"};
  for (unsigned L = 0; L < 2; ++L) {
    LLVMValueRef List = LLVMGetNamedGlobal(M, Lists[L]);
    if (!List || LLVMIsDeclaration(List))
      continue;
    LLVMValueRef Init = LLVMGetInitializer(List);
    unsigned N = (unsigned)LLVMGetNumOperands(Init);
    LLVMValueRef *Kept = malloc((N + 1) * sizeof(LLVMValueRef));
    unsigned NumKept = 0;
    for (unsigned I = 0; I < N; ++I)
      if (!mentionsShared(LLVMGetOperand(Init, I)))
        Kept[NumKept++] = LLVMGetOperand(Init, I);
    if (NumKept != N) {
      LLVMTypeRef Element = LLVMGetElementType(LLVMTypeOf(Init));
      LLVMValueRef NewInit = LLVMConstArray2(Element, Kept, NumKept);
      LLVMValueRef New = LLVMAddGlobal(M, LLVMTypeOf(NewInit), "");
      LLVMSetInitializer(New, NewInit);
      LLVMSetLinkage(New, LLVMAppendingLinkage);
      LLVMSetSection(New, LLVMGetSection(List));
      LLVMDeleteGlobal(List);
      LLVMSetValueName2(New, Lists[L], strlen(Lists[L]));
    }
    free(Kept);
  }
}

/* A function's base + offset of each shared global, made in its entry
 * block when first needed. */
typedef struct {
  LLVMModuleRef M;
  LLVMBuilderRef B;
  const Placement *Places;
  unsigned NumPlaces;
  LLVMValueRef EntryFirst;
  LLVMValueRef Base;
  LLVMValueRef *Rebased;
} Rebasing;

static LLVMValueRef rebased(Rebasing *RB, LLVMValueRef G) {
  unsigned Slot = 0;
  while (RB->Places[Slot].Global != G)
    ++Slot;
  if (RB->Rebased[Slot])
    return RB->Rebased[Slot];
  LLVMContextRef Ctx = LLVMGetModuleContext(RB->M);
  LLVMTypeRef SharedPtr = LLVMPointerTypeInContext(Ctx, SharedAddressSpace);
  LLVMTypeRef BaseType = LLVMFunctionType(SharedPtr, NULL, 0, 0);
  LLVMPositionBuilderBefore(RB->B, RB->EntryFirst);
  if (!RB->Base) {
    LLVMValueRef BaseFn = LLVMGetNamedFunction(RB->M, SharedBaseName);
    if (!BaseFn)
      BaseFn = LLVMAddFunction(RB->M, SharedBaseName, BaseType);
    RB->Base = LLVMBuildCall2(RB->B, BaseType, BaseFn, NULL, 0, "lds");
  }
  LLVMValueRef Offset = LLVMConstInt(LLVMInt64TypeInContext(Ctx),
                                     RB->Places[Slot].Offset, 0);
  RB->Rebased[Slot] = LLVMBuildInBoundsGEP2(
      RB->B, LLVMInt8TypeInContext(Ctx), RB->Base, &Offset, 1, nameOf(G));
  return RB->Rebased[Slot];
}

/* V with every shared global in it replaced by its rebased address: a
 * constant expression becomes instructions before At (which, having an
 * instruction operand, do not fold back into constants); NULL for an
 * opcode a constant expression of LLVM 22 cannot have with a pointer in
 * it. */
static LLVMValueRef rebuild(Rebasing *RB, LLVMValueRef V, LLVMValueRef At) {
  if (isSharedGlobal(V))
    return rebased(RB, V);
  if (!LLVMIsAConstantExpr(V) || !mentionsShared(V))
    return V;
  unsigned N = (unsigned)LLVMGetNumOperands(V);
  LLVMValueRef Ops[16];
  if (N > 16)
    return NULL;
  for (unsigned I = 0; I < N; ++I) {
    Ops[I] = rebuild(RB, LLVMGetOperand(V, I), At);
    if (!Ops[I])
      return NULL;
  }
  LLVMPositionBuilderBefore(RB->B, At);
  LLVMOpcode Op = LLVMGetConstOpcode(V);
  switch (Op) {
  case LLVMGetElementPtr:
    return LLVMBuildGEPWithNoWrapFlags(RB->B, LLVMGetGEPSourceElementType(V),
                                       Ops[0], Ops + 1, N - 1, "",
                                       LLVMGEPGetNoWrapFlags(V));
  case LLVMAddrSpaceCast:
  case LLVMBitCast:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMTrunc:
    return LLVMBuildCast(RB->B, Op, Ops[0], LLVMTypeOf(V), "");
  case LLVMAdd:
  case LLVMSub:
  case LLVMXor:
  case LLVMMul:
    return LLVMBuildBinOp(RB->B, Op, Ops[0], Ops[1], "");
  default:
    return NULL;
  }
}

/* Where an operand of I is computed: before I, or for a phi at the end of
 * the block the value comes from. */
static LLVMValueRef pointForOperand(LLVMValueRef I, unsigned Index) {
  if (LLVMIsAPHINode(I))
    return LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(I, Index));
  return I;
}

/* In each function, base + offset in place of each shared global, also
 * inside constant expressions. */
static bool rebaseUses(LLVMModuleRef M, LLVMBuilderRef B,
                       const Placement *Places, unsigned NumPlaces,
                       char *Error, size_t ErrorSize) {
  Rebasing RB = {M, B, Places, NumPlaces, NULL, NULL, NULL};
  RB.Rebased = malloc((NumPlaces + 1) * sizeof(LLVMValueRef));
  bool Ok = true;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F && Ok;
       F = LLVMGetNextFunction(F)) {
    if (LLVMIsDeclaration(F))
      continue;
    RB.Base = NULL;
    memset(RB.Rebased, 0, (NumPlaces + 1) * sizeof(LLVMValueRef));
    RB.EntryFirst = LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(F));
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB && Ok;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I && Ok;
           I = LLVMGetNextInstruction(I)) {
        unsigned N = (unsigned)LLVMGetNumOperands(I);
        for (unsigned Index = 0; Index < N && Ok; ++Index) {
          LLVMValueRef Op = LLVMGetOperand(I, Index);
          if (!isSharedGlobal(Op) &&
              !(LLVMIsAConstantExpr(Op) && mentionsShared(Op)))
            continue;
          LLVMValueRef New = rebuild(&RB, Op, pointForOperand(I, Index));
          if (!New) {
            wavesimFormatError(Error, ErrorSize,
                               "@%s uses shared memory in a constant "
                               "expression wavesim cannot rebuild",
                               nameOf(F));
            Ok = false;
          } else {
            LLVMSetOperand(I, Index, New);
          }
        }
      }
  }
  free(RB.Rebased);
  return Ok;
}

/* Whether constant C only feeds constant expressions nothing uses (what
 * materializing leaves behind). */
static bool isDeadConstant(LLVMValueRef C) {
  if (!LLVMIsAConstantExpr(C))
    return false;
  for (LLVMUseRef U = LLVMGetFirstUse(C); U; U = LLVMGetNextUse(U))
    if (!isDeadConstant(LLVMGetUser(U)))
      return false;
  return true;
}

/* The shared globals become declarations nothing calls for; a use left
 * in another global's initializer is not something a GPU can have. */
static bool retireGlobals(Placement *Places, unsigned N, char *Error,
                          size_t ErrorSize) {
  for (unsigned I = 0; I < N; ++I) {
    LLVMValueRef G = Places[I].Global;
    for (LLVMUseRef U = LLVMGetFirstUse(G); U; U = LLVMGetNextUse(U)) {
      LLVMValueRef User = LLVMGetUser(U);
      if (isDeadConstant(User))
        continue;
      wavesimFormatError(Error, ErrorSize,
                         "the shared variable @%s is used in the initializer "
                         "of a global",
                         nameOf(G));
      return false;
    }
    char Name[48];
    snprintf(Name, sizeof(Name), "__wavesim_lds.%u", I);
    LLVMSetInitializer(G, NULL);
    LLVMSetLinkage(G, LLVMExternalLinkage);
    LLVMSetVisibility(G, LLVMDefaultVisibility);
    LLVMSetGlobalConstant(G, 0);
    LLVMSetComdat(G, NULL);
    LLVMSetValueName2(G, Name, strlen(Name));
  }
  return true;
}

bool wavesimPlaceSharedMemory(WaveSim *S, LLVMModuleRef M, LLVMBuilderRef B,
                              char *Error, size_t ErrorSize) {
  dropFromUsedLists(M);
  unsigned N = 0;
  Placement *Places = layOut(S, M, &N);
  bool Ok = rebaseUses(M, B, Places, N, Error, ErrorSize) &&
            retireGlobals(Places, N, Error, ErrorSize);
  free(Places);
  return Ok;
}

void *wavesimSharedBase(void) { return wavesimActive->Shared; }

const char *wavesimSharedBaseName(void) { return SharedBaseName; }
