// cu2hsaco compiles a CUDA-style kernel (shared memory, __syncthreads,
// shuffles) to an AMD code object: an EM_AMDGPU shared object for the
// chosen processor with code object v5 metadata (amdhsa.version 1.2) naming
// the kernel, register-to-register fast paths for its xor shuffles (DPP
// folded into the adds, ds_swizzle for xor 16 on gfx9, v_permlanex16 on
// gfx11; ds_bpermute with --strategy=bpermute), s_barrier for
// __syncthreads, and wave64 or wave32 as the processor wants.
//
// RUN: cu2hsaco %s -o %t.hsaco --offload-arch=gfx90a
// RUN: llvm-readelf -h -n %t.hsaco | FileCheck %s --check-prefix=ELF
// ELF: Type: DYN (Shared object file)
// ELF: Machine: EM_AMDGPU
// ELF: Flags: {{.*}}gfx90a
// ELF: .name: block_sum
// ELF: .wavefront_size: 64
// ELF: amdhsa.target: amdgcn-amd-amdhsa--gfx90a
// ELF: amdhsa.version:
// ELF-NEXT: - 1
// ELF-NEXT: - 2
//
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx90a | FileCheck %s --check-prefixes=ISA,W64,GFX9,FAST
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx942 | FileCheck %s --check-prefixes=ISA,W64,GFX9,FAST
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx1100 | FileCheck %s --check-prefixes=ISA,W32,GFX11,FAST
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx90a --strategy=bpermute | FileCheck %s --check-prefixes=ISA,W64,BPERMUTE
// ISA: .amdhsa_code_object_version 5
// ISA-LABEL: block_sum:
// GFX9:  ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// GFX9:  v_add_f32_dpp {{.*}} row_ror:8
// GFX11: v_permlanex16_b32
// GFX11: v_add_f32_dpp {{.*}} row_xmask:8
// BPERMUTE: ds_bpermute_b32
// FAST-NOT: ds_bpermute_b32
// ISA: s_barrier
// W64: .wavefront_size: 64
// W32: .wavefront_size: 32
//
// RUN: cu2hsaco %s --emit-llvm -o - --offload-arch=gfx90a | FileCheck %s --check-prefix=IR
// IR: target triple = "amdgcn-amd-amdhsa"
// IR: define {{.*}}amdgpu_kernel void @block_sum(
// IR-NOT: llvm.nvvm

#include <cuda_runtime.h>

extern "C" __global__ void block_sum(const float *in, float *out, int n) {
  __shared__ float partial[32];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < (unsigned)n ? in[i] : 0.0f;
  for (int mask = 16; mask > 0; mask >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, mask);
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float sum = 0;
    for (unsigned w = 0; w < (blockDim.x + 31) / 32; ++w)
      sum += partial[w];
    out[blockIdx.x] = sum;
  }
}
