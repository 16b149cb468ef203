; __shfl_xor_sync with a constant lane mask over the whole warp: the source
; map is lane ^ k, moved register to register.
;   k 1..3: DPP quad_perm (every target); e.g. ^1 = [1,0,3,2] = 177
;   gfx9 (gfx90a): ^4 = row_half_mirror (^7, 0x141) then quad_perm ^3 (27);
;                  ^8 = row_ror:8 (0x128); ^13 = row_mirror (^15, 0x140) then
;                  quad_perm ^2 (78); k >= 16: ds_swizzle bit-mask mode,
;                  and 0x1f, xor k: offset 0x1f | k << 10
;   gfx10+ (gfx1100, gfx1200): k < 16: row_xmask:k (0x160 + k);
;                  k >= 16: v_permlanex16, lane r reads lane r ^ (k & 15)
;                  of the other row (^16: selects 0x76543210, 0xfedcba98)
; Moves whose every lane reads a valid lane take an undefined old value and
; bound_ctrl, so the backend may fold them into their user.
;
; RUN: sed 's/CPU/gfx90a/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: sed 's/CPU/gfx942/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: sed 's/CPU/gfx1100/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX10
; RUN: sed 's/CPU/gfx1200/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX10

define i32 @xor1(i32 %v) #0 {
; CHECK-LABEL: define i32 @xor1(
; CHECK-NEXT:  %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 177, i32 15, i32 15, i1 true)
; CHECK-NEXT:  ret i32 %dpp
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  ret i32 %r
}

define i32 @xor4(i32 %v) #0 {
; CHECK-LABEL: define i32 @xor4(
; GFX9-NEXT:   %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 321, i32 15, i32 15, i1 true)
; GFX9-NEXT:   %dpp1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %dpp, i32 27, i32 15, i32 15, i1 true)
; GFX10-NEXT:  %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 356, i32 15, i32 15, i1 true)
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 4, i32 31)
  ret i32 %r
}

define i32 @xor8(i32 %v) #0 {
; CHECK-LABEL: define i32 @xor8(
; GFX9-NEXT:   %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 296, i32 15, i32 15, i1 true)
; GFX10-NEXT:  %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 360, i32 15, i32 15, i1 true)
; CHECK-NEXT:  ret i32 %dpp
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 8, i32 31)
  ret i32 %r
}

define i32 @xor13(i32 %v) #0 {
; CHECK-LABEL: define i32 @xor13(
; GFX9-NEXT:   %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 320, i32 15, i32 15, i1 true)
; GFX9-NEXT:   %dpp1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %dpp, i32 78, i32 15, i32 15, i1 true)
; GFX10-NEXT:  %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 365, i32 15, i32 15, i1 true)
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 13, i32 31)
  ret i32 %r
}

define float @xor16(float %v) #0 {
; CHECK-LABEL: define float @xor16(
; CHECK-NEXT:  [[BITS:%.*]] = bitcast float %v to i32
; GFX9-NEXT:   [[MOVED:%.*]] = call i32 @llvm.amdgcn.ds.swizzle(i32 [[BITS]], i32 16415)
; GFX10-NEXT:  [[MOVED:%.*]] = call i32 @llvm.amdgcn.permlanex16.i32(i32 poison, i32 [[BITS]], i32 1985229328, i32 -19088744, i1 false, i1 false)
; CHECK-NEXT:  %shfl.value = bitcast i32 [[MOVED]] to float
  %r = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v, i32 16, i32 31)
  ret float %r
}

define i32 @xor21(i32 %v) #0 {
; CHECK-LABEL: define i32 @xor21(
; GFX9-NEXT:   call i32 @llvm.amdgcn.ds.swizzle(i32 %v, i32 21535)
; GFX10-NEXT:  call i32 @llvm.amdgcn.permlanex16.i32(i32 poison, i32 %v, i32 587294533, i32 -1417023539, i1 false, i1 false)
  %r = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 21, i32 31)
  ret i32 %r
}

; CHECK-NOT: ds.bpermute
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
attributes #0 = { "target-cpu"="CPU" }
