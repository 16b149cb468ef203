; An alloca's lifetime markers move with it to address space 5: LLVM 22's
; verifier takes llvm.lifetime.start/end only on an alloca, so markers left
; on the flat addrspacecast would make the module invalid (clang -O2 emits
; them around every local array). Markers of an alloca reached only through
; a loop's back edge, and of two allocas, each follow their own.
;
; RUN: %opt-warp -passes='nvvm-to-amdgpu<gfx90a>' -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define hidden void @f(
; CHECK:      %a = alloca [4 x i32], align 4, addrspace(5)
; CHECK-NEXT: [[FLAT_A:%.*]] = addrspacecast ptr addrspace(5) %a to ptr
; CHECK-NEXT: %b = alloca i64, align 8, addrspace(5)
; CHECK-NEXT: [[FLAT_B:%.*]] = addrspacecast ptr addrspace(5) %b to ptr
; CHECK-NEXT: call void @llvm.lifetime.start.p5(ptr addrspace(5) %a)
; CHECK-NEXT: call void @llvm.lifetime.start.p5(ptr addrspace(5) %b)
; CHECK:      getelementptr [4 x i32], ptr [[FLAT_A]], i32 0, i32 %i
; CHECK:      store i64 7, ptr [[FLAT_B]]
; CHECK:      call void @llvm.lifetime.end.p5(ptr addrspace(5) %b)
; CHECK:      call void @llvm.lifetime.end.p5(ptr addrspace(5) %a)
; CHECK-NOT:  lifetime.{{start|end}}.p0
define void @f(ptr %out, i32 %i, i32 %n) {
entry:
  %a = alloca [4 x i32], align 4
  %b = alloca i64, align 8
  call void @llvm.lifetime.start.p0(ptr %a)
  call void @llvm.lifetime.start.p0(ptr %b)
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %p = getelementptr [4 x i32], ptr %a, i32 0, i32 %i
  store i32 %k, ptr %p
  store i64 7, ptr %b
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop
exit:
  %v = load i32, ptr %a
  store i32 %v, ptr %out
  call void @llvm.lifetime.end.p0(ptr %b)
  call void @llvm.lifetime.end.p0(ptr %a)
  ret void
}

declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)
