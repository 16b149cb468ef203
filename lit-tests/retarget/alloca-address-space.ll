; An alloca that NVVM IR puts in an address space other than 0 (generic)
; or 5 (local, which is AMDGPU's private too) has no AMDGPU meaning: it is
; reported, and still moved to address space 5 behind a cast so that the
; module verifies (found by the fuzzer: it used to stay where it was, which
; an AMDGPU module may not have).
;
; RUN: not warp-lower --retarget=gfx90a %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=ERR < %t.err

; ERR: error: nvvm-to-amdgpu: in function 'f': '%shared = alloca i32, align 4, addrspace(3)': alloca: alloca in address space 3; only address space 0 maps to AMDGPU's private memory
; ERR: warp-lower: 0 lowered, 1 errors

; CHECK:      %shared = alloca i32, align 4, addrspace(5)
; CHECK-NEXT: [[CAST:%.*]] = addrspacecast ptr addrspace(5) %shared to ptr addrspace(3)
; CHECK:      %local = alloca i32, align 4, addrspace(5)
; CHECK-NOT:  addrspacecast ptr addrspace(5) %local
; CHECK:      store i32 0, ptr addrspace(3) [[CAST]]
; CHECK:      store i32 1, ptr addrspace(5) %local

target triple = "nvptx64-nvidia-cuda"

define void @f() {
  %shared = alloca i32, align 4, addrspace(3)
  %local = alloca i32, align 4, addrspace(5)
  store i32 0, ptr addrspace(3) %shared, align 4
  store i32 1, ptr addrspace(5) %local, align 4
  ret void
}
