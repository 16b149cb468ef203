; CUB's WarpReduceShfl::ReduceStep (u32 and f32) and WarpScanShfl's scan
; step: shfl.sync with predicate into r0|p, then `@p add r0, r0, x`. It
; becomes the i32p/f32p shuffle intrinsic and a select of value + x where
; its predicate (the shuffle's in-range bit) holds; for f32 an fadd.
;
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<wave64>' -S %s | FileCheck %s

define i32 @reduce_u32(i32 %in, i32 %off, i32 %c, i32 %m) {
; CHECK-LABEL: define i32 @reduce_u32(
; CHECK:       call i32 @llvm.amdgcn.ds.bpermute
; CHECK:       [[V:%.*]] = extractvalue { i32, i1 } [[PAIR:%.*]], 0
; CHECK-NEXT:  [[SUM:%.*]] = add i32 [[V]], %in
; CHECK-NEXT:  [[P:%.*]] = extractvalue { i32, i1 } [[PAIR]], 1
; CHECK-NEXT:  [[R:%.*]] = select i1 [[P]], i32 [[SUM]], i32 [[V]]
; CHECK-NEXT:  ret i32 [[R]]
  %r = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %in, i32 %off, i32 %c, i32 %in, i32 %m)
  ret i32 %r
}

define float @reduce_f32(float %in, i32 %off, i32 %c, i32 %m) {
; CHECK-LABEL: define float @reduce_f32(
; CHECK:       %shfl.value = bitcast i32 {{.*}} to float
; CHECK:       [[V:%.*]] = extractvalue { float, i1 } [[PAIR:%.*]], 0
; CHECK-NEXT:  [[SUM:%.*]] = fadd float [[V]], %in
; CHECK-NEXT:  [[P:%.*]] = extractvalue { float, i1 } [[PAIR]], 1
; CHECK-NEXT:  [[R:%.*]] = select i1 [[P]], float [[SUM]], float [[V]]
; CHECK-NEXT:  ret float [[R]]
  %r = call float asm sideeffect "{  .reg .f32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.f32 r0, r0, $4;  mov.f32 $0, r0;}", "=f,f,r,r,f,r"(float %in, i32 %off, i32 %c, float %in, i32 %m)
  ret float %r
}

define i32 @scan_s32(i32 %in, i32 %off, i32 %c, i32 %m) {
; CHECK-LABEL: define i32 @scan_s32(
; CHECK:       %shfl.j = sub i32 %cuda.lane,
; CHECK:       add i32
; CHECK:       select i1
  %r = call i32 asm sideeffect "{ .reg .s32 r0; .reg .pred p; shfl.sync.up.b32 r0|p, $1, $2, $3, $5; @p add.s32 r0, r0, $4; mov.s32 $0, r0; }", "=r,r,r,r,r,r"(i32 %in, i32 %off, i32 %c, i32 %in, i32 %m)
  ret i32 %r
}
; CHECK-NOT: asm
