# The build tree and `cmake --install`'s prefix laid out as NVIDIA's CUDA
# toolkit, so that what expects one (CMake's CUDA language and
# FindCUDAToolkit, Makefiles calling $(CUDA_HOME)/bin/nvcc, CUDA_PATH)
# takes ours unchanged:
#
#   bin/nvcc             cucc under nvcc's name (a symlink)
#   include/             our CUDA headers, cuda_runtime.h at the top
#   lib64/               (the build tree's lib/, and lib64 -> lib)
#     libcucc_cudart.so  the CUDA runtime, also as libcudart.so and
#                        libcudart.so.12
#     libcudart_static.a the same runtime linked into the program, as
#                        nvcc and CMake link by default (see below)
#     libcudadevrt.a     empty: device code is linked by cucc itself
#     libcublas.so, libcublasLt.so, libcurand.so
#     stubs/             the toolkit's other libraries, which we do not
#                        provide: empty, so that a link naming one but
#                        using nothing of it succeeds and one that calls
#                        it fails naming the function (their headers are
#                        missing too); libnvJitLink.so and libnvidia-ml.so
#                        (NVML, which NVIDIA's driver installs where the
#                        linker looks: llm.c links it always) link to one
#   nvvm/lib64/libnvvm.so       a stub too (cuda-samples look for it)
#   version.json, version.txt   CUDA 12.0.0, as our headers say
#
# Installed programs and libraries find each other through $ORIGIN, so the
# prefix can be moved; programs linked with the static runtime need
# nothing from it at all.

set(CUCC_CUDA_VERSION 12.0.0) # CUDART_VERSION 12000 (crt/host_defines.h)
set(CUCC_TOOLKIT_LIBDIR lib64)
set(toolkit_lib ${CMAKE_LIBRARY_OUTPUT_DIRECTORY})

# --- The static runtime -----------------------------------------------------
# One relocatable object made of the runtime's objects and the archives it
# uses (wavesim, its JIT, the bundle reader), in which only the CUDA API
# (runtime/exports.map's cuda* and __cuda*) stays global: the program's own
# symbols cannot clash with ours. What it needs from outside (LLVM, libm)
# comes with it: libcudart_static.a is a linker script, read alike by GNU
# ld and lld, naming the archive (found beside the script) and the LLVM
# shared library by its path, which lies in the system's library path.
set(static_object ${CMAKE_BINARY_DIR}/generated/cucc_cudart_static.o)
set(static_archive ${toolkit_lib}/libcucc_cudart_static.a)
add_custom_command(OUTPUT ${static_archive}
  COMMAND ${CMAKE_LINKER} -r -o ${static_object}.all
    $<TARGET_OBJECTS:cucc_cudart_objects> --start-group
    $<TARGET_FILE:OffloadBundle> $<TARGET_FILE:WaveSim>
    $<TARGET_FILE:HostJIT> $<TARGET_FILE:AmdgpuLaneOps> --end-group
  COMMAND ${CMAKE_OBJCOPY} --wildcard --keep-global-symbol=cuda*
    --keep-global-symbol=__cuda* ${static_object}.all ${static_object}
  COMMAND ${CMAKE_COMMAND} -E rm -f ${static_archive}
  COMMAND ${CMAKE_AR} rcs ${static_archive} ${static_object}
  DEPENDS $<TARGET_OBJECTS:cucc_cudart_objects> OffloadBundle WaveSim
    HostJIT AmdgpuLaneOps
  COMMENT "Prelinking the static CUDA runtime"
  COMMAND_EXPAND_LISTS VERBATIM)

get_target_property(llvm_library LLVM LOCATION)
file(REAL_PATH ${llvm_library} llvm_library)
set(static_inputs "libcucc_cudart_static.a ${llvm_library}")
# An instrumented runtime needs the sanitizer's (make check-asan's tree and
# make tsan-build's), which their programs run with preloaded.
if(WARP_ASAN_RUNTIME)
  string(APPEND static_inputs " ${WARP_ASAN_RUNTIME}")
