; vote.sync with the predicate made by setp.ne (all/any/uni returned through
; selp), elect.sync with selp, and bar.warp.sync become their intrinsics.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s

define i32 @ballot(i32 %x, i32 %m) {
; CHECK-LABEL: define i32 @ballot(
; CHECK:       [[P:%.*]] = icmp ne i32 %x, 0
; CHECK-NEXT:  %ballot = call i32 @llvm.amdgcn.ballot.i32(i1 [[P]])
; CHECK-NEXT:  [[R:%.*]] = and i32 %ballot, %m
; CHECK-NEXT:  ret i32 [[R]]
  %r = call i32 asm "{ .reg .pred p; setp.ne.u32 p, $1, 0; vote.sync.ballot.b32 $0, p, $2; }", "=r,r,r"(i32 %x, i32 %m)
  ret i32 %r
}

define i32 @all(i32 %x, i32 %m) {
; CHECK-LABEL: define i32 @all(
; CHECK:       [[NONE:%.*]] = icmp eq i32 {{.*}}, 0
; CHECK-NEXT:  [[R:%.*]] = zext i1 [[NONE]] to i32
; CHECK-NEXT:  ret i32 [[R]]
  %r = call i32 asm "{ .reg .pred p, q; setp.ne.u32 p, $1, 0; vote.sync.all.pred q, p, $2; selp.u32 $0, 1, 0, q; }", "=r,r,r"(i32 %x, i32 %m)
  ret i32 %r
}

define { i32, i32 } @elect(i32 %m) {
; CHECK-LABEL: define { i32, i32 } @elect(
; CHECK:       %leader = call i32 @llvm.cttz.i32(
; CHECK:       %is.leader = icmp eq i32 %cuda.lane, %leader
; CHECK:       [[PAIR:%.*]] = insertvalue { i32, i1 } {{.*}}, i1 %is.leader, 1
; CHECK:       [[IS:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; CHECK-NEXT:  zext i1 [[IS]] to i32
  %r = call { i32, i32 } asm sideeffect "{ .reg .pred p; elect.sync $0|p, $2; selp.u32 $1, 1, 0, p; }", "=r,=r,r"(i32 %m)
  ret { i32, i32 } %r
}

define void @syncwarp(i32 %m) {
; CHECK-LABEL: define void @syncwarp(
; CHECK-NEXT:  fence syncscope("wavefront") release
; CHECK-NEXT:  call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT:  fence syncscope("wavefront") acquire
  call void asm sideeffect "bar.warp.sync $0;", "r"(i32 %m)
  ret void
}
; CHECK-NOT: asm
