; CUB's ShuffleIndex/Up/Down: `shfl.sync.MODE.b32 d, a, b, c, membermask`
; becomes llvm.nvvm.shfl.sync.MODE.i32(membermask, a, b, c); the predicate
; form, its predicate returned through selp as 0/1, becomes the i32p
; intrinsic. Both are then lowered to ds_bpermute.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s --check-prefix=LOWERED

define i32 @idx(i32 %v, i32 %src, i32 %c, i32 %m) {
; CHECK-LABEL: define i32 @idx(
; CHECK:       call i32 @llvm.amdgcn.ds.bpermute
  %r = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 %v, i32 %src, i32 %c, i32 %m)
  ret i32 %r
}

define { i32, i32 } @down_pred(i32 %v, i32 %d, i32 %c, i32 %m) {
; CHECK-LABEL: define { i32, i32 } @down_pred(
; CHECK:       %shfl.inrange = icmp ule i32 %shfl.j,
; CHECK:       call i32 @llvm.amdgcn.ds.bpermute
; CHECK:       [[P1:%.*]] = insertvalue { i32, i1 } {{.*}}, i1 %shfl.inrange, 1
; CHECK:       [[P:%.*]] = extractvalue { i32, i1 } [[P1]], 1
; CHECK-NEXT:  [[PI:%.*]] = zext i1 [[P]] to i32
; CHECK-NEXT:  insertvalue { i32, i32 } {{.*}}, i32 [[PI]], 1
  %r = call { i32, i32 } asm sideeffect "{ .reg .pred p; shfl.sync.down.b32 $0|p, $2, $3, $4, $5; selp.u32 $1, 1, 0, p; }", "=r,=r,r,r,r,r"(i32 %v, i32 %d, i32 %c, i32 %m)
  ret { i32, i32 } %r
}
; LOWERED-NOT: asm
; LOWERED-NOT: @llvm.nvvm
