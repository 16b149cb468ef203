// A kernel that recurses gets a fixed private segment big enough for it,
// as in code object v4: for v5 the AMDGPU backend by default counts no
// stack for recursion (or calls it cannot see into) and sets
// .uses_dynamic_stack for the runtime to provide one, which HIP 5.2 and
// tgemu's launchers do not; cu2hsaco keeps v4's assumption of 16 KiB for
// such a call (LLVM's -amdgpu-assume-external-call-stack-size), so the
// kernel's private segment is at least that.
//
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx942 | FileCheck %s
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx1100 | FileCheck %s
// CHECK: .amdhsa_code_object_version 5
// CHECK: .amdhsa_kernel fibonacci_of
// CHECK: .amdhsa_private_segment_fixed_size {{1[6-9][0-9][0-9][0-9]|[2-9][0-9][0-9][0-9][0-9]}}
// CHECK: .amdhsa_uses_dynamic_stack 1

__device__ __noinline__ unsigned fibonacci(unsigned N) {
  return N < 2 ? N : fibonacci(N - 1) + fibonacci(N - 2);
}

extern "C" __global__ void fibonacci_of(unsigned *Out, unsigned N) {
  Out[threadIdx.x] = fibonacci(N + threadIdx.x);
}
