; The lane computation is emitted once per function, at its entry after the
; allocas, however many shuffles (in however many blocks) use it; a function
; without shuffles gets none.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define float @reduce(float %v, i1 %more) {
; CHECK-LABEL: define float @reduce(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %slot = alloca float
; CHECK-NEXT:    %lane.lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; CHECK-NEXT:    %hw.lane = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lane.lo)
; CHECK-NOT:     mbcnt
; CHECK:         ret float
entry:
  %slot = alloca float
  %a = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %a
  br i1 %more, label %next, label %done
next:
  %b = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %b
  br label %done
done:
  %r = phi float [ %s1, %entry ], [ %s2, %next ]
  ret float %r
}

define float @plain(float %v) {
; CHECK-LABEL: define float @plain(
; CHECK-NEXT:    ret float %v
  ret float %v
}

declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
