; hip-runner --validate reads a code object with comgr: the ELF kind, the
; code object version, the ISA name and each kernel's name, kernarg segment
; size and wavefront size from the amdhsa.kernels metadata. The code object
; is built here from the IR below: llc for gfx90a (code object v4, which the
; HIP 5.2 runtime loads), then ld.lld -shared as HIP's toolchain links it.
; tiny_add's kernarg segment is its three arguments (ptr at 0, i32 at 8, i64
; at 16: 24 bytes); amdgpu-no-implicitarg-ptr leaves out the hidden ones.
;
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %s -o %t.o
; RUN: ld.lld -shared %t.o -o %t.hsaco
; RUN: hip-runner --validate %t.hsaco --expect-isa=gfx90a \
; RUN:   --expect-kernel=tiny_add --expect-kernel=tiny_nop | FileCheck %s
; CHECK:      elf: executable (ET_DYN shared object), EM_AMDGPU, code object v4
; CHECK-NEXT: isa: amdgcn-amd-amdhsa--gfx90a
; CHECK-NEXT: metadata version: 1.1
; CHECK-NEXT: kernels: 2
; CHECK-DAG:  kernel: tiny_add kernarg_segment_size=24 wavefront_size=64
; CHECK-DAG:  kernel: tiny_nop kernarg_segment_size=0 wavefront_size=64
; CHECK:      valid
;
; The relocatable object before linking is read too (comgr's relocatable
; kind), and a full target id or the triple prefix is accepted.
; RUN: hip-runner --validate %t.o --expect-isa=amdgcn-amd-amdhsa--gfx90a \
; RUN:   | FileCheck %s --check-prefix=REL
; REL: elf: relocatable (ET_REL), EM_AMDGPU, code object v4
; REL: isa: amdgcn-amd-amdhsa--gfx90a
; REL: kernel: tiny_add kernarg_segment_size=24 wavefront_size=64
; REL: valid
;
; wave32 for gfx1100. This comgr (ROCm 5.2) cannot name gfx1100 from the ELF
; header, so the ISA comes from the metadata's amdhsa.target, with a note.
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %s -o %t32.o
; RUN: hip-runner --validate %t32.o --expect-isa=gfx1100 \
; RUN:   | FileCheck %s --check-prefix=W32
; W32: isa: amdgcn-amd-amdhsa--gfx1100
; W32: kernel: tiny_add kernarg_segment_size=24 wavefront_size=32
; W32: valid
;
; Expectations that do not hold fail with the reason.
; RUN: not hip-runner --validate %t.hsaco --expect-isa=gfx942 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WRONG-ISA
; WRONG-ISA: hip-runner: error: {{.*}}.hsaco: ISA is amdgcn-amd-amdhsa--gfx90a, expected gfx942
; RUN: not hip-runner --validate %t.hsaco --expect-isa=gfx90a:xnack+ 2>&1 \
; RUN:   | FileCheck %s --check-prefix=WRONG-FEATURE
; WRONG-FEATURE: ISA is amdgcn-amd-amdhsa--gfx90a, expected gfx90a:xnack+
; RUN: not hip-runner --validate %t.hsaco --expect-kernel=tiny_mul 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NO-KERNEL
; NO-KERNEL: hip-runner: error: {{.*}}.hsaco: no kernel named tiny_mul (kernels: tiny_add, tiny_nop)
;
; LLVM 22's default code object version is 6, which the HIP 5.2 runtime
; does not load: validation says so.
; RUN: sed -e 's/i32 400}/i32 600}/' %s > %t.v6.ll
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj %t.v6.ll -o %t.v6.o
; RUN: hip-runner --validate %t.v6.o | FileCheck %s --check-prefix=V6
; V6: elf: relocatable (ET_REL), EM_AMDGPU, code object v6
; V6: warning: the HIP 5.2 runtime loads code object v2 to v5, not v6

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @tiny_add(ptr addrspace(1) %out, i32 %x, i64 %y) #0 {
  %ext = sext i32 %x to i64
  %sum = add i64 %ext, %y
  store i64 %sum, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @tiny_nop() #0 {
  ret void
}

attributes #0 = { "amdgpu-no-implicitarg-ptr" }

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 400}
