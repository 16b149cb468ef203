; What nvvm-to-amdgpu cannot map is reported with the function and call,
; never kept silently: an NVVM intrinsic without an AMDGPU mapping, inline
; PTX, and a named barrier other than 0. The module stays valid.
;
; RUN: not warp-lower --retarget= %s 2>&1 | FileCheck %s
; RUN: not %opt-warp -passes='nvvm-to-amdgpu' -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: error: nvvm-to-amdgpu: in function 'clock': '%c = call i64 @llvm.nvvm.read.ptx.sreg.clock64()': llvm.nvvm.read.ptx.sreg.clock64: NVVM intrinsic with no AMDGPU mapping in nvvm-to-amdgpu
; CHECK-DAG: error: nvvm-to-amdgpu: in function 'asm': '%r = call i32 asm sideeffect "mov.u32 $0, %smid;", "=r"()': asm "mov.u32 $0, %smid;": inline PTX that nvvm-to-amdgpu does not recognise (README lists the forms it rewrites)
; CHECK-DAG: error: nvvm-to-amdgpu: in function 'named_barrier': 'call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 1)': llvm.nvvm.barrier.cta.sync.aligned.all: NVVM intrinsic with no AMDGPU mapping in nvvm-to-amdgpu
; CHECK: 3 errors
; OPT: error: nvvm-to-amdgpu: in function

define i64 @clock() {
  %c = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  ret i64 %c
}

define i32 @asm() {
  %r = call i32 asm sideeffect "mov.u32 $0, %smid;", "=r"()
  ret i32 %r
}

define void @named_barrier() {
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 1)
  ret void
}

declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
