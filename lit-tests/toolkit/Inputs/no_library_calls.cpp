// A program linked with libraries it makes no call to, as build files
// often link them.
#include <cstdio>

int main() {
  printf("linked\n");
  return 0;
}
