; Inline PTX the translator cannot give a meaning is never guessed at:
; nvvm-warp-to-amdgpu leaves the asm as it is, and nvvm-to-amdgpu reports
; each one quoting the asm, naming the function and the exact instruction
; (with its suffixes) or construct it does not support; the module stays
; valid.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu' -S %s | FileCheck %s --check-prefix=KEPT
; RUN: not warp-lower --retarget=gfx90a %s 2>&1 | FileCheck %s --check-prefix=DIAG

define i32 @unknown_instruction(i32 %v) {
  %r = call i32 asm "{ .reg .u32 t; mov.u32 t, $1; vabsdiff.u32.u32.u32 $0, t, t, t; }", "=r,r"(i32 %v)
  ret i32 %r
}

define float @unsupported_form(i64 %v) {
  %r = call float asm "cvt.rz.f16.s64 $0, $1;", "=f,l"(i64 %v)
  ret float %r
}

define i32 @undeclared(i32 %v) {
  %r = call i32 asm "add.u32 $0, $1, tmp;", "=r,r"(i32 %v)
  ret i32 %r
}

define void @named_barrier() {
  call void asm sideeffect "bar.sync 1, 64;", ""()
  ret void
}

define i32 @label(i32 %v) {
  %r = call i32 asm "{ L0: add.u32 $0, $1, 1; }", "=r,r"(i32 %v)
  ret i32 %r
}

define i32 @memory_operand(ptr %p) {
  %r = call i32 asm "ld.u32 $0, $1;", "=r,*m"(ptr elementtype(i32) %p)
  ret i32 %r
}

; KEPT: asm "{ .reg .u32 t; mov.u32 t, $1; vabsdiff.u32.u32.u32
; KEPT: asm "cvt.rz.f16.s64 $0, $1;"
; KEPT: asm "add.u32 $0, $1, tmp;"
; KEPT: asm sideeffect "bar.sync 1, 64;"
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'unknown_instruction': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "vabsdiff.u32.u32.u32 $0, t, t, t;": unknown instruction 'vabsdiff.u32.u32.u32' (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'unsupported_form': {{.*}}: in "cvt.rz.f16.s64 $0, $1;": integer to f16 rounds to nearest only here
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'undeclared': {{.*}}: in "add.u32 $0, $1, tmp;": register 'tmp' is not declared
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'named_barrier': {{.*}}: in "bar.sync 1, 64;": named barriers (an id other than 0)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'label': {{.*}}: labels and branches are not supported at ":
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'memory_operand': {{.*}}: memory constraints ('m') are not supported

; A branch alone is reported as one, not as an unknown instruction.
; RUN: not warp-lower --retarget=gfx90a %S/Inputs/branch.ll 2>&1 | FileCheck %s --check-prefix=BRANCH
; BRANCH: error: nvvm-to-amdgpu: in function 'branch': {{.*}}: in "@p bra DONE;": labels and branches are not supported
