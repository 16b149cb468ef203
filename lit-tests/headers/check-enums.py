#!/usr/bin/env python3
"""Compiles a host program against our headers that prints every
enumerator and integer macro listed in NVIDIA's expected.enums.txt (made by
nvidia/dump-enums.py on the toolkit's headers) and compares the values.
Prints each missing name and each differing value; exits 1 on any."""
import os, re, subprocess, sys, tempfile

clang, include, expected_path = sys.argv[1:4]
expected = []
for line in open(expected_path):
    f = line.split()
    expected.append(f if f[0] == "enum" else [f[0], "-", f[1], f[2]])
headers = ["cuda_runtime.h", "library_types.h"]


def program(entries):
    body = "".join(f'  printf("{k} {e} {n} %lld\\n", (long long)({n}));\n'
                   for k, e, n, _ in entries)
    return ("#include <cstdio>\n" + "".join(f"#include <{h}>\n"
                                            for h in headers) +
            "int main() {\n" + body + "  return 0;\n}\n")


def compile_and_run(entries, work):
    src, exe = os.path.join(work, "p.cpp"), os.path.join(work, "p")
    open(src, "w").write(program(entries))
    p = subprocess.run([clang, "-x", "c++", "-w", "-isystem", include, src,
                        "-o", exe, "-ferror-limit=0"], capture_output=True,
                       text=True)
    if p.returncode:
        return None, p.stderr
    return subprocess.run([exe], capture_output=True, text=True,
                          check=True).stdout, ""


failures = 0
with tempfile.TemporaryDirectory() as work:
    entries = expected
    out, err = compile_and_run(entries, work)
    if out is None:
        missing = set(re.findall(r"(?:undeclared identifier|unknown type name) '(\w+)'", err))
        if not missing:
            sys.exit(err)
        for k, e, n, _ in expected:
            if n in missing:
                print(f"missing: {k} {e} {n}")
                failures += 1
        entries = [x for x in expected if x[2] not in missing]
        out, err = compile_and_run(entries, work)
        if out is None:
            sys.exit(err)
    ours = {tuple(l.split()[:3]): l.split()[3] for l in out.splitlines()}
    for k, e, n, v in entries:
        if ours[(k, e, n)] != v:
            print(f"differs: {k} {e} {n}: ours {ours[(k, e, n)]}, "
                  f"NVIDIA's {v}")
            failures += 1
print(f"{len(expected) - failures} of {len(expected)} names as NVIDIA's")
sys.exit(1 if failures else 0)
