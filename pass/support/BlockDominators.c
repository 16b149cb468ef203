/*===- BlockDominators.c - Dominators of a function's blocks ---------------===*
 *
 * Cooper, Harvey and Kennedy's iterative algorithm ("A Simple, Fast
 * Dominance Algorithm"), run twice over one graph of the function's blocks
 * and a virtual exit that every block without successors branches to:
 * forwards from the entry for dominators, backwards from the virtual exit
 * for post-dominators.
 *
 *===----------------------------------------------------------------------===*/

#include "support/BlockDominators.h"

#include <stdint.h>
#include <stdlib.h>

/* Edges of NumNodes nodes: node N's targets are Edges[Start[N] ..
 * Start[N + 1]). */
typedef struct {
  unsigned *Start, *Edges;
} Adjacency;

typedef struct {
  int *Parent;       /* immediate dominator; -1 where unreachable */
  unsigned *PostNum; /* position in a depth-first post-order */
  unsigned Root;
} Tree;

struct WarpBlockTrees {
  unsigned NumBlocks, TableSize;
  LLVMBasicBlockRef *Blocks;
  LLVMBasicBlockRef *TableKeys;
  unsigned *TableValues;
  Tree Dom, PostDom;
};

static unsigned hashBlock(LLVMBasicBlockRef BB, unsigned Size) {
  uintptr_t X = (uintptr_t)BB;
  return (unsigned)((X >> 4) ^ (X >> 17)) & (Size - 1);
}

static unsigned slotOf(const WarpBlockTrees *T, LLVMBasicBlockRef BB) {
  unsigned H = hashBlock(BB, T->TableSize);
  while (T->TableKeys[H] && T->TableKeys[H] != BB)
    H = (H + 1) & (T->TableSize - 1);
  return H;
}

/* BB's index, or -1 for a block of another function. */
static int indexOf(const WarpBlockTrees *T, LLVMBasicBlockRef BB) {
  unsigned H = slotOf(T, BB);
  return T->TableKeys[H] ? (int)T->TableValues[H] : -1;
}

/* The forward graph (successors, and the virtual exit) and its reverse. */
static void buildGraphs(const WarpBlockTrees *T, Adjacency *Forward,
                        Adjacency *Backward) {
  unsigned N = T->NumBlocks, NumEdges = 0;
  unsigned *Out = calloc(N + 1, sizeof(unsigned));
  unsigned *In = calloc(N + 1, sizeof(unsigned));
  for (unsigned B = 0; B < N; ++B) {
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(T->Blocks[B]);
    unsigned Count = Term ? LLVMGetNumSuccessors(Term) : 0;
    for (unsigned S = 0; S < Count; ++S) {
      int To = indexOf(T, LLVMGetSuccessor(Term, S));
      ++Out[B];
      ++In[To];
    }
    if (!Count) {
      ++Out[B];
      ++In[N];
    }
    NumEdges += Count ? Count : 1;
  }
  Forward->Start = calloc(N + 2, sizeof(unsigned));
  Backward->Start = calloc(N + 2, sizeof(unsigned));
  for (unsigned B = 0; B <= N; ++B) {
    Forward->Start[B + 1] = Forward->Start[B] + Out[B];
    Backward->Start[B + 1] = Backward->Start[B] + In[B];
    Out[B] = Forward->Start[B];
    In[B] = Backward->Start[B];
  }
  Forward->Edges = malloc((NumEdges + 1) * sizeof(unsigned));
  Backward->Edges = malloc((NumEdges + 1) * sizeof(unsigned));
  for (unsigned B = 0; B < N; ++B) {
    LLVMValueRef Term = LLVMGetBasicBlockTerminator(T->Blocks[B]);
    unsigned Count = Term ? LLVMGetNumSuccessors(Term) : 0;
    for (unsigned S = 0; S < Count; ++S) {
      unsigned To = (unsigned)indexOf(T, LLVMGetSuccessor(Term, S));
      Forward->Edges[Out[B]++] = To;
      Backward->Edges[In[To]++] = B;
    }
    if (!Count) {
      Forward->Edges[Out[B]++] = N;
      Backward->Edges[In[N]++] = B;
    }
  }
  free(Out);
  free(In);
}

static void disposeAdjacency(Adjacency *A) {
  free(A->Start);
  free(A->Edges);
}

/* Numbers the nodes reachable from Root in post-order; returns them in
 * that order in *Order, their count as the result. */
static unsigned postOrder(unsigned NumNodes, unsigned Root,
                          const Adjacency *Succ, unsigned *PostNum,
                          unsigned *Order) {
  unsigned *Stack = malloc(NumNodes * sizeof(unsigned));
  unsigned *NextEdge = malloc(NumNodes * sizeof(unsigned));
  bool *Seen = calloc(NumNodes, sizeof(bool));
  unsigned Depth = 0, Count = 0;
  Stack[Depth++] = Root;
  NextEdge[Root] = Succ->Start[Root];
  Seen[Root] = true;
  while (Depth) {
    unsigned Node = Stack[Depth - 1];
    if (NextEdge[Node] < Succ->Start[Node + 1]) {
      unsigned To = Succ->Edges[NextEdge[Node]++];
      if (!Seen[To]) {
        Seen[To] = true;
        NextEdge[To] = Succ->Start[To];
        Stack[Depth++] = To;
      }
      continue;
    }
    --Depth;
    PostNum[Node] = Count;
    Order[Count++] = Node;
  }
  free(Stack);
  free(NextEdge);
  free(Seen);
  return Count;
}

