"""What CMake 3.25 reads from nvcc's output, as its modules read it.

    cmake-reads-nvcc.py version FILE    (nvcc --version)
    cmake-reads-nvcc.py determine FILE  (nvcc -v __cmake_determine_cuda)
    cmake-reads-nvcc.py id FILE         (nvcc -v of the identification
                                         program, CMake's
                                         CMAKE_CUDA_COMPILER_PRODUCED_OUTPUT)

The regular expressions and steps are those of
/usr/share/cmake-3.25/Modules: CMakeDetermineCUDACompiler.cmake (the vendor
regex, TOP=, NVVMIR_LIBRARY_DIR=, the link line found by its LIBRARIES=
string, the launcher, INCLUDES=, "-arch compute_NN"),
CMakeDetermineCompilerId.cmake and FindCUDAToolkit.cmake (" V1.2.3"),
CMakeParseImplicitLinkInfo.cmake (-L and -l of the link line). Lines
starting with "## " (where a file says where it came from) are skipped.
Prints one "name: value" line for each thing CMake records.
"""
import os
import re
import shlex
import sys


def version(text):
    vendor = re.search(r"nvcc: NVIDIA \(R\) Cuda compiler driver", text)
    print("vendor:", "NVIDIA" if vendor else "unknown")
    v = re.search(r" V([0-9]+)\.([0-9]+)\.([0-9]+)", text)
    print("version:", ".".join(v.groups()) if v else "none")


def determine(text):
    top = re.search(r"#\$ TOP=([^\r\n]*)", text)
    print("toolkit root:", os.path.normpath(top.group(1)) if top else "none")
    nvvmir = re.search(r"#\$ NVVMIR_LIBRARY_DIR=([^\r\n]*)", text)
    if nvvmir and nvvmir.group(1).endswith("nvvm/libdevice"):
        root = os.path.normpath(os.path.join(nvvmir.group(1), "../.."))
        print("library root:", root)
    else:
        print("library root: none (CMake then needs TOP/nvvm/libdevice)")


def id_output(text):
    determine(text)
    libraries = re.search(r"#\$ +LIBRARIES= *([^\n]*)\n", text)
    libraries = libraries.group(1) if libraries else ""
    lines = re.sub(r"#\$ *[^= ]+=[^\n]*\n", "", text)
    link_line = None
    for line in re.split(r"\n+(?:#\$ )?", lines):
        if re.match(r"^ *nvlink", line) or not libraries:
            continue
        if libraries in line:
            link_line = line
    if not link_line:
        print("link line: none (CMake: Failed to extract nvcc implicit link "
              "line)")
        return
    args = shlex.split(link_line)
    launcher = args[0]
    print("link launcher:", launcher,
          "(absolute)" if os.path.isabs(launcher) else "(found on PATH)")
    dirs = [os.path.normpath(a[2:]) for a in args if a.startswith("-L")]
    libs = [a[2:] for a in args if a.startswith("-l")]
    print("implicit link directories:", ";".join(dirs))
    print("implicit link libraries:", ";".join(libs))
    runtime = "STATIC" if "cudart_static" in libs else \
        "SHARED" if "cudart" in libs else "NONE"
    print("runtime library default:", runtime)
    includes = re.search(r"#\$ +INCLUDES= *([^\n]*)\n", text)
    if includes:
        dirs = [os.path.normpath(re.sub(r"^-I", "", a))
                for a in shlex.split(includes.group(1))]
        print("toolkit include directories:", ";".join(dirs))
    archs = re.findall(r"-arch compute_([0-9]+)", text)
    print("architectures detected:", ";".join(archs) or "none")


def main():
    what, path = sys.argv[1], sys.argv[2]
    text = "".join(line for line in open(path)
                   if not line.startswith("## "))
    {"version": version, "determine": determine, "id": id_output}[what](text)


main()
