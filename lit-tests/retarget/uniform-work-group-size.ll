; Every kernel's grid is whole blocks, as a CUDA launch gives: the kernels
; nvvm-to-amdgpu makes, including those clang did not mark (another front
; end's, one named by nvvm.annotations, the wrapper of a kernel taking a
; struct by value), carry "uniform-work-group-size"="true", as clang's HIP
; kernels do, so the backend may fold partial-block arithmetic away.
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

%struct.S = type { i32, i32 }

; CHECK: define protected amdgpu_kernel void @plain(ptr %p) [[ATTRS:#[0-9]+]]
define ptx_kernel void @plain(ptr %p) {
  store i32 1, ptr %p
  ret void
}

; CHECK: define protected amdgpu_kernel void @annotated(ptr %p) [[ATTRS]]
define void @annotated(ptr %p) {
  store i32 2, ptr %p
  ret void
}

; CHECK: define protected amdgpu_kernel void @by_value(ptr addrspace(4) byref(%struct.S) align 4 %s, ptr %p) [[ATTRS]]
define ptx_kernel void @by_value(ptr byval(%struct.S) align 4 %s, ptr %p) {
  %v = load i32, ptr %s
  store i32 %v, ptr %p
  ret void
}

; CHECK: attributes [[ATTRS]] = {{{.*}}"uniform-work-group-size"="true"

!nvvm.annotations = !{!0}
!0 = !{ptr @annotated, !"kernel", i32 1}
