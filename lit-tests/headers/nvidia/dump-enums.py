#!/usr/bin/env python3
"""Run on a machine with NVIDIA's toolkit: prints every enumerator of the
runtime's headers (driver_types.h, cuda_runtime_api.h, surface_types.h,
texture_types.h, library_types.h) and every integer cuda* macro they define,
with the value nvcc's own compile gives it, one "kind name value" a line.
The committed output (expected.enums.txt) is what lit-tests/headers/
enum-values.test checks our headers against."""
import os, re, subprocess, sys

inc = sys.argv[1] if len(sys.argv) > 1 else "/usr/local/cuda/include"
headers = ["driver_types.h", "cuda_runtime_api.h", "surface_types.h",
           "texture_types.h", "library_types.h"]
src = "".join(f"#include <{h}>\n" for h in headers)
pre = subprocess.run(["g++", "-E", "-P", "-x", "c++", "-I", inc, "-"],
                     input=src, capture_output=True, text=True,
                     check=True).stdout
macros = subprocess.run(["g++", "-E", "-dM", "-x", "c++", "-I", inc, "-"],
                        input=src, capture_output=True, text=True,
                        check=True).stdout
lines = []
for m in re.finditer(r"enum\s+(?:__device_builtin__\s+)?(\w+)\s*\{([^}]*)\}",
                     pre):
    for item in m.group(2).split(","):
        name = item.split("=")[0].strip()
        if re.fullmatch(r"[A-Za-z_]\w*", name):
            lines.append(f'  printf("enum {m.group(1)} {name} %lld\\n",'
                         f' (long long){name});')
for m in re.finditer(r"^#define (cuda\w+|CUDA\w+)\s+(.+)$", macros, re.M):
    name, value = m.groups()
    if re.fullmatch(r"[()\sxXa-fA-F0-9uUlL<|+-]+", value):
        lines.append(f'  printf("define {name} %lld\\n", (long long)({name}));')
prog = ("#include <cstdio>\n" + src + "int main() {\n" + "\n".join(lines) +
        "\n  return 0;\n}\n")
open("enums.cpp", "w").write(prog)
subprocess.run(["g++", "-w", "-I", inc, "enums.cpp", "-o", "enums"], check=True)
out = subprocess.run(["./enums"], capture_output=True, text=True,
                     check=True).stdout
sys.stdout.write("".join(sorted(set(out.splitlines(True)))))
