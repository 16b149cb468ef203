; nvvm-to-amdgpu refuses options it cannot honour, each with its own message:
; wave32 on a gfx9 processor (wave64 only), a word that is no option, and a
; processor name longer than any AMDGPU processor's.
;
; RUN: not %opt-warp -passes='nvvm-to-amdgpu<gfx90a;wave32>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAVE
; RUN: not %opt-warp -passes='nvvm-to-amdgpu<gfx90a;fast>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTION
; RUN: not %opt-warp -passes='nvvm-to-amdgpu<gfx1234567890123456789012345678901>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LONG
; WAVE: error: nvvm-to-amdgpu: cannot target gfx90a with wave32 (AMDGPU target missing, or a gfx9 processor asked for wave32)
; OPTION: error: unknown pass option 'fast' (expected wave32, wave64, {{.*}}; nvvm-to-amdgpu also takes a processor, gfxN)
; LONG: error: nvvm-to-amdgpu: processor name too long: 'gfx1234567890123456789012345678901'

define void @f() {
  ret void
}
