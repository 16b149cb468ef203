; An unknown pass option is refused with a message listing the valid ones,
; by each of the three passes.
;
; RUN: not %opt-warp -passes='nvvm-shfl-to-amdgpu<wave31>' -S %s 2>&1 | FileCheck %s
; RUN: not %opt-warp -passes='nvvm-warp-to-amdgpu<wave31>' -S %s 2>&1 | FileCheck %s
; RUN: not %opt-warp -passes='nvvm-to-amdgpu<wave31>' -S %s 2>&1 | FileCheck %s
; CHECK: error: unknown pass option 'wave31' (expected wave32, wave64, strategy=best, strategy=exact, strategy=bpermute, tid-x-lanes, launch-variants, plant-bug=drop-warp-base, plant-bug=drop-clamp, plant-bug=ballot-wrong-half, plant-bug=fast-path-no-select, plant-bug=demanded-lane-short, plant-bug=scan-chain-short, plant-bug=printf-last-arg-zero, plant-bug=shape-check-true, plant-bug=drop-kept-nans, plant-bug=drop-arithmetic-nans or plant-bug=drop-barrier; nvvm-to-amdgpu also takes a processor, gfxN)

define void @f() {
  ret void
}
