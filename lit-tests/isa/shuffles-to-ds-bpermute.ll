; End to end at the ISA level: a warp xor-allreduce and a runtime-delta scan
; step, lowered by the pass and compiled by llc, become ds_bpermute_b32 with
; the lane from v_mbcnt (lo and hi on wave64, lo only on wave32). llc would
; fail on any NVVM intrinsic left behind; none appears in the output.
;
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave64>' %s -o %t64.bc
; RUN: %opt-warp -passes='nvvm-shfl-to-amdgpu<wave32>' %s -o %t32.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a %t64.bc -o - | FileCheck %s --check-prefixes=CHECK,W64
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t64.bc -o - | FileCheck %s --check-prefixes=CHECK,W64
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 %t32.bc -o - | FileCheck %s --check-prefixes=CHECK,W32

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: allreduce:
; CHECK:       v_mbcnt_lo_u32_b32
; W64:         v_mbcnt_hi_u32_b32
; W32-NOT:     v_mbcnt_hi_u32_b32
; CHECK-COUNT-5: ds_bpermute_b32
; CHECK-NOT:   ds_bpermute_b32
; CHECK:       s_setpc_b64
define float @allreduce(float %v) {
  %a = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %a
  %b = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %b
  %c = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %s2, i32 4, i32 31)
  %s3 = fadd float %s2, %c
  %d = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %s3, i32 2, i32 31)
  %s4 = fadd float %s3, %d
  %e = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %s4, i32 1, i32 31)
  %s5 = fadd float %s4, %e
  ret float %s5
}

; CHECK-LABEL: scan_step:
; CHECK:       ds_bpermute_b32
; CHECK-NOT:   nvvm
define i32 @scan_step(i32 %v, i32 %delta) {
  %r = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 %delta, i32 0)
  %x = extractvalue { i32, i1 } %r, 0
  %p = extractvalue { i32, i1 } %r, 1
  %sum = add i32 %v, %x
  %res = select i1 %p, i32 %sum, i32 %v
  ret i32 %res
}

declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
