# CUDA sources of our own CUDA libraries (libcublas, libcurand, ...),
# compiled by the cucc this build makes, position independent, into
# objects that a shared library links. Their kernels register with the
# program's CUDA runtime when the library loads (cucc's host code does it,
# as nvcc's does), and their host code calls the runtime the program has,
# static or shared: the library links none of its own (two runtimes in one
# process would each hold half the state).
#
#   cucc_cuda_objects(<variable> <source.cu>...)
#
# sets <variable> to the objects, for add_library(... SHARED ...). The
# sources see include/ and the source's own directory; cucc's default
# processors (gfx90a, gfx942, gfx1030, gfx1100) and wavesim's bitcode go
# into each object's bundle.

function(cucc_cuda_objects variable)
  set(objects)
  foreach(source ${ARGN})
    get_filename_component(path ${source} ABSOLUTE)
    get_filename_component(directory ${path} DIRECTORY)
    get_filename_component(name ${source} NAME_WE)
    set(object ${CMAKE_BINARY_DIR}/generated/cuda-objects/${name}.o)
    add_custom_command(OUTPUT ${object}
      COMMAND $<TARGET_FILE:cucc> -c -O3 -std=c++17 -Xcompiler -fPIC
        -I${directory} ${path} -o ${object} -MD -MF ${object}.d
      DEPENDS cucc ${path}
      DEPFILE ${object}.d
      COMMENT "Compiling ${source} with cucc"
      VERBATIM)
    list(APPEND objects ${object})
  endforeach()
  set(${variable} ${objects} PARENT_SCOPE)
endfunction()
