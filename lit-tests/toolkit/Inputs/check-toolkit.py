"""Describes a toolkit prefix for FileCheck: where bin/nvcc leads, which
files of NVIDIA's lib64/ (a reference list) the prefix's lib64/ lacks, and
what version.json's "cuda" entry and version.txt say.

  check-toolkit.py PREFIX NVIDIA_LIB64_LIST
"""

import json
import os
import sys


def reference_names(path):
    with open(path) as listing:
        return [line.strip() for line in listing
                if line.strip() and not line.startswith("#")]


def main():
    prefix, listing = sys.argv[1], sys.argv[2]
    nvcc = os.path.join(prefix, "bin", "nvcc")
    print("nvcc runs", os.path.basename(os.path.realpath(nvcc)),
          "executable" if os.access(nvcc, os.X_OK) else "not executable")
    header = os.path.join(prefix, "include", "cuda_runtime.h")
    print("include/cuda_runtime.h", "present" if os.path.isfile(header)
          else "missing")
    lib64 = os.path.join(prefix, "lib64")
    missing = [name for name in reference_names(listing)
               if not os.path.exists(os.path.join(lib64, name))]
    print("lib64 lacks:", " ".join(missing) if missing else "nothing")
    with open(os.path.join(prefix, "version.json")) as f:
        cuda = json.load(f)["cuda"]
    print("version.json cuda:", cuda["name"], cuda["version"])
    with open(os.path.join(prefix, "version.txt")) as f:
        print("version.txt:", f.read().strip())


if __name__ == "__main__":
    main()
