; nvvm-to-amdgpu maps PTX special registers: %tid and %ctaid to the AMDGPU
; work-item and work-group ids, %ntid to the dispatch packet's 16-bit
; workgroup size (offsets 4/6/8), %nctaid to grid size (offsets 12/16/20)
; divided by workgroup size rounded up, %laneid to the CUDA lane and
; %warpsize to 32 on wave64 as on wave32. The kernel becomes amdgpu_kernel.
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx90a>' -S %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx1100>' -S %s | FileCheck %s --check-prefixes=CHECK,W32

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: target triple = "amdgcn-amd-amdhsa"
; CHECK-LABEL: define protected amdgpu_kernel void @k(
; W64-SAME: #[[ATTRS:[0-9]+]]
; W32-SAME: #[[ATTRS:[0-9]+]]
define ptx_kernel void @k(ptr %out) #0 {
; CHECK: call i32 @llvm.amdgcn.workitem.id.x()
; CHECK: call i32 @llvm.amdgcn.workitem.id.z()
; CHECK: call i32 @llvm.amdgcn.workgroup.id.y()
; CHECK:      [[DP:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[DP]], i64 4
; CHECK-NEXT: [[W:%.*]] = load i16, ptr addrspace(4) [[P]], align 2, !invariant.load
; CHECK-NEXT: zext i16 [[W]] to i32
; CHECK:      [[DP2:%.*]] = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
; CHECK-NEXT: [[G:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[DP2]], i64 12
; CHECK-NEXT: [[ITEMS:%.*]] = load i32, ptr addrspace(4) [[G]], align 4, !invariant.load
; CHECK:      [[SIZE:%.*]] = zext i16 {{.*}} to i32
; CHECK-NEXT: [[M1:%.*]] = sub i32 [[SIZE]], 1
; CHECK-NEXT: [[R:%.*]] = add i32 [[ITEMS]], [[M1]]
; CHECK-NEXT: udiv i32 [[R]], [[SIZE]]
; CHECK: store i32 32, ptr
; CHECK-NOT: llvm.nvvm
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %a = add i32 %tx, %tz
  %b = add i32 %a, %cy
  %c = add i32 %b, %nx
  %d = add i32 %c, %gx
  %e = add i32 %d, %lane
  store i32 %e, ptr %out
  store i32 %ws, ptr %out
  ret void
}

; The lane comes from mbcnt at the function entry (hi too on wave64).
; CHECK: attributes #[[ATTRS]] = {{.*}}"amdgpu-flat-work-group-size"="1,1024"
; W64-SAME: "target-cpu"="gfx90a" "target-features"="+wavefrontsize64"
; W32-SAME: "target-cpu"="gfx1100" "target-features"="+wavefrontsize32"

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
