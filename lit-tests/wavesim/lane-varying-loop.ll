; A loop whose trip count varies by lane, with a ds.bpermute inside it and
; another after it. Lane t runs the loop (t & 3) times; in iteration i it
; reads the value t^1 + 100*i sent by its partner lane t^1, which is
; inactive (reads as 0) once the partner has left the loop. After the loop
; every lane reads the sum of lane (t + 2) mod 64.
;
; The exit block is laid out before the loop, so its call comes first in
; program order: it must still wait until no lane can come back to it from
; the loop (the CFG rule), or lanes leaving the loop early would run it
; with a partial exec mask (see planted-bugs.test).
;
; By hand, sum[t] by t & 3:
;   0: no iteration                                   -> 0
;   1: partner t-1 never loops                        -> 0
;   2: partner t+1 runs 3 times: (t+1) + (t+1+100)    -> 2t + 102
;   3: partner t-1 runs 2 times: (t-1) + (t-1+100) + 0 -> 2t + 98
; after[t] = sum[(t + 2) mod 64]. The pairs and the +2 neighbours of a
; wave32 stay inside their wave except lanes 30, 31, 62, 63, which read
; lanes 0, 1, 32, 33 (sum 0) on either wave size, so both agree.
;
; @branchy has two bpermute sites inside one loop, on the two sides of a
; branch on t & 1; lane t runs (t & 3) + 1 iterations and in iteration i
; reads from lane p = t ^ 2 (same side of the branch) the value
; p + 100*i, plus 1000 on the even side, or 0 once p has left the loop.
; Each site can reach the other, so neither group is ever free of waiting
; lanes: the cycle rule lets the larger group go. By hand, for t = 0..3:
;   t=0 (1 iteration,  p=2 runs 3): 2+1000                  = 1002
;   t=1 (2 iterations, p=3 runs 4): 3 + 103                 = 106
;   t=2 (3 iterations, p=0 runs 1): 0+1000 + 0 + 0          = 1000
;   t=3 (4 iterations, p=1 runs 2): 1 + 101 + 0 + 0         = 102
; and every further group of four adds 4 per iteration where the partner
; is active.
;
; RUN: wavesim --wave=64 --kernel=loop --block=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s
; RUN: wavesim --wave=32 --kernel=loop --block=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s
; RUN: wavesim --wave=64 --switch=ucontext --kernel=loop --block=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s
; RUN: wavesim --wave=64 --kernel=branchy --block=64 --int-buffer=64 %s | FileCheck %s --check-prefix=CYCLE
; RUN: wavesim --wave=32 --kernel=branchy --block=64 --int-buffer=64 %s | FileCheck %s --check-prefix=CYCLE

; CHECK: buf0[0]: 0 0 106 104 0 0 114 112 0 0 122 120 0 0 130 128
; CHECK-NEXT: buf0[16]: 0 0 138 136 0 0 146 144 0 0 154 152 0 0 162 160
; CHECK-NEXT: buf0[32]: 0 0 170 168 0 0 178 176 0 0 186 184 0 0 194 192
; CHECK-NEXT: buf0[48]: 0 0 202 200 0 0 210 208 0 0 218 216 0 0 226 224
; CHECK-NEXT: buf1[0]: 106 104 0 0 114 112 0 0 122 120 0 0 130 128 0 0
; CHECK-NEXT: buf1[16]: 138 136 0 0 146 144 0 0 154 152 0 0 162 160 0 0
; CHECK-NEXT: buf1[32]: 170 168 0 0 178 176 0 0 186 184 0 0 194 192 0 0
; CHECK-NEXT: buf1[48]: 202 200 0 0 210 208 0 0 218 216 0 0 226 224 0 0

; CYCLE: buf0[0]: 1002 106 1000 102 1006 114 1004 110 1010 122 1008 118 1014 130 1012 126
; CYCLE-NEXT: buf0[16]: 1018 138 1016 134 1022 146 1020 142 1026 154 1024 150 1030 162 1028 158
; CYCLE-NEXT: buf0[32]: 1034 170 1032 166 1038 178 1036 174 1042 186 1040 182 1046 194 1044 190
; CYCLE-NEXT: buf0[48]: 1050 202 1048 198 1054 210 1052 206 1058 218 1056 214 1062 226 1060 222

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @loop(ptr addrspace(1) %sum, ptr addrspace(1) %after) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %trips = and i32 %t, 3
  br label %header

exit:
  %t2 = add i32 %t, 2
  %addr2 = shl i32 %t2, 2
  %n = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr2, i32 %acc)
  %p = getelementptr i32, ptr addrspace(1) %sum, i32 %t
  store i32 %acc, ptr addrspace(1) %p, align 4
  %p2 = getelementptr i32, ptr addrspace(1) %after, i32 %t
  store i32 %n, ptr addrspace(1) %p2, align 4
  ret void

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
  %more = icmp ult i32 %i, %trips
  br i1 %more, label %body, label %exit

body:
  %partner = xor i32 %t, 1
  %addr = shl i32 %partner, 2
  %hundreds = mul i32 %i, 100
  %data = add i32 %hundreds, %t
  %v = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %data)
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 1
  br label %header
}

define amdgpu_kernel void @branchy(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = and i32 %t, 3
  %trips = add i32 %r, 1
  %odd = and i32 %t, 1
  %is.odd = icmp ne i32 %odd, 0
  %partner = xor i32 %t, 2
  %addr = shl i32 %partner, 2
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %more = icmp ult i32 %i, %trips
  br i1 %more, label %body, label %exit

body:
  %hundreds = mul i32 %i, 100
  %data = add i32 %hundreds, %t
  br i1 %is.odd, label %odd.side, label %even.side

odd.side:
  %v.odd = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %data)
  br label %latch

even.side:
  %data.even = add i32 %data, 1000
  %v.even = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %data.even)
  br label %latch

latch:
  %v = phi i32 [ %v.odd, %odd.side ], [ %v.even, %even.side ]
  %acc.next = add i32 %acc, %v
  %i.next = add i32 %i, 1
  br label %header

exit:
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %acc, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
