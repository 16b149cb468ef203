; Which functions the lowering versions on the block shape, and which
; region of them, through the plugin on NVVM IR (the retargeted path is
; versioned-code.test):
;  - a shuffle whose lane 0 alone is observed through threadIdx.x & 31 is
;    versioned from the shuffle to the merge after the lane-0 store: the
;    entry reads %ntid once, the code before the shuffle is shared, and the
;    region's head branches on ntid.y * ntid.z == 1 || ntid.x % 32 == 0 to
;    a copy where only lane 0 is observed (one DPP move, no select) or to
;    the exact code (select);
;  - a scan whose result is stored after it: the loads before the region and
;    the store after it are not copied, the two results meet in a phi;
;  - a lane-0 reduction inside a loop: the region is inside the loop body,
;    the check stays in the entry block, outside the loop;
;  - with two returns (no block after both copies), the whole function is
;    copied behind a new entry block that holds the check;
;  - the linear thread index & 31 is always the lane: no versioning, and the
;    shuffle is lowered for lane 0 alone;
;  - the 2-D form y * ntid.x + x is the lane only where the shape holds:
;    versioned;
;  - a shuffle observed in every lane gains nothing: not versioned;
;  - a region holding more than 16 instructions per shuffle it narrows (a
;    block reduction's result read under threadIdx.x == 0 after more work,
;    as CUB's) is not worth its copy: not versioned, the select stays;
;  - tid-x-lanes promises the shape: nothing to check.
;
; RUN: %opt-warp -passes=nvvm-warp-to-amdgpu -S %s | FileCheck %s
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<tid-x-lanes>' -S %s | FileCheck %s --check-prefix=PROMISED
; RUN: %opt-warp -passes='nvvm-warp-to-amdgpu<plant-bug=shape-check-true>' -S %s | FileCheck %s --check-prefix=PLANTED

; CHECK-LABEL: define void @tid_x_lane(
; CHECK-NEXT:  entry:
; CHECK-DAG:   call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-DAG:   call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; CHECK-DAG:   call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
; CHECK:       %tid.x.lanes = or i1 %block.1d, %block.x.warps
; CHECK-NEXT:  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT:  %lane = and i32 %tid, 31
; CHECK-NEXT:  br i1 %tid.x.lanes, label %lane.fast, label %lane.general
; CHECK:       lane.general:
; CHECK:       select
; CHECK:       store i32 %sum, ptr %out
; CHECK:       done:
; CHECK-NEXT:  ret void
; CHECK:       lane.fast:
; CHECK-NOT:   select
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 {{.*}}, i32 15, i32 15, i1 true)
; CHECK-NOT:   select
; CHECK:       store i32 %sum{{[0-9]+}}, ptr %out
; CHECK-NEXT:  br label %done
; CHECK-NEXT:  }
; PROMISED-LABEL: define void @tid_x_lane(
; PROMISED-NOT:   tid.x.lanes
; PROMISED:       ret void
; PLANTED-LABEL:  define void @tid_x_lane(
; PLANTED:        br i1 true,
define void @tid_x_lane(i32 %v, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %done
store:
  store i32 %sum, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @scan_stored(
; CHECK:       %tid.x.lanes = or i1
; CHECK-NOT:   lane.
; CHECK:       load i32, ptr %in
; CHECK-NOT:   load
; CHECK:       br i1 %tid.x.lanes, label %lane.fast, label %lane.general
; CHECK:       lane.general:
; CHECK-NOT:   load
; CHECK-NOT:   store
; CHECK:       br label %lane.exit
; CHECK:       lane.exit:
; CHECK-NEXT:  %lane.merge = phi i32 [ %s4, %lane.general ], [ %scan{{[0-9]*}}, %lane.fast ]
; CHECK-NEXT:  store i32 %lane.merge, ptr %out
; CHECK-NEXT:  ret void
; CHECK:       lane.fast:
; CHECK-NOT:   load
; CHECK-NOT:   store
; CHECK-NOT:   select
; CHECK:       update.dpp.i32(i32 0, {{.*}}, i32 273, i32 15, i32 15, i1 false)
; CHECK-NOT:   load
; CHECK-NOT:   store
; CHECK:       br label %lane.exit
; CHECK-NEXT:  }
define void @scan_stored(ptr %in, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %v = load i32, ptr %in
  %t0 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 1, i32 0)
  %c0 = icmp eq i32 %lane, 0
  %g0 = select i1 %c0, i32 0, i32 %t0
  %s0 = add i32 %g0, %v
  %t1 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %s0, i32 2, i32 0)
  %c1 = icmp ult i32 %lane, 2
  %g1 = select i1 %c1, i32 0, i32 %t1
  %s1 = add i32 %g1, %s0
  %t2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %s1, i32 4, i32 0)
  %c2 = icmp ult i32 %lane, 4
  %g2 = select i1 %c2, i32 0, i32 %t2
  %s2 = add i32 %g2, %s1
  %t3 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %s2, i32 8, i32 0)
  %c3 = icmp ult i32 %lane, 8
  %g3 = select i1 %c3, i32 0, i32 %t3
  %s3 = add i32 %g3, %s2
  %t4 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %s3, i32 16, i32 0)
  %c4 = icmp ult i32 %lane, 16
  %g4 = select i1 %c4, i32 0, i32 %t4
  %s4 = add i32 %g4, %s3
  store i32 %s4, ptr %out
  ret void
}

