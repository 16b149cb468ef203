// A host program calling the launcher of a library cucc -shared built.
#include <cstdio>
int tripleOnDevice(int *Host, int N);
int main() {
  int V[4] = {1, 2, 3, 4};
  int E = tripleOnDevice(V, 4);
  std::printf("%d %d %d %d (error %d)\n", V[0], V[1], V[2], V[3], E);
}
