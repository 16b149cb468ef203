/*===- CudaGraphs.c - CUDA graphs and stream capture ----------------------===*
 *
 * CUDA graphs over any backend, through the runtime's own API: a graph is
 * its nodes (kernel, memcpy, memset, host, empty), each with the nodes it
 * depends on; an executable graph is a copy of them in an order that
 * keeps every dependency (their creation order where it does), and
 * cudaGraphLaunch does their work in that order on the stream it is given.
 * One order is as good as any other CUDA may take: nodes without a
 * dependency between them may run in any order, or at once.
 *
 * Stream capture: between cudaStreamBeginCapture and cudaStreamEndCapture
 * the work issued to the stream (and to the streams that join its capture
 * by waiting for an event recorded in it) is recorded as nodes instead of
 * done (CudaRuntime.c asks through the hooks of CudaGraphs.h). Each
 * capturing stream has its frontier, the nodes its next work depends on; a
 * recorded event keeps its stream's frontier, and a stream that waits for
 * it adds that frontier to its own. A kernel's arguments are copied at
 * capture, as CUDA copies them: their sizes are its parameters' in the
 * kernel's bitcode, which every bundle cucc writes holds (read with LLVM's
 * C API, without the functions' bodies).
 *
 * What capture refuses, it refuses with CUDA 13's answers on an H100
 * (lit-tests/graphs/Inputs/expected.graph_capture.txt): waiting for a
 * capturing stream (cudaErrorStreamCaptureUnsupported), work on the
 * legacy stream that would wait for one (cudaErrorStreamCaptureImplicit),
 * allocating during a global capture (cudaErrorStreamCaptureUnsupported);
 * each invalidates the capture, whose later work and end answer
 * cudaErrorStreamCaptureInvalidated.
 *
 *===----------------------------------------------------------------------===*/

#include "CudaGraphs.h"
#include "OffloadBundle.h"

#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*===-- Graphs and nodes --------------------------------------------------===*/

struct CUgraphNode_st {
  enum cudaGraphNodeType Type;
  cudaGraph_t Graph;
  size_t Index; /* in its graph's creation order */
  cudaGraphNode_t *Deps;
  size_t NumDeps;
  /* cudaGraphNodeTypeKernel: the arguments' bytes, each at its offset. */
  struct cudaKernelNodeParams Kernel;
  unsigned char *ArgBytes;
  size_t *ArgOffsets;
  unsigned NumArgs;
  /* cudaGraphNodeTypeMemcpy: a 3D copy (explicit nodes), or rows. */
  bool Is3D;
  struct cudaMemcpy3DParms Copy3D;
  void *Dst;
  const void *Src;
  size_t DstPitch, SrcPitch, Width, Height;
  enum cudaMemcpyKind Kind;
  /* cudaGraphNodeTypeMemset: with the bytes it writes, when its elements
   * are wider than a byte. */
  struct cudaMemsetParams Set;
  unsigned char *Pattern;
  /* cudaGraphNodeTypeHost */
  struct cudaHostNodeParams Host;
};

struct CUgraph_st {
  cudaGraphNode_t *Nodes;
  size_t NumNodes;
};

struct CUgraphExec_st {
  cudaGraph_t Graph;      /* its own copy */
  cudaGraphNode_t *Order; /* every node after those it depends on */
};

static void freeNode(cudaGraphNode_t N) {
  free(N->Deps);
  free(N->ArgBytes);
  free(N->ArgOffsets);
  free(N->Pattern);
  free(N);
}

static void freeGraph(cudaGraph_t G) {
  for (size_t I = 0; I < G->NumNodes; ++I)
    freeNode(G->Nodes[I]);
  free(G->Nodes);
  free(G);
}

static bool inGraph(cudaGraph_t G, const cudaGraphNode_t *Nodes, size_t N) {
  for (size_t I = 0; I < N; ++I)
    if (!Nodes[I] || Nodes[I]->Graph != G)
      return false;
  return true;
}

/* A node of Type at the end of G, after Deps; NULL if out of memory. */
static cudaGraphNode_t addNode(cudaGraph_t G, enum cudaGraphNodeType Type,
                               const cudaGraphNode_t *Deps, size_t NumDeps) {
  cudaGraphNode_t N = calloc(1, sizeof(*N));
  cudaGraphNode_t *Nodes =
      realloc(G->Nodes, (G->NumNodes + 1) * sizeof(cudaGraphNode_t));
  if (!N || !Nodes) {
    free(N);
    if (Nodes)
      G->Nodes = Nodes;
    return NULL;
  }
  G->Nodes = Nodes;
  N->Type = Type;
  N->Graph = G;
  N->Index = G->NumNodes;
  if (NumDeps) {
    N->Deps = malloc(NumDeps * sizeof(cudaGraphNode_t));
    memcpy(N->Deps, Deps, NumDeps * sizeof(cudaGraphNode_t));
    N->NumDeps = NumDeps;
  }
  G->Nodes[G->NumNodes++] = N;
  return N;
}

