; NVVM kernels whose signature no AMDGPU kernel can have (a return value,
; an sret, inalloca or preallocated parameter, varargs) are reported and
; left ordinary functions, so the module still verifies (found by the
; fuzzer: each used to become an amdgpu_kernel the verifier rejects). A
; byval kernel beside them is wrapped (kernel-struct-parameter.cu).
;
; RUN: not warp-lower --retarget=gfx90a %s 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=ERR < %t.err

; ERR-DAG: error: nvvm-to-amdgpu: in function 'returns_value': 'define ptx_kernel i32 @returns_value(i32 %a) {{.*}}{': returns_value: kernel that returns a value, which no AMDGPU kernel can (it is left an ordinary function)
; ERR-DAG: error: nvvm-to-amdgpu: in function 'sret_param': {{.*}}: sret_param: kernel that takes an sret, inalloca or preallocated parameter, which no AMDGPU kernel can (it is left an ordinary function)
; ERR-DAG: error: nvvm-to-amdgpu: in function 'inalloca_param': {{.*}}: kernel that takes an sret, inalloca or preallocated parameter
; ERR-DAG: error: nvvm-to-amdgpu: in function 'variadic': {{.*}}: variadic: kernel that is variadic, which no AMDGPU kernel can (it is left an ordinary function)
; ERR:     warp-lower: 0 lowered, 4 errors

; CHECK: define hidden i32 @returns_value(
; CHECK: define hidden void @sret_param(
; CHECK: define hidden void @inalloca_param(
; CHECK: define hidden void @variadic(
; CHECK: define internal void @byval_param.body(ptr %a)
; CHECK: define protected amdgpu_kernel void @byval_param(ptr addrspace(4) byref(i32) %a)

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel i32 @returns_value(i32 %a) {
  ret i32 %a
}

define ptx_kernel void @sret_param(ptr sret(i32) %a) {
  ret void
}

define ptx_kernel void @inalloca_param(ptr inalloca(i32) %a) {
  ret void
}

define ptx_kernel void @variadic(i32 %n, ...) {
  ret void
}

define ptx_kernel void @byval_param(ptr byval(i32) %a) {
  ret void
}
