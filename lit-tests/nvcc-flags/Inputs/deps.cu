// A .cu file with a header of its own, for the dependency files of
// dependencies.test (copied there as b.cu, the name gt.sh gave nvcc's).
#include <cuda_runtime.h>

#include "local.h"

__global__ void scaled(int *out) { out[threadIdx.x] = LOCAL_SCALE * threadIdx.x; }