/* A copy of Src's payload into N (same type), its buffers its own. */
static void copyPayload(cudaGraphNode_t N, cudaGraphNode_t Src) {
  N->Kernel = Src->Kernel;
  N->NumArgs = Src->NumArgs;
  if (Src->NumArgs) {
    size_t Bytes = Src->ArgOffsets[Src->NumArgs];
    N->ArgBytes = malloc(Bytes ? Bytes : 1);
    memcpy(N->ArgBytes, Src->ArgBytes, Bytes);
    N->ArgOffsets = malloc((Src->NumArgs + 1) * sizeof(size_t));
    memcpy(N->ArgOffsets, Src->ArgOffsets,
           (Src->NumArgs + 1) * sizeof(size_t));
  }
  N->Is3D = Src->Is3D;
  N->Copy3D = Src->Copy3D;
  N->Dst = Src->Dst;
  N->Src = Src->Src;
  N->DstPitch = Src->DstPitch;
  N->SrcPitch = Src->SrcPitch;
  N->Width = Src->Width;
  N->Height = Src->Height;
  N->Kind = Src->Kind;
  N->Set = Src->Set;
  if (Src->Pattern) {
    size_t Bytes = Src->Set.width * Src->Set.elementSize;
    N->Pattern = malloc(Bytes);
    memcpy(N->Pattern, Src->Pattern, Bytes);
  }
  N->Host = Src->Host;
}

static cudaGraph_t cloneGraph(cudaGraph_t G) {
  cudaGraph_t C = calloc(1, sizeof(*C));
  if (!C)
    return NULL;
  for (size_t I = 0; I < G->NumNodes; ++I) {
    cudaGraphNode_t From = G->Nodes[I];
    cudaGraphNode_t To = addNode(C, From->Type, From->Deps, From->NumDeps);
    if (!To) {
      freeGraph(C);
      return NULL;
    }
    for (size_t D = 0; D < To->NumDeps; ++D)
      To->Deps[D] = C->Nodes[To->Deps[D]->Index];
    copyPayload(To, From);
  }
  return C;
}

/*===-- Kernel arguments --------------------------------------------------===*/

/* The bytes of each parameter of a kernel, from its bitcode. */
typedef struct {
  const void *Function;
  unsigned NumArgs;
  size_t *Sizes;
} KernelSignature;

static KernelSignature *Signatures;
static size_t NumSignatures;

static size_t parameterBytes(LLVMTargetDataRef Layout, LLVMValueRef F,
                             unsigned I) {
  unsigned ByRef = LLVMGetEnumAttributeKindForName("byref", 5);
  LLVMAttributeRef Attribute = LLVMGetEnumAttributeAtIndex(F, I + 1, ByRef);
  LLVMTypeRef Type = Attribute ? LLVMGetTypeAttributeValue(Attribute)
                               : LLVMTypeOf(LLVMGetParam(F, I));
  return (size_t)LLVMStoreSizeOfType(Layout, Type);
}

/* Reads the signature of DeviceName from the bundle's first bitcode. */
static bool readSignature(const void *Bundle, const char *DeviceName,
                          KernelSignature *S) {
  BundleEntry Entry;
  char Id[256];
  if (!bundleFindEntry(Bundle, BUNDLE_BITCODE_KIND, NULL, &Entry, Id,
                       sizeof(Id)))
    return false;
  LLVMContextRef Context = LLVMContextCreate();
  LLVMMemoryBufferRef Buffer = LLVMCreateMemoryBufferWithMemoryRange(
      Entry.Data, Entry.Bytes, "kernel", 0);
  LLVMModuleRef M;
  bool Found = false;
  if (!LLVMGetBitcodeModuleInContext2(Context, Buffer, &M)) {
    LLVMValueRef F = LLVMGetNamedFunction(M, DeviceName);
    if (F) {
      LLVMTargetDataRef Layout = LLVMGetModuleDataLayout(M);
      S->NumArgs = LLVMCountParams(F);
      S->Sizes = calloc(S->NumArgs + 1, sizeof(size_t));
      for (unsigned I = 0; I < S->NumArgs; ++I)
        S->Sizes[I] = parameterBytes(Layout, F, I);
      Found = true;
    }
    LLVMDisposeModule(M);
  }
  LLVMContextDispose(Context);
  return Found;
}

static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;

