; Which functions the lowering versions on the block shape, through the
; plugin on NVVM IR (the retargeted path is versioned-code.test):
;  - a shuffle whose lane 0 alone is observed through threadIdx.x & 31 is
;    versioned: the entry reads %ntid and branches once on
;    ntid.y * ntid.z == 1 || ntid.x % 32 == 0 to a copy where only lane 0
;    is observed (one DPP move, no select) or to the exact code (select);
;  - the linear thread index & 31 is always the lane: no versioning, and the
;    shuffle is lowered for lane 0 alone;
;  - the 2-D form y * ntid.x + x is the lane only where the shape holds:
;    versioned;
;  - a shuffle observed in every lane gains nothing: not versioned;
;  - tid-x-lanes promises the shape: nothing to check.
;
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<tid-x-lanes>' -S %s | FileCheck %s --check-prefix=PROMISED
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<plant-bug=shape-check-true>' -S %s | FileCheck %s --check-prefix=PLANTED

; CHECK-LABEL: define void @tid_x_lane(
; CHECK:       block.shape:
; CHECK-DAG:   call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-DAG:   call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; CHECK-DAG:   call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
; CHECK:       %tid.x.lanes = or i1 %block.1d, %block.x.warps
; CHECK-NEXT:  br i1 %tid.x.lanes, label %[[FAST:.*]], label %[[GENERAL:.*]]
; CHECK:       [[GENERAL]]:
; CHECK:       select
; CHECK:       [[FAST]]:
; CHECK-NOT:   select
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 {{.*}}, i32 15, i32 15, i1 true)
; CHECK-NOT:   select
; CHECK:       ret void
; PROMISED-LABEL: define void @tid_x_lane(
; PROMISED-NOT:   block.shape
; PROMISED:       ret void
; PLANTED-LABEL:  define void @tid_x_lane(
; PLANTED:        br i1 true,
define void @tid_x_lane(i32 %v, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %done
store:
  store i32 %sum, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @linear_lane(
; CHECK-NOT:   block.shape
; CHECK-NOT:   select
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 {{.*}}, i32 15, i32 15, i1 true)
; CHECK-NOT:   select
; CHECK:       ret void
define void @linear_lane(i32 %v, ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %zny = mul nuw i32 %z, %ny
  %row = add nuw i32 %zny, %y
  %rownx = mul i32 %row, %nx
  %linear = add i32 %rownx, %x
  %lane = urem i32 %linear, 32
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %done
store:
  store i32 %sum, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @two_d_lane(
; CHECK:       block.shape:
; CHECK:       br i1 %tid.x.lanes
; CHECK:       ret void
define void @two_d_lane(i32 %v, ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ynx = mul i32 %nx, %y
  %flat = add i32 %x, %ynx
  %lane = and i32 %flat, 31
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %done
store:
  store i32 %sum, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @observed_everywhere(
; CHECK-NOT:   block.shape
; CHECK:       ret void
define void @observed_everywhere(i32 %v, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %slot = getelementptr i32, ptr %out, i32 %tid
  store i32 %sum, ptr %slot
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
attributes #0 = { "target-cpu"="gfx90a" }
