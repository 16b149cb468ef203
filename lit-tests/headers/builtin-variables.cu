// threadIdx, blockIdx, blockDim and gridDim are clang's built-in variables
// (not macros, so user code may use the names freely, e.g. as a member), they
// convert to dim3 and uint3, and warpSize is the constant 32 on every
// target: it folds away.
//
// RUN: cu2hsaco %s --emit-llvm -o - --offload-arch=gfx942 | FileCheck %s
// RUN: cu2hsaco %s --emit-llvm -o - --offload-arch=gfx1100 | FileCheck %s

#ifdef threadIdx
#error threadIdx must not be a macro
#endif
static_assert(warpSize == 32, "a CUDA warp is 32 lanes");

struct Launch {
  unsigned threadIdx; // a member named like a built-in variable
};

// CHECK-LABEL: define protected amdgpu_kernel void @dims(
// CHECK-DAG: call {{.*}}i32 @llvm.amdgcn.workitem.id.x()
// CHECK-DAG: call {{.*}}i32 @llvm.amdgcn.workgroup.id.y()
// CHECK: store i32 32
extern "C" __global__ void dims(unsigned *out) {
  dim3 block = blockDim;
  uint3 thread = threadIdx;
  Launch l{gridDim.x};
  out[thread.x] = block.x + blockIdx.y + l.threadIdx;
  out[0] = warpSize;
}
