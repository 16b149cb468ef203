; Private memory as optimised code keeps it: an addrspace(5) array indexed
; at run time, bracketed by lifetime markers (which must name an alloca, so
; wavesim drops them when it moves the alloca to the host stack). Each lane
; has its own copy on its own stack.
;
; Lane t fills priv[i] = t * i for i < 64 and stores priv[n & 63] +
; priv[(n + t) & 63]. With n = 5, by hand: 5t + t(5 + t) = t^2 + 10t:
; 0 11 24 39.
;
; RUN: wavesim --wave=64 --kernel=priv --block=4 --int-buffer=4 --int=5 %s | FileCheck %s
; RUN: wavesim --wave=32 --kernel=priv --block=4 --int-buffer=4 --int=5 %s | FileCheck %s

; CHECK: buf0[0]: 0 11 24 39

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @priv(ptr addrspace(1) noalias writeonly captures(none) %out, i32 %n) {
entry:
  %priv = alloca [64 x i32], align 4, addrspace(5)
  %t = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.lifetime.start.p5(ptr addrspace(5) %priv)
  br label %fill

fill:
  %i = phi i32 [ 0, %entry ], [ %i.next, %fill ]
  %v = mul nuw nsw i32 %i, %t
  %slot = getelementptr inbounds nuw [64 x i32], ptr addrspace(5) %priv, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %slot, align 4
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, 64
  br i1 %more, label %fill, label %use

use:
  %a = and i32 %n, 63
  %nt = add i32 %n, %t
  %b = and i32 %nt, 63
  %pa = getelementptr inbounds nuw [64 x i32], ptr addrspace(5) %priv, i32 0, i32 %a
  %pb = getelementptr inbounds nuw [64 x i32], ptr addrspace(5) %priv, i32 0, i32 %b
  %va = load i32, ptr addrspace(5) %pa, align 4
  %vb = load i32, ptr addrspace(5) %pb, align 4
  %sum = add nsw i32 %va, %vb
  %o = getelementptr inbounds nuw i32, ptr addrspace(1) %out, i32 %t
  store i32 %sum, ptr addrspace(1) %o, align 4
  call void @llvm.lifetime.end.p5(ptr addrspace(5) %priv)
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.lifetime.start.p5(ptr addrspace(5) captures(none))
declare void @llvm.lifetime.end.p5(ptr addrspace(5) captures(none))
