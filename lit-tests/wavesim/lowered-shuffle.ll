; End to end with the shuffle lowering: a CUDA warp reduction written with
; llvm.nvvm.shfl.sync.down.i32 (as __shfl_down_sync(~0u, v, d) emits it,
; width 32: c = 31) is lowered by nvvm-shfl-to-amdgpu and run on wavesim.
; Each CUDA warp of 32 lanes sums its inputs; lane 0 of the warp stores the
; sum. With in = 0..63, by hand: 0 + ... + 31 = 496, 32 + ... + 63 = 1520,
; on wave64 (both CUDA warps in one hardware wave) and wave32 alike.
;
; Lowered for wave32 but run on wave64, the emulator tells the lowerings
; apart: the wave32 code takes mbcnt.lo alone as the CUDA lane, which is 32
; for every lane of the upper half, so the second warp's sum is wrong (its
; exact wrong value depends on which copy of the lane-0 guard, versioned on
; the block shape, runs; with the general code alone it was 32 * 2^5).
;
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave64>' %s | wavesim --wave=64 --kernel=reduce --block=64 --int-buffer=64:iota --int-buffer=2 - | FileCheck %s
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave32>' %s | wavesim --wave=32 --kernel=reduce --block=64 --int-buffer=64:iota --int-buffer=2 - | FileCheck %s
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave32>' %s | wavesim --wave=64 --kernel=reduce --block=64 --int-buffer=64:iota --int-buffer=2 - > %t.mismatch
; RUN: FileCheck %s --check-prefix=MISMATCH < %t.mismatch
; RUN: not grep -q "buf1\[0\]: 496 1520" %t.mismatch

; CHECK: buf1[0]: 496 1520
; MISMATCH: buf1[0]: 496 {{[0-9]+$}}

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @reduce(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %ip = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %t
  %v0 = load i32, ptr addrspace(1) %ip, align 4
  %s16 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v0, i32 16, i32 31)
  %v1 = add i32 %v0, %s16
  %s8 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v1, i32 8, i32 31)
  %v2 = add i32 %v1, %s8
  %s4 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v2, i32 4, i32 31)
  %v3 = add i32 %v2, %s4
  %s2 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v3, i32 2, i32 31)
  %v4 = add i32 %v3, %s2
  %s1 = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v4, i32 1, i32 31)
  %v5 = add i32 %v4, %s1
  %lane = and i32 %t, 31
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %end

store:
  %warp = lshr i32 %t, 5
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %warp
  store i32 %v5, ptr addrspace(1) %op, align 4
  br label %end

end:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
