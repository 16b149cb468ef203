; CUB's WarpScan<int>::ExclusiveSum (inclusive - input) after AMDGPU's
; optimizer, in a kernel that adds more terms to it (HeCBench moe-align's
; and topk's BlockScan): each step is add(select(p, v, 0), t), CUB's
; `@p add` step as instcombine leaves it, except the last, into which
; reassociation moved the subtracted input: (t - x) + select(p, v, 0).
; That is the scan minus x (two's complement sums in any order), so the
; chain is rewritten whole and x subtracted from its result (added, for
; (x + t) + select). A step with a term moved in ends a chain: one in the
; middle (its result is not the scan the next step reads) and x - t (not
; the scan plus a term) are left to the per-shuffle lowering.
;
; RUN: sed 's/CPU/gfx90a/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: sed 's/CPU/gfx1030/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX10

; CHECK-LABEL: define i32 @exclusive_sub(
; CHECK:       [[D1:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %v, i32 273, i32 15, i32 15, i1 false)
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 280, i32 15, i32 15, i1 false)
; GFX9:        call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 322, i32 10, i32 15, i1 false)
; GFX10:       call i32 @llvm.amdgcn.permlanex16.i32(
; GFX10:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 228, i32 10, i32 15, i1 false)
; CHECK-NEXT:  [[S:%.*]] = add i32
; CHECK-NEXT:  [[R:%.*]] = sub i32 [[S]], %x
; CHECK-NEXT:  ret i32 [[R]]
; CHECK-LABEL: define i32 @offset_add(
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 280, i32 15, i32 15, i1 false)
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 {{%.*}}, i32 {{322|228}}, i32 10, i32 15, i1 false)
; CHECK-NEXT:  [[S:%.*]] = add i32
; CHECK-NEXT:  [[R:%.*]] = add i32 [[S]], %x
; CHECK-NEXT:  ret i32 [[R]]
; CHECK-LABEL: define i32 @offset_mid(
; CHECK-NOT:   update.dpp.i32(i32 0,
; CHECK:       ret i32
; CHECK-LABEL: define i32 @offset_reversed(
; CHECK-NOT:   update.dpp.i32(i32 0,
; CHECK:       ret i32

define i32 @exclusive_sub(i32 %v, i32 %x) #0 {
  %c1 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 1, i32 0)
  %t1 = extractvalue { i32, i1 } %c1, 0
  %p1 = extractvalue { i32, i1 } %c1, 1
  %g1 = select i1 %p1, i32 %v, i32 0
  %s1 = add i32 %g1, %t1
  %c2 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s1, i32 2, i32 0)
  %t2 = extractvalue { i32, i1 } %c2, 0
  %p2 = extractvalue { i32, i1 } %c2, 1
  %g2 = select i1 %p2, i32 %s1, i32 0
  %s2 = add i32 %g2, %t2
  %c4 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s2, i32 4, i32 0)
  %t4 = extractvalue { i32, i1 } %c4, 0
  %p4 = extractvalue { i32, i1 } %c4, 1
  %g4 = select i1 %p4, i32 %s2, i32 0
  %s4 = add i32 %g4, %t4
  %c8 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s4, i32 8, i32 0)
  %t8 = extractvalue { i32, i1 } %c8, 0
  %p8 = extractvalue { i32, i1 } %c8, 1
  %g8 = select i1 %p8, i32 %s4, i32 0
  %s8 = add i32 %g8, %t8
  %c16 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s8, i32 16, i32 0)
  %t16 = extractvalue { i32, i1 } %c16, 0
  %p16 = extractvalue { i32, i1 } %c16, 1
  %g16 = select i1 %p16, i32 %s8, i32 0
  %x16 = sub i32 %t16, %x
  %s16 = add i32 %x16, %g16
  ret i32 %s16
}

