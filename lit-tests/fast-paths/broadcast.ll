; __shfl_sync with a constant source lane: a broadcast in each segment.
;   whole warp, lane s: v_readlane s (wave32); on wave64 lanes s and 32 + s,
;     each CUDA warp taking its own (warp base 0 or 32)
;   segments of 16: DPP row_share:s / gfx90a's row_newbcast:s (0x150 + s)
;   segments of 8: ds_swizzle bit-mask, and 0x18, or s: offset 24 | s << 5
; (c = (32 - width) << 8 | 31, as CUDA's width argument makes it.)
;
; RUN: sed 's/CPU/gfx90a/; s/+wavefrontsize32/+wavefrontsize64/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,W64
; RUN: sed 's/CPU/gfx1100/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,W32
; RUN: sed 's/CPU/gfx1100/; s/+wavefrontsize32/+wavefrontsize64/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,W64

define i32 @lane3(i32 %v) #0 {
; CHECK-LABEL: define i32 @lane3(
; W32:         %broadcast = call i32 @llvm.amdgcn.readlane.i32(i32 %v, i32 3)
; W32-NEXT:    ret i32 %broadcast
; W64:         %broadcast = call i32 @llvm.amdgcn.readlane.i32(i32 %v, i32 3)
; W64-NEXT:    %broadcast1 = call i32 @llvm.amdgcn.readlane.i32(i32 %v, i32 35)
; W64-NEXT:    %first.warp = icmp eq i32 %warp.base, 0
; W64-NEXT:    %broadcast2 = select i1 %first.warp, i32 %broadcast, i32 %broadcast1
; W64-NEXT:    ret i32 %broadcast2
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 3, i32 31)
  ret i32 %r
}

define i32 @width16_lane5(i32 %v) #0 {
; CHECK-LABEL: define i32 @width16_lane5(
; CHECK-NEXT:  %dpp = call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 341, i32 15, i32 15, i1 true)
; CHECK-NEXT:  ret i32 %dpp
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 5, i32 4127)
  ret i32 %r
}

define i32 @width8_lane2(i32 %v) #0 {
; CHECK-LABEL: define i32 @width8_lane2(
; CHECK-NEXT:  %swizzle = call i32 @llvm.amdgcn.ds.swizzle(i32 %v, i32 88)
; CHECK-NEXT:  ret i32 %swizzle
  %r = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 2, i32 6175)
  ret i32 %r
}

; CHECK-NOT: ds.bpermute
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
attributes #0 = { "target-cpu"="CPU" "target-features"="+wavefrontsize32" }
