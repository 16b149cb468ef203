; llvm.amdgcn.wave.reduce.<op>: every lane of the group gets the reduction
; over the group's lanes (the i32 strategy operand does not matter): add and
; sub wrap (sub is 0 - sum, as the AMDGPU backend computes it), min/max are
; signed, umin/umax unsigned; the i64 forms carry between the halves. In a
; branch the group is the lanes on that side; in the waterfall loop that
; the lowering of match/redux emits, each iteration reduces over the lanes
; still in the loop.
;
; Block of 48: one wave64 (lanes 48-63 never start), or a full wave32 plus
; one with threads 32-47. @reduce, v = t - 20, by hand:
;                         wave64    wave32 wave 0   wave32 wave 1
;   buf0  add(v)          168       496-640 = -144  632-320 = 312
;   buf1  min(v)          -20       -20             12
;   buf2  umin(v)         0 (t=20)  0               12
;   buf3  max(v)          27        11              27
;   buf4  umax(v)         -1 (0xffffffff, t=19)     -1   27
;   buf5  sub(v)          -168      144             -312
;   w = 0xf0f0 | 1 << (t % 8): every wave has each t % 8, or bits 4-7 that
;   0xf0f0 has anyway:
;   buf6  and(w)          0xf0f0 = 61680 everywhere
;   buf7  or(w)           0xf0ff = 61695 everywhere
;   buf8  xor(1 << t % 5) bit k set when t % 5 == k an odd number of times:
;                         t 0-47: counts 10,10,10,9,9 -> bits 3,4 = 24;
;                         t 0-31: 7,7,6,6,6 -> 3; t 32-47: t % 5 = 2 four
;                         times, 3,4,0,1 three times -> 27
;   buf9/buf10 add.i64 of t << 32 | 0xffffffff: n lanes give
;                         (sum t + n) << 32 - n: hi 1128+48-1 = 1175, lo -48;
;                         wave 0: 496+32-1 = 527, -32; wave 1: 632+16-1 =
;                         647, -16
;   buf11 min.i64(sext v) -20       -20             12
;   buf12 if (t odd) add(t) else umin(t + 5): odd 1+3+..+47 = 576, even 5;
;                         wave 0: 256, 5; wave 1: 33+..+47 = 320, 37
;
; @waterfall, the loop the pass emits for redux/match: key = (t + 1) % 3,
; each iteration takes the key of the first lane still in the loop and sums
; t over the lanes with that key, which then leave. buf0 = that sum, buf1 =
; the iteration (1-based) in which the lane left. By hand:
;   wave64: t=0 has key 1 -> t%3 == 0: 0+3+..+45 = 360, iteration 1;
;           then t=1, key 2 -> t%3 == 1: 1+4+..+46 = 376, iteration 2;
;           then t=2, key 0 -> t%3 == 2: 2+5+..+47 = 392, iteration 3.
;   wave32 wave 0 (t 0-31): 0+..+30 = 165, 1+..+31 = 176, 2+..+29 = 155 in
;           iterations 1, 2, 3;
;   wave32 wave 1 (t 32-47): t=32 has key 0 -> t%3 == 2: 32+35+..+47 =
;           237, iteration 1; then t=33 -> 33+..+45 = 195, 2; then t=34 ->
;           34+..+46 = 200, 3.
; Were the lanes that left still counted, later iterations would add their
; (unchanged) t again.
;
; RUN: wavesim --wave=64 --kernel=reduce --block=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 %s | FileCheck %s --check-prefix=W64
; RUN: wavesim --wave=32 --kernel=reduce --block=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 --int-buffer=48 %s | FileCheck %s --check-prefix=W32
; RUN: wavesim --wave=64 --kernel=waterfall --block=48 --int-buffer=48 --int-buffer=48 %s | FileCheck %s --check-prefix=FALL64
; RUN: wavesim --wave=32 --kernel=waterfall --block=48 --int-buffer=48 --int-buffer=48 %s | FileCheck %s --check-prefix=FALL32

