; __syncthreads becomes a workgroup release fence, s_barrier and a workgroup
; acquire fence; membar.cta/gl/sys become seq_cst fences of workgroup,
; agent and system scope. The old llvm.nvvm.barrier0 (upgraded by LLVM's
; IR reader) lowers the same way. __nanosleep's llvm.nvvm.nanosleep becomes
; s_sleep 1, a hint as on NVIDIA (where wavesim lets other lanes run).
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx90a>' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k() {
; CHECK:      fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: fence syncscope("workgroup") seq_cst
; CHECK-NEXT: fence syncscope("agent") seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: ret void
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  call void @llvm.nvvm.membar.cta()
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.membar.sys()
  ret void
}

define ptx_kernel void @old_barrier() {
; CHECK-LABEL: @old_barrier(
; CHECK-NEXT: fence syncscope("workgroup") release
; CHECK-NEXT: call void @llvm.amdgcn.s.barrier()
; CHECK-NEXT: fence syncscope("workgroup") acquire
; CHECK-NEXT: ret void
  call void @llvm.nvvm.barrier0()
  ret void
}

define ptx_kernel void @sleep(i32 %ns) {
; CHECK-LABEL: @sleep(
; CHECK-NEXT: call void @llvm.amdgcn.s.sleep(i32 1)
; CHECK-NEXT: ret void
  call void @llvm.nvvm.nanosleep(i32 %ns)
  ret void
}

declare void @llvm.nvvm.nanosleep(i32)
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()
