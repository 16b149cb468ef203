; llvm.amdgcn.ds.swizzle(src, offset) on wavesim (semantics and sources in
; wavesim/amdgpu-lane-ops.c). Bit-mask mode (offset bit 15 = 0):
; within each 32 lanes, lane i reads j = ((i & and) | or) ^ xor, with and =
; offset[4:0], or = offset[9:5], xor = offset[14:10]; quad-permute mode
; (bit 15 = 1): lane i reads lane offset[2(i%4)+1 : 2(i%4)] of its quad. An
; inactive source gives 0. Every lane has src = 100 + t; by hand, 64
; threads (the same on both wave sizes, as a wave64's halves of 32 are
; independent):
;   buf0 0x401F (and 31, xor 16): lane t reads t ^ 16
;   buf1 0x0078 (and 0x18, or 3): lane 3 of each 8 (103, 111, ...)
;   buf2 0x80B1, quad permute [1,0,3,2]: neighbours swap
;   buf3 0x0000 (and 0): lane 0 of each 32 lanes, 100 and, for threads
;        32-63, 132 (wave64: the second half reads its own lane 32)
;   buf4 0x7C1F (and 31, xor 31): reversed halves, lane 31 - (t & 31)
;   buf5 inside if (t % 4 != 0) (else -1), 0x041F (xor 1): lanes with
;        t % 4 == 1 read the inactive t - 1: 0
;
; RUN: wavesim --wave=64 --kernel=swizzle --block=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s
; RUN: wavesim --wave=32 --kernel=swizzle --block=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s

; CHECK: buf0[0]: 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130 131
; CHECK-NEXT: buf0[16]: 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114 115
; CHECK-NEXT: buf0[32]: 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162 163
; CHECK-NEXT: buf0[48]: 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146 147
; CHECK: buf1[0]: 103 103 103 103 103 103 103 103 111 111 111 111 111 111 111 111
; CHECK-NEXT: buf1[16]: 119 119 119 119 119 119 119 119 127 127 127 127 127 127 127 127
; CHECK-NEXT: buf1[32]: 135 135 135 135 135 135 135 135 143 143 143 143 143 143 143 143
; CHECK-NEXT: buf1[48]: 151 151 151 151 151 151 151 151 159 159 159 159 159 159 159 159
; CHECK: buf2[0]: 101 100 103 102 105 104 107 106 109 108 111 110 113 112 115 114
; CHECK-NEXT: buf2[16]: 117 116 119 118 121 120 123 122 125 124 127 126 129 128 131 130
; CHECK-NEXT: buf2[32]: 133 132 135 134 137 136 139 138 141 140 143 142 145 144 147 146
; CHECK-NEXT: buf2[48]: 149 148 151 150 153 152 155 154 157 156 159 158 161 160 163 162
; CHECK: buf3[0]: 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100
; CHECK-NEXT: buf3[16]: 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100 100
; CHECK-NEXT: buf3[32]: 132 132 132 132 132 132 132 132 132 132 132 132 132 132 132 132
; CHECK-NEXT: buf3[48]: 132 132 132 132 132 132 132 132 132 132 132 132 132 132 132 132
; CHECK: buf4[0]: 131 130 129 128 127 126 125 124 123 122 121 120 119 118 117 116
; CHECK-NEXT: buf4[16]: 115 114 113 112 111 110 109 108 107 106 105 104 103 102 101 100
; CHECK-NEXT: buf4[32]: 163 162 161 160 159 158 157 156 155 154 153 152 151 150 149 148
; CHECK-NEXT: buf4[48]: 147 146 145 144 143 142 141 140 139 138 137 136 135 134 133 132
; CHECK: buf5[0]: -1 0 103 102 -1 0 107 106 -1 0 111 110 -1 0 115 114
; CHECK-NEXT: buf5[16]: -1 0 119 118 -1 0 123 122 -1 0 127 126 -1 0 131 130
; CHECK-NEXT: buf5[32]: -1 0 135 134 -1 0 139 138 -1 0 143 142 -1 0 147 146
; CHECK-NEXT: buf5[48]: -1 0 151 150 -1 0 155 154 -1 0 159 158 -1 0 163 162


target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @swizzle(ptr addrspace(1) %b0, ptr addrspace(1) %b1, ptr addrspace(1) %b2, ptr addrspace(1) %b3, ptr addrspace(1) %b4, ptr addrspace(1) %b5) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %src = add i32 %t, 100
  %s0 = call i32 @llvm.amdgcn.ds.swizzle(i32 %src, i32 16415)
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %b0, i32 %t
  store i32 %s0, ptr addrspace(1) %p0, align 4
  %s1 = call i32 @llvm.amdgcn.ds.swizzle(i32 %src, i32 120)
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %b1, i32 %t
  store i32 %s1, ptr addrspace(1) %p1, align 4
  %s2 = call i32 @llvm.amdgcn.ds.swizzle(i32 %src, i32 32945)
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %b2, i32 %t
  store i32 %s2, ptr addrspace(1) %p2, align 4
  %s3 = call i32 @llvm.amdgcn.ds.swizzle(i32 %src, i32 0)
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %b3, i32 %t
  store i32 %s3, ptr addrspace(1) %p3, align 4
  %s4 = call i32 @llvm.amdgcn.ds.swizzle(i32 %src, i32 31775)
  %p4 = getelementptr inbounds i32, ptr addrspace(1) %b4, i32 %t
  store i32 %s4, ptr addrspace(1) %p4, align 4
  %t4 = urem i32 %t, 4
  %active = icmp ne i32 %t4, 0
  br i1 %active, label %then, label %join

then:
  %x = call i32 @llvm.amdgcn.ds.swizzle(i32 %src, i32 1055)
  br label %join

join:
  %r5 = phi i32 [ %x, %then ], [ -1, %entry ]
  %p5 = getelementptr inbounds i32, ptr addrspace(1) %b5, i32 %t
  store i32 %r5, ptr addrspace(1) %p5, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
