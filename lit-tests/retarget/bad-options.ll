; wave32 on a gfx9 processor (wave64 only) is refused, as is an unknown option.
;
; RUN: not %opt-warp -passes='nvvm-to-amdgpu<gfx90a;wave32>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAVE
; RUN: not %opt-warp -passes='nvvm-to-amdgpu<gfx90a;fast>' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTION
; WAVE: error: nvvm-to-amdgpu: cannot target gfx90a with wave32
; OPTION: error: nvvm-shfl-to-amdgpu: unknown option 'fast'

define void @f() {
  ret void
}