/* The signature of a kernel, read at its first capture (under Lock). */
static const KernelSignature *signatureOf(const void *Function) {
  for (size_t I = 0; I < NumSignatures; ++I)
    if (Signatures[I].Function == Function)
      return &Signatures[I];
  const char *DeviceName;
  const void *Bundle;
  KernelSignature S = {Function, 0, NULL};
  if (!cuccKernelImage(Function, &DeviceName, &Bundle) ||
      !readSignature(Bundle, DeviceName, &S))
    return NULL;
  Signatures =
      realloc(Signatures, (NumSignatures + 1) * sizeof(KernelSignature));
  Signatures[NumSignatures] = S;
  return &Signatures[NumSignatures++];
}

/* Copies the kernel launch into N: the arguments' values as they are now. */
static cudaError_t setKernel(cudaGraphNode_t N,
                             const struct cudaKernelNodeParams *P) {
  const KernelSignature *S = signatureOf(P->func);
  if (!S)
    return cudaErrorInvalidDeviceFunction;
  if (S->NumArgs && !P->kernelParams)
    return cudaErrorInvalidValue;
  size_t *Offsets = malloc((S->NumArgs + 1) * sizeof(size_t));
  size_t Total = 0;
  for (unsigned I = 0; I < S->NumArgs; ++I) {
    Offsets[I] = Total;
    Total += (S->Sizes[I] + 15) / 16 * 16;
  }
  Offsets[S->NumArgs] = Total;
  unsigned char *Bytes = malloc(Total ? Total : 1);
  for (unsigned I = 0; I < S->NumArgs; ++I)
    memcpy(Bytes + Offsets[I], P->kernelParams[I], S->Sizes[I]);
  free(N->ArgBytes);
  free(N->ArgOffsets);
  N->Kernel = *P;
  N->Kernel.kernelParams = NULL;
  N->Kernel.extra = NULL;
  N->ArgBytes = Bytes;
  N->ArgOffsets = Offsets;
  N->NumArgs = S->NumArgs;
  return cudaSuccess;
}

/*===-- Doing a node's work -----------------------------------------------===*/

/* The bytes a memset of elements wider than a byte writes in a row. */
static unsigned char *memsetPattern(const struct cudaMemsetParams *P) {
  unsigned char *Row = malloc(P->width * P->elementSize);
  for (size_t E = 0; E < P->width; ++E)
    memcpy(Row + E * P->elementSize, &P->value, P->elementSize);
  return Row;
}

static cudaError_t runMemset(cudaGraphNode_t N, cudaStream_t Stream) {
  const struct cudaMemsetParams *P = &N->Set;
  size_t Pitch = P->height > 1 ? P->pitch : P->width * P->elementSize;
  if (P->elementSize == 1)
    return cudaMemset2DAsync(P->dst, Pitch, (int)(P->value & 0xff), P->width,
                             P->height, Stream);
  for (size_t Row = 0; Row < P->height; ++Row) {
    cudaError_t Error = cudaMemcpyAsync(
        (char *)P->dst + Row * Pitch, N->Pattern, P->width * P->elementSize,
        cudaMemcpyHostToDevice, Stream);
    if (Error)
      return Error;
  }
  return cudaSuccess;
}

static cudaError_t runNode(cudaGraphNode_t N, cudaStream_t Stream) {
  switch (N->Type) {
  case cudaGraphNodeTypeKernel: {
    void *Args[N->NumArgs ? N->NumArgs : 1];
    for (unsigned I = 0; I < N->NumArgs; ++I)
      Args[I] = N->ArgBytes + N->ArgOffsets[I];
    return cudaLaunchKernel(N->Kernel.func, N->Kernel.gridDim,
                            N->Kernel.blockDim, Args, N->Kernel.sharedMemBytes,
                            Stream);
  }
  case cudaGraphNodeTypeMemcpy:
    if (N->Is3D)
      return cudaMemcpy3DAsync(&N->Copy3D, Stream);
    return cudaMemcpy2DAsync(N->Dst, N->DstPitch, N->Src, N->SrcPitch,
                             N->Width, N->Height, N->Kind, Stream);
  case cudaGraphNodeTypeMemset:
    return runMemset(N, Stream);
  case cudaGraphNodeTypeHost:
    return cudaLaunchHostFunc(Stream, N->Host.fn, N->Host.userData);
  default:
    return cudaSuccess;
  }
}

/*===-- Graphs: the API ---------------------------------------------------===*/

cudaError_t cudaGraphCreate(cudaGraph_t *Graph, unsigned Flags) {
  if (!Graph || Flags)
    return cuccRecordError(cudaErrorInvalidValue);
  *Graph = calloc(1, sizeof(**Graph));
  return *Graph ? cudaSuccess : cuccRecordError(cudaErrorMemoryAllocation);
}

