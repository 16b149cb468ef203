/*===- CublasHandle.h - What a cuBLAS handle holds ------------------------===*
 *
 * The handle's fields, shared by runtime/Cublas.c (which creates and sets
 * them) and the routines in runtime/cublas/ (which read the stream and the
 * pointer mode, and reduce through the scratch buffer). Private to
 * libcublas: programs see only the opaque cublasHandle_t.
 *
 *===----------------------------------------------------------------------===*/

#ifndef CUBLAS_HANDLE_H
#define CUBLAS_HANDLE_H

#include "cublas_api.h"

struct cublasContext {
  cudaStream_t Stream;
  cublasPointerMode_t PointerMode;
  cublasAtomicsMode_t AtomicsMode;
  cublasMath_t MathMode;
  void *Workspace;
  size_t WorkspaceBytes;
  int SmCountTarget;
  /* Device memory of CUBLAS_SCRATCH_BYTES for the reductions' partial
   * results and for results a host-mode call copies back. */
  void *Scratch;
};

/* Room for the partial results of the widest reduction (256 blocks of a
 * value and an index, or a scale and a sum, in double) and the result. */
#define CUBLAS_SCRATCH_BYTES 8192

#endif