static unsigned intersect(const Tree *T, unsigned A, unsigned B) {
  while (A != B) {
    while (T->PostNum[A] < T->PostNum[B])
      A = (unsigned)T->Parent[A];
    while (T->PostNum[B] < T->PostNum[A])
      B = (unsigned)T->Parent[B];
  }
  return A;
}

static void computeTree(Tree *T, unsigned NumNodes, unsigned Root,
                        const Adjacency *Succ, const Adjacency *Pred) {
  T->Root = Root;
  T->Parent = malloc(NumNodes * sizeof(int));
  T->PostNum = malloc(NumNodes * sizeof(unsigned));
  unsigned *Order = malloc(NumNodes * sizeof(unsigned));
  for (unsigned N = 0; N < NumNodes; ++N)
    T->Parent[N] = -1;
  unsigned Count = postOrder(NumNodes, Root, Succ, T->PostNum, Order);
  T->Parent[Root] = (int)Root;
  for (bool Changed = true; Changed;) {
    Changed = false;
    /* Reverse post-order, the root (last) excepted. */
    for (unsigned K = Count - 1; K-- > 0;) {
      unsigned Node = Order[K];
      int New = -1;
      for (unsigned E = Pred->Start[Node]; E < Pred->Start[Node + 1]; ++E) {
        unsigned From = Pred->Edges[E];
        if (T->Parent[From] < 0)
          continue;
        New = New < 0 ? (int)From : (int)intersect(T, From, (unsigned)New);
      }
      if (New != T->Parent[Node]) {
        T->Parent[Node] = New;
        Changed = true;
      }
    }
  }
  free(Order);
}

WarpBlockTrees *warpComputeBlockTrees(LLVMValueRef F) {
  WarpBlockTrees *T = calloc(1, sizeof(WarpBlockTrees));
  T->NumBlocks = LLVMCountBasicBlocks(F);
  T->TableSize = 16;
  while (T->TableSize < 2 * T->NumBlocks)
    T->TableSize *= 2;
  T->Blocks = malloc((T->NumBlocks + 1) * sizeof(LLVMBasicBlockRef));
  T->TableKeys = calloc(T->TableSize, sizeof(LLVMBasicBlockRef));
  T->TableValues = calloc(T->TableSize, sizeof(unsigned));
  LLVMGetBasicBlocks(F, T->Blocks);
  for (unsigned B = 0; B < T->NumBlocks; ++B) {
    unsigned H = slotOf(T, T->Blocks[B]);
    T->TableKeys[H] = T->Blocks[B];
    T->TableValues[H] = B;
  }
  Adjacency Forward, Backward;
  buildGraphs(T, &Forward, &Backward);
  unsigned NumNodes = T->NumBlocks + 1;
  computeTree(&T->Dom, NumNodes, 0, &Forward, &Backward);
  computeTree(&T->PostDom, NumNodes, T->NumBlocks, &Backward, &Forward);
  disposeAdjacency(&Forward);
  disposeAdjacency(&Backward);
  return T;
}

void warpDisposeBlockTrees(WarpBlockTrees *T) {
  if (!T)
    return;
  free(T->Blocks);
  free(T->TableKeys);
  free(T->TableValues);
  free(T->Dom.Parent);
  free(T->Dom.PostNum);
  free(T->PostDom.Parent);
  free(T->PostDom.PostNum);
  free(T);
}

static bool treeDominates(const Tree *T, int A, int B) {
  if (A < 0 || B < 0 || T->Parent[A] < 0 || T->Parent[B] < 0)
    return false;
  for (unsigned X = (unsigned)B;; X = (unsigned)T->Parent[X]) {
    if (X == (unsigned)A)
      return true;
    if (X == T->Root)
      return false;
  }
}

bool warpBlockDominates(const WarpBlockTrees *T, LLVMBasicBlockRef A,
                        LLVMBasicBlockRef B) {
  return treeDominates(&T->Dom, indexOf(T, A), indexOf(T, B));
}

bool warpBlockPostDominates(const WarpBlockTrees *T, LLVMBasicBlockRef A,
                            LLVMBasicBlockRef B) {
  return treeDominates(&T->PostDom, indexOf(T, A), indexOf(T, B));
}

/* The nearest common ancestor of blocks A and B, or NULL where there is
 * none in the function's blocks. */
static LLVMBasicBlockRef commonAncestor(const WarpBlockTrees *T,
                                        const Tree *Tr, LLVMBasicBlockRef A,
                                        LLVMBasicBlockRef B) {
  int IA = indexOf(T, A), IB = indexOf(T, B);
  if (IA < 0 || IB < 0 || Tr->Parent[IA] < 0 || Tr->Parent[IB] < 0)
    return NULL;
  unsigned Common = intersect(Tr, (unsigned)IA, (unsigned)IB);
  return Common < T->NumBlocks ? T->Blocks[Common] : NULL;
}

LLVMBasicBlockRef warpCommonDominator(const WarpBlockTrees *T,
                                      LLVMBasicBlockRef A,
                                      LLVMBasicBlockRef B) {
  return commonAncestor(T, &T->Dom, A, B);
}

LLVMBasicBlockRef warpCommonPostDominator(const WarpBlockTrees *T,
                                          LLVMBasicBlockRef A,
                                          LLVMBasicBlockRef B) {
  return commonAncestor(T, &T->PostDom, A, B);
}
