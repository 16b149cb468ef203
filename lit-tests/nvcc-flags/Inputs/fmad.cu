// a * b + c written as two statements, with a = b = 1 + 2^-12 and
// c = -(1 + 2^-11): a * b is 1 + 2^-11 + 2^-24, which a float multiply
// rounds (a tie, to even) to 1 + 2^-11, so the product and the add give 0,
// while one fused multiply-add keeps the 2^-24 (5.96046448e-08).
#include <cstdio>

__global__ void multiplyAdd(const float *In, float *Out) {
  float Product = In[0] * In[1];
  Out[0] = Product + In[2];
}

int main() {
  float Host[3] = {1.0f + 0x1p-12f, 1.0f + 0x1p-12f, -(1.0f + 0x1p-11f)};
  float *In, *Out, Result;
  cudaMalloc(&In, sizeof(Host));
  cudaMalloc(&Out, sizeof(float));
  cudaMemcpy(In, Host, sizeof(Host), cudaMemcpyHostToDevice);
  multiplyAdd<<<1, 1>>>(In, Out);
  cudaMemcpy(&Result, Out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("a*b+c = %.9g\n", Result);
  return 0;
}