; CHECK-LABEL: define void @reduce_in_loop(
; CHECK-NEXT:  entry:
; CHECK:       %tid.x.lanes = or i1
; CHECK:       br label %loop
; CHECK:       loop:
; CHECK-NEXT:  %row = phi i32 [ 0, %entry ], [ %next, %latch ]
; CHECK:       br i1 %tid.x.lanes, label %lane.fast, label %lane.general
; CHECK:       latch:
; CHECK-NEXT:  %next = add i32 %row, 1
; CHECK:       br i1 %more, label %loop, label %done
; CHECK:       lane.fast:
; CHECK-NOT:   select
; CHECK:       update.dpp.i32(i32 poison, {{.*}}, i1 true)
; CHECK:       }
define void @reduce_in_loop(ptr %in, ptr %out, i32 %rows) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  br label %loop
loop:
  %row = phi i32 [ 0, %entry ], [ %next, %latch ]
  %slot = getelementptr i32, ptr %in, i32 %row
  %v = load i32, ptr %slot
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %latch
store:
  %to = getelementptr i32, ptr %out, i32 %row
  store i32 %sum, ptr %to
  br label %latch
latch:
  %next = add i32 %row, 1
  %more = icmp ult i32 %next, %rows
  br i1 %more, label %loop, label %done
done:
  ret void
}

; CHECK-LABEL: define void @two_returns(
; CHECK-NEXT:  block.shape:
; CHECK:       %tid.x.lanes = or i1
; CHECK-NEXT:  br i1 %tid.x.lanes, label %[[FAST:.*]], label %entry
; CHECK:       entry:
; CHECK:       select
; CHECK:       [[FAST]]:
; CHECK-NOT:   select
; CHECK:       update.dpp.i32(i32 poison, {{.*}}, i1 true)
; CHECK:       }
define void @two_returns(i32 %v, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %other
store:
  store i32 %sum, ptr %out
  ret void
other:
  store i32 0, ptr %out
  ret void
}


