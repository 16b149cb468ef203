; The emitted lane math and ds_bpermute carry the shuffle call's debug
; location, so profilers and debuggers point at the CUDA source line.
;
; RUN: %opt-warp -passes=nvvm-shfl-to-amdgpu -S %s | FileCheck %s

define i32 @f(i32 %a, i32 %d) !dbg !5 {
; CHECK: %shfl.j = sub i32 %cuda.lane, {{.*}}, !dbg [[LOC:![0-9]+]]
; CHECK: call i32 @llvm.amdgcn.ds.bpermute({{.*}}), !dbg [[LOC]]
; CHECK: [[LOC]] = !DILocation(line: 7,
  %r = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %a, i32 %d, i32 0), !dbg !8
  ret i32 %r
}

declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: FullDebug)
!1 = !DIFile(filename: "scan.cu", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 5, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 7, column: 3, scope: !5)