cudaError_t cudaGraphDestroy(cudaGraph_t Graph) {
  if (!Graph)
    return cuccRecordError(cudaErrorInvalidValue);
  freeGraph(Graph);
  return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *Clone, cudaGraph_t Graph) {
  if (!Clone || !Graph)
    return cuccRecordError(cudaErrorInvalidValue);
  *Clone = cloneGraph(Graph);
  return *Clone ? cudaSuccess : cuccRecordError(cudaErrorMemoryAllocation);
}

/* A node of Type in Graph after Deps, for the cudaGraphAdd*Node calls. */
static cudaError_t newNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                           enum cudaGraphNodeType Type,
                           const cudaGraphNode_t *Deps, size_t NumDeps) {
  if (!Node || !Graph || (NumDeps && !Deps) || !inGraph(Graph, Deps, NumDeps))
    return cudaErrorInvalidValue;
  *Node = addNode(Graph, Type, Deps, NumDeps);
  return *Node ? cudaSuccess : cudaErrorMemoryAllocation;
}

/* Takes the last node of Graph back (its parameters were refused). */
static void dropLastNode(cudaGraph_t Graph) {
  freeNode(Graph->Nodes[--Graph->NumNodes]);
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t NumDeps,
                                   const struct cudaKernelNodeParams *P) {
  if (!P)
    return cuccRecordError(cudaErrorInvalidValue);
  pthread_mutex_lock(&Lock);
  cudaError_t Error =
      newNode(Node, Graph, cudaGraphNodeTypeKernel, Deps, NumDeps);
  if (!Error && (Error = setKernel(*Node, P)))
    dropLastNode(Graph);
  pthread_mutex_unlock(&Lock);
  return Error ? cuccRecordError(Error) : cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t NumDeps,
                                   const struct cudaMemcpy3DParms *P) {
  if (!P)
    return cuccRecordError(cudaErrorInvalidValue);
  cudaError_t Error =
      newNode(Node, Graph, cudaGraphNodeTypeMemcpy, Deps, NumDeps);
  if (Error)
    return cuccRecordError(Error);
  (*Node)->Is3D = true;
  (*Node)->Copy3D = *P;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                     const cudaGraphNode_t *Deps,
                                     size_t NumDeps, void *Dst,
                                     const void *Src, size_t Count,
                                     enum cudaMemcpyKind Kind) {
  cudaError_t Error =
      newNode(Node, Graph, cudaGraphNodeTypeMemcpy, Deps, NumDeps);
  if (Error)
    return cuccRecordError(Error);
  cudaGraphNode_t N = *Node;
  N->Dst = Dst;
  N->Src = Src;
  N->DstPitch = N->SrcPitch = N->Width = Count;
  N->Height = 1;
  N->Kind = Kind;
  return cudaSuccess;
}

static bool validMemset(const struct cudaMemsetParams *P) {
  return P && P->dst &&
         (P->elementSize == 1 || P->elementSize == 2 || P->elementSize == 4) &&
         (P->height <= 1 || P->pitch >= P->width * P->elementSize);
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t NumDeps,
                                   const struct cudaMemsetParams *P) {
  if (!validMemset(P))
    return cuccRecordError(cudaErrorInvalidValue);
  cudaError_t Error =
      newNode(Node, Graph, cudaGraphNodeTypeMemset, Deps, NumDeps);
  if (Error)
    return cuccRecordError(Error);
  (*Node)->Set = *P;
  if (P->elementSize > 1)
    (*Node)->Pattern = memsetPattern(P);
  return cudaSuccess;
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                 const cudaGraphNode_t *Deps, size_t NumDeps,
                                 const struct cudaHostNodeParams *P) {
  if (!P || !P->fn)
    return cuccRecordError(cudaErrorInvalidValue);
  cudaError_t Error = newNode(Node, Graph, cudaGraphNodeTypeHost, Deps, NumDeps);
  if (Error)
    return cuccRecordError(Error);
  (*Node)->Host = *P;
  return cudaSuccess;
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                  const cudaGraphNode_t *Deps,
                                  size_t NumDeps) {
  cudaError_t Error =
      newNode(Node, Graph, cudaGraphNodeTypeEmpty, Deps, NumDeps);
  return Error ? cuccRecordError(Error) : cudaSuccess;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t Graph,
                                     const cudaGraphNode_t *From,
                                     const cudaGraphNode_t *To, size_t N) {
  if (!Graph || (N && (!From || !To)) || !inGraph(Graph, From, N) ||
      !inGraph(Graph, To, N))
    return cuccRecordError(cudaErrorInvalidValue);
  for (size_t I = 0; I < N; ++I) {
    cudaGraphNode_t Node = To[I];
    Node->Deps = realloc(Node->Deps, (Node->NumDeps + 1) * sizeof(*Node->Deps));
    Node->Deps[Node->NumDeps++] = From[I];
  }
  return cudaSuccess;
}

