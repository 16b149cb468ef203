/* The planted bugs of planted-report.test: argv[1] picks one. */
#include <stdlib.h>
#include <string.h>

static void __attribute__((noinline)) leak(void) {
  volatile char *Lost = malloc(16);
  Lost[0] = 1;
}

int main(int argc, char **argv) {
  volatile int Shift = 40;
  char *Buffer = malloc(8);
  if (argc < 2)
    return 2;
  if (strcmp(argv[1], "overflow") == 0)
    Buffer[8] = 1;
  if (strcmp(argv[1], "shift") == 0)
    Buffer[0] = (char)(1 << Shift);
  if (strcmp(argv[1], "leak") == 0)
    leak();
  free(Buffer);
  return 0;
}
