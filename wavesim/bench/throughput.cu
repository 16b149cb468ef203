// throughput.cu - two kernels for wavesim's single-thread throughput
// (wavesim/bench/bench-wavesim.py, make bench-wavesim): computeBound does
// arithmetic on registers alone (its lanes are independent: one fiber runs
// a block's lanes one after another); sharedBound moves data through
// shared memory between __syncthreads, so every lane is a fiber of its own
// and meets the others at each barrier.
__global__ void computeBound(float *Out, int Iterations) {
  float X = threadIdx.x * 0.5f, Y = blockIdx.x + 1.0f;
  for (int I = 0; I < Iterations; ++I) {
    X = X * 0.9999f + Y;
    Y = Y * 1.0001f - X * 0.0001f;
  }
  Out[blockIdx.x * blockDim.x + threadIdx.x] = X + Y;
}

__global__ void sharedBound(float *Out, int Rounds) {
  __shared__ float Tile[256];
  unsigned T = threadIdx.x;
  float V = T;
  for (int R = 0; R < Rounds; ++R) {
    Tile[T] = V;
    __syncthreads();
    V = Tile[(T + 1) % blockDim.x] + Tile[(T + 7) % blockDim.x] * 0.5f;
    __syncthreads();
  }
  Out[blockIdx.x * blockDim.x + T] = V;
}
