/* A program's own functions and data under names the CUDA runtime uses
 * inside (its bundle reader, graph capture, error state, wavesim): they
 * must be the program's, whatever the static runtime holds. */
#include <stdio.h>

int WaveSimLiveStacks = 5;

int bundleWrite(void) { return 7; }
int captureKernel(void) { return 11; }
int cuccRecordError(void) { return 13; }

__attribute__((constructor)) static void report(void) {
  printf("the program's own: %d %d %d %d\n", bundleWrite(), captureKernel(),
         cuccRecordError(), WaveSimLiveStacks);
}
