; threadIdx.x % 32 is the CUDA lane only when blocks are 1-D or blockDim.x
; is a multiple of 32; in a 16x2 block the thread with threadIdx.x == 0 of
; the second row is lane 16. So a guard on threadIdx.x & 31 says nothing
; about lanes unless tid-x-lanes promises that shape: without it the
; shuffle stays exact in every lane (its select), with it only lane 0 is
; observed and lane 0 reads lane 1 by a DPP quad_perm with no select.
;
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s --check-prefix=SOUND
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<tid-x-lanes>' -S %s | FileCheck %s --check-prefix=PROMISED

define void @first_lane_stores(i32 %v, ptr %out) #0 {
; SOUND-LABEL:    define void @first_lane_stores(
; SOUND:          select
; PROMISED-LABEL: define void @first_lane_stores(
; PROMISED:       call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 {{.*}}, i32 15, i32 15, i1 true)
; PROMISED-NOT:   select
; PROMISED:       ret void
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

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
attributes #0 = { "target-cpu"="gfx90a" }
