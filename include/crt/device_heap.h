// crt/device_heap.h - malloc and free in device code (and so new and
// delete, through clang's cuda_wrappers/new), over a heap the runtime
// gives each module that uses them: cudaLimitMallocHeapSize bytes (8 MiB
// unless the program sets the limit before its first launch), shared by
// every module of the program, whose first 64 bytes hold the offset of the
// next free byte. An allocation takes the next 16-byte-aligned bytes with
// one atomic add; a heap too small for it gives NULL, as CUDA's does.
// free returns nothing to the heap: a program that allocates and frees in
// a loop runs out of it sooner than on NVIDIA's allocator.
//
// Also the C++ ABI's __cxa_pure_virtual and __cxa_deleted_virtual, which
// the vtables of classes with virtual functions name: a call traps.
#ifndef __CRT_DEVICE_HEAP_H__
#define __CRT_DEVICE_HEAP_H__

#include "crt/host_defines.h"

#include <stddef.h>

struct __cudaDeviceHeap {
  char *Base;
  unsigned long long Size;
};

enum { __cudaDeviceHeapHeader = 64, __cudaDeviceHeapAlignment = 16 };

extern "C" {
// Filled in by the runtime when it loads a module that uses it.
inline __device__ __cudaDeviceHeap __cuda_device_heap;

__device__ inline void *malloc(size_t Bytes) {
  __cudaDeviceHeap Heap = __cuda_device_heap;
  unsigned long long Rounded =
      (Bytes + __cudaDeviceHeapAlignment - 1) & ~(__cudaDeviceHeapAlignment - 1ull);
  if (!Heap.Base || Bytes > Heap.Size)
    return nullptr;
  if (!Rounded)
    Rounded = __cudaDeviceHeapAlignment;
  unsigned long long Offset =
      atomicAdd((unsigned long long *)Heap.Base, Rounded);
  if (Offset + Rounded > Heap.Size - __cudaDeviceHeapHeader)
    return nullptr;
  return Heap.Base + __cudaDeviceHeapHeader + Offset;
}

__device__ inline void free(void *) {}

__device__ inline void __cxa_pure_virtual(void) { __builtin_trap(); }
__device__ inline void __cxa_deleted_virtual(void) { __builtin_trap(); }
}

#endif
