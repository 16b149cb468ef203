; Every reason the inline PTX translator gives, one function each, checked
; word for word with the statement it quotes: parse errors (asm operands,
; characters, addresses, vectors, .reg declarations, suffixes, directives,
; guards, braces; reported with the text where parsing stopped, `at "..."`),
; unsupported forms of supported instructions (mov with vectors, cvt
; rounding, add.sat, mul.wide, mad.lo.sat, .ftz/.sat on f64, div and sqrt
; .approx on f64, setp, slct, ld/st of .param and .pred, .vN counts, atom
; operand counts, bar.sync with a thread count, suffixes no form takes) and
; limits of the translator (256 registers in scope, 32 asm operands, 8
; operands an instruction, operand names, asm operand types). The asm stays
; as it is after nvvm-warp-to-amdgpu (KEPT shows a few), and nvvm-to-amdgpu
; reports each, naming the function.
; The reasons not here are in unknown-asm.ll: unknown instruction,
; undeclared register, named barriers, labels, memory constraints.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu' -S %s | FileCheck %s --check-prefix=KEPT
; RUN: not warp-lower --retarget=gfx90a %s 2>&1 | FileCheck %s --check-prefix=DIAG
; KEPT: asm sideeffect "mov.u32 ${0:x}, 1;"
; KEPT: asm sideeffect "cvt.rn.u32.s32 $0, $1;"
; KEPT: asm sideeffect "bar.sync 0, 64;"
; KEPT: asm sideeffect "mov.u32 %laneid, 1;"
; KEPT: asm sideeffect "mov.u32 $0, $1;", "=r,r"(<2 x i32> %v)

define i32 @asm_operand_number(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.u32 $0, $x;", "=r"()
  ret i32 %r
}

define i32 @asm_modifier(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.u32 ${0:x}, 1;", "=r"()
  ret i32 %r
}

define void @bang_immediate(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .pred p; and.pred p, !1, p; }", ""()
  ret void
}

define i32 @bad_character(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.u32 $0, #1;", "=r"()
  ret i32 %r
}

define i32 @address_sink(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "ld.global.u32 $0, [_];", "=r"()
  ret i32 %r
}

define i32 @vector_too_long(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.b64 {$0, $0, $0, $0, $0}, 1;", "=r"()
  ret i32 %r
}

define void @vector_register(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .v2 .u32 v; }", ""()
  ret void
}

define void @register_type(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .u128 v; }", ""()
  ret void
}

define void @too_many_names(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .u32 a, b, c, d, e, f, g, h, i; }", ""()
  ret void
}

define void @register_count(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .u32 r<0>; }", ""()
  ret void
}

define void @no_instruction(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ , }", ""()
  ret void
}

define i32 @malformed_suffix(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "add..u32 $0, 1, 2;", "=r"()
  ret i32 %r
}

define void @directive(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect ".shared .u32 x;", ""()
  ret void
}

define i32 @guard_immediate(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "@1 mov.u32 $0, 2;", "=r"()
  ret i32 %r
}

define i32 @mov_two_vectors(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.b64 {$0, $0}, {$1, $1};", "=r,r"(i32 %a)
  ret i32 %r
}

define i32 @mov_split(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.b16 {$0, $0, $0, $0}, $1;", "=r,r"(i32 %a)
  ret i32 %r
}

define i32 @cvt_int_rounding(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "cvt.rn.u32.s32 $0, $1;", "=r,r"(i32 %a)
  ret i32 %r
}

define i32 @cvt_float_to_int(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "cvt.rn.s32.f32 $0, $1;", "=r,f"(float %f)
  ret i32 %r
}

define float @cvt_int_to_float(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call float asm sideeffect "cvt.rni.f32.s32 $0, $1;", "=f,r"(i32 %a)
  ret float %r
}

define double @cvt_widening(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call double asm sideeffect "cvt.rn.f64.f32 $0, $1;", "=d,f"(float %f)
  ret double %r
}

define float @cvt_narrowing(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call float asm sideeffect "cvt.f32.f64 $0, $1;", "=f,d"(double %d)
  ret float %r
}

define float @cvt_same(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call float asm sideeffect "cvt.rn.f32.f32 $0, $1;", "=f,f"(float %f)
  ret float %r
}

