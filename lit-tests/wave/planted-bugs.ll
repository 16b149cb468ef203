; The planted-bug options exist for the test harnesses only: drop-warp-base
; reads from the wave's first CUDA warp, drop-clamp drops the select that
; keeps out-of-range lanes on their own value.
;
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<plant-bug=drop-warp-base>' -S %s | FileCheck %s --check-prefix=NOBASE
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave64;plant-bug=drop-clamp>' -S %s | FileCheck %s --check-prefix=NOCLAMP

define i32 @f(i32 %a, i32 %d) {
; NOBASE:      %shfl.src = select i1 %shfl.inrange, i32 %shfl.j, i32 %cuda.lane
; NOBASE-NEXT: %shfl.addr = shl i32 %shfl.src, 2
; NOCLAMP-NOT: select
; NOCLAMP:     [[HW:%.*]] = or i32 %warp.base, %shfl.j
  %r = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %a, i32 %d, i32 0)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
