; Inline PTX is rewritten only when the IR types of its operands and
; results fit the intrinsic: text and constraints alone do not fix them
; (an "r" operand may be bound to an i64). A shfl.sync whose lane or value
; is an i64 stays asm, for nvvm-to-amdgpu to report; it used to become a
; malformed intrinsic call whose lowering did not verify (found by the
; fuzzer). The well-typed one beside them is rewritten.
;
; RUN: warp-lower --warp= %s | FileCheck %s
; RUN: not warp-lower --retarget=gfx90a %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR

; CHECK-LABEL: define i32 @lane_i64(
; CHECK:         call i32 asm sideeffect "shfl.sync.idx.b32
; CHECK-LABEL: define i32 @value_i64(
; CHECK:         call i32 asm sideeffect "shfl.sync.idx.b32
; CHECK-LABEL: define i32 @well_typed(
; CHECK-NOT:     asm
; CHECK:         call i32 @llvm.amdgcn.ds.bpermute

; ERR-DAG: error: nvvm-to-amdgpu: in function 'lane_i64': {{.*}}inline PTX that nvvm-to-amdgpu does not recognise
; ERR-DAG: error: nvvm-to-amdgpu: in function 'value_i64': {{.*}}inline PTX that nvvm-to-amdgpu does not recognise
; ERR:     warp-lower: 1 lowered, 2 errors

define i32 @lane_i64() {
  %r = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 0, i32 0, i64 1, i32 0)
  ret i32 %r
}

define i32 @value_i64(i64 %v) {
  %r = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i64 %v, i32 1, i32 31, i32 -1)
  ret i32 %r
}

define i32 @well_typed(i32 %v, i32 %lane) {
  %r = call i32 asm sideeffect "shfl.sync.idx.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 %v, i32 %lane, i32 31, i32 -1)
  ret i32 %r
}
