// A planted overload the toolkit does not have: max(int, long) resolves with
// it, where CUDA's overload set finds no single best candidate.
static __host__ __device__ inline long max(int X, long Y) {
  return X > Y ? X : Y;
}