; W64: buf0[0]: 168 168 168 168 168 168 168 168 168 168 168 168 168 168 168 168
; W64-NEXT: buf0[16]: 168 168 168 168 168 168 168 168 168 168 168 168 168 168 168 168
; W64-NEXT: buf0[32]: 168 168 168 168 168 168 168 168 168 168 168 168 168 168 168 168
; W64-NEXT: buf1[0]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W64-NEXT: buf1[16]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W64-NEXT: buf1[32]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W64-NEXT: buf2[0]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W64-NEXT: buf2[16]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W64-NEXT: buf2[32]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W64-NEXT: buf3[0]: 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27
; W64-NEXT: buf3[16]: 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27
; W64-NEXT: buf3[32]: 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27
; W64-NEXT: buf4[0]: -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
; W64-NEXT: buf4[16]: -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
; W64-NEXT: buf4[32]: -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
; W64-NEXT: buf5[0]: -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168
; W64-NEXT: buf5[16]: -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168
; W64-NEXT: buf5[32]: -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168 -168
; W64-NEXT: buf6[0]: 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680
; W64-NEXT: buf6[16]: 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680
; W64-NEXT: buf6[32]: 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680
; W64-NEXT: buf7[0]: 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695
; W64-NEXT: buf7[16]: 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695
; W64-NEXT: buf7[32]: 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695
; W64-NEXT: buf8[0]: 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24
; W64-NEXT: buf8[16]: 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24
; W64-NEXT: buf8[32]: 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24 24
; W64-NEXT: buf9[0]: -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48
; W64-NEXT: buf9[16]: -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48
; W64-NEXT: buf9[32]: -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48 -48
; W64-NEXT: buf10[0]: 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175
; W64-NEXT: buf10[16]: 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175
; W64-NEXT: buf10[32]: 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175 1175
; W64-NEXT: buf11[0]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W64-NEXT: buf11[16]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W64-NEXT: buf11[32]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W64-NEXT: buf12[0]: 5 576 5 576 5 576 5 576 5 576 5 576 5 576 5 576
; W64-NEXT: buf12[16]: 5 576 5 576 5 576 5 576 5 576 5 576 5 576 5 576
; W64-NEXT: buf12[32]: 5 576 5 576 5 576 5 576 5 576 5 576 5 576 5 576

; FALL64: buf0[0]: 360 376 392 360 376 392 360 376 392 360 376 392 360 376 392 360
; FALL64-NEXT: buf0[16]: 376 392 360 376 392 360 376 392 360 376 392 360 376 392 360 376
; FALL64-NEXT: buf0[32]: 392 360 376 392 360 376 392 360 376 392 360 376 392 360 376 392
; FALL64-NEXT: buf1[0]: 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1
; FALL64-NEXT: buf1[16]: 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2
; FALL64-NEXT: buf1[32]: 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3