/* Up to *Count of Graph's nodes that Wanted accepts (all, if Wanted is
 * NULL) into Nodes, the rest of Nodes NULL, and *Count their number; with
 * no Nodes, only the number. */
static cudaError_t listNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes,
                             size_t *Count, bool RootsOnly) {
  if (!Graph || !Count || (Nodes && !*Count))
    return cuccRecordError(cudaErrorInvalidValue);
  size_t Found = 0;
  for (size_t I = 0; I < Graph->NumNodes; ++I) {
    if (RootsOnly && Graph->Nodes[I]->NumDeps)
      continue;
    if (Nodes && Found < *Count)
      Nodes[Found] = Graph->Nodes[I];
    ++Found;
  }
  for (size_t I = Found; Nodes && I < *Count; ++I)
    Nodes[I] = NULL;
  *Count = Found;
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes,
                              size_t *Count) {
  return listNodes(Graph, Nodes, Count, false);
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes,
                                  size_t *Count) {
  return listNodes(Graph, Nodes, Count, true);
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t Node,
                                 enum cudaGraphNodeType *Type) {
  if (!Node || !Type)
    return cuccRecordError(cudaErrorInvalidValue);
  *Type = Node->Type;
  return cudaSuccess;
}

/* The parameters point at the node's own copies of the arguments. */
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t Node,
                                         struct cudaKernelNodeParams *P) {
  if (!Node || !P || Node->Type != cudaGraphNodeTypeKernel)
    return cuccRecordError(cudaErrorInvalidValue);
  static _Thread_local void *Args[256];
  for (unsigned I = 0; I < Node->NumArgs && I < 256; ++I)
    Args[I] = Node->ArgBytes + Node->ArgOffsets[I];
  *P = Node->Kernel;
  P->kernelParams = Args;
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t Node,
                                         const struct cudaKernelNodeParams *P) {
  if (!Node || !P || Node->Type != cudaGraphNodeTypeKernel)
    return cuccRecordError(cudaErrorInvalidValue);
  pthread_mutex_lock(&Lock);
  cudaError_t Error = setKernel(Node, P);
  pthread_mutex_unlock(&Lock);
  return Error ? cuccRecordError(Error) : cudaSuccess;
}

/*===-- Executable graphs -------------------------------------------------===*/

/* Kahn's order, the earliest created ready node first: creation order
 * where that keeps the dependencies. False for a cycle. */
static bool orderNodes(cudaGraph_t G, cudaGraphNode_t *Order) {
  size_t N = G->NumNodes, Done = 0;
  bool *Placed = calloc(N ? N : 1, sizeof(bool));
  while (Done < N) {
    size_t I = 0;
    for (; I < N; ++I) {
      if (Placed[I])
        continue;
      bool Ready = true;
      for (size_t D = 0; D < G->Nodes[I]->NumDeps && Ready; ++D)
        Ready = Placed[G->Nodes[I]->Deps[D]->Index];
      if (Ready)
        break;
    }
    if (I == N)
      break;
    Placed[I] = true;
    Order[Done++] = G->Nodes[I];
  }
  free(Placed);
  return Done == N;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *Exec, cudaGraph_t Graph,
                                 unsigned long long Flags) {
  (void)Flags;
  if (!Exec || !Graph)
    return cuccRecordError(cudaErrorInvalidValue);
  cudaGraphExec_t E = calloc(1, sizeof(*E));
  if (!E || !(E->Graph = cloneGraph(Graph))) {
    free(E);
    return cuccRecordError(cudaErrorMemoryAllocation);
  }
  E->Order = malloc((Graph->NumNodes ? Graph->NumNodes : 1) *
                    sizeof(cudaGraphNode_t));
  if (!orderNodes(E->Graph, E->Order)) {
    cudaGraphExecDestroy(E);
    return cuccRecordError(cudaErrorInvalidValue);
  }
  *Exec = E;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *Exec,
                                          cudaGraph_t Graph,
                                          unsigned long long Flags) {
  return cudaGraphInstantiate(Exec, Graph, Flags);
}

