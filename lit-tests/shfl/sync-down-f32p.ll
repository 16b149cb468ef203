; llvm.nvvm.shfl.sync.down.f32p with runtime b and c lowers to the full PTX formula:
; j = lane + (b & 31), in range when j <= maxLane, the clamp selects the own lane when out of range,
; and ds_bpermute reads from the warp's base plus the source lane.
; The {value, predicate} pair is rebuilt from the value and inRange.
; f32 travels as its bits (bitcast), so NaN payloads survive.
;
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave64>' -S %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave32>' -S %s | FileCheck %s --check-prefixes=CHECK,W32

define { float, i1 } @test(i32 %mask, float %a, i32 %b, i32 %c) {
; CHECK-LABEL: define {{.*}} @test(
; W64-NEXT:    %lane.lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; W64-NEXT:    %hw.lane = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lane.lo)
; W64-NEXT:    %cuda.lane = and i32 %hw.lane, 31
; W64-NEXT:    %warp.base = and i32 %hw.lane, 32
; W32-NEXT:    %cuda.lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; CHECK-NEXT: [[BVAL:%.*]] = and i32 %b, 31
; CHECK-NEXT: %shfl.j = add i32 %cuda.lane, [[BVAL]]
; CHECK-NEXT: [[CVAL:%.*]] = and i32 %c, 31
; CHECK-NEXT: [[SHR:%.*]] = lshr i32 %c, 8
; CHECK-NEXT: [[SEG:%.*]] = and i32 [[SHR]], 31
; CHECK-NEXT: [[SEGSTART:%.*]] = and i32 %cuda.lane, [[SEG]]
; CHECK-NEXT: [[NOTSEG:%.*]] = xor i32 [[SEG]], 31
; CHECK-NEXT: [[CLAMP:%.*]] = and i32 [[CVAL]], [[NOTSEG]]
; CHECK-NEXT: [[MAXLANE:%.*]] = or i32 [[SEGSTART]], [[CLAMP]]
; CHECK-NEXT: %shfl.inrange = icmp ule i32 %shfl.j, [[MAXLANE]]
; CHECK-NEXT: %shfl.src = select i1 %shfl.inrange, i32 %shfl.j, i32 %cuda.lane
; W64-NEXT:   [[HWLANE:%.*]] = or i32 %warp.base, %shfl.src
; CHECK-NEXT: [[BITS:%.*]] = bitcast float %a to i32
; W64-NEXT:   %shfl.addr = shl i32 [[HWLANE]], 2
; W32-NEXT:   %shfl.addr = shl i32 %shfl.src, 2
; CHECK-NEXT: %shfl.bits = call i32 @llvm.amdgcn.ds.bpermute(i32 %shfl.addr, i32 [[BITS]])
; CHECK-NEXT: %shfl.value = bitcast i32 %shfl.bits to float
; CHECK-NEXT: [[PAIR:%.*]] = insertvalue { float, i1 } poison, float %shfl.value, 0
; CHECK-NEXT: [[RESULT:%.*]] = insertvalue { float, i1 } [[PAIR]], i1 %shfl.inrange, 1
; CHECK-NEXT: ret { float, i1 } [[RESULT]]
  %r = call { float, i1 } @llvm.nvvm.shfl.sync.down.f32p(i32 %mask, float %a, i32 %b, i32 %c)
  ret { float, i1 } %r
}

; CHECK-NOT: @llvm.nvvm
declare { float, i1 } @llvm.nvvm.shfl.sync.down.f32p(i32, float, i32, i32)
