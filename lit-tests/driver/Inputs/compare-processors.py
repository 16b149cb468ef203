"""Checks a driver's list of known AMD processors against LLVM's own:
runs DRIVER with --offload-arch=gfx9999, takes the names after "known:",
and compares them with the gfx names `llc -mtriple=amdgcn-amd-amdhsa
-mcpu=help` prints, the generic ones (gfx11-generic) aside. Prints
"same N processors" or the difference.

Usage: compare-processors.py LLC DRIVER INPUT.cu
"""
import re
import subprocess
import sys

llc, driver, source = sys.argv[1:4]
help_text = subprocess.run([llc, "-mtriple=amdgcn-amd-amdhsa", "-mcpu=help"],
                           capture_output=True, text=True)
llvm = set(re.findall(r"^\s+(gfx[0-9a-f]+)\s+- Select",
                      help_text.stdout + help_text.stderr, re.M))
run = subprocess.run([driver, source, "-o", "/dev/null",
                      "--offload-arch=gfx9999"], capture_output=True,
                     text=True)
known = re.search(r"\(known: ([^)]*)\)", run.stderr)
ours = set(known.group(1).split(", ")) if known else set()
if ours == llvm and ours:
    print(f"same {len(ours)} processors")
else:
    print(f"only the driver's: {sorted(ours - llvm)}; "
          f"only LLVM's: {sorted(llvm - ours)}")
