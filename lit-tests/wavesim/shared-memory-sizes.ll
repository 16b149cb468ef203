; Each kernel's static shared memory is what it and the functions it calls
; use, not the module's: @small reaches only @a (256 bytes), @large @b
; through a call (4096 bytes); groupstaticsize reads that. The dispatch
; packet's group segment (offset 28) adds the dynamic shared memory of the
; launch, so their difference is %dynamic_smem_size. Static and dynamic
; bytes past 64 KiB, an AMD workgroup's LDS, fail the launch.
;
; RUN: wavesim --kernel=small --int-buffer=2 %s | FileCheck %s --check-prefix=SMALL
; SMALL: buf0[0]: 256 256
; RUN: wavesim --kernel=large --dynamic-shared=1000 --int-buffer=2 %s | FileCheck %s --check-prefix=LARGE
; LARGE: buf0[0]: 4096 5096
; RUN: wavesim --kernel=large --dynamic-shared=61440 --int-buffer=2 %s | FileCheck %s --check-prefix=FULL
; FULL: buf0[0]: 4096 65536
; RUN: not wavesim --kernel=large --dynamic-shared=61441 --int-buffer=2 %s 2>&1 | FileCheck %s --check-prefix=TOO-MUCH
; TOO-MUCH: wavesim: error: large needs 65537 bytes of shared memory (4096 static, 61441 dynamic); an AMD workgroup has 65536

target triple = "amdgcn-amd-amdhsa"

@a = internal addrspace(3) global [64 x i32] poison, align 16
@b = internal addrspace(3) global [1024 x i32] poison, align 16

define internal void @touchB(i32 %t) {
  %p = getelementptr [1024 x i32], ptr addrspace(3) @b, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  ret void
}

define amdgpu_kernel void @small(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [64 x i32], ptr addrspace(3) @a, i32 0, i32 %t
  store i32 %t, ptr addrspace(3) %p
  call void @sizes(ptr addrspace(1) %out)
  ret void
}

define amdgpu_kernel void @large(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  call void @touchB(i32 %t)
  call void @sizes(ptr addrspace(1) %out)
  ret void
}

; out[0] = groupstaticsize, out[1] = the packet's group segment size.
define internal void @sizes(ptr addrspace(1) %out) alwaysinline {
  %static = call i32 @llvm.amdgcn.groupstaticsize()
  store i32 %static, ptr addrspace(1) %out
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %field = getelementptr i8, ptr addrspace(4) %packet, i64 28
  %group = load i32, ptr addrspace(4) %field
  %second = getelementptr i32, ptr addrspace(1) %out, i64 1
  store i32 %group, ptr addrspace(1) %second
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.groupstaticsize()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
