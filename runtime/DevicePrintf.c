/*===- DevicePrintf.c - CUDA's printf buffer for wavesim ------------------===*
 *
 * CUDA's device printf writes to a buffer that the runtime prints from only
 * at synchronization points: a kernel launch's start, cudaDeviceSynchronize,
 * cudaStreamSynchronize, cudaEventSynchronize, a blocking cudaMemcpy, and
 * cudaDeviceReset; never at exit (NVIDIA's documentation, and an H100's
 * output, lit-tests/printf/Inputs/printf_sync.h100.txt). It prints through
 * the process's stdout stream, so lines the host wrote before the
 * synchronization come first even when stdout is a file; a failed assert's
 * message goes to stderr.
 *
 * wavesim runs a launch to its end at once, so its messages (each a whole
 * printf of one lane, wavesim-printf.c) are held here until the next of
 * those points. On an AMD GPU the HIP runtime prints device printf itself.
 *
 *===----------------------------------------------------------------------===*/

#include "DevicePrintf.h"

#include "wavesim-printf.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int Stream;
  char *Text;
  size_t Length;
} HeldMessage;

static pthread_mutex_t HeldLock = PTHREAD_MUTEX_INITIALIZER;
static HeldMessage *Held;
static size_t NumHeld, HeldCapacity;

static void holdMessage(void *Context, int Stream, const char *Text,
                        size_t Length) {
  (void)Context;
  char *Copy = malloc(Length);
  memcpy(Copy, Text, Length);
  pthread_mutex_lock(&HeldLock);
  if (NumHeld == HeldCapacity) {
    HeldCapacity = HeldCapacity ? 2 * HeldCapacity : 64;
    Held = realloc(Held, HeldCapacity * sizeof(*Held));
  }
  Held[NumHeld++] = (HeldMessage){Stream, Copy, Length};
  pthread_mutex_unlock(&HeldLock);
}

void devicePrintfCapture(void) { wavesimSetPrintfSink(holdMessage, NULL); }

void devicePrintfFlush(void) {
  pthread_mutex_lock(&HeldLock);
  for (size_t I = 0; I < NumHeld; ++I) {
    FILE *Out = Held[I].Stream == WaveSimStderr ? stderr : stdout;
    fwrite(Held[I].Text, 1, Held[I].Length, Out);
    free(Held[I].Text);
  }
  NumHeld = 0;
  pthread_mutex_unlock(&HeldLock);
}