endif()
if(WARP_SANITIZE MATCHES "thread")
  execute_process(
    COMMAND ${CMAKE_C_COMPILER} -print-file-name=libclang_rt.tsan-x86_64.so
    OUTPUT_VARIABLE tsan_runtime OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(APPEND static_inputs " ${tsan_runtime}")
endif()
file(CONFIGURE OUTPUT ${toolkit_lib}/libcudart_static.a CONTENT
"/* cucc's static CUDA runtime (libcucc_cudart_static.a) and what it needs:
   the LLVM that JIT-runs kernels under wavesim, libm. */
INPUT(${static_inputs} -lm -lpthread -ldl)
")
file(WRITE ${toolkit_lib}/libcudadevrt.a "!<arch>\n")

# --- The toolkit's library names -------------------------------------------
# Libraries FindCUDAToolkit makes CUDA:: targets of, or that build files
# look for in the toolkit (cuda-samples: nvJitLink in lib64/, libNVVM in
# nvvm/lib64/), and which we do not provide.
set(stub_shared cuda nvrtc cufft cufftw cusparse cusolver nvjpeg
  nppc nppial nppicc nppidei nppif nppig nppim nppist nppisu nppitc npps
  nvToolsExt nvJitLink nvvm nvidia-ml)
set(stub_static culibos cufft_static cufftw_static curand_static
  cusparse_static cusolver_static nvjpeg_static nppc_static)
file(MAKE_DIRECTORY ${toolkit_lib}/stubs)
foreach(name ${stub_shared})
  file(WRITE ${toolkit_lib}/stubs/lib${name}.so
    "/* lib${name}: not part of cucc's CUDA toolkit. Empty: a link that\n"
    "   calls it fails naming the function missing. */\n")
endforeach()
foreach(name ${stub_static})
  file(WRITE ${toolkit_lib}/stubs/lib${name}.a "!<arch>\n")
endforeach()

# The toolkit's symbolic links, LINK=TARGET with the paths under the
# toolkit's root and LIB for its library directory: the shared runtime
# under NVIDIA's names (libcudart.so.12 is what programs built against
# NVIDIA's toolkit ask the loader for), nvcc, and the stubs that build
# files look for where NVIDIA's toolkit keeps the real libraries.
set(toolkit_links
  LIB/libcudart.so=libcucc_cudart.so
  LIB/libcudart.so.12=libcucc_cudart.so
  LIB/libnvJitLink.so=stubs/libnvJitLink.so
  LIB/libnvidia-ml.so=stubs/libnvidia-ml.so
  nvvm/lib64/libnvvm.so=../../LIB/stubs/libnvvm.so
  bin/nvcc=cucc)
set(build_link_commands
  COMMAND ${CMAKE_COMMAND} -E create_symlink lib ${CMAKE_BINARY_DIR}/lib64)
set(install_link_code "")
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/nvvm/lib64)
foreach(entry ${toolkit_links})
  string(REPLACE "=" ";" entry ${entry})
  list(GET entry 0 link)
  list(GET entry 1 target)
  string(REPLACE "LIB" "lib" build_link ${link})
  string(REPLACE "LIB" "lib" build_target ${target})
  list(APPEND build_link_commands COMMAND ${CMAKE_COMMAND} -E create_symlink
    ${build_target} ${CMAKE_BINARY_DIR}/${build_link})
  string(REPLACE "LIB" "${CUCC_TOOLKIT_LIBDIR}" link ${link})
  string(REPLACE "LIB" "${CUCC_TOOLKIT_LIBDIR}" target ${target})
  string(APPEND install_link_code
    "set(link \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${link}\")\n"
    "get_filename_component(dir \"\${link}\" DIRECTORY)\n"
    "file(MAKE_DIRECTORY \"\${dir}\")\n"
    "file(CREATE_LINK ${target} \"\${link}\" SYMBOLIC)\n")
endforeach()
add_custom_target(cuda-toolkit-libraries ALL ${build_link_commands}
  DEPENDS ${static_archive}
  VERBATIM)
# (Not the CUDA libraries: cucc, which depends on this, compiles theirs.)
add_dependencies(cuda-toolkit-libraries cucc_cudart)

# --- include/ and the version files -----------------------------------------
# The build tree's include/ links every header of the source tree's (and
# the generated ones), so that an edit needs no build and build/bin/nvcc
# finds include/ where an installed one does.
file(REMOVE_RECURSE ${CMAKE_BINARY_DIR}/include)
file(GLOB_RECURSE toolkit_headers CONFIGURE_DEPENDS
  RELATIVE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/include/*)
foreach(header ${toolkit_headers})
  get_filename_component(dir ${CMAKE_BINARY_DIR}/include/${header} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/${header}
    ${CMAKE_BINARY_DIR}/include/${header} SYMBOLIC)
endforeach()
file(RELATIVE_PATH jumps ${WARP_GENERATED_INCLUDE} ${WARP_CURAND_JUMPS})
file(CREATE_LINK ${WARP_CURAND_JUMPS} ${CMAKE_BINARY_DIR}/include/${jumps}
  SYMBOLIC)

# NVIDIA's formats: version.json since CUDA 11.1, version.txt before
# (FindCUDAToolkit reads "CUDA Version X.Y.Z" from it when nvcc is absent).
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/version.json CONTENT
"{
   \"cuda\" : {
      \"name\" : \"CUDA SDK\",
      \"version\" : \"${CUCC_CUDA_VERSION}\"
   },
   \"cuda_cudart\" : {
      \"name\" : \"CUDA Runtime (cudart)\",
      \"version\" : \"${CUCC_CUDA_VERSION}\"
   },
   \"cuda_nvcc\" : {
      \"name\" : \"CUDA NVCC\",
      \"version\" : \"${CUCC_CUDA_VERSION}\"
   },
   \"libcublas\" : {
      \"name\" : \"CUDA cuBLAS\",
      \"version\" : \"${CUCC_CUDA_VERSION}\"
   }
}
")
file(CONFIGURE OUTPUT ${CMAKE_BINARY_DIR}/version.txt
  CONTENT "CUDA Version ${CUCC_CUDA_VERSION}\n")

# --- `cmake --install` -------------------------------------------------------
set(toolkit_libraries NVVMWarpToAMDGPU cucc_cudart cublas cublasLt curand)
set_target_properties(cu2hsaco cucc wavesim PROPERTIES
  INSTALL_RPATH "\$ORIGIN/../${CUCC_TOOLKIT_LIBDIR};${LLVM_LIBRARY_DIR}")
set_target_properties(${toolkit_libraries} PROPERTIES
  INSTALL_RPATH "\$ORIGIN;${LLVM_LIBRARY_DIR}")
install(TARGETS cu2hsaco cucc wavesim RUNTIME DESTINATION bin)
install(TARGETS ${toolkit_libraries}
  LIBRARY DESTINATION ${CUCC_TOOLKIT_LIBDIR})
install(FILES ${static_archive} ${toolkit_lib}/libcudart_static.a
  ${toolkit_lib}/libcudadevrt.a DESTINATION ${CUCC_TOOLKIT_LIBDIR})
install(DIRECTORY ${toolkit_lib}/stubs DESTINATION ${CUCC_TOOLKIT_LIBDIR})
install(DIRECTORY include/ ${WARP_GENERATED_INCLUDE}/ DESTINATION include)
install(FILES ${CMAKE_BINARY_DIR}/version.json ${CMAKE_BINARY_DIR}/version.txt
  DESTINATION .)
install(CODE "${install_link_code}")
