; The issue's example, a shuffle's |q predicate read out through selp in a
; block of its own: the asm becomes the shfl.sync.down.i32p intrinsic,
; lowered exactly (ds_bpermute with the in-range bit), and the predicate
; 1 or 0 by a select on that bit; no asm is left.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s

define { i32, i32 } @down(i32 %v, i32 %off, i32 %c, i32 %mask) {
; CHECK-LABEL: define { i32, i32 } @down(
; CHECK-NOT:   asm
; CHECK:       %shfl.inrange = icmp ule
; CHECK:       call i32 @llvm.amdgcn.ds.bpermute
; CHECK:       insertvalue { i32, i1 } {{%.*}}, i1 %shfl.inrange, 1
; CHECK:       [[P:%.*]] = select i1 {{%.*}}, i32 1, i32 0
; CHECK:       insertvalue { i32, i32 } {{%.*}}, i32 [[P]], 1
  %r = call { i32, i32 } asm sideeffect "{ .reg .pred q; shfl.sync.down.b32 $0|q, $2, $3, $4, $5; selp.s32 $1, 1, 0, q; }", "=r,=r,r,r,r,r"(i32 %v, i32 %off, i32 %c, i32 %mask)
  ret { i32, i32 } %r
}
