// A `#pragma unroll` over a block-strided loop whose trip count is known
// only at run time, as llm.c's train_gpt2_fp32.cu writes it: nothing can
// honour the pragma, and nvcc compiles it without a word.
__global__ void zero_shared_then_copy(float *out, int n) {
  extern __shared__ float buffer[];
#pragma unroll
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    buffer[i] = 0.0f;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = buffer[i];
}
