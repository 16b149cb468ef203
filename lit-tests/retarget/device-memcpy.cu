// Device code calls memcpy, memset and memmove unqualified, beside
// <string.h>'s host functions, as nvcc's headers allow (llm.c's common.h
// copies an int4 into a struct with memcpy): the calls become LLVM's
// memory intrinsics, at -O0 too, and nothing named memcpy is left to link.
//
// RUN: cu2hsaco %s --emit-llvm -O0 -o - --offload-arch=gfx942 | FileCheck %s
// RUN: cu2hsaco %s --emit-llvm -O2 -o - --offload-arch=gfx1100 | FileCheck %s --check-prefix=OPT
// CHECK-DAG: call void @llvm.memcpy.
// CHECK-DAG: call void @llvm.memset.
// CHECK-DAG: call void @llvm.memmove.
// CHECK-NOT: call {{.*}}@memcpy(
// CHECK-NOT: call {{.*}}@memset(
// OPT-NOT: @memcpy(
// OPT-NOT: @memmove(
// RUN: cu2hsaco %s -O0 -o %t.hsaco --offload-arch=gfx942
#include <cstring>

__global__ void copies(int4 *out, int bytes) {
  int4 v = make_int4(1, 2, 3, (int)threadIdx.x);
  float f[8];
  memcpy(f, &v, sizeof(v));
  memset(f + 4, 0, bytes);
  memmove(f + 1, f, 3 * sizeof(float));
  memcpy(&out[threadIdx.x], f, sizeof(v));
}
