; __match_all_sync(m, v, &pred): every member compares its value with the
; lowest member's (cttz of activemask & m, read with ds_bpermute, an i64 in
; two halves); if no member differs the result is (activemask & m, true) --
; the members that execute the call, so lanes of m that exited or were never
; launched are left out, as on an NVIDIA H100 -- else (0, false).
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s

define { i32, i1 } @all64(i32 %m, i64 %v) {
; CHECK-LABEL: define { i32, i1 } @all64(
; CHECK:      %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 true)
; CHECK:      %members = and i32 %warp.ballot, %m
; CHECK-NEXT: %leader = call i32 @llvm.cttz.i32(i32 %members, i1 false)
; CHECK-NEXT: [[HW:%.*]] = or i32 %warp.base, %leader
; CHECK:      call i32 @llvm.amdgcn.ds.bpermute(
; CHECK:      call i32 @llvm.amdgcn.ds.bpermute(
; CHECK:      [[LEADERV:%.*]] = or i64
; CHECK-NEXT: [[DIFFERS:%.*]] = icmp ne i64 %v, [[LEADERV]]
; CHECK-NEXT: call i64 @llvm.amdgcn.ballot.i64(i1 [[DIFFERS]])
; CHECK:      [[DM:%.*]] = and i32 {{.*}}, %m
; CHECK-NEXT: [[SAME:%.*]] = icmp eq i32 [[DM]], 0
; CHECK-NEXT: [[R:%.*]] = select i1 [[SAME]], i32 %members, i32 0
; CHECK-NEXT: [[P0:%.*]] = insertvalue { i32, i1 } poison, i32 [[R]], 0
; CHECK-NEXT: [[P1:%.*]] = insertvalue { i32, i1 } [[P0]], i1 [[SAME]], 1
; CHECK-NEXT: ret { i32, i1 } [[P1]]
  %r = call { i32, i1 } @llvm.nvvm.match.all.sync.i64p(i32 %m, i64 %v)
  ret { i32, i1 } %r
}

; CHECK-NOT: @llvm.nvvm
declare { i32, i1 } @llvm.nvvm.match.all.sync.i64p(i32, i64)