define i32 @offset_add(i32 %v, i32 %x) #0 {
  %c1 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 1, i32 0)
  %t1 = extractvalue { i32, i1 } %c1, 0
  %p1 = extractvalue { i32, i1 } %c1, 1
  %g1 = select i1 %p1, i32 %v, i32 0
  %s1 = add i32 %g1, %t1
  %c2 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s1, i32 2, i32 0)
  %t2 = extractvalue { i32, i1 } %c2, 0
  %p2 = extractvalue { i32, i1 } %c2, 1
  %g2 = select i1 %p2, i32 %s1, i32 0
  %s2 = add i32 %g2, %t2
  %c4 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s2, i32 4, i32 0)
  %t4 = extractvalue { i32, i1 } %c4, 0
  %p4 = extractvalue { i32, i1 } %c4, 1
  %g4 = select i1 %p4, i32 %s2, i32 0
  %s4 = add i32 %g4, %t4
  %c8 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s4, i32 8, i32 0)
  %t8 = extractvalue { i32, i1 } %c8, 0
  %p8 = extractvalue { i32, i1 } %c8, 1
  %g8 = select i1 %p8, i32 %s4, i32 0
  %s8 = add i32 %g8, %t8
  %c16 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s8, i32 16, i32 0)
  %t16 = extractvalue { i32, i1 } %c16, 0
  %p16 = extractvalue { i32, i1 } %c16, 1
  %g16 = select i1 %p16, i32 %s8, i32 0
  %x16 = add i32 %x, %t16
  %s16 = add i32 %g16, %x16
  ret i32 %s16
}

define i32 @offset_mid(i32 %v, i32 %x) #0 {
  %c1 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 1, i32 0)
  %t1 = extractvalue { i32, i1 } %c1, 0
  %p1 = extractvalue { i32, i1 } %c1, 1
  %g1 = select i1 %p1, i32 %v, i32 0
  %s1 = add i32 %g1, %t1
  %c2 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s1, i32 2, i32 0)
  %t2 = extractvalue { i32, i1 } %c2, 0
  %p2 = extractvalue { i32, i1 } %c2, 1
  %g2 = select i1 %p2, i32 %s1, i32 0
  %s2 = add i32 %g2, %t2
  %c4 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s2, i32 4, i32 0)
  %t4 = extractvalue { i32, i1 } %c4, 0
  %p4 = extractvalue { i32, i1 } %c4, 1
  %g4 = select i1 %p4, i32 %s2, i32 0
  %s4 = add i32 %g4, %t4
  %c8 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s4, i32 8, i32 0)
  %t8 = extractvalue { i32, i1 } %c8, 0
  %p8 = extractvalue { i32, i1 } %c8, 1
  %g8 = select i1 %p8, i32 %s4, i32 0
  %x8 = sub i32 %t8, %x
  %s8 = add i32 %x8, %g8
  %c16 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s8, i32 16, i32 0)
  %t16 = extractvalue { i32, i1 } %c16, 0
  %p16 = extractvalue { i32, i1 } %c16, 1
  %g16 = select i1 %p16, i32 %s8, i32 0
  %s16 = add i32 %g16, %t16
  ret i32 %s16
}

define i32 @offset_reversed(i32 %v, i32 %x) #0 {
  %c1 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 1, i32 0)
  %t1 = extractvalue { i32, i1 } %c1, 0
  %p1 = extractvalue { i32, i1 } %c1, 1
  %g1 = select i1 %p1, i32 %v, i32 0
  %s1 = add i32 %g1, %t1
  %c2 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s1, i32 2, i32 0)
  %t2 = extractvalue { i32, i1 } %c2, 0
  %p2 = extractvalue { i32, i1 } %c2, 1
  %g2 = select i1 %p2, i32 %s1, i32 0
  %s2 = add i32 %g2, %t2
  %c4 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s2, i32 4, i32 0)
  %t4 = extractvalue { i32, i1 } %c4, 0
  %p4 = extractvalue { i32, i1 } %c4, 1
  %g4 = select i1 %p4, i32 %s2, i32 0
  %s4 = add i32 %g4, %t4
  %c8 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s4, i32 8, i32 0)
  %t8 = extractvalue { i32, i1 } %c8, 0
  %p8 = extractvalue { i32, i1 } %c8, 1
  %g8 = select i1 %p8, i32 %s4, i32 0
  %s8 = add i32 %g8, %t8
  %c16 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s8, i32 16, i32 0)
  %t16 = extractvalue { i32, i1 } %c16, 0
  %p16 = extractvalue { i32, i1 } %c16, 1
  %g16 = select i1 %p16, i32 %s8, i32 0
  %x16 = sub i32 %x, %t16
  %s16 = add i32 %x16, %g16
  ret i32 %s16
}

attributes #0 = { "target-cpu"="CPU" }
