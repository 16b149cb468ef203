; Found by fuzz-warp-ir on lit-tests/hip/validate-code-object.ll, fixed in
; eb669e6 ("nvvm-to-amdgpu: keep a code object version the module already
; names"): nvvm-to-amdgpu added the module flag amdhsa_code_object_version
; without looking for one already there, so a module that had it no longer
; verified ("module flag identifiers must be unique").

define void @f() {
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 500}
