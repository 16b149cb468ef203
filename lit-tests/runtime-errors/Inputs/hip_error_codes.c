/* hip_error_codes.c - Prints CUDA's code for each HIP code given on the
 * command line, as the HIP backend maps them (cudaErrorOfHip, a static
 * function of runtime/HipBackend.c, which this file includes to test it
 * alone: no AMD GPU or HIP library is needed). One "HIP CUDA" pair a
 * line. */
#include "../../../runtime/HipBackend.c"

int main(int argc, char **argv) {
  for (int I = 1; I < argc; ++I) {
    int Hip = atoi(argv[I]);
    printf("%d %d\n", Hip, cudaErrorOfHip(Hip));
  }
  return 0;
}
