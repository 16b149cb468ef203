// Needs INCLUDED_SCALE from a file given with -include (nvcc-flags.test).
__global__ void scale(int *v) { v[threadIdx.x] *= INCLUDED_SCALE; }
