; A module that names code object v4 itself (nvvm-to-amdgpu keeps it) has
; no block counts among its implicit arguments, so %ntid reads the HSA
; dispatch packet's u16 workgroup_size at 4/6/8 and %nctaid is the packet's
; u32 grid_size at 12/16/20 (work-items) over it, an exact division: a
; CUDA launch is whole blocks.
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx90a>' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define protected amdgpu_kernel void @k(
; CHECK-NOT:  implicitarg
; CHECK:      [[DP:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[DP]], i64 6
; CHECK-NEXT: load i16, ptr addrspace(4) [[P]], align 2, !range
; CHECK:      [[DP2:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; CHECK-NEXT: [[G:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[DP2]], i64 20
; CHECK-NEXT: [[ITEMS:%.*]] = load i32, ptr addrspace(4) [[G]], align 4, !invariant.load
; CHECK:      getelementptr inbounds i8, ptr addrspace(4) {{%.*}}, i64 8
; CHECK-NEXT: [[SIZE16:%.*]] = load i16
; CHECK-NEXT: [[SIZE:%.*]] = zext i16 [[SIZE16]] to i32
; CHECK-NEXT: udiv exact i32 [[ITEMS]], [[SIZE]]
; CHECK-NOT:  implicitarg
; CHECK:      ret void
define ptx_kernel void @k(ptr %out) {
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %gz = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %s = add i32 %ny, %gz
  store i32 %s, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 400}