cudaError_t cudaGraphUpload(cudaGraphExec_t Exec, cudaStream_t Stream) {
  (void)Stream;
  return Exec ? cudaSuccess : cuccRecordError(cudaErrorInvalidValue);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t Exec, cudaStream_t Stream) {
  if (!Exec)
    return cuccRecordError(cudaErrorInvalidValue);
  for (size_t I = 0; I < Exec->Graph->NumNodes; ++I) {
    cudaError_t Error = runNode(Exec->Order[I], Stream);
    if (Error)
      return Error;
  }
  return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t Exec) {
  if (!Exec)
    return cuccRecordError(cudaErrorInvalidValue);
  freeGraph(Exec->Graph);
  free(Exec->Order);
  free(Exec);
  return cudaSuccess;
}

/*===-- Stream capture ----------------------------------------------------===*/

typedef struct {
  cudaGraph_t Graph;
  enum cudaStreamCaptureMode Mode;
  pthread_t Thread;
  cudaStream_t Origin;
  bool Invalidated;
} Capture;

/* A set of nodes that the next work depends on. */
typedef struct {
  cudaGraphNode_t *Nodes;
  size_t Count;
} Frontier;

/* A stream in a capture, or an event recorded in one. */
typedef struct {
  void *Handle;
  Capture *C;
  Frontier F;
} Member;

static Member *Streams, *Events;
static size_t NumStreams, NumEvents;
static int Captures; /* how many are active, read without the lock */

static Member *findMember(Member *Members, size_t N, void *Handle) {
  for (size_t I = 0; I < N; ++I)
    if (Members[I].Handle == Handle)
      return &Members[I];
  return NULL;
}

static void addMember(Member **Members, size_t *N, void *Handle, Capture *C,
                      Frontier F) {
  *Members = realloc(*Members, (*N + 1) * sizeof(Member));
  (*Members)[(*N)++] = (Member){Handle, C, F};
}

static void removeMember(Member *Members, size_t *N, Member *M) {
  free(M->F.Nodes);
  *M = Members[--*N];
}

static Frontier copyFrontier(Frontier F) {
  Frontier C = {NULL, F.Count};
  if (F.Count) {
    C.Nodes = malloc(F.Count * sizeof(cudaGraphNode_t));
    memcpy(C.Nodes, F.Nodes, F.Count * sizeof(cudaGraphNode_t));
  }
  return C;
}

static void mergeFrontier(Frontier *Into, Frontier From) {
  for (size_t I = 0; I < From.Count; ++I) {
    bool Have = false;
    for (size_t J = 0; J < Into->Count && !Have; ++J)
      Have = Into->Nodes[J] == From.Nodes[I];
    if (Have)
      continue;
    Into->Nodes =
        realloc(Into->Nodes, (Into->Count + 1) * sizeof(cudaGraphNode_t));
    Into->Nodes[Into->Count++] = From.Nodes[I];
  }
}

static bool isLegacy(cudaStream_t Stream) {
  return Stream == NULL || Stream == cudaStreamLegacy;
}

/* Invalidates every active capture (Global ones and this thread's
 * ThreadLocal ones only, if GlobalOnly). Returns whether any was. */
static bool invalidateCaptures(bool GlobalOnly) {
  bool Any = false;
  for (size_t I = 0; I < NumStreams; ++I) {
    Capture *C = Streams[I].C;
    if (GlobalOnly && C->Mode != cudaStreamCaptureModeGlobal &&
        !(C->Mode == cudaStreamCaptureModeThreadLocal &&
          pthread_equal(C->Thread, pthread_self())))
      continue;
    C->Invalidated = true;
    Any = true;
  }
  return Any;
}

/* The stream's place in a capture, or NULL. Under Lock. */
static Member *capturingStream(cudaStream_t Stream) {
  return findMember(Streams, NumStreams, Stream);
}

/* Work for Stream: NotCaptured, a refusal, or the new node of Type (in
 * *Node) after the stream's frontier, which it becomes. Under Lock. */
static cudaError_t captureNode(cudaStream_t Stream,
                               enum cudaGraphNodeType Type,
                               cudaGraphNode_t *Node) {
  if (isLegacy(Stream))
    return invalidateCaptures(false) ? cudaErrorStreamCaptureImplicit
                                     : NotCaptured;
  Member *S = capturingStream(Stream);
  if (!S)
    return NotCaptured;
  if (S->C->Invalidated)
    return cudaErrorStreamCaptureInvalidated;
  *Node = addNode(S->C->Graph, Type, S->F.Nodes, S->F.Count);
  if (!*Node)
    return cudaErrorMemoryAllocation;
  S->F.Nodes = realloc(S->F.Nodes, sizeof(cudaGraphNode_t));
  S->F.Nodes[0] = *Node;
  S->F.Count = 1;
  return cudaSuccess;
}

