; nvvm-to-amdgpu maps PTX special registers: %tid and %ctaid to the AMDGPU
; work-item and work-group ids; %ntid and %nctaid to code object v5's
; implicit kernel arguments (llvm.amdgcn.implicitarg.ptr), as HIP reads
; blockDim and gridDim: %ntid.{x,y,z} the u16 hidden_group_size_{x,y,z} at
; 12/14/16 (in [1, 1024]), %nctaid.{x,y,z} the u32 hidden_block_count_{x,y,z}
; at 0/4/8 with no division (the offsets are AMDGPUUsage's "Code Object V5
; Metadata" table); %laneid to the CUDA lane and %warpsize to 32 on wave64
; as on wave32. The kernel becomes amdgpu_kernel.
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
; CHECK:      [[IA:%.*]] = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
; CHECK-NEXT: [[P:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[IA]], i64 12
; CHECK-NEXT: [[W:%.*]] = load i16, ptr addrspace(4) [[P]], align 2, !range ![[BLOCK:[0-9]+]], !invariant.load ![[EMPTY:[0-9]+]], !noundef ![[EMPTY]]
; CHECK-NEXT: zext i16 [[W]] to i32
; CHECK:      getelementptr inbounds i8, ptr addrspace(4) {{%.*}}, i64 14
; CHECK-NEXT: load i16, {{.*}} !range ![[BLOCK]]
; CHECK:      getelementptr inbounds i8, ptr addrspace(4) {{%.*}}, i64 16
; CHECK-NEXT: load i16, {{.*}} !range ![[BLOCK]]
; CHECK:      [[IA2:%.*]] = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
; CHECK-NEXT: [[G:%.*]] = getelementptr inbounds i8, ptr addrspace(4) [[IA2]], i64 0
; CHECK-NEXT: load i32, ptr addrspace(4) [[G]], align 4, !invariant.load
; CHECK:      getelementptr inbounds i8, ptr addrspace(4) {{%.*}}, i64 4
; CHECK-NEXT: load i32, ptr addrspace(4) {{%.*}}, align 4, !invariant.load
; CHECK:      getelementptr inbounds i8, ptr addrspace(4) {{%.*}}, i64 8
; CHECK-NEXT: load i32, ptr addrspace(4) {{%.*}}, align 4, !invariant.load
; CHECK-NOT:  div
; CHECK-NOT:  dispatch.ptr
; CHECK: store i32 32, ptr
; CHECK-NOT: llvm.nvvm
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %cy = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %nz = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  %gx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %gy = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  %gz = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %a = add i32 %tx, %tz
  %b = add i32 %a, %cy
  %c = add i32 %b, %nx
  %c1 = add i32 %c, %ny
  %c2 = add i32 %c1, %nz
  %d0 = add i32 %c2, %gx
  %d1 = add i32 %d0, %gy
  %d = add i32 %d1, %gz
  %e = add i32 %d, %lane
  store i32 %e, ptr %out
  store i32 %ws, ptr %out
  ret void
}

; The lane comes from mbcnt at the function entry (hi too on wave64).
; CHECK: attributes #[[ATTRS]] = {{.*}}"amdgpu-flat-work-group-size"="1,1024"
; W64-SAME: "target-cpu"="gfx90a" "target-features"="+wavefrontsize64"
; W32-SAME: "target-cpu"="gfx1100" "target-features"="+wavefrontsize32"
; CHECK: ![[BLOCK]] = !{i16 1, i16 1025}
; CHECK: ![[EMPTY]] = !{}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()

attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx70,+sm_80" }
