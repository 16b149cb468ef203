; The float redux.sync intrinsics (sm_100a), for primitive-replay
; --redux-f32: no H100 can produce them, so primitive-replay checks their
; lowering against a model written from the PTX ISA. NVVM IR as clang emits
; it for CUDA, lowered by `warp-lower --retarget=gfx90a` (or gfx1100).
;
; Each CUDA warp of the block runs case c = ctaid.x * ntid.x / 32 + tid.x /
; 32: lanes of masks[c] call each of the eight variants with in[c * 32 +
; lane] and store the result at out[(c * 8 + variant) * 32 + lane], variants
; in the order fmin, fmin.abs, fmin.NaN, fmin.abs.NaN, then fmax likewise.
; The other lanes store nothing.

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define ptx_kernel void @reduxF32(ptr %masks, ptr %in, ptr %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %lane = and i32 %tid, 31
  %warp = lshr i32 %tid, 5
  %warps = lshr i32 %ntid, 5
  %first = mul i32 %ctaid, %warps
  %case = add i32 %first, %warp
  %pmask = getelementptr inbounds i32, ptr %masks, i32 %case
  %mask = load i32, ptr %pmask, align 4
  %case.lanes = shl i32 %case, 5
  %index = add i32 %case.lanes, %lane
  %pin = getelementptr inbounds float, ptr %in, i32 %index
  %v = load float, ptr %pin, align 4
  %shifted = lshr i32 %mask, %lane
  %bit = and i32 %shifted, 1
  %member = icmp ne i32 %bit, 0
  br i1 %member, label %reduce, label %exit

reduce:
  %case.out = shl i32 %case, 8
  %out.base = add i32 %case.out, %lane
  %r.fmin = call float @llvm.nvvm.redux.sync.fmin(float %v, i32 %mask)
  %slot.fmin = add i32 %out.base, 0
  %p.fmin = getelementptr inbounds float, ptr %out, i32 %slot.fmin
  store float %r.fmin, ptr %p.fmin, align 4
  %r.fmin_abs = call float @llvm.nvvm.redux.sync.fmin.abs(float %v, i32 %mask)
  %slot.fmin_abs = add i32 %out.base, 32
  %p.fmin_abs = getelementptr inbounds float, ptr %out, i32 %slot.fmin_abs
  store float %r.fmin_abs, ptr %p.fmin_abs, align 4
  %r.fmin_NaN = call float @llvm.nvvm.redux.sync.fmin.NaN(float %v, i32 %mask)
  %slot.fmin_NaN = add i32 %out.base, 64
  %p.fmin_NaN = getelementptr inbounds float, ptr %out, i32 %slot.fmin_NaN
  store float %r.fmin_NaN, ptr %p.fmin_NaN, align 4
  %r.fmin_abs_NaN = call float @llvm.nvvm.redux.sync.fmin.abs.NaN(float %v, i32 %mask)
  %slot.fmin_abs_NaN = add i32 %out.base, 96
  %p.fmin_abs_NaN = getelementptr inbounds float, ptr %out, i32 %slot.fmin_abs_NaN
  store float %r.fmin_abs_NaN, ptr %p.fmin_abs_NaN, align 4
  %r.fmax = call float @llvm.nvvm.redux.sync.fmax(float %v, i32 %mask)
  %slot.fmax = add i32 %out.base, 128
  %p.fmax = getelementptr inbounds float, ptr %out, i32 %slot.fmax
  store float %r.fmax, ptr %p.fmax, align 4
  %r.fmax_abs = call float @llvm.nvvm.redux.sync.fmax.abs(float %v, i32 %mask)
  %slot.fmax_abs = add i32 %out.base, 160
  %p.fmax_abs = getelementptr inbounds float, ptr %out, i32 %slot.fmax_abs
  store float %r.fmax_abs, ptr %p.fmax_abs, align 4
  %r.fmax_NaN = call float @llvm.nvvm.redux.sync.fmax.NaN(float %v, i32 %mask)
  %slot.fmax_NaN = add i32 %out.base, 192
  %p.fmax_NaN = getelementptr inbounds float, ptr %out, i32 %slot.fmax_NaN
  store float %r.fmax_NaN, ptr %p.fmax_NaN, align 4
  %r.fmax_abs_NaN = call float @llvm.nvvm.redux.sync.fmax.abs.NaN(float %v, i32 %mask)
  %slot.fmax_abs_NaN = add i32 %out.base, 224
  %p.fmax_abs_NaN = getelementptr inbounds float, ptr %out, i32 %slot.fmax_abs_NaN
  store float %r.fmax_abs_NaN, ptr %p.fmax_abs_NaN, align 4
  br label %exit

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare float @llvm.nvvm.redux.sync.fmin(float, i32)
declare float @llvm.nvvm.redux.sync.fmin.abs(float, i32)
declare float @llvm.nvvm.redux.sync.fmin.NaN(float, i32)
declare float @llvm.nvvm.redux.sync.fmin.abs.NaN(float, i32)
declare float @llvm.nvvm.redux.sync.fmax(float, i32)
declare float @llvm.nvvm.redux.sync.fmax.abs(float, i32)
declare float @llvm.nvvm.redux.sync.fmax.NaN(float, i32)
declare float @llvm.nvvm.redux.sync.fmax.abs.NaN(float, i32)
