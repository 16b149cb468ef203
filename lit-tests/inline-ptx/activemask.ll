; clang's __activemask() is the inline PTX `activemask.b32 %0;`: it becomes
; llvm.nvvm.activemask and is lowered like it (the warp's ballot of true).
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' -S %s | FileCheck %s

define i32 @active() {
; CHECK:      %ballot = call i32 @llvm.amdgcn.ballot.i32(i1 true)
; CHECK-NEXT: ret i32 %ballot
  %m = call i32 asm sideeffect "activemask.b32 $0;", "=r"()
  ret i32 %m
}
; CHECK-NOT: asm

; PTX comments do not stop a match (they are dropped like whitespace).
define i32 @commented() {
; CHECK-LABEL: define i32 @commented(
; CHECK-NEXT: %ballot = call i32 @llvm.amdgcn.ballot.i32(i1 true)
  %m = call i32 asm sideeffect "activemask.b32 $0; // then-arm\0A/* two */", "=r"()
  ret i32 %m
}
