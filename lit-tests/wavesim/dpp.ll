; llvm.amdgcn.update.dpp.i32(old, src, dpp_ctrl, row_mask, bank_mask,
; bound_ctrl) on wavesim (wavesim/amdgpu-lane-ops.c has the
; semantics and their sources). A wave is rows of 16 lanes, a row four
; banks of 4; n is the hardware lane, t the thread (n = t on wave64, t % 32
; on wave32). Every lane has src = 100 + t and old = 1000 + t. A lane whose
; source is outside its row (or wave), or inactive, gets 0 with bound_ctrl,
; else keeps old; a lane whose row bit (row n / 16) or bank bit (bank
; (n / 4) % 4) is clear in the masks keeps old. By hand, 64 threads:
;   buf0  row_shr:1: n reads n - 1; the first lane of each row keeps old
;         (1000, 1016, 1032, 1048), the others get 100 + t - 1
;   buf1  row_shr:1 bound_ctrl: the same with 0 at the rows' first lanes
;   buf2  row_ror:4 row_mask:0x6 bank_mask:0x5: n reads its row's lane
;         (n - 4) & 15, written only in rows 1 and 2 and banks 0 and 2
;         (lanes 0-3 and 8-11 of a row): row 1 lanes 0-3 read 12-15 ->
;         128..131, lanes 8-11 read 4-7 -> 120..123; everything else keeps
;         old. Wave64: rows 1 and 2 are threads 16-31 and 32-47; wave32 has
;         rows 0-1 only, so threads 16-31 and 48-63 (row 1 of each wave)
;   buf3  quad_perm:[3,2,1,0] (0x1B) bound_ctrl: each quad reversed
;   buf4  row_xmask:5: n reads its row's lane (n & 15) ^ 5
;   buf5  row_share:6: every lane reads lane 6 of its row (106, 122, ...)
;   buf6  row_mirror bank_mask:0x9: n reads its row's lane 15 - (n & 15),
;         written in banks 0 and 3 only (lanes 0-3 and 12-15 of a row)
;   buf7  row_half_mirror: lane 7 - (n & 7) of each half row
;   buf8  wave_shr:1: n reads n - 1; lane 0 of the wave keeps old: thread
;         0 on wave64 (thread 32 reads thread 31: 131), threads 0 and 32
;         on wave32 (1000, 1032)
;   buf9  row_bcast:31 row_mask:0xc: rows 2 and 3 read lane 31 (131) on
;         wave64; a wave32 has no rows 2 and 3: every lane keeps old
;   buf10 inside if (t % 8 != 3) (else -1), row_shl:1: n reads n + 1;
;         lanes with t % 8 == 2 read an inactive lane and the last lane of
;         each row reads past it: both keep old (1002, 1010, 1015, ...)
;   buf11 the same with bound_ctrl: those lanes get 0
; buf0, buf1 and buf3-buf7, buf10 and buf11 are the same on both wave sizes
; (rows never cross a wave). No target-cpu: every control is accepted
; (errors.test has the per-target checks).
;
; RUN: wavesim --wave=64 --kernel=dpp --block=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s --check-prefixes=CHECK,W64
; RUN: wavesim --wave=32 --kernel=dpp --block=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 --int-buffer=64 %s | FileCheck %s --check-prefixes=CHECK,W32

