// graph_capture.cu - What CUDA's graphs do: stream capture records the
// stream's work instead of running it (kernels with their arguments' values
// at capture, copies, memsets, host functions), across streams forked and
// joined with events; the graph's nodes; explicit nodes and their
// dependencies; cloning; each launch replays the work in order; and the
// answers of capture to what it cannot record. Run with nvcc on an NVIDIA
// GPU its output is the ground truth (expected.graph_capture.txt, from an
// H100); cucc's build must print the same.
#include <cuda_runtime.h>

#include <stdio.h>
#include <string.h>

#define SHOW(call) printf("%-60s -> %d\n", #call, (int)(call))

__global__ void addKernel(int *p, int v) { p[threadIdx.x] += v; }
__global__ void scaleKernel(int *p, int s) { p[threadIdx.x] *= s; }

static int HostCalls;
static void CUDART_CB countCall(void *data) {
  HostCalls += 1;
  int *seen = (int *)data;
  printf("host function sees %d\n", *seen);
}

static void printInts(const char *what, const int *v, int n) {
  printf("%s:", what);
  for (int i = 0; i < n; ++i)
    printf(" %d", v[i]);
  printf("\n");
}

static void printNodes(cudaGraph_t g) {
  size_t n = 0, roots = 0;
  cudaGraphGetNodes(g, NULL, &n);
  cudaGraphGetRootNodes(g, NULL, &roots);
  printf("nodes %zu, roots %zu:", n, roots);
  cudaGraphNode_t nodes[64];
  size_t got = n < 64 ? n : 64;
  cudaGraphGetNodes(g, nodes, &got);
  for (size_t i = 0; i < got; ++i) {
    cudaGraphNodeType t;
    cudaGraphNodeGetType(nodes[i], &t);
    printf(" %d", (int)t);
  }
  printf("\n");
}

/* One stream: a copy in, a memset, two kernels, a copy out, a host
 * function; nothing runs until the graph is launched. */
