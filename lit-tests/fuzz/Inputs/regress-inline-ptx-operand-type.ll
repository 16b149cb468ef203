; Found by fuzz-warp-ir (make fuzz, a few minutes in; reduced with
; llvm-reduce), fixed in c836c3e ("Inline PTX types checked; unused
; intrinsic declarations go first"): inline PTX whose text and constraints
; match a row of tablegen/WarpPatterns.td was rewritten into the row's
; intrinsic whatever the IR types of its operands and result. An operand
; whose type was not the parameter's became `icmp ne x, 0`, as for a
; predicate, so an i64 bound to an "r" operand became an i1 argument of an
; i32 parameter, and an i31 result a zext from i32 to i31: the lowering did
; not verify ("Both operands to a binary operator are not of the same
; type!", "Invalid bitcast", "Type too small for ZExt"). nvvm-warp-to-amdgpu
; and nvvm-to-amdgpu, every option.

define i32 @clamp_i64() {
  %r = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 0, i32 0, i64 1, i32 0)
  ret i32 %r
}

define i32 @value_i64(i64 %v) {
  %r = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i64 %v, i32 1, i32 31, i32 -1)
  ret i32 %r
}

define i31 @result_i31(i32 %v) {
  %r = call i31 asm sideeffect "shfl.sync.down.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 %v, i32 %v, i32 1, i32 -2)
  ret i31 %r
}