cudaError_t captureKernel(const void *Function, dim3 Grid, dim3 Block,
                          void **Args, size_t SharedBytes,
                          cudaStream_t Stream) {
  if (!__atomic_load_n(&Captures, __ATOMIC_ACQUIRE))
    return NotCaptured;
  pthread_mutex_lock(&Lock);
  cudaGraphNode_t N;
  cudaError_t Error = captureNode(Stream, cudaGraphNodeTypeKernel, &N);
  if (!Error) {
    struct cudaKernelNodeParams P = {(void *)Function, Grid,
                                     Block,            (unsigned)SharedBytes,
                                     Args,             NULL};
    Error = setKernel(N, &P);
  }
  pthread_mutex_unlock(&Lock);
  return Error;
}

cudaError_t captureCopy(void *Dst, size_t DstPitch, const void *Src,
                        size_t SrcPitch, size_t Width, size_t Height,
                        enum cudaMemcpyKind Kind, cudaStream_t Stream,
                        bool Async) {
  if (!__atomic_load_n(&Captures, __ATOMIC_ACQUIRE))
    return NotCaptured;
  pthread_mutex_lock(&Lock);
  cudaGraphNode_t N;
  cudaError_t Error =
      captureNode(Async ? Stream : NULL, cudaGraphNodeTypeMemcpy, &N);
  if (!Error) {
    N->Dst = Dst;
    N->DstPitch = DstPitch;
    N->Src = Src;
    N->SrcPitch = SrcPitch;
    N->Width = Width;
    N->Height = Height;
    N->Kind = Kind;
  }
  pthread_mutex_unlock(&Lock);
  return Error;
}

cudaError_t captureFill(void *Ptr, int Value, size_t Bytes,
                        cudaStream_t Stream, bool Async) {
  if (!__atomic_load_n(&Captures, __ATOMIC_ACQUIRE))
    return NotCaptured;
  pthread_mutex_lock(&Lock);
  cudaGraphNode_t N;
  cudaError_t Error =
      captureNode(Async ? Stream : NULL, cudaGraphNodeTypeMemset, &N);
  if (!Error)
    N->Set = (struct cudaMemsetParams){Ptr, Bytes, (unsigned)Value & 0xff, 1,
                                       Bytes, 1};
  pthread_mutex_unlock(&Lock);
  return Error;
}

cudaError_t captureHostFunction(cudaStream_t Stream, cudaHostFn_t Function,
                                void *UserData) {
  if (!__atomic_load_n(&Captures, __ATOMIC_ACQUIRE))
    return NotCaptured;
  pthread_mutex_lock(&Lock);
  cudaGraphNode_t N;
  cudaError_t Error = captureNode(Stream, cudaGraphNodeTypeHost, &N);
  if (!Error)
    N->Host = (struct cudaHostNodeParams){Function, UserData};
  pthread_mutex_unlock(&Lock);
  return Error;
}

/* An event recorded in a capturing stream keeps the stream's frontier; one
 * recorded elsewhere is an event again. */
cudaError_t captureEventRecord(cudaEvent_t Event, cudaStream_t Stream) {
  if (!__atomic_load_n(&Captures, __ATOMIC_ACQUIRE))
    return NotCaptured;
  pthread_mutex_lock(&Lock);
  cudaError_t Error = NotCaptured;
  Member *E = findMember(Events, NumEvents, Event);
  Member *S = capturingStream(Stream);
  if (E)
    removeMember(Events, &NumEvents, E);
  if (S) {
    Error = S->C->Invalidated ? cudaErrorStreamCaptureInvalidated
                              : cudaSuccess;
    addMember(&Events, &NumEvents, Event, S->C, copyFrontier(S->F));
  }
  pthread_mutex_unlock(&Lock);
  return Error;
}

/* A stream that waits for an event of a capture joins it (or, in it,
 * depends on the event's frontier too). */
cudaError_t captureStreamWaitEvent(cudaStream_t Stream, cudaEvent_t Event) {
  if (!__atomic_load_n(&Captures, __ATOMIC_ACQUIRE))
    return NotCaptured;
  pthread_mutex_lock(&Lock);
  cudaError_t Error = NotCaptured;
  Member *E = findMember(Events, NumEvents, Event);
  Member *S = capturingStream(Stream);
  if (E && !isLegacy(Stream)) {
    if (!S)
      addMember(&Streams, &NumStreams, Stream, E->C, copyFrontier(E->F));
    else if (S->C == E->C)
      mergeFrontier(&S->F, E->F);
    Error = S && S->C != E->C ? cudaErrorStreamCaptureIsolation
            : E->C->Invalidated ? cudaErrorStreamCaptureInvalidated
                                : cudaSuccess;
  } else if (S) {
    Error = S->C->Invalidated ? cudaErrorStreamCaptureInvalidated
                              : cudaSuccess;
  }
  pthread_mutex_unlock(&Lock);
  return Error;
}

