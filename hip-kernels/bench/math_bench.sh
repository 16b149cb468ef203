#!/usr/bin/env bash
# The math part of `make bench`: math_funcs.cu's functions compiled by
# cu2hsaco (our headers, OCML linked by nvvm-to-amdgpu) and as HIP with
# HIP 5.2's headers and the same OCML (clang-22 --rocm-device-lib-path),
# -O3 both, and a table of each function's instruction count (the
# out-of-line function, entry to s_setpc). HIP 5.2's device libraries have
# no ISA-version library for gfx942 or gfx11, so HIP builds gfx90a and
# gfx1030 only; cu2hsaco all four. Usage: math_bench.sh [BUILD_DIR]
set -euo pipefail
BUILD=${1:-build}
BIN=/usr/lib/llvm-22/bin
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$BUILD/bench/math
LIBS=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
mkdir -p "$OUT"
for target in gfx90a gfx1030 gfx942 gfx1100; do
  wave=64
  case $target in gfx9*) ;; *) wave=32 ;; esac
  "$BUILD/bin/cu2hsaco" "$HERE/math_funcs.cu" -O3 -S -o "$OUT/ours.$target.s" \
    --offload-arch=$target
  if [ -f "$LIBS/oclc_isa_version_${target#gfx}.bc" ]; then
    "$BIN/clang" -x hip --offload-arch=$target --cuda-device-only -O3 \
      -mcode-object-version=4 -D__AMDGCN_WAVEFRONT_SIZE=$wave -nogpuinc \
      -I"$BIN/../lib/clang/22" -I/usr/include --rocm-device-lib-path="$LIBS" \
      -S "$HERE/math_funcs.cu" -o "$OUT/hip.$target.s"
  fi
done
python3 - "$OUT" <<'PY'
import os, re, sys
out = sys.argv[1]
targets = ["gfx90a", "gfx1030", "gfx942", "gfx1100"]

def counts(path):
    """Instructions of each bench_ function, from its label to its end."""
    if not os.path.exists(path):
        return None
    result, name = {}, None
    for line in open(path):
        label = re.match(r"^(bench_\w+):", line)
        if label:
            name = label.group(1)[6:]
            result[name] = 0
        elif name and line.startswith(".Lfunc_end"):
            name = None
        elif name and re.match(r"^\s+[a-z_][a-z0-9_]*\b", line) \
                and not line.strip().startswith("."):
            result[name] += 1
    return result

ours = {t: counts(f"{out}/ours.{t}.s") for t in targets}
hip = {t: counts(f"{out}/hip.{t}.s") for t in targets}
print("Math functions: instructions of the out-of-line function "
      "(ours / HIP 5.2 headers; '-': HIP has no device libraries there)")
print("| function | " + " | ".join(targets) + " |")
print("|---|" + "---|" * len(targets))
for name in ours["gfx90a"]:
    cells = []
    for t in targets:
        h = hip[t][name] if hip[t] else None
        cells.append(f"{ours[t][name]} / {h if h is not None else '-'}")
    print(f"| {name} | " + " | ".join(cells) + " |")
PY
