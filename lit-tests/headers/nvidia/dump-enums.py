#!/usr/bin/env python3
"""Run on a machine with NVIDIA's toolkit: prints every enumerator of the
headers named (by default the runtime's: driver_types.h, cuda_runtime_api.h,
surface_types.h, texture_types.h, library_types.h) and every integer macro
they define whose name starts with one of the prefixes, with the value the
toolkit's own compile gives it, one "kind name value" a line. The committed
outputs (expected.*.txt) are what lit-tests/headers/enum-values.test checks
our headers against.

  dump-enums.py [INCLUDE-DIR [HEADER,... [PREFIX,...]]]"""
import os, re, subprocess, sys

inc = sys.argv[1] if len(sys.argv) > 1 else "/usr/local/cuda/include"
headers = ["driver_types.h", "cuda_runtime_api.h", "surface_types.h",
           "texture_types.h", "library_types.h"]
prefixes = ("cuda", "CUDA")
enum_prefixes = ("",)  # every enumeration of the runtime's headers
if len(sys.argv) > 2:
    headers = sys.argv[2].split(",")
if len(sys.argv) > 3:
    prefixes = enum_prefixes = tuple(sys.argv[3].split(","))
src = "".join(f"#include <{h}>\n" for h in headers)
pre = subprocess.run(["g++", "-E", "-P", "-x", "c++", "-I", inc, "-"],
                     input=src, capture_output=True, text=True,
                     check=True).stdout
macros = subprocess.run(["g++", "-E", "-dM", "-x", "c++", "-I", inc, "-"],
                        input=src, capture_output=True, text=True,
                        check=True).stdout
lines = []
# Named enumerations, and anonymous ones under their typedef's name.
for m in re.finditer(r"enum\s+(?:__device_builtin__\s+)?(\w*)\s*\{([^}]*)\}"
                     r"\s*(\w*)", pre):
    enum = m.group(1) or m.group(3)
    if not enum or not enum.startswith(enum_prefixes):
        continue
    for item in m.group(2).split(","):
        name = item.split("=")[0].strip()
        if re.fullmatch(r"[A-Za-z_]\w*", name):
            lines.append(f'  printf("enum {enum} {name} %lld\\n",'
                         f' (long long){name});')
for m in re.finditer(r"^#define (\w+)\s+(.+)$", macros, re.M):
    name, value = m.groups()
    if name.startswith(prefixes) and re.fullmatch(r"[()\sxXa-fA-F0-9uUlL<|+-]+", value):
        lines.append(f'  printf("define {name} %lld\\n", (long long)({name}));')
prog = ("#include <cstdio>\n" + src + "int main() {\n" + "\n".join(lines) +
        "\n  return 0;\n}\n")
open("enums.cpp", "w").write(prog)
subprocess.run(["g++", "-w", "-I", inc, "enums.cpp", "-o", "enums"], check=True)
out = subprocess.run(["./enums"], capture_output=True, text=True,
                     check=True).stdout
sys.stdout.write("".join(sorted(set(out.splitlines(True)))))
