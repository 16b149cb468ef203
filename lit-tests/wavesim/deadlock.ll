; Barriers against cross-lane calls.
;
; @divergent: lanes t < 32 take a barrier in a branch; all then meet at a
; ds.bpermute after it. On wave64 the upper half of the only wave waits at
; the bpermute for the lower half (the barrier can reach it), while the
; barrier waits for the upper half, which can never reach it: a deadlock,
; reported instead of hanging. On wave32 the halves are separate waves: the
; upper wave runs its bpermute and exits, which completes the barrier (exited
; lanes do not count), then the lower wave runs its own. Lane t reads work-
; item id (hw + 1) mod 32 of its wave, by hand: t + 1, wrapping at 31 -> 0
; and 63 -> 32.
;
; @outer: a barrier after an inner loop whose trip count varies by lane,
; inside an outer loop. Lanes at the barrier can reach the inner loop's
; bpermute again, but the bpermute can reach the barrier too: a cycle, so
; the inner loop's group goes and the kernel completes. Outer iteration j
; runs the inner loop (t & 1) + j times, reading 10 * p + i from partner
; p = t ^ 1 (0 once the partner has left). By hand:
;   j = 0: odd t reads its even partner, which does not loop: 0.
;   j = 1: i = 0 both read the partner: 10 * (t ^ 1); i = 1 only odd t
;          loops, its partner has left: 0.
;   sum: even t -> 10t + 10, odd t -> 10t - 10.
;
; RUN: not wavesim --wave=64 --kernel=divergent --block=64 --int-buffer=64 %s 2>&1 | FileCheck %s --check-prefix=DEADLOCK --implicit-check-not="still mapped"
; RUN: wavesim --wave=32 --kernel=divergent --block=64 --int-buffer=64 %s | FileCheck %s --check-prefix=W32
; RUN: wavesim --wave=64 --kernel=outer --block=16 --int-buffer=16 %s | FileCheck %s --check-prefix=OUTER
; RUN: wavesim --wave=32 --kernel=outer --block=16 --int-buffer=16 %s | FileCheck %s --check-prefix=OUTER

; DEADLOCK: wavesim: error: deadlock in block (0,0,0): 32 lanes wait at llvm.amdgcn.s.barrier in @divergent, block %sync, which needs every live lane of the block; lanes 32-63 of wave 0 wait at llvm.amdgcn.ds.bpermute in @divergent, block %join, which lanes at the barrier can still reach

; W32: buf0[0]: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16
; W32-NEXT: buf0[16]: 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 0
; W32-NEXT: buf0[32]: 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48
; W32-NEXT: buf0[48]: 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63 32

; OUTER: buf0[0]: 10 0 30 20 50 40 70 60 90 80 110 100 130 120 150 140

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @divergent(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %low = icmp ult i32 %t, 32
  br i1 %low, label %sync, label %join

sync:
  call void @llvm.amdgcn.s.barrier()
  br label %join

join:
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %hw = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  %src = add i32 %hw, 1
  %addr = shl i32 %src, 2
  %v = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %t)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

define amdgpu_kernel void @outer(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %odd = and i32 %t, 1
  %partner = xor i32 %t, 1
  %addr = shl i32 %partner, 2
  %t10 = mul i32 %t, 10
  br label %outer.head

outer.head:
  %j = phi i32 [ 0, %entry ], [ %j.next, %outer.latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.inner, %outer.latch ]
  %trips = add i32 %odd, %j
  br label %inner.head

inner.head:
  %i = phi i32 [ 0, %outer.head ], [ %i.next, %inner.body ]
  %acc.inner = phi i32 [ %acc, %outer.head ], [ %acc.next, %inner.body ]
  %more = icmp ult i32 %i, %trips
  br i1 %more, label %inner.body, label %outer.latch

inner.body:
  %data = add i32 %t10, %i
  %v = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %data)
  %acc.next = add i32 %acc.inner, %v
  %i.next = add i32 %i, 1
  br label %inner.head

outer.latch:
  call void @llvm.amdgcn.s.barrier()
  %j.next = add i32 %j, 1
  %again = icmp ult i32 %j.next, 2
  br i1 %again, label %outer.head, label %done

done:
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %acc.inner, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare void @llvm.amdgcn.s.barrier()
