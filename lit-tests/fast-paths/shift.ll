; __shfl_up_sync / __shfl_down_sync with a constant delta d (lanes whose
; source falls outside the segment keep their own value):
;   segments of 16: DPP row_shr:d / row_shl:d (0x110 + d / 0x100 + d) with
;     the own value as `old` and no bound_ctrl, so lanes whose source is
;     outside the row keep it, which is exactly PTX's clamp
;   whole warp, gfx10+: the row shift, plus v_permlanex16 for the lanes
;     whose source is in the other row (up 1: lane 16 reads lane 15, select
;     0x7654321f), chosen by a lane-range compare
;   whole warp, gfx9, d = 1: DPP wave_shr:1 (0x138), own value selected
;     back in CUDA lane 0 (on wave64 lane 32 would read lane 31)
;   d = 16: v_permlanex16 (gfx10+) or ds_swizzle xor 16 (gfx9), lanes
;     16..31 take it
;   gfx9, 1 < d < 16 over the whole warp: no register path, ds_bpermute
; The `p` forms' predicate is the constant set of lanes in range.
;
; RUN: sed 's/CPU/gfx90a/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: sed 's/CPU/gfx1100/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX10

define i32 @up1(i32 %v) #0 {
; CHECK-LABEL: define i32 @up1(
; GFX9:        %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 312, i32 15, i32 15, i1 false)
; GFX9-NEXT:   %in.set = icmp uge i32 %cuda.lane, 1
; GFX9-NEXT:   %shfl.moved = select i1 %in.set, i32 %dpp, i32 %v
; GFX10:       %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 273, i32 15, i32 15, i1 false)
; GFX10-NEXT:  %permlane = call i32 @llvm.amdgcn.permlanex16.i32(i32 poison, i32 %v, i32 1985229343, i32 -19088744, i1 false, i1 false)
; GFX10-NEXT:  [[L:%.*]] = sub i32 %cuda.lane, 16
; GFX10-NEXT:  %in.set = icmp ult i32 [[L]], 1
; GFX10-NEXT:  %shfl.shifted = select i1 %in.set, i32 %permlane, i32 %dpp
  %r = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 1, i32 0)
  ret i32 %r
}

define { i32, i1 } @up4p(i32 %v) #0 {
; CHECK-LABEL: define { i32, i1 } @up4p(
; GFX9:        call i32 @llvm.amdgcn.ds.bpermute(
; GFX10:       %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 276, i32 15, i32 15, i1 false)
; GFX10-NEXT:  %permlane = call i32 @llvm.amdgcn.permlanex16.i32(i32 poison, i32 %v, i32 1985281756, i32 -19088744, i1 false, i1 false)
; GFX10:       [[P:%.*]] = icmp uge i32 %cuda.lane, 4
; GFX10:       insertvalue { i32, i1 } {{.*}}, i1 [[P]], 1
  %r = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 4, i32 0)
  ret { i32, i1 } %r
}

define i32 @up16(i32 %v) #0 {
; CHECK-LABEL: define i32 @up16(
; GFX9:        [[M:%.*]] = call i32 @llvm.amdgcn.ds.swizzle(i32 %v, i32 16415)
; GFX10:       [[M:%.*]] = call i32 @llvm.amdgcn.permlanex16.i32(i32 poison, i32 %v, i32 1985229328, i32 -19088744, i1 false, i1 false)
; CHECK-NEXT:  %in.set = icmp uge i32 %cuda.lane, 16
; CHECK-NEXT:  %shfl.moved = select i1 %in.set, i32 [[M]], i32 %v
  %r = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 16, i32 0)
  ret i32 %r
}

define i32 @down2_width16(i32 %v) #0 {
; CHECK-LABEL: define i32 @down2_width16(
; CHECK-NEXT:  %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 258, i32 15, i32 15, i1 false)
; CHECK-NEXT:  ret i32 %dpp
  %r = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 2, i32 4127)
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
attributes #0 = { "target-cpu"="CPU" }
