/*===- wavesim-suite.c - The bundled kernel suite on the wave emulator -----===*
 *
 *   wavesim-suite --wave=32|64 --source=FILE.cu [--filter=PATTERNS]
 *                 [--max-elements=N] MODULE.ll
 *
 * Runs the suite cases (hip-kernels/suite.c) of the kernels from one source
 * file against their CPU references, on wavesim executing MODULE, which is
 * that file compiled by `cu2hsaco --emit-llvm`; --max-elements runs only the
 * sizes of at most N elements (as tgemu-suite, for the same runs on both).
 * Exit status: 0 when every
 * run passed, 1 when one failed, 2 on a usage or load error.
 *
 *===----------------------------------------------------------------------===*/

#include "suite.h"
#include "wavesim-device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void) {
  fprintf(stderr, "usage: wavesim-suite --wave=32|64 --source=FILE.cu "
                  "[--filter=PATTERNS] [--max-elements=N] MODULE.ll\n");
  return 2;
}

int main(int argc, char **argv) {
  unsigned WaveSize = 0;
  size_t MaxElements = 0;
  const char *Source = NULL, *Filter = NULL, *Path = NULL;
  for (int I = 1; I < argc; ++I) {
    if (!strncmp(argv[I], "--wave=", 7))
      WaveSize = (unsigned)atoi(argv[I] + 7);
    else if (!strncmp(argv[I], "--source=", 9))
      Source = argv[I] + 9;
    else if (!strncmp(argv[I], "--filter=", 9))
      Filter = argv[I] + 9;
    else if (!strncmp(argv[I], "--max-elements=", 15))
      MaxElements = (size_t)strtoull(argv[I] + 15, NULL, 10);
    else if (argv[I][0] != '-' && !Path)
      Path = argv[I];
    else
      return usage();
  }
  if (!Path || !Source || (WaveSize != 32 && WaveSize != 64))
    return usage();

  char Kernels[4096];
  suiteSelectKernels(Source, Filter, Kernels, sizeof(Kernels));
  if (!Kernels[0]) {
    fprintf(stderr, "wavesim-suite: no suite case for %s\n", Source);
    return 2;
  }
  char Error[1024];
  WaveSim *S = wavesimLoad(Path, WaveSize, Error, sizeof(Error));
  if (!S) {
    fprintf(stderr, "wavesim-suite: %s\n", Error);
    return 2;
  }
  Device D;
  wavesimDevice(S, &D);
  int Failures = suiteRunUpTo(&D, Kernels, MaxElements, stdout);
  wavesimDispose(S);
  return Failures ? 1 : 0;
}
