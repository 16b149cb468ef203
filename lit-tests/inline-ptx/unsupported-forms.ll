; Every reason the inline PTX translator gives, one function each: parse
; errors (operands, suffixes, declarations, directives, guards), unsupported
; forms of supported instructions (cvt, add.sat, mul.wide, mad.lo.sat, div
; and sqrt .approx on f64, setp, slct, ld/st, atom, bar.sync with a count),
; and limits of the translator (registers, asm operands and their types).
; The asm stays as it is after nvvm-warp-to-amdgpu, and nvvm-to-amdgpu
; reports each, naming the function and quoting the statement at fault.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu' -S %s | FileCheck %s --check-prefix=KEPT
; RUN: not warp-lower --retarget=gfx90a %s 2>&1 | FileCheck %s --check-prefix=DIAG
; KEPT: asm sideeffect "cvt.rn.u32.s32 $0, $1;"
; KEPT: asm sideeffect "bar.sync 0, 64;"

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

; DIAG-DAG: error: nvvm-to-amdgpu: in function 'asm_operand_number': {{.*}}expected an asm operand number
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'asm_modifier': {{.*}}asm operand modifiers are not supported
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'bang_immediate': {{.*}}'!' applies only to a predicate
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'bad_character': {{.*}}unexpected character '#'
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'address_sink': {{.*}}an address is a register or an asm operand
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'vector_too_long': {{.*}}a vector has at most 4 elements
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'vector_register': {{.*}}vector registers (.reg .v2) are not supported
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'register_type': {{.*}}unknown register type '.u128'
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'too_many_names': {{.*}}too many names in one .reg declaration
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'register_count': {{.*}}register count out of range
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'no_instruction': {{.*}}expected an instruction
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'malformed_suffix': {{.*}}malformed instruction suffix
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'directive': {{.*}}directives other than .reg are not supported
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'guard_immediate': {{.*}}a guard is a predicate register
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'mov_two_vectors': {{.*}}mov between two vectors
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'mov_split': {{.*}}a 16-bit mov cannot split into 4 parts
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_int_rounding': {{.*}}integer conversions take no rounding modifier
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_float_to_int': {{.*}}a float to integer conversion needs .rni, .rzi, .rmi or .rpi
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_int_to_float': {{.*}}an integer to float conversion takes .rn, .rz, .rm or .rp
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_widening': {{.*}}a widening float conversion takes no rounding
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_narrowing': {{.*}}a narrowing float conversion needs .rn, .rz, .rm or .rp
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'cvt_same': {{.*}}a float conversion to its own type rounds with .rni, .rzi, .rmi or .rpi
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'add_sat_unsigned': {{.*}}.sat applies to .s32 only
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'mul_wide_64': {{.*}}.wide takes 16- or 32-bit operands
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'mad_lo_sat': {{.*}}.sat applies to mad.hi.s32 only
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'ftz_f64': {{.*}}.ftz applies to .f32 only
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'sat_f64': {{.*}}.sat applies to .f32 only
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'div_approx_f64': {{.*}}div.approx and div.full are .f32 only
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'setp_type': {{.*}}setp.lo does not compare this type
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'setp_bits': {{.*}}setp on .b types compares eq or ne only
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'setp_combine': {{.*}}setp with .and/.or/.xor takes a third predicate
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'slct_ftz': {{.*}}.ftz applies to an .f32 selector only
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'sqrt_approx_f64': {{.*}}sqrt.approx is .f32 only
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'ld_param': {{.*}}.param state space in inline asm
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'ld_vector_count': {{.*}}.v4 access with 2 operands
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'ld_pred': {{.*}}memory access of .pred
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'atom_sources': {{.*}}atom.cas takes 2 source operands
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'barrier_count': {{.*}}a barrier with a thread count
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'too_many_registers': {{.*}}more than 256 registers
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'missing_operand': {{.*}}asm operand %7 does not exist
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'special_written': {{.*}}special register '%laneid' written
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'not_a_form': {{.*}}'add.rni.s32' is not a supported form of 'add'
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'too_many_outputs': {{.*}}too many asm operands
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'output_type': {{.*}}an asm output of this type is not supported
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'input_type': {{.*}}an asm input of this type is not supported
