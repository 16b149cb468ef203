; llvm.amdgcn.permlanex16.i32 and permlane16.i32 (old, src, sel_lo, sel_hi,
; fi, bound_ctrl) on wavesim (semantics and sources in
; wavesim/amdgpu-lane-ops.c): lane i of a row of 16 reads lane
; sel[i % 16] (nibble i % 16 of sel_hi:sel_lo, sel_lo holding lanes 0-7) of
; the other row of its 32 lanes (permlanex16: rows 0<->1, 2<->3) or of its
; own row (permlane16). With fi = 0 an inactive source gives 0 with
; bound_ctrl and old otherwise; with fi = 1 it would give that lane's stale
; register, which wavesim models as 0. src = 100 + t, old = 1000 + t. By
; hand, 64 threads (the same on both wave sizes: rows pair within 32 lanes):
;   buf0 permlanex16, identity selects (0x76543210, 0xFEDCBA98): t ^ 16
;   buf1 permlanex16, reversed (0x89ABCDEF, 0x01234567): lane 15 - (t & 15)
;        of the other row (131 130 ... for threads 0-15)
;   buf2 permlane16, the manual's rotation (0x87654321, 0x0FEDCBA9): lane
;        (t + 1) & 15 of its own row
;   inside if (t % 32 is not 16-19) (else -1), identity permlanex16: threads
;   0-3 and 32-35 read the inactive 16-19 and 48-51:
;   buf3 fi = 0, no bound_ctrl: they keep old (1000-1003, 1032-1035)
;   buf4 fi = 0, bound_ctrl: 0
;   buf5 fi = 1: 0 (wavesim does not know an inactive lane's register)
;
; RUN: wavesim --wave=64 --kernel=permlane --block=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s
; RUN: wavesim --wave=32 --kernel=permlane --block=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s

; CHECK: buf0[0]: 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131
; CHECK-NEXT: buf0[16]: 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115
; CHECK-NEXT: buf0[32]: 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163
; CHECK-NEXT: buf0[48]: 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147
; CHECK: buf1[0]: 131 130 129 128 127 126 125 124 123 122 121 120 119 118 117 116
; CHECK-NEXT: buf1[16]: 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100
; CHECK-NEXT: buf1[32]: 163 162 161 160 159 158 157 156 155 154 153 152 151 150 149 148
; CHECK-NEXT: buf1[48]: 147 146 145 144 143 142 141 140 139 138 137 136 135 134 133 132
; CHECK: buf2[0]: 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115 100
; CHECK-NEXT: buf2[16]: 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131 116
; CHECK-NEXT: buf2[32]: 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147 132
; CHECK-NEXT: buf2[48]: 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163 148
; CHECK: buf3[0]: 1000 1001 1002 1003 120 121 122 123 124 125 126 127 128 129 130 131
; CHECK-NEXT: buf3[16]: -1 -1 -1 -1 104 105 106 107 108 109 110 111 112 113 114 115
; CHECK-NEXT: buf3[32]: 1032 1033 1034 1035 152 153 154 155 156 157 158 159 160 161 162 163
; CHECK-NEXT: buf3[48]: -1 -1 -1 -1 136 137 138 139 140 141 142 143 144 145 146 147
; CHECK: buf4[0]: 0 0 0 0 120 121 122 123 124 125 126 127 128 129 130 131
; CHECK-NEXT: buf4[16]: -1 -1 -1 -1 104 105 106 107 108 109 110 111 112 113 114 115
; CHECK-NEXT: buf4[32]: 0 0 0 0 152 153 154 155 156 157 158 159 160 161 162 163
; CHECK-NEXT: buf4[48]: -1 -1 -1 -1 136 137 138 139 140 141 142 143 144 145 146 147
; CHECK: buf5[0]: 0 0 0 0 120 121 122 123 124 125 126 127 128 129 130 131
; CHECK-NEXT: buf5[16]: -1 -1 -1 -1 104 105 106 107 108 109 110 111 112 113 114 115
; CHECK-NEXT: buf5[32]: 0 0 0 0 152 153 154 155 156 157 158 159 160 161 162 163
; CHECK-NEXT: buf5[48]: -1 -1 -1 -1 136 137 138 139 140 141 142 143 144 145 146 147


target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @permlane(ptr addrspace(1) %b0, ptr addrspace(1) %b1, ptr addrspace(1) %b2, ptr addrspace(1) %b3, ptr addrspace(1) %b4, ptr addrspace(1) %b5) "target-cpu"="gfx1100" {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %src = add i32 %t, 100
  %old = add i32 %t, 1000
  %r0 = call i32 @llvm.amdgcn.permlanex16.i32(i32 %old, i32 %src, i32 1985229328, i32 -19088744, i1 false, i1 false)
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %b0, i32 %t
  store i32 %r0, ptr addrspace(1) %p0, align 4
  %r1 = call i32 @llvm.amdgcn.permlanex16.i32(i32 %old, i32 %src, i32 -1985229329, i32 19088743, i1 false, i1 false)
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %b1, i32 %t
  store i32 %r1, ptr addrspace(1) %p1, align 4
  %r2 = call i32 @llvm.amdgcn.permlane16.i32(i32 %old, i32 %src, i32 -2023406815, i32 267242409, i1 false, i1 false)
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %b2, i32 %t
  store i32 %r2, ptr addrspace(1) %p2, align 4
  %t32 = urem i32 %t, 32
  %off = sub i32 %t32, 16
  %inactive = icmp ult i32 %off, 4
  br i1 %inactive, label %join, label %then

then:
  %keep = call i32 @llvm.amdgcn.permlanex16.i32(i32 %old, i32 %src, i32 1985229328, i32 -19088744, i1 false, i1 false)
  %zero = call i32 @llvm.amdgcn.permlanex16.i32(i32 %old, i32 %src, i32 1985229328, i32 -19088744, i1 false, i1 true)
  %fetch = call i32 @llvm.amdgcn.permlanex16.i32(i32 %old, i32 %src, i32 1985229328, i32 -19088744, i1 true, i1 false)
  br label %join

join:
  %r3 = phi i32 [ %keep, %then ], [ -1, %entry ]
  %r4 = phi i32 [ %zero, %then ], [ -1, %entry ]
  %r5 = phi i32 [ %fetch, %then ], [ -1, %entry ]
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %b3, i32 %t
  store i32 %r3, ptr addrspace(1) %p3, align 4
  %p4 = getelementptr inbounds i32, ptr addrspace(1) %b4, i32 %t
  store i32 %r4, ptr addrspace(1) %p4, align 4
  %p5 = getelementptr inbounds i32, ptr addrspace(1) %b5, i32 %t
  store i32 %r5, ptr addrspace(1) %p5, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.permlanex16.i32(i32, i32, i32, i32, i1, i1)
declare i32 @llvm.amdgcn.permlane16.i32(i32, i32, i32, i32, i1, i1)
