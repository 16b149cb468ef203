# warp_tablegen(<output.inc> <patterns.td>)
#
# Dumps <patterns.td> (which includes LLVM's own llvm/IR/Intrinsics.td) to
# JSON with the installed llvm-tblgen, then turns the JSON into the C
# pattern table with tablegen/gen-warp-table.py. The generator fails the
# build when a pattern disagrees with LLVM's record or when LLVM defines a
# covered intrinsic that has no pattern.
function(warp_tablegen output td)
  find_program(LLVM_TABLEGEN_EXE llvm-tblgen HINTS ${LLVM_TOOLS_BINARY_DIR}
               REQUIRED NO_DEFAULT_PATH)
  get_filename_component(td_dir ${td} DIRECTORY)
  set(json ${output}.json)
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${LLVM_TABLEGEN_EXE} --dump-json -I ${LLVM_INCLUDE_DIRS}
            -I ${td_dir} ${td} -o ${json}
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tablegen/gen-warp-table.py
            ${json} -o ${output}
    DEPENDS ${td} ${td_dir}/WarpPatternClasses.td
            ${PROJECT_SOURCE_DIR}/tablegen/gen-warp-table.py
            ${LLVM_INCLUDE_DIRS}/llvm/IR/IntrinsicsNVVM.td
    COMMENT "Generating the warp pattern table from ${td}"
    VERBATIM)
endfunction()