; W32: buf0[0]: -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144
; W32-NEXT: buf0[16]: -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144 -144
; W32-NEXT: buf0[32]: 312 312 312 312 312 312 312 312 312 312 312 312 312 312 312 312
; W32-NEXT: buf1[0]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W32-NEXT: buf1[16]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W32-NEXT: buf1[32]: 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12
; W32-NEXT: buf2[0]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W32-NEXT: buf2[16]: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; W32-NEXT: buf2[32]: 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12
; W32-NEXT: buf3[0]: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
; W32-NEXT: buf3[16]: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
; W32-NEXT: buf3[32]: 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27
; W32-NEXT: buf4[0]: -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
; W32-NEXT: buf4[16]: -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
; W32-NEXT: buf4[32]: 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27
; W32-NEXT: buf5[0]: 144 144 144 144 144 144 144 144 144 144 144 144 144 144 144 144
; W32-NEXT: buf5[16]: 144 144 144 144 144 144 144 144 144 144 144 144 144 144 144 144
; W32-NEXT: buf5[32]: -312 -312 -312 -312 -312 -312 -312 -312 -312 -312 -312 -312 -312 -312 -312 -312
; W32-NEXT: buf6[0]: 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680
; W32-NEXT: buf6[16]: 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680
; W32-NEXT: buf6[32]: 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680 61680
; W32-NEXT: buf7[0]: 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695
; W32-NEXT: buf7[16]: 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695
; W32-NEXT: buf7[32]: 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695 61695
; W32-NEXT: buf8[0]: 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
; W32-NEXT: buf8[16]: 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3 3
; W32-NEXT: buf8[32]: 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27 27
; W32-NEXT: buf9[0]: -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32
; W32-NEXT: buf9[16]: -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32 -32
; W32-NEXT: buf9[32]: -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16 -16
; W32-NEXT: buf10[0]: 527 527 527 527 527 527 527 527 527 527 527 527 527 527 527 527
; W32-NEXT: buf10[16]: 527 527 527 527 527 527 527 527 527 527 527 527 527 527 527 527
; W32-NEXT: buf10[32]: 647 647 647 647 647 647 647 647 647 647 647 647 647 647 647 647
; W32-NEXT: buf11[0]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W32-NEXT: buf11[16]: -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20 -20
; W32-NEXT: buf11[32]: 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12 12
; W32-NEXT: buf12[0]: 5 256 5 256 5 256 5 256 5 256 5 256 5 256 5 256
; W32-NEXT: buf12[16]: 5 256 5 256 5 256 5 256 5 256 5 256 5 256 5 256
; W32-NEXT: buf12[32]: 37 320 37 320 37 320 37 320 37 320 37 320 37 320 37 320

; FALL32: buf0[0]: 165 176 155 165 176 155 165 176 155 165 176 155 165 176 155 165
; FALL32-NEXT: buf0[16]: 176 155 165 176 155 165 176 155 165 176 155 165 176 155 165 176
; FALL32-NEXT: buf0[32]: 237 195 200 237 195 200 237 195 200 237 195 200 237 195 200 237
; FALL32-NEXT: buf1[0]: 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1
; FALL32-NEXT: buf1[16]: 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1 2
; FALL32-NEXT: buf1[32]: 1 2 3 1 2 3 1 2 3 1 2 3 1 2 3 1

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @reduce(ptr addrspace(1) %b0, ptr addrspace(1) %b1, ptr addrspace(1) %b2, ptr addrspace(1) %b3, ptr addrspace(1) %b4, ptr addrspace(1) %b5, ptr addrspace(1) %b6, ptr addrspace(1) %b7, ptr addrspace(1) %b8, ptr addrspace(1) %b9, ptr addrspace(1) %b10, ptr addrspace(1) %b11, ptr addrspace(1) %b12) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = sub i32 %t, 20
  %add = call i32 @llvm.amdgcn.wave.reduce.add.i32(i32 %v, i32 0)
  call void @put(ptr addrspace(1) %b0, i32 %t, i32 %add)
  %min = call i32 @llvm.amdgcn.wave.reduce.min.i32(i32 %v, i32 1)
  call void @put(ptr addrspace(1) %b1, i32 %t, i32 %min)
  %umin = call i32 @llvm.amdgcn.wave.reduce.umin.i32(i32 %v, i32 2)
  call void @put(ptr addrspace(1) %b2, i32 %t, i32 %umin)
  %max = call i32 @llvm.amdgcn.wave.reduce.max.i32(i32 %v, i32 0)
  call void @put(ptr addrspace(1) %b3, i32 %t, i32 %max)
  %umax = call i32 @llvm.amdgcn.wave.reduce.umax.i32(i32 %v, i32 0)
  call void @put(ptr addrspace(1) %b4, i32 %t, i32 %umax)
  %sub = call i32 @llvm.amdgcn.wave.reduce.sub.i32(i32 %v, i32 0)
  call void @put(ptr addrspace(1) %b5, i32 %t, i32 %sub)

  %t8 = and i32 %t, 7
  %bit8 = shl i32 1, %t8
  %w = or i32 %bit8, 61680
  %and = call i32 @llvm.amdgcn.wave.reduce.and.i32(i32 %w, i32 0)
  call void @put(ptr addrspace(1) %b6, i32 %t, i32 %and)
  %or = call i32 @llvm.amdgcn.wave.reduce.or.i32(i32 %w, i32 0)
  call void @put(ptr addrspace(1) %b7, i32 %t, i32 %or)
  %t5 = urem i32 %t, 5
  %x = shl i32 1, %t5
  %xor = call i32 @llvm.amdgcn.wave.reduce.xor.i32(i32 %x, i32 0)
  call void @put(ptr addrspace(1) %b8, i32 %t, i32 %xor)

  %t64 = zext i32 %t to i64
  %hi = shl i64 %t64, 32
  %y = or i64 %hi, 4294967295
  %add64 = call i64 @llvm.amdgcn.wave.reduce.add.i64(i64 %y, i32 0)
  %add64.lo = trunc i64 %add64 to i32
  %add64.shr = lshr i64 %add64, 32
  %add64.hi = trunc i64 %add64.shr to i32
  call void @put(ptr addrspace(1) %b9, i32 %t, i32 %add64.lo)
  call void @put(ptr addrspace(1) %b10, i32 %t, i32 %add64.hi)
  %v64 = sext i32 %v to i64
  %min64 = call i64 @llvm.amdgcn.wave.reduce.min.i64(i64 %v64, i32 0)
  %min64.lo = trunc i64 %min64 to i32
  call void @put(ptr addrspace(1) %b11, i32 %t, i32 %min64.lo)

  %bit = and i32 %t, 1
  %odd = icmp ne i32 %bit, 0
  br i1 %odd, label %then, label %else

