// A volatile pointer to shared memory, the warp-synchronous style of
// NVIDIA's old samples, gives LDS accesses, not flat ones: clang makes the
// pointer generic and LLVM narrows only non-volatile accesses, so
// cu2hsaco narrows the volatile ones after optimization (the address is
// the same LDS location; the accesses stay volatile).
//
// RUN: cu2hsaco %s --emit-llvm -o - --offload-arch=gfx942 | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}} @_Z6reducePi(
// IR-NOT: load volatile i32, ptr %
// IR: load volatile i32, ptr addrspace(3)
// IR: store volatile i32 {{.*}}, ptr addrspace(3)
// IR-NOT: load volatile i32, ptr %
// RUN: cu2hsaco %s -o %t.hsaco --offload-arch=gfx942
// RUN: llvm-objdump -d %t.hsaco | FileCheck %s --check-prefix=ISA
// ISA: ds_read_b32
// ISA-NOT: flat_load_dword
// ISA: s_endpgm

__global__ void reduce(int *out) {
  __shared__ int smem[64];
  unsigned tid = threadIdx.x;
  smem[tid] = tid;
  __syncthreads();
  if (tid < 32) {
    volatile int *v = smem;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
  }
  if (tid == 0)
    *out = smem[0];
}
