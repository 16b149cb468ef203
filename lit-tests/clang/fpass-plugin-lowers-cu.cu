// clang-22 loads the plugin with -fpass-plugin and, in its pipeline (at
// -O2 after inlining and unrolling, and at -O0), lowers the shuffles of a
// CUDA file compiled without any NVIDIA SDK: no llvm.nvvm.shfl call is
// left, ds_bpermute takes its place (the module is NVPTX's, so no AMD
// processor's fast paths).
//
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib \
// RUN:   --cuda-path=/nonexistent -Xclang -target-feature -Xclang +ptx70 \
// RUN:   -fpass-plugin=%plugin -O2 -emit-llvm -S %s -o - | FileCheck %s
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib \
// RUN:   --cuda-path=/nonexistent -Xclang -target-feature -Xclang +ptx70 \
// RUN:   -fpass-plugin=%plugin -O0 -emit-llvm -S %s -o - | FileCheck %s
//
// Without the plugin the shuffles are still there (the test can fail):
// RUN: clang -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib \
// RUN:   --cuda-path=/nonexistent -Xclang -target-feature -Xclang +ptx70 \
// RUN:   -O2 -emit-llvm -S %s -o - | FileCheck %s --check-prefix=NOPLUGIN

// CHECK-LABEL: define {{.*}} @warp_sum(
// CHECK:       call i32 @llvm.amdgcn.ds.bpermute(
// CHECK-NOT:   call {{.*}} @llvm.nvvm.shfl
// NOPLUGIN:    call {{.*}} @llvm.nvvm.shfl.sync.bfly.f32

#define __device__ __attribute__((device))

extern "C" __device__ float warp_sum(float v) {
  for (int mask = 16; mask > 0; mask >>= 1)
    v += __nvvm_shfl_sync_bfly_f32(0xffffffffu, v, mask, 0x1f);
  return v;
}
