// nvvm-to-amdgpu<...;retarget-only> retargets and leaves the warp
// intrinsics as calls, so that an optimizer for the AMDGPU processor runs
// before the warp lowering, as the drivers do (optimize, lower, optimize).
// In opt, default<ON> then does it all: the plugin runs nvvm-warp-to-amdgpu
// at the optimizer's early extension point, after inlining and unrolling,
// so the loop's shuffles have constant masks and take the fast paths
// (ds_swizzle, DPP). Lowered inside nvvm-to-amdgpu instead, on clang's
// unoptimized IR (-disable-llvm-optzns, what the drivers now compile), the
// masks are still loop variables in a helper and every shuffle is a
// ds_bpermute: the split is what gives the fast paths.
//
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib \
// RUN:   --cuda-path=/nonexistent -Xclang -target-feature -Xclang +ptx70 \
// RUN:   -isystem %builddir/include -include cuda_runtime.h \
// RUN:   -O3 -Xclang -disable-llvm-optzns -emit-llvm -c %s -o %t.bc
// RUN: opt -load-pass-plugin=%plugin -passes='nvvm-to-amdgpu<gfx90a;retarget-only>' \
// RUN:   %t.bc -S -o - | FileCheck %s --check-prefix=RETARGETED
// RUN: opt -load-pass-plugin=%plugin -passes='nvvm-to-amdgpu<gfx90a;retarget-only>,default<O3>' \
// RUN:   %t.bc -S -o - | FileCheck %s --check-prefix=SPLIT
// RUN: opt -load-pass-plugin=%plugin -passes='nvvm-to-amdgpu<gfx90a>,default<O3>' \
// RUN:   %t.bc -S -o - | FileCheck %s --check-prefix=WHOLE
//
// RETARGETED: target triple = "amdgcn-amd-amdhsa"
// RETARGETED: call i32 @llvm.nvvm.shfl.sync.bfly.i32(
//
// SPLIT-LABEL: define {{.*}}amdgpu_kernel void @_Z8warp_sumPKfPf(
// SPLIT:       call i32 @llvm.amdgcn.ds.swizzle(
// SPLIT:       call i32 @llvm.amdgcn.update.dpp.i32(
// SPLIT-NOT:   @llvm.amdgcn.ds.bpermute
// SPLIT-NOT:   @llvm.nvvm.
//
// WHOLE-LABEL: define {{.*}}amdgpu_kernel void @_Z8warp_sumPKfPf(
// WHOLE-COUNT-5: call {{.*}}i32 @llvm.amdgcn.ds.bpermute(

__global__ void warp_sum(const float *In, float *Out) {
  float V = In[threadIdx.x];
  for (int Mask = 16; Mask > 0; Mask >>= 1)
    V += __shfl_xor_sync(0xffffffffu, V, Mask);
  if ((threadIdx.x & 31) == 0)
    Out[threadIdx.x / 32] = V;
}
