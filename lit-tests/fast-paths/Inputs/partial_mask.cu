// Shuffles whose member mask leaves lanes out, in divergent code: what a
// lane reads from a source lane outside the mask that is on the other side
// of the branch (NVIDIA: 0), including cuda-samples' reduction pattern (a
// shuffle-down reduction under a ballot mask of the lanes that take a
// branch) and constant half-warp masks. Run on an H100 with nvcc 13.0:
// partial_mask.h100.txt.
#include <cstdio>
__global__ void probe(int *out, int K, int d) {
  int lane = threadIdx.x;
  int v = 100 + lane;
  int r = -1;
  unsigned mask = __ballot_sync(0xffffffffu, lane < K);
  if (lane < K)
    r = __shfl_down_sync(mask, v, d);
  out[lane] = r;
}
__global__ void probeFloat(float *out, int K) {
  int lane = threadIdx.x;
  float v = 1.0f + lane;
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  unsigned mask = __ballot_sync(0xffffffffu, lane < K);
  float x = -1;
  if (lane < K) {
    x = 1000.0f * (lane + 1);
    for (int o = 16; o > 0; o /= 2) x += __shfl_down_sync(mask, x, o);
  }
  out[lane] = x;
}
__global__ void probeConstMask(int *out) {
  int lane = threadIdx.x;
  int v = 1 + lane * lane;
  int r0 = -1, r1 = -1, r2 = -1, r3 = -1;
  if (lane < 16) {
    r0 = __reduce_add_sync(0xffffu, v);
    int x = v;
    for (int o = 8; o > 0; o /= 2)
      x += __shfl_down_sync(0xffffu, x, o);
    r1 = x;
    r2 = __shfl_xor_sync(0xffffu, v, 1);
    r3 = __shfl_sync(0xffffu, v, 20);
  }
  out[4 * lane] = r0;
  out[4 * lane + 1] = r1;
  out[4 * lane + 2] = r2;
  out[4 * lane + 3] = r3;
}
int main() {
  int *d; float *f; int h[32]; float hf[32];
  cudaMalloc(&d, 128); cudaMalloc(&f, 128);
  int Ks[] = {1, 8, 16};
  int Ds[] = {16, 8, 4, 2, 1};
  for (int K : Ks) for (int dd : Ds) {
    probe<<<1, 32>>>(d, K, dd);
    cudaMemcpy(h, d, 128, cudaMemcpyDeviceToHost);
    printf("K=%d d=%d:", K, dd);
    for (int i = 0; i < K; ++i) printf(" %d", h[i]);
    printf("\n");
  }
  for (int K : Ks) {
    probeFloat<<<1, 32>>>(f, K);
    cudaMemcpy(hf, f, 128, cudaMemcpyDeviceToHost);
    printf("float K=%d:", K);
    for (int i = 0; i < K; ++i) printf(" %g", hf[i]);
    printf("\n");
  }
  int *c; int hc[128];
  cudaMalloc(&c, sizeof(hc));
  probeConstMask<<<1, 32>>>(c);
  cudaMemcpy(hc, c, sizeof(hc), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 16; ++i)
    printf("const-mask lane %d: reduce %d down-chain %d xor1 %d bcast20 %d\n",
           i, hc[4 * i], hc[4 * i + 1], hc[4 * i + 2], hc[4 * i + 3]);
  return 0;
}
