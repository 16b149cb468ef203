; Found while triaging fuzz-warp-ir's findings, fixed in 180b82b
; ("nvvm-to-amdgpu: kernels that take structs by value, and signatures no
; AMDGPU kernel can have"): nvvm-to-amdgpu made an amdgpu_kernel of every
; ptx_kernel, and these valid NVVM kernels broke the amdgpu_kernel rules
; ("Calling convention requires void return type", "... disallows byval",
; "... does not allow sret", "... disallows inalloca"). Now the byval one is
; mapped and the others are reported and left ordinary functions.

define ptx_kernel i32 @returns_value(i32 %a) {
  ret i32 %a
}

define ptx_kernel void @byval_param(ptr byval(i32) %a) {
  ret void
}

define ptx_kernel void @sret_param(ptr sret(i32) %a) {
  ret void
}

define ptx_kernel void @inalloca_param(ptr inalloca(i32) %a) {
  ret void
}