then:
  %r.then = call i32 @llvm.amdgcn.wave.reduce.add.i32(i32 %t, i32 0)
  br label %join

else:
  %t.5 = add i32 %t, 5
  %r.else = call i32 @llvm.amdgcn.wave.reduce.umin.i32(i32 %t.5, i32 0)
  br label %join

join:
  %r = phi i32 [ %r.then, %then ], [ %r.else, %else ]
  call void @put(ptr addrspace(1) %b12, i32 %t, i32 %r)
  ret void
}

define amdgpu_kernel void @waterfall(ptr addrspace(1) %sum, ptr addrspace(1) %iteration) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t1 = add i32 %t, 1
  %key = urem i32 %t1, 3
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %lead = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %key)
  %in = icmp eq i32 %key, %lead
  %x = select i1 %in, i32 %t, i32 0
  %r = call i32 @llvm.amdgcn.wave.reduce.add.i32(i32 %x, i32 0)
  br i1 %in, label %exit, label %loop

exit:
  call void @put(ptr addrspace(1) %sum, i32 %t, i32 %r)
  call void @put(ptr addrspace(1) %iteration, i32 %t, i32 %i.next)
  ret void
}

define internal void @put(ptr addrspace(1) %buf, i32 %t, i32 %v) {
  %p = getelementptr inbounds i32, ptr addrspace(1) %buf, i32 %t
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare i32 @llvm.amdgcn.wave.reduce.add.i32(i32, i32 immarg)
declare i32 @llvm.amdgcn.wave.reduce.sub.i32(i32, i32 immarg)
declare i32 @llvm.amdgcn.wave.reduce.min.i32(i32, i32 immarg)
declare i32 @llvm.amdgcn.wave.reduce.umin.i32(i32, i32 immarg)
declare i32 @llvm.amdgcn.wave.reduce.max.i32(i32, i32 immarg)
declare i32 @llvm.amdgcn.wave.reduce.umax.i32(i32, i32 immarg)
declare i32 @llvm.amdgcn.wave.reduce.and.i32(i32, i32 immarg)
declare i32 @llvm.amdgcn.wave.reduce.or.i32(i32, i32 immarg)
declare i32 @llvm.amdgcn.wave.reduce.xor.i32(i32, i32 immarg)
declare i64 @llvm.amdgcn.wave.reduce.add.i64(i64, i32 immarg)
declare i64 @llvm.amdgcn.wave.reduce.min.i64(i64, i32 immarg)
