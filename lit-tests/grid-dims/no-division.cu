// gridDim and blockDim cost no division: cu2hsaco reads them from code
// object v5's implicit kernel arguments, after the explicit ones in the
// kernarg segment (AMDGPUUsage, "Code Object V5 Metadata": u32
// hidden_block_count_x/y/z at 0/4/8, u16 hidden_group_size_x/y/z at
// 12/14/16), as HIP's code reads them. So the kernel below is scalar loads
// from the kernarg segment pointer and no reciprocal, conversion or
// division sequence (which the dispatch packet's grid size in work-items
// over the block size took before), the kernel does not ask for the
// dispatch pointer, and its metadata lists the hidden arguments at the
// table's offsets past its 8-byte pointer, as LLVM lists them for HIP's v5
// kernels.
//
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx90a | FileCheck %s --check-prefixes=ISA,META
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx942 | FileCheck %s --check-prefixes=ISA,META
// RUN: cu2hsaco %s -S -o - --offload-arch=gfx1100 | FileCheck %s --check-prefixes=ISA,META
//
// ISA:      .amdhsa_code_object_version 5
// ISA-LABEL: {{^}}sizes:
// ISA-NOT:  {{v_rcp|v_cvt_f32_u32|_div_|v_mul_hi|s_mul_hi}}
// ISA:      s_load_{{dwordx4|b128}} s[{{[0-9]+}}:{{[0-9]+}}], s[[[KA:[0-9]+]]:{{[0-9]+}}], 0x0
// ISA-NOT:  {{v_rcp|v_cvt_f32_u32|_div_|v_mul_hi|s_mul_hi}}
// ISA:      s_endpgm
// ISA:      .amdhsa_kernarg_size 264
// ISA:      .amdhsa_user_sgpr_dispatch_ptr 0
// ISA:      .amdhsa_user_sgpr_kernarg_segment_ptr 1
//
// META:      .value_kind:     global_buffer
// META-NEXT: - .offset:         8
// META-NEXT:   .size:           4
// META-NEXT:   .value_kind:     hidden_block_count_x
// META-NEXT: - .offset:         12
// META-NEXT:   .size:           4
// META-NEXT:   .value_kind:     hidden_block_count_y
// META-NEXT: - .offset:         16
// META-NEXT:   .size:           4
// META-NEXT:   .value_kind:     hidden_block_count_z
// META-NEXT: - .offset:         20
// META-NEXT:   .size:           2
// META-NEXT:   .value_kind:     hidden_group_size_x
// META-NEXT: - .offset:         22
// META-NEXT:   .size:           2
// META-NEXT:   .value_kind:     hidden_group_size_y
// META-NEXT: - .offset:         24
// META-NEXT:   .size:           2
// META-NEXT:   .value_kind:     hidden_group_size_z
// META:        .value_kind:     hidden_grid_dims
// META:      .kernarg_segment_size: 264
// META:      .name:           sizes
// META:      amdhsa.version:
// META-NEXT:   - 1
// META-NEXT:   - 2

extern "C" __global__ void sizes(unsigned *Out) {
  Out[0] = gridDim.x;
  Out[1] = gridDim.y;
  Out[2] = gridDim.z;
  Out[3] = blockDim.x;
  Out[4] = blockDim.y;
  Out[5] = blockDim.z;
}
