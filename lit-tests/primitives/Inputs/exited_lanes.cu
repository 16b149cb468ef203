// exited_lanes.cu - The exited-lanes ground-truth kernel, for replay on AMD
// through cu2hsaco.
//
// lit-tests/oracle/nvidia/exited-lanes/ recorded, on an H100, what every
// lane gets from every CUDA warp primitive when its member mask names lanes
// that have exited or were never launched, and when lanes exit inside a
// loop. Its kernel, exited_lanes_kernel.cuh, is included here unchanged,
// over our include/ headers instead of the CUDA SDK, so that AMD runs
// exactly what the GPU ran; primitive-replay --exited-lanes launches it on
// wavesim and exited-lanes-tgemu.py as machine code on tgemu.
//
// -D EL_OLD_MATCH_ALL is a planted bug for the tests: __match_all_sync
// returns the whole membermask when the members agree, as our lowering did
// before it followed the PTX ISA ("mask of non-exited threads in
// membermask"), so that the replay can be seen to fail.
#include <cuda_runtime.h>

#ifdef EL_OLD_MATCH_ALL
static __device__ inline unsigned elOldMatchAll(unsigned M, unsigned V,
                                                int *P) {
  unsigned R = __match_all_sync(M, V, P);
  return *P ? M : R;
}
static __device__ inline unsigned elOldMatchAll(unsigned M,
                                                unsigned long long V, int *P) {
  unsigned R = __match_all_sync(M, V, P);
  return *P ? M : R;
}
#define __match_all_sync elOldMatchAll
#endif

#include "../../oracle/nvidia/exited-lanes/exited_lanes_kernel.cuh"
