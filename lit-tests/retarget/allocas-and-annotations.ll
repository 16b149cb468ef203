; Allocas move to AMDGPU's private address space (5) and reach their users
; as flat pointers; a kernel named only by !nvvm.annotations becomes an
; amdgpu_kernel; the module asks for code object v5 (which HIP 5.2 loads).
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx90a>' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define protected amdgpu_kernel void @old_style(
; CHECK:      %slot = alloca i32, align 4, addrspace(5)
; CHECK-NEXT: [[FLAT:%.*]] = addrspacecast ptr addrspace(5) %slot to ptr
; CHECK-NEXT: store i32 1, ptr [[FLAT]]
define void @old_style(ptr %out) {
  %slot = alloca i32, align 4
  store i32 1, ptr %slot
  %v = load i32, ptr %slot
  store i32 %v, ptr %out
  ret void
}

; CHECK-LABEL: define hidden void @helper(
define void @helper() {
  ret void
}

; CHECK: !{i32 1, !"amdhsa_code_object_version", i32 500}
!nvvm.annotations = !{!0}
!0 = !{ptr @old_style, !"kernel", i32 1}
