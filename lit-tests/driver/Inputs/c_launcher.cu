// A kernel and an extern "C" launcher, for a host program written in C.
__global__ void square(int *values, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    values[i] *= values[i];
}

extern "C" void launchSquare(int *values, int n) {
  square<<<(n + 127) / 128, 128>>>(values, n);
}
