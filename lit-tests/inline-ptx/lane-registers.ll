; mov.u32/mov.b32 from %laneid and %lanemask_* (CUB's LaneId/LaneMaskLt)
; become the NVVM special-register intrinsics, which nvvm-to-amdgpu maps to
; the CUDA lane: no asm is left.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu' -S %s | FileCheck %s --check-prefix=WARP
; RUN: warp-lower --retarget=gfx90a %s | FileCheck %s --check-prefix=AMD

define i32 @lane() {
; WARP: call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; WARP: call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
; WARP: call i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
; AMD:  %cuda.lane = and i32 %hw.lane, 31
  %a = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %b = call i32 asm sideeffect "mov.u32 \09$0, %lanemask_lt;", "=r,~{memory}"()
  %c = call i32 asm "mov.b32 $0, %lanemask_ge;", "=r"()
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
; WARP-NOT: asm
; AMD-NOT: asm
; AMD-NOT: @llvm.nvvm
