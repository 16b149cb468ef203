; cuda_fp16.h's __half2float canonicalizes each NaN (select on fcmp uno,
; 0x7fffffff). pass/ptx/ArithmeticNaNs.c moves that select onto the float
; arithmetic the converted value feeds, when every use is an fadd, fsub,
; fmul, fma or fmuladd in the same block: a dot product of halves ends in
; one canonicalization, after its last add; the rest stay where they were.
; lit-tests/half/nan-arithmetic.test shows the results equal an H100's.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s

define float @dot2(half %a0, half %b0, half %a1, half %b1, float %acc) {
; CHECK-LABEL: define float @dot2(
; CHECK-NOT:   select
; CHECK:       [[M0:%.*]] = fmul contract float %xa0, %xb0
; CHECK-NEXT:  [[S0:%.*]] = fadd contract float %acc, [[M0]]
; CHECK-NOT:   select
; CHECK:       [[M1:%.*]] = fmul contract float %xa1, %xb1
; CHECK-NEXT:  [[S1:%.*]] = fadd contract float [[S0]], [[M1]]
; CHECK-NEXT:  [[T:%.*]] = fcmp uno float [[S1]], [[S1]]
; CHECK-NEXT:  [[R:%.*]] = select i1 [[T]], float 0x7FFFFFFFE0000000, float [[S1]]
; CHECK-NEXT:  ret float [[R]]
  %ca0 = fcmp uno half %a0, 0xH0000
  %xa0 = fpext half %a0 to float
  %fa0 = select i1 %ca0, float 0x7FFFFFFFE0000000, float %xa0
  %cb0 = fcmp uno half %b0, 0xH0000
  %xb0 = fpext half %b0 to float
  %fb0 = select i1 %cb0, float 0x7FFFFFFFE0000000, float %xb0
  %m0 = fmul contract float %fa0, %fb0
  %s0 = fadd contract float %acc, %m0
  %ca1 = fcmp uno half %a1, 0xH0000
  %xa1 = fpext half %a1 to float
  %fa1 = select i1 %ca1, float 0x7FFFFFFFE0000000, float %xa1
  %cb1 = fcmp uno half %b1, 0xH0000
  %xb1 = fpext half %b1 to float
  %fb1 = select i1 %cb1, float 0x7FFFFFFFE0000000, float %xb1
  %m1 = fmul contract float %fa1, %fb1
  %s1 = fadd contract float %s0, %m1
  ret float %s1
}

; A conversion that is also stored keeps its select; so does one read in
; another block (moving it could put it in a loop).
define float @kept(half %a, float %y, ptr %p) {
; CHECK-LABEL: define float @kept(
; CHECK:       %fa = select i1 %ca, float 0x7FFFFFFFE0000000, float %xa
; CHECK:       store float %fa, ptr %p
; CHECK:       %m = fmul float %fa, %y
; CHECK:       %fb = select i1 %cb, float 0x7FFFFFFFE0000000, float %xb
; CHECK:     next:
; CHECK-NEXT:  %n = fmul float %fb, %y
; CHECK-NOT:   fcmp
; CHECK:       ret float
  %ca = fcmp uno half %a, 0xH0000
  %xa = fpext half %a to float
  %fa = select i1 %ca, float 0x7FFFFFFFE0000000, float %xa
  store float %fa, ptr %p
  %m = fmul float %fa, %y
  %cb = fcmp uno half %a, 0xH0000
  %xb = fpext half %a to float
  %fb = select i1 %cb, float 0x7FFFFFFFE0000000, float %xb
  br label %next
next:
  %n = fmul float %fb, %y
  %r = fadd float %m, %n
  ret float %r
}

; Two users that would each need a select of their own: not moved (it
; would add one). nnan arithmetic may assume no NaN: not moved either.
define void @two_users(half %a, float %y, ptr %p, ptr %q) {
; CHECK-LABEL: define void @two_users(
; CHECK:       %fa = select i1 %ca, float 0x7FFFFFFFE0000000, float %xa
; CHECK:       %fb = select i1 %cb, float 0x7FFFFFFFE0000000, float %xb
; CHECK-NOT:   fcmp uno float
; CHECK:       ret void
  %ca = fcmp uno half %a, 0xH0000
  %xa = fpext half %a to float
  %fa = select i1 %ca, float 0x7FFFFFFFE0000000, float %xa
  %m = fmul float %fa, %y
  %s = fadd float %fa, %y
  store float %m, ptr %p
  store float %s, ptr %q
  %cb = fcmp uno half %a, 0xH0000
  %xb = fpext half %a to float
  %fb = select i1 %cb, float 0x7FFFFFFFE0000000, float %xb
  %n = fmul nnan float %fb, %y
  store float %n, ptr %p
  ret void
}

; What instcombine makes of fmaf(__half2float(a), __half2float(b), c): the
; fma's result canonicalized only when a or b is a NaN. It is tested on the
; fma's result instead, so c's NaNs and 0 * inf become 0x7fffffff too.
define i32 @fma_operand_test(half %a, half %b, float %c) {
; CHECK-LABEL: define i32 @fma_operand_test(
; CHECK:       [[F:%.*]] = call float @llvm.fma.f32(float %xa, float %xb, float %c)
; CHECK:       [[T:%.*]] = fcmp uno float [[F]], [[F]]
; CHECK-NEXT:  select i1 [[T]], i32 2147483647, i32 %bits
  %ca = fcmp uno half %a, 0xH0000
  %xa = fpext half %a to float
  %cb = fcmp uno half %b, 0xH0000
  %xb = fpext half %b to float
  %f = call float @llvm.fma.f32(float %xa, float %xb, float %c)
  %either = select i1 %ca, i1 true, i1 %cb
  %bits = bitcast float %f to i32
  %r = select i1 %either, i32 2147483647, i32 %bits
  ret i32 %r
}

declare float @llvm.fma.f32(float, float, float)

; Two steps of quant3MatMul's __hfma2 chain as instcombine leaves them: each
; step's canonicalization tests the operands it read (the inner fma, the
; previous sum). Each test becomes one of the step's own result; the first
; step's select then only feeds the second step's fma and goes; the second
; sum's bits, canonicalized again before the store, keep one select.
define void @hfma2_chain(<2 x half> %x0, <2 x half> %x1, <2 x half> %s, <2 x half> %z, <2 x half> %y, <2 x half> %acc, ptr %p) {
; CHECK-LABEL: define void @hfma2_chain(
; CHECK:       [[I0:%.*]] = call <2 x half> @llvm.fma.v2f16(<2 x half> %x0, <2 x half> %s, <2 x half> %z)
; CHECK-NEXT:  [[O0:%.*]] = call <2 x half> @llvm.fma.v2f16(<2 x half> [[I0]], <2 x half> %y, <2 x half> %acc)
; CHECK-NEXT:  [[I1:%.*]] = call <2 x half> @llvm.fma.v2f16(<2 x half> %x1, <2 x half> %s, <2 x half> %z)
; CHECK-NEXT:  [[O1:%.*]] = call <2 x half> @llvm.fma.v2f16(<2 x half> [[I1]], <2 x half> %y, <2 x half> [[O0]])
; CHECK-NEXT:  [[T:%.*]] = fcmp uno <2 x half> [[O1]], [[O1]]
; CHECK-NEXT:  [[C:%.*]] = select <2 x i1> [[T]], <2 x half> splat (half 0xH7FFF), <2 x half> [[O1]]
; CHECK-NEXT:  [[B:%.*]] = bitcast <2 x half> [[C]] to <2 x i16>
; CHECK-NEXT:  store <2 x i16> [[B]], ptr %p
  %i0 = call <2 x half> @llvm.fma.v2f16(<2 x half> %x0, <2 x half> %s, <2 x half> %z)
  %ti0 = fcmp uno <2 x half> %i0, zeroinitializer
  %o0 = call <2 x half> @llvm.fma.v2f16(<2 x half> %i0, <2 x half> %y, <2 x half> %acc)
  %c0 = select <2 x i1> %ti0, <2 x half> splat (half 0xH7FFF), <2 x half> %o0
  %tc0 = fcmp uno <2 x half> %c0, zeroinitializer
  %i1 = call <2 x half> @llvm.fma.v2f16(<2 x half> %x1, <2 x half> %s, <2 x half> %z)
  %ti1 = fcmp uno <2 x half> %i1, zeroinitializer
  %o1 = call <2 x half> @llvm.fma.v2f16(<2 x half> %i1, <2 x half> %y, <2 x half> %c0)
  %either = select <2 x i1> %ti1, <2 x i1> splat (i1 true), <2 x i1> %tc0
  %c1 = select <2 x i1> %either, <2 x half> splat (half 0xH7FFF), <2 x half> %o1
  %bits = bitcast <2 x half> %c1 to <2 x i16>
  %again = fcmp uno <2 x half> %c1, zeroinitializer
  %r = select <2 x i1> %again, <2 x i16> splat (i16 32767), <2 x i16> %bits
  store <2 x i16> %r, ptr %p
  ret void
}

declare <2 x half> @llvm.fma.v2f16(<2 x half>, <2 x half>, <2 x half>)