; CHECK: buf0[0]: 1000 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114
; CHECK-NEXT: buf0[16]: 1016 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130
; CHECK-NEXT: buf0[32]: 1032 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146
; CHECK-NEXT: buf0[48]: 1048 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162
; CHECK: buf1[0]: 0 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114
; CHECK-NEXT: buf1[16]: 0 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130
; CHECK-NEXT: buf1[32]: 0 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146
; CHECK-NEXT: buf1[48]: 0 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162
; W64: buf2[0]: 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015
; W64-NEXT: buf2[16]: 128 129 130 131 1020 1021 1022 1023 120 121 122 123 1028 1029 1030 1031
; W64-NEXT: buf2[32]: 144 145 146 147 1036 1037 1038 1039 136 137 138 139 1044 1045 1046 1047
; W64-NEXT: buf2[48]: 1048 1049 1050 1051 1052 1053 1054 1055 1056 1057 1058 1059 1060 1061 1062 1063
; W32: buf2[0]: 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015
; W32-NEXT: buf2[16]: 128 129 130 131 1020 1021 1022 1023 120 121 122 123 1028 1029 1030 1031
; W32-NEXT: buf2[32]: 1032 1033 1034 1035 1036 1037 1038 1039 1040 1041 1042 1043 1044 1045 1046 1047
; W32-NEXT: buf2[48]: 160 161 162 163 1052 1053 1054 1055 152 153 154 155 1060 1061 1062 1063
; CHECK: buf3[0]: 103 102 101 100 107 106 105 104 111 110 109 108 115 114 113 112
; CHECK-NEXT: buf3[16]: 119 118 117 116 123 122 121 120 127 126 125 124 131 130 129 128
; CHECK-NEXT: buf3[32]: 135 134 133 132 139 138 137 136 143 142 141 140 147 146 145 144
; CHECK-NEXT: buf3[48]: 151 150 149 148 155 154 153 152 159 158 157 156 163 162 161 160
; CHECK: buf4[0]: 105 104 107 106 101 100 103 102 113 112 115 114 109 108 111 110
; CHECK-NEXT: buf4[16]: 121 120 123 122 117 116 119 118 129 128 131 130 125 124 127 126
; CHECK-NEXT: buf4[32]: 137 136 139 138 133 132 135 134 145 144 147 146 141 140 143 142
; CHECK-NEXT: buf4[48]: 153 152 155 154 149 148 151 150 161 160 163 162 157 156 159 158
; CHECK: buf5[0]: 106 106 106 106 106 106 106 106 106 106 106 106 106 106 106 106
; CHECK-NEXT: buf5[16]: 122 122 122 122 122 122 122 122 122 122 122 122 122 122 122 122
; CHECK-NEXT: buf5[32]: 138 138 138 138 138 138 138 138 138 138 138 138 138 138 138 138
; CHECK-NEXT: buf5[48]: 154 154 154 154 154 154 154 154 154 154 154 154 154 154 154 154
; CHECK: buf6[0]: 115 114 113 112 1004 1005 1006 1007 1008 1009 1010 1011 103 102 101 100
; CHECK-NEXT: buf6[16]: 131 130 129 128 1020 1021 1022 1023 1024 1025 1026 1027 119 118 117 116
; CHECK-NEXT: buf6[32]: 147 146 145 144 1036 1037 1038 1039 1040 1041 1042 1043 135 134 133 132
; CHECK-NEXT: buf6[48]: 163 162 161 160 1052 1053 1054 1055 1056 1057 1058 1059 151 150 149 148
; CHECK: buf7[0]: 107 106 105 104 103 102 101 100 115 114 113 112 111 110 109 108
; CHECK-NEXT: buf7[16]: 123 122 121 120 119 118 117 116 131 130 129 128 127 126 125 124
; CHECK-NEXT: buf7[32]: 139 138 137 136 135 134 133 132 147 146 145 144 143 142 141 140
; CHECK-NEXT: buf7[48]: 155 154 153 152 151 150 149 148 163 162 161 160 159 158 157 156
; W64: buf8[0]: 1000 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114
; W64-NEXT: buf8[16]: 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130
; W64-NEXT: buf8[32]: 131 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146
; W64-NEXT: buf8[48]: 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162
; W32: buf8[0]: 1000 100 101 102 103 104 105 106 107 108 109 110 111 112 113 114
; W32-NEXT: buf8[16]: 115 116 117 118 119 120 121 122 123 124 125 126 127 128 129 130
; W32-NEXT: buf8[32]: 1032 132 133 134 135 136 137 138 139 140 141 142 143 144 145 146
; W32-NEXT: buf8[48]: 147 148 149 150 151 152 153 154 155 156 157 158 159 160 161 162
; W64: buf9[0]: 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015
; W64-NEXT: buf9[16]: 1016 1017 1018 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031
; W64-NEXT: buf9[32]: 131 131 131 131 131 131 131 131 131 131 131 131 131 131 131 131
; W64-NEXT: buf9[48]: 131 131 131 131 131 131 131 131 131 131 131 131 131 131 131 131
; W32: buf9[0]: 1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015
; W32-NEXT: buf9[16]: 1016 1017 1018 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031
; W32-NEXT: buf9[32]: 1032 1033 1034 1035 1036 1037 1038 1039 1040 1041 1042 1043 1044 1045 1046 1047
; W32-NEXT: buf9[48]: 1048 1049 1050 1051 1052 1053 1054 1055 1056 1057 1058 1059 1060 1061 1062 1063
; CHECK: buf10[0]: 101 102 1002 -1 105 106 107 108 109 110 1010 -1 113 114 115 1015
; CHECK-NEXT: buf10[16]: 117 118 1018 -1 121 122 123 124 125 126 1026 -1 129 130 131 1031
; CHECK-NEXT: buf10[32]: 133 134 1034 -1 137 138 139 140 141 142 1042 -1 145 146 147 1047
; CHECK-NEXT: buf10[48]: 149 150 1050 -1 153 154 155 156 157 158 1058 -1 161 162 163 1063
; CHECK: buf11[0]: 101 102 0 -1 105 106 107 108 109 110 0 -1 113 114 115 0
; CHECK-NEXT: buf11[16]: 117 118 0 -1 121 122 123 124 125 126 0 -1 129 130 131 0
; CHECK-NEXT: buf11[32]: 133 134 0 -1 137 138 139 140 141 142 0 -1 145 146 147 0
; CHECK-NEXT: buf11[48]: 149 150 0 -1 153 154 155 156 157 158 0 -1 161 162 163 0


