; Three-dimensional blocks and grids: work-item ids come from the linear
; thread index x-fastest, workgroup ids from the block index, and the
; dispatch packet carries the sizes (workgroup_size_x/y/z at 4/6/8, u16;
; grid_size_x/y/z in work-items at 12/16/20, u32).
;
; Block 4 x 2 x 2, grid 2 x 1 x 2. Thread (x, y, z) of block (bx, 0, bz)
; stores x + 10y + 100z + 1000bx + 10000bz at index
; 16 * (bx + 2bz) + x + 4y + 8z; block (0,0,0)'s thread 0 also stores the
; six packet sizes after the 64 values. By hand:
;   block (0,0,0): 0 1 2 3 10 11 12 13 100 101 102 103 110 111 112 113
;   block (1,0,0): the same + 1000, block (0,0,1): + 10000, (1,0,1): + 11000
;   sizes: 4 2 2 8 2 4
;
; RUN: wavesim --wave=64 --kernel=dims --grid=2,1,2 --block=4,2,2 --int-buffer=70 %s | FileCheck %s
; RUN: wavesim --wave=32 --kernel=dims --grid=2,1,2 --block=4,2,2 --int-buffer=70 %s | FileCheck %s

; CHECK: buf0[0]: 0 1 2 3 10 11 12 13 100 101 102 103 110 111 112 113
; CHECK-NEXT: buf0[16]: 1000 1001 1002 1003 1010 1011 1012 1013 1100 1101 1102 1103 1110 1111 1112 1113
; CHECK-NEXT: buf0[32]: 10000 10001 10002 10003 10010 10011 10012 10013 10100 10101 10102 10103 10110 10111 10112 10113
; CHECK-NEXT: buf0[48]: 11000 11001 11002 11003 11010 11011 11012 11013 11100 11101 11102 11103 11110 11111 11112 11113
; CHECK-NEXT: buf0[64]: 4 2 2 8 2 4

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @dims(ptr addrspace(1) %out) {
entry:
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %z = call i32 @llvm.amdgcn.workitem.id.z()
  %bx = call i32 @llvm.amdgcn.workgroup.id.x()
  %by = call i32 @llvm.amdgcn.workgroup.id.y()
  %bz = call i32 @llvm.amdgcn.workgroup.id.z()
  %y10 = mul i32 %y, 10
  %z100 = mul i32 %z, 100
  %bx1000 = mul i32 %bx, 1000
  %bz10000 = mul i32 %bz, 10000
  %by1 = mul i32 %by, 100000
  %v1 = add i32 %x, %y10
  %v2 = add i32 %v1, %z100
  %v3 = add i32 %v2, %bx1000
  %v4 = add i32 %v3, %bz10000
  %v = add i32 %v4, %by1
  %y4 = shl i32 %y, 2
  %z8 = shl i32 %z, 3
  %bz2 = shl i32 %bz, 1
  %blk = add i32 %bx, %bz2
  %blk16 = shl i32 %blk, 4
  %i1 = add i32 %x, %y4
  %i2 = add i32 %i1, %z8
  %i = add i32 %i2, %blk16
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  %first = icmp eq i32 %i, 0
  br i1 %first, label %sizes, label %end

sizes:
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  br label %copy.wg

copy.wg:
  %k = phi i32 [ 0, %sizes ], [ %k.next, %copy.wg ]
  %k2 = shl i32 %k, 1
  %wg.off = add i32 %k2, 4
  %wg.p = getelementptr inbounds i8, ptr addrspace(4) %dp, i32 %wg.off
  %wg16 = load i16, ptr addrspace(4) %wg.p, align 2
  %wg = zext i16 %wg16 to i32
  %gs.k = shl i32 %k, 2
  %gs.off = add i32 %gs.k, 12
  %gs.p = getelementptr inbounds i8, ptr addrspace(4) %dp, i32 %gs.off
  %gs = load i32, ptr addrspace(4) %gs.p, align 4
  %wg.i = add i32 %k, 64
  %wg.o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %wg.i
  store i32 %wg, ptr addrspace(1) %wg.o, align 4
  %gs.i = add i32 %k, 67
  %gs.o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %gs.i
  store i32 %gs, ptr addrspace(1) %gs.o, align 4
  %k.next = add i32 %k, 1
  %more = icmp ult i32 %k.next, 3
  br i1 %more, label %copy.wg, label %end

end:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workitem.id.z()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
declare i32 @llvm.amdgcn.workgroup.id.z()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
