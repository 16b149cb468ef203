// A struct passed by value to a device function that is not inlined: the
// callee changes its own copy, and the caller's struct must not change.
// weigh(q, i) = (x + 2y + 3z + 4w) * (scale + i); thread t's struct is
// {t, 1, 2, 3, 10}, so it prints (t + 20) * 11 and (t + 20) * 12.
#include <cstdio>

struct Quad {
  float X, Y, Z, W;
  int Scale;
};

__device__ __noinline__ float weigh(Quad Q, int I) {
  Q.Scale += I;
  return (Q.X + 2 * Q.Y + 3 * Q.Z + 4 * Q.W) * Q.Scale;
}

__global__ void weighAll(const Quad *In, float *Out) {
  Quad Q = In[threadIdx.x];
  Out[2 * threadIdx.x] = weigh(Q, 1);
  Out[2 * threadIdx.x + 1] = weigh(Q, 2);
}

int main() {
  Quad Host[4];
  for (int T = 0; T < 4; ++T)
    Host[T] = Quad{float(T), 1, 2, 3, 10};
  Quad *In;
  float *Out, Result[8];
  cudaMalloc(&In, sizeof(Host));
  cudaMalloc(&Out, sizeof(Result));
  cudaMemcpy(In, Host, sizeof(Host), cudaMemcpyHostToDevice);
  weighAll<<<1, 4>>>(In, Out);
  cudaMemcpy(Result, Out, sizeof(Result), cudaMemcpyDeviceToHost);
  for (int T = 0; T < 4; ++T)
    printf("%g %g\n", Result[2 * T], Result[2 * T + 1]);
  return 0;
}
