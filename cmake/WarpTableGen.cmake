# warp_tablegen(<output.inc> <patterns.td> <generator.py>)
#
# Dumps <patterns.td> (which includes LLVM's own llvm/IR/Intrinsics.td) to
# JSON with the installed llvm-tblgen, then turns the JSON into the C
# table with the generator in tablegen/ (gen-warp-table.py: the warp
# patterns; gen-ptx-forms.py: the inline PTX forms). A generator fails the
# build when a record disagrees with LLVM's intrinsic records or lacks what
# the pass needs.
function(warp_tablegen output td generator)
  find_program(LLVM_TABLEGEN_EXE llvm-tblgen HINTS ${LLVM_TOOLS_BINARY_DIR}
               REQUIRED NO_DEFAULT_PATH)
  get_filename_component(td_dir ${td} DIRECTORY)
  set(json ${output}.json)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${LLVM_TABLEGEN_EXE} --dump-json -I ${LLVM_INCLUDE_DIRS}
            -I ${td_dir} ${td} -o ${json}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tablegen/${generator}
            ${json} -o ${output}
    DEPENDS ${td} ${td_dir}/WarpPatternClasses.td
            ${PROJECT_SOURCE_DIR}/tablegen/${generator}
            ${LLVM_INCLUDE_DIRS}/llvm/IR/IntrinsicsNVVM.td
    COMMENT "Generating ${output} from ${td}"
    VERBATIM)
endfunction()
