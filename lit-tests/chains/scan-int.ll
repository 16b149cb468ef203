; A complete Hillis–Steele inclusive scan over an associative integer
; operation (here add in clang's `v + (lane >= d ? t : 0)` shape and smax in
; its `lane >= d ? max(v, t) : v` shape) is rewritten whole: four DPP
; row_shr steps whose out-of-row lanes read the identity (0 for add,
; INT_MIN for smax), then row 0's lane 15 joins row 1 by DPP row_bcast:15
; (0x142, odd rows only) on gfx9, and by v_permlanex16 reading lane 15 of
; the other row masked to the odd rows by a quad_perm identity move
; (0xe4, row_mask 0xa) on gfx10+. No shuffle, select or ds_bpermute is left.
; strategy=exact leaves the chain to the per-shuffle lowering.
;
; RUN: sed 's/CPU/gfx90a/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: sed 's/CPU/gfx1030/' %s | %opt-warp -passes=nvvm-warp-to-amdgpu -S | FileCheck %s --check-prefixes=CHECK,GFX10
; RUN: sed 's/CPU/gfx1100/' %s | %opt-warp -passes='nvvm-warp-to-amdgpu<strategy=exact>' -S | FileCheck %s --check-prefix=EXACT

define i32 @scan_add(i32 %v) #0 {
; CHECK-LABEL: define i32 @scan_add(
; CHECK:       [[D1:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %v, i32 273, i32 15, i32 15, i1 false)
; CHECK-NEXT:  [[S1:%.*]] = add i32 %v, [[D1]]
; CHECK-NEXT:  [[D2:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 [[S1]], i32 274, i32 15, i32 15, i1 false)
; CHECK-NEXT:  [[S2:%.*]] = add i32 [[S1]], [[D2]]
; CHECK-NEXT:  [[D4:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 [[S2]], i32 276, i32 15, i32 15, i1 false)
; CHECK-NEXT:  [[S4:%.*]] = add i32 [[S2]], [[D4]]
; CHECK-NEXT:  [[D8:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 [[S4]], i32 280, i32 15, i32 15, i1 false)
; CHECK-NEXT:  [[S8:%.*]] = add i32 [[S4]], [[D8]]
; GFX9-NEXT:   [[C:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 [[S8]], i32 322, i32 10, i32 15, i1 false)
; GFX10-NEXT:  [[R:%.*]] = call i32 @llvm.amdgcn.permlanex16.i32(i32 poison, i32 [[S8]], i32 -1, i32 -1, i1 false, i1 false)
; GFX10-NEXT:  [[C:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 [[R]], i32 228, i32 10, i32 15, i1 false)
; CHECK-NEXT:  [[S:%.*]] = add i32 [[S8]], [[C]]
; CHECK-NEXT:  ret i32 [[S]]
; EXACT-LABEL: define i32 @scan_add(
; EXACT-COUNT-5: call i32 @llvm.amdgcn.permlanex16.i32(
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %t1 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 1, i32 0)
  %g1 = icmp eq i32 %lane, 0
  %z1 = select i1 %g1, i32 0, i32 %t1
  %v1 = add nsw i32 %z1, %v
  %t2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v1, i32 2, i32 0)
  %g2 = icmp ult i32 %lane, 2
  %z2 = select i1 %g2, i32 0, i32 %t2
  %v2 = add nsw i32 %z2, %v1
  %t4 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v2, i32 4, i32 0)
  %g4 = icmp ult i32 %lane, 4
  %z4 = select i1 %g4, i32 0, i32 %t4
  %v4 = add nsw i32 %z4, %v2
  %t8 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v4, i32 8, i32 0)
  %g8 = icmp ult i32 %lane, 8
  %z8 = select i1 %g8, i32 0, i32 %t8
  %v8 = add nsw i32 %z8, %v4
  %t16 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v8, i32 16, i32 0)
  %g16 = icmp ult i32 %lane, 16
  %z16 = select i1 %g16, i32 0, i32 %t16
  %v16 = add nsw i32 %z16, %v8
  ret i32 %v16
}

define i32 @scan_smax_predicated(i32 %v) #0 {
; CHECK-LABEL: define i32 @scan_smax_predicated(
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 -2147483648, i32 %v, i32 273, i32 15, i32 15, i1 false)
; CHECK:       call i32 @llvm.smax.i32(
; CHECK-NOT:   shfl
; CHECK-NOT:   select
; CHECK:       ret i32
  %p1 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 1, i32 0)
  %t1 = extractvalue { i32, i1 } %p1, 0
  %in1 = extractvalue { i32, i1 } %p1, 1
  %m1 = call i32 @llvm.smax.i32(i32 %v, i32 %t1)
  %v1 = select i1 %in1, i32 %m1, i32 %v
  %p2 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v1, i32 2, i32 0)
  %t2 = extractvalue { i32, i1 } %p2, 0
  %in2 = extractvalue { i32, i1 } %p2, 1
  %m2 = call i32 @llvm.smax.i32(i32 %v1, i32 %t2)
  %v2 = select i1 %in2, i32 %m2, i32 %v1
  %p4 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v2, i32 4, i32 0)
  %t4 = extractvalue { i32, i1 } %p4, 0
  %in4 = extractvalue { i32, i1 } %p4, 1
  %m4 = call i32 @llvm.smax.i32(i32 %v2, i32 %t4)
  %v4 = select i1 %in4, i32 %m4, i32 %v2
  %p8 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v4, i32 8, i32 0)
  %t8 = extractvalue { i32, i1 } %p8, 0
  %in8 = extractvalue { i32, i1 } %p8, 1
  %m8 = call i32 @llvm.smax.i32(i32 %v4, i32 %t8)
  %v8 = select i1 %in8, i32 %m8, i32 %v4
  %p16 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v8, i32 16, i32 0)
  %t16 = extractvalue { i32, i1 } %p16, 0
  %in16 = extractvalue { i32, i1 } %p16, 1
  %m16 = call i32 @llvm.smax.i32(i32 %v8, i32 %t16)
  %v16 = select i1 %in16, i32 %m16, i32 %v8
  ret i32 %v16
}

declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
attributes #0 = { "target-cpu"="CPU" }
