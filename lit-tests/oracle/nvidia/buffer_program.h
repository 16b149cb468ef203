// buffer_program.h - What the buffer-printing ground-truth programs share
// (device-functions/, rounding-intrinsics/): the integer hash their kernels
// make inputs from, and the host main that launches a kernel over one
// zeroed unsigned buffer and prints it exactly as the wavesim CLI prints a
// kernel's buffer ("buf0[k]: v ..."), so that the NVIDIA output and ours
// compare word for word. capture.sh runs them on an NVIDIA GPU.
#ifndef BUFFER_PROGRAM_H
#define BUFFER_PROGRAM_H

#include <cstdio>
#include <cuda_runtime.h>

__device__ inline unsigned hashIndex(unsigned X) {
  X ^= X >> 16;
  X *= 0x7feb352du;
  X ^= X >> 15;
  X *= 0x846ca68bu;
  X ^= X >> 16;
  return X;
}

#ifndef NO_MAIN
/* Runs Kernel<<<Blocks, Threads>>>(buffer of Words zeroed words) and prints
 * the buffer; returns main's exit status. */
template <typename KernelT>
int runAndPrint(KernelT Kernel, int Blocks, int Threads, int Words) {
  unsigned *Device, *Host = new unsigned[Words];
  cudaMalloc(&Device, Words * sizeof(unsigned));
  cudaMemset(Device, 0, Words * sizeof(unsigned));
  Kernel<<<Blocks, Threads>>>(Device);
  cudaError_t Error = cudaMemcpy(Host, Device, Words * sizeof(unsigned),
                                 cudaMemcpyDeviceToHost);
  if (Error != cudaSuccess) {
    fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(Error));
    return 1;
  }
  for (int K = 0; K < Words; K += 16) {
    printf("buf0[%d]:", K);
    for (int J = K; J < K + 16 && J < Words; ++J)
      printf(" %d", (int)Host[J]);
    printf("\n");
  }
  delete[] Host;
  return 0;
}
#endif

#endif
