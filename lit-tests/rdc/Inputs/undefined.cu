// Relocatable device code that calls a function and reads a variable that
// no file of the program defines.
extern __device__ int missing_function(int);
extern __device__ int missing_variable;

__global__ void uses_missing(int *out) {
  out[threadIdx.x] = missing_function(threadIdx.x) + missing_variable;
}

int main() { return 0; }
