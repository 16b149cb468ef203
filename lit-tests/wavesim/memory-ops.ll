; Atomics on shared and global memory, workgroup fences, and memcpy/memset
; intrinsics between address spaces (large enough to become library calls
; on the host).
;
; 64 work-items: thread 0 zeroes a shared counter with llvm.memset; after
; a barrier every thread adds 1 to it (atomicrmw add, addrspace(3)),
; stores 3t to shared s[t], atomically maxes t into out[65] and adds t/2
; into fout[0] (atomicrmw fadd, addrspace(1)). After a second barrier
; thread 0 copies the counter to out[0] and s[0..63] to out[1..64] with one
; llvm.memcpy of 256 bytes. By hand: counter 64; s = 0 3 6 ... 189;
; max 63; sum of t/2 = 2016 / 2 = 1008.
;
; RUN: wavesim --wave=64 --kernel=mem --block=64 --int-buffer=66 --float-buffer=1 %s | FileCheck %s
; RUN: wavesim --wave=32 --kernel=mem --block=64 --int-buffer=66 --float-buffer=1 %s | FileCheck %s

; CHECK: buf0[0]: 64 0 3 6 9 12 15 18 21 24 27 30 33 36 39 42
; CHECK-NEXT: buf0[16]: 45 48 51 54 57 60 63 66 69 72 75 78 81 84 87 90
; CHECK-NEXT: buf0[32]: 93 96 99 102 105 108 111 114 117 120 123 126 129 132 135 138
; CHECK-NEXT: buf0[48]: 141 144 147 150 153 156 159 162 165 168 171 174 177 180 183 186
; CHECK-NEXT: buf0[64]: 189 63
; CHECK-NEXT: buf1[0]: 1008

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@counter = internal addrspace(3) global [4 x i32] undef, align 16
@s = internal addrspace(3) global [64 x i32] undef, align 16

define amdgpu_kernel void @mem(ptr addrspace(1) %out, ptr addrspace(1) %fout) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %zero, label %count

zero:
  call void @llvm.memset.p3.i32(ptr addrspace(3) align 16 @counter, i8 0, i32 16, i1 false)
  br label %count

count:
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %old = atomicrmw add ptr addrspace(3) @counter, i32 1 syncscope("workgroup") monotonic, align 4
  %t3 = mul i32 %t, 3
  %st = getelementptr inbounds [64 x i32], ptr addrspace(3) @s, i32 0, i32 %t
  store i32 %t3, ptr addrspace(3) %st, align 4
  %maxp = getelementptr inbounds i32, ptr addrspace(1) %out, i64 65
  %m = atomicrmw max ptr addrspace(1) %maxp, i32 %t syncscope("agent") monotonic, align 4
  %tf = uitofp i32 %t to float
  %half = fmul float %tf, 5.000000e-01
  %f = atomicrmw fadd ptr addrspace(1) %fout, float %half syncscope("agent") monotonic, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %first, label %copy, label %end

copy:
  %c = load i32, ptr addrspace(3) @counter, align 16
  store i32 %c, ptr addrspace(1) %out, align 4
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 1
  call void @llvm.memcpy.p1.p3.i64(ptr addrspace(1) align 4 %dst, ptr addrspace(3) align 16 @s, i64 256, i1 false)
  br label %end

end:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.memset.p3.i32(ptr addrspace(3), i8, i32, i1)
declare void @llvm.memcpy.p1.p3.i64(ptr addrspace(1), ptr addrspace(3), i64, i1)
