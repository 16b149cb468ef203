// cuda_graph_texture_api.h - The runtime API's functions of CUDA arrays,
// texture objects, graphs and stream capture, declared as the toolkit's
// cuda_runtime_api.h declares them (CUDA 12's signatures: instantiation
// takes flags), which includes this. runtime/CudaTextures.c and
// runtime/CudaGraphs.c implement them. C and C++.
#ifndef __CUDA_GRAPH_TEXTURE_API_H__
#define __CUDA_GRAPH_TEXTURE_API_H__

#include "builtin_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Channel formats and CUDA arrays. */
__host__ struct cudaChannelFormatDesc
cudaCreateChannelDesc(int x, int y, int z, int w,
                      enum cudaChannelFormatKind f);
__host__ cudaError_t cudaMallocArray(cudaArray_t *array,
                                     const struct cudaChannelFormatDesc *desc,
                                     size_t width, size_t height __dv(0),
                                     unsigned int flags __dv(0));
__host__ cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                                       const struct cudaChannelFormatDesc *desc,
                                       struct cudaExtent extent,
                                       unsigned int flags __dv(0));
__host__ cudaError_t cudaFreeArray(cudaArray_t array);
__host__ cudaError_t cudaArrayGetInfo(struct cudaChannelFormatDesc *desc,
                                      struct cudaExtent *extent,
                                      unsigned int *flags, cudaArray_t array);
__host__ cudaError_t cudaGetChannelDesc(struct cudaChannelFormatDesc *desc,
                                        cudaArray_const_t array);
__host__ cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                                  struct cudaExtent extent);
__host__ cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p);
__host__ cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                                       cudaStream_t stream __dv(0));
__host__ cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                         size_t hOffset, const void *src,
                                         size_t spitch, size_t width,
                                         size_t height,
                                         enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DToArrayAsync(
    cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
    size_t spitch, size_t width, size_t height, enum cudaMemcpyKind kind,
    cudaStream_t stream __dv(0));
__host__ cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                           cudaArray_const_t src,
                                           size_t wOffset, size_t hOffset,
                                           size_t width, size_t height,
                                           enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpy2DFromArrayAsync(
    void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
    size_t hOffset, size_t width, size_t height, enum cudaMemcpyKind kind,
    cudaStream_t stream __dv(0));
__host__ cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset,
                                       size_t hOffset, const void *src,
                                       size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src,
                                         size_t wOffset, size_t hOffset,
                                         size_t count,
                                         enum cudaMemcpyKind kind);

/* Texture objects. */
__host__ cudaError_t
cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                        const struct cudaResourceDesc *pResDesc,
                        const struct cudaTextureDesc *pTexDesc,
                        const struct cudaResourceViewDesc *pResViewDesc);
__host__ cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject);
__host__ cudaError_t
cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *pResDesc,
                                 cudaTextureObject_t texObject);
__host__ cudaError_t
cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *pTexDesc,
                                cudaTextureObject_t texObject);

/* Stream capture. */
__host__ cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                            enum cudaStreamCaptureMode mode);
__host__ cudaError_t cudaStreamEndCapture(cudaStream_t stream,
                                          cudaGraph_t *pGraph);
__host__ cudaError_t
cudaStreamIsCapturing(cudaStream_t stream,
                      enum cudaStreamCaptureStatus *pCaptureStatus);
__host__ cudaError_t
cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode);

/* Graphs and their nodes. */
__host__ cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
__host__ cudaError_t cudaGraphDestroy(cudaGraph_t graph);
__host__ cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone,
                                    cudaGraph_t originalGraph);
__host__ cudaError_t cudaGraphAddKernelNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphAddMemcpyNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaMemcpy3DParms *pCopyParams);
__host__ cudaError_t cudaGraphAddMemcpyNode1D(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
    const void *src, size_t count, enum cudaMemcpyKind kind);
__host__ cudaError_t cudaGraphAddMemsetNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaMemsetParams *pMemsetParams);
__host__ cudaError_t cudaGraphAddHostNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const struct cudaHostNodeParams *pNodeParams);
__host__ cudaError_t cudaGraphAddEmptyNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies);
__host__ cudaError_t cudaGraphAddDependencies(cudaGraph_t graph,
                                              const cudaGraphNode_t *from,
                                              const cudaGraphNode_t *to,
                                              size_t numDependencies);
__host__ cudaError_t cudaGraphGetNodes(cudaGraph_t graph,
                                       cudaGraphNode_t *nodes,
                                       size_t *numNodes);
__host__ cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph,
                                           cudaGraphNode_t *pRootNodes,
                                           size_t *pNumRootNodes);
__host__ cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node,
                                          enum cudaGraphNodeType *pType);
__host__ cudaError_t
cudaGraphKernelNodeGetParams(cudaGraphNode_t node,
                             struct cudaKernelNodeParams *pNodeParams);
__host__ cudaError_t
cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                             const struct cudaKernelNodeParams *pNodeParams);

/* Executable graphs. */
__host__ cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
                                          cudaGraph_t graph,
                                          unsigned long long flags __dv(0));
__host__ cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec,
                                                   cudaGraph_t graph,
                                                   unsigned long long flags
                                                       __dv(0));
__host__ cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec,
                                     cudaStream_t stream);
__host__ cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec,
                                     cudaStream_t stream);
__host__ cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);

#ifdef __cplusplus
}

/* CUDA 11's form, which the toolkit's cuda_runtime.h keeps for C++: the
 * error node and log are never written (instantiation cannot fail on
 * what they would report). */
static __inline__ __host__ cudaError_t
cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                     cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                     size_t bufferSize) {
  (void)pErrorNode;
  (void)pLogBuffer;
  (void)bufferSize;
  return cudaGraphInstantiate(pGraphExec, graph, 0);
}
#endif

#endif
