; What nvvm-to-amdgpu cannot map is reported with the function and call,
; never kept silently: an NVVM intrinsic without an AMDGPU mapping, inline
; PTX, and a named barrier other than 0. The module stays valid.
;
; RUN: not warp-lower --retarget= %s 2>&1 | FileCheck %s
; RUN: not %opt-warp -passes='nvvm-to-amdgpu' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: error: nvvm-to-amdgpu: in function 'exit': 'call void @llvm.nvvm.exit()': llvm.nvvm.exit: NVVM intrinsic with no AMDGPU mapping in nvvm-to-amdgpu
; CHECK-DAG: error: nvvm-to-amdgpu: in function 'asm': 'call void asm sideeffect "nanosleep.u32 100;", ""()': asm "nanosleep.u32 100;": inline PTX that nvvm-to-amdgpu cannot translate: in "nanosleep.u32 100;": unknown instruction 'nanosleep.u32' (docs/inline-ptx.md lists the supported instructions)
; CHECK-DAG: error: nvvm-to-amdgpu: in function 'named_barrier': 'call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 1)': llvm.nvvm.barrier.cta.sync.aligned.all: NVVM intrinsic with no AMDGPU mapping in nvvm-to-amdgpu
; CHECK: 3 errors
; OPT: error: nvvm-to-amdgpu: in function

define void @exit() {
  call void @llvm.nvvm.exit()
  ret void
}

define void @asm() {
  call void asm sideeffect "nanosleep.u32 100;", ""()
  ret void
}

define void @named_barrier() {
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 1)
  ret void
}

declare void @llvm.nvvm.exit()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
