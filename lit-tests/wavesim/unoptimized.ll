; IR as clang emits it at -O0: every value lives in an addrspace(5) alloca,
; reached through addrspacecasts to flat pointers, a private array is
; indexed in a loop, and the cross-lane call sits in a separate noinline
; function. Scalar parameters of several types and a byref parameter (HIP
; passes structs that way) come from the launch arguments.
;
; Lane t fills priv[i] = 4t + i, so helper's sum is 16t + 6; it returns
; sum * 1000 + the sum of lane t ^ 1. %out[t] adds %big >> 32 (5) and the
; byref value (7); %fout[t] = t * %scale + %d = 0.5t + 0.25. By hand:
;   t = 0: 6 * 1000 + 22 + 12 = 6034     t = 1: 22 * 1000 + 6 + 12 = 22018
;   t = 2: 38000 + 54 + 12 = 38066       t = 3: 54000 + 38 + 12 = 54050
;
; RUN: wavesim --wave=64 --kernel=o0 --block=4 --int-buffer=4 --float-buffer=4 --int=4 --float=0.5 --long=0x500000000 --double=0.25 --int=7 %s | FileCheck %s
; RUN: wavesim --wave=32 --kernel=o0 --block=4 --int-buffer=4 --float-buffer=4 --int=4 --float=0.5 --long=0x500000000 --double=0.25 --int=7 %s | FileCheck %s

; CHECK: buf0[0]: 6034 22018 38066 54050
; CHECK-NEXT: buf1[0]: 0.25 0.75 1.25 1.75

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define protected amdgpu_kernel void @o0(ptr addrspace(1) noundef %out, ptr addrspace(1) noundef %fout, i32 noundef %n, float noundef %scale, i64 noundef %big, double noundef %d, ptr addrspace(4) noundef byref(i32) align 4 %extra) #0 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8, addrspace(5)
  %fout.addr = alloca ptr addrspace(1), align 8, addrspace(5)
  %n.addr = alloca i32, align 4, addrspace(5)
  %t.addr = alloca i32, align 4, addrspace(5)
  %priv = alloca [4 x i32], align 4, addrspace(5)
  %i = alloca i32, align 4, addrspace(5)
  %out.addr.ascast = addrspacecast ptr addrspace(5) %out.addr to ptr
  %fout.addr.ascast = addrspacecast ptr addrspace(5) %fout.addr to ptr
  %n.addr.ascast = addrspacecast ptr addrspace(5) %n.addr to ptr
  %t.addr.ascast = addrspacecast ptr addrspace(5) %t.addr to ptr
  %priv.ascast = addrspacecast ptr addrspace(5) %priv to ptr
  %i.ascast = addrspacecast ptr addrspace(5) %i to ptr
  store ptr addrspace(1) %out, ptr %out.addr.ascast, align 8
  store ptr addrspace(1) %fout, ptr %fout.addr.ascast, align 8
  store i32 %n, ptr %n.addr.ascast, align 4
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  store i32 %tid, ptr %t.addr.ascast, align 4
  store i32 0, ptr %i.ascast, align 4
  br label %for.cond

for.cond:
  %0 = load i32, ptr %i.ascast, align 4
  %1 = load i32, ptr %n.addr.ascast, align 4
  %cmp = icmp slt i32 %0, %1
  br i1 %cmp, label %for.body, label %for.end

for.body:
  %2 = load i32, ptr %t.addr.ascast, align 4
  %mul = mul nsw i32 %2, 4
  %3 = load i32, ptr %i.ascast, align 4
  %add = add nsw i32 %mul, %3
  %idxprom = sext i32 %3 to i64
  %arrayidx = getelementptr inbounds [4 x i32], ptr %priv.ascast, i64 0, i64 %idxprom
  store i32 %add, ptr %arrayidx, align 4
  %inc = add nsw i32 %3, 1
  store i32 %inc, ptr %i.ascast, align 4
  br label %for.cond

for.end:
  %4 = load i32, ptr %t.addr.ascast, align 4
  %call = call i32 @helper(ptr noundef %priv.ascast, i32 noundef %4) #1
  %hi = lshr i64 %big, 32
  %hi32 = trunc i64 %hi to i32
  %extra.value = load i32, ptr addrspace(4) %extra, align 4
  %sum1 = add i32 %call, %hi32
  %sum2 = add i32 %sum1, %extra.value
  %5 = load ptr addrspace(1), ptr %out.addr.ascast, align 8
  %idx = sext i32 %4 to i64
  %outp = getelementptr inbounds i32, ptr addrspace(1) %5, i64 %idx
  store i32 %sum2, ptr addrspace(1) %outp, align 4
  %tf = sitofp i32 %4 to float
  %df = fptrunc double %d to float
  %f = call float @llvm.fma.f32(float %tf, float %scale, float %df)
  %6 = load ptr addrspace(1), ptr %fout.addr.ascast, align 8
  %foutp = getelementptr inbounds float, ptr addrspace(1) %6, i64 %idx
  store float %f, ptr addrspace(1) %foutp, align 4
  ret void
}

define internal i32 @helper(ptr noundef %p, i32 noundef %t) #0 {
entry:
  %p.addr = alloca ptr, align 8, addrspace(5)
  %sum = alloca i32, align 4, addrspace(5)
  %k = alloca i32, align 4, addrspace(5)
  store ptr %p, ptr addrspace(5) %p.addr, align 8
  store i32 0, ptr addrspace(5) %sum, align 4
  store i32 0, ptr addrspace(5) %k, align 4
  br label %cond

cond:
  %0 = load i32, ptr addrspace(5) %k, align 4
  %cmp = icmp slt i32 %0, 4
  br i1 %cmp, label %body, label %end

body:
  %1 = load ptr, ptr addrspace(5) %p.addr, align 8
  %idx = sext i32 %0 to i64
  %elt = getelementptr inbounds i32, ptr %1, i64 %idx
  %2 = load i32, ptr %elt, align 4
  %3 = load i32, ptr addrspace(5) %sum, align 4
  %add = add nsw i32 %3, %2
  store i32 %add, ptr addrspace(5) %sum, align 4
  %inc = add nsw i32 %0, 1
  store i32 %inc, ptr addrspace(5) %k, align 4
  br label %cond

end:
  %4 = load i32, ptr addrspace(5) %sum, align 4
  %partner = xor i32 %t, 1
  %addr = shl i32 %partner, 2
  %other = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %4)
  %scaled = mul i32 %4, 1000
  %r = add i32 %scaled, %other
  ret i32 %r
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare float @llvm.fma.f32(float, float, float)

attributes #0 = { convergent noinline norecurse nounwind optnone "amdgpu-flat-work-group-size"="1,1024" "target-cpu"="gfx90a" "target-features"="+wavefrontsize64" "uniform-work-group-size"="true" }
attributes #1 = { convergent nounwind }
