; The same kernel on wave64 and wave32: lane t of a 64-item block reads
; the work-item id of hardware lane (hw + 32) mod wavesize. On wave64 that
; is the other half of the wave, t ^ 32; on wave32 the address wraps to the
; lane itself, so every lane reads its own id.
;
; RUN: wavesim --wave=64 --kernel=half --block=64 --int-buffer=64 %s | FileCheck %s --check-prefix=W64
; RUN: wavesim --wave=32 --kernel=half --block=64 --int-buffer=64 %s | FileCheck %s --check-prefix=W32
; Bitcode works as well as text.
; RUN: llvm-as %s -o %t.bc
; RUN: wavesim --wave=64 --kernel=half --block=64 --int-buffer=64 %t.bc | FileCheck %s --check-prefix=W64

; W64: buf0[0]: 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
; W64-NEXT: buf0[16]: 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
; W64-NEXT: buf0[32]: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
; W64-NEXT: buf0[48]: 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31

; W32: buf0[0]: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
; W32-NEXT: buf0[16]: 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
; W32-NEXT: buf0[32]: 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
; W32-NEXT: buf0[48]: 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @half(ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %hw = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  %src = add i32 %hw, 32
  %addr = shl i32 %src, 2
  %v = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %t)
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
