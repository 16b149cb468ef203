; CUB 1.17's WarpReduce<unsigned>::Sum writes each step as inline PTX,
;   shfl.sync.down.b32 r0|p, v, d, 31, mask;  @p add.u32 r0, r0, v;
; i.e. select(p, t + v, t). Only lane 0's sum is defined, and code stores
; it from lane 0: there every step's predicate is true (lane 0 and the
; lanes it reads, 16, 8 and 24, ... never shift past lane 31), so with
; strategy=best each select is replaced by its add, and the shuffles are
; exact only where they are observed (foldable DPP, one ds_swizzle). When
; every lane is returned, the lanes near 31 keep their own value: the
; selects stay.
;
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<strategy=exact>' -S %s | FileCheck %s --check-prefix=EXACT

; CHECK-LABEL: define void @cub_reduce_lane0(
; CHECK-NOT:   select
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 245, i32 15, i32 15, i1 true)
; CHECK-NOT:   select
; CHECK:       call i32 @llvm.amdgcn.ds.swizzle(
; CHECK-NOT:   select
; CHECK:       ret void
; EXACT-LABEL: define void @cub_reduce_lane0(
; EXACT-COUNT-5: = select i1 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}
define void @cub_reduce_lane0(i32 %v, ptr %out) #0 {
entry:
  %s1 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %v, i32 1, i32 31, i32 %v, i32 -1)
  %s2 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s1, i32 2, i32 31, i32 %s1, i32 -1)
  %s4 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s2, i32 4, i32 31, i32 %s2, i32 -1)
  %s8 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s4, i32 8, i32 31, i32 %s4, i32 -1)
  %s16 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s8, i32 16, i32 31, i32 %s8, i32 -1)
  %lane = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %done
store:
  store i32 %s16, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define i32 @cub_reduce_all(
; CHECK-COUNT-5: = select i1 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}
; CHECK:       ret i32
define i32 @cub_reduce_all(i32 %v) #0 {
entry:
  %s1 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %v, i32 1, i32 31, i32 %v, i32 -1)
  %s2 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s1, i32 2, i32 31, i32 %s1, i32 -1)
  %s4 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s2, i32 4, i32 31, i32 %s2, i32 -1)
  %s8 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s4, i32 8, i32 31, i32 %s4, i32 -1)
  %s16 = call i32 asm sideeffect "{  .reg .u32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, $1, $2, $3, $5;  @p add.u32 r0, r0, $4;  mov.u32 $0, r0;}", "=r,r,r,r,r,r"(i32 %s8, i32 16, i32 31, i32 %s8, i32 -1)
  ret i32 %s16
}

attributes #0 = { "target-cpu"="gfx942" }