cudaError_t captureStreamWait(cudaStream_t Stream) {
  if (!__atomic_load_n(&Captures, __ATOMIC_ACQUIRE))
    return NotCaptured;
  pthread_mutex_lock(&Lock);
  cudaError_t Error = NotCaptured;
  Member *S = capturingStream(Stream);
  if (S) {
    S->C->Invalidated = true;
    Error = cudaErrorStreamCaptureUnsupported;
  } else if (isLegacy(Stream) && invalidateCaptures(false)) {
    Error = cudaErrorStreamCaptureImplicit;
  }
  pthread_mutex_unlock(&Lock);
  return Error;
}

cudaError_t captureAllocation(void) {
  if (!__atomic_load_n(&Captures, __ATOMIC_ACQUIRE))
    return NotCaptured;
  pthread_mutex_lock(&Lock);
  cudaError_t Error =
      invalidateCaptures(true) ? cudaErrorStreamCaptureUnsupported
                               : NotCaptured;
  pthread_mutex_unlock(&Lock);
  return Error;
}

cudaError_t cudaStreamBeginCapture(cudaStream_t Stream,
                                   enum cudaStreamCaptureMode Mode) {
  if (isLegacy(Stream))
    return cuccRecordError(cudaErrorStreamCaptureUnsupported);
  if ((unsigned)Mode > cudaStreamCaptureModeRelaxed)
    return cuccRecordError(cudaErrorInvalidValue);
  pthread_mutex_lock(&Lock);
  cudaError_t Error = cudaSuccess;
  Capture *C = NULL;
  if (capturingStream(Stream))
    Error = cudaErrorIllegalState;
  else if (!(C = calloc(1, sizeof(*C))) ||
           !(C->Graph = calloc(1, sizeof(*C->Graph))))
    Error = cudaErrorMemoryAllocation;
  if (!Error) {
    C->Mode = Mode;
    C->Thread = pthread_self();
    C->Origin = Stream;
    addMember(&Streams, &NumStreams, Stream, C, (Frontier){NULL, 0});
    __atomic_add_fetch(&Captures, 1, __ATOMIC_RELEASE);
  } else if (C) {
    free(C);
  }
  pthread_mutex_unlock(&Lock);
  return Error ? cuccRecordError(Error) : cudaSuccess;
}

/* Every stream and event leaves the capture; the graph is the program's,
 * unless the capture was invalidated. */
cudaError_t cudaStreamEndCapture(cudaStream_t Stream, cudaGraph_t *Graph) {
  if (!Graph)
    return cuccRecordError(cudaErrorInvalidValue);
  pthread_mutex_lock(&Lock);
  Member *S = capturingStream(Stream);
  Capture *C = S ? S->C : NULL;
  cudaError_t Error = !C                    ? cudaErrorIllegalState
                      : C->Origin != Stream ? cudaErrorStreamCaptureUnmatched
                                            : cudaSuccess;
  if (!Error) {
    for (size_t I = NumStreams; I-- > 0;)
      if (Streams[I].C == C)
        removeMember(Streams, &NumStreams, &Streams[I]);
    for (size_t I = NumEvents; I-- > 0;)
      if (Events[I].C == C)
        removeMember(Events, &NumEvents, &Events[I]);
    __atomic_sub_fetch(&Captures, 1, __ATOMIC_RELEASE);
    if (C->Invalidated) {
      freeGraph(C->Graph);
      *Graph = NULL;
      Error = cudaErrorStreamCaptureInvalidated;
    } else {
      *Graph = C->Graph;
    }
    free(C);
  }
  pthread_mutex_unlock(&Lock);
  return Error ? cuccRecordError(Error) : cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t Stream,
                                  enum cudaStreamCaptureStatus *Status) {
  if (!Status)
    return cuccRecordError(cudaErrorInvalidValue);
  pthread_mutex_lock(&Lock);
  Member *S = capturingStream(Stream);
  bool Implicit = isLegacy(Stream) && NumStreams;
  *Status = !S                ? cudaStreamCaptureStatusNone
            : S->C->Invalidated ? cudaStreamCaptureStatusInvalidated
                                : cudaStreamCaptureStatusActive;
  pthread_mutex_unlock(&Lock);
  return Implicit ? cuccRecordError(cudaErrorStreamCaptureImplicit)
                  : cudaSuccess;
}

static _Thread_local enum cudaStreamCaptureMode ThreadCaptureMode;

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *Mode) {
  if (!Mode)
    return cuccRecordError(cudaErrorInvalidValue);
  enum cudaStreamCaptureMode Previous = ThreadCaptureMode;
  ThreadCaptureMode = *Mode;
  *Mode = Previous;
  return cudaSuccess;
}
