; The waterfall loop of redux.sync and match.any.sync splits the call's
; block without replacing any phi: a call whose operand is a phi of its own
; self-looping block (found by the fuzzer: the phi used to be rebuilt and
; the lowering went on using the erased one) reads that phi, and the back
; edge now leaves from the split-off tail. A block whose address is taken
; keeps its address on the part that starts it.
;
; RUN: warp-lower --warp= %s | FileCheck %s

; CHECK: @address = global ptr blockaddress(@address_taken, %blk)

; CHECK-LABEL: define i32 @self_loop(
; CHECK:       loop:
; CHECK-NEXT:    %p = phi i32 [ 0, %entry ], [ %result, %waterfall.done ]
; CHECK:         br label %waterfall
; CHECK:       waterfall:
; CHECK-NEXT:    %kept = phi i32 [ 0, %loop ], [ %result, %waterfall ]
; CHECK-NEXT:    %pending = phi i1 [ true, %loop ], [ %still.pending, %waterfall ]
; CHECK:         select i1 %in.group, i32 %p, i32 0
; CHECK:         br i1 %again, label %waterfall, label %waterfall.done
; CHECK:       waterfall.done:
; CHECK-NEXT:    br i1 %c, label %loop, label %exit
define i32 @self_loop(i1 %c) {
entry:
  br label %loop

loop:
  %p = phi i32 [ 0, %entry ], [ %r, %loop ]
  %r = call i32 @llvm.nvvm.redux.sync.xor(i32 %p, i32 -1)
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %r
}

; CHECK-LABEL: define i32 @match_phi_mask(
; CHECK:       loop:
; CHECK-NEXT:    %m = phi i32 [ -1, %entry ], [ [[MATCH:%.*]], %waterfall.done ]
; CHECK:       waterfall.done:
; CHECK-NEXT:    [[MATCH]] = and i32 %result, %m
define i32 @match_phi_mask(i32 %v, i1 %c) {
entry:
  br label %loop

loop:
  %m = phi i32 [ -1, %entry ], [ %r, %loop ]
  %r = call i32 @llvm.nvvm.match.any.sync.i32(i32 %m, i32 %v)
  br i1 %c, label %loop, label %exit

exit:
  ret i32 %r
}

; CHECK-LABEL: define i32 @address_taken(
; CHECK:         indirectbr ptr %t, [label %blk]
; CHECK:       blk:
; CHECK:         br label %waterfall
@address = global ptr blockaddress(@address_taken, %blk)
define i32 @address_taken(i32 %v, ptr %t) {
entry:
  indirectbr ptr %t, [label %blk]

blk:
  %r = call i32 @llvm.nvvm.redux.sync.add(i32 %v, i32 -1)
  ret i32 %r
}

declare i32 @llvm.nvvm.redux.sync.xor(i32, i32)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