; CHECK-LABEL: define void @large_region(
; CHECK-NOT:   tid.x.lanes
; CHECK:       select
; CHECK:       ret void
define void @large_region(i32 %v, ptr %in, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %s0 = add i32 %v, %s
  %p1 = getelementptr i32, ptr %in, i32 1
  %l1 = load i32, ptr %p1
  %s1 = add i32 %s0, %l1
  %p2 = getelementptr i32, ptr %in, i32 2
  %l2 = load i32, ptr %p2
  %s2 = add i32 %s1, %l2
  %p3 = getelementptr i32, ptr %in, i32 3
  %l3 = load i32, ptr %p3
  %s3 = add i32 %s2, %l3
  %p4 = getelementptr i32, ptr %in, i32 4
  %l4 = load i32, ptr %p4
  %s4 = add i32 %s3, %l4
  %p5 = getelementptr i32, ptr %in, i32 5
  %l5 = load i32, ptr %p5
  %s5 = add i32 %s4, %l5
  %p6 = getelementptr i32, ptr %in, i32 6
  %l6 = load i32, ptr %p6
  %s6 = add i32 %s5, %l6
  %p7 = getelementptr i32, ptr %in, i32 7
  %l7 = load i32, ptr %p7
  %s7 = add i32 %s6, %l7
  %p8 = getelementptr i32, ptr %in, i32 8
  %l8 = load i32, ptr %p8
  %s8 = add i32 %s7, %l8
  %p9 = getelementptr i32, ptr %in, i32 9
  %l9 = load i32, ptr %p9
  %s9 = add i32 %s8, %l9
  %p10 = getelementptr i32, ptr %in, i32 10
  %l10 = load i32, ptr %p10
  %s10 = add i32 %s9, %l10
  %p11 = getelementptr i32, ptr %in, i32 11
  %l11 = load i32, ptr %p11
  %s11 = add i32 %s10, %l11
  %p12 = getelementptr i32, ptr %in, i32 12
  %l12 = load i32, ptr %p12
  %s12 = add i32 %s11, %l12
  %p13 = getelementptr i32, ptr %in, i32 13
  %l13 = load i32, ptr %p13
  %s13 = add i32 %s12, %l13
  %p14 = getelementptr i32, ptr %in, i32 14
  %l14 = load i32, ptr %p14
  %s14 = add i32 %s13, %l14
  %p15 = getelementptr i32, ptr %in, i32 15
  %l15 = load i32, ptr %p15
  %s15 = add i32 %s14, %l15
  %p16 = getelementptr i32, ptr %in, i32 16
  %l16 = load i32, ptr %p16
  %s16 = add i32 %s15, %l16
  %p17 = getelementptr i32, ptr %in, i32 17
  %l17 = load i32, ptr %p17
  %s17 = add i32 %s16, %l17
  %p18 = getelementptr i32, ptr %in, i32 18
  %l18 = load i32, ptr %p18
  %s18 = add i32 %s17, %l18
  %p19 = getelementptr i32, ptr %in, i32 19
  %l19 = load i32, ptr %p19
  %s19 = add i32 %s18, %l19
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %store, label %done
store:
  store i32 %s19, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @linear_lane(
; CHECK-NOT:   tid.x.lanes
; CHECK-NOT:   select
; CHECK:       call i32 @llvm.amdgcn.update.dpp.i32(i32 poison, i32 %v, i32 {{.*}}, i32 15, i32 15, i1 true)
; CHECK-NOT:   select
; CHECK:       ret void
define void @linear_lane(i32 %v, ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %zny = mul nuw i32 %z, %ny
  %row = add nuw i32 %zny, %y
  %rownx = mul i32 %row, %nx
  %linear = add i32 %rownx, %x
  %lane = urem i32 %linear, 32
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %done
store:
  store i32 %sum, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @two_d_lane(
; CHECK:       br i1 %tid.x.lanes, label %lane.fast, label %lane.general
; CHECK:       ret void
define void @two_d_lane(i32 %v, ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ynx = mul i32 %nx, %y
  %flat = add i32 %x, %ynx
  %lane = and i32 %flat, 31
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %done
store:
  store i32 %sum, ptr %out
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @observed_everywhere(
; CHECK-NOT:   tid.x.lanes
; CHECK:       ret void
define void @observed_everywhere(i32 %v, ptr %out) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %s = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 31)
  %sum = add i32 %v, %s
  %slot = getelementptr i32, ptr %out, i32 %tid
  store i32 %sum, ptr %slot
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
attributes #0 = { "target-cpu"="gfx90a" }
