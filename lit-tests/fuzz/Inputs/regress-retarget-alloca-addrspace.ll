; Found while triaging fuzz-warp-ir's findings, fixed in 180b82b:
; nvvm-to-amdgpu moved allocas of address space 0 to AMDGPU's private space
; 5 but left one of any other space where it was, which the verifier rejects
; on an AMDGPU triple ("alloca on amdgpu must be in addrspace(5)"). Now it
; is reported and moved.

define void @f() {
  %a = alloca i32, align 4, addrspace(3)
  store i32 0, ptr addrspace(3) %a, align 4
  ret void
}
