// A kernel and its host launcher, built into a shared library (-shared) that
// shared.test links a C++ program with.
__global__ void triple(int *v) { v[threadIdx.x] *= 3; }
int tripleOnDevice(int *Host, int N) {
  int *D;
  cudaMalloc(&D, N * sizeof(int));
  cudaMemcpy(D, Host, N * sizeof(int), cudaMemcpyHostToDevice);
  triple<<<1, N>>>(D);
  cudaMemcpy(Host, D, N * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(D);
  return cudaGetLastError();
}
