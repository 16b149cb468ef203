; __syncwarp(m) is a wavefront-scope release fence, llvm.amdgcn.wave.barrier
; and an acquire fence (a wave's lanes run in lockstep; the fences keep
; memory accesses on their side). elect.sync(m) elects the lowest member
; (cttz of activemask & m), which alone gets true.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s

define void @syncwarp(i32 %m, ptr addrspace(3) %p) {
; CHECK-LABEL: define void @syncwarp(
; CHECK-NEXT: store i32 1, ptr addrspace(3) %p
; CHECK-NEXT: fence syncscope("wavefront") release
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: fence syncscope("wavefront") acquire
; CHECK-NEXT: load i32, ptr addrspace(3) %p
  store i32 1, ptr addrspace(3) %p
  call void @llvm.nvvm.bar.warp.sync(i32 %m)
  %v = load i32, ptr addrspace(3) %p
  ret void
}

define { i32, i1 } @elect(i32 %m) {
; CHECK-LABEL: define { i32, i1 } @elect(
; CHECK:      %ballot = call i64 @llvm.amdgcn.ballot.i64(i1 true)
; CHECK:      [[MEMBERS:%.*]] = and i32 %warp.ballot, %m
; CHECK-NEXT: %leader = call i32 @llvm.cttz.i32(i32 [[MEMBERS]], i1 false)
; CHECK-NEXT: %is.leader = icmp eq i32 %cuda.lane, %leader
; CHECK-NEXT: [[P0:%.*]] = insertvalue { i32, i1 } poison, i32 %leader, 0
; CHECK-NEXT: [[P1:%.*]] = insertvalue { i32, i1 } [[P0]], i1 %is.leader, 1
; CHECK-NEXT: ret { i32, i1 } [[P1]]
  %r = call { i32, i1 } @llvm.nvvm.elect.sync(i32 %m)
  ret { i32, i1 } %r
}

; CHECK-NOT: @llvm.nvvm
declare void @llvm.nvvm.bar.warp.sync(i32)
declare { i32, i1 } @llvm.nvvm.elect.sync(i32)
