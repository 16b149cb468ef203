; llvm.amdgcn.wave.barrier is a cross-lane site without data: a lane waits
; there until its group is released, so (as on hardware, where a wave runs
; in lockstep) what one lane of the group stored before it is visible to
; another lane of the group after it. The pass lowers CUDA's __syncwarp to
;   fence syncscope("wavefront") release
;   call void @llvm.amdgcn.wave.barrier()
;   fence syncscope("wavefront") acquire
; and these fences, like the "workgroup", "agent" and "wavefront-one-as"
; ones below, compile on the host (x86 makes them compiler barriers: the
; lanes of a block run on one host thread).
;
; Block of 64 (one wave64 or two wave32s). Shared memory starts as 0xcd
; bytes (-842150451 as an i32). By hand:
;   @exchange buf0: lane t stores 3t + 1 and, after the barrier, reads
;     lane t ^ 1's slot: 3(t ^ 1) + 1 = 4 1 10 7 16 13 ...
;   @exchange buf1: only odd lanes below 40 store t + 100, wait and read
;     slot t ^ 2 (also odd, also below 40): 1 -> 103, 3 -> 101, 5 -> 107,
;     ...; 37 -> 139, 39 -> 137; the others store -1. The group is the
;     lanes of that branch: the lanes that never get there do not hold it
;     up (a block barrier here would deadlock).
;   @nobarrier buf0: the same exchange without the barrier gives the same
;     values: a wave runs its lanes in lockstep, so every lane's store is
;     done before any lane's load (wavesim orders them so:
;     wavesim-lockstep.c); without that ordering even lanes would read
;     their partner's slot unwritten (0xcdcdcdcd = -842150451).
;
; RUN: wavesim --wave=64 --kernel=exchange --block=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s
; RUN: wavesim --wave=32 --kernel=exchange --block=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s
; RUN: wavesim --wave=64 --kernel=nobarrier --block=64 --int-buffer=64 %s | FileCheck %s --check-prefix=NONE
; RUN: wavesim --wave=32 --kernel=nobarrier --block=64 --int-buffer=64 %s | FileCheck %s --check-prefix=NONE

; CHECK: buf0[0]: 4 1 10 7 16 13 22 19 28 25 34 31 40 37 46 43
; CHECK-NEXT: buf0[16]: 52 49 58 55 64 61 70 67 76 73 82 79 88 85 94 91
; CHECK-NEXT: buf0[32]: 100 97 106 103 112 109 118 115 124 121 130 127 136 133 142 139
; CHECK-NEXT: buf0[48]: 148 145 154 151 160 157 166 163 172 169 178 175 184 181 190 187
; CHECK-NEXT: buf1[0]: -1 103 -1 101 -1 107 -1 105 -1 111 -1 109 -1 115 -1 113
; CHECK-NEXT: buf1[16]: -1 119 -1 117 -1 123 -1 121 -1 127 -1 125 -1 131 -1 129
; CHECK-NEXT: buf1[32]: -1 135 -1 133 -1 139 -1 137 -1 -1 -1 -1 -1 -1 -1 -1
; CHECK-NEXT: buf1[48]: -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1

; NONE: buf0[0]: 4 1 10 7 16 13 22 19 28 25 34 31 40 37 46 43
; NONE-NEXT: buf0[16]: 52 49 58 55 64 61 70 67 76 73 82 79 88 85 94 91
; NONE-NEXT: buf0[32]: 100 97 106 103 112 109 118 115 124 121 130 127 136 133 142 139
; NONE-NEXT: buf0[48]: 148 145 154 151 160 157 166 163 172 169 178 175 184 181 190 187

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@sh = internal addrspace(3) global [64 x i32] poison, align 4
@sh2 = internal addrspace(3) global [64 x i32] poison, align 4

define amdgpu_kernel void @exchange(ptr addrspace(1) %out, ptr addrspace(1) %outdiv) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t3 = mul i32 %t, 3
  %v = add i32 %t3, 1
  %mine = getelementptr inbounds [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  store volatile i32 %v, ptr addrspace(3) %mine, align 4
  fence syncscope("wavefront") release
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("wavefront") acquire
  %partner = xor i32 %t, 1
  %theirs = getelementptr inbounds [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %partner
  %got = load volatile i32, ptr addrspace(3) %theirs, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %got, ptr addrspace(1) %po, align 4

  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  %low = icmp ult i32 %t, 40
  %both = and i1 %odd, %low
  br i1 %both, label %then, label %join

then:
  %w = add i32 %t, 100
  %mine2 = getelementptr inbounds [64 x i32], ptr addrspace(3) @sh2, i32 0, i32 %t
  store volatile i32 %w, ptr addrspace(3) %mine2, align 4
  fence syncscope("workgroup") release
  fence syncscope("wavefront-one-as") release
  call void @llvm.amdgcn.wave.barrier()
  fence syncscope("agent") acquire
  %partner2 = xor i32 %t, 2
  %theirs2 = getelementptr inbounds [64 x i32], ptr addrspace(3) @sh2, i32 0, i32 %partner2
  %got2 = load volatile i32, ptr addrspace(3) %theirs2, align 4
  br label %join

join:
  %r = phi i32 [ %got2, %then ], [ -1, %entry ]
  %pd = getelementptr inbounds i32, ptr addrspace(1) %outdiv, i32 %t
  store i32 %r, ptr addrspace(1) %pd, align 4
  ret void
}

define amdgpu_kernel void @nobarrier(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t3 = mul i32 %t, 3
  %v = add i32 %t3, 1
  %mine = getelementptr inbounds [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %t
  store volatile i32 %v, ptr addrspace(3) %mine, align 4
  fence syncscope("wavefront") release
  fence syncscope("wavefront") acquire
  %partner = xor i32 %t, 1
  %theirs = getelementptr inbounds [64 x i32], ptr addrspace(3) @sh, i32 0, i32 %partner
  %got = load volatile i32, ptr addrspace(3) %theirs, align 4
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %got, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.wave.barrier()
