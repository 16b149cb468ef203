; CUB 1.17's WarpScan<int>::InclusiveSum, as its InclusiveScanStep writes
; each step in inline PTX:
;   shfl.sync.up.b32 r0|p, v, d, c, mask;  @p add.s32 r0, r0, v;  mov r0
; i.e. select(p, t + v, t): where the shuffle's predicate is false the lane
; received its own value, so t is v there and the step is a scan step. Five
; such steps over 32 lanes (c = 0), or four in segments of 16 (c = 0x1000),
; are rewritten whole like clang's shapes (scan-int.ll). Two that are not:
; a chain whose last step reads 8 lanes up instead of 16, and one over
; segments of 8 (c = 0x1800), are left to the per-shuffle lowering.
;
; RUN: sed 's/CPU/gfx942/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: sed 's/CPU/gfx1100/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX11
; RUN: sed 's/CPU/gfx942/' %s | %opt-warp -passes='nvvm-warp-to-amdgpu<plant-bug=scan-chain-short>' -S | FileCheck %s --check-prefix=SHORT

; CHECK-LABEL: define i32 @cub_inclusive_sum(
; CHECK:       [[D1:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %v, i32 273, i32 15, i32 15, i1 false)
; CHECK-NEXT:  [[S1:%.*]] = add i32 %v, [[D1]]
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 280, i32 15, i32 15, i1 false)
; GFX9:        call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 322, i32 10, i32 15, i1 false)
; GFX11:       call i32 @llvm.amdgcn.permlanex16.i32(
; GFX11:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 228, i32 10, i32 15, i1 false)
; CHECK-NOT:   ds.bpermute
; CHECK-NOT:   ds.swizzle
; CHECK:       ret i32
; The planted bug drops the last step: no carry between the rows.
; SHORT-LABEL: define i32 @cub_inclusive_sum(
; SHORT:       i32 280, i32 15, i32 15, i1 false)
; SHORT-NOT:   i32 322, i32 10
; SHORT:       ret i32
define i32 @cub_inclusive_sum(i32 %v) #0 {
  %s1 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %v, i32 1, i32 0, i32 %v, i32 -1)
  %s2 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s1, i32 2, i32 0, i32 %s1, i32 -1)
  %s4 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s2, i32 4, i32 0, i32 %s2, i32 -1)
  %s8 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s4, i32 8, i32 0, i32 %s4, i32 -1)
  %s16 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s8, i32 16, i32 0, i32 %s8, i32 -1)
  ret i32 %s16
}

; CHECK-LABEL: define i32 @cub_logical_warp_16(
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %v, i32 273,
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 280, i32 15, i32 15, i1 false)
; CHECK-NOT:   call
; CHECK:       ret i32
define i32 @cub_logical_warp_16(i32 %v) #0 {
  %s1 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %v, i32 1, i32 4096, i32 %v, i32 -1)
  %s2 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s1, i32 2, i32 4096, i32 %s1, i32 -1)
  %s4 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s2, i32 4, i32 4096, i32 %s2, i32 -1)
  %s8 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s4, i32 8, i32 4096, i32 %s4, i32 -1)
  ret i32 %s8
}

; Not scans: the per-shuffle lowering keeps them (their row shifts keep the
; lane's own value, old = the shuffled value, not the identity 0).
; CHECK-LABEL: define i32 @last_step_short(
; CHECK-NOT:   update.dpp.i32(i32 0,
; CHECK:       ret i32
define i32 @last_step_short(i32 %v) #0 {
  ; segments of 32 (c = 0), but the last step is missing
  %s1 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %v, i32 1, i32 0, i32 %v, i32 -1)
  %s2 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s1, i32 2, i32 0, i32 %s1, i32 -1)
  %s4 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s2, i32 4, i32 0, i32 %s2, i32 -1)
  %s8 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s4, i32 8, i32 0, i32 %s4, i32 -1)
  ret i32 %s8
}

; CHECK-LABEL: define i32 @segments_of_8(
; CHECK-NOT:   update.dpp.i32(i32 0,
; CHECK:       ret i32
define i32 @segments_of_8(i32 %v) #0 {
  %s1 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %v, i32 1, i32 6144, i32 %v, i32 -1)
  %s2 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s1, i32 2, i32 6144, i32 %s1, i32 -1)
  %s4 = call i32 asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s2, i32 4, i32 6144, i32 %s2, i32 -1)
  ret i32 %s4
}

attributes #0 = { "target-cpu"="CPU" }