target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @dpp(ptr addrspace(1) %b0, ptr addrspace(1) %b1, ptr addrspace(1) %b2, ptr addrspace(1) %b3, ptr addrspace(1) %b4, ptr addrspace(1) %b5, ptr addrspace(1) %b6, ptr addrspace(1) %b7, ptr addrspace(1) %b8, ptr addrspace(1) %b9, ptr addrspace(1) %b10, ptr addrspace(1) %b11) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %src = add i32 %t, 100
  %old = add i32 %t, 1000
  %d0 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 273, i32 15, i32 15, i1 false)
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %b0, i32 %t
  store i32 %d0, ptr addrspace(1) %p0, align 4
  %d1 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 273, i32 15, i32 15, i1 true)
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %b1, i32 %t
  store i32 %d1, ptr addrspace(1) %p1, align 4
  %d2 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 292, i32 6, i32 5, i1 false)
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %b2, i32 %t
  store i32 %d2, ptr addrspace(1) %p2, align 4
  %d3 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 27, i32 15, i32 15, i1 true)
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %b3, i32 %t
  store i32 %d3, ptr addrspace(1) %p3, align 4
  %d4 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 357, i32 15, i32 15, i1 false)
  %p4 = getelementptr inbounds i32, ptr addrspace(1) %b4, i32 %t
  store i32 %d4, ptr addrspace(1) %p4, align 4
  %d5 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 342, i32 15, i32 15, i1 false)
  %p5 = getelementptr inbounds i32, ptr addrspace(1) %b5, i32 %t
  store i32 %d5, ptr addrspace(1) %p5, align 4
  %d6 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 320, i32 15, i32 9, i1 false)
  %p6 = getelementptr inbounds i32, ptr addrspace(1) %b6, i32 %t
  store i32 %d6, ptr addrspace(1) %p6, align 4
  %d7 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 321, i32 15, i32 15, i1 false)
  %p7 = getelementptr inbounds i32, ptr addrspace(1) %b7, i32 %t
  store i32 %d7, ptr addrspace(1) %p7, align 4
  %d8 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 312, i32 15, i32 15, i1 false)
  %p8 = getelementptr inbounds i32, ptr addrspace(1) %b8, i32 %t
  store i32 %d8, ptr addrspace(1) %p8, align 4
  %d9 = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 323, i32 12, i32 15, i1 false)
  %p9 = getelementptr inbounds i32, ptr addrspace(1) %b9, i32 %t
  store i32 %d9, ptr addrspace(1) %p9, align 4
  %t8 = urem i32 %t, 8
  %active = icmp ne i32 %t8, 3
  br i1 %active, label %then, label %join

then:
  %keep = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 257, i32 15, i32 15, i1 false)
  %zero = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %src, i32 257, i32 15, i32 15, i1 true)
  br label %join

join:
  %r10 = phi i32 [ %keep, %then ], [ -1, %entry ]
  %r11 = phi i32 [ %zero, %then ], [ -1, %entry ]
  %p10 = getelementptr inbounds i32, ptr addrspace(1) %b10, i32 %t
  store i32 %r10, ptr addrspace(1) %p10, align 4
  %p11 = getelementptr inbounds i32, ptr addrspace(1) %b11, i32 %t
  store i32 %r11, ptr addrspace(1) %p11, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
