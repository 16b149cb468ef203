// A kernel that takes a struct by value (clang passes it as a byval
// pointer, which no AMDGPU kernel may take) becomes a kernel that takes it
// byref in the kernarg segment, as HIP's kernels do, with CUDA's layout
// (the struct at 0, the pointer after it at 24), and hands a private copy
// to the body, which may write it. It runs right on wavesim at -O2 (body
// inlined, fields read from the kernarg segment) and at -O0 (the copy and
// the call kept), on wave64 and wave32.
//
// RUN: cu2hsaco %s --emit-llvm -o %t.o2.ll --offload-arch=gfx90a
// RUN: FileCheck %s --check-prefix=IR --implicit-check-not=.body < %t.o2.ll
// RUN: wavesim --wave=64 --kernel=_Z6scaled6ParamsPi --block=8 --int-struct=5,100,200,300,400 --int-buffer=8 %t.o2.ll | FileCheck %s
// RUN: cu2hsaco %s -O0 --emit-llvm -o %t.o0.ll --offload-arch=gfx1100
// RUN: FileCheck %s --check-prefix=IR-O0 < %t.o0.ll
// RUN: wavesim --wave=32 --kernel=_Z6scaled6ParamsPi --block=8 --int-struct=5,100,200,300,400 --int-buffer=8 %t.o0.ll | FileCheck %s
// RUN: cu2hsaco %s -o %t.hsaco --offload-arch=gfx90a
// RUN: hip-runner --validate %t.hsaco --expect-isa=gfx90a | FileCheck %s --check-prefix=COMGR
//
// IR:     define protected amdgpu_kernel void @_Z6scaled6ParamsPi(ptr addrspace(4) {{.*}}byref(%struct.Params) align 4 {{.*}}, ptr {{.*}})
// IR-O0:  define internal void @_Z6scaled6ParamsPi.body(ptr noundef align 4 %{{.*}}, ptr noundef %{{.*}})
// IR-O0:  define protected amdgpu_kernel void @_Z6scaled6ParamsPi(ptr addrspace(4) byref(%struct.Params) align 4 %{{.*}}, ptr %{{.*}})
// IR-O0:    call void @llvm.memcpy.p5.p4.i64(
// IR-O0:    call void @_Z6scaled6ParamsPi.body(
// CHECK:  buf1[0]: 160 260 360 460 160 260 360 460
// COMGR:  kernel: _Z6scaled6ParamsPi kernarg_segment_size=32
// COMGR:  valid

#include <cuda_runtime.h>

struct Params {
  int Scale;
  int Offsets[4];
};

__global__ void scaled(Params P, int *Out) {
  P.Scale += 1; // the kernel's own copy
  Out[threadIdx.x] = P.Scale * 10 + P.Offsets[threadIdx.x & 3];
}
