; Benchmark kernels for wavesim's speed (see wavesim/README.md):
; @spin does %n ds.bpermute calls per lane, each one suspending every lane
; of the wave; @empty only stores, so it measures starting lanes.
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @spin(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %b = call i32 @llvm.amdgcn.workgroup.id.x()
  %partner = xor i32 %t, 1
  %addr = shl i32 %partner, 2
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc.next, %loop ]
  %v = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %acc)
  %acc.next = add i32 %v, 1
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %exit

exit:
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %wgx.p = getelementptr inbounds i8, ptr addrspace(4) %dp, i64 4
  %wgx = load i16, ptr addrspace(4) %wgx.p, align 4
  %bs = zext i16 %wgx to i32
  %base = mul i32 %b, %bs
  %gid = add i32 %base, %t
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %gid
  store i32 %acc.next, ptr addrspace(1) %p, align 4
  ret void
}

define amdgpu_kernel void @empty(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