static void captureOneStream(int *d) {
  int in[8], out[8];
  for (int i = 0; i < 8; ++i) {
    in[i] = i + 1;
    out[i] = -1;
  }
  cudaStream_t s, other;
  cudaStreamCreate(&s);
  cudaStreamCreate(&other);
  cudaStreamCaptureStatus status;
  SHOW(cudaStreamIsCapturing(s, &status));
  printf("status before %d\n", (int)status);
  SHOW(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  SHOW(cudaStreamIsCapturing(s, &status));
  printf("status during %d\n", (int)status);
  SHOW(cudaStreamIsCapturing(other, &status));
  printf("other stream during %d\n", (int)status);
  int add = 5;
  SHOW(cudaMemcpyAsync(d, in, sizeof(in), cudaMemcpyHostToDevice, s));
  SHOW(cudaMemsetAsync(d + 6, 0, 2 * sizeof(int), s));
  addKernel<<<1, 8, 0, s>>>(d, add);
  SHOW(cudaGetLastError());
  add = 100;
  scaleKernel<<<1, 8, 0, s>>>(d, 3);
  SHOW(cudaMemcpyAsync(out, d, sizeof(out), cudaMemcpyDeviceToHost, s));
  SHOW(cudaLaunchHostFunc(s, countCall, &out[0]));
  printInts("out before end", out, 8);
  printf("host calls before end %d\n", HostCalls);
  cudaGraph_t g = NULL;
  SHOW(cudaStreamEndCapture(s, &g));
  printf("graph %s\n", g ? "made" : "null");
  SHOW(cudaStreamIsCapturing(s, &status));
  printf("status after %d\n", (int)status);
  printNodes(g);
  cudaGraphExec_t e = NULL;
  SHOW(cudaGraphInstantiate(&e, g, 0));
  printInts("out after instantiate", out, 8);
  for (int i = 0; i < 2; ++i) {
    for (int k = 0; k < 8; ++k)
      out[k] = -1;
    SHOW(cudaGraphLaunch(e, s));
    SHOW(cudaStreamSynchronize(s));
    printInts("out after launch", out, 8);
  }
  in[0] = 1000; /* the copy reads the host buffer at each launch */
  SHOW(cudaGraphLaunch(e, other));
  SHOW(cudaStreamSynchronize(other));
  printInts("out after launch on another stream", out, 8);
  printf("host calls %d\n", HostCalls);
  SHOW(cudaGraphExecDestroy(e));
  SHOW(cudaGraphDestroy(g));
  cudaStreamDestroy(s);
  cudaStreamDestroy(other);
}

/* Three streams forked from the capturing one by an event and joined back
 * by events, as simpleCudaGraphs does. */
static void captureForkJoin(int *d) {
  cudaStream_t s1, s2, s3;
  cudaEvent_t fork, join2, join3;
  cudaStreamCreate(&s1);
  cudaStreamCreate(&s2);
  cudaStreamCreate(&s3);
  cudaEventCreate(&fork);
  cudaEventCreate(&join2);
  cudaEventCreate(&join3);
  int out[8];
  cudaStreamCaptureStatus status;
  SHOW(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  SHOW(cudaEventRecord(fork, s1));
  SHOW(cudaStreamIsCapturing(s2, &status));
  printf("s2 before joining %d\n", (int)status);
  SHOW(cudaStreamWaitEvent(s2, fork, 0));
  SHOW(cudaStreamWaitEvent(s3, fork, 0));
  SHOW(cudaStreamIsCapturing(s2, &status));
  printf("s2 after joining %d\n", (int)status);
  SHOW(cudaMemsetAsync(d, 0, 4 * sizeof(int), s1));
  SHOW(cudaMemsetAsync(d + 4, 0, 4 * sizeof(int), s2));
  addKernel<<<1, 4, 0, s2>>>(d + 4, 7);
  SHOW(cudaEventRecord(join2, s2));
  addKernel<<<1, 4, 0, s3>>>(d + 4, 0);
  SHOW(cudaEventRecord(join3, s3));
  addKernel<<<1, 4, 0, s1>>>(d, 2);
  SHOW(cudaStreamWaitEvent(s1, join2, 0));
  SHOW(cudaStreamWaitEvent(s1, join3, 0));
  scaleKernel<<<1, 8, 0, s1>>>(d, 10);
  SHOW(cudaMemcpyAsync(out, d, sizeof(out), cudaMemcpyDefault, s1));
  cudaGraph_t g = NULL;
  SHOW(cudaStreamEndCapture(s1, &g));
  SHOW(cudaStreamIsCapturing(s2, &status));
  printf("s2 after end %d\n", (int)status);
  printNodes(g);
  cudaGraphExec_t e;
  SHOW(cudaGraphInstantiate(&e, g, 0));
  SHOW(cudaGraphLaunch(e, s1));
  SHOW(cudaStreamSynchronize(s1));
  printInts("fork-join out", out, 8);
  cudaGraph_t clone;
  cudaGraphExec_t ce;
  SHOW(cudaGraphClone(&clone, g));
  printNodes(clone);
  SHOW(cudaGraphInstantiateWithFlags(&ce, clone, 0));
  for (int k = 0; k < 8; ++k)
    out[k] = -1;
  SHOW(cudaGraphLaunch(ce, s3));
  SHOW(cudaStreamSynchronize(s3));
  printInts("clone out", out, 8);
  cudaGraphExecDestroy(e);
  cudaGraphExecDestroy(ce);
  cudaGraphDestroy(g);
  cudaGraphDestroy(clone);
  cudaEventDestroy(fork);
  cudaEventDestroy(join2);
  cudaEventDestroy(join3);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
  cudaStreamDestroy(s3);
}

/* The explicit API: memcpy (3D parameters), memset (elements of 1, 2 or 4
 * bytes, rows at a pitch), kernel and host nodes with dependencies. */
static void explicitNodes(int *d) {
  int in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
  cudaGraph_t g;
  SHOW(cudaGraphCreate(&g, 0));
  cudaMemcpy3DParms copyIn;
  memset(&copyIn, 0, sizeof(copyIn));
  copyIn.srcPtr = make_cudaPitchedPtr(in, sizeof(in), 8, 1);
  copyIn.dstPtr = make_cudaPitchedPtr(d, sizeof(in), 8, 1);
  copyIn.extent = make_cudaExtent(sizeof(in), 1, 1);
  copyIn.kind = cudaMemcpyHostToDevice;
  cudaGraphNode_t copyNode, setNode, kernelNode, kernel2Node, outNode,
      hostNode;
  SHOW(cudaGraphAddMemcpyNode(&copyNode, g, NULL, 0, &copyIn));
  cudaMemsetParams set;
  memset(&set, 0, sizeof(set));
  set.dst = d + 4;
  set.value = 0x01020304;
  set.elementSize = 2;
  set.width = 3;
  set.height = 2;
  set.pitch = 8;
  cudaGraphNode_t deps[2] = {copyNode};
  SHOW(cudaGraphAddMemsetNode(&setNode, g, deps, 1, &set));
  int add = 1;
  int *ptr = d;
  void *args[2] = {&ptr, &add};
  cudaKernelNodeParams k;
  memset(&k, 0, sizeof(k));
  k.func = (void *)addKernel;
  k.gridDim = dim3(1, 1, 1);
  k.blockDim = dim3(4, 1, 1);
  k.kernelParams = args;
  deps[0] = setNode;
  SHOW(cudaGraphAddKernelNode(&kernelNode, g, deps, 1, &k));
  add = 1000; /* the node keeps the value it was given */
  k.func = (void *)scaleKernel;
  int scale = -1;
  int *ptr2 = d + 4;
  void *args2[2] = {&ptr2, &scale};
  k.kernelParams = args2;
  SHOW(cudaGraphAddKernelNode(&kernel2Node, g, deps, 1, &k));
  cudaMemcpy3DParms copyOut;
  memset(&copyOut, 0, sizeof(copyOut));
  copyOut.srcPtr = make_cudaPitchedPtr(d, sizeof(out), 8, 1);
  copyOut.dstPtr = make_cudaPitchedPtr(out, sizeof(out), 8, 1);
  copyOut.extent = make_cudaExtent(sizeof(out), 1, 1);
  copyOut.kind = cudaMemcpyDeviceToHost;
  cudaGraphNode_t both[2] = {kernelNode, kernel2Node};
  SHOW(cudaGraphAddMemcpyNode(&outNode, g, both, 2, &copyOut));
  cudaHostNodeParams h;
  h.fn = countCall;
  h.userData = &out[7];
  SHOW(cudaGraphAddHostNode(&hostNode, g, &outNode, 1, &h));
  printNodes(g);
  cudaGraphExec_t e;
  SHOW(cudaGraphInstantiate(&e, g, 0));
  cudaStream_t s;
  cudaStreamCreate(&s);
  SHOW(cudaGraphLaunch(e, s));
  SHOW(cudaStreamSynchronize(s));
  printInts("explicit out", out, 8);
  SHOW(cudaGraphLaunch(e, 0));
  SHOW(cudaDeviceSynchronize());
  printInts("explicit out again", out, 8);
  cudaGraphExecDestroy(e);
  cudaGraphDestroy(g);
  cudaStreamDestroy(s);
}

/* What capture refuses, and what a refusal does to the capture. */
static void captureErrors(int *d) {
  cudaStream_t s;
  cudaGraph_t g;
  cudaStreamCaptureStatus status;
  int host[4] = {0};
  cudaStreamCreate(&s);
  g = NULL;
  SHOW(cudaStreamEndCapture(s, &g));
  SHOW(cudaGetLastError());
  SHOW(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
  SHOW(cudaGetLastError());

  SHOW(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  SHOW(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  SHOW(cudaGetLastError());
  SHOW(cudaStreamQuery(s));
  SHOW(cudaStreamIsCapturing(s, &status));
  printf("status after query %d\n", (int)status);
  SHOW(cudaStreamSynchronize(s));
  SHOW(cudaStreamIsCapturing(s, &status));
  printf("status after synchronize %d\n", (int)status);
  SHOW(cudaMemsetAsync(d, 0, 4, s));
  SHOW(cudaStreamEndCapture(s, &g));
  printf("graph %s\n", g ? "made" : "null");
  SHOW(cudaGetLastError());

  SHOW(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  SHOW(cudaMemcpy(host, d, sizeof(host), cudaMemcpyDeviceToHost));
  SHOW(cudaStreamIsCapturing(s, &status));
  printf("status after legacy copy %d\n", (int)status);
  g = NULL;
  SHOW(cudaStreamEndCapture(s, &g));
  printf("graph %s\n", g ? "made" : "null");
  SHOW(cudaGetLastError());

  int *p = NULL;
  SHOW(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  SHOW(cudaMalloc(&p, 64));
  SHOW(cudaStreamIsCapturing(s, &status));
  printf("status after malloc %d\n", (int)status);
  g = NULL;
  SHOW(cudaStreamEndCapture(s, &g));
  printf("graph %s\n", g ? "made" : "null");
  SHOW(cudaGetLastError());
  if (p)
    cudaFree(p);

  p = NULL;
  SHOW(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  SHOW(cudaMalloc(&p, 64));
  SHOW(cudaMemsetAsync(d, 0, 4, s));
  g = NULL;
  SHOW(cudaStreamEndCapture(s, &g));
  printf("graph %s\n", g ? "made" : "null");
  if (g) {
    printNodes(g);
    cudaGraphDestroy(g);
  }
  SHOW(cudaGetLastError());
  if (p)
    cudaFree(p);

  SHOW(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal));
  g = NULL;
  SHOW(cudaStreamEndCapture(s, &g));
  printf("empty graph %s\n", g ? "made" : "null");
  if (g) {
    printNodes(g);
    cudaGraphDestroy(g);
  }
  SHOW(cudaGetLastError());
  cudaStreamDestroy(s);
}

int main() {
  int *d;
  cudaMalloc(&d, 64 * sizeof(int));
  captureOneStream(d);
  captureForkJoin(d);
  explicitNodes(d);
  captureErrors(d);
  cudaFree(d);
  printf("done\n");
  return 0;
}