define i32 @add_sat_unsigned(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "add.sat.u32 $0, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}

define i64 @mul_wide_64(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i64 asm sideeffect "mul.wide.u64 $0, $1, $1;", "=l,l"(i64 %l)
  ret i64 %r
}

define i32 @mad_lo_sat(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mad.lo.sat.s32 $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}

define double @ftz_f64(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call double asm sideeffect "add.ftz.f64 $0, $1, $1;", "=d,d"(double %d)
  ret double %r
}

define double @sat_f64(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call double asm sideeffect "add.sat.f64 $0, $1, $1;", "=d,d"(double %d)
  ret double %r
}

define double @div_approx_f64(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call double asm sideeffect "div.approx.f64 $0, $1, $1;", "=d,d"(double %d)
  ret double %r
}

define void @setp_type(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .pred p; setp.lo.f32 p, $0, $0; }", "f"(float %f)
  ret void
}

define void @setp_bits(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .pred p; setp.lt.b32 p, $0, $0; }", "r"(i32 %a)
  ret void
}

define void @setp_combine(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .pred p; setp.lt.and.s32 p, $0, $0; }", "r"(i32 %a)
  ret void
}

define i32 @slct_ftz(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "slct.ftz.u32.s32 $0, $1, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}

define double @sqrt_approx_f64(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call double asm sideeffect "sqrt.approx.f64 $0, $1;", "=d,d"(double %d)
  ret double %r
}

define i32 @ld_param(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "ld.param.u32 $0, [$1];", "=r,l"(i64 %l)
  ret i32 %r
}

define i32 @ld_vector_count(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "ld.global.v4.u32 {$0, $0}, [$1];", "=r,l"(i64 %l)
  ret i32 %r
}

define void @ld_pred(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .pred p; ld.global.pred p, [$0]; }", "l"(i64 %l)
  ret void
}

define i32 @atom_sources(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "atom.global.cas.b32 $0, [$1], $2;", "=r,l,r"(i64 %l, i32 %a)
  ret i32 %r
}

define void @barrier_count(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "bar.sync 0, 64;", ""()
  ret void
}

define void @too_many_registers(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .b32 r<64>; .reg .b32 s<64>; .reg .b32 t<64>; .reg .b32 u<64>; .reg .b32 v<1>; }", ""()
  ret void
}

define i32 @missing_operand(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.u32 $0, $7;", "=r"()
  ret i32 %r
}

define void @special_written(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "mov.u32 %laneid, 1;", ""()
  ret void
}

define i32 @not_a_form(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "add.rni.s32 $0, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}

define {i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32} @too_many_outputs(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call {i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32} asm sideeffect "mov.u32 $0, 1;", "=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r,=r"()
  ret {i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32} %r
}

define <2 x i32> @output_type(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call <2 x i32> asm sideeffect "mov.u32 $0, 1;", "=r"()
  ret <2 x i32> %r
}

define i32 @input_type(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.u32 $0, $1;", "=r,r"(<2 x i32> %v)
  ret i32 %r
}

define i32 @too_many_inputs(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.u32 $0, $1;", "=r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r,r"(i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a, i32 %a)
  ret i32 %r
}

define void @too_many_operands(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "lop3.b32 $0, $0, $0, $0, $0, $0, $0, $0, $0, 1;", "r"(i32 %a)
  ret void
}

define void @name_too_long(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .u32 a_register_name_of_more_than_forty_characters; }", ""()
  ret void
}

define void @unbalanced_open(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .u32 t; mov.u32 t, 1;", ""()
  ret void
}

define void @unbalanced_close(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "bar.sync 0; }", ""()
  ret void
}

define i32 @missing_bracket(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "ld.global.u32 $0, [$1;", "=r,l"(i64 %l)
  ret i32 %r
}


define void @expected_name(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .u32 ,; }", ""()
  ret void
}

define void @expected_number(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  call void asm sideeffect "{ .reg .u32 r<x>; }", ""()
  ret void
}

define i32 @expected_operand(i32 %a, i64 %l, float %f, double %d, <2 x i32> %v) {
  %r = call i32 asm sideeffect "mov.u32 $0,", "=r"()
  ret i32 %r
}

