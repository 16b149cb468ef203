// A program that calls cuFFT (declared here: the toolkit has no cufft.h).
extern "C" int cufftPlan1d(int *Plan, int Size, int Type, int Batch);

int main() {
  int Plan;
  return cufftPlan1d(&Plan, 64, 0x29, 1);
}
