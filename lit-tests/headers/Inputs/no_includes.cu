// A .cu with no #include at all, as nvcc accepts: everything comes from the
// pre-included cuda_runtime.h.
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void count_positive(const int *v, int n, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  bool positive = i < n && v[i] > 0;
  unsigned ballot = __ballot_sync(__activemask(), positive);
  if ((threadIdx.x & (warpSize - 1)) == 0)
    atomicAdd(count, __popc(ballot));
}
