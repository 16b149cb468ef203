; A block-wide tree reduction in shared memory with s.barrier, and shared
; memory that a kernel reads without writing it.
;
; @reduce: every block sums its blockDim.x elements of %in (blockDim.x read
; from the dispatch packet, u16 at offset 4): s[t] = in[block*n + t];
; barrier; then for stride = n/2, n/4, ..., 1: lanes t < stride add
; s[t + stride], barrier. Thread 0 stores s[0] to out[block], and block 0's
; thread 0 also stores grid_size_x (u32 at offset 12, in work-items) to
; out[3]. With in = 0..383, 128 threads a block (2 waves of 64 or 4 of 32)
; and 3 blocks, by hand:
;   block b: sum of 128b .. 128b+127 = 16384*b + 8128
;   -> 8128 24512 40896, and grid_size_x = 3 * 128 = 384.
;
; @stale: block 0 writes 7 to its 4 shared words, every block reads them
; back after a barrier. Shared memory is refilled with 0xCD bytes before
; each block, so block 1 reads 0xCDCDCDCD = -842150451, not block 0's 7.
;
; RUN: wavesim --wave=64 --kernel=reduce --grid=3 --block=128 --int-buffer=384:iota --int-buffer=4 %s | FileCheck %s --check-prefix=REDUCE
; RUN: wavesim --wave=32 --kernel=reduce --grid=3 --block=128 --int-buffer=384:iota --int-buffer=4 %s | FileCheck %s --check-prefix=REDUCE
; RUN: wavesim --wave=64 --kernel=stale --grid=2 --block=4 --int-buffer=8 %s | FileCheck %s --check-prefix=STALE

; REDUCE: buf1[0]: 8128 24512 40896 384
; STALE: buf0[0]: 7 7 7 7 -842150451 -842150451 -842150451 -842150451

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@s = internal addrspace(3) global [128 x i32] undef, align 4
@words = internal addrspace(3) global [4 x i32] poison, align 4

define amdgpu_kernel void @reduce(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %b = call i32 @llvm.amdgcn.workgroup.id.x()
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %wgx.p = getelementptr inbounds i8, ptr addrspace(4) %dp, i64 4
  %wgx = load i16, ptr addrspace(4) %wgx.p, align 4
  %n = zext i16 %wgx to i32
  %base = mul i32 %b, %n
  %gid = add i32 %base, %t
  %in.p = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %gid
  %v = load i32, ptr addrspace(1) %in.p, align 4
  %s.t = getelementptr inbounds [128 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %s.t, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %first = lshr i32 %n, 1
  br label %step

step:
  %stride = phi i32 [ %first, %entry ], [ %next, %joined ]
  %active = icmp ult i32 %t, %stride
  br i1 %active, label %add, label %joined

add:
  %other = add i32 %t, %stride
  %s.o = getelementptr inbounds [128 x i32], ptr addrspace(3) @s, i32 0, i32 %other
  %x = load i32, ptr addrspace(3) %s.t, align 4
  %y = load i32, ptr addrspace(3) %s.o, align 4
  %xy = add i32 %x, %y
  store i32 %xy, ptr addrspace(3) %s.t, align 4
  br label %joined

joined:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %next = lshr i32 %stride, 1
  %done = icmp eq i32 %next, 0
  br i1 %done, label %store, label %step

store:
  %lead = icmp eq i32 %t, 0
  br i1 %lead, label %write, label %end

write:
  %total = load i32, ptr addrspace(3) @s, align 4
  %out.b = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %b
  store i32 %total, ptr addrspace(1) %out.b, align 4
  %block0 = icmp eq i32 %b, 0
  br i1 %block0, label %grid, label %end

grid:
  %gsx.p = getelementptr inbounds i8, ptr addrspace(4) %dp, i64 12
  %gsx = load i32, ptr addrspace(4) %gsx.p, align 4
  %out.3 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 3
  store i32 %gsx, ptr addrspace(1) %out.3, align 4
  br label %end

end:
  ret void
}

define amdgpu_kernel void @stale(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %b = call i32 @llvm.amdgcn.workgroup.id.x()
  %w = getelementptr inbounds [4 x i32], ptr addrspace(3) @words, i32 0, i32 %t
  %block0 = icmp eq i32 %b, 0
  br i1 %block0, label %fill, label %read

fill:
  store i32 7, ptr addrspace(3) %w, align 4
  br label %read

read:
  call void @llvm.amdgcn.s.barrier()
  %v = load i32, ptr addrspace(3) %w, align 4
  %i = mul i32 %b, 4
  %j = add i32 %i, %t
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %j
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare void @llvm.amdgcn.s.barrier()
