// Device printf in a code object v5: OCKL's printf, linked with
// __oclc_ABI_version 500, finds the hostcall buffer where v5's implicit
// arguments hold it (AMDGPUUsage, "Code Object V5 Metadata":
// hidden_hostcall_buffer at 80, v4's at 24), so its code loads it from the
// implicit argument pointer at 0x50, and the kernel's metadata lists
// hidden_hostcall_buffer at 88, past its 8-byte pointer, for the HIP
// runtime to fill. (wavesim replaces OCKL's entry points by name:
// lit-tests/printf/ runs printf there.)
//
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx942 | FileCheck %s
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx1100 | FileCheck %s
//
// CHECK-LABEL: {{^}}__ockl_printf_begin:
// CHECK:        s_load_{{dwordx2|b64}} s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}], 0x50
// CHECK-LABEL: {{^}}amdhsa.kernels:
// CHECK:      .offset:         88
// CHECK-NEXT: .size:           8
// CHECK-NEXT: .value_kind:     hidden_hostcall_buffer

#include <cstdio>

extern "C" __global__ void hello(const int *Values) {
  printf("thread %u: %d\n", threadIdx.x, Values[threadIdx.x]);
}
