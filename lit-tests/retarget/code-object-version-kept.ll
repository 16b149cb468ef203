; A module that already names its code object version keeps it: the pass
; adds amdhsa_code_object_version (500, which HIP 5.2 loads) only when it is
; missing, since a second flag of that name would not verify (found by the
; fuzzer). Here the module names v4, so the 400 that stays is its own.
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx90a>' -S %s | FileCheck %s

; CHECK:     !llvm.module.flags = !{![[FLAG:[0-9]+]]}
; CHECK:     ![[FLAG]] = !{i32 1, !"amdhsa_code_object_version", i32 400}
; CHECK-NOT: amdhsa_code_object_version

define void @f() {
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 400}
