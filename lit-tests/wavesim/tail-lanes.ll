; A block of 40 work-items: one wave64 whose lanes 40-63 never start, or a
; full wave32 plus one whose lanes 8-31 never start. Lane t reads the value
; 1000 + u of hardware lane (hw + 8) mod wavesize (u its work-item id) and
; stores its hardware lane from mbcnt.lo/hi.
;
; By hand, wave64: t = 0..31 read 1008..1039; t = 32..39 read lanes 40..47,
; which do not exist, so 0. Hardware lane = t.
; Wave32: t = 0..23 read 1008..1031, t = 24..31 wrap to lanes 0..7 of their
; own wave: 1000..1007; t = 32..39 are lanes 0..7 of wave 1 and read its
; lanes 8..15, which do not exist: 0. Hardware lane = t mod 32.
;
; RUN: wavesim --wave=64 --kernel=tail --block=40 --int-buffer=40 --int-buffer=40 %s | FileCheck %s --check-prefix=W64
; RUN: wavesim --wave=32 --kernel=tail --block=40 --int-buffer=40 --int-buffer=40 %s | FileCheck %s --check-prefix=W32
; The same block laid out as 8 x 5 x 1 linearizes x fastest to the same t.
; RUN: wavesim --wave=64 --kernel=tail --block=8,5 --int-buffer=40 --int-buffer=40 %s | FileCheck %s --check-prefix=W64

; W64: buf0[0]: 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1021 1022 1023
; W64-NEXT: buf0[16]: 1024 1025 1026 1027 1028 1029 1030 1031 1032 1033 1034 1035 1036 1037 1038 1039
; W64-NEXT: buf0[32]: 0 0 0 0 0 0 0 0
; W64-NEXT: buf1[0]: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
; W64-NEXT: buf1[16]: 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
; W64-NEXT: buf1[32]: 32 33 34 35 36 37 38 39

; W32: buf0[0]: 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1021 1022 1023
; W32-NEXT: buf0[16]: 1024 1025 1026 1027 1028 1029 1030 1031 1000 1001 1002 1003 1004 1005 1006 1007
; W32-NEXT: buf0[32]: 0 0 0 0 0 0 0 0
; W32-NEXT: buf1[0]: 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15
; W32-NEXT: buf1[16]: 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
; W32-NEXT: buf1[32]: 0 1 2 3 4 5 6 7

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @tail(ptr addrspace(1) %read, ptr addrspace(1) %hwlane) {
entry:
  ; t = x + 8 * y, which is x for the 40 x 1 block.
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %y8 = shl i32 %y, 3
  %t = add i32 %x, %y8
  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %hw = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)
  %src = add i32 %hw, 8
  %addr = shl i32 %src, 2
  %data = add i32 %t, 1000
  %v = call i32 @llvm.amdgcn.ds.bpermute(i32 %addr, i32 %data)
  %p = getelementptr inbounds i32, ptr addrspace(1) %read, i32 %t
  store i32 %v, ptr addrspace(1) %p, align 4
  %q = getelementptr inbounds i32, ptr addrspace(1) %hwlane, i32 %t
  store i32 %hw, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
