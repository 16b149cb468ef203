// warp_synchronous.cu - Warp-synchronous code as real programs write it
// (NVIDIA's DCT8x8 sample, the last-warp unrolling of its old reduction
// sample): the lanes of a warp exchange data through shared memory with
// no __syncthreads or __syncwarp between a store and the loads that read
// it, relying on the warp executing in lockstep. An AMD wave does (a CUDA
// warp is half or all of one); each kernel checks its result against the
// host and the program prints PASS or FAIL. The reduction goes through a
// volatile pointer, as the sample's does (without it the compiler may keep
// each lane's partial sum in a register, on NVIDIA's GPUs too); the other
// kernels use plain shared arrays, as DCT8x8 does.
//
//  - the last-warp unrolled tree reduction of NVIDIA's old reduction
//    sample (tid < 32: vsmem[tid] += vsmem[tid + 32], ... + 1);
//  - a Hillis-Steele inclusive scan of each warp's 32 values in place;
//  - lane 0 adding up what the 31 other lanes of its warp just stored;
//  - an 8x4 transpose within each warp through shared memory.
#include <cstdio>

__global__ void lastWarpReduce(const int *in, int *out) {
  __shared__ int smem[128];
  unsigned tid = threadIdx.x;
  smem[tid] = in[blockIdx.x * 128 + tid];
  __syncthreads();
  if (tid < 64)
    smem[tid] += smem[tid + 64];
  __syncthreads();
  if (tid < 32) {
    volatile int *v = smem;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
  }
  if (tid == 0)
    out[blockIdx.x] = smem[0];
}

__global__ void warpScan(const int *in, int *out) {
  __shared__ int smem[128];
  unsigned tid = threadIdx.x, lane = tid % 32;
  smem[tid] = in[blockIdx.x * 128 + tid];
  for (unsigned offset = 1; offset < 32; offset *= 2)
    if (lane >= offset)
      smem[tid] = smem[tid] + smem[tid - offset];
  out[blockIdx.x * 128 + tid] = smem[tid];
}

__global__ void laneZeroSum(const int *in, int *out) {
  __shared__ int smem[128];
  unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  smem[tid] = in[blockIdx.x * 128 + tid] * 3 + 1;
  if (lane == 0) {
    int sum = 0;
    for (unsigned i = 0; i < 32; ++i)
      sum += smem[warp * 32 + i];
    out[blockIdx.x * 4 + warp] = sum;
  }
}

__global__ void warpTranspose(const int *in, int *out) {
  __shared__ int smem[128];
  unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  smem[tid] = in[blockIdx.x * 128 + tid]; // row lane / 4, column lane % 4
  unsigned row = lane % 8, column = lane / 8; // of the 8x4 matrix
  out[blockIdx.x * 128 + tid] = smem[warp * 32 + row * 4 + column];
}

static int check(const char *name, const int *got, const int *want, int n) {
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += got[i] != want[i];
  long long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += got[i] * (long long)(i % 7 + 1);
  printf("%-16s checksum %lld, %d wrong\n", name, sum, wrong);
  return wrong;
}

int main() {
  const int blocks = 4, n = blocks * 128;
  int in[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37 + 11) % 101 - 50;
  int *dIn, *dOut;
  cudaMalloc(&dIn, sizeof(in));
  cudaMalloc(&dOut, sizeof(in));
  cudaMemcpy(dIn, in, sizeof(in), cudaMemcpyHostToDevice);
  int out[n], want[n];
  int wrong = 0;

  lastWarpReduce<<<blocks, 128>>>(dIn, dOut);
  cudaMemcpy(out, dOut, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; ++b) {
    want[b] = 0;
    for (int i = 0; i < 128; ++i)
      want[b] += in[b * 128 + i];
  }
  wrong += check("lastWarpReduce", out, want, blocks);

  warpScan<<<blocks, 128>>>(dIn, dOut);
  cudaMemcpy(out, dOut, sizeof(out), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    want[i] = in[i] + (i % 32 ? want[i - 1] : 0);
  wrong += check("warpScan", out, want, n);

  laneZeroSum<<<blocks, 128>>>(dIn, dOut);
  cudaMemcpy(out, dOut, blocks * 4 * sizeof(int), cudaMemcpyDeviceToHost);
  for (int w = 0; w < blocks * 4; ++w) {
    want[w] = 0;
    for (int i = 0; i < 32; ++i)
      want[w] += in[w * 32 + i] * 3 + 1;
  }
  wrong += check("laneZeroSum", out, want, blocks * 4);

  warpTranspose<<<blocks, 128>>>(dIn, dOut);
  cudaMemcpy(out, dOut, sizeof(out), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    int lane = i % 32, base = i - lane;
    want[i] = in[base + (lane % 8) * 4 + lane / 8];
  }
  wrong += check("warpTranspose", out, want, n);

  printf("%s\n", wrong ? "FAIL" : "PASS");
  cudaFree(dIn);
  cudaFree(dOut);
  return wrong != 0;
}
