// Calls an OCML function that OCML does not have.
extern "C" __device__ float __ocml_made_up_f32(float);

__global__ void unknown_ocml(float *out) {
  out[threadIdx.x] = __ocml_made_up_f32(out[threadIdx.x]);
}
