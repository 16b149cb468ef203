; %laneid is the CUDA lane (hwlane & 31 on wave64); %lanemask_lt is
; (1 << lane) - 1 and %lanemask_ge its complement.
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx942>' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @k(ptr %out) {
; CHECK:      %lane.lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; CHECK-NEXT: %hw.lane = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lane.lo)
; CHECK-NEXT: %cuda.lane = and i32 %hw.lane, 31
; CHECK:      [[EQ:%.*]] = shl i32 1, %cuda.lane
; CHECK-NEXT: [[LT:%.*]] = sub i32 [[EQ]], 1
; CHECK-NEXT: store i32 [[LT]], ptr %out
; CHECK:      [[EQ2:%.*]] = shl i32 1, %cuda.lane
; CHECK-NEXT: [[LT2:%.*]] = sub i32 [[EQ2]], 1
; CHECK-NEXT: [[GE:%.*]] = xor i32 [[LT2]], -1
; CHECK-NEXT: store i32 [[GE]], ptr %out
; CHECK:      store i32 %cuda.lane, ptr %out
  %lt = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  store i32 %lt, ptr %out
  %ge = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
  store i32 %ge, ptr %out
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  store i32 %lane, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.ge()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
