/*===- LaunchVariants.c - Kernels for the usual block shape ---------------===*
 *
 * Which functions are copied: those that gain themselves, closed over
 * direct callers (a caller of one that gains reaches it), restricted to
 * what a kernel that reaches a gain calls on the way there. A function
 * shared by several kernels is copied once. Calls through pointers in a
 * copy still reach the general functions, which are exact everywhere.
 *
 *===----------------------------------------------------------------------===*/

#include "lanes/LaunchVariants.h"

#include "lanes/LaneVersioning.h"
#include "lanes/LinearLane.h"
#include "testing/PlantedBugs.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  LLVMValueRef *Functions;
  unsigned Count;
  unsigned **Callees; /* per function: indices of defined callees */
  unsigned *NumCallees;
} CallGraph;

static int indexOf(const CallGraph *G, LLVMValueRef F) {
  for (unsigned I = 0; I < G->Count; ++I)
    if (G->Functions[I] == F)
      return (int)I;
  return -1;
}

static void addCallee(CallGraph *G, unsigned Caller, unsigned Callee) {
  unsigned N = G->NumCallees[Caller];
  for (unsigned K = 0; K < N; ++K)
    if (G->Callees[Caller][K] == Callee)
      return;
  G->Callees[Caller] = realloc(G->Callees[Caller], (N + 1) * sizeof(unsigned));
  G->Callees[Caller][N] = Callee;
  G->NumCallees[Caller] = N + 1;
}

static LLVMValueRef directCallee(LLVMValueRef I) {
  if (!LLVMIsACallInst(I))
    return NULL;
  LLVMValueRef Callee = LLVMGetCalledValue(I);
  return LLVMIsAFunction(Callee) ? Callee : NULL;
}

/* The module's defined functions and their direct calls of each other. */
static CallGraph buildCallGraph(LLVMModuleRef M) {
  CallGraph G = {NULL, 0, NULL, NULL};
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    G.Count += !LLVMIsDeclaration(F);
  G.Functions = malloc((G.Count + 1) * sizeof(LLVMValueRef));
  G.Callees = calloc(G.Count + 1, sizeof(unsigned *));
  G.NumCallees = calloc(G.Count + 1, sizeof(unsigned));
  unsigned N = 0;
  for (LLVMValueRef F = LLVMGetFirstFunction(M); F; F = LLVMGetNextFunction(F))
    if (!LLVMIsDeclaration(F))
      G.Functions[N++] = F;
  for (unsigned Caller = 0; Caller < G.Count; ++Caller)
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(G.Functions[Caller]);
         BB; BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        int Callee = indexOf(&G, directCallee(I));
        if (directCallee(I) && Callee >= 0)
          addCallee(&G, Caller, (unsigned)Callee);
      }
  return G;
}

static void disposeCallGraph(CallGraph *G) {
  for (unsigned I = 0; I < G->Count; ++I)
    free(G->Callees[I]);
  free(G->Callees);
  free(G->NumCallees);
  free(G->Functions);
}

/* Reaches[F] |= Reaches[callee], to a fixed point. */
static void closeOverCallers(const CallGraph *G, bool *Reaches) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (unsigned F = 0; F < G->Count; ++F)
      for (unsigned K = 0; K < G->NumCallees[F] && !Reaches[F]; ++K)
        if (Reaches[G->Callees[F][K]])
          Reaches[F] = Changed = true;
  }
}

/* Wanted[F] for F and what it calls that reaches a gain. */
static void wantFrom(const CallGraph *G, unsigned F, const bool *Reaches,
                     bool *Wanted) {
  if (Wanted[F])
    return;
  Wanted[F] = true;
  for (unsigned K = 0; K < G->NumCallees[F]; ++K)
    if (Reaches[G->Callees[F][K]])
      wantFrom(G, G->Callees[F][K], Reaches, Wanted);
}

static bool isKernel(LLVMValueRef F) {
  return LLVMGetFunctionCallConv(F) == LLVMAMDGPUKERNELCallConv;
}

static LLVMValueRef copyWithSuffix(LLVMModuleRef M, LLVMValueRef F) {
  size_t Length;
  const char *Name = LLVMGetValueName2(F, &Length);
  char *CopyName = malloc(Length + sizeof(WarpLaunchVariantSuffix));
  memcpy(CopyName, Name, Length);
  memcpy(CopyName + Length, WarpLaunchVariantSuffix,
         sizeof(WarpLaunchVariantSuffix));
  LLVMValueRef Copy = warpCloneUnderBlockShape(M, F, CopyName);
  free(CopyName);
  /* Only the kernel is looked up by name. */
  if (!isKernel(F))
    LLVMSetLinkage(Copy, LLVMInternalLinkage);
  return Copy;
}

