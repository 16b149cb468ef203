; nvvm-to-amdgpu gives symbols the visibility a code object needs, as HIP's
; clang does: kernels and defined __device__ (addrspace 1) and __constant__
; (addrspace 4) variables protected, so the loader still finds them by name
; but nothing preempts them; other functions, declarations and variables
; hidden, so PC-relative calls and accesses link with ld.lld -shared.
; Local symbols, __shared__ (addrspace 3) variables, llvm.* globals and a
; visibility the source chose stay as they were.
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx942>' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: @counter = protected addrspace(1) global i32 0
; CHECK-DAG: @coeffs = protected addrspace(4) externally_initialized constant [2 x float]
; CHECK-DAG: @defined_elsewhere = external hidden addrspace(1) global i32
; CHECK-DAG: @tile = internal addrspace(3) global [64 x float] poison
; CHECK-DAG: @dynamic_smem = external addrspace(3) global [0 x i8]
; CHECK-DAG: @generic_var = hidden global i32 1
; CHECK-DAG: @chosen = hidden addrspace(1) global i32 2
; CHECK-DAG: @.str = private unnamed_addr constant
; CHECK-DAG: @llvm.used = appending global
@counter = addrspace(1) global i32 0
@coeffs = addrspace(4) externally_initialized constant [2 x float] [float 1.0, float 2.0]
@defined_elsewhere = external addrspace(1) global i32
@tile = internal addrspace(3) global [64 x float] poison
@dynamic_smem = external addrspace(3) global [0 x i8]
@generic_var = global i32 1
@chosen = hidden addrspace(1) global i32 2
@.str = private unnamed_addr constant [3 x i8] c"hi\00"
@llvm.used = appending global [1 x ptr] [ptr @helper], section "llvm.metadata"

; CHECK-DAG: define protected amdgpu_kernel void @kernel(
; CHECK-DAG: define hidden i32 @helper(
; CHECK-DAG: define linkonce_odr hidden i32 @template_helper(
; CHECK-DAG: define internal i32 @local_helper(
; CHECK-DAG: declare hidden i32 @extern_helper(i32)
define ptx_kernel void @kernel(ptr %out) {
  %a = call i32 @helper(i32 1)
  %b = call i32 @template_helper(i32 %a)
  %c = call i32 @local_helper(i32 %b)
  %d = call i32 @extern_helper(i32 %c)
  %e = load i32, ptr addrspace(1) @defined_elsewhere
  %f = add i32 %d, %e
  store i32 %f, ptr addrspace(1) @counter
  ret void
}

define i32 @helper(i32 %x) {
  ret i32 %x
}

define linkonce_odr i32 @template_helper(i32 %x) {
  ret i32 %x
}

define internal i32 @local_helper(i32 %x) {
  ret i32 %x
}

declare i32 @extern_helper(i32)
