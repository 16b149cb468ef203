; A tree reduction whose sum only lane 0 stores: the result of each
; __shfl_down_sync is observed only in the lanes that can still reach lane 0
; (0-15 after the first step, 0-7 after the second, ...), and there every
; one reads within its row (or, for the first, from the other row). So with
; strategy=best no shuffle needs the select that gives out-of-range lanes
; their own value, nor a ds_bpermute: gfx90a moves the first by ds_swizzle
; and the rest by DPP row_shl (row_shl:8 = 264) / quad_perm with bound_ctrl and a poison old
; value (foldable into the add); gfx1100 by v_permlanex16 and DPP.
; strategy=exact keeps every lane exact (selects, ds_bpermute on gfx90a).
;
; RUN: sed 's/CPU/gfx90a/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: sed 's/CPU/gfx1100/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX11
; RUN: sed 's/CPU/gfx90a/' %s | %opt-warp -passes='nvvm-warp-to-amdgpu<strategy=exact>' -S | FileCheck %s --check-prefix=EXACT

define void @reduce(float %v, ptr %out) #0 {
; CHECK-LABEL: define void @reduce(
; GFX9:        call i32 @llvm.amdgcn.ds.swizzle(i32 {{.*}}, i32 16415)
; GFX11:       call i32 @llvm.amdgcn.permlanex16.i32(i32 poison,
; GFX9:        call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 {{.*}}, i32 264, i32 15, i32 15, i1 true)
; GFX11:       call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 {{.*}}, i32 360, i32 15, i32 15, i1 true)
; CHECK-NOT:   select
; CHECK-NOT:   ds.bpermute
; CHECK:       ret void
; EXACT-LABEL: define void @reduce(
; EXACT:       select
; EXACT:       call i32 @llvm.amdgcn.ds.bpermute(
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %s16 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %a16 = fadd float %v, %s16
  %s8 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %a16, i32 8, i32 31)
  %a8 = fadd float %a16, %s8
  %s4 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %a8, i32 4, i32 31)
  %a4 = fadd float %a8, %s4
  %s2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %a4, i32 2, i32 31)
  %a2 = fadd float %a4, %s2
  %s1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %a2, i32 1, i32 31)
  %a1 = fadd float %a2, %s1
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %done
store:
  store float %a1, ptr %out
  br label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
attributes #0 = { "target-cpu"="CPU" }
