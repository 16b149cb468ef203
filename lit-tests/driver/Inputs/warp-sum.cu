// A kernel with a warp shuffle (ds_bpermute on AMD processors) and a
// store: enough for the drivers' diagnostics tests to compile or refuse.
__global__ void warpSum(const int *In, int *Out) {
  int Value = In[threadIdx.x];
  for (int Offset = 16; Offset > 0; Offset /= 2)
    Value += __shfl_down_sync(0xffffffffu, Value, Offset);
  if (threadIdx.x == 0)
    *Out = Value;
}

int main() { return 0; }