static void markEveryInstruction(LLVMValueRef F) {
  for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(F); BB;
       BB = LLVMGetNextBasicBlock(BB))
    for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
         I = LLVMGetNextInstruction(I))
      warpMarkUnderBlockShape(I);
}

static LLVMValueRef copyOf(const WarpLaunchVariants *V, LLVMValueRef F) {
  for (unsigned I = 0; I < V->Count; ++I)
    if (V->Originals[I] == F)
      return V->Copies[I];
  return NULL;
}

/* Points the copies' direct calls of copied functions at the copies. */
static void callCopies(const WarpLaunchVariants *V) {
  for (unsigned K = 0; K < V->Count; ++K)
    for (LLVMBasicBlockRef BB = LLVMGetFirstBasicBlock(V->Copies[K]); BB;
         BB = LLVMGetNextBasicBlock(BB))
      for (LLVMValueRef I = LLVMGetFirstInstruction(BB); I;
           I = LLVMGetNextInstruction(I)) {
        LLVMValueRef Copy = copyOf(V, directCallee(I));
        if (directCallee(I) && Copy)
          LLVMSetOperand(I, (unsigned)LLVMGetNumOperands(I) - 1, Copy);
      }
}

WarpLaunchVariants warpAddLaunchVariants(LLVMModuleRef M,
                                         LLVMValueRef *WithWarpCalls,
                                         unsigned NumWithWarpCalls,
                                         const WarpLoweringOptions *Options) {
  WarpLaunchVariants V = {NULL, NULL, 0, Options->LaunchVariants, NULL, 0};
  if (!V.Active)
    return V;
  V.Gaining = malloc((NumWithWarpCalls + 1) * sizeof(LLVMValueRef));
  for (unsigned I = 0; I < NumWithWarpCalls; ++I)
    if (warpGainsFromBlockShape(M, WithWarpCalls[I], Options))
      V.Gaining[V.NumGaining++] = WithWarpCalls[I];
  if (!V.NumGaining)
    return V;
  CallGraph G = buildCallGraph(M);
  bool *Reaches = calloc(G.Count + 1, sizeof(bool));
  bool *Wanted = calloc(G.Count + 1, sizeof(bool));
  for (unsigned I = 0; I < V.NumGaining; ++I)
    Reaches[indexOf(&G, V.Gaining[I])] = true;
  closeOverCallers(&G, Reaches);
  for (unsigned F = 0; F < G.Count; ++F)
    if (Reaches[F] && isKernel(G.Functions[F]))
      wantFrom(&G, F, Reaches, Wanted);
  V.Originals = malloc((G.Count + 1) * sizeof(LLVMValueRef));
  V.Copies = malloc((G.Count + 1) * sizeof(LLVMValueRef));
  for (unsigned F = 0; F < G.Count; ++F) {
    if (!Wanted[F])
      continue;
    V.Originals[V.Count] = G.Functions[F];
    V.Copies[V.Count++] = copyWithSuffix(M, G.Functions[F]);
  }
  callCopies(&V);
  /* The planted bug of the in-function check, as the runtime sees it: the
   * general kernels run the copies' code too. */
  if (Options->PlantedBug == WarpBugShapeCheckTrue)
    for (unsigned I = 0; I < V.Count; ++I)
      markEveryInstruction(V.Originals[I]);
  free(Wanted);
  free(Reaches);
  disposeCallGraph(&G);
  return V;
}

bool warpMayVersionInFunction(const WarpLaunchVariants *V, LLVMValueRef F) {
  if (!V->Active)
    return true;
  bool Gains = false;
  for (unsigned I = 0; I < V->NumGaining && !Gains; ++I)
    Gains = V->Gaining[I] == F;
  return Gains && !copyOf(V, F);
}

void warpFinishLaunchVariants(WarpLaunchVariants *V) {
  for (unsigned I = 0; I < V->Count; ++I) {
    warpForgetBlockShapeMarks(V->Originals[I]);
    warpForgetBlockShapeMarks(V->Copies[I]);
  }
  free(V->Originals);
  free(V->Copies);
  free(V->Gaining);
}
