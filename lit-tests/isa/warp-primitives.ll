; End to end at the ISA level: a ballot becomes a v_cmp into vcc, shifted
; on wave64 by the warp base (v_mbcnt & 32), masked as is on wave32; a redux becomes
; the waterfall loop around the backend's wave reduction: the key of the
; lowest pending lane (s_ff1 of the pending lanes, v_readlane), v_cmp, and
; a uniform branch back on the ballot of lanes still pending (a scalar
; branch on vcc, not on exec: the loop is not divergent). On wave32 the key,
; a kernel argument, is uniform, so the backend drops the loop and keeps
; only the reduction; __syncwarp leaves no
; instruction of its own, only the order of the LDS accesses around it.
; llc fails on any NVVM intrinsic left behind.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' %s -o %t64.bc
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave32>' %s -o %t32.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t64.bc -o - | FileCheck %s --check-prefixes=CHECK,W64
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t64.bc -o - | FileCheck %s --check-prefixes=CHECK,W64
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 %t32.bc -o - | FileCheck %s --check-prefixes=CHECK,W32

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @ballot(ptr addrspace(1) %out, i32 %m) {
; CHECK-LABEL: ballot:
; W64:       v_and_b32_e32 [[BASE:v[0-9]+]], 32,
; W64:       v_cmp_ne_u32_e32 vcc, 0,
; W64:       v_lshrrev_b64 v[{{[0-9]+}}:{{[0-9]+}}], [[BASE]], vcc
; W32:       v_cmp_ne_u32_e32 vcc_lo, 0,
; W32:       s_and_b32 s{{[0-9]+}}, vcc_lo, s{{[0-9]+}}
; CHECK:     s_endpgm
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = trunc i32 %t to i1
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 %m, i1 %p)
  %a = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %b, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @redux(ptr addrspace(1) %out, i32 %m) {
; CHECK-LABEL: redux:
; W64:       [[LOOP:.LBB[0-9_]+]]: ; %waterfall
; W64:       s_ff1_i32_b64 [[FIRST:s[0-9]+]], vcc
; W64:       v_readlane_b32 s{{[0-9]+}}, v{{[0-9]+}}, [[FIRST]]
; W64:       v_cmp_eq_u64
; W64-NOT:   s_cbranch_execnz
; W64:       s_cbranch_vccnz [[LOOP]]
; W32-NOT:   s_cbranch_vccnz
; W32:       s_add_i32
; CHECK:     s_endpgm
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @llvm.nvvm.redux.sync.add(i32 %t, i32 %m)
  %a = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @syncwarp(ptr addrspace(3) %p, i32 %m) {
; CHECK-LABEL: syncwarp:
; CHECK:     ds_{{write|store}}_b32
; CHECK:     ; wave barrier
; CHECK-NEXT: ds_{{read|load}}_b32
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(3) %p, i32 %t
  store i32 %t, ptr addrspace(3) %q
  call void @llvm.nvvm.bar.warp.sync(i32 %m)
  %u = xor i32 %t, 1
  %r = getelementptr i32, ptr addrspace(3) %p, i32 %u
  %v = load i32, ptr addrspace(3) %r
  store i32 %v, ptr addrspace(3) %q
  ret void
}

; CHECK-NOT: nvvm
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare void @llvm.nvvm.bar.warp.sync(i32)