; DIAG-DAG: error: nvvm-to-amdgpu: in function 'asm_operand_number': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: expected an asm operand number at "x;" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'asm_modifier': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: asm operand modifiers are not supported at ":x}, 1;" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'bang_immediate': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: '!' applies only to a predicate at ", p; }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'bad_character': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: unexpected character '#' at "#1;" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'address_sink': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: an address is a register or an asm operand at "];" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'vector_too_long': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: a vector has at most 4 elements at " $0}, 1;" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'vector_register': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: vector registers (.reg .v2) are not supported at " .u32 v; }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'register_type': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: unknown register type '.u128' at " v; }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'too_many_names': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: too many names in one .reg declaration at " i; }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'register_count': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: register count out of range at "; }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'no_instruction': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: expected an instruction at ", }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'malformed_suffix': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: malformed instruction suffix at ".u32 $0, 1, 2;" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'directive': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: directives other than .reg are not supported at ".shared .u32 x;" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'guard_immediate': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: a guard is a predicate register at " mov.u32 $0, 2;" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'mov_two_vectors': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "mov.b64 {$0, $0}, {$1, $1};": mov between two vectors (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'mov_split': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "mov.b16 {$0, $0, $0, $0}, $1;": a 16-bit mov cannot split into 4 parts (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_int_rounding': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "cvt.rn.u32.s32 $0, $1;": integer conversions take no rounding modifier (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_float_to_int': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "cvt.rn.s32.f32 $0, $1;": a float to integer conversion needs .rni, .rzi, .rmi or .rpi (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_int_to_float': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "cvt.rni.f32.s32 $0, $1;": an integer to float conversion takes .rn, .rz, .rm or .rp (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_widening': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "cvt.rn.f64.f32 $0, $1;": a widening float conversion takes no rounding (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_narrowing': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "cvt.f32.f64 $0, $1;": a narrowing float conversion needs .rn, .rz, .rm or .rp (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_same': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "cvt.rn.f32.f32 $0, $1;": a float conversion to its own type rounds with .rni, .rzi, .rmi or .rpi (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'add_sat_unsigned': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "add.sat.u32 $0, $1, $1;": .sat applies to .s32 only (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'mul_wide_64': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "mul.wide.u64 $0, $1, $1;": .wide takes 16- or 32-bit operands (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'mad_lo_sat': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "mad.lo.sat.s32 $0, $1, $1, $1;": .sat applies to mad.hi.s32 only (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'ftz_f64': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "add.ftz.f64 $0, $1, $1;": .ftz applies to .f32 only (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'sat_f64': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "add.sat.f64 $0, $1, $1;": .sat applies to .f32 only (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'div_approx_f64': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "div.approx.f64 $0, $1, $1;": div.approx and div.full are .f32 only (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'setp_type': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "setp.lo.f32 p, $0, $0;": setp.lo does not compare this type (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'setp_bits': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "setp.lt.b32 p, $0, $0;": setp on .b types compares eq or ne only (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'setp_combine': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "setp.lt.and.s32 p, $0, $0;": setp with .and/.or/.xor takes a third predicate (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'slct_ftz': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "slct.ftz.u32.s32 $0, $1, $1, $1;": .ftz applies to an .f32 selector only (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'sqrt_approx_f64': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "sqrt.approx.f64 $0, $1;": sqrt.approx is .f32 only (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'ld_param': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "ld.param.u32 $0, [$1];": .param state space in inline asm (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'ld_vector_count': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "ld.global.v4.u32 {$0, $0}, [$1];": .v4 access with 2 operands (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'ld_pred': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "ld.global.pred p, [$0];": memory access of .pred (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'atom_sources': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "atom.global.cas.b32 $0, [$1], $2;": atom.cas takes 2 source operands (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'barrier_count': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "bar.sync 0, 64;": a barrier with a thread count (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'too_many_registers': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in ".reg .b32 v<1>;": more than 256 registers (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'missing_operand': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "mov.u32 $0, $7;": asm operand %7 does not exist (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'special_written': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "mov.u32 %laneid, 1;": special register '%laneid' written (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'not_a_form': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: in "add.rni.s32 $0, $1, $1;": 'add.rni.s32' is not a supported form of 'add' (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'too_many_outputs': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: too many asm operands (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'output_type': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: an asm output of this type is not supported (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'input_type': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: an asm input of this type is not supported (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'too_many_inputs': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: too many asm operands (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'too_many_operands': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: too many operands at " $0, 1;" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'name_too_long': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: name too long at "; }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'unbalanced_open': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: unbalanced '{' at "" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'unbalanced_close': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: unbalanced '}' at "" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'missing_bracket': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: expected ']' at ";" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'expected_name': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: expected a name at ",; }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'expected_number': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: expected a number at "x>; }" (docs/inline-ptx.md lists the supported instructions)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'expected_operand': {{.*}}: inline PTX that nvvm-to-amdgpu cannot translate: expected an operand at "" (docs/inline-ptx.md lists the supported instructions)
