// Each CUDA atomic keeps its scope through nvvm-to-amdgpu: the device
// forms (clang leaves them unscoped) become agent scope with the metadata
// clang's HIP build gives atomicAdd (atomicrmw: not private, not
// fine-grained, not remote; a float add may also ignore the denormal mode,
// as PTX's atom.add.f32 flushes) and atomicCAS (not private); the _block
// forms workgroup scope, the _system forms and cuda::atomic_ref's default
// system scope, with no promise about the memory (fine-grained host
// memory must work); cuda::atomic_ref of device scope as the device forms.
// Without the scoping every one of these is unscoped (system) and the
// checks fail.
//
// RUN: cu2hsaco %s --emit-llvm -o - --offload-arch=gfx942 | FileCheck %s
#include <cuda/atomic>

// CHECK-LABEL: define {{.*}}@_Z6devicePfPiPj(
// CHECK: atomicrmw fadd ptr addrspace(1) %{{.*}} syncscope("agent") monotonic, align 4, !noalias.addrspace [[PRIVATE:![0-9]+]], !amdgpu.no.fine.grained.memory [[EMPTY:![0-9]+]], !amdgpu.no.remote.memory [[EMPTY]], !amdgpu.ignore.denormal.mode [[EMPTY]]
// CHECK: atomicrmw max {{.*}} syncscope("agent") monotonic, align 4, !noalias.addrspace [[PRIVATE]], !amdgpu.no.fine.grained.memory [[EMPTY]], !amdgpu.no.remote.memory [[EMPTY]]{{$}}
// CHECK: cmpxchg {{.*}} syncscope("agent") monotonic monotonic, align 4, !noalias.addrspace [[PRIVATE]]{{$}}
__global__ void device(float *F, int *I, unsigned *U) {
  atomicAdd(F, 1.0f);
  atomicMax(I, 3);
  atomicCAS(U, 1u, 2u);
}

// CHECK-LABEL: define {{.*}}@_Z5blockPfPiPj(
// CHECK: atomicrmw fadd {{.*}} syncscope("workgroup") monotonic, align 4, !noalias.addrspace [[PRIVATE]]{{$}}
// CHECK: atomicrmw max {{.*}} syncscope("workgroup") monotonic, align 4, !noalias.addrspace [[PRIVATE]]{{$}}
// CHECK: cmpxchg {{.*}} syncscope("workgroup") monotonic monotonic, align 4, !noalias.addrspace [[PRIVATE]]{{$}}
__global__ void block(float *F, int *I, unsigned *U) {
  atomicAdd_block(F, 1.0f);
  atomicMax_block(I, 3);
  atomicCAS_block(U, 1u, 2u);
}

// CHECK-LABEL: define {{.*}}@_Z6systemPfPiPj(
// CHECK: atomicrmw fadd ptr addrspace(1) %{{.*}}, float 1.000000e+00 monotonic, align 4, !noalias.addrspace [[PRIVATE]]{{$}}
// CHECK: atomicrmw max ptr addrspace(1) %{{.*}}, i32 3 monotonic, align 4, !noalias.addrspace [[PRIVATE]]{{$}}
// CHECK: cmpxchg ptr addrspace(1) %{{.*}}, i32 1, i32 2 monotonic monotonic, align 4, !noalias.addrspace [[PRIVATE]]{{$}}
__global__ void system(float *F, int *I, unsigned *U) {
  atomicAdd_system(F, 1.0f);
  atomicMax_system(I, 3);
  atomicCAS_system(U, 1u, 2u);
}

// CHECK-LABEL: define {{.*}}@_Z5libcuPiS_(
// CHECK: fence seq_cst
// CHECK-NEXT: atomicrmw add ptr addrspace(1) %{{.*}}, i32 1 monotonic, align 4, !noalias.addrspace [[PRIVATE]]{{$}}
// CHECK-NEXT: fence acquire
// CHECK: atomicrmw add ptr addrspace(1) %{{.*}}, i32 1 syncscope("agent") seq_cst, align 4, !noalias.addrspace [[PRIVATE]], !amdgpu.no.fine.grained.memory [[EMPTY]], !amdgpu.no.remote.memory [[EMPTY]]{{$}}
__global__ void libcu(int *System, int *Device) {
  cuda::atomic_ref<int>(*System).fetch_add(1);
  cuda::atomic_ref<int, cuda::thread_scope_device>(*Device).fetch_add(1);
}

// CHECK-DAG: [[PRIVATE]] = !{i32 5, i32 6}
// CHECK-DAG: [[EMPTY]] = !{}
