// dp4a_chain.cu - HeCBench dp4a's dot_product2 loop body: four __dp4a
// calls, each accumulating into the one before, over int words and over
// unsigned words. Compiled only (its code is what the test checks).
__global__ void chainSigned(const int *a, const int *b, int *d) {
  int sum = *d;
  for (int i = 0; i < 4; ++i)
    sum = __dp4a(a[i], b[i], sum);
  *d = sum;
}

__global__ void chainUnsigned(const unsigned *a, const unsigned *b,
                              unsigned *d) {
  unsigned sum = *d;
  for (int i = 0; i < 4; ++i)
    sum = __dp4a(a[i], b[i], sum);
  *d = sum;
}
