// The histogram application's host side, compiled by the C++ compiler:
// makes keys, runs the kernels and checks every result against a CPU
// reference.
#include <cstdio>
#include <vector>

void runHistogram(const int *keys, int n, int numBins, int *bins,
                  int *offsets, int *total, int *checksum, unsigned *calls);

int main() {
  const int n = 10000, numBins = 1000;
  std::vector<int> keys(n);
  unsigned state = 12345;
  for (int i = 0; i < n; ++i) {
    state = state * 1103515245u + 12345u;
    // Skewed keys, so that warps often hold equal ones.
    keys[i] = (int)((state >> 16) % numBins) % (1 + i % 97);
  }
  std::vector<int> bins(numBins), offsets(numBins);
  int total = 0, checksum = 0;
  unsigned calls = 0;
  runHistogram(keys.data(), n, numBins, bins.data(), offsets.data(), &total,
               &checksum, &calls);

  std::vector<int> refBins(numBins, 0);
  int refChecksum = 0;
  for (int i = 0; i < n; ++i) {
    ++refBins[keys[i]];
    refChecksum += keys[i] * (i % 7 + 1);
  }
  int errors = 0, running = 0;
  for (int b = 0; b < numBins; ++b) {
    errors += bins[b] != refBins[b];
    errors += offsets[b] != running;
    running += refBins[b];
  }
  errors += total != n;
  errors += checksum != refChecksum;
  errors += calls != 1;
  printf("bins[0]=%d offsets[999]=%d total=%d checksum=%d scanCalls=%u\n",
         bins[0], offsets[numBins - 1], total, checksum, calls);
  printf("%s\n", errors ? "FAIL" : "PASS");
  return errors ? 1 : 0;
}
