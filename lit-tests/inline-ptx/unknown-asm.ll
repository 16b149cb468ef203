; Inline PTX the table does not hold is never guessed at: a form that only
; resembles a known one (other register names, an immediate operand, other
; constraints) is left as asm by nvvm-warp-to-amdgpu, and nvvm-to-amdgpu
; reports each one quoting the asm and naming the function; the module
; stays valid.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu' -S %s | FileCheck %s --check-prefix=KEPT
; RUN: not warp-lower --retarget=gfx90a %s 2>&1 | FileCheck %s --check-prefix=DIAG

define i32 @renamed(i32 %in, i32 %off, i32 %c, i32 %m) {
  %r = call i32 asm "{ .reg .u32 t; .reg .pred q; shfl.sync.down.b32 t|q, $1, $2, $3, $5; @q add.u32 t, t, $4; mov.u32 $0, t; }", "=r,r,r,r,r,r"(i32 %in, i32 %off, i32 %c, i32 %in, i32 %m)
  ret i32 %r
}

define i32 @immediate(i32 %v) {
  %r = call i32 asm "shfl.sync.bfly.b32 $0, $1, 1, 31, -1;", "=r,r"(i32 %v)
  ret i32 %r
}

define i64 @wide(i64 %v) {
  %r = call i64 asm "activemask.b32 $0;", "=l"()
  ret i64 %r
}

; KEPT: asm "{ .reg .u32 t;
; KEPT: asm "shfl.sync.bfly.b32 $0, $1, 1, 31, -1;"
; KEPT: asm "activemask.b32 $0;", "=l"
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'renamed': {{.*}}: asm "{ .reg .u32 t; .reg .pred q; shfl.sync.down.b32 t|q, $1, $2, $3, $5; @q add.u32 t, t, $4; mov.u32 $0, t; }": inline PTX that nvvm-to-amdgpu does not recognise (README lists the forms it rewrites)
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'immediate': {{.*}}: asm "shfl.sync.bfly.b32 $0, $1, 1, 31, -1;": inline PTX that nvvm-to-amdgpu does not recognise
; DIAG-DAG: error: nvvm-to-amdgpu: in function 'wide': {{.*}}: asm "activemask.b32 $0;": inline PTX that nvvm-to-amdgpu does not recognise
; DIAG: warp-lower: 0 lowered, 3 errors
